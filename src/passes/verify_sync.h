/* verify_sync.h - the verify-sync pass (sync.md B.10): a static checker that never
 * changes the IR and reports what it finds as warnings whose message starts with a
 * code (S002 ... S010).  Shared by verify_sync.c (driver, S006/S007), verify_flags.c
 * (S002-S005: set_flag / wait_flag balance) and verify_tque.c (S010: TQue misuse,
 * pyasc's VerifySync messages), which share one state (vs_state) and one walk of
 * auto-sync's walker (sync_walk_domain).
 * See docs/verify-sync.md. */
#ifndef ASC_VERIFY_SYNC_H
#define ASC_VERIFY_SYNC_H

#include "passes/sync_walk.h"

/* What a finding is, so that a loop body walked twice reports each finding once.
 * One kind per message shape (kinds are bits of a 64-bit mask). */
enum vs_kind {
  VS_S002_DEADLOCK,   /* wait with no set pending on some or all paths */
  VS_S003_DOUBLE,     /* set while already set */
  VS_S004_UNPAIRED,   /* set still pending at kernel end */
  VS_S005_MORESET,    /* loop body sets more than it waits */
  VS_S005_MOREWAIT,   /* loop body waits more than it sets */
  VS_S006_RANGE,      /* id outside 0..7 */
  VS_S006_RESERVED,   /* id 6/7 with a TPipe, M_MTE1 0..2 on AIC */
  VS_S007_NOCORE,     /* event valid on no core */
  VS_S007_CORE,       /* event or pipe this kernel's core lacks */
  VS_S007_BARRIER,    /* pipe_barrier(PIPE_S) or a pipe arch 2201 lacks */
  VS_S010_FREE_NOALLOC,
  VS_S010_FREE_TWICE,
  VS_S010_ALLOC_NOFREE,
  VS_S010_DEQUE_NOENQUE,
  VS_S010_ENQUE_NODEQUE,
  VS_S010_USE_ENQUEUED,
  VS_NKINDS
};

/* The analysis of one function. */
typedef struct vs_ctx {
  asc_module *m;
  asc_op *func;
  asc_pass_map reported; /* op -> mask of the vs_kinds already reported at it */
  const walker *w;       /* the walk under way (its facts pin the indices walked iteration by iteration) */
  bool opaque;           /* a call reaches code the flow analyses cannot see: only S006/S007 */
  asc_pass_map each;     /* loop -> its sync_each: a flag id follows its index (ALL), a flag op
                          * runs on a comparison of its index (ENDS) */
  unsigned seen;         /* the core kinds the function's ops need (ASC_HW_MASK bits) */
  int core;              /* so the core it runs on: ASC_HW_AIV, ASC_HW_AIC, or -1: unknown */
  const asc_op *tpipe;   /* the first TPipe, or NULL */
} vs_ctx;

/* The value of v if it is a constant or computed by integer arith from constants and
 * the indices the walk pins (e.g. an id (iv % 2) + 4). */
bool vs_eval(const vs_ctx *c, const asc_value *v, int64_t *out);

/* Report a warning at op unless the same kind was already reported there; returns
 * true if it was reported (the caller then adds its notes). */
bool vs_warn(vs_ctx *c, const asc_op *op, enum vs_kind kind, const char *fmt, ...) ASC_PRINTF(4, 5);
void vs_note(vs_ctx *c, const asc_op *op, const char *fmt, ...) ASC_PRINTF(3, 4);

/* The flow analyses' state at a point of the walk; one walk serves both (verify_sync.c
 * copies and meets it):
 *  - counters: how many of something are outstanding, as an interval [lo, hi] over the
 *    paths (absent: [0, 0]): a flag (event, id) set and not waited (0 or 1; lo 0: "on
 *    some paths"), or the tensors of an alloc_tensor not yet freed (a loop body's alloc
 *    runs once per iteration; saturating at VS_MAXCOUNT), or a queue whose frees cannot
 *    all be traced (VS_FUZZY_QUEUE, kept at [0, 1]: no alloc/free finding for it);
 *  - FIFO entries (verify_tque.c): per queue, in order, the tensors enqueued and not yet
 *    dequeued; an entry with no queue is a dequeued one, binding the deque result to the
 *    tensor it handed back;
 *  - fuzzy_ev: flag events no longer tracked (their ids may alias). */
