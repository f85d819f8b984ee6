/* pyasc_sync.c - the pyasc-compatible sync passes: hoist-que-bind, strip-user-sync (our
 * EraseSync) and insert-sync (pyasc's InsertSync, five phases).  sync.md A.4-A.6.
 *
 * These reproduce pyasc's observable results (its lit tests, restated in tests/lit/pyasc),
 * not the dependence-based design of sync.md Part B (that is auto-sync-full).  Differences
 * from pyasc are listed in docs/pyasc-passes.md. */
#include <string.h>

#include "passes/passes.h"
#include "passes/sync_internal.h"

/* The event id of insert-sync's V_S / S_V brackets.  pyasc fetches one per bracket
 * (TPipe::FetchEventID); since the set and the wait are adjacent, the id is free again
 * right after, so any id works.  TQue never uses the V_S / S_V events, so no TPipe id can
 * collide with it. */
enum { BRACKET_ID = 0 };


static bool uses(const asc_op *op, const asc_value *v) {
  for (int i = 0; i < op->noperands; i++)
    if (op->operands[i] == v)
      return true;
  return false;
}


/* pyasc's opPrecedes: same block -> block order; else the order of their ancestors in the
 * nearest block holding both (loop back edges ignored). */
static bool precedes(asc_op *a, asc_op *b) {
  if (a == b)
    return false;
  for (asc_op *xa = a; xa; xa = asc_op_parent_op(xa)) {
    asc_op *xb = asc_pass_anc_in(b, xa->parent);
    if (xb)
      return xa != xb && asc_pass_before_in_block(xa, xb);
  }
  return false;
}

/* a dominates b: a's block holds b (at any depth) and a comes first there. */
static bool dominates(asc_op *a, asc_op *b) {
  asc_op *x = asc_pass_anc_in(b, a->parent);
  return x && x != a && asc_pass_before_in_block(a, x);
}

/* ---- hoist-que-bind ---- */

/* pyasc hoists queue, que_bind, tbuf, init_buffer, init_queue, tbuf.get_tensor. */
static bool hoist_kind(asc_opcode c) {
  return c == ASC_OP_TQUE || c == ASC_OP_TBUF || c == ASC_OP_INIT_BUFFER || c == ASC_OP_INIT_TBUF ||
         c == ASC_OP_TBUF_GET || c == ASC_OP_TBUF_GET_WITH_OFFSET || c == ASC_OP_TBUF_GET_ALL;
}

/* Pure arith ops that cannot trap (no division), which may run before a loop that might
 * not have run them. */
static bool safe_arith(const asc_op *op) {
  const asc_opinfo *in = asc_opinfo_of(op->code);
  switch (op->code) {
  case ASC_OP_DIVSI: case ASC_OP_DIVUI: case ASC_OP_CEILDIVSI: case ASC_OP_REMSI: case ASC_OP_REMUI:
    return false;
  default:
    return in->family == ASC_FAM_ARITH && (in->flags & ASC_F_PURE);
  }
}

typedef struct hoister {
  asc_pass_vec ops;     /* every op of the function */
  asc_pass_map movable; /* op -> 1: may be hoisted */
} hoister;

/* Hoist op as far as it goes; then its movable users, which it may have unblocked (this
 * gives pyasc's order: a queue, then its init_buffer, right before the loop). */
static void hoist_one(hoister *h, asc_op *op) {
  if (!asc_pass_map_get(&h->movable, op) || !asc_pass_hoist_out(op))
    return;
  for (size_t i = 0; i < h->ops.n; i++) {
    asc_op *u = h->ops.items[i];
    for (int r = 0; r < op->nresults; r++)
      if (uses(u, &op->results[r])) {
        hoist_one(h, u);
        break;
      }
  }
}

/* Visit the ops of b from last to first, inner regions first. */
static void hoist_block(hoister *h, asc_block *b) {
  asc_op *prev;
  for (asc_op *op = b ? b->last : NULL; op; op = prev) {
    prev = op->prev;
    for (int r = 0; r < op->nregions; r++)
      hoist_block(h, op->regions[r].block);
    hoist_one(h, op);
  }
}

