/* sync_access.c - the access model of auto-sync: which pipe runs an op and which bytes
 * of which buffer it reads and writes.  Everything is derived from the registry
 * (ops.def pipe rule and reads/writes bits) and from how views are built; no per-op code. */
#include <string.h>

#include "passes/sync_internal.h"

/* Keys for static tensors (asc.local_tensor): one per physical memory.  Immutable;
 * only their addresses are used. */
static const char memkeys[4] = {0, 1, 2, 3};
enum { MEM_UB, MEM_L1, MEM_L0, MEM_OTHER };

/* Queue slots are kept apart by giving each its own huge byte window of the queue. */
#define SLOT_BYTES ((int64_t)1 << 40)

/* ---- pipes and events ---- */

static int pipe_of_rule(asc_pipe_rule r) {
  switch (r) {
  case ASC_PR_S: return ASC_PIPEID_PIPE_S;
  case ASC_PR_V: return ASC_PIPEID_PIPE_V;
  case ASC_PR_MTE1: return ASC_PIPEID_PIPE_MTE1;
  case ASC_PR_MTE2: return ASC_PIPEID_PIPE_MTE2;
  case ASC_PR_MTE3: return ASC_PIPEID_PIPE_MTE3;
  case ASC_PR_M: return ASC_PIPEID_PIPE_M;
  case ASC_PR_FIX: return ASC_PIPEID_PIPE_FIX;
  default: return SYNC_NOPIPE;
  }
}

static bool is_gm(const asc_type *t) { return t->kind == ASC_TY_GTENSOR || t->kind == ASC_TY_GM; }

int sync_op_pipe(const asc_op *op) {
  const asc_opinfo *info = asc_opinfo_of(op->code);
  if (info->pipe != ASC_PR_COPY)
    return pipe_of_rule(info->pipe);
  /* COPY: operand 0 is the destination, operand 1 the source (ops.def) */
  if (is_gm(op->operands[1]->type))
    return ASC_PIPEID_PIPE_MTE2;
  if (is_gm(op->operands[0]->type))
    return ASC_PIPEID_PIPE_MTE3;
  return ASC_PIPEID_PIPE_V; /* local to local (hardware.md §5: treat as V) */
}

/* The pipe named by s[0..n) ("MTE2"), or SYNC_NOPIPE. */
static int pipe_named(const char *s, size_t n) {
  static const char *const names[SYNC_NPIPES] = {"S",    "V",    "M",    "MTE1", "MTE2", "MTE3",
                                                 "ALL",  "MTE4", "MTE5", "V2",   "FIX"};
  for (int p = 0; p < SYNC_NPIPES; p++)
    if (strlen(names[p]) == n && memcmp(names[p], s, n) == 0)
      return p;
  return SYNC_NOPIPE;
}

/* Event names are SRC_DST with one underscore. */
static int event_side(int64_t event, int side) {
  const char *name = asc_enum_name(ASC_ENUM_EVENT, event);
  const char *us = name ? strchr(name, '_') : NULL;
  if (!us)
    return SYNC_NOPIPE;
  return side == 0 ? pipe_named(name, (size_t)(us - name)) : pipe_named(us + 1, strlen(us + 1));
}

int sync_event_src(int64_t event) { return event_side(event, 0); }
int sync_event_dst(int64_t event) { return event_side(event, 1); }

int64_t sync_event_of(int src, int dst) {
  for (int64_t e = 0; asc_enum_name(ASC_ENUM_EVENT, e); e++)
    if (sync_event_src(e) == src && sync_event_dst(e) == dst)
      return e;
  return -1;
}

/* The pipe that fills / drains a buffer at position pos. */
static int pos_writer(int pos) {
  switch (pos) {
  case ASC_POS_VECIN: case ASC_POS_A1: case ASC_POS_B1: case ASC_POS_C1: return ASC_PIPEID_PIPE_MTE2;
  case ASC_POS_A2: case ASC_POS_B2: return ASC_PIPEID_PIPE_MTE1;
  case ASC_POS_CO1: return ASC_PIPEID_PIPE_M;
  case ASC_POS_CO2: return ASC_PIPEID_PIPE_FIX;
  default: return ASC_PIPEID_PIPE_V;
  }
}

