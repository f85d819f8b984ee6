/* l2.c - the L2 cache (docs/timing.md, "L2 cache" and "L2 shared between cores").
 *
 * The chip's L2 (hw.def l2_mib) is shared by the cores of a wave.  While a block runs (on its own host
 * thread) it sees an equal part of it and only its own GM traffic: that gives the first timing, and the
 * only one of launches whose cores wait on each other.  The part holds l2_line_bytes lines (the unit of
 * msprof's L2 hit counters) up to its capacity, tracked in 16 KiB granules (a bit per line: a few lookups
 * per copy) evicted least recently used first.  GM reads and writes allocate lines; a read of a line that
 * is present is a hit.  The copy that caused the accesses (timing.c) moves hit bytes at the L2 read rate
 * and the rest at the GM rate.  Every access is also kept on the block's timing tape; once the wave has
 * run, asc_sim_l2_shared (below) replays the wave's copies through one L2 and the blocks are timed again
 * (launch.c). */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

enum { GLINES = 128 }; /* a tracked granule: 128 lines (16 KiB), one bit each */

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

static uint64_t bits(int lo, int hi) { /* bits [lo, hi) of a 64-bit word, 0 <= lo <= hi <= 64 */
  uint64_t up = hi >= 64 ? ~0ull : (1ull << hi) - 1;
  return up & ~((1ull << lo) - 1);
}

static int nlines(const sim_l2node *g) { return asc_pop64(g->line[0]) + asc_pop64(g->line[1]); }

/* ---- the granule table: open addressing, backward-shift deletion ----
 * A granule's home slot keeps the granule's place among its 8 neighbours (a 64-byte line of slots): a
 * copy's consecutive granules are looked up in one line instead of one miss each. */
static uint64_t home(uint64_t key, int64_t nslots) { return (mix(key >> 3) << 3 | (key & 7)) & (uint64_t)(nslots - 1); }

static int64_t *slot_of(sim_l2 *l2, uint64_t key) {
  for (uint64_t h = home(key, l2->nslots);; h = (h + 1) & (uint64_t)(l2->nslots - 1))
    if (l2->slot[h] < 0 || l2->node[l2->slot[h]].key == key)
      return &l2->slot[h];
}

static void unslot(sim_l2 *l2, int64_t *s) {
  uint64_t m = (uint64_t)l2->nslots - 1, i = (uint64_t)(s - l2->slot), j = i;
  l2->slot[i] = -1;
  for (;;) {
    j = (j + 1) & m;
    if (l2->slot[j] < 0)
      return;
    uint64_t h = home(l2->node[l2->slot[j]].key, l2->nslots);
    if (((j - h) & m) >= ((j - i) & m)) { /* j's entry may move back to the hole at i */
      l2->slot[i] = l2->slot[j];
      l2->slot[j] = -1;
      i = j;
    }
  }
}

static void grow_slots(sim_l2 *l2) {
  int64_t old = l2->nslots, *os = l2->slot;
  l2->nslots = old ? 2 * old : 1024;
  l2->slot = malloc(sizeof *l2->slot * (size_t)l2->nslots);
  if (!l2->slot)
    asc_die("out of memory");
  for (int64_t i = 0; i < l2->nslots; i++)
    l2->slot[i] = -1;
  for (int64_t i = 0; i < old; i++)
    if (os[i] >= 0)
      *slot_of(l2, l2->node[os[i]].key) = os[i];
  free(os);
}

/* ---- LRU list of granules (head: most recent) ---- */
static void unlink_node(sim_l2 *l2, int64_t n) {
  sim_l2node *g = &l2->node[n];
  if (g->prev >= 0)
    l2->node[g->prev].next = g->next;
  else
    l2->head = g->next;
  if (g->next >= 0)
    l2->node[g->next].prev = g->prev;
  else
    l2->tail = g->prev;
}

static void push_front(sim_l2 *l2, int64_t n) {
  sim_l2node *g = &l2->node[n];
  g->prev = -1;
  g->next = l2->head;
  if (l2->head >= 0)
    l2->node[l2->head].prev = n;
  l2->head = n;
  if (l2->tail < 0)
    l2->tail = n;
}

static int64_t new_node(sim_l2 *l2, uint64_t key) {
  int64_t n = l2->free;
  if (n >= 0)
    l2->free = l2->node[n].next;
  else {
    if (l2->nnode == l2->cap) {
      l2->cap = l2->cap ? 2 * l2->cap : 1024;
      l2->node = realloc(l2->node, sizeof *l2->node * (size_t)l2->cap);
      if (!l2->node)
        asc_die("out of memory");
    }
    n = l2->nnode++;
  }
  l2->node[n] = (sim_l2node){key, {0, 0}, {0, 0}, -1, -1};
  return n;
}

/* Evict least recently used granules until the lines held fit the capacity. */
static void evict(sim_l2 *l2) {
  while (l2->held > l2->lines && l2->tail >= 0) {
    int64_t n = l2->tail;
    unlink_node(l2, n);
    unslot(l2, slot_of(l2, l2->node[n].key));
    l2->held -= nlines(&l2->node[n]);
    l2->wb_lines += asc_pop64(l2->node[n].dirty[0]) + asc_pop64(l2->node[n].dirty[1]);
    l2->node[n].next = l2->free;
    l2->free = n;
    l2->live--;
  }
}

