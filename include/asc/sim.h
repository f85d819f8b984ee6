/* sim.h - the public launch API of the Model backend (the AI Core simulator).
 *
 *   asc_sim_args args;
 *   asc_sim_args_init(&args);
 *   asc_sim_args_add_gm(&args, x, sizeof x, ASC_SIM_F32, "x");   // kernel params, in order
 *   asc_sim_args_add_int(&args, ASC_SIM_I32, 1024, "n");
 *   asc_sim_options opts;
 *   asc_sim_options_init(&opts);                                  // Ascend910B1, 1 block
 *   asc_sim_report rep;
 *   int rc = asc_sim_launch(module, "kernel", &args, &opts, &rep); // 0 = ok
 *   ...  asc_sim_report_free(&rep); asc_sim_args_free(&args);
 *
 * GM is the caller's memory: arrays are read and written in place, never copied.
 * Errors and warnings go to the module's context as diagnostics carrying the op's
 * source location; the launch never exits or aborts on a bad kernel.
 */
#ifndef ASC_SIM_H
#define ASC_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "asc/asc.h"
#include "asc/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Element types of kernel arguments and tensors. */
typedef enum asc_sim_dtype {
  ASC_SIM_F16, ASC_SIM_BF16, ASC_SIM_F32, ASC_SIM_F64,
  ASC_SIM_I8, ASC_SIM_I16, ASC_SIM_I32, ASC_SIM_I64,
  ASC_SIM_U8, ASC_SIM_U16, ASC_SIM_U32, ASC_SIM_U64,
  ASC_SIM_BOOL, /* i1 scalar argument */
  ASC_SIM_DTYPE_COUNT
} asc_sim_dtype;

const char *asc_sim_dtype_name(asc_sim_dtype dt); /* "f16", "i32", ... */
int asc_sim_dtype_size(asc_sim_dtype dt);         /* bytes */
/* Lookup by our name ("f32") or numpy's ("float32", "<f4"); -1 if unknown. */
int asc_sim_dtype_lookup(const char *name);

/* ---- kernel arguments ---- */
typedef enum asc_sim_arg_kind { ASC_SIM_ARG_GM, ASC_SIM_ARG_INT, ASC_SIM_ARG_FLOAT } asc_sim_arg_kind;

typedef struct asc_sim_arg {
  asc_sim_arg_kind kind;
  asc_sim_dtype dtype;
  void *ptr;        /* GM: the caller's array */
  size_t bytes;     /* GM: its size */
  int64_t i;        /* INT */
  double f;         /* FLOAT */
  const char *name; /* for diagnostics; copied */
  int readonly;     /* GM: the kernel may only read it (asc_sim_args_add_gm_readonly) */
} asc_sim_arg;

typedef struct asc_sim_args {
  asc_sim_arg *v;
  int n, cap;
} asc_sim_args;

void asc_sim_args_init(asc_sim_args *a);
void asc_sim_args_free(asc_sim_args *a);
void asc_sim_args_add_gm(asc_sim_args *a, void *ptr, size_t bytes, asc_sim_dtype dt, const char *name);
/* A GM array the kernel may only read (read-only numpy array, memory map, bytes): a write to
 * it is an error at the writing op's line and writes nothing (the pointer is never written
 * through; the cast only shares the args struct). */
void asc_sim_args_add_gm_readonly(asc_sim_args *a, const void *ptr, size_t bytes, asc_sim_dtype dt,
                                  const char *name);
void asc_sim_args_add_int(asc_sim_args *a, asc_sim_dtype dt, int64_t v, const char *name);
void asc_sim_args_add_float(asc_sim_args *a, asc_sim_dtype dt, double v, const char *name);

/* ---- platforms (hardware.md §1) ---- */
/* The platforms: asc/platform.h (asc_platform_at, asc_platform_find). */

