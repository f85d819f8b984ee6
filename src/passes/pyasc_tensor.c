/* pyasc_tensor.c - the pyasc-compatible passes that turn LocalTensorAuto into TPipe
 * objects: input-output-tensor, hoist-ub-allocation, materialize-tensor, unify-pipe.
 *
 * pyasc runs them in this order in its lowering stage (sync.md A.0-A.3); each keeps the
 * contract of its pyasc namesake, minus the defects listed in docs/pyasc-passes.md.  The
 * IR has no use lists, so "the users of v" are found by scanning the function's ops:
 * kernels are small and every pass here is linear in the function per auto tensor. */
#include <string.h>

#include "passes/passes.h"

/* ---- helpers ---- */


/* A new op takes loc (printed) and pos (where diagnostics point without a loc) from the op
 * it stands for. */
static asc_op *mkop(asc_module *m, asc_opcode code, asc_value *const *ops, int n, const asc_type *rt,
                    const asc_op *from) {
  asc_op *op = asc_op_create(m, code, ops, n, rt ? &rt : NULL, rt ? 1 : 0, from->loc);
  op->pos = from->pos;
  return op;
}

static asc_op *mkconst(asc_module *m, const asc_type *t, int64_t v, const asc_op *from) {
  asc_op *c = mkop(m, ASC_OP_CONSTANT, NULL, 0, t, from);
  asc_op_set_attr(m, c, "value", asc_attr_int(m, t, v));
  return c;
}

/* A constant standing for `from`, inserted before pos. */
static asc_value *const_at(asc_module *m, asc_op *pos, const asc_op *from, const asc_type *t, int64_t v) {
  asc_op *c = mkconst(m, t, v, from);
  asc_op_insert_before(pos, c);
  return &c->results[0];
}

static asc_value *const_before(asc_module *m, asc_op *pos, const asc_type *t, int64_t v) {
  asc_op *c = mkconst(m, t, v, pos);
  asc_op_insert_before(pos, c);
  return &c->results[0];
}

/* A copy GM -> UB (dir 1) or UB -> GM (dir 2) as pyasc's CopyDirection sees it, else 0. */
static int copy_dir(const asc_op *op) {
  if (asc_opinfo_of(op->code)->family != ASC_FAM_COPY || op->noperands < 2)
    return 0;
  asc_type_kind d = op->operands[ASC_OPND_DATA_COPY_dst]->type->kind,
      s = op->operands[ASC_OPND_DATA_COPY_src]->type->kind;
  if (d == ASC_TY_LTENSOR && s == ASC_TY_GTENSOR)
    return 1;
  if (d == ASC_TY_GTENSOR && s == ASC_TY_LTENSOR)
    return 2;
  return 0;
}

static bool has_unit(const asc_op *op, const char *name) { return asc_op_attr(op, name) != NULL; }

static void set_flag_attr(asc_module *m, asc_op *op, const char *name, bool on) {
  asc_op_remove_attr(op, name);
  if (on)
    asc_op_set_attr(m, op, name, asc_attr_unit(m));
}

/* Number of elements of a statically shaped local tensor type, or -1. */
static int64_t static_elems(const asc_type *t) {
  int64_t n = 1;
  if (t->kind != ASC_TY_LTENSOR || t->rank == 0)
    return -1;
  for (int i = 0; i < t->rank; i++)
    n *= t->shape[i];
  return n;
}

static asc_op *new_auto(asc_module *m, const asc_type *t, bool output, const asc_op *from) {
  asc_op *a = mkop(m, ASC_OP_LOCAL_TENSOR_AUTO, NULL, 0, t, from);
  if (output)
    asc_op_set_attr(m, a, "output", asc_attr_unit(m));
  return a;
}

/* data_copy(dst, src, n) with n an i32 constant, inserted before pos. */
static void copy_before(asc_module *m, asc_op *pos, asc_value *dst, asc_value *src, int64_t n,
                        const asc_op *from) {
  asc_value *ops[3] = {dst, src, NULL};
  ops[2] = const_before(m, pos, asc_type_int(m->ctx, 32, false), n);
  asc_op_insert_before(pos, mkop(m, ASC_OP_DATA_COPY, ops, 3, NULL, from));
}

/* ---- input-output-tensor ---- */