static int hoist_que_bind_func(asc_module *m, asc_op *f) {
  (void)m;
  hoister h = {0};
  bool changed = true;
  asc_pass_collect(f, &h.ops);
  /* a TPipe destroyed or reset in the function takes its buffers away: init_buffer and
   * TBuf.get must stay where the user put them (after the destroy/init) */
  bool relife = false;
  for (size_t i = 0; i < h.ops.n; i++) {
    asc_opcode k = ((asc_op *)h.ops.items[i])->code;
    relife |= k == ASC_OP_TPIPE_DESTROY || k == ASC_OP_TPIPE_RESET || k == ASC_OP_TPIPE_INIT;
  }
  for (size_t i = 0; i < h.ops.n; i++) {
    asc_opcode k = ((asc_op *)h.ops.items[i])->code;
    if (hoist_kind(k) && (!relife || k == ASC_OP_TQUE || k == ASC_OP_TBUF))
      asc_pass_map_set(&h.movable, h.ops.items[i], 1);
  }
  /* ... and the safe arith ops computing their operands (pyasc relies on LICM and the
   * folder's constant hoisting for those) */
  while (changed) {
    changed = false;
    for (size_t i = 0; i < h.ops.n; i++) {
      asc_op *a = h.ops.items[i];
      if (asc_pass_map_get(&h.movable, a) || !safe_arith(a))
        continue;
      for (size_t k = 0; k < h.ops.n && !changed; k++)
        if (asc_pass_map_get(&h.movable, h.ops.items[k]) && uses(h.ops.items[k], &a->results[0])) {
          asc_pass_map_set(&h.movable, a, 1);
          changed = true;
        }
    }
  }
  hoist_block(&h, f->regions[0].block);
  asc_pass_map_free(&h.movable);
  asc_pass_vec_free(&h.ops);
  return 0;
}

int asc_pass_hoist_que_bind(asc_module *m) { return asc_pass_each_func(m, hoist_que_bind_func); }

/* ---- strip-user-sync ---- */

/* pyasc's EraseSync: every deque's result becomes the queue's allocated tensor, and every
 * enque, set_flag, wait_flag and pipe_barrier goes.  Unlike EraseSync it refuses (an error,
 * nothing changed) when a queue with deques has more than one alloc_tensor, where EraseSync
 * silently rewires every deque to the last alloc. */
static int strip_func(asc_module *m, asc_op *f) {
  asc_pass_vec ops = {0}, doomed = {0};
  asc_pass_map alloc = {0}, nalloc = {0};
  int rc = 0;
  asc_pass_collect(f, &ops);
  for (size_t i = 0; i < ops.n; i++) {
    asc_op *op = ops.items[i];
    if (op->code != ASC_OP_ALLOC_TENSOR)
      continue;
    asc_pass_map_add(&nalloc, op->operands[ASC_OPND_ALLOC_TENSOR_que], 1);
    if (!asc_pass_map_get(&alloc, op->operands[ASC_OPND_ALLOC_TENSOR_que]))
      asc_pass_map_set(&alloc, op->operands[ASC_OPND_ALLOC_TENSOR_que], (int64_t)(intptr_t)op);
  }
  for (size_t i = 0; i < ops.n; i++) {
    asc_op *op = ops.items[i];
    if (op->code != ASC_OP_DEQUE)
      continue;
    int64_t n = asc_pass_map_get(&nalloc, op->operands[ASC_OPND_DEQUE_que]);
    if (n == 0) {
      asc_error(m->ctx, asc_op_diag_loc(op), "strip-user-sync: asc.deque doesn't have corresponding "
                "alloc_tensor op");
      rc = 1;
    } else if (n > 1) {
      asc_error(m->ctx, asc_op_diag_loc(op), "strip-user-sync: the queue of this asc.deque has %lld "
                "alloc_tensor ops (several buffers in flight); which one a deque returns is only "
                "known at run time, so the deque cannot be replaced by an alloc", (long long)n);
      rc = 1;
    } else {
      asc_op *a = (asc_op *)(intptr_t)asc_pass_map_get(&alloc, op->operands[ASC_OPND_DEQUE_que]);
      if (!dominates(a, op)) {
        asc_error(m->ctx, asc_op_diag_loc(op), "strip-user-sync: the alloc_tensor of this asc.deque's "
                  "queue does not come before it");
        rc = 1;
      }
    }
  }
  if (!rc)
    for (size_t i = 0; i < ops.n; i++) {
      asc_op *op = ops.items[i];
      if (op->code == ASC_OP_DEQUE) {
        asc_op *a = (asc_op *)(intptr_t)asc_pass_map_get(&alloc, op->operands[ASC_OPND_DEQUE_que]);
        asc_pass_replace_op(f, op, (asc_value *[]){&a->results[0]});
      } else if (op->code == ASC_OP_ENQUE || op->code == ASC_OP_SET_FLAG || op->code == ASC_OP_WAIT_FLAG ||
                 op->code == ASC_OP_PIPE_BARRIER) {
        asc_pass_vec_push(&doomed, op);
      }
    }
  for (size_t i = 0; i < doomed.n; i++)
    asc_op_unlink(doomed.items[i]);
  asc_pass_vec_free(&doomed);
  asc_pass_map_free(&alloc);
  asc_pass_map_free(&nalloc);
  asc_pass_vec_free(&ops);
  return rc;
}

int asc_pass_strip_user_sync(asc_module *m) { return asc_pass_each_func(m, strip_func); }

