/* sync_ids.c - event ids for the edges auto-sync inserted (sync.md B.8).
 *
 * Each edge lives from its first set (the priming set of a loop-carried edge) to its
 * last wait (the draining wait) in program order; intervals are coloured greedily per
 * HardEvent, sorted by start, avoiding the ids user code uses in the kernel and id 7
 * when the kernel has a TPipe (TQue sync takes it).  An edge left without an id is
 * replaced by pipe_barrier(PIPE_ALL) before its consumer, with a note. */
#include <stdlib.h>
#include <string.h>

#include "passes/sync_internal.h"

enum { NEVENTS = 64 };

typedef struct idctx {
  asc_pass_map pos;         /* op -> pre-order position + 1 */
  int64_t npos;
  uint8_t reserved[NEVENTS]; /* per event: bit i = id i unavailable */
  asc_value *consts[SYNC_NIDS];
  asc_op *lastconst; /* constants go at the function entry in creation order */
  const asc_pass_map *mine; /* inserted flag ops, whose ids are not the user's */
} idctx;

/* The ids a user flag's id operand may take, as a bit set. */
static uint8_t user_ids(const asc_value *id) {
  int64_t k;
  const asc_op *d = id->def;
  if (asc_pass_const_int(id, &k))
    return k >= 0 && k < SYNC_NIDS ? (uint8_t)(1u << k) : 0;
  if (d && (d->code == ASC_OP_REMUI || d->code == ASC_OP_REMSI) && asc_pass_const_int(d->operands[1], &k) &&
      k > 0 && k <= SYNC_NIDS)
    return (uint8_t)((1u << k) - 1); /* buf_id = i % k */
  return 0xff;
}

static void scan(asc_op *op, void *user) {
  idctx *c = user;
  int64_t ev;
  asc_pass_map_set(&c->pos, op, ++c->npos);
  if (op->code == ASC_OP_TQUE || op->code == ASC_OP_TPIPE)
    for (int e = 0; e < NEVENTS; e++)
      c->reserved[e] |= 0x80; /* id 7 belongs to TPipe's automatic sync (hardware.md §7) */
  if ((op->code != ASC_OP_SET_FLAG && op->code != ASC_OP_WAIT_FLAG) || !op->operands[0] ||
      (c->mine && asc_pass_map_get(c->mine, op)))
    return; /* inserted flags: no id yet, or one being given again */
  ev = asc_op_attr(op, "event")->i;
  if (ev >= 0 && ev < NEVENTS)
    c->reserved[ev] |= user_ids(op->operands[0]);
}

static int64_t pos_of(const idctx *c, const asc_op *op) { return asc_pass_map_get(&c->pos, op); }

static int64_t edge_start(const idctx *c, const sync_edge *e) {
  return pos_of(c, e->prime[0] ? e->prime[0] : e->set);
}
static int64_t edge_end(const idctx *c, const sync_edge *e) {
  return pos_of(c, e->prime[0] ? e->drain[e->k - 1] : e->wait);
}

/* The constant id, created once per function at its entry. */
static asc_value *id_value(asc_module *m, asc_op *func, idctx *c, int id) {
  const asc_type *i32 = asc_type_int(m->ctx, 32, false);
  asc_block *b = func->regions[0].block;
  asc_op *k;
  if (c->consts[id])
    return c->consts[id];
  k = asc_op_create(m, ASC_OP_CONSTANT, NULL, 0, &i32, 1, func->loc);
  asc_op_set_attr(m, k, "value", asc_attr_int(m, i32, id));
  if (c->lastconst)
    asc_op_insert_after(c->lastconst, k);
  else if (b->first)
    asc_op_insert_before(b->first, k);
  else
    asc_block_append(b, k);
  c->lastconst = k;
  c->consts[id] = &k->results[0];
  return c->consts[id];
}

static void set_id(asc_module *m, asc_op *op, asc_value *v) {
  if (op)
    asc_op_set_operand(m, op, 0, v);
}

typedef struct clashes {
  const sync_edge *edges;
  int nedges;
  const sync_clash *pairs;
  int n;
} clashes;

