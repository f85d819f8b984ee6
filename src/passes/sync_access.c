/* sync_access.c - the access model of auto-sync: which pipe runs an op and which bytes
 * of which buffer it reads and writes.  Everything is derived from the registry
 * (ops.def pipe rule and reads/writes bits) and from how views are built; no per-op code. */
#include <stdio.h>
#include <string.h>

#include "passes/sync_internal.h"

/* Keys for static tensors (asc.local_tensor): one per physical memory.  Immutable;
 * only their addresses are used. */
static const char memkeys[ASC_HW_NMEMS] = {0};

/* Queue slots are kept apart by giving each its own huge byte window of the queue. */
#define SLOT_BYTES ((int64_t)1 << 40)

/* ---- pipes and events (src/hw/hw.def) ---- */

/* Sync ops order pipes; they make no memory access of their own. */
int sync_op_pipe(const asc_op *op) {
  if (asc_opinfo_of(op->code)->family == ASC_FAM_SYNC)
    return SYNC_NOPIPE;
  return asc_hw_op_pipe(op);
}


/* ---- views ---- */

/* One key per physical memory of hw.def. */
static const void *memkey(int pos) {
  int m = asc_hw_pos_mem(pos);
  return &memkeys[m >= 0 && m < ASC_HW_NMEMS ? m : ASC_HW_MEM_GM];
}

static int64_t elem_bytes(const asc_type *t) {
  const asc_type *e = t->elem ? t->elem : t;
  int n = asc_type_is_scalar(e) ? asc_type_bytes(e) : 1;
  return n > 0 ? n : 1;
}

/* ---- linear forms (sync_lin) ---- */

static sync_lin lin_const(int64_t c) {
  sync_lin x;
  memset(&x, 0, sizeof x);
  x.c = c;
  return x;
}

static bool lin_is_const(const sync_lin *x) { return x->n == 0; }

/* x += s * y; false if the result needs more than SYNC_NATOMS atoms. */
static bool lin_addmul(sync_lin *x, const sync_lin *y, int64_t s) {
  x->c += s * y->c;
  for (int i = 0; i < y->n; i++) {
    int j = 0;
    while (j < x->n && x->atom[j] != y->atom[i])
      j++;
    if (j == x->n) {
      if (x->n == SYNC_NATOMS)
        return false;
      x->atom[x->n] = y->atom[i], x->k[x->n++] = 0;
    }
    x->k[j] += s * y->k[i];
  }
  for (int j = 0; j < x->n;) /* drop atoms that cancelled */
    if (x->k[j] == 0) {
      x->atom[j] = x->atom[x->n - 1], x->k[j] = x->k[x->n - 1];
      x->n--;
    } else {
      j++;
    }
  return true;
}

static void lin_scale(sync_lin *x, int64_t s) {
  x->c *= s;
  for (int i = 0; i < x->n; i++)
    x->k[i] *= s;
}

/* An index value as c + coef * iv (iv NULL: no IV), c and coef linear forms. */
typedef struct aff {
  const asc_value *iv;
  sync_lin coef, c;
} aff;

static bool affine(const asc_value *v, aff *out);

/* v = (X + (m - 1)) / m, the number of m-blocks X takes (how plan-auto-tensors aligns a
 * runtime size): X in *x.  Then X <= m * v <= X + m - 1. */
static bool ceil_div(const asc_value *v, sync_lin *x, int64_t *m) {
  const asc_op *div = v->def, *add;
  int64_t c;
  aff a;
  if (!div || div->code != ASC_OP_DIVSI || !asc_pass_const_int(div->operands[1], m) || *m <= 0)
    return false;
  add = div->operands[0]->def;
  if (!add || add->code != ASC_OP_ADDI || !asc_pass_const_int(add->operands[1], &c) || c != *m - 1)
    return false;
  if (!affine(add->operands[0], &a) || a.iv)
    return false;
  *x = a.c;
  return true;
}