/* Lines [l0, l1) of granule key: returns how many were present (hits); all are present after, the
 * granule most recently used. */
static int64_t touch(sim_l2 *l2, uint64_t key, int l0, int l1, bool write) {
  if (2 * (l2->live + 1) > l2->nslots)
    grow_slots(l2);
  int64_t *s = slot_of(l2, key), n = *s;
  if (n < 0) {
    n = *s = new_node(l2, key);
    l2->live++;
  } else
    unlink_node(l2, n);
  push_front(l2, n);
  sim_l2node *g = &l2->node[n];
  uint64_t m0 = l0 < 64 ? bits(l0, l1 < 64 ? l1 : 64) : 0, m1 = l1 > 64 ? bits(l0 > 64 ? l0 - 64 : 0, l1 - 64) : 0;
  int64_t hit = asc_pop64(g->line[0] & m0) + asc_pop64(g->line[1] & m1);
  int before = nlines(g);
  g->line[0] |= m0;
  g->line[1] |= m1;
  if (write) {
    g->dirty[0] |= m0;
    g->dirty[1] |= m1;
  }
  l2->held += nlines(g) - before;
  return hit;
}

/* The access on the block's timing tape, merged with the previous one when it continues it. */
static void tape_access(sim_tape *t, int mem, int64_t lo, int64_t n, bool write, bool bypass) {
  sim_tl2 *p = t->nl2 > t->l2pend ? &t->l2[t->nl2 - 1] : NULL;
  if (p && p->mem == mem && p->write == write && p->bypass == bypass && p->lo + p->n == lo) {
    p->n += n;
    return;
  }
  if (t->nl2 == t->capl2) {
    t->capl2 = t->capl2 ? 2 * t->capl2 : 256;
    t->l2 = realloc(t->l2, sizeof *t->l2 * (size_t)t->capl2);
    if (!t->l2)
      asc_die("out of memory");
  }
  t->l2[t->nl2++] = (sim_tl2){lo, n, mem, write, bypass};
}

/* The kernel's CACHE_MODE_DISABLE ranges, as many as off[] holds (later hints replace earlier ones). */
void asc_sim_l2_hint(sim_core *c, int mem, int64_t lo, int64_t n, bool off) {
  sim_l2 *l2 = &c->l2;
  int k = 0;
  for (int i = 0; i < l2->noff; i++) /* drop the ranges the new hint covers */
    if (!(l2->off[i].mem == mem && l2->off[i].lo >= lo && l2->off[i].hi <= lo + n))
      l2->off[k++] = l2->off[i];
  l2->noff = k;
  if (off && l2->noff < (int)(sizeof l2->off / sizeof l2->off[0]))
    l2->off[l2->noff++] = (struct sim_l2off){mem, lo, lo + n};
}

static bool bypassed(const sim_l2 *l2, int mem, int64_t lo, int64_t n) {
  for (int i = 0; i < l2->noff; i++)
    if (l2->off[i].mem == mem && lo >= l2->off[i].lo && lo + n <= l2->off[i].hi)
      return true;
  return false;
}

void asc_sim_l2_access(sim_core *c, int mem, int64_t lo, int64_t n, bool write) {
  sim_l2 *l2 = &c->l2;
  if (n <= 0 || l2->lines <= 0)
    return;
  bool bypass = l2->noff && bypassed(l2, mem, lo, n);
  if (c->tape)
    tape_access(c->tape, mem, lo, n, write, bypass);
  const int64_t line = ASC_HWC_l2_line_bytes, gbytes = line * GLINES;
  if (bypass) { /* straight to HBM: no hit, nothing allocated */
    if (write) { /* HBM at the write share (as write-backs), not through the L2: the copy's "hit" */
      l2->wb_lines += (lo + n - 1) / line - lo / line + 1;
      l2->hit_bytes += n;
    }
    return;
  }
  if (!l2->nslots) {
    l2->head = l2->tail = l2->free = -1;
    grow_slots(l2);
  }
  int64_t hit = 0;
  for (int64_t g = lo / gbytes; g * gbytes < lo + n; g++) {
    int64_t a = g * gbytes > lo ? g * gbytes : lo, b = (g + 1) * gbytes < lo + n ? (g + 1) * gbytes : lo + n;
    int l0 = (int)((a - g * gbytes) / line), l1 = (int)((b - 1 - g * gbytes) / line) + 1;
    hit += touch(l2, (uint64_t)mem << 48 ^ (uint64_t)g, l0, l1, write);
  }
  evict(l2);
  if (!write)
    l2->hit_bytes += hit * line < n ? hit * line : n;
}

/* The bytes of the copy now being issued that hit (a write: the bytes it wrote past the L2), reset for
 * the next one. */
int64_t asc_sim_l2_take_hits(sim_core *c) {
  int64_t h = c->l2.hit_bytes;
  c->l2.hit_bytes = 0;
  return h;
}

int64_t asc_sim_l2_take_wb(sim_core *c) {
  int64_t w = c->l2.wb_lines * ASC_HWC_l2_line_bytes;
  c->l2.wb_lines = 0;
  return w;
}

