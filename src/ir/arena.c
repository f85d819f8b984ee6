/* arena.c - bump allocation in chunks; everything is freed at once. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

struct asc_arena_chunk {
  asc_arena_chunk *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
};

enum { ARENA_CHUNK = 64 * 1024 };

static asc_arena_chunk *newchunk(size_t need) {
  size_t cap = need > ARENA_CHUNK ? need : ARENA_CHUNK;
  asc_arena_chunk *c = malloc(sizeof *c + cap);
  if (!c)
    asc_die("out of memory (%zu bytes)", cap);
  c->next = NULL;
  c->used = 0;
  c->cap = cap;
  return c;
}

void *asc_arena_alloc(asc_arena *a, size_t size) {
  size = (size + 15) & ~(size_t)15;
  if (size == 0)
    size = 16;
  asc_arena_chunk *c = a->head;
  if (!c || c->cap - c->used < size) {
    c = newchunk(size);
    c->next = a->head;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += size;
  a->total += size;
  memset(p, 0, size);
  return p;
}

char *asc_arena_strndup(asc_arena *a, const char *s, size_t n) {
  char *p = asc_arena_alloc(a, n + 1);
  if (n)
    memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

void asc_arena_free_all(asc_arena *a) {
  asc_arena_chunk *c = a->head;
  while (c) {
    asc_arena_chunk *next = c->next;
    free(c);
    c = next;
  }
  a->head = NULL;
  a->total = 0;
}
