/* coremem.c - the big per-core arrays of a block (its slots, once-only warning bits and local
 * memories: UB, and an AIC's L1, L0A/B/C, bias table and fixpipe buffers), kept between blocks
 * and between launches of a program.
 *
 * Every block starts with its memories all zero.  Fresh memory for each block would be an mmap
 * and a page fault per 4 KiB touched (an AIC has 776 KiB; a MIX launch of 24 groups faulted in
 * ~32 MiB per launch), so a block runs on a scratch set taken from the program's pool, and of
 * each memory only the bytes the previous block could have changed need clearing: the hull of the
 * ranges asc_sim_mem handed out (sim_core.mlo / mhi), the only way a kernel reaches them.  A
 * kernel using half of UB does not pay for zeroing all of it.  Those bytes are not cleared when
 * the block starts either: their SIM_ZCHUNK-byte chunks are marked (sim_scratch.zmap), and
 * asc_sim_mem clears a marked chunk when the block first reaches it (asc_sim_scratch_zero), so
 * every read sees zero where this block has not written.  A chunk whose first access is a copy
 * that overwrites all of it (asc_sim_mem_overwrite: a data_copy into UB) is never cleared: a
 * double-buffered kernel's copy-ins rewrite their buffers whole, and clearing them first was
 * 9.4 MB of stores a launch in bench_add. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

/* The spares a program keeps: enough for two host threads of 1 AIC + 2 AIV groups several times
 * over; a launch needing more allocates (and frees) the rest. */
enum { SPARES = 16 };

static void scratchfree(void *p) {
  sim_scratch *s = p;
  free(s->slots);
  free(s->warned);
  free(s->trace);
  free(s->mm);
  free(s->vmemo);
  for (int m = 0; m < ASC_HW_NMEMS; m++) {
    free(s->lm[m]);
    free(s->zmap[m]);
  }
  free(s);
}

sim_spares *asc_sim_scratchpool_new(void) { return asc_sim_spares_new(SPARES, INT64_MAX); }

void asc_sim_scratchpool_free(sim_spares *P) { asc_sim_spares_free(P, scratchfree); }

/* A spare made for the same sizes as the launch's. */
static bool fits(const void *x, const void *want) {
  const sim_scratch *s = x;
  const sim_launch *L = want;
  return s->nslots == L->nslots && s->ninsts == L->ninsts && s->ub_bytes == L->plat->ub_bytes;
}

/* A scratch set for L's blocks: a spare of the program's made for the same sizes, else a new one
 * (memories allocated as blocks need them). */
sim_scratch *asc_sim_scratch_take(const sim_launch *L) {
  sim_scratch *s = asc_sim_spares_take(L->scratches, fits, L);
  if (s)
    return s;
  s = asc_xcalloc(1, sizeof *s);
  s->nslots = L->nslots;
  s->ninsts = L->ninsts;
  s->ub_bytes = L->plat->ub_bytes;
  s->slots = asc_xcalloc((size_t)L->nslots + 1, sizeof *s->slots);
  s->warned = asc_xcalloc((size_t)L->ninsts + 1, 1);
  return s;
}

void asc_sim_scratch_give(const sim_launch *L, sim_scratch *s) { asc_sim_spares_give(L->scratches, s, 0, scratchfree); }

/* Memory m of s, `bytes` of it; what an earlier block left in it is marked in zmap[m]. */
static uint8_t *lazy(sim_scratch *s, int m, int64_t bytes) {
  if (!s->lm[m]) { /* calloc: pages the kernel never touches are never faulted in */
    s->lm[m] = asc_xcalloc((size_t)bytes, 1);
    s->lmb[m] = bytes;
    s->zmap[m] = asc_xcalloc((size_t)((bytes + 64 * SIM_ZCHUNK - 1) / (64 * SIM_ZCHUNK)), sizeof(uint64_t));
    s->zn[m] = 0;
  }
  return s->lm[m];
}

