/* sync_minimize.c - auto-sync's minimality post-pass (sync.md B.5): each inserted sync is
 * taken out in turn and stays out if a check walk finds every conflict still ordered (over
 * all runs, per case of the kernel's arguments, or with short loops of constant trips walked
 * iteration by iteration). */
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
  to = asc_xrealloc(to, (size_t)(*n + nfrom) * sz);
  if (nfrom) /* from may be NULL then, which memcpy must not get */
    memcpy((char *)to + (size_t)*n * sz, from, (size_t)nfrom * sz);
  *n += nfrom;
  return to;
}

/* Walk func again with the syncs it now has, inserting nothing; whether it finds every
 * conflict ordered.  Its clashes (and with collect, the conflicts it finds unordered) are
 * added to f.  Inserted flags keep their edge meaning (ins's edges), so a loop-carried pair
 * still counts its priming set on the first iteration.  With cases, it knows the ranges of
 * case k; with k == cases->ncases (the walk after the cases), it walks short loops of
 * constant trips iteration by iteration instead (autosync.c, walk_loop). */
static bool walk(walker *ins, asc_op *func, const sync_cases *cases, int k, bool collect, found *f,
                 const asc_pass_map *ends) {
  state *st = sync_state_new();
  walker w;
  int n = ins->nedges ? ins->nedges : 1;
  bool ok;
  memset(&w, 0, sizeof w);
  w.last_walks = cases && k == cases->ncases;
  w.collect = collect;
  w.ends = ends;
  if (cases && k < cases->ncases)
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
  w.etok = asc_xcalloc((size_t)n, sizeof *w.etok);
  w.ptok = asc_xcalloc((size_t)n, sizeof *w.ptok);
  w.rtok = asc_xcalloc((size_t)n, sizeof *w.rtok);
  sync_walk_func(&w, func, st);
  sync_state_free(st);
  ok = !w.failed;
  f->clash = append(f->clash, &f->nclash, w.clash, w.nclash, sizeof *w.clash);
  int live = 0; /* the live ones, appended at once: one realloc per walk, not per race (quadratic copying) */
  for (int i = 0; i < w.nraces; i++)
    if (w.races[i].live)
      w.races[live++] = w.races[i];
  if (live) /* none: no allocation (callers keep races only when there are some) */
    f->races = append(f->races, &f->nraces, w.races, live, sizeof *w.races);
  f->fail[0] = w.fail[0], f->fail[1] = w.fail[1];
  sync_walker_free(&w, false);
  return ok;
}

static void forget(found *f) {
  free(f->clash);
  free(f->races);
  f->clash = NULL, f->races = NULL, f->nclash = f->nraces = 0;
}

/* Keep the conflicts of f that other found too; other forgets what it found. */
static void keep_found(found *f, found *other) {
  int n = 0;
  for (int i = 0; i < f->nraces; i++)
    for (int j = 0; j < other->nraces; j++) {
      const struct race *x = &f->races[i], *y = &other->races[j];
      if (x->a.op == y->a.op && x->b.op == y->b.op && x->a.pipe == y->a.pipe && x->b.pipe == y->b.pipe) {
        f->races[n++] = *x;
        break;
      }
    }
  f->nraces = n;
  forget(other);
}

/* Each walk is sound for every pair on its own: a pair is unordered only if the walk over
 * all runs, some case's walk (the cases cover every run), the walk with short loops taken
 * apart and the walk with the ends of loops pinned (verify-sync's SYNC_EACH_ENDS) all find it so. */
