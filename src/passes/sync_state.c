/* sync_state.c - what auto-sync's walk knows at a point: per pipe q, a token saying which
 * elements of every pipe p are complete before q's next element (a prefix of the walk),
 * and how paths meet. */
#include <stdlib.h>
#include <string.h>

#include "passes/sync_walk.h"

void *sync_grow(void *p, int *cap, int n, size_t sz) {
  if (n < *cap)
    return p;
  *cap = *cap ? 2 * *cap : 8;
  p = realloc(p, (size_t)*cap * sz);
  if (!p)
    asc_die("out of memory");
  return p;
}

void sync_tok_empty(token *t) {
  for (int p = 0; p < SYNC_NPIPES; p++)
    t->t[p] = -1;
}

bool sync_knows(const token *t, int p, int64_t x) { return x <= t->t[p]; }

void sync_know_upto(token *t, int p, int64_t hi) {
  if (hi > t->t[p])
    t->t[p] = hi;
}

void sync_tok_join(token *dst, const token *src) {
  for (int p = 0; p < SYNC_NPIPES; p++)
    sync_know_upto(dst, p, src->t[p]);
}

void sync_tok_meet(token *dst, const token *src) {
  for (int p = 0; p < SYNC_NPIPES; p++)
    if (src->t[p] < dst->t[p])
      dst->t[p] = src->t[p];
}

/* What a set_flag on pipe p issued now guarantees: p's knowledge plus p's work so far. */
token sync_set_token(const state *st, int p) {
  token t = st->k[p];
  sync_know_upto(&t, p, st->last[p]);
  return t;
}

state *sync_state_new(void) {
  state *st = calloc(1, sizeof *st);
  if (!st)
    asc_die("out of memory");
  for (int p = 0; p < SYNC_NPIPES; p++) {
    sync_tok_empty(&st->k[p]);
    st->last[p] = -1;
  }
  return st;
}

/* A state is mostly room (MAXPEND pends, MAXQ queues of 2 * QSLOTS tokens each) of
   which a kernel uses a little; copying only the live entries keeps the walk's many copies
   (every if and loop takes two or three) from touching, and faulting in, the rest. */
void sync_state_assign(state *dst, const state *src) {
  memcpy(dst->k, src->k, sizeof dst->k);
  memcpy(dst->last, src->last, sizeof dst->last);
  memcpy(dst->pend, src->pend, (size_t)src->npend * sizeof *src->pend);
  dst->npend = src->npend;
  memcpy(dst->qs, src->qs, (size_t)src->nq * sizeof *src->qs);
  dst->nq = src->nq;
  if (dst->dom && dst->dom != src->dom)
    dst->domain->drop(dst->dom);
  if (dst->dom != src->dom)
    dst->dom = src->dom ? src->domain->copy(src->dom) : NULL;
  dst->domain = src->domain;
}

void sync_state_free(state *st) {
  if (st && st->dom)
    st->domain->drop(st->dom);
  free(st);
}

state *sync_state_copy(const state *st) {
  state *c = malloc(sizeof *c);
  if (!c)
    asc_die("out of memory");
  c->dom = NULL;
  sync_state_assign(c, st);
  return c;
}

static void meet_pend(state *dst, const state *src) {
  int n = 0;
  for (int i = 0; i < dst->npend; i++)
    for (int j = 0; j < src->npend; j++) {
      const pend *a = &dst->pend[i], *b = &src->pend[j];
      if (a->event == b->event && a->key == b->key && a->cid == b->cid) {
        dst->pend[n] = *a;
        sync_tok_meet(&dst->pend[n++].tok, &b->tok);
        break;
      }
    }
  dst->npend = n;
}

static void meet_queues(state *dst, const state *src) {
  for (int i = 0; i < dst->nq && i < src->nq; i++) {
    qstate *a = &dst->qs[i];
    const qstate *b = &src->qs[i];
    if (a->cursor != b->cursor)
      a->cursor = -1;
    for (int s = 0; s < QSLOTS; s++)
      sync_tok_meet(&a->bwd[s], &b->bwd[s]);
    if (a->nfifo != b->nfifo)
      a->nfifo = 0; /* forget: later deques then wait for nothing we know (safe) */
    for (int f = 0; f < a->nfifo; f++)
      sync_tok_meet(&a->fifo_tok[f], &b->fifo_tok[f]);
  }
}

/* dst := what is known on both paths (B.9). */
void sync_state_meet(state *dst, const state *src, const asc_value *cond) {
  for (int q = 0; q < SYNC_NPIPES; q++) {
    sync_tok_meet(&dst->k[q], &src->k[q]);
    if (src->last[q] > dst->last[q])
      dst->last[q] = src->last[q];
  }
  meet_pend(dst, src);
  meet_queues(dst, src);
  if (dst->dom && src->dom)
    dst->domain->meet(dst->dom, src->dom, cond);
}

