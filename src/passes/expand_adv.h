/* expand_adv.h - what the expand-adv pass's files share: the expansion state X and the building
 * blocks every library call's expansion is written in (count-form vector ops, scf.for, temporary
 * space).  Private to src/passes/expand_adv*.c. */
#ifndef ASC_PASSES_EXPAND_ADV_H
#define ASC_PASSES_EXPAND_ADV_H

#include <stdbool.h>
#include <string.h>

#include "hw/hw.h"
#include "ir/build.h"
#include "passes/passes.h"

enum { LANES = 64, MAXSLOTS = 16, SCRATCH_BYTES = 8 * 1024, BLK = 32 };

typedef struct X {
  asc_module *m;
  asc_ctx *ctx;
  asc_op *op;    /* the library call */
  asc_builder b; /* new ops go before b.pos, at the call's location */
  const asc_type *f32, *f16, *i32, *idx, *u8;
  /* elementwise state */
  asc_value *s[MAXSLOTS]; /* f32 slot views of the chunk */
  int nused;              /* slot allocator: 1 + the highest slot the recipe has used */
  int badslot;            /* a slot past MAXSLOTS the recipe asked for (-1: none) */
  asc_value *sarg;        /* the call's scalar operand (swiglu's beta), as f32 */
  asc_value *n;           /* count of the vector ops inside the chunk loop (i32) */
} X;

/* ---- building blocks (the rest: ir/build.h, through x->b) ---- */
static inline asc_value *cast_scalar(X *x, asc_opcode code, asc_value *a, const asc_type *t) {
  return a->type == t ? a : &asc_b_op(&x->b, code, &a, 1, t)->results[0];
}

static inline asc_value *toidx(X *x, asc_value *v) { return &asc_b_op(&x->b, ASC_OP_INDEX_CAST, &v, 1, x->idx)->results[0]; }

static inline const asc_type *lt_of(X *x, const asc_type *elem, const asc_value *like) {
  return asc_type_ltensor(x->ctx, elem, NULL, 0, like->type->pos);
}

static inline asc_value *view(X *x, asc_value *t, asc_value *off) {
  return &asc_b_op(&x->b, ASC_OP_LT_SUBVIEW, (asc_value *[]){t, off}, 2, lt_of(x, t->type->elem, t))->results[0];
}

static inline asc_value *recast(X *x, asc_value *t, const asc_type *elem) {
  if (t->type->elem == elem)
    return t;
  return &asc_b_op(&x->b, ASC_OP_LT_REINTERPRET_CAST, &t, 1, lt_of(x, elem, t))->results[0];
}

static inline const asc_type *elem(const asc_value *t) { return t->type->elem; }
static inline int esize(const asc_value *t) { return asc_type_bytes(t->type->elem); }
static inline bool is_f16(const asc_type *t) { return t->kind == ASC_TY_FLOAT && t->width == 16 && !t->is_bf16; }
static inline bool is_f32(const asc_type *t) { return t->kind == ASC_TY_FLOAT && t->width == 32; }

/* A vector op on the current count x->n (or n when given). */
static inline asc_op *vop(X *x, asc_opcode code, asc_value **ops, int nops, asc_value *n) {
  asc_value *all[8];
  for (int i = 0; i < nops; i++)
    all[i] = ops[i];
  all[nops] = n ? n : x->n;
  return asc_b_op(&x->b, code, all, nops + 1, NULL);
}

static inline asc_value *scal(X *x, asc_value *t, double k) { return asc_b_float(&x->b, elem(t), k); }

static inline void V1(X *x, asc_opcode c, asc_value *d, asc_value *a) { vop(x, c, (asc_value *[]){d, a}, 2, NULL); }
static inline void V2(X *x, asc_opcode c, asc_value *d, asc_value *a, asc_value *b) {
  vop(x, c, (asc_value *[]){d, a, b}, 3, NULL);
}
static inline void VS(X *x, asc_opcode c, asc_value *d, asc_value *a, double k) {
  vop(x, c, (asc_value *[]){d, a, scal(x, d, k)}, 3, NULL);
}
static inline void DUP(X *x, asc_value *d, double k, asc_value *n) {
  vop(x, ASC_OP_DUPLICATE, (asc_value *[]){d, scal(x, d, k)}, 2, n);
}
static inline void CAST(X *x, asc_value *d, asc_value *a, int round, asc_value *n) {
  asc_op *o = vop(x, ASC_OP_CAST, (asc_value *[]){d, a}, 2, n);
  asc_op_set_attr(x->m, o, "round", asc_attr_enum(x->m, ASC_ENUM_ROUND, round));
}
enum { R_NONE = 0, R_RINT = 1, R_FLOOR = 2, R_CEIL = 3, R_ROUND = 4, R_TRUNC = 5 };
enum { LT = 0, GT = 1, EQ = 2, LE = 3, GE = 4, NE = 5 };

