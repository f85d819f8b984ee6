/* verify_flags.c - verify-sync's flag analysis: S002 deadlock, S003 double set, S004
 * unpaired set, S005 loop imbalance (sync.md B.10, hardware.md §8).
 *
 * The state is the set of flags (event, id) that are set and not yet waited, each
 * either on every path ("must") or on some paths only ("may"), with the set_flag
 * that set it for the notes.  A flag is a binary semaphore, so a set on a set flag
 * is lost (S003) and a wait on a clear one hangs (S002).
 *
 * Ids that are SSA values rather than constants pair by value identity (as auto-sync's
 * flag_key does).  When an op's id may or may not equal a pending flag's id (a
 * runtime id against another id of the same event), the event becomes "fuzzy": it
 * is no longer tracked and gives no findings.  No warning when unsure. */
#include <stdlib.h>
#include <string.h>

#include "passes/verify_sync.h"

typedef struct vf_flag {
  int64_t event;
  const asc_value *key; /* the id's SSA value when not a constant, else NULL */
  int64_t cid;          /* the constant id */
  bool may;             /* set on some paths only */
  const asc_op *set;    /* the set_flag that set it */
  /* A "may" flag that is set exactly on one arm's side (arm 0: then, 1: else) of an
   * scf.if on cond, and certain there; NULL: no such knowledge. */
  const asc_value *cond;
  int arm;
} vf_flag;

typedef struct vf_state {
  vf_flag *f;
  int n, cap;
  uint64_t fuzzy; /* events no longer tracked (bit = event value) */
} vf_state;

_Static_assert(ASC_EVENT_FIX_FIX < 64, "fuzzy needs one bit per event");

/* ---- state -------------------------------------------------------------------------------- */

static void *vf_copy(const void *p) {
  const vf_state *s = p;
  vf_state *t = calloc(1, sizeof *t);
  if (!t)
    asc_die("out of memory");
  *t = *s;
  t->cap = s->n;
  t->f = s->n ? malloc((size_t)s->n * sizeof *t->f) : NULL;
  if (s->n && !t->f)
    asc_die("out of memory");
  if (s->n)
    memcpy(t->f, s->f, (size_t)s->n * sizeof *t->f);
  return t;
}

static void vf_drop(void *p) {
  vf_state *s = p;
  free(s->f);
  free(s);
}

static int vf_find(const vf_state *s, int64_t ev, const asc_value *key, int64_t cid) {
  for (int i = 0; i < s->n; i++)
    if (s->f[i].event == ev && s->f[i].key == key && s->f[i].cid == cid)
      return i;
  return -1;
}

static void vf_add(vf_state *s, vf_flag f) {
  s->f = sync_grow(s->f, &s->cap, s->n, sizeof *s->f);
  s->f[s->n++] = f;
}

static void vf_del(vf_state *s, int i) {
  memmove(&s->f[i], &s->f[i + 1], (size_t)(s->n - i - 1) * sizeof *s->f);
  s->n--;
}

/* Stop tracking event ev. */
static void vf_havoc(vf_state *s, int64_t ev) {
  s->fuzzy |= (uint64_t)1 << ev;
  for (int i = s->n - 1; i >= 0; i--)
    if (s->f[i].event == ev)
      vf_del(s, i);
}

/* Pending at the join if pending on both sides; pending on one side only: "may".  At
 * the end of an scf.if on cond, a flag certain on exactly one side is tagged with it. */
static void vf_meet(void *p, const void *q, const asc_value *cond) {
  vf_state *s = p;
  const vf_state *o = q;
  for (int i = 0; i < s->n; i++) {
    vf_flag *f = &s->f[i];
    int j = vf_find(o, f->event, f->key, f->cid);
    const vf_flag *g = j < 0 ? NULL : &o->f[j];
    if (g && !(g->cond == f->cond && g->arm == f->arm))
      f->cond = NULL; /* the two sides know different things: keep neither */
    if (!g && cond && !f->may)
      f->cond = cond, f->arm = 0;
    else if (!g)
      f->cond = NULL;
    f->may |= !g || g->may;
  }
  for (int j = 0; j < o->n; j++)
    if (vf_find(s, o->f[j].event, o->f[j].key, o->f[j].cid) < 0) {
      vf_flag f = o->f[j];
      f.cond = cond && !f.may ? cond : NULL;
      f.arm = 1;
      f.may = true;
      vf_add(s, f);
    }
  s->fuzzy |= o->fuzzy;
  for (int64_t ev = 0; ev < 64; ev++)
    if (s->fuzzy >> ev & 1)
      vf_havoc(s, ev);
}

