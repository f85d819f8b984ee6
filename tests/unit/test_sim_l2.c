/* test_sim_l2.c - the wave's shared L2 (src/sim/l2.c, docs/timing.md "L2 shared between cores") on
 * hand-made tapes: each copy's hit and write-back bytes as the rules give them (a fill's HBM bytes split
 * between the cores that read its lines before it ended; a line whose fill ended a hit), through one sweep
 * and through the sweep in two parts (asc_sim_l2_shared_begin / _part / _end, the parts in either order,
 * as two host threads may run them): the same figures either way. */
#include <stdlib.h>

#include "sim/sim_int.h"
#include "test.h"

enum { LB = ASC_HWC_l2_line_bytes, GB = 128 * LB }; /* a line; a granule of 128 lines */

typedef struct mk {
  int tape, pipe;
  int64_t start, end;
  int mem;
  int64_t lo, n; /* bytes */
  bool write, bypass;
} mk;

/* The copies, in this order on their tapes (a tape's copies on one pipe in start order). */
static const mk wave[] = {
  /* A fill over 8 granules: core 0 reads it during [0, 100), core 1 reads the same bytes from 50 (before
   * it ended: both pay half of every line, A and B 512 of their 1024 lines) and again from 200 (ended:
   * every line a hit). */
  {0, ASC_PIPEID_PIPE_MTE2, 0, 100, 0, 0, 8 * GB, false, false},   /* A: hit 512 lines */
  {1, ASC_PIPEID_PIPE_MTE2, 50, 150, 0, 0, 8 * GB, false, false},  /* B: hit 512 lines */
  {1, ASC_PIPEID_PIPE_MTE2, 200, 250, 0, 0, 8 * GB, false, false}, /* C: hit 1024 lines */
  /* Fills mixed in one word: E reads lines 0-31 of array 2, F lines 16-47 while E's fill runs (16 lines
   * at half E's fill, 16 lines a fill of its own), G lines 40-43 while F's runs (half F's fill): E's and
   * F's fills have two cores each.  E misses 16 of 32 lines, F 8 + 8 of 32, G 2 of 4. */
  {0, ASC_PIPEID_PIPE_MTE2, 400, 500, 2, 0, 32 * LB, false, false},      /* E: hit 16 lines */
  {1, ASC_PIPEID_PIPE_MTE2, 410, 510, 2, 16 * LB, 32 * LB, false, false}, /* F: hit 16 lines */
  {0, ASC_PIPEID_PIPE_MTE2, 420, 430, 2, 40 * LB, 4 * LB, false, false},  /* G: hit 2 lines */
  /* a fresh array, bytes 10 .. 3 lines + 5: 4 lines missed, more than its bytes: no hit */
  {0, ASC_PIPEID_PIPE_MTE2, 300, 350, 1, 10, 3 * LB - 5, false, false}, /* D: hit 0 */
  /* CACHE_MODE_DISABLE: a read of 2 lines from HBM (no hit); a write of 3 lines past the L2 */
  {1, ASC_PIPEID_PIPE_MTE2, 600, 650, 3, 0, 2 * LB, false, true},  /* H: hit 0 */
  {0, ASC_PIPEID_PIPE_MTE3, 700, 750, 3, 0, 3 * LB, true, true},   /* I: write-back 3 lines */
};
enum { NC = sizeof wave / sizeof wave[0] };
static const int64_t hit[NC] = {512 * LB, 512 * LB, 1024 * LB, 16 * LB, 16 * LB, 2 * LB, 0, 0, 0};
static const int64_t wb[NC] = {0, 0, 0, 0, 0, 0, 0, 0, 3 * LB};

/* The two tapes of the wave, fresh; row[i]: copy i's tape row. */
static void build(sim_tape *t, int *row) {
  for (int k = 0; k < 2; k++) {
    memset(&t[k], 0, sizeof t[k]);
    t[k].copy = calloc(NC, sizeof *t[k].copy);
    t[k].l2 = calloc(NC, sizeof *t[k].l2);
  }
  for (int i = 0; i < NC; i++) {
    sim_tape *p = &t[wave[i].tape];
    sim_tcopy *c = &p->copy[p->ncopy];
    *c = (sim_tcopy){.bytes = wave[i].n, .start = wave[i].start, .end = wave[i].end, .r0 = p->nl2,
                     .r1 = p->nl2 + 1, .pipe = wave[i].pipe, .hit = -1, .wb = -1};
    p->l2[p->nl2++] = (sim_tl2){wave[i].lo, wave[i].n, wave[i].mem, wave[i].write, wave[i].bypass};
    row[i] = (int)p->ncopy++;
  }
}

static void check(sim_tape *t, const int *row, const char *how) {
  for (int i = 0; i < NC; i++) {
    const sim_tcopy *c = &t[wave[i].tape].copy[row[i]];
    if (c->pipe == ASC_PIPEID_PIPE_MTE2 && !CHECK(c->hit == hit[i]))
      asc_test_fail(__FILE__, __LINE__, "%s: copy %d hit %lld, want %lld", how, i, (long long)c->hit,
                    (long long)hit[i]);
    if (!CHECK(c->wb == wb[i]))
      asc_test_fail(__FILE__, __LINE__, "%s: copy %d write-back %lld, want %lld", how, i, (long long)c->wb,
                    (long long)wb[i]);
  }
  CHECK(t[0].moved && t[1].moved);
  for (int k = 0; k < 2; k++) {
    free(t[k].copy);
    free(t[k].l2);
  }
}

TEST(l2_shared_one_sweep_and_two_parts) {
  const sim_costs *k = asc_sim_costs_of(asc_platform_find("Ascend910B1"));
  REQUIRE(k != NULL);
  sim_l2replay *R = asc_sim_l2_replay_new();
  sim_tape t[2];
  sim_tape *tp[2] = {&t[0], &t[1]};
  int row[NC];
  build(t, row);
  asc_sim_l2_shared(k, tp, 2, R);
  check(t, row, "one sweep");
  for (int order = 0; order < 2; order++) { /* part 0 first, then part 1 first; the replay's arrays reused */
    build(t, row);
    REQUIRE(asc_sim_l2_shared_begin(k, tp, 2, R, 2) == 2); /* the lines fit the L2: two parts */
    for (int p = 0; p < 2; p++)
      asc_sim_l2_shared_part(k, R, order ? 1 - p : p);
    asc_sim_l2_shared_end(tp, R);
    check(t, row, order ? "two parts, 1 then 0" : "two parts, 0 then 1");
  }
  asc_sim_l2_replay_free(R);
}
