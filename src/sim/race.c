/* race.c - the race detector and initcheck of one core (hardware.md §8, §14).
 *
 * Happens-before is tracked with a vector clock per pipe, updated in program order as
 * the scalar unit issues instructions (the order the functional model runs them in):
 *   - an instruction issued to pipe P is ordered after what the scalar unit knows of the
 *     other pipes when issuing it (vc[P] joins vc[S] but its S entry), after the scalar
 *     unit's reads (they complete before the next issue), but not after its writes
 *     (set_value needs an S_V / S_MTE2 / S_MTE3 flag, sync.md B.4), not after earlier
 *     instructions of other pipes, and not after earlier instructions of P itself: the
 *     hardware does not order two instructions of one pipe for memory;
 *   - set_flag on P carries vc[P] plus all of P's instructions so far (it executes once
 *     they finished); the wait_flag on Q that consumes it joins that into vc[Q];
 *   - pipe_barrier(P) orders later P instructions after all earlier ones; PIPE_ALL
 *     orders every pipe after everything.
 * TQue operations lower to the same set/wait calls, so they create the same edges.
 *
 * Each memory (UB, every GM array) keeps a short list of accesses that may still race:
 * a byte range, the pipe and its epoch (the pipe's instruction count).  A new access is
 * compared with the overlapping ones; an access B is ordered after record R iff
 * vc_B[R.pipe] >= R.epoch.  Records are dropped when every pipe in use is ordered after
 * them, or when an ordered later access covers them (a covering write supersedes
 * anything, a covering read supersedes reads: any future conflict with the old record
 * conflicts with the new one too).  So the cost per instruction is the number of live
 * records of the memories it touches, never its byte count.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/san_int.h"

enum { S = ASC_PIPEID_PIPE_S };

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* dst := max(dst, src); whether dst changed.  Only the columns of pipes that issued an
 * instruction can be non-zero (sim_san.colmask), so only those are visited. */
static bool join(const sim_san *s, int64_t *dst, const int64_t *src) {
  bool ch = false;
  for (uint32_t m = s->colmask; m; m &= m - 1) {
    int q = __builtin_ctz(m);
    if (src[q] > dst[q]) {
      dst[q] = src[q];
      ch = true;
    }
  }
  return ch;
}

/* dst := max(dst, src) on every pipe but the scalar unit, whose writes are not ordered
 * before later issues (sync.md B.4): of those, only sknown (known complete); whether dst
 * changed. */
static bool join_noS(const sim_san *s, int64_t *dst, const int64_t *src, int64_t sknown) {
  bool ch = false;
  for (uint32_t m = s->colmask & ~(1u << S); m; m &= m - 1) {
    int q = __builtin_ctz(m);
    if (src[q] > dst[q]) {
      dst[q] = src[q];
      ch = true;
    }
  }
  if (sknown > dst[S]) {
    dst[S] = sknown;
    ch = true;
  }
  return ch;
}

/* The core's state, created on first use (cores are set up in launch.c). */
static sim_san *san(sim_core *c) {
  if (!c->san)
    asc_sim_san_core_begin(c);
  return c->san;
}

void asc_sim_race_free(sim_san *s) {
  for (int m = 0; m < s->nmems; m++) {
    free(s->mems[m].v);
    free(s->rmems[m].v);
    free(s->sonly[m].v);
  }
  free(s->sonly);
  free(s->mems);
  free(s->rmems);
  for (int m = 0; m < ASC_HW_NMEMS; m++)
    free(s->lw[m]);
  free(s->reported);
  for (int e = 0; e < SIM_NEVENTS; e++)
    free(s->ev[e]);
  free(s);
}

void asc_sim_race_zero(sim_san *s) {
  memset(s, 0, offsetof(sim_san, pend));
  memset(&s->npend, 0, offsetof(sim_san, merged) - offsetof(sim_san, npend));
  memset(&s->hull, 0, sizeof *s - offsetof(sim_san, hull));
}

/* Everything a new core's state would be (asc_sim_race_zero, lists empty, no byte written, nothing
 * reported) but the arrays it has: the lists' records, the shadows and `reported` are reused. */
void asc_sim_race_reset(sim_san *s) {
  san_acclist *mems = s->mems, *rmems = s->rmems, *sonly = s->sonly;
  int nmems = s->nmems, n = s->ninsts;
  uint8_t *reported = s->reported;
  sim_shadow *lw[ASC_HW_NMEMS];
  memcpy(lw, s->lw, sizeof lw);
  for (int e = 0; e < SIM_NEVENTS; e++)
    free(s->ev[e]);
  asc_sim_race_zero(s);
  s->mems = mems;
  s->rmems = rmems;
  s->sonly = sonly;
  s->nmems = nmems;
  s->ninsts = n;
  s->reported = reported;
  memset(reported, 0, (size_t)n + 1);
  for (int m = 0; m < nmems; m++) { /* (a list's behaviour never depends on its capacity) */
    san_acclist *ls[3] = {&mems[m], &rmems[m], &sonly[m]};
    for (int i = 0; i < 3; i++)
      ls[i]->n = ls[i]->prune = 0, ls[i]->hlo = ls[i]->hhi = 0;
  }
  for (int m = 0; m < ASC_HW_NMEMS; m++)
    if ((s->lw[m] = lw[m]))
      asc_sim_shadow_reset(lw[m]);
}

/* ---- collecting the current instruction's accesses (called by asc_sim_mem) ---- */
/* Merge [lo, hi) into the latest pending piece of its kind it touches, walking the kind's
 * pieces from first (the latest of the kind; -2: every piece); whether there was one. */
static bool mergepend(sim_san *s, int first, int mem, int64_t lo, int64_t hi, bool write, bool pad) {
  bool chain = first != -2;
  for (int i = chain ? first : s->npend - 1; i >= 0; i = chain ? s->pend[i].prevk : i - 1) {
    san_pend *p = &s->pend[i];
    if (p->mem == mem && p->write == write && p->pad == pad && lo <= p->hi && p->lo <= hi) {
      p->lo = p->lo < lo ? p->lo : lo;
      p->hi = max64(p->hi, hi);
      return true;
    }
  }
  return false;
}

