/* verify_sync.c - the verify-sync pass: driver, reporting, the structured-control-flow
 * walker the flow analyses share, and the per-op checks S006 (bad id) and S007 (bad
 * event or pipe).  The IR is never changed; every finding is a warning.
 *
 * Flow analyses (verify_flags.c, verify_tque.c) run on every public function whose
 * calls, if any, reach no sync or TQue op (inlining normally removes calls); private
 * functions are helpers meant to be inlined, so their flags pair up in the caller. */
#include <stdlib.h>
#include <string.h>

#include "passes/sync_internal.h"
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

const asc_op *vs_decl_op(vs_ctx *c, const asc_value *v) {
  if (v->def)
    return v->def;
  if (v->block && v->block->parent && v->block->parent->parent == c->func)
    return c->func;
  return NULL;
}

bool vs_defined_in(const asc_value *v, const asc_op *op) {
  const asc_op *p = v->def ? asc_op_parent_op(v->def)
                           : (v->block && v->block->parent ? v->block->parent->parent : NULL);
  for (; p; p = asc_op_parent_op(p))
    if (p == op)
      return true;
  return false;
}

static bool enum_attr(const asc_op *op, const char *name, int kind) {
  const asc_attr *a = asc_op_attr(op, name);
  return a && a->kind == ASC_ATTR_ENUM && a->enum_kind == kind;
}

bool vs_sync_op_ok(const asc_op *op) {
  if (op->code == ASC_OP_SET_FLAG || op->code == ASC_OP_WAIT_FLAG)
    return op->noperands == 1 && enum_attr(op, "event", ASC_ENUM_EVENT);
  return op->code == ASC_OP_PIPE_BARRIER && enum_attr(op, "pipe", ASC_ENUM_PIPEID);
}

/* ---- ids as functions of loop indices ------------------------------------------------------- */

/* Small values only: the ids and indices of interest are; anything larger is "unknown". */
static bool small(int64_t v) { return v > -(INT64_C(1) << 31) && v < (INT64_C(1) << 31); }

static bool eval(const vs_ctx *c, const asc_value *v, int64_t *out, int depth);

/* The arith ops an id computation is made of (the rest: unknown). */
static bool eval_op(const vs_ctx *c, const asc_op *d, int64_t *out, int depth) {
  int64_t a, b;
  if (d->noperands < 1 || !eval(c, d->operands[0], &a, depth + 1))
    return false;
  if (d->code == ASC_OP_INDEX_CAST || d->code == ASC_OP_EXTSI || (d->code == ASC_OP_EXTUI && a >= 0))
    return *out = a, true;
  if (d->noperands != 2 || !eval(c, d->operands[1], &b, depth + 1))
    return false;
  switch (d->code) {
  case ASC_OP_ADDI: *out = a + b; return true;
  case ASC_OP_SUBI: *out = a - b; return true;
  case ASC_OP_MULI: *out = a * b; return true;
  case ASC_OP_REMSI: return b != 0 && (*out = a % b, true);
  case ASC_OP_DIVSI: return b != 0 && (*out = a / b, true);
  case ASC_OP_REMUI: return a >= 0 && b > 0 && (*out = a % b, true);
  case ASC_OP_DIVUI: return a >= 0 && b > 0 && (*out = a / b, true);
  default: return false;
  }
}

static bool eval(const vs_ctx *c, const asc_value *v, int64_t *out, int depth) {
  int64_t lo, hi;
  if (asc_pass_const_int(v, out))
    return small(*out);
  if (v == c->bind_iv)
    return *out = c->bind_val, true;
  if (c->w && sync_iv_loop(v)) {
    sync_fact_range(c->w, v, &lo, &hi);
    return lo == hi && (*out = lo, small(lo));
  }
  if (!v->def || depth > 16 || !eval_op(c, v->def, out, depth))
    return false;
  return small(*out);
}

bool vs_eval(const vs_ctx *c, const asc_value *v, int64_t *out) { return eval(c, v, out, 0); }

