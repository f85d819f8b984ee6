/* verify_tque.c - verify-sync's TQue analysis, S010: the six findings of pyasc's
 * VerifySync, with its message texts (sync.md A.7), but path- and loop-aware.
 *
 * State, on the walker's structured control flow:
 *  - per alloc_tensor op, how many of its tensors are allocated and not yet freed, as
 *    an interval [lo, hi] over the paths (a loop body's alloc runs once per iteration);
 *  - per queue, the FIFO of enqueued tensors not yet dequeued; an entry is "may" when
 *    it is there on some paths only; where paths disagree on which enque an entry
 *    comes from, its identity is forgotten (it still counts for DeQue);
 *  - per deque result, the tensor it hands back (the FIFO entry it popped), so that
 *    a FreeTensor of it is matched with the AllocTensor, as pyasc's findDef does.
 * Whatever cannot be resolved (a tensor from a loop-carried value, or a FIFO entry
 * of forgotten identity) makes its queue "fuzzy": no alloc/free finding for it. */
#include <stdlib.h>
#include <string.h>

#include "passes/verify_sync.h"

/* How a tensor resolves to its buffer. */
enum res {
  RES_UNKNOWN, /* cannot tell */
  RES_ALLOC,   /* a tensor of an alloc_tensor op */
  RES_DECL,    /* not a queue tensor: a function argument, a TBuf or static tensor */
  RES_NONE,    /* a deque that had nothing to pop: already reported */
};

typedef struct vq_tensor {
  enum res res;
  const asc_op *alloc;     /* RES_ALLOC */
  const asc_value *origin; /* the tensor value it was reached from, for notes */
} vq_tensor;

typedef struct vq_count {
  const asc_op *alloc;
  int lo, hi;
} vq_count;

typedef struct vq_ent {
  const asc_value *que;
  const asc_op *enq;       /* NULL: identity forgotten at a join */
  const asc_value *tensor; /* the enqueued value (subviews stripped); NULL once redefined */
  vq_tensor t;
  bool may;
} vq_ent;

typedef struct vq_bind {
  const asc_value *val; /* a deque result */
  vq_tensor t;
} vq_bind;

typedef struct vq_state {
  vq_count *cnt;
  vq_ent *ent; /* all queues; in FIFO order within each queue */
  vq_bind *bind;
  const asc_value **fuzzy;
  int ncnt, nent, nbind, nfuzzy;
  int capcnt, capent, capbind, capfuzzy;
} vq_state;

/* Counts saturate: 3 outstanding tensors of one alloc say enough. */
enum { MAXCOUNT = 3 };

#define TQ "S010 TQue misuse: " /* every message of this file starts with it */

/* ---- state ---------------------------------------------------------------------------------- */

static void *dup(const void *p, int n, size_t sz) {
  void *q = n ? malloc((size_t)n * sz) : NULL;
  if (n && !q)
    asc_die("out of memory");
  if (n)
    memcpy(q, p, (size_t)n * sz);
  return q;
}

static void *vq_copy(const void *p) {
  const vq_state *s = p;
  vq_state *t = calloc(1, sizeof *t);
  if (!t)
    asc_die("out of memory");
  *t = *s;
  t->cnt = dup(s->cnt, s->ncnt, sizeof *s->cnt), t->capcnt = s->ncnt;
  t->ent = dup(s->ent, s->nent, sizeof *s->ent), t->capent = s->nent;
  t->bind = dup(s->bind, s->nbind, sizeof *s->bind), t->capbind = s->nbind;
  t->fuzzy = dup(s->fuzzy, s->nfuzzy, sizeof *s->fuzzy), t->capfuzzy = s->nfuzzy;
  return t;
}

static void vq_drop(void *p) {
  vq_state *s = p;
  free(s->cnt);
  free(s->ent);
  free(s->bind);
  free(s->fuzzy);
  free(s);
}

static int find_count(const vq_state *s, const asc_op *alloc) {
  for (int i = 0; i < s->ncnt; i++)
    if (s->cnt[i].alloc == alloc)
      return i;
  return -1;
}

