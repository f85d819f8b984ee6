/* canonicalize.c - simplification to a fixed point: constant folding and identities
 * of the arith ops (fold.c), scf.if with a constant condition, scf.for with constant
 * bounds running zero times or once, and removal of dead pure ops and of empty
 * scf.if/scf.for.
 *
 * Each round is two sweeps.  The simplify sweep visits ops in order, nested regions
 * before their op, so a chain of constants folds in one round.  The dead-code sweep
 * visits ops in reverse with use counts, so a chain of dead ops goes in one round.
 * Every rewrite keeps the IR verifiable: replacements dominate the uses they take
 * over (they are defined before the op they replace, or outside its regions). */
#include "passes/passes.h"

enum { CANON_MAX_ROUNDS = 16 }; /* a round normally finishes what it can see */

typedef struct canon {
  asc_module *m;
  asc_op *scope; /* nearest isolated ancestor: where the uses of a replaced value live */
  bool changed;
} canon;

/* ---- the simplify sweep ---- */

/* Replace op by the contents of region r (one block ending in scf.yield, whose
 * operands become op's results); an empty region stands for "no ops, no results". */
static bool inlineregion(canon *c, asc_op *op, asc_region *r) {
  asc_op *y;
  if (!r->block) {
    if (op->nresults)
      return false;
    asc_op_unlink(op);
    return true;
  }
  y = asc_block_terminator(r->block);
  if (!y || y->code != ASC_OP_YIELD || y->noperands != op->nresults)
    return false;
  asc_pass_splice_before(op, r->block);
  asc_pass_replace_op(c->scope, op, y->operands);
  return true;
}

/* scf.if on a constant: the taken region replaces it. */
static bool foldif(canon *c, asc_op *op) {
  int64_t cond;
  if (op->nregions != 2 || op->noperands != 1 || !asc_pass_const_int(op->operands[ASC_OPND_IF_cond], &cond))
    return false;
  return inlineregion(c, op, &op->regions[cond ? 0 : 1]);
}

/* An scf.for known to run once: the body with iv := lb and the carried values :=
 * their inits replaces the loop. */
static bool inlinefor(canon *c, asc_op *op) {
  asc_block *b = op->regions[0].block;
  if (!b || b->nargs != op->noperands - 2)
    return false;
  for (int i = 0; i < b->nargs; i++)
    if (b->args[i]->type != (i ? op->operands[i + 2] : op->operands[ASC_OPND_FOR_lower_bound])->type)
      return false;
  for (int i = 0; i < b->nargs; i++)
    asc_replace_uses(op, b->args[i], i ? op->operands[i + 2] : op->operands[ASC_OPND_FOR_lower_bound]);
  return inlineregion(c, op, &op->regions[0]);
}

/* scf.for with constant bounds: zero trips leave the inits, one trip is the body. */
static bool foldfor(canon *c, asc_op *op) {
  int64_t lb, ub, step;
  int ninits = op->noperands - 3;
  if (op->nregions != 1 || ninits < 0 || ninits != op->nresults)
    return false;
  if (!asc_pass_const_int(op->operands[ASC_OPND_FOR_lower_bound], &lb) ||
      !asc_pass_const_int(op->operands[ASC_OPND_FOR_upper_bound], &ub))
    return false;
  if (lb >= ub) {
    asc_pass_replace_op(c->scope, op, op->operands + 3);
    return true;
  }
  if (!asc_pass_const_int(op->operands[ASC_OPND_FOR_step], &step) || step <= 0)
    return false;
  if ((uint64_t)ub - (uint64_t)lb > (uint64_t)step) /* ub - lb > 0 fits in uint64 */
    return false;
  return inlinefor(c, op);
}

static bool foldarith(canon *c, asc_op *op) {
  asc_value *v = asc_pass_fold(c->m, op);
  if (!v)
    return false;
  asc_pass_replace_op(c->scope, op, &v);
  return true;
}

