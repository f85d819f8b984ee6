/* sync_internal.h - shared by the auto-sync passes (autosync.c, sync_access.c,
 * sync_ids.c): the access model (which pipe runs an op, which bytes of which buffer
 * it touches) and the edges the analysis inserts.  See docs in sync.md Part B. */
#ifndef ASC_SYNC_INTERNAL_H
#define ASC_SYNC_INTERNAL_H

#include "passes/passes.h"

/* Pipes are numbered as the PIPEID enum (PIPE_S = 0 ... PIPE_FIX = 10). */
enum { SYNC_NPIPES = 11, SYNC_NOPIPE = -1, SYNC_NIDS = 8 };

/* A resolved view: bytes [lo, hi) of the buffer `root` (hi = SYNC_WHOLE: to its end). */
#define SYNC_WHOLE INT64_MAX
typedef struct sync_view {
  const void *root; /* a queue/tbuf/gm value, or a memory-space key (static tensors) */
  int64_t lo, hi;
  bool any; /* offset unknown: anywhere in root (lo = 0, hi = SYNC_WHOLE) */
  const asc_value *iv; /* if set, both bounds move by coef bytes per unit of this IV */
  int64_t coef;
  /* Rotating buffers (B.7): if rot_iv is set, both bounds also move by rot_stride bytes
   * times the slot (rot_cx * rot_iv + c) mod rot_k, e.g. x[(i % 2) * tile:]. */
  const asc_value *rot_iv;
  int64_t rot_k, rot_cx, rot_stride;
  /* An unknown but loop-invariant offset (e.g. block_idx * len): symcoef bytes per unit
   * of sym.  Views with the same sym compare by the rest. */
  const asc_value *sym;
  int64_t symcoef;
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

/* sync_access.c */
int sync_op_pipe(const asc_op *op); /* SYNC_NOPIPE if the op runs on no pipe */
int sync_event_src(int64_t event);
int sync_event_dst(int64_t event);
int64_t sync_event_of(int src, int dst); /* -1 if no such HardEvent */
/* The accesses of op (at most cap) into out; returns their number. */
int sync_op_accesses(sync_env *env, asc_op *op, sync_access *out, int cap);
/* How the IV values of two accesses relate: the same iteration (or no IV), b at least one
 * iteration (of `step`) after a, or unknown. */
enum { SYNC_SAME_ITER, SYNC_LATER_ITER, SYNC_UNKNOWN_ITER };
/* 0: disjoint; 1: may overlap; 2: rotating slots: b overlaps a only k iterations later. */
int sync_overlap(const sync_view *a, const sync_view *b, int rel, int64_t step);
/* The scf.for whose induction variable iv is, or NULL. */
asc_op *sync_iv_loop(const asc_value *iv);
/* A queue's producer / consumer pipe (forward event src / dst). */
int sync_queue_producer(const asc_type *q);
int sync_queue_consumer(const asc_type *q);

/* An edge the analysis inserted: set after the producer, wait before the consumer;
 * loop-carried edges also have a priming set before and a draining wait after the loop. */
typedef struct sync_edge {
  int64_t event;
  asc_op *set, *wait;        /* the ops in the body (or straight-line code) */
  int k;                     /* 0: plain; 1: loop-carried; > 1: rotating over k ids */
  asc_op *prime[SYNC_NIDS];  /* loop-carried: the k sets before the loop, */
  asc_op *drain[SYNC_NIDS];  /* and the k waits after it */
  asc_op *slot;              /* rotating: the op computing iv mod k in the body */
  int id;                    /* allocated (first) id, -1 before allocation */
  int64_t widx;              /* walk index of its wait, last time walked (0: never) */
} sync_edge;

/* Pairs (e1, e2) of edges of one event that may not share an id: e2's set may execute
 * before e1's wait has (a flag is a binary semaphore: a second set before the wait is
 * lost, hardware.md §8). */
typedef struct sync_clash {
  int e1, e2;
} sync_clash;

/* sync_ids.c: give every edge an id (0..7) avoiding ids user code uses; an edge that
 * finds none is replaced by pipe_barrier(PIPE_ALL) with a note.  Returns 0. */
int sync_assign_ids(asc_module *m, asc_op *func, sync_edge *edges, int nedges, const sync_clash *clash,
                    int nclash);

/* Create a sync op (set_flag / wait_flag with an id operand, or pipe_barrier). */
asc_op *sync_make_flag(asc_module *m, asc_opcode code, int64_t event, asc_value *id, asc_loc loc);
asc_op *sync_make_barrier(asc_module *m, int pipe, asc_loc loc);

/* The passes (table in passes.c). */
int asc_pass_auto_sync(asc_module *m);
int asc_pass_auto_sync_full(asc_module *m);
int asc_pass_sync_final_barrier(asc_module *m);

#endif