/* A region op's local-tensor result stored to GM gets its own `output` auto tensor, filled
 * by a UB->UB copy after the region op (pyasc's createDataCopyIfNeeded; ours looks at every
 * use rather than stopping at the first that is not a store). */
static int region_results(asc_module *m, asc_op *r, asc_pass_vec *ops) {
  for (int i = 0; i < r->nresults; i++) {
    asc_value *res = &r->results[i];
    if (res->type->kind != ASC_TY_LTENSOR)
      continue;
    for (size_t k = 0; k < ops->n; k++) {
      asc_op *u = ops->items[k];
      if (copy_dir(u) != 2 || u->operands[ASC_OPND_DATA_COPY_src] != res)
        continue;
      int64_t n = static_elems(res->type);
      if (n < 0) {
        asc_error(m->ctx, asc_op_diag_loc(u),
                  "input-output-tensor: the stored tensor comes out of %s with no static shape; "
                  "give the tensor a static shape", asc_op_name(r));
        return 1;
      }
      asc_op *dst = new_auto(m, res->type, true, r);
      asc_op_insert_before(r, dst);
      if (r->next)
        copy_before(m, r->next, &dst->results[0], res, n, r);
      asc_op_set_operand(m, u, 1, &dst->results[0]);
    }
  }
  return 0;
}

/* A tensor both loaded from and stored to GM: pyasc leaves it `input output`, which then
 * becomes a VECOUT queue whose V->MTE3 event does not order the MTE2 load (sync.md A.1).
 * We do what pyasc's fixInOutTensor meant to: the stores read a new `output` tensor filled
 * by a UB->UB copy right before each store; the original stays `input` only. */
static void split_inout(asc_module *m, asc_op *a, asc_pass_vec *ops) {
  int64_t n = static_elems(a->results[0].type);
  asc_op *out = NULL;
  if (n < 0) {
    asc_diag(m->ctx, asc_op_diag_loc(a), ASC_SEV_WARNING,
             "input-output-tensor: a tensor of dynamic shape both loaded and stored keeps pyasc's "
             "VECOUT pairing, which does not order the load before the store");
    return;
  }
  for (size_t k = 0; k < ops->n; k++) {
    asc_op *u = ops->items[k];
    if (copy_dir(u) != 2 || u->operands[ASC_OPND_DATA_COPY_src] != &a->results[0])
      continue;
    if (!out) {
      out = new_auto(m, a->results[0].type, true, a);
      asc_op_insert_after(a, out);
    }
    copy_before(m, u, &out->results[0], &a->results[0], n, u);
    asc_op_set_operand(m, u, 1, &out->results[0]);
  }
  set_flag_attr(m, a, "output", false);
}

static int input_output_func(asc_module *m, asc_op *f) {
  asc_pass_vec ops = {0};
  asc_pass_collect(f, &ops);
  for (size_t i = 0; i < ops.n; i++) {
    asc_op *a = ops.items[i];
    bool in = false, out = false;
    if (a->code != ASC_OP_LOCAL_TENSOR_AUTO)
      continue;
    for (size_t k = 0; k < ops.n; k++) {
      asc_op *u = ops.items[k];
      int dir = copy_dir(u);
      in |= dir == 1 && u->operands[ASC_OPND_DATA_COPY_dst] == &a->results[0];
      out |= dir == 2 && u->operands[ASC_OPND_DATA_COPY_src] == &a->results[0];
    }
    set_flag_attr(m, a, "input", in);
    set_flag_attr(m, a, "output", out);
  }
  for (size_t i = 0; i < ops.n; i++) {
    asc_op *r = ops.items[i];
    if ((r->code == ASC_OP_FOR || r->code == ASC_OP_IF) && region_results(m, r, &ops)) {
      asc_pass_vec_free(&ops);
      return 1;
    }
  }
  for (size_t i = 0; i < ops.n; i++) {
    asc_op *a = ops.items[i];
    if (a->code == ASC_OP_LOCAL_TENSOR_AUTO && has_unit(a, "input") && has_unit(a, "output"))
      split_inout(m, a, &ops);
  }
  asc_pass_vec_free(&ops);
  return 0;
}

int asc_pass_input_output_tensor(asc_module *m) { return asc_pass_each_func(m, input_output_func); }

/* ---- hoist-ub-allocation ---- */

