/* sync_minimize.c - auto-sync's minimality post-pass (sync.md B.5): each inserted sync is
 * taken out in turn and stays out if a check walk finds every conflict still ordered (over
 * all runs, per case of the kernel's arguments, or with loops of constant trips taken
 * apart). */
#include <stdlib.h>
#include <string.h>

#include "passes/sync_walk.h"

/* ---- minimality (B.5 post-pass): drop what the others imply ---- */

/* Walk func again with the syncs it now has, inserting nothing, into w (free it with
 * sync_walker_free(w, false)): w->failed says whether some conflict is unordered, w->clash
 * lists the sets that may overtake a wait of their event.  Inserted flags keep their edge
 * meaning (ins's edges), so a loop-carried pair still counts its priming set on the first
 * iteration.  With cases, the walk knows the ranges of case k; with last_walks, it takes
 * loops of constant trips apart (autosync.c, walk_loop). */
static void check_walk(walker *ins, asc_op *func, walker *w, const sync_cases *cases, int k, bool last_walks,
                       bool collect) {
  state *st = sync_state_new();
  memset(w, 0, sizeof *w);
  w->last_walks = last_walks;
  w->collect = collect;
  if (cases)
    w->nfacts = sync_case_facts(cases, k, w->facts);
  w->m = ins->m;
  w->full = ins->full;
  w->check = true;
  w->env.m = ins->m;
  w->edges = ins->edges;
  w->nedges = w->capedges = ins->nedges;
  for (int i = 0; i < w->nedges; i++)
    w->edges[i].widx = 0; /* wait positions of this walk, not of an earlier one */
  w->edge_of = ins->edge_of;
  memcpy(w->rdone, ins->rdone, sizeof w->rdone);
  w->nrdone = ins->nrdone;
  w->etok = calloc((size_t)(ins->nedges ? ins->nedges : 1), sizeof *w->etok);
  w->ptok = calloc((size_t)(ins->nedges ? ins->nedges : 1), sizeof *w->ptok);
  w->rtok = calloc((size_t)(ins->nedges ? ins->nedges : 1), sizeof *w->rtok);
  if (!w->etok || !w->ptok || !w->rtok)
    asc_die("out of memory");
  sync_walk_func(w, func, st);
  sync_state_free(st);
}

/* One check walk (of case k of cases, if any): whether it finds every conflict ordered;
 * if so its clashes are added to *clash, if not the ops of the conflict go to fail. */
static bool walk_ordered(walker *ins, asc_op *func, const sync_cases *cases, int k, bool last_walks,
                         sync_clash **clash, int *nclash, asc_op **fail) {
  walker w;
  bool ok;
  check_walk(ins, func, &w, cases, k, last_walks, false);
  ok = !w.failed;
  if (fail)
    fail[0] = w.fail[0], fail[1] = w.fail[1];
  if (ok && w.nclash) {
    *clash = realloc(*clash, (size_t)(*nclash + w.nclash) * sizeof **clash);
    if (!*clash)
      asc_die("out of memory");
    memcpy(*clash + *nclash, w.clash, (size_t)w.nclash * sizeof **clash);
    *nclash += w.nclash;
  }
  sync_walker_free(&w, false);
  return ok;
}

/* One check walk that collects: the conflicts it finds unordered, into *out; their number. */
static int collect_walk(walker *ins, asc_op *func, const sync_cases *cases, int k, bool last_walks,
                        struct race **out) {
  walker w;
  int n = 0;
  check_walk(ins, func, &w, cases, k, last_walks, true);
  for (int i = 0; i < w.nraces; i++)
    if (w.races[i].live)
      w.races[n++] = w.races[i];
  *out = w.races;
  w.races = NULL;
  sync_walker_free(&w, false);
  return n;
}

static bool same_race(const struct race *x, const struct race *y) {
  return x->a.op == y->a.op && x->b.op == y->b.op && x->a.pipe == y->a.pipe && x->b.pipe == y->b.pipe;
}

/* Keep the races of r[0..n) that `keep` marks; returns how many are left. */
static int keep_marked(struct race *r, int n, const bool *keep) {
  int m = 0;
  for (int i = 0; i < n; i++)
    if (keep[i])
      r[m++] = r[i];
  return m;
}

/* Mark in keep the races of r that other (n2 of them) has too. */
static void mark_in(const struct race *r, int n, const struct race *other, int n2, bool *keep) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n2 && !keep[i]; j++)
      keep[i] = same_race(&r[i], &other[j]);
}

/* Each walk is sound for every pair on its own: a pair is unordered only if the walk over
 * all runs, some case's walk and the walk with loops taken apart all find it so. */
