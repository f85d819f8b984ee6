/* control.c - the scalar unit's interpreter loop and structured control flow
 * (scf.for, scf.if, scf.while).  Region terminators are not executed: the parent op
 * reads their operand slots.
 *
 * The watchdog: every region entered counts its instructions plus one (so an empty loop
 * body counts too) in c->steps; every SIM_POLL steps asc_sim_poll looks at the launch's
 * cancel flag and the max_instructions limit.  The loops running are kept on a small stack
 * with their iteration counts, so a stop is reported at the loop that has iterated most:
 * the endless one, whether it is the innermost or an outer loop around finite ones. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

int asc_sim_poll(sim_core *c) {
  const sim_launch *L = c->L;
  if (asc_sim_halted(L)) /* the launch says why once (launch.c) */
    return -1;
  if (L->max_insts > 0 && c->steps > L->max_insts) {
    int n = c->nloops < SIM_MAXLOOPS ? c->nloops : SIM_MAXLOOPS, best = -1;
    for (int i = 0; i < n; i++)
      if (best < 0 || c->loops[i].iters > c->loops[best].iters)
        best = i;
    if (best < 0)
      return asc_sim_found_at(c, ASC_SIM_CHK_WATCHDOG, ASC_SEV_ERROR, c->cur ? c->cur : L->end,
                              "watchdog: the block executed more than %lld instructions or their worth of "
                              "data movement and cube work (max_instructions)",
                              (long long)L->max_insts);
    return asc_sim_found_at(c, ASC_SIM_CHK_WATCHDOG, ASC_SEV_ERROR, c->loops[best].in,
                            "watchdog: the block executed more than %lld instructions or their worth of data "
                            "movement and cube work (max_instructions) and "
                            "this loop is still running after %lld iterations: does it ever end? (raise "
                            "max_instructions if the kernel really needs more)", (long long)L->max_insts,
                            (long long)c->loops[best].iters);
  }
  c->poll_at = c->steps + SIM_POLL;
  if (L->max_insts > 0 && c->poll_at > L->max_insts + 1)
    c->poll_at = L->max_insts + 1;
  return 0;
}

static void loopenter(sim_core *c, const sim_inst *in) {
  if (c->nloops < SIM_MAXLOOPS) {
    c->loops[c->nloops].in = in;
    c->loops[c->nloops].iters = 0;
  }
  c->nloops++;
}

static void loopiter(sim_core *c) {
  if (c->nloops <= SIM_MAXLOOPS)
    c->loops[c->nloops - 1].iters++;
}

/* Leaves the loop; passes rc through. */
static int loopleave(sim_core *c, int rc) {
  c->nloops--;
  return rc;
}

int asc_sim_run_block(sim_core *c, const sim_block *b) {
  if (asc_sim_tick(c, b->ninsts + 1))
    return -1;
  for (int i = 0; i < b->ninsts; i++) {
    const sim_inst *in = &b->insts[i];
    c->cur = in;
    int64_t s0 = c->L->tracing ? asc_sim_tmark(c) : c->sclk;
    c->sfree = in->nocharge;
    int rc = in->fn(c, in);
    c->sfree = false;
    if (rc)
      return -1;
    if (c->L->tracing) /* the scalar unit's time on this op, for the SCALAR row */
      asc_sim_trace_scalar(c, in, s0);
    if (c->san && asc_sim_san_commit(c, in)) /* its accesses, now that they are known */
      return -1;
  }
  return 0;
}

/* Parallel assignment: a yield may permute the loop-carried values. */
void asc_sim_copy_slots(sim_core *c, const int *dst, const int *src, int n) {
  sim_val tmp[8];
  sim_val *t = n <= 8 ? tmp : malloc(sizeof *t * (size_t)n);
  if (!t)
    asc_die("out of memory");
  for (int i = 0; i < n; i++)
    t[i] = c->slots[src[i]];
  for (int i = 0; i < n; i++)
    c->slots[dst[i]] = t[i];
  if (t != tmp)
    free(t);
}

