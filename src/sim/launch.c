/* launch.c - asc_sim_launch: match the arguments to the kernel's parameters, lower the
 * kernel, run every block on a fresh core on a pool of host threads (all core state is in
 * sim_core; GM is shared, and race-free kernels write disjoint bytes), then place the
 * blocks on the platform's cores in waves and fill the report. */
#include <pthread.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/sim_int.h"

/* ---- arguments ---- */
void asc_sim_args_init(asc_sim_args *a) { memset(a, 0, sizeof *a); }

void asc_sim_args_free(asc_sim_args *a) {
  for (int i = 0; i < a->n; i++)
    free((char *)a->v[i].name);
  free(a->v);
  memset(a, 0, sizeof *a);
}

static asc_sim_arg *addarg(asc_sim_args *a, asc_sim_arg_kind k, asc_sim_dtype dt, const char *name) {
  if (a->n == a->cap) {
    a->cap = a->cap ? 2 * a->cap : 8;
    a->v = realloc(a->v, sizeof *a->v * (size_t)a->cap);
    if (!a->v)
      asc_die("out of memory");
  }
  asc_sim_arg *r = &a->v[a->n++];
  memset(r, 0, sizeof *r);
  r->kind = k;
  r->dtype = dt;
  r->name = name ? strdup(name) : NULL;
  return r;
}

void asc_sim_args_add_gm(asc_sim_args *a, void *ptr, size_t bytes, asc_sim_dtype dt, const char *name) {
  asc_sim_arg *r = addarg(a, ASC_SIM_ARG_GM, dt, name);
  r->ptr = ptr;
  r->bytes = bytes;
}

void asc_sim_args_add_gm_readonly(asc_sim_args *a, const void *ptr, size_t bytes, asc_sim_dtype dt,
                                  const char *name) {
  asc_sim_arg *r = addarg(a, ASC_SIM_ARG_GM, dt, name);
  r->ptr = (void *)(uintptr_t)ptr;
  r->bytes = bytes;
  r->readonly = 1;
}

void asc_sim_args_add_int(asc_sim_args *a, asc_sim_dtype dt, int64_t v, const char *name) {
  addarg(a, ASC_SIM_ARG_INT, dt, name)->i = v;
}

void asc_sim_args_add_float(asc_sim_args *a, asc_sim_dtype dt, double v, const char *name) {
  addarg(a, ASC_SIM_ARG_FLOAT, dt, name)->f = v;
}

void asc_sim_options_init(asc_sim_options *o) {
  memset(o, 0, sizeof *o);
  o->blocks = 1;
  o->verify = 1;
  o->sanitize = 1;
  o->kernel_type = -1;
  o->strict_gm = 1;
  o->max_instructions = ASC_SIM_DEFAULT_MAX_INSTRUCTIONS;
  o->live_fd = -1;
}

/* ---- cancelling ---- */
struct asc_sim_cancel {
  atomic_int flag;   /* lock-free on every target we build for, so signal handlers may set it */
  int fd, signo;     /* asc_sim_cancel_watch_fd; fd < 0: none */
  atomic_uint polls; /* the fd is read on every 16th poll */
};

asc_sim_cancel *asc_sim_cancel_new(void) {
  asc_sim_cancel *c = malloc(sizeof *c);
  if (!c)
    asc_die("out of memory");
  atomic_init(&c->flag, 0);
  atomic_init(&c->polls, 0);
  c->fd = -1;
  c->signo = 0;
  return c;
}

void asc_sim_cancel_free(asc_sim_cancel *c) { free(c); }
void asc_sim_cancel_request(asc_sim_cancel *c) { atomic_store(&c->flag, 1); }
void asc_sim_cancel_reset(asc_sim_cancel *c) { atomic_store(&c->flag, 0); }
int asc_sim_cancel_requested(const asc_sim_cancel *c) { return atomic_load(&((asc_sim_cancel *)c)->flag); }

void asc_sim_cancel_watch_fd(asc_sim_cancel *c, int fd, int signo) {
  c->fd = fd;
  c->signo = signo;
}

/* The fd's pending bytes: signo among them raises the flag (the rest are dropped). */
static void readfd(asc_sim_cancel *c) {
  unsigned char buf[64];
  ssize_t n;
  while ((n = read(c->fd, buf, sizeof buf)) > 0)
    for (ssize_t i = 0; i < n; i++)
      if (buf[i] == (unsigned char)c->signo)
        atomic_store(&c->flag, 1);
}

int asc_sim_cancel_poll(asc_sim_cancel *c) {
  if (!c)
    return 0;
  if (c->fd >= 0 && atomic_fetch_add_explicit(&c->polls, 1, memory_order_relaxed) % 16 == 0)
    readfd(c);
  return atomic_load_explicit(&c->flag, memory_order_relaxed);
}

bool asc_sim_cancelled(const sim_launch *L) { return asc_sim_cancel_poll((asc_sim_cancel *)L->cancel) != 0; }

bool asc_sim_halted(const sim_launch *L) {
  return (L->halt && atomic_load_explicit(L->halt, memory_order_relaxed)) || asc_sim_cancelled(L);
}

/* ---- report ---- */
void asc_sim_report_free(asc_sim_report *r) {
  if (!r)
    return;
  free(r->cores);
  asc_sim_records_free(r->records, r->nrecords);
  for (int i = 0; i < r->nlines; i++)
    free((char *)r->lines[i].file);
  free(r->lines);
  r->lines = NULL;
  r->nlines = 0;
  for (int i = 0; i < r->nkwarnings; i++)
    free(r->kwarnings[i]);
  free(r->kwarnings);
  r->kwarnings = NULL;
  r->nkwarnings = 0;
  free(r->print);
  r->print = NULL;
  r->nprint = 0;
  r->records = NULL;
  r->nrecords = 0;
  r->cores = NULL;
  r->ncores = 0;
}

char *asc_sim_report_text(const asc_sim_report *r) {
  static const int pipes[] = {ASC_PIPEID_PIPE_S, ASC_PIPEID_PIPE_V, ASC_PIPEID_PIPE_MTE2, ASC_PIPEID_PIPE_MTE3};
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_printf(&sb, "platform %s (%.0f MHz), %d core%s used\n", r->platform ? r->platform : "?", r->mhz,
                r->ncores, r->ncores == 1 ? "" : "s");
  asc_sb_printf(&sb, "total: %lld cycles = %.3f us (launch %lld)\n", (long long)r->cycles, r->us,
                (long long)r->launch_cycles);
  int cube[ASC_SIM_NPIPES], ncube = 0; /* an AIC's pipes (hw.def): it has no vector pipes to report */
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    if (asc_hw_pipe_exists(p) && asc_hw_core_has_pipe(ASC_HW_AIC, p))
      cube[ncube++] = p;
  for (int i = 0; i < r->ncores; i++) {
    const asc_sim_core_report *c = &r->cores[i];
    bool aic = c->kind == ASC_HW_AIC;
    const int *ps = aic ? cube : pipes;
    size_t np = aic ? (size_t)ncube : sizeof pipes / sizeof pipes[0];
    asc_sb_printf(&sb, "core %d%s: %d block%s, %lld cycles", i, aic ? " (AIC)" : "", c->blocks,
                  c->blocks == 1 ? "" : "s", (long long)c->cycles);
    if (c->start_cycles)
      asc_sb_printf(&sb, " (start-up %lld)", (long long)c->start_cycles);
    asc_sb_puts(&sb, "; busy");
    for (size_t p = 0; p < np; p++)
      asc_sb_printf(&sb, " %s %lld", asc_sim_pipe_name(ps[p]), (long long)c->busy[ps[p]]);
    asc_sb_puts(&sb, "; blocked");
    for (size_t p = 0; p < np; p++)
      asc_sb_printf(&sb, " %s %lld", asc_sim_pipe_name(ps[p]), (long long)c->blocked[ps[p]]);
    if (aic)
      asc_sb_putc(&sb, '\n');
    else
      asc_sb_printf(&sb, "; MTE2+V overlap %lld\n", (long long)c->overlap_mte2_v);
  }
  for (int i = 0; i < r->nlines && i < 3; i++) /* docs/profile.md: attributed cycles */
    asc_sb_printf(&sb, "%s %s:%d: %lld cycles (%.1f%%), %lld calls\n", i ? "      " : "top lines:",
                  r->lines[i].file ? r->lines[i].file : "?", r->lines[i].line, (long long)r->lines[i].cycles,
                  r->core_cycles ? 100.0 * (double)r->lines[i].cycles / (double)r->core_cycles : 0.0,
                  (long long)r->lines[i].calls);
  asc_sb_printf(&sb, "%d error%s, %d warning%s\n", r->nerrors, r->nerrors == 1 ? "" : "s", r->nwarnings,
                r->nwarnings == 1 ? "" : "s");
  return sb.data;
}

