/* plan_auto.c - `plan-auto-tensors`: openasc's lowering of LocalTensorAuto (sync.md B.9).
 *
 * pyasc's materialize-tensor gives every auto tensor a depth-1 TQue, so nothing overlaps.
 * Here every auto tensor becomes a raw UB range at an address planned now, and the order
 * between pipes comes from auto-sync-full.  A tensor allocated inside a loop gets k = 2
 * slots and iteration i uses slot i % 2: auto-sync-full sees the rotation and double-buffers
 * it (B.7); temporaries only the vector unit touches keep one slot.  If the doubled tensors do not fit the budget, every tensor gets one slot (with
 * a note); if even that does not fit, an error names the total.
 *
 * Shapes known at compile time are laid out first, 32-byte aligned; a shape given by
 * runtime dims (defined at the kernel's top level) comes after them with one slot. */
#include <stdlib.h>

#include "ir/build.h"
#include "passes/passes.h"

/* UB bytes the planner may use: Ascend910B's 192 KiB minus 8 KiB the runtime keeps. */
enum { UB_BUDGET = (192 - 8) * 1024, MAXAUTO = 256, BLOCK = 32 };

typedef struct plan {
  asc_op *op;
  asc_op *loop;  /* innermost scf.for holding it that can index slots, or NULL */
  int64_t elems; /* per slot; 0: dynamic */
  int64_t bytes; /* per slot, aligned; 0: dynamic */
  int k;         /* slots */
} plan;

static int64_t align_up(int64_t n) { return (n + BLOCK - 1) / BLOCK * BLOCK; }

/* New ops go before `before`, at its location (ir/build.h). */
static asc_builder at_op(asc_module *m, asc_op *before) { return asc_builder_at(m, before->loc, before, NULL); }

static asc_value *const_i32(asc_module *m, asc_op *before, int64_t v) {
  asc_builder b = at_op(m, before);
  return asc_b_i32(&b, v);
}

static asc_value *arith(asc_module *m, asc_op *before, asc_opcode code, asc_value *x, asc_value *y) {
  asc_builder b = at_op(m, before);
  return asc_b_arith(&b, code, x, y);
}

static asc_value *to_i32(asc_module *m, asc_op *before, asc_value *v) {
  asc_builder b = at_op(m, before);
  if (v->type == b.i32)
    return v;
  asc_opcode code = v->type->kind != ASC_TY_INT ? ASC_OP_INDEX_CAST : v->type->width > 32 ? ASC_OP_TRUNCI : ASC_OP_EXTSI;
  return asc_b_convert(&b, code, v, b.i32);
}

/* The op's ancestor that sits directly in the function body. */
static asc_op *top_ancestor(asc_op *op, const asc_block *body) {
  while (op->parent && op->parent != body && op->parent->parent)
    op = op->parent->parent->parent;
  return op;
}

/* The innermost scf.for around op whose IV counts up from a constant >= 0. */
static asc_op *slot_loop(const asc_op *op) {
  for (const asc_op *p = op; p->parent && p->parent->parent; p = p->parent->parent->parent) {
    asc_op *up = p->parent->parent->parent;
    int64_t lb, step;
    if (!up || up->code == ASC_OP_FUNC)
      return NULL;
    if (up->code == ASC_OP_FOR && asc_pass_const_int(up->operands[ASC_OPND_FOR_lower_bound], &lb) && lb >= 0 &&
        asc_pass_const_int(up->operands[ASC_OPND_FOR_step], &step) && step > 0)
      return up;
  }
  return NULL;
}

static int elem_size(const asc_type *t) {
  int n = t->elem ? asc_type_bytes(t->elem) : 0;
  return n > 0 ? n : 1;
}

/* Static element count of an auto tensor: its type's shape, or constant dims; 0 if not. */
static int64_t static_elems(const asc_op *op) {
  const asc_type *t = op->results[0].type;
  int64_t n = 1, d;
  if (t->rank > 0) {
    for (int i = 0; i < t->rank; i++)
      n *= t->shape[i];
    return n;
  }
  for (int i = 0; i < op->noperands; i++) {
    if (!asc_pass_const_int(op->operands[i], &d))
      return 0;
    n *= d;
  }
  return op->noperands ? n : 0;
}

static void collect(asc_op *op, void *user) {
  asc_pass_vec *v = user;
  if (op->code == ASC_OP_LOCAL_TENSOR_AUTO)
    asc_pass_vec_push(v, op);
}

