/* irgen.h - building IR in the expansion passes (expand_matmul.c, expand_matmul_batch.c): an
 * insertion point and the scalar, loop and branch ops they emit.  Static inline and short-named on
 * purpose: only those passes include it, and their generators read as the IR they build. */
#ifndef ASC_PASSES_IRGEN_H
#define ASC_PASSES_IRGEN_H

#include "ir/ir.h"

typedef struct irgen {
  asc_module *m;
  asc_ctx *ctx;
  asc_loc loc;
  asc_op *pos;      /* insert before this op, or ... */
  asc_block *block; /* ... append to this block (pos == NULL) */
  const asc_type *i32, *idx;
  const void *aux;  /* the pass's own context */
} irgen;

/* The enclosing insertion point, saved while a loop body or an if arm is generated. */
typedef struct irsave {
  asc_op *pos;
  asc_block *block;
} irsave;

/* A generator inserting before op (or appending to block when op is NULL) at loc. */
static inline irgen irgen_at(asc_module *m, asc_loc loc, asc_op *op, const void *aux) {
  return (irgen){m, m->ctx, loc, op, NULL, asc_type_int(m->ctx, 32, false), asc_type_index(m->ctx), aux};
}

static inline asc_op *emit(irgen *g, asc_opcode code, asc_value *const *ops, int n, const asc_type *rt) {
  asc_op *op = asc_op_create(g->m, code, ops, n, rt ? &rt : NULL, rt ? 1 : 0, g->loc);
  if (g->pos)
    asc_op_insert_before(g->pos, op);
  else
    asc_block_append(g->block, op);
  return op;
}

static inline asc_value *res(asc_op *op) { return &op->results[0]; }

static inline asc_value *kint(irgen *g, int64_t v) {
  asc_op *op = emit(g, ASC_OP_CONSTANT, NULL, 0, g->i32);
  asc_op_set_attr(g->m, op, "value", asc_attr_int(g->m, g->i32, v));
  return res(op);
}

static inline asc_value *bin(irgen *g, asc_opcode code, asc_value *a, asc_value *b) {
  asc_value *ops[] = {a, b};
  return res(emit(g, code, ops, 2, g->i32));
}

static inline asc_value *add(irgen *g, asc_value *a, asc_value *b) { return bin(g, ASC_OP_ADDI, a, b); }
static inline asc_value *mul(irgen *g, asc_value *a, asc_value *b) { return bin(g, ASC_OP_MULI, a, b); }
static inline asc_value *mulk(irgen *g, asc_value *a, int64_t k) { return mul(g, a, kint(g, k)); }
static inline asc_value *cdiv(irgen *g, asc_value *a, int64_t k) { return bin(g, ASC_OP_CEILDIVSI, a, kint(g, k)); }
static inline asc_value *up(irgen *g, asc_value *a, int64_t k) { return mulk(g, cdiv(g, a, k), k); }

/* pred: arith.cmpi's predicate number (0 eq, 1 ne, 2 slt, 3 sle, 4 sgt, 5 sge) */
static inline asc_value *cmp(irgen *g, int pred, asc_value *a, asc_value *b) {
  asc_value *ops[] = {a, b};
  asc_op *op = emit(g, ASC_OP_CMPI, ops, 2, asc_type_int(g->ctx, 1, false));
  asc_op_set_attr(g->m, op, "predicate", asc_attr_int(g->m, asc_type_int(g->ctx, 64, false), pred));
  return res(op);
}

static inline asc_value *sel(irgen *g, asc_value *c, asc_value *a, asc_value *b) {
  asc_value *ops[] = {c, a, b};
  return res(emit(g, ASC_OP_SELECT, ops, 3, a->type));
}

static inline asc_value *cast(irgen *g, asc_value *v, const asc_type *t) {
  return res(emit(g, ASC_OP_INDEX_CAST, &v, 1, t));
}

/* for iv in [0, ub): ... ; returns iv (i32); close with endblock. */
static inline asc_value *forloop(irgen *g, asc_value *ub, irsave *save) {
  asc_value *ops[] = {cast(g, kint(g, 0), g->idx), cast(g, ub, g->idx), cast(g, kint(g, 1), g->idx)};
  asc_op *f = emit(g, ASC_OP_FOR, ops, 3, NULL);
  asc_block *b = asc_region_ensure_block(g->m, &f->regions[0]);
  asc_value *iv = asc_block_add_arg(g->m, b, g->idx);
  save->pos = g->pos, save->block = g->block;
  g->pos = NULL, g->block = b;
  return cast(g, iv, g->i32);
}

static inline void endblock(irgen *g, const irsave *save) {
  emit(g, ASC_OP_YIELD, NULL, 0, NULL);
  g->pos = save->pos, g->block = save->block;
}

/* if c { then } else { else }: ifthen opens the then block, ifelse switches, endblock closes. */
static inline asc_op *ifthen(irgen *g, asc_value *c, irsave *save) {
  asc_op *f = emit(g, ASC_OP_IF, &c, 1, NULL);
  save->pos = g->pos, save->block = g->block;
  g->pos = NULL, g->block = asc_region_ensure_block(g->m, &f->regions[0]);
  return f;
}

static inline void ifelse(irgen *g, asc_op *f) {
  emit(g, ASC_OP_YIELD, NULL, 0, NULL);
  g->block = asc_region_ensure_block(g->m, &f->regions[1]);
}

static inline asc_value *ltsub(irgen *g, asc_value *t, asc_value *off) {
  asc_value *ops[] = {t, off};
  return res(emit(g, ASC_OP_LT_SUBVIEW, ops, 2, t->type));
}

static inline asc_value *gtsub(irgen *g, asc_value *t, asc_value *off) {
  asc_value *ops[] = {t, off};
  return res(emit(g, ASC_OP_GT_SUBVIEW, ops, 2, t->type));
}

#endif