int sync_unordered(walker *ins, asc_op *func, struct race **out) {
  found all = {0}, other = {0};
  sync_cases cases;
  sync_cases_of(func, &cases);
  walk(ins, func, NULL, 0, true, &all, NULL);
  for (int k = cases.ncases > 1 ? 0 : cases.ncases; k <= cases.ncases && all.nraces; k++) {
    walk(ins, func, &cases, k, true, &other, NULL);
    if (k + 1 >= cases.ncases)
      keep_found(&all, &other);
  }
  if (all.nraces) { /* and the walk with the ends of loops whose first or last iteration skips a flag pinned */
    asc_pass_map ends;
    asc_pass_map_init(&ends);
    sync_ends_loops(func, &ends);
    if (ends.n) {
      walk(ins, func, NULL, 0, true, &other, &ends);
      keep_found(&all, &other);
    }
    asc_pass_map_free(&ends);
  }
  free(all.clash);
  *out = all.races;
  return all.nraces;
}

/* Can the walks per case (k < ncases) or the walk that takes short loops apart (k ==
 * ncases) order the conflict of a and b (NULL: unknown) the walk over all runs found
 * unordered?  Only if an if or loop whose condition or bound the cases split, or a loop of
 * at most SYNC_UNROLL constant trips, holds one of them. */
static bool may_order(const sync_cases *c, bool apart, const asc_op *a, const asc_op *b) {
  int64_t lb, n;
  if (!a || !b)
    return true;
  for (int i = 0; i < 2; i++)
    for (const asc_op *x = asc_op_parent_op(i ? b : a); x; x = asc_op_parent_op(x)) {
      const asc_op *cmp = x->code == ASC_OP_IF ? x->operands[ASC_OPND_IF_cond]->def : NULL;
      const asc_value *v0 = x->code == ASC_OP_FOR ? sync_trip_bound(x, &lb) : NULL, *v1 = NULL;
      n = x->code == ASC_OP_FOR ? asc_pass_trip_count(x) : -1;
      if (apart && n >= 1 && n <= SYNC_UNROLL)
        return true;
      if (cmp && cmp->code == ASC_OP_CMPI)
        v0 = sync_strip_cast(cmp->operands[ASC_OPND_CMPI_lhs]), v1 = sync_strip_cast(cmp->operands[ASC_OPND_CMPI_rhs]);
      for (int j = 0; !apart && j < c->n; j++)
        if (c->v[j].x == v0 || c->v[j].x == v1)
          return true;
    }
  return false;
}

/* Is every conflict of func ordered by the syncs it has now?  One check walk over all runs
 * answers; when it finds one unordered, and `more`, other walks may still prove every
 * conflict ordered: all the walks per case (the facts of each decide the branches and trip
 * counts the kernel's arguments decide), or the one that takes short loops apart.  Each is
 * sound on its own; the clashes of the walks that prove it go to f. */
static bool walks_ordered(walker *ins, asc_op *func, bool more, found *f) {
  sync_cases cases;
  bool ok = walk(ins, func, NULL, 0, false, f, NULL);
  asc_op *a = f->fail[0], *b = f->fail[1];
  if (ok || !more)
    return ok;
  forget(f);
  sync_cases_of(func, &cases);
  ok = cases.ncases > 1 && may_order(&cases, false, a, b);
  for (int k = 0; ok && k < cases.ncases; k++)
    ok = walk(ins, func, &cases, k, false, f, NULL);
  if (!ok && may_order(&cases, true, a, b)) {
    forget(f);
    ok = walk(ins, func, &cases, cases.ncases, false, f, NULL);
  }
  return ok;
}

/* Is every conflict ordered, and no set able to overtake a wait of its id?  With `trial`
 * (an inserted sync taken out), the walk with short loops apart may prove the first, and a
 * set that could overtake a wait is given another id when the ids allow. */
static bool all_ordered(walker *ins, asc_op *func, bool trial) {
  found f = {0};
  bool ok = walks_ordered(ins, func, trial, &f) &&
            sync_ids_fit(func, ins->edges, ins->nedges, f.clash, f.nclash, trial);
  forget(&f);
  return ok;
}

