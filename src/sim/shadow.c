/* shadow.c - the initcheck shadow of UB: one bit per byte, set once any instruction
 * wrote the byte.  Marking and searching work a 64-bit word at a time, so a 64 KB copy
 * costs about a thousand word operations, not 64 K bit operations. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

uint64_t *asc_sim_shadow_new(int64_t bytes) {
  uint64_t *w = calloc((size_t)(bytes + 63) / 64 + 1, sizeof *w);
  if (!w)
    asc_die("out of memory");
  return w;
}

/* Bits [a, b) of a word (0 <= a < b <= 64). */
static uint64_t bits(int a, int b) {
  uint64_t m = b == 64 ? ~0ull : (1ull << b) - 1;
  return m & ~((1ull << a) - 1);
}

/* Whole words are set with memset; only the two ends need masks. */
void asc_sim_shadow_mark(uint64_t *w, int64_t lo, int64_t hi) {
  if (lo >= hi)
    return;
  int64_t i = lo >> 6, j = (hi - 1) >> 6;
  if (i == j) {
    w[i] |= bits((int)(lo & 63), (int)(hi - (i << 6)));
    return;
  }
  w[i] |= bits((int)(lo & 63), 64);
  if (j > i + 1)
    memset(w + i + 1, 0xff, sizeof *w * (size_t)(j - i - 1));
  w[j] |= bits(0, (int)(hi - (j << 6)));
}

/* First byte in [lo, hi) whose bit equals `want`, or hi.  Whole words are skipped while
 * they hold nothing but the other value. */
static int64_t scan(const uint64_t *w, int64_t lo, int64_t hi, bool want) {
  uint64_t skip = want ? 0 : ~0ull;
  while (lo < hi) {
    int64_t i = lo >> 6;
    if ((lo & 63) == 0 && hi - lo >= 64 && w[i] == skip) {
      lo += 64;
      continue;
    }
    int a = (int)(lo & 63), b = hi - (i << 6) < 64 ? (int)(hi - (i << 6)) : 64;
    uint64_t v = (want ? w[i] : ~w[i]) & bits(a, b);
    if (v)
      return (i << 6) + __builtin_ctzll(v);
    lo = (i << 6) + b;
  }
  return hi;
}

/* All of words [i, j) are all ones: a branch-free AND the compiler vectorises. */
static bool allset(const uint64_t *w, int64_t i, int64_t j) {
  uint64_t acc = ~0ull;
  for (; i < j; i++)
    acc &= w[i];
  return acc == ~0ull;
}

/* The common case, a read of bytes that were all written, without a per-word branch. */
static bool written(const uint64_t *w, int64_t lo, int64_t hi) {
  int64_t i = (lo + 63) >> 6, j = hi >> 6;
  if (i >= j)
    return scan(w, lo, hi, false) >= hi;
  return scan(w, lo, i << 6, false) >= i << 6 && allset(w, i, j) && scan(w, j << 6, hi, false) >= hi;
}

int64_t asc_sim_shadow_find(const uint64_t *w, int64_t lo, int64_t hi, int64_t *end) {
  if (lo >= hi || written(w, lo, hi))
    return -1;
  int64_t a = scan(w, lo, hi, false);
  if (a >= hi)
    return -1;
  *end = scan(w, a, hi, true);
  return a;
}