static void l2free(sim_l2 *l2) {
  free(l2->slot);
  free(l2->node);
  l2->slot = NULL;
  l2->node = NULL;
}

void asc_sim_l2_free(sim_core *c) { l2free(&c->l2); }

/* ---- the L2 shared by the cores of a wave (docs/timing.md, "L2 shared between cores") ----
 * The wave's copies are replayed in the order they ran (their start in the first timing, then block,
 * then issue order) through one L2 of the chip's capacity.  The lines of a granule that one copy finds
 * absent start a fill, which lasts until that copy ended; the other cores that read those lines before
 * then wait on the same fill instead of starting their own, and the fill's HBM bytes are split evenly
 * between the cores that waited on it (each pays 1/k of a miss, the rest at the L2 rate).  A line present
 * otherwise is a hit.  One sweep over that order finds each fill's cores and logs each copy's miss terms
 * (which fill, how many lines, in the order they are summed); once every fill's cores are known the log
 * is charged (a second sweep would go through the same L2 states again: nothing in them depends on the
 * cores).  Lines written, or whose fill ended before the copy now replayed started (the copies come
 * in time order, so for every later copy too), are "done": hits for every core, checked a word at a time.
 * When the wave's lines fit the L2 (nothing is evicted), a granule's lines and fills depend on the accesses to
 * that granule alone: the sweep then runs in two parts, each over the copies in the same order but for half
 * of the granules (its own L2 state, log and fills), on two host threads (launch.c); each part sums its
 * words' terms once its fills are known (sh_values), and a copy adds its words' sums in the order of its
 * accesses, taking them from either part (sh_charge): the same sums in the same order as one sweep. */
typedef struct fill {
  int64_t end;    /* the filling copy's end (first timing) */
  uint64_t cores; /* the cores waiting on it (core index mod 64) */
  int32_t owner;
} fill;
/* The fill of a word's live lines (present, not done): one for the whole word (`wf`) while they all
 * came in with the same fill (a copy covering whole words: no per-line work), else a row of per-line
 * fills (`lrow`, allocated when the word first mixes fills). */
typedef struct shared {
  sim_l2 l2;
  uint64_t (*done)[2]; /* per granule node: its done lines */
  int32_t (*wf)[2];    /* per granule node and word: the fill of its live lines, or -1 - its row in lg */
  int64_t gcap;
  int32_t *lg;         /* rows of GLINES / 2 per-line fills */
  int64_t nlg, lgcap;
  int64_t lgfree;      /* a row no word uses any more (its first entry: the next such row), -1 none */
  fill *f;
  int64_t nf, fcap;
  struct term *log; /* the sweep's miss terms, copy after copy */
  int64_t nlog, logcap;
  double *gv;  /* the sum of each group of terms (a word's, a bypassed read's: sh_values), */
  int64_t *gp; /* and its place in its copy */
  int64_t ngv, gvcap;
} shared;
/* A term of a copy's miss share, in the order the sum takes them: a word's absent lines (count lines at
 * fill f's share), its lines waiting on fill f (its share added count times, one line at a time), the
 * word's sum added to the copy's (count: the word's place in the copy, see sh_copy), a bypassed read
 * (count whole lines; f: its place). */
enum { T_ABSENT, T_WAIT, T_WORD, T_BYPASS };
typedef struct term { int64_t count; int32_t f, kind; } term;
typedef struct wev { int64_t start; int t; int64_t k, g; } wev; /* g: the copy's row in the gathered copies */
/* A copy as the sweep reads it, gathered from its tape in tape order: the sweep visits the wave's copies
 * in time order, jumping between the blocks' tapes, and those were long evicted by the blocks' own data
 * (two cache misses a copy, most of the replay's time).  Its accesses are gathered too (l2[a0 .. a1)), and
 * its figures kept here until they are all known. */
typedef struct gcopy {
  int64_t start, end, bytes, a0, a1;
  int64_t t0[2], t1[2]; /* its miss terms: part p's log[t0[p] .. t1[p]) (sh_copy), */
  int64_t g0[2], g1[2]; /* and their groups' sums: part p's gv[g0[p] .. g1[p]) (sh_values) */
  int64_t hit, wb; /* its figures */
  int pipe;
  int t;     /* the tape it came from, */
  int64_t k; /* and its row there */
} gcopy;

static bool evless(const wev *x, const wev *y) {
  if (x->start != y->start)
    return x->start < y->start;
  return x->t != y->t ? x->t < y->t : x->k < y->k;
}

static int evcmp(const void *a, const void *b) {
  const wev *x = a, *y = b;
  return evless(x, y) ? -1 : evless(y, x);
}

/* ev[0 .. nev) holds nrun sorted runs (run i: [runs[i], runs[i + 1])): merged pairwise into one sorted
 * array, ev's or tmp's (returned).  runs is overwritten. */
static wev *merge_runs(wev *ev, wev *tmp, int64_t *runs, int nrun) {
  while (nrun > 1) {
    int m = 0;
    for (int i = 0; i < nrun; i += 2) {
      int64_t lo = runs[i], mid = runs[i + 1], hi = i + 1 < nrun ? runs[i + 2] : mid, a = lo, b = mid, o = lo;
      while (a < mid && b < hi)
        tmp[o++] = evless(&ev[b], &ev[a]) ? ev[b++] : ev[a++];
      while (a < mid)
        tmp[o++] = ev[a++];
      while (b < hi)
        tmp[o++] = ev[b++];
      runs[m++] = lo;
    }
    runs[m] = runs[nrun];
    nrun = m;
    wev *x = ev;
    ev = tmp;
    tmp = x;
  }
  return ev;
}

