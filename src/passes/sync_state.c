/* sync_state.c - what auto-sync's walk knows at a point: per pipe q, a token saying which
 * elements of every pipe p are complete before q's next element (a prefix of the walk plus
 * one interval of elements that did not run on the path), and how paths meet. */
#include <stdlib.h>
#include <string.h>

#include "passes/sync_walk.h"

void sync_tok_empty(token *t) {
  for (int p = 0; p < SYNC_NPIPES; p++)
    t->t[p] = -1, t->glo[p] = 1, t->ghi[p] = 0;
}

bool sync_knows(const token *t, int p, int64_t x) {
  return x <= t->t[p] || (t->glo[p] <= x && x <= t->ghi[p]);
}

/* Component p of t := the union of intervals iv[0..n) (walk indices start at 1, so one
 * reaching down to 1 is the prefix); beyond the prefix only the widest interval is kept,
 * which can only forget knowledge. */
static void set_union(token *t, int p, int64_t (*iv)[2], int n) {
  int64_t pre = -1, glo = 1, ghi = 0;
  for (int i = 1; i < n; i++) /* insertion sort by lower end */
    for (int j = i; j > 0 && iv[j][0] < iv[j - 1][0]; j--) {
      int64_t a = iv[j][0], b = iv[j][1];
      iv[j][0] = iv[j - 1][0], iv[j][1] = iv[j - 1][1], iv[j - 1][0] = a, iv[j - 1][1] = b;
    }
  for (int i = 0; i < n; i++) {
    int64_t lo = iv[i][0], hi = iv[i][1];
    if (lo > hi)
      continue;
    if (lo <= pre + 1 || lo <= 1) {
      pre = hi > pre ? hi : pre;
    } else if (glo <= ghi && lo <= ghi + 1) {
      ghi = hi > ghi ? hi : ghi;
    } else if (glo > ghi || hi - lo > ghi - glo) {
      glo = lo, ghi = hi;
    }
  }
  if (glo <= ghi && glo <= pre + 1)
    pre = ghi > pre ? ghi : pre, glo = 1, ghi = 0;
  t->t[p] = pre, t->glo[p] = glo, t->ghi[p] = ghi;
}

void sync_comp_join(token *dst, const token *src, int p) {
  int64_t iv[4][2] = {{-1, dst->t[p]}, {dst->glo[p], dst->ghi[p]}, {-1, src->t[p]}, {src->glo[p], src->ghi[p]}};
  set_union(dst, p, iv, 4);
}

static void comp_meet(token *dst, const token *src, int p) {
  int64_t a[2][2] = {{-1, dst->t[p]}, {dst->glo[p], dst->ghi[p]}};
  int64_t b[2][2] = {{-1, src->t[p]}, {src->glo[p], src->ghi[p]}};
  int64_t iv[4][2];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      iv[2 * i + j][0] = a[i][0] > b[j][0] ? a[i][0] : b[j][0];
      iv[2 * i + j][1] = a[i][1] < b[j][1] ? a[i][1] : b[j][1];
    }
  set_union(dst, p, iv, 4);
}

/* Component p also knows the elements [lo, hi]. */
void sync_comp_add(token *t, int p, int64_t lo, int64_t hi) {
  int64_t iv[3][2] = {{-1, t->t[p]}, {t->glo[p], t->ghi[p]}, {lo, hi}};
  set_union(t, p, iv, 3);
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
  state *st = calloc(1, sizeof *st);
  if (!st)
    asc_die("out of memory");
  for (int p = 0; p < SYNC_NPIPES; p++) {
    sync_tok_empty(&st->k[p]);
    st->last[p] = -1;
  }
  return st;
}

state *sync_state_copy(const state *st) {
  state *c = sync_state_new();
  *c = *st;
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
void sync_state_meet(state *dst, const state *src) {
  for (int q = 0; q < SYNC_NPIPES; q++) {
    sync_tok_meet(&dst->k[q], &src->k[q]);
    if (src->last[q] > dst->last[q])
      dst->last[q] = src->last[q];
  }
  meet_pend(dst, src);
  meet_queues(dst, src);
}