/* ---- cancelling a launch ----
 * A flag another thread (or a signal handler: asc_sim_cancel_request is async-signal-safe)
 * raises to stop a running launch: every block polls it every few thousand instructions and
 * the launch returns an error ("interrupted") soon after.  Reset it before reusing it.
 * asc_sim_cancel_watch_fd makes the polls also read the non-blocking fd (a pipe a signal
 * handler writes signal numbers to, such as Python's signal.set_wakeup_fd): a byte equal to
 * signo raises the flag; other bytes are dropped.  fd < 0: none. */
typedef struct asc_sim_cancel asc_sim_cancel;
asc_sim_cancel *asc_sim_cancel_new(void);
void asc_sim_cancel_free(asc_sim_cancel *c);
void asc_sim_cancel_request(asc_sim_cancel *c);
void asc_sim_cancel_reset(asc_sim_cancel *c);
int asc_sim_cancel_requested(const asc_sim_cancel *c);
void asc_sim_cancel_watch_fd(asc_sim_cancel *c, int fd, int signo);
/* The flag, reading the watched fd first (on every 16th poll): what a long loop outside a
 * launch (the passes of a compile) asks. */
int asc_sim_cancel_poll(asc_sim_cancel *c);

/* The watchdog's default (asc_sim_options.max_instructions): far above what a real kernel
 * executes per block (about 7 s of a scalar loop on the simulator). */
#define ASC_SIM_DEFAULT_MAX_INSTRUCTIONS ((int64_t)1 << 28)
/* The hardware's largest block count (pyasc's kernel[core_num] limit). */
#define ASC_SIM_MAX_BLOCKS 65535

/* ---- options ---- */
typedef struct asc_sim_options {
  const char *platform; /* NULL: "Ascend910B1" (pyasc's Model default) */
  int blocks;           /* launch count (kernel[blocks]); default 1, at most ASC_SIM_MAX_BLOCKS */
  int verify;           /* run the IR verifier first (default 1) */
  int threads;          /* host threads running blocks; 0: $ASC_SIM_THREADS, else one per
                           host CPU.  Results and diagnostics do not depend on it: cores that
                           can wait for each other or race through atomics run on one
                           timeline, one at a time, in a fixed order */
  const char *trace_path; /* non-NULL: write a Chrome/Perfetto trace-event JSON file here */
  int sanitize;         /* race, uninitialised-read, use-after-free and GM-overlap checks
                           (default 1; 0 = off; bounds, alignment and flag checks stay on) */
  int strict_gm;        /* 1 (default): an access the NPU would let through but that is out of bounds
                           (GM beyond its array, UB past its tensor yet inside UB) is an error.
                           0: a warning once per op site and launch (asc_sim_report.kwarnings);
                           the run goes on, bytes beyond a GM array read as zeros and writes to
                           them are dropped (they never reach the caller's memory) */
  uint64_t jitter_seed; /* 0 (default): the calibrated timing.  Otherwise every queued
                           instruction gets a random extra latency and issue delay drawn from
                           this seed (deterministic per seed and block): other schedules for
                           testers (tests/synctest).  Results do not depend on it. */
  int kernel_type;      /* pyasc KernelType: -1 (default) inferred from the ops the kernel uses;
                           0 AIV_ONLY, 1 AIC_ONLY, 6 MIX_AIC_1_1, 7 MIX_AIC_1_2; 4 MIX_AIV_1_0 and
                           2 MIX_AIV_HARD_SYNC run as AIV_ONLY, 5 MIX_AIC_1_0 and 3 MIX_AIC_HARD_SYNC
                           as AIC_ONLY */
  const char *profile_dir; /* non-NULL: write msprof-style profile files into this directory
                              (created if missing): OpBasicInfo.csv, PipeUtilization.csv,
                              code_exe.csv, instr_exe.csv, trace.json, timeline.html
                              (docs/profile.md) */
  int lines;               /* 1: attribute every core cycle to an instruction and fill
                              asc_sim_report.lines (on with profile_dir; default 0: records
                              of every instruction cost time in long runs) */
  int64_t max_instructions; /* watchdog: instructions (ops and loop iterations) one block may
                           execute; past it the launch stops with a "watchdog" error at the loop
                           still running.  Default ASC_SIM_DEFAULT_MAX_INSTRUCTIONS; <= 0: none */
  asc_sim_cancel *cancel; /* non-NULL: polled while the launch runs (see above) */
  int race_warn;          /* 1: a race is a warning (asc_sim_report.kwarnings, once per op site) and the
                             run goes on, as on an NPU, where its outcome depends on timing; 0 (default):
                             an error */
  int live_fd;            /* >= 0: the launch's first finding let through (an out-of-bounds access of a
                             lenient launch, an uninitialised read or a race_warn race) is also written
                             to this file descriptor as it happens, formatted as a diagnostic, once per
                             launch (the report has it again at the end); -1 (default): not */
} asc_sim_options;