/* The hull of the pending pieces of [lo, hi)'s kind (added if new), or NULL when there are
 * too many kinds or a piece was widened past its hull (then every piece is searched). */
static san_hull *hullof(sim_san *s, int mem, bool write, bool pad) {
  if (s->nhull > SAN_NHULL)
    return NULL;
  int h = 0;
  while (h < s->nhull && (s->hull[h].mem != mem || s->hull[h].write != write || s->hull[h].pad != pad))
    h++;
  if (h == SAN_NHULL) {
    s->nhull = SAN_NHULL + 1;
    return NULL;
  }
  if (h == s->nhull)
    s->hull[s->nhull++] = (san_hull){mem, write, pad, INT64_MAX, INT64_MIN, -1, false};
  return &s->hull[h];
}

/* Pend's runs back into the pieces they stand for, in the order the pieces came (a piece's number
 * is its place: every piece has one of 0 .., nrows - 1), with their kinds' chains and latest pieces
 * as asc_sim_san_access would have made them (s->merged is the scratch). */
static void unrun(sim_san *s) {
  san_pend *m = s->merged;
  for (int i = 0; i < s->npend; i++) {
    san_pend p = s->pend[i];
    for (int k = 0; k < p.count; k++) {
      int o = k ? p.ord1 + k - 1 : p.ord;
      m[o] = p;
      m[o].lo = p.lo + k * p.stride;
      m[o].hi = p.hi + k * p.stride;
      m[o].ord = o;
      m[o].count = 1;
      m[o].stride = 0;
    }
  }
  int nh = s->nhull < SAN_NHULL ? s->nhull : SAN_NHULL;
  for (int h = 0; h < nh; h++) {
    s->hull[h].last = -1;
    s->hull[h].hasrun = false;
  }
  for (int o = 0; o < s->nrows; o++) {
    san_pend *p = &m[o];
    int h = 0;
    while (h < nh && (s->hull[h].mem != p->mem || s->hull[h].write != p->write || s->hull[h].pad != p->pad))
      h++;
    p->prevk = h < nh ? s->hull[h].last : -1; /* (no hull: nhull overflowed, chains are not walked) */
    if (h < nh)
      s->hull[h].last = o;
  }
  memcpy(s->pend, m, sizeof *m * (size_t)s->nrows);
  s->npend = s->nrows;
  s->nruns = 0;
}

/* Whether [lo, hi) of GM array mem continues piece i of its kind as the next row of a run: the
 * same length, after the kind's hull (so it touches none of its pieces), and, for a run of
 * rows, a stride past its last row with no new piece since it; a plain piece may have a few
 * pieces of other memories and kinds after it (an nd2nz's L1 columns after its first row):
 * the rows' order among the pieces of their memory and among reads / writes stays the
 * pieces' order, so checks, records and reports are those of the pieces. */
static bool extend(sim_san *s, int i, int mem, int64_t lo, int64_t hi) {
  san_pend *q = &s->pend[i];
  if (mem < 0 || q->mem != mem || hi - lo != q->hi - q->lo || lo <= q->hi + (q->count - 1) * q->stride)
    return false;
  if (q->count > 1) {
    if (s->nrows != q->ord1 + q->count - 1 || lo != q->lo + q->count * q->stride) /* a piece came since */
      return false;
    q->count++;
    return true;
  }
  if (s->npend - 1 - i > 4)
    return false;
  for (int j = i + 1; j < s->npend; j++)
    if (s->pend[j].mem == mem || s->pend[j].write == q->write)
      return false;
  q->count = 2;
  q->stride = lo - q->lo;
  q->ord1 = s->nrows;
  s->nruns++;
  return true;
}

void asc_sim_san_access(sim_core *c, int mem, int64_t lo, int64_t n, bool write) {
  sim_san *s = san(c);
  int64_t hi = lo + n;
  if (!s || n <= 0)
    return;
  if (s->pin != c->cur) {
    s->pin = c->cur;
    s->npend = s->nrows = s->nruns = 0;
    s->nhull = 0;
  }
  bool pad = !write && c->padread;
  /* lanes of masked ops and blocks of strided copies come one by one: merge neighbours (none
   * when the access lies outside the hull of the pieces of its kind) */
  san_hull *u = hullof(s, mem, write, pad);
  bool inside = !u || (lo <= u->hi && u->lo <= hi);
  if (u) {
    u->lo = u->lo < lo ? u->lo : lo;
    u->hi = max64(u->hi, hi);
  }
  if (inside) {
    if (s->nruns && (!u || u->hasrun)) /* the pieces it may merge with, one by one */
      unrun(s);
    if (mergepend(s, u ? u->last : -2, mem, lo, hi, write, pad))
      return;
  }
  if (s->nrows == SAN_MAXPEND) { /* too many pieces: widen the latest of the same kind */
    if (s->nruns)
      unrun(s);
    int i = s->npend - 1;
    while (i >= 0 && (s->pend[i].mem != mem || s->pend[i].write != write))
      i--;
    if (i < 0) /* no piece of this kind among 64 others: not tracked (can only hide a race) */
      return;
    san_pend *p = &s->pend[i];
    p->lo = p->lo < lo ? p->lo : lo;
    p->hi = max64(p->hi, hi);
    s->nhull = SAN_NHULL + 1; /* p may have grown past its kind's hull */
    return;
  }
  if (u && u->last >= 0 && extend(s, u->last, mem, lo, hi)) {
    u->hasrun = true;
    s->nrows++;
    return;
  }
  s->pend[s->npend] = (san_pend){mem, lo, hi, write, pad, u ? u->last : -1, s->nrows, 0, 1, 0};
  if (u)
    u->last = s->npend;
  s->npend++;
  s->nrows++;
}

