/* cube_avx2.c - mmad with AVX2 + FMA + F16C (cube_kernels.h), for CPUs without AVX-512.  Built
 * with -mavx2 -mfma -mf16c -ffp-contract=off where the compiler targets x86-64 and called only
 * when the CPU has them.  The same sums in the same order as the portable path (cube_kernels.c);
 * a product's multiply and add fused only where asc_cube_fma_exact says that gives the same bits. */
#include <stdint.h>
#include <string.h>

#include "asc/sim.h"
#include "sim/cube_kernels.h"

#if defined(__AVX2__) && defined(__FMA__) && defined(__F16C__)
#include <immintrin.h>

enum { MR = 4 }; /* rows of C per micro-kernel call; one fractal column (16 = two vectors) */

typedef struct geo {
  const asc_mmad_job *j;
  int e, k0;
  int64_t kp;    /* packed rows of k per fractal column (i8: pairs) */
  float *ap, *bp; /* as in cube_avx512.c */
} geo;

/* Element x of A or B as f32 (i8: the s8 as int32 bits are not used here). */
static float ldf(int dt, const uint8_t *p) {
  uint16_t h;
  uint32_t u;
  float f;
  if (dt == ASC_SIM_F16) {
    memcpy(&h, p, 2);
    return _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(h)));
  }
  if (dt == ASC_SIM_BF16) {
    memcpy(&h, p, 2);
    u = (uint32_t)h << 16;
  } else {
    memcpy(&u, p, 4);
  }
  memcpy(&f, &u, 4);
  return f;
}

/* Eight f16 or bf16 elements at p as f32 (exactly, as ldf). */
static inline __m256 ld8(int dt, const uint8_t *p) {
  __m128i h = _mm_loadu_si128((const __m128i *)(const void *)p);
  if (dt == ASC_SIM_F16)
    return _mm256_cvtph_ps(h);
  return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
}

static void packa(const geo *g) {
  const asc_mmad_job *j = g->j;
  int64_t rows = j->M1 * 16, nel = j->M1 * j->K1 * 16 * g->k0;
  bool h = j->dt == ASC_SIM_F32 && j->hf32;
  if (j->dt == ASC_SIM_I8) { /* s16 in Zz order; words of two */
    int16_t *a = (int16_t *)(void *)g->ap;
    for (int64_t x = 0; x < nel; x++)
      a[x] = j->gemv ? (x % 512 < 32 ? (int8_t)j->A[(x / 512) * 32 + x % 32] : 0) : (int8_t)j->A[x];
    return;
  }
  if (!j->gemv && !h && j->dt != ASC_SIM_F32) { /* f16 / bf16: eight at a time, the same conversion */
    for (int64_t x = 0; x < nel; x += 8)
      _mm256_storeu_ps(g->ap + x, ld8(j->dt, j->A + x * 2));
    return;
  }
  for (int64_t x = 0; x < nel; x++) {
    int64_t fr = x / (16 * g->k0), in = x % (16 * g->k0);
    float v = !j->gemv ? ldf(j->dt, j->A + x * g->e) : in < g->k0 ? ldf(j->dt, j->A + (fr * g->k0 + in) * g->e) : 0.0f;
    g->ap[x] = h ? asc_cube_hf32(v, j->hf32_rz) : v;
  }
  (void)rows;
}

static void packb(const geo *g) {
  const asc_mmad_job *j = g->j;
  bool h = j->dt == ASC_SIM_F32 && j->hf32;
  for (int64_t kb = 0; kb < j->K1 && kb * g->k0 < j->k; kb++)
    for (int64_t jb = 0; jb < j->N1; jb++) {
      const uint8_t *src = j->B + (kb * j->N1 + jb) * 512;
      if (j->dt == ASC_SIM_I8) {
        int16_t *dst = (int16_t *)(void *)(g->bp + (jb * g->kp + kb * 16) * 16);
        for (int c = 0; c < 16; c++)
          for (int q = 0; q < 32; q++)
            dst[((q / 2) * 16 + c) * 2 + q % 2] = kb * 32 + q < j->k ? (int8_t)src[c * 32 + q] : 0;
        continue;
      }
      float *dst = g->bp + (jb * g->kp + kb * g->k0) * 16;
      if (j->dt != ASC_SIM_F32) { /* f16 / bf16: the fractal converted eight at a time, then transposed */
        float v[256];
        for (int x = 0; x < 256; x += 8)
          _mm256_storeu_ps(v + x, ld8(j->dt, src + x * 2));
        for (int c = 0; c < 16; c++)
          for (int q = 0; q < 16; q++)
            dst[q * 16 + c] = v[c * 16 + q];
        continue;
      }
      for (int c = 0; c < 16; c++)
        for (int q = 0; q < g->k0; q++) {
          float v = ldf(j->dt, src + (c * g->k0 + q) * g->e);
          dst[q * 16 + c] = h ? asc_cube_hf32(v, j->hf32_rz) : v;
        }
    }
}