static int pos_reader(int pos) {
  switch (pos) {
  case ASC_POS_VECOUT: return ASC_PIPEID_PIPE_MTE3;
  case ASC_POS_A1: case ASC_POS_B1: case ASC_POS_C1: return ASC_PIPEID_PIPE_MTE1;
  case ASC_POS_A2: case ASC_POS_B2: return ASC_PIPEID_PIPE_M;
  case ASC_POS_CO1: return ASC_PIPEID_PIPE_FIX;
  case ASC_POS_CO2: return ASC_PIPEID_PIPE_MTE3;
  default: return ASC_PIPEID_PIPE_V;
  }
}

int sync_queue_producer(const asc_type *q) { return pos_writer(q->pos); }
int sync_queue_consumer(const asc_type *q) { return pos_reader(q->pos2 >= 0 ? q->pos2 : q->pos); }

/* ---- views ---- */

static const void *memkey(int pos) {
  switch (pos) {
  case ASC_POS_VECIN: case ASC_POS_VECOUT: case ASC_POS_VECCALC: return &memkeys[MEM_UB];
  case ASC_POS_A1: case ASC_POS_B1: case ASC_POS_C1: return &memkeys[MEM_L1];
  case ASC_POS_A2: case ASC_POS_B2: case ASC_POS_CO1: return &memkeys[MEM_L0];
  default: return &memkeys[MEM_OTHER];
  }
}

static int64_t elem_bytes(const asc_type *t) {
  const asc_type *e = t->elem ? t->elem : t;
  int n = asc_type_is_scalar(e) ? asc_type_bytes(e) : 1;
  return n > 0 ? n : 1;
}

/* Somewhere in root: an offset or a length is not a constant. */
static sync_view whole(const void *root) { return (sync_view){root, 0, SYNC_WHOLE, true, NULL, 0, NULL, 0, 0, 0, NULL, 0}; }

asc_op *sync_iv_loop(const asc_value *iv) {
  asc_op *loop = !iv->def && iv->block && iv->block->parent ? iv->block->parent->parent : NULL;
  return loop && loop->code == ASC_OP_FOR && iv->index == 0 ? loop : NULL;
}

/* v = c + coef * iv (iv NULL: constant); false if v is not of that form. */
static bool affine(const asc_value *v, const asc_value **iv, int64_t *coef, int64_t *c) {
  const asc_op *d = v->def;
  const asc_value *iv2;
  int64_t k2, c2;
  *iv = NULL, *coef = 0, *c = 0;
  if (asc_pass_const_int(v, c))
    return true;
  if (sync_iv_loop(v)) {
    *iv = v, *coef = 1;
    return true;
  }
  if (!d)
    return false;
  switch (d->code) {
  case ASC_OP_INDEX_CAST: case ASC_OP_EXTSI: case ASC_OP_EXTUI: case ASC_OP_TRUNCI:
    return affine(d->operands[0], iv, coef, c);
  case ASC_OP_ADDI: case ASC_OP_SUBI: {
    int64_t sign = d->code == ASC_OP_ADDI ? 1 : -1;
    if (!affine(d->operands[0], iv, coef, c) || !affine(d->operands[1], &iv2, &k2, &c2))
      return false;
    if (*iv && iv2 && *iv != iv2)
      return false;
    *iv = *iv ? *iv : iv2;
    *coef += sign * k2, *c += sign * c2;
    return true;
  }
  case ASC_OP_MULI:
    if (asc_pass_const_int(d->operands[1], &k2) && affine(d->operands[0], iv, coef, c)) {
      *coef *= k2, *c *= k2;
      return true;
    }
    return asc_pass_const_int(d->operands[0], &k2) && affine(d->operands[1], iv, coef, c) &&
           (*coef *= k2, *c *= k2, true);
  default:
    return false;
  }
}

