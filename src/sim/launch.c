/* launch.c - asc_sim_launch: match the arguments to the kernel's parameters, lower the
 * kernel, run every block on a fresh core on a pool of host threads (all core state is in
 * sim_core; GM is shared, and race-free kernels write disjoint bytes), then place the
 * blocks on the platform's cores in waves and fill the report. */
#include <pthread.h>
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
  o->strict_gm = 1;
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
  for (int i = 0; i < r->ncores; i++) {
    const asc_sim_core_report *c = &r->cores[i];
    asc_sb_printf(&sb, "core %d: %d block%s, %lld cycles; busy", i, c->blocks, c->blocks == 1 ? "" : "s",
                  (long long)c->cycles);
    for (size_t p = 0; p < sizeof pipes / sizeof pipes[0]; p++)
      asc_sb_printf(&sb, " %s %lld", asc_sim_pipe_name(pipes[p]), (long long)c->busy[pipes[p]]);
    asc_sb_puts(&sb, "; blocked");
    for (size_t p = 0; p < sizeof pipes / sizeof pipes[0]; p++)
      asc_sb_printf(&sb, " %s %lld", asc_sim_pipe_name(pipes[p]), (long long)c->blocked[pipes[p]]);
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

/* ---- running ---- */
/* What one block leaves behind.  Its diagnostics go to a private context (asc_diag on the
 * shared one is not thread-safe) and are replayed in block order after the join, so the
 * output does not depend on which thread ran what. */
typedef struct blockres {
  int rc;
  asc_ctx *diag; /* NULL: the block was skipped */
  int64_t cycles, overlap;
  int64_t busy[ASC_SIM_NPIPES], blocked[ASC_SIM_NPIPES];
  sim_trec *trace;
  int ntrace;
  sim_icost *icost; /* per instruction (profile.c) */
  int nicost;
  sim_oobw *oobw; /* out-of-bounds warnings let through (memory.c), replayed once per op site */
  int noobw;
} blockres;

typedef struct runner {
  const sim_launch *L;
  blockres *res;
  int ncores;
  atomic_int next;     /* next block to take */
  atomic_int firsterr; /* lowest failing block so far (L->blocks: none); later ones are skipped */
} runner;

/* The big per-core arrays, allocated once per host thread and cleared for every block:
 * a fresh 192 KiB UB per block would be an mmap and ~50 page faults each time.  Of UB only
 * the bytes the previous block could have changed ([dlo, dhi), the hull of its accesses)
 * are cleared again: a kernel using half of UB does not pay for zeroing all of it. */
typedef struct scratch {
  sim_val *slots;
  uint8_t *ub, *warned;
  int64_t dlo, dhi; /* UB bytes that may be non-zero */
  sim_trec *trace;  /* the trace records' buffer, when the blocks' records are not kept */
  int tcap;
} scratch;

static void scratchinit(scratch *s, const sim_launch *L) {
  s->slots = malloc(sizeof *s->slots * ((size_t)L->nslots + 1));
  s->ub = malloc((size_t)L->plat->ub_bytes);
  s->warned = malloc((size_t)L->ninsts + 1);
  if (!s->slots || !s->ub || !s->warned)
    asc_die("out of memory");
  s->dlo = 0;
  s->dhi = L->plat->ub_bytes;
  s->trace = NULL;
  s->tcap = 0;
}

static void scratchfree(scratch *s) {
  free(s->trace);
  free(s->slots);
  free(s->ub);
  free(s->warned);
}

static void coreinit(sim_core *c, const sim_launch *L, int block, scratch *s) {
  memset(c, 0, sizeof *c);
  c->L = L;
  c->ctx = L->ctx;
  c->block = block;
  c->ub_bytes = L->plat->ub_bytes;
  c->slots = memset(s->slots, 0, sizeof *s->slots * ((size_t)L->nslots + 1));
  c->ub = s->ub; /* every block sees the same UB: zeros */
  if (s->dhi > s->dlo)
    memset(s->ub + s->dlo, 0, (size_t)(s->dhi - s->dlo));
  c->ub_lo = c->ub_bytes;
  c->ub_hi = 0;
  c->warned = memset(s->warned, 0, (size_t)L->ninsts + 1);
  asc_sim_sys_init(c);
  c->mask[0] = c->mask[1] = ~0ull;
  c->counter = false;
  c->cmpmask[0] = c->cmpmask[1] = 0;
  c->gather_kept = 0;
  c->trace = s->trace; /* reused: no realloc and page faults per block */
  c->tcap_trace = s->tcap;
  s->trace = NULL;
  for (int i = 0; i < L->entry.nargs; i++)
    c->slots[L->entry.args[i]] = L->args[i];
}

static void corefree(sim_core *c) {
  asc_sim_mem_free(c);
  asc_sim_timing_free(c);
  free(c->queues);
  free(c->tbufs);
}

/* GM bytes per cycle of block b: blocks run in waves of ncores, and the cores of a wave
 * split the chip's bandwidth evenly (hardware.md §13.4). */
static double gmrate(const sim_launch *L, int b, int ncores) {
  int wave = b / ncores, active = L->blocks - wave * ncores;
  if (active > ncores)
    active = ncores;
  double share = L->cost->gm_chip_bytes_per_cycle / active, one = L->cost->gm_core_bytes_per_cycle;
  return share < one ? share : one;
}

static void runblock(const sim_launch *L, int block, int ncores, blockres *r, scratch *s) {
  sim_core c;
  coreinit(&c, L, block, s);
  c.ctx = r->diag = asc_ctx_new();
  r->diag->quiet = true;
  c.gm_rate = gmrate(L, block, ncores);
  int rc = asc_sim_run_block(&c, &L->entry);
  if (!rc)
    rc = asc_sim_tpipe_destroy(&c, L->end);
  if (!rc)
    rc = asc_sim_drain(&c, L->end);
  if (!rc)
    asc_sim_check_unpaired(&c, L->end);
  r->rc = rc || r->diag->nerrors ? -1 : 0;
  r->cycles = asc_sim_core_time(&c);
  r->overlap = c.overlap;
  for (int p = 0; p < ASC_SIM_NPIPES; p++) {
    r->busy[p] = c.pipes[p].busy;
    r->blocked[p] = c.pipes[p].blocked;
  }
  r->blocked[ASC_PIPEID_PIPE_S] += c.sblocked;
  s->dlo = c.ub_lo; /* what this block may have written */
  s->dhi = c.ub_hi;
  if (L->tracing)
    r->icost = asc_sim_attrib(c.trace, c.ntrace, r->cycles, L->end, L->ninsts, &r->nicost);
  if (L->keep_trace) { /* handed over */
    r->trace = c.trace;
    r->ntrace = c.ntrace;
  } else { /* back to the thread's scratch for the next block */
    s->trace = c.trace;
    s->tcap = c.tcap_trace;
  }
  c.trace = NULL;
  r->oobw = c.oobw;
  r->noobw = c.noobw;
  c.oobw = NULL;
  c.noobw = 0;
  corefree(&c);
}

static void *worker(void *arg) {
  runner *R = arg;
  scratch s;
  scratchinit(&s, R->L);
  for (;;) {
    int b = atomic_fetch_add(&R->next, 1);
    if (b >= R->L->blocks)
      break;
    if (b > atomic_load(&R->firsterr))
      continue; /* the sequential run would have stopped before it */
    runblock(R->L, b, R->ncores, &R->res[b], &s);
    if (R->res[b].rc) {
      int e = atomic_load(&R->firsterr);
      while (b < e && !atomic_compare_exchange_weak(&R->firsterr, &e, b))
        ;
    }
  }
  scratchfree(&s);
  return NULL;
}

static int nthreads(const asc_sim_options *o, int blocks) {
  long n = o->threads > 0 ? o->threads : sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1)
    n = 1;
  return n < blocks ? (int)n : blocks;
}

