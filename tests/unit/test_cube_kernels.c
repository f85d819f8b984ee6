/* test_cube_kernels.c - mmad's arithmetic (src/sim/cube_kernels.h, docs/hardware.md "mmad's
 * arithmetic"): the portable path against hand-computed sums (the order of the additions shows in
 * the bits), and every vector path the CPU has against the portable one, bit for bit, over
 * random jobs: every dtype (f16, bf16, f32, f32 in HF32 mode both ways, s8), partial fractals of
 * k, 1 to 7 fractals of m and n (every remainder of the vector kernels' column blocks), gemv,
 * the three starts of C (zeros, L0C, the bias), C read from itself, and special values
 * (infinities, NaNs, subnormals, signed zeros). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asc/sim.h"
#include "sim/cube_kernels.h"
#include "test.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 11);
}

static int esz(int dt) { return dt == ASC_SIM_I8 ? 1 : dt == ASC_SIM_F32 ? 4 : 2; }

/* Random bits of one element: mostly moderate values (sums that round), some specials. */
static void fill(uint8_t *p, size_t n, int dt) {
  int e = esz(dt);
  for (size_t i = 0; i + (size_t)e <= n; i += (size_t)e) {
    uint32_t r = rnd(), kind = r % 16;
    if (dt == ASC_SIM_I8) {
      p[i] = (uint8_t)rnd();
      continue;
    }
    float v = ((float)(int)(rnd() % 2001) - 1000.0f) / (float)(1 + rnd() % 97);
    if (kind == 0)
      v = (float)(int)(rnd() % 5) - 2.0f; /* small integers, zeros of both signs below */
    uint32_t u;
    memcpy(&u, &v, 4);
    if (kind == 1)
      u = rnd() | (rnd() << 21); /* any bits: NaN, inf, subnormal */
    if (kind == 2)
      u = 0x80000000u;
    if (dt == ASC_SIM_F32) {
      memcpy(p + i, &u, 4);
    } else if (dt == ASC_SIM_BF16) {
      uint16_t h = (uint16_t)(u >> 16);
      memcpy(p + i, &h, 2);
    } else { /* f16: a value in f16's range, or raw bits */
      uint16_t h = kind == 1 ? (uint16_t)rnd() : 0;
      if (kind != 1) {
        float a = fabsf(v);
        int ex;
        float m = frexpf(a, &ex); /* a = m * 2^ex, m in [0.5, 1) */
        if (a == 0 || ex < -13)
          h = 0;
        else if (ex > 15)
          h = 0x7c00;
        else
          h = (uint16_t)((uint32_t)(ex + 14) << 10 | ((uint32_t)(m * 2048.0f) & 1023u));
        if (v < 0 || kind == 2)
          h |= 0x8000;
      }
      memcpy(p + i, &h, 2);
    }
  }
}

typedef struct kase {
  asc_mmad_job j;
  uint8_t *a, *b, *c, *bias;
  size_t na, nb, nc;
} kase;

