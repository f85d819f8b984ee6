/* cube_kernels.c - mmad's arithmetic (cube_kernels.h): the portable path, which is the
 * model's definition written out, and the choice of the vector path at run time.
 *
 * The portable path unpacks A (m x k) and B (k x n) into row-major arrays, starts every sum
 * at its init value and adds the products in ascending k, one f32 rounding per product and
 * per sum.  The vector paths (cube_avx2.c, cube_avx512.c) add the same products to the same
 * sums in the same order, vectorised across n, so they give the same bits. */
#include <stdlib.h>
#include <string.h>

#include "asc/sim.h"
#include "sim/cube_kernels.h"

enum { QNAN = 0x7fc00000u };

/* x rounded to HF32 (f32 with 10 stored mantissa bits): to nearest even, or toward zero when
 * set_hf32_trans_mode(True) (pyasc's page; Ascend C's SetHF32TransMode words it differently:
 * docs/conformance.md, "Where pyasc's and Ascend C's pages differ"). */
float asc_cube_hf32(float x, bool toward_zero) {
  uint32_t u;
  memcpy(&u, &x, 4);
  if ((u & 0x7f800000u) == 0x7f800000u)
    return x;
  uint32_t low = u & 0x1fffu, half = 0x1000u;
  u &= ~0x1fffu;
  if (!toward_zero && (low > half || (low == half && (u & 0x2000u))))
    u += 0x2000u;
  memcpy(&x, &u, 4);
  return x;
}

