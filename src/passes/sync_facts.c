/* sync_facts.c - what the walk knows of values: branch conditions x <pred> constant on the
 * arms being walked, and the trip counts loops can make there. */
#include <stdint.h>
#include <string.h>

#include "passes/sync_walk.h"

/* A value as the facts know it: index casts of an integer are the integer. */
const asc_value *sync_strip_cast(const asc_value *v) {
  while (v->def && v->def->code == ASC_OP_INDEX_CAST)
    v = v->def->operands[ASC_OPND_INDEX_CAST_int32];
  return v;
}

/* The index values loop's iterations take, clipped into [*lo, *hi]; false if none can. */
bool sync_index_values(const asc_op *loop, int64_t *lo, int64_t *hi) {
  int64_t lb, step, n = asc_pass_trip_count(loop);
  if (!asc_pass_const_int(loop->operands[ASC_OPND_FOR_lower_bound], &lb) ||
      !asc_pass_const_int(loop->operands[ASC_OPND_FOR_step], &step) || step <= 0)
    return *lo <= *hi;
  if (*lo < lb)
    *lo = lb;
  if (n >= 0 && n <= (INT64_MAX - lb) / step && *hi > lb + (n - 1) * step)
    *hi = lb + (n - 1) * step;
  return *lo <= *hi;
}

/* Is v the same in every iteration of every loop (defined outside all of them; a block
 * argument is its region's op's)? */
bool sync_loop_free(const asc_value *v) {
  for (const asc_op *x = asc_value_scope(v); x; x = asc_op_parent_op(x))
    if (x->code == ASC_OP_FOR)
      return false;
  return true;
}

/* The fewest and most trips loop can make where the walk is: from constant bounds, or from
 * a runtime upper bound that the enclosing loops and if conditions limit. */
void sync_trip_range(const walker *w, const asc_op *loop, int64_t *tmin, int64_t *tmax) {
  int64_t n = asc_pass_trip_count(loop), lb, step, ulo, uhi;
  const asc_value *x = sync_trip_bound(loop, &lb);
  *tmin = n >= 0 ? n : 0, *tmax = n >= 0 ? n : INT64_MAX;
  if (!x || !asc_pass_const_int(loop->operands[ASC_OPND_FOR_step], &step))
    return;
  sync_fact_range(w, x, &ulo, &uhi);
  if (ulo > lb && ulo != INT64_MAX)
    *tmin = (ulo - lb + step - 1) / step;
  if (uhi <= lb)
    *tmax = 0;
  else if (uhi != INT64_MAX && uhi - lb < INT64_MAX - step)
    *tmax = (uhi - lb + step - 1) / step;
}

/* The values of x the facts of the arms being walked allow. */
void sync_fact_range(const walker *w, const asc_value *x, int64_t *lo, int64_t *hi) {
  *lo = INT64_MIN, *hi = INT64_MAX;
  for (int i = 0; i < w->nfacts; i++)
    if (w->facts[i].x == x && !w->facts[i].y) {
      *lo = w->facts[i].lo > *lo ? w->facts[i].lo : *lo;
      *hi = w->facts[i].hi < *hi ? w->facts[i].hi : *hi;
    }
}

/* Narrow [lo, hi] to the x for which `x pred c` is `truth` (signed and equality
 * predicates; the others leave it). */
static void narrow(int64_t pred, int64_t c, bool truth, int64_t *lo, int64_t *hi) {
  static const int64_t negate[6] = {1, 0, 5, 4, 3, 2}; /* eq ne slt sle sgt sge */
  if (pred < 0 || pred > 5)
    return;
  if (!truth)
    pred = negate[pred];
  switch (pred) {
  case 0: *lo = c > *lo ? c : *lo, *hi = c < *hi ? c : *hi; break;
  case 1: *lo += *lo == c && c < INT64_MAX, *hi -= *hi == c && c > INT64_MIN; break;
  case 2: if (c > INT64_MIN && c - 1 < *hi) *hi = c - 1; else if (c == INT64_MIN) *lo = 1, *hi = 0; break;
  case 3: *hi = c < *hi ? c : *hi; break;
  case 4: if (c < INT64_MAX && c + 1 > *lo) *lo = c + 1; else if (c == INT64_MAX) *lo = 1, *hi = 0; break;
  case 5: *lo = c > *lo ? c : *lo; break;
  }
}

