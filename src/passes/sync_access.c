/* sync_access.c - the access model of auto-sync: which pipe runs an op and which bytes
 * of which buffer it reads and writes.  Everything is derived from the registry
 * (ops.def pipe rule and reads/writes bits) and from how views are built; no per-op code. */
#include <stdio.h>
#include <stdlib.h>
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

static sync_lin lin_const(int64_t c) { return (sync_lin){.c = c}; }

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
  int m = 0;
  for (int j = 0; j < x->n; j++) /* drop atoms that cancelled */
    if (x->k[j])
      x->atom[m] = x->atom[j], x->k[m++] = x->k[j];
  x->n = m;
  return true;
}

/* x *= s (s = 0 leaves no atoms). */
static void lin_scale(sync_lin *x, int64_t s) {
  sync_lin y = *x;
  *x = lin_const(0);
  lin_addmul(x, &y, s); /* the same atoms: it cannot run out of them */
}

/* out = x * y when one of them is a constant; false otherwise (a product of atoms). */
static bool lin_mul(sync_lin *out, const sync_lin *x, const sync_lin *y) {
  *out = lin_const(0);
  if (lin_is_const(y))
    return lin_addmul(out, x, y->c);
  return lin_is_const(x) && lin_addmul(out, y, x->c);
}

static bool lin_eq(const sync_lin *a, const sync_lin *b) {
  sync_lin d = *a;
  return lin_addmul(&d, b, -1) && d.n == 0 && d.c == 0;
}

bool sync_view_covers(const sync_view *c, const sync_view *a) {
  if (c->root != a->root || c->any || a->any || c->iv || a->iv || c->rot_iv || a->rot_iv)
    return false;
  if (lin_eq(&c->lo, &a->lo) && (c->open || (!a->open && lin_eq(&c->len, &a->len))))
    return true; /* the same start, c as long (symbolic sizes too) */
  if (!lin_is_const(&c->lo) || !lin_is_const(&a->lo) || a->lo.c < c->lo.c)
    return false;
  if (c->open)
    return true;
  return !a->open && lin_is_const(&c->len) && lin_is_const(&a->len) && a->lo.c + a->len.c <= c->lo.c + c->len.c;
}

/* ---- index expressions ---- */

asc_op *sync_iv_loop(const asc_value *iv) {
  asc_op *loop = iv->def ? NULL : asc_value_scope(iv);
  return loop && loop->code == ASC_OP_FOR && iv->index == 0 ? loop : NULL;
}

/* An index value is read as an offset in the form of a view without root or length:
 * lo + coef * iv + rot_stride * ((rot_cx * rot_iv + rot_c) mod rot_k).  x += s * y; false
 * if the sum moves in two ways (two IVs, an IV and a slot) or subtracts a slot. */
static bool off_add(sync_view *x, const sync_view *y, int64_t s) {
  if (((x->iv || x->rot_iv) && (y->iv || y->rot_iv) && !(x->iv && x->iv == y->iv)) || (y->rot_iv && s != 1))
    return false;
  if (y->rot_iv)
    x->rot_iv = y->rot_iv, x->rot_k = y->rot_k, x->rot_cx = y->rot_cx, x->rot_c = y->rot_c,
    x->rot_stride = y->rot_stride;
  x->iv = x->iv ? x->iv : y->iv;
  return lin_addmul(&x->lo, &y->lo, s) && lin_addmul(&x->coef, &y->coef, s);
}

/* out = x * y for a y that does not move; false unless each product has a constant factor. */
static bool off_mul(sync_view *out, const sync_view *x, const sync_view *y) {
  *out = *x;
  return !y->iv && !y->rot_iv && lin_mul(&out->lo, &x->lo, &y->lo) && lin_mul(&out->coef, &x->coef, &y->lo) &&
         lin_mul(&out->rot_stride, &x->rot_stride, &y->lo);
}