/* Run every block on `threads` host threads (the caller's thread is one of them). */
static void runthreads(runner *R, int threads) {
  pthread_t *t = calloc((size_t)threads, sizeof *t);
  if (!t)
    asc_die("out of memory");
  int started = 0;
  for (int i = 1; i < threads; i++, started++)
    if (pthread_create(&t[i], NULL, worker, R))
      break;
  worker(R);
  for (int i = 1; i <= started; i++)
    pthread_join(t[i], NULL);
  free(t);
}

/* Replay block b's diagnostics on the shared context, then its out-of-bounds warnings
 * of op sites no earlier block warned about. */
static void replay(const sim_launch *L, const blockres *r, sim_oobseen *seen, asc_sim_report *rep) {
  for (const asc_diag_rec *d = r->diag->diags; d; d = d->next)
    asc_diag(L->ctx, d->loc, d->sev, "%s", d->msg);
  asc_sim_oob_replay(L, r->oobw, r->noobw, seen, rep);
}

static void writetrace(const sim_launch *L, const asc_sim_options *o, const blockres *res, const int *core,
                       const int64_t *start, int n) {
  sim_tblock *tb = calloc((size_t)n + 1, sizeof *tb);
  if (!tb)
    asc_die("out of memory");
  for (int b = 0; b < n; b++)
    tb[b] = (sim_tblock){res[b].trace, res[b].ntrace, core[b], start[b]};
  asc_sim_trace_write(L->ctx, o->trace_path, tb, n, L->plat->mhz);
  free(tb);
}