static vq_count *count_of(vq_state *s, const asc_op *alloc, bool create) {
  int i = find_count(s, alloc);
  if (i >= 0)
    return &s->cnt[i];
  if (!create)
    return NULL;
  s->cnt = sync_grow(s->cnt, &s->capcnt, s->ncnt, sizeof *s->cnt);
  s->cnt[s->ncnt] = (vq_count){alloc, 0, 0};
  return &s->cnt[s->ncnt++];
}

static vq_bind *bind_of(vq_state *s, const asc_value *v) {
  for (int i = 0; i < s->nbind; i++)
    if (s->bind[i].val == v)
      return &s->bind[i];
  return NULL;
}

static void bind(vq_state *s, const asc_value *v, vq_tensor t) {
  vq_bind *b = bind_of(s, v);
  if (!b) {
    s->bind = sync_grow(s->bind, &s->capbind, s->nbind, sizeof *s->bind);
    b = &s->bind[s->nbind++];
  }
  *b = (vq_bind){v, t};
}

static bool is_fuzzy(const vq_state *s, const asc_value *q) {
  for (int i = 0; i < s->nfuzzy; i++)
    if (s->fuzzy[i] == q)
      return true;
  return false;
}

static void make_fuzzy(vq_state *s, const asc_value *q) {
  if (is_fuzzy(s, q))
    return;
  s->fuzzy = sync_grow(s->fuzzy, &s->capfuzzy, s->nfuzzy, sizeof *s->fuzzy);
  s->fuzzy[s->nfuzzy++] = q;
}

static void push(vq_state *s, vq_ent e) {
  s->ent = sync_grow(s->ent, &s->capent, s->nent, sizeof *s->ent);
  s->ent[s->nent++] = e;
}

static bool same_tensor(vq_tensor a, vq_tensor b) {
  return a.res == b.res && a.alloc == b.alloc && a.origin == b.origin;
}

/* ---- join ----------------------------------------------------------------------------------- */

static void join_counts(vq_state *s, const vq_state *o) {
  for (int i = 0; i < s->ncnt; i++)
    if (find_count(o, s->cnt[i].alloc) < 0)
      s->cnt[i].lo = 0;
  for (int j = 0; j < o->ncnt; j++) {
    vq_count *c = count_of(s, o->cnt[j].alloc, false);
    if (!c) {
      c = count_of(s, o->cnt[j].alloc, true);
      c->hi = o->cnt[j].hi; /* lo stays 0: absent on the other side */
      continue;
    }
    c->lo = c->lo < o->cnt[j].lo ? c->lo : o->cnt[j].lo;
    c->hi = c->hi > o->cnt[j].hi ? c->hi : o->cnt[j].hi;
  }
}

/* The k-th entry of queue q in e[0..n), or NULL. */
static const vq_ent *nth(const vq_ent *e, int n, const asc_value *q, int k) {
  for (int i = 0; i < n; i++)
    if (e[i].que == q && k-- == 0)
      return &e[i];
  return NULL;
}

/* The meet of two entries at the same FIFO position. */
static vq_ent meet_entry(const vq_ent *a, const vq_ent *b) {
  vq_ent r = *a;
  r.may = a->may || b->may;
  if (a->enq != b->enq)
    return (vq_ent){a->que, NULL, NULL, {RES_UNKNOWN, NULL, NULL}, r.may};
  if (a->tensor != b->tensor)
    r.tensor = NULL;
  if (!same_tensor(a->t, b->t))
    r.t = (vq_tensor){RES_UNKNOWN, NULL, NULL};
  return r;
}

/* Queue q's FIFO in the meet: positions both sides have are met; the rest of the
 * longer one is there on some paths only. */
static void join_queue(vq_state *r, const vq_state *a, const vq_state *b, const asc_value *q) {
  for (int k = 0;; k++) {
    const vq_ent *x = nth(a->ent, a->nent, q, k), *y = nth(b->ent, b->nent, q, k);
    if (!x && !y)
      return;
    vq_ent e = x && y ? meet_entry(x, y) : x ? *x : *y;
    e.may |= !(x && y);
    push(r, e);
  }
}

