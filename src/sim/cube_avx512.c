/* cube_avx512.c - mmad with AVX-512 (cube_kernels.h).  Built with -mavx512f -mavx512bw
 * -mavx512vl -mf16c where the compiler targets x86-64 (CMakeLists.txt) and called only when
 * the CPU has them (asc_cube_have).  Same bits as the portable path: every output element's
 * sum starts at its init value and takes the products in ascending k, each product and sum
 * rounded to f32: a separate multiply and add (the file is built with -ffp-contract=off), or one
 * fused multiply-add where every product is exact in f32 (asc_cube_fma_exact), which rounds the
 * same sum once, as the add alone does. */
#include <stdint.h>
#include <string.h>

#include "asc/sim.h"
#include "sim/cube_kernels.h"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__F16C__)
#include <immintrin.h>

enum { MR = 8 }; /* rows of C per micro-kernel call: half a fractal */

/* Transpose the 16 x 16 matrix r (r[i] = row i) in place. */
static inline void tr16(__m512 r[16]) {
  __m512 t[16];
  for (int i = 0; i < 8; i++) {
    t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
  }
  for (int i = 0; i < 4; i++) { /* r[4i + c], 128-bit lane L: column 4L + c of rows 4i .. 4i+3 */
    r[4 * i + 0] = _mm512_shuffle_ps(t[4 * i], t[4 * i + 2], _MM_SHUFFLE(1, 0, 1, 0));
    r[4 * i + 1] = _mm512_shuffle_ps(t[4 * i], t[4 * i + 2], _MM_SHUFFLE(3, 2, 3, 2));
    r[4 * i + 2] = _mm512_shuffle_ps(t[4 * i + 1], t[4 * i + 3], _MM_SHUFFLE(1, 0, 1, 0));
    r[4 * i + 3] = _mm512_shuffle_ps(t[4 * i + 1], t[4 * i + 3], _MM_SHUFFLE(3, 2, 3, 2));
  }
  for (int c = 0; c < 4; c++) { /* a 4 x 4 transpose of 128-bit lanes: column 4L + c */
    __m512 v0 = _mm512_shuffle_f32x4(r[c], r[4 + c], _MM_SHUFFLE(1, 0, 1, 0));
    __m512 v1 = _mm512_shuffle_f32x4(r[c], r[4 + c], _MM_SHUFFLE(3, 2, 3, 2));
    __m512 v2 = _mm512_shuffle_f32x4(r[8 + c], r[12 + c], _MM_SHUFFLE(1, 0, 1, 0));
    __m512 v3 = _mm512_shuffle_f32x4(r[8 + c], r[12 + c], _MM_SHUFFLE(3, 2, 3, 2));
    t[c] = _mm512_shuffle_f32x4(v0, v2, _MM_SHUFFLE(2, 0, 2, 0));
    t[4 + c] = _mm512_shuffle_f32x4(v0, v2, _MM_SHUFFLE(3, 1, 3, 1));
    t[8 + c] = _mm512_shuffle_f32x4(v1, v3, _MM_SHUFFLE(2, 0, 2, 0));
    t[12 + c] = _mm512_shuffle_f32x4(v1, v3, _MM_SHUFFLE(3, 1, 3, 1));
  }
  for (int i = 0; i < 16; i++)
    r[i] = t[i];
}

/* 16 elements of type dt at p as f32 (f16, bf16 exactly), or 16 pairs of s8 as pairs of s16 (i8). */
static inline __m512 load16(int dt, const uint8_t *p) {
  switch (dt) {
  case ASC_SIM_F16:
    return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(const void *)p));
  case ASC_SIM_BF16:
    return _mm512_castsi512_ps(
        _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)p)), 16));
  case ASC_SIM_I8:
    return _mm512_castsi512_ps(_mm512_cvtepi8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)p)));
  default: /* f32: k0 = 8, a row is 8 elements */
    return _mm512_zextps256_ps512(_mm256_loadu_ps((const float *)(const void *)p));
  }
}