void asc_sim_san_rows(sim_core *c, int mem, int64_t lo, int64_t n, int64_t stride, int64_t count, bool write) {
  sim_san *s = san(c);
  int64_t k = 0;
  for (; k < count && k < 2; k++) /* the first two as pieces: a run if they make one */
    asc_sim_san_access(c, mem, lo + k * stride, n, write);
  if (!s || n <= 0 || k == count || s->nhull > SAN_NHULL || !s->npend)
    goto rest;
  /* each further row would extend the kind's latest piece, a run no piece came after (asc_sim_san_access,
   * extend), while fewer than SAN_MAXPEND pieces are pending: all of them at once */
  bool pad = !write && c->padread;
  san_hull *u = NULL;
  for (int h = 0; h < s->nhull; h++)
    if (s->hull[h].mem == mem && s->hull[h].write == write && s->hull[h].pad == pad)
      u = &s->hull[h];
  san_pend *q = u && u->last >= 0 ? &s->pend[u->last] : NULL;
  int64_t next = lo + k * stride, m = count - k < SAN_MAXPEND - s->nrows ? count - k : SAN_MAXPEND - s->nrows;
  if (!q || q->count < 2 || s->nrows != q->ord1 + q->count - 1 || q->mem != mem || q->stride != stride ||
      stride <= n || q->hi - q->lo != n || next != q->lo + q->count * stride || next <= u->hi || m <= 0)
    goto rest;
  q->count += (int)m;
  s->nrows += (int)m;
  u->hi = max64(u->hi, next + (m - 1) * stride + n);
  k += m;
rest:
  for (; k < count; k++)
    asc_sim_san_access(c, mem, lo + k * stride, n, write);
}

/* ---- flags and barriers ---- */
static void tor(san_taint *d, const san_taint *a) {
  for (int i = 0; i < SAN_TW; i++)
    d->w[i] |= a->w[i];
}

static bool tany(const san_taint *t) {
  for (int i = 0; i < SAN_TW; i++)
    if (t->w[i])
      return true;
  return false;
}

/* The set of flag (evt, id) came: whatever waited for it is no longer stalled by it. */
static void tclear(sim_san *s, int evt, int id) {
  int b = evt * SIM_NIDS + id;
  uint64_t m = ~(1ull << (b & 63));
  for (int p = 0; p < SAN_NP; p++)
    s->taint[p].w[b >> 6] &= m;
  for (int e = 0; e < SIM_NEVENTS; e++)
    for (int i = 0; i < SIM_NIDS && s->ev[e]; i++)
      s->ev[e]->taint[i].w[b >> 6] &= m;
}

/* The clock a set_flag or barrier on p publishes: p's view plus all of p's instructions. */
static void doneclock(const sim_san *s, int p, int64_t *out) {
  memcpy(out, s->vc[p], sizeof s->vc[p]);
  join_noS(s, out, s->vc[S], s->sknown);
  out[p] = max64(out[p], s->cnt[p]);
}

/* Pipe q is ordered after clock clk (a flag it waited for, set where clk stood): it joins clk and the
 * setter's taint; a change of the scalar unit's clock moves sver (commit's join cache). */
static void learn(sim_san *s, int q, const int64_t *clk, const san_taint *t) {
  join(s, s->vc[q], clk);
  if (q == S) {
    s->sknown = max64(s->sknown, clk[S]);
    s->sver++;
  }
  tor(&s->taint[q], t);
}

void asc_sim_san_set(sim_core *c, int evt, int id) {
  sim_san *s = san(c);
  if (!s)
    return;
  int p = c->L->evt_src[evt];
  if (p < 0 || s->fset[evt][id]) /* a double set: the first one releases the wait */
    return;
  s->fstale = true;
  int64_t clk[SAN_NP];
  doneclock(s, p, clk);
  if (s->fwait[evt][id]) { /* the wait was issued first: its pipe learns now */
    learn(s, s->fwait[evt][id] - 1, clk, &s->taint[p]);
    s->fwait[evt][id] = 0;
    tclear(s, evt, id);
    return;
  }
  if (!s->ev[evt] && !(s->ev[evt] = calloc(1, sizeof *s->ev[evt])))
    asc_die("out of memory");
  memcpy(s->ev[evt]->clk[id], clk, sizeof clk);
  s->ev[evt]->taint[id] = s->taint[p];
  s->fset[evt][id] = 1;
}

void asc_sim_san_wait(sim_core *c, int evt, int id) {
  sim_san *s = san(c);
  if (!s)
    return;
  int q = c->L->evt_dst[evt];
  if (q < 0)
    return;
  s->fstale = true;
  if (s->fset[evt][id]) {
    learn(s, q, s->ev[evt]->clk[id], &s->ev[evt]->taint[id]);
    s->fset[evt][id] = 0;
  } else if (!s->fwait[evt][id]) {
    int b = evt * SIM_NIDS + id;
    s->fwait[evt][id] = (int8_t)(q + 1);
    s->taint[q].w[b >> 6] |= 1ull << (b & 63);
  }
}

/* A flag set on pipe `from` and waited on pipe `to` at the same point of the program (UnitFlag's
 * hand-over of L0C between the cube and the fixpipe, which has no set_flag / wait_flag). */
void asc_sim_san_handover(sim_core *c, int from, int to) {
  sim_san *s = san(c);
  if (!s || from < 0 || to < 0 || from >= SAN_NP || to >= SAN_NP)
    return;
  s->fstale = true;
  int64_t clk[SAN_NP];
  doneclock(s, from, clk);
  learn(s, to, clk, &s->taint[from]);
}

static san_acclist *memlist(sim_san *s, int mem);
static int memidx(int mem);

/* Copy into the next cross-core epoch each GM write of list l the set on pipe p does not wait
 * for: another pipe's that p is not ordered after, or a scalar write neither p's clock nor a
 * data_cache_clean_and_invalid covers. */
