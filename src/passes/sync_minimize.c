/* sync_minimize.c - auto-sync's minimality post-pass (sync.md B.5): each inserted sync is
 * taken out in turn and stays out if a check walk finds every conflict still ordered (over
 * all runs, per case of the kernel's arguments, or with short loops of constant trips
 * walked iteration by iteration). */
#include <stdlib.h>
#include <string.h>

#include "passes/sync_walk.h"

/* ---- the checker: check walks of the finished syncs ---- */

/* What check walks found: the sets that may overtake a wait of their event, the conflicts
 * they found unordered (collecting walks), and the ops of the first such conflict. */
typedef struct found {
  sync_clash *clash;
  int nclash;
  struct race *races;
  int nraces;
  asc_op *fail[2];
} found;

static void *append(void *to, int *n, const void *from, int nfrom, size_t sz) {
  to = realloc(to, (size_t)(*n + nfrom ? *n + nfrom : 1) * sz);
  if (!to)
    asc_die("out of memory");
  memcpy((char *)to + (size_t)*n * sz, from, (size_t)nfrom * sz);
  *n += nfrom;
  return to;
}

/* Walk func again with the syncs it now has, inserting nothing; whether it finds every
 * conflict ordered.  Its clashes (and with collect, the conflicts it finds unordered) are
 * added to f.  Inserted flags keep their edge meaning (ins's edges), so a loop-carried pair
 * still counts its priming set on the first iteration.  With cases, the walk knows the
 * ranges of case k; with last_walks, it takes loops of constant trips apart (autosync.c,
 * walk_loop). */
static bool walk(walker *ins, asc_op *func, const sync_cases *cases, int k, bool last_walks, bool collect,
                 found *f) {
  state *st = sync_state_new();
  walker w;
  int n = ins->nedges ? ins->nedges : 1;
  bool ok;
  memset(&w, 0, sizeof w);
  w.last_walks = last_walks;
  w.collect = collect;
  if (cases)
    w.nfacts = sync_case_facts(cases, k, w.facts);
  w.m = w.env.m = ins->m;
  w.full = ins->full;
  w.check = true;
  w.edges = ins->edges;
  w.nedges = w.capedges = ins->nedges;
  for (int i = 0; i < w.nedges; i++)
    w.edges[i].widx = 0; /* wait positions of this walk, not of an earlier one */
  w.edge_of = ins->edge_of;
  memcpy(w.rdone, ins->rdone, sizeof w.rdone);
  w.nrdone = ins->nrdone;
  w.etok = calloc((size_t)n, sizeof *w.etok);
  w.ptok = calloc((size_t)n, sizeof *w.ptok);
  w.rtok = calloc((size_t)n, sizeof *w.rtok);
  if (!w.etok || !w.ptok || !w.rtok)
    asc_die("out of memory");
  sync_walk_func(&w, func, st);
  sync_state_free(st);
  ok = !w.failed;
  f->clash = append(f->clash, &f->nclash, w.clash, w.nclash, sizeof *w.clash);
  for (int i = 0; i < w.nraces; i++)
    if (w.races[i].live)
      f->races = append(f->races, &f->nraces, &w.races[i], 1, sizeof *w.races);
  f->fail[0] = w.fail[0], f->fail[1] = w.fail[1];
  sync_walker_free(&w, false);
  return ok;
}

static void forget(found *f) {
  free(f->clash);
  free(f->races);
  f->clash = NULL, f->races = NULL, f->nclash = f->nraces = 0;
}

/* Keep the conflicts of f that other has too; other forgets what it found. */
static void keep_found(found *f, found *other) {
  int n = 0;
  for (int i = 0; i < f->nraces; i++) {
    const struct race *x = &f->races[i];
    bool has = false;
    for (int j = 0; j < other->nraces && !has; j++) {
      const struct race *y = &other->races[j];
      has = x->a.op == y->a.op && x->b.op == y->b.op && x->a.pipe == y->a.pipe && x->b.pipe == y->b.pipe;
    }
    if (has)
      f->races[n++] = *x;
  }
  f->nraces = n;
  forget(other);
}