static bool clashing(const clashes *cl, int e1, int e2) {
  for (int i = 0; i < cl->n; i++)
    if (cl->pairs[i].e1 == e1 && cl->pairs[i].e2 == e2)
      return true;
  return false;
}

/* No id left: order by draining every pipe before the consumer (and, for a loop-carried
 * edge, after the loop) instead. */
static void fallback(asc_module *m, sync_edge *e, bool overtaken, asc_pass_vec *bars) {
  const char *ev = asc_enum_name(ASC_ENUM_EVENT, e->event);
  asc_op *all = sync_make_barrier(m, ASC_PIPEID_PIPE_ALL, e->wait->loc);
  asc_op_insert_before(e->wait, all);
  asc_pass_vec_push(bars, all);
  if (overtaken)
    asc_diag(m->ctx, asc_op_diag_loc(e->wait), ASC_SEV_NOTE,
             "auto-sync: %s set_flag of one loop iteration may run before the wait_flag of the "
             "previous one (a flag does not count); using pipe_barrier(PIPE_ALL) instead", ev);
  else
    asc_diag(m->ctx, asc_op_diag_loc(e->wait), ASC_SEV_NOTE,
             "auto-sync: no free event id for %s; using pipe_barrier(PIPE_ALL) instead", ev);
  asc_op_unlink(e->set);
  asc_op_unlink(e->wait);
  /* the draining wait also ordered what came before the loop against what follows it,
   * which matters when the loop runs zero times: a barrier takes its place too */
  if (e->k && e->prime[0]) {
    all = sync_make_barrier(m, ASC_PIPEID_PIPE_ALL, e->drain[0]->loc);
    asc_op_insert_before(e->drain[0], all);
    asc_pass_vec_push(bars, all);
  }
  for (int j = 0; j < e->k && e->prime[j]; j++) {
    asc_op_unlink(e->prime[j]);
    asc_op_unlink(e->drain[j]);
  }
}

/* A slot op (iv mod k) of the innermost loop around op, or NULL: a set that may overtake
 * the wait of the previous iteration of that loop can rotate with its slots only (an outer
 * loop's slot stays the same while the inner loop repeats). */
static asc_op *loop_slot(const asc_op *op, const sync_edge *edges, int nedges) {
  const asc_op *l = asc_op_parent_op(op);
  while (l && l->code != ASC_OP_FOR && l->code != ASC_OP_WHILE)
    l = asc_op_parent_op(l);
  for (int i = 0; l && l->code == ASC_OP_FOR && i < nedges; i++)
    if (edges[i].slot && edges[i].slot->parent == l->regions[0].block)
      return edges[i].slot;
  return NULL;
}

/* How many iterations on from its set r's wait runs: 0 within one, 1 for a loop-carried
 * edge, k for one rotating over k ids. */
static int reach(const sync_edge *r) { return r->prime[0] ? r->k : 0; }

/* Does every iteration run r (its set and wait sit in the loop's body itself)?  Then it
 * carries order around the loop: its set comes before its wait `reach` iterations on.  That
 * holds whatever its ids: one whose set may overtake its wait falls back to a PIPE_ALL at its
 * wait, which orders as much, or rotates its ids because a cycle closes for it too; the
 * earliest overtaking set would need a chain of earlier flags that worked, so there is none. */
static bool carries(const sync_edge *r, const asc_block *body) {
  return r->set->parent && r->set->parent == body && r->wait->parent == body;
}

/* How far into the loop each pipe is known to have got: iteration offset, then position. */
typedef struct reached {
  int64_t off[SYNC_NPIPES], pos[SYNC_NPIPES];
} reached;

static bool earlier(int64_t o1, int64_t p1, int64_t o2, int64_t p2) { return o1 < o2 || (o1 == o2 && p1 < p2); }

/* Pipe x has got to (off, pos): note it if that is new; S there stalls every later issue. */
static bool get_to(reached *rc, int x, int64_t off, int64_t pos) {
  bool ch = false;
  for (int y = 0; y < SYNC_NPIPES; y++)
    if ((y == x || x == ASC_PIPEID_PIPE_S) && earlier(off, pos, rc->off[y], rc->pos[y]))
      rc->off[y] = off, rc->pos[y] = pos, ch = true;
  return ch;
}

