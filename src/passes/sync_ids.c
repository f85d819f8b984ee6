/* sync_ids.c - event ids for the edges auto-sync inserted (sync.md B.8).
 *
 * Each edge lives from its first set (the priming set of a loop-carried edge) to its
 * last wait (the draining wait) in program order; intervals are coloured greedily per
 * HardEvent, sorted by start, avoiding the ids user code uses in the kernel and id 7
 * when the kernel has a TPipe (TQue sync takes it).  An edge left without an id is
 * replaced by pipe_barrier(PIPE_ALL) before its consumer, with a note.  The ids are chosen
 * into the edges before minimality, chosen again when it takes an edge out and the ids no
 * longer fit, and written into the flags once it is done. */
#include <stdlib.h>

#include "passes/sync_internal.h"

enum { NEVENTS = 64 };

typedef struct order {
  int64_t start;
  int edge, was; /* was: its id before choosing again */
} order;

typedef struct idctx {
  asc_pass_map pos;         /* op -> pre-order position + 1 */
  int64_t npos;
  uint8_t reserved[NEVENTS]; /* per event: bit i = id i unavailable */
  sync_edge *edges;
  int nedges, nclash, n;
  const sync_clash *clash;
  order *ord; /* the n edges still in the function, in order of their first set */
  asc_value *consts[SYNC_NIDS];
  asc_op *lastconst; /* constants go at the function entry in creation order */
} idctx;