/* The offset v is (false if v is neither that nor loop-invariant). */
static bool affine(const asc_value *v, sync_view *out) {
  const asc_op *d = v->def;
  int64_t c, lb;
  sync_view x, y;
  memset(out, 0, sizeof *out);
  if (asc_pass_const_int(v, &c)) {
    out->lo.c = c;
    return true;
  }
  if (sync_iv_loop(v)) {
    out->iv = v, out->coef.c = 1;
    return true;
  }
  switch (d ? d->code : ASC_OP_FUNC) { /* no op: a block argument, invariant or not */
  case ASC_OP_INDEX_CAST: case ASC_OP_EXTSI: case ASC_OP_EXTUI: case ASC_OP_TRUNCI:
    return affine(d->operands[ASC_OPND_ADDI_lhs], out);
  case ASC_OP_ADDI: case ASC_OP_SUBI:
    if (affine(d->operands[ASC_OPND_ADDI_lhs], out) && affine(d->operands[ASC_OPND_ADDI_rhs], &y) &&
        off_add(out, &y, d->code == ASC_OP_ADDI ? 1 : -1))
      return true;
    break;
  case ASC_OP_MULI:
    if (affine(d->operands[ASC_OPND_ADDI_lhs], &x) && affine(d->operands[ASC_OPND_ADDI_rhs], &y) &&
        (off_mul(out, &x, &y) || off_mul(out, &y, &x)))
      return true;
    break;
  case ASC_OP_REMUI: case ASC_OP_REMSI: /* (cx * iv + c) mod k: a buffer slot chosen by the iteration */
    if (affine(d->operands[ASC_OPND_ADDI_lhs], &x) && x.iv && lin_is_const(&x.coef) && lin_is_const(&x.lo) &&
        x.coef.c > 0 &&
        x.lo.c >= 0 && asc_pass_const_int(d->operands[ASC_OPND_ADDI_rhs], &c) && c >= 2 && c <= SYNC_NIDS &&
        asc_pass_const_int(sync_iv_loop(x.iv)->operands[ASC_OPND_FOR_lower_bound], &lb) &&
        lb >= 0) { /* no negative remainders */
      out->rot_iv = x.iv, out->rot_k = c, out->rot_cx = x.coef.c, out->rot_c = x.lo.c % c;
      out->rot_stride = lin_const(1);
      return true;
    }
    break;
  default:
    break;
  }
  /* otherwise only a value defined at the function's top level: one value for the whole kernel run */
  const asc_block *b = d ? d->parent : v->block;
  memset(out, 0, sizeof *out);
  if (!b || !b->parent || !b->parent->parent || b->parent->parent->code != ASC_OP_FUNC)
    return false;
  out->lo.n = 1, out->lo.atom[0] = v, out->lo.k[0] = 1;
  return true;
}

/* v as a linear form times scale, when it does not move with a loop. */
static bool fixed(const asc_value *v, sync_lin *out, int64_t scale) {
  sync_view o;
  if (!affine(v, &o) || o.iv || o.rot_iv)
    return false;
  *out = o.lo;
  lin_scale(out, scale);
  return true;
}

/* v = (X + (m - 1)) / m, the number of m-blocks X takes (how plan-auto-tensors aligns a
 * runtime size): X in *x.  Then X <= m * v <= X + m - 1. */
static bool ceil_div(const asc_value *v, sync_lin *x, int64_t *m) {
  const asc_op *div = v->def, *add;
  int64_t c;
  if (!div || div->code != ASC_OP_DIVSI || !asc_pass_const_int(div->operands[ASC_OPND_DIVSI_rhs], m) || *m <= 0)
    return false;
  add = div->operands[ASC_OPND_DIVSI_lhs]->def;
  if (!add || add->code != ASC_OP_ADDI || !asc_pass_const_int(add->operands[ASC_OPND_ADDI_rhs], &c) || c != *m - 1)
    return false;
  return fixed(add->operands[ASC_OPND_ADDI_lhs], x, 1);
}

/* Provably x >= 0: atoms are non-negative, and k * v for a ceil_div atom v with m | k is
 * at least k / m * X (at most k / m * (X + m - 1) when k < 0), which may settle it. */
