/* build.h - the IR builder every pass that creates ops uses: an insertion point (before an op, or at
 * the end of a block) with a location, and constructors for the ops the expansions emit (constants,
 * scalar arithmetic, compare/select, casts, views, loops, ifs, parameter structs).
 *
 * Static inline on purpose: generators read as the IR they build (asc_b_add(b, off, asc_b_mulk(b, r,
 * 16))).  Operands go in ops.def order; a parameter struct's fields are given by name:
 * asc_b_struct(b, ASC_STRUCT_MMAD, (asc_value *[12]){[ASC_SFI(MmadParams, m)] = mc, ...}, 12). */
#ifndef ASC_IR_BUILD_H
#define ASC_IR_BUILD_H

#include "ir/ir.h"

typedef struct asc_builder {
  asc_module *m;
  asc_ctx *ctx;
  asc_loc loc;
  asc_op *pos;      /* insert before this op, or ... */
  asc_block *block; /* ... append to this block (pos == NULL) */
  const asc_type *i32, *idx;
  const void *aux; /* the pass's own context */
} asc_builder;

/* The enclosing insertion point, saved while a loop body or an if arm is built. */
typedef struct asc_builder_save {
  asc_op *pos;
  asc_block *block;
} asc_builder_save;

/* A builder inserting before op (or appending to a block set later when op is NULL) at loc. */
static inline asc_builder asc_builder_at(asc_module *m, asc_loc loc, asc_op *op, const void *aux) {
  return (asc_builder){m, m->ctx, loc, op, NULL, asc_type_int(m->ctx, 32, false), asc_type_index(m->ctx), aux};
}

/* An op of code with operands ops[0..n) and one result of type rt (none when rt is NULL). */
static inline asc_op *asc_b_op(asc_builder *b, asc_opcode code, asc_value *const *ops, int n, const asc_type *rt) {
  asc_op *op = asc_op_create(b->m, code, ops, n, rt ? &rt : NULL, rt ? 1 : 0, b->loc);
  if (b->pos)
    asc_op_insert_before(b->pos, op);
  else
    asc_block_append(b->block, op);
  return op;
}

static inline asc_value *asc_b_res(asc_op *op) { return &op->results[0]; }

/* arith.constant of type t holding the attribute `value`. */
static inline asc_value *asc_b_const(asc_builder *b, const asc_type *t, asc_attr *value) {
  asc_op *op = asc_b_op(b, ASC_OP_CONSTANT, NULL, 0, t);
  asc_op_set_attr(b->m, op, "value", value);
  return asc_b_res(op);
}

static inline asc_value *asc_b_int(asc_builder *b, const asc_type *t, int64_t v) {
  return asc_b_const(b, t, asc_attr_int(b->m, t, v));
}

static inline asc_value *asc_b_i32(asc_builder *b, int64_t v) { return asc_b_int(b, b->i32, v); }

static inline asc_value *asc_b_float(asc_builder *b, const asc_type *t, double v) {
  return asc_b_const(b, t, asc_attr_float(b->m, t, v));
}

/* A binary scalar op whose result has x's type. */
static inline asc_value *asc_b_arith(asc_builder *b, asc_opcode code, asc_value *x, asc_value *y) {
  return asc_b_res(asc_b_op(b, code, (asc_value *[]){x, y}, 2, x->type));
}

/* A binary scalar op with an i32 result. */
static inline asc_value *asc_b_bin(asc_builder *b, asc_opcode code, asc_value *x, asc_value *y) {
  return asc_b_res(asc_b_op(b, code, (asc_value *[]){x, y}, 2, b->i32));
}

static inline asc_value *asc_b_add(asc_builder *b, asc_value *x, asc_value *y) {
  return asc_b_bin(b, ASC_OP_ADDI, x, y);
}
static inline asc_value *asc_b_mul(asc_builder *b, asc_value *x, asc_value *y) {
  return asc_b_bin(b, ASC_OP_MULI, x, y);
}
static inline asc_value *asc_b_mulk(asc_builder *b, asc_value *x, int64_t k) {
  return asc_b_mul(b, x, asc_b_i32(b, k));
}
/* ceil(x / k) and x rounded up to a multiple of k, in i32. */
static inline asc_value *asc_b_cdiv(asc_builder *b, asc_value *x, int64_t k) {
  return asc_b_bin(b, ASC_OP_CEILDIVSI, x, asc_b_i32(b, k));
}
static inline asc_value *asc_b_up(asc_builder *b, asc_value *x, int64_t k) {
  return asc_b_mulk(b, asc_b_cdiv(b, x, k), k);
}