/* Is the value defined inside op p (in one of its regions, at any depth)? */
static bool defined_inside(const asc_value *v, const asc_op *p) {
  const asc_block *b = v->def ? v->def->parent : v->block;
  while (b) {
    const asc_op *o = b->parent ? b->parent->parent : NULL;
    if (!o)
      return false;
    if (o == p)
      return true;
    b = o->parent;
  }
  return false;
}

/* Move op in front of its enclosing ops while none of them defines an operand (pyasc's
 * HoistOpPattern: no side-effect check; the caller chooses which ops may move).  Stops at
 * isolated ops (functions).  Returns whether it moved. */
bool asc_pass_hoist_out(asc_op *op) {
  bool moved = false;
  for (;;) {
    asc_op *p = asc_op_parent_op(op);
    if (!p || (asc_opinfo_of(p->code)->flags & ASC_F_ISOLATED))
      return moved;
    for (int i = 0; i < op->noperands; i++)
      if (defined_inside(op->operands[i], p))
        return moved;
    asc_op_unlink(op);
    asc_op_insert_before(p, op);
    moved = true;
  }
}

static int hoist_ub_func(asc_module *m, asc_op *f) {
  (void)m;
  asc_pass_vec ops = {0};
  asc_pass_collect(f, &ops);
  for (size_t i = 0; i < ops.n; i++) {
    asc_op *a = ops.items[i];
    if (a->code == ASC_OP_LOCAL_TENSOR_AUTO && !has_unit(a, "input") && !has_unit(a, "output"))
      asc_pass_hoist_out(a);
  }
  asc_pass_vec_free(&ops);
  return 0;
}

int asc_pass_hoist_ub_allocation(asc_module *m) { return asc_pass_each_func(m, hoist_ub_func); }

/* ---- materialize-tensor ---- */

/* Byte length and (if elems is not NULL) element count of auto tensor a, as values
 * created before a (constants: before entry); 0, or 1 after an error. */
static int sizes(asc_module *m, asc_op *a, asc_op *entry, asc_value **bytes, asc_value **elems) {
  const asc_type *t = a->results[0].type;
  int eb = asc_type_bytes(t->elem);
  int64_t n = static_elems(t);
  if (n >= 0) {
    const asc_type *i32 = asc_type_int(m->ctx, 32, false);
    /* constants go to the function entry (where MLIR's folder puts them), so that
     * hoist-que-bind can take init_buffer out of loops */
    *bytes = const_at(m, entry, a, i32, n * eb);
    if (elems)
      *elems = const_at(m, entry, a, i32, n);
    return 0;
  }
  if (a->noperands == 0) {
    asc_error(m->ctx, asc_op_diag_loc(a), "materialize-tensor: local_tensor_auto has neither a static "
              "shape nor dims");
    return 1;
  }
  const asc_type *it = a->operands[ASC_OPND_LOCAL_TENSOR_AUTO_shape]->type;
  for (int i = 1; i < a->noperands; i++)
    if (a->operands[i]->type != it) {
      asc_error(m->ctx, asc_op_diag_loc(a), "materialize-tensor: the dims of local_tensor_auto must "
                "share one integer type");
      return 1;
    }
  /* bytes := sizeof(T) * d0 * d1 ... (pyasc's order); elems := d0 * d1 ... */
  asc_value *b = const_before(m, a, it, eb), *e = a->operands[ASC_OPND_LOCAL_TENSOR_AUTO_shape];
  for (int i = 0; i < a->noperands; i++) {
    asc_value *ops[2] = {b, a->operands[i]};
    asc_op *mul = mkop(m, ASC_OP_MULI, ops, 2, it, a);
    asc_op_insert_before(a, mul);
    b = &mul->results[0];
    if (i > 0 && elems) {
      asc_value *eops[2] = {e, a->operands[i]};
      asc_op *emul = mkop(m, ASC_OP_MULI, eops, 2, it, a);
      asc_op_insert_before(a, emul);
      e = &emul->results[0];
    }
  }
  *bytes = b;
  if (elems)
    *elems = e;
  return 0;
}

static asc_op *create_before(asc_module *m, asc_op *pos, asc_opcode code, asc_value *const *ops, int n,
                             const asc_type *rt) {
  asc_op *op = mkop(m, code, ops, n, rt, pos);
  asc_op_insert_before(pos, op);
  return op;
}