static void xlate(sim_core *c, const san_acclist *l, int g, int p, const int64_t *clk, const asc_op *set) {
  sim_san *s = c->san;
  for (int i = 0; i < l->n; i++) {
    const san_acc *a = &l->v[i];
    int64_t done = a->pipe == S ? max64(clk[S], s->sclean) : clk[a->pipe];
    if (a->write && a->pipe != p && done < a->epoch)
      asc_sim_san_wadd(&s->gmw[g], (san_wrange){a->lo, a->hi, a->in->op, a->pipe, c->xepoch + 1, set, a->write,
                                                a->atomic});
  }
}

void asc_sim_san_xset(sim_core *c, const sim_inst *set, int p) {
  sim_san *s = san(c);
  if (!s || p < 0 || p >= SAN_NP || !s->gmw)
    return;
  int64_t clk[SAN_NP];
  doneclock(s, p, clk);
  for (int g = 0; g < c->L->ngm; g++) {
    int i = memidx(g);
    if (i < s->nmems) {
      xlate(c, &s->mems[i], g, p, clk, set->op); /* the writes (reads, in rmems, are not judged yet) */
      xlate(c, &s->sonly[i], g, p, clk, set->op);
    }
  }
}

void asc_sim_san_dcci(sim_core *c) {
  sim_san *s = san(c);
  if (s)
    s->sclean = s->cnt[S];
}

void asc_sim_san_barrier(sim_core *c, int pipe) {
  sim_san *s = san(c);
  if (!s)
    return;
  s->fstale = true;
  s->sver++;
  if (pipe != ASC_PIPEID_PIPE_ALL && pipe >= 0 && pipe < SAN_NP) {
    join_noS(s, s->vc[pipe], s->vc[S], s->sknown);
    s->vc[pipe][pipe] = s->cnt[pipe];
    return;
  }
  int64_t all[SAN_NP] = {0}, clk[SAN_NP];
  san_taint t = {{0}};
  for (int p = 0; p < SAN_NP; p++) {
    doneclock(s, p, clk);
    join(s, all, clk);
    tor(&t, &s->taint[p]);
  }
  for (int p = 0; p < SAN_NP; p++) {
    memcpy(s->vc[p], all, sizeof all);
    s->taint[p] = t;
  }
  s->sknown = all[S];
}

/* ---- records ---- */
static int memidx(int mem) { return mem >= 0 ? ASC_HW_NMEMS + mem : sim_hwmem(mem); }

static san_acclist *memlist(sim_san *s, int mem) {
  int i = memidx(mem);
  return i >= 0 && i < s->nmems ? &s->mems[i] : NULL;
}

/* Every pipe of the core (a pipe not used yet starts from what the scalar unit knows) is
 * ordered after r: nothing can race with it any more.  The scalar unit's own later accesses
 * are not waited for, or records would live forever in kernels whose scalar unit never waits. */
/* floor[P]: the instructions of P that every pipe is ordered after (computed once per
 * change of the clocks, so retiring a record is one comparison). */
static void floorclock(const sim_san *s, int64_t *floor) {
  int live[SAN_NP], n = 0;
  for (uint32_t m = (s->corepipes | s->colmask) & ~(1u << S); m; m &= m - 1) /* colmask: the used pipes */
    live[n++] = __builtin_ctz(m);
  memset(floor, 0, sizeof *floor * SAN_NP); /* records exist only for pipes used so far */
  for (uint32_t m = s->colmask; m; m &= m - 1) {
    int p = __builtin_ctz(m);
    floor[p] = INT64_MAX;
    for (int i = 0; i < n; i++) {
      int64_t k = p == S ? s->vc[live[i]][S] : max64(s->vc[live[i]][p], s->vc[S][p]);
      floor[p] = k < floor[p] ? k : floor[p];
    }
  }
}

/* The floor, computed again only when a clock changed since (and only when a record needs it:
 * most instructions retire nothing but what they cover). */
static const int64_t *floorof(sim_san *s) {
  if (s->fstale) {
    floorclock(s, s->floor);
    s->fstale = false;
  }
  return s->floor;
}

/* Safety valve for kernels whose pipes never learn of each other (no flag round trip, no
 * barrier): records would pile up and every access would scan them all.  Past SAN_MAXREC
 * the older half is forgotten, which can only hide races, never invent one. */
static void trim(san_acclist *l) {
  int64_t lo = l->v[0].seq, hi = lo;
  for (int i = 1; i < l->n; i++) {
    lo = l->v[i].seq < lo ? l->v[i].seq : lo;
    hi = max64(hi, l->v[i].seq);
  }
  int k = 0;
  for (int i = 0; i < l->n; i++)
    if (l->v[i].seq > lo + (hi - lo) / 2)
      l->v[k++] = l->v[i];
  l->n = k;
}

/* l's hull recomputed from its records (after records were dropped). */
static void hull(san_acclist *l) {
  l->hlo = INT64_MAX;
  l->hhi = INT64_MIN;
  for (int i = 0; i < l->n; i++) {
    l->hlo = l->v[i].lo < l->hlo ? l->v[i].lo : l->hlo;
    l->hhi = max64(l->hhi, l->v[i].hi);
  }
}

static void addrec(san_acclist *l, san_acc a) {
  if (!l->n) {
    l->hlo = a.lo;
    l->hhi = a.hi;
  }
  l->hlo = a.lo < l->hlo ? a.lo : l->hlo;
  l->hhi = max64(l->hhi, a.hi);
  if (l->n) { /* the same instruction continuing its range */
    san_acc *t = &l->v[l->n - 1];
    if (t->in == a.in && t->epoch == a.epoch && t->pipe == a.pipe && t->write == a.write && a.lo <= t->hi &&
        t->lo <= a.hi) {
      t->lo = t->lo < a.lo ? t->lo : a.lo;
      t->hi = max64(t->hi, a.hi);
      return;
    }
  }
  if (l->n >= SAN_MAXREC)
    trim(l);
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->v = realloc(l->v, sizeof *l->v * (size_t)l->cap);
    if (!l->v)
      asc_die("out of memory");
  }
  l->v[l->n++] = a;
}

