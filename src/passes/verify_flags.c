/* verify_flags.c - verify-sync's flag analysis: S002 deadlock, S003 double set, S004
 * unpaired set, S005 loop imbalance (sync.md B.10, hardware.md §8).
 *
 * Each flag (event, id) set and not yet waited is a counter of the flow state
 * (verify_sync.h), its op the set_flag for the notes.  A flag is a binary semaphore, so
 * a set on a set flag is lost (S003) and a wait on a clear one hangs (S002).
 *
 * Ids that are SSA values rather than constants pair by value identity (as auto-sync's
 * flag_key does).  When an op's id may or may not equal a pending flag's id (a runtime
 * id against another id of the same event), the event is no longer tracked and gives no
 * findings.  No warning when unsure. */
#include "passes/verify_sync.h"

_Static_assert(ASC_EVENT_FIX_FIX < 64, "fuzzy_ev needs one bit per event");

/* "(MTE2_V, 0)" */
static const char *flagname(const vs_count *f, char *buf, size_t n) {
  const char *ev = asc_enum_name(ASC_ENUM_EVENT, f->event);
  f->key ? snprintf(buf, n, "(%s, runtime id)", ev) : snprintf(buf, n, "(%s, %lld)", ev, (long long)f->cid);
  return buf;
}

/* Is v defined inside (strictly nested in) op? */
static bool defined_in(const asc_value *v, const asc_op *op) {
  for (const asc_op *p = asc_value_scope(v); p; p = asc_op_parent_op(p))
    if (p == op)
      return true;
  return false;
}

void vs_flag_op(vs_ctx *c, vs_state *s, asc_op *op) {
  vs_count f = {0};
  char nm[64];
  int i;
  bool set = op->code == ASC_OP_SET_FLAG;
  const asc_op *later = sync_later_iteration(c->w);
  if ((!set && op->code != ASC_OP_WAIT_FLAG) || !vs_sync_op_ok(op))
    return;
  f.event = asc_op_attr(op, "event")->i;
  /* V_V and FIX_FIX are barriers in disguise: no flag is involved (hardware.md §6). */
  if (f.event < 0 || f.event >= 64 || f.event == ASC_EVENT_V_V || f.event == ASC_EVENT_FIX_FIX)
    return;
  if (!vs_eval(c, op->operands[ASC_OPND_SET_FLAG_event_id], &f.cid))
    f.key = op->operands[ASC_OPND_SET_FLAG_event_id], f.cid = 0;
  /* Could the op touch a pending flag of the event with another id?  Two constants never alias
   * (no key); a runtime id and any other id (another key) might: stop tracking the event. */
  for (i = 0; i < s->ncnt; i++)
    if (s->cnt[i].event == f.event && s->cnt[i].key != f.key)
      vs_havoc(s, (uint64_t)1 << f.event); /* removes all of the event's counters */
  if (s->fuzzy_ev >> f.event & 1)
    return;
  i = vs_find(s, f.event, f.key, f.cid);
  flagname(&f, nm, sizeof nm);
  /* S003: a set while the flag is set (on some paths); S002: a wait while it is not set on every path.
   * One report path: the same arguments, the same notes. */
  if ((set ? i >= 0 : i < 0 || !s->cnt[i].lo) &&
      vs_warn(c, op, set ? VS_S003_DOUBLE : VS_S002_DEADLOCK,
              set ? "S003 double set: set_flag%s while the flag is already set%s (no wait_flag since the "
                    "previous set_flag), so this set is lost%s"
                  : "S002 deadlock: wait_flag%s %s%s",
              nm,
              set     ? (s->cnt[i].lo ? "" : " on some paths")
              : i < 0 ? "waits forever: no matching set_flag is pending on any path to it"
                      : "may wait forever: the matching set_flag is pending on some paths only (a branch or a "
                        "loop that may run zero times)",
              later ? " (in a later iteration of the enclosing loop)" : "")) {
    if (i >= 0)
      vs_note(c, s->cnt[i].op, set ? "previous set_flag%s here%s" : "set_flag%s on some paths only, here%s", nm,
              set && s->cnt[i].op == op ? ", in the previous iteration" : "");
    if (later)
      vs_note(c, later, "loop here");
  }
  if (set)
    vs_inc(s, f.event, f.key, f.cid, op, 1);
  else if (i >= 0)
    vs_dec(s, i);
}

/* S005: compare the flags pending before the loop with those after one iteration.
 * A runtime id computed inside the body names another flag in every iteration, so
 * its event is no longer tracked across iterations; a condition computed there is
 * another value in the next iteration. */
void vs_flag_loop(const walker *w, const void *before, void *after, const asc_op *loop, bool balance) {
  vs_ctx *c = w->dom->user;
  const vs_state *b = before;
  vs_state *a = after;
  char nm[64];
  for (int i = 0; i < a->ncnt; i++) {
    if (a->cnt[i].cond && defined_in(a->cnt[i].cond, loop))
      a->cnt[i].cond = NULL;
    if (a->cnt[i].event >= 0 && a->cnt[i].key && defined_in(a->cnt[i].key, loop))
      vs_havoc(a, (uint64_t)1 << a->cnt[i].event), i = -1; /* the counters moved: look again */
  }
  for (int i = 0; balance && i < a->ncnt; i++)
    if (a->cnt[i].event >= 0 && vs_find(b, a->cnt[i].event, a->cnt[i].key, a->cnt[i].cid) < 0 &&
        vs_warn(c, loop, VS_S005_MORESET,
                "S005 loop imbalance: each iteration of this loop sets flag%s once more than it waits "
                "for it%s",
                flagname(&a->cnt[i], nm, sizeof nm), a->cnt[i].lo ? "" : " on some paths"))
      vs_note(c, a->cnt[i].op, "set_flag%s here", nm);
  for (int i = 0; balance && i < b->ncnt; i++)
    if (b->cnt[i].event >= 0 && b->cnt[i].lo && !(a->fuzzy_ev >> b->cnt[i].event & 1) &&
        vs_find(a, b->cnt[i].event, b->cnt[i].key, b->cnt[i].cid) < 0 &&
        vs_warn(c, loop, VS_S005_MOREWAIT,
                "S005 loop imbalance: each iteration of this loop waits for flag%s once more than it "
                "sets it",
                flagname(&b->cnt[i], nm, sizeof nm)))
      vs_note(c, b->cnt[i].op, "set_flag%s before the loop here", nm);
}

/* S004: whatever is still set when the kernel returns. */
void vs_flag_end(vs_ctx *c, const vs_state *s) {
  char nm[64];
  for (int i = 0; i < s->ncnt; i++)
    if (s->cnt[i].event >= 0)
      vs_warn(c, s->cnt[i].op, VS_S004_UNPAIRED,
              "S004 unpaired set: set_flag%s is never waited: the flag is still set %swhen the kernel ends",
              flagname(&s->cnt[i], nm, sizeof nm), s->cnt[i].lo ? "" : "on some paths ");
}