/* Were e's ids to rotate over k, would its wait of iteration i come before its set of
 * iteration i + k?  Follow the edges of the loop of `slot` from e's consumer pipe just after
 * its wait: an edge's set runs after the point its pipe has reached (in that iteration or
 * the next), its wait `reach` iterations on, and a wait on S stalls every later issue.  The
 * cycle is closed if e's producer pipe gets before e's set k iterations on. */
static bool closed_by_rotation(const idctx *c, const clashes *cl, const sync_edge *e, const asc_op *slot, int64_t k) {
  int p = asc_hw_event_src(e->event), q = asc_hw_event_dst(e->event);
  reached rc;
  bool ch = true;
  for (int y = 0; y < SYNC_NPIPES; y++)
    rc.off[y] = INT64_MAX, rc.pos[y] = 0;
  get_to(&rc, q, 0, pos_of(c, e->wait));
  for (int round = 0; ch && round <= cl->nedges; round++) {
    ch = false;
    for (int i = 0; i < cl->nedges; i++) {
      const sync_edge *r = &cl->edges[i];
      int x = asc_hw_event_src(r->event);
      int64_t off;
      if (&cl->edges[i] == e || !carries(r, slot->parent) || x < 0 || x >= SYNC_NPIPES ||
          rc.off[x] > k)
        continue;
      off = rc.off[x] + (pos_of(c, r->set) < rc.pos[x]) + reach(r);
      if (off <= k)
        ch |= get_to(&rc, asc_hw_event_dst(r->event), off, pos_of(c, r->wait));
    }
  }
  return earlier(rc.off[p], rc.pos[p], k, pos_of(c, e->set));
}

bool sync_rotations_closed(asc_op *func, const sync_edge *edges, int nedges, const sync_clash *clash, int nclash) {
  idctx c;
  clashes cl = {edges, nedges, clash, nclash};
  bool ok = true, any = false;
  for (int i = 0; i < nclash; i++)
    any |= clash[i].e1 == clash[i].e2 && edges[clash[i].e1].k > 1 && !edges[clash[i].e1].prime[0];
  if (!any)
    return true;
  memset(&c, 0, sizeof c);
  asc_walk(func, scan, &c);
  for (int i = 0; ok && i < nclash; i++) {
    const sync_edge *e = &edges[clash[i].e1];
    if (clash[i].e1 == clash[i].e2 && e->k > 1 && !e->prime[0])
      ok = closed_by_rotation(&c, &cl, e, e->slot, e->k);
  }
  asc_pass_map_free(&c.pos);
  return ok;
}

/* An edge inside a loop whose set in iteration i + 1 may run before its wait of
 * iteration i (the producer pipe runs ahead, e.g. into the next buffer slot) rotates
 * its id with the loop's buffer slots when a rotating edge closes the cycle (B.7:
 * MTE2_V(s) beside V_MTE2(s)); otherwise it keeps its clash and falls back. */
static void rotate_self_clashes(const idctx *c, sync_edge *edges, int nedges, const clashes *cl) {
  for (int e = 0; e < nedges; e++) {
    asc_op *slot = edges[e].k == 0 && clashing(cl, e, e) ? loop_slot(edges[e].set, edges, nedges) : NULL;
    int64_t k;
    if (slot && asc_pass_const_int(slot->operands[1], &k) && closed_by_rotation(c, cl, &edges[e], slot, k)) {
      edges[e].k = (int)k;
      edges[e].slot = slot;
    }
  }
}

typedef struct order {
  int64_t start;
  int edge;
} order;

static int cmp_order(const void *x, const void *y) {
  const order *a = x, *b = y;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  return a->edge - b->edge;
}

/* May edge e take id?  Not if an edge already holding it (rotating edges hold theirs
 * alone) could still have its flag pending when e sets. */