static int materialize(asc_module *m, asc_op *f, asc_op *a) {
  asc_ctx *ctx = m->ctx;
  asc_op *entry = f->regions[0].block->first;
  asc_value *bytes, *elems = NULL;
  const asc_type *t = a->results[0].type;
  bool temp = !has_unit(a, "input") && !has_unit(a, "output");
  if (sizes(m, a, entry, &bytes, temp ? &elems : NULL))
    return 1;
  asc_value *pipe = &create_before(m, a, ASC_OP_TPIPE, NULL, 0, asc_type_pipe(ctx))->results[0];
  if (temp) {
    asc_value *tb = &create_before(m, a, ASC_OP_TBUF, NULL, 0, asc_type_tbuf(ctx, ASC_POS_VECCALC))->results[0];
    asc_value *init[3] = {pipe, tb, bytes}, *get[2] = {tb, elems};
    create_before(m, a, ASC_OP_INIT_TBUF, init, 3, NULL);
    asc_op *g = create_before(m, a, ASC_OP_TBUF_GET, get, 2, t);
    asc_pass_replace_op(f, a, (asc_value *[]){&g->results[0]});
    return 0;
  }
  int pos = has_unit(a, "output") ? ASC_POS_VECOUT : ASC_POS_VECIN;
  asc_value *q = &create_before(m, a, ASC_OP_TQUE, NULL, 0, asc_type_queue(ctx, pos, pos, 1))->results[0];
  asc_value *one = const_at(m, entry, a, asc_type_int(ctx, 32, false), 1);
  asc_value *init[4] = {pipe, q, one, bytes};
  create_before(m, a, ASC_OP_INIT_BUFFER, init, 4, NULL);
  asc_op *alloc = create_before(m, a, ASC_OP_ALLOC_TENSOR, &q, 1, t);
  asc_block *blk = a->parent;
  asc_pass_replace_op(f, a, (asc_value *[]){&alloc->results[0]});
  asc_op *term = asc_block_terminator(blk);
  asc_value *fr[2] = {q, &alloc->results[0]};
  asc_op *free_op = mkop(m, ASC_OP_FREE_TENSOR, fr, 2, NULL, alloc);
  if (term)
    asc_op_insert_before(term, free_op);
  else
    asc_block_append(blk, free_op);
  return 0;
}

static int materialize_func(asc_module *m, asc_op *f) {
  asc_pass_vec ops = {0};
  asc_pass_collect(f, &ops);
  /* last to first, as pyasc's rewrite driver: the frees end up in reverse order of the
   * allocations, right before the terminator */
  for (size_t i = ops.n; i-- > 0;) {
    asc_op *a = ops.items[i];
    if (a->code == ASC_OP_LOCAL_TENSOR_AUTO && materialize(m, f, a)) {
      asc_pass_vec_free(&ops);
      return 1;
    }
  }
  asc_pass_vec_free(&ops);
  return 0;
}

int asc_pass_materialize_tensor(asc_module *m) { return asc_pass_each_func(m, materialize_func); }

/* ---- unify-pipe ---- */

static int unify_pipe_func(asc_module *m, asc_op *f) {
  asc_pass_vec ops = {0}, pipes = {0};
  asc_pass_collect(f, &ops);
  for (size_t i = 0; i < ops.n; i++)
    if (((asc_op *)ops.items[i])->code == ASC_OP_TPIPE)
      asc_pass_vec_push(&pipes, ops.items[i]);
  if (pipes.n > 1) {
    asc_block *entry = f->regions[0].block;
    asc_op *first = pipes.items[0];
    const asc_type *pt = asc_type_pipe(m->ctx);
    asc_op *one = mkop(m, ASC_OP_TPIPE, NULL, 0, pt, first);
    if (entry->first)
      asc_op_insert_before(entry->first, one);
    else
      asc_block_append(entry, one);
    for (size_t i = 0; i < pipes.n; i++)
      asc_pass_replace_op(f, pipes.items[i], (asc_value *[]){&one->results[0]});
  }
  asc_pass_vec_free(&pipes);
  asc_pass_vec_free(&ops);
  return 0;
}

int asc_pass_unify_pipe(asc_module *m) { return asc_pass_each_func(m, unify_pipe_func); }
