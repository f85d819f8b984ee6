/* sync_state.c - what auto-sync's walk knows at a point: per pipe q, a token saying which
 * elements of every pipe p are complete before q's next element (a prefix of the walk plus
 * up to NGAPS intervals of elements that did not run on the path), and how paths meet. */
#include <stdlib.h>
#include <string.h>

#include "passes/sync_walk.h"

void *sync_grow(void *p, int *cap, int n, size_t sz) {
  if (n < *cap)
    return p;
  *cap = *cap ? 2 * *cap : 8;
  return asc_xrealloc(p, (size_t)*cap * sz);
}

void sync_tok_empty(token *t) {
  for (int p = 0; p < SYNC_NPIPES; p++) {
    t->t[p] = -1;
    for (int g = 0; g < NGAPS; g++)
      t->glo[p][g] = 1, t->ghi[p][g] = 0;
  }
}

bool sync_knows(const token *t, int p, int64_t x) {
  if (x <= t->t[p])
    return true;
  for (int g = 0; g < NGAPS; g++)
    if (t->glo[p][g] <= x && x <= t->ghi[p][g])
      return true;
  return false;
}

enum { NIV = 1 + NGAPS, MAXIV = NIV * NIV };

/* Component p as intervals: the prefix, then the gaps. */
static int intervals(const token *t, int p, int64_t (*iv)[2]) {
  iv[0][0] = -1, iv[0][1] = t->t[p];
  for (int g = 0; g < NGAPS; g++)
    iv[1 + g][0] = t->glo[p][g], iv[1 + g][1] = t->ghi[p][g];
  return NIV;
}

/* Component p of t := the union of intervals iv[0..n) (walk indices start at 1, so one
 * reaching down to 1 is the prefix); beyond the prefix only the NGAPS widest intervals are
 * kept, which can only forget knowledge. */
static void set_union(token *t, int p, int64_t (*iv)[2], int n) {
  int64_t pre = -1, gap[MAXIV][2];
  int ng = 0;
  for (int i = 1; i < n; i++) /* insertion sort by lower end */
    for (int j = i; j > 0 && iv[j][0] < iv[j - 1][0]; j--) {
      int64_t a = iv[j][0], b = iv[j][1];
      iv[j][0] = iv[j - 1][0], iv[j][1] = iv[j - 1][1], iv[j - 1][0] = a, iv[j - 1][1] = b;
    }
  for (int i = 0; i < n; i++) {
    int64_t lo = iv[i][0], hi = iv[i][1];
    if (lo > hi)
      continue;
    if (lo <= pre + 1 || lo <= 1)
      pre = hi > pre ? hi : pre;
    else if (ng && lo <= gap[ng - 1][1] + 1)
      gap[ng - 1][1] = hi > gap[ng - 1][1] ? hi : gap[ng - 1][1];
    else
      gap[ng][0] = lo, gap[ng++][1] = hi;
  }
  while (ng > NGAPS) { /* drop the narrowest (the earliest of equals) */
    int k = 0;
    for (int g = 1; g < ng; g++)
      if (gap[g][1] - gap[g][0] < gap[k][1] - gap[k][0])
        k = g;
    memmove(gap + k, gap + k + 1, (size_t)(--ng - k) * sizeof gap[0]);
  }
  t->t[p] = pre;
  for (int g = 0; g < NGAPS; g++)
    t->glo[p][g] = g < ng ? gap[g][0] : 1, t->ghi[p][g] = g < ng ? gap[g][1] : 0;
}

void sync_comp_join(token *dst, const token *src, int p) {
  int64_t iv[2 * NIV][2];
  intervals(dst, p, iv);
  intervals(src, p, iv + NIV);
  set_union(dst, p, iv, 2 * NIV);
}

static void comp_meet(token *dst, const token *src, int p) {
  int64_t a[NIV][2], b[NIV][2], iv[MAXIV][2];
  intervals(dst, p, a);
  intervals(src, p, b);
  for (int i = 0; i < NIV; i++)
    for (int j = 0; j < NIV; j++) {
      iv[NIV * i + j][0] = a[i][0] > b[j][0] ? a[i][0] : b[j][0];
      iv[NIV * i + j][1] = a[i][1] < b[j][1] ? a[i][1] : b[j][1];
    }
  set_union(dst, p, iv, MAXIV);
}

/* Component p also knows the elements [lo, hi]. */
void sync_comp_add(token *t, int p, int64_t lo, int64_t hi) {
  int64_t iv[NIV + 1][2];
  intervals(t, p, iv);
  iv[NIV][0] = lo, iv[NIV][1] = hi;
  set_union(t, p, iv, NIV + 1);
}

void sync_tok_join(token *dst, const token *src) {
  for (int p = 0; p < SYNC_NPIPES; p++)
    sync_comp_join(dst, src, p);
}

void sync_tok_meet(token *dst, const token *src) {
  for (int p = 0; p < SYNC_NPIPES; p++)
    comp_meet(dst, src, p);
}

/* What a set_flag on pipe p issued now guarantees: p's knowledge plus p's work so far. */
token sync_set_token(const state *st, int p) {
  token t = st->k[p];
  sync_comp_add(&t, p, -1, st->last[p]);
  return t;
}

state *sync_state_new(void) {
  state *st = asc_xcalloc(1, sizeof *st);
  for (int p = 0; p < SYNC_NPIPES; p++) {
    sync_tok_empty(&st->k[p]);
    st->last[p] = -1;
  }
  return st;
}

/* A state is mostly room (MAXPEND pends, MAXQ queues of QSLOTS tokens each: about 185 KB) of
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
  state *c = asc_xrealloc(NULL, sizeof *c);
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