/* arith.cmpi; pred: its predicate number (0 eq, 1 ne, 2 slt, 3 sle, 4 sgt, 5 sge) */
static inline asc_value *asc_b_cmp(asc_builder *b, int pred, asc_value *x, asc_value *y) {
  asc_op *op = asc_b_op(b, ASC_OP_CMPI, (asc_value *[]){x, y}, 2, asc_type_int(b->ctx, 1, false));
  asc_op_set_attr(b->m, op, "predicate", asc_attr_int(b->m, asc_type_int(b->ctx, 64, false), pred));
  return asc_b_res(op);
}

static inline asc_value *asc_b_sel(asc_builder *b, asc_value *c, asc_value *x, asc_value *y) {
  return asc_b_res(asc_b_op(b, ASC_OP_SELECT, (asc_value *[]){c, x, y}, 3, x->type));
}

/* A one-operand conversion (code: index_cast, extsi, sitofp, ...) of v to t. */
static inline asc_value *asc_b_convert(asc_builder *b, asc_opcode code, asc_value *v, const asc_type *t) {
  return asc_b_res(asc_b_op(b, code, &v, 1, t));
}
static inline asc_value *asc_b_cast(asc_builder *b, asc_value *v, const asc_type *t) {
  return asc_b_convert(b, ASC_OP_INDEX_CAST, v, t);
}

/* for iv in [0, ub): ... ; returns iv (i32); close with asc_b_end. */
static inline asc_value *asc_b_for(asc_builder *b, asc_value *ub, asc_builder_save *save) {
  asc_value *ops[] = {asc_b_cast(b, asc_b_i32(b, 0), b->idx), asc_b_cast(b, ub, b->idx),
                      asc_b_cast(b, asc_b_i32(b, 1), b->idx)};
  asc_op *f = asc_b_op(b, ASC_OP_FOR, ops, 3, NULL);
  asc_block *body = asc_region_ensure_block(b->m, &f->regions[0]);
  asc_value *iv = asc_block_add_arg(b->m, body, b->idx);
  save->pos = b->pos, save->block = b->block;
  b->pos = NULL, b->block = body;
  return asc_b_cast(b, iv, b->i32);
}

static inline void asc_b_end(asc_builder *b, const asc_builder_save *save) {
  asc_b_op(b, ASC_OP_YIELD, NULL, 0, NULL);
  b->pos = save->pos, b->block = save->block;
}

/* if c { then } else { else }: asc_b_if opens the then block, asc_b_else switches, asc_b_end closes. */
static inline asc_op *asc_b_if(asc_builder *b, asc_value *c, asc_builder_save *save) {
  asc_op *f = asc_b_op(b, ASC_OP_IF, &c, 1, NULL);
  save->pos = b->pos, save->block = b->block;
  b->pos = NULL, b->block = asc_region_ensure_block(b->m, &f->regions[0]);
  return f;
}

static inline void asc_b_else(asc_builder *b, asc_op *f) {
  asc_b_op(b, ASC_OP_YIELD, NULL, 0, NULL);
  b->block = asc_region_ensure_block(b->m, &f->regions[1]);
}

/* t[off:] of a local (ltsub) or global (gtsub) tensor, of t's type. */
static inline asc_value *asc_b_ltsub(asc_builder *b, asc_value *t, asc_value *off) {
  return asc_b_res(asc_b_op(b, ASC_OP_LT_SUBVIEW, (asc_value *[]){t, off}, 2, t->type));
}
static inline asc_value *asc_b_gtsub(asc_builder *b, asc_value *t, asc_value *off) {
  return asc_b_res(asc_b_op(b, ASC_OP_GT_SUBVIEW, (asc_value *[]){t, off}, 2, t->type));
}

/* The parameter struct `id` (structs.def) from its n fields, indexed by ASC_SFI(Name, field). */
static inline asc_value *asc_b_struct(asc_builder *b, int id, asc_value *const *fields, int n) {
  return asc_b_res(asc_b_op(b, ASC_OP_STRUCT, fields, n, asc_type_struct(b->ctx, id)));
}

/* Generated from ops.def and structs.def: asc_build_<op>(b, operands by name[, result type]) and
 * asc_build_<Struct>(b, (asc_<Struct>_fields){.field = v, ...}). */
#include "ops_build.h"

#endif