static bool compatible(const clashes *cl, int e, int id) {
  const sync_edge *me = &cl->edges[e];
  for (int i = 0; i < cl->nedges; i++) {
    const sync_edge *o = &cl->edges[i];
    int k = o->k > 1 ? o->k : 1;
    if (i == e || o->event != me->event || o->id < 0 || id < o->id || id >= o->id + k)
      continue;
    if (o->k > 1 || me->k > 1 || clashing(cl, i, e) || clashing(cl, e, i))
      return false;
  }
  /* a set that may run before the wait of its own iteration (rotating, primed) or of
   * the previous one (plain, not rotated) can have no id */
  return !clashing(cl, e, e) || (me->k > 1 && !me->prime[0]);
}

/* The lowest id such that ids id..id+k-1 are free at `start` for edge e, or -1. */
static int pick(const idctx *c, const clashes *cl, int64_t busy[][SYNC_NIDS], int e, int64_t start) {
  const sync_edge *me = &cl->edges[e];
  int k = me->k > 1 ? me->k : 1;
  int64_t ev = me->event;
  for (int id = 0; id + k <= SYNC_NIDS; id++) {
    int j = 0;
    while (j < k && !(c->reserved[ev] & (1u << (id + j))) && busy[ev][id + j] < start &&
           compatible(cl, e, id + j))
      j++;
    if (j == k)
      return id;
  }
  return -1;
}

/* The rotating id base + (iv mod k), computed right after the slot op. */
static asc_value *rotating_id(asc_module *m, const sync_edge *e, asc_value *base) {
  asc_value *ops[2] = {&e->slot->results[0], base};
  asc_op *add;
  for (asc_op *o = e->slot->next; o && o->code == ASC_OP_ADDI && o->operands[0] == ops[0]; o = o->next)
    if (o->operands[1] == base)
      return &o->results[0]; /* shared by the edges rotating from the same base */
  add = asc_op_create(m, ASC_OP_ADDI, ops, 2, &e->slot->results[0].type, 1, e->slot->loc);
  asc_op_insert_after(e->slot, add);
  return &add->results[0];
}

static void give_ids(asc_module *m, asc_op *func, idctx *c, sync_edge *e, int id) {
  asc_value *v = id_value(m, func, c, id);
  e->id = id;
  if (e->k > 1)
    v = rotating_id(m, e, v);
  set_id(m, e->set, v);
  set_id(m, e->wait, v);
  for (int j = 0; j < e->k; j++) {
    asc_value *pj = id_value(m, func, c, id + (e->k > 1 ? j : 0));
    set_id(m, e->prime[j], pj);
    set_id(m, e->drain[j], pj);
  }
}

/* Choose an id for every edge in ord (into e->id; -1: none left), interval by interval. */
static void choose_ids(const idctx *c, const clashes *cl, sync_edge *edges, const order *ord, int n) {
  int64_t (*busy)[SYNC_NIDS] = calloc(NEVENTS, sizeof *busy);
  if (!busy)
    asc_die("out of memory");
  for (int i = 0; i < n; i++) {
    sync_edge *e = &edges[ord[i].edge];
    int k = e->k > 1 ? e->k : 1;
    e->id = e->event < NEVENTS ? pick(c, cl, busy, ord[i].edge, ord[i].start) : -1;
    for (int j = 0; e->id >= 0 && j < k; j++)
      busy[e->event][e->id + j] = edge_end(c, e);
  }
  free(busy);
}

static void colour(asc_module *m, asc_op *func, idctx *c, const clashes *cl, sync_edge *edges, const order *ord,
                   int n, asc_pass_vec *bars) {
  choose_ids(c, cl, edges, ord, n);
  for (int i = 0; i < n; i++) {
    sync_edge *e = &edges[ord[i].edge];
    if (e->id >= 0)
      give_ids(m, func, c, e, e->id);
    else
      fallback(m, e, clashing(cl, ord[i].edge, ord[i].edge) && !(e->k > 1 && !e->prime[0]), bars);
  }
}

/* The edges still in the function (minimality takes some out, fallback others), in order
 * of their first set, into ord; returns their number. */
static int order_edges(const idctx *c, const sync_edge *edges, int nedges, order *ord) {
  int n = 0;
  for (int i = 0; i < nedges; i++)
    if (edges[i].set->parent)
      ord[n++] = (order){edge_start(c, &edges[i]), i};
  qsort(ord, (size_t)n, sizeof *ord, cmp_order);
  return n;
}