/* Copy j of tape t gathered into gc[g], its accesses appended to l2[*nl2 ..). */
static void gather(const sim_tape *t, int64_t j, gcopy *gc, sim_tl2 *l2, int64_t *nl2) {
  const sim_tcopy *c = &t->copy[j];
  *gc = (gcopy){.start = c->start, .end = c->end, .bytes = c->bytes, .a0 = *nl2, .a1 = *nl2 + (c->r1 - c->r0),
                .pipe = c->pipe};
  for (int64_t r = c->r0; r < c->r1; r++)
    l2[(*nl2)++] = t->l2[r];
}

/* The wave's copies in the order they first ran: start cycle, then block, then issue order.  A block's
 * copies on one pipe are in start order already (the pipe's queue is in order): those runs are merged.
 * Each copy is gathered into gc (and its accesses into l2) in the order its tape is read here. */
static wev *sort_copies(sim_tape *const *t, int n, wev *ev, wev *tmp, gcopy *gc, sim_tl2 *l2) {
  int64_t *runs = malloc(sizeof *runs * (size_t)(2 * n + 1)), nev = 0, nl2 = 0;
  int nrun = 0;
  if (!runs)
    asc_die("out of memory");
  for (int i = 0; i < n; i++)
    for (int mte2 = 1; mte2 >= 0; mte2--) { /* MTE2's copies, then the others' (MTE3) */
      int64_t r0 = runs[nrun++] = nev;
      bool sorted = true;
      for (int64_t j = 0; j < t[i]->ncopy; j++)
        if ((t[i]->copy[j].pipe == ASC_PIPEID_PIPE_MTE2) == mte2) {
          ev[nev] = (wev){t[i]->copy[j].start, i, j, nev};
          gather(t[i], j, &gc[nev], l2, &nl2);
          gc[nev].t = i;
          gc[nev].k = j;
          sorted &= nev == r0 || ev[nev - 1].start <= ev[nev].start;
          nev++;
        }
      if (!sorted)
        qsort(&ev[r0], (size_t)(nev - r0), sizeof *ev, evcmp);
    }
  runs[nrun] = nev;
  wev *out = merge_runs(ev, tmp, runs, nrun);
  free(runs);
  return out;
}

/* wf's row (when it is one: wf < 0) is free again, for the next word that mixes fills. */
static void sh_row_free(shared *S, int32_t wf) {
  if (wf >= 0)
    return;
  int64_t r = -1 - (int64_t)wf;
  S->lg[r * 64] = (int32_t)S->lgfree;
  S->lgfree = r;
}

/* Granule key's node (most recently used now), with its fills and done lines. */
static int64_t sh_node(shared *S, uint64_t key) {
  sim_l2 *l2 = &S->l2;
  if (2 * (l2->live + 1) > l2->nslots)
    grow_slots(l2);
  int64_t *s = slot_of(l2, key), n = *s;
  bool fresh = n < 0, reused = fresh && l2->free >= 0; /* a node evicted earlier in the sweep */
  if (fresh) {
    n = *s = new_node(l2, key);
    l2->live++;
  } else
    unlink_node(l2, n);
  push_front(l2, n);
  if (l2->cap > S->gcap) {
    S->done = realloc(S->done, sizeof *S->done * (size_t)l2->cap);
    S->wf = realloc(S->wf, sizeof *S->wf * (size_t)l2->cap);
    if (!S->done || !S->wf)
      asc_die("out of memory");
    S->gcap = l2->cap;
  }
  if (fresh) {
    for (int w = 0; reused && w < 2; w++) /* its rows are free */
      sh_row_free(S, S->wf[n][w]);
    S->done[n][0] = S->done[n][1] = 0;
    S->wf[n][0] = S->wf[n][1] = 0;
  }
  return n;
}

static double share_of(const fill *f) { return 1.0 / (double)asc_pop64(f->cores); }

static void sh_log(shared *S, int kind, int64_t f, int64_t count) {
  if (S->nlog == S->logcap) {
    S->logcap = S->logcap ? 2 * S->logcap : 4096;
    if (!(S->log = realloc(S->log, sizeof *S->log * (size_t)S->logcap)))
      asc_die("out of memory");
  }
  S->log[S->nlog++] = (term){count, (int32_t)f, kind};
}

/* Word w of node n mixes fills: its own row of per-line fills, filled with the word's fill. */
static int32_t *sh_row(shared *S, int64_t n, int w) {
  int32_t *wf = &S->wf[n][w];
  if (*wf < 0)
    return &S->lg[(int64_t)(-1 - *wf) * 64];
  int64_t r = S->lgfree;
  if (r >= 0)
    S->lgfree = S->lg[r * 64];
  else {
    if (S->nlg == S->lgcap) {
      S->lgcap = S->lgcap ? 2 * S->lgcap : 64;
      S->lg = realloc(S->lg, sizeof *S->lg * 64 * (size_t)S->lgcap);
      if (!S->lg)
        asc_die("out of memory");
    }
    r = S->nlg++;
  }
  int32_t *row = &S->lg[r * 64];
  for (int l = 0; l < 64; l++)
    row[l] = *wf;
  *wf = (int32_t)(-1 - r);
  return row;
}