static void randjob(kase *t) {
  static const int dts[] = {ASC_SIM_F16, ASC_SIM_BF16, ASC_SIM_F32, ASC_SIM_F32, ASC_SIM_I8};
  asc_mmad_job *j = &t->j;
  memset(t, 0, sizeof *t);
  j->dt = dts[rnd() % 5];
  int k0 = 32 / esz(j->dt);
  j->gemv = rnd() % 6 == 0;
  j->M1 = j->gemv ? 1 : 1 + rnd() % 4;
  j->N1 = 1 + rnd() % 7;
  int64_t need = 1 + rnd() % 5;                  /* fractals along k the sum reaches into */
  j->K1 = need + (rnd() % 4 == 0 ? rnd() % 3 : 0); /* more fractals than used (k_direction_align) */
  j->k = (need - 1) * k0 + 1 + rnd() % k0;       /* partial last fractal */
  j->hf32 = j->dt == ASC_SIM_F32 && rnd() % 2;
  j->hf32_rz = rnd() % 2;
  j->init = (int)(rnd() % 3);
  t->na = (size_t)(j->gemv ? j->K1 * 32 : j->M1 * j->K1 * 512);
  t->nb = (size_t)(j->K1 * j->N1 * 512);
  t->nc = (size_t)(j->M1 * j->N1 * 1024);
  t->a = malloc(t->na);
  t->b = malloc(t->nb);
  t->c = malloc(t->nc);
  t->bias = malloc((size_t)j->N1 * 64);
  fill(t->a, t->na, j->dt);
  fill(t->b, t->nb, j->dt);
  fill(t->c, t->nc, j->dt == ASC_SIM_I8 ? ASC_SIM_I8 : ASC_SIM_F32);
  fill(t->bias, (size_t)j->N1 * 64, j->dt == ASC_SIM_I8 ? ASC_SIM_I8 : ASC_SIM_F32);
  j->A = t->a;
  j->B = t->b;
  j->bias = t->bias;
}

/* Runs t with impl into a fresh copy of C (cin: that copy itself, or the untouched original). */
/* Do C's n bytes differ?  Then the first differing word: its byte offset, want's and got's bits. */
static bool differ(const uint8_t *want, const uint8_t *got, size_t n, size_t *at, uint32_t *w, uint32_t *g) {
  if (!memcmp(want, got, n))
    return false;
  for (*at = 0; !memcmp(want + *at, got + *at, 4); *at += 4)
    ;
  memcpy(w, want + *at, 4);
  memcpy(g, got + *at, 4);
  return true;
}

static uint8_t *runwith(kase *t, asc_cube_impl impl, bool self) {
  uint8_t *out = malloc(t->nc), *scratch = aligned_alloc(64, (asc_cube_scratch_bytes(&t->j) + 63) & ~(size_t)63);
  memcpy(out, t->c, t->nc);
  asc_mmad_job j = t->j;
  j.cin = self ? out : t->c;
  j.C = out;
  j.scratch = scratch;
  asc_cube_mmad_with(&j, impl);
  free(scratch);
  return out;
}

static void kfree(kase *t) {
  free(t->a);
  free(t->b);
  free(t->c);
  free(t->bias);
}

/* >= 1000 random jobs per vector path: its output equals the portable one's, bit for bit. */
TEST(vector_paths_equal_portable) {
  int impls = 0;
  for (int impl = ASC_CUBE_AVX2; impl < ASC_CUBE_NIMPL; impl++) {
    if (!asc_cube_have((asc_cube_impl)impl))
      continue;
    impls++;
    int bad = 0;
    for (int n = 0; n < 1500; n++) {
      kase t;
      randjob(&t);
      bool self = rnd() % 2;
      uint8_t *want = runwith(&t, ASC_CUBE_PORTABLE, self), *got = runwith(&t, (asc_cube_impl)impl, self);
      size_t i;
      uint32_t w, g;
      if (differ(want, got, t.nc, &i, &w, &g) && bad++ < 3) {
        asc_test_fail(__FILE__, __LINE__, "%s case %d: dt %d M1 %lld N1 %lld K1 %lld k %lld gemv %d hf32 %d/%d "
                      "init %d: C byte %zu: %08x, portable %08x", asc_cube_impl_name((asc_cube_impl)impl), n,
                      t.j.dt, (long long)t.j.M1, (long long)t.j.N1, (long long)t.j.K1, (long long)t.j.k, t.j.gemv,
                      t.j.hf32, t.j.hf32_rz, t.j.init, i, g, w);
      }
      free(want);
      free(got);
      kfree(&t);
    }
    CHECK_INT(bad, 0);
  }
  printf("  vector paths checked: %d (best: %s)\n", impls, asc_cube_impl_name(asc_cube_best()));
}