/* The values a region's terminator passes on, skipping `skip` leading operands. */
static const int *termvals(const sim_block *b, int skip, int *n) {
  if (!b->term) {
    *n = 0;
    return NULL;
  }
  *n = b->term->nin - skip;
  return b->term->in + skip;
}

static void toresults(sim_core *c, const sim_inst *in, const int *src, int n) {
  for (int i = 0; i < n && i < in->op->nresults; i++)
    c->slots[in->out + i] = c->slots[src[i]];
}

/* scf.for lb, ub, step, inits...: body args are (iv, carried...). */
int asc_exec_forop(sim_core *c, const sim_inst *in) {
  int64_t lb = sim_in(c, in, ASC_OPND_FOR_lower_bound)->i, ub = sim_in(c, in, ASC_OPND_FOR_upper_bound)->i,
      step = sim_in(c, in, ASC_OPND_FOR_step)->i;
  const sim_block *body = &in->regions[0];
  int ncar = in->nin - 3, ny;
  if (step <= 0)
    return asc_sim_err(c, in->op, "scf.for: step %lld is not positive", (long long)step);
  if (body->nargs != ncar + 1)
    return asc_sim_err(c, in->op, "scf.for: body has %d arguments for %d carried values", body->nargs, ncar);
  asc_sim_copy_slots(c, body->args + 1, in->in + 3, ncar);
  if (in->hoisted) /* the loop-invariant ops the device runs before the loop (scharge.c) */
    asc_sim_scalar(c, (int64_t)in->hoisted * c->L->cost->scalar_op);
  loopenter(c, in);
  for (int64_t iv = lb; iv < ub; iv += step) {
    sim_val *ivs = &c->slots[body->args[0]];
    ivs->i = asc_sim_wrap(iv, asc_sim_dtype_of(in->op->operands[ASC_OPND_FOR_lower_bound]->type));
    asc_sim_scalar(c, c->L->cost->scalar_op);
    loopiter(c);
    if (asc_sim_run_block(c, body))
      return loopleave(c, -1);
    const int *y = termvals(body, 0, &ny);
    asc_sim_copy_slots(c, body->args + 1, y, ny < ncar ? ny : ncar);
    if (iv > INT64_MAX - step)
      break;
  }
  loopleave(c, 0);
  toresults(c, in, body->args + 1, ncar);
  return 0;
}

int asc_exec_ifop(sim_core *c, const sim_inst *in) {
  const sim_block *b = &in->regions[sim_in(c, in, ASC_OPND_IF_cond)->i ? 0 : 1];
  int ny;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  if (asc_sim_run_block(c, b))
    return -1;
  const int *y = termvals(b, 0, &ny);
  toresults(c, in, y, ny);
  return 0;
}

/* scf.while inits: before(args) ends in scf.condition(c, vals); after(vals) yields args. */
int asc_exec_whileop(sim_core *c, const sim_inst *in) {
  const sim_block *before = &in->regions[0], *after = &in->regions[1];
  int n;
  asc_sim_copy_slots(c, before->args, in->in, in->nin < before->nargs ? in->nin : before->nargs);
  if (in->hoisted)
    asc_sim_scalar(c, (int64_t)in->hoisted * c->L->cost->scalar_op);
  loopenter(c, in);
  for (;;) {
    asc_sim_scalar(c, c->L->cost->scalar_op);
    loopiter(c);
    if (asc_sim_run_block(c, before))
      return loopleave(c, -1);
    if (!before->term)
      return loopleave(c, asc_sim_err(c, in->op, "scf.while: the before region has no scf.condition"));
    const int *vals = termvals(before, 1, &n);
    if (!c->slots[before->term->in[0]].i) {
      toresults(c, in, vals, n);
      return loopleave(c, 0);
    }
    asc_sim_copy_slots(c, after->args, vals, n < after->nargs ? n : after->nargs);
    if (asc_sim_run_block(c, after))
      return loopleave(c, -1);
    vals = termvals(after, 0, &n);
    asc_sim_copy_slots(c, before->args, vals, n < before->nargs ? n : before->nargs);
  }
}