/* Lines b of word w (node n), present and under fill fi, read by core t's copy c: done once the fill
 * ended, else a wait on it when it is another core's (logged: its share is known after the sweep);
 * returns whether it logged a term. */
static bool sh_wait(shared *S, uint64_t *done, uint64_t b, int32_t fi, int t, const gcopy *c) {
  fill *f = &S->f[fi];
  if (c->start >= f->end)
    *done |= b; /* through for every later copy too */
  else if (f->owner != t) { /* waits on another core's fill */
    f->cores |= 1ull << (t & 63);
    sh_log(S, T_WAIT, fi, asc_pop64(b)); /* one line at a time: the same sum as line by line */
    return true;
  }
  return false;
}

/* Lines m of word w of granule node n, read (or written) by core t's copy c: logs the terms of the miss
 * share it pays, ended by T_WORD when there are any. */
static void sh_word(shared *S, int64_t n, int w, uint64_t m, int t, const gcopy *c, bool write, int64_t pos) {
  sim_l2node *g = &S->l2.node[n];
  uint64_t *done = &S->done[n][w], absent = m & ~g->line[w], live = g->line[w] & ~*done;
  S->l2.held += asc_pop64(absent);
  g->line[w] |= m;
  if (write) {
    *done |= m;
    g->dirty[w] |= m;
    return;
  }
  bool any = absent != 0;
  if (absent) { /* a new fill of these lines */
    if (S->nf == S->fcap) {
      S->fcap = S->fcap ? 2 * S->fcap : 1024;
      S->f = realloc(S->f, sizeof *S->f * (size_t)S->fcap);
      if (!S->f)
        asc_die("out of memory");
    }
    S->f[S->nf] = (fill){c->end, 1ull << (t & 63), t};
    if (!live) { /* the word's only live lines now */
      sh_row_free(S, S->wf[n][w]);
      S->wf[n][w] = (int32_t)S->nf;
    }
    else {
      int32_t *row = sh_row(S, n, w);
      for (uint64_t b = absent; b; b &= b - 1)
        row[__builtin_ctzll(b)] = (int32_t)S->nf;
    }
    *done &= ~absent;
    sh_log(S, T_ABSENT, S->nf, asc_pop64(absent));
    S->nf++;
  }
  uint64_t b = m & ~absent & ~*done; /* present, someone's fill */
  if (b && S->wf[n][w] >= 0)
    any |= sh_wait(S, done, b, S->wf[n][w], t, c);
  else if (b) {
    const int32_t *row = &S->lg[(int64_t)(-1 - S->wf[n][w]) * 64];
    for (; b; b &= b - 1)
      any |= sh_wait(S, done, b & -b, row[__builtin_ctzll(b)], t, c);
  }
  if (any)
    sh_log(S, T_WORD, 0, pos);
}

/* Copy c of core t (its accesses: l2[c->a0 .. c->a1)): logs the terms of its miss share in lines, those of
 * the granules of part `part` of nparts (sh_part; part 0 also the bypassed accesses).  Every word an access
 * reaches, and every bypassed access, has its place in the copy (pos, counted by every part alike): the
 * parts' terms are summed in that order (sh_charge).  Rows of one copy (nd2nz's, a fixpipe's) fall into the
 * granule the row before reached: that node is the most recently used already, and sh_node would find it
 * and leave the list as it is (nothing is evicted before the copy's end), so it is taken again without the
 * lookup. */
static void sh_copy(shared *S, const sim_tl2 *l2, int t, const gcopy *c, int part, int nparts) {
  const int64_t line = ASC_HWC_l2_line_bytes, gbytes = line * GLINES;
  uint64_t lastkey = 0;
  int64_t last = -1, pos = 0;
  for (int64_t r = c->a0; r < c->a1; r++) {
    const sim_tl2 *a = &l2[r];
    if (a->bypass) { /* CACHE_MODE_DISABLE: every line from or to HBM, none kept */
      int64_t nl = (a->lo + a->n - 1) / line - a->lo / line + 1;
      pos++;
      if (part > 0)
        continue;
      if (a->write)
        S->l2.wb_lines += nl;
      else
        sh_log(S, T_BYPASS, pos, nl);
      continue;
    }
    for (int64_t g = a->lo / gbytes; g * gbytes < a->lo + a->n; g++) {
      int64_t lo = g * gbytes > a->lo ? g * gbytes : a->lo;
      int64_t hi = (g + 1) * gbytes < a->lo + a->n ? (g + 1) * gbytes : a->lo + a->n;
      int l0 = (int)((lo - g * gbytes) / line), l1 = (int)((hi - 1 - g * gbytes) / line) + 1;
      uint64_t key = (uint64_t)a->mem << 48 ^ (uint64_t)g;
      uint64_t m0 = l0 < 64 ? bits(l0, l1 < 64 ? l1 : 64) : 0, m1 = l1 > 64 ? bits(l0 > 64 ? l0 - 64 : 0, l1 - 64) : 0;
      if (nparts > 1 && (int)(mix(key) & 1) != part) {
        pos += (m0 != 0) + (m1 != 0);
        continue;
      }
      int64_t n = last >= 0 && key == lastkey && S->l2.head == last ? last : sh_node(S, key);
      last = n;
      lastkey = key;
      if (m0)
        sh_word(S, n, 0, m0, t, c, a->write, ++pos);
      if (m1)
        sh_word(S, n, 1, m1, t, c, a->write, ++pos);
    }
  }
  evict(&S->l2);
}