/* One f16 fractal each, k = 3: A row 0 = (1, 2^-11, 2^-11), B column 0 = (1, 2^-13, 2^-13); the
 * products 1, 2^-24, 2^-24 summed in ascending k from 0 each round back to 1 (a tie to even),
 * where summing the small ones first would give 1 + 2^-23. */
static void order_case(asc_cube_impl impl) {
  uint8_t a[512] = {0}, b[512] = {0}, c[1024];
  uint16_t av[3] = {0x3c00, 0x1000, 0x1000}, bv[3] = {0x3c00, 0x0800, 0x0800}; /* 1, 2^-11; 1, 2^-13 */
  memcpy(a, av, 6);  /* row 0 of A's Zz fractal: k 0 .. 2 */
  memcpy(b, bv, 6);  /* column 0 of B's Zn fractal: k 0 .. 2 */
  memset(c, 0xff, sizeof c);
  asc_mmad_job j = {ASC_SIM_F16, 1, 1, 1, 3, false, false, false, 0, a, b, NULL, NULL, c, NULL};
  j.scratch = aligned_alloc(64, (asc_cube_scratch_bytes(&j) + 63) & ~(size_t)63);
  asc_cube_mmad_with(&j, impl);
  free(j.scratch);
  float c00, c01, c10;
  memcpy(&c00, c, 4);
  memcpy(&c01, c + 4, 4);
  memcpy(&c10, c + 64, 4);
  CHECK(c00 == 1.0f);
  CHECK(c01 == 0.0f && c10 == 0.0f);
}

TEST(ascending_k_order) {
  for (int impl = 0; impl < ASC_CUBE_NIMPL; impl++)
    if (asc_cube_have((asc_cube_impl)impl))
      order_case((asc_cube_impl)impl);
}

/* s8: wrapping int32 sums; a NaN result is 0x7fc00000 whatever made it. */
TEST(int_wraps_and_nan_is_canonical) {
  for (int impl = 0; impl < ASC_CUBE_NIMPL; impl++) {
    if (!asc_cube_have((asc_cube_impl)impl))
      continue;
    uint8_t a[512], b[512], c[1024], bias[64];
    memset(a, 0x80, sizeof a); /* -128 */
    memset(b, 0x80, sizeof b);
    int32_t start = 2147483647;
    for (int i = 0; i < 16; i++)
      memcpy(bias + 4 * i, &start, 4);
    asc_mmad_job j = {ASC_SIM_I8, 1, 1, 1, 32, false, false, false, 2, a, b, NULL, bias, c, NULL};
    j.scratch = aligned_alloc(64, (asc_cube_scratch_bytes(&j) + 63) & ~(size_t)63);
    asc_cube_mmad_with(&j, (asc_cube_impl)impl);
    int32_t v;
    memcpy(&v, c + 4 * 17, 4);
    /* 2^31 - 1 + 32 * 16384 = 2^31 + 524287 wraps to -2^31 + 524287 */
    CHECK_INT(v, -2147483647 - 1 + 524287);
    uint16_t inf = 0x7c00, ninf = 0xfc00;
    uint8_t fa[512] = {0}, fb[512] = {0};
    memcpy(fa, &inf, 2);
    memcpy(fa + 2, &ninf, 2);
    uint16_t one = 0x3c00;
    memcpy(fb, &one, 2);
    memcpy(fb + 2, &one, 2);
    asc_mmad_job f = {ASC_SIM_F16, 1, 1, 1, 2, false, false, false, 0, fa, fb, NULL, NULL, c, j.scratch};
    asc_cube_mmad_with(&f, (asc_cube_impl)impl); /* inf + -inf */
    uint32_t u;
    memcpy(&u, c, 4);
    CHECK_INT(u, 0x7fc00000);
    free(j.scratch);
  }
}

/* An element of bf16 or f32 bits with biased exponent e and a random significand; one in 64 a
 * special (zero of either sign, infinity, NaN, subnormal). */