/* v = ((cx * iv + c) mod k) * stride: a buffer slot chosen by the iteration. */
static bool rotation(const asc_value *v, sync_view *out, int64_t sz) {
  const asc_op *d = v->def;
  int64_t mul = 1, k, c;
  if (d && d->code == ASC_OP_MULI && asc_pass_const_int(d->operands[1], &mul))
    d = d->operands[0]->def;
  if (!d || (d->code != ASC_OP_REMUI && d->code != ASC_OP_REMSI) || !asc_pass_const_int(d->operands[1], &k) ||
      k < 2 || k > SYNC_NIDS)
    return false;
  if (!affine(d->operands[0], &out->rot_iv, &out->rot_cx, &c) || !out->rot_iv)
    return false;
  out->rot_k = k;
  out->rot_stride = mul * sz;
  out->hi = SYNC_WHOLE;
  return true;
}

/* Defined at the function's top level: one value for the whole kernel run. */
static bool invariant(const asc_value *v) {
  const asc_block *b = v->def ? v->def->parent : v->block;
  return b && b->parent && b->parent->parent && b->parent->parent->code == ASC_OP_FUNC;
}

/* base advanced by off elements of t (whole root when off is not affine in one IV). */
static sync_view advance(sync_view base, const asc_value *off, const asc_type *t) {
  const asc_value *iv;
  int64_t k, c, sz = elem_bytes(t);
  if (!base.any && !base.sym && !affine(off, &iv, &k, &c) && invariant(off)) {
    base.sym = off;
    base.symcoef = sz;
    return base;
  }
  if (!base.any && !base.rot_iv && !base.iv && !affine(off, &iv, &k, &c) && rotation(off, &base, sz))
    return base;
  if (base.any || base.rot_iv || !affine(off, &iv, &k, &c) || (iv && base.iv && iv != base.iv))
    return whole(base.root);
  base.lo += c * sz;
  if (iv) {
    base.iv = iv;
    base.coef += k * sz;
    base.hi = SYNC_WHOLE; /* the end moved too: keep "to the end of root" only if unbounded */
  }
  return base;
}

/* [lo, lo + n elements of t), whole root when a bound is not constant. */
static sync_view span(const void *root, const asc_value *lo, int64_t lo_scale, const asc_value *n,
                      const asc_type *t) {
  int64_t a = 0, b;
  if ((lo && !asc_pass_const_int(lo, &a)) || !asc_pass_const_int(n, &b))
    return whole(root);
  return (sync_view){root, a * lo_scale, a * lo_scale + b * elem_bytes(t), false, NULL, 0, NULL, 0, 0, 0, NULL, 0};
}

static sync_view queue_view(sync_env *env, const asc_value *q, const asc_value *t) {
  int64_t slot = asc_pass_map_get(&env->qslot, t);
  if (slot <= 0)
    return whole(q);
  return (sync_view){q, (slot - 1) * SLOT_BYTES, slot * SLOT_BYTES, false, NULL, 0, NULL, 0, 0, 0, NULL, 0};
}

static sync_view resolve(sync_env *env, const asc_value *v) {
  const asc_op *d = v->def;
  if (!d) /* a kernel argument: its own array, from its start */
    return (sync_view){v, 0, SYNC_WHOLE, false, NULL, 0, NULL, 0, 0, 0, NULL, 0};
  switch (d->code) {
  case ASC_OP_LOCAL_TENSOR:
    return span(memkey((int)asc_op_attr(d, "pos")->i), d->operands[0], 1, d->operands[1], v->type);
  case ASC_OP_LT_SUBVIEW:
  case ASC_OP_GT_SUBVIEW:
  case ASC_OP_GM_OFFSET:
    return advance(resolve(env, d->operands[0]), d->operands[1], v->type);
  case ASC_OP_ALLOC_TENSOR:
  case ASC_OP_DEQUE:
    return queue_view(env, d->operands[0], v);
  case ASC_OP_TBUF_GET:
    return span(d->operands[0], NULL, 1, d->operands[1], v->type);
  case ASC_OP_TBUF_GET_WITH_OFFSET:
    return span(d->operands[0], d->operands[1], 1, d->operands[2], v->type);
  case ASC_OP_GLOBAL_TENSOR: {
    const asc_value *p = (const asc_value *)(intptr_t)asc_pass_map_get(&env->gt_ptr, v);
    return p ? resolve(env, p) : whole(v);
  }
  default:
    return whole(v);
  }
}