/* Provably x >= 0: atoms are non-negative, and k * v for a ceil_div atom v with m | k is
 * at least k / m * X (at most k / m * (X + m - 1) when k < 0), which may settle it. */
static bool lin_nonneg_at(const sync_lin *x, int depth) {
  bool plain = x->c >= 0;
  for (int i = 0; i < x->n; i++)
    plain = plain && x->k[i] >= 0;
  if (plain || depth == 0)
    return plain;
  for (int i = 0; i < x->n; i++) {
    sync_lin r, d = *x, one = lin_const(0);
    int64_t m;
    if (!ceil_div(x->atom[i], &r, &m) || x->k[i] % m)
      continue;
    one.n = 1, one.atom[0] = x->atom[i], one.k[0] = 1;
    if (x->k[i] < 0)
      r.c += m - 1;
    if (lin_addmul(&d, &one, -x->k[i]) && lin_addmul(&d, &r, x->k[i] / m) && lin_nonneg_at(&d, depth - 1))
      return true;
  }
  return false;
}

static bool lin_nonneg(const sync_lin *x) { return lin_nonneg_at(x, 3); }

/* Provably a + sa * s <= b (s may be NULL). */
static bool lin_le(const sync_lin *a, const sync_lin *s, int64_t sa, const sync_lin *b) {
  sync_lin d = *b;
  if (!lin_addmul(&d, a, -1) || (s && !lin_addmul(&d, s, -sa)))
    return false;
  return lin_nonneg(&d);
}

static bool lin_eq(const sync_lin *a, const sync_lin *b) {
  sync_lin d = *a;
  return lin_addmul(&d, b, -1) && d.n == 0 && d.c == 0;
}

/* ---- affine index expressions ---- */



asc_op *sync_iv_loop(const asc_value *iv) {
  asc_op *loop = !iv->def && iv->block && iv->block->parent ? iv->block->parent->parent : NULL;
  return loop && loop->code == ASC_OP_FOR && iv->index == 0 ? loop : NULL;
}

/* Defined at the function's top level: one value for the whole kernel run. */
static bool invariant(const asc_value *v) {
  const asc_block *b = v->def ? v->def->parent : v->block;
  return b && b->parent && b->parent->parent && b->parent->parent->code == ASC_OP_FUNC;
}

static bool affine(const asc_value *v, aff *out);

static bool aff_add(const asc_op *d, aff *out) {
  int64_t sign = d->code == ASC_OP_ADDI ? 1 : -1;
  aff r;
  if (!affine(d->operands[0], out) || !affine(d->operands[1], &r) || (out->iv && r.iv && out->iv != r.iv))
    return false;
  out->iv = out->iv ? out->iv : r.iv;
  return lin_addmul(&out->c, &r.c, sign) && lin_addmul(&out->coef, &r.coef, sign);
}

/* (iv * A + B) * (C), defined when C has no IV and, unless C is a constant, A and B are
 * constants. */
static bool aff_mul_one(const aff *x, const aff *y, aff *out) {
  if (y->iv)
    return false;
  if (lin_is_const(&y->c)) {
    *out = *x;
    lin_scale(&out->coef, y->c.c), lin_scale(&out->c, y->c.c);
    return true;
  }
  if (!lin_is_const(&x->coef) || !lin_is_const(&x->c))
    return false;
  out->iv = x->iv;
  out->coef = y->c, out->c = y->c;
  lin_scale(&out->coef, x->coef.c), lin_scale(&out->c, x->c.c);
  if (!x->iv)
    out->coef = lin_const(0);
  return true;
}

static bool aff_atom(const asc_value *v, aff *out) {
  if (!invariant(v))
    return false;
  out->c.n = 1, out->c.atom[0] = v, out->c.k[0] = 1;
  return true;
}