static bool lin_nonneg(const sync_lin *x, int depth) {
  bool plain = x->c >= 0;
  for (int i = 0; i < x->n; i++)
    plain = plain && x->k[i] >= 0;
  if (plain || depth == 0)
    return plain;
  for (int i = 0; i < x->n; i++) {
    sync_lin r, d = *x;
    int64_t m;
    if (!ceil_div(x->atom[i], &r, &m) || x->k[i] % m)
      continue;
    d.n--, d.atom[i] = d.atom[d.n], d.k[i] = d.k[d.n]; /* k * v replaced by its bound */
    if (x->k[i] < 0)
      r.c += m - 1;
    if (lin_addmul(&d, &r, x->k[i] / m) && lin_nonneg(&d, depth - 1))
      return true;
  }
  return false;
}

/* Provably a + sa * s <= b (s may be NULL). */
static bool lin_le(const sync_lin *a, const sync_lin *s, int64_t sa, const sync_lin *b) {
  sync_lin d = *b;
  if (!lin_addmul(&d, a, -1) || (s && !lin_addmul(&d, s, -sa)))
    return false;
  return lin_nonneg(&d, 3);
}

/* ---- views ---- */

/* Bytes [lo, lo + len) of root (len NULL: to its end). */
static sync_view range(const void *root, sync_lin lo, const sync_lin *len) {
  return (sync_view){.root = root, .lo = lo, .open = !len, .len = len ? *len : lin_const(0)};
}

/* Somewhere in root. */
static sync_view whole(const void *root) {
  return (sync_view){.root = root, .open = true, .any = true};
}

/* base advanced by off elements of t (whole root when off has no usable form). */
static sync_view advance(sync_view base, const asc_value *off, const asc_type *t) {
  int64_t sz = elem_bytes(t);
  sync_view o;
  if (base.any)
    return base;
  if (!affine(off, &o)) {
    /* a subview at an offset of no usable form stays inside the closed view it is taken from (a
       subview past its tensor is the simulator's out-of-bounds error): anywhere in its bytes, e.g. one
       of a buffer's halves chosen at run time */
    if (base.open || base.iv || base.rot_iv)
      return whole(base.root);
    base.any = base.within = true;
    return base;
  }
  lin_scale(&o.lo, sz), lin_scale(&o.coef, sz), lin_scale(&o.rot_stride, sz);
  if (!off_add(&base, &o, 1) || (!base.open && !lin_addmul(&base.len, &o.lo, -1)))
    return whole(base.root);
  base.open = base.open || o.iv || o.rot_iv; /* the end of the root does not move with the IV */
  return base;
}

/* [lo, + n elements of t); to the end of root when n does not have a fixed form. */
static sync_view span(const void *root, const asc_value *lo, const asc_value *n, const asc_type *t) {
  sync_lin a = lin_const(0), b;
  if (lo && !fixed(lo, &a, 1))
    return whole(root);
  return range(root, a, fixed(n, &b, elem_bytes(t)) ? &b : NULL);
}

static bool same_motion(const sync_view *a, const sync_view *b);

/* A subview t[start:stop] (an op with a stop operand) ends at stop: the view's length is stop - start
 * when the two differ by a fixed amount (t[i * 16:(i + 1) * 16] too), the same extent the simulator
 * gives it; otherwise it stays as the start made it. */
static sync_view bound(sync_view base, const asc_op *d, const asc_type *t) {
  sync_view a, b;
  if (d->noperands < 3 || base.any || !affine(d->operands[ASC_OPND_LT_SUBVIEW_offset], &a) ||
      !affine(d->operands[ASC_OPND_LT_SUBVIEW_stop], &b) ||
      !same_motion(&a, &b) || !lin_addmul(&b.lo, &a.lo, -1) || !lin_is_const(&b.lo) || b.lo.c < 0)
    return base;
  base.len = lin_const(b.lo.c * elem_bytes(t));
  base.open = false;
  return base;
}