/* ---- argument matching ---- */
static void typestr(const asc_type *t, char *buf, size_t n) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_type_print(t, &sb);
  snprintf(buf, n, "%s", sb.data ? sb.data : "?");
  asc_sb_free(&sb);
}

/* Bind argument i to parameter type t; 0 or -1 after an error at the function. */
static int bindarg(sim_launch *L, const asc_op *func, int i, const asc_type *t, const asc_sim_arg *a) {
  char ts[128];
  const char *name = a->name ? a->name : "?";
  typestr(t, ts, sizeof ts);
  bool gm = t->kind == ASC_TY_GM;
  int want = gm ? asc_sim_dtype_of(t->elem) : asc_sim_dtype_of(t);
  bool kindok = gm ? a->kind == ASC_SIM_ARG_GM : a->kind != ASC_SIM_ARG_GM;
  if (!kindok || want != (int)a->dtype) {
    asc_error(L->ctx, asc_op_diag_loc(func), "argument %d (%s): the kernel expects %s, got %s %s", i, name, ts,
              a->kind == ASC_SIM_ARG_GM ? "a GM array of" : "a scalar", asc_sim_dtype_name(a->dtype));
    return -1;
  }
  sim_val *v = &L->args[i];
  if (gm) {
    L->gm[L->ngm] = (sim_gm){a->ptr, a->bytes, a->name ? a->name : "?", a->dtype, a->readonly != 0};
    v->mem = L->ngm++;
    v->len = -1;
  } else if (a->kind == ASC_SIM_ARG_FLOAT) {
    v->f = asc_sim_round_fp(a->f, want, SIM_RM_RINT);
  } else {
    v->i = asc_sim_wrap(a->i, want);
  }
  return 0;
}

static int bindargs(sim_launch *L, const asc_op *func, const asc_sim_args *args) {
  const asc_block *b = func->regions[0].block;
  int n = args ? args->n : 0;
  if (!b || b->nargs != n) {
    asc_error(L->ctx, asc_op_diag_loc(func), "kernel '%s' takes %d arguments, %d were given",
              asc_func_name(func), b ? b->nargs : 0, n);
    return -1;
  }
  L->args = calloc((size_t)n + 1, sizeof *L->args);
  L->gm = calloc((size_t)n + 1, sizeof *L->gm);
  if (!L->args || !L->gm)
    asc_die("out of memory");
  for (int i = 0; i < n; i++)
    if (bindarg(L, func, i, b->args[i]->type, &args->v[i]))
      return -1;
  return 0;
}

/* ---- running ----
 * Host threads take blocks in index order; each block's results are committed in index
 * order (diagnostics replayed on the shared context, findings and GM writes handed to the
 * sanitizer, the block placed on a core), so the output does not depend on which thread
 * ran what.  A thread may run at most WINDOW blocks ahead of the last committed one: the
 * memory of a launch is that of the blocks in flight plus what the blocks found and
 * wrote, never an array per block of the launch.  After the first failing block nothing
 * more is committed (as if blocks ran one after another). */
typedef struct blockres {
  int rc;
  asc_ctx *diag; /* its diagnostics: asc_diag on the shared context is not thread-safe */
  int64_t cycles, overlap, metrics;
  int64_t start; /* the start-up of the core it runs on, if it is the core's first block (take_times) */
  int64_t busy[ASC_SIM_NPIPES], busy_sum[ASC_SIM_NPIPES], blocked[ASC_SIM_NPIPES];
  sim_trec *trace;
  int ntrace;
  sim_icost *icost; /* per instruction (profile.c) */
  int nicost;
  sim_blockout out;
  bool ready; /* finished, waiting for its turn to be committed */
  sim_oobw *oobw; /* out-of-bounds warnings let through (memory.c), replayed once per op site */
  int noobw;
  sim_tape *tape; /* sim_launch.retime: its timing tape, until its wave is timed again */
} blockres;

enum { WINDOW = 64 }; /* blocks in flight per host thread */

typedef struct runner {
  const sim_launch *L;
  asc_sim_report *rep;
  int ncores;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int next;      /* next block to take */
  int done;      /* blocks committed */
  bool stop;     /* a committed block failed, or the launch was cancelled */
  bool failed;   /* a committed block failed */
  _Atomic bool halt; /* failed, for the running blocks (sim_launch.halt) */
  _Atomic bool lived; /* sim_launch.lived */
  _Atomic int livenext; /* sim_launch.livenext */
  blockres *ring; /* block b's result in ring[b % window] */
  int window;
  sim_tblock *tb; /* trace or profile: every committed block's records and placement */
  sim_icost *all;  /* per-line attribution: every committed block's costs per instruction */
  sim_icost **pc;  /* profile: the same per core */
  sim_oobseen seen; /* op sites whose out-of-bounds warning was given */
} runner;

/* A block's big per-core arrays (slots, warning bits, local memories) come from a sim_scratch
 * (coremem.c): kept by the program between blocks and launches, cleared where the last block
 * may have written. */
typedef sim_scratch scratch;

static uint32_t pipemask(int kind) {
  uint32_t m = 0;
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    if (asc_hw_core_has_pipe(kind, p))
      m |= 1u << p;
  return m;
}

static void coreinit(sim_core *c, const sim_launch *L, int inst, scratch *s) {
  memset(c, 0, sizeof *c);
  c->L = L;
  c->ctx = L->ctx;
  c->inst = inst;
  asc_sim_inst_core(L, inst, &c->block, &c->kind, &c->sub);
  c->pipemask = pipemask(c->kind);
  c->atomic_dt = -1;
  if (L->naic && L->naiv && c->kind == ASC_HW_AIV) /* a MIX launch starts its AIVs late (hw.def MIX_START) */
    c->sclk = asc_hw_libwork_cycles(ASC_HW_LIBWORK_MIX_START);
  asc_sim_scratch_bind(s, c); /* slots, memories (all zero), trace buffer */
  asc_sim_sys_init(c);
  c->mask[0] = c->mask[1] = ~0ull;
  c->counter = false;
  c->cmpmask[0] = c->cmpmask[1] = 0;
  c->gather_kept = 0;
  for (int i = 0; i < L->entry.nargs; i++)
    c->slots[L->entry.args[i]] = L->args[i];
}

static void corefree(sim_core *c) {
  const sim_launch *L = c->L;
  if (L->xinfo && c->inst >= 0 && c->inst < L->ninst) { /* for the cross-core race check */
    L->xinfo[c->inst].hist = c->xhist;
    L->xinfo[c->inst].nhist = c->nxhist;
    c->xhist = NULL;
  }
  for (int i = 0; i < c->nxhist && c->xhist; i++)
    free(c->xhist[i]);
  free(c->xhist);
  free(c->xvc);
  asc_sim_mem_free(c);
  asc_sim_timing_free(c);
  free(c->queues);
  free(c->tbufs);
  for (int i = 0; i < c->nsarr; i++)
    free(c->sarr[i].v);
  free(c->sarr);
  for (int i = 0; c->sfld && i <= L->nslots; i++)
    free(c->sfld[i]);
  free(c->sfld);
  asc_sim_cube_free(c->cube);
  free(c->aipp);
}

/* GM bytes per cycle of block b: blocks run in waves of ncores, and the cores of a wave
 * split the chip's bandwidth evenly (hardware.md §13.4). */
static int wavesize(const sim_launch *L, int b, int ncores) {
  int wave = b / ncores, active = L->blocks - wave * ncores;
  return active > ncores ? ncores : active;
}