static void join_fifos(vq_state *s, const vq_state *o) {
  vq_state r = {0};
  for (int pass = 0; pass < 2; pass++) {
    const vq_state *from = pass ? o : s;
    for (int i = 0; i < from->nent; i++) {
      const asc_value *q = from->ent[i].que;
      if (!nth(r.ent, r.nent, q, 0))
        join_queue(&r, s, o, q);
    }
  }
  free(s->ent);
  s->ent = r.ent, s->nent = r.nent, s->capent = r.capent;
}

static void vq_join(void *p, const void *q, const asc_value *cond) {
  vq_state *s = p;
  const vq_state *o = q;
  join_counts(s, o);
  join_fifos(s, o);
  for (int j = 0; j < o->nbind; j++) {
    vq_bind *b = bind_of(s, o->bind[j].val);
    if (!b)
      bind(s, o->bind[j].val, o->bind[j].t);
    else if (!same_tensor(b->t, o->bind[j].t))
      b->t = (vq_tensor){RES_UNKNOWN, NULL, NULL};
  }
  for (int j = 0; j < o->nfuzzy; j++)
    make_fuzzy(s, o->fuzzy[j]);
  (void)cond;
}

/* ---- transfer ------------------------------------------------------------------------------- */

static const asc_value *strip_views(const asc_value *v) {
  while (v->def && v->def->code == ASC_OP_LT_SUBVIEW)
    v = v->def->operands[0];
  return v;
}

static bool is_func_arg(vs_ctx *c, const asc_value *v) {
  return !v->def && vs_decl_op(c, v) == c->func;
}

static vq_tensor resolve(vs_ctx *c, vq_state *s, const asc_value *v) {
  const asc_value *root = strip_views(v);
  const asc_op *d = root->def;
  vq_bind *b;
  if (d && d->code == ASC_OP_ALLOC_TENSOR)
    return (vq_tensor){RES_ALLOC, d, root};
  if (d && d->code == ASC_OP_DEQUE)
    return (b = bind_of(s, root)) ? b->t : (vq_tensor){RES_UNKNOWN, NULL, root};
  if (is_func_arg(c, root) || (d && (d->code == ASC_OP_TBUF_GET || d->code == ASC_OP_TBUF_GET_WITH_OFFSET ||
                                     d->code == ASC_OP_TBUF_GET_ALL ||
                                     d->code == ASC_OP_LOCAL_TENSOR)))
    return (vq_tensor){RES_DECL, NULL, root};
  return (vq_tensor){RES_UNKNOWN, NULL, root};
}

/* Where "tensor declared here" points: the alloc, else the tensor's declaration. */
static void tensor_note(vs_ctx *c, vq_tensor t) {
  const asc_op *at = t.res == RES_ALLOC ? t.alloc : t.origin ? vs_decl_op(c, t.origin) : NULL;
  if (at)
    vs_note(c, at, "tensor declared here");
}

/* Any operand naming a tensor that sits in a queue (enqueued, not yet dequeued).
 * Terminators only pass values on; they touch no memory. */
static void check_uses(vs_ctx *c, const vq_state *s, const asc_op *op) {
  if (asc_opinfo_of(op->code)->flags & ASC_F_TERM)
    return;
  for (int i = 0; i < op->noperands; i++) {
    const asc_value *root = strip_views(op->operands[i]);
    for (int k = 0; k < s->nent; k++)
      if (s->ent[k].tensor == root &&
          vs_warn(c, op, VS_S010_USE_ENQUEUED,
                  TQ "unexpected use of tensor between EnQue and DeQue")) {
        tensor_note(c, s->ent[k].t);
        break;
      }
  }
}

/* op (re)defines its results: a loop body walked again makes new tensors, which the
 * entries and bindings of the previous iteration no longer name. */
static void redefine(vq_state *s, const asc_op *op) {
  for (int r = 0; r < op->nresults; r++) {
    const asc_value *v = &op->results[r];
    for (int k = 0; k < s->nent; k++)
      if (s->ent[k].tensor == v)
        s->ent[k].tensor = NULL;
    vq_bind *b = bind_of(s, v);
    if (b)
      *b = s->bind[--s->nbind];
  }
}

static void do_enque(vs_ctx *c, vq_state *s, asc_op *op) {
  vq_tensor t = resolve(c, s, op->operands[1]);
  push(s, (vq_ent){op->operands[0], op, strip_views(op->operands[1]), t, false});
}