/* Each walk is sound for every pair on its own: a pair is unordered only if the walk over
 * all runs, some case's walk and the walk with loops taken apart all find it so. */
int sync_unordered(walker *ins, asc_op *func, struct race **out) {
  found all = {0}, other = {0};
  sync_cases cases;
  walk(ins, func, NULL, 0, false, true, &all);
  sync_cases_of(func, &cases);
  if (all.nraces && cases.ncases > 1) {
    for (int k = 0; k < cases.ncases; k++)
      walk(ins, func, &cases, k, false, true, &other);
    keep_found(&all, &other);
  }
  if (all.nraces) {
    walk(ins, func, NULL, 0, true, true, &other);
    keep_found(&all, &other);
  }
  free(all.clash);
  *out = all.races;
  return all.nraces;
}

/* Can another walk order the conflict of a (earlier) and b (NULL: unknown) that the walk
 * over all runs found unordered?  The walks per case only if a branch or loop whose
 * condition or bound the cases split holds a or b; the walk that takes loops of constant
 * trips apart (cases NULL) only if a loop of at most SYNC_UNROLL constant trips holds one
 * of them. */
static bool may_order(const sync_cases *cases, asc_op *a, asc_op *b) {
  int64_t lb;
  if (!a || !b)
    return true;
  for (int i = 0; i < 2; i++)
    for (const asc_op *x = asc_op_parent_op(i ? b : a); x; x = asc_op_parent_op(x)) {
      const asc_op *c = x->code == ASC_OP_IF ? x->operands[0]->def : NULL;
      const asc_value *v0 = x->code == ASC_OP_FOR ? sync_trip_bound(x, &lb) : NULL, *v1 = NULL;
      int64_t n = x->code == ASC_OP_FOR ? asc_pass_trip_count(x) : -1;
      if (!cases && n >= 1 && n <= SYNC_UNROLL)
        return true;
      if (c && c->code == ASC_OP_CMPI)
        v0 = sync_strip_cast(c->operands[0]), v1 = sync_strip_cast(c->operands[1]);
      for (int j = 0; cases && j < cases->n; j++)
        if (cases->v[j].x && (cases->v[j].x == v0 || cases->v[j].x == v1))
          return true;
    }
  return false;
}

/* Is every conflict of func ordered by the syncs it has now?  One check walk over all runs
 * answers; when it finds one unordered, and cases are given, other walks may still prove
 * every conflict ordered: one per case (the facts of each decide the branches and trip
 * counts the kernel's arguments decide), or one that walks each iteration of loops of at
 * most SYNC_UNROLL constant trips apart.  Each is sound on its own;
 * the clashes of the walks that prove it go to f. */
static bool walks_ordered(walker *ins, asc_op *func, const sync_cases *cases, found *f) {
  asc_op *a, *b;
  bool ok;
  if (walk(ins, func, NULL, 0, false, false, f))
    return true;
  a = f->fail[0], b = f->fail[1];
  forget(f);
  if (!cases)
    return false;
  ok = cases->ncases > 1 && may_order(cases, a, b);
  for (int k = 0; ok && k < cases->ncases; k++)
    ok = walk(ins, func, cases, k, false, false, f);
  if (!ok && may_order(NULL, a, b)) {
    forget(f);
    ok = walk(ins, func, NULL, 0, true, false, f);
  }
  return ok;
}

/* Is every conflict ordered, and no set able to overtake a wait of its id?  With `again`,
 * a set that could overtake one is given another id when the ids allow. */
static bool all_ordered(walker *ins, asc_op *func, const sync_cases *cases, bool again) {
  found f = {0};
  bool ok = walks_ordered(ins, func, cases, &f) && sync_ids_fit(func, ins->edges, ins->nedges, f.clash, f.nclash, again);
  forget(&f);
  return ok;
}

/* An inserted sync taken out for a trial: where each of its ops was. */
typedef struct trial {
  asc_op *op[2 + 2 * SYNC_NIDS], *prev[2 + 2 * SYNC_NIDS], *next[2 + 2 * SYNC_NIDS];
  int n;
} trial;

