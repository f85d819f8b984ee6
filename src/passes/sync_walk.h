/* sync_walk.h - the auto-sync walk's own types, shared by its files: autosync.c (the walk
 * and the passes), sync_state.c (what each pipe knows, and the meet of paths), sync_facts.c
 * (branch conditions and trip counts) and sync_minimize.c (the minimality post-pass). */
#ifndef ASC_SYNC_WALK_H
#define ASC_SYNC_WALK_H

#include "passes/sync_internal.h"

enum { MAXPEND = 32, MAXQ = 16, QSLOTS = 8, MAXACC = 64, MAXLOOPS = 32, MAXROT = 64, MAXFACTS = 32 };

/* What is known complete of each pipe p: its elements with walk index <= t[p], and those
 * in the intervals [glo[p][g], ghi[p][g]] (elements that did not run on this path: an if's
 * other arm, a loop that ran zero times or once).  glo > ghi: no such interval. */
enum { NGAPS = 3 };
typedef struct token {
  int64_t t[SYNC_NPIPES];
  int64_t glo[SYNC_NPIPES][NGAPS], ghi[SYNC_NPIPES][NGAPS];
} token;

/* A pending user set_flag: (event, id) with id a constant or an SSA value. */
typedef struct pend {
  int64_t event;
  const void *key;
  int64_t cid;
  token tok;
} pend;

/* A TQue's runtime state (hardware.md §9): round-robin slot cursor, the backward token
 * each slot's last free left, and the forward FIFO of enqueued slots. */
typedef struct qstate {
  const asc_value *q;
  int depth;
  int64_t cursor; /* -1: unknown */
  token bwd[QSLOTS];
  int fifo_slot[QSLOTS];
  token fifo_tok[QSLOTS];
  int nfifo;
} qstate;

struct walker;

/* A second analysis riding on the walk (verify-sync's flag balance and TQue checks, which
 * ask no order question): its state travels in state->dom, copied and met with the walk's
 * own, so it sees the same paths: arms the facts leave possible, loops walked twice (or
 * iteration by iteration, when `each` asks), met with the zero- and one-trip paths. */
typedef struct sync_domain {
  void *(*copy)(const void *st);
  void (*meet)(void *st, const void *other, const asc_value *cond); /* cond: the if's, or NULL */
  void (*drop)(void *st);
  void (*op)(const struct walker *w, void *st, asc_op *op); /* every op, before its regions */
  void (*enter_arm)(void *st, const asc_value *cond, int arm); /* optional: arm 0 then, 1 else */
  /* After an iteration, before the next (before: the state at the loop).  balance: also
   * check that one iteration leaves things as it found them; not when the loop is walked
   * iteration by iteration (optional). */
  void (*loop)(const struct walker *w, const void *before, void *after, const asc_op *loop, bool balance);
  int (*each)(const struct walker *w, asc_op *loop); /* how to walk loop: a sync_each */
  void *user;
} sync_domain;

/* How the riding analysis asks a loop to be walked: as the walk takes any loop; every
 * iteration with its index pinned (at most SYNC_EACH); or its first and its last iteration
 * pinned and the iterations between them as one range of the index, walked twice (an scf.if
 * on `index != first`, `index < last`, ... then takes one arm in each). */
enum sync_each { SYNC_EACH_NONE, SYNC_EACH_ALL, SYNC_EACH_ENDS };

typedef struct state {
  token k[SYNC_NPIPES];
  int64_t last[SYNC_NPIPES];
  pend pend[MAXPEND];
  int npend;
  qstate qs[MAXQ];
  int nq;
  void *dom; /* the riding analysis' state, or NULL */
  const sync_domain *domain;
} state;

/* A loop being walked: entries with idx >= cur are from the iteration being walked; in
 * the second walk (hi > 0) those with idx in [lo, hi) are from the previous one. */
typedef struct carried {
  asc_op *loop;
  int64_t cur, lo, hi;
  bool each;          /* walked iteration by iteration for the riding analysis */
  const state *entry; /* the state before the loop */
} carried;

/* check walk with last_walks walks each iteration of a loop of at most this many constant
 * trips apart (sync_minimize.c). */
enum { SYNC_UNROLL = 4 };
/* A riding analysis walks at most SYNC_EACH_LOOPS nested loops iteration by iteration,
 * SYNC_EACH iterations each (a multiple of every rotation period 1, 2, 4, 8), and loops
 * nested deeper than SYNC_DOM_DEPTH once per walk of their parent (linear work). */