static bool affine(const asc_value *v, aff *out) {
  const asc_op *d = v->def;
  int64_t c;
  aff x, y;
  memset(out, 0, sizeof *out);
  if (asc_pass_const_int(v, &c)) {
    out->c.c = c;
    return true;
  }
  if (sync_iv_loop(v)) {
    out->iv = v, out->coef.c = 1;
    return true;
  }
  if (!d)
    return aff_atom(v, out);
  switch (d->code) {
  case ASC_OP_INDEX_CAST: case ASC_OP_EXTSI: case ASC_OP_EXTUI: case ASC_OP_TRUNCI:
    return affine(d->operands[0], out);
  case ASC_OP_ADDI: case ASC_OP_SUBI:
    if (aff_add(d, out))
      return true;
    break;
  case ASC_OP_MULI:
    if (affine(d->operands[0], &x) && affine(d->operands[1], &y) &&
        (aff_mul_one(&x, &y, out) || aff_mul_one(&y, &x, out)))
      return true;
    break;
  default:
    break;
  }
  memset(out, 0, sizeof *out);
  return aff_atom(v, out);
}

/* ---- views ---- */

/* Somewhere in root. */
static sync_view whole(const void *root) {
  sync_view v;
  memset(&v, 0, sizeof v);
  v.root = root, v.any = v.open = true;
  return v;
}

/* From byte lo of root to its end. */
static sync_view from(const void *root, sync_lin lo) {
  sync_view v;
  memset(&v, 0, sizeof v);
  v.root = root, v.lo = lo, v.open = true;
  return v;
}

/* v = ((cx * iv + c) mod k) * stride elements: a buffer slot chosen by the iteration. */
static bool rotation(const asc_value *v, sync_view *out, int64_t sz) {
  const asc_op *d = v->def;
  sync_lin stride = lin_const(1);
  aff s, m;
  int64_t k, lb;
  if (d && d->code == ASC_OP_MULI) {
    int r = d->operands[0]->def && (d->operands[0]->def->code == ASC_OP_REMUI ||
                                    d->operands[0]->def->code == ASC_OP_REMSI) ? 0 : 1;
    if (!affine(d->operands[1 - r], &s) || s.iv)
      return false;
    stride = s.c;
    d = d->operands[r]->def;
  }
  if (!d || (d->code != ASC_OP_REMUI && d->code != ASC_OP_REMSI) || !asc_pass_const_int(d->operands[1], &k) ||
      k < 2 || k > SYNC_NIDS)
    return false;
  if (!affine(d->operands[0], &m) || !m.iv || !lin_is_const(&m.coef) || !lin_is_const(&m.c) || m.coef.c <= 0 ||
      m.c.c < 0)
    return false; /* remsi of a negative number is not a slot */
  if (!asc_pass_const_int(sync_iv_loop(m.iv)->operands[0], &lb) || lb < 0)
    return false;
  out->rot_iv = m.iv, out->rot_cx = m.coef.c, out->rot_c = m.c.c % k, out->rot_k = k;
  out->rot_stride = stride;
  lin_scale(&out->rot_stride, sz);
  out->open = true;
  return true;
}

/* v = slot + c (either order), slot a rotation and c an IV-free affine value: x[(i % 2) * 64 + 8:]. */
static bool rotation_plus(const asc_value *v, sync_view *out, int64_t sz) {
  const asc_op *d = v->def;
  sync_view r = *out;
  aff c;
  if (!d || d->code != ASC_OP_ADDI)
    return false;
  for (int i = 0; i < 2; i++) {
    r = *out;
    if (rotation(d->operands[i], &r, sz) && affine(d->operands[1 - i], &c) && !c.iv) {
      lin_scale(&c.c, sz);
      if (!lin_addmul(&r.lo, &c.c, 1))
        return false;
      *out = r;
      return true;
    }
  }
  return false;
}

