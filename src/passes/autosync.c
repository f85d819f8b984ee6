/* autosync.c - the auto-sync passes: one dependence analysis (sync.md Part B) with two
 * policies.  NARROW (`auto-sync`, what bisheng --cce-auto-sync adds): same-pipe barriers
 * and the S<->V/MTE flags around scalar accesses.  FULL (`auto-sync-full`): every
 * cross-pipe edge too.
 *
 * The walk visits the ops of a function in program order, keeping for every pipe q a
 * frontier k[q][p] = the highest walk index of a pipe-p element known complete before
 * q's next element starts (B.5).  Each op with memory accesses is checked against the
 * earlier accesses (the history); a conflict the frontier does not cover gets one edge,
 * the latest producer first, so later conflicts that edge implies transitively get none.
 * Loops are walked twice (B.6): conflicts from the first walk to the second are
 * loop-carried.  Branch arms are walked from the same state and met (min) afterwards. */
#include <stdlib.h>
#include <string.h>

#include "passes/sync_walk.h"

static void walk_block(walker *w, asc_block *b, state *st);

/* ---- building sync ops ---- */

asc_op *sync_make_flag(asc_module *m, asc_opcode code, int64_t event, asc_value *id, asc_loc loc) {
  asc_op *op = asc_op_create(m, code, &id, 1, NULL, 0, loc);
  asc_op_set_attr(m, op, "event", asc_attr_enum(m, ASC_ENUM_EVENT, event));
  return op;
}

asc_op *sync_make_barrier(asc_module *m, int pipe, asc_loc loc) {
  asc_op *op = asc_op_create(m, ASC_OP_PIPE_BARRIER, NULL, 0, NULL, 0, loc);
  asc_op_set_attr(m, op, "pipe", asc_attr_enum(m, ASC_ENUM_PIPEID, pipe));
  return op;
}

/* ---- the IR tree ---- */

static bool inside(const asc_op *op, const asc_block *b) {
  for (; op; op = asc_op_parent_op(op))
    if (op->parent == b)
      return true;
  return false;
}

/* The block of op's regions holding x, or NULL. */
static asc_block *region_of(const asc_op *op, const asc_op *x) {
  for (int r = 0; r < op->nregions; r++)
    if (op->regions[r].block && inside(x, op->regions[r].block))
      return op->regions[r].block;
  return NULL;
}

/* The innermost block holding both a and b. */
static asc_block *common_block(asc_op *a, const asc_op *b) {
  for (asc_op *x = a; x; x = asc_op_parent_op(x))
    if (inside(b, x->parent))
      return x->parent;
  return NULL;
}

/* ---- frontier updates for sync elements ---- */

/* A wait on the scalar pipe stalls issue: everything later, on any pipe, learns what S
 * knows: about the other pipes, and which of its own elements are complete (its writes,
 * once a flag round trip came back to it; B.4). */
static void learn(state *st, int q, const token *t) {
  sync_tok_join(&st->k[q], t);
  for (int p = 0; q == ASC_PIPEID_PIPE_S && p < SYNC_NPIPES; p++)
    if (p != ASC_PIPEID_PIPE_S)
      sync_tok_join(&st->k[p], &st->k[ASC_PIPEID_PIPE_S]);
}

static void barrier(state *st, int pipe) {
  token all;
  if (pipe != ASC_PIPEID_PIPE_ALL) {
    sync_comp_add(&st->k[pipe], pipe, -1, st->last[pipe]);
    return;
  }
  sync_tok_empty(&all);
  for (int q = 0; q < SYNC_NPIPES; q++) {
    token t = sync_set_token(st, q);
    sync_tok_join(&all, &t);
  }
  for (int q = 0; q < SYNC_NPIPES; q++)
    st->k[q] = all;
}

/* A user's flag op: a set stays pending, keyed by (event, id: the constant or the SSA
 * value), until a wait of the same key takes what it carries.  Beyond MAXPEND pending sets
 * a new one is forgotten: its wait learns nothing (safe). */
static void user_flag(state *st, const asc_op *op, int64_t ev) {
  const void *key = NULL;
  int64_t cid;
  if (!asc_pass_const_int(op->operands[ASC_OPND_SET_FLAG_event_id], &cid))
    key = op->operands[ASC_OPND_SET_FLAG_event_id], cid = 0;
  if (op->code == ASC_OP_SET_FLAG) {
    if (st->npend < MAXPEND)
      st->pend[st->npend++] = (pend){ev, key, cid, sync_set_token(st, asc_hw_event_src(ev))};
    return;
  }
  for (int i = 0; i < st->npend; i++)
    if (st->pend[i].event == ev && st->pend[i].key == key && st->pend[i].cid == cid) {
      token t = st->pend[i].tok;
      st->pend[i] = st->pend[--st->npend];
      learn(st, asc_hw_event_dst(ev), &t);
      return;
    }
}

static void add_clash(walker *w, int e1, int e2) {
  for (int i = 0; i < w->nclash; i++)
    if (w->clash[i].e1 == e1 && w->clash[i].e2 == e2)
      return;
  w->clash = sync_grow(w->clash, &w->capclash, w->nclash, sizeof *w->clash);
  w->clash[w->nclash++] = (sync_clash){e1, e2};
}

/* Edge e's set, carrying tok, executes now: an edge of the same event whose wait was
 * walked may share e's id only if that wait is known complete (HB) here. */
static void check_set(walker *w, int e, const token *tok) {
  int q = asc_hw_event_dst(w->edges[e].event);
  if (q == ASC_PIPEID_PIPE_S)
    return; /* a wait on S completes before the scalar unit issues anything after it */
  for (int i = 0; i < w->nedges; i++)
    if (w->edges[i].event == w->edges[e].event && w->edges[i].widx && tok->t[q] < w->edges[i].widx)
      add_clash(w, i, e);
}

/* Edge e's wait executes now: an element of the destination pipe. */
static void mark_wait(walker *w, int e, state *st) {
  int q = asc_hw_event_dst(w->edges[e].event);
  w->edges[e].widx = ++w->idx;
  st->last[q] = w->idx;
}

/* The walk of loop under way, or NULL. */
static const carried *walking(const walker *w, const asc_op *loop) {
  for (int i = w->nloops - 1; i >= 0; i--)
    if (w->loops[i].loop == loop)
      return &w->loops[i];
  return NULL;
}

/* A flag op: a user's (a pending set, or a wait taking one), or one of an inserted edge
 * e, whose set refreshes what it carries (ptok: the priming set; rtok: in the loop's first
 * walk) and whose wait takes it.  A rotating edge's body wait takes what the priming sets
 * carried (in iterations < k it consumes one, later ones a body set, which carries at
 * least as much), and of its draining waits only the last takes anything.  A draining
 * wait takes the last iteration's set; the first one's too if the loop may run once; the
 * priming set's too if it may not run (only that, if it surely does not). */
static void walk_flag(walker *w, asc_op *op, state *st) {
  int64_t ev = asc_op_attr(op, "event")->i, e = asc_pass_map_get(&w->edge_of, op) - 1;
  int src = asc_hw_event_src(ev), dst = asc_hw_event_dst(ev);
  const sync_edge *ed = e >= 0 ? &w->edges[e] : NULL;
  const carried *l = ed && ed->loop ? walking(w, ed->loop) : NULL;
  bool rot = ed && ed->k > 1 && ed->prime[0], prime = false;
  token t;
  if (src == SYNC_NOPIPE || dst == SYNC_NOPIPE)
    return;
  if (!ed) {
    user_flag(st, op, ev);
    return;
  }
  if (op->code == ASC_OP_SET_FLAG) {
    for (int j = 0; j < ed->k && j < SYNC_NIDS; j++)
      prime |= ed->prime[j] == op;
    t = sync_set_token(st, src);
    if (prime)
      w->ptok[e] = t;
    if (!prime || !rot)
      w->etok[e] = t;
    if (!prime && l && l->hi == 0) /* the loop's first walk */
      w->rtok[e] = t;
    check_set(w, (int)e, &t);
    return;
  }
  if (op == ed->drain[rot ? ed->k - 1 : 0]) {
    int64_t lo, hi;
    t = w->etok[e];
    sync_trip_range(w, ed->loop, &lo, &hi);
    if (lo == 0)
      sync_tok_meet(&t, &w->ptok[e]);
    if (lo <= 1)
      sync_tok_meet(&t, &w->rtok[e]);
    learn(st, dst, hi == 0 ? &w->ptok[e] : &t);
  } else if (!rot || op == ed->wait)
    learn(st, dst, rot ? &w->ptok[e] : &w->etok[e]);
  mark_wait(w, (int)e, st);
}