/* Block b's part of the L2: its lines and read rate, the chip's split evenly over the wave (not capped
 * by gm_core, a one-core HBM figure: anchor C1 reads L2 at 82 B/cycle a core). */
static void l2share(const sim_launch *L, sim_core *c, int b, int ncores) {
  int active = wavesize(L, b, ncores);
  c->l2.lines = L->cost->l2_lines / active;
  c->l2_rate = L->cost->l2_bytes_per_cycle / active;
}

/* The scalar unit's cycles per cycle of scalar work (in 1/1024) on a wave of `active` of the platform's
 * `total` AIVs: the work of one core alone, plus hw.def scalar_load_pct % of it on a full wave, in
 * proportion to the other cores running (docs/timing.md "Scalar time"). */
static int scalar_load(int active, int total) {
  if (active <= 1 || total <= 1)
    return 1024;
  return 1024 + (int)((int64_t)1024 * ASC_HWC_scalar_load_pct * (active - 1) / (100 * (total - 1)));
}

/* Core c's share of the chip's GM bandwidth.  An AIV's own port limit (gm_core, full duplex) is
 * timing.c's; an AIC's HBM bytes move at aic_gm_core at most (hw.def: no anchor bounds it lower). */
static double gmrate(const sim_launch *L, const sim_core *c, int ncores, bool write) {
  int active = wavesize(L, c->block, ncores);
  double chip = L->cost->gm_chip_bytes_per_cycle * (write ? L->cost->gm_write_pct / 100.0 : 1.0);
  double share = chip / active;
  double aic = L->cost->aic_gm_bytes_per_cycle;
  return c->kind == ASC_HW_AIC && share > aic ? aic : share;
}

/* Timing tapes kept by the program between launches (a launch's tapes would otherwise be new memory,
 * page-faulted in again each time), up to TAPEPOOL_BYTES of them; and the shared-L2 replay's arrays
 * (l2.c), when no launch is using them, up to as many bytes. */
enum { TAPEPOOL_BYTES = 64 << 20 };

static int64_t tape_bytes(const sim_tape *t) {
  return t->capop * (int64_t)sizeof *t->op + t->capcopy * (int64_t)sizeof *t->copy + t->capl2 * (int64_t)sizeof *t->l2;
}

static void tape_drop(void *t) { asc_sim_tape_free(t); }
static void replay_drop(void *R) { asc_sim_l2_replay_free(R); }

/* An empty tape: a spare one of the program's with its arrays, else a new one. */
static sim_tape *tape_take(const sim_launch *L) {
  sim_tape *t = asc_sim_spares_take(L->tapes, NULL, NULL);
  if (!t && !(t = calloc(1, sizeof *t)))
    asc_die("out of memory");
  return t;
}

static void tape_give(const sim_launch *L, sim_tape *t) {
  if (t)
    asc_sim_spares_give(L->tapes, t, tape_bytes(t), tape_drop);
}

/* The replay's arrays: the program's spare ones, else new ones; given back after the wave. */
static sim_l2replay *replay_take(const sim_launch *L) {
  sim_l2replay *R = asc_sim_spares_take(L->replays, NULL, NULL);
  return R ? R : asc_sim_l2_replay_new();
}

static void replay_give(const sim_launch *L, sim_l2replay *R) {
  asc_sim_spares_give(L->replays, R, asc_sim_l2_replay_bytes(R), replay_drop);
}

/* Blocks of a launch mostly keep tapes of the same length: the new one starts at the last one's
 * (growing it by doubling would copy it a dozen times). */
static void tape_reserve(sim_tape *t, const scratch *s) {
  if (t->capop < s->tape_op) {
    free(t->op);
    if (!(t->op = malloc(sizeof *t->op * (size_t)s->tape_op)))
      asc_die("out of memory");
    t->capop = s->tape_op;
  }
  if (t->capcopy < s->tape_copy) {
    free(t->copy);
    if (!(t->copy = malloc(sizeof *t->copy * (size_t)s->tape_copy)))
      asc_die("out of memory");
    t->capcopy = s->tape_copy;
  }
  if (t->capl2 < s->tape_l2) {
    free(t->l2);
    if (!(t->l2 = malloc(sizeof *t->l2 * (size_t)s->tape_l2)))
      asc_die("out of memory");
    t->capl2 = s->tape_l2;
  }
}

/* Core c's end time, overlap and per-pipe times into r (its first timing, or a replay's). */
static void take_times(blockres *r, const sim_core *c) {
  r->cycles = asc_sim_core_time(c);
  r->overlap = c->overlap;
  for (int p = 0; p < ASC_SIM_NPIPES; p++) {
    r->busy[p] = c->pipes[p].busy;
    r->busy_sum[p] = c->pipes[p].busy_sum;
    r->blocked[p] = c->pipes[p].blocked;
  }
  r->blocked[ASC_PIPEID_PIPE_S] += c->sblocked;
  /* an AIV's start-up (hw.def core_start, stretched as its scalar work is): place() puts it at the start of
   * the core's timeline, once per core */
  r->start = c->skq ? (int64_t)ASC_HWC_core_start * c->skq >> 10 : 0;
}

/* Run core c (set up by coreinit) to the end of the kernel into r; s: the core's scratch
 * (its trace buffer is reused when the records are not kept). */
static void runcore(sim_core *c, blockres *r, scratch *s) {
  const sim_launch *L = c->L;
  if (L->retime) {
    sim_tape *t = c->tape = tape_take(L);
    *t = (sim_tape){.op = t->op, .capop = t->capop, .copy = t->copy, .capcopy = t->capcopy, .l2 = t->l2,
                    .capl2 = t->capl2, .sclk0 = c->sclk, .kind = c->kind, .block = c->block,
                    .gm_rate = c->gm_rate, .gm_wrate = c->gm_wrate, .l2_rate = c->l2_rate, .skq = c->skq};
    tape_reserve(t, s);
  }
  int rc = asc_sim_run_block(c, &c->L->entry);
  if (!rc)
    rc = asc_sim_tpipe_destroy(c, c->L->end);
  if (!rc)
    rc = asc_sim_drain(c, c->L->end);
  if (!rc)
    asc_sim_check_unpaired(c, c->L->end);
  r->rc = rc || r->diag->nerrors ? -1 : 0;
  take_times(r, c);
  r->metrics = c->mprof_cycles;
  if (L->tracing)
    r->icost = asc_sim_attrib(c->trace, c->ntrace, r->cycles, L->end, L->ninsts, &r->nicost);
  if (L->keep_trace) { /* handed over */
    r->trace = c->trace;
    r->ntrace = c->ntrace;
  } else { /* back to the scratch for the next block */
    s->trace = c->trace;
    s->tcap = c->tcap_trace;
  }
  c->trace = NULL;
  if (c->tape) {
    s->tape_op = c->tape->nop;
    s->tape_copy = c->tape->ncopy;
    s->tape_l2 = c->tape->nl2;
  }
  asc_sim_scratch_keep(s, c); /* what this block may have written */
  r->tape = c->tape;
  c->tape = NULL;
  r->oobw = c->oobw;
  r->noobw = c->noobw;
  c->oobw = NULL;
  c->noobw = 0;
}

static void runblock(const sim_launch *L, int block, int ncores, blockres *r, scratch *s) {
  sim_core c;
  coreinit(&c, L, block, s);
  c.ctx = r->diag = asc_ctx_new();
  r->diag->quiet = true;
  c.out = &r->out;
  c.gm_rate = gmrate(L, &c, ncores, false);
  c.gm_wrate = gmrate(L, &c, ncores, true);
  l2share(L, &c, block, ncores);
  if (c.kind == ASC_HW_AIV) /* fitted on AIV launches; the cube side's groups keep their fits (timing.md) */
    c.skq = scalar_load(wavesize(L, block, ncores), L->plat->aiv);
  runcore(&c, r, s);
  corefree(&c);
}

static void resfree(const sim_launch *L, blockres *r) {
  asc_sim_tape_free(r->tape);
  asc_ctx_free(r->diag);
  free(r->trace);
  free(r->icost);
  asc_sim_oobw_free(r->oobw, r->noobw);
  asc_sim_blockout_free(L, &r->out);
  memset(r, 0, sizeof *r);
}