/* ---- reports ---- */
static void where(asc_strbuf *sb, const asc_op *op, bool col) {
  asc_loc l = asc_op_diag_loc(op);
  if (col)
    asc_sb_printf(sb, "%s:%d:%d", l.file ? l.file : "?", l.line, l.col);
  else
    asc_sb_printf(sb, "%s:%d", l.file ? l.file : "?", l.line);
}

/* The event from pipe a to pipe b on an AIV core, or -1 (hw.def). */
static int evtof(int a, int b, int core) {
  int64_t e = a == b ? -1 : asc_hw_event_of(a, b);
  return e >= 0 && asc_hw_event_slot(e, core) >= 0 ? (int)e : -1;
}

/* The edge that orders earlier op b (pipe pb) before later op a (pipe pa) on a core of kind core. */
static void fix(asc_strbuf *sb, const asc_op *b, int pb, const asc_op *a, int pa, int core) {
  int e = evtof(pb, pa, core);
  if (e >= 0) {
    asc_sb_printf(sb, "add set_flag(%s) after ", asc_sim_evt_name(e));
    where(sb, b, false);
    asc_sb_printf(sb, " and wait_flag(%s) before ", asc_sim_evt_name(e));
  } else {
    asc_sb_printf(sb, "add pipe_barrier(%s) between ", pa == pb ? asc_sim_pipe_name(pa) : "PIPE_ALL");
    where(sb, b, false);
    asc_sb_puts(sb, " and ");
  }
  where(sb, a, false);
}

/* The queue whose buffers hold bytes [lo, hi) of core memory mem, or NULL. */
static const sim_queue *queue_at(const sim_core *c, int mem, int64_t lo, int64_t hi) {
  for (int qi = 0; qi < c->nqueues; qi++) {
    const sim_queue *q = &c->queues[qi];
    for (int k = 0; k < q->nbuf; k++) {
      const sim_qbuf *b = &c->bufs[q->first + k];
      if (b->mem == mem && b->addr <= lo && hi <= b->addr + b->len)
        return q;
    }
  }
  return NULL;
}

/* Name the idiom a race comes from, for programs that run on an NPU by luck of timing: a
 * TQue(VECIN) buffer copied straight back out by MTE3 (its queue orders MTE2 before V only),
 * or an event that orders the earlier pipe before a third pipe but not before this one. */
static void idiom(asc_strbuf *sb, const sim_core *c, int pa, const san_pend *p, const san_acc *r) {
  const sim_queue *q = p->mem < 0 ? queue_at(c, p->mem, p->lo, p->hi) : NULL;
  int64_t in_fwd = asc_hw_queue_fwd(ASC_POS_VECIN, -1);
  if (q && r->write && r->pipe == ASC_PIPEID_PIPE_MTE2 && pa == ASC_PIPEID_PIPE_MTE3 && q->fwd == in_fwd) {
    asc_sb_printf(sb, " (a copy-through: a TQue(VECIN) buffer written by MTE2 and read back by MTE3, but its "
                  "enque/deque orders MTE2 before V only; declare the queue TQueBind(VECIN, VECOUT), whose "
                  "events order MTE2 before MTE3)");
    return;
  }
  const sim_san *s = c->san;
  for (int x = 0; x < SAN_NP; x++) {
    int e = evtof(r->pipe, x, c->kind);
    if (x == pa || x == r->pipe || e < 0 || s->vc[x][r->pipe] < r->epoch)
      continue;
    asc_sb_printf(sb, " (the earlier access is ordered before %s, e.g. by %s, but not before %s: an event "
                  "orders its two pipes only)", asc_sim_pipe_name(x), asc_sim_evt_name(e), asc_sim_pipe_name(pa));
    return;
  }
}

static int race(sim_core *c, const sim_inst *in, int pa, const san_pend *p, const san_acc *r) {
  static const char *const hz[] = {"", "RAW", "WAR", "WAW"};
  int h = r->write ? (p->write ? ASC_SIM_WAW : ASC_SIM_RAW) : ASC_SIM_WAR;
  int64_t lo = max64(p->lo, r->lo), hi = p->hi < r->hi ? p->hi : r->hi;
  asc_strbuf sb;
  asc_sb_init(&sb);
  if (p->mem < 0)
    asc_sb_printf(&sb, "race (%s) on %s bytes [%lld, %lld): ", hz[h], asc_sim_mem_name(c, p->mem), (long long)lo,
                  (long long)hi);
  else
    asc_sb_printf(&sb, "race (%s) on GM '%s' bytes [%lld, %lld): ", hz[h], asc_sim_mem_name(c, p->mem),
                  (long long)lo, (long long)hi);
  asc_sb_printf(&sb, "%s at ", asc_op_name(in->op));
  where(&sb, in->op, true);
  asc_sb_printf(&sb, " (%s) %s what %s at ", asc_sim_pipe_name(pa), p->write ? "writes" : "reads",
                asc_op_name(r->in->op));
  where(&sb, r->in->op, true);
  asc_sb_printf(&sb, " (%s) %s, with no synchronization between them; ", asc_sim_pipe_name(r->pipe),
                r->write ? "writes" : "reads");
  fix(&sb, r->in->op, r->pipe, in->op, pa, c->kind);
  idiom(&sb, c, pa, p, r);
  if (c->L->race_warn) { /* race_warn: an NPU runs on; the finding is a KernelWarning once per op site */
    asc_sim_lenient_warn(c, in->op, "%s (race_warn: the run went on)", sb.data);
    asc_sb_free(&sb);
    return 0;
  }
  sim_finding f = {ASC_SIM_CHK_RACE, ASC_SEV_ERROR, h, in->op, r->in->op, pa, r->pipe, p->mem, lo, hi};
  asc_sim_found(c, &f, "%s", sb.data);
  asc_sb_free(&sb);
  return -1;
}

/* Compare access p of in (pipe pa, epoch e, clock clk) with the live records of its
 * memory; drop the ones nothing can race with any more. */