enum { VS_ALLOC = -1, VS_FUZZY_QUEUE = -2, VS_MAXCOUNT = 3 };

typedef struct vs_count {
  int64_t event;         /* a flag's event, or VS_ALLOC, VS_FUZZY_QUEUE */
  const void *key;       /* the flag id's SSA value (NULL: the constant cid), the alloc op, the queue */
  int64_t cid;
  int lo, hi;
  const asc_op *op;      /* the set_flag that set the flag, the alloc */
  /* Certain exactly on the side `arm` (0 then, 1 else) of an scf.if on cond, and absent on
   * the other (a later scf.if on cond knows which); NULL: no such knowledge. */
  const asc_value *cond;
  int arm;
} vs_count;

/* How a tensor resolves to its buffer. */
enum vs_res {
  VS_RES_UNKNOWN, /* cannot tell */
  VS_RES_ALLOC,   /* a tensor of an alloc_tensor op */
  VS_RES_DECL,    /* not a queue tensor: a function argument, a TBuf or static tensor */
  VS_RES_NONE,    /* a deque that had nothing to pop: already reported */
};

typedef struct vs_tensor {
  enum vs_res res;
  const asc_op *alloc;     /* VS_RES_ALLOC */
  const asc_value *origin; /* the tensor value it was reached from, for notes */
} vs_tensor;

typedef struct vs_ent {
  const asc_value *que;    /* NULL: dequeued, tensor is the deque result */
  const asc_op *enq;       /* NULL: identity forgotten at a join */
  const asc_value *tensor; /* the enqueued value (subviews stripped); NULL once redefined */
  vs_tensor t;
  bool may;                /* in the queue on some paths only */
} vs_ent;

typedef struct vs_state {
  vs_count *cnt;
  vs_ent *ent;
  int ncnt, nent, capcnt, capent;
  uint64_t fuzzy_ev;
} vs_state;

/* The counter of (event, key, cid): its index, or -1. */
int vs_find(const vs_state *s, int64_t event, const void *key, int64_t cid);
/* One more of (event, key, cid), by op (at most max); returns the counter. */
vs_count *vs_inc(vs_state *s, int64_t event, const void *key, int64_t cid, const asc_op *op, int max);
void vs_dec(vs_state *s, int i); /* one fewer of counter i (gone at 0) */
void vs_havoc(vs_state *s, uint64_t events); /* stop tracking these flag events (bit: event) */

/* The analyses' transfer functions (verify_flags.c: S002-S005, verify_tque.c: S010), the
 * loop check (S005), the meet of the FIFOs, and what they report at the kernel's end. */
void vs_flag_op(vs_ctx *c, vs_state *s, asc_op *op);
void vs_flag_loop(const walker *w, const void *before, void *after, const asc_op *loop, bool balance);
void vs_flag_end(vs_ctx *c, const vs_state *s);
void vs_tque_op(vs_ctx *c, vs_state *s, asc_op *op);
void vs_tque_meet(vs_state *s, const vs_state *o);
void vs_tque_end(vs_ctx *c, const vs_state *s);

/* S001 (static races) is the auto-sync checker's: sync_report_races (autosync.c). */

/* Is op a set_flag/wait_flag with its id operand and event attribute, or a
 * pipe_barrier with its pipe?  (Passes may be run on unverified modules through the C
 * API; malformed sync ops are skipped.) */
bool vs_sync_op_ok(const asc_op *op);

int asc_pass_verify_sync(asc_module *m);

#endif
