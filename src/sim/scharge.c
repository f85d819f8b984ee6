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
 *   - an op the compiler's peepholes (InstCombine) fold into all of its users, nothing: a multiply or add
 *     by a constant whose users multiply / add by a constant (one constant: c1 * c2, c1 + c2); an add
 *     of a constant whose users compare it for (in)equality with a constant (x + c1 == c2 is x == c2 - c1)
 *     or are tensor views at that offset (the constant joins the address's immediate); a compare of a
 *     0 / 1 value with 0 or 1 whose users select between constants (the select becomes arithmetic of
 *     the value, nothing when it is the value: select(x == 0, 0, 1) is x).  A value is 0 / 1 when it is
 *     an i1 widened, v & 1, or v % 2 of a non-negative v (a non-negative constant, a loop index from a
 *     non-negative start by a positive step, a cast, division or remainder of one by a positive constant);
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
  sim_inst **def;  /* slot -> the op defining it (NULL: a block argument) */
  int *uses;       /* slot -> operands that read it (terminators' included) */
  int *folds;      /* slot -> of those, the users that fold it away (peepholes) */
  bool *nonneg;    /* slot -> a value known non-negative */
} charger;

static bool freeop(asc_opcode code) { return asc_opinfo_of(code)->flags & (ASC_F_CONST | ASC_F_FOLDED); }

/* ---- peepholes: which ops the compiler folds into their users ---------------------------------- */

/* Operand i of op is an integer constant: its value in *v. */
static bool constarg(const asc_op *op, int i, int64_t *v) {
  const asc_op *d = i < op->noperands ? op->operands[i]->def : NULL;
  const asc_attr *a = d && d->code == ASC_OP_CONSTANT ? asc_op_attr(d, "value") : NULL;
  if (!a || (a->kind != ASC_ATTR_INT && a->kind != ASC_ATTR_BOOL))
    return false;
  *v = a->i;
  return true;
}

/* The op is a binary one of `code` with a constant operand; its other operand's index in *other. */
static bool byconst(const asc_op *op, asc_opcode code, int *other) {
  int64_t v;
  if (op->code != code || op->noperands != 2)
    return false;
  for (int i = 0; i < 2; i++)
    if (constarg(op, i, &v) && !constarg(op, 1 - i, &v)) {
      *other = 1 - i;
      return true;
    }
  return false;
}

/* The value in slot s is 0 or 1. */
static bool boolval(const charger *g, int s) {
  const sim_inst *d = g->def[s];
  if (!d)
    return false;
  const asc_op *op = d->op;
  int64_t v;
  if (op->code == ASC_OP_EXTUI)
    return asc_type_is_int(op->operands[0]->type) && op->operands[0]->type->width == 1;
  if (op->code == ASC_OP_ANDI)
    return (constarg(op, 1, &v) || constarg(op, 0, &v)) && v == 1;
  if (op->code == ASC_OP_REMSI || op->code == ASC_OP_REMUI)
    return constarg(op, 1, &v) && v == 2 && (op->code == ASC_OP_REMUI || g->nonneg[d->in[0]]);
  return false;
}

/* cmpi eq / ne of a 0 / 1 value with 0 or 1 */
static bool boolcmp(const charger *g, const sim_inst *in) {
  const asc_op *op = in->op;
  const asc_attr *p = asc_op_attr(op, "predicate");
  int64_t v;
  int o;
  return op->code == ASC_OP_CMPI && p && p->kind == ASC_ATTR_INT && (p->i == 0 || p->i == 1) &&
         byconst(op, ASC_OP_CMPI, &o) && constarg(op, 1 - o, &v) && (v == 0 || v == 1) && boolval(g, in->in[o]);
}

/* select(c, a, b) of constants a, b on such a compare c that is the 0 / 1 value itself */
static bool identsel(const charger *g, const sim_inst *in) {
  const asc_op *op = in->op;
  int64_t a, b, v, pred;
  int o;
  if (op->code != ASC_OP_SELECT || !constarg(op, 1, &a) || !constarg(op, 2, &b))
    return false;
  const sim_inst *c = g->def[in->in[0]];
  if (!c || !boolcmp(g, c))
    return false;
  byconst(c->op, ASC_OP_CMPI, &o);
  constarg(c->op, 1 - o, &v);
  pred = asc_op_attr(c->op, "predicate")->i;
  bool one_when_true = (pred == 0) == (v == 1); /* the compare holds exactly when x == 1 */
  return one_when_true ? (a == 1 && b == 0) : (a == 0 && b == 1);
}

