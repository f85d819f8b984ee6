/* verify_tque.c - verify-sync's TQue analysis, S010: the six findings of pyasc's
 * VerifySync, with its message texts (sync.md A.7), but path- and loop-aware.
 *
 * On the flow state (verify_sync.h): a counter per alloc_tensor op of its tensors not
 * yet freed; per queue, the FIFO of enqueued tensors not yet dequeued, where an entry the
 * paths disagree on forgets its identity (it still counts for DeQue); per deque result,
 * the tensor it handed back, so that a FreeTensor of it is matched with the AllocTensor,
 * as pyasc's findDef does.  A free that cannot be resolved (a tensor from a loop-carried
 * value, or a FIFO entry of forgotten identity) makes its queue fuzzy: no alloc/free
 * finding for it. */
#include <string.h>

#include "passes/verify_sync.h"

#define TQ "S010 TQue misuse: " /* every message of this file starts with it */

static vs_ent *push(vs_state *s, vs_ent e) {
  s->ent = sync_grow(s->ent, &s->capent, s->nent, sizeof *s->ent);
  s->ent[s->nent] = e;
  return &s->ent[s->nent++];
}

static void pop(vs_state *s, int k) {
  memmove(&s->ent[k], &s->ent[k + 1], (size_t)(s->nent - k - 1) * sizeof *s->ent);
  s->nent--;
}

/* The k-th entry of queue q in e[0..n), or with no queue the dequeued entry of deque
 * result v; NULL if none. */
static const vs_ent *entry(const vs_ent *e, int n, const asc_value *q, const asc_value *v, int k) {
  for (int i = 0; i < n; i++)
    if (e[i].que == q && (q || e[i].tensor == v) && k-- == 0)
      return &e[i];
  return NULL;
}

static bool is_fuzzy(const vs_state *s, const asc_value *q) { return vs_find(s, VS_FUZZY_QUEUE, q, 0) >= 0; }

/* ---- join ----------------------------------------------------------------------------------- */

/* The position of entry i in its queue's FIFO (0: a dequeued one). */
static int rank(const vs_state *s, int i) {
  int k = 0;
  for (int j = 0; j < i; j++)
    k += s->ent[i].que && s->ent[j].que == s->ent[i].que;
  return k;
}

/* FIFO positions both sides have are met (an entry the paths disagree on forgets what they
 * disagree on); the rest of the longer FIFO is there on some paths only.  A deque result
 * bound on both sides is met likewise. */
void vs_tque_meet(vs_state *s, const vs_state *o) {
  int n = s->nent;
  for (int j = 0; j < o->nent; j++)
    if (!entry(s->ent, n, o->ent[j].que, o->ent[j].tensor, rank(o, j)))
      push(s, o->ent[j])->may |= o->ent[j].que != NULL;
  for (int i = 0; i < n; i++) {
    vs_ent *e = &s->ent[i];
    const vs_ent *y = entry(o->ent, o->nent, e->que, e->tensor, rank(s, i));
    e->may |= y ? y->may : e->que != NULL;
    if (y && e->enq != y->enq)
      e->enq = NULL;
    if (y && e->tensor != y->tensor)
      e->tensor = NULL;
    if (y && (e->t.res != y->t.res || e->t.alloc != y->t.alloc || e->t.origin != y->t.origin))
      e->t = (vs_tensor){VS_RES_UNKNOWN, NULL, NULL};
  }
}

/* ---- transfer ------------------------------------------------------------------------------- */

static const asc_value *strip_views(const asc_value *v) {
  while (v->def && v->def->code == ASC_OP_LT_SUBVIEW)
    v = v->def->operands[ASC_OPND_LT_SUBVIEW_tensor];
  return v;
}

static vs_tensor resolve(vs_ctx *c, vs_state *s, const asc_value *v) {
  const asc_value *root = strip_views(v);
  const asc_op *d = root->def;
  const vs_ent *b;
  if (d && d->code == ASC_OP_ALLOC_TENSOR)
    return (vs_tensor){VS_RES_ALLOC, d, root};
  if (d && d->code == ASC_OP_DEQUE)
    return (b = entry(s->ent, s->nent, NULL, root, 0)) ? b->t : (vs_tensor){VS_RES_UNKNOWN, NULL, root};
  if ((!d && asc_value_scope(root) == c->func) ||
      (d && (d->code == ASC_OP_TBUF_GET || d->code == ASC_OP_TBUF_GET_WITH_OFFSET ||
             d->code == ASC_OP_TBUF_GET_ALL || d->code == ASC_OP_LOCAL_TENSOR)))
    return (vs_tensor){VS_RES_DECL, NULL, root};
  return (vs_tensor){VS_RES_UNKNOWN, NULL, root};
}

/* "tensor declared here" (the alloc of an allocated one), "queue declared here": at v's
 * definition, or at the function for an argument. */
static void decl_note(vs_ctx *c, const asc_value *v, const char *what) {
  const asc_op *at = !v ? NULL : v->def ? v->def : asc_value_scope(v) == c->func ? c->func : NULL;
  if (at)
    vs_note(c, at, "%s declared here", what);
}