void asc_sim_options_init(asc_sim_options *o);

/* ---- report ---- */
/* Pipe ids are pyasc's PipeID values (PIPE_S=0, PIPE_V=1, PIPE_M=2, PIPE_MTE1=3,
 * PIPE_MTE2=4, PIPE_MTE3=5, ... PIPE_FIX=10). */
#define ASC_SIM_NPIPES 11

typedef struct asc_sim_core_report {
  int64_t cycles;                 /* when this core finished its last block */
  int64_t busy[ASC_SIM_NPIPES];   /* cycles each pipe was busy (union of its intervals) */
  int blocks;                     /* blocks this core ran */
  int64_t blocked[ASC_SIM_NPIPES]; /* cycles each pipe's head waited for a flag (wait_flag) */
  int64_t overlap_mte2_v;          /* cycles during which MTE2 and V were both busy */
  int kind;                        /* 0 AIV, 1 AIC */
  int64_t metrics_cycles;          /* scalar cycles between metrics_prof_start and metrics_prof_stop */
  int64_t busy_sum[ASC_SIM_NPIPES]; /* each pipe's instruction durations summed, as msprof's PipeUtilization
                                     * sums them (overlapping instructions count twice; busy counts once) */
  int64_t start_cycles;             /* the core's start-up (an AIV's hw.def core_start, stretched by the load):
                                     * the first cycles of `cycles`, scalar work (in busy[PIPE_S]) of no line */
} asc_sim_core_report;

/* ---- sanitizer findings (hardware.md §14, msSanitizer-class) ---- */
typedef enum asc_sim_check {
  ASC_SIM_CHK_RACE,         /* RAW/WAR/WAW between unsynchronised instructions of one core */
  ASC_SIM_CHK_DEADLOCK,     /* no pipe can make progress */
  ASC_SIM_CHK_DOUBLE_SET,   /* set_flag on a flag that is already set */
  ASC_SIM_CHK_UNPAIRED_SET, /* flag still set at the end of the kernel */
  ASC_SIM_CHK_EVENT,        /* unknown event, event not on this core, id out of range */
  ASC_SIM_CHK_OOB,          /* access outside its tensor or memory */
  ASC_SIM_CHK_MISALIGNED,   /* UB operand not 32-byte aligned, GM not element aligned */
  ASC_SIM_CHK_UNINIT,       /* read of UB bytes no instruction wrote */
  ASC_SIM_CHK_QUEUE_MISUSE, /* TQue: alloc on exhausted queue, deque of nothing, double free,
                               use after free */
  ASC_SIM_CHK_GM_OVERLAP,   /* two blocks write the same GM bytes */
  ASC_SIM_CHK_UB_OVERFLOW,  /* TPipe carved more than UB holds */
  ASC_SIM_CHK_COPY_LEN,     /* data_copy length not a multiple of 32 bytes */
  ASC_SIM_CHK_WATCHDOG,     /* a block executed more than max_instructions */
  ASC_SIM_CHK_WRONG_MEMORY, /* an operand in a memory the op cannot use (mmad on a VECIN tensor, ...) */
  ASC_SIM_CHK_COUNT
} asc_sim_check;

const char *asc_sim_check_name(int kind); /* "race", "deadlock", "double-set", ... */

enum { ASC_SIM_RAW = 1, ASC_SIM_WAR = 2, ASC_SIM_WAW = 3 }; /* asc_sim_record.hazard */