/* The bits of zmap word w that stand for chunks k0..k1. */
static uint64_t span_bits(int64_t w, int64_t k0, int64_t k1) {
  int64_t b0 = w << 6;
  uint64_t bits = ~0ull;
  if (b0 < k0)
    bits &= ~0ull << (k0 - b0);
  if (k1 - b0 < 63)
    bits &= ~(~0ull << (k1 - b0 + 1));
  return bits;
}

void asc_sim_scratch_zero(sim_scratch *s, int m, int64_t lo, int64_t hi, bool over) {
  uint64_t *z = s->zmap[m];
  int64_t k0 = lo >> SIM_ZSHIFT, k1 = (hi - 1) >> SIM_ZSHIFT; /* the chunks [lo, hi) touches */
  /* with `over`, the chunks wholly inside [lo, hi) need no clearing: [f0, f1] */
  int64_t f0 = over ? (lo + SIM_ZCHUNK - 1) >> SIM_ZSHIFT : 1, f1 = over ? (hi >> SIM_ZSHIFT) - 1 : 0;
  for (int64_t w = k0 >> 6; w <= k1 >> 6; w++) {
    uint64_t bits = z[w] ? z[w] & span_bits(w, k0, k1) : 0;
    int64_t b0 = w << 6;
    if (!bits)
      continue;
    z[w] &= ~bits;
    s->zn[m] -= __builtin_popcountll(bits);
    while (bits) {
      int64_t k = b0 + __builtin_ctzll(bits);
      bits &= bits - 1;
      if (k >= f0 && k <= f1)
        continue;
      int64_t a = k << SIM_ZSHIFT, e = a + SIM_ZCHUNK < s->lmb[m] ? a + SIM_ZCHUNK : s->lmb[m];
      memset(s->lm[m] + a, 0, (size_t)(e - a));
    }
  }
}

void asc_sim_scratch_bind(sim_scratch *s, sim_core *c) {
  const sim_launch *L = c->L;
  c->scr = s;
  c->slots = memset(s->slots, 0, sizeof *s->slots * ((size_t)L->nslots + 1));
  c->warned = memset(s->warned, 0, (size_t)L->ninsts + 1);
  c->ub_bytes = c->kind == ASC_HW_AIV ? L->plat->ub_bytes : 0; /* UB is the AIV's (hw.def) */
  c->ub = c->lm[ASC_HW_MEM_UB] = lazy(s, ASC_HW_MEM_UB, s->ub_bytes); /* an AIC's has no bytes */
  c->lmb[ASC_HW_MEM_UB] = c->ub_bytes;
  for (int m = ASC_HW_MEM_UB + 1; m < ASC_HW_NMEMS && c->kind == ASC_HW_AIC; m++)
    if (asc_hw_mem_cores(m) & ASC_HW_MASK(ASC_HW_AIC)) { /* the AIC's own memories (hw.def HW_MEM) */
      c->lmb[m] = asc_hw_mem_bytes(m);
      c->lm[m] = lazy(s, m, c->lmb[m]);
    }
  for (int m = 0; m < ASC_HW_NMEMS; m++) {
    c->mlo[m] = c->lmb[m];
    c->mhi[m] = 0;
  }
  c->trace = s->trace; /* reused: no realloc and page faults per block (runcore gives it back) */
  c->tcap_trace = s->trace ? s->tcap : 0;
  s->trace = NULL;
  s->tcap = 0;
}

void asc_sim_scratch_keep(sim_scratch *s, const sim_core *c) {
  for (int m = 0; m < ASC_HW_NMEMS; m++)
    if (c->lm[m] == s->lm[m] && c->mhi[m] > c->mlo[m]) { /* mark the chunks of [mlo, mhi) */
      uint64_t *z = s->zmap[m];
      int64_t k0 = c->mlo[m] >> SIM_ZSHIFT, k1 = (c->mhi[m] - 1) >> SIM_ZSHIFT, n = 0;
      for (int64_t w = k0 >> 6; w <= k1 >> 6; w++) {
        uint64_t bits = span_bits(w, k0, k1);
        n += __builtin_popcountll(bits & ~z[w]);
        z[w] |= bits;
      }
      s->zn[m] += n;
    }
}