static void queue_note(vs_ctx *c, const asc_value *q) {
  if (vs_decl_op(c, q))
    vs_note(c, vs_decl_op(c, q), "queue declared here");
}

static void do_deque(vs_ctx *c, vq_state *s, asc_op *op) {
  const asc_value *q = op->operands[0];
  for (int k = 0; k < s->nent; k++) {
    if (s->ent[k].que != q)
      continue;
    vq_ent e = s->ent[k];
    memmove(&s->ent[k], &s->ent[k + 1], (size_t)(s->nent - k - 1) * sizeof *s->ent);
    s->nent--;
    if (e.may && vs_warn(c, op, VS_S010_DEQUE_NOENQUE,
                         TQ "DeQue: there is no corresponding call to EnQue (on some paths)"))
      queue_note(c, q);
    bind(s, &op->results[0], e.enq ? e.t : (vq_tensor){RES_UNKNOWN, NULL, NULL});
    return;
  }
  if (vs_warn(c, op, VS_S010_DEQUE_NOENQUE, TQ "DeQue: there is no corresponding call to EnQue"))
    queue_note(c, q);
  bind(s, &op->results[0], (vq_tensor){RES_NONE, NULL, NULL});
}

static void do_free(vs_ctx *c, vq_state *s, asc_op *op) {
  vq_tensor t = resolve(c, s, op->operands[1]);
  vq_count *n;
  if (t.res == RES_UNKNOWN)
    make_fuzzy(s, op->operands[0]);
  if (t.res == RES_DECL &&
      vs_warn(c, op, VS_S010_FREE_NOALLOC, TQ "FreeTensor: there is no corresponding call to AllocTensor"))
    tensor_note(c, t);
  if (t.res != RES_ALLOC)
    return;
  n = count_of(s, t.alloc, true);
  if (n->hi > 0) {
    n->lo -= n->lo > 0;
    n->hi--;
  } else if (!is_fuzzy(s, t.alloc->operands[0]) &&
             vs_warn(c, op, VS_S010_FREE_TWICE,
                     TQ "FreeTensor: tensor memory was freed before its last use")) {
    tensor_note(c, t);
  }
}

static void vq_op(const walker *w, void *p, asc_op *op) {
  vs_ctx *c = w->dom->user;
  vq_state *s = p;
  vq_count *n;
  check_uses(c, s, op);
  redefine(s, op); /* the walk passes only ops of a valid shape */
  switch (op->code) {
  case ASC_OP_ALLOC_TENSOR:
    n = count_of(s, op, true);
    n->lo += n->lo < MAXCOUNT;
    n->hi += n->hi < MAXCOUNT;
    break;
  case ASC_OP_ENQUE: do_enque(c, s, op); break;
  case ASC_OP_DEQUE: do_deque(c, s, op); break;
  case ASC_OP_FREE_TENSOR: do_free(c, s, op); break;
  default: break;
  }
}

/* At kernel end: tensors never freed, enques never dequeued. */
static void report_leftovers(vs_ctx *c, const vq_state *s) {
  for (int i = 0; i < s->ncnt; i++)
    if (s->cnt[i].hi > 0 && !is_fuzzy(s, s->cnt[i].alloc->operands[0]))
      vs_warn(c, s->cnt[i].alloc, VS_S010_ALLOC_NOFREE,
              TQ "AllocTensor: there is no corresponding call to FreeTensor for this tensor");
  for (int k = 0; k < s->nent; k++)
    if (s->ent[k].enq &&
        vs_warn(c, s->ent[k].enq, VS_S010_ENQUE_NODEQUE,
                TQ "EnQue: there is no corresponding call to DeQue for this tensor"))
      queue_note(c, s->ent[k].que);
}

void vs_check_tque(vs_ctx *c) {
  sync_domain d = {vq_copy, vq_join, vq_drop, vq_op, NULL, NULL, vs_each, c}; /* iteration 2 shows the effects */
  vq_state *s = calloc(1, sizeof *s);
  if (!s)
    asc_die("out of memory");
  s = sync_walk_domain(c->m, c->func, &d, s);
  c->w = NULL;
  report_leftovers(c, s);
  vq_drop(s);
}
