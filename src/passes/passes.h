/* passes.h - internal interface of the pass module: the passes the table in passes.c
 * runs, and the small containers and helpers they share (util.c, fold.c). */
#ifndef ASC_PASSES_H
#define ASC_PASSES_H

#include "ir/ir.h"
#include "ops_access.h" /* generated (build/gen): ASC_OPND_<op>_<operand>, operand indices by name */

/* A pass transforms m in place.  It returns 0, or nonzero after reporting why through
 * asc_diag on m->ctx. */
typedef int (*asc_pass_fn)(asc_module *m);

/* A compile's Ctrl-C (asc_pass_options.cancel): true once it is raised.  Checked between passes and,
 * in the passes whose time grows with the kernel (auto-sync, verify-sync), between ops, so an
 * interrupt stops a compile about as promptly as a launch.  The pass then reports nothing more. */
bool asc_pass_interrupted(const asc_module *m);
int asc_pass_inline(asc_module *m);
int asc_pass_canonicalize(asc_module *m);
int asc_pass_cse(asc_module *m);

/* The pyasc-compatible passes (pyasc_tensor.c, pyasc_sync.c; docs/pyasc-passes.md). */
int asc_pass_input_output_tensor(asc_module *m);
int asc_pass_hoist_ub_allocation(asc_module *m);
int asc_pass_materialize_tensor(asc_module *m);
int asc_pass_plan_auto_tensors(asc_module *m); /* plan_auto.c */
int asc_pass_expand_matmul(asc_module *m);      /* expand_matmul.c: asc.adv.Matmul -> cube ops */
int asc_pass_expand_matmul_batch(asc_module *m); /* expand_matmul_batch.c: batch Matmul -> matmuls */
int asc_pass_expand_adv(asc_module *m);        /* expand_adv.c: asc.adv library calls */
int asc_pass_unify_pipe(asc_module *m);
int asc_pass_hoist_que_bind(asc_module *m);
int asc_pass_strip_user_sync(asc_module *m);
int asc_pass_insert_sync(asc_module *m);
/* Move op in front of its enclosing ops while none of them defines one of its operands
 * (pyasc's HoistOpPattern); stops at functions.  Returns whether it moved. */
bool asc_pass_hoist_out(asc_op *op);

/* ---- pointer-keyed map (open addressing; malloc'd, freed by asc_pass_map_free) ---- */
typedef struct asc_pass_map {
  const void **keys; /* NULL = empty slot */
  int64_t *vals;
  size_t n, cap;
} asc_pass_map;

void asc_pass_map_init(asc_pass_map *pm);
void asc_pass_map_free(asc_pass_map *pm);
int64_t asc_pass_map_get(const asc_pass_map *pm, const void *key); /* 0 if absent */
void asc_pass_map_set(asc_pass_map *pm, const void *key, int64_t v);
void asc_pass_map_add(asc_pass_map *pm, const void *key, int64_t delta);

/* ---- growable array of pointers ---- */
typedef struct asc_pass_vec {
  void **items;
  size_t n, cap;
} asc_pass_vec;

void asc_pass_vec_push(asc_pass_vec *v, void *p);
void asc_pass_vec_free(asc_pass_vec *v);

/* ---- IR helpers ---- */
/* The nearest ancestor of op (op included) whose regions are isolated from above
 * (a func.func or the module): every use of a value op defines lies inside it, so it
 * is the scope asc_replace_uses needs. */
asc_op *asc_pass_scope(asc_op *op);
/* Every op nested in root (root excluded), in pre-order, appended to out. */
void asc_pass_collect(asc_op *root, asc_pass_vec *out);
/* op or its ancestor whose block is b, or NULL. */
asc_op *asc_pass_anc_in(asc_op *op, const asc_block *b);
/* a strictly before b in their (common) block. */
bool asc_pass_before_in_block(const asc_op *a, const asc_op *b);
/* The trip count of an scf.for with constant bounds and a positive constant step, else -1. */
int64_t asc_pass_trip_count(const asc_op *loop);
/* Run fn on every func.func of m that has a body, in order; nonzero if any run was. */
int asc_pass_each_func(asc_module *m, int (*fn)(asc_module *m, asc_op *func));
/* Unlink op after replacing every use of its results, within scope, by vals[i]. */
void asc_pass_replace_op(asc_op *scope, asc_op *op, asc_value *const *vals);
/* Move the ops of b before `pos`, all but b's terminator; returns that terminator
 * (NULL if b does not end in one, in which case everything is moved). */
asc_op *asc_pass_splice_before(asc_op *pos, asc_block *b);
/* Whether s is built by asc.struct; if so *field is its operand for field f, NULL when the
 * struct leaves f out (the field's default, 0). */
bool asc_pass_struct_field(const asc_value *s, int f, const asc_value **field);

/* ---- constant folding (fold.c) ---- */
/* If v is the result of an arith.constant holding an integer, index or boolean,
 * store the value (sign-extended from the type's width) in *out. */
bool asc_pass_const_int(const asc_value *v, int64_t *out);
/* The value an arith op's single result can be replaced by: an existing value
 * (x + 0 -> x) or a new arith.constant inserted before op.  NULL if op does not fold. */
asc_value *asc_pass_fold(asc_module *m, asc_op *op);

#endif