bool sync_cmp_const(const asc_op *d, const asc_value **x, int64_t *pred, int64_t *c) {
  static const int64_t swapped[6] = {0, 1, 4, 5, 2, 3};
  int xi;
  if (!d || d->code != ASC_OP_CMPI)
    return false;
  *pred = asc_op_attr(d, "predicate")->i;
  xi = asc_pass_const_int(d->operands[ASC_OPND_CMPI_rhs], c) ? 0 : asc_pass_const_int(d->operands[ASC_OPND_CMPI_lhs], c)
      ? 1 : -1;
  if (xi < 0 || *pred > 5)
    return false;
  if (xi == 1)
    *pred = swapped[*pred];
  *x = sync_strip_cast(d->operands[xi]);
  return true;
}

/* v as base + *c (index casts, and adding or subtracting constants, seen through); base
 * NULL: v is the constant *c. */
const asc_value *sync_offset_form(const asc_value *v, int64_t *c) {
  *c = 0;
  for (int depth = 0; depth < 8; depth++) {
    const asc_op *d = (v = sync_strip_cast(v))->def;
    int64_t k;
    bool add = d && d->code == ASC_OP_ADDI, sub = d && d->code == ASC_OP_SUBI;
    if (asc_pass_const_int(v, &k)) /* (*c wraps on overflow: no caller uses a constant's) */
      return (void)__builtin_add_overflow(*c, k, c), NULL;
    if (!add && !sub)
      return v;
    const asc_value *inner;
    bool neg = false;
    if (add && asc_pass_const_int(d->operands[ASC_OPND_ADDI_lhs], &k))
      inner = d->operands[ASC_OPND_ADDI_rhs];
    else if (asc_pass_const_int(d->operands[add ? ASC_OPND_ADDI_rhs : ASC_OPND_SUBI_rhs], &k))
      inner = d->operands[add ? ASC_OPND_ADDI_lhs : ASC_OPND_SUBI_lhs], neg = sub;
    else
      return v;
    if (k > INT64_MAX / 4 || k < -(INT64_MAX / 4) || *c > INT64_MAX / 4 || *c < -(INT64_MAX / 4))
      return v; /* far outside any index: v itself is the base */
    v = inner, *c += neg ? -k : k;
  }
  return v;
}

/* Values of x - y the facts allow: x - y facts (either way round), and x's and y's own. */
static void rel_range(const walker *w, const asc_value *x, const asc_value *y, int64_t *lo, int64_t *hi) {
  int64_t xlo, xhi, ylo, yhi, d;
  *lo = INT64_MIN + 1, *hi = INT64_MAX;
  for (int i = 0; i < w->nfacts; i++) {
    const struct fact *f = &w->facts[i];
    int64_t flo = f->lo, fhi = f->hi;
    if (f->y && f->x == y && f->y == x)
      flo = f->hi == INT64_MIN ? INT64_MAX : -f->hi, fhi = f->lo == INT64_MIN ? INT64_MAX : -f->lo;
    else if (!(f->y && f->x == x && f->y == y))
      continue;
    *lo = flo > *lo ? flo : *lo, *hi = fhi < *hi ? fhi : *hi;
  }
  sync_fact_range(w, x, &xlo, &xhi);
  sync_fact_range(w, y, &ylo, &yhi);
  if (xlo != INT64_MIN && yhi != INT64_MAX && !__builtin_sub_overflow(xlo, yhi, &d) && d > *lo)
    *lo = d;
  if (xhi != INT64_MAX && ylo != INT64_MIN && !__builtin_sub_overflow(xhi, ylo, &d) && d < *hi)
    *hi = d;
}