static uint32_t extreme_bits(int e) {
  uint32_t r = rnd(), u = (r & 0x80000000u) | (uint32_t)e << 23 | (rnd() & 0x7fffffu);
  switch (r % 256) {
  case 0:
    return r & 0x80000000u;
  case 1:
    return 0x7f800000u | (r & 0x80000000u);
  case 2:
    return 0x7fc00000u | (rnd() & 0x3fffffu);
  case 3:
    return (r & 0x80000000u) | (rnd() & 0x7fffffu);
  default:
    return u;
  }
}

/* Jobs whose products sit at the edges of f32 (asc_cube_fma_exact's bounds): bf16 and HF32 inputs
 * with exponents summing to just below, at and just above the overflow bound (380) and the
 * last-subnormal-bit bound (119 for bf16, 125 for HF32), and f16 of any bits (subnormals,
 * infinities, NaNs); every vector path equals the portable one bit for bit, fused or not. */
TEST(fused_edges_equal_portable) {
  for (int impl = ASC_CUBE_AVX2; impl < ASC_CUBE_NIMPL; impl++) {
    if (!asc_cube_have((asc_cube_impl)impl))
      continue;
    int bad = 0, n = 0;
    for (; n < 1200; n++) {
      kase t;
      randjob(&t);
      asc_mmad_job *j = &t.j;
      int kind = (int)(rnd() % 4); /* f16, bf16, HF32 to nearest even, HF32 toward zero */
      if (j->dt == ASC_SIM_I8 || (kind == 0) != (j->dt == ASC_SIM_F16)) {
        kfree(&t);
        n--;
        continue;
      }
      if (kind == 0) { /* f16: any bits */
        for (size_t i = 0; i + 1 < t.na; i += 2)
          memcpy(t.a + i, &(uint16_t){(uint16_t)rnd()}, 2);
        for (size_t i = 0; i + 1 < t.nb; i += 2)
          memcpy(t.b + i, &(uint16_t){(uint16_t)rnd()}, 2);
      } else {
        bool bf = kind == 1;
        if (bf != (j->dt == ASC_SIM_BF16)) { /* the job's dtype is the kind's */
          kfree(&t);
          n--;
          continue;
        }
        j->hf32 = !bf;
        j->hf32_rz = kind == 3;
        j->k = 1 + rnd() % (j->k < 12 ? j->k : 12); /* few products: a difference is not drowned in infinities */
        bool hi = rnd() % 2;
        int bound = hi ? 380 : bf ? 119 : 125, sum = bound + (int)(rnd() % 5) - 2;
        int ea = hi ? 150 + (int)(rnd() % 80) : 20 + (int)(rnd() % 60), eb = sum - ea;
        int spread = (int)(rnd() % 2); /* exponents ea - spread .. ea (high) or ea .. ea + spread (low) */
        for (int side = 0; side < 2; side++) {
          uint8_t *p = side ? t.b : t.a;
          size_t np = side ? t.nb : t.na;
          int base = side ? eb : ea;
          for (size_t i = 0; i < np; i += bf ? 2 : 4) {
            int e = hi ? base - (int)(rnd() % (unsigned)(spread + 1)) : base + (int)(rnd() % (unsigned)(spread + 1));
            uint32_t u = extreme_bits(e < 1 ? 1 : e > 254 ? 254 : e);
            if (bf)
              memcpy(p + i, &(uint16_t){(uint16_t)(u >> 16)}, 2);
            else
              memcpy(p + i, &u, 4);
          }
        }
        /* starts of C where a product's extra rounding shows: near -+2^128 (an overflowing product
         * brought back by the start of the opposite sign), or tiny subnormals (the parity of the
         * last bit decides a product's tie) */
        for (int side = 0; side < 2; side++) {
          uint8_t *p = side ? t.bias : t.c;
          size_t np = side ? (size_t)j->N1 * 64 : t.nc;
          for (size_t i = 0; i + 4 <= np; i += 4) {
            uint32_t u = hi ? (rnd() & 0x807fffffu) | (253u + rnd() % 2) << 23 : rnd() & 0x8000003fu;
            memcpy(p + i, &u, 4);
          }
        }
      }
      bool self = rnd() % 2;
      uint8_t *want = runwith(&t, ASC_CUBE_PORTABLE, self), *got = runwith(&t, (asc_cube_impl)impl, self);
      size_t i;
      uint32_t w, g;
      if (differ(want, got, t.nc, &i, &w, &g) && bad++ < 3) {
        asc_test_fail(__FILE__, __LINE__, "%s edge case %d: dt %d hf32 %d/%d k %lld init %d: C byte %zu: %08x, portable %08x",
                      asc_cube_impl_name((asc_cube_impl)impl), n, j->dt, j->hf32, j->hf32_rz, (long long)j->k, j->init,
                      i, g, w);
      }
      free(want);
      free(got);
      kfree(&t);
    }
    CHECK_INT(bad, 0);
  }
}