/* Time a group's cores r[0 .. n) (a block of one core, or a MIX block's AIC and AIVs) again from their
 * tapes (their wave's shared L2 has set each copy's hits), together: their cross-core flags between
 * them hand over in the replay; keeps the first timing if the replay fails. */
static void retime(const sim_launch *L, blockres **r, int n) {
  sim_core **c = calloc((size_t)n, sizeof *c);
  sim_tape **t = calloc((size_t)n, sizeof *t);
  uint8_t *warned = calloc((size_t)L->ninsts + 1, 1);
  if (!c || !t || !warned)
    asc_die("out of memory");
  for (int k = 0; k < n; k++) {
    if (!(c[k] = calloc(1, sizeof *c[k])))
      asc_die("out of memory");
    t[k] = r[k]->tape;
    c[k]->L = L;
    c[k]->ctx = asc_ctx_new();
    c[k]->ctx->quiet = true;
    c[k]->kind = t[k]->kind;
    c[k]->block = t[k]->block;
    c[k]->pipemask = pipemask(t[k]->kind);
    c[k]->warned = warned;
    c[k]->gm_rate = t[k]->gm_rate;
    c[k]->gm_wrate = t[k]->gm_wrate;
    c[k]->skq = t[k]->skq;
    c[k]->l2_rate = t[k]->l2_rate;
  }
  bool ok = !asc_sim_tape_replay(c, t, n);
  for (int k = 0; k < n; k++) {
    sim_core *ck = c[k];
    blockres *rk = r[k];
    if (ok) {
      take_times(rk, ck);
      if (L->tracing) {
        free(rk->icost);
        rk->icost = asc_sim_attrib(ck->trace, ck->ntrace, rk->cycles, L->end, L->ninsts, &rk->nicost);
        free(rk->trace);
        rk->trace = L->keep_trace ? ck->trace : NULL;
        rk->ntrace = L->keep_trace ? ck->ntrace : 0;
        if (L->keep_trace)
          ck->trace = NULL;
      }
    }
    asc_sim_pipes_free(ck);
    asc_sim_records_free(ck->recs, ck->nrecs); /* what the replay finds (a double set) the first timing reported */
    asc_ctx_free(ck->ctx);
    free(ck);
  }
  free(warned);
  free(t);
  free(c);
}

typedef struct grunner grunner;
static void sweep_parts(grunner *G, sim_l2replay *R);

/* The wave of groups r[0 .. n * per) (group g: its cores r[g * per ..]; all run, none failed): its copies
 * through one shared L2, then each group timed again.  In block order, so the times do not depend on the
 * host threads; G: the wave's group runner, whose other host thread may sweep part of the L2 (sweep_parts),
 * or NULL. */
static void retime_wave(const sim_launch *L, blockres **r, int n, int per, grunner *G) {
  int m = n * per;
  sim_tape **t = calloc((size_t)m, sizeof *t);
  if (!t)
    asc_die("out of memory");
  bool ok = true;
  for (int i = 0; i < m; i++) {
    t[i] = r[i]->tape;
    ok &= r[i]->rc == 0 && t[i] && !t[i]->bad;
  }
  if (ok) {
    sim_l2replay *R = replay_take(L);
    int np = asc_sim_l2_shared_begin(L->cost, t, m, R, G ? 2 : 1);
    if (np == 2)
      sweep_parts(G, R);
    else if (np == 1)
      asc_sim_l2_shared_part(L->cost, R, 0);
    if (np)
      asc_sim_l2_shared_end(t, R);
    replay_give(L, R);
    for (int g = 0; g < n; g++) {
      bool moved = false; /* a core's new times move its partners' waits: the group again, or none of it */
      for (int k = 0; k < per; k++)
        moved |= t[g * per + k]->moved;
      if (moved)
        retime(L, &r[g * per], per);
    }
  }
  for (int i = 0; i < m; i++) {
    tape_give(L, r[i]->tape);
    r[i]->tape = NULL;
  }
  free(t);
}

/* Block b starts on the core that frees up first (hardware.md §1.1). */
static int place(runner *R, int b, const blockres *r) {
  asc_sim_report *rep = R->rep;
  int k = 0;
  for (int i = 1; i < rep->ncores; i++)
    if (rep->cores[i].cycles < rep->cores[k].cycles)
      k = i;
  asc_sim_core_report *cr = &rep->cores[k];
  if (!cr->blocks && r->start) { /* the core starts: scalar work before its first block (docs/timing.md) */
    cr->start_cycles = r->start;
    cr->cycles += r->start;
    cr->busy[ASC_PIPEID_PIPE_S] += r->start;
    cr->busy_sum[ASC_PIPEID_PIPE_S] += r->start;
  }
  if (R->tb)
    R->tb[b] = (sim_tblock){r->trace, r->ntrace, k, cr->cycles, R->L->naic ? ASC_HW_AIC : ASC_HW_AIV,
                            cr->blocks ? 0 : r->start};
  cr->cycles += r->cycles;
  cr->blocks++;
  cr->overlap_mte2_v += r->overlap;
  cr->metrics_cycles += r->metrics;
  for (int p = 0; p < ASC_SIM_NPIPES; p++) {
    cr->busy[p] += r->busy[p];
    cr->busy_sum[p] += r->busy_sum[p];
    cr->blocked[p] += r->blocked[p];
  }
  if (cr->cycles > rep->cycles)
    rep->cycles = cr->cycles;
  return k;
}

/* sim_launch.retime: the wave that starts at block R->done has run; it is timed again. */
static bool wave_ready(runner *R) {
  const sim_launch *L = R->L;
  int n = L->blocks - R->done < L->retime ? L->blocks - R->done : L->retime;
  blockres **w = calloc((size_t)n, sizeof *w);
  if (!w)
    asc_die("out of memory");
  bool all = true;
  for (int i = 0; i < n && all; i++)
    all = (w[i] = &R->ring[(R->done + i) % R->window])->ready;
  if (all)
    retime_wave(L, w, n, 1, NULL);
  free(w);
  return all;
}

/* Commit the finished blocks that are next in order (R->mu held). */
static void commit(runner *R) {
  const sim_launch *L = R->L;
  for (blockres *r; !R->stop && (r = &R->ring[R->done % R->window])->ready; R->done++) {
    if (L->retime && R->done % L->retime == 0 && !wave_ready(R)) /* its wave first, then in order */
      break;
    bool cause = r->diag->nerrors == 0; /* a failed block: what it let through first */
    if (!cause)
      asc_sim_oob_replay_cause(L, r->oobw, r->noobw, &R->seen, R->rep, &cause);
    for (const asc_diag_rec *d = r->diag->diags; d; d = d->next)
      asc_diag(L->ctx, d->loc, d->sev, "%s", d->msg);
    asc_sim_oob_replay(L, r->oobw, r->noobw, &R->seen, R->rep); /* of op sites no earlier block warned about */
    asc_sim_live_commit(L, r->diag, r->oobw, r->noobw, R->done);
    asc_sim_print_commit(L, &r->out, R->rep);
    asc_sim_san_commit_block(L, R->done, &r->out);
    int k = place(R, R->done, r);
    if (R->all)
      asc_sim_icost_add(R->all, r->icost, r->nicost);
    if (R->pc)
      asc_sim_icost_add(R->pc[k], r->icost, r->nicost);
    if (R->tb)
      r->trace = NULL; /* kept for writetrace */
    R->failed = R->stop = r->rc != 0;
    if (R->failed)
      atomic_store(&R->halt, true);
    resfree(L, r);
  }
  pthread_cond_broadcast(&R->cv);
}

static void *worker(void *arg) {
  runner *R = arg;
  const sim_launch *L = R->L;
  scratch *s = asc_sim_scratch_take(L);
  pthread_mutex_lock(&R->mu);
  for (;;) {
    while (!R->stop && R->next < L->blocks && R->next >= R->done + R->window)
      pthread_cond_wait(&R->cv, &R->mu);
    if (asc_sim_cancelled(L))
      R->stop = true;
    if (R->stop || R->next >= L->blocks)
      break;
    int b = R->next++;
    pthread_mutex_unlock(&R->mu);
    blockres r;
    memset(&r, 0, sizeof r);
    runblock(L, b, R->ncores, &r, s);
    pthread_mutex_lock(&R->mu);
    if (R->stop) { /* a block before it failed: the result is not used */
      resfree(L, &r);
      continue;
    }
    r.ready = true;
    R->ring[b % R->window] = r;
    commit(R);
  }
  pthread_cond_broadcast(&R->cv);
  pthread_mutex_unlock(&R->mu);
  asc_sim_scratch_give(L, s);
  return NULL;
}