int sync_unordered(walker *ins, asc_op *func, struct race **out) {
  struct race *r, *o;
  int n = collect_walk(ins, func, NULL, 0, false, &r), n2;
  sync_cases cases;
  bool *keep = calloc((size_t)(n ? n : 1), sizeof *keep);
  if (!keep)
    asc_die("out of memory");
  sync_cases_of(func, &cases);
  if (n && cases.ncases > 1) {
    for (int k = 0; k < cases.ncases; k++) {
      n2 = collect_walk(ins, func, &cases, k, false, &o);
      mark_in(r, n, o, n2, keep);
      free(o);
    }
    n = keep_marked(r, n, keep);
  }
  if (n) {
    memset(keep, 0, (size_t)n * sizeof *keep);
    n2 = collect_walk(ins, func, NULL, 0, true, &o);
    mark_in(r, n, o, n2, keep);
    free(o);
    n = keep_marked(r, n, keep);
  }
  free(keep);
  *out = r;
  return n;
}

static bool split_on(const sync_cases *cases, const asc_value *x) {
  for (int v = 0; v < cases->n; v++)
    if (cases->v[v].x == x)
      return true;
  return false;
}

/* Does branch or loop x test a value the cases split on? */
static bool decided(const sync_cases *cases, const asc_op *x) {
  int64_t lb;
  const asc_op *c = x->code == ASC_OP_IF ? x->operands[0]->def : NULL;
  const asc_value *bound = x->code == ASC_OP_FOR ? sync_trip_bound(x, &lb) : NULL;
  if (c && c->code == ASC_OP_CMPI)
    return split_on(cases, sync_strip_cast(c->operands[0])) || split_on(cases, sync_strip_cast(c->operands[1]));
  return bound && split_on(cases, bound);
}

typedef struct decided_in {
  const sync_cases *cases;
  bool any;
} decided_in;

static void note_decided(asc_op *op, void *user) {
  decided_in *d = user;
  d->any |= decided(d->cases, op);
}

/* Can the cases tell paths apart for a conflict of a (earlier) and b (NULL: unknown): does
 * a branch or loop they decide hold a or b, or lie between them? */
static bool split_decides(const sync_cases *cases, asc_op *a, asc_op *b) {
  decided_in d = {cases, false};
  if (!a || !b)
    return true;
  for (int i = 0; i < 2; i++)
    for (const asc_op *x = asc_op_parent_op(i ? b : a); x; x = asc_op_parent_op(x))
      if (decided(cases, x))
        return true;
  for (asc_op *x = a; x; x = asc_op_parent_op(x)) { /* a's ancestor in the block holding both */
    asc_op *bb = x->parent ? asc_pass_anc_in(b, x->parent) : NULL;
    if (!bb)
      continue;
    for (asc_op *y = x->next; y && y != bb && !d.any; y = y->next)
      asc_walk(y, note_decided, &d);
    return d.any;
  }
  return false;
}

/* Can walking iterations of loops of constant trips apart order a conflict of a (earlier)
 * and b (NULL: unknown)?  Only if a loop of constant trips holds one of them and makes
 * at most SYNC_UNROLL trips (each walk is then one iteration), or holds a but not b. */
static bool last_walk_may_order(asc_op *a, asc_op *b) {
  if (!a || !b)
    return true;
  for (int i = 0; i < 2; i++)
    for (const asc_op *x = asc_op_parent_op(i ? b : a); x; x = asc_op_parent_op(x)) {
      int64_t n = x->code == ASC_OP_FOR ? asc_pass_trip_count(x) : -1;
      if (n >= 1 && (n <= SYNC_UNROLL || (i == 0 && !asc_pass_anc_in(b, x->regions[0].block))))
        return true;
    }
  return false;
}

/* Is every conflict of func ordered by the syncs it has now?  One check walk over all runs
 * answers; when it finds one unordered, and cases are given, other walks may still prove
 * every conflict ordered: one per case (the facts of each decide the branches and trip
 * counts the kernel's arguments decide), or one that takes loops of constant trips apart
 * (each iteration of a short one, the last of a longer one).  Each is sound on its own;
 * the clashes of the walks that prove it go to *clash (free it). */
static bool walks_ordered(walker *ins, asc_op *func, const sync_cases *cases, sync_clash **clash, int *nclash) {
  asc_op *fail[2];
  bool ok;
  *clash = NULL, *nclash = 0;
  if (walk_ordered(ins, func, NULL, 0, false, clash, nclash, fail))
    return true;
  if (!cases)
    return false;
  ok = cases->ncases > 1 && split_decides(cases, fail[0], fail[1]);
  for (int k = 0; ok && k < cases->ncases; k++)
    ok = walk_ordered(ins, func, cases, k, false, clash, nclash, NULL);
  if (!ok && last_walk_may_order(fail[0], fail[1])) {
    free(*clash);
    *clash = NULL, *nclash = 0;
    ok = walk_ordered(ins, func, NULL, 0, true, clash, nclash, NULL);
  }
  return ok;
}

