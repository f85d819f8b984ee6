/* ir.c - building and editing ops, blocks, regions and modules. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

asc_op *asc_op_create(asc_module *m, asc_opcode code, asc_value *const *operands, int noperands,
                      const asc_type *const *result_types, int nresults, asc_loc loc) {
  asc_op *op = ASC_NEW(&m->arena, asc_op);
  op->code = code;
  op->loc = loc;
  op->pos = loc;
  asc_op_set_operands(m, op, operands, noperands);
  op->nresults = nresults;
  op->results = ASC_NEW_N(&m->arena, asc_value, nresults > 0 ? nresults : 1);
  for (int i = 0; i < nresults; i++) {
    op->results[i].type = result_types[i];
    op->results[i].def = op;
    op->results[i].index = i;
  }
  op->nregions = asc_opinfo_of(code)->nregions;
  op->regions = ASC_NEW_N(&m->arena, asc_region, op->nregions > 0 ? op->nregions : 1);
  for (int i = 0; i < op->nregions; i++)
    op->regions[i].parent = op;
  return op;
}

void asc_op_set_operands(asc_module *m, asc_op *op, asc_value *const *vals, int n) {
  op->operands = ASC_NEW_N(&m->arena, asc_value *, n > 0 ? n : 1);
  for (int i = 0; i < n; i++)
    op->operands[i] = vals[i];
  op->noperands = n;
}

void asc_op_set_operand(asc_module *m, asc_op *op, int i, asc_value *v) {
  (void)m;
  if (i < 0 || i >= op->noperands)
    asc_die("operand index %d out of range for '%s'", i, asc_op_name(op));
  op->operands[i] = v;
}

/* Attributes stay sorted by name, as MLIR's dictionary prints them. */
void asc_op_set_attr(asc_module *m, asc_op *op, const char *name, asc_attr *value) {
  const char *iname = asc_intern(m->ctx, name, strlen(name));
  int i = 0;
  while (i < op->nattrs && strcmp(op->attrs[i].name, iname) < 0)
    i++;
  if (i < op->nattrs && op->attrs[i].name == iname) {
    op->attrs[i].value = value;
    return;
  }
  asc_named_attr *a = ASC_NEW_N(&m->arena, asc_named_attr, op->nattrs + 1);
  if (op->nattrs) { /* memcpy from a NULL array is undefined even for 0 bytes */
    memcpy(a, op->attrs, sizeof *a * (size_t)i);
    memcpy(a + i + 1, op->attrs + i, sizeof *a * (size_t)(op->nattrs - i));
  }
  a[i].name = iname;
  a[i].value = value;
  op->attrs = a;
  op->nattrs++;
}

asc_attr *asc_op_attr(const asc_op *op, const char *name) {
  for (int i = 0; i < op->nattrs; i++)
    if (strcmp(op->attrs[i].name, name) == 0)
      return op->attrs[i].value;
  return NULL;
}

void asc_op_remove_attr(asc_op *op, const char *name) {
  for (int i = 0; i < op->nattrs; i++) {
    if (strcmp(op->attrs[i].name, name) != 0)
      continue;
    memmove(op->attrs + i, op->attrs + i + 1, sizeof *op->attrs * (size_t)(op->nattrs - i - 1));
    op->nattrs--;
    return;
  }
}

asc_loc asc_op_diag_loc(const asc_op *op) { return op->loc.file ? op->loc : op->pos; }

const char *asc_op_name(const asc_op *op) { return asc_opinfo_of(op->code)->name; }

asc_block *asc_region_ensure_block(asc_module *m, asc_region *r) {
  if (!r->block) {
    r->block = ASC_NEW(&m->arena, asc_block);
    r->block->parent = r;
  }
  return r->block;
}

asc_value *asc_block_add_arg(asc_module *m, asc_block *b, const asc_type *t) {
  if (b->nargs == b->args_cap) {
    int cap = b->args_cap ? b->args_cap * 2 : 4;
    asc_value **args = ASC_NEW_N(&m->arena, asc_value *, cap);
    if (b->nargs)
      memcpy(args, b->args, sizeof *args * (size_t)b->nargs);
    b->args = args;
    b->args_cap = cap;
  }
  asc_value *v = ASC_NEW(&m->arena, asc_value);
  v->type = t;
  v->block = b;
  v->index = b->nargs;
  b->args[b->nargs++] = v;
  return v;
}

void asc_block_append(asc_block *b, asc_op *op) {
  op->parent = b;
  op->prev = b->last;
  op->next = NULL;
  if (b->last)
    b->last->next = op;
  else
    b->first = op;
  b->last = op;
}