/* Is inserted barrier bar certainly needed, without a walk?  It sits in the function's own block
 * (every run reaches it) between two ops of its pipe that certainly share a byte one of them
 * writes: nothing between them orders them, so the trial walk would find that conflict unordered
 * and put the barrier back.  Answering here keeps straight-line code (a barrier per pair of
 * mmads) from costing a whole walk per barrier. */
static bool surely_needed(walker *w, asc_op *bar) {
  const asc_op *parent = asc_op_parent_op(bar);
  if (bar->code != ASC_OP_PIPE_BARRIER || !parent || parent->code != ASC_OP_FUNC)
    return false;
  int p = (int)asc_op_attr(bar, "pipe")->i;
  asc_op *a = bar->prev, *b = bar->next;
  if (p == ASC_PIPEID_PIPE_S || p == ASC_PIPEID_PIPE_ALL || !a || !b || sync_op_pipe(a) != p || sync_op_pipe(b) != p)
    return false;
  sync_access x[MAXACC], y[MAXACC];
  int nx = sync_op_accesses(&w->env, a, x, MAXACC), ny = sync_op_accesses(&w->env, b, y, MAXACC);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      if ((x[i].write || y[j].write) && !x[i].v.iv && !x[i].v.rot_iv && !y[j].v.iv && !y[j].v.rot_iv &&
          sync_must_overlap(&x[i].v, &y[j].v, SYNC_SAME_ITER))
        return true;
  return false;
}

/* Take group g (an edge with its priming sets and draining waits, or one inserted barrier)
 * out for good if every conflict stays ordered without it; else put each op back before the
 * op that followed it (there is one: a block ends in its terminator). */
static bool try_drop(walker *w, asc_op *func, int g) {
  enum { MAXOPS = 2 + 2 * SYNC_NIDS };
  const sync_edge *e = g < w->nedges ? &w->edges[g] : NULL;
  asc_op *op[MAXOPS] = {e ? e->set : w->bars.items[g - w->nedges], e ? e->wait : NULL}, *next[MAXOPS];
  int n = 0;
  if (!e && surely_needed(w, op[0]))
    return false;
  for (int j = 0; e && j < e->k && j < SYNC_NIDS; j++)
    op[2 + 2 * j] = e->prime[j], op[3 + 2 * j] = e->drain[j];
  for (int i = 0; i < MAXOPS; i++)
    if (op[i] && op[i]->parent) {
      op[n] = op[i], next[n++] = op[i]->next;
      asc_op_unlink(op[n - 1]);
    }
  if (!n)
    return false;
  if (!all_ordered(w, func, true)) {
    while (n-- > 0)
      asc_op_insert_before(next[n], op[n]);
    return false;
  }
  if (w->log)
    asc_diag(w->m->ctx, asc_op_diag_loc(op[0]), ASC_SEV_NOTE,
             "auto-sync: the %s above is dropped again: the other syncs imply it", asc_op_name(op[0]));
  return true;
}

void sync_finish(walker *w, asc_op *func) {
  found f = {0};
  bool dropped = true;
  /* The insertion walk had to guess some clashes: an edge it placed during a loop's second
   * walk has a first-iteration set no walk checked, and a next-iteration set it counted as
   * clashing with its own wait.  A walk of the finished syncs checks every set; when it finds
   * every conflict ordered, its clashes replace the guesses. */
  if (walks_ordered(w, func, false, &f)) {
    free(w->clash);
    w->clash = f.clash, w->nclash = w->capclash = f.nclash;
  }
  sync_assign_ids(w->m, func, w->edges, w->nedges, w->clash, w->nclash, &w->bars);
  /* Latest first, and again while a pass drops something: a sync that an earlier one (still
   * there on the first pass) kept necessary may go once that one has gone. */
  if (w->nedges + (int)w->bars.n && all_ordered(w, func, false)) {
    for (int pass = 0; pass < 3 && dropped; pass++) {
      dropped = false;
      for (int g = w->nedges + (int)w->bars.n - 1; g >= 0; g--)
        dropped |= try_drop(w, func, g);
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

