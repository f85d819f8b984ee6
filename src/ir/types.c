/* types.c - interned types: structurally equal types are one pointer. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

static uint64_t hashtype(const asc_type *t) {
  uint64_t h = mix(0, (uint64_t)t->kind);
  h = mix(h, (uint64_t)t->width);
  h = mix(h, (uint64_t)t->is_unsigned * 2 + t->is_bf16);
  h = mix(h, (uint64_t)(uintptr_t)t->elem);
  h = mix(h, (uint64_t)t->rank);
  for (int i = 0; i < t->rank; i++)
    h = mix(h, (uint64_t)t->shape[i]);
  h = mix(h, (uint64_t)(int64_t)t->pos);
  h = mix(h, (uint64_t)(int64_t)t->pos2);
  h = mix(h, (uint64_t)(int64_t)t->depth);
  h = mix(h, (uint64_t)(int64_t)t->struct_id);
  for (int i = 0; i < t->nins; i++)
    h = mix(h, (uint64_t)(uintptr_t)t->ins[i]);
  h = mix(h, 0xffff);
  for (int i = 0; i < t->nouts; i++)
    h = mix(h, (uint64_t)(uintptr_t)t->outs[i]);
  return h;
}

static bool sametype(const asc_type *a, const asc_type *b) {
  if (a->kind != b->kind || a->width != b->width || a->is_unsigned != b->is_unsigned ||
      a->is_bf16 != b->is_bf16 || a->elem != b->elem || a->rank != b->rank || a->pos != b->pos ||
      a->pos2 != b->pos2 || a->depth != b->depth || a->struct_id != b->struct_id ||
      a->nins != b->nins || a->nouts != b->nouts)
    return false;
  for (int i = 0; i < a->rank; i++)
    if (a->shape[i] != b->shape[i])
      return false;
  for (int i = 0; i < a->nins; i++)
    if (a->ins[i] != b->ins[i])
      return false;
  for (int i = 0; i < a->nouts; i++)
    if (a->outs[i] != b->outs[i])
      return false;
  return true;
}

static void growtypes(asc_ctx *ctx) {
  size_t cap = ctx->types_cap ? ctx->types_cap * 2 : 128;
  asc_type **t = calloc(cap, sizeof *t);
  if (!t)
    asc_die("out of memory");
  for (size_t i = 0; i < ctx->types_cap; i++) {
    asc_type *ty = ctx->types[i];
    if (!ty)
      continue;
    size_t j = ty->hash & (cap - 1);
    while (t[j])
      j = (j + 1) & (cap - 1);
    t[j] = ty;
  }
  free(ctx->types);
  ctx->types = t;
  ctx->types_cap = cap;
}

/* Returns the interned copy of *key (copying its arrays into the ctx arena). */
static const asc_type *intern(asc_ctx *ctx, asc_type *key) {
  key->hash = hashtype(key);
  if ((ctx->ntypes + 1) * 2 > ctx->types_cap)
    growtypes(ctx);
  size_t j = key->hash & (ctx->types_cap - 1);
  for (; ctx->types[j]; j = (j + 1) & (ctx->types_cap - 1))
    if (ctx->types[j]->hash == key->hash && sametype(ctx->types[j], key))
      return ctx->types[j];
  asc_type *t = ASC_NEW(&ctx->arena, asc_type);
  *t = *key;
  if (key->nins) {
    t->ins = ASC_NEW_N(&ctx->arena, const asc_type *, key->nins);
    memcpy(t->ins, key->ins, sizeof *t->ins * (size_t)key->nins);
  }
  if (key->nouts) {
    t->outs = ASC_NEW_N(&ctx->arena, const asc_type *, key->nouts);
    memcpy(t->outs, key->outs, sizeof *t->outs * (size_t)key->nouts);
  }
  ctx->types[j] = t;
  ctx->ntypes++;
  return t;
}

static asc_type blank(asc_type_kind kind) {
  asc_type t;
  memset(&t, 0, sizeof t);
  t.kind = kind;
  t.pos = t.pos2 = -1;
  t.struct_id = -1;
  return t;
}

const asc_type *asc_type_int(asc_ctx *ctx, int width, bool is_unsigned) {
  asc_type t = blank(ASC_TY_INT);
  t.width = width;
  t.is_unsigned = is_unsigned;
  return intern(ctx, &t);
}

const asc_type *asc_type_float(asc_ctx *ctx, int width, bool is_bf16) {
  asc_type t = blank(ASC_TY_FLOAT);
  t.width = width;
  t.is_bf16 = is_bf16 && width == 16;
  return intern(ctx, &t);
}

const asc_type *asc_type_index(asc_ctx *ctx) {
  asc_type t = blank(ASC_TY_INDEX);
  return intern(ctx, &t);
}

const asc_type *asc_type_func(asc_ctx *ctx, const asc_type **ins, int nins, const asc_type **outs,
                              int nouts) {
  asc_type t = blank(ASC_TY_FUNC);
  t.ins = ins;
  t.nins = nins;
  t.outs = outs;
  t.nouts = nouts;
  return intern(ctx, &t);
}

static const asc_type *withelem(asc_ctx *ctx, asc_type_kind kind, const asc_type *elem) {
  asc_type t = blank(kind);
  t.elem = elem;
  return intern(ctx, &t);
}

const asc_type *asc_type_gm(asc_ctx *ctx, const asc_type *elem) { return withelem(ctx, ASC_TY_GM, elem); }

const asc_type *asc_type_gtensor(asc_ctx *ctx, const asc_type *elem) {
  return withelem(ctx, ASC_TY_GTENSOR, elem);
}