/* ---- TQue ops as flags (hardware.md §9) ---- */

static qstate *queue_of(walker *w, state *st, const asc_value *q) {
  qstate *s;
  for (int i = 0; i < st->nq; i++)
    if (st->qs[i].q == q)
      return &st->qs[i];
  if (st->nq == MAXQ)
    return NULL;
  s = &st->qs[st->nq++];
  memset(s, 0, sizeof *s);
  s->q = q;
  s->depth = (int)asc_pass_map_get(&w->env.qdepth, q);
  if (s->depth == 0)
    s->depth = q->type->depth;
  if (s->depth < 1 || s->depth > QSLOTS)
    s->depth = 1, s->cursor = -1; /* unknown depth: slots unknown */
  for (int i = 0; i < QSLOTS; i++)
    sync_tok_empty(&s->bwd[i]);
  return s;
}

static void walk_queue_op(walker *w, asc_op *op, state *st) {
  const asc_value *q = op->operands[ASC_OPND_ENQUE_que];
  qstate *s = queue_of(w, st, q);
  int prod = asc_hw_queue_producer(q->type->pos, q->type->pos2);
  int cons = asc_hw_queue_consumer(q->type->pos, q->type->pos2);
  int64_t slot = op->noperands > 1 ? asc_pass_map_get(&w->env.qslot, op->operands[ASC_OPND_ENQUE_tensor]) : 0;
  token t;
  if (!s)
    return;
  if (op->code == ASC_OP_ALLOC_TENSOR) { /* its slot's backward event (every slot's, if unknown) */
    slot = s->cursor >= 0 ? s->cursor++ % s->depth : -1;
    t = s->bwd[slot >= 0 ? slot : 0];
    for (int i = 1; slot < 0 && i < s->depth; i++)
      sync_tok_meet(&t, &s->bwd[i]);
    learn(st, prod, &t);
    if (slot >= 0)
      sync_tok_empty(&s->bwd[slot]);
    asc_pass_map_set(&w->env.qslot, &op->results[0], slot + 1);
  } else if (op->code == ASC_OP_DEQUE) { /* the oldest enque's slot and forward event */
    asc_pass_map_set(&w->env.qslot, &op->results[0], s->nfifo ? s->fifo_slot[0] : 0);
    if (s->nfifo) {
      learn(st, cons, &s->fifo_tok[0]);
      s->nfifo--;
      memmove(s->fifo_slot, s->fifo_slot + 1, (size_t)s->nfifo * sizeof s->fifo_slot[0]);
      memmove(s->fifo_tok, s->fifo_tok + 1, (size_t)s->nfifo * sizeof s->fifo_tok[0]);
    }
  } else if (op->code == ASC_OP_FREE_TENSOR && slot > 0)
    s->bwd[slot - 1] = sync_set_token(st, cons);
  else if (op->code == ASC_OP_ENQUE && s->nfifo < QSLOTS) {
    s->fifo_slot[s->nfifo] = (int)slot;
    s->fifo_tok[s->nfifo++] = sync_set_token(st, prod);
  } else if (op->code == ASC_OP_FREE_ALL_EVENT) /* the producer waits every slot's backward event */
    for (int i = 0; i < QSLOTS; i++)
      learn(st, prod, &s->bwd[i]), sync_tok_empty(&s->bwd[i]);
}

/* ---- edges ---- */

/* A new edge of event ev carrying tok: its set after aa (a or an ancestor), its wait
 * before bb (b or an ancestor). */
static int new_edge(walker *w, int64_t ev, const sync_access *a, asc_op *aa, asc_op *b, asc_op *bb, const token *tok) {
  sync_edge *e;
  if (w->nedges == w->capedges) {
    w->capedges = w->capedges ? 2 * w->capedges : 16;
    w->edges = asc_xrealloc(w->edges, (size_t)w->capedges * sizeof *w->edges);
    w->etok = asc_xrealloc(w->etok, (size_t)w->capedges * sizeof *w->etok);
    w->ptok = asc_xrealloc(w->ptok, (size_t)w->capedges * sizeof *w->ptok);
    w->rtok = asc_xrealloc(w->rtok, (size_t)w->capedges * sizeof *w->rtok);
  }
  e = &w->edges[w->nedges];
  memset(e, 0, sizeof *e);
  e->event = ev;
  e->set = sync_make_flag(w->m, ASC_OP_SET_FLAG, ev, NULL, a->op->loc);
  e->wait = sync_make_flag(w->m, ASC_OP_WAIT_FLAG, ev, NULL, b->loc);
  e->id = -1;
  w->etok[w->nedges] = *tok;
  sync_tok_empty(&w->ptok[w->nedges]);
  sync_tok_empty(&w->rtok[w->nedges]);
  asc_pass_map_set(&w->edge_of, e->set, w->nedges + 1);
  asc_pass_map_set(&w->edge_of, e->wait, w->nedges + 1);
  asc_op_insert_after(aa, e->set);
  asc_op_insert_before(bb, e->wait);
  return w->nedges++;
}

/* What a set placed right after aa (a itself: what a's pipe knew then, and a; or an if/loop
 * holding a) carries.  After an if, a may not have run at all: only the state after aa is
 * sound; without one, p work up to a that ran on this path is before the set. */
static token producer_token(const walker *w, const sync_access *a, const asc_op *aa) {
  int64_t i = aa == a->op ? 0 : asc_pass_map_get(&w->post, aa);
  token t;
  if (i)
    return w->posts[i - 1][a->pipe];
  sync_tok_empty(&t);
  if (aa == a->op)
    memcpy(t.t, a->snap, sizeof t.t);
  sync_comp_add(&t, a->pipe, -1, a->idx);
  return t;
}

/* No edge can express the order (the pair is no HardEvent): drain everything. */
static void fallback_all(walker *w, asc_op *before, state *st, const char *why) {
  asc_op *all = sync_make_barrier(w->m, ASC_PIPEID_PIPE_ALL, before->loc);
  asc_op_insert_before(before, all);
  asc_pass_vec_push(&w->bars, all);
  if (!w->collect)
    asc_diag(w->m->ctx, asc_op_diag_loc(before), ASC_SEV_NOTE,
           "auto-sync: %s; using pipe_barrier(PIPE_ALL)", why);
  barrier(st, ASC_PIPEID_PIPE_ALL);
}

/* Is block b inside the body of a loop being walked for the second time?  An edge placed
 * there repeats in iterations no walk visits. */
static bool in_second_walk(const walker *w, const asc_block *b) {
  const asc_op *owner = b->parent ? b->parent->parent : NULL;
  for (int i = 0; owner && i < w->nloops; i++)
    if (w->loops[i].hi > 0 && (owner == w->loops[i].loop || region_of(w->loops[i].loop, owner)))
      return true;
  return false;
}

/* Set after a's ancestor and wait before b's ancestor in their common block (B.5 region
 * rule: both unconditional at that level, so balanced on every path). */
static void plain_edge(walker *w, const sync_access *a, asc_op *b, int q, state *st) {
  int64_t ev = asc_hw_event_of(a->pipe, q);
  asc_block *blk = common_block(a->op, b);
  token tok;
  int e;
  if (ev < 0 || !blk) {
    fallback_all(w, b, st, "no hardware event orders these pipes");
    return;
  }
  tok = producer_token(w, a, asc_pass_anc_in(a->op, blk));
  e = new_edge(w, ev, a, asc_pass_anc_in(a->op, blk), b, asc_pass_anc_in(b, blk), &tok);
  check_set(w, e, &tok);
  if (in_second_walk(w, blk))
    add_clash(w, e, e); /* no later walk checks its next iteration's set against this wait */
  learn(st, q, &tok);
  mark_wait(w, e, st);
}