static void take(trial *t, asc_op *op) {
  if (!op || !op->parent)
    return;
  t->op[t->n] = op, t->prev[t->n] = op->prev, t->next[t->n] = op->next;
  t->n++;
  asc_op_unlink(op);
}

static void put_back(trial *t) {
  while (t->n-- > 0) {
    if (t->prev[t->n])
      asc_op_insert_after(t->prev[t->n], t->op[t->n]);
    else
      asc_op_insert_before(t->next[t->n], t->op[t->n]);
  }
}

/* Take group g (an edge with its priming sets and draining waits, or one inserted
 * barrier) out for good if every conflict stays ordered without it. */
static bool try_drop(walker *w, asc_op *func, const sync_cases *cases, int g) {
  trial t = {.n = 0};
  if (g >= w->nedges) {
    take(&t, w->bars.items[g - w->nedges]);
  } else {
    sync_edge *e = &w->edges[g];
    take(&t, e->set);
    take(&t, e->wait);
    for (int j = 0; j < e->k && j < SYNC_NIDS; j++) {
      take(&t, e->prime[j]);
      take(&t, e->drain[j]);
    }
  }
  if (!t.n)
    return false;
  if (!all_ordered(w, func, cases, true)) {
    put_back(&t);
    return false;
  }
  if (w->log)
    asc_diag(w->m->ctx, asc_op_diag_loc(t.op[0]), ASC_SEV_NOTE,
             "auto-sync: the %s above is dropped again: the other syncs imply it", asc_op_name(t.op[0]));
  return true;
}

void sync_finish(walker *w, asc_op *func) {
  found f = {0};
  sync_cases cases;
  bool dropped = true;
  /* The insertion walk had to guess some clashes: an edge it placed during a loop's second
   * walk has a first-iteration set no walk checked, and a next-iteration set it counted as
   * clashing with its own wait.  A walk of the finished syncs checks every set; when it finds
   * every conflict ordered, its clashes replace the guesses. */
  if (walks_ordered(w, func, NULL, &f)) {
    free(w->clash);
    w->clash = f.clash, w->nclash = w->capclash = f.nclash;
  }
  sync_assign_ids(w->m, func, w->edges, w->nedges, w->clash, w->nclash, &w->bars);
  /* Latest first, and again while a pass drops something: a sync that an earlier one (still
   * there on the first pass) kept necessary may go once that one has gone. */
  if (w->nedges + (int)w->bars.n && all_ordered(w, func, NULL, false)) {
    sync_cases_of(func, &cases);
    for (int pass = 0; pass < 3 && dropped; pass++) {
      dropped = false;
      for (int g = w->nedges + (int)w->bars.n - 1; g >= 0; g--)
        dropped |= try_drop(w, func, &cases, g);
    }
  }
  sync_give_ids(w->m, func, w->edges, w->nedges);
}

/* ---- check walks that take loops of constant trips apart (last_walks) ---- */

/* check walk with last_walks, a loop of at most SYNC_UNROLL constant trips: each iteration in
 * turn, its index pinned to that iteration's value as a fact (its ifs on the index decided,
 * its views where that iteration puts them), so the walk checks every pair of iterations as
 * they are. */
bool sync_unrolled(const walker *w, const asc_op *loop) {
  int64_t n = asc_pass_trip_count(loop);
  return w->check && w->last_walks && n >= 1 && n <= SYNC_UNROLL;
}

void sync_walk_unrolled(walker *w, carried *l, state *st) {
  const asc_block *body = l->loop->regions[0].block;
  int64_t v;
  for (int64_t t = 0; t < asc_pass_trip_count(l->loop); t++) {
    bool pinned = body && body->nargs && w->nfacts < MAXFACTS && sync_index_at(l->loop, t, &v);
    if (t)
      l->lo = l->cur, l->hi = l->cur = w->idx + 1;
    if (pinned)
      w->facts[w->nfacts++] = (struct fact){body->args[0], v, v};
    sync_walk_body(w, l->loop, st);
    w->nfacts -= pinned;
  }
  sync_resolve_deferred(w, l->loop, st);
}