/* HF32 rounding of 16 f32 (asc_cube_hf32 on each). */
static inline __m512 hf32v(__m512 x, bool toward_zero) {
  __m512i u = _mm512_castps_si512(x), low = _mm512_and_si512(u, _mm512_set1_epi32(0x1fff));
  __m512i half = _mm512_set1_epi32(0x1000);
  __mmask16 fin = _mm512_cmpneq_epi32_mask(_mm512_and_si512(u, _mm512_set1_epi32(0x7f800000)),
                                           _mm512_set1_epi32(0x7f800000));
  __m512i r = _mm512_andnot_si512(_mm512_set1_epi32(0x1fff), u);
  __mmask16 up = _mm512_cmpgt_epi32_mask(low, half);
  __mmask16 tie = _mm512_cmpeq_epi32_mask(low, half) & _mm512_test_epi32_mask(r, _mm512_set1_epi32(0x2000));
  if (!toward_zero)
    r = _mm512_mask_add_epi32(r, up | tie, r, _mm512_set1_epi32(0x2000));
  return _mm512_castsi512_ps(_mm512_mask_mov_epi32(u, fin, r));
}

/* The geometry shared by packing and the micro-kernels. */
typedef struct geo {
  const asc_mmad_job *j;
  int e, k0;      /* element bytes, fractal width along k */
  int64_t kp;     /* packed k: K1 * k0 (f32) or its pairs (i8) */
  float *ap;      /* A as f32 (i8: s16 pairs as 32-bit words) in L0A's Zz order */
  float *bp;      /* B: per fractal column jb, kp rows of 16 (f32, or i8 s16 pairs) */
} geo;

/* A, converted in its own Zz order (gemv: row 0 of each fractal, the other rows zero). */
static void packa(const geo *g) {
  const asc_mmad_job *j = g->j;
  int64_t nel = j->M1 * j->K1 * 16 * g->k0; /* i8: 32-bit words of two s16 */
  bool h = j->dt == ASC_SIM_F32 && j->hf32;
  if (j->dt == ASC_SIM_I8) {
    nel /= 2;
    if (j->gemv) {
      memset(g->ap, 0, (size_t)nel * 4);
      for (int64_t kb = 0; kb < j->K1; kb++)
        _mm512_storeu_ps(g->ap + kb * 256, load16(ASC_SIM_I8, j->A + kb * 32));
      return;
    }
    for (int64_t x = 0; x < nel; x += 16)
      _mm512_storeu_ps(g->ap + x, load16(ASC_SIM_I8, j->A + x * 2));
    return;
  }
  if (j->gemv) {
    memset(g->ap, 0, (size_t)nel * 4);
    for (int64_t kb = 0; kb < j->K1; kb++)
      for (int q = 0; q < g->k0; q++) {
        float v;
        if (j->dt == ASC_SIM_F16)
          v = _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(*(const uint16_t *)(const void *)(j->A + (kb * g->k0 + q) * 2))));
        else if (j->dt == ASC_SIM_BF16) {
          uint32_t u = (uint32_t)(*(const uint16_t *)(const void *)(j->A + (kb * g->k0 + q) * 2)) << 16;
          memcpy(&v, &u, 4);
        } else
          memcpy(&v, j->A + (kb * g->k0 + q) * 4, 4);
        g->ap[kb * 16 * g->k0 + q] = h ? asc_cube_hf32(v, j->hf32_rz) : v;
      }
    return;
  }
  int step = j->dt == ASC_SIM_F32 ? 8 : 16;
  for (int64_t x = 0; x < nel; x += step) {
    __m512 v = load16(j->dt, j->A + x * g->e);
    if (h)
      v = hf32v(v, j->hf32_rz);
    if (step == 16)
      _mm512_storeu_ps(g->ap + x, v);
    else
      _mm256_storeu_ps(g->ap + x, _mm512_castps512_ps256(v));
  }
}

/* B, each Zn fractal (16 columns x k0 of k, column-major) transposed into kp rows of its
 * column block; i8: rows of 16 s16 pairs (k even, k odd), the k past the end zero. */