/* The ids a user flag's id operand may take, as a bit set. */
static uint8_t user_ids(const asc_value *id) {
  int64_t k;
  const asc_op *d = id->def;
  if (asc_pass_const_int(id, &k))
    return k >= 0 && k < SYNC_NIDS ? (uint8_t)(1u << k) : 0;
  if (d && (d->code == ASC_OP_REMUI || d->code == ASC_OP_REMSI) &&
      asc_pass_const_int(d->operands[ASC_OPND_REMSI_rhs], &k) &&
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
  if ((op->code != ASC_OP_SET_FLAG && op->code != ASC_OP_WAIT_FLAG) || !op->operands[ASC_OPND_SET_FLAG_event_id])
    return; /* inserted flags: no id until sync_give_ids */
  ev = asc_op_attr(op, "event")->i;
  if (ev >= 0 && ev < NEVENTS)
    c->reserved[ev] |= user_ids(op->operands[ASC_OPND_SET_FLAG_event_id]);
}

static int64_t pos_of(const idctx *c, const asc_op *op) { return asc_pass_map_get(&c->pos, op); }

/* The constant id, created once per function at its entry. */
static asc_value *id_value(asc_module *m, asc_op *func, idctx *c, int id) {
  const asc_type *i32 = asc_type_int(m->ctx, 32, false);
  asc_op *k;
  if (c->consts[id])
    return c->consts[id];
  k = asc_op_create(m, ASC_OP_CONSTANT, NULL, 0, &i32, 1, func->loc);
  asc_op_set_attr(m, k, "value", asc_attr_int(m, i32, id));
  if (c->lastconst)
    asc_op_insert_after(c->lastconst, k);
  else
    asc_op_insert_before(func->regions[0].block->first, k); /* a function has its return at least */
  c->lastconst = k;
  return c->consts[id] = &k->results[0];
}

static bool clashing(const idctx *c, int e1, int e2) {
  for (int i = 0; i < c->nclash; i++)
    if (c->clash[i].e1 == e1 && c->clash[i].e2 == e2)
      return true;
  return false;
}

/* No id left: order by draining every pipe before the consumer instead, and, for a
 * loop-carried edge, before its draining wait too: that wait also ordered what came before
 * the loop against what follows it, which matters when the loop runs zero times. */
static void fallback(asc_module *m, sync_edge *e, bool overtaken, asc_pass_vec *bars) {
  asc_op *at[2] = {e->wait, e->k && e->prime[0] ? e->drain[0] : NULL};
  asc_diag(m->ctx, asc_op_diag_loc(e->wait), ASC_SEV_NOTE,
           overtaken ? "auto-sync: %s set_flag of one loop iteration may run before the wait_flag of the "
                       "previous one (a flag does not count); using pipe_barrier(PIPE_ALL) instead"
                     : "auto-sync: no free event id for %s; using pipe_barrier(PIPE_ALL) instead",
           asc_enum_name(ASC_ENUM_EVENT, e->event));
  for (int i = 0; i < 2 && at[i]; i++) {
    asc_op *all = sync_make_barrier(m, ASC_PIPEID_PIPE_ALL, at[i]->loc);
    asc_op_insert_before(at[i], all);
    asc_pass_vec_push(bars, all);
  }
  asc_op_unlink(e->set);
  asc_op_unlink(e->wait);
  for (int j = 0; j < e->k && e->prime[j]; j++) {
    asc_op_unlink(e->prime[j]);
    asc_op_unlink(e->drain[j]);
  }
}

/* Pipe x has got to point v (iteration * span + position): note it if that is earlier than
 * known; S there stalls every later issue. */
static bool get_to(int64_t *at, int x, int64_t v) {
  bool ch = false;
  for (int y = 0; y < SYNC_NPIPES; y++)
    if ((y == x || x == ASC_PIPEID_PIPE_S) && v < at[y])
      at[y] = v, ch = true;
  return ch;
}

/* Were e's ids to rotate over k, would its wait of iteration i come before its set of
 * iteration i + k?  Follow the edges every iteration of slot's loop runs (set and wait in
 * its body itself) from e's consumer pipe just after its wait: an edge's set runs after the
 * point its pipe has reached (in that iteration or the next), its wait 0 iterations on, 1
 * for a loop-carried edge, k for one rotating over k ids, and a wait on S stalls every later
 * issue.  An edge's ids do not matter here: one whose set may overtake its wait falls back to
 * a PIPE_ALL at its wait, which orders as much, or rotates because a cycle closes for it too.
 * The cycle is closed if e's producer pipe gets before e's set k iterations on. */
static bool closed_by_rotation(const idctx *c, const sync_edge *e, const asc_op *slot, int64_t k) {
  int64_t span = c->npos + 1, at[SYNC_NPIPES];
  bool ch = true;
  for (int y = 0; y < SYNC_NPIPES; y++)
    at[y] = INT64_MAX;
  get_to(at, asc_hw_event_dst(e->event), pos_of(c, e->wait));
  for (int round = 0; ch && round <= c->nedges; round++) {
    ch = false;
    for (int i = 0; i < c->nedges; i++) {
      const sync_edge *r = &c->edges[i];
      int x = asc_hw_event_src(r->event);
      int64_t it;
      if (r == e || r->set->parent != slot->parent || r->wait->parent != slot->parent || x < 0 ||
          x >= SYNC_NPIPES)
        continue;
      it = at[x] / span + (pos_of(c, r->set) < at[x] % span) + (r->prime[0] ? r->k : 0);
      if (it <= k)
        ch |= get_to(at, asc_hw_event_dst(r->event), it * span + pos_of(c, r->wait));
    }
  }
  return at[asc_hw_event_src(e->event)] < k * span + pos_of(c, e->set);
}

/* An edge inside a loop whose set in iteration i + 1 may run before its wait of iteration i
 * (the producer pipe runs ahead, e.g. into the next buffer slot) rotates its ids with the
 * loop's buffer slots when the loop's other edges close the cycle (B.7: MTE2_V(s) beside
 * V_MTE2(s)); otherwise it keeps its clash and falls back.  With `rotate`, such plain edges
 * rotate; in any case, whether every edge rotating so still has its cycle closed. */
static bool rotations(const idctx *c, bool rotate) {
  bool ok = true;
  for (int e = 0; e < c->nedges; e++) {
    sync_edge *me = &c->edges[e];
    asc_op *slot = me->k > 1 && !me->prime[0] ? me->slot : NULL;
    int64_t k;
    if (!slot && rotate && me->k == 0) {
      /* a slot op (iv mod k) of the innermost loop around the set: a set that may overtake the
       * wait of the previous iteration of that loop can rotate with its slots only (an outer
       * loop's slot stays the same while the inner loop repeats) */
      const asc_op *l = asc_op_parent_op(me->set);
      while (l && l->code != ASC_OP_FOR && l->code != ASC_OP_WHILE)
        l = asc_op_parent_op(l);
      for (int i = 0; !slot && l && l->code == ASC_OP_FOR && i < c->nedges; i++)
        slot = c->edges[i].slot && c->edges[i].slot->parent == l->regions[0].block ? c->edges[i].slot : NULL;
    }
    if (!slot || !me->set->parent || !clashing(c, e, e) || !asc_pass_const_int(slot->operands[ASC_OPND_REMUI_rhs], &k))
      continue;
    if (closed_by_rotation(c, me, slot, k))
      me->k = (int)k, me->slot = slot;
    else
      ok &= me->k == 0;
  }
  return ok;
}

static int cmp_order(const void *x, const void *y) {
  const order *a = x, *b = y;
  return a->start < b->start ? -1 : a->start > b->start; /* each edge starts at an op of its own */
}

/* May edge e take id?  Not if an edge still in the function already holding it (rotating
 * edges hold theirs alone) could still have its flag pending when e sets. */
static bool compatible(const idctx *c, int e, int id) {
  const sync_edge *me = &c->edges[e];
  for (int i = 0; i < c->nedges; i++) {
    const sync_edge *o = &c->edges[i];
    int k = o->k > 1 ? o->k : 1;
    if (i == e || !o->set->parent || o->event != me->event || o->id < 0 || id < o->id || id >= o->id + k)
      continue;
    if (o->k > 1 || me->k > 1 || clashing(c, i, e) || clashing(c, e, i))
      return false;
  }
  /* a set that may run before the wait of its own iteration (rotating, primed) or of
   * the previous one (plain, not rotated) can have no id */
  return !clashing(c, e, e) || (me->k > 1 && !me->prime[0]);
}

/* The positions of func's ops and the ids its user flags reserve into c (its edges and clashes
 * set), and the edges still in the function (minimality takes some out, fallback others) in
 * order of their first set; the caller frees c->pos and c->ord. */
static void scan_func(idctx *c, asc_op *func) {
  const sync_edge *edges = c->edges;
  c->ord = asc_xcalloc((size_t)c->nedges, sizeof *c->ord);
  asc_walk(func, scan, c);
  for (int i = 0; i < c->nedges; i++)
    if (edges[i].set->parent)
      c->ord[c->n++] =
          (order){pos_of(c, edges[i].prime[0] ? edges[i].prime[0] : edges[i].set), i, edges[i].id};
  qsort(c->ord, (size_t)c->n, sizeof *c->ord, cmp_order);
}

/* Choose an id for every edge in c->ord (into e->id; -1: none left), interval by interval:
 * the lowest such that ids id..id+k-1 are free at the edge's start; whether every one got
 * one. */
static bool choose_ids(const idctx *c) {
  int64_t busy[NEVENTS][SYNC_NIDS] = {{0}};
  bool all = true;
  for (int i = 0; i < c->n; i++)
    c->edges[c->ord[i].edge].id = -1;
  for (int i = 0; i < c->n; i++) {
    sync_edge *e = &c->edges[c->ord[i].edge];
    int k = e->k > 1 ? e->k : 1, j;
    for (int id = 0; e->id < 0 && e->event < NEVENTS && id + k <= SYNC_NIDS; id++) {
      j = 0;
      while (j < k && !(c->reserved[e->event] & (1u << (id + j))) &&
             busy[e->event][id + j] < c->ord[i].start && compatible(c, c->ord[i].edge, id + j))
        j++;
      if (j == k)
        e->id = id;
    }
    all &= e->id >= 0;
    for (j = 0; e->id >= 0 && j < k; j++)
      busy[e->event][e->id + j] = pos_of(c, e->prime[0] ? e->drain[e->k - 1] : e->wait);
  }
  return all;
}

void sync_assign_ids(asc_module *m, asc_op *func, sync_edge *edges, int nedges, const sync_clash *clash,
                     int nclash, asc_pass_vec *bars) {
  idctx c = {.edges = edges, .nedges = nedges, .clash = clash, .nclash = nclash};
  scan_func(&c, func);
  rotations(&c, true);
  choose_ids(&c);
  for (int i = 0; i < c.n; i++) {
    sync_edge *e = &edges[c.ord[i].edge];
    if (e->id < 0)
      fallback(m, e, clashing(&c, c.ord[i].edge, c.ord[i].edge) && !(e->k > 1 && !e->prime[0]), bars);
  }
  asc_pass_map_free(&c.pos);
  free(c.ord);
}

bool sync_ids_fit(asc_op *func, sync_edge *edges, int nedges, const sync_clash *clash, int nclash, bool again) {
  idctx c = {.edges = edges, .nedges = nedges, .clash = clash, .nclash = nclash};
  bool fit = true;
  scan_func(&c, func);
  for (int e = 0; e < nedges; e++)
    for (int j = 0; edges[e].set->parent && j < (edges[e].k > 1 ? edges[e].k : 1); j++)
      fit &= compatible(&c, e, edges[e].id + j);
  if (!rotations(&c, false))
    fit = false;
  else if (!fit && again && !(fit = choose_ids(&c)))
    for (int i = 0; i < c.n; i++) /* choose_ids changes the ids of these edges only */
      edges[c.ord[i].edge].id = c.ord[i].was;
  asc_pass_map_free(&c.pos);
  free(c.ord);
  return fit;
}

/* The rotating id base + (iv mod k), computed right after the slot op. */
static asc_value *rotating_id(asc_module *m, const sync_edge *e, asc_value *base) {
  asc_value *ops[2] = {&e->slot->results[0], base};
  asc_op *add;
  for (asc_op *o = e->slot->next; o && o->code == ASC_OP_ADDI && o->operands[ASC_OPND_ADDI_lhs] == ops[0]; o = o->next)
    if (o->operands[ASC_OPND_ADDI_rhs] == base)
      return &o->results[0]; /* shared by the edges rotating from the same base */
  add = asc_op_create(m, ASC_OP_ADDI, ops, 2, &e->slot->results[0].type, 1, e->slot->loc);
  asc_op_insert_after(e->slot, add);
  return &add->results[0];
}

static void note_uses(asc_op *op, void *user) {
  for (int i = 0; i < op->noperands; i++)
    asc_pass_map_set(user, op->operands[i], 1);
}

void sync_give_ids(asc_module *m, asc_op *func, sync_edge *edges, int nedges) {
  idctx c = {.edges = edges, .nedges = nedges};
  asc_pass_map uses = {0};
  scan_func(&c, func);
  for (int i = 0; i < c.n; i++) {
    sync_edge *e = &edges[c.ord[i].edge];
    asc_value *v = id_value(m, func, &c, e->id);
    v = e->k > 1 ? rotating_id(m, e, v) : v;
    asc_op_set_operand(m, e->set, 0, v);
    asc_op_set_operand(m, e->wait, 0, v);
    for (int j = 0; j < e->k; j++) { /* a constant for each of the k ids, primed or not */
      v = id_value(m, func, &c, e->id + (e->k > 1 ? j : 0));
      if (e->prime[j])
        asc_op_set_operand(m, e->prime[j], 0, v), asc_op_set_operand(m, e->drain[j], 0, v);
    }
  }
  /* a slot iv % k that no id uses any more, its edges gone, and the cast of the index the
   * walk made for it alone: the walk made them, this takes them away */
  asc_walk(func, note_uses, &uses);
  for (int i = 0; i < nedges; i++) {
    asc_op *slot = edges[i].k > 1 ? edges[i].slot : NULL, *cast = slot ? slot->operands[ASC_OPND_REMUI_lhs]->def : NULL;
    if (!slot || !slot->parent || asc_pass_map_get(&uses, &slot->results[0]))
      continue;
    asc_op_unlink(slot);
    if (cast && cast->code == ASC_OP_INDEX_CAST && cast->parent)
      asc_op_unlink(cast);
  }
  asc_pass_map_free(&uses);
  asc_pass_map_free(&c.pos);
  free(c.ord);
}
