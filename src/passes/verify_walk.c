/* verify_walk.c - verify-sync's walker over structured control flow (scf.if, scf.for,
 * scf.while), shared by its flow analyses, and the evaluator that computes an event id
 * from constants and the IVs of the loops being walked. */
#include "passes/verify_sync.h"

/* ---- ids as functions of loop IVs ------------------------------------------------------------ */

/* Small values only: the ids and IVs of interest are; anything larger is "unknown". */
static bool small(int64_t v) { return v > -(INT64_C(1) << 31) && v < (INT64_C(1) << 31); }

static bool eval(const vs_ctx *c, const asc_value *v, int64_t *out, int depth);

/* The arith ops an id computation is made of (the rest: unknown). */
static bool eval_op(const vs_ctx *c, const asc_op *d, int64_t *out, int depth) {
  int64_t a, b;
  if (d->noperands < 1 || !eval(c, d->operands[0], &a, depth + 1))
    return false;
  if (d->code == ASC_OP_INDEX_CAST || d->code == ASC_OP_EXTSI || (d->code == ASC_OP_EXTUI && a >= 0))
    return *out = a, true;
  if (d->noperands != 2 || !eval(c, d->operands[1], &b, depth + 1))
    return false;
  switch (d->code) {
  case ASC_OP_ADDI: *out = a + b; return true;
  case ASC_OP_SUBI: *out = a - b; return true;
  case ASC_OP_MULI: *out = a * b; return true;
  case ASC_OP_REMSI: return b != 0 && (*out = a % b, true);
  case ASC_OP_DIVSI: return b != 0 && (*out = a / b, true);
  case ASC_OP_REMUI: return a >= 0 && b > 0 && (*out = a % b, true);
  case ASC_OP_DIVUI: return a >= 0 && b > 0 && (*out = a / b, true);
  default: return false;
  }
}

static bool eval(const vs_ctx *c, const asc_value *v, int64_t *out, int depth) {
  if (asc_pass_const_int(v, out))
    return small(*out);
  for (int i = 0; i < c->nivs; i++)
    if (c->ivs[i].iv == v)
      return *out = c->ivs[i].val, true;
  if (!v->def || depth > 16 || !eval_op(c, v->def, out, depth))
    return false;
  return small(*out);
}

bool vs_eval(const vs_ctx *c, const asc_value *v, int64_t *out) { return eval(c, v, out, 0); }

/* ---- the walker ------------------------------------------------------------------------------ */


static asc_block *region_block(const asc_op *op, int i) {
  return i < op->nregions ? op->regions[i].block : NULL;
}

static void walk_opt(vs_ctx *c, const vs_domain *d, asc_block *b, void *st) {
  if (b)
    vs_walk_block(c, d, b, st);
}

/* Both arms start from st; afterwards st holds their meet.  An empty else is the
 * identity. */
static void walk_if(vs_ctx *c, const vs_domain *d, asc_op *op, void *st) {
  const asc_value *cond = op->noperands ? op->operands[0] : NULL;
  void *other = d->copy(st);
  if (d->enter_arm && cond) {
    d->enter_arm(st, cond, 0);
    d->enter_arm(other, cond, 1);
  }
  walk_opt(c, d, region_block(op, 0), st);
  walk_opt(c, d, region_block(op, 1), other);
  if (d->join_if && cond)
    d->join_if(st, other, cond);
  else
    d->join(st, other);
  d->drop(other);
}

/* Does a set_flag/wait_flag nested in loop take its id from the loop's IV (an id that
 * is not a constant but is one once the IV is known, e.g. iv % 2 for rotating slots)? */
typedef struct ivdep_scan {
  vs_ctx *c; /* with the IV bound as its last entry */
  bool hit;
} ivdep_scan;

static void ivdep_op(asc_op *op, void *user) {
  ivdep_scan *s = user;
  int64_t v;
  bool with_iv, without_iv;
  if ((op->code != ASC_OP_SET_FLAG && op->code != ASC_OP_WAIT_FLAG) || !vs_sync_op_ok(op))
    return;
  with_iv = vs_eval(s->c, op->operands[0], &v);
  s->c->nivs--;
  without_iv = vs_eval(s->c, op->operands[0], &v);
  s->c->nivs++;
  s->hit |= with_iv && !without_iv;
}

static bool ids_follow_iv(vs_ctx *c, asc_op *loop, const asc_value *iv, int64_t lb) {
  ivdep_scan s = {c, false};
  c->ivs[c->nivs++] = (vs_iv){iv, lb};
  asc_walk(loop, ivdep_op, &s);
  c->nivs--;
  return s.hit;
}

/* The two-iteration model (sync.md B.6): iteration 2 starts where iteration 1 ended,
 * so a flag or tensor left over by one iteration meets the next one.  The state after
 * the loop is the meet over 0 (unless the trip count is known), 1 and 2 iterations. */
