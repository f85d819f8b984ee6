/* vfast.c - fast paths of the count-form elementwise ops for f32, f16 and i32 (the hot
 * loop of every add / mul kernel).  They give the same bits as the generic path in
 * vector.c (compute in double, round once):
 *  - f32 + - * / in float are the double results rounded once (IEEE; double has more
 *    than 2p+2 bits, so the generic path's double rounding is innocuous);
 *  - f16 values are exact in float and float keeps 24 >= 2*11+2 bits, so computing in
 *    float and rounding float -> half to nearest even equals rounding the exact result;
 *  - i32 wraps through uint32_t like asc_sim_wrap.
 * Anything else (other dtypes, other ops) returns false and takes the generic path. */
#include <math.h>
#include <string.h>

#include "ops/elem.h"
#include "sim/half.h"
#include "sim/vector_int.h"

/* ---- the element operations, one switch per loop (hoisted by the compiler) ----
 * + - * / in float (exact: see above); the others are src/ops/elem.h's rules, which pick an
 * operand or zero, so computing them in double and narrowing to float is exact. */
static inline float fop(int code, float a, float b) {
  switch (code) {
  case ASC_OP_ADD: case ASC_OP_ADDS: return a + b;
  case ASC_OP_SUB: return a - b;
  case ASC_OP_MUL: case ASC_OP_MULS: return a * b;
  case ASC_OP_DIV: return a / b;
  default: return (float)asc_elem_f(code, a, b); /* max, min, relu */
  }
}

/* i32: elem.h's rule on the 64-bit values, cut to 32 bits as asc_sim_wrap does. */
static inline int32_t iop(int code, int32_t a, int32_t b) { return (int32_t)(uint32_t)asc_elem_i(code, a, b); }

static bool fastop(int code) {
  switch (code) {
  case ASC_OP_ADD: case ASC_OP_SUB: case ASC_OP_MUL: case ASC_OP_DIV: case ASC_OP_MAX: case ASC_OP_MIN:
  case ASC_OP_ADDS: case ASC_OP_MULS: case ASC_OP_MAXS: case ASC_OP_MINS: case ASC_OP_RELU: return true;
  default: return false;
  }
}

/* Chunks of CH elements: both sources are loaded into locals before the chunk is stored,
 * and the inner loops have a constant trip count, so -O2 vectorises them.  Loading first
 * is exact only when dst and a source are the same array or do not overlap at all
 * (checked by the caller); partly overlapping operands take the generic element loop. */
enum { CH = 64 };

#define CHUNKED(T, OPEXPR)                                                                        \
  {                                                                                               \
    int64_t i0 = 0;                                                                               \
    for (; i0 + CH <= n; i0 += CH) { /* constant-size copies: plain vector moves */             \
      T va[CH], vb[CH], r[CH];                                                                   \
      memcpy(va, a + i0 * (int64_t)sizeof(T), sizeof va);                                        \
      if (b)                                                                                      \
        memcpy(vb, b + i0 * (int64_t)sizeof(T), sizeof vb);                                      \
      else                                                                                        \
        for (int k = 0; k < CH; k++)                                                            \
          vb[k] = sc;                                                                             \
      for (int k = 0; k < CH; k++) {                                                            \
        T x = va[k], y = vb[k];                                                                   \
        r[k] = OPEXPR;                                                                            \
      }                                                                                           \
      memcpy(d + i0 * (int64_t)sizeof(T), r, sizeof r);                                          \
    }                                                                                             \
    for (; i0 < n; i0++) { /* the tail, one element at a time */                                \
      T x, y = sc, r1;                                                                            \
      memcpy(&x, a + i0 * (int64_t)sizeof(T), sizeof x);                                         \
      if (b)                                                                                      \
        memcpy(&y, b + i0 * (int64_t)sizeof(T), sizeof y);                                       \
      r1 = OPEXPR;                                                                                \
      memcpy(d + i0 * (int64_t)sizeof(T), &r1, sizeof r1);                                       \
    }                                                                                             \
  }

/* dst apart from both sources (the usual case: separate queue buffers): typed restrict
 * pointers let the compiler vectorise without the chunk copies, about 2.5x faster on
 * UB-resident data.  UB operands are 32-byte aligned, so the casts are aligned. */
#define DISJOINT(T, OPEXPR)                                                                       \
  {                                                                                               \
    int64_t i0 = 0;                                                                               \
    for (; i0 + CH <= n; i0 += CH)                                                              \
      for (int k = 0; k < CH; k++) {                                                            \
        T x = a[i0 + k], y = b[i0 + k];                                                           \
        d[i0 + k] = OPEXPR;                                                                       \
      }                                                                                           \
    for (; i0 < n; i0++) {                                                                      \
      T x = a[i0], y = b[i0];                                                                     \
      d[i0] = OPEXPR;                                                                             \
    }                                                                                             \
  }

/* The disjoint loops, once for the baseline x86-64 (SSE2) and, where the compiler can target it,
 * once for AVX2, chosen per call by the CPU: IEEE + - * / and integer wrap-around give the same
 * bits at any vector width (and -ffp-contract=off keeps the compiler from fusing anything). */