static int pos_of(const asc_op *op) {
  if (asc_op_attr(op, "input"))
    return ASC_POS_VECIN;
  return asc_op_attr(op, "output") ? ASC_POS_VECOUT : ASC_POS_VECCALC;
}

/* Replace the auto tensor by slot (iv % k) of base, or by base itself. */
static void rewrite(asc_module *m, const plan *p, asc_value *base, asc_value *count_per_slot) {
  asc_op *op = p->op, *sub;
  asc_value *off;
  if (p->k > 1) {
    asc_value *iv = to_i32(m, op, p->loop->regions[0].block->args[0]);
    asc_value *slot = arith(m, op, ASC_OP_REMSI, iv, const_i32(m, op, p->k));
    off = arith(m, op, ASC_OP_MULI, slot, count_per_slot);
  } else {
    off = const_i32(m, op, 0);
  }
  sub = asc_op_create(m, ASC_OP_LT_SUBVIEW, (asc_value *[]){base, off}, 2, &op->results[0].type, 1, op->loc);
  asc_op_insert_before(op, sub);
  asc_pass_replace_op(asc_pass_scope(op), op, (asc_value *[]){&sub->results[0]});
}

/* Can v be computed at the kernel's top level (body): defined there, or by pure ops of
 * values that can (a size the front-end converted inside the loop)? */
static bool hoistable(const asc_value *v, const asc_block *body, int depth) {
  const asc_op *d = v->def;
  if ((d ? d->parent : v->block) == body)
    return true;
  if (!d || depth > 8 || !(asc_opinfo_of(d->code)->flags & ASC_F_PURE) || d->nregions)
    return false;
  for (int i = 0; i < d->noperands; i++)
    if (!hoistable(d->operands[i], body, depth + 1))
      return false;
  return true;
}

/* v, or a copy of its computation placed before `at` (in body). */
static asc_value *hoist(asc_module *m, asc_op *at, asc_value *v, const asc_block *body) {
  asc_op *d = v->def, *c;
  asc_value *ops[8];
  if ((d ? d->parent : v->block) == body || d->noperands > 8)
    return v;
  for (int i = 0; i < d->noperands; i++)
    ops[i] = hoist(m, at, d->operands[i], body);
  c = asc_op_create(m, d->code, ops, d->noperands, &v->type, 1, d->loc);
  for (int i = 0; i < d->nattrs; i++)
    asc_op_set_attr(m, c, d->attrs[i].name, d->attrs[i].value);
  asc_op_insert_before(at, c);
  return &c->results[0];
}

/* The element count of a dynamic tensor: the product of its dims, at `at`. */
static asc_value *dynamic_count(asc_module *m, asc_op *at, const asc_op *op, const asc_block *body) {
  asc_value *n = to_i32(m, at, hoist(m, at, op->operands[0], body));
  for (int i = 1; i < op->noperands; i++)
    n = arith(m, at, ASC_OP_MULI, n, to_i32(m, at, hoist(m, at, op->operands[i], body)));
  return n;
}

static bool dims_at_top(const asc_op *op, const asc_block *body) {
  for (int i = 0; i < op->noperands; i++)
    if (!hoistable(op->operands[i], body, 0))
      return false;
  return op->noperands > 0;
}

static int64_t planned_bytes(const plan *ps, int n, bool single) {
  int64_t total = 0;
  for (int i = 0; i < n; i++)
    total += ps[i].bytes * (single ? 1 : ps[i].k);
  return total;
}

/* Lay p out at *addr (static) or at the static area's end plus *dyn (runtime shape), as a
 * raw UB tensor before p's top-level ancestor, and rewrite p to use it. */
static void place(asc_module *m, plan *p, const asc_block *body, int64_t *addr, asc_value **dyn) {
  asc_op *at = top_ancestor(p->op, body), *lt;
  int pos = pos_of(p->op);
  const asc_type *bt = asc_type_ltensor(m->ctx, p->op->results[0].type->elem, NULL, 0, pos);
  asc_value *count, *a, *size;
  if (p->elems) {
    count = const_i32(m, at, p->elems);
    a = const_i32(m, at, *addr);
    *addr += p->bytes * p->k;
  } else {
    asc_value *c32 = const_i32(m, at, BLOCK), *bytes;
    count = dynamic_count(m, at, p->op, body);
    bytes = arith(m, at, ASC_OP_MULI, count, const_i32(m, at, elem_size(p->op->results[0].type)));
    bytes = arith(m, at, ASC_OP_ADDI, bytes, const_i32(m, at, BLOCK - 1));
    bytes = arith(m, at, ASC_OP_MULI, arith(m, at, ASC_OP_DIVSI, bytes, c32), c32);
    a = *dyn ? *dyn : const_i32(m, at, align_up(*addr));
    *dyn = arith(m, at, ASC_OP_ADDI, a, bytes);
  }
  size = p->k > 1 ? arith(m, at, ASC_OP_MULI, count, const_i32(m, at, p->k)) : count;
  lt = asc_op_create(m, ASC_OP_LOCAL_TENSOR, (asc_value *[]){a, size}, 2, &bt, 1, p->op->loc);
  asc_op_set_attr(m, lt, "pos", asc_attr_enum(m, ASC_ENUM_POS, pos));
  asc_op_insert_before(at, lt);
  rewrite(m, p, &lt->results[0], count);
}