static void packb(const geo *g) {
  const asc_mmad_job *j = g->j;
  bool h = j->dt == ASC_SIM_F32 && j->hf32, i8 = j->dt == ASC_SIM_I8;
  int rows = i8 ? 16 : g->k0; /* output rows per fractal */
  for (int64_t kb = 0; kb < j->K1 && kb * g->k0 < j->k; kb++)
    for (int64_t jb = 0; jb < j->N1; jb++) {
      const uint8_t *src = j->B + (kb * j->N1 + jb) * 512;
      __m512 r[16];
      for (int c = 0; c < 16; c++) {
        r[c] = load16(j->dt, src + c * 32);
        if (h)
          r[c] = hf32v(r[c], j->hf32_rz);
      }
      tr16(r);
      float *dst = g->bp + (jb * g->kp + kb * rows) * 16;
      for (int q = 0; q < rows; q++)
        _mm512_storeu_ps(dst + q * 16, r[q]);
      if (i8 && (kb + 1) * 32 > j->k) /* the k past the end multiply as zeros */
        for (int64_t kk = j->k; kk < (kb + 1) * 32; kk++)
          for (int c = 0; c < 16; c++)
            ((int16_t *)(void *)(dst + (kk % 32 / 2) * 16 + c))[kk % 2] = 0;
    }
}

/* C's rows [r0, r0 + MR) of fractal row mb, fractal columns jb .. jb + nb - 1: init, the
 * products in ascending k, store (NaN as 0x7fc00000).  nb is a constant after inlining. */
static inline __attribute__((always_inline)) void kernf(const geo *g, int64_t mb, int r0, int64_t jb, int nb,
                                                         bool fused) {
  const asc_mmad_job *j = g->j;
  __m512 acc[MR][3];
#pragma GCC unroll 3
  for (int t = 0; t < nb; t++)
#pragma GCC unroll 8
    for (int r = 0; r < MR; r++) {
      int64_t co = (((jb + t) * j->M1 + mb) * 256 + (r0 + r) * 16) * 4;
      acc[r][t] = j->init == 1 ? _mm512_loadu_ps((const float *)(const void *)(j->cin + co))
                  : j->init == 2 ? _mm512_loadu_ps((const float *)(const void *)(j->bias + (jb + t) * 64))
                                 : _mm512_setzero_ps();
    }
  int k0 = g->k0;
  for (int64_t kb = 0; kb * k0 < j->k; kb++) {
    const float *a = g->ap + ((mb * j->K1 + kb) * 16 + r0) * k0;
    const float *b = g->bp + (jb * g->kp + kb * k0) * 16;
    int qn = j->k - kb * k0 < k0 ? (int)(j->k - kb * k0) : k0;
    for (int q = 0; q < qn; q++) {
      __m512 bv[3];
#pragma GCC unroll 3
      for (int t = 0; t < nb; t++)
        bv[t] = _mm512_loadu_ps(b + (t * g->kp + q) * 16);
#pragma GCC unroll 8
      for (int r = 0; r < MR; r++) {
        __m512 av = _mm512_set1_ps(a[r * k0 + q]);
#pragma GCC unroll 3
        for (int t = 0; t < nb; t++) {
          if (fused) /* the product is exact (asc_cube_fma_exact): fma rounds once, as the add alone did */
            acc[r][t] = _mm512_fmadd_ps(av, bv[t], acc[r][t]);
          else
            acc[r][t] = _mm512_add_ps(acc[r][t], _mm512_mul_ps(av, bv[t]));
        }
      }
    }
  }
  __m512 qnan = _mm512_castsi512_ps(_mm512_set1_epi32(0x7fc00000));
#pragma GCC unroll 3
  for (int t = 0; t < nb; t++)
#pragma GCC unroll 8
    for (int r = 0; r < MR; r++) {
      float *co = (float *)(void *)(j->C + (((jb + t) * j->M1 + mb) * 256 + (r0 + r) * 16) * 4);
      __mmask16 nan = _mm512_cmp_ps_mask(acc[r][t], acc[r][t], _CMP_UNORD_Q);
      _mm512_storeu_ps(co, _mm512_mask_mov_ps(acc[r][t], nan, qnan));
    }
}

/* The same for s8 x s8 -> s32: a pair of k per step (vpmaddwd: two exact products summed in
 * s32), sums wrapping as the hardware's do. */