/* An empty L2 of the chip's capacity.  A replay keeps the last one's node pool, slot table and rows
 * (emptied): freshly allocated, their pages would be faulted in again, the replay's main cost. */
static void sh_empty(shared *S, const sim_costs *k) {
  sim_l2 *l2 = &S->l2;
  if (!l2->slot) {
    memset(l2, 0, sizeof *l2);
    grow_slots(l2);
  } else
    for (int64_t i = 0; i < l2->nslots; i++)
      l2->slot[i] = -1;
  S->nlg = 0;
  S->lgfree = -1;
  l2->lines = k->l2_lines;
  l2->held = l2->live = l2->nnode = l2->hit_bytes = l2->wb_lines = 0;
  l2->noff = 0;
  l2->head = l2->tail = l2->free = -1;
}

/* Every figure the replay gives a copy goes through here: a tape none of whose figures moved is not
 * timed again (launch.c retime_wave: its first timing stands). */
static void tape_set(sim_tape *t, int64_t *field, int64_t v) {
  t->moved |= *field != v;
  *field = v;
}

/* Part `part` of nparts of the sweep (its own L2 state S): with more than one part, nothing is evicted (the
 * wave's lines fit: asc_sim_l2_shared_begin), so a granule's lines, fills and waits depend on the
 * accesses to that granule alone, and each part sweeps its granules. */
static void sh_sweep(shared *S, const sim_costs *k, gcopy *gc, const sim_tl2 *l2, const wev *ev, int64_t nev, int part,
                     int nparts) {
  sh_empty(S, k);
  S->nf = S->nlog = 0;
  for (int64_t i = 0; i < nev; i++) {
    gcopy *c = &gc[ev[i].g];
    S->l2.wb_lines = 0;
    c->t0[part] = S->nlog;
    sh_copy(S, l2, ev[i].t, c, part, nparts);
    c->t1[part] = S->nlog;
    if (part == 0)
      c->wb = S->l2.wb_lines * ASC_HWC_l2_line_bytes; /* the dirty lines its accesses evicted */
  }
}

/* The sums of part S's groups of terms (a word's terms up to its T_WORD, a T_BYPASS), copy after copy, now
 * that every fill of the part knows its cores (a fill is a word's, so the part's): each as the sweep would
 * have summed it (`word`, or a bypassed read's lines), with its place in its copy. */
static void sh_values(shared *S, gcopy *gc, const wev *ev, int64_t nev, int part) {
  if (S->nlog > S->gvcap) {
    S->gvcap = S->nlog;
    free(S->gv);
    free(S->gp);
    S->gv = malloc(sizeof *S->gv * (size_t)S->gvcap);
    S->gp = malloc(sizeof *S->gp * (size_t)S->gvcap);
    if (!S->gv || !S->gp)
      asc_die("out of memory");
  }
  S->ngv = 0;
  for (int64_t i = 0; i < nev; i++) {
    gcopy *c = &gc[ev[i].g];
    double word = 0;
    c->g0[part] = S->ngv;
    for (int64_t k = c->t0[part]; k < c->t1[part]; k++) {
      const term *e = &S->log[k];
      if (e->kind == T_ABSENT)
        word += (double)e->count * share_of(&S->f[e->f]);
      else if (e->kind == T_WAIT)
        for (int64_t n = e->count; n > 0; n--)
          word += share_of(&S->f[e->f]);
      else if (e->kind == T_WORD) {
        S->gv[S->ngv] = word;
        S->gp[S->ngv++] = e->count;
        word = 0;
      } else {
        S->gv[S->ngv] = (double)e->count;
        S->gp[S->ngv++] = e->f;
      }
    }
    c->g1[part] = S->ngv;
  }
}

/* Copy c's hit bytes from its groups' sums (the parts' taken in their places' order, which is the sweep's
 * order with one part): the same sum, in the same order, as charging it during the sweep. */
static void sh_charge(const shared *S, int nparts, gcopy *c) {
  double miss = 0;
  int64_t a = c->g0[0], ae = c->g1[0];
  if (nparts < 2)
    for (; a < ae; a++)
      miss += S[0].gv[a];
  else {
    int64_t b = c->g0[1], be = c->g1[1];
    while (a < ae || b < be)
      if (b >= be || (a < ae && S[0].gp[a] < S[1].gp[b]))
        miss += S[0].gv[a++];
      else
        miss += S[1].gv[b++];
  }
  int64_t missb = (int64_t)(miss * (double)ASC_HWC_l2_line_bytes + 0.5);
  c->hit = missb >= c->bytes ? 0 : c->bytes - missb;
}

