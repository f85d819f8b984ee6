/* sync_internal.h - shared by the auto-sync passes (autosync.c, sync_access.c,
 * sync_ids.c): the access model (which pipe runs an op, which bytes of which buffer
 * it touches) and the edges the analysis inserts.  See docs in sync.md Part B. */
#ifndef ASC_SYNC_INTERNAL_H
#define ASC_SYNC_INTERNAL_H

#include "ops/hw_ir.h"
#include "passes/passes.h"

/* Pipes are numbered as the PIPEID enum (PIPE_S = 0 ... PIPE_FIX = 10). */
enum { SYNC_NPIPES = 11, SYNC_NOPIPE = -1, SYNC_NIDS = 8 };

/* A linear form c + sum k[i] * atom[i] over loop-invariant SSA values (kernel arguments,
 * sizes computed from them).  Atoms are assumed non-negative: in a valid kernel they are
 * sizes, counts and addresses (docs/sync.md says so; the race detector checks at run time). */
enum { SYNC_NATOMS = 4 };
typedef struct sync_lin {
  int64_t c;
  int n; /* atoms used */
  const asc_value *atom[SYNC_NATOMS];
  int64_t k[SYNC_NATOMS];
} sync_lin;

/* A resolved view: bytes [lo, lo + len) of the buffer `root` (open: to its end), in the
 * iteration where iv = 0 and rotation slot 0. */
typedef struct sync_view {
  const void *root; /* a queue/tbuf/gm value, or a memory-space key (static tensors) */
  bool any;         /* offset unknown: anywhere in root (within: anywhere in [lo, lo + len)) */
  bool within;      /* any, but inside the closed range [lo, lo + len) of the view it was taken from */
  bool open;        /* length unknown: from lo to the end of root */
  sync_lin lo, len;
  const asc_value *iv; /* if set, both bounds move by coef bytes per unit of this IV */
  sync_lin coef;
  /* Rotating buffers (B.7): if rot_iv is set, both bounds also move by rot_stride bytes
   * times the slot (rot_cx * rot_iv + rot_c) mod rot_k, e.g. x[(i % 2) * tile:]. */
  const asc_value *rot_iv;
  int64_t rot_k, rot_cx, rot_c;
  sync_lin rot_stride;
} sync_view;

/* One memory access of one op. */
typedef struct sync_access {
  asc_op *op;
  int pipe;
  bool write;
  sync_view v;
  int64_t idx;               /* position in the walk (increases monotonically) */
  int64_t snap[SYNC_NPIPES]; /* what the op's pipe knew complete when it was issued */
} sync_access;

/* Per-function facts gathered before the walk. */
typedef struct sync_env {
  asc_module *m;
  asc_pass_map gt_ptr;   /* global tensor value -> gm pointer value it is bound to */
  asc_pass_map qslot;    /* queue tensor value -> slot + 1 (0: unknown) */
  asc_pass_map qdepth;   /* queue value -> number of buffers */
} sync_env;

/* sync_state.c: grow *p (an array of n elements of size sz, capacity *cap) to hold one more. */
void *sync_grow(void *p, int *cap, int n, size_t sz);

/* sync_access.c */
int sync_op_pipe(const asc_op *op); /* SYNC_NOPIPE if the op runs on no pipe */
/* The accesses of op (at most cap) into out; returns their number. */
int sync_op_accesses(sync_env *env, asc_op *op, sync_access *out, int cap);
/* How the IV values of two accesses relate: the same iteration (or no IV), b at least one
 * iteration (of `step`) after a, or unknown. */
enum { SYNC_SAME_ITER, SYNC_LATER_ITER, SYNC_UNKNOWN_ITER };
/* 0: disjoint; 1: may overlap; 2: rotating slots: b overlaps a only k iterations later. */
int sync_overlap(const sync_view *a, const sync_view *b, int rel, int64_t step);
/* v as the first iteration of its loop (constant lower bound) touches it; false if unknown. */
bool sync_first_iteration(const sync_view *v, sync_view *out);
/* v in the iteration where its IV is iv; false if v does not move with an IV. */
bool sync_view_at(const sync_view *v, int64_t iv, sync_view *out);
/* c certainly touches every byte a does: both fixed (no IV, no rotation, a known offset) in one
 * buffer, a's bytes inside c's. */
bool sync_view_covers(const sync_view *c, const sync_view *a);
/* a and b certainly share a byte (same iteration; rotating views: same slot). */
bool sync_must_overlap(const sync_view *a, const sync_view *b, int rel);
/* "UB bytes [0, 2048)": where an access lands, for messages. */
void sync_describe(const sync_view *v, char *buf, size_t n);
/* The scf.for whose induction variable iv is, or NULL. */
asc_op *sync_iv_loop(const asc_value *iv);

/* An edge the analysis inserted: set after the producer, wait before the consumer;
 * loop-carried edges also have a priming set before and a draining wait after the loop. */
typedef struct sync_edge {
  int64_t event;
  asc_op *set, *wait;        /* the ops in the body (or straight-line code) */
  int k;                     /* 0: plain; 1: loop-carried; > 1: rotating over k ids */
  asc_op *prime[SYNC_NIDS];  /* loop-carried: the k sets before the loop, */
  asc_op *drain[SYNC_NIDS];  /* and the k waits after it */
  asc_op *slot;              /* rotating: the op computing iv mod k in the body */
  asc_op *loop;              /* loop-carried: the loop it is primed and drained around */
  int id;                    /* allocated (first) id, -1 before allocation */
  int64_t widx;              /* walk index of its wait, last time walked (0: never) */
} sync_edge;

/* Pairs (e1, e2) of edges of one event that may not share an id: e2's set may execute
 * before e1's wait has (a flag is a binary semaphore: a second set before the wait is
 * lost, hardware.md §8). */
typedef struct sync_clash {
  int e1, e2;
} sync_clash;

/* sync_ids.c: choose every edge an id (0..7, into e->id) avoiding ids user code uses; an
 * edge that finds none is replaced by pipe_barrier(PIPE_ALL) with a note (those barriers
 * are appended to bars). */
void sync_assign_ids(asc_module *m, asc_op *func, sync_edge *edges, int nedges, const sync_clash *clash,
                     int nclash, asc_pass_vec *bars);
/* Do the ids the edges still in func hold fit a new set of clashes (minimality took an edge
 * out), every edge whose ids rotate because its set may overtake its wait of the iteration
 * before still having the edges that close its cycle k iterations on?  If the ids do not
 * fit and `again`, choose them again; false, changing nothing, if some edge is left without. */
bool sync_ids_fit(asc_op *func, sync_edge *edges, int nedges, const sync_clash *clash, int nclash, bool again);
/* Write the chosen ids into the flags of the edges still in func, and drop the slot ops
 * (iv mod k) of rotating edges that are gone. */
void sync_give_ids(asc_module *m, asc_op *func, sync_edge *edges, int nedges);

/* Create a sync op (set_flag / wait_flag with an id operand, or pipe_barrier). */
asc_op *sync_make_flag(asc_module *m, asc_opcode code, int64_t event, asc_value *id, asc_loc loc);
asc_op *sync_make_barrier(asc_module *m, int pipe, asc_loc loc);

/* The passes (table in passes.c). */
int asc_pass_auto_sync(asc_module *m);
int asc_pass_auto_sync_full(asc_module *m);
int asc_pass_sync_final_barrier(asc_module *m);
/* verify-sync's S001: run the full analysis on a copy of func and warn, instead of
 * inserting, for every order it would add (a race candidate).  Returns the count. */
int sync_report_races(asc_module *m, asc_op *func);

#endif