/* iv mod k as i32 at the top of the loop body (the slot a rotating edge's id follows);
 * one per loop and k. */
static asc_op *slot_op(walker *w, asc_op *loop, int64_t k) {
  asc_block *b = loop->regions[0].block;
  for (int i = 0; i < w->nedges; i++) {
    asc_op *r = w->edges[i].slot;
    int64_t rk;
    if (r && r->parent == b && asc_pass_const_int(r->operands[ASC_OPND_REMUI_rhs], &rk) && rk == k)
      return r;
  }
  asc_value *iv = b->args[0], *kv, *x = iv;
  const asc_type *i32 = asc_type_int(w->m->ctx, 32, false);
  asc_op *kc = asc_op_create(w->m, ASC_OP_CONSTANT, NULL, 0, &i32, 1, loop->loc), *r, *cast;
  asc_op_set_attr(w->m, kc, "value", asc_attr_int(w->m, i32, k));
  asc_op_insert_before(b->first, kc);
  kv = &kc->results[0];
  if (iv->type != i32) {
    cast = asc_op_create(w->m, ASC_OP_INDEX_CAST, &iv, 1, &i32, 1, loop->loc);
    asc_op_insert_after(kc, cast);
    x = &cast->results[0];
  }
  r = asc_op_create(w->m, ASC_OP_REMUI, (asc_value *[]){x, kv}, 2, &i32, 1, loop->loc);
  asc_op_insert_after(x == iv ? kc : x->def, r);
  return r;
}

/* a of the loop's previous walk (iteration i - k) -> b (iteration i); k = 1: loop-carried
 * (B.6), k > 1: the same buffer slot k iterations back (B.7).  Wait before b and set after a
 * in the body, k priming sets before the loop and k draining waits after it, so every trip
 * count (0 included) stays balanced; k > 1 rotates over k ids with iv mod k (iterations in
 * between use other slots and do not wait), and b's pipe learns nothing of iteration i - 1
 * from it.  If a precedes b in the body, an order inside one iteration does it. */
static void loop_edge(walker *w, const carried *l, const sync_access *a, asc_op *b, int q, int64_t k,
                      state *st) {
  int64_t ev = asc_hw_event_of(a->pipe, q);
  asc_block *body = region_of(l->loop, b);
  asc_op *aa = body ? asc_pass_anc_in(a->op, body) : NULL, *bb = body ? asc_pass_anc_in(b, body) : NULL;
  bool ahead = aa && bb && aa != bb && asc_pass_before_in_block(aa, bb);
  token tok = producer_token(w, a, aa), none;
  sync_edge *ed;
  int e;
  if (k > 1 && w->nrdone == MAXROT) {
    fallback_all(w, b, st, "too many rotating dependences");
    return;
  }
  if (k > 1) /* ahead: the same-slot order inside one iteration already covers iteration i - k */
    w->rdone[w->nrdone++] = (struct rotdone){l->loop, a->op, q, NULL, k};
  if (ahead && k == 1)
    plain_edge(w, a, b, q, st);
  if (ahead)
    return;
  if (ev < 0 || !aa || !bb || (k > 1 && l->loop->code != ASC_OP_FOR)) {
    fallback_all(w, b, st, "loop-carried dependence cannot be expressed by flags");
    return;
  }
  sync_tok_empty(&none);
  e = new_edge(w, ev, a, aa, b, bb, k > 1 ? &none : &tok);
  w->rtok[e] = tok; /* a is from the first walk: what the set carries in that iteration */
  if (k == 1)
    check_set(w, e, &tok);
  ed = &w->edges[e];
  ed->k = (int)k;
  ed->loop = l->loop;
  w->ptok[e] = sync_set_token(l->entry, a->pipe); /* the primes: what a's pipe knew before the loop */
  check_set(w, e, &w->ptok[e]);
  for (int j = 0; j < k; j++) {
    ed->prime[j] = sync_make_flag(w->m, ASC_OP_SET_FLAG, ev, NULL, a->op->loc);
    ed->drain[j] = sync_make_flag(w->m, ASC_OP_WAIT_FLAG, ev, NULL, b->loc);
    asc_op_insert_before(l->loop, ed->prime[j]);
    asc_op_insert_after(j ? ed->drain[j - 1] : l->loop, ed->drain[j]);
    asc_pass_map_set(&w->edge_of, ed->prime[j], e + 1);
    asc_pass_map_set(&w->edge_of, ed->drain[j], e + 1);
  }
  if (k > 1) {
    ed->slot = slot_op(w, l->loop, k);
    w->rdone[w->nrdone - 1].wait = ed->wait;
  } else
    learn(st, q, &tok);
  mark_wait(w, e, st);
}

/* ---- conflicts ---- */

/* A view under facts that pin the index it moves with to one value is where that
 * iteration puts it (an arm that one iteration takes); false if they do not. */
static bool pin_view(const walker *w, sync_view *v) {
  const asc_value *iv = v->rot_iv ? v->rot_iv : v->iv;
  int64_t lo, hi;
  sync_view at;
  if (!iv)
    return false;
  sync_fact_range(w, iv, &lo, &hi);
  if (lo != hi || !sync_view_at(v, lo, &at))
    return false;
  *v = at;
  return true;
}

/* Do a (earlier) and b touch common bytes?  For views moving with an IV, whether they
 * can depends on how far apart their iterations are.  The first walk of a loop stands
 * for its first iteration against what came before the loop (later iterations are the
 * second walk's), so there b is where the first iteration puts it. */
static int overlap(const walker *w, const sync_access *acc, const sync_access *b) {
  /* acc ran earlier in the iteration being walked of the loop its view moves with: the
   * facts here pin its view too */
  const asc_value *aiv = acc->v.rot_iv ? acc->v.rot_iv : acc->v.iv;
  const carried *al = aiv ? walking(w, sync_iv_loop(aiv)) : NULL;
  sync_access pinned = *acc;
  const sync_access *a = al && acc->idx >= al->cur && pin_view(w, &pinned.v) ? &pinned : acc;
  /* b stays put: how many iterations back a is, in a's loop */
  const asc_value *iv = b->v.iv ? b->v.iv : b->v.rot_iv ? b->v.rot_iv : a->v.iv ? a->v.iv : a->v.rot_iv;
  const asc_op *loop = iv ? sync_iv_loop(iv) : NULL;
  const carried *l = loop ? walking(w, loop) : NULL;
  int rel = loop ? SYNC_UNKNOWN_ITER : SYNC_SAME_ITER;
  int64_t step = 0;
  sync_view first;
  if (l && a->idx >= l->cur)
    rel = SYNC_SAME_ITER;
  else if (l && l->hi > 0 && a->idx >= l->lo && a->idx < l->hi)
    rel = SYNC_LATER_ITER;
  else if (l && l->hi == 0 && sync_first_iteration(&b->v, &first))
    return sync_overlap(&a->v, &first, SYNC_SAME_ITER, 0);
  if (loop && !asc_pass_const_int(loop->operands[ASC_OPND_FOR_step], &step))
    step = 0;
  return sync_overlap(&a->v, &b->v, rel, step);
}

/* Where the current walk of loop began (walk indices from there on are this iteration's);
 * past the end of the walk if loop is not being walked. */
static int64_t cur_walk(const walker *w, const asc_op *loop) {
  const carried *l = walking(w, loop);
  return l ? l->cur : INT64_MAX;
}

/* Is a (iteration i - k) ordered before b (iteration i) by a rotating order the insertion
 * walk made (and that is still there): a before its set in iteration i - k, its wait before
 * b in iteration i?  An order made inside one iteration (no wait) covers iteration i - k for
 * the insertion walk; the check walk finds it, if still there, through the frontier. */