static bool within(const asc_op *op, const asc_block *b) {
  for (; op && op->parent; op = op->parent->parent ? op->parent->parent->parent : NULL)
    if (op->parent == b)
      return true;
  return false;
}

/* The block the vector cores run: a MIX Matmul kernel's body is `if ascend_is_aic() { server }
 * else { body }` (expand-matmul), and the auto tensors belong to its else block - UB is the
 * AIVs' - when they all lie there; otherwise the function body. */
static asc_block *aiv_body(asc_block *body, const asc_pass_vec *autos) {
  for (asc_op *o = body->first; o; o = o->next) {
    if (o->code != ASC_OP_IF || o->noperands < 1 || !o->operands[ASC_OPND_IF_cond]->def ||
        o->operands[ASC_OPND_IF_cond]->def->code != ASC_OP_ASCEND_IS_AIC || o->nregions < 2 || !o->regions[1].block)
      continue;
    for (size_t i = 0; i < autos->n; i++)
      if (!within(autos->items[i], o->regions[1].block))
        return body;
    return o->regions[1].block;
  }
  return body;
}

static int plan_func(asc_module *m, asc_op *func) {
  asc_block *body = func->regions[0].block;
  asc_pass_vec autos = {0};
  plan *ps;
  int64_t addr = 0, total;
  asc_value *dyn_addr = NULL;
  int rc = 0;
  asc_walk(func, collect, &autos);
  if (!autos.n) {
    asc_pass_vec_free(&autos);
    return 0;
  }
  body = aiv_body(body, &autos);
  ps = calloc(autos.n, sizeof *ps);
  if (!ps)
    asc_die("out of memory");
  for (size_t i = 0; i < autos.n; i++) {
    plan *p = &ps[i];
    p->op = autos.items[i];
    p->elems = static_elems(p->op);
    p->bytes = align_up(p->elems * elem_size(p->op->results[0].type));
    p->loop = p->elems ? slot_loop(p->op) : NULL;
    /* only what a copy fills or drains gains from a second slot: V-only temporaries keep one */
    p->k = p->loop && pos_of(p->op) != ASC_POS_VECCALC ? 2 : 1;
    if (!p->elems && !dims_at_top(p->op, body)) {
      asc_error(m->ctx, asc_op_diag_loc(p->op),
                "LocalTensorAuto: a runtime shape must be computed before any loop or branch of the kernel");
      rc = 1;
    }
  }
  total = planned_bytes(ps, (int)autos.n, false);
  if (!rc && total > UB_BUDGET && total != planned_bytes(ps, (int)autos.n, true)) {
    asc_diag(m->ctx, asc_op_diag_loc(ps[0].op), ASC_SEV_NOTE,
             "plan-auto-tensors: double buffering needs %lld bytes of UB, more than %d: one buffer each",
             (long long)total, UB_BUDGET);
    for (size_t i = 0; i < autos.n; i++)
      ps[i].k = 1;
    total = planned_bytes(ps, (int)autos.n, true);
  }
  if (!rc && total > UB_BUDGET) {
    asc_error(m->ctx, asc_op_diag_loc(ps[0].op), "LocalTensorAuto tensors need %lld bytes of UB, more than %d",
              (long long)total, UB_BUDGET);
    rc = 1;
  }
  for (int pass = 0; pass < 2 && !rc; pass++) /* static shapes first, then runtime ones */
    for (size_t i = 0; i < autos.n; i++)
      if ((ps[i].elems != 0) == (pass == 0))
        place(m, &ps[i], body, &addr, &dyn_addr);
  free(ps);
  asc_pass_vec_free(&autos);
  return rc;
}

int asc_pass_plan_auto_tensors(asc_module *m) { return asc_pass_each_func(m, plan_func); }