/* base advanced by off elements of t (whole root when off has no usable form). */
static sync_view advance(sync_view base, const asc_value *off, const asc_type *t) {
  int64_t sz = elem_bytes(t);
  aff a;
  if (base.any)
    return base;
  if (!base.rot_iv && !base.iv && rotation(off, &base, sz))
    return base;
  if (!base.rot_iv && !base.iv && rotation_plus(off, &base, sz))
    return base;
  if (!affine(off, &a) || (a.iv && (base.rot_iv || (base.iv && a.iv != base.iv))))
    return whole(base.root); /* a rotating view moves on by constants and sizes only */
  lin_scale(&a.c, sz), lin_scale(&a.coef, sz);
  if (!lin_addmul(&base.lo, &a.c, 1) || (!base.open && !lin_addmul(&base.len, &a.c, -1)))
    return whole(base.root);
  if (a.iv) {
    base.iv = a.iv;
    if (!lin_addmul(&base.coef, &a.coef, 1))
      return whole(base.root);
    base.open = true; /* the end of the root does not move with the IV */
  }
  return base;
}

/* [lo * lo_scale, + n elements of t); to the end of root when n has no IV-free form. */
static sync_view span(const void *root, const asc_value *lo, int64_t lo_scale, const asc_value *n,
                      const asc_type *t) {
  aff a = {0}, b;
  sync_view v;
  if (lo && (!affine(lo, &a) || a.iv))
    return whole(root);
  lin_scale(&a.c, lo_scale);
  v = from(root, a.c);
  if (affine(n, &b) && !b.iv) {
    lin_scale(&b.c, elem_bytes(t));
    v.len = b.c, v.open = false;
  }
  return v;
}

static sync_view queue_view(sync_env *env, const asc_value *q, const asc_value *t) {
  int64_t slot = asc_pass_map_get(&env->qslot, t);
  sync_view v;
  if (slot <= 0)
    return whole(q);
  v = from(q, lin_const((slot - 1) * SLOT_BYTES));
  v.len = lin_const(SLOT_BYTES), v.open = false;
  return v;
}

static sync_view resolve(sync_env *env, const asc_value *v) {
  const asc_op *d = v->def;
  if (!d) /* a kernel argument: its own array, from its start */
    return from(v, lin_const(0));
  switch (d->code) {
  case ASC_OP_LOCAL_TENSOR:
    return span(memkey((int)asc_op_attr(d, "pos")->i), d->operands[0], 1, d->operands[1], v->type);
  case ASC_OP_LT_SUBVIEW:
  case ASC_OP_GT_SUBVIEW:
  case ASC_OP_GM_OFFSET:
    return advance(resolve(env, d->operands[0]), d->operands[1], v->type);
  case ASC_OP_LT_REINTERPRET_CAST: /* the same bytes */
    return resolve(env, d->operands[0]);
  case ASC_OP_GT_GET_PHY_ADDR:
    return advance(resolve(env, d->operands[0]), d->operands[1], v->type);
  case ASC_OP_ALLOC_TENSOR:
  case ASC_OP_DEQUE:
    return queue_view(env, d->operands[0], v);
  case ASC_OP_TBUF_GET:
    return span(d->operands[0], NULL, 1, d->operands[1], v->type);
  case ASC_OP_TBUF_GET_WITH_OFFSET: /* (tbuf, size elements, byte offset) */
    return span(d->operands[0], d->operands[2], 1, d->operands[1], v->type);
  case ASC_OP_TBUF_GET_ALL: /* the whole buffer, to its end (its length is known only when it runs) */
    return from(d->operands[0], lin_const(0));
  case ASC_OP_GLOBAL_TENSOR: {
    const asc_value *p = (const asc_value *)(intptr_t)asc_pass_map_get(&env->gt_ptr, v);
    return p ? resolve(env, p) : whole(v);
  }
  default:
    return whole(v);
  }
}

/* ---- accesses ---- */

/* The element count that bounds every tensor operand of op (the registry's `count` operand), or NULL. */
static const asc_value *count_operand(const asc_op *op) {
  int i = asc_op_count_operand(op->code);
  return i >= 0 && i < op->noperands ? op->operands[i] : NULL;
}