static inline __attribute__((always_inline)) void kernf(const geo *g, int64_t mb, int r0, int64_t jb, bool fused) {
  const asc_mmad_job *j = g->j;
  __m256 acc[MR][2];
#pragma GCC unroll 4
  for (int r = 0; r < MR; r++)
#pragma GCC unroll 2
    for (int h = 0; h < 2; h++) {
      int64_t co = ((jb * j->M1 + mb) * 256 + (r0 + r) * 16 + h * 8) * 4;
      acc[r][h] = j->init == 1 ? _mm256_loadu_ps((const float *)(const void *)(j->cin + co))
                  : j->init == 2 ? _mm256_loadu_ps((const float *)(const void *)(j->bias + (jb * 16 + h * 8) * 4))
                                 : _mm256_setzero_ps();
    }
  int k0 = g->k0;
  for (int64_t kb = 0; kb * k0 < j->k; kb++) {
    const float *a = g->ap + ((mb * j->K1 + kb) * 16 + r0) * k0;
    const float *b = g->bp + (jb * g->kp + kb * k0) * 16;
    int qn = j->k - kb * k0 < k0 ? (int)(j->k - kb * k0) : k0;
    for (int q = 0; q < qn; q++) {
      __m256 b0 = _mm256_loadu_ps(b + q * 16), b1 = _mm256_loadu_ps(b + q * 16 + 8);
#pragma GCC unroll 4
      for (int r = 0; r < MR; r++) {
        __m256 av = _mm256_broadcast_ss(a + r * k0 + q);
        if (fused) { /* the products are exact (asc_cube_fma_exact): fma rounds once, as the add did */
          acc[r][0] = _mm256_fmadd_ps(av, b0, acc[r][0]);
          acc[r][1] = _mm256_fmadd_ps(av, b1, acc[r][1]);
        } else {
          __m256 p0 = _mm256_mul_ps(av, b0), p1 = _mm256_mul_ps(av, b1);
          acc[r][0] = _mm256_add_ps(acc[r][0], p0);
          acc[r][1] = _mm256_add_ps(acc[r][1], p1);
        }
      }
    }
  }
  __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc00000));
#pragma GCC unroll 4
  for (int r = 0; r < MR; r++)
#pragma GCC unroll 2
    for (int h = 0; h < 2; h++) {
      float *co = (float *)(void *)(j->C + ((jb * j->M1 + mb) * 256 + (r0 + r) * 16 + h * 8) * 4);
      __m256 nan = _mm256_cmp_ps(acc[r][h], acc[r][h], _CMP_UNORD_Q);
      _mm256_storeu_ps(co, _mm256_blendv_ps(acc[r][h], qnan, nan));
    }
}

static void kerni(const geo *g, int64_t mb, int r0, int64_t jb) {
  const asc_mmad_job *j = g->j;
  __m256i acc[MR][2];
#pragma GCC unroll 4
  for (int r = 0; r < MR; r++)
#pragma GCC unroll 2
    for (int h = 0; h < 2; h++) {
      int64_t co = ((jb * j->M1 + mb) * 256 + (r0 + r) * 16 + h * 8) * 4;
      acc[r][h] = j->init == 1 ? _mm256_loadu_si256((const void *)(j->cin + co))
                  : j->init == 2 ? _mm256_loadu_si256((const void *)(j->bias + (jb * 16 + h * 8) * 4))
                                 : _mm256_setzero_si256();
    }
  for (int64_t kb = 0; kb * 32 < j->k; kb++) {
    const int32_t *a = (const int32_t *)(const void *)(g->ap + ((mb * j->K1 + kb) * 16 + r0) * 16);
    const float *b = g->bp + (jb * g->kp + kb * 16) * 16;
    int qn = (int)((j->k - kb * 32 < 32 ? j->k - kb * 32 : 32) + 1) / 2;
    for (int q = 0; q < qn; q++) {
      __m256i b0 = _mm256_loadu_si256((const void *)(b + q * 16)), b1 = _mm256_loadu_si256((const void *)(b + q * 16 + 8));
#pragma GCC unroll 4
      for (int r = 0; r < MR; r++) {
        __m256i av = _mm256_set1_epi32(a[r * 16 + q]);
        acc[r][0] = _mm256_add_epi32(acc[r][0], _mm256_madd_epi16(av, b0));
        acc[r][1] = _mm256_add_epi32(acc[r][1], _mm256_madd_epi16(av, b1));
      }
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < MR; r++)
#pragma GCC unroll 2
    for (int h = 0; h < 2; h++)
      _mm256_storeu_si256((void *)(j->C + ((jb * j->M1 + mb) * 256 + (r0 + r) * 16 + h * 8) * 4), acc[r][h]);
}

int asc_cube_mmad_avx2(const asc_mmad_job *j) {
  if (!j)
    return 1;
  int e = j->dt == ASC_SIM_I8 ? 1 : j->dt == ASC_SIM_F32 ? 4 : 2;
  geo g = {j, e, 32 / e, j->dt == ASC_SIM_I8 ? j->K1 * 16 : j->K1 * (32 / e), NULL, NULL};
  uintptr_t s = ((uintptr_t)j->scratch + 63) & ~(uintptr_t)63;
  g.ap = (float *)s;
  g.bp = g.ap + ((j->M1 * j->K1 * 16 * g.k0 + 15) & ~(int64_t)15);
  packa(&g);
  packb(&g);
  bool fused = asc_cube_fma_exact(j, g.ap, g.bp);
  for (int64_t jb = 0; jb < j->N1; jb++)
    for (int64_t mb = 0; mb < j->M1; mb++)
      for (int r0 = 0; r0 < 16; r0 += MR) {
        if (j->dt == ASC_SIM_I8)
          kerni(&g, mb, r0, jb);
        else if (fused)
          kernf(&g, mb, r0, jb, true);
        else
          kernf(&g, mb, r0, jb, false);
      }
  return 1;
}

#else
int asc_cube_mmad_avx2(const asc_mmad_job *j) {
  (void)j;
  return 0;
}
#endif
