/* launch.c - asc_sim_launch: match the arguments to the kernel's parameters, lower the
 * kernel, run every block on a fresh core (one after another for now; all core state is
 * in sim_core so host threads can come later), and fill the report. */
#include <stdlib.h>
#include <string.h>

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
}

/* ---- report ---- */
void asc_sim_report_free(asc_sim_report *r) {
  if (!r)
    return;
  free(r->cores);
  r->cores = NULL;
  r->ncores = 0;
}

char *asc_sim_report_text(const asc_sim_report *r) {
  static const int pipes[] = {ASC_PIPEID_PIPE_S, ASC_PIPEID_PIPE_V, ASC_PIPEID_PIPE_MTE2, ASC_PIPEID_PIPE_MTE3};
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_printf(&sb, "platform %s (%.0f MHz), %d core%s used\n", r->platform ? r->platform : "?", r->mhz,
                r->ncores, r->ncores == 1 ? "" : "s");
  asc_sb_printf(&sb, "total: %lld cycles = %.3f us\n", (long long)r->cycles, r->us);
  for (int i = 0; i < r->ncores; i++) {
    asc_sb_printf(&sb, "core %d: %d block%s, %lld cycles; busy", i, r->cores[i].blocks,
                  r->cores[i].blocks == 1 ? "" : "s", (long long)r->cores[i].cycles);
    for (size_t p = 0; p < sizeof pipes / sizeof pipes[0]; p++)
      asc_sb_printf(&sb, " %s %lld", asc_sim_pipe_name(pipes[p]), (long long)r->cores[i].busy[pipes[p]]);
    asc_sb_putc(&sb, '\n');
  }
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
    L->gm[L->ngm] = (sim_gm){a->ptr, a->bytes, a->name ? a->name : "?", a->dtype};
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
static void coreinit(sim_core *c, const sim_launch *L, int block) {
  memset(c, 0, sizeof *c);
  c->L = L;
  c->ctx = L->ctx;
  c->block = block;
  c->ub_bytes = L->plat->ub_bytes;
  c->slots = calloc((size_t)L->nslots + 1, sizeof *c->slots);
  c->ub = calloc((size_t)c->ub_bytes, 1);
  c->warned = calloc((size_t)L->ninsts + 1, 1);
  if (!c->slots || !c->ub || !c->warned)
    asc_die("out of memory");
  c->mask[0] = c->mask[1] = ~0ull;
  for (int i = 0; i < L->entry.nargs; i++)
    c->slots[L->entry.args[i]] = L->args[i];
}

static void corefree(sim_core *c) {
  asc_sim_timing_free(c);
  free(c->slots);
  free(c->ub);
  free(c->warned);
  free(c->queues);
  free(c->tbufs);
}

/* Run one block; its time and per-pipe busy cycles go to *cycles and busy. */
static int runblock(const sim_launch *L, int block, int64_t *cycles, int64_t *busy) {
  sim_core c;
  coreinit(&c, L, block);
  int rc = asc_sim_run_block(&c, &L->entry);
  if (!rc)
    rc = asc_sim_tpipe_destroy(&c, L->end);
  if (!rc)
    rc = asc_sim_drain(&c, L->end);
  if (!rc)
    asc_sim_check_unpaired(&c, L->end);
  *cycles = asc_sim_core_time(&c);
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    busy[p] = c.pipes[p].busy;
  corefree(&c);
  return rc;
}

/* Blocks start on the core that frees up first, in index order (hardware.md §1.1). */
static int runall(const sim_launch *L, asc_sim_report *rep) {
  int ncores = L->blocks < L->plat->aiv ? L->blocks : L->plat->aiv;
  rep->ncores = ncores;
  rep->cores = calloc((size_t)ncores, sizeof *rep->cores);
  if (!rep->cores)
    asc_die("out of memory");
  for (int b = 0; b < L->blocks; b++) {
    int k = 0;
    for (int i = 1; i < ncores; i++)
      if (rep->cores[i].cycles < rep->cores[k].cycles)
        k = i;
    int64_t cyc, busy[ASC_SIM_NPIPES];
    if (runblock(L, b, &cyc, busy))
      return -1;
    asc_sim_core_report *cr = &rep->cores[k];
    cr->cycles += cyc;
    cr->blocks++;
    for (int p = 0; p < ASC_SIM_NPIPES; p++)
      cr->busy[p] += busy[p];
    if (cr->cycles > rep->cycles)
      rep->cycles = cr->cycles;
  }
  return 0;
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
  sim_launch L = {.ctx = m->ctx, .cost = asc_sim_default_costs(), .blocks = o->blocks};
  int rc = setup(&L, m, kernel, args, o);
  if (!rc)
    rc = runall(&L, rep);
  if (L.plat) {
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