/* The bytes operand i of op touches. */
static sync_view operand_view(sync_env *env, const asc_op *op, int i) {
  const asc_value *v = op->operands[i], *n = count_operand(op);
  sync_view view = resolve(env, v);
  aff c;
  /* get_value / set_value (tensor, index[, value]) touch one element; other scalar-family ops that
     read a tensor (printing, dumps) are taken to touch all of it. */
  if (op->code == ASC_OP_GET_VALUE || op->code == ASC_OP_SET_VALUE) {
    view = advance(view, op->operands[1], v->type);
    if (!view.any)
      view.len = lin_const(elem_bytes(v->type)), view.open = false;
    return view;
  }
  if (n && !view.any && affine(n, &c) && !c.iv) {
    lin_scale(&c.c, elem_bytes(v->type));
    view.len = c.c, view.open = false;
  }
  return view;
}

int sync_op_accesses(sync_env *env, asc_op *op, sync_access *out, int cap) {
  const asc_opinfo *info = asc_opinfo_of(op->code);
  int pipe = sync_op_pipe(op), n = 0;
  if (pipe == SYNC_NOPIPE || !(info->reads | info->writes))
    return 0;
  for (int i = 0; i < op->noperands && i < 32; i++)
    for (int w = 0; w < 2; w++) {
      uint32_t bits = w ? info->writes : info->reads;
      if (!(bits & ARG(i)) || n >= cap)
        continue;
      memset(&out[n], 0, sizeof out[n]);
      out[n].op = op;
      out[n].pipe = pipe;
      out[n].write = w;
      out[n].v = operand_view(env, op, i);
      n++;
    }
  return n;
}

/* Provably disjoint: a's bytes and b's moved by s * shift bytes (shift may be NULL). */
static bool apart(const sync_view *a, const sync_view *b, const sync_lin *shift, int64_t s) {
  sync_lin ahi = a->lo, bhi = b->lo;
  if (!a->open && lin_addmul(&ahi, &a->len, 1) && lin_le(&ahi, shift, -s, &b->lo))
    return true; /* a ends before b starts */
  return !b->open && lin_addmul(&bhi, &b->len, 1) && lin_le(&bhi, shift, s, &a->lo);
}

/* Does some iteration m >= 1 later (b's bytes moved by m * d) hit a's bytes?  Only
 * provable when d has a known sign; then m = 1 is the closest b gets. */
static bool later_overlap(const sync_view *a, const sync_view *b, const sync_lin *d) {
  sync_lin neg = *d;
  lin_scale(&neg, -1);
  if (lin_nonneg(d) && !a->open) {
    sync_lin ahi = a->lo;
    return !(lin_addmul(&ahi, &a->len, 1) && lin_le(&ahi, d, -1, &b->lo));
  }
  if (lin_nonneg(&neg) && !b->open) {
    sync_lin bhi = b->lo;
    return !(lin_addmul(&bhi, &b->len, 1) && lin_le(&bhi, d, 1, &a->lo));
  }
  return true;
}

static int64_t gcd(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b, b = t;
  }
  return a < 0 ? -a : a;
}

/* Both views rotate the same way (slots rot_stride bytes apart).  In one iteration both
 * use one slot.  When b is in a later iteration and the slot step is coprime with k,
 * consecutive iterations use different slots and meet again k iterations later: 2 if
 * only the same slot can overlap, 0 if no slot pairing can. */
static int rotating_overlap(const sync_view *a, const sync_view *b, int rel, int64_t step) {
  int64_t k = a->rot_k;
  if (rel == SYNC_SAME_ITER)
    return !apart(a, b, NULL, 0);
  if (rel != SYNC_LATER_ITER || step <= 0 || gcd(a->rot_cx * step % k, k) != 1 || gcd(step, k) != 1)
    return 1;
  for (int64_t d = 1 - k; d < k; d++)
    if (d && !apart(a, b, &a->rot_stride, d))
      return 1;
  return apart(a, b, NULL, 0) ? 0 : 2;
}