static inline __attribute__((always_inline)) void kerni(const geo *g, int64_t mb, int r0, int64_t jb, int nb) {
  const asc_mmad_job *j = g->j;
  __m512i acc[MR][3];
#pragma GCC unroll 3
  for (int t = 0; t < nb; t++)
#pragma GCC unroll 8
    for (int r = 0; r < MR; r++) {
      int64_t co = (((jb + t) * j->M1 + mb) * 256 + (r0 + r) * 16) * 4;
      acc[r][t] = j->init == 1 ? _mm512_loadu_si512((const void *)(j->cin + co))
                  : j->init == 2 ? _mm512_loadu_si512((const void *)(j->bias + (jb + t) * 64))
                                 : _mm512_setzero_si512();
    }
  for (int64_t kb = 0; kb * 32 < j->k; kb++) {
    const int32_t *a = (const int32_t *)(const void *)(g->ap + ((mb * j->K1 + kb) * 16 + r0) * 16);
    const float *b = g->bp + (jb * g->kp + kb * 16) * 16;
    int qn = (int)((j->k - kb * 32 < 32 ? j->k - kb * 32 : 32) + 1) / 2;
    for (int q = 0; q < qn; q++) {
      __m512i bv[3];
#pragma GCC unroll 3
      for (int t = 0; t < nb; t++)
        bv[t] = _mm512_loadu_si512((const void *)(b + (t * g->kp + q) * 16));
#pragma GCC unroll 8
      for (int r = 0; r < MR; r++) {
        __m512i av = _mm512_set1_epi32(a[r * 16 + q]);
#pragma GCC unroll 3
        for (int t = 0; t < nb; t++)
          acc[r][t] = _mm512_add_epi32(acc[r][t], _mm512_madd_epi16(av, bv[t]));
      }
    }
  }
#pragma GCC unroll 3
  for (int t = 0; t < nb; t++)
#pragma GCC unroll 8
    for (int r = 0; r < MR; r++)
      _mm512_storeu_si512((void *)(j->C + (((jb + t) * j->M1 + mb) * 256 + (r0 + r) * 16) * 4), acc[r][t]);
}

static void kernel(const geo *g, int64_t mb, int r0, int64_t jb, int nb, bool fused) {
  bool i8 = g->j->dt == ASC_SIM_I8;
  switch (nb) {
  case 3:
    i8 ? kerni(g, mb, r0, jb, 3) : fused ? kernf(g, mb, r0, jb, 3, true) : kernf(g, mb, r0, jb, 3, false);
    break;
  case 2:
    i8 ? kerni(g, mb, r0, jb, 2) : fused ? kernf(g, mb, r0, jb, 2, true) : kernf(g, mb, r0, jb, 2, false);
    break;
  default:
    i8 ? kerni(g, mb, r0, jb, 1) : fused ? kernf(g, mb, r0, jb, 1, true) : kernf(g, mb, r0, jb, 1, false);
    break;
  }
}

int asc_cube_mmad_avx512(const asc_mmad_job *j) {
  if (!j)
    return 1;
  int e = j->dt == ASC_SIM_I8 ? 1 : j->dt == ASC_SIM_F32 ? 4 : 2;
  geo g = {j, e, 32 / e, j->K1 * (32 / e), NULL, NULL};
  if (j->dt == ASC_SIM_I8)
    g.kp = j->K1 * 16; /* rows of k pairs */
  uintptr_t s = ((uintptr_t)j->scratch + 63) & ~(uintptr_t)63;
  g.ap = (float *)s;
  g.bp = g.ap + ((j->M1 * j->K1 * 16 * g.k0 + 15) & ~(int64_t)15);
  packa(&g);
  packb(&g);
  bool fused = asc_cube_fma_exact(j, g.ap, g.bp);
  for (int64_t jb = 0; jb < j->N1; jb += 3) {
    int nb = j->N1 - jb < 3 ? (int)(j->N1 - jb) : 3;
    for (int64_t mb = 0; mb < j->M1; mb++)
      for (int r0 = 0; r0 < 16; r0 += MR)
        kernel(&g, mb, r0, jb, nb, fused);
  }
  return 1;
}

#else
int asc_cube_mmad_avx512(const asc_mmad_job *j) {
  (void)j;
  return 0;
}
#endif
