/* verify_sync.c - the verify-sync pass: driver, reporting, the state the flow analyses
 * share, and the per-op checks S006 (bad id) and S007 (bad event or pipe).  The IR is
 * never changed; every finding is a warning.
 *
 * The flow analyses (verify_flags.c, verify_tque.c: one state, met here, on one walk of
 * auto-sync's walker) run on every public function whose calls, if any, reach no sync or
 * TQue op (inlining normally removes calls); private functions are helpers meant to be
 * inlined, so their flags pair up in the caller. */
#include <stdlib.h>
#include <string.h>

#include "passes/verify_sync.h"

/* ---- reporting ---------------------------------------------------------------------------- */

bool vs_warn(vs_ctx *c, const asc_op *op, enum vs_kind kind, const char *fmt, ...) {
  int64_t seen = asc_pass_map_get(&c->reported, op), bit = (int64_t)1 << kind;
  va_list ap;
  if (seen & bit)
    return false;
  asc_pass_map_set(&c->reported, op, seen | bit);
  va_start(ap, fmt);
  asc_vdiag(c->m->ctx, asc_op_diag_loc(op), ASC_SEV_WARNING, fmt, ap);
  va_end(ap);
  return true;
}

void vs_note(vs_ctx *c, const asc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  asc_vdiag(c->m->ctx, asc_op_diag_loc(op), ASC_SEV_NOTE, fmt, ap);
  va_end(ap);
}

bool vs_sync_op_ok(const asc_op *op) {
  bool flag = op->code == ASC_OP_SET_FLAG || op->code == ASC_OP_WAIT_FLAG;
  const asc_attr *a = asc_op_attr(op, flag ? "event" : "pipe");
  return (flag ? op->noperands == 1 : op->code == ASC_OP_PIPE_BARRIER) && a && a->kind == ASC_ATTR_ENUM &&
         a->enum_kind == (flag ? ASC_ENUM_EVENT : ASC_ENUM_PIPEID);
}

/* ---- ids as functions of loop indices ------------------------------------------------------- */

/* Small values only: the ids and indices of interest are; anything larger is "unknown". */
static bool small(int64_t v) { return v > -(INT64_C(1) << 31) && v < (INT64_C(1) << 31); }

/* v as a constant: an arith.constant, an index the walk pins (walked iteration by iteration),
 * or the arith ops an id computation is made of (the rest: unknown). */
static bool eval(const vs_ctx *c, const asc_value *v, int64_t *out, int depth) {
  const asc_op *d = v->def;
  int64_t a, b;
  if (asc_pass_const_int(v, out))
    return small(*out);
  if (c->w && sync_iv_loop(v)) {
    sync_fact_range(c->w, v, &a, &b);
    return a == b && (*out = a, small(a));
  }
  if (!d || depth > 16 || d->noperands < 1 || !eval(c, d->operands[ASC_OPND_ADDI_lhs], &a, depth + 1))
    return false;
  if (d->code == ASC_OP_INDEX_CAST || d->code == ASC_OP_EXTSI || (d->code == ASC_OP_EXTUI && a >= 0))
    return *out = a, true;
  if (d->noperands != 2 || !eval(c, d->operands[ASC_OPND_ADDI_rhs], &b, depth + 1))
    return false;
  switch (d->code) {
  case ASC_OP_ADDI: *out = a + b; break;
  case ASC_OP_SUBI: *out = a - b; break;
  case ASC_OP_MULI: *out = a * b; break;
  case ASC_OP_REMSI: return b != 0 && (*out = a % b, true);
  case ASC_OP_DIVSI: return b != 0 && (*out = a / b, true);
  case ASC_OP_REMUI: return a >= 0 && b > 0 && (*out = a % b, true);
  case ASC_OP_DIVUI: return a >= 0 && b > 0 && (*out = a / b, true);
  default: return false;
  }
  return small(*out);
}

bool vs_eval(const vs_ctx *c, const asc_value *v, int64_t *out) { return eval(c, v, out, 0); }

/* Mark the loops whose index v is computed from (within a few ops); SSA scoping makes them
 * loops around v's users. */
static void mark_each(vs_ctx *c, const asc_value *v, int depth) {
  if (sync_iv_loop(v))
    asc_pass_map_set(&c->each, sync_iv_loop(v), SYNC_EACH_ALL);
  for (int i = 0; v->def && depth < 8 && i < v->def->noperands; i++)
    mark_each(c, v->def->operands[i], depth + 1);
}

/* Does a set_flag/wait_flag in loop take its id from the loop's index (iv % 2 for rotating
 * slots; scan_op marks such loops)?  Then the walk takes that loop iteration by iteration,
 * which pins the index (sync_index_at needs a constant start and step); an id that still
 * cannot be evaluated stays a runtime id, redefined in each iteration, whose event is
 * dropped: no warning when unsure. */