/* The replay's figures back onto the tapes, in the (tape) order sort_copies gathered them: a block
 * whose write-backs (MTE2 / MTE3) or hits (MTE2) moved is timed again. */
static void sh_scatter(sim_tape *const *t, const gcopy *gc, int64_t nev) {
  for (int64_t g = 0; g < nev; g++) {
    sim_tape *tp = t[gc[g].t];
    sim_tcopy *c = &tp->copy[gc[g].k];
    if (asc_sim_tcopy_retimed(c))
      tape_set(tp, &c->wb, gc[g].wb);
    if (c->pipe == ASC_PIPEID_PIPE_MTE2)
      tape_set(tp, &c->hit, gc[g].hit);
  }
}

/* The replay's arrays, kept from one wave (and launch) to the next: allocated afresh, their pages would
 * be faulted in again every time. */
struct sim_l2replay {
  shared S[2]; /* the sweep's parts' */
  int nparts;
  const wev *order;
  int64_t nev;
  wev *ev, *tmp;
  gcopy *gc;
  int64_t evcap;
  sim_tl2 *l2; /* the gathered accesses */
  int64_t l2cap;
  struct hull *hull; /* sh_disjoint's */
  int64_t hullcap;
};

/* ---- waves whose copies share no line (streaming kernels) ----
 * When no L2 line is reached by two of the wave's accesses (bypassed ones aside: they neither allocate
 * nor look) and all the lines fit the L2 at once, the sweep finds every line a copy reads absent, starts
 * a fill of it that nobody else waits on (a share of 1: a whole miss per line) and evicts nothing (no
 * write-back but the bypassed writes').  Each copy's figures then follow from its own accesses, and the
 * sweep (sorting the wave's copies, the granule table: ~10 M host instructions for bench_add's 6 k
 * copies, on one thread after the wave) is skipped: the same figures, in fewer steps. */
enum { HULL_MEMS = 64 }; /* GM arrays told apart per tape (more: the sweep) */
typedef struct hull { int64_t mem, a, b; } hull; /* a tape's lines [a, b] of GM array mem */

static int hullcmp(const void *x, const void *y) {
  const hull *p = x, *q = y;
  if (p->mem != q->mem)
    return p->mem < q->mem ? -1 : 1;
  return p->a < q->a ? -1 : p->a > q->a;
}

/* Whether no line is reached twice by the wave's (unbypassed) accesses and they fit the L2 together: each
 * tape reaches each GM array in rising, disjoint lines (its hull), and no two tapes' hulls meet. */
static bool sh_disjoint(const sim_costs *k, sim_tape *const *t, int n, sim_l2replay *R) {
  const int64_t line = ASC_HWC_l2_line_bytes;
  int64_t nh = 0, lines = 0;
  for (int i = 0; i < n; i++) {
    int64_t at[HULL_MEMS]; /* the tape's hull of each array: hull[at[mem]], or -1 */
    for (int m = 0; m < HULL_MEMS; m++)
      at[m] = -1;
    for (int64_t j = 0; j < t[i]->ncopy; j++)
      for (int64_t r = t[i]->copy[j].r0; r < t[i]->copy[j].r1; r++) {
        const sim_tl2 *x = &t[i]->l2[r];
        if (x->bypass)
          continue;
        if (x->mem < 0 || x->mem >= HULL_MEMS || x->n <= 0)
          return false;
        int64_t a = x->lo / line, b = (x->lo + x->n - 1) / line;
        lines += b - a + 1;
        if (at[x->mem] >= 0) {
          hull *h = &R->hull[at[x->mem]];
          if (a <= h->b) /* not after the lines it reached before */
            return false;
          h->b = b;
          continue;
        }
        if (nh == R->hullcap) {
          R->hullcap = R->hullcap ? 2 * R->hullcap : 256;
          if (!(R->hull = realloc(R->hull, sizeof *R->hull * (size_t)R->hullcap)))
            asc_die("out of memory");
        }
        at[x->mem] = nh;
        R->hull[nh++] = (hull){x->mem, a, b};
      }
  }
  if (lines > k->l2_lines)
    return false;
  if (nh > 1)
    qsort(R->hull, (size_t)nh, sizeof *R->hull, hullcmp);
  for (int64_t h = 1; h < nh; h++)
    if (R->hull[h].mem == R->hull[h - 1].mem && R->hull[h].a <= R->hull[h - 1].b)
      return false;
  return true;
}

/* sh_disjoint's wave: each copy's figures as the sweep and sh_charge would give them (every line it reads
 * a whole miss, its bypassed writes its write-backs), onto the tapes as sh_scatter puts them. */
static void sh_alone(sim_tape *const *t, int n) {
  const int64_t line = ASC_HWC_l2_line_bytes;
  for (int i = 0; i < n; i++)
    for (int64_t j = 0; j < t[i]->ncopy; j++) {
      sim_tcopy *c = &t[i]->copy[j];
      int64_t miss = 0, wb = 0;
      for (int64_t r = c->r0; r < c->r1; r++) {
        const sim_tl2 *x = &t[i]->l2[r];
        int64_t nl = (x->lo + x->n - 1) / line - x->lo / line + 1;
        if (!x->write)
          miss += nl;
        else if (x->bypass)
          wb += nl;
      }
      if (asc_sim_tcopy_retimed(c))
        tape_set(t[i], &c->wb, wb * line);
      if (c->pipe == ASC_PIPEID_PIPE_MTE2)
        tape_set(t[i], &c->hit, miss * line >= c->bytes ? 0 : c->bytes - miss * line);
    }
}