const asc_type *asc_type_ltensor(asc_ctx *ctx, const asc_type *elem, const int64_t *shape, int rank,
                                 int pos) {
  asc_type t = blank(ASC_TY_LTENSOR);
  t.elem = elem;
  t.rank = rank < 0 ? 0 : rank > ASC_MAX_RANK ? ASC_MAX_RANK : rank;
  for (int i = 0; i < t.rank; i++)
    t.shape[i] = shape[i];
  t.pos = pos;
  return intern(ctx, &t);
}

const asc_type *asc_type_queue(asc_ctx *ctx, int src, int dst, int depth) {
  asc_type t = blank(ASC_TY_QUEUE);
  t.pos = src;
  t.pos2 = dst;
  t.depth = depth;
  return intern(ctx, &t);
}

const asc_type *asc_type_tbuf(asc_ctx *ctx, int pos) {
  asc_type t = blank(ASC_TY_TBUF);
  t.pos = pos;
  return intern(ctx, &t);
}

const asc_type *asc_type_pipe(asc_ctx *ctx) {
  asc_type t = blank(ASC_TY_PIPE);
  return intern(ctx, &t);
}

const asc_type *asc_type_struct(asc_ctx *ctx, int struct_id) {
  asc_type t = blank(ASC_TY_STRUCT);
  t.struct_id = struct_id;
  return intern(ctx, &t);
}

bool asc_type_is_int(const asc_type *t) { return t && t->kind == ASC_TY_INT; }
bool asc_type_is_float(const asc_type *t) { return t && t->kind == ASC_TY_FLOAT; }

bool asc_type_is_scalar(const asc_type *t) {
  return t && (t->kind == ASC_TY_INT || t->kind == ASC_TY_FLOAT || t->kind == ASC_TY_INDEX);
}

bool asc_type_is_tensor(const asc_type *t) {
  return t && (t->kind == ASC_TY_GTENSOR || t->kind == ASC_TY_LTENSOR);
}

int asc_type_bytes(const asc_type *t) {
  switch (t->kind) {
  case ASC_TY_INT: return t->width <= 8 ? 1 : t->width / 8;
  case ASC_TY_FLOAT: return t->width / 8;
  case ASC_TY_INDEX: return 8;
  default: return 0;
  }
}

static void printpos(int pos, asc_strbuf *buf) {
  const char *name = asc_enum_name(ASC_ENUM_POS, pos);
  if (name)
    asc_sb_puts(buf, name);
  else
    asc_sb_printf(buf, "%d", pos);
}

static void printtypelist(const asc_type **ts, int n, asc_strbuf *buf) {
  asc_sb_putc(buf, '(');
  for (int i = 0; i < n; i++) {
    if (i)
      asc_sb_puts(buf, ", ");
    asc_type_print(ts[i], buf);
  }
  asc_sb_putc(buf, ')');
}

static void printfunc(const asc_type *t, asc_strbuf *buf) {
  printtypelist(t->ins, t->nins, buf);
  asc_sb_puts(buf, " -> ");
  if (t->nouts == 1 && t->outs[0]->kind != ASC_TY_FUNC)
    asc_type_print(t->outs[0], buf);
  else
    printtypelist(t->outs, t->nouts, buf);
}

static void printltensor(const asc_type *t, asc_strbuf *buf) {
  asc_sb_puts(buf, "!asc.local_tensor<");
  for (int i = 0; i < t->rank; i++)
    asc_sb_printf(buf, "%lldx", (long long)t->shape[i]);
  asc_type_print(t->elem, buf);
  if (t->pos >= 0) {
    asc_sb_puts(buf, ", ");
    printpos(t->pos, buf);
  }
  asc_sb_putc(buf, '>');
}

static void printqueue(const asc_type *t, asc_strbuf *buf) {
  asc_sb_puts(buf, "!asc.queue<");
  printpos(t->pos, buf);
  if (t->pos2 != t->pos) {
    asc_sb_puts(buf, ", ");
    printpos(t->pos2, buf);
  }
  asc_sb_printf(buf, ", %d>", t->depth);
}

static void printelemtype(const char *name, const asc_type *t, asc_strbuf *buf) {
  asc_sb_printf(buf, "!asc.%s<", name);
  asc_type_print(t->elem, buf);
  asc_sb_putc(buf, '>');
}

void asc_type_print(const asc_type *t, asc_strbuf *buf) {
  if (!t) {
    asc_sb_puts(buf, "<<null type>>");
    return;
  }
  switch (t->kind) {
  case ASC_TY_INT: asc_sb_printf(buf, "%si%d", t->is_unsigned ? "u" : "", t->width); break;
  case ASC_TY_FLOAT: asc_sb_printf(buf, "%sf%d", t->is_bf16 ? "b" : "", t->width); break;
  case ASC_TY_INDEX: asc_sb_puts(buf, "index"); break;
  case ASC_TY_FUNC: printfunc(t, buf); break;
  case ASC_TY_GM: printelemtype("gm_ptr", t, buf); break;
  case ASC_TY_GTENSOR: printelemtype("global_tensor", t, buf); break;
  case ASC_TY_LTENSOR: printltensor(t, buf); break;
  case ASC_TY_QUEUE: printqueue(t, buf); break;
  case ASC_TY_TBUF:
    asc_sb_puts(buf, "!asc.tbuf<");
    printpos(t->pos, buf);
    asc_sb_putc(buf, '>');
    break;
  case ASC_TY_PIPE: asc_sb_puts(buf, "!asc.pipe"); break;
  case ASC_TY_STRUCT: asc_sb_printf(buf, "!asc.struct<%s>", asc_struct_name(t->struct_id)); break;
  }
}
