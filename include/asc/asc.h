/* asc.h - the public C API of libasc (openasc).
 *
 * Every entry point takes the context first; the library keeps no global state,
 * never exits, and reports problems as diagnostics on the context plus a status.
 */
#ifndef ASC_ASC_H
#define ASC_ASC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ASC_VERSION "0.1.0"

typedef struct asc_ctx asc_ctx;
typedef struct asc_module asc_module;
typedef struct asc_strbuf asc_strbuf;

typedef enum asc_severity { ASC_SEV_NOTE, ASC_SEV_WARNING, ASC_SEV_ERROR } asc_severity;

/* Receives each diagnostic as formatted text ("file:line:col: error: msg\n" plus the
 * source line and a caret when the source is known). */
typedef void (*asc_diag_handler)(void *user, asc_severity sev, const char *text);

/* ---- context ---- */
asc_ctx *asc_ctx_new(void);
void asc_ctx_free(asc_ctx *ctx);
/* handler NULL: diagnostics are printed to stderr.  quiet: only collected. */
void asc_ctx_set_diag_handler(asc_ctx *ctx, asc_diag_handler handler, void *user);
void asc_ctx_set_quiet(asc_ctx *ctx, int quiet);
/* Register the text of a source file so diagnostics can show its lines. */
void asc_ctx_add_source(asc_ctx *ctx, const char *name, const char *text, size_t len);
int asc_ctx_error_count(const asc_ctx *ctx);
int asc_ctx_warning_count(const asc_ctx *ctx);
/* All diagnostics so far, concatenated (malloc'd; free with asc_free). */
char *asc_ctx_diagnostics(const asc_ctx *ctx);
void asc_ctx_clear_diagnostics(asc_ctx *ctx);
/* The diagnostics kept on the context, oldest first: how many, and the text and severity
 * of the i-th (NULL if out of range). */
int asc_ctx_diag_count(const asc_ctx *ctx);
const char *asc_ctx_diag_at(const asc_ctx *ctx, int i, int *severity);
void asc_free(void *p);

/* ---- modules ---- */
/* Parse generic-syntax IR; NULL on error (diagnostics on ctx). */
asc_module *asc_module_parse(asc_ctx *ctx, const char *name, const char *text, size_t len);
void asc_module_free(asc_module *m);
/* Number of errors found (0 = valid). */
int asc_module_verify(asc_module *m);
/* The module in generic syntax (malloc'd; free with asc_free). */
char *asc_module_print(const asc_module *m);

/* ---- passes ---- */
typedef struct asc_pass_options {
  int verify_each;        /* run the verifier after every pass (default on) */
  int print_ir_after_all; /* dump the IR after every pass to `dump` */
  const char *print_after;/* dump after this pass only (NULL: none) */
  FILE *dump;             /* where dumps go (NULL: stderr) */
  int sync_log;           /* auto-sync passes: a note per inserted sync saying why */
  void *cancel;           /* an asc_sim_cancel * (Ctrl-C): the passes stop when it is raised; NULL: none */
} asc_pass_options;

void asc_pass_options_init(asc_pass_options *o);
/* Run a comma-separated pipeline of pass names, e.g. "inline,canonicalize,cse".
 * Returns 0 on success; on failure the diagnostics say which pass and why. */
int asc_run_passes(asc_module *m, const char *pipeline, const asc_pass_options *opts);
/* Pass names and one-line summaries, for --help: returns the count; i-th via out params. */
int asc_pass_count(void);
void asc_pass_info(int i, const char **name, const char **summary);

/* ---- named pipelines (src/passes/pipelines.c): the passes a kernel gets ----
 * One table of named stages ("base", "auto-tensors", "pyasc-insert-sync", "auto-sync",
 * "auto-sync-full", "auto-sync-replace", "verify", ...); asc_pipeline_select composes them for
 * a module and options.  Used by the Python front-end, asc-opt --kernel-pipeline and asc-run. */
