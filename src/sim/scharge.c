/* scharge.c - which of the kernel's scalar ops the device's scalar unit executes, and how often.
 *
 * The simulator runs the kernel's IR as written; the device runs what its compiler (bisheng,
 * LLVM at -O2) makes of the same source.  That compiler keeps constants in immediates, folds
 * integer casts into the ops that use them, hoists loop-invariant arithmetic out of loops
 * (LICM) and merges equal expressions it hoisted to the same place (GVN).  This pass, run once
 * after lowering, decides per pure op (ops.def's PURE flag, no regions) what the scalar unit is
 * charged for it (docs/timing.md, "Scalar code"):
 *
 *   - a constant or a cast the compiler folds into its users (ops.def's CONST and FOLDED flags): nothing;
 *   - an op whose operands are all available outside the innermost loop around it (after
 *     hoisting, transitively): one scalar_op at each entry of the outermost loop it does not
 *     depend on (sim_inst.hoisted of that loop), nothing per iteration; a division or remainder
 *     whose divisor is not a nonzero constant stays where it is when it sits under a condition
 *     inside that loop (ops.def's TRAPS flag: the compiler may not speculate it);
 *   - an expression equal to one already hoisted to the same loop (same op, attributes, result
 *     types and operand values): nothing more;
 *   - everything else: one scalar_op each time it runs, as before.
 *
 * Only the cost moves: every op still runs where it is written, so results are unchanged. */
#include <stdlib.h>

#include "sim/sim_int.h"

typedef struct charger {
  int *lvl;            /* slot -> loops around its value's definition after hoisting (0: none) */
  int *vn;             /* slot -> value number: the slot of the first equal hoisted expression */
  sim_inst *loops[SIM_MAXLOOPS * 4]; /* the loops around the op being looked at, outermost first */
  int conds[SIM_MAXLOOPS * 4];       /* conditional regions open when each loop was entered */
  int depth, ncond;
  const sim_inst **hoist; /* the hoisted ops, each available in loops[lvl of its result] and deeper */
  int nhoist, caphoist;
} charger;

static bool freeop(asc_opcode code) { return asc_opinfo_of(code)->flags & (ASC_F_CONST | ASC_F_FOLDED); }

static bool maytrap(const sim_inst *in) {
  if (!(asc_opinfo_of(in->op->code)->flags & ASC_F_TRAPS))
    return false;
  const asc_op *d = in->op->noperands > 1 ? in->op->operands[1]->def : NULL;
  const asc_attr *a = d && d->code == ASC_OP_CONSTANT ? asc_op_attr(d, "value") : NULL;
  return !(a && a->kind == ASC_ATTR_INT && a->i != 0);
}

/* a and b compute the same value: same op, attributes and result types, equal operand values */
static bool sameexpr(const charger *g, const sim_inst *a, const sim_inst *b) {
  const asc_op *x = a->op, *y = b->op;
  if (x->code != y->code || a->nin != b->nin || x->nattrs != y->nattrs || x->nresults != y->nresults)
    return false;
  for (int i = 0; i < a->nin; i++)
    if (g->vn[a->in[i]] != g->vn[b->in[i]])
      return false;
  for (int i = 0; i < x->nattrs; i++)
    if (x->attrs[i].name != y->attrs[i].name || !asc_attr_equal(x->attrs[i].value, y->attrs[i].value))
      return false;
  for (int i = 0; i < x->nresults; i++)
    if (x->results[i].type != y->results[i].type)
      return false;
  return true;
}

/* The pure op `in` is invariant in loops[m] and every loop inside it: charge it at loops[m]'s entry,
 * or not at all when an equal expression is hoisted there already. */
static void hoist(charger *g, sim_inst *in, int m) {
  in->nocharge = true;
  for (int i = 0; i < in->op->nresults; i++)
    g->lvl[in->out + i] = m;
  for (int k = 0; k < g->nhoist; k++)
    if (g->lvl[g->hoist[k]->out] == m && sameexpr(g, g->hoist[k], in)) {
      for (int i = 0; i < in->op->nresults; i++)
        g->vn[in->out + i] = g->vn[g->hoist[k]->out + i];
      return;
    }
  g->loops[m]->hoisted++;
  if (g->nhoist == g->caphoist) {
    g->caphoist = g->caphoist ? 2 * g->caphoist : 64;
    g->hoist = realloc(g->hoist, sizeof *g->hoist * (size_t)g->caphoist);
    if (!g->hoist)
      asc_die("out of memory");
  }
  g->hoist[g->nhoist++] = in;
}

static void chargeblock(charger *g, const sim_block *b);

/* A loop's or a condition's regions; on leaving a loop the ops hoisted to its entry are forgotten. */
static void chargeregions(charger *g, sim_inst *in) {
  bool loop = in->op->code == ASC_OP_FOR || in->op->code == ASC_OP_WHILE;
  bool track = loop && g->depth < (int)(sizeof g->loops / sizeof *g->loops);
  if (track) {
    g->loops[g->depth] = in;
    g->conds[g->depth++] = g->ncond;
  } else if (!loop)
    g->ncond++;
  for (int r = 0; r < in->nregions; r++)
    chargeblock(g, &in->regions[r]);
  if (track) {
    g->depth--;
    int n = 0;
    for (int k = 0; k < g->nhoist; k++)
      if (g->lvl[g->hoist[k]->out] != g->depth)
        g->hoist[n++] = g->hoist[k];
    g->nhoist = n;
  } else if (!loop)
    g->ncond--;
}

static void chargeinst(charger *g, sim_inst *in) {
  for (int i = 0; i < in->op->nresults; i++) {
    g->vn[in->out + i] = in->out + i;
    g->lvl[in->out + i] = g->depth;
  }
  if (in->nregions) {
    chargeregions(g, in);
    return;
  }
  if (!in->fn || !(asc_opinfo_of(in->op->code)->flags & ASC_F_PURE) || in->op->nresults < 1)
    return;
  int m = 0;
  for (int i = 0; i < in->nin; i++)
    if (g->lvl[in->in[i]] > m)
      m = g->lvl[in->in[i]];
  if (freeop(in->op->code)) {
    in->nocharge = true;
    for (int i = 0; i < in->op->nresults; i++)
      g->lvl[in->out + i] = m;
  } else if (m < g->depth && !(maytrap(in) && g->ncond > g->conds[m]))
    hoist(g, in, m);
}

static void chargeblock(charger *g, const sim_block *b) {
  for (int i = 0; i < b->nargs; i++) {
    g->vn[b->args[i]] = b->args[i];
    g->lvl[b->args[i]] = g->depth;
  }
  for (int i = 0; i < b->ninsts; i++)
    chargeinst(g, &b->insts[i]);
}

/* requires: the lowered program (asc_sim_lower); changes only sim_inst.nocharge and .hoisted */
void asc_sim_charge(sim_launch *L) {
  charger g = {0};
  g.lvl = calloc((size_t)L->nslots + 1, sizeof *g.lvl);
  g.vn = calloc((size_t)L->nslots + 1, sizeof *g.vn);
  if (!g.lvl || !g.vn)
    asc_die("out of memory");
  chargeblock(&g, &L->entry);
  free(g.lvl);
  free(g.vn);
  free(g.hoist);
}