sim_l2replay *asc_sim_l2_replay_new(void) {
  sim_l2replay *R = calloc(1, sizeof *R);
  if (!R)
    asc_die("out of memory");
  return R;
}

void asc_sim_l2_replay_free(sim_l2replay *R) {
  if (!R)
    return;
  for (int p = 0; p < 2; p++) {
    l2free(&R->S[p].l2);
    free(R->S[p].done);
    free(R->S[p].wf);
    free(R->S[p].lg);
    free(R->S[p].f);
    free(R->S[p].log);
    free(R->S[p].gv);
    free(R->S[p].gp);
  }
  free(R->ev);
  free(R->tmp);
  free(R->gc);
  free(R->l2);
  free(R->hull);
  free(R);
}

int64_t asc_sim_l2_replay_bytes(const sim_l2replay *R) {
  int64_t b = R->evcap * (int64_t)(2 * sizeof *R->ev + sizeof *R->gc) + R->l2cap * (int64_t)sizeof *R->l2 +
              R->hullcap * (int64_t)sizeof *R->hull;
  for (int p = 0; p < 2; p++) {
    const shared *S = &R->S[p];
    b += S->l2.nslots * (int64_t)sizeof *S->l2.slot + S->l2.cap * (int64_t)sizeof *S->l2.node +
         S->gcap * (int64_t)(sizeof *S->done + sizeof *S->wf) + S->lgcap * 64 * (int64_t)sizeof *S->lg +
         S->fcap * (int64_t)sizeof *S->f + S->logcap * (int64_t)sizeof *S->log +
         S->gvcap * (int64_t)(sizeof *S->gv + sizeof *S->gp);
  }
  return b;
}

/* The wave's copies gathered and put in order; returns how many parts the sweep has (asc_sim_l2_shared_part
 * for each, on any host threads, then asc_sim_l2_shared_end), up to maxparts (2), or 0 when there is
 * nothing to sweep (the wave's figures are set).  More than one part only when the wave's lines fit the L2
 * (counted once per access: nothing can be evicted). */
int asc_sim_l2_shared_begin(const sim_costs *k, sim_tape *const *t, int n, sim_l2replay *R, int maxparts) {
  if (sh_disjoint(k, t, n, R)) {
    sh_alone(t, n);
    return 0;
  }
  int64_t nev = 0, nl2 = 0;
  for (int i = 0; i < n; i++) { /* every copy's accesses are its own slice of its tape's */
    nev += t[i]->ncopy;
    nl2 += t[i]->nl2;
  }
  if (nev > R->evcap) {
    free(R->ev);
    free(R->tmp);
    free(R->gc);
    R->evcap = nev;
    R->ev = malloc(sizeof *R->ev * (size_t)nev);
    R->tmp = malloc(sizeof *R->tmp * (size_t)nev);
    R->gc = malloc(sizeof *R->gc * (size_t)nev);
    if (!R->ev || !R->tmp || !R->gc)
      asc_die("out of memory");
  }
  if (nl2 > R->l2cap) {
    free(R->l2);
    R->l2cap = nl2;
    if (!(R->l2 = malloc(sizeof *R->l2 * (size_t)nl2)))
      asc_die("out of memory");
  }
  if (!nev)
    return 0;
  R->order = sort_copies(t, n, R->ev, R->tmp, R->gc, R->l2);
  R->nev = nev;
  int64_t lines = 0, ngot = R->gc[nev - 1].a1; /* the copies' accesses, gathered in gc's order (a tape may
                                                  hold accesses of no copy: nl2 only bounds them) */
  const int64_t line = ASC_HWC_l2_line_bytes;
  for (int64_t i = 0; i < ngot && lines <= k->l2_lines; i++)
    if (!R->l2[i].bypass)
      lines += (R->l2[i].lo + R->l2[i].n - 1) / line - R->l2[i].lo / line + 1;
  R->nparts = maxparts > 1 && lines <= k->l2_lines ? 2 : 1;
  return R->nparts;
}

void asc_sim_l2_shared_part(const sim_costs *k, sim_l2replay *R, int part) {
  sh_sweep(&R->S[part], k, R->gc, R->l2, R->order, R->nev, part, R->nparts);
  sh_values(&R->S[part], R->gc, R->order, R->nev, part);
}

void asc_sim_l2_shared_end(sim_tape *const *t, sim_l2replay *R) {
  for (int64_t i = 0; i < R->nev; i++) /* in the sweep's order: the logs are read straight through */
    sh_charge(R->S, R->nparts, &R->gc[R->order[i].g]);
  sh_scatter(t, R->gc, R->nev);
}

void asc_sim_l2_shared(const sim_costs *k, sim_tape *const *t, int n, sim_l2replay *R) {
  int np = asc_sim_l2_shared_begin(k, t, n, R, 1);
  for (int p = 0; p < np; p++)
    asc_sim_l2_shared_part(k, R, p);
  if (np)
    asc_sim_l2_shared_end(t, R);
}