/* Host threads: the option, else ASC_SIM_THREADS, else one per host CPU. */
static int nthreads(const asc_sim_options *o, int blocks) {
  const char *env = getenv("ASC_SIM_THREADS");
  long n = o->threads > 0 ? o->threads : env && atoi(env) > 0 ? atoi(env) : sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1)
    n = 1;
  if (n > 256)
    n = 256;
  return n < blocks ? (int)n : blocks;
}

/* Run every block on `threads` host threads (the caller's thread is one of them; the others
 * are the program's parked ones, hostpool.c, which block every signal). */
static void runthreads(const sim_launch *L, void *(*fn)(void *), void *arg, int threads) {
  sim_hostthread **t = calloc((size_t)threads, sizeof *t);
  if (!t)
    asc_die("out of memory");
  int started = 0;
  for (int i = 1; i < threads; i++, started++)
    if (!(t[i] = asc_sim_host_start(L->hosts, fn, arg)))
      break;
  fn(arg);
  for (int i = 1; i <= started; i++)
    asc_sim_host_join(L->hosts, t[i]);
  free(t);
}

/* The report's launch overhead: hw.def launch (pyasc test_vadd, whose fit holds every core's start-up) less
 * the slowest core's start-up, which is in that core's time (docs/timing.md "Scalar time"). */
static int64_t launch_cycles(const sim_launch *L, const asc_sim_report *rep) {
  int64_t start = 0;
  for (int k = 0; k < rep->ncores; k++)
    if (rep->cores[k].start_cycles > start)
      start = rep->cores[k].start_cycles;
  return L->cost->launch > start ? L->cost->launch - start : 0;
}

/* The report's per-line costs and, when asked for, the profile directory. */
static int costs(const sim_launch *L, const asc_sim_options *o, const runner *R, asc_sim_report *rep) {
  asc_sim_report_lines(rep, R->all, L->ninsts);
  for (int k = 0; k < rep->ncores; k++)
    rep->core_cycles += rep->cores[k].cycles;
  if (!o->profile_dir)
    return 0;
  sim_prof p = {L->ctx, L->plat, launch_cycles(L, rep), L->blocks, L->naic, L->naiv, L->ninsts, o->profile_dir,
                asc_func_name(L->func), R->tb, R->done, (const sim_icost *const *)R->pc, rep};
  return asc_sim_profile_write(&p);
}

static int runall(sim_launch *L, const asc_sim_options *o, asc_sim_report *rep) {
  int ncores = L->blocks < L->plat->aiv ? L->blocks : L->plat->aiv, threads = nthreads(o, L->blocks);
  rep->ncores = ncores;
  rep->cores = calloc((size_t)ncores, sizeof *rep->cores);
  runner R = {.L = L, .rep = rep, .ncores = ncores, .window = WINDOW * threads};
  L->retime = !L->jitter && ncores > 1 ? ncores : 0; /* one shared L2 per wave */
  R.ring = calloc((size_t)R.window, sizeof *R.ring);
  if (L->keep_trace && !(R.tb = calloc((size_t)L->blocks, sizeof *R.tb)))
    asc_die("out of memory");
  if (L->tracing && !(R.all = calloc((size_t)L->ninsts + 1, sizeof *R.all)))
    asc_die("out of memory");
  if (o->profile_dir && !(R.pc = calloc((size_t)ncores, sizeof *R.pc)))
    asc_die("out of memory");
  for (int k = 0; R.pc && k < ncores; k++)
    if (!(R.pc[k] = calloc((size_t)L->ninsts + 1, sizeof *R.pc[k])))
      asc_die("out of memory");
  if (!rep->cores || !R.ring)
    asc_die("out of memory");
  pthread_mutex_init(&R.mu, NULL);
  pthread_cond_init(&R.cv, NULL);
  atomic_init(&R.halt, false);
  atomic_init(&R.lived, false);
  atomic_init(&R.livenext, 0);
  L->halt = &R.halt;
  L->lived = &R.lived;
  L->livenext = &R.livenext;
  runthreads(L, worker, &R, threads);
  L->halt = NULL;
  L->lived = NULL;
  L->livenext = NULL;
  pthread_mutex_destroy(&R.mu);
  pthread_cond_destroy(&R.cv);
  int rc = R.failed || R.done < L->blocks ? -1 : 0;
  if (asc_sim_cancelled(L))
    asc_error(L->ctx, ASC_LOC_UNKNOWN, "launch interrupted (cancel requested) after %d of %d blocks", R.done,
              L->blocks);
  if (!rc && L->tracing)
    rc = costs(L, o, &R, rep);
  if (o->trace_path && !rc)
    asc_sim_trace_write(L->ctx, o->trace_path, R.tb, R.done, L->plat->mhz);
  for (int b = 0; R.tb && b < R.done; b++)
    free((sim_trec *)R.tb[b].recs);
  for (int i = 0; i < R.window; i++) /* results left behind by a stop */
    resfree(L, &R.ring[i]);
  for (int k = 0; R.pc && k < ncores; k++)
    free(R.pc[k]);
  free(R.pc);
  free(R.all);
  free(R.tb);
  free(R.ring);
  free(R.seen.ops);
  return rc;
}

/* ---- core groups (MIX kernels, cross-core synchronization, atomics; xcore.c) ----
 * A group is the cores of one block, or every core of the launch (L->cosim_all).  Groups run
 * on the host threads like blocks do, at most a window of them ahead of the last committed
 * one; the cores of a group run on one timeline (xcore.c), so the results do not depend on
 * the number of threads.  Committed in group order: each block's cores in instance order,
 * placed together on the group slot (an AIC and its AIVs) that frees up first. */
struct grunner {
  const sim_launch *L;
  runner *R;        /* what is committed: the report, traces, per-line costs, failure */
  int ngroups, gsize, per, slots, nslots, window;
  blockres *ring;   /* group g's core results at ring[(g % window) * gsize] */
  bool *ready;      /* per ring slot: run, waiting for its turn */
  int64_t *slotend; /* when each group slot frees up */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int next, done; /* groups taken, groups committed */
  bool stop;      /* a committed group failed, or the launch was cancelled */
  int threads;
  /* A wave timed again on one host thread (the lock released) while another commits its results (the
   * parts of a commit that do not depend on the times: diagnostics, out-of-bounds warnings, printed
   * output, the sanitizer's records), in order: groups [done, pre) have been, up to pre_end. */
  bool inwave;   /* a host thread is timing the wave [done, pre_end) again: it commits their times */
  bool pretaken; /* a host thread is committing the wave's results */
  int pre, pre_end;
  sim_l2replay *sweep; /* the wave's replay, whose second part of the sweep is offered (sweep_parts) */
  bool swtaken, swdone;
};

/* The two parts of the wave's sweep (asc_sim_l2_shared_begin): the second offered to an idle host thread
 * (gworker), the first on this one (G->mu not held); returns when both have been swept. */
static void sweep_parts(grunner *G, sim_l2replay *R) {
  pthread_mutex_lock(&G->mu);
  G->sweep = R;
  G->swtaken = G->swdone = false;
  pthread_cond_broadcast(&G->cv);
  pthread_mutex_unlock(&G->mu);
  asc_sim_l2_shared_part(G->L->cost, R, 0);
  pthread_mutex_lock(&G->mu);
  if (!G->swtaken) {
    G->swtaken = true;
    pthread_mutex_unlock(&G->mu);
    asc_sim_l2_shared_part(G->L->cost, R, 1);
    pthread_mutex_lock(&G->mu);
    G->swdone = true;
  }
  while (!G->swdone)
    pthread_cond_wait(&G->cv, &G->mu);
  G->sweep = NULL;
  pthread_mutex_unlock(&G->mu);
}

typedef struct gcore {
  sim_core c;
  scratch *s;
  blockres *res;
} gcore;