typedef struct ivdep_scan {
  vs_ctx *c;
  const asc_value *iv;
  bool hit;
} ivdep_scan;

/* A flag op whose id is a constant once iv is bound, and not without. */
static void ivdep_op(asc_op *op, void *user) {
  ivdep_scan *s = user;
  int64_t v;
  bool with_iv, without_iv;
  if ((op->code != ASC_OP_SET_FLAG && op->code != ASC_OP_WAIT_FLAG) || !vs_sync_op_ok(op))
    return;
  without_iv = vs_eval(s->c, op->operands[0], &v);
  s->c->bind_iv = s->iv;
  with_iv = vs_eval(s->c, op->operands[0], &v);
  s->c->bind_iv = NULL;
  s->hit |= with_iv && !without_iv;
}

bool vs_each(const walker *w, asc_op *loop) {
  vs_ctx *c = w->dom->user;
  asc_block *body = loop->regions[0].block;
  int64_t lb, step;
  ivdep_scan s = {c, NULL, false};
  if (!body || body->nargs < 1 || !asc_pass_const_int(loop->operands[0], &lb) ||
      !asc_pass_const_int(loop->operands[2], &step) || step <= 0 || lb < 0 || lb >= INT32_MAX || step >= INT32_MAX)
    return false;
  c->w = w;
  s.iv = body->args[0];
  c->bind_val = lb;
  asc_walk(loop, ivdep_op, &s);
  return s.hit;
}

/* ---- S006 / S007: checks of single ops ------------------------------------------------------ */

enum core { CORE_UNKNOWN, CORE_AIV, CORE_AIC };

/* What the function's ops reveal about the core it runs on: vector ops and VEC*
 * positions mean the AIV, cube pipes and L1/L0 positions the AIC.  Both or neither:
 * unknown, and no core-specific finding is made. */
typedef struct core_scan {
  bool vec, cube, tpipe;
  const asc_op *tpipe_op;
} core_scan;

/* A position whose memory only one core kind has (hw.def) tells the core. */
static void scan_pos(core_scan *s, int pos) {
  unsigned m = asc_hw_mem_cores(asc_hw_pos_mem(pos));
  if (m == ASC_HW_MASK(ASC_HW_AIV))
    s->vec = true;
  else if (m == ASC_HW_MASK(ASC_HW_AIC))
    s->cube = true;
}

static void scan_type(core_scan *s, const asc_type *t) {
  if (t->kind == ASC_TY_LTENSOR || t->kind == ASC_TY_TBUF)
    scan_pos(s, t->pos);
  else if (t->kind == ASC_TY_QUEUE) {
    scan_pos(s, t->pos);
    scan_pos(s, t->pos2);
  }
}

static void scan_op(asc_op *op, void *user) {
  core_scan *s = user;
  if (op->code == ASC_OP_TPIPE && !s->tpipe_op)
    s->tpipe = true, s->tpipe_op = op;
  if (op->code == ASC_OP_ASCEND_IS_AIC) /* code for an AIC and the rest: a MIX kernel, no single core */
    s->cube = s->vec = true;
  if (asc_opinfo_of(op->code)->family == ASC_FAM_SYNC)
    return; /* the events used are what is being checked, not evidence */
  unsigned cores = asc_hw_pipe_cores(asc_hw_op_pipe(op));
  if (cores == ASC_HW_MASK(ASC_HW_AIV))
    s->vec = true;
  else if (cores == ASC_HW_MASK(ASC_HW_AIC))
    s->cube = true;
  for (int i = 0; i < op->noperands; i++)
    scan_type(s, op->operands[i]->type);
  for (int i = 0; i < op->nresults; i++)
    scan_type(s, op->results[i].type);
}

static enum core core_of(const core_scan *s) {
  return s->vec == s->cube ? CORE_UNKNOWN : s->vec ? CORE_AIV : CORE_AIC;
}