enum { SYNC_EACH = 8, SYNC_EACH_LOOPS = 2, SYNC_DOM_DEPTH = 12 };

typedef struct walker {
  sync_env env;
  asc_module *m;
  bool full;
  bool check; /* insert nothing, only find whether some conflict is unordered (failed), or
               * with collect, which (minimality, S001, the riding analyses' walks) */
  bool log;   /* inserting: note each sync and why (auto_sync_log) */
  bool failed;       /* check walk: a conflict is unordered */
  asc_op *fail[2]; /* check walk: its two ops (NULL: a rotating one judged late) */
  bool last_walks;   /* check walk: walk short loops of constant trips iteration by iteration */
  int quiet;         /* check walk: checks nothing (the riding analysis) */
  const sync_domain *dom; /* a riding analysis (check walk, quiet), or NULL */
  const asc_pass_map *ends; /* check walk for S001: loops to walk as SYNC_EACH_ENDS (sync_ends_loops) */
  asc_pass_vec bars; /* the pipe_barrier ops inserted (same-pipe conflicts, PIPE_ALL fallbacks) */
  sync_access *hist;
  size_t nhist, caphist;
  int64_t idx;
  carried loops[MAXLOOPS];
  int nloops;
  sync_edge *edges;
  token *etok;           /* per edge: what its last walked set carries */
  token *ptok;           /* per loop-carried edge: what its priming set carries */
  token *rtok;           /* per loop-carried edge: what its set carried in the loop's first walk */
  int nedges, capedges;
  sync_clash *clash;
  int nclash, capclash;
  asc_pass_map post;     /* if/loop op -> index + 1 into posts: set tokens after it */
  token (*posts)[SYNC_NPIPES];
  int nposts, capposts;
  asc_pass_map edge_of; /* inserted set/wait op -> edge index + 1 */
  struct rotdone {       /* rotating orders made: iteration i - k -> i */
    const asc_op *loop, *aop; /* the producer */
    int q;                    /* the consumer pipe */
    asc_op *wait;             /* the rotating wait, or NULL: the order is intra-iteration */
    int64_t k;                /* iteration distance it orders */
  } rdone[MAXROT];
  int nrdone;
  struct fact {          /* x (minus y, if y) lies in [lo, hi] in the if arms being walked */
    const asc_value *x;
    int64_t lo, hi;
    const asc_value *y; /* verify-sync's walk only: a loop's index against its runtime bound */
  } facts[MAXFACTS];
  int nfacts;
  struct deferred {      /* check walk: rotating conflicts left to the end of a second walk */
    const asc_op *loop;
    int64_t aidx;
    int apipe, bpipe;
    int race;                 /* collect: its entry in races, or -1 */
  } deferred[MAXROT];
  int ndeferred;
  /* check walk with collect (verify-sync's S001): every unordered conflict, once per pair of
   * ops and pipes, instead of stopping at the first; live: found unordered (a rotating one
   * stays provisional until its third walk). */
  bool collect;
  struct race {
    sync_access a, b;
    int kind;          /* need(): 1 barrier, 2 flag, 3 rotating flag */
    bool next, certain, live;
  } *races;
  int nraces, capraces;
} walker;

/* The values branch conditions and loop bounds test against constants (kernel arguments),
 * each with the cuts where a test changes its truth: every combination of ranges between
 * cuts is a case, and the cases cover every run.  ncases 0: too many to walk each. */
enum { MAXSPLIT = 4, MAXCUTS = 6, MAXCASES = 32 };
typedef struct sync_cases {
  int n, ncases;
  bool full;
  struct {
    const asc_value *x;
    int ncut;
    int64_t cut[MAXCUTS];
  } v[MAXSPLIT];
} sync_cases;

/* sync_state.c */
void sync_tok_empty(token *t);
bool sync_knows(const token *t, int p, int64_t x); /* pipe p's element x is known complete */
void sync_comp_join(token *dst, const token *src, int p);
void sync_comp_add(token *t, int p, int64_t lo, int64_t hi); /* p's [lo, hi] known too */
void sync_tok_join(token *dst, const token *src);             /* what either knows */
void sync_tok_meet(token *dst, const token *src);             /* what both know */
token sync_set_token(const state *st, int p); /* what a set_flag on p issued now carries */
state *sync_state_new(void);
state *sync_state_copy(const state *st);
void sync_state_assign(state *dst, const state *src);
void sync_state_meet(state *dst, const state *src, const asc_value *cond); /* what both paths know */
void sync_state_free(state *st);