static inline asc_value *mask_of(X *x, asc_value *slot) { return recast(x, slot, x->u8); }
static inline void CMPS(X *x, asc_value *mask, asc_value *a, double k, int mode) {
  asc_op *o = vop(x, ASC_OP_COMPARE_SCALAR, (asc_value *[]){mask_of(x, mask), a, scal(x, a, k)}, 3, NULL);
  asc_op_set_attr(x->m, o, "cmp_mode", asc_attr_enum(x->m, ASC_ENUM_CMPMODE, mode));
}
static inline void CMP(X *x, asc_value *mask, asc_value *a, asc_value *b, int mode) {
  asc_op *o = vop(x, ASC_OP_COMPARE, (asc_value *[]){mask_of(x, mask), a, b}, 3, NULL);
  asc_op_set_attr(x->m, o, "cmp_mode", asc_attr_enum(x->m, ASC_ENUM_CMPMODE, mode));
}
/* d := mask ? a : b */
static inline void SEL(X *x, asc_value *d, asc_value *mask, asc_value *a, asc_value *b) {
  asc_op *o = vop(x, ASC_OP_VSELECT, (asc_value *[]){d, mask_of(x, mask), a, b}, 4, NULL);
  asc_op_set_attr(x->m, o, "sel_mode", asc_attr_enum(x->m, ASC_ENUM_SELMODE, 2));
}
/* d := mask ? a : k */
static inline void SELS(X *x, asc_value *d, asc_value *mask, asc_value *a, double k) {
  asc_op *o = vop(x, ASC_OP_VSELECT_SCALAR, (asc_value *[]){d, mask_of(x, mask), a, scal(x, a, k)}, 4, NULL);
  asc_op_set_attr(x->m, o, "sel_mode", asc_attr_enum(x->m, ASC_ENUM_SELMODE, 1));
}
/* d := sum c[i] t^i (Horner); d must differ from t */
static inline void POLY(X *x, asc_value *d, asc_value *t, const double *c, int n) {
  DUP(x, d, c[n - 1], NULL);
  for (int i = n - 2; i >= 0; i--) {
    V2(x, ASC_OP_MUL, d, d, t);
    VS(x, ASC_OP_ADDS, d, d, c[i]);
  }
}
#define NC(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- scf.for ---- */
typedef struct loop {
  asc_op *saved;
} loop;

/* for iv in [lb, ub) step: returns iv as i32; ops go into the body until for_end. */
static inline asc_value *for_begin(X *x, asc_value *lb, asc_value *ub, asc_value *step, loop *L) {
  asc_op *f = asc_b_op(&x->b, ASC_OP_FOR, (asc_value *[]){toidx(x, lb), toidx(x, ub), toidx(x, step)}, 3, NULL);
  asc_block *b = asc_region_ensure_block(x->m, &f->regions[0]);
  asc_value *iv = asc_block_add_arg(x->m, b, x->idx);
  asc_op *y = asc_op_create(x->m, ASC_OP_YIELD, NULL, 0, NULL, 0, x->op->loc);
  asc_block_append(b, y);
  L->saved = x->b.pos;
  x->b.pos = y;
  return &asc_b_op(&x->b, ASC_OP_INDEX_CAST, &iv, 1, x->i32)->results[0];
}
static inline void for_end(X *x, const loop *L) { x->b.pos = L->saved; }

/* for off in [0, n) step C (returns off), *len := min(C, n - off): the elements of this chunk. */
static inline asc_value *chunk_begin(X *x, asc_value *n, asc_value *C, asc_value **len, loop *L) {
  asc_value *off = for_begin(x, asc_b_i32(&x->b, 0), n, C, L);
  *len = asc_b_arith(&x->b, ASC_OP_MINSI, C, asc_b_arith(&x->b, ASC_OP_SUBI, n, off));
  return off;
}

/* len rounded up to whole LANES-element repeats. */
static inline asc_value *whole_repeats(X *x, asc_value *len) {
  return asc_b_arith(&x->b, ASC_OP_MULI,
                     asc_b_arith(&x->b, ASC_OP_DIVSI, asc_b_arith(&x->b, ASC_OP_ADDI, len, asc_b_i32(&x->b, LANES - 1)),
                                 asc_b_i32(&x->b, LANES)),
                     asc_b_i32(&x->b, LANES));
}

/* ---- temporary space ---- */
/* Bytes a tensor value covers, if known at compile time; else -1. */
static inline int64_t static_bytes(const asc_value *t) {
  const asc_type *ty = t->type;
  int64_t n = 1, d;
  int es = asc_type_bytes(ty->elem);
  if (ty->rank > 0) {
    for (int i = 0; i < ty->rank; i++)
      n *= ty->shape[i];
    return n * es;
  }
  const asc_op *def = t->def;
  if (!def)
    return -1;
  if (def->code == ASC_OP_LOCAL_TENSOR && asc_pass_const_int(def->operands[ASC_OPND_LOCAL_TENSOR_size], &d))
    return d * es;
  int64_t start;
  if (def->code == ASC_OP_LT_SUBVIEW && def->noperands > 2 &&
      asc_pass_const_int(def->operands[ASC_OPND_LT_SUBVIEW_offset], &start) &&
      asc_pass_const_int(def->operands[ASC_OPND_LT_SUBVIEW_stop], &d) &&
      d >= start) /* t[start:stop]: what the simulator gives it */
    return (d - start) * es;
  if (def->code == ASC_OP_LOCAL_TENSOR_AUTO && def->noperands > 0) {
    for (int i = 0; i < def->noperands; i++) {
      if (!asc_pass_const_int(def->operands[i], &d))
        return -1;
      n *= d;
    }
    return n * es;
  }
  return -1;
}