/* asc_cube_fma_exact on hand-made packed operands: bf16 and HF32 exponent sums at and past both
 * bounds, subnormals and HF32 values with more than 11 significant bits refuse; zeros, infinities
 * and NaNs do not count; f16 always, plain f32 and s8 never. */
static bool fused_for(int dt, bool hf32, uint32_t a, uint32_t b) {
  static float ap[256], bp[256];
  for (int i = 0; i < 256; i++) {
    uint32_t one = 0x3f800000u;
    memcpy(ap + i, &one, 4);
    memcpy(bp + i, &one, 4);
  }
  memcpy(ap + 5, &a, 4);
  memcpy(bp + 17, &b, 4);
  asc_mmad_job j = {dt, 1, 1, 1, dt == ASC_SIM_BF16 ? 16 : 8, false, hf32, false, 0, NULL, NULL, NULL, NULL, NULL, NULL};
  return asc_cube_fma_exact(&j, ap, bp);
}

TEST(fma_exact_bounds) {
  uint32_t e = 23; /* exponent field's shift */
  /* every other element is 1.0 (biased exponent 127): the sums that matter are a's with b's */
  CHECK(fused_for(ASC_SIM_BF16, false, 253u << e, 127u << e));          /* 253 + 127 = 380 */
  CHECK(!fused_for(ASC_SIM_BF16, false, 254u << e, 127u << e));         /* 381 */
  CHECK(fused_for(ASC_SIM_BF16, false, 60u << e, 59u << e));            /* 119 */
  CHECK(!fused_for(ASC_SIM_BF16, false, 60u << e, 58u << e));           /* 118 */
  CHECK(fused_for(ASC_SIM_F32, true, 60u << e, 65u << e));              /* 125 */
  CHECK(!fused_for(ASC_SIM_F32, true, 60u << e, 64u << e));             /* 124 */
  CHECK(fused_for(ASC_SIM_F32, true, 190u << e, 190u << e));            /* 380 */
  CHECK(!fused_for(ASC_SIM_F32, true, 191u << e, 190u << e));           /* 381 */
  CHECK(!fused_for(ASC_SIM_F32, true, 127u << e | 1u, 127u << e));      /* 24 significant bits */
  CHECK(fused_for(ASC_SIM_F32, true, 127u << e | 0x2000u, 127u << e));  /* 11 */
  CHECK(!fused_for(ASC_SIM_BF16, false, 0x00010000u, 127u << e));       /* subnormal */
  CHECK(fused_for(ASC_SIM_BF16, false, 0x7f800000u, 0xffc00000u));      /* infinity, NaN */
  CHECK(fused_for(ASC_SIM_BF16, false, 0x80000000u, 0u));               /* zeros */
  CHECK(fused_for(ASC_SIM_F16, false, 0x00000001u, 0x7f7fffffu));       /* f16: by type */
  CHECK(!fused_for(ASC_SIM_F32, false, 127u << e, 127u << e));
  CHECK(!fused_for(ASC_SIM_I8, false, 127u << e, 127u << e));
}