static int each(const walker *w, asc_op *loop) {
  int64_t v;
  if (!sync_index_at(loop, 0, &v))
    return SYNC_EACH_NONE;
  return (int)asc_pass_map_get(&((vs_ctx *)w->dom->user)->each, loop);
}

/* ---- the flow analyses' state ----------------------------------------------------------------- */

static void *dup(const void *p, int n, size_t sz) {
  void *q = n ? asc_xrealloc(NULL, (size_t)n * sz) : NULL;
  return n ? memcpy(q, p, (size_t)n * sz) : NULL;
}

static void *st_copy(const void *p) {
  const vs_state *s = p;
  vs_state *t = dup(s, 1, sizeof *s);
  t->cnt = dup(s->cnt, s->ncnt, sizeof *s->cnt), t->capcnt = s->ncnt;
  t->ent = dup(s->ent, s->nent, sizeof *s->ent), t->capent = s->nent;
  return t;
}

static void st_drop(void *p) {
  vs_state *s = p;
  free(s->cnt);
  free(s->ent);
  free(s);
}

int vs_find(const vs_state *s, int64_t event, const void *key, int64_t cid) {
  for (int i = 0; i < s->ncnt; i++)
    if (s->cnt[i].event == event && s->cnt[i].key == key && s->cnt[i].cid == cid)
      return i;
  return -1;
}

vs_count *vs_inc(vs_state *s, int64_t event, const void *key, int64_t cid, const asc_op *op, int max) {
  int i = vs_find(s, event, key, cid);
  if (i < 0) {
    s->cnt = sync_grow(s->cnt, &s->capcnt, s->ncnt, sizeof *s->cnt);
    s->cnt[i = s->ncnt++] = (vs_count){event, key, cid, 0, 0, op, NULL, 0};
  }
  vs_count *n = &s->cnt[i];
  n->lo += n->lo < max;
  n->hi += n->hi < max;
  n->op = op;
  n->cond = NULL; /* the other side of the if it was tagged with may now have it too */
  return n;
}

void vs_dec(vs_state *s, int i) {
  s->cnt[i].lo -= s->cnt[i].lo > 0;
  s->cnt[i].cond = NULL;
  if (--s->cnt[i].hi > 0)
    return;
  memmove(&s->cnt[i], &s->cnt[i + 1], (size_t)(s->ncnt - i - 1) * sizeof *s->cnt);
  s->ncnt--;
}

void vs_havoc(vs_state *s, uint64_t events) {
  s->fuzzy_ev |= events;
  for (int i = s->ncnt - 1; i >= 0; i--)
    if (s->cnt[i].event >= 0 && (events >> s->cnt[i].event & 1))
      s->cnt[i].hi = 1, vs_dec(s, i);
}

/* Outstanding at the join: the least and the most of both sides (absent: 0).  At the end of
 * an scf.if on cond, a counter certain on exactly one side is tagged with that side. */
static void st_meet(void *p, const void *q, const asc_value *cond) {
  vs_state *s = p;
  const vs_state *o = q;
  int n = s->ncnt;
  for (int j = 0; j < o->ncnt; j++)
    if (vs_find(s, o->cnt[j].event, o->cnt[j].key, o->cnt[j].cid) < 0) {
      const vs_count *g = &o->cnt[j];
      s->cnt = sync_grow(s->cnt, &s->capcnt, s->ncnt, sizeof *s->cnt);
      s->cnt[s->ncnt++] = (vs_count){g->event, g->key, g->cid, 0, g->hi, g->op, cond && g->lo > 0 ? cond : NULL, 1};
    }
  for (int i = 0; i < n; i++) {
    vs_count *f = &s->cnt[i];
    int j = vs_find(o, f->event, f->key, f->cid);
    const vs_count *g = j < 0 ? NULL : &o->cnt[j];
    if (!g && cond && f->lo > 0)
      f->cond = cond, f->arm = 0;
    else if (!g || g->cond != f->cond || g->arm != f->arm)
      f->cond = NULL; /* the two sides know different things: keep neither */
    f->lo = g && g->lo < f->lo ? g->lo : g ? f->lo : 0;
    f->hi = g && g->hi > f->hi ? g->hi : f->hi;
  }
  vs_tque_meet(s, o);
  vs_havoc(s, s->fuzzy_ev | o->fuzzy_ev);
}

/* Entering arm `arm` of an scf.if on cond: a counter known certain exactly on that side of
 * an earlier scf.if on the same cond is certain here; one known on the other side is absent. */