void asc_op_insert_before(asc_op *pos, asc_op *op) {
  asc_block *b = pos->parent;
  op->parent = b;
  op->next = pos;
  op->prev = pos->prev;
  if (pos->prev)
    pos->prev->next = op;
  else
    b->first = op;
  pos->prev = op;
}

void asc_op_insert_after(asc_op *pos, asc_op *op) {
  if (pos->next) {
    asc_op_insert_before(pos->next, op);
    return;
  }
  asc_block_append(pos->parent, op);
}

void asc_op_unlink(asc_op *op) {
  asc_block *b = op->parent;
  if (!b)
    return;
  if (op->prev)
    op->prev->next = op->next;
  else
    b->first = op->next;
  if (op->next)
    op->next->prev = op->prev;
  else
    b->last = op->prev;
  op->parent = NULL;
  op->prev = op->next = NULL;
}

asc_op *asc_block_terminator(const asc_block *b) {
  if (b && b->last && (asc_opinfo_of(b->last->code)->flags & ASC_F_TERM))
    return b->last;
  return NULL;
}

asc_op *asc_op_parent_op(const asc_op *op) {
  if (!op->parent || !op->parent->parent)
    return NULL;
  return op->parent->parent->parent;
}

asc_op *asc_value_scope(const asc_value *v) {
  if (v->def)
    return asc_op_parent_op(v->def);
  return v->block && v->block->parent ? v->block->parent->parent : NULL;
}

asc_module *asc_module_new(asc_ctx *ctx) {
  asc_module *m = calloc(1, sizeof *m);
  if (!m)
    asc_die("out of memory");
  m->ctx = ctx;
  m->op = asc_op_create(m, ASC_OP_MODULE, NULL, 0, NULL, 0, ASC_LOC_UNKNOWN);
  asc_region_ensure_block(m, &m->op->regions[0]);
  return m;
}

void asc_module_free(asc_module *m) {
  if (!m)
    return;
  asc_arena_free_all(&m->arena);
  free(m);
}

asc_block *asc_module_body(asc_module *m) { return asc_region_ensure_block(m, &m->op->regions[0]); }

const char *asc_func_name(const asc_op *func) {
  asc_attr *a = asc_op_attr(func, "sym_name");
  return a && a->kind == ASC_ATTR_STR ? a->s : NULL;
}

asc_op *asc_module_lookup_func(asc_module *m, const char *name) {
  for (asc_op *op = asc_module_body(m)->first; op; op = op->next) {
    const char *n = op->code == ASC_OP_FUNC ? asc_func_name(op) : NULL;
    if (n && strcmp(n, name) == 0)
      return op;
  }
  return NULL;
}

/* ---- walking ---- */

void asc_walk(asc_op *root, asc_walk_fn fn, void *user) {
  fn(root, user);
  for (int r = 0; r < root->nregions; r++) {
    asc_block *b = root->regions[r].block;
    if (!b)
      continue;
    for (asc_op *op = b->first, *next; op; op = next) {
      next = op->next;
      asc_walk(op, fn, user);
    }
  }
}

typedef struct {
  const asc_value *from;
  asc_value *to;
} replace_args;

static void replaceinop(asc_op *op, void *user) {
  replace_args *a = user;
  for (int i = 0; i < op->noperands; i++)
    if (op->operands[i] == a->from)
      op->operands[i] = a->to;
}

void asc_replace_uses(asc_op *root, const asc_value *from, asc_value *to) {
  replace_args a = {from, to};
  asc_walk(root, replaceinop, &a);
}

/* ---- pointer maps (open addressing) ---- */

static size_t ptrhash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (size_t)x;
}

static void ptrmap_grow(asc_ptrmap *map) {
  size_t cap = map->cap ? map->cap * 2 : 64;
  const void **keys = calloc(cap, sizeof *keys);
  uintptr_t *vals = calloc(cap, sizeof *vals);
  if (!keys || !vals)
    asc_die("out of memory");
  for (size_t i = 0; i < map->cap; i++) {
    if (!map->keys[i])
      continue;
    size_t j = ptrhash(map->keys[i]) & (cap - 1);
    while (keys[j])
      j = (j + 1) & (cap - 1);
    keys[j] = map->keys[i];
    vals[j] = map->vals[i];
  }
  free(map->keys);
  free(map->vals);
  map->keys = keys;
  map->vals = vals;
  map->cap = cap;
}