static void walk_for_twice(vs_ctx *c, const vs_domain *d, asc_op *op, asc_block *body, void *st,
                           int64_t trips) {
  const asc_op *outer = c->later_iter;
  void *before = d->copy(st);
  vs_walk_block(c, d, body, st);
  if (trips != 1) {
    d->loop(c, before, st, op, true);
    void *once = d->copy(st);
    c->later_iter = op;
    vs_walk_block(c, d, body, st);
    c->later_iter = outer;
    d->join(st, once);
    d->drop(once);
  }
  if (trips < 0)
    d->join(st, before);
  d->drop(before);
}

/* Ids rotating with the IV (sync.md B.7: id = iv mod k) are only known iteration by
 * iteration, so such a loop is walked with the IV bound to each of its first values:
 * all iterations when there are at most VS_UNROLL, else VS_UNROLL of them (a multiple
 * of every rotation period 1, 2, 4, 8; any period <= 8 has all its phases in it).  The
 * state after the loop is exact for a known trip count <= VS_UNROLL, else the meet over
 * the iteration counts walked (and zero if the trip count is unknown). */
static void walk_for_concrete(vs_ctx *c, const vs_domain *d, asc_op *op, asc_block *body, void *st,
                              int64_t trips, int64_t lb, int64_t step) {
  int64_t n = trips < 0 || trips > VS_UNROLL ? VS_UNROLL : trips;
  const asc_op *outer = c->later_iter;
  void *before = d->copy(st), *exits = NULL;
  int slot = c->nivs++;
  for (int64_t j = 0; j < n; j++) {
    c->ivs[slot] = (vs_iv){body->args[0], lb + j * step};
    c->later_iter = j ? op : outer;
    vs_walk_block(c, d, body, st);
    d->loop(c, before, st, op, false);
    if (trips != n && !exits)
      exits = d->copy(st);
    else if (trips != n)
      d->join(exits, st);
  }
  c->nivs--;
  c->later_iter = outer;
  if (exits) {
    d->join(st, exits);
    d->drop(exits);
  }
  if (trips < 0)
    d->join(st, before);
  d->drop(before);
}

/* Past VS_MAXDEPTH: one iteration, met with zero (no finding is lost in this walk's
 * direction, but iteration-2 findings of the deepest loops are not looked for). */
static void walk_for_once(vs_ctx *c, const vs_domain *d, asc_block *body, void *st) {
  void *before = d->copy(st);
  vs_walk_block(c, d, body, st);
  d->join(st, before);
  d->drop(before);
}

static void walk_for(vs_ctx *c, const vs_domain *d, asc_op *op, void *st) {
  int64_t trips = asc_pass_trip_count(op), lb, step;
  asc_block *body = region_block(op, 0);
  if (trips == 0 || !body)
    return;
  c->depth++;
  if (c->depth > VS_MAXDEPTH)
    walk_for_once(c, d, body, st);
  else if (c->nivs < VS_MAXIVS && body->nargs > 0 && asc_pass_const_int(op->operands[0], &lb) &&
      asc_pass_const_int(op->operands[2], &step) && step > 0 && lb >= 0 && lb < INT32_MAX &&
      step < INT32_MAX && ids_follow_iv(c, op, body->args[0], lb))
    walk_for_concrete(c, d, op, body, st, trips, lb, step);
  else
    walk_for_twice(c, d, op, body, st, trips);
  c->depth--;
}

/* scf.while: the before region runs at least once; the loop exits after it.  Exit
 * states after 1 and 2 passes through it are met. */
static void walk_while(vs_ctx *c, const vs_domain *d, asc_op *op, void *st) {
  asc_block *cond = region_block(op, 0), *body = region_block(op, 1);
  const asc_op *outer = c->later_iter;
  void *before = d->copy(st);
  bool twice = ++c->depth <= VS_MAXDEPTH;
  walk_opt(c, d, cond, st);
  void *exit = d->copy(st);
  walk_opt(c, d, body, st);
  if (twice) {
    d->loop(c, before, st, op, true);
    c->later_iter = op;
    walk_opt(c, d, cond, st);
    d->join(exit, st);
    walk_opt(c, d, body, st);
  }
  walk_opt(c, d, cond, st);
  c->later_iter = outer;
  c->depth--;
  d->join(exit, st);
  d->drop(before);
  d->join(st, exit); /* st is an exit state too: this makes st the meet */
  d->drop(exit);
}

void vs_walk_block(vs_ctx *c, const vs_domain *d, asc_block *b, void *st) {
  for (asc_op *op = b->first; op; op = op->next) {
    d->op(c, st, op);
    if (op->code == ASC_OP_IF)
      walk_if(c, d, op, st);
    else if (op->code == ASC_OP_FOR)
      walk_for(c, d, op, st);
    else if (op->code == ASC_OP_WHILE)
      walk_while(c, d, op, st);
  }
}