static sync_view resolve(sync_env *env, const asc_value *v) {
  const asc_op *d = v->def;
  if (!d) /* a kernel argument: its own array, from its start */
    return range(v, lin_const(0), NULL);
  switch (d->code) {
  case ASC_OP_LOCAL_TENSOR:
    return span(memkey((int)asc_op_attr(d, "pos")->i), d->operands[ASC_OPND_LOCAL_TENSOR_addr],
                d->operands[ASC_OPND_LOCAL_TENSOR_size], v->type);
  case ASC_OP_LT_SUBVIEW:
  case ASC_OP_GT_SUBVIEW:
    return bound(advance(resolve(env, d->operands[ASC_OPND_GT_SUBVIEW_tensor]), d->operands[ASC_OPND_GT_SUBVIEW_offset],
                         v->type), d, v->type);
  case ASC_OP_GM_OFFSET:
  case ASC_OP_GT_GET_PHY_ADDR:
    return advance(resolve(env, d->operands[0]), d->operands[ASC_OPND_GM_OFFSET_offset], v->type);
  case ASC_OP_LT_REINTERPRET_CAST: /* the same bytes */
    return resolve(env, d->operands[ASC_OPND_LT_REINTERPRET_CAST_tensor]);
  case ASC_OP_ALLOC_TENSOR:
  case ASC_OP_DEQUE: {
    int64_t slot = asc_pass_map_get(&env->qslot, v);
    sync_lin len = lin_const(SLOT_BYTES);
    return slot > 0 ? range(d->operands[ASC_OPND_ALLOC_TENSOR_que], lin_const((slot - 1) * SLOT_BYTES), &len)
        : whole(d->operands[ASC_OPND_ALLOC_TENSOR_que]);
  }
  case ASC_OP_TBUF_GET:
  case ASC_OP_TBUF_GET_WITH_OFFSET: /* (tbuf, size elements[, byte offset]) */
    return span(d->operands[ASC_OPND_TBUF_GET_buf],
                d->code == ASC_OP_TBUF_GET ? NULL : d->operands[ASC_OPND_TBUF_GET_WITH_OFFSET_buf_offset],
                d->operands[ASC_OPND_TBUF_GET_len], v->type);
  case ASC_OP_TBUF_GET_ALL: /* the whole buffer, to its end (its length is known only when it runs) */
    return range(d->operands[ASC_OPND_TBUF_GET_ALL_buf], lin_const(0), NULL);
  case ASC_OP_GLOBAL_TENSOR: {
    const asc_value *p = (const asc_value *)(intptr_t)asc_pass_map_get(&env->gt_ptr, v);
    return p ? resolve(env, p) : whole(v);
  }
  default:
    return whole(v);
  }
}

/* ---- accesses ---- */

/* The bytes operand i of op touches; n is the element count that bounds every tensor operand
 * of op (the registry's `count` operand). */
/* Field f of a struct operand built by asc.struct from constants; false if not known. */
static bool const_field(const asc_value *s, int f, int64_t *out) {
  const asc_value *v;
  return asc_pass_struct_field(s, f, &v) && v && asc_pass_const_int(v, out);
}

/* load_data_2d moves repeat_times 512-byte fractals: source fractal start_index + r x src_stride,
 * destination fractal r x (1 + dst_gap) (src/sim/cube.c).  With constant parameters the view
 * is those bytes, not the rest of the tensor: filling L0A one fractal row at a time is no race. */
static sync_view load2d_view(sync_view view, const asc_op *op, int i) {
  enum { FRACTAL = 512 };
  int64_t start, reps, ss, gap;
  const asc_value *p = op->operands[2];
  if (view.any || !const_field(p, ASC_SFI(LoadData2DParams, start_index), &start) ||
      !const_field(p, ASC_SFI(LoadData2DParams, repeat_times), &reps) ||
      !const_field(p, ASC_SFI(LoadData2DParams, src_stride), &ss) ||
      !const_field(p, ASC_SFI(LoadData2DParams, dst_gap), &gap) || start < 0 || reps < 0 || ss < 0 || gap < 0)
    return view;
  sync_lin lo = lin_const(i == 1 ? start * FRACTAL : 0);
  int64_t len = reps ? ((reps - 1) * (i == 1 ? ss : 1 + gap) + 1) * FRACTAL : 0;
  if (!lin_addmul(&view.lo, &lo, 1))
    return whole(view.root);
  if (!view.open && lin_is_const(&view.len) && view.len.c < lo.c + len)
    return view; /* past the tensor: the simulator reports it; keep the tensor's own extent */
  view.len = lin_const(len);
  view.open = false;
  return view;
}

