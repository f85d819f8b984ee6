/* shadow.c - the initcheck shadow of UB: one bit per byte, set once any instruction
 * wrote the byte.  Marking and searching work a 64-bit word at a time, so a 64 KB copy
 * costs about a thousand word operations, not 64 K bit operations; and a summary bit per
 * 4 KB chunk (64 words) says the chunk is all written, so the common check, a read of
 * bytes written before, looks at a few summary bits and the two partial chunks at its
 * ends instead of every word.  Bits are only ever set, so a summary bit stays true. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

enum { CHUNK = 64 }; /* words per summary bit */

/* One allocation: the struct, the bitmap (whole chunks; the words past the end of UB
 * stay zero, so the last chunk is full only if UB ends on a chunk boundary), the summary. */
sim_shadow *asc_sim_shadow_new(int64_t bytes) {
  int64_t nw = (bytes + 63) / 64 + 1, nc = (nw + CHUNK - 1) / CHUNK;
  nw = nc * CHUNK;
  sim_shadow *s = calloc(1, sizeof *s + sizeof(uint64_t) * (size_t)(nw + (nc + 63) / 64));
  if (!s)
    asc_die("out of memory");
  s->w = (uint64_t *)(s + 1);
  s->full = s->w + nw;
  s->bytes = bytes;
  s->nfull = (nc + 63) / 64;
  s->wlo = nw;
  return s;
}

sim_shadow *asc_sim_shadow_fit(sim_shadow **s, int64_t bytes) {
  if (*s && (*s)->bytes != bytes) { /* a spare state's, for another size */
    free(*s);
    *s = NULL;
  }
  if (bytes && !*s)
    *s = asc_sim_shadow_new(bytes);
  return *s;
}

void asc_sim_shadow_reset(sim_shadow *s) {
  if (s->whi > s->wlo)
    memset(s->w + s->wlo, 0, sizeof *s->w * (size_t)(s->whi - s->wlo));
  memset(s->full, 0, sizeof *s->full * (size_t)s->nfull);
  s->wlo = s->full - s->w;
  s->whi = 0;
}

/* Bits [a, b) of a word (0 <= a < b <= 64). */
static uint64_t bits(int a, int b) {
  uint64_t m = b == 64 ? ~0ull : (1ull << b) - 1;
  return m & ~((1ull << a) - 1);
}

static bool allset(const uint64_t *w, int64_t i, int64_t j);

static bool isfull(const sim_shadow *s, int64_t k) { return s->full[k >> 6] >> (k & 63) & 1; }

/* Chunk k's summary bit, if all its words are set now (word i was just marked: unless
 * it is full, the chunk is not, and small writes skip the chunk scan). */
static void sumchunk(sim_shadow *s, int64_t k, int64_t i) {
  const uint64_t *c = s->w + k * CHUNK; /* its two end words first: a chunk partly used stops there */
  if (s->w[i] == ~0ull && c[0] == ~0ull && c[CHUNK - 1] == ~0ull && !isfull(s, k) && allset(c, 0, CHUNK))
    s->full[k >> 6] |= 1ull << (k & 63);
}

/* Whole words are set with memset; only the two ends need masks.  Chunks inside the
 * memset are full; the (at most two) chunks at the ends are checked. */
void asc_sim_shadow_mark(sim_shadow *s, int64_t lo, int64_t hi) {
  uint64_t *w = s->w;
  if (lo >= hi)
    return;
  int64_t i = lo >> 6, j = (hi - 1) >> 6;
  s->wlo = i < s->wlo ? i : s->wlo;
  s->whi = j + 1 > s->whi ? j + 1 : s->whi;
  if (i == j) {
    w[i] |= bits((int)(lo & 63), (int)(hi - (i << 6)));
    sumchunk(s, i / CHUNK, i);
    return;
  }
  w[i] |= bits((int)(lo & 63), 64);
  w[j] |= bits(0, (int)(hi - (j << 6)));
  int64_t ci = i / CHUNK, cj = j / CHUNK;
  /* the words strictly between i and j: a chunk already full (a buffer rewritten, as every tile
   * of a pipelined kernel rewrites its buffers) needs no stores */
  for (int64_t k = ci; k <= cj && j > i + 1; k++) {
    int64_t a = k * CHUNK > i + 1 ? k * CHUNK : i + 1, b = (k + 1) * CHUNK < j ? (k + 1) * CHUNK : j;
    if (a < b && !isfull(s, k))
      memset(w + a, 0xff, sizeof *w * (size_t)(b - a));
  }
  for (int64_t k = ci + 1; k < cj; k++)
    s->full[k >> 6] |= 1ull << (k & 63);
  sumchunk(s, ci, i);
  if (cj != ci)
    sumchunk(s, cj, j);
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

/* Words [i, j) are all ones: whole chunks by their summary bits, the rest word by word. */
static bool wordsset(const sim_shadow *s, int64_t i, int64_t j) {
  int64_t ci = (i + CHUNK - 1) / CHUNK, cj = j / CHUNK;
  if (ci >= cj)
    return allset(s->w, i, j);
  for (int64_t k = ci; k < cj; k++)
    if (!isfull(s, k))
      return false;
  return allset(s->w, i, ci * CHUNK) && allset(s->w, cj * CHUNK, j);
}

/* The common case, a read of bytes that were all written, without a per-word branch. */
static bool written(const sim_shadow *s, int64_t lo, int64_t hi) {
  const uint64_t *w = s->w;
  int64_t i = (lo + 63) >> 6, j = hi >> 6;
  if (i >= j)
    return scan(w, lo, hi, false) >= hi;
  return scan(w, lo, i << 6, false) >= i << 6 && wordsset(s, i, j) && scan(w, j << 6, hi, false) >= hi;
}

int64_t asc_sim_shadow_find(const sim_shadow *s, int64_t lo, int64_t hi, int64_t *end) {
  const uint64_t *w = s->w;
  if (lo >= hi || written(s, lo, hi))
    return -1;
  int64_t a = scan(w, lo, hi, false);
  if (a >= hi)
    return -1;
  *end = scan(w, a, hi, true);
  return a;
}
