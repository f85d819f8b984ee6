/* cube_kernels.h - the cube unit's arithmetic on raw L0 bytes (mmad), with a portable C path
 * and vector paths (AVX2, AVX-512) chosen at run time.  Every path gives the same bits: the
 * accumulation order is part of the model (docs/hardware.md, "mmad's arithmetic"):
 *
 *   C[i][j] := init[i][j];  for kk = 0, 1, ..., k-1:  C[i][j] := C[i][j] + a[i][kk] * b[kk][j]
 *
 * per output element, in ascending kk, every product and every sum rounded to f32 (round to
 * nearest even; no fused multiply-add, no subnormal flushing); a NaN result is stored as the
 * quiet NaN 0x7fc00000.  s8 x s8 -> s32 sums wrap modulo 2^32 (so the order does not matter).
 * f16 and bf16 inputs convert to f32 exactly; f32 inputs in HF32 mode are first rounded to
 * 10 stored mantissa bits (to nearest even, or half away from zero).
 *
 * Layouts (cube.c's header): A in L0A Zz (fractal (i/16, kk/k0) at (i/16)*K1 + kk/k0, row-major
 * 16 x k0 inside; gemv: one ND row of k elements), B in L0B Zn (fractal (kk/k0, j/16) at
 * (kk/k0)*N1 + j/16, element (j%16)*k0 + kk%k0), C in L0C Nz (fractal (j/16)*M1 + i/16, 16 x 16
 * row-major).  k0 = 32 bytes / element size. */
#ifndef ASC_SIM_CUBE_KERNELS_H
#define ASC_SIM_CUBE_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One mmad: C (M1*16 x N1*16, padding included) := init + A x B over k. */
typedef struct asc_mmad_job {
  int dt;               /* asc_sim_dtype of A and B: ASC_SIM_F16, ASC_SIM_BF16, ASC_SIM_F32 or ASC_SIM_I8 */
  int64_t M1, N1, K1;   /* fractal counts; K1 fractals of k0 along k in A and B */
  int64_t k;            /* the reduction length (<= K1 * k0) */
  bool gemv;            /* A is one ND row of k elements (m == 1); rows 1..15 are zeros */
  bool hf32, hf32_rz; /* f32 inputs rounded to HF32 first; toward zero (else to nearest even) */
  int init;             /* 0: zeros; 1: C's own values (cin, Nz); 2: bias[j] in every row */
  const uint8_t *A, *B; /* L0A, L0B */
  const uint8_t *cin;   /* init 1: the old C (may be C itself) */
  const uint8_t *bias;  /* init 2: N1*16 f32 / s32 values */
  uint8_t *C;           /* L0C: M1*N1 fractals of 16 x 16 f32 / s32 */
  void *scratch;        /* asc_cube_scratch_bytes(job) bytes, 64-byte aligned, the caller's */
} asc_mmad_job;

/* Scratch bytes any implementation needs for job (packed A and B, the portable path's sums). */
size_t asc_cube_scratch_bytes(const asc_mmad_job *job);

/* The implementations: ASC_CUBE_PORTABLE always exists; the others only where the CPU has
 * the instructions (asc_cube_have). */
typedef enum asc_cube_impl { ASC_CUBE_PORTABLE, ASC_CUBE_AVX2, ASC_CUBE_AVX512, ASC_CUBE_NIMPL } asc_cube_impl;

bool asc_cube_have(asc_cube_impl impl);
const char *asc_cube_impl_name(asc_cube_impl impl);
/* The implementation asc_cube_mmad uses: the widest one the CPU has, or ASC_CUBE_PORTABLE when
 * $ASC_CUBE_IMPL is "portable" (read once). */
asc_cube_impl asc_cube_best(void);
/* Run job with impl (which must be available); asc_cube_mmad with the best one.  Scratch
 * memory is the caller's thread's own. */
void asc_cube_mmad_with(const asc_mmad_job *job, asc_cube_impl impl);
void asc_cube_mmad(const asc_mmad_job *job);

/* Whether the vector paths may fuse each product's multiply and add (one rounding instead of two)
 * for job, given A and B as they packed them (f32 values, A in Zz order: M1 * K1 * 16 * k0; B:
 * per fractal column, K1 * k0 rows of 16, of which the rows of the fractals k reaches are read):
 * true where every product of two inputs is exact in f32, so that rounding a + b * c once gives
 * the sum the separate multiply and add give (docs/hardware.md, "mmad's arithmetic").  f16:
 * always (11-bit significands, product below 2^32 and a multiple of 2^-48); f32 (not HF32) and s8:
 * never; bf16 and HF32: when the finite nonzero inputs' exponents keep every product inside f32's
 * range and above its last subnormal bit. */
bool asc_cube_fma_exact(const asc_mmad_job *job, const float *ap, const float *bp);

/* x rounded to HF32 (f32 with 10 stored mantissa bits): to nearest even, or toward zero. */
float asc_cube_hf32(float x, bool toward_zero);

/* The vector paths (cube_avx2.c, cube_avx512.c); 0 when built without them. */
int asc_cube_mmad_avx2(const asc_mmad_job *job);
int asc_cube_mmad_avx512(const asc_mmad_job *job);

#endif