/* Is every conflict ordered, and no set able to overtake a wait of its id?  With `again`,
 * a set that could overtake one is given another id when the ids allow. */
static bool all_ordered(walker *ins, asc_op *func, const sync_cases *cases, bool again) {
  sync_clash *clash;
  int nclash;
  bool ok = walks_ordered(ins, func, cases, &clash, &nclash);
  ok = ok && sync_ids_fit(func, ins->edges, ins->nedges, clash, nclash, again);
  free(clash);
  return ok;
}

/* The insertion walk had to guess some clashes: an edge it placed during a loop's second
 * walk has a first-iteration set no walk checked, and a next-iteration set it counted as
 * clashing with its own wait.  A walk of the finished syncs checks every set; when it finds
 * every conflict ordered, its clashes replace the guesses. */
void sync_recheck_clashes(walker *ins, asc_op *func) {
  sync_clash *clash;
  int nclash;
  if (walks_ordered(ins, func, NULL, &clash, &nclash)) {
    free(ins->clash);
    ins->clash = clash, ins->nclash = nclash, ins->capclash = nclash;
  } else
    free(clash);
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

/* Latest first, and again while a pass drops something: a sync that an earlier one (still
 * there on the first pass) kept necessary may go once that one has gone. */
void sync_minimize(walker *w, asc_op *func) {
  int ngroups = w->nedges + (int)w->bars.n;
  bool dropped = true;
  sync_cases cases;
  if (!ngroups || !all_ordered(w, func, NULL, false))
    return;
  sync_cases_of(func, &cases);
  for (int pass = 0; pass < 3 && dropped; pass++) {
    dropped = false;
    for (int g = ngroups - 1; g >= 0; g--)
      dropped |= try_drop(w, func, &cases, g);
  }
}

/* ---- check walks that take loops of constant trips apart (last_walks) ---- */

/* check walk with last_walks, a loop of n constant trips: walks each of its iterations
 * apart when n <= SYNC_UNROLL, else the last one apart after the two-iteration model.  Walk t
 * that is iteration t runs with the index at that iteration's value: its ifs on the index
 * decided, its views where that iteration puts them.  Pushes that fact, or returns false. */
static bool pin_index(walker *w, const asc_op *loop, int64_t t) {
  int64_t n = asc_pass_trip_count(loop), v;
  const asc_block *body = loop->regions[0].block;
  if (!w->check || !w->last_walks || t >= n || (t != n - 1 && n > SYNC_UNROLL) || !body ||
      !body->nargs || w->nfacts == MAXFACTS || !sync_index_at(loop, t, &v))
    return false;
  w->facts[w->nfacts++] = (struct fact){body->args[0], v, v};
  return true;
}

static void walk_pinned(walker *w, asc_op *loop, int64_t t, state *st) {
  bool pinned = pin_index(w, loop, t);
  sync_walk_body(w, loop, st);
  w->nfacts -= pinned;
}

bool sync_unrolled(const walker *w, const asc_op *loop) {
  int64_t n = asc_pass_trip_count(loop);
  return w->check && w->last_walks && n >= 1 && n <= SYNC_UNROLL;
}

/* Each iteration in turn: the walks check every pair of iterations as they are. */
void sync_walk_unrolled(walker *w, carried *l, state *st) {
  int64_t n = asc_pass_trip_count(l->loop);
  for (int64_t t = 0; t < n; t++) {
    if (t)
      l->lo = l->cur, l->hi = l->cur = w->idx + 1;
    walk_pinned(w, l->loop, t, st);
  }
  sync_resolve_deferred(w, l->loop, st);
}

/* A loop of more constant trips, its last iteration walked a third time: the second walk
 * then stands for the iterations between, and the exit sees this one.  Within the loop
 * the first two walks checked every conflict; this one checks nothing. */
bool sync_walks_last(const walker *w, const asc_op *loop) {
  return w->check && w->last_walks && asc_pass_trip_count(loop) > SYNC_UNROLL;
}

void sync_walk_last(walker *w, carried *l, state *st) {
  l->lo = l->cur;
  l->hi = l->cur = w->idx + 1;
  w->quiet++;
  walk_pinned(w, l->loop, asc_pass_trip_count(l->loop) - 1, st);
  w->quiet--;
}