static void simplifyblock(canon *c, asc_block *b);

/* Simplify the regions of op, then op itself (which may go away). */
static void simplifyop(canon *c, asc_op *op) {
  asc_op *outer = c->scope;
  if (asc_opinfo_of(op->code)->flags & ASC_F_ISOLATED)
    c->scope = op;
  for (int i = 0; i < op->nregions; i++)
    if (op->regions[i].block)
      simplifyblock(c, op->regions[i].block);
  c->scope = outer;
  if (op->code == ASC_OP_IF)
    c->changed |= foldif(c, op);
  else if (op->code == ASC_OP_FOR)
    c->changed |= foldfor(c, op);
  else if (asc_opinfo_of(op->code)->family == ASC_FAM_ARITH)
    c->changed |= foldarith(c, op);
}

/* A visit touches only its op, the op's regions and what it inserts before the op,
 * so the successor taken beforehand stays valid. */
static void simplifyblock(canon *c, asc_block *b) {
  asc_op *next;
  for (asc_op *op = b->first; op; op = next) {
    next = op->next;
    simplifyop(c, op);
  }
}

/* ---- the dead-code sweep ---- */

static void countuses(asc_op *op, void *user) {
  for (int i = 0; i < op->noperands; i++)
    asc_pass_map_add(user, op->operands[i], 1);
}

/* A region that does nothing: no block, or only a terminator without operands. */
static bool emptyregion(const asc_region *r) {
  const asc_block *b = r->block;
  if (!b || !b->first)
    return true;
  return b->first == b->last && (asc_opinfo_of(b->first->code)->flags & ASC_F_TERM) &&
         b->first->noperands == 0;
}

static bool isdead(const asc_pass_map *uses, const asc_op *op) {
  const asc_opinfo *info = asc_opinfo_of(op->code);
  if (op->code == ASC_OP_IF || op->code == ASC_OP_FOR) {
    for (int i = 0; i < op->nregions; i++)
      if (!emptyregion(&op->regions[i]))
        return false;
    return op->nresults == 0;
  }
  if (!(info->flags & ASC_F_PURE) || op->nregions)
    return false;
  for (int i = 0; i < op->nresults; i++)
    if (asc_pass_map_get(uses, &op->results[i]) > 0)
      return false;
  return true;
}

/* Later ops first, so that removing a use can make an earlier op dead in the same
 * sweep; nested regions before their op, since their uses count for outer values.
 * Only ops without results or with dead results are removed, and the nested ops of
 * a removed op have no operands, so the counts stay exact. */
static bool dceblock(asc_pass_map *uses, asc_block *b) {
  bool changed = false;
  asc_op *prev;
  for (asc_op *op = b->last; op; op = prev) {
    prev = op->prev;
    for (int i = 0; i < op->nregions; i++)
      if (op->regions[i].block)
        changed |= dceblock(uses, op->regions[i].block);
    if (!isdead(uses, op))
      continue;
    for (int i = 0; i < op->noperands; i++)
      asc_pass_map_add(uses, op->operands[i], -1);
    asc_op_unlink(op);
    changed = true;
  }
  return changed;
}

static bool dce(asc_module *m) {
  asc_pass_map uses;
  bool changed = false;
  asc_pass_map_init(&uses);
  asc_walk(m->op, countuses, &uses);
  for (int i = 0; i < m->op->nregions; i++)
    if (m->op->regions[i].block)
      changed |= dceblock(&uses, m->op->regions[i].block);
  asc_pass_map_free(&uses);
  return changed;
}

/* requires: verified; preserves: verified, op order, locations (new constants take the
 * location of the op they replace) */
int asc_pass_canonicalize(asc_module *m) {
  for (int round = 0; round < CANON_MAX_ROUNDS; round++) {
    canon c = {m, m->op, false};
    simplifyop(&c, m->op);
    if (!dce(m) && !c.changed)
      break;
  }
  return 0;
}