static void rungcore(sim_core *c, void *user) {
  (void)user;
  gcore *g = (gcore *)c; /* c is the first member of its gcore */
  runcore(c, g->res, g->s);
}

/* Runs group g's cores into res[0 .. gsize). */
static void rungroup(grunner *G, int g, blockres *res) {
  const sim_launch *L = G->L;
  int first = g * G->gsize, n = G->gsize;
  gcore *gc = calloc((size_t)n, sizeof *gc);
  sim_core **cores = calloc((size_t)n, sizeof *cores);
  if (!gc || !cores)
    asc_die("out of memory");
  for (int i = 0; i < n; i++) {
    gc[i].s = asc_sim_scratch_take(L);
    coreinit(&gc[i].c, L, first + i, gc[i].s);
    gc[i].res = &res[i];
    gc[i].c.ctx = res[i].diag = asc_ctx_new();
    res[i].diag->quiet = true;
    gc[i].c.out = &res[i].out;
    gc[i].c.gm_rate = gmrate(L, &gc[i].c, G->slots, false);
    gc[i].c.gm_wrate = gmrate(L, &gc[i].c, G->slots, true);
    l2share(L, &gc[i].c, gc[i].c.block, G->slots);
    cores[i] = &gc[i].c;
    L->xinfo[first + i].group = g;
    L->xinfo[first + i].gidx = i;
  }
  asc_sim_run_group(L, n, cores, rungcore, G);
  for (int i = 0; i < n; i++) {
    corefree(&gc[i].c);
    asc_sim_scratch_give(L, gc[i].s);
  }
  free(gc);
  free(cores);
}

/* Commits what block b's cores (results r[0 .. per)) found and wrote besides their times: diagnostics,
 * out-of-bounds warnings, printed output and files, the sanitizer's records (in instance order). */
static void commit_results(grunner *G, int b, blockres *r) {
  const sim_launch *L = G->L;
  runner *R = G->R;
  asc_sim_report *rep = R->rep;
  /* A failed block (a deadlock, an error on one core): what its cores let through comes first,
   * the vector cores' before the AIC's (they write the calls the AIC serves), and the first of
   * it is the launch's error. */
  bool cause = true;
  for (int m = 0; m < G->per; m++)
    cause &= r[m].diag->nerrors == 0;
  for (int pass = 0; pass < 2 && !cause; pass++)
    for (int m = 0; m < G->per; m++) {
      int cb, kind, sub;
      asc_sim_inst_core(L, b * G->per + m, &cb, &kind, &sub);
      if ((kind == ASC_HW_AIC) == (pass == 1))
        asc_sim_oob_replay_cause(L, r[m].oobw, r[m].noobw, &R->seen, rep, &cause);
    }
  for (int m = 0; m < G->per; m++, r++) {
    int inst = b * G->per + m;
    for (const asc_diag_rec *d = r->diag->diags; d; d = d->next)
      asc_diag(L->ctx, d->loc, d->sev, "%s", d->msg);
    asc_sim_oob_replay(L, r->oobw, r->noobw, &R->seen, rep);
    asc_sim_live_commit(L, r->diag, r->oobw, r->noobw, inst);
    asc_sim_print_commit(L, &r->out, rep);
    asc_sim_san_commit_block(L, inst, &r->out);
    asc_ctx_free(r->diag); /* what resfree would free, off the times' path */
    r->diag = NULL;
    asc_sim_oobw_free(r->oobw, r->noobw);
    r->oobw = NULL;
    r->noobw = 0;
  }
}

/* Commits block b's cores' times (results r[0 .. per), their other results committed) on the group slot
 * that frees up first, and frees the results. */
static void commit_times(grunner *G, int b, blockres *r) {
  const sim_launch *L = G->L;
  runner *R = G->R;
  asc_sim_report *rep = R->rep;
  int k = 0;
  for (int i = 1; i < G->nslots; i++)
    if (G->slotend[i] < G->slotend[k])
      k = i;
  int64_t tb = 0;
  for (int m = 0; m < G->per; m++, r++) {
    int inst = b * G->per + m, ck = k * G->per + m;
    asc_sim_core_report *cr = &rep->cores[ck];
    if (R->tb) {
      int cb, kind, sub;
      asc_sim_inst_core(L, inst, &cb, &kind, &sub);
      R->tb[inst] = (sim_tblock){r->trace, r->ntrace, ck, G->slotend[k], kind, 0};
      r->trace = NULL; /* kept for the trace writer */
    }
    cr->cycles = G->slotend[k] + r->cycles;
    cr->blocks++;
    cr->overlap_mte2_v += r->overlap;
    cr->metrics_cycles += r->metrics;
    for (int p = 0; p < ASC_SIM_NPIPES; p++) {
      cr->busy[p] += r->busy[p];
      cr->busy_sum[p] += r->busy_sum[p];
      cr->blocked[p] += r->blocked[p];
    }
    if (R->all)
      asc_sim_icost_add(R->all, r->icost, r->nicost);
    if (R->pc)
      asc_sim_icost_add(R->pc[ck], r->icost, r->nicost);
    tb = r->cycles > tb ? r->cycles : tb;
    R->failed |= r->rc != 0;
    R->done = inst + 1;
    resfree(L, r);
  }
  G->slotend[k] += tb;
  if (G->slotend[k] > rep->cycles)
    rep->cycles = G->slotend[k];
}

/* The results of the wave's groups [G->pre, G->pre_end) committed (G->pretaken: by this thread; G->mu not
 * held). */
static void precommit(grunner *G) {
  int bpg = G->gsize / G->per;
  for (int g = G->pre; g < G->pre_end; g++) {
    blockres *res = &G->ring[(size_t)(g % G->window) * (size_t)G->gsize];
    for (int i = 0; i < bpg; i++)
      commit_results(G, g * bpg + i, &res[i * G->per]);
  }
}

/* sim_launch.retime (groups of one block): the wave that starts at group G->done has run; it is timed
 * again.  When none of its cores failed (the replay only then changes a time, and every group of the
 * wave is committed) and another host thread is there, that thread commits the groups' other results
 * meanwhile (gworker), else this one after the replay. */
static bool gwave_ready(grunner *G) {
  const sim_launch *L = G->L;
  int n = G->ngroups - G->done < L->retime ? G->ngroups - G->done : L->retime;
  blockres **w = calloc((size_t)n * (size_t)G->gsize, sizeof *w);
  if (!w)
    asc_die("out of memory");
  bool all = true;
  for (int i = 0; i < n && all; i++) {
    all = G->ready[(G->done + i) % G->window];
    for (int k = 0; k < G->gsize; k++)
      w[i * G->gsize + k] = &G->ring[(size_t)((G->done + i) % G->window) * (size_t)G->gsize + (size_t)k];
  }
  bool ok = all && G->threads > 1;
  for (int i = 0; ok && i < n * G->gsize; i++)
    ok = w[i]->rc == 0;
  if (ok) {
    G->inwave = true;
    G->pretaken = false;
    G->pre = G->done;
    G->pre_end = G->done + n;
    pthread_cond_broadcast(&G->cv);
    pthread_mutex_unlock(&G->mu);
    retime_wave(L, w, n, G->gsize, G);
    pthread_mutex_lock(&G->mu);
    if (!G->pretaken) {
      G->pretaken = true;
      pthread_mutex_unlock(&G->mu);
      precommit(G);
      pthread_mutex_lock(&G->mu);
      G->pre = G->pre_end;
    }
    while (G->pre < G->pre_end)
      pthread_cond_wait(&G->cv, &G->mu);
    G->inwave = false;
  } else if (all) {
    retime_wave(L, w, n, G->gsize, NULL);
  }
  free(w);
  return all;
}