/* An f16's value as f32 (exact; every f16 is an f32). */
static float f16tof32(uint16_t h) {
  uint32_t s = (uint32_t)(h & 0x8000u) << 16, e = h >> 10 & 31, m = h & 1023u, u;
  if (e == 0) { /* zero or subnormal: m * 2^-24, exact in f32 */
    float v = (float)m * 0x1p-24f;
    memcpy(&u, &v, 4);
    u |= s;
  } else if (e == 31) {
    u = m ? QNAN : s | 0x7f800000u;
  } else {
    u = s | (e + 112) << 23 | m << 13;
  }
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static float ldf(int dt, const uint8_t *p) {
  uint16_t h;
  uint32_t u;
  float f;
  switch (dt) {
  case ASC_SIM_F16:
    memcpy(&h, p, 2);
    return f16tof32(h);
  case ASC_SIM_BF16:
    memcpy(&h, p, 2);
    u = (uint32_t)h << 16;
    break;
  default:
    memcpy(&u, p, 4);
    break;
  }
  memcpy(&f, &u, 4);
  return f;
}

static int esize(int dt) { return dt == ASC_SIM_I8 ? 1 : dt == ASC_SIM_F32 ? 4 : 2; }

size_t asc_cube_scratch_bytes(const asc_mmad_job *j) {
  int64_t k0 = 32 / esize(j->dt), kp = j->K1 * k0 + 2, mp = j->M1 * 16, np = j->N1 * 16;
  return (size_t)(4 * (mp * kp + kp * np + mp * np) + 256);
}

/* Element (i, kk) of A and (kk, j) of B: their byte offsets in L0A / L0B. */
static int64_t aoff(const asc_mmad_job *j, int64_t i, int64_t kk, int k0, int e) {
  return j->gemv ? kk * e : (((i / 16) * j->K1 + kk / k0) * 512 + ((i % 16) * k0 + kk % k0) * e);
}

static int64_t boff(const asc_mmad_job *j, int64_t kk, int64_t jj, int k0, int e) {
  return ((kk / k0) * j->N1 + jj / 16) * 512 + ((jj % 16) * k0 + kk % k0) * e;
}

/* Element (i, jj) of C's Nz fractals. */
static int64_t coff(const asc_mmad_job *j, int64_t i, int64_t jj) {
  return (((jj / 16) * j->M1 + i / 16) * 256 + (i % 16) * 16 + jj % 16) * 4;
}

static void mmad_int(const asc_mmad_job *j, uint32_t *a, uint32_t *b, uint32_t *acc) {
  int64_t MP = j->M1 * 16, NP = j->N1 * 16, k = j->k;
  for (int64_t i = 0; i < MP; i++)
    for (int64_t kk = 0; kk < k; kk++)
      a[i * k + kk] = j->gemv && i ? 0u : (uint32_t)(int32_t)(int8_t)j->A[aoff(j, i, kk, 32, 1)];
  for (int64_t kk = 0; kk < k; kk++)
    for (int64_t jj = 0; jj < NP; jj++)
      b[kk * NP + jj] = (uint32_t)(int32_t)(int8_t)j->B[boff(j, kk, jj, 32, 1)];
  for (int64_t i = 0; i < MP; i++)
    for (int64_t jj = 0; jj < NP; jj++) {
      uint32_t v = 0;
      if (j->init == 1)
        memcpy(&v, j->cin + coff(j, i, jj), 4);
      else if (j->init == 2)
        memcpy(&v, j->bias + jj * 4, 4);
      acc[i * NP + jj] = v;
    }
  for (int64_t i = 0; i < MP; i++) /* int32 sums wrap */
    for (int64_t kk = 0; kk < k; kk++) {
      uint32_t av = a[i * k + kk], *row = acc + i * NP;
      const uint32_t *brow = b + kk * NP;
      for (int64_t jj = 0; jj < NP; jj++)
        row[jj] += av * brow[jj];
    }
  for (int64_t i = 0; i < MP; i++)
    for (int64_t jj = 0; jj < NP; jj++)
      memcpy(j->C + coff(j, i, jj), &acc[i * NP + jj], 4);
}

static void mmad_f32(const asc_mmad_job *j, float *a, float *b, float *acc) {
  int64_t MP = j->M1 * 16, NP = j->N1 * 16, k = j->k;
  int e = esize(j->dt), k0 = 32 / e;
  bool h = j->dt == ASC_SIM_F32 && j->hf32;
  for (int64_t i = 0; i < MP; i++)
    for (int64_t kk = 0; kk < k; kk++) {
      float v = j->gemv && i ? 0.0f : ldf(j->dt, j->A + aoff(j, i, kk, k0, e));
      a[i * k + kk] = h ? asc_cube_hf32(v, j->hf32_rz) : v;
    }
  for (int64_t kk = 0; kk < k; kk++)
    for (int64_t jj = 0; jj < NP; jj++) {
      float v = ldf(j->dt, j->B + boff(j, kk, jj, k0, e));
      b[kk * NP + jj] = h ? asc_cube_hf32(v, j->hf32_rz) : v;
    }
  for (int64_t i = 0; i < MP; i++)
    for (int64_t jj = 0; jj < NP; jj++)
      acc[i * NP + jj] = j->init == 1 ? ldf(ASC_SIM_F32, j->cin + coff(j, i, jj))
                         : j->init == 2 ? ldf(ASC_SIM_F32, j->bias + jj * 4) : 0.0f;
  for (int64_t i = 0; i < MP; i++) /* the model's order: ascending k per element */
    for (int64_t kk = 0; kk < k; kk++) {
      float av = a[i * k + kk], *row = acc + i * NP;
      const float *brow = b + kk * NP;
      for (int64_t jj = 0; jj < NP; jj++) {
        float p = av * brow[jj];
        row[jj] = row[jj] + p;
      }
    }
  for (int64_t i = 0; i < MP; i++)
    for (int64_t jj = 0; jj < NP; jj++) {
      float v = acc[i * NP + jj];
      uint32_t u;
      memcpy(&u, &v, 4);
      if (v != v)
        u = QNAN;
      memcpy(j->C + coff(j, i, jj), &u, 4);
    }
}

static void mmad_portable(const asc_mmad_job *j) {
  int64_t MP = j->M1 * 16, NP = j->N1 * 16, k = j->k;
  uint8_t *s = j->scratch;
  size_t na = (size_t)(MP * k), nb = (size_t)(k * NP);
  if (j->dt == ASC_SIM_I8)
    mmad_int(j, (uint32_t *)(void *)s, (uint32_t *)(void *)(s + 4 * na), (uint32_t *)(void *)(s + 4 * (na + nb)));
  else
    mmad_f32(j, (float *)(void *)s, (float *)(void *)(s + 4 * na), (float *)(void *)(s + 4 * (na + nb)));
}

/* The biased exponents lo .. hi of the finite nonzero values of v[0 .. n) (untouched when none);
 * false when one is subnormal or has set significand bits under mask. */
static bool exprange(const float *v, int64_t n, uint32_t mask, int *lo, int *hi) {
  for (int64_t i = 0; i < n; i++) {
    uint32_t u;
    memcpy(&u, v + i, 4);
    int e = (int)(u >> 23 & 255);
    if (e == 255 || !(u & 0x7fffffffu))
      continue; /* inf, NaN, zero: their products are the same fused or not */
    if (!e || (u & mask))
      return false;
    *lo = e < *lo ? e : *lo;
    *hi = e > *hi ? e : *hi;
  }
  return true;
}

bool asc_cube_fma_exact(const asc_mmad_job *j, const float *ap, const float *bp) {
  if (j->dt == ASC_SIM_F16)
    return true;
  if (j->dt != ASC_SIM_BF16 && !(j->dt == ASC_SIM_F32 && j->hf32))
    return false;
  /* s significant bits (bf16 8, HF32 11): a finite nonzero normal a with biased exponent E is a
   * multiple of 2^(E - 127 - (s - 1)) below 2^(E - 126).  A product of two has at most 2s <= 22
   * significant bits, so it is exact in f32 when it is below 2^128 (Ea + Eb <= 380) and a
   * multiple of 2^-149 (Ea + Eb - 254 - 2(s - 1) >= -149). */
  int s = j->dt == ASC_SIM_BF16 ? 8 : 11;
  uint32_t mask = (1u << (24 - s)) - 1;
  int k0 = j->dt == ASC_SIM_BF16 ? 16 : 8, alo = 256, ahi = -1, blo = 256, bhi = -1;
  int64_t kp = j->K1 * k0, rows = (j->k + k0 - 1) / k0 * k0;
  if (!exprange(ap, j->M1 * j->K1 * 16 * k0, mask, &alo, &ahi))
    return false;
  for (int64_t jb = 0; jb < j->N1; jb++)
    if (!exprange(bp + jb * kp * 16, rows * 16, mask, &blo, &bhi))
      return false;
  if (ahi < 0 || bhi < 0)
    return true; /* no finite nonzero product */
  return ahi + bhi <= 380 && alo + blo >= 105 + 2 * (s - 1);
}

/* ---- choosing the implementation ---- */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ASC_CUBE_X86 1
#include <cpuid.h>

/* F16C (CPUID.1:ECX bit 29): clang's __builtin_cpu_supports does not know its name. */
static bool hasf16c(void) {
  unsigned a, b, c, d;
  return __get_cpuid(1, &a, &b, &c, &d) && (c >> 29 & 1);
}
#else
#define ASC_CUBE_X86 0
#endif

bool asc_cube_have(asc_cube_impl impl) {
  switch (impl) {
  case ASC_CUBE_PORTABLE:
    return true;
#if ASC_CUBE_X86
  case ASC_CUBE_AVX2:
    return asc_cube_mmad_avx2(NULL) && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && hasf16c();
  case ASC_CUBE_AVX512:
    return asc_cube_mmad_avx512(NULL) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && hasf16c();
#endif
  default:
    return false;
  }
}

const char *asc_cube_impl_name(asc_cube_impl impl) {
  static const char *const names[] = {"portable", "avx2", "avx512"};
  return impl >= 0 && impl < ASC_CUBE_NIMPL ? names[impl] : "?";
}

asc_cube_impl asc_cube_best(void) {
  /* a pure function of the CPU and the environment: computing it twice on two threads is harmless */
  static _Atomic int best = -1;
  int b = best;
  if (b < 0) {
    const char *env = getenv("ASC_CUBE_IMPL");
    b = ASC_CUBE_PORTABLE;
    for (int i = ASC_CUBE_NIMPL - 1; i > 0 && !(env && !strcmp(env, "portable")); i--)
      if (asc_cube_have((asc_cube_impl)i)) {
        b = i;
        break;
      }
    best = b;
  }
  return (asc_cube_impl)b;
}

void asc_cube_mmad_with(const asc_mmad_job *job, asc_cube_impl impl) {
  if (impl == ASC_CUBE_AVX512 && asc_cube_mmad_avx512(job))
    return;
  if (impl == ASC_CUBE_AVX2 && asc_cube_mmad_avx2(job))
    return;
  mmad_portable(job);
}

void asc_cube_mmad(const asc_mmad_job *job) { asc_cube_mmad_with(job, asc_cube_best()); }