/* verify-sync's walks: cond compares two values that differ by more than a constant (a loop's
 * index with its runtime bound: `i != n - 1`); narrow what the facts say of their difference. */
static bool assume_rel(walker *w, const asc_value *cond, bool truth, bool *pushed) {
  const asc_op *d = cond->def;
  const asc_value *x, *y;
  int64_t cx, cy, pred, k, lo, hi;
  if ((!w->dom && !w->ends) || !d || d->code != ASC_OP_CMPI || (pred = asc_op_attr(d, "predicate")->i) > 5 ||
      !(x = sync_offset_form(d->operands[ASC_OPND_CMPI_lhs], &cx)) ||
      !(y = sync_offset_form(d->operands[ASC_OPND_CMPI_rhs], &cy)) || x == y ||
      __builtin_sub_overflow(cy, cx, &k)) /* x + cx pred y + cy: x - y pred cy - cx */
    return true;
  rel_range(w, x, y, &lo, &hi);
  narrow(pred, k, truth, &lo, &hi);
  if (lo > hi)
    return false;
  w->facts[w->nfacts++] = (struct fact){x, lo, hi, y};
  *pushed = true;
  return true;
}

/* Push what `cond` being `truth` says (an arith.cmpi of a value and a constant); false
 * if the arms being walked already rule it out, or no iteration of the loop whose index x
 * is takes it (the arm never runs). */
bool sync_assume(walker *w, const asc_value *cond, bool truth, bool *pushed) {
  const asc_value *x;
  const asc_op *loop;
  int64_t lo, hi, ilo, ihi, c, pred;
  *pushed = false;
  if (w->nfacts == MAXFACTS)
    return true;
  if (!sync_cmp_const(cond->def, &x, &pred, &c))
    return assume_rel(w, cond, truth, pushed);
  sync_fact_range(w, x, &lo, &hi);
  narrow(pred, c, truth, &lo, &hi);
  ilo = lo, ihi = hi;
  if (lo > hi || ((loop = sync_iv_loop(x)) && !sync_index_values(loop, &ilo, &ihi)))
    return false;
  w->facts[w->nfacts++] = (struct fact){x, lo, hi, NULL};
  *pushed = true;
  return true;
}

/* The runtime bound of loop, when its start and step are constants: it runs iff the bound
 * exceeds the start. */
const asc_value *sync_trip_bound(const asc_op *loop, int64_t *lb) {
  int64_t step;
  if (loop->code != ASC_OP_FOR || asc_pass_trip_count(loop) >= 0 ||
      !asc_pass_const_int(loop->operands[ASC_OPND_FOR_lower_bound], lb) ||
      !asc_pass_const_int(loop->operands[ASC_OPND_FOR_step], &step) || step <= 0 || *lb == INT64_MAX)
    return NULL;
  return sync_strip_cast(loop->operands[ASC_OPND_FOR_upper_bound]);
}

static void has_flag_op(asc_op *op, void *user) {
  *(bool *)user |= op->code == ASC_OP_SET_FLAG || op->code == ASC_OP_WAIT_FLAG;
}

void sync_mark_ends(asc_op *op, asc_pass_map *each) {
  const asc_op *cmp = op->code == ASC_OP_IF ? op->operands[ASC_OPND_IF_cond]->def : NULL;
  bool flags = false;
  int64_t k, lb;
  if (!cmp || cmp->code != ASC_OP_CMPI)
    return;
  asc_walk(op, has_flag_op, &flags);
  for (int i = 0; flags && i < 2; i++) {
    const asc_value *x = sync_offset_form(cmp->operands[i], &k);
    asc_op *loop = x ? sync_iv_loop(x) : NULL;
    const asc_value *y = loop ? sync_offset_form(cmp->operands[1 - i], &k) : NULL;
    if (loop && (!y || y == sync_trip_bound(loop, &lb)) && !asc_pass_map_get(each, loop))
      asc_pass_map_set(each, loop, SYNC_EACH_ENDS);
  }
}

