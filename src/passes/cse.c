/* cse.c - common subexpression elimination over pure ops without regions.
 *
 * Two ops are the same expression when they have the same opcode, the same operands
 * (pointer equality), the same attributes and the same result types.  The walk goes
 * in program order with a scoped table: what a block computes is available to the
 * rest of the block and to regions nested in it, but not to the regions of an
 * isolated op (a func.func sees nothing of the module), and nothing computed inside
 * a region is available after it.
 *
 * A duplicate is not rewritten in place: it is unlinked and remembered in `subst`,
 * and every op visited later gets its operands substituted before it is looked up.
 * All uses follow their definition in walk order, so this replaces every use in one
 * pass, and expressions built on merged values merge too. */
#include <stdlib.h>

#include "passes/passes.h"

/* Open addressing with linear probing over `stack`, the available ops in insertion
 * order.  Scopes end in LIFO order, so an entry is removed by clearing its slot:
 * nothing inserted earlier probed past a slot that was empty when it was filled. */
typedef struct cse {
  asc_module *m;
  size_t *slots;     /* 1 + index into stack; 0 = empty */
  size_t cap;
  asc_op **stack;
  size_t n, stack_cap;
  size_t visible;    /* entries below this index are hidden (outside an isolated op) */
  asc_valmap *subst; /* duplicate result -> the result that replaces it */
} cse;

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

/* Consistent with sameexpr: equal attributes have equal kinds and, for the kinds
 * hashed by value, equal values. */
static uint64_t hashop(const asc_op *op) {
  uint64_t h = mix(0, (uint64_t)op->code);
  for (int i = 0; i < op->noperands; i++)
    h = mix(h, (uint64_t)(uintptr_t)op->operands[i]);
  for (int i = 0; i < op->nattrs; i++) {
    const asc_attr *a = op->attrs[i].value;
    h = mix(h, (uint64_t)a->kind);
    if (a->kind == ASC_ATTR_INT || a->kind == ASC_ATTR_BOOL || a->kind == ASC_ATTR_ENUM)
      h = mix(h, (uint64_t)a->i);
  }
  for (int i = 0; i < op->nresults; i++)
    h = mix(h, (uint64_t)(uintptr_t)op->results[i].type);
  return h;
}

static bool sameexpr(const asc_op *a, const asc_op *b) {
  if (a->code != b->code || a->noperands != b->noperands || a->nattrs != b->nattrs ||
      a->nresults != b->nresults)
    return false;
  for (int i = 0; i < a->noperands; i++)
    if (a->operands[i] != b->operands[i])
      return false;
  for (int i = 0; i < a->nattrs; i++)
    if (a->attrs[i].name != b->attrs[i].name || !asc_attr_equal(a->attrs[i].value, b->attrs[i].value))
      return false;
  for (int i = 0; i < a->nresults; i++)
    if (a->results[i].type != b->results[i].type)
      return false;
  return true;
}

/* Slot of the first visible op equal to op, or of the empty slot ending the probe. */
static size_t probe(const cse *t, const asc_op *op) {
  size_t i = (size_t)hashop(op) & (t->cap - 1);
  for (; t->slots[i]; i = (i + 1) & (t->cap - 1)) {
    size_t k = t->slots[i] - 1;
    if (k >= t->visible && sameexpr(t->stack[k], op))
      break;
  }
  return i;
}

static void rehash(cse *t) {
  free(t->slots);
  t->cap = t->cap ? t->cap * 2 : 256;
  t->slots = calloc(t->cap, sizeof *t->slots);
  if (!t->slots)
    asc_die("out of memory");
  /* re-inserting in stack order keeps the LIFO removal argument valid */
  for (size_t k = 0; k < t->n; k++) {
    size_t i = (size_t)hashop(t->stack[k]) & (t->cap - 1);
    while (t->slots[i])
      i = (i + 1) & (t->cap - 1);
    t->slots[i] = k + 1;
  }
}

static void push(cse *t, asc_op *op) {
  if (t->n == t->stack_cap) {
    t->stack_cap = t->stack_cap ? t->stack_cap * 2 : 256;
    t->stack = realloc(t->stack, t->stack_cap * sizeof *t->stack);
    if (!t->stack)
      asc_die("out of memory");
  }
  t->stack[t->n++] = op;
  if (2 * t->n > t->cap) {
    rehash(t); /* places the new entry too */
    return;
  }
  size_t i = (size_t)hashop(op) & (t->cap - 1);
  while (t->slots[i])
    i = (i + 1) & (t->cap - 1);
  t->slots[i] = t->n;
}

/* Forget every entry from index mark on, newest first. */
static void popto(cse *t, size_t mark) {
  while (t->n > mark) {
    size_t k = --t->n;
    size_t i = (size_t)hashop(t->stack[k]) & (t->cap - 1);
    while (t->slots[i] != k + 1)
      i = (i + 1) & (t->cap - 1);
    t->slots[i] = 0;
  }
}

static bool candidate(const asc_op *op) {
  return (asc_opinfo_of(op->code)->flags & ASC_F_PURE) && op->nregions == 0 && op->nresults > 0;
}

static void cseblock(cse *t, asc_block *b);

static void cseregions(cse *t, asc_op *op) {
  size_t mark = t->n, visible = t->visible;
  if (asc_opinfo_of(op->code)->flags & ASC_F_ISOLATED)
    t->visible = t->n;
  for (int i = 0; i < op->nregions; i++) {
    if (op->regions[i].block)
      cseblock(t, op->regions[i].block);
    popto(t, mark); /* sibling regions do not see each other */
  }
  t->visible = visible;
}

static void substitute(cse *t, asc_op *op) {
  for (int i = 0; i < op->noperands; i++) {
    asc_value *v = asc_valmap_get(t->subst, op->operands[i]);
    if (v)
      asc_op_set_operand(t->m, op, i, v);
  }
}

static void cseop(cse *t, asc_op *op) {
  size_t slot;
  substitute(t, op);
  if (op->nregions)
    cseregions(t, op);
  if (!candidate(op))
    return;
  slot = probe(t, op);
  if (!t->slots[slot]) {
    push(t, op);
    return;
  }
  asc_op *orig = t->stack[t->slots[slot] - 1];
  for (int i = 0; i < op->nresults; i++)
    asc_valmap_put(t->subst, &op->results[i], &orig->results[i]);
  asc_op_unlink(op);
}

static void cseblock(cse *t, asc_block *b) {
  asc_op *next;
  for (asc_op *op = b->first; op; op = next) {
    next = op->next;
    cseop(t, op);
  }
}

/* requires: verified; preserves: verified, op order, locations of the ops kept */
int asc_pass_cse(asc_module *m) {
  cse t = {0};
  t.m = m;
  t.subst = asc_valmap_new();
  rehash(&t); /* allocates the empty table */
  cseop(&t, m->op);
  asc_valmap_free(t.subst);
  free(t.slots);
  free(t.stack);
  return 0;
}
