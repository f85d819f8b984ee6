/* sync_minimize.c - auto-sync's minimality post-pass (sync.md B.5): each inserted sync is
 * taken out in turn and stays out if a check walk finds every conflict still ordered (over
 * all runs, or with short loops of constant trips walked iteration by iteration). */
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
 * still counts its priming set on the first iteration.  With last_walks, it walks short
 * loops of constant trips iteration by iteration (autosync.c, walk_loop). */
static bool walk(walker *ins, asc_op *func, bool last_walks, bool collect, found *f) {
  state *st = sync_state_new();
  walker w;
  int n = ins->nedges ? ins->nedges : 1;
  bool ok;
  memset(&w, 0, sizeof w);
  w.last_walks = last_walks;
  w.collect = collect;
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

/* Each walk is sound for every pair on its own: a pair is unordered only if the walk over
 * all runs and the walk with short loops taken apart both find it so. */
int sync_unordered(walker *ins, asc_op *func, struct race **out) {
  found all = {0}, apart = {0};
  int n = 0;
  walk(ins, func, false, true, &all);
  if (all.nraces)
    walk(ins, func, true, true, &apart);
  for (int i = 0; i < all.nraces; i++)
    for (int j = 0; j < apart.nraces; j++) {
      const struct race *x = &all.races[i], *y = &apart.races[j];
      if (x->a.op == y->a.op && x->b.op == y->b.op && x->a.pipe == y->a.pipe && x->b.pipe == y->b.pipe) {
        all.races[n++] = *x;
        break;
      }
    }
  forget(&apart);
  free(all.clash);
  *out = all.races;
  return n;
}

/* Can the walk that takes short loops of constant trips apart order the conflict of a and b
 * (NULL: unknown) that the walk over all runs found unordered?  Only if such a loop holds
 * one of them. */
static bool in_short_loop(const asc_op *a, const asc_op *b) {
  if (!a || !b)
    return true;
  for (int i = 0; i < 2; i++)
    for (const asc_op *x = asc_op_parent_op(i ? b : a); x; x = asc_op_parent_op(x))
      if (x->code == ASC_OP_FOR && asc_pass_trip_count(x) >= 1 && asc_pass_trip_count(x) <= SYNC_UNROLL)
        return true;
  return false;
}

/* Is every conflict of func ordered by the syncs it has now?  One check walk over all runs
 * answers; when it finds one unordered, and `more`, the walk that takes short loops apart
 * may still prove every conflict ordered.  Each is sound on its own; the clashes of the
 * walk that proves it go to f. */
static bool walks_ordered(walker *ins, asc_op *func, bool more, found *f) {
  if (walk(ins, func, false, false, f))
    return true;
  more = more && in_short_loop(f->fail[0], f->fail[1]);
  forget(f);
  return more && walk(ins, func, true, false, f);
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

/* Take group g (an edge with its priming sets and draining waits, or one inserted barrier)
 * out for good if every conflict stays ordered without it; else put each op back before the
 * op that followed it (there is one: a block ends in its terminator). */
static bool try_drop(walker *w, asc_op *func, int g) {
  enum { MAXOPS = 2 + 2 * SYNC_NIDS };
  const sync_edge *e = g < w->nedges ? &w->edges[g] : NULL;
  asc_op *op[MAXOPS] = {e ? e->set : w->bars.items[g - w->nedges], e ? e->wait : NULL}, *next[MAXOPS];
  int n = 0;
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