/* ---- insert-sync ---- */

/* Phase 1 (enqueueTensors): after each op writing a tensor operand 0 (copies, vector ops):
 * enque it if it is the direct result of alloc_tensor / deque, else pipe_barrier(PIPE_V).
 * GlobalTensor objects themselves are skipped; views of them (gt_subview) are not, so a GM
 * store gets a (useless) PIPE_V barrier, as in pyasc.  Unlike pyasc (which runs EraseSync
 * first), user sync stays: a queue the user already enqueues on is the user's, and its
 * tensors get nothing here.  The enques made are recorded in `mine`. */
static void enqueue_tensors(asc_module *m, asc_pass_vec *ops, asc_pass_map *mine) {
  asc_pass_map user = {0};
  for (size_t i = 0; i < ops->n; i++)
    if (((asc_op *)ops->items[i])->code == ASC_OP_ENQUE)
      asc_pass_map_set(&user, ((asc_op *)ops->items[i])->operands[0], 1);
  for (size_t i = 0; i < ops->n; i++) {
    asc_op *op = ops->items[i];
    const asc_opinfo *in = asc_opinfo_of(op->code);
    if ((in->family != ASC_FAM_COPY && in->family != ASC_FAM_VECTOR) || !(in->writes & ARG(0)) ||
        op->noperands == 0)
      continue;
    asc_value *dst = op->operands[0];
    if (!asc_type_is_tensor(dst->type) || (dst->def && dst->def->code == ASC_OP_GLOBAL_TENSOR))
      continue;
    asc_op *ins;
    if (dst->def && (dst->def->code == ASC_OP_ALLOC_TENSOR || dst->def->code == ASC_OP_DEQUE)) {
      asc_value *e[2] = {dst->def->operands[ASC_OPND_ALLOC_TENSOR_que], dst};
      if (asc_pass_map_get(&user, e[0]))
        continue;
      ins = asc_op_create(m, ASC_OP_ENQUE, e, 2, NULL, 0, op->loc);
      asc_pass_map_set(mine, ins, 1);
    } else {
      ins = sync_make_barrier(m, ASC_PIPEID_PIPE_V, op->loc);
    }
    ins->pos = op->pos; /* diagnostics without loc(...) point at the op's text */
    asc_op_insert_after(op, ins);
  }
  asc_pass_map_free(&user);
}

/* Phase 2 for one enque: a deque before the first later user of the tensor (lifted to the
 * enque's block), which those users then read; the enque moves out of its region if it
 * does not come before the deque. */
static int dequeue_one(asc_module *m, asc_op *f, asc_op *enq, asc_pass_map *mine) {
  asc_value *t = enq->operands[ASC_OPND_ENQUE_tensor];
  asc_pass_vec all = {0}, users = {0};
  asc_op *first = NULL;
  asc_pass_collect(f, &all);
  for (size_t i = 0; i < all.n; i++) {
    asc_op *u = all.items[i];
    if (u->code != ASC_OP_FREE_TENSOR && uses(u, t) && precedes(enq, u)) {
      asc_pass_vec_push(&users, u);
      if (!first || precedes(u, first))
        first = u;
    }
  }
  asc_pass_vec_free(&all);
  if (!first) {
    asc_pass_vec_free(&users);
    return 0;
  }
  asc_op *lifted = asc_pass_anc_in(first, enq->parent);
  if (lifted)
    first = lifted;
  const asc_type *tt = t->type;
  asc_op *deq = asc_op_create(m, ASC_OP_DEQUE, &enq->operands[ASC_OPND_ENQUE_que], 1, &tt, 1, enq->loc);
  deq->pos = enq->pos;
  asc_op_insert_before(first, deq);
  if (!dominates(enq, deq)) {
    asc_op *anc = asc_pass_anc_in(enq, deq->parent);
    if (!anc) {
      asc_error(m->ctx, asc_op_diag_loc(enq), "insert-sync: 'asc.enque' op failed to be hoisted to "
                "tensor deque op scope");
      asc_pass_vec_free(&users);
      return 1;
    }
    asc_op *re = asc_op_create(m, ASC_OP_ENQUE, enq->operands, 2, NULL, 0, enq->loc);
    re->pos = enq->pos;
    asc_op_insert_after(anc, re);
    asc_pass_map_set(mine, re, 1);
    asc_op_unlink(enq);
  }
  for (size_t i = 0; i < users.n; i++) {
    asc_op *u = users.items[i];
    for (int k = 0; k < u->noperands; k++)
      if (u->operands[k] == t)
        asc_op_set_operand(m, u, k, &deq->results[0]);
  }
  asc_pass_vec_free(&users);
  return 0;
}

