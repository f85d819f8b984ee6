/* verify_sync.h - the verify-sync pass (sync.md B.10): a static checker that never
 * changes the IR and reports what it finds as warnings whose message starts with a
 * code (S002 ... S010).  Shared by verify_sync.c (driver, S006/S007), verify_flags.c
 * (S002-S005: set_flag / wait_flag balance) and verify_tque.c (S010: TQue misuse,
 * pyasc's VerifySync messages), which ride on auto-sync's walker (sync_walk_domain).
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
} vs_ctx;

/* The value of v if it is a constant or computed by integer arith from constants and
 * the indices the walk pins (e.g. an id (iv % 2) + 4). */
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

/* Does a set_flag/wait_flag in loop take its id from the loop's index (iv % 2 for rotating
 * slots)?  Then the walk takes that loop iteration by iteration (sync_domain.each). */
bool vs_each(const walker *w, asc_op *loop);

/* The analyses (each runs one function). */
void vs_check_flags(vs_ctx *c);  /* S002-S005, verify_flags.c */
void vs_check_tque(vs_ctx *c);   /* S010, verify_tque.c */

/* S001 (static races) is the auto-sync checker's: sync_report_races (autosync.c). */

/* Is op a set_flag/wait_flag with its id operand and event attribute, or a
 * pipe_barrier with its pipe?  (Passes may be run on unverified modules through the C
 * API; malformed sync ops are skipped.) */
bool vs_sync_op_ok(const asc_op *op);

int asc_pass_verify_sync(asc_module *m);

#endif