static bool rot_done(const walker *w, const sync_access *a, const sync_access *b, const state *st) {
  for (int i = 0; i < w->nrdone; i++) {
    const struct rotdone *r = &w->rdone[i];
    asc_block *body = r->wait ? r->wait->parent : NULL;
    asc_op *aa, *ra, *bb;
    int64_t e = body ? asc_pass_map_get(&w->edge_of, r->wait) : 0, widx = e ? w->edges[e - 1].widx : 0;
    bool from_a, to_b;
    if (r->k <= 0 || a->v.rot_k % r->k || r->loop != sync_iv_loop(a->v.rot_iv))
      continue; /* i - k' -> i chains to i - k -> i only when k' divides k, in a's loop */
    if (!r->wait && !w->check && r->aop == a->op && r->q == b->pipe)
      return true;
    if (!body)
      continue;
    aa = asc_pass_anc_in(a->op, body), ra = asc_pass_anc_in((asc_op *)r->aop, body), bb = asc_pass_anc_in(b->op, body);
    /* a (iteration i - k) is before the edge's set: in its pipe's order, or by what the
     * set carried in the first walk (a chain through other pipes) */
    from_a = (e && sync_knows(&w->rtok[e - 1], a->pipe, a->idx)) ||
             (sync_op_pipe(r->aop) == a->pipe && aa && ra && (aa == ra || asc_pass_before_in_block(aa, ra)));
    /* the wait (iteration i) is before b: ahead of it on b's pipe or on S (a wait on S
     * stalls issue), or known to b's pipe */
    to_b = ((r->q == b->pipe || r->q == ASC_PIPEID_PIPE_S) && bb &&
            (bb == r->wait || asc_pass_before_in_block(r->wait, bb))) ||
           (widx >= cur_walk(w, r->loop) && sync_knows(&st->k[b->pipe], r->q, widx));
    if (from_a && to_b)
      return true;
  }
  return false;
}

/* Does b need ordering after a, and by what (0 none, 1 barrier, 2 flag, 3 rotating
 * flag)?  Scalar reads complete before the next instruction issues; S after S is
 * program order. */
static int need(const walker *w, const sync_access *a, const sync_access *b, const state *st) {
  int p = a->pipe, q = b->pipe, ov = a->write || b->write ? overlap(w, a, b) : 0;
  if (!ov)
    return 0;
  if (p == ASC_PIPEID_PIPE_S && (q == p || !a->write))
    return 0;
  if (sync_knows(&st->k[q], p, a->idx) || (ov == 2 && rot_done(w, a, b, st)))
    return 0;
  if (p == q)
    return 1; /* RAW, WAW and (B.4, conservatively) WAR: a pipe's instructions overlap */
  if (!w->full && p != ASC_PIPEID_PIPE_S && q != ASC_PIPEID_PIPE_S)
    return 0; /* narrow policy: MTE<->V data flow is the kernel's job */
  return ov == 2 ? 3 : 2;
}

/* The innermost loop in its second walk whose first walk produced history entry a. */
static const carried *carrier(const walker *w, const sync_access *a) {
  for (int i = w->nloops - 1; i >= 0; i--)
    if (w->loops[i].hi > 0 && a->idx >= w->loops[i].lo && a->idx < w->loops[i].hi)
      return &w->loops[i];
  return NULL;
}

/* Why b must wait for a, as a note (auto_sync_log) or as an S001 warning (verify-sync). */
static void explain(asc_module *m, bool warn, const sync_access *a, const sync_access *b, int kind, bool next) {
  static const char *const verbs[2] = {"reads", "writes"};
  const char *hz = a->write && b->write ? "WAW" : a->write ? "RAW" : "WAR";
  const char *pa = asc_enum_name(ASC_ENUM_PIPEID, a->pipe), *pb = asc_enum_name(ASC_ENUM_PIPEID, b->pipe);
  const char *ev = kind == 1 ? NULL : asc_enum_name(ASC_ENUM_EVENT, asc_hw_event_of(a->pipe, b->pipe));
  char where[160], what[400], fix[128], when[64] = "";
  int la = asc_op_diag_loc(a->op).line, lb = asc_op_diag_loc(b->op).line;
  if (kind == 3)
    snprintf(when, sizeof when, ", same buffer slot %lld iterations earlier", (long long)a->v.rot_k);
  else if (next)
    snprintf(when, sizeof when, ", previous iteration");
  sync_describe(&b->v, where, sizeof where);
  snprintf(what, sizeof what, "%s (%s) %s %s that %s (%s) at line %d %s (%s%s)", asc_op_name(b->op), pb,
           verbs[b->write], where, asc_op_name(a->op), pa, la, verbs[a->write], hz, when);
  if (!warn) {
    if (ev)
      snprintf(fix, sizeof fix, "set_flag/wait_flag(%s)", ev);
    else
      snprintf(fix, sizeof fix, "pipe_barrier(%s)", pa);
    asc_diag(m->ctx, asc_op_diag_loc(b->op), ASC_SEV_NOTE, "auto-sync: %s: %s", fix, what);
    return;
  }
  if (ev)
    snprintf(fix, sizeof fix, "add set_flag(%s) after line %d and wait_flag(%s) before line %d", ev, la, ev, lb);
  else
    snprintf(fix, sizeof fix, "add pipe_barrier(%s) before line %d", pa, lb);
  asc_diag(m->ctx, asc_op_diag_loc(b->op), ASC_SEV_WARNING, "S001 race: %s, with nothing ordering them; %s", what,
           fix);
}

/* collect: note the conflict a -> b (once per pair of ops and pipes); its index, or -1.
 * S001 reports only certain races: both accesses' bytes known and shared (a from an earlier
 * iteration: views moving with an IV meet there only at a distance the analysis does not pin
 * down; rotating views meet in their common slot). */
static int note_race(walker *w, const sync_access *a, const sync_access *b, int kind, bool live) {
  struct race *r;
  const carried *c = carrier(w, a);
  if (!w->collect)
    return -1;
  for (int i = 0; i < w->nraces; i++) {
    r = &w->races[i];
    if (r->a.op == a->op && r->b.op == b->op && r->a.pipe == a->pipe && r->b.pipe == b->pipe) {
      r->live |= live;
      return i;
    }
  }
  w->races = sync_grow(w->races, &w->capraces, w->nraces, sizeof *w->races);
  r = &w->races[w->nraces];
  *r = (struct race){*a, *b, kind, c != NULL, sync_must_overlap(&a->v, &b->v, c ? SYNC_LATER_ITER : SYNC_SAME_ITER),
                     live};
  return w->nraces++;
}

void sync_fail(walker *w, int race) {
  w->failed = true;
  if (race >= 0)
    w->races[race].live = true;
}

/* check walk: every unordered pair fails the check, except a conflict between iterations
 * i and i + k of a rotation, which may be ordered through iteration i + 1 (walked next in
 * the loop's second walk): those wait for the end of that walk (resolve_deferred). */
static void check_op(walker *w, const sync_access *acc, int n, const state *st) {
  if (w->quiet)
    return;
  for (int j = 0; j < n && (w->collect || !w->failed); j++)
    for (size_t i = w->nhist; i-- > 0 && (w->collect || !w->failed);) {
      const sync_access *a = &w->hist[i];
      const asc_op *loop = a->v.rot_iv ? sync_iv_loop(a->v.rot_iv) : NULL;
      int k = need(w, a, &acc[j], st);
      if (!k)
        continue;
      if (loop && overlap(w, a, &acc[j]) == 2 && w->ndeferred < MAXROT && cur_walk(w, loop) != INT64_MAX)
        w->deferred[w->ndeferred++] =
            (struct deferred){loop, a->idx, a->pipe, acc[j].pipe, note_race(w, a, &acc[j], k, false)};
      else {
        if (!w->failed)
          w->fail[0] = a->op, w->fail[1] = acc[j].op;
        sync_fail(w, note_race(w, a, &acc[j], k, true));
      }
    }
}

/* The end of loop's second walk (iteration i + 1): a deferred conflict a (iteration i) ->
 * b (iteration i + k, k >= 2) is ordered if b's pipe knows a by then, on every path: all
 * its later elements, b among them, come after a.  Otherwise the check fails. */
