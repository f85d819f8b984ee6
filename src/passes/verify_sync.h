/* verify_sync.h - the verify-sync pass (sync.md B.10): a static checker that never
 * changes the IR and reports what it finds as warnings whose message starts with a
 * code (S002 ... S010).  Shared by verify_sync.c (driver, S006/S007), verify_walk.c
 * (the walker over structured control flow), verify_flags.c (S002-S005: set_flag /
 * wait_flag balance) and verify_tque.c (S010: TQue misuse, pyasc's VerifySync
 * messages).  See docs/verify-sync.md. */
#ifndef ASC_VERIFY_SYNC_H
#define ASC_VERIFY_SYNC_H

#include "passes/passes.h"

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

/* A loop IV bound to the value it has in the iteration being walked. */
typedef struct vs_iv {
  const asc_value *iv;
  int64_t val;
} vs_iv;

/* At most VS_MAXIVS nested loops are walked iteration by iteration, VS_UNROLL
 * iterations each; loops nested deeper than VS_MAXDEPTH are walked once per walk of
 * their parent, which keeps the work linear past that depth (verify_walk.c). */
enum { VS_MAXIVS = 2, VS_UNROLL = 8, VS_MAXDEPTH = 12 };

/* The analysis of one function. */
typedef struct vs_ctx {
  asc_module *m;
  asc_op *func;
  asc_pass_map reported; /* op -> mask of the vs_kinds already reported at it */
  const asc_op *later_iter; /* innermost loop whose body is walked again (iteration >= 2) */
  vs_iv ivs[VS_MAXIVS];     /* IVs of the loops walked iteration by iteration */
  int nivs;
  int depth; /* loops around the op being walked */
} vs_ctx;

/* The value of v if it is a constant or computed by integer arith from constants and
 * the bound IVs (e.g. an id (iv % 2) + 4). */
bool vs_eval(const vs_ctx *c, const asc_value *v, int64_t *out);

/* Report a warning at op unless the same kind was already reported there; returns
 * true if it was reported (the caller then adds its notes). */
bool vs_warn(vs_ctx *c, const asc_op *op, enum vs_kind kind, const char *fmt, ...) ASC_PRINTF(4, 5);
void vs_note(vs_ctx *c, const asc_op *op, const char *fmt, ...) ASC_PRINTF(3, 4);
/* The op a note about value v should point at: its definition, or the function for a
 * function argument (NULL if neither). */
const asc_op *vs_decl_op(vs_ctx *c, const asc_value *v);
/* Is v defined inside (strictly nested in) op? */
bool vs_defined_in(const asc_value *v, const asc_op *op);

/* An abstract domain the walker runs over structured control flow.  States are
 * opaque; the walker copies one per branch arm and per loop iteration and meets
 * them at the joins (what holds on every path; "may" facts where paths differ). */
typedef struct vs_domain {
  void *(*copy)(const void *st);
  void (*join)(void *st, const void *other); /* st := st meet other */
  void (*drop)(void *st);
  void (*op)(vs_ctx *c, void *st, asc_op *op); /* every op, before its regions */
  /* After a loop iteration: before = state at the loop, after = after the iteration
   * (may be adjusted, e.g. to forget values the next iteration redefines).  balance:
   * also check that one iteration leaves things as it found them (S005); not done when
   * the loop is walked iteration by iteration, where ids differ between iterations. */
  void (*loop)(vs_ctx *c, const void *before, void *after, const asc_op *loop, bool balance);
  /* Optional, for correlated branches: the meet at the end of an scf.if on cond (st:
   * the then-arm's state, other: the else-arm's), and entering an arm (0 then, 1 else)
   * of an scf.if on cond, where facts known to hold only on that arm's side of an
   * earlier scf.if on the same cond become certain and those of the other side vanish. */
  void (*join_if)(void *st, const void *other, const asc_value *cond);
  void (*enter_arm)(void *st, const asc_value *cond, int arm);
} vs_domain;

/* Walk the ops of b in order, updating st: scf.if arms from the same state, joined;
 * loop bodies twice (iteration 2 starts from iteration 1's end), joined with the
 * zero-trip state unless the trip count is a known constant >= 1; loops whose event
 * ids follow their IV iteration by iteration (verify_walk.c). */
void vs_walk_block(vs_ctx *c, const vs_domain *d, asc_block *b, void *st);

/* The analyses (each runs one function). */
void vs_check_flags(vs_ctx *c);  /* S002-S005, verify_flags.c */
void vs_check_tque(vs_ctx *c);   /* S010, verify_tque.c */

/* S001 (static races) is the auto-sync checker's: sync_report_races (autosync.c). */

/* Is op a set_flag/wait_flag with its id operand and event attribute, or a
 * pipe_barrier with its pipe?  (Passes may be run on unverified modules through the C
 * API; malformed sync ops are skipped.) */
bool vs_sync_op_ok(const asc_op *op);

/* Grow *p (an array of n elements of size sz, capacity *cap) to hold one more. */
void *vs_grow(void *p, int *cap, int n, size_t sz);

int asc_pass_verify_sync(asc_module *m);

#endif