static void note_op(asc_pass_map *map, asc_op *op) {
  if (op && op->parent)
    asc_pass_map_set(map, op, 1);
}

/* The ids the edges hold now: their constants, reused; the old id values, to drop once unused. */
static void note_held_ids(idctx *c, const sync_edge *edges, int nedges, asc_pass_map *mine, asc_pass_vec *old) {
  for (int i = 0; i < nedges; i++) {
    const sync_edge *e = &edges[i];
    if (!e->set->parent)
      continue;
    note_op(mine, e->set);
    note_op(mine, e->wait);
    asc_pass_vec_push(old, e->set->operands[0]->def);
    for (int j = 0; j < e->k && j < SYNC_NIDS; j++) {
      if (e->prime[j])
        asc_pass_vec_push(old, e->prime[j]->operands[0]->def);
      note_op(mine, e->prime[j]);
      note_op(mine, e->drain[j]);
      if (e->prime[j] && e->id >= 0 && e->id + j < SYNC_NIDS)
        c->consts[e->id + j] = e->prime[j]->operands[0];
    }
    if (e->k <= 1 && e->id >= 0)
      c->consts[e->id] = e->set->operands[0];
  }
}

static void drop_unused(asc_op *func, asc_pass_vec *old) {
  asc_pass_map uses = {0};
  asc_walk(func, sync_note_uses, &uses);
  for (size_t i = 0; i < old->n; i++) {
    asc_op *d = old->items[i];
    if (d && d->parent && !asc_pass_map_get(&uses, &d->results[0]))
      asc_op_unlink(d);
  }
  asc_pass_map_free(&uses);
}

int sync_assign_ids(asc_module *m, asc_op *func, sync_edge *edges, int nedges, const sync_clash *clash,
                    int nclash, asc_pass_vec *bars) {
  idctx c;
  clashes cl = {edges, nedges, clash, nclash};
  order *ord = malloc((size_t)(nedges ? nedges : 1) * sizeof *ord);
  int n;
  if (!ord)
    asc_die("out of memory");
  memset(&c, 0, sizeof c);
  asc_walk(func, scan, &c);
  n = order_edges(&c, edges, nedges, ord);
  rotate_self_clashes(&c, edges, nedges, &cl);
  colour(m, func, &c, &cl, edges, ord, n, bars);
  free(ord);
  asc_pass_map_free(&c.pos);
  return 0;
}

bool sync_reassign_ids(asc_module *m, asc_op *func, sync_edge *edges, int nedges, const sync_clash *clash,
                       int nclash) {
  idctx c;
  clashes cl = {edges, nedges, clash, nclash};
  order *ord = malloc((size_t)(nedges ? nedges : 1) * sizeof *ord);
  int *was = malloc((size_t)(nedges ? nedges : 1) * sizeof *was), n;
  asc_pass_map mine = {0};
  asc_pass_vec old = {0};
  bool ok = true;
  if (!ord || !was)
    asc_die("out of memory");
  memset(&c, 0, sizeof c);
  note_held_ids(&c, edges, nedges, &mine, &old);
  c.mine = &mine;
  asc_walk(func, scan, &c);
  n = order_edges(&c, edges, nedges, ord);
  for (int i = 0; i < nedges; i++)
    was[i] = edges[i].id, edges[i].id = -1;
  choose_ids(&c, &cl, edges, ord, n);
  for (int i = 0; i < n; i++)
    ok &= edges[ord[i].edge].id >= 0;
  for (int i = 0; i < nedges; i++)
    if (!ok || !edges[i].set->parent)
      edges[i].id = was[i];
  for (int i = 0; ok && i < n; i++)
    give_ids(m, func, &c, &edges[ord[i].edge], edges[ord[i].edge].id);
  if (ok)
    drop_unused(func, &old);
  free(ord);
  free(was);
  asc_pass_map_free(&mine);
  asc_pass_map_free(&c.pos);
  asc_pass_vec_free(&old);
  return ok;
}