/* asc.adv.check_tmp: when the kernel runs, a user tmp buffer must hold `need` bytes, and the library
 * scratch (user false) must lie above the TPipe's buffers.  (Upstream's unit tests compile calls with
 * small buffers they never run, so a shortfall is not a compile-time error.) */
static inline int need_tmp(X *x, asc_value *tmp, int64_t have, int64_t need, bool user) {
  (void)have;
  asc_op *c = asc_b_op(&x->b, ASC_OP_ADV_CHECK_TMP, (asc_value *[]){tmp, asc_b_i32(&x->b, need)}, 2, NULL);
  const char *name = asc_op_name(x->op);
  asc_op_set_attr(x->m, c, "callee", asc_attr_str(x->m, name, strlen(name)));
  if (!user)
    asc_op_set_attr(x->m, c, "scratch", asc_attr_unit(x->m));
  return 0;
}

/* When the kernel runs, the call's operand v (named name) must hold `bytes` bytes: a tensor or a slice
 * t[a:b] too small for the shape is an error naming it, before anything is written past it. */
static inline void need_operand(X *x, asc_value *v, int64_t bytes, const char *name) {
  asc_op *c = asc_b_op(&x->b, ASC_OP_ADV_CHECK_TMP, (asc_value *[]){v, asc_b_i32(&x->b, bytes)}, 2, NULL);
  const char *callee = asc_op_name(x->op);
  asc_op_set_attr(x->m, c, "callee", asc_attr_str(x->m, callee, strlen(callee)));
  asc_op_set_attr(x->m, c, "operand", asc_attr_str(x->m, name, strlen(name)));
}

/* Chunk elements C for a tmp of `have` bytes (-1: run time) at `per` bytes per element: a multiple of
 * `gran`, at least gran, at most 4096.  Checks a user buffer holds one chunk of gran elements. */
static inline asc_value *chunk(X *x, asc_value *tmp, int64_t have, int64_t per, int64_t gran, bool user) {
  need_tmp(x, tmp, have, per * gran, user);
  if (have >= 0) {
    int64_t c = have / per / gran * gran;
    return asc_b_i32(&x->b, c < gran ? gran : c > 4096 ? 4096 : c);
  }
  asc_value *b = asc_b_arith(&x->b, ASC_OP_MULI, &asc_b_op(&x->b, ASC_OP_LT_GET_SIZE, &tmp, 1, x->i32)->results[0],
                             asc_b_i32(&x->b, esize(tmp)));
  asc_value *c = asc_b_arith(&x->b, ASC_OP_MULI, asc_b_arith(&x->b, ASC_OP_DIVSI, b, asc_b_i32(&x->b, per * gran)),
                             asc_b_i32(&x->b, gran));
  return asc_b_arith(&x->b, ASC_OP_MINSI, asc_b_arith(&x->b, ASC_OP_MAXSI, c, asc_b_i32(&x->b, gran)),
                     asc_b_i32(&x->b, 4096));
}

/* The op's tmp operand (operand index ti, if present), else the library scratch of `bytes`
 * at the top of UB.  *have: its static size in bytes, -1 if only known at run time. */
static inline asc_value *tmpbuf(X *x, int ti, int64_t bytes, int64_t *have) {
  if (ti < x->op->noperands) {
    *have = static_bytes(x->op->operands[ti]);
    return x->op->operands[ti];
  }
  int64_t ub = asc_hw_mem_bytes(ASC_HW_MEM_UB);
  bytes = (bytes + BLK - 1) / BLK * BLK;
  *have = bytes;
  asc_op *t = asc_b_op(&x->b, ASC_OP_LOCAL_TENSOR,
                       (asc_value *[]){asc_b_i32(&x->b, ub - bytes), asc_b_i32(&x->b, bytes)}, 2,
                 asc_type_ltensor(x->ctx, x->u8, NULL, 0, 11 /* VECCALC */));
  asc_op_set_attr(x->m, t, "pos", asc_attr_enum(x->m, ASC_ENUM_POS, 11));
  return &t->results[0];
}

static inline int bad_dtype(X *x, const char *what) {
  asc_error(x->ctx, asc_op_diag_loc(x->op), "%s: %s", asc_op_name(x->op), what);
  return -1;
}

/* expand_adv_rows.c: the row-wise functions */
int asc_adv_expand_softmax(X *x);
int asc_adv_expand_softmax_flash_v2(X *x);
int asc_adv_expand_rmsnorm(X *x);

#endif
