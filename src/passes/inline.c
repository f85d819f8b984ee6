/* inline.c - inline every call to a private function, then delete the private
 * functions nothing refers to any more.
 *
 * The front-end marks every callee `sym_visibility = "private"` and leaves the kernel
 * public, so inlining into the public functions flattens the kernel; the private
 * bodies are never changed, only copied.  Calls are inlined round by round (a round
 * inlines the calls present at its start; the copies may hold calls for the next).
 * Recursion would never finish, so a callee that can reach itself is refused before
 * anything of it is inlined. */
#include <string.h>

#include "passes/passes.h"

/* Inlined code past this many ops is refused: a chain of functions each calling the
 * next twice doubles per level. */
enum { INLINE_MAX_OPS = 1 << 20 };

typedef struct inliner {
  asc_module *m;
  asc_pass_map recursive; /* private function -> 1 if it can reach itself */
  long budget;            /* ops that may still be inlined */
} inliner;

static bool isprivate(const asc_op *f) {
  const asc_attr *a = asc_op_attr(f, "sym_visibility");
  return a && a->kind == ASC_ATTR_STR && a->slen == 7 && memcmp(a->s, "private", 7) == 0;
}

/* The body of f; NULL for a declaration (no block, or an empty one). */
static asc_block *funcbody(const asc_op *f) {
  asc_block *b = f->nregions == 1 ? f->regions[0].block : NULL;
  return b && b->first ? b : NULL;
}

/* The function `call` targets if it is private and has a body, else NULL. */
static asc_op *inlinable(asc_module *m, const asc_op *call) {
  const asc_attr *a = asc_op_attr(call, "callee");
  asc_op *f;
  if (call->code != ASC_OP_CALL || !a || a->kind != ASC_ATTR_SYM || !a->s)
    return NULL;
  f = asc_module_lookup_func(m, a->s);
  if (!f || f->code != ASC_OP_FUNC || !isprivate(f) || !funcbody(f))
    return NULL;
  return f;
}

typedef struct collect {
  asc_module *m;
  asc_pass_vec calls;
} collect;

static void collectcall(asc_op *op, void *user) {
  collect *c = user;
  if (inlinable(c->m, op))
    asc_pass_vec_push(&c->calls, op);
}

static void countop(asc_op *op, void *user) {
  (void)op;
  ++*(long *)user;
}

/* ---- recursion ---- */

/* Whether `from` calls `target`, directly or through other private functions;
 * `seen` marks the functions already searched. */
static bool reaches(asc_module *m, asc_op *from, const asc_op *target, asc_pass_map *seen) {
  collect c = {m, {0}};
  bool found = false;
  asc_walk(from, collectcall, &c);
  for (size_t i = 0; i < c.calls.n && !found; i++) {
    asc_op *g = inlinable(m, c.calls.items[i]);
    if (g == target) {
      found = true;
    } else if (!asc_pass_map_get(seen, g)) {
      asc_pass_map_set(seen, g, 1);
      found = reaches(m, g, target, seen);
    }
  }
  asc_pass_vec_free(&c.calls);
  return found;
}

/* Private function bodies never change while inlining, so this holds throughout. */
static void findrecursive(inliner *in) {
  for (asc_op *f = asc_module_body(in->m)->first; f; f = f->next) {
    asc_pass_map seen;
    if (f->code != ASC_OP_FUNC || !isprivate(f) || !funcbody(f))
      continue;
    asc_pass_map_init(&seen);
    if (reaches(in->m, f, f, &seen))
      asc_pass_map_set(&in->recursive, f, 1);
    asc_pass_map_free(&seen);
  }
}

/* ---- one call ---- */

/* The callee's arguments and func.return must match the call's operands and results. */
static asc_op *checkcallee(inliner *in, asc_op *call, asc_op *f) {
  asc_block *b = funcbody(f);
  asc_op *ret = asc_block_terminator(b);
  bool ok = ret && ret->code == ASC_OP_RETURN && b->nargs == call->noperands &&
            ret->noperands == call->nresults;
  for (int i = 0; ok && i < b->nargs; i++)
    ok = b->args[i]->type == call->operands[i]->type;
  for (int i = 0; ok && i < ret->noperands; i++)
    ok = ret->operands[i]->type == call->results[i].type;
  if (!ok)
    asc_error(in->m->ctx, asc_op_diag_loc(call),
              "cannot inline call to '%s': the callee's signature does not match the call",
              asc_func_name(f));
  return ok ? ret : NULL;
}