typedef struct asc_sim_site {
  const char *file; /* NULL if unknown */
  int line, col;
  const char *op;   /* "asc.add" */
  int pipe;         /* PipeID the op runs on, -1 if none */
} asc_sim_site;

typedef struct asc_sim_record {
  asc_sim_check kind;
  asc_severity severity; /* ASC_SEV_ERROR or ASC_SEV_WARNING */
  int hazard;            /* races: ASC_SIM_RAW / WAR / WAW; else 0 */
  int core;              /* block index, -1 for launch-wide findings */
  int pipe;              /* pipe of site[0], -1 if none */
  int nsites;            /* site[0]: the op reported; site[1]: the other access (races, overlap) */
  asc_sim_site site[2];
  const char *buffer;    /* "UB" or the GM array's name; NULL if none */
  int64_t lo, hi;        /* byte range in buffer (lo == hi: none) */
  const char *message;   /* the diagnostic text */
} asc_sim_record;

/* Cycles attributed to one source line, summed over cores (docs/profile.md: every cycle of a
 * core belongs to exactly one instruction, so the lines of a core add up to its cycles). */
typedef struct asc_sim_line_cost {
  const char *file; /* owned by the report; NULL if unknown */
  int line;
  int64_t calls;    /* instructions of this line issued */
  int64_t cycles;   /* attributed cycles */
} asc_sim_line_cost;

typedef struct asc_sim_report {
  int64_t cycles;       /* kernel time: launch overhead + max over cores */
  int64_t launch_cycles; /* the fixed launch overhead included in cycles */
  double us;            /* cycles at the platform clock */
  double mhz;
  const char *platform; /* static string */
  int ncores;           /* cores used (<= blocks) */
  asc_sim_core_report *cores; /* ncores entries; freed by asc_sim_report_free */
  int nerrors, nwarnings;     /* diagnostics this launch produced */
  asc_sim_record *records; /* sanitizer findings in block order; strings owned by the report */
  int nrecords;
  asc_sim_line_cost *lines; /* source lines by attributed cycles, most first */
  int nlines;
  int64_t core_cycles;      /* sum of the cores' cycles (the lines' cycles add up to it) */
  char **kwarnings;  /* strict_gm = 0: the out-of-bounds warnings let through, as the formatted
                        text of their diagnostics (also on the context), once per op site */
  int nkwarnings;
  char *print;  /* printf / dump_tensor output of the launch, block after block (api.md §13), or NULL */
  size_t nprint;
} asc_sim_report;

void asc_sim_report_free(asc_sim_report *r);
/* Human-readable summary (malloc'd; free with asc_free). */
char *asc_sim_report_text(const asc_sim_report *r);
const char *asc_sim_pipe_name(int pipe); /* "PIPE_V", or NULL */

/* Run func.func `kernel` of m on `blocks` blocks.  report may be NULL.  Returns 0 on
 * success, nonzero if an error was reported (the diagnostics are on m's context).
 * Equivalent to asc_sim_compile + asc_sim_run + asc_sim_program_free. */
int asc_sim_launch(asc_module *m, const char *kernel, const asc_sim_args *args,
                   const asc_sim_options *opts, asc_sim_report *report);

/* ---- compile once, launch many times ----
 * asc_sim_compile verifies m (opts->verify), finds the kernel, classifies it (opts->kernel_type)
 * and lowers it into the simulator's program; NULL after reporting an error on m's context.
 * asc_sim_run then only binds the arguments and runs the blocks (opts->platform, blocks,
 * sanitize, ... apply per run; a kernel_type other than the compiled one classifies again).
 * The program points into m: m must not change or be freed while the program lives.  Runs of
 * one program must not overlap in time (each run uses m's context). */
typedef struct asc_sim_program asc_sim_program;
asc_sim_program *asc_sim_compile(asc_module *m, const char *kernel, const asc_sim_options *opts);
int asc_sim_run(asc_sim_program *p, const asc_sim_args *args, const asc_sim_options *opts,
                asc_sim_report *report);
void asc_sim_program_free(asc_sim_program *p);

#ifdef __cplusplus
}
#endif
#endif