static bool same_rotation(const sync_view *a, const sync_view *b) {
  return a->rot_iv == b->rot_iv && a->rot_k == b->rot_k && a->rot_cx == b->rot_cx && a->rot_c == b->rot_c &&
         lin_eq(&a->rot_stride, &b->rot_stride);
}

enum { SLOTS_MAX = 8 };

/* The slot v uses in the iteration where its IV is i. */
static int64_t slot_at(const sync_view *v, int64_t i) {
  return ((v->rot_cx * i + v->rot_c) % v->rot_k + v->rot_k) % v->rot_k;
}

/* The slots a rotating view can use (all k; in a loop of no more trips than slots, only
 * those its iterations use); a fixed view uses "slot 0".  0 if there are too many to list. */
static int used_slots(const sync_view *v, int64_t *out) {
  const asc_op *loop = v->rot_iv ? sync_iv_loop(v->rot_iv) : NULL;
  int64_t n = loop ? asc_pass_trip_count(loop) : -1, lb, step;
  int cnt = 0;
  bool seen[SLOTS_MAX] = {false};
  if (!v->rot_iv) {
    out[0] = 0;
    return 1;
  }
  if (v->rot_k > SLOTS_MAX || v->rot_k < 1)
    return 0;
  if (n > 0 && n <= v->rot_k && asc_pass_const_int(loop->operands[0], &lb) &&
      asc_pass_const_int(loop->operands[2], &step)) {
    for (int64_t t = 0, i = lb; t < n; t++, i += step) {
      int64_t sl = slot_at(v, i);
      if (!seen[sl])
        seen[sl] = true, out[cnt++] = sl;
    }
    return cnt;
  }
  for (int64_t sl = 0; sl < v->rot_k; sl++)
    out[cnt++] = sl;
  return cnt;
}

/* v in slot sl, as a fixed view. */
static bool in_slot(const sync_view *v, int64_t sl, sync_view *out) {
  *out = *v;
  out->rot_iv = NULL;
  return !v->rot_iv || lin_addmul(&out->lo, &v->rot_stride, sl);
}

/* v in the iteration where its IV (rotating or not) is iv. */
bool sync_view_at(const sync_view *v, int64_t iv, sync_view *out) {
  if (iv < 0 || (!v->rot_iv && !v->iv))
    return false;
  if (v->rot_iv)
    return in_slot(v, (v->rot_cx * iv + v->rot_c) % v->rot_k, out);
  *out = *v;
  out->iv = NULL;
  return lin_addmul(&out->lo, &v->coef, iv);
}

/* v as the first iteration of its loop touches it (iv = the constant lower bound). */
bool sync_first_iteration(const sync_view *v, sync_view *out) {
  const asc_value *iv = v->rot_iv ? v->rot_iv : v->iv;
  const asc_op *loop = iv ? sync_iv_loop(iv) : NULL;
  int64_t lb;
  return loop && asc_pass_const_int(loop->operands[0], &lb) && sync_view_at(v, lb, out);
}

/* a and b rotate with the same IV, differently, and meet in one iteration: their slots are
 * tied, so only the slot pairs some iteration uses can overlap.  The pairs repeat every
 * lcm(k_a, k_b) iterations; a loop of fewer trips uses only its own. */
static int tied_slots_overlap(const sync_view *a, const sync_view *b) {
  const asc_op *loop = sync_iv_loop(a->rot_iv);
  int64_t lb, step, n = loop ? asc_pass_trip_count(loop) : -1;
  int64_t period = a->rot_k / gcd(a->rot_k, b->rot_k) * b->rot_k;
  if (!loop || !asc_pass_const_int(loop->operands[0], &lb) || !asc_pass_const_int(loop->operands[2], &step) ||
      period > SLOTS_MAX * SLOTS_MAX)
    return 1;
  for (int64_t t = 0; t < period && (n < 0 || t < n); t++) {
    sync_view x, y;
    if (!in_slot(a, slot_at(a, lb + t * step), &x) || !in_slot(b, slot_at(b, lb + t * step), &y) ||
        !apart(&x, &y, NULL, 0))
      return 1;
  }
  return 0;
}