/* Scan list l for access p of in (pipe pa, epoch e, clock clk): keep in *worst the latest
 * conflicting record, drop the ones nothing can race with any more.  For the main list
 * (sonly != NULL), a record every pipe but S is ordered after moves to sonly unless S is
 * ordered after it too; in sonly (sonly NULL) a record lives until S is. */
static void scan(sim_san *s, san_acclist *l, san_acclist *sonly, int pa, int64_t e, const int64_t *clk,
                 const san_pend *p, san_acc *worst, bool full, bool judge) {
  if (!l || (!full && !(l->hlo < p->hi && p->lo < l->hhi))) /* overlaps no record */
    return;
  for (int i = 0; i < l->n;) {
    if (!full) { /* records it does not overlap: only retirement, which prune does (a tight loop: most are) */
      const san_acc *v = l->v;
      int n = l->n;
      int64_t plo = p->lo, phi = p->hi;
      while (i < n && !(v[i].lo < phi && plo < v[i].hi))
        i++;
      if (i == n)
        break;
    }
    san_acc *r = &l->v[i];
    bool same = r->pipe == pa && r->epoch == e, ord = clk[r->pipe] >= r->epoch;
    bool olap = r->lo < p->hi && p->lo < r->hi;
    if (olap && !same && !ord && (p->write || r->write) && judge && (!worst->in || r->seq > worst->seq))
      *worst = *r;
    bool covered = olap && ord && p->lo <= r->lo && r->hi <= p->hi && (p->write || !r->write);
    /* the floor only when the record is not covered (most overlapping records are) */
    if (covered || (sonly ? floorof(s)[r->pipe] : s->vc[S][r->pipe]) >= r->epoch) {
      if (!covered && sonly && r->pipe != S && s->vc[S][r->pipe] < r->epoch)
        addrec(sonly, *r);
      l->v[i] = l->v[--l->n];
      continue;
    }
    i++;
  }
}

/* Drop the records of list l nothing can race with any more (no access: nothing found); the
 * next prune when the list has doubled.  An access's check looks only at the records it
 * overlaps (a record it does not overlap cannot race with it, and one that could retire cannot
 * race with anything later: every pipe is ordered after it), so retiring the rest waits for
 * this pass, as it did for the read lists, which accesses never scan. */
static void prune(sim_san *s, san_acclist *l, san_acclist *sonly) {
  san_pend none = {0, INT64_MIN, INT64_MIN, false, false, -1, 0, 0, 1, 0};
  san_acc worst = {0};
  scan(s, l, sonly, S, 0, s->vc[S], &none, &worst, true, false);
  hull(l);
  l->prune = l->n * 2 > 64 ? l->n * 2 : 64;
  if (l->prune > SAN_MAXREC)
    l->prune = SAN_MAXREC;
}

/* Compare access p of in with the live records of its memory (a scalar access also with
 * the records only the scalar unit can still race with). */
static int check(sim_core *c, const sim_inst *in, int pa, int64_t e, const int64_t *clk, const san_pend *p,
                 bool quiet, bool judge) {
  sim_san *s = c->san;
  int i = memidx(p->mem);
  if (i < 0 || i >= s->nmems)
    return 0;
  /* the scans below would all return at once (no record's hull overlaps p): the common case of
   * a GM row read that no write of this core can have touched */
  if (pa != S && !(s->mems[i].hlo < p->hi && p->lo < s->mems[i].hhi) &&
      !(p->write && s->rmems[i].hlo < p->hi && p->lo < s->rmems[i].hhi))
    return 0;
  san_acc worst = {0}; /* the latest conflicting access: the nearest missing edge (in = NULL: none) */
  scan(s, &s->mems[i], &s->sonly[i], pa, e, clk, p, &worst, false, judge);
  if (p->write) /* reads race with writes only */
    scan(s, &s->rmems[i], &s->sonly[i], pa, e, clk, p, &worst, false, judge);
  if (pa == S)
    scan(s, &s->sonly[i], NULL, pa, e, clk, p, &worst, true, judge);
  return !worst.in ? 0 : quiet ? -1 : race(c, in, pa, p, &worst);
}

/* initcheck: every byte of a core memory (UB, L1, L0A/B/C, ...) read must have been written
 * by some instruction before. */
static sim_shadow *shadowof(sim_core *c, int mem) {
  int m = sim_hwmem(mem);
  if (mem >= 0 || m <= 0 || !c->lmb[m])
    return NULL;
  return asc_sim_shadow_fit(&c->san->lw[m], c->lmb[m]);
}

static int uninit(sim_core *c, const sim_inst *in, int pa, const san_pend *p) {
  int64_t end;
  sim_shadow *sh = shadowof(c, p->mem);
  int64_t a = sh ? asc_sim_shadow_find(sh, p->lo, p->hi, &end) : -1;
  if (a < 0)
    return 0;
  asc_loc l = asc_op_diag_loc(in->op);
  if (!c->L->strict_gm) { /* an NPU reads whatever the bytes hold */
    asc_sim_lenient_warn(c, in->op, "%s: read of uninitialized %s bytes [%lld, %lld): no instruction wrote them "
                         "before", asc_op_name(in->op), asc_sim_mem_name(c, p->mem), (long long)a, (long long)end);
    return 0;
  }
  sim_finding f = {ASC_SIM_CHK_UNINIT, ASC_SEV_ERROR, 0, in->op, NULL, pa, -1, p->mem, a, end};
  return asc_sim_found(c, &f, "read of uninitialized %s bytes [%lld, %lld) by %s at %s:%d:%d (%s): no "
                        "instruction wrote them before", asc_sim_mem_name(c, p->mem), (long long)a, (long long)end,
                        asc_op_name(in->op), l.file ? l.file : "?", l.line, l.col, asc_sim_pipe_name(pa));
}