/* Blocks start on the core that frees up first, in index order (hardware.md §1.1); the
 * placement is computed after the run from each block's time, so it is deterministic. */
static void place(const blockres *res, int nrun, int *core, int64_t *start, asc_sim_report *rep) {
  for (int b = 0; b < nrun; b++) {
    int k = 0;
    for (int i = 1; i < rep->ncores; i++)
      if (rep->cores[i].cycles < rep->cores[k].cycles)
        k = i;
    asc_sim_core_report *cr = &rep->cores[k];
    core[b] = k;
    start[b] = cr->cycles;
    cr->cycles += res[b].cycles;
    cr->blocks++;
    cr->overlap_mte2_v += res[b].overlap;
    for (int p = 0; p < ASC_SIM_NPIPES; p++) {
      cr->busy[p] += res[b].busy[p];
      cr->blocked[p] += res[b].blocked[p];
    }
    if (cr->cycles > rep->cycles)
      rep->cycles = cr->cycles;
  }
}

/* The report's per-line costs and, when asked for, the profile directory. */
static int costs(const sim_launch *L, const asc_sim_options *o, const blockres *res, const int *core,
                 const int64_t *start, int n, asc_sim_report *rep) {
  int nc = rep->ncores, rc = 0;
  sim_icost *all = calloc((size_t)L->ninsts + 1, sizeof *all);
  if (!all)
    asc_die("out of memory");
  for (int b = 0; b < n; b++)
    asc_sim_icost_add(all, res[b].icost, res[b].nicost);
  asc_sim_report_lines(rep, all, L->ninsts);
  for (int k = 0; k < nc; k++)
    rep->core_cycles += rep->cores[k].cycles;
  free(all);
  if (!o->profile_dir)
    return 0;
  sim_icost **pc = calloc((size_t)nc + 1, sizeof *pc);
  sim_tblock *tb = calloc((size_t)n + 1, sizeof *tb);
  if (!pc || !tb)
    asc_die("out of memory");
  for (int k = 0; k < nc; k++)
    if (!(pc[k] = calloc((size_t)L->ninsts + 1, sizeof *pc[k])))
      asc_die("out of memory");
  for (int b = 0; b < n; b++) {
    asc_sim_icost_add(pc[core[b]], res[b].icost, res[b].nicost);
    tb[b] = (sim_tblock){res[b].trace, res[b].ntrace, core[b], start[b]};
  }
  sim_prof p = {L, o->profile_dir, asc_func_name(L->func), tb, n, (const sim_icost *const *)pc, rep};
  rc = asc_sim_profile_write(&p);
  for (int k = 0; k < nc; k++)
    free(pc[k]);
  free(pc);
  free(tb);
  return rc;
}