static void st_enter_arm(void *p, const asc_value *cond, int arm) {
  vs_state *s = p;
  for (int i = s->ncnt - 1; i >= 0; i--)
    if (s->cnt[i].cond == cond && s->cnt[i].arm == arm)
      s->cnt[i].lo += s->cnt[i].lo == 0, s->cnt[i].cond = NULL;
    else if (s->cnt[i].cond == cond)
      s->cnt[i].hi = 1, vs_dec(s, i);
}

static void st_op(const walker *w, void *p, asc_op *op) {
  vs_ctx *c = w->dom->user;
  c->w = w;
  vs_flag_op(c, p, op);
  vs_tque_op(c, p, op);
}

/* ---- S006 / S007: checks of single ops ------------------------------------------------------ */

/* What the function's ops reveal about the core it runs on (a mask of core kinds seen):
 * vector ops and VEC* positions mean the AIV, cube pipes and L1/L0 positions the AIC, code
 * for an AIC and the rest (a MIX kernel) both.  Both or neither: unknown, and no
 * core-specific finding is made.  A pipe or memory that only one core kind has tells. */
static void see(vs_ctx *c, unsigned cores) {
  if (cores == ASC_HW_MASK(ASC_HW_AIV) || cores == ASC_HW_MASK(ASC_HW_AIC))
    c->seen |= cores;
}

/* Why an event or pipe is missing on the kernel's core (hardware.md §5-§6: the AIV has S V
 * MTE2 MTE3, the AIC S M MTE1 MTE2 MTE3 FIX). */
static const char *const lacks[ASC_HW_NCORES] = {
    [ASC_HW_AIV] = "a vector core (AIV), which has no PIPE_M, PIPE_MTE1 or PIPE_FIX; this kernel uses vector "
                   "operations",
    [ASC_HW_AIC] = "a cube core (AIC), which has no PIPE_V; this kernel uses cube operations"};

/* S006: ids known at compile time must be 0..7; with a TPipe, ids 6 and 7 are not the
 * user's (6 is reserved for system planning, 7 is used by TPipe's automatic
 * synchronization; hardware.md §7, sync.md B.8), nor M_MTE1 ids 0..2 on the AIC
 * (TPipe::Init holds them). */
static void check_id(vs_ctx *c, const asc_op *op, int64_t ev) {
  int64_t id;
  if (!vs_eval(c, op->operands[ASC_OPND_SET_FLAG_event_id], &id)) /* a constant, or computed from constants */
    return;
  if (id < 0 || id > 7)
    vs_warn(c, op, VS_S006_RANGE, "S006 bad id: event id %lld is out of range: each event has ids 0-7",
            (long long)id);
  else if (c->tpipe && (id >= 6 || (c->core == ASC_HW_AIC && ev == ASC_EVENT_M_MTE1 && id <= 2)) &&
           vs_warn(c, op, VS_S006_RESERVED, /* one argument list: %.0s drops the event's name */
                   id >= 6 ? "S006 bad id: event id %lld of %s is reserved when the kernel has a TPipe (id 6 "
                             "is reserved for the system, id 7 for TPipe's automatic synchronization); use "
                             "ids 0-5, or ids from AllocEventID/FetchEventID"
                           : "S006 bad id: M_MTE1 id %lld is reserved on a cube core with a TPipe (TPipe::Init "
                             "holds M_MTE1 ids 0-2)%.0s",
                   (long long)id, asc_enum_name(ASC_ENUM_EVENT, ev)))
    vs_note(c, c->tpipe, "TPipe created here");
}

/* S007: an event joining pipes no core has both of (V with a cube pipe), a barrier of a pipe
 * arch 2201 lacks, pipe_barrier(PIPE_S); an event or pipe the kernel's core lacks (hw.def's
 * event slots say which cores have an event: those with both its pipes).  Then S006. */
static void local_op(asc_op *op, void *user) {
  vs_ctx *c = user;
  bool ev = op->code != ASC_OP_PIPE_BARRIER;
  if (!vs_sync_op_ok(op))
    return;
  int64_t x = asc_op_attr(op, ev ? "event" : "pipe")->i;
  const char *name = asc_enum_name(ev ? ASC_ENUM_EVENT : ASC_ENUM_PIPEID, x);
  unsigned cores = ev ? asc_hw_event_cores(x) : asc_hw_pipe_cores((int)x);
  if (!ev && x == ASC_PIPEID_PIPE_S)
    vs_warn(c, op, VS_S007_BARRIER,
            "S007 bad event: pipe_barrier(PIPE_S) is illegal: scalar order is already guaranteed");
  else if (!cores && (ev ? asc_hw_event_src(x) >= 0 : x != ASC_PIPEID_PIPE_ALL)) /* else: unknown, all */
    vs_warn(c, op, ev ? VS_S007_NOCORE : VS_S007_BARRIER,
            ev ? "S007 bad event: %s is valid on no core: it would pair a pipe of the AIC with one of the AIV"
               : "S007 bad event: pipe %s does not exist on arch 2201",
            name);
  else if (cores && c->core >= 0 && !(cores & ASC_HW_MASK(c->core)))
    vs_warn(c, op, VS_S007_CORE,
            ev ? "S007 bad event: %s is not available on %s" : "S007 bad event: pipe_barrier(%s) on %s", name,
            lacks[c->core]);
  if (ev)
    check_id(c, op, x);
}