/* Any operand naming a tensor that sits in a queue (enqueued, not yet dequeued).
 * Terminators only pass values on; they touch no memory. */
static void check_uses(vs_ctx *c, const vs_state *s, const asc_op *op) {
  for (int i = 0; !(asc_opinfo_of(op->code)->flags & ASC_F_TERM) && i < op->noperands; i++) {
    const asc_value *root = strip_views(op->operands[i]);
    for (int k = 0; k < s->nent; k++) /* reported once per op */
      if (s->ent[k].que && s->ent[k].tensor == root &&
          vs_warn(c, op, VS_S010_USE_ENQUEUED, TQ "unexpected use of tensor between EnQue and DeQue"))
        decl_note(c, s->ent[k].t.origin, "tensor");
  }
}

/* op (re)defines its results: a loop body walked again makes new tensors, which the
 * entries and bindings of the previous iteration no longer name. */
static void redefine(vs_state *s, const asc_op *op) {
  for (int r = 0; r < op->nresults; r++)
    for (int k = s->nent - 1; k >= 0; k--)
      if (s->ent[k].tensor == &op->results[r] && s->ent[k].que)
        s->ent[k].tensor = NULL;
      else if (s->ent[k].tensor == &op->results[r])
        pop(s, k);
}

/* Pop q's first entry and bind the deque result to its tensor; none (on some path): DeQue
 * finds nothing to pop. */
static void do_deque(vs_ctx *c, vs_state *s, asc_op *op) {
  const asc_value *q = op->operands[ASC_OPND_DEQUE_que];
  vs_ent e = {NULL, NULL, NULL, {VS_RES_NONE, NULL, NULL}, true};
  const vs_ent *f = entry(s->ent, s->nent, q, NULL, 0);
  if (f)
    e = *f, pop(s, (int)(f - s->ent));
  if (e.may && vs_warn(c, op, VS_S010_DEQUE_NOENQUE, TQ "DeQue: there is no corresponding call to EnQue%s",
                       e.que ? " (on some paths)" : ""))
    decl_note(c, q, "queue");
  push(s, (vs_ent){NULL, NULL, &op->results[0], e.t, false});
}

static void do_free(vs_ctx *c, vs_state *s, asc_op *op) {
  vs_tensor t = resolve(c, s, op->operands[ASC_OPND_FREE_TENSOR_tensor]);
  int i = t.res == VS_RES_ALLOC ? vs_find(s, VS_ALLOC, t.alloc, 0) : -1;
  if (t.res == VS_RES_UNKNOWN)
    /* [0, 1]: never tagged by an if */
    vs_inc(s, VS_FUZZY_QUEUE, op->operands[ASC_OPND_FREE_TENSOR_que], 0, op, 1)->lo = 0;
  if (i >= 0)
    vs_dec(s, i);
  else if ((t.res == VS_RES_DECL ||
            (t.res == VS_RES_ALLOC && !is_fuzzy(s, t.alloc->operands[ASC_OPND_ALLOC_TENSOR_que]))) &&
           vs_warn(c, op, t.res == VS_RES_DECL ? VS_S010_FREE_NOALLOC : VS_S010_FREE_TWICE,
                   t.res == VS_RES_DECL ? TQ "FreeTensor: there is no corresponding call to AllocTensor"
                                        : TQ "FreeTensor: tensor memory was freed before its last use"))
    decl_note(c, t.origin, "tensor");
}

void vs_tque_op(vs_ctx *c, vs_state *s, asc_op *op) {
  check_uses(c, s, op);
  redefine(s, op); /* the walk passes only ops of a valid shape */
  switch (op->code) {
  case ASC_OP_ALLOC_TENSOR: vs_inc(s, VS_ALLOC, op, 0, op, VS_MAXCOUNT); break;
  case ASC_OP_ENQUE:
    push(s,
         (vs_ent){op->operands[ASC_OPND_ENQUE_que], op, strip_views(op->operands[ASC_OPND_ENQUE_tensor]),
                  resolve(c, s, op->operands[ASC_OPND_ENQUE_tensor]),
                     false});
    break;
  case ASC_OP_DEQUE: do_deque(c, s, op); break;
  case ASC_OP_FREE_TENSOR: do_free(c, s, op); break;
  default: break;
  }
}

/* At kernel end: tensors never freed, enques never dequeued. */
void vs_tque_end(vs_ctx *c, const vs_state *s) {
  for (int i = 0; i < s->ncnt; i++)
    if (s->cnt[i].event == VS_ALLOC && !is_fuzzy(s, ((const asc_op *)s->cnt[i].key)->operands[0]))
      vs_warn(c, s->cnt[i].op, VS_S010_ALLOC_NOFREE,
              TQ "AllocTensor: there is no corresponding call to FreeTensor for this tensor");
  for (int k = 0; k < s->nent; k++)
    if (s->ent[k].que && s->ent[k].enq &&
        vs_warn(c, s->ent[k].enq, VS_S010_ENQUE_NODEQUE,
                TQ "EnQue: there is no corresponding call to DeQue for this tensor"))
      decl_note(c, s->ent[k].que, "queue");
}