static void record(sim_core *c, const sim_inst *in, int pa, int64_t e, const san_pend *p, int64_t seq) {
  sim_san *s = c->san;
  sim_shadow *sh = p->write ? shadowof(c, p->mem) : NULL;
  bool atomic = p->write && c->atomic_dt >= 0 && (pa == ASC_PIPEID_PIPE_MTE3 || pa == ASC_PIPEID_PIPE_FIX);
  if (sh)
    asc_sim_shadow_mark(sh, p->lo, p->hi);
  if (p->mem >= 0)
    asc_sim_san_wadd(&s->gmw[p->mem], (san_wrange){p->lo, p->hi, in->op, pa, c->xepoch, NULL, p->write, atomic});
  san_acclist *l = memlist(s, p->mem);
  if (!(pa != S || p->write) || !l) /* a scalar read completes before the next issue */
    return;
  if (!p->write)
    l = &s->rmems[memidx(p->mem)];
  if (l->n >= (l->prune ? l->prune : 64)) /* checks retire only what they overlap: the rest now and then */
    prune(s, l, &s->sonly[memidx(p->mem)]);
  addrec(l, (san_acc){p->lo, p->hi, e, seq, in, (int8_t)pa, p->write, atomic});
}

/* record for each row of run p as its own piece would be, the rows numbered seq + their piece numbers */
static void recordrun(sim_core *c, const sim_inst *in, int pa, int64_t e, const san_pend *p, int64_t seq) {
  san_pend r = *p;
  r.count = 1;
  for (int k = 0; k < p->count; k++, r.lo += p->stride, r.hi += p->stride)
    record(c, in, pa, e, &r, seq + (k ? p->ord1 + k - 1 : p->ord));
}

/* The instruction's pieces merged where they touch, per memory and kind (reads, writes), into
 * s->merged, ordered by (write, mem, lo); how many. */
static int mergepieces(sim_san *s) {
  san_pend *m = s->merged;
  int n = 0;
  for (int i = 0; i < s->npend; i++) { /* insertion sort: an instruction has few pieces */
    san_pend p = s->pend[i];
    int j = n++;
    for (; j > 0; j--) {
      const san_pend *q = &m[j - 1];
      if (q->write < p.write || (q->write == p.write && (q->mem < p.mem || (q->mem == p.mem && q->lo <= p.lo))))
        break;
      m[j] = *q;
    }
    m[j] = p;
  }
  int k = 0;
  for (int i = 0; i < n; i++) {
    if (k && m[k - 1].write == m[i].write && m[k - 1].mem == m[i].mem && m[i].lo <= m[k - 1].hi) {
      m[k - 1].hi = max64(m[k - 1].hi, m[i].hi);
      continue;
    }
    m[k++] = m[i];
  }
  return k;
}

/* Whether two of the instruction's pieces share a memory and kind (read / write): only then can
 * mergepieces merge any (a copy's 32-byte pieces do at once; an add's three operands never). */
static bool samekind(const sim_san *s) {
  for (int i = 1; i < s->npend; i++)
    for (int j = 0; j < i; j++)
      if (s->pend[i].mem == s->pend[j].mem && s->pend[i].write == s->pend[j].write)
        return true;
  return false;
}

/* With runs in pend: whether two pieces of one memory and kind may touch, judged by their hulls (a
 * run's rows touch none of each other); only then can mergepieces merge any. */
static bool touchkind(const sim_san *s) {
  for (int i = 1; i < s->npend; i++)
    for (int j = 0; j < i; j++) {
      const san_pend *p = &s->pend[i], *q = &s->pend[j];
      if (p->mem == q->mem && p->write == q->write && p->lo <= q->hi + (q->count - 1) * q->stride &&
          q->lo <= p->hi + (p->count - 1) * p->stride)
        return true;
    }
  return false;
}

/* Check each row of run p as its own piece would be, in order; at once when every row's check
 * would return before its scans (check's own first test, on the rows' hull). */
static void checkrun(sim_core *c, const sim_inst *in, int pa, int64_t e, const san_pend *p, bool judge) {
  sim_san *s = c->san;
  int i = memidx(p->mem);
  int64_t hi = p->hi + (p->count - 1) * p->stride;
  if (i < 0 || i >= s->nmems ||
      (pa != S && !(s->mems[i].hlo < hi && p->lo < s->mems[i].hhi) &&
       !(p->write && s->rmems[i].hlo < hi && p->lo < s->rmems[i].hhi)))
    return;
  san_pend r = *p;
  r.count = 1;
  for (int k = 0; k < p->count; k++, r.lo += p->stride, r.hi += p->stride)
    if (check(c, in, pa, e, s->vc[pa], &r, s->raced && !c->L->race_warn, judge))
      s->raced = true;
}

/* Whether the instruction's merged pieces (mergepieces) conflict with any record, checked
 * quietly.  Their scans drop what the pieces' own scans would not: records the whole merged
 * range covers.  Such a record is ordered before this instruction, so it is no piece's
 * conflict, and whatever later access races with it races with a piece of this instruction
 * too, whose record is newer: a record only ever named as the latest conflict is never one
 * of them.  A copy covering a buffer in 32-byte pieces thus retires the buffer's old records
 * at once, instead of every piece scanning all of them. */
static bool merged_conflict(sim_core *c, const sim_inst *in, int pa, int64_t e, int n, bool judge) {
  sim_san *s = c->san;
  bool hit = false;
  for (int w = 0; w < 2; w++)
    for (int i = 0; i < n; i++)
      if (s->merged[i].write == w && check(c, in, pa, e, s->vc[pa], &s->merged[i], true, judge))
        hit = true;
  return hit;
}

static void commit(sim_core *c, const sim_inst *in);

/* Most instructions touch no memory: their commit returns before commit's frame is set up. */
int asc_sim_san_commit(sim_core *c, const sim_inst *in) {
  sim_san *s = c->san;
  if (s && s->pin == in && s->npend)
    commit(c, in);
  return 0;
}