/* Views that rotate differently (or only one rotates): disjoint if every slot of one is
 * disjoint from every slot of the other (gaps between slots count, unlike a hull). */
static int slotwise_overlap(const sync_view *a, const sync_view *b, int rel) {
  int64_t sa[SLOTS_MAX], sb[SLOTS_MAX];
  int na = used_slots(a, sa), nb = used_slots(b, sb);
  if (a->iv || b->iv)
    return 1;
  if (rel == SYNC_SAME_ITER && a->rot_iv && a->rot_iv == b->rot_iv)
    return tied_slots_overlap(a, b);
  if (!na || !nb)
    return 1;
  for (int i = 0; i < na; i++)
    for (int j = 0; j < nb; j++) {
      sync_view x, y;
      if (!in_slot(a, sa[i], &x) || !in_slot(b, sb[j], &y) || !apart(&x, &y, NULL, 0))
        return 1;
    }
  return 0;
}

static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

/* Some integer t in [t0, t1] (t1 < 0: no bound) puts [x + t d, + lx) over [y, + ly)? */
static bool meets_at(int64_t x, int64_t lx, int64_t d, int64_t t0, int64_t t1, int64_t y, int64_t ly) {
  int64_t lo = y - x - lx, hi = y + ly - x; /* lo < t d < hi */
  int64_t tmin, tmax;
  if (d == 0)
    return lo < 0 && 0 < hi;
  if (d < 0)
    d = -d, tmin = lo, lo = -hi, hi = -tmin;
  tmin = floor_div(lo, d) + 1, tmax = -floor_div(-hi, d) - 1; /* ceil(hi / d) - 1 */
  if (tmin < t0)
    tmin = t0;
  return tmin <= tmax && (t1 < 0 || tmin <= t1);
}

static bool all_const(const sync_view *v) {
  return !v->open && lin_is_const(&v->lo) && lin_is_const(&v->len) && (!v->iv || lin_is_const(&v->coef));
}

/* Constant views, one moving with a loop IV of constant start and step: does it meet the
 * other one in some iteration (b fixed; skip: not in a's first iteration (1), nor in its
 * last (-1)), or m >= 1 iterations later (b moving alike)? */
static int iv_overlap(const sync_view *a, const sync_view *b, bool later, int skip) {
  const asc_op *loop = sync_iv_loop(a->iv);
  int64_t lb, step, n = loop ? asc_pass_trip_count(loop) : -1, t0 = skip > 0, t1 = n - 1 - (skip < 0);
  if (!loop || !all_const(a) || !all_const(b) || !asc_pass_const_int(loop->operands[0], &lb) ||
      !asc_pass_const_int(loop->operands[2], &step) || step <= 0)
    return 1;
  if (later) /* b in iteration i + m: its bytes moved by m * coef * step */
    return meets_at(b->lo.c, b->len.c, a->coef.c * step, 1, n < 0 ? -1 : n - 1, a->lo.c, a->len.c);
  if (n >= 0 && t1 < t0)
    return 0; /* no such iteration */
  return meets_at(a->lo.c + a->coef.c * lb, a->len.c, a->coef.c * step, t0, n < 0 ? -1 : t1, b->lo.c, b->len.c);
}

