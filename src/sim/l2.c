/* l2.c - the L2 cache as one core sees it (docs/timing.md, "L2").
 *
 * The chip's L2 (hw.def l2_mib) is shared by the cores of a wave; each core is given an equal part
 * of it and sees only its own GM traffic (blocks run on separate host threads, so a core cannot
 * see another's lines: data shared between cores is not modelled as shared).  The part holds
 * l2_line_bytes lines (the unit of msprof's L2 hit counters) up to its capacity, tracked in 16 KiB
 * granules (a bit per line: a few lookups per copy) evicted least recently used first.  GM reads and writes allocate lines; a read of a line that is present is a hit.  The copy that
 * caused the accesses (timing.c) moves hit bytes at the L2 read rate and the rest at the GM rate. */
#include <stdlib.h>

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

static int nlines(const sim_l2node *g) { return __builtin_popcountll(g->line[0]) + __builtin_popcountll(g->line[1]); }

/* ---- the granule table: open addressing, backward-shift deletion ---- */
static int64_t *slot_of(sim_l2 *l2, uint64_t key) {
  for (uint64_t h = mix(key) & (uint64_t)(l2->nslots - 1);; h = (h + 1) & (uint64_t)(l2->nslots - 1))
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
    uint64_t home = mix(l2->node[l2->slot[j]].key) & m;
    if (((j - home) & m) >= ((j - i) & m)) { /* j's entry may move back to the hole at i */
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
  l2->node[n] = (sim_l2node){key, {0, 0}, -1, -1};
  return n;
}

/* Evict least recently used granules until the lines held fit the capacity. */
static void evict(sim_l2 *l2) {
  while (l2->held > l2->lines && l2->tail >= 0) {
    int64_t n = l2->tail;
    unlink_node(l2, n);
    unslot(l2, slot_of(l2, l2->node[n].key));
    l2->held -= nlines(&l2->node[n]);
    l2->node[n].next = l2->free;
    l2->free = n;
    l2->live--;
  }
}

/* Lines [l0, l1) of granule key: returns how many were present (hits); all are present after, the
 * granule most recently used. */
static int64_t touch(sim_l2 *l2, uint64_t key, int l0, int l1) {
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
  int64_t hit = __builtin_popcountll(g->line[0] & m0) + __builtin_popcountll(g->line[1] & m1);
  int before = nlines(g);
  g->line[0] |= m0;
  g->line[1] |= m1;
  l2->held += nlines(g) - before;
  return hit;
}

void asc_sim_l2_access(sim_core *c, int mem, int64_t lo, int64_t n, bool write) {
  sim_l2 *l2 = &c->l2;
  if (n <= 0 || l2->lines <= 0)
    return;
  if (!l2->nslots) {
    l2->head = l2->tail = l2->free = -1;
    grow_slots(l2);
  }
  const int64_t line = ASC_HWC_l2_line_bytes, gbytes = line * GLINES;
  int64_t hit = 0;
  for (int64_t g = lo / gbytes; g * gbytes < lo + n; g++) {
    int64_t a = g * gbytes > lo ? g * gbytes : lo, b = (g + 1) * gbytes < lo + n ? (g + 1) * gbytes : lo + n;
    int l0 = (int)((a - g * gbytes) / line), l1 = (int)((b - 1 - g * gbytes) / line) + 1;
    hit += touch(l2, (uint64_t)mem << 48 ^ (uint64_t)g, l0, l1);
  }
  evict(l2);
  if (!write)
    l2->hit_bytes += hit * line < n ? hit * line : n;
}

/* The bytes of the copy now being issued that hit, reset for the next one. */
int64_t asc_sim_l2_take_hits(sim_core *c) {
  int64_t h = c->l2.hit_bytes;
  c->l2.hit_bytes = 0;
  return h;
}

void asc_sim_l2_free(sim_core *c) {
  free(c->l2.slot);
  free(c->l2.node);
  c->l2.slot = NULL;
  c->l2.node = NULL;
}