/* Commits the run groups that are next in order (G->mu held); nothing after a failing block. */
static void gcommit(grunner *G) {
  int bpg = G->gsize / G->per; /* blocks per group */
  if (G->inwave) /* the thread timing the wave commits after it */
    return;
  for (int s; (!G->stop || G->done < G->pre_end) && G->ready[s = G->done % G->window]; G->done++) {
    if (G->L->retime && G->done % G->L->retime == 0 && !gwave_ready(G)) /* its wave first */
      break;
    blockres *res = &G->ring[(size_t)s * (size_t)G->gsize];
    for (int i = 0; i < bpg && !G->R->failed; i++) {
      if (G->done >= G->pre_end)
        commit_results(G, G->done * bpg + i, &res[i * G->per]);
      commit_times(G, G->done * bpg + i, &res[i * G->per]);
    }
    for (int i = 0; i < G->gsize; i++) /* the blocks after a failing one */
      resfree(G->L, &res[i]);
    G->ready[s] = false;
    G->stop = G->R->failed;
  }
  pthread_cond_broadcast(&G->cv);
}

static void *gworker(void *arg) {
  grunner *G = arg;
  blockres *res = calloc((size_t)G->gsize, sizeof *res);
  if (!res)
    asc_die("out of memory");
  pthread_mutex_lock(&G->mu);
  for (;;) {
    /* nothing to run (the window is full, or every group taken) while groups are still to be committed:
     * this thread commits the results of a wave that another one times again (gwave_ready) */
    bool idle = G->next >= G->ngroups || G->next >= G->done + G->window;
    if (idle && G->sweep && !G->swtaken) { /* the sweep's second part first: the wave waits on it */
      sim_l2replay *R = G->sweep;
      G->swtaken = true;
      pthread_mutex_unlock(&G->mu);
      asc_sim_l2_shared_part(G->L->cost, R, 1);
      pthread_mutex_lock(&G->mu);
      G->swdone = true;
      pthread_cond_broadcast(&G->cv);
      continue;
    }
    if (idle && G->inwave && !G->pretaken) {
      G->pretaken = true;
      pthread_mutex_unlock(&G->mu);
      precommit(G);
      pthread_mutex_lock(&G->mu);
      G->pre = G->pre_end;
      pthread_cond_broadcast(&G->cv);
      continue;
    }
    if (idle && !G->stop && (G->next < G->ngroups || (G->L->retime && G->done < G->ngroups))) {
      pthread_cond_wait(&G->cv, &G->mu);
      continue;
    }
    if (asc_sim_cancelled(G->L))
      G->stop = true;
    if (G->stop || G->next >= G->ngroups)
      break;
    int g = G->next++;
    pthread_mutex_unlock(&G->mu);
    rungroup(G, g, res);
    pthread_mutex_lock(&G->mu);
    if (G->stop) { /* a group before it failed: the result is not used */
      for (int i = 0; i < G->gsize; i++)
        resfree(G->L, &res[i]);
      continue;
    }
    memcpy(&G->ring[(size_t)(g % G->window) * (size_t)G->gsize], res, sizeof *res * (size_t)G->gsize);
    memset(res, 0, sizeof *res * (size_t)G->gsize);
    G->ready[g % G->window] = true;
    gcommit(G);
  }
  pthread_cond_broadcast(&G->cv);
  pthread_mutex_unlock(&G->mu);
  free(res);
  return NULL;
}

/* A launch of core groups (MIX blocks, or one group of every core when the kernel uses
 * sync_all or atomics): each group is one unit of work on the host threads; its cores'
 * results are committed in instance order, group after group, like runall's blocks
 * (diagnostics, out-of-bounds warnings, sanitizer findings and GM accesses, placement,
 * per-line costs), and nothing after the first failing group. */
static int runall_groups(sim_launch *L, const asc_sim_options *o, asc_sim_report *rep) {
  int per = L->naic + L->naiv;
  int slots = L->naic && L->naiv ? (L->plat->aic < L->plat->aiv / L->naiv ? L->plat->aic : L->plat->aiv / L->naiv)
              : L->naic ? L->plat->aic : L->plat->aiv;
  if (L->blocking_all && L->blocks > slots) {
    asc_error(L->ctx, ASC_LOC_UNKNOWN, "%d blocks but %s has room for %d at once: sync_all, mode-0 cross-core "
              "flags and workspace handshakes need every block resident (the hardware would hang)", L->blocks,
              L->plat->name, slots);
    return -1;
  }
  int ngroups = L->cosim_all ? 1 : L->blocks, threads = nthreads(o, ngroups);
  int nslots = L->blocks < slots ? L->blocks : slots;
  /* the report's cores: a block (all its cores) starts on the group slot that frees up first */
  rep->ncores = nslots * per;
  rep->cores = calloc((size_t)rep->ncores, sizeof *rep->cores);
  runner R = {.L = L, .rep = rep, .ncores = rep->ncores};
  /* one shared L2 per wave of blocks (a MIX block's cores, which wait on each other, are timed again
   * together); not for launch-wide groups */
  L->retime = !L->jitter && per <= SIM_XSRC && !L->cosim_all && nslots > 1 ? nslots : 0;
  grunner G = {.L = L, .R = &R, .ngroups = ngroups, .gsize = L->cosim_all ? L->ninst : per, .per = per,
               .slots = slots, .nslots = nslots, .window = WINDOW * threads < ngroups ? WINDOW * threads : ngroups,
               .threads = threads};
  G.ring = calloc((size_t)G.window * (size_t)G.gsize, sizeof *G.ring);
  G.ready = calloc((size_t)G.window, sizeof *G.ready);
  G.slotend = calloc((size_t)nslots, sizeof *G.slotend);
  L->xinfo = calloc((size_t)L->ninst, sizeof *L->xinfo);
  if (!rep->cores || !G.ring || !G.ready || !G.slotend || !L->xinfo)
    asc_die("out of memory");
  if (L->keep_trace && !(R.tb = calloc((size_t)L->ninst, sizeof *R.tb)))
    asc_die("out of memory");
  if (L->tracing && !(R.all = calloc((size_t)L->ninsts + 1, sizeof *R.all)))
    asc_die("out of memory");
  if (o->profile_dir && !(R.pc = calloc((size_t)rep->ncores, sizeof *R.pc)))
    asc_die("out of memory");
  for (int k = 0; R.pc && k < rep->ncores; k++)
    if (!(R.pc[k] = calloc((size_t)L->ninsts + 1, sizeof *R.pc[k])))
      asc_die("out of memory");
  for (int k = 0; k < rep->ncores; k++) {
    int b, kind, sub;
    asc_sim_inst_core(L, k, &b, &kind, &sub);
    rep->cores[k].kind = kind;
  }
  pthread_mutex_init(&G.mu, NULL);
  pthread_cond_init(&G.cv, NULL);
  atomic_init(&R.lived, false);
  atomic_init(&R.livenext, 0);
  L->lived = &R.lived;
  L->livenext = &R.livenext;
  runthreads(L, gworker, &G, threads);
  L->lived = NULL;
  L->livenext = NULL;
  pthread_mutex_destroy(&G.mu);
  pthread_cond_destroy(&G.cv);
  int rc = R.failed || R.done < L->ninst ? -1 : 0;
  if (asc_sim_cancelled(L))
    asc_error(L->ctx, ASC_LOC_UNKNOWN, "launch interrupted (cancel requested) after %d of %d blocks",
              R.done / per, L->blocks);
  if (!rc && L->tracing)
    rc = costs(L, o, &R, rep);
  if (o->trace_path && !rc)
    asc_sim_trace_write(L->ctx, o->trace_path, R.tb, R.done, L->plat->mhz);
  for (int i = 0; R.tb && i < R.done; i++)
    free((sim_trec *)R.tb[i].recs);
  for (size_t i = 0; i < (size_t)G.window * (size_t)G.gsize; i++) /* results left behind by a stop */
    resfree(L, &G.ring[i]);
  for (int k = 0; R.pc && k < rep->ncores; k++)
    free(R.pc[k]);
  free(R.pc);
  free(R.all);
  free(R.tb);
  free(R.seen.ops);
  free(G.ring);
  free(G.ready);
  free(G.slotend);
  return rc;
}

static void xinfofree(sim_launch *L) {
  for (int i = 0; L->xinfo && i < L->ninst; i++) {
    for (int k = 0; k < L->xinfo[i].nhist; k++)
      free(L->xinfo[i].hist[k]);
    free(L->xinfo[i].hist);
  }
  free(L->xinfo);
  L->xinfo = NULL;
}