/* Entering arm `arm` of an scf.if on cond: a flag known set exactly on that side of an
 * earlier scf.if on the same cond is set here; one known set on the other side is not. */
static void vf_enter_arm(void *p, const asc_value *cond, int arm) {
  vf_state *s = p;
  for (int i = s->n - 1; i >= 0; i--) {
    if (s->f[i].cond != cond)
      continue;
    if (s->f[i].arm == arm)
      s->f[i].may = false, s->f[i].cond = NULL;
    else
      vf_del(s, i);
  }
}

/* ---- transfer ------------------------------------------------------------------------------ */

/* "(MTE2_V, 0)" */
static const char *flagname(const vf_flag *f, char *buf, size_t n) {
  const char *ev = asc_enum_name(ASC_ENUM_EVENT, f->event);
  if (f->key)
    snprintf(buf, n, "(%s, runtime id)", ev);
  else
    snprintf(buf, n, "(%s, %lld)", ev, (long long)f->cid);
  return buf;
}

/* Could an op on (ev, key, cid) touch a pending flag of ev with another id?  Two
 * different constants never alias; anything with a runtime id might. */
static bool ambiguous(const vf_state *s, int64_t ev, const asc_value *key, int64_t cid) {
  for (int i = 0; i < s->n; i++) {
    const vf_flag *f = &s->f[i];
    if (f->event == ev && (f->key != key || f->cid != cid) && (f->key || key))
      return true;
  }
  return false;
}

static const char *iter_suffix(const vs_ctx *c) {
  return sync_later_iteration(c->w) ? " (in a later iteration of the enclosing loop)" : "";
}

static void later_note(vs_ctx *c) {
  if (sync_later_iteration(c->w))
    vs_note(c, sync_later_iteration(c->w), "loop here");
}

static void do_set(vs_ctx *c, vf_state *s, asc_op *op, vf_flag f) {
  char nm[64];
  int i = vf_find(s, f.event, f.key, f.cid);
  if (i < 0) {
    vf_add(s, f);
    return;
  }
  if (vs_warn(c, op, VS_S003_DOUBLE,
              "S003 double set: set_flag%s while the flag is already set%s (no wait_flag since the "
              "previous set_flag), so this set is lost%s",
              flagname(&f, nm, sizeof nm), s->f[i].may ? " on some paths" : "", iter_suffix(c))) {
    vs_note(c, s->f[i].set, "previous set_flag%s here%s", nm,
            s->f[i].set == op ? ", in the previous iteration" : "");
    later_note(c);
  }
  s->f[i].may = false;
  s->f[i].cond = NULL;
  s->f[i].set = op;
}

static void do_wait(vs_ctx *c, vf_state *s, asc_op *op, vf_flag f) {
  char nm[64];
  int i = vf_find(s, f.event, f.key, f.cid);
  if (i < 0) {
    if (vs_warn(c, op, VS_S002_DEADLOCK,
                "S002 deadlock: wait_flag%s waits forever: no matching set_flag is pending on any path "
                "to it%s",
                flagname(&f, nm, sizeof nm), iter_suffix(c)))
      later_note(c);
    return;
  }
  if (s->f[i].may &&
      vs_warn(c, op, VS_S002_DEADLOCK,
              "S002 deadlock: wait_flag%s may wait forever: the matching set_flag is pending on some "
              "paths only (a branch or a loop that may run zero times)%s",
              flagname(&f, nm, sizeof nm), iter_suffix(c))) {
    vs_note(c, s->f[i].set, "set_flag%s on some paths only, here", nm);
    later_note(c);
  }
  vf_del(s, i);
}