/* Source and destination pipes of a HardEvent (hw.def). */
static bool event_pipes(int64_t ev, int *src, int *dst) {
  *src = asc_hw_event_src(ev);
  *dst = asc_hw_event_dst(ev);
  return *src >= 0 && *dst >= 0;
}

static bool cube_pipe(int p) { return asc_hw_pipe_cores(p) == ASC_HW_MASK(ASC_HW_AIC); }
static bool vec_pipe(int p) { return asc_hw_pipe_cores(p) == ASC_HW_MASK(ASC_HW_AIV); }

/* S007 for an event: the AIV has S V MTE2 MTE3, the AIC S M MTE1 MTE2 MTE3 FIX
 * (hardware.md §5-§6); an event joining V with a cube pipe exists on neither. */
static void check_event(vs_ctx *c, const asc_op *op, enum core core) {
  int64_t ev = asc_op_attr(op, "event")->i;
  const char *name = asc_enum_name(ASC_ENUM_EVENT, ev);
  int src, dst;
  if (!event_pipes(ev, &src, &dst))
    return;
  bool v = vec_pipe(src) || vec_pipe(dst);
  bool cube = cube_pipe(src) || cube_pipe(dst);
  if (v && cube)
    vs_warn(c, op, VS_S007_NOCORE,
            "S007 bad event: %s is valid on no core: it would pair a pipe of the AIC with one of the AIV",
            name);
  else if (cube && core == CORE_AIV)
    vs_warn(c, op, VS_S007_CORE,
            "S007 bad event: %s is not available on a vector core (AIV), which has no PIPE_M, PIPE_MTE1 "
            "or PIPE_FIX; this kernel uses vector operations",
            name);
  else if (v && core == CORE_AIC)
    vs_warn(c, op, VS_S007_CORE,
            "S007 bad event: %s is not available on a cube core (AIC), which has no PIPE_V; this kernel "
            "uses cube operations",
            name);
}

static void check_barrier(vs_ctx *c, const asc_op *op, enum core core) {
  int64_t p = asc_op_attr(op, "pipe")->i;
  const char *name = asc_enum_name(ASC_ENUM_PIPEID, p);
  if (p == ASC_PIPEID_PIPE_S)
    vs_warn(c, op, VS_S007_BARRIER,
            "S007 bad event: pipe_barrier(PIPE_S) is illegal: scalar order is already guaranteed");
  else if (p != ASC_PIPEID_PIPE_ALL && !asc_hw_pipe_exists((int)p))
    vs_warn(c, op, VS_S007_BARRIER, "S007 bad event: pipe %s does not exist on arch 2201", name);
  else if (cube_pipe((int)p) && core == CORE_AIV)
    vs_warn(c, op, VS_S007_CORE,
            "S007 bad event: pipe_barrier(%s) on a vector core (AIV), which has no such pipe; this "
            "kernel uses vector operations",
            name);
  else if (vec_pipe((int)p) && core == CORE_AIC)
    vs_warn(c, op, VS_S007_CORE,
            "S007 bad event: pipe_barrier(PIPE_V) on a cube core (AIC), which has no PIPE_V; this "
            "kernel uses cube operations");
}

/* S006: ids known at compile time must be 0..7; with a TPipe, ids 6 and 7 are not the
 * user's (6 is reserved for system planning, 7 is used by TPipe's automatic
 * synchronization; hardware.md §7, sync.md B.8), nor M_MTE1 ids 0..2 on the AIC
 * (TPipe::Init holds them). */