/* Phase 2 for the enques phase 1 made (user enques are the user's). */
static int dequeue_block(asc_module *m, asc_op *f, asc_block *b, asc_pass_map *mine) {
  asc_op *next;
  int rc = 0;
  for (asc_op *op = b ? b->first : NULL; op && !rc; op = next) {
    next = op->next;
    if (op->code == ASC_OP_ENQUE) {
      if (asc_pass_map_get(mine, op))
        rc = dequeue_one(m, f, op, mine);
      continue;
    }
    for (int r = 0; r < op->nregions && !rc; r++)
      rc = dequeue_block(m, f, op->regions[r].block, mine);
  }
  return rc;
}

/* set_flag(ev, id); wait_flag(ev, id) before pos (after pos if `after`). */
static void bracket(asc_module *m, asc_op *pos, bool after, int64_t ev, const asc_op *from) {
  asc_loc loc = from->loc;
  const asc_type *i32 = asc_type_int(m->ctx, 32, false);
  asc_op *c = asc_op_create(m, ASC_OP_CONSTANT, NULL, 0, &i32, 1, loc);
  asc_op_set_attr(m, c, "value", asc_attr_int(m, i32, BRACKET_ID));
  asc_op *set = sync_make_flag(m, ASC_OP_SET_FLAG, ev, &c->results[0], loc);
  asc_op *wait = sync_make_flag(m, ASC_OP_WAIT_FLAG, ev, &c->results[0], loc);
  c->pos = set->pos = wait->pos = from->pos;
  if (after) {
    asc_op_insert_after(pos, wait);
    asc_op_insert_after(pos, set);
    asc_op_insert_after(pos, c);
  } else {
    asc_op_insert_before(pos, c);
    asc_op_insert_before(pos, set);
    asc_op_insert_before(pos, wait);
  }
}

/* Phases 3 and 4: V_S before and S_V after every get_value / set_value; a set_value whose
 * nearest enclosing scf.for has it as the only op of its body is bracketed around the loop
 * instead. */
static void sync_scalar(asc_module *m, asc_pass_vec *ops, asc_opcode code) {
  for (size_t i = 0; i < ops->n; i++) {
    asc_op *op = ops->items[i], *at = op;
    if (op->code != code)
      continue;
    if (code == ASC_OP_SET_VALUE) {
      asc_op *loop = asc_op_parent_op(op);
      while (loop && loop->code != ASC_OP_FOR)
        loop = asc_op_parent_op(loop);
      asc_block *lb = loop ? loop->regions[0].block : NULL;
      if (lb && lb->first && lb->first->next && lb->first->next == lb->last)
        at = loop;
    }
    bracket(m, at, false, ASC_EVENT_V_S, op);
    bracket(m, at, true, ASC_EVENT_S_V, op);
  }
}

/* Phase 5: pipe_barrier(PIPE_ALL) before the function's return, then pyasc's barrier
 * folding (next op only): PIPE_ALL swallows a following barrier; a barrier followed by an
 * identical one or by PIPE_ALL goes. */
static void fold_barriers(asc_block *b) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (asc_op *op = b ? b->first : NULL; op; op = op->next) {
      for (int r = 0; r < op->nregions; r++)
        fold_barriers(op->regions[r].block);
      asc_op *n = op->next;
      if (op->code != ASC_OP_PIPE_BARRIER || !n || n->code != ASC_OP_PIPE_BARRIER)
        continue;
      int64_t p = asc_op_attr(op, "pipe")->i, q = asc_op_attr(n, "pipe")->i;
      if (p == ASC_PIPEID_PIPE_ALL) {
        asc_op_unlink(n);
        changed = true;
        break;
      }
      if (q == p || q == ASC_PIPEID_PIPE_ALL) {
        asc_op_unlink(op);
        changed = true;
        break;
      }
    }
  }
}

static int insert_sync_func(asc_module *m, asc_op *f) {
  asc_pass_vec ops = {0};
  asc_pass_map mine = {0};
  asc_block *body = f->regions[0].block;
  int rc;
  asc_pass_collect(f, &ops);
  enqueue_tensors(m, &ops, &mine);
  asc_pass_vec_free(&ops);
  rc = dequeue_block(m, f, body, &mine);
  asc_pass_map_free(&mine);
  if (rc)
    return 1;
  asc_pass_collect(f, &ops);
  sync_scalar(m, &ops, ASC_OP_GET_VALUE);
  sync_scalar(m, &ops, ASC_OP_SET_VALUE);
  asc_pass_vec_free(&ops);
  asc_op *ret = asc_block_terminator(body);
  if (ret) {
    asc_op *all = sync_make_barrier(m, ASC_PIPEID_PIPE_ALL, ret->loc);
    all->pos = ret->pos;
    asc_op_insert_before(ret, all);
  }
  fold_barriers(body);
  return 0;
}

int asc_pass_insert_sync(asc_module *m) { return asc_pass_each_func(m, insert_sync_func); }