static sync_view operand_view(sync_env *env, const asc_op *op, int i) {
  int c = asc_op_count_operand(op->code);
  const asc_value *v = op->operands[i], *n = c >= 0 && c < op->noperands ? op->operands[c] : NULL;
  sync_view view = resolve(env, v);
  /* get_value / set_value (tensor, index[, value]) touch one element; other scalar-family ops that
     read a tensor (printing, dumps) are taken to touch all of it. */
  if (op->code == ASC_OP_GET_VALUE || op->code == ASC_OP_SET_VALUE) {
    view = advance(view, op->operands[ASC_OPND_GET_VALUE_index], v->type);
    if (!view.any)
      view.len = lin_const(elem_bytes(v->type)), view.open = false;
    return view;
  }
  if (op->code == ASC_OP_LOAD_DATA_2D && i < 2)
    return load2d_view(view, op, i);
  if (n && !view.any && fixed(n, &view.len, elem_bytes(v->type)))
    view.open = false;
  return view;
}

int sync_op_accesses(sync_env *env, asc_op *op, sync_access *out, int cap) {
  const asc_opinfo *info = asc_opinfo_of(op->code);
  int pipe = sync_op_pipe(op), n = 0;
  if (pipe == SYNC_NOPIPE)
    return 0;
  for (int i = 0; i < op->noperands && i < 32; i++)
    for (int w = 0; w < 2; w++)
      if (((w ? info->writes : info->reads) & ARG(i)) && n < cap)
        out[n++] = (sync_access){.op = op, .pipe = pipe, .write = w, .v = operand_view(env, op, i)};
  return n;
}

/* v in the iteration where its IV (rotating or not) is iv, as a fixed view. */
bool sync_view_at(const sync_view *v, int64_t iv, sync_view *out) {
  *out = *v;
  out->iv = out->rot_iv = NULL;
  if (iv < 0 || (!v->rot_iv && !v->iv))
    return false;
  return v->rot_iv ? lin_addmul(&out->lo, &v->rot_stride, (v->rot_cx * iv + v->rot_c) % v->rot_k)
                    : lin_addmul(&out->lo, &v->coef, iv);
}

/* v as the first iteration of its loop touches it (iv = the constant lower bound). */
bool sync_first_iteration(const sync_view *v, sync_view *out) {
  const asc_value *iv = v->rot_iv ? v->rot_iv : v->iv;
  const asc_op *loop = iv ? sync_iv_loop(iv) : NULL;
  int64_t lb;
  return loop && asc_pass_const_int(loop->operands[ASC_OPND_FOR_lower_bound], &lb) && sync_view_at(v, lb, out);
}

static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

/* Does a share a byte with b moved by t * d bytes, for some integer t in [t0, t1] (t1 =
 * INT64_MAX: no bound, a runtime trip count)?  This is the one overlap test; it reads the
 * views' bytes (lo, len, open), not how they move.  Constant bounds are solved exactly
 * (gaps between a loop's tiles count); otherwise, when d has a known sign, b is lowest at
 * one end of the range and highest at the other, and a that ends below the lowest or
 * starts above the highest is missed by all. */