enum { ASC_INSERT_SYNC_AUTO = -1, ASC_INSERT_SYNC_OFF = 0, ASC_INSERT_SYNC_ON = 1, ASC_INSERT_SYNC_PYASC = 2 };
enum { ASC_AUTO_SYNC_OFF = 0, ASC_AUTO_SYNC_ON = 1, ASC_AUTO_SYNC_FULL = 2, ASC_AUTO_SYNC_REPLACE = 3 };
typedef struct asc_pipeline_opts {
  int run_passes;  /* 0: inline only (default 1) */
  int insert_sync; /* ASC_INSERT_SYNC_*; AUTO (default): on iff the module has asc.local_tensor_auto */
  int auto_sync;   /* ASC_AUTO_SYNC_* (default ON); ON becomes FULL when insert-sync is on */
  int verify_sync; /* append verify-sync (default 1) */
} asc_pipeline_opts;
void asc_pipeline_opts_init(asc_pipeline_opts *o);
int asc_pipeline_count(void);
int asc_pipeline_info(int i, const char **name, const char **passes, const char **what); /* -1: out of range */
const char *asc_pipeline_passes(const char *stage); /* a stage's comma-separated passes; NULL if unknown */
/* The pass list for m under o (NULL: defaults), malloc'd (asc_free). */
char *asc_pipeline_select(const asc_module *m, const asc_pipeline_opts *o);
/* A command-line flag: --insert-sync=auto|on|off|pyasc, --auto-sync=on|off|full|replace,
 * --no-passes, --no-verify-sync.  1 if it set o, 0 if it is no such flag, -1 a bad value. */
int asc_pipeline_parse_flag(asc_pipeline_opts *o, const char *flag);
/* asc_run_passes(m, asc_pipeline_select(m, o), po). */
int asc_run_kernel_pipeline(asc_module *m, const asc_pipeline_opts *o, const asc_pass_options *po);


/* ---- Ascend C (src/emit/ascendc.c, docs/emit.md) ----
 * The module as one Ascend C translation unit (malloc'd, asc_free), or NULL with located errors on
 * the context (an op with no Ascend C form).  Run the "emit" pipeline first
 * (asc_pipeline_select_emit): Matmul and asc.adv calls stay library calls. */
enum { ASC_EMIT_LINE_NONE = 0, ASC_EMIT_LINE_DIRECTIVE = 1, ASC_EMIT_LINE_COMMENT = 2 };
char *asc_module_emit_ascendc(asc_module *m, int line_mode);
/* The passes before emitting m (inline, canonicalize, cse; pyasc's insert-sync when m has
 * LocalTensorAuto), malloc'd (asc_free). */
char *asc_pipeline_select_emit(const asc_module *m);
/* The emit pipeline followed by the sync stages the simulator's pipeline would run for o (planned
 * LocalTensorAuto tensors or pyasc's insert-sync, auto-sync of o's policy), malloc'd: the Ascend C
 * then states every sync the simulator adds, so its trace needs no auto-sync (docs/emit.md). */
char *asc_pipeline_select_emit_synced(const asc_module *m, const asc_pipeline_opts *o);
/* How many ops (and enum kinds, structs) lack an Ascend C row; their names, space-separated, in buf. */
int asc_emit_row_check(char *buf, size_t size);
/* The row of op i of the registry: kind ("free", "member", "ctor", "expr", "custom", "none"), name,
 * template-argument and argument templates; -1 out of range. */
int asc_emit_row_info(int op, const char **kind, const char **name, const char **targs, const char **args);

/* ---- op registry (src/ops/ops.def, enums.def, structs.def) for bindings ---- */
typedef struct asc_reg_opinfo {
  const char *name, *family;      /* "asc.add", "vector" */
  const char *operands, *results; /* signature strings (docs/ir.md): "dst=lt@t,src0=lt@t,..." */
  const char *attrs, *dtypes, *doc;
  unsigned reads, writes;         /* operand bit sets */
  int nregions;
  unsigned flags;
  const char *cost; /* cost class: "elementwise", "reduce", ... (src/ops/costs.def) */
} asc_reg_opinfo;

int asc_reg_op_count(void);
int asc_reg_op_info(int i, asc_reg_opinfo *out); /* 0 ok, -1 out of range */
int asc_reg_op_find(const char *name);           /* asc_reg_op_count() if unknown */
/* The op that is op i's level-0 form of kind k (0: lane-count mask, 1: bit mask; ops.def FORM rows), or
 * asc_reg_op_count() if it has none. */
int asc_reg_op_form(int i, int kind);
/* ops.def's API_FORM row i: the op pyasc's function *fn emits for a parameter struct of the op's struct
 * operand type; asc_reg_op_count() past the last row. */
int asc_reg_api_form(int i, const char **fn);
/* Cycles per repeat of a vector cost class, as a multiple of the platform's vec_repeat (src/hw/hw.def
 * HW_VCLASS), by class name ("reduce"); -1 if the class is unknown or not a vector class. */