static void vf_op(const walker *w, void *p, asc_op *op) {
  vs_ctx *c = w->dom->user;
  vf_state *s = p;
  const asc_value *key = NULL;
  int64_t cid = 0, ev;
  c->w = w;
  if ((op->code != ASC_OP_SET_FLAG && op->code != ASC_OP_WAIT_FLAG) || !vs_sync_op_ok(op))
    return;
  ev = asc_op_attr(op, "event")->i;
  /* V_V and FIX_FIX are barriers in disguise: no flag is involved (hardware.md §6). */
  if (ev < 0 || ev >= 64 || ev == ASC_EVENT_V_V || ev == ASC_EVENT_FIX_FIX || (s->fuzzy >> ev & 1))
    return;
  if (!vs_eval(c, op->operands[0], &cid))
    key = op->operands[0], cid = 0;
  if (ambiguous(s, ev, key, cid)) {
    vf_havoc(s, ev);
    return;
  }
  if (op->code == ASC_OP_SET_FLAG)
    do_set(c, s, op, (vf_flag){ev, key, cid, false, op, NULL, 0});
  else
    do_wait(c, s, op, (vf_flag){ev, key, cid, false, op, NULL, 0});
}

/* S005: compare the flags pending before the loop with those after one iteration.
 * A runtime id computed inside the body names another flag in every iteration, so
 * its event is no longer tracked across iterations. */
static void vf_loop(const walker *w, const void *before, void *after, const asc_op *loop, bool balance) {
  vs_ctx *c = w->dom->user;
  const vf_state *b = before;
  vf_state *a = after;
  char nm[64];
  uint64_t redefined = 0;
  for (int i = 0; i < a->n; i++) {
    if (a->f[i].key && vs_defined_in(a->f[i].key, loop))
      redefined |= (uint64_t)1 << a->f[i].event;
    if (a->f[i].cond && vs_defined_in(a->f[i].cond, loop))
      a->f[i].cond = NULL; /* the next iteration's condition is another value */
  }
  for (int64_t ev = 0; ev < 64; ev++)
    if (redefined >> ev & 1)
      vf_havoc(a, ev);
  if (!balance)
    return;
  for (int i = 0; i < a->n; i++)
    if (vf_find(b, a->f[i].event, a->f[i].key, a->f[i].cid) < 0 &&
        vs_warn(c, loop, VS_S005_MORESET,
                "S005 loop imbalance: each iteration of this loop sets flag%s once more than it waits "
                "for it%s",
                flagname(&a->f[i], nm, sizeof nm), a->f[i].may ? " on some paths" : ""))
      vs_note(c, a->f[i].set, "set_flag%s here", nm);
  for (int i = 0; i < b->n; i++)
    if (!b->f[i].may && !(a->fuzzy >> b->f[i].event & 1) &&
        vf_find(a, b->f[i].event, b->f[i].key, b->f[i].cid) < 0 &&
        vs_warn(c, loop, VS_S005_MOREWAIT,
                "S005 loop imbalance: each iteration of this loop waits for flag%s once more than it "
                "sets it",
                flagname(&b->f[i], nm, sizeof nm)))
      vs_note(c, b->f[i].set, "set_flag%s before the loop here", nm);
}

/* S004: whatever is still set when the kernel returns. */
static void report_pending(vs_ctx *c, const vf_state *s) {
  char nm[64];
  for (int i = 0; i < s->n; i++)
    vs_warn(c, s->f[i].set, VS_S004_UNPAIRED,
            "S004 unpaired set: set_flag%s is never waited: the flag is still set %swhen the kernel ends",
            flagname(&s->f[i], nm, sizeof nm), s->f[i].may ? "on some paths " : "");
}

void vs_check_flags(vs_ctx *c) {
  sync_domain d = {vf_copy, vf_meet, vf_drop, vf_op, vf_enter_arm, vf_loop, vs_each, c};
  vf_state *s = calloc(1, sizeof *s);
  if (!s)
    asc_die("out of memory");
  s = sync_walk_domain(c->m, c->func, &d, s);
  c->w = NULL;
  report_pending(c, s);
  vf_drop(s);
}