static bool meets(const sync_view *a, const sync_view *b, const sync_lin *d, int64_t t0, int64_t t1) {
  sync_lin ahi = a->lo, bhi = b->lo;
  bool up, down, aend = !a->open && lin_addmul(&ahi, &a->len, 1);
  bool bend = !b->open && lin_addmul(&bhi, &b->len, 1);
  int64_t lo, hi, tlo, thi;
  if (t0 > t1)
    return false;
  if (lin_is_const(d) && d->c == 0)
    t1 = t0; /* b does not move */
  if (aend && bend && lin_is_const(&a->lo) && lin_is_const(&ahi) && lin_is_const(&b->lo) &&
      lin_is_const(&bhi) && lin_is_const(d)) {
    lo = a->lo.c - bhi.c, hi = ahi.c - b->lo.c; /* some t with lo < t d < hi */
    if (d->c == 0)
      return lo < 0 && 0 < hi;
    if (d->c < 0)
      tlo = lo, lo = -hi, hi = -tlo;
    tlo = floor_div(lo, llabs(d->c)) + 1, thi = -floor_div(-hi, llabs(d->c)) - 1; /* ceil(hi / |d|) - 1 */
    return (tlo > t0 ? tlo : t0) <= (thi < t1 ? thi : t1);
  }
  up = lin_le(&(sync_lin){0}, NULL, 0, d), down = !up && lin_le(d, NULL, 0, &(sync_lin){0});
  if (!up && !down && t0 != t1)
    return true;
  tlo = down ? t1 : t0, thi = down ? t0 : t1; /* where b is lowest and highest */
  return !((aend && tlo != INT64_MAX && lin_le(&ahi, d, -tlo, &b->lo)) ||
           (bend && thi != INT64_MAX && lin_le(&bhi, d, thi, &a->lo)));
}

/* Where v can be, independently of any other view: base moved by t * d bytes for t in
 * [t0, t1], over the slots of a rotation or the iterations of a loop of constant start and
 * step (skip > 0: not its first, skip < 0: not its last).  False if that is not known. */
static bool positions(const sync_view *v, int skip, sync_view *base, sync_lin *d, int64_t *t0, int64_t *t1) {
  const asc_op *loop = v->iv ? sync_iv_loop(v->iv) : NULL;
  int64_t step, n = loop ? asc_pass_trip_count(loop) : -1;
  *base = *v, *d = v->rot_iv ? v->rot_stride : v->coef, *t0 = 0, *t1 = v->rot_iv ? v->rot_k - 1 : 0;
  if (!v->iv || (lin_is_const(d) && d->c == 0))
    return true;
  if (!loop || !asc_pass_const_int(loop->operands[ASC_OPND_FOR_step], &step) || step <= 0 ||
      !sync_first_iteration(v, base))
    return false;
  lin_scale(d, step);
  *t0 = skip > 0, *t1 = n < 0 ? INT64_MAX : n - 1 - (skip < 0);
  return true;
}

/* a and b anywhere they can be, each on its own: the positions of one that takes few
 * against the other's range. */
static int independent(const sync_view *a, int skip_a, const sync_view *b, int skip_b) {
  sync_view pa, pb, x;
  sync_lin da, db;
  int64_t a0, a1, b0, b1;
  if (!positions(a, skip_a, &pa, &da, &a0, &a1) || !positions(b, skip_b, &pb, &db, &b0, &b1))
    return 1;
  if (a1 - a0 >= SYNC_NIDS) /* too many to list: b's, or give up */
    return b1 - b0 < SYNC_NIDS ? independent(b, skip_b, a, skip_a) : 1;
  for (int64_t t = a0; t <= a1; t++) {
    x = pa;
    if (!lin_addmul(&x.lo, &da, t) || meets(&x, &pb, &db, b0, b1))
      return 1;
  }
  return 0;
}

static int64_t gcd(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b, b = t;
  }
  return a < 0 ? -a : a;
}

/* a and b move alike: with the same IV at the same rate, or in the same rotation (or not at all). */
static bool same_motion(const sync_view *a, const sync_view *b) {
  return a->iv == b->iv && lin_eq(&a->coef, &b->coef) && a->rot_iv == b->rot_iv && a->rot_k == b->rot_k &&
         a->rot_cx == b->rot_cx && a->rot_c == b->rot_c && lin_eq(&a->rot_stride, &b->rot_stride);
}