__attribute__((noinline)) static void commit(sim_core *c, const sim_inst *in) {
  sim_san *s = c->san;
  s->pin = NULL;
  int pa = in->pipe < 0 || in->pipe >= SAN_NP ? S : in->pipe;
  int64_t e = ++s->cnt[pa];
  s->colmask |= 1u << pa; /* before any join: pa's column is about to become non-zero */
  if (pa == S)
    s->vc[S][S] = e;
  else if (asc_hw_pipe_in_order(pa) && s->vc[pa][pa] < e - 1) { /* ordered after its own earlier work */
    s->vc[pa][pa] = e - 1;
    s->fstale = true;
  }
  if (s->jver[pa] != s->sver) { /* vc[pa] holds vc[S] as it was at the last join unless that changed since */
    s->fstale |= join_noS(s, s->vc[pa], s->vc[S], s->sknown);
    s->jver[pa] = s->sver;
  }
  s->fstale |= pa == S || !s->used[pa];
  tor(&s->taint[pa], &s->taint[S]);
  s->used[pa] = true;
  /* Findings do not stop the block (its effects are already applied, in program order):
   * what follows a race, e.g. the double set and the deadlock of a wrong flag, is reported
   * too.  A block reports its first race only (the later ones are mostly that missing
   * edge again, in later iterations) and one uninitialised read per instruction. */
  uint8_t *rep = &s->reported[in->id];
  for (int i = 0; i < s->npend; i++)
    if (!s->pend[i].write && !s->pend[i].pad && s->pend[i].mem < 0 && !(*rep & SAN_REP_UNINIT) &&
        uninit(c, in, pa, &s->pend[i]))
      *rep |= SAN_REP_UNINIT;
  bool judge = !tany(&s->taint[pa]); /* a pipe stalled on a flag never set is not judged (a deadlock) */
  /* the pieces merged first; only a conflict needs the pieces one by one, whose first
   * conflict is the report */
  if (s->nruns && touchkind(s))
    unrun(s);
  int nm = s->npend > 1 && !s->nruns && samekind(s) ? mergepieces(s) : s->npend;
  bool pieces = nm == s->npend || merged_conflict(c, in, pa, e, nm, judge);
  for (int w = 0; w < 2 && pieces; w++) /* reads first: a RAW names the dependence the op has */
    for (int i = 0; i < s->npend; i++)
      if (s->pend[i].write == w && s->pend[i].count > 1)
        checkrun(c, in, pa, e, &s->pend[i], judge);
      else if (s->pend[i].write == w &&
               check(c, in, pa, e, s->vc[pa], &s->pend[i], s->raced && !c->L->race_warn, judge))
        s->raced = true;
  /* records in the pieces' order of their memory, numbered as the pieces come (a run's rows are
   * the pieces ord, ord1, ord1 + 1, ...; what lies between is another memory's) */
  for (int i = 0; i < s->npend; i++)
    if (s->pend[i].count > 1)
      recordrun(c, in, pa, e, &s->pend[i], s->seq + 1);
    else
      record(c, in, pa, e, &s->pend[i], s->seq + 1 + s->pend[i].ord);
  s->seq += s->nrows;
  s->npend = s->nrows = s->nruns = 0;
}

/* ---- GM writes of this block, merged while they grow contiguously ---- */
static bool wsame(const san_wrange *a, const san_wrange *b) {
  return a->lo == b->lo && a->hi == b->hi && a->op == b->op && a->pipe == b->pipe && a->epoch == b->epoch &&
         a->write == b->write && a->atomic == b->atomic;
}

static uint64_t whash(const san_wrange *r) {
  uint64_t h = (uint64_t)r->lo * 0x9E3779B97F4A7C15ull ^ (uint64_t)r->hi * 0xC2B2AE3D27D4EB4Full ^
               (uint64_t)(uintptr_t)r->op * 0x165667B19E3779F9ull ^ (uint64_t)r->epoch * 0x27D4EB2F165667C5ull ^
               (uint64_t)(r->pipe * 4 + r->write * 2 + r->atomic);
  return h ^ h >> 29;
}

/* Add v[i] to l's set unless an equal range is there already; whether it was.  The entry after
 * the last one found is tried first: the next tile repeats the ranges in the same order. */
static bool wseen(san_wlist *l, int i) {
  if (l->hint < i && wsame(&l->v[l->hint], &l->v[i])) { /* v[hint] is in the set: every entry before i is */
    l->hint++;
    return true;
  }
  if (2 * (l->nset + 1) > l->setcap) { /* grow to keep the load under half */
    int cap = l->setcap ? 2 * l->setcap : 256, *set = malloc(sizeof *set * (size_t)cap);
    if (!set)
      asc_die("out of memory");
    memset(set, 0xff, sizeof *set * (size_t)cap);
    for (int k = 0; k < l->setcap; k++)
      if (l->set[k] >= 0) {
        size_t j = whash(&l->v[l->set[k]]) & (size_t)(cap - 1);
        while (set[j] >= 0)
          j = (j + 1) & (size_t)(cap - 1);
        set[j] = l->set[k];
      }
    free(l->set);
    l->set = set;
    l->setcap = cap;
  }
  size_t j = whash(&l->v[i]) & (size_t)(l->setcap - 1);
  for (; l->set[j] >= 0; j = (j + 1) & (size_t)(l->setcap - 1))
    if (wsame(&l->v[l->set[j]], &l->v[i])) {
      l->hint = l->set[j] + 1;
      return true;
    }
  l->set[j] = i;
  l->nset++;
  return false;
}

void asc_sim_san_wadd(san_wlist *l, san_wrange r) {
  if (l->n) {
    san_wrange *t = &l->v[l->n - 1];
    if (r.lo <= t->hi && t->lo <= r.hi && t->epoch == r.epoch && t->write == r.write && t->atomic == r.atomic &&
        t->xflag == r.xflag) {
      t->lo = t->lo < r.lo ? t->lo : r.lo;
      t->hi = max64(t->hi, r.hi);
      return;
    }
    /* the last range is final now; a copy of an earlier one adds nothing to the cross-core check (its pairs
     * are the same) */
    if (wseen(l, l->n - 1))
      l->n--;
  }
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 8;
    l->v = realloc(l->v, sizeof *l->v * (size_t)l->cap);
    if (!l->v)
      asc_die("out of memory");
  }
  l->v[l->n++] = r;
}