/* Count the slots' uses and definitions, and which values are known non-negative (program order). */
static void countblock(charger *g, sim_block *b);
static void countinst(charger *g, sim_inst *in) {
  for (int i = 0; i < in->nin; i++)
    g->uses[in->in[i]]++;
  for (int i = 0; i < in->op->nresults; i++)
    g->def[in->out + i] = in;
  const asc_op *op = in->op;
  int64_t v;
  bool nn = false;
  const asc_attr *cv = op->code == ASC_OP_CONSTANT ? asc_op_attr(op, "value") : NULL;
  if (cv)
    nn = cv->kind == ASC_ATTR_INT && cv->i >= 0;
  else if (op->code == ASC_OP_INDEX_CAST)
    nn = g->nonneg[in->in[0]];
  else if (op->code == ASC_OP_DIVSI || op->code == ASC_OP_REMSI)
    nn = g->nonneg[in->in[0]] && constarg(op, 1, &v) && v > 0;
  if (op->nresults == 1)
    g->nonneg[in->out] = nn;
  if (op->code == ASC_OP_FOR && in->nregions && in->regions[0].nargs > 0 && in->nin >= 3) {
    int64_t step;
    sim_inst *lb = g->def[in->in[0]];
    if (lb && lb->op->code == ASC_OP_CONSTANT && g->nonneg[in->in[0]] && constarg(op, 2, &step) && step > 0)
      g->nonneg[in->regions[0].args[0]] = true;
  }
  for (int r = 0; r < in->nregions; r++)
    countblock(g, &in->regions[r]);
}
static void countblock(charger *g, sim_block *b) {
  for (int i = 0; i < b->ninsts; i++)
    countinst(g, &b->insts[i]);
  if (b->term)
    for (int i = 0; i < b->term->nin; i++)
      g->uses[b->term->in[i]]++;
}

/* For each op, the operands it folds away (the rules above). */
static void foldblock(charger *g, sim_block *b);
static void foldinst(charger *g, sim_inst *in) {
  const asc_op *op = in->op;
  int o, od;
  for (int r = 0; r < in->nregions; r++)
    foldblock(g, &in->regions[r]);
  if (op->code == ASC_OP_MULI || op->code == ASC_OP_ADDI) { /* (x op c1) op c2 */
    if (byconst(op, op->code, &o) && g->def[in->in[o]] && byconst(g->def[in->in[o]]->op, op->code, &od))
      g->folds[in->in[o]]++;
  } else if (op->code == ASC_OP_CMPI) { /* x + c1 == c2 */
    const asc_attr *p = asc_op_attr(op, "predicate");
    if (p && p->kind == ASC_ATTR_INT && (p->i == 0 || p->i == 1) && byconst(op, op->code, &o) &&
        g->def[in->in[o]] && byconst(g->def[in->in[o]]->op, ASC_OP_ADDI, &od))
      g->folds[in->in[o]]++;
  } else if (op->code == ASC_OP_LT_SUBVIEW || op->code == ASC_OP_GT_SUBVIEW) { /* t[x + c] */
    if (in->nin > 1 && g->def[in->in[1]] && byconst(g->def[in->in[1]]->op, ASC_OP_ADDI, &od))
      g->folds[in->in[1]]++;
  } else if (op->code == ASC_OP_SELECT) { /* select(x == 0, c1, c2) */
    int64_t a, b2;
    const sim_inst *c = g->def[in->in[0]];
    if (constarg(op, 1, &a) && constarg(op, 2, &b2) && c && boolcmp(g, c))
      g->folds[in->in[0]]++;
  }
}
static void foldblock(charger *g, sim_block *b) {
  for (int i = 0; i < b->ninsts; i++)
    foldinst(g, &b->insts[i]);
}

/* The compiler leaves nothing of this op: its users absorb it, or it is the value it selects. */
static bool folded(const charger *g, const sim_inst *in) {
  if (in->op->nresults != 1)
    return false;
  int s = in->out;
  return (g->uses[s] > 0 && g->folds[s] == g->uses[s]) || identsel(g, in);
}

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
  if (freeop(in->op->code) || folded(g, in)) {
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
  g.def = calloc((size_t)L->nslots + 1, sizeof *g.def);
  g.uses = calloc((size_t)L->nslots + 1, sizeof *g.uses);
  g.folds = calloc((size_t)L->nslots + 1, sizeof *g.folds);
  g.nonneg = calloc((size_t)L->nslots + 1, sizeof *g.nonneg);
  if (!g.lvl || !g.vn || !g.def || !g.uses || !g.folds || !g.nonneg)
    asc_die("out of memory");
  countblock(&g, &L->entry);
  foldblock(&g, &L->entry);
  chargeblock(&g, &L->entry);
  free(g.lvl);
  free(g.vn);
  free(g.def);
  free(g.uses);
  free(g.folds);
  free(g.nonneg);
  free(g.hoist);
}