static void check_id(vs_ctx *c, const asc_op *op, enum core core, const core_scan *s) {
  int64_t id, ev = asc_op_attr(op, "event")->i;
  const char *name = asc_enum_name(ASC_ENUM_EVENT, ev);
  if (!vs_eval(c, op->operands[0], &id)) /* a constant, or computed from constants */
    return;
  if (id < 0 || id > 7) {
    vs_warn(c, op, VS_S006_RANGE, "S006 bad id: event id %lld is out of range: each event has ids 0-7",
            (long long)id);
  } else if (s->tpipe && (id == 6 || id == 7)) {
    if (vs_warn(c, op, VS_S006_RESERVED,
                "S006 bad id: event id %lld of %s is reserved when the kernel has a TPipe (id 6 is "
                "reserved for the system, id 7 for TPipe's automatic synchronization); use ids 0-5, "
                "or ids from AllocEventID/FetchEventID",
                (long long)id, name))
      vs_note(c, s->tpipe_op, "TPipe created here");
  } else if (s->tpipe && core == CORE_AIC && ev == ASC_EVENT_M_MTE1 && id <= 2) {
    if (vs_warn(c, op, VS_S006_RESERVED,
                "S006 bad id: M_MTE1 id %lld is reserved on a cube core with a TPipe (TPipe::Init holds "
                "M_MTE1 ids 0-2)",
                (long long)id))
      vs_note(c, s->tpipe_op, "TPipe created here");
  }
}

typedef struct local_walk {
  vs_ctx *c;
  const core_scan *scan;
} local_walk;

static void local_op(asc_op *op, void *user) {
  local_walk *w = user;
  enum core core = core_of(w->scan);
  if (!vs_sync_op_ok(op))
    return;
  if (op->code == ASC_OP_SET_FLAG || op->code == ASC_OP_WAIT_FLAG) {
    check_event(w->c, op, core);
    check_id(w->c, op, core, w->scan);
  } else if (op->code == ASC_OP_PIPE_BARRIER) {
    check_barrier(w->c, op, core);
  }
}

static void check_local(vs_ctx *c) {
  core_scan s = {0};
  asc_walk(c->func, scan_op, &s);
  local_walk w = {c, &s};
  asc_walk(c->func, local_op, &w);
}

/* ---- driver --------------------------------------------------------------------------------- */

static bool is_private(const asc_op *func) {
  const asc_attr *a = asc_op_attr(func, "sym_visibility");
  return a && a->kind == ASC_ATTR_STR && a->slen == 7 && !memcmp(a->s, "private", 7);
}

/* Does a call in func reach code the flow analyses cannot see (a callee with sync or
 * TQue ops, or a further call)?  Then they would see half a protocol: skip them. */
typedef struct opaque_scan {
  asc_module *m;
  bool opaque;
} opaque_scan;

static void callee_op(asc_op *op, void *user) {
  bool *hit = user;
  asc_family f = asc_opinfo_of(op->code)->family;
  if (f == ASC_FAM_SYNC || op->code == ASC_OP_CALL || op->code == ASC_OP_ENQUE ||
      op->code == ASC_OP_DEQUE || op->code == ASC_OP_ALLOC_TENSOR || op->code == ASC_OP_FREE_TENSOR)
    *hit = true;
}

static void call_op(asc_op *op, void *user) {
  opaque_scan *s = user;
  const asc_attr *callee = op->code == ASC_OP_CALL ? asc_op_attr(op, "callee") : NULL;
  asc_op *f = callee ? asc_module_lookup_func(s->m, callee->s) : NULL;
  bool hit = false;
  if (!callee)
    return;
  if (f)
    asc_walk(f, callee_op, &hit);
  s->opaque |= !f || hit;
}

static void verify_func(asc_module *m, asc_op *func) {
  vs_ctx c = {.m = m, .func = func};
  opaque_scan os = {m, false};
  asc_pass_map_init(&c.reported);
  check_local(&c);
  asc_walk(func, call_op, &os);
  if (!is_private(func) && !os.opaque && func->nregions && func->regions[0].block) {
    sync_report_races(m, func); /* S001: what auto-sync-full would still add (autosync.c) */
    vs_check_flags(&c);
    vs_check_tque(&c);
  }
  asc_pass_map_free(&c.reported);
}

static void func_op(asc_op *op, void *user) {
  if (op->code == ASC_OP_FUNC)
    verify_func(user, op);
}

/* Every function, also those of nested modules; the IR is only read. */
int asc_pass_verify_sync(asc_module *m) {
  asc_walk(m->op, func_op, m);
  return 0;
}