void asc_ptrmap_put(asc_ptrmap *map, const void *key, uintptr_t val) {
  if ((map->n + 1) * 2 > map->cap)
    ptrmap_grow(map);
  size_t j = ptrhash(key) & (map->cap - 1);
  while (map->keys[j] && map->keys[j] != key)
    j = (j + 1) & (map->cap - 1);
  if (!map->keys[j])
    map->n++;
  map->keys[j] = key;
  map->vals[j] = val;
}

bool asc_ptrmap_get(const asc_ptrmap *map, const void *key, uintptr_t *val) {
  if (!map->cap)
    return false;
  for (size_t j = ptrhash(key) & (map->cap - 1); map->keys[j]; j = (j + 1) & (map->cap - 1))
    if (map->keys[j] == key) {
      *val = map->vals[j];
      return true;
    }
  return false;
}

void asc_ptrmap_free(asc_ptrmap *map) {
  free(map->keys);
  free(map->vals);
  memset(map, 0, sizeof *map);
}

/* ---- value maps ---- */

struct asc_valmap {
  asc_ptrmap map;
};

asc_valmap *asc_valmap_new(void) {
  asc_valmap *map = calloc(1, sizeof *map);
  if (!map)
    asc_die("out of memory");
  return map;
}

void asc_valmap_free(asc_valmap *map) {
  if (!map)
    return;
  asc_ptrmap_free(&map->map);
  free(map);
}

void asc_valmap_put(asc_valmap *map, const asc_value *from, asc_value *to) {
  asc_ptrmap_put(&map->map, from, (uintptr_t)to);
}

asc_value *asc_valmap_get(const asc_valmap *map, const asc_value *from) {
  uintptr_t v;
  return asc_ptrmap_get(&map->map, from, &v) ? (asc_value *)v : NULL;
}

/* ---- cloning ---- */

static void cloneregion(asc_module *m, const asc_region *src, asc_region *dst, asc_valmap *map) {
  if (!src->block)
    return;
  asc_block *b = asc_region_ensure_block(m, dst);
  for (int i = 0; i < src->block->nargs; i++) {
    asc_value *arg = asc_block_add_arg(m, b, src->block->args[i]->type);
    asc_valmap_put(map, src->block->args[i], arg);
  }
  for (const asc_op *op = src->block->first; op; op = op->next)
    asc_block_append(b, asc_op_clone(m, op, map));
}

asc_op *asc_op_clone(asc_module *m, const asc_op *op, asc_valmap *map) {
  asc_value **ops = malloc(sizeof *ops * (size_t)(op->noperands + 1));
  const asc_type **rtypes = malloc(sizeof *rtypes * (size_t)(op->nresults + 1));
  if (!ops || !rtypes)
    asc_die("out of memory");
  for (int i = 0; i < op->noperands; i++) {
    asc_value *v = asc_valmap_get(map, op->operands[i]);
    ops[i] = v ? v : op->operands[i];
  }
  for (int i = 0; i < op->nresults; i++)
    rtypes[i] = op->results[i].type;
  asc_op *c = asc_op_create(m, op->code, ops, op->noperands, rtypes, op->nresults, op->loc);
  free(ops);
  free(rtypes);
  c->pos = op->pos;
  c->attrs = ASC_NEW_N(&m->arena, asc_named_attr, op->nattrs > 0 ? op->nattrs : 1);
  if (op->nattrs)
    memcpy(c->attrs, op->attrs, sizeof *c->attrs * (size_t)op->nattrs);
  c->nattrs = op->nattrs;
  for (int i = 0; i < op->nresults; i++)
    asc_valmap_put(map, &op->results[i], &c->results[i]);
  if (c->nregions != op->nregions) { /* parsed ops may carry a wrong count; keep it */
    c->nregions = op->nregions;
    c->regions = ASC_NEW_N(&m->arena, asc_region, op->nregions > 0 ? op->nregions : 1);
    for (int i = 0; i < c->nregions; i++)
      c->regions[i].parent = c;
  }
  for (int r = 0; r < op->nregions; r++)
    cloneregion(m, &op->regions[r], &c->regions[r], map);
  return c;
}

/* ---- public wrappers ---- */

asc_module *asc_module_parse(asc_ctx *ctx, const char *name, const char *text, size_t len) {
  return asc_parse(ctx, name, text, len);
}

int asc_module_verify(asc_module *m) { return asc_verify(m); }

char *asc_module_print(const asc_module *m) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_print_module(m, &sb);
  if (!sb.data)
    asc_sb_puts(&sb, "");
  return sb.data;
}