static const asc_op *findkernel(asc_module *m, const char *kernel) {
  if (kernel)
    return asc_module_lookup_func(m, kernel);
  const asc_op *only = NULL;
  for (const asc_op *op = asc_module_body(m)->first; op; op = op->next)
    if (op->code == ASC_OP_FUNC) {
      if (only)
        return NULL;
      only = op;
    }
  return only;
}

static const asc_platform *pickplatform(asc_ctx *ctx, const char *name) {
  const asc_platform *p = asc_platform_find(name);
  if (!p)
    asc_error(ctx, ASC_LOC_UNKNOWN, "unknown platform '%s' (see asc_platform_at for the list)", name);
  else if (p->estimate)
    asc_diag(ctx, ASC_LOC_UNKNOWN, ASC_SEV_WARNING, "platform %s: cores or clock are not public; assuming "
             "%d AIC / %d AIV at %.0f MHz", p->name, p->aic, p->aiv, p->mhz);
  return p;
}

/* The platform and the block count of a run; -1 after an error on L->ctx. */
static int runcheck(sim_launch *L, const asc_sim_options *o) {
  if (!(L->plat = pickplatform(L->ctx, o->platform)))
    return -1;
  L->cost = asc_sim_costs_of(L->plat);
  if (o->blocks < 1 || o->blocks > ASC_SIM_MAX_BLOCKS) {
    asc_error(L->ctx, ASC_LOC_UNKNOWN, o->blocks < 1 ? "Core number should be large than 0 (got %d blocks)" :
              "a launch has at most 65535 blocks (got %d)", o->blocks);
    return -1;
  }
  return 0;
}

/* The part of a launch that depends on the kernel only: verify, find, classify, lower. */
static int compile(sim_launch *L, asc_module *m, const char *kernel, const asc_sim_options *o) {
  if (o->verify && asc_verify(m) > 0)
    return -1;
  const asc_op *func = findkernel(m, kernel);
  if (!func) {
    asc_error(L->ctx, ASC_LOC_UNKNOWN, kernel ? "no kernel named '%s' in the module" :
              "%sthe module must hold exactly one func.func when no kernel name is given", kernel ? kernel : "");
    return -1;
  }
  if (func->nregions < 1 || !func->regions[0].block) {
    asc_error(L->ctx, asc_op_diag_loc(func), "kernel '%s' has no body", asc_func_name(func));
    return -1;
  }
  asc_sim_init_events(L);
  L->func = func;
  if (asc_sim_classify(L, func, o->kernel_type))
    return -1;
  return asc_sim_lower(L, func);
}

struct asc_sim_program {
  sim_launch L; /* the program fields (arena, slots, instructions, events, kernel type, spare tapes); a
                   run copies it */
  asc_module *m;
  int kernel_type; /* the one it was classified with */
};

asc_sim_program *asc_sim_compile(asc_module *m, const char *kernel, const asc_sim_options *opts) {
  asc_sim_options dflt;
  asc_sim_options_init(&dflt);
  asc_sim_program *p = calloc(1, sizeof *p);
  if (!p)
    asc_die("out of memory");
  p->m = m;
  p->L.ctx = m->ctx;
  p->kernel_type = (opts ? opts : &dflt)->kernel_type;
  p->L.tapes = asc_sim_spares_new(INT_MAX, TAPEPOOL_BYTES);
  p->L.replays = asc_sim_spares_new(1, TAPEPOOL_BYTES);
  p->L.scratches = asc_sim_scratchpool_new();
  p->L.hosts = asc_sim_hostpool_new();
  p->L.stacks = asc_sim_stackpool_new();
  asc_sim_sanspares_new(&p->L);
  if (compile(&p->L, m, kernel, opts ? opts : &dflt)) {
    asc_sim_program_free(p);
    return NULL;
  }
  return p;
}

void asc_sim_program_free(asc_sim_program *p) {
  if (!p)
    return;
  asc_arena_free_all(&p->L.arena);
  asc_sim_spares_free(p->L.tapes, tape_drop);
  asc_sim_spares_free(p->L.replays, replay_drop);
  asc_sim_scratchpool_free(p->L.scratches);
  asc_sim_hostpool_free(p->L.hosts);
  asc_sim_stackpool_free(p->L.stacks);
  asc_sim_sanspares_free(&p->L);
  free(p);
}

/* Run p with the options of o; checked: the platform and block count were checked on this
 * context already (asc_sim_launch). */
static int run(asc_sim_program *p, const asc_sim_args *args, const asc_sim_options *o, asc_sim_report *rep,
               bool checked) {
  asc_ctx *ctx = p->m->ctx;
  memset(rep, 0, sizeof *rep);
  int e0 = ctx->nerrors, w0 = ctx->nwarnings;
  sim_launch L = p->L; /* the program is shared (read-only); the rest is this run's */
  L.ctx = ctx;
  L.blocks = o->blocks;
  L.tracing = o->trace_path || o->profile_dir || o->lines;
  L.keep_trace = o->trace_path || o->profile_dir;
  L.sanitize = o->sanitize != 0;
  L.strict_gm = o->strict_gm != 0;
  L.race_warn = o->race_warn != 0;
  L.jitter = o->jitter_seed;
  L.max_insts = o->max_instructions;
  L.cancel = o->cancel;
  L.live_fd = o->live_fd;
  int rc = 0;
  if (checked) {
    L.plat = asc_platform_find(o->platform);
    L.cost = asc_sim_costs_of(L.plat);
  } else {
    rc = runcheck(&L, o);
  }
  if (!rc && o->kernel_type != p->kernel_type)
    rc = asc_sim_classify(&L, L.func, o->kernel_type);
  L.ninst = L.blocks * (L.naic + L.naiv);
  if (!rc)
    rc = bindargs(&L, L.func, args);
  if (!rc) {
    asc_sim_san_launch_begin(&L);
    rc = !L.naic && !L.cosim_all ? runall(&L, o, rep) : runall_groups(&L, o, rep);
    asc_sim_san_launch_end(&L, rep, rc != 0);
    xinfofree(&L);
  }
  if (L.plat && L.cost) {
    rep->launch_cycles = launch_cycles(&L, rep);
    rep->cycles += rep->launch_cycles;
    rep->platform = L.plat->name;
    rep->mhz = L.plat->mhz;
    rep->us = (double)rep->cycles / L.plat->mhz;
  }
  rep->nerrors = ctx->nerrors - e0;
  rep->nwarnings = ctx->nwarnings - w0;
  free(L.args);
  free(L.gm);
  return rc || rep->nerrors ? 1 : 0;
}

int asc_sim_run(asc_sim_program *p, const asc_sim_args *args, const asc_sim_options *opts, asc_sim_report *report) {
  asc_sim_options dflt;
  asc_sim_report local;
  asc_sim_options_init(&dflt);
  int rc = run(p, args, opts ? opts : &dflt, report ? report : &local, false);
  if (!report)
    asc_sim_report_free(&local);
  return rc;
}

int asc_sim_launch(asc_module *m, const char *kernel, const asc_sim_args *args, const asc_sim_options *opts,
                   asc_sim_report *report) {
  asc_sim_options dflt;
  asc_sim_report local;
  asc_sim_options_init(&dflt);
  const asc_sim_options *o = opts ? opts : &dflt;
  asc_sim_report *rep = report ? report : &local;
  memset(rep, 0, sizeof *rep);
  int e0 = m->ctx->nerrors, w0 = m->ctx->nwarnings;
  sim_launch chk = {.ctx = m->ctx};
  asc_sim_program *p = NULL;
  int rc = runcheck(&chk, o) || !(p = asc_sim_compile(m, kernel, o));
  if (!rc)
    rc = run(p, args, o, rep, true);
  else if (chk.plat && chk.cost) { /* the report of a launch that did not run */
    rep->launch_cycles = rep->cycles = chk.cost->launch;
    rep->platform = chk.plat->name;
    rep->mhz = chk.plat->mhz;
    rep->us = (double)rep->cycles / chk.plat->mhz;
  }
  asc_sim_program_free(p);
  rep->nerrors = m->ctx->nerrors - e0;
  rep->nwarnings = m->ctx->nwarnings - w0;
  if (!report)
    asc_sim_report_free(&local);
  return rc || rep->nerrors ? 1 : 0;
}
