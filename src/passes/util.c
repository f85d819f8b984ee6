/* util.c - containers and IR helpers shared by the passes. */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

/* ---- pointer map ---- */

static size_t slotof(const void *key, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL; /* pointers share low zero bits: mix them up */
  h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

void asc_pass_map_init(asc_pass_map *pm) { memset(pm, 0, sizeof *pm); }

void asc_pass_map_free(asc_pass_map *pm) {
  free(pm->keys);
  free(pm->vals);
  memset(pm, 0, sizeof *pm);
}

/* Index of key's slot, or of the empty slot where it would go. */
static size_t findslot(const asc_pass_map *pm, const void *key) {
  size_t i = slotof(key, pm->cap);
  while (pm->keys[i] && pm->keys[i] != key)
    i = (i + 1) & (pm->cap - 1);
  return i;
}

static void grow(asc_pass_map *pm) {
  asc_pass_map old = *pm;
  pm->cap = old.cap ? old.cap * 2 : 64;
  pm->keys = calloc(pm->cap, sizeof *pm->keys);
  pm->vals = calloc(pm->cap, sizeof *pm->vals);
  if (!pm->keys || !pm->vals)
    asc_die("out of memory");
  for (size_t i = 0; i < old.cap; i++) {
    if (!old.keys[i])
      continue;
    size_t j = findslot(pm, old.keys[i]);
    pm->keys[j] = old.keys[i];
    pm->vals[j] = old.vals[i];
  }
  free(old.keys);
  free(old.vals);
}

int64_t asc_pass_map_get(const asc_pass_map *pm, const void *key) {
  if (!pm->cap)
    return 0;
  size_t i = findslot(pm, key);
  return pm->keys[i] ? pm->vals[i] : 0;
}

void asc_pass_map_set(asc_pass_map *pm, const void *key, int64_t v) {
  if (2 * (pm->n + 1) > pm->cap)
    grow(pm);
  size_t i = findslot(pm, key);
  if (!pm->keys[i]) {
    pm->keys[i] = key;
    pm->n++;
  }
  pm->vals[i] = v;
}

void asc_pass_map_add(asc_pass_map *pm, const void *key, int64_t delta) {
  asc_pass_map_set(pm, key, asc_pass_map_get(pm, key) + delta);
}

/* ---- vector ---- */

void asc_pass_vec_push(asc_pass_vec *v, void *p) {
  if (v->n == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 16;
    v->items = realloc(v->items, v->cap * sizeof *v->items);
    if (!v->items)
      asc_die("out of memory");
  }
  v->items[v->n++] = p;
}

void asc_pass_vec_free(asc_pass_vec *v) {
  free(v->items);
  memset(v, 0, sizeof *v);
}

/* ---- IR helpers ---- */

asc_op *asc_pass_scope(asc_op *op) {
  while (!(asc_opinfo_of(op->code)->flags & ASC_F_ISOLATED)) {
    asc_op *up = asc_op_parent_op(op);
    if (!up)
      break; /* a detached subtree: its top is the widest scope there is */
    op = up;
  }
  return op;
}

void asc_pass_replace_op(asc_op *scope, asc_op *op, asc_value *const *vals) {
  for (int i = 0; i < op->nresults; i++)
    asc_replace_uses(scope, &op->results[i], vals[i]);
  asc_op_unlink(op);
}

asc_op *asc_pass_splice_before(asc_op *pos, asc_block *b) {
  asc_op *term = asc_block_terminator(b);
  asc_op *next;
  for (asc_op *op = b->first; op && op != term; op = next) {
    next = op->next;
    asc_op_unlink(op);
    asc_op_insert_before(pos, op);
  }
  return term;
}

static void collect_op(asc_op *op, void *user) { asc_pass_vec_push(user, op); }

void asc_pass_collect(asc_op *root, asc_pass_vec *out) {
  for (int r = 0; r < root->nregions; r++) {
    asc_block *b = root->regions[r].block;
    for (asc_op *op = b ? b->first : NULL; op; op = op->next)
      asc_walk(op, collect_op, out);
  }
}

asc_op *asc_pass_anc_in(asc_op *op, const asc_block *b) {
  while (op && op->parent != b)
    op = asc_op_parent_op(op);
  return op;
}

bool asc_pass_before_in_block(const asc_op *a, const asc_op *b) {
  for (const asc_op *x = a->next; x; x = x->next)
    if (x == b)
      return true;
  return false;
}

int64_t asc_pass_trip_count(const asc_op *loop) {
  int64_t lb, ub, step;
  if (loop->code != ASC_OP_FOR || loop->noperands < 3 ||
      !asc_pass_const_int(loop->operands[ASC_OPND_FOR_lower_bound], &lb) ||
      !asc_pass_const_int(loop->operands[ASC_OPND_FOR_upper_bound], &ub) ||
          !asc_pass_const_int(loop->operands[ASC_OPND_FOR_step], &step) || step <= 0)
    return -1;
  return ub > lb ? (ub - lb + step - 1) / step : 0;
}

bool asc_pass_struct_field(const asc_value *s, int f, const asc_value **field) {
  const asc_op *d = s->def;
  if (!d || d->code != ASC_OP_STRUCT)
    return false;
  *field = f < d->noperands ? d->operands[f] : NULL;
  return true;
}

int asc_pass_each_func(asc_module *m, int (*fn)(asc_module *m, asc_op *func)) {
  asc_block *body = asc_module_body(m);
  int rc = 0;
  for (asc_op *f = body ? body->first : NULL; f; f = f->next)
    if (f->code == ASC_OP_FUNC && f->regions[0].block)
      rc |= fn(m, f); /* every function, so each reports its own errors */
  return rc;
}