static int runall(const sim_launch *L, const asc_sim_options *o, asc_sim_report *rep) {
  int ncores = L->blocks < L->plat->aiv ? L->blocks : L->plat->aiv;
  rep->ncores = ncores;
  rep->cores = calloc((size_t)ncores, sizeof *rep->cores);
  runner R = {.L = L, .ncores = ncores};
  R.res = calloc((size_t)L->blocks, sizeof *R.res);
  int *core = calloc((size_t)L->blocks, sizeof *core);
  int64_t *start = calloc((size_t)L->blocks, sizeof *start);
  if (!rep->cores || !R.res || !core || !start)
    asc_die("out of memory");
  atomic_init(&R.next, 0);
  atomic_init(&R.firsterr, L->blocks);
  runthreads(&R, nthreads(o, L->blocks));
  int nrun = 0, rc = 0;
  sim_oobseen seen = {0};
  for (int b = 0; b < L->blocks && !rc; b++, nrun++) {
    replay(L, &R.res[b], &seen, rep);
    rc = R.res[b].rc;
  }
  place(R.res, nrun, core, start, rep);
  if (!rc && L->tracing)
    rc = costs(L, o, R.res, core, start, nrun, rep);
  if (o->trace_path && !rc)
    writetrace(L, o, R.res, core, start, nrun);
  for (int b = 0; b < L->blocks; b++) {
    asc_ctx_free(R.res[b].diag);
    free(R.res[b].trace);
    free(R.res[b].icost);
    asc_sim_oobw_free(R.res[b].oobw, R.res[b].noobw);
  }
  free(seen.ops);
  free(R.res);
  free(core);
  free(start);
  return rc;
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

static const asc_sim_platform *pickplatform(asc_ctx *ctx, const char *name) {
  const asc_sim_platform *p = asc_sim_platform_find(name);
  if (!p)
    asc_error(ctx, ASC_LOC_UNKNOWN, "unknown platform '%s' (see asc_sim_platform_at for the list)", name);
  else if (p->estimate)
    asc_diag(ctx, ASC_LOC_UNKNOWN, ASC_SEV_WARNING, "platform %s: cores or clock are not public; assuming "
             "%d AIC / %d AIV at %.0f MHz", p->name, p->aic, p->aiv, p->mhz);
  return p;
}

static int setup(sim_launch *L, asc_module *m, const char *kernel, const asc_sim_args *args,
                 const asc_sim_options *o) {
  if (!(L->plat = pickplatform(L->ctx, o->platform)))
    return -1;
  if (o->blocks < 1) {
    asc_error(L->ctx, ASC_LOC_UNKNOWN, "Core number should be large than 0 (got %d blocks)", o->blocks);
    return -1;
  }
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
  if (bindargs(L, func, args))
    return -1;
  return asc_sim_lower(L, func);
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
  sim_launch L = {.ctx = m->ctx, .cost = asc_sim_default_costs(), .blocks = o->blocks,
                  .tracing = o->trace_path || o->profile_dir || o->lines,
                  .keep_trace = o->trace_path || o->profile_dir, .sanitize = o->sanitize != 0,
                  .strict_gm = o->strict_gm != 0,
                  .jitter = o->jitter_seed};
  int rc = setup(&L, m, kernel, args, o);
  if (!rc) {
    asc_sim_san_launch_begin(&L);
    rc = runall(&L, o, rep);
    asc_sim_san_launch_end(&L, rep);
  }
  if (L.plat) {
    rep->launch_cycles = L.cost->launch;
    rep->cycles += rep->launch_cycles;
    rep->platform = L.plat->name;
    rep->mhz = L.plat->mhz;
    rep->us = (double)rep->cycles / L.plat->mhz;
  }
  rep->nerrors = m->ctx->nerrors - e0;
  rep->nwarnings = m->ctx->nwarnings - w0;
  asc_arena_free_all(&L.arena);
  free(L.args);
  free(L.gm);
  if (!report)
    asc_sim_report_free(&local);
  return rc || rep->nerrors ? 1 : 0;
}