/* Copy f's body before `call`, with f's arguments bound to the call's operands, and
 * let the copied func.return operands replace the call's results. */
static int inlinecall(inliner *in, asc_op *call, asc_op *f) {
  asc_block *b = funcbody(f);
  asc_op *ret = checkcallee(in, call, f);
  asc_valmap *map;
  long size = 0;
  if (!ret)
    return 1;
  asc_walk(f, countop, &size);
  if ((in->budget -= size) < 0) {
    asc_error(in->m->ctx, asc_op_diag_loc(call),
              "cannot inline call to '%s': the inlined code would exceed %d ops", asc_func_name(f),
              INLINE_MAX_OPS);
    return 1;
  }
  map = asc_valmap_new();
  for (int i = 0; i < b->nargs; i++)
    asc_valmap_put(map, b->args[i], call->operands[i]);
  for (asc_op *op = b->first; op != ret; op = op->next)
    asc_op_insert_before(call, asc_op_clone(in->m, op, map));
  for (int i = 0; i < ret->noperands; i++) {
    asc_value *v = asc_valmap_get(map, ret->operands[i]);
    asc_replace_uses(asc_pass_scope(call), &call->results[i], v ? v : ret->operands[i]);
  }
  asc_op_unlink(call);
  asc_valmap_free(map);
  return 0;
}

/* Inline the calls now present in the public functions; *count receives how many. */
static int inlineround(inliner *in, size_t *count) {
  collect c = {in->m, {0}};
  int rc = 0;
  for (asc_op *f = asc_module_body(in->m)->first; f; f = f->next)
    if (f->code == ASC_OP_FUNC && !isprivate(f))
      asc_walk(f, collectcall, &c);
  for (size_t i = 0; i < c.calls.n && !rc; i++) {
    asc_op *call = c.calls.items[i];
    asc_op *f = inlinable(in->m, call);
    if (asc_pass_map_get(&in->recursive, f)) {
      asc_error(in->m->ctx, asc_op_diag_loc(call), "recursive call to '%s' cannot be inlined",
                asc_func_name(f));
      rc = 1;
    } else {
      rc = inlinecall(in, call, f);
    }
  }
  *count = c.calls.n;
  asc_pass_vec_free(&c.calls);
  return rc;
}

/* ---- dead private functions ---- */

typedef struct marker {
  asc_module *m;
  asc_pass_map live; /* function -> 1 once something refers to it */
  asc_pass_vec todo;
} marker;

/* Any symbol reference keeps its function, not only a func.call's callee. */
static void markrefs(asc_op *op, void *user) {
  marker *k = user;
  for (int i = 0; i < op->nattrs; i++) {
    const asc_attr *a = op->attrs[i].value;
    asc_op *f = a->kind == ASC_ATTR_SYM && a->s ? asc_module_lookup_func(k->m, a->s) : NULL;
    if (f && !asc_pass_map_get(&k->live, f)) {
      asc_pass_map_set(&k->live, f, 1);
      asc_pass_vec_push(&k->todo, f);
    }
  }
}

/* Delete the private functions not reachable from a public function or from
 * anything else at module level. */
static void deletedead(asc_module *m) {
  marker k = {m, {0}, {0}};
  asc_op *next;
  asc_pass_map_init(&k.live);
  for (asc_op *op = asc_module_body(m)->first; op; op = op->next)
    if (op->code != ASC_OP_FUNC || !isprivate(op))
      asc_walk(op, markrefs, &k);
  while (k.todo.n)
    asc_walk(k.todo.items[--k.todo.n], markrefs, &k);
  for (asc_op *op = asc_module_body(m)->first; op; op = next) {
    next = op->next;
    if (op->code == ASC_OP_FUNC && isprivate(op) && !asc_pass_map_get(&k.live, op))
      asc_op_unlink(op);
  }
  asc_pass_map_free(&k.live);
  asc_pass_vec_free(&k.todo);
}

/* requires: verified; preserves: verified, locations (inlined ops keep the callee's) */
int asc_pass_inline(asc_module *m) {
  inliner in = {m, {0}, INLINE_MAX_OPS};
  size_t count = 1;
  int rc = 0;
  asc_pass_map_init(&in.recursive);
  findrecursive(&in);
  while (count && !rc)
    rc = inlineround(&in, &count);
  asc_pass_map_free(&in.recursive);
  if (!rc)
    deletedead(m);
  return rc;
}