int sync_overlap(const sync_view *a, const sync_view *b, int rel, int64_t step) {
  if (a->root != b->root)
    return 0;
  if (a->any || b->any)
    return 1;
  if (a->rot_iv || b->rot_iv)
    return same_rotation(a, b) ? rotating_overlap(a, b, rel, step) : slotwise_overlap(a, b, rel);
  if (!a->iv != !b->iv) /* a later b meets a moving a only before a's last iteration */
    return a->iv ? iv_overlap(a, b, false, rel == SYNC_LATER_ITER ? -1 : 0)
                 : iv_overlap(b, a, false, rel == SYNC_LATER_ITER ? 1 : 0);
  if (a->iv != b->iv || (a->iv && !lin_eq(&a->coef, &b->coef)))
    return 1; /* moving with different loops, or at different rates */
  if (!a->iv || rel == SYNC_SAME_ITER)
    return !apart(a, b, NULL, 0);
  if (rel == SYNC_LATER_ITER && step > 0) {
    sync_lin d = a->coef;
    lin_scale(&d, step);
    return later_overlap(a, b, &d) && iv_overlap(a, b, true, 0);
  }
  return 1;
}

/* ---- describing accesses (auto-sync log, S001) ---- */

void sync_describe(const sync_view *v, char *buf, size_t n) {
  const asc_value *val = (const asc_value *)v->root;
  char where[96];
  if ((const char *)v->root >= memkeys && (const char *)v->root < memkeys + ASC_HW_NMEMS)
    snprintf(where, sizeof where, "%s", asc_hw_mem_name((int)((const char *)v->root - memkeys)));
  else if (!val->def)
    snprintf(where, sizeof where, "GM argument %d", val->index);
  else
    snprintf(where, sizeof where, "the buffer of %s at line %d", asc_op_name(val->def), val->def->loc.line);
  if (v->rot_iv && !v->any && !v->iv && !v->open && lin_is_const(&v->lo) && lin_is_const(&v->len) &&
      lin_is_const(&v->rot_stride))
    snprintf(buf, n, "%s bytes [%lld, %lld) + %lld * (slot = iteration %% %lld)", where, (long long)v->lo.c,
             (long long)(v->lo.c + v->len.c), (long long)v->rot_stride.c, (long long)v->rot_k);
  else if (v->any || v->iv || v->rot_iv || !lin_is_const(&v->lo) || (!v->open && !lin_is_const(&v->len)))
    snprintf(buf, n, "%s (bytes at a runtime offset)", where);
  else if (v->open)
    snprintf(buf, n, "%s bytes [%lld, end)", where, (long long)v->lo.c);
  else
    snprintf(buf, n, "%s bytes [%lld, %lld)", where, (long long)v->lo.c, (long long)(v->lo.c + v->len.c));
}

/* Provably lo <= x < lo + len, taking an access's length to be at least one byte (an
 * access of none touches nothing). */
static bool starts_inside(const sync_lin *x, const sync_lin *lo, const sync_lin *len) {
  sync_lin end = *lo, one = lin_const(1);
  if (!lin_le(lo, NULL, 0, x) || !lin_addmul(&end, len, 1))
    return false;
  if (lin_le(x, &one, 1, &end))
    return true;
  return !lin_is_const(len) && lin_le(x, NULL, 0, lo); /* x = lo and len >= 1 */
}

/* Do a and b certainly share a byte (in the same iteration, or, for rotating views, in
 * iterations that use the same slot)?  Only then is a missing order a certain race;
 * verify-sync's S001 reports nothing less. */
bool sync_must_overlap(const sync_view *a, const sync_view *b, int rel) {
  if (a->root != b->root || a->any || b->any || a->open || b->open)
    return false;
  if ((a->rot_iv || b->rot_iv) && !same_rotation(a, b))
    return false;
  if ((a->iv || b->iv) && (a->iv != b->iv || !lin_eq(&a->coef, &b->coef) || rel != SYNC_SAME_ITER))
    return false; /* bytes that move with an IV meet only at a known iteration distance */
  return starts_inside(&b->lo, &a->lo, &a->len) || starts_inside(&a->lo, &b->lo, &b->len);
}