void sync_resolve_deferred(walker *w, const asc_op *loop, const state *st) {
  for (int d = 0; d < w->ndeferred; d++) {
    const struct deferred *x = &w->deferred[d];
    if (x->loop != loop)
      continue;
    if (!sync_knows(&st->k[x->bpipe], x->apipe, x->aidx))
      sync_fail(w, x->race);
    w->deferred[d--] = w->deferred[--w->ndeferred];
  }
}

/* Order the accesses acc[0..n) of op after the history.  Flags first, latest producer
 * first (a: the latest history access some of them needs a flag from): each edge may imply
 * the others (and a same-pipe order through another pipe); a barrier only for what no flag
 * covered (bar[0..1]: a pair that needs one). */
static void order_op(walker *w, asc_op *op, const sync_access *acc, int n, state *st) {
  for (;;) {
    int kind = 0;
    const sync_access *a = NULL, *b = NULL, *bar[2] = {NULL, NULL};
    const carried *c;
    for (int j = 0; j < n; j++)
      for (size_t i = w->nhist; i-- > 0;) {
        int k = need(w, &w->hist[i], &acc[j], st);
        if (k == 1 && !bar[0])
          bar[0] = &w->hist[i], bar[1] = &acc[j];
        if (k >= 2 && (!a || w->hist[i].idx > a->idx))
          a = &w->hist[i], b = &acc[j], kind = k;
      }
    if (!a && !bar[0])
      return;
    if (!a)
      a = bar[0], b = bar[1], kind = 1;
    c = carrier(w, a);
    if (w->log)
      explain(w->m, false, a, b, kind, c != NULL);
    note_race(w, a, b, kind, true);
    if (kind == 1) {
      asc_op *bop = sync_make_barrier(w->m, acc[0].pipe, op->loc);
      asc_op_insert_before(op, bop);
      asc_pass_vec_push(&w->bars, bop);
      barrier(st, acc[0].pipe);
    } else if (c)
      loop_edge(w, c, a, op, b->pipe, kind == 3 ? a->v.rot_k : 1, st);
    else
      plain_edge(w, a, op, b->pipe, st);
  }
}

static void record(walker *w, const sync_access *acc) {
  if (w->nhist == w->caphist) {
    w->caphist = w->caphist ? 2 * w->caphist : 64;
    w->hist = asc_xrealloc(w->hist, w->caphist * sizeof *w->hist);
  }
  w->hist[w->nhist++] = *acc;
}

/* Retire the history entries the n just recorded (those of one op) make redundant, so that
 * straight-line code keeps a short history and a long kernel walks in near-linear time.  An
 * earlier entry a is dead when a new entry c on the same pipe covers its bytes (c a write if a
 * is), both in the function's own block (no loop walks them again, no if arm rewinds the
 * history past them): any later b that conflicts with a conflicts with c, and what orders b
 * after c orders it after a (a pipe's elements are known as a prefix of the walk), so the
 * search that would have found a finds c first and inserts the same sync; a check walk reports
 * the nearer conflict (c, b) only. */
static void retire(walker *w, const asc_op *op, size_t n) {
  const asc_op *parent = asc_op_parent_op(op);
  if (!n || !parent || parent->code != ASC_OP_FUNC || w->nhist < n)
    return; /* n == 0: nothing new covers anything (and hist may be NULL) */
  size_t keep = 0, old = w->nhist - n;
  for (size_t i = 0; i < old; i++) {
    const sync_access *a = &w->hist[i];
    bool dead = false;
    const asc_op *ap = asc_op_parent_op(a->op);
    for (size_t j = old; j < w->nhist && !dead && ap == parent; j++) {
      const sync_access *c = &w->hist[j];
      dead = c->pipe == a->pipe && (c->write || !a->write) && sync_view_covers(&c->v, &a->v);
    }
    if (!dead)
      w->hist[keep++] = *a;
  }
  if (w->nhist) /* hist is NULL before the first access: no pointer arithmetic on it */
    memmove(w->hist + keep, w->hist + old, n * sizeof *w->hist);
  w->nhist = keep + n;
}

static void walk_access_op(walker *w, asc_op *op, state *st) {
  sync_access acc[MAXACC];
  int n = sync_op_accesses(&w->env, op, acc, MAXACC), pipe = sync_op_pipe(op);
  if (pipe == SYNC_NOPIPE || pipe == ASC_PIPEID_PIPE_ALL)
    return;
  for (int i = 0; i < n; i++)
    pin_view(w, &acc[i].v);
  if (w->check)
    check_op(w, acc, n, st);
  else
    order_op(w, op, acc, n, st);
  w->idx++;
  for (int i = 0; i < n; i++) {
    acc[i].idx = w->idx;
    memcpy(acc[i].snap, st->k[pipe].t, sizeof acc[i].snap);
    record(w, &acc[i]);
  }
  retire(w, op, (size_t)n);
  st->last[pipe] = w->idx;
}

/* ---- regions ---- */

/* An edge made while walking the regions of op (a loop or an if) may have put its wait
 * before or after op: an element of its pipe on every path, which a state taken before op
 * (entry, or the else arm's start) does not know of.  Count it in st's last elements, so the
 * views that promote knowledge ask for knowledge of it too. */
static void waits_outside(const walker *w, const asc_op *op, int first_edge, state *st) {
  for (int e = first_edge; e < w->nedges; e++) {
    int q = asc_hw_event_dst(w->edges[e].event);
    const asc_op *x = w->edges[e].wait;
    if (x->parent && !region_of(op, x) && w->edges[e].widx > st->last[q])
      st->last[q] = w->edges[e].widx;
  }
}

static void not_run_toks(const walker *w, const asc_op *op, int first_edge, state *st, int64_t lo, int64_t hi, bool pends);

/* The elements [lo, hi] walked in op's regions did not run on st's path (the other arm, a
 * loop's iterations that did not happen): every pipe knows them, except the waits outside
 * op.  A pipe that knew every element of p that ran on the path knows p up to hi. */
static void not_run_view(const walker *w, const asc_op *op, int first_edge, state *st, int64_t lo, int64_t hi) {
  not_run_toks(w, op, first_edge, st, lo, hi, false);
}

/* not_run_view, and with `pends` the same for what the user's pending sets carry. */
static void not_run_toks(const walker *w, const asc_op *op, int first_edge, state *st, int64_t lo, int64_t hi, bool pends) {
  int64_t cut;
  int ntok = SYNC_NPIPES + (pends ? st->npend : 0);
  waits_outside(w, op, first_edge, st);
  for (int q = 0; q < ntok; q++)
    for (int p = 0; p < SYNC_NPIPES; p++) {
      token *t = q < SYNC_NPIPES ? &st->k[q] : &st->pend[q - SYNC_NPIPES].tok;
      if (t->t[p] >= st->last[p] && t->t[p] < hi)
        sync_comp_add(t, p, -1, hi);
    }
  for (; lo <= hi; lo = cut + 1) {
    cut = hi + 1;
    for (int e = first_edge; e < w->nedges; e++)
      if (w->edges[e].wait->parent && !region_of(op, w->edges[e].wait) && w->edges[e].widx >= lo &&
          w->edges[e].widx < cut)
        cut = w->edges[e].widx;
    for (int p = 0; p < SYNC_NPIPES && lo < cut; p++) {
      int64_t plo = INT64_MAX, phi = INT64_MIN; /* p's accesses there: all that a conflict asks of */
      for (size_t h = 0; h < w->nhist; h++)
        if (w->hist[h].pipe == p && w->hist[h].idx >= lo && w->hist[h].idx < cut) {
          plo = w->hist[h].idx < plo ? w->hist[h].idx : plo;
          phi = w->hist[h].idx > phi ? w->hist[h].idx : phi;
        }
      for (int q = 0; q < ntok && plo <= phi; q++)
        sync_comp_add(q < SYNC_NPIPES ? &st->k[q] : &st->pend[q - SYNC_NPIPES].tok, p, plo, phi);
    }
  }
}