/* sync_facts.c */
/* The values of x the facts of the arms being walked allow. */
void sync_fact_range(const walker *w, const asc_value *x, int64_t *lo, int64_t *hi);
/* Push what `cond` being `truth` says; false if the arms being walked rule it out. */
bool sync_assume(walker *w, const asc_value *cond, bool truth, bool *pushed);
const asc_value *sync_strip_cast(const asc_value *v);
/* v as base + *c (casts, adding and subtracting constants seen through); NULL: the constant *c. */
const asc_value *sync_offset_form(const asc_value *v, int64_t *c);
/* d is `x <pred> constant` (an arith.cmpi, pred eq ne slt sle sgt sge with x on the left):
 * its x (casts stripped), pred and constant; false if d is of no such form. */
bool sync_cmp_const(const asc_op *d, const asc_value **x, int64_t *pred, int64_t *c);
/* The index value of iteration t of loop (constant start and step); false if unknown. */
bool sync_index_at(const asc_op *loop, int64_t t, int64_t *v);
bool sync_loop_free(const asc_value *v); /* the same in every iteration of every loop */
/* Clip [*lo, *hi] to the index values of loop's iterations; false if none is left. */
bool sync_index_values(const asc_op *loop, int64_t *lo, int64_t *hi);
/* The runtime bound of loop when its start (*lb) and step are constants, else NULL. */
const asc_value *sync_trip_bound(const asc_op *loop, int64_t *lb);
/* An scf.if that compares a loop's index (plus a constant) with a constant or with the
 * loop's runtime bound (plus a constant) and sets or waits flags (the first iteration
 * skipping a wait, the last a set: `i != 0`, `i < n - 1`): its loop goes into each as
 * SYNC_EACH_ENDS, to be walked with its ends pinned so that the comparison is known in each
 * walk.  sync_ends_loops: every such loop of func. */
void sync_mark_ends(asc_op *op, asc_pass_map *each);
void sync_ends_loops(asc_op *func, asc_pass_map *each);
/* The fewest and most trips loop can make where the walk is. */
void sync_trip_range(const walker *w, const asc_op *loop, int64_t *tmin, int64_t *tmax);

void sync_cases_of(asc_op *func, sync_cases *c);
/* Case k's range of each value, into out (MAXSPLIT facts); returns their number. */
int sync_case_facts(const sync_cases *c, int k, struct fact *out);

/* sync_minimize.c */
/* After the insertion walk: the clashes of the finished syncs, event ids (PIPE_ALL where none
 * is left), minimality (B.5: each inserted sync taken out in turn and kept out if the others
 * imply it), and the ids written into the flags. */
void sync_finish(walker *w, asc_op *func);
/* The checker's answer for every pair: the conflicts of func that no check walk (over all
 * runs, or short loops of constant trips walked iteration by iteration) finds ordered, into
 * *out (free it); returns their number. */
int sync_unordered(walker *ins, asc_op *func, struct race **out);
/* check walk with last_walks: walk a loop of at most SYNC_UNROLL constant trips once per
 * iteration. */
bool sync_unrolled(const walker *w, const asc_op *loop);

/* autosync.c, for the check walk */
void sync_walk_func(walker *w, asc_op *func, state *st); /* the whole body from st */
void sync_walk_body(walker *w, asc_op *loop, state *st); /* one iteration of loop */
void sync_walker_free(walker *w, bool edges);
/* Walk func with analysis d riding (its state dom0 at the entry); returns its state at the
 * end (drop it).  Inserts nothing, checks no order. */
void *sync_walk_domain(asc_module *m, asc_op *func, const sync_domain *d, void *dom0);
/* The loop whose walk the walk is in for a later iteration (innermost), or NULL. */
const asc_op *sync_later_iteration(const walker *w);
/* check walk, the end of loop's second walk: the rotating conflicts left fail. */
void sync_resolve_deferred(walker *w, const asc_op *loop, const state *st);
/* check walk: some conflict is unordered (race: its collect entry, or -1). */
void sync_fail(walker *w, int race);

#endif