static void mark_ends_op(asc_op *op, void *each) {
  sync_mark_ends(op, each);
}

void sync_ends_loops(asc_op *func, asc_pass_map *each) {
  asc_walk(func, mark_ends_op, each);
}

/* ---- cases: the check walk once per range of the values branches and trip counts test ---- */

/* Split x's values before cut (x < cut against x >= cut). */
static void add_cut(sync_cases *c, const asc_value *x, int64_t cut) {
  int v = 0, j = 0;
  while (v < c->n && c->v[v].x != x)
    v++;
  if (v == MAXSPLIT) {
    c->full = true;
    return;
  }
  if (v == c->n)
    c->v[c->n++].x = x, c->v[v].ncut = 0;
  while (j < c->v[v].ncut && c->v[v].cut[j] < cut)
    j++;
  if (j < c->v[v].ncut && c->v[v].cut[j] == cut)
    return;
  if (c->v[v].ncut == MAXCUTS) {
    c->full = true;
    return;
  }
  memmove(&c->v[v].cut[j + 1], &c->v[v].cut[j], (size_t)(c->v[v].ncut - j) * sizeof c->v[v].cut[0]);
  c->v[v].cut[j] = cut;
  c->v[v].ncut++;
}

/* x <pred> k (eq ne slt sle sgt sge) changes its truth at these cuts. */
static void cuts_of_cmp(sync_cases *c, const asc_value *x, int64_t pred, int64_t k) {
  if (k == INT64_MAX || k == INT64_MIN)
    return;
  if (pred <= 1 || pred == 2 || pred == 5)
    add_cut(c, x, k);
  if (pred <= 1 || pred == 3 || pred == 4)
    add_cut(c, x, k + 1);
}

static void collect_cuts(asc_op *op, void *user) {
  sync_cases *c = user;
  const asc_value *x;
  int64_t k, pred, lb, step;
  if (sync_cmp_const(op, &x, &pred, &k) && sync_loop_free(x))
    cuts_of_cmp(c, x, pred, k);
  else if (op->code == ASC_OP_FOR && asc_pass_const_int(op->operands[ASC_OPND_FOR_step], &step) && step > 0) {
    x = sync_trip_bound(op, &lb);
    if (x && sync_loop_free(x) && lb < INT64_MAX - 2 * step) /* no trip, one, more */
      add_cut(c, x, lb + 1), add_cut(c, x, lb + step + 1);
  }
}

/* The index value of iteration t of loop (constant start and step); false if unknown. */
bool sync_index_at(const asc_op *loop, int64_t t, int64_t *v) {
  int64_t lb, step;
  if (!asc_pass_const_int(loop->operands[ASC_OPND_FOR_lower_bound], &lb) ||
      !asc_pass_const_int(loop->operands[ASC_OPND_FOR_step], &step))
    return false;
  *v = lb + t * step;
  return true;
}

void sync_cases_of(asc_op *func, sync_cases *c) {
  memset(c, 0, sizeof *c);
  asc_walk(func, collect_cuts, c);
  c->ncases = c->full ? 0 : 1;
  for (int v = 0; v < c->n && c->ncases; v++)
    c->ncases = c->ncases * (c->v[v].ncut + 1) <= MAXCASES ? c->ncases * (c->v[v].ncut + 1) : 0;
}

int sync_case_facts(const sync_cases *c, int k, struct fact *out) {
  for (int v = 0; v < c->n; v++) {
    int j = k % (c->v[v].ncut + 1);
    k /= c->v[v].ncut + 1;
    out[v] = (struct fact){c->v[v].x, j ? c->v[v].cut[j - 1] : INT64_MIN,
                           j < c->v[v].ncut ? c->v[v].cut[j] - 1 : INT64_MAX, NULL};
  }
  return c->n;
}