/* Walk arm r of op under its condition; false if the condition rules it out. */
static bool walk_arm(walker *w, asc_op *op, int r, state *st) {
  bool pushed;
  if (!sync_assume(w, op->operands[ASC_OPND_IF_cond], r == 0, &pushed))
    return false;
  if (w->dom && w->dom->enter_arm)
    w->dom->enter_arm(st->dom, op->operands[ASC_OPND_IF_cond], r);
  if (op->nregions > r && op->regions[r].block)
    walk_block(w, op->regions[r].block, st);
  w->nfacts -= pushed;
  return true;
}

static void walk_if(walker *w, asc_op *op, state *st) {
  size_t n0 = w->nhist, nthen;
  sync_access *saved;
  state *other = sync_state_copy(st);
  int first_edge = w->nedges;
  int64_t then_end, start = w->idx;
  bool then_runs = walk_arm(w, op, 0, st), else_runs;
  then_end = w->idx;
  nthen = w->nhist - n0;
  saved = asc_xrealloc(NULL, nthen * sizeof *saved);
  if (nthen)
    memcpy(saved, w->hist + n0, nthen * sizeof *saved);
  w->nhist = n0; /* the else arm never runs after the then arm */
  waits_outside(w, op, first_edge, other); /* but what the then arm put before op runs on its path too */
  else_runs = walk_arm(w, op, 1, other);
  for (size_t i = 0; i < nthen; i++)
    record(w, &saved[i]);
  not_run_view(w, op, first_edge, st, then_end + 1, w->idx); /* the then path: the else arm never ran */
  not_run_view(w, op, first_edge, other, start + 1, then_end); /* the else path: nor did the then arm */
  if (!then_runs)
    sync_state_assign(st, other);
  else if (else_runs)
    sync_state_meet(st, other, op->operands[ASC_OPND_IF_cond]);
  free(saved);
  sync_state_free(other);
}

/* The body runs only when the loop's runtime upper bound exceeds its constant start. */
void sync_walk_body(walker *w, asc_op *loop, state *st) {
  int64_t lb;
  const asc_value *x = sync_trip_bound(loop, &lb);
  bool pushed = x && w->nfacts < MAXFACTS;
  if (pushed)
    w->facts[w->nfacts++] = (struct fact){x, lb + 1, INT64_MAX, NULL};
  for (int r = 0; r < loop->nregions; r++)
    if (loop->regions[r].block)
      walk_block(w, loop->regions[r].block, st);
  w->nfacts -= pushed;
}

/* SYNC_EACH_ENDS: the index values walk t of loop stands for (n trips, or n < 0: unknown): the
 * first, those between it and the last (walks 1 and 2), the last (walk 3, n known). */
static bool ends_range(const asc_op *loop, int64_t t, int64_t n, int64_t *lo, int64_t *hi) {
  int64_t lb, next;
  if (!sync_index_at(loop, 0, &lb) || !sync_index_at(loop, 1, &next))
    return false;
  if (t == 0 || t == 3)
    return sync_index_at(loop, t ? n - 1 : 0, lo) && (*hi = *lo, true);
  *lo = next;
  return n < 0 ? (*hi = INT64_MAX, true) : sync_index_at(loop, n - 2, hi);
}

/* SYNC_EACH_ENDS with a runtime bound (verify-sync): the last iteration is known by its index
 * against the bound, ub - step <= i < ub, the others by i < ub - step.  Walk t (0 the
 * first, 1 and 2 those between, 3 the last) pins that and the index's own range; the one-trip
 * run (walk -1) is walked on its own. */
static int push_ends_rel(walker *w, const asc_op *loop, const asc_value *ub, int64_t t) {
  int64_t lb, next, step;
  const asc_value *iv = loop->regions[0].block->args[0];
  if (w->nfacts + 2 > MAXFACTS || !sync_index_at(loop, 0, &lb) || !sync_index_at(loop, 1, &next))
    return 0;
  step = next - lb;
  w->facts[w->nfacts++] = (struct fact){iv, t <= 0 ? lb : next, t <= 0 ? lb : INT64_MAX, NULL};
  w->facts[w->nfacts++] = t == 3 || t < 0 ? (struct fact){iv, -step, -1, ub} : (struct fact){iv, INT64_MIN, -step - 1, ub};
  return 2;
}

/* The loop may leave here: st is one of its exits. */
static void add_exit(state **exits, const state *st) {
  if (*exits)
    sync_state_meet(*exits, st, NULL);
  else
    *exits = sync_state_copy(st);
}

/* SYNC_EACH_ENDS with a runtime bound ub (verify-sync): the walks that know the index against
 * it.  The run of one trip (first and last) is walked first, from the entry, as one of the
 * loop's exits; the other walks never follow it, so its accesses stay out of the history
 * until they are done.  The last walk follows the first (two trips), the second (three) or
 * any later one: the states after walks 0 and 1 are kept to be met with its entry. */
typedef struct ends_rel {
  const asc_value *ub;
  state *before[2];
  int64_t idx[2]; /* where walks 0 and 1 ended */
  sync_access *saved;
  size_t nsaved;
} ends_rel;

static void rel_one_trip(walker *w, asc_op *loop, ends_rel *r, const state *st, state **exits) {
  state *one = sync_state_copy(st);
  int npushed = push_ends_rel(w, loop, r->ub, -1);
  size_t n0 = w->nhist;
  sync_walk_body(w, loop, one);
  w->nfacts -= npushed;
  r->nsaved = w->nhist - n0;
  r->saved = asc_xrealloc(NULL, r->nsaved * sizeof *r->saved + 1);
  if (r->nsaved) /* w->hist may be NULL then */
    memcpy(r->saved, w->hist + n0, r->nsaved * sizeof *r->saved);
  w->nhist = n0;
  if (w->dom && w->dom->loop)
    w->dom->loop(w, st->dom, one->dom, loop, false);
  add_exit(exits, one);
  sync_state_free(one);
}

/* Before walk t: its facts (how many pushed), and for the last the states it may follow,
 * each with what the walks after it did marked as not run on its path. */
static int rel_enter(walker *w, asc_op *loop, int first_edge, ends_rel *r, int64_t t, state *st) {
  for (int i = 0; t == 3 && i < 2 && r->before[i]; i++) {
    not_run_toks(w, loop, first_edge, r->before[i], r->idx[i] + 1, w->idx, true);
    sync_state_meet(st, r->before[i], NULL);
  }
  return push_ends_rel(w, loop, r->ub, t);
}

static void rel_leave(const walker *w, ends_rel *r, int64_t t, const state *st) {
  if (t < 2)
    r->before[t] = sync_state_copy(st), r->idx[t] = w->idx;
}

static void rel_done(walker *w, ends_rel *r) {
  for (size_t i = 0; i < r->nsaved; i++)
    record(w, &r->saved[i]);
  free(r->saved);
  for (int i = 0; i < 2; i++)
    if (r->before[i])
      sync_state_free(r->before[i]);
}

/* How loop's iterations are walked: pinned one by one, or their ends (SYNC_EACH_ENDS), as the
 * riding analysis (dom->each) or the S001 walk (w->ends) asks. */
static int each_mode(const walker *w, asc_op *loop, bool pin, bool shallow, int neach) {
  if (pin || shallow || neach >= SYNC_EACH_LOOPS || loop->code != ASC_OP_FOR)
    return SYNC_EACH_NONE;
  if (w->dom && w->dom->each)
    return w->dom->each(w, loop);
  return w->ends ? (int)asc_pass_map_get(w->ends, loop) : SYNC_EACH_NONE;
}

/* A loop is walked iteration by iteration with its index pinned when the riding analysis
 * asks (dom->each; at most SYNC_EACH iterations) or the check walk takes a loop of at most
 * SYNC_UNROLL constant trips apart; else twice (B.6: the second walk stands for every later
 * iteration), or once if it makes at most one trip.  The paths that leave after fewer walks
 * (after one trip; any pinned one when the trip count is unknown) and the zero-trip path
 * are met at the exit, with the elements walked after them as not run there.  For the
 * riding analysis an scf.while leaves after its before region, which runs once more. */