int asc_reg_vclass_factor(const char *cost);
int asc_reg_enum_count(void);
const char *asc_reg_enum_kind(int kind);          /* "event", "pos", "pipe", "round"; NULL */
/* j-th member of enum kind: 0 ok, -1 past the end. */
int asc_reg_enum_member(int kind, int j, const char **name, int64_t *value);
int asc_reg_struct_count(void);
/* The hardware table (src/hw/hw.def): memory i's name and pyasc Hardware value (0 ok, -1 past
 * the end); the core kinds that have PIPEID pipe (bit 0 AIV, bit 1 AIC; 0: no such pipe on
 * arch 2201); the name of core kind k ("AIV", "AIC"; NULL past the end). */
int asc_reg_hw_mem(int i, const char **name, int64_t *value);
unsigned asc_reg_hw_pipe_cores(int pipe);
/* The memory of TPosition pos as pyasc's Hardware value (hw.def HW_POS, HW_MEM); -1 unknown. */
int asc_reg_hw_pos_mem(int pos);
const char *asc_reg_hw_core_name(int core);
/* The TPosition of the tensor TQueBind<src, dst>'s alloc_tensor (at_dst 0) or deque (1) gives: that
 * end, or the buffers' position when the end is GM or another memory (dst -1: a TQue<src>). */
int asc_reg_hw_queue_tensor_pos(int src, int dst, int at_dst);
/* Structs by id: asc_struct_name, asc_struct_nfields, asc_struct_field (src/ops/registry.h)
 * are exported with the same meaning. */
const char *asc_struct_name(int id);
int asc_struct_nfields(int id);
int asc_struct_field(int id, int i, char *buf, size_t bufsize, int64_t *dflt);

/* Launch structs of sim.h for bindings that cannot see C struct layouts (ctypes): sizeof of
 * "asc_sim_options", "asc_sim_args", "asc_sim_arg" (a binding may fill the args array itself),
 * "asc_sim_report", "asc_pass_options" and of the structs below (0 if unknown); a platform's sizes and core counts by field name (-1 if unknown). */
size_t asc_bind_sizeof(const char *what);
double asc_bind_platform(const char *platform, const char *field);
/* asc_pipeline_select with the options as ints (insert_sync, auto_sync: ASC_INSERT_SYNC_*, ASC_AUTO_SYNC_*). */
char *asc_bind_pipeline(const asc_module *m, int run_passes, int insert_sync, int auto_sync);
/* asc_pipeline_select_emit_synced with the options as ints. */
char *asc_bind_pipeline_emit_synced(const asc_module *m, int run_passes, int insert_sync, int auto_sync);
void asc_bind_pass_options(void *opts, int sync_log, void *cancel); /* defaults, plus sync_log and the cancel flag */

/* A launch for bindings in one call each way: the options a binding sets as one struct, the
 * report's numbers and arrays as one struct (fixed layouts of 64-bit fields; a binding checks
 * asc_bind_sizeof("asc_bind_opts" / "asc_bind_result" / "asc_sim_core_report" /
 * "asc_sim_line_cost") against its own mirror once). */
typedef struct asc_bind_opts {
  const char *platform;     /* NULL: the default platform */
  int64_t blocks;
  int64_t sanitize;         /* < 0: the default (on) */
  int64_t strict_gm;
  int64_t race_warn;        /* races are KernelWarnings and the run goes on */
  int64_t kernel_type;      /* pyasc KernelType, -1 inferred */
  int64_t threads;          /* host threads, 0: default */
  int64_t lines;            /* per-line costs in the report */
  int64_t max_instructions; /* < 0: the default, 0: none */
  const char *profile_dir;  /* NULL or "": none */
  void *cancel;             /* an asc_sim_cancel *, or NULL */
  int64_t live_fd;          /* asc_sim_options.live_fd: -1 none */
} asc_bind_opts;

typedef struct asc_bind_result {
  int64_t cycles, launch_cycles;
  double us, mhz;
  const char *platform;
  int64_t nerrors, nwarnings, ncores, nlines, nkwarnings, core_cycles;
  const void *cores;  /* asc_sim_core_report[ncores] (sim.h) */
  const void *lines;  /* asc_sim_line_cost[nlines] */
  char *const *kwarnings;
  const char *print;
} asc_bind_result;

/* Compile m's kernel for the simulator once (asc_sim_compile with the default options and
 * kernel_type), run it with o into rep (an asc_sim_report buffer the caller frees with
 * asc_sim_report_free) and describe rep in out.  Returns asc_sim_run's status. */
void *asc_bind_compile(asc_module *m, const char *kernel, int kernel_type);
int asc_bind_run(void *program, const void *args, const asc_bind_opts *o, void *rep, asc_bind_result *out);

#ifdef __cplusplus
}
#endif
#endif