/* ---- driver --------------------------------------------------------------------------------- */

/* A callee with sync or TQue ops or a further call, or a function the module lacks, is
 * code the flow analyses cannot see: they would see half a protocol. */
static void callee_op(asc_op *op, void *user) {
  *(bool *)user |= asc_opinfo_of(op->code)->family == ASC_FAM_SYNC || op->code == ASC_OP_CALL ||
                   op->code == ASC_OP_ENQUE || op->code == ASC_OP_DEQUE || op->code == ASC_OP_ALLOC_TENSOR ||
                   op->code == ASC_OP_FREE_TENSOR;
}

/* One scan of the function's ops before the checks: the core, the TPipe, calls to such code
 * (c->opaque), and the loops whose index a flag id is computed from (c->each). */
static void scan_op(asc_op *op, void *user) {
  vs_ctx *c = user;
  const asc_attr *callee = op->code == ASC_OP_CALL ? asc_op_attr(op, "callee") : NULL;
  asc_op *f = callee ? asc_module_lookup_func(c->m, callee->s) : NULL;
  if (f)
    asc_walk(f, callee_op, &c->opaque);
  c->opaque |= callee && !f;
  if (op->code == ASC_OP_TPIPE && !c->tpipe)
    c->tpipe = op;
  if (op->code == ASC_OP_ASCEND_IS_AIC)
    c->seen = ASC_HW_MASK(ASC_HW_AIV) | ASC_HW_MASK(ASC_HW_AIC);
  if ((op->code == ASC_OP_SET_FLAG || op->code == ASC_OP_WAIT_FLAG) && vs_sync_op_ok(op))
    mark_each(c, op->operands[ASC_OPND_SET_FLAG_event_id], 0);
  if (op->code == ASC_OP_IF)
    sync_mark_ends(op, &c->each);
  if (asc_opinfo_of(op->code)->family == ASC_FAM_SYNC)
    return; /* the events used are what is being checked, not evidence of the core */
  see(c, asc_hw_pipe_cores(asc_hw_op_pipe(op)));
  for (int i = 0; i < op->noperands + op->nresults; i++) {
    const asc_type *t = i < op->noperands ? op->operands[i]->type : op->results[i - op->noperands].type;
    if (t->kind == ASC_TY_LTENSOR || t->kind == ASC_TY_TBUF || t->kind == ASC_TY_QUEUE)
      see(c, asc_hw_pos_cores(t->pos));
    if (t->kind == ASC_TY_QUEUE)
      see(c, asc_hw_pos_cores(t->pos2)); /* a TQueBind's second position */
  }
}

/* Every function, also those of nested modules (asc_pass_verify_sync walks the module). */
static void verify_func(asc_op *func, void *m) {
  vs_ctx c = {.m = m, .func = func};
  if (func->code != ASC_OP_FUNC)
    return;
  asc_pass_map_init(&c.reported);
  asc_pass_map_init(&c.each);
  asc_walk(func, scan_op, &c);
  c.core = c.seen == ASC_HW_MASK(ASC_HW_AIV)   ? ASC_HW_AIV
           : c.seen == ASC_HW_MASK(ASC_HW_AIC) ? ASC_HW_AIC : -1;
  asc_walk(func, local_op, &c); /* S006, S007 */
  /* a function with a sym_visibility (private) is a helper, as for sync-final-barrier */
  if (!asc_op_attr(func, "sym_visibility") && !c.opaque && func->nregions && func->regions[0].block) {
    sync_domain d = {st_copy, st_meet, st_drop, st_op, st_enter_arm, vs_flag_loop, each, &c};
    vs_state none = {0}, *s;
    sync_report_races(m, func); /* S001: what auto-sync-full would still add (autosync.c) */
    s = sync_walk_domain(m, func, &d, st_copy(&none)); /* S002-S005, S010: one walk */
    vs_flag_end(&c, s); /* what is left at the kernel's end */
    vs_tque_end(&c, s);
    st_drop(s);
  }
  asc_pass_map_free(&c.reported);
  asc_pass_map_free(&c.each);
}

/* The IR is only read. */
int asc_pass_verify_sync(asc_module *m) {
  asc_walk(m->op, verify_func, m);
  return 0;
}