static void walk_loop(walker *w, asc_op *loop, state *st) {
  state *entry, *exits = NULL;
  bool pin, shallow = w->dom && w->nloops >= SYNC_DOM_DEPTH, whiles = w->dom && loop->code == ASC_OP_WHILE;
  asc_block *before = whiles ? loop->regions[0].block : NULL;
  asc_block *after = whiles && loop->nregions > 1 ? loop->regions[1].block : NULL;
  int first_edge = w->nedges, neach = 0, mode;
  int64_t start, tmin, tmax, walks, v, n = asc_pass_trip_count(loop), from = 0;
  bool ends;
  ends_rel r = {0};
  carried *l;
  sync_trip_range(w, loop, &tmin, &tmax);
  if (tmax == 0)
    return; /* nothing in it to order, nothing after it to order against it */
  entry = sync_state_copy(st);
  start = w->idx;
  if (w->nloops == MAXLOOPS) {
    if (w->dom) /* the riding analysis only: once, met with zero trips */
      sync_walk_body(w, loop, st), sync_state_meet(st, entry, NULL);
    else
      fallback_all(w, loop, st, "loops nested too deeply to analyse");
    sync_state_free(entry);
    return;
  }
  l = &w->loops[w->nloops++];
  *l = (carried){loop, w->idx + 1, 0, 0, false, entry};
  for (int i = 0; i < w->nloops; i++)
    neach += w->loops[i].each;
  pin = sync_unrolled(w, loop); /* or the riding analysis asks (at most SYNC_EACH_LOOPS nested so): */
  mode = each_mode(w, loop, pin, shallow, neach);
  ends = mode == SYNC_EACH_ENDS && (n < 0 || n > SYNC_EACH);
  r.ub = ends && n < 0 && tmax >= 2 ? sync_trip_bound(loop, &v) : NULL;
  l->each = mode != SYNC_EACH_NONE;
  pin |= l->each;
  walks = ends ? (n < 0 && !r.ub ? 3 : 4) : pin ? (n < 0 || n > SYNC_EACH ? SYNC_EACH : n) : shallow || tmax <= 1 ? 1 : 2;
  if (r.ub && tmin <= 1)
    rel_one_trip(w, loop, &r, st, &exits), from = w->idx + 1;
  for (int64_t t = 0; t < walks; t++) {
    int64_t hi;
    bool pinned = !r.ub && pin && w->nfacts < MAXFACTS && (ends ? ends_range(loop, t, n, &v, &hi) : sync_index_at(loop, t, &v));
    int npushed;
    if (t)
      l->lo = l->cur, l->hi = l->cur = w->idx + 1;
    npushed = r.ub ? rel_enter(w, loop, first_edge, &r, t, st) : 0;
    if (pinned)
      w->facts[w->nfacts++] = (struct fact){loop->regions[0].block->args[0], v, ends ? hi : v, NULL};
    if (whiles && before)
      walk_block(w, before, st);
    if (whiles)
      add_exit(&exits, st), from = w->idx + 1;
    if (whiles && after)
      walk_block(w, after, st);
    else if (!whiles)
      sync_walk_body(w, loop, st);
    w->nfacts -= pinned + npushed;
    if (r.ub)
      rel_leave(w, &r, t, st);
    if (!whiles && t + 1 < walks && !r.ub && (ends ? n < 0 : l->each ? n != walks : !pin && (tmin <= 1 || w->dom)))
      add_exit(&exits, st), from = w->idx + 1;
    if (w->dom && w->dom->loop && (l->each || t + 1 < walks))
      w->dom->loop(w, entry->dom, st->dom, loop, !l->each);
  }
  if (whiles && before)
    walk_block(w, before, st);
  rel_done(w, &r);
  if (w->check)
    sync_resolve_deferred(w, loop, st);
  if (exits) {
    not_run_view(w, loop, first_edge, exits, from, w->idx);
    sync_state_meet(st, exits, NULL);
    sync_state_free(exits);
  }
  w->nloops--;
  for (int i = 0; i < st->nq; i++) /* the trip count is unknown: a queue whose cursor moved has unknown slots */
    if (i >= entry->nq || st->qs[i].cursor != entry->qs[i].cursor)
      st->qs[i].cursor = -1;
  if (!whiles && (shallow || tmin < 1)) {
    not_run_view(w, loop, first_edge, entry, start + 1, w->idx);
    sync_state_meet(st, entry, NULL); /* zero trips */
  }
  sync_state_free(entry);
}

/* The op as its ops.def row says (checked quietly): verify-sync may see modules the verifier
 * never checked (the C API), and its walks and S001 must not trip over them. */
static bool shape_ok(const asc_op *op) {
  for (int i = 0; i < op->noperands; i++)
    if (!op->operands[i] || !op->operands[i]->type)
      return false;
  for (int i = 0; i < op->nresults; i++)
    if (!op->results[i].type)
      return false;
  return asc_ir_verify_op_sig(NULL, op) == 0;
}

/* v is 2 or 3 on every path: a constant, or an scf.if's result whose every yield is (MmadParams and
 * FixpipeParamsV220 unit_flag set per iteration, as the device kit's basic-API matmul does). */
static bool unit_on(const asc_value *v, int depth) {
  int64_t x;
  if (asc_pass_const_int(v, &x))
    return x >= 2;
  const asc_op *d = v->def;
  if (!d || d->code != ASC_OP_IF || depth > 4)
    return false;
  for (int r = 0; r < d->nregions; r++) {
    const asc_block *b = d->regions[r].block;
    const asc_op *y = b ? b->last : NULL;
    if (!y || y->code != ASC_OP_YIELD || v->index >= y->noperands || !unit_on(y->operands[v->index], depth + 1))
      return false;
  }
  return d->nregions == 2;
}

/* The UnitFlag role of op (docs/timing.md "UnitFlag in a kernel"): an mmad or fixpipe whose unit_flag
 * is 2 or 3 takes L0C from the other side without a flag; 0 for anything else. */
static int unit_role(const asc_op *op, int *from) {
  int i = op->code == ASC_OP_MMAD ? ASC_OPND_MMAD_params : op->code == ASC_OP_MMAD_BIAS ? ASC_OPND_MMAD_BIAS_params
        : op->code == ASC_OP_FIXPIPE ? ASC_OPND_FIXPIPE_params : op->code == ASC_OP_FIXPIPE_WS ? ASC_OPND_FIXPIPE_WS_params
        : -1;
  int f = op->code == ASC_OP_MMAD || op->code == ASC_OP_MMAD_BIAS ? ASC_SFI(MmadParams, unit_flag)
                                                                  : ASC_SFI(FixpipeParamsV220, unit_flag);
  if (i < 0 || i >= op->noperands)
    return 0;
  const asc_value *flag;
  if (!asc_pass_struct_field(op->operands[i], f, &flag) || !flag || !unit_on(flag, 0))
    return 0;
  *from = op->code == ASC_OP_FIXPIPE || op->code == ASC_OP_FIXPIPE_WS ? ASC_PIPEID_PIPE_M : ASC_PIPEID_PIPE_FIX;
  return 1;
}

static void walk_op(walker *w, asc_op *op, state *st) {
  int from;
  if (w->dom && !shape_ok(op))
    return; /* a module the verifier never checked (verify-sync through the C API) */
  if (w->dom)
    w->dom->op(w, st->dom, op);
  switch (op->code) {
  case ASC_OP_SET_FLAG:
  case ASC_OP_WAIT_FLAG:
    walk_flag(w, op, st);
    return;
  case ASC_OP_PIPE_BARRIER:
    barrier(st, (int)asc_op_attr(op, "pipe")->i);
    return;
  case ASC_OP_SYNC_ALL: /* cross-core barriers and signals wait for every pipe of the core first */
  case ASC_OP_SYNC_ALL_SOFT:
  case ASC_OP_IB_SET:
  case ASC_OP_NOTIFY_NEXT_BLOCK:
    barrier(st, ASC_PIPEID_PIPE_ALL);
    return;
  case ASC_OP_ALLOC_TENSOR:
  case ASC_OP_DEQUE:
  case ASC_OP_FREE_TENSOR:
  case ASC_OP_ENQUE:
  case ASC_OP_FREE_ALL_EVENT:
    walk_queue_op(w, op, st);
    return;
  case ASC_OP_IF:
  case ASC_OP_FOR:
  case ASC_OP_WHILE:
    if (op->code == ASC_OP_IF)
      walk_if(w, op, st);
    else
      walk_loop(w, op, st);
    /* what a set on each pipe right after op carries, on every path through it (the state
     * after op is the meet of its paths) */
    w->posts = sync_grow(w->posts, &w->capposts, w->nposts, sizeof *w->posts);
    for (int p = 0; p < SYNC_NPIPES; p++)
      w->posts[w->nposts][p] = sync_set_token(st, p);
    asc_pass_map_set(&w->post, op, ++w->nposts);
    return;
  default:
    if (unit_role(op, &from)) { /* a flag set on the other side and waited here (UnitFlag) */
      token t = sync_set_token(st, from);
      learn(st, sync_op_pipe(op), &t);
    }
    walk_access_op(w, op, st);
  }
}

