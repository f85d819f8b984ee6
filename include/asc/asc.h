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
const char *asc_reg_hw_core_name(int core);
/* The TPosition of the tensor TQueBind<src, dst>'s alloc_tensor (at_dst 0) or deque (1) gives: that
 * end, or the buffers' position when the end is GM or another memory (dst -1: a TQue<src>). */
int asc_reg_hw_queue_tensor_pos(int src, int dst, int at_dst);
/* Structs by id: asc_struct_name, asc_struct_nfields, asc_struct_field (src/ops/registry.h)
 * are exported with the same meaning. */
const char *asc_struct_name(int id);
int asc_struct_nfields(int id);
int asc_struct_field(int id, int i, char *buf, size_t bufsize, int64_t *dflt);

/* Launch structs of sim.h for bindings that cannot see C struct layouts (ctypes):
 * sizeof of "asc_sim_options", "asc_sim_args" or "asc_sim_report" (0 if unknown); set the
 * options a binding controls after asc_sim_options_init (sanitize < 0: keep the default);
 * read a report field ("cycles" "launch_cycles" "us" "mhz" "ncores" "nerrors" "nwarnings", per core
 * "core.cycles" "core.blocks", per core and pipe "core.busy"; "nlines" "core_cycles"; -1 if out of
 * range). */
size_t asc_bind_sizeof(const char *what);
void asc_bind_options(void *opts, const char *platform, int blocks, int sanitize);
void asc_bind_options_ext(void *opts, int kernel_type, int threads); /* -1 = inferred; 0 = default */
/* The watchdog limit (asc_sim_options.max_instructions; < 0: keep the default, 0: none)
 * and the cancel flag (an asc_sim_cancel *, or NULL). */
void asc_bind_options_limits(void *opts, int64_t max_instructions, void *cancel);
double asc_bind_platform(const char *platform, const char *field);
void asc_bind_options_strict(void *opts, int strict_gm);       /* asc_sim_options.strict_gm */
void asc_bind_options_race_warn(void *opts, int race_warn);   /* asc_sim_options.race_warn */
const char *asc_bind_report_kwarning(const void *rep, int i); /* asc_sim_report.kwarnings[i], NULL past the end */
/* asc_pipeline_select with the options as ints (insert_sync, auto_sync: ASC_INSERT_SYNC_*, ASC_AUTO_SYNC_*). */
char *asc_bind_pipeline(const asc_module *m, int run_passes, int insert_sync, int auto_sync);
void asc_bind_pass_options(void *opts, int sync_log); /* defaults, plus sync_log */
double asc_bind_report(const void *rep, const char *field, int core, int pipe);
/* asc_sim_options.profile_dir (NULL: none) and .lines */
void asc_bind_options_profile(void *opts, const char *dir, int lines);
/* Line i of asc_sim_report.lines: its file (NULL past the end), line, calls and cycles. */
const char *asc_bind_report_line(const void *rep, int i, int64_t *line, int64_t *calls, int64_t *cycles);
const char *asc_bind_report_platform(const void *rep);
const char *asc_bind_report_print(const void *rep); /* the launch's printf / dump_tensor output, or NULL */

#ifdef __cplusplus
}
#endif
#endif