#define DISJ_FUNCS(SUFFIX, ATTR)                                                                  \
  ATTR static bool disjf32##SUFFIX(int code, float *restrict d, const float *restrict a,         \
                                   const float *restrict b, int64_t n) {                          \
    switch (code) {                                                                               \
    case ASC_OP_ADD: DISJOINT(float, x + y) return true;                                         \
    case ASC_OP_SUB: DISJOINT(float, x - y) return true;                                         \
    case ASC_OP_MUL: DISJOINT(float, x * y) return true;                                         \
    case ASC_OP_DIV: DISJOINT(float, x / y) return true;                                         \
    default: return false;                                                                        \
    }                                                                                             \
  }                                                                                               \
  ATTR static bool disji32##SUFFIX(int code, uint32_t *restrict d, const uint32_t *restrict a,   \
                                   const uint32_t *restrict b, int64_t n) { /* unsigned: wraps */ \
    switch (code) {                                                                               \
    case ASC_OP_ADD: DISJOINT(uint32_t, x + y) return true;                                      \
    case ASC_OP_SUB: DISJOINT(uint32_t, x - y) return true;                                      \
    case ASC_OP_MUL: DISJOINT(uint32_t, x * y) return true;                                      \
    default: return false;                                                                        \
    }                                                                                             \
  }

DISJ_FUNCS(_base, )

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
DISJ_FUNCS(_avx2, __attribute__((target("avx2"))))
static bool avx2(void) { return __builtin_cpu_supports("avx2"); }
#else
#define disjf32_avx2 disjf32_base
#define disji32_avx2 disji32_base
static bool avx2(void) { return false; }
#endif

static bool disjf32(int code, float *restrict d, const float *restrict a, const float *restrict b, int64_t n) {
  return avx2() ? disjf32_avx2(code, d, a, b, n) : disjf32_base(code, d, a, b, n);
}

static bool disji32(int code, uint32_t *restrict d, const uint32_t *restrict a, const uint32_t *restrict b,
                    int64_t n) {
  return avx2() ? disji32_avx2(code, d, a, b, n) : disji32_base(code, d, a, b, n);
}

static bool apart(const uint8_t *d, const uint8_t *s, int64_t bytes) { return d + bytes <= s || s + bytes <= d; }

static void runf32(int code, uint8_t *d, const uint8_t *a, const uint8_t *b, float sc, int64_t n) {
  if (b && apart(d, a, 4 * n) && apart(d, b, 4 * n) &&
      disjf32(code, (float *)(void *)d, (const float *)(const void *)a, (const float *)(const void *)b, n))
    return;
  switch (code) { /* one loop per op: no per-element dispatch */
  case ASC_OP_ADD: case ASC_OP_ADDS: CHUNKED(float, x + y) break;
  case ASC_OP_MUL: case ASC_OP_MULS: CHUNKED(float, x * y) break;
  case ASC_OP_SUB: CHUNKED(float, x - y) break;
  case ASC_OP_DIV: CHUNKED(float, x / y) break;
  default: CHUNKED(float, fop(code, x, y)) break;
  }
}

static void runi32(int code, uint8_t *d, const uint8_t *a, const uint8_t *b, int32_t sc, int64_t n) {
  if (b && apart(d, a, 4 * n) && apart(d, b, 4 * n) &&
      disji32(code, (uint32_t *)(void *)d, (const uint32_t *)(const void *)a, (const uint32_t *)(const void *)b, n))
    return;
  switch (code) {
  case ASC_OP_ADD: case ASC_OP_ADDS: CHUNKED(int32_t, (int32_t)((uint32_t)x + (uint32_t)y)) break;
  case ASC_OP_SUB: CHUNKED(int32_t, (int32_t)((uint32_t)x - (uint32_t)y)) break;
  case ASC_OP_MUL: case ASC_OP_MULS: CHUNKED(int32_t, (int32_t)((uint32_t)x * (uint32_t)y)) break;
  default: CHUNKED(int32_t, iop(code, x, y)) break;
  }
}

static void runf16(int code, uint8_t *d, const uint8_t *a, const uint8_t *b, float sc, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    uint16_t ha, hb, hr;
    memcpy(&ha, a + 2 * i, 2);
    float vb = sc;
    if (b) {
      memcpy(&hb, b + 2 * i, 2);
      vb = asc_sim_h2f(hb);
    }
    hr = asc_sim_f2h(fop(code, asc_sim_h2f(ha), vb));
    memcpy(d + 2 * i, &hr, 2);
  }
}

/* dst and src are the same bytes or disjoint. */
static bool sameordisjoint(const uint8_t *d, const uint8_t *s, int64_t bytes) {
  return !s || d == s || d + bytes <= s || s + bytes <= d;
}

bool asc_sim_vfast(int code, int dt, uint8_t *d, const uint8_t *a, const uint8_t *b, sim_num s, int64_t n) {
  int64_t bytes = n * asc_sim_dtype_size(dt);
  if (!fastop(code) || (code == ASC_OP_DIV && dt == ASC_SIM_I32) || !sameordisjoint(d, a, bytes) ||
      !sameordisjoint(d, b, bytes))
    return false;
  switch (dt) {
  case ASC_SIM_F32: runf32(code, d, a, b, (float)s.f, n); return true;
  case ASC_SIM_F16: runf16(code, d, a, b, (float)s.f, n); return true;
  case ASC_SIM_I32: runi32(code, d, a, b, (int32_t)s.i, n); return true;
  default: return false;
  }
}