static void walk_block(walker *w, asc_block *b, state *st) {
  for (asc_op *op = b->first; op && !asc_pass_interrupted(w->m); op = op->next) /* Ctrl-C: the pass fails */
    walk_op(w, op, st);
}

/* ---- per function ---- */

static void prescan(asc_op *op, void *user) {
  sync_env *env = user;
  int64_t n;
  if (op->code == ASC_OP_SET_GLOBAL_BUFFER)
    asc_pass_map_set(&env->gt_ptr, op->operands[ASC_OPND_SET_GLOBAL_BUFFER_tensor],
                     (int64_t)(intptr_t)op->operands[ASC_OPND_SET_GLOBAL_BUFFER_buffer]);
  if (op->code == ASC_OP_INIT_BUFFER && asc_pass_const_int(op->operands[ASC_OPND_INIT_BUFFER_num], &n))
    asc_pass_map_set(&env->qdepth, op->operands[ASC_OPND_INIT_BUFFER_que], n);
}

void sync_walk_func(walker *w, asc_op *func, state *st) {
  asc_walk(func, prescan, &w->env);
  walk_block(w, func->regions[0].block, st);
}

void *sync_walk_domain(asc_module *m, asc_op *func, const sync_domain *d, void *dom0) {
  walker w;
  state *st = sync_state_new();
  void *out;
  memset(&w, 0, sizeof w);
  w.m = m, w.full = true, w.check = true, w.env.m = m, w.quiet = 1, w.dom = d;
  st->dom = dom0, st->domain = d;
  sync_walk_func(&w, func, st);
  out = st->dom;
  st->dom = NULL;
  sync_state_free(st);
  sync_walker_free(&w, true);
  return out;
}

const asc_op *sync_later_iteration(const walker *w) {
  for (int i = w->nloops - 1; i >= 0; i--)
    if (w->loops[i].hi > 0)
      return w->loops[i].loop;
  return NULL;
}

/* Free what w owns; the edges and their map only if `edges` (a check walk borrows them). */
void sync_walker_free(walker *w, bool edges) {
  free(w->hist);
  free(w->races);
  free(w->etok);
  free(w->ptok);
  free(w->rtok);
  free(w->clash);
  free(w->posts);
  asc_pass_vec_free(&w->bars);
  asc_pass_map_free(&w->post);
  asc_pass_map_free(&w->env.gt_ptr);
  asc_pass_map_free(&w->env.qslot);
  asc_pass_map_free(&w->env.qdepth);
  if (edges) {
    free(w->edges);
    asc_pass_map_free(&w->edge_of);
  }
}

static int sync_func(asc_module *m, asc_op *func, bool full) {
  walker w;
  state *st = sync_state_new();
  memset(&w, 0, sizeof w);
  w.m = m;
  w.full = full;
  w.log = m->sync_log;
  w.env.m = m;
  sync_walk_func(&w, func, st);
  sync_finish(&w, func);
  sync_state_free(st);
  sync_walker_free(&w, true);
  return 0; /* auto-sync never fails a kernel: what it cannot place is a PIPE_ALL with a note */
}

static int narrow_func(asc_module *m, asc_op *f) { return sync_func(m, f, false); }
static int full_func(asc_module *m, asc_op *f) { return sync_func(m, f, true); }

int asc_pass_auto_sync(asc_module *m) { return asc_pass_each_func(m, narrow_func); }
int asc_pass_auto_sync_full(asc_module *m) { return asc_pass_each_func(m, full_func); }

static void check_shape(asc_op *op, void *user) {
  bool *ok = user;
  *ok = *ok && shape_ok(op);
}

/* S001: the orders the insertion walk would add to the kernel as written (on a scratch
 * copy), each reported only if the checker minimality uses (sync_unordered, on another
 * copy) finds that pair unordered too, and both accesses' bytes are known and shared: the
 * inserter proposes, the checker decides. */
int sync_report_races(asc_module *m, asc_op *func) {
  int before = asc_ctx_warning_count(m->ctx), n;
  bool ok = true;
  struct race *r;
  walker w, chk;
  state *st;
  asc_op *copy;
  asc_pass_vec orig = {0}, ops = {0};
  asc_pass_map of = {0}; /* op of the copy -> its original */
  asc_valmap *map;
  asc_walk(func, check_shape, &ok);
  if (!ok)
    return 0;
  map = asc_valmap_new();
  copy = asc_op_clone(m, func, map); /* never linked */
  asc_valmap_free(map);
  asc_pass_collect(func, &orig);
  asc_pass_collect(copy, &ops);
  for (size_t i = 0; i < ops.n && i < orig.n; i++)
    asc_pass_map_set(&of, ops.items[i], (int64_t)(intptr_t)orig.items[i]);
  memset(&w, 0, sizeof w);
  w.m = m, w.full = true, w.env.m = m, w.collect = true;
  st = sync_state_new();
  sync_walk_func(&w, copy, st);
  sync_state_free(st);
  if (w.nraces) {
    memset(&chk, 0, sizeof chk);
    chk.m = m, chk.full = true, chk.check = true, chk.env.m = m;
    n = sync_unordered(&chk, func, &r); /* the check walks read func, never change it */
    for (int i = 0; i < w.nraces; i++) {
      const struct race *x = &w.races[i];
      const asc_op *a = (asc_op *)(intptr_t)asc_pass_map_get(&of, x->a.op);
      const asc_op *b = (asc_op *)(intptr_t)asc_pass_map_get(&of, x->b.op);
      bool unordered = false;
      for (int j = 0; j < n && !unordered; j++) /* a NULL original (none) matches no race */
        unordered = r[j].a.op == a && r[j].b.op == b && r[j].a.pipe == x->a.pipe && r[j].b.pipe == x->b.pipe;
      if (x->certain && unordered)
        explain(m, true, &x->a, &x->b, x->kind, x->next);
    }
    free(r);
    sync_walker_free(&chk, true);
  }
  sync_walker_free(&w, true);
  asc_pass_vec_free(&orig);
  asc_pass_vec_free(&ops);
  asc_pass_map_free(&of);
  return asc_ctx_warning_count(m->ctx) - before;
}

/* pyasc ends every kernel with pipe_barrier(PIPE_ALL) (A.6 phase 5); optional here, since
 * the analysis leaves no flag pending and the runtime drains the pipes at kernel end. */
int asc_pass_sync_final_barrier(asc_module *m) {
  asc_block *body = asc_module_body(m);
  for (asc_op *f = body ? body->first : NULL; f; f = f->next) {
    asc_block *b = f->code == ASC_OP_FUNC && !asc_op_attr(f, "sym_visibility") ? f->regions[0].block : NULL;
    asc_op *ret = b ? asc_block_terminator(b) : NULL;
    bool has = ret && ret->prev && ret->prev->code == ASC_OP_PIPE_BARRIER &&
               asc_op_attr(ret->prev, "pipe")->i == ASC_PIPEID_PIPE_ALL;
    if (ret && !has)
      asc_op_insert_before(ret, sync_make_barrier(m, ASC_PIPEID_PIPE_ALL, ret->loc));
  }
  return 0;
}