int sync_overlap(const sync_view *a, const sync_view *b, int rel, int64_t step) {
  const sync_lin none = {0};
  sync_view x, y;
  int64_t k = a->rot_k;
  if (a->root != b->root)
    return 0;
  if (a->any || b->any) /* somewhere in known closed ranges: apart if those are */
    return (a->any && !a->within) || (b->any && !b->within) || a->open || b->open || a->iv || b->iv ||
           a->rot_iv || b->rot_iv || meets(a, b, &none, 0, 0);
  if (same_motion(a, b) && (rel == SYNC_SAME_ITER || (rel == SYNC_LATER_ITER && step > 0 && !a->rot_iv))) {
    /* they move together: b m iterations later is moved by m * coef * step (m = 0: the same one) */
    const asc_op *loop = a->iv ? sync_iv_loop(a->iv) : NULL;
    int64_t n = loop ? asc_pass_trip_count(loop) : -1, m = rel == SYNC_LATER_ITER;
    sync_lin d = a->coef;
    lin_scale(&d, step);
    return meets(a, b, &d, m, !m ? 0 : n < 0 ? INT64_MAX : n - 1);
  }
  if (rel == SYNC_SAME_ITER && a->rot_iv && a->rot_iv == b->rot_iv) {
    /* slots tied by the IV: the pairs its residues modulo both k use */
    for (int64_t r = 0; r < k / gcd(k, b->rot_k) * b->rot_k; r++)
      if (!sync_view_at(a, r, &x) || !sync_view_at(b, r, &y) || meets(&x, &y, &none, 0, 0))
        return 1;
    return 0;
  }
  if (rel == SYNC_LATER_ITER && step > 0 && a->rot_iv && same_motion(a, b) &&
      gcd(a->rot_cx * step % k, k) == 1 && gcd(step, k) == 1) {
    /* consecutive iterations use different slots and meet again k iterations later: 2 if
       only the same slot can overlap, 0 if no slot pairing can */
    if (meets(a, b, &a->rot_stride, 1 - k, -1) || meets(a, b, &a->rot_stride, 1, k - 1))
      return 1;
    return meets(a, b, &none, 0, 0) ? 2 : 0;
  }
  /* a later b meets a moving a only before a's last iteration, a moving b only after its first */
  return independent(a, rel == SYNC_LATER_ITER && a->iv && !b->iv && !b->rot_iv ? -1 : 0, b,
                     rel == SYNC_LATER_ITER && b->iv && !a->iv && !a->rot_iv ? 1 : 0);
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
  if (v->rot_iv && !v->open && lin_is_const(&v->lo) && lin_is_const(&v->len) && lin_is_const(&v->rot_stride))
    snprintf(buf, n, "%s bytes [%lld, %lld) + %lld * (slot = iteration %% %lld)", where, (long long)v->lo.c,
             (long long)(v->lo.c + v->len.c), (long long)v->rot_stride.c, (long long)v->rot_k);
  else if (v->any || v->iv || v->rot_iv || !lin_is_const(&v->lo) || (!v->open && !lin_is_const(&v->len)))
    snprintf(buf, n, "%s (bytes at a runtime offset)", where);
  else if (v->open)
    snprintf(buf, n, "%s bytes [%lld, end)", where, (long long)v->lo.c);
  else
    snprintf(buf, n, "%s bytes [%lld, %lld)", where, (long long)v->lo.c, (long long)(v->lo.c + v->len.c));
}

/* Provably x < lo + len, taking an access's length to be at least one byte (an access of
 * none touches nothing): so x <= lo settles it when len is symbolic. */
static bool below_end(const sync_lin *x, const sync_lin *lo, const sync_lin *len) {
  sync_lin end = *lo, one = lin_const(1);
  return lin_addmul(&end, len, 1) &&
         (lin_le(x, &one, 1, &end) || (!lin_is_const(len) && lin_le(x, NULL, 0, lo)));
}

/* Do a and b certainly share a byte (in the same iteration, or, for rotating views, in
 * iterations that use the same slot)?  Only then is a missing order a certain race;
 * verify-sync's S001 reports nothing less. */
bool sync_must_overlap(const sync_view *a, const sync_view *b, int rel) {
  if (a->root != b->root || a->any || b->any || a->open || b->open || !same_motion(a, b) ||
      (a->iv && rel != SYNC_SAME_ITER))
    return false; /* bytes that move with an IV meet only at a known iteration distance */
  return below_end(&a->lo, &b->lo, &b->len) && below_end(&b->lo, &a->lo, &a->len);
}