/* ---- accesses ---- */

/* Count-form vector ops and data_copy end in an element count; mask forms (a second
 * dot in the name) and parameter-struct copies do not. */
static const asc_value *count_operand(const asc_op *op) {
  const asc_opinfo *info = asc_opinfo_of(op->code);
  const asc_value *last = op->noperands ? op->operands[op->noperands - 1] : NULL;
  if (info->family != ASC_FAM_VECTOR && info->family != ASC_FAM_COPY)
    return NULL;
  if (strchr(info->name + 4, '.') || !last || !asc_type_is_int(last->type))
    return NULL;
  return last;
}

/* The bytes operand i of op touches. */
static sync_view operand_view(sync_env *env, const asc_op *op, int i) {
  const asc_value *v = op->operands[i], *n = count_operand(op);
  sync_view view = resolve(env, v);
  int64_t k;
  if (asc_opinfo_of(op->code)->family == ASC_FAM_SCALAR) {
    view = advance(view, op->operands[1], v->type);
    if (!view.any)
      view.hi = view.lo + elem_bytes(v->type);
    return view;
  }
  if (n && !view.any && asc_pass_const_int(n, &k))
    view.hi = view.lo + k * elem_bytes(v->type);
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

/* Does some iteration m >= 1 later (b's bytes moved by m * d) hit a's bytes? */
static bool later_overlap(const sync_view *a, const sync_view *b, int64_t d) {
  if (a->hi == SYNC_WHOLE || b->hi == SYNC_WHOLE || d == 0)
    return true;
  if (d > 0)
    return b->lo + d < a->hi;
  return b->hi + d > a->lo;
}


static int64_t gcd(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b, b = t;
  }
  return a < 0 ? -a : a;
}

static bool shifted_overlap(const sync_view *a, const sync_view *b, int64_t shift) {
  return a->lo < b->hi + shift && b->lo + shift < a->hi;
}

/* Both views rotate the same way (slot bytes rot_stride apart).  In one iteration both
 * use one slot.  When b is in a later iteration and the slot step is coprime with k,
 * consecutive iterations use different slots and meet again k iterations later: 2 if
 * only the same slot can overlap, 0 if no slot pairing can. */
static int rotating_overlap(const sync_view *a, const sync_view *b, int rel, int64_t step) {
  int64_t k = a->rot_k, S = a->rot_stride;
  if (a->hi == SYNC_WHOLE || b->hi == SYNC_WHOLE)
    return 1;
  if (rel == SYNC_SAME_ITER)
    return shifted_overlap(a, b, 0);
  if (rel != SYNC_LATER_ITER || step <= 0 || gcd(a->rot_cx * step % k, k) != 1 || gcd(step, k) != 1)
    return 1;
  for (int64_t d = 1 - k; d < k; d++)
    if (d && shifted_overlap(a, b, d * S))
      return 1;
  return shifted_overlap(a, b, 0) ? 2 : 0;
}

int sync_overlap(const sync_view *a, const sync_view *b, int rel, int64_t step) {
  if (a->root != b->root)
    return 0;
  if (a->any || b->any || a->sym != b->sym || a->symcoef != b->symcoef)
    return 1;
  if (a->rot_iv || b->rot_iv) {
    if (a->rot_iv != b->rot_iv || a->rot_k != b->rot_k || a->rot_cx != b->rot_cx ||
        a->rot_stride != b->rot_stride)
      return 1;
    return rotating_overlap(a, b, rel, step);
  }
  if (a->iv != b->iv || (a->iv && a->coef != b->coef))
    return 1;
  if (!a->iv || rel == SYNC_SAME_ITER)
    return a->lo < b->hi && b->lo < a->hi;
  if (rel == SYNC_LATER_ITER && step > 0)
    return later_overlap(a, b, a->coef * step);
  return 1;
}
