/* expand_adv.c - `expand-adv`: the asc.adv library calls become basic vector instructions.
 *
 * Each asc.adv.* op (ops.def, "asc.adv" block) is one library call.  This pass replaces it by
 * the instructions Ascend C's library would issue: count-form vector ops (casts, arithmetic,
 * exp/ln/sqrt, compare/select, reductions) over temporary buffers, scalar reads of reduction
 * results, and scf.for loops over chunks or rows.  It runs before sync insertion, so timing,
 * the trace, the sanitizers and auto-sync see the real instruction stream.
 *
 * Temporary space: the caller's shared tmp buffer (uint8) when given, else the library
 * scratch at the top of UB (hardware.md: the bytes above the TPipe's buffers; Ascend C's
 * stack buffer).  Elementwise functions work in chunks of C elements (a multiple of 64, the
 * f32 lanes of one 256-byte repeat), in f32 "slots" of the buffer; a half input is cast to
 * f32 first and the result cast back (one rounding).  A tmp buffer whose size is known at
 * compile time and is too small is an error naming the bytes needed.
 *
 * The polynomial coefficients come from bench/adv_fit.py; the accuracy each function reaches
 * is measured by bench/adv_accuracy.py (docs/adv.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "passes/expand_adv.h"

/* ---- coefficients (bench/adv_fit.py) ---- */
#include "passes/expand_adv_coef.h"

/* ---- elementwise functions ---- */
typedef void (*ew_fn)(X *x, int *out);

typedef struct ewspec {
  asc_opcode code;
  int nin;
  ew_fn fn;
  int nscal; /* scalar operands after the sources (before the count) */
} ewspec;

/* slots: s[0] (and s[1]) hold the inputs as f32; fn leaves the result in slot *out.  A recipe names
 * its temporaries by number; the allocator (slot, measure_slots) gives each a chunk-sized f32 view and
 * counts them by running the recipe once into a detached block, so no row counts them by hand. */
static asc_value *slot(X *x, int i) {
  if (i < 0 || i >= MAXSLOTS) {
    x->badslot = i;
    return x->s[0];
  }
  if (i + 1 > x->nused)
    x->nused = i + 1;
  return x->s[i];
}
#define S(i) (slot(x, (i)))

static void copysign_to(X *x, int r, int sgn, int tmp, int mask) {
  CMPS(x, S(mask), S(sgn), 0.0, LT);
  VS(x, ASC_OP_MULS, S(tmp), S(r), -1.0);
  SEL(x, S(r), S(mask), S(tmp), S(r));
}
/* NaN inputs give NaN (compare/select paths may lose them). */
static void keep_nan(X *x, int r, int in, int mask) {
  CMP(x, S(mask), S(in), S(in), EQ);
  SEL(x, S(r), S(mask), S(r), S(in));
}
/* d := log1p(v) (u = 1 + v; ln(u) - ((u - 1) - v) / u); uses t1, t2 */
static void log1p_to(X *x, int d, int v, int t1, int t2) {
  VS(x, ASC_OP_ADDS, S(t1), S(v), 1.0);
  V1(x, ASC_OP_LN, S(d), S(t1));
  VS(x, ASC_OP_ADDS, S(t2), S(t1), -1.0);
  V2(x, ASC_OP_SUB, S(t2), S(t2), S(v));
  V2(x, ASC_OP_DIV, S(t2), S(t2), S(t1));
  V2(x, ASC_OP_SUB, S(d), S(d), S(t2));
  CMPS(x, S(t2), S(v), INFINITY, EQ); /* log1p(inf) = inf (the correction is inf - inf) */
  SEL(x, S(d), S(t2), S(v), S(d));
}
/* d := t + t^3 P(t^2) (odd polynomial); uses sq */
static void oddpoly(X *x, int d, int t, int sq, const double *c, int n) {
  V2(x, ASC_OP_MUL, S(sq), S(t), S(t));
  POLY(x, S(d), S(sq), c, n);
  V2(x, ASC_OP_MUL, S(d), S(d), S(sq));
  V2(x, ASC_OP_MUL, S(d), S(d), S(t));
  V2(x, ASC_OP_ADD, S(d), S(d), S(t));
}

static void f_round(X *x, int mode) { CAST(x, S(0), S(0), mode, NULL); }
static void f_floor(X *x, int *out) { f_round(x, R_FLOOR), *out = 0; }
static void f_ceil(X *x, int *out) { f_round(x, R_CEIL), *out = 0; }
static void f_trunc(X *x, int *out) { f_round(x, R_TRUNC), *out = 0; }
static void f_rint(X *x, int *out) { f_round(x, R_RINT), *out = 0; }
static void f_frac(X *x, int *out) {
  CAST(x, S(1), S(0), R_TRUNC, NULL);
  V2(x, ASC_OP_SUB, S(1), S(0), S(1));
  *out = 1;
}
static void f_sign(X *x, int *out) {
  VS(x, ASC_OP_MULS, S(1), S(0), 0x1p100);
  VS(x, ASC_OP_MULS, S(1), S(1), 0x1p100);
  VS(x, ASC_OP_MAXS, S(1), S(1), -1.0);
  VS(x, ASC_OP_MINS, S(1), S(1), 1.0);
  keep_nan(x, 1, 0, 2);
  *out = 1;
}
static void f_log(X *x, int *out) {
  V1(x, ASC_OP_LN, S(1), S(0));
  *out = 1;
}
static void f_tanh(X *x, int *out) { /* 0 x, 1 a, 2 sq, 3 p, 4 q, 5 mask */
  V1(x, ASC_OP_ABS, S(1), S(0));
  oddpoly(x, 3, 1, 2, P_TANH, NC(P_TANH));
  VS(x, ASC_OP_MULS, S(4), S(1), 2.0); /* 1 - 2 / (e^2a + 1) */
  V1(x, ASC_OP_EXP, S(4), S(4));
  VS(x, ASC_OP_ADDS, S(4), S(4), 1.0);
  V1(x, ASC_OP_RECIPROCAL, S(4), S(4));
  VS(x, ASC_OP_MULS, S(4), S(4), -2.0);
  VS(x, ASC_OP_ADDS, S(4), S(4), 1.0);
  CMPS(x, S(5), S(1), 0.55, LT);
  SEL(x, S(3), S(5), S(3), S(4));
  copysign_to(x, 3, 0, 4, 5);
  keep_nan(x, 3, 0, 5);
  *out = 3;
}
/* d := erfc(a) for a >= 0.45 (a clamped to 10.5): e^-a^2 Q(a), a^2 split so e^-a^2 keeps its
 * precision.  a: slot of |x|; uses 6..12 */
static void erfc_big(X *x, int d, int a0) {
  int a = 6, h = 7, r = 8, t = 9, q1 = 10, q2 = 11, m = 12;
  VS(x, ASC_OP_MINS, S(a), S(a0), 10.5);
  VS(x, ASC_OP_MULS, S(h), S(a), 256.0);
  CAST(x, S(h), S(h), R_RINT, NULL);
  VS(x, ASC_OP_MULS, S(h), S(h), 1.0 / 256.0); /* hi: <= 12 significant bits, hi^2 exact */
  V2(x, ASC_OP_SUB, S(r), S(a), S(h));
  V2(x, ASC_OP_ADD, S(t), S(a), S(h));
  V2(x, ASC_OP_MUL, S(r), S(r), S(t)); /* a^2 - hi^2 = (a - hi)(a + hi) */
  VS(x, ASC_OP_MULS, S(r), S(r), -1.0);
  V1(x, ASC_OP_EXP, S(r), S(r));
  V2(x, ASC_OP_MUL, S(t), S(h), S(h));
  VS(x, ASC_OP_MULS, S(t), S(t), -1.0);
  V1(x, ASC_OP_EXP, S(t), S(t));
  V2(x, ASC_OP_MUL, S(h), S(t), S(r)); /* h := e^-a^2 */
  VS(x, ASC_OP_ADDS, S(t), S(a), -1.22);
  POLY(x, S(q1), S(t), P_ERFC1, NC(P_ERFC1));
  VS(x, ASC_OP_ADDS, S(t), S(a), -3.0);
  POLY(x, S(q2), S(t), P_ERFC2, NC(P_ERFC2));
  CMPS(x, S(m), S(a), 2.0, LT);
  SEL(x, S(q1), S(m), S(q1), S(q2));
  V2(x, ASC_OP_MUL, S(t), S(a), S(a));
  V1(x, ASC_OP_RECIPROCAL, S(t), S(t));
  POLY(x, S(q2), S(t), P_ERFC3, NC(P_ERFC3));
  V2(x, ASC_OP_DIV, S(q2), S(q2), S(a));
  CMPS(x, S(m), S(a), 4.0, LT);
  SEL(x, S(q1), S(m), S(q1), S(q2));
  V2(x, ASC_OP_MUL, S(d), S(h), S(q1));
}
static void f_erf(X *x, int *out) { /* 0 x, 1 a, 2 sq, 3 p, 4 q, 5 mask */
  V1(x, ASC_OP_ABS, S(1), S(0));
  V2(x, ASC_OP_MUL, S(2), S(1), S(1));
  POLY(x, S(3), S(2), P_ERF, NC(P_ERF));
  V2(x, ASC_OP_MUL, S(3), S(3), S(1));
  erfc_big(x, 4, 1);
  VS(x, ASC_OP_MULS, S(4), S(4), -1.0);
  VS(x, ASC_OP_ADDS, S(4), S(4), 1.0);
  CMPS(x, S(5), S(1), 0.84, LT);
  SEL(x, S(3), S(5), S(3), S(4));
  copysign_to(x, 3, 0, 4, 5);
  keep_nan(x, 3, 0, 5);
  *out = 3;
}
static void f_erfc(X *x, int *out) {
  V1(x, ASC_OP_ABS, S(1), S(0));
  V2(x, ASC_OP_MUL, S(2), S(0), S(0));
  POLY(x, S(3), S(2), P_ERF, NC(P_ERF));
  V2(x, ASC_OP_MUL, S(3), S(3), S(0)); /* erf(x), small |x| */
  VS(x, ASC_OP_MULS, S(3), S(3), -1.0);
  VS(x, ASC_OP_ADDS, S(3), S(3), 1.0);
  erfc_big(x, 4, 1);
  VS(x, ASC_OP_MULS, S(2), S(4), -1.0); /* x < 0: 2 - erfc(|x|) */
  VS(x, ASC_OP_ADDS, S(2), S(2), 2.0);
  CMPS(x, S(5), S(0), 0.0, LT);
  SEL(x, S(4), S(5), S(2), S(4));
  CMPS(x, S(5), S(1), 0.5, LT);
  SEL(x, S(3), S(5), S(3), S(4));
  keep_nan(x, 3, 0, 5);
  *out = 3;
}
static void f_atan(X *x, int *out) { /* 0 x, 1 a, 2 u, 3 t, 4 q, 5 m1, 6 m2, 7 w, 8 sq, 9 p */
  V1(x, ASC_OP_ABS, S(1), S(0));
  CMPS(x, S(5), S(1), 1.0, GT);
  V1(x, ASC_OP_RECIPROCAL, S(3), S(1));
  SEL(x, S(2), S(5), S(3), S(1));
  CMPS(x, S(6), S(2), 0.41421356237309503, GT);
  VS(x, ASC_OP_ADDS, S(3), S(2), -1.0);
  VS(x, ASC_OP_ADDS, S(4), S(2), 1.0);
  V2(x, ASC_OP_DIV, S(3), S(3), S(4));
  SEL(x, S(7), S(6), S(3), S(2));
  oddpoly(x, 9, 7, 8, P_ATAN, NC(P_ATAN));
  VS(x, ASC_OP_ADDS, S(3), S(9), 0.78539816339744831);
  SEL(x, S(9), S(6), S(3), S(9));
  VS(x, ASC_OP_MULS, S(3), S(9), -1.0);
  VS(x, ASC_OP_ADDS, S(3), S(3), -4.37113900018624283e-8); /* pi/2 - f32(pi/2) */
  VS(x, ASC_OP_ADDS, S(3), S(3), 1.57079637050628662);
  SEL(x, S(9), S(5), S(3), S(9));
  copysign_to(x, 9, 0, 3, 5);
  keep_nan(x, 9, 0, 5);
  *out = 9;
}
/* p := asin(a) for 0 <= a <= 0.5 and ps := asin(sqrt((1 - a) / 2)) (for a > 0.5); slots 1 a, 2-6 */
static void asin_parts(X *x) {
  V1(x, ASC_OP_ABS, S(1), S(0));
  oddpoly(x, 3, 1, 2, P_ASIN, NC(P_ASIN)); /* 3: asin(a) small */
  VS(x, ASC_OP_MULS, S(4), S(1), -0.5);
  VS(x, ASC_OP_ADDS, S(4), S(4), 0.5); /* z = (1 - a) / 2 */
  V1(x, ASC_OP_SQRT, S(5), S(4));      /* s */
  POLY(x, S(6), S(4), P_ASIN, NC(P_ASIN));
  V2(x, ASC_OP_MUL, S(6), S(6), S(4));
  V2(x, ASC_OP_MUL, S(6), S(6), S(5));
  V2(x, ASC_OP_ADD, S(6), S(6), S(5)); /* 6: asin(s) */
}
static void f_asin(X *x, int *out) {
  asin_parts(x);
  VS(x, ASC_OP_MULS, S(6), S(6), -2.0);
  VS(x, ASC_OP_ADDS, S(6), S(6), -4.37113900018624283e-8);
  VS(x, ASC_OP_ADDS, S(6), S(6), 1.57079637050628662);
  CMPS(x, S(7), S(1), 0.5, GT);
  SEL(x, S(3), S(7), S(6), S(3));
  copysign_to(x, 3, 0, 4, 7);
  keep_nan(x, 3, 0, 7);
  *out = 3;
}
static void f_acos(X *x, int *out) {
  asin_parts(x);
  copysign_to(x, 3, 0, 4, 7);
  VS(x, ASC_OP_MULS, S(3), S(3), -1.0);
  VS(x, ASC_OP_ADDS, S(3), S(3), -4.37113900018624283e-8);
  VS(x, ASC_OP_ADDS, S(3), S(3), 1.57079637050628662); /* |x| <= 0.5: pi/2 - asin(x) */
  VS(x, ASC_OP_MULS, S(6), S(6), 2.0);                 /* x > 0.5: 2 asin(s) */
  VS(x, ASC_OP_MULS, S(4), S(6), -1.0);
  VS(x, ASC_OP_ADDS, S(4), S(4), -8.74227800037248566e-8);
  VS(x, ASC_OP_ADDS, S(4), S(4), 3.14159274101257324); /* x < -0.5: pi - 2 asin(s) */
  CMPS(x, S(7), S(0), 0.0, LT);
  SEL(x, S(6), S(7), S(4), S(6));
  CMPS(x, S(7), S(1), 0.5, GT);
  SEL(x, S(3), S(7), S(6), S(3));
  keep_nan(x, 3, 0, 7);
  *out = 3;
}
/* sin / cos / tan: k = rint(x 2/pi), r = x - k pi/2 (four-part pi/2), q = k mod 4. */
static void trig(X *x, int *out, int which) { /* 1 k, 2 r, 3 t, 4 q, 5 sq, 6 sp, 7 cp, 8 m, 9 u */
  VS(x, ASC_OP_MULS, S(1), S(0), 0.63661977236758134);
  CAST(x, S(1), S(1), R_RINT, NULL);
  /* pi/2 in four parts, the first three of 8 significant bits: k * part is exact for |k| < 2^16 */
  static const double PIO2[] = {1.5703125, 0.0004825592041015625, 1.2665987014770508e-06, 9.92093629470503e-10};
  VS(x, ASC_OP_MULS, S(3), S(1), PIO2[0]);
  V2(x, ASC_OP_SUB, S(2), S(0), S(3));
  for (int i = 1; i < 4; i++) {
    VS(x, ASC_OP_MULS, S(3), S(1), PIO2[i]);
    V2(x, ASC_OP_SUB, S(2), S(2), S(3));
  }
  if (which == 1)
    VS(x, ASC_OP_ADDS, S(1), S(1), 1.0); /* cos(x) = sin(x + pi/2) */
  VS(x, ASC_OP_MULS, S(3), S(1), 0.25);
  CAST(x, S(3), S(3), R_FLOOR, NULL);
  VS(x, ASC_OP_MULS, S(3), S(3), 4.0);
  V2(x, ASC_OP_SUB, S(4), S(1), S(3)); /* q in 0..3 */
  oddpoly(x, 6, 2, 5, P_SIN, NC(P_SIN));
  POLY(x, S(7), S(5), P_COS, NC(P_COS));
  V2(x, ASC_OP_MUL, S(7), S(7), S(5));
  V2(x, ASC_OP_MUL, S(7), S(7), S(5));
  VS(x, ASC_OP_MULS, S(3), S(5), -0.5);
  V2(x, ASC_OP_ADD, S(7), S(7), S(3));
  VS(x, ASC_OP_ADDS, S(7), S(7), 1.0);
  VS(x, ASC_OP_MULS, S(3), S(4), 0.5);
  CAST(x, S(3), S(3), R_FLOOR, NULL);
  VS(x, ASC_OP_MULS, S(3), S(3), 2.0);
  V2(x, ASC_OP_SUB, S(9), S(4), S(3)); /* q odd */
  CMPS(x, S(8), S(9), 0.5, GT);
  if (which == 2) {
    V2(x, ASC_OP_DIV, S(3), S(6), S(7));
    V2(x, ASC_OP_DIV, S(9), S(7), S(6));
    VS(x, ASC_OP_MULS, S(9), S(9), -1.0);
    SEL(x, S(3), S(8), S(9), S(3));
  } else {
    SEL(x, S(3), S(8), S(7), S(6));
    VS(x, ASC_OP_MULS, S(9), S(3), -1.0);
    CMPS(x, S(8), S(4), 1.5, GT);
    SEL(x, S(3), S(8), S(9), S(3));
  }
  keep_nan(x, 3, 0, 8);
  *out = 3;
}
static void f_sin(X *x, int *out) { trig(x, out, 0); }
static void f_cos(X *x, int *out) { trig(x, out, 1); }
static void f_tan(X *x, int *out) { trig(x, out, 2); }

static const double P_SINH[] = {1.0 / 6, 1.0 / 120, 1.0 / 5040, 1.0 / 362880, 1.0 / 39916800, 1.0 / 6227020800};
/* 1 a, 2 e, 3 big, 4 inv: (e/2) e and 1 / (2 e^2), e = exp(a/2) */
static void hyp_parts(X *x) {
  V1(x, ASC_OP_ABS, S(1), S(0));
  VS(x, ASC_OP_MULS, S(2), S(1), 0.5);
  V1(x, ASC_OP_EXP, S(2), S(2));
  VS(x, ASC_OP_MULS, S(3), S(2), 0.5);
  V2(x, ASC_OP_MUL, S(3), S(3), S(2));
  V1(x, ASC_OP_RECIPROCAL, S(4), S(2));
  V2(x, ASC_OP_MUL, S(4), S(4), S(4));
  VS(x, ASC_OP_MULS, S(4), S(4), 0.5);
}
static void f_cosh(X *x, int *out) {
  hyp_parts(x);
  V2(x, ASC_OP_ADD, S(3), S(3), S(4));
  *out = 3;
}
static void f_sinh(X *x, int *out) {
  hyp_parts(x);
  V2(x, ASC_OP_SUB, S(3), S(3), S(4));
  oddpoly(x, 5, 1, 6, P_SINH, NC(P_SINH));
  CMPS(x, S(7), S(1), 1.0, LT);
  SEL(x, S(3), S(7), S(5), S(3));
  copysign_to(x, 3, 0, 4, 7);
  keep_nan(x, 3, 0, 7);
  *out = 3;
}
static void f_asinh(X *x, int *out) { /* log1p(a + a^2 / (1 + sqrt(1 + a^2))); ln(a) + ln 2 when large */
  V1(x, ASC_OP_ABS, S(1), S(0));
  V2(x, ASC_OP_MUL, S(2), S(1), S(1));
  VS(x, ASC_OP_ADDS, S(3), S(2), 1.0);
  V1(x, ASC_OP_SQRT, S(3), S(3));
  VS(x, ASC_OP_ADDS, S(3), S(3), 1.0);
  V2(x, ASC_OP_DIV, S(2), S(2), S(3));
  V2(x, ASC_OP_ADD, S(2), S(2), S(1));
  log1p_to(x, 4, 2, 5, 6);
  V1(x, ASC_OP_LN, S(5), S(1));
  VS(x, ASC_OP_ADDS, S(5), S(5), 0.69314718055994531);
  CMPS(x, S(7), S(1), 4096.0, GT);
  SEL(x, S(4), S(7), S(5), S(4));
  copysign_to(x, 4, 0, 5, 7);
  keep_nan(x, 4, 0, 7);
  *out = 4;
}
static void f_acosh(X *x, int *out) { /* log1p((x - 1) + sqrt((x - 1)(x + 1))) */
  VS(x, ASC_OP_ADDS, S(1), S(0), -1.0);
  VS(x, ASC_OP_ADDS, S(2), S(0), 1.0);
  V2(x, ASC_OP_MUL, S(2), S(2), S(1));
  V1(x, ASC_OP_SQRT, S(2), S(2));
  V2(x, ASC_OP_ADD, S(2), S(2), S(1));
  log1p_to(x, 4, 2, 5, 6);
  V1(x, ASC_OP_LN, S(5), S(0));
  VS(x, ASC_OP_ADDS, S(5), S(5), 0.69314718055994531);
  CMPS(x, S(7), S(0), 4096.0, GT);
  SEL(x, S(4), S(7), S(5), S(4));
  CMPS(x, S(7), S(0), 1.0, LT); /* x < 1: NaN */
  DUP(x, S(5), NAN, NULL);
  SEL(x, S(4), S(7), S(5), S(4));
  keep_nan(x, 4, 0, 7);
  *out = 4;
}
static void f_atanh(X *x, int *out) { /* 0.5 log1p(2a / (1 - a)) */
  V1(x, ASC_OP_ABS, S(1), S(0));
  VS(x, ASC_OP_MULS, S(2), S(1), -1.0);
  VS(x, ASC_OP_ADDS, S(2), S(2), 1.0);
  VS(x, ASC_OP_MULS, S(3), S(1), 2.0);
  V2(x, ASC_OP_DIV, S(2), S(3), S(2));
  log1p_to(x, 4, 2, 5, 6);
  VS(x, ASC_OP_MULS, S(4), S(4), 0.5);
  copysign_to(x, 4, 0, 5, 7);
  *out = 4;
}
/* sinpi(r) and cospi(r) of r = x - rint(x) into sp, cp; uses t, sq */
static void sincospi(X *x, int in, int sp, int cp, int r, int sq) {
  CAST(x, S(r), S(in), R_RINT, NULL);
  V2(x, ASC_OP_SUB, S(r), S(in), S(r));
  V2(x, ASC_OP_MUL, S(sq), S(r), S(r));
  POLY(x, S(sp), S(sq), P_SINPI, NC(P_SINPI));
  V2(x, ASC_OP_MUL, S(sp), S(sp), S(r));
  POLY(x, S(cp), S(sq), P_COSPI, NC(P_COSPI));
}
/* lgamma / digamma of y = x < 0 ? 1 - x : x, by z = y + 8 (recurrence) when y < 8 and the
 * asymptotic series; then the reflection for x < 0. */
static void f_lgamma(X *x, int *out) { /* 1 y, 2 z, 3 prod, 4 t, 5 st, 6 m, 7 r, 8 sp, 9 cp, 10 sq, 11 u */
  VS(x, ASC_OP_MULS, S(1), S(0), -1.0);
  VS(x, ASC_OP_ADDS, S(1), S(1), 1.0);
  CMPS(x, S(6), S(0), 0.0, LT);
  SEL(x, S(1), S(6), S(1), S(0));
  /* y < 8: v := y reduced into [0.75, 2.5) with c := the log of what the reduction takes out
   * (lgamma(v) = lgamma(v - 1) + ln(v - 1) while v >= 2.5; lgamma(v) = lgamma(v + 1) - ln(v) below
   * 0.75), then lgamma(v) = t P(t) around the roots 1 and 2 (no cancellation near them) */
  DUP(x, S(3), 1.0, NULL);
  V1(x, ASC_OP_ABS, S(2), S(1)); /* v := y (copy) */
  for (int k = 0; k < 6; k++) {
    CMPS(x, S(6), S(2), 2.5, GE);
    VS(x, ASC_OP_ADDS, S(4), S(2), -1.0);
    SEL(x, S(2), S(6), S(4), S(2));
    SELS(x, S(4), S(6), S(4), 1.0);
    V2(x, ASC_OP_MUL, S(3), S(3), S(4));
  }
  V1(x, ASC_OP_LN, S(3), S(3));
  CMPS(x, S(6), S(2), 0.75, LT);
  SELS(x, S(4), S(6), S(2), 1.0);
  V1(x, ASC_OP_LN, S(4), S(4));
  V2(x, ASC_OP_SUB, S(3), S(3), S(4)); /* v < 0.75: c -= ln v, v += 1 */
  VS(x, ASC_OP_ADDS, S(4), S(2), 1.0);
  SEL(x, S(2), S(6), S(4), S(2));
  VS(x, ASC_OP_ADDS, S(4), S(2), -1.0); /* t1 = v - 1, t2 = v - 2 */
  POLY(x, S(5), S(4), P_LGAMMA1, NC(P_LGAMMA1));
  V2(x, ASC_OP_MUL, S(5), S(5), S(4));
  VS(x, ASC_OP_ADDS, S(4), S(2), -2.0);
  POLY(x, S(7), S(4), P_LGAMMA2, NC(P_LGAMMA2));
  V2(x, ASC_OP_MUL, S(7), S(7), S(4));
  CMPS(x, S(6), S(2), 1.5, LT);
  SEL(x, S(5), S(6), S(5), S(7));
  V2(x, ASC_OP_ADD, S(5), S(5), S(3)); /* lgamma(y), y < 8 */
  /* y >= 8: (y - 0.5)(ln y - 1) - 0.5 + ln(2 pi)/2 + 1/(12 y) - 1/(360 y^3) + ... (no overflow
   * before the result does) */
  V1(x, ASC_OP_LN, S(4), S(1));
  VS(x, ASC_OP_ADDS, S(4), S(4), -1.0);
  VS(x, ASC_OP_ADDS, S(3), S(1), -0.5);
  V2(x, ASC_OP_MUL, S(3), S(3), S(4));
  VS(x, ASC_OP_ADDS, S(3), S(3), -0.5);
  V1(x, ASC_OP_RECIPROCAL, S(4), S(1));
  V2(x, ASC_OP_MUL, S(11), S(4), S(4));
  static const double ST[] = {1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680};
  POLY(x, S(7), S(11), ST, NC(ST));
  V2(x, ASC_OP_MUL, S(7), S(7), S(4));
  VS(x, ASC_OP_ADDS, S(7), S(7), 0.91893853320467274);
  V2(x, ASC_OP_ADD, S(3), S(3), S(7));
  CMPS(x, S(6), S(1), 8.0, GE);
  SEL(x, S(5), S(6), S(3), S(5)); /* lgamma(y) */
  /* x < 0: ln(pi / |sin(pi x)|) - lgamma(1 - x) */
  sincospi(x, 0, 8, 9, 7, 10);
  V1(x, ASC_OP_ABS, S(8), S(8));
  V1(x, ASC_OP_LN, S(8), S(8));
  VS(x, ASC_OP_MULS, S(8), S(8), -1.0);
  VS(x, ASC_OP_ADDS, S(8), S(8), 1.1447298858494002);
  V2(x, ASC_OP_SUB, S(8), S(8), S(5));
  CMPS(x, S(6), S(0), 0.0, LT);
  SEL(x, S(5), S(6), S(8), S(5));
  V1(x, ASC_OP_ABS, S(8), S(0)); /* |x| < 2^-24: -ln|x| (sin(pi x) would be subnormal) */
  V1(x, ASC_OP_LN, S(9), S(8));
  VS(x, ASC_OP_MULS, S(9), S(9), -1.0);
  CMPS(x, S(6), S(8), 0x1p-24, LT);
  SEL(x, S(5), S(6), S(9), S(5));
  CMPS(x, S(6), S(0), 0.0, LE); /* poles: x a non-positive integer gives +inf */
  CAST(x, S(9), S(0), R_RINT, NULL);
  V2(x, ASC_OP_SUB, S(9), S(0), S(9));
  SELS(x, S(9), S(6), S(9), 1.0);
  CMPS(x, S(6), S(9), 0.0, EQ);
  DUP(x, S(8), INFINITY, NULL);
  SEL(x, S(5), S(6), S(8), S(5));
  V1(x, ASC_OP_ABS, S(8), S(0)); /* lgamma(+-inf) = inf */
  CMPS(x, S(6), S(8), INFINITY, EQ);
  SEL(x, S(5), S(6), S(8), S(5));
  keep_nan(x, 5, 0, 6);
  *out = 5;
}
static void f_digamma(X *x, int *out) {
  VS(x, ASC_OP_MULS, S(1), S(0), -1.0);
  VS(x, ASC_OP_ADDS, S(1), S(1), 1.0);
  CMPS(x, S(6), S(0), 0.0, LT);
  SEL(x, S(1), S(6), S(1), S(0));
  /* y < 8: v := y reduced into [1, 2) with c := what the reduction takes out (psi(v) = psi(v - 1) +
   * 1/(v - 1) while v >= 2; psi(v) = psi(v + 1) - 1/v below 1), then psi(v) = t P(t), t = v - x0
   * (x0 the positive root, in two parts): no cancellation near the root */
  DUP(x, S(3), 0.0, NULL);
  V1(x, ASC_OP_ABS, S(2), S(1));
  for (int k = 0; k < 7; k++) {
    CMPS(x, S(6), S(2), 2.0, GE);
    VS(x, ASC_OP_ADDS, S(4), S(2), -1.0);
    SEL(x, S(2), S(6), S(4), S(2));
    V1(x, ASC_OP_RECIPROCAL, S(4), S(4));
    SELS(x, S(4), S(6), S(4), 0.0);
    V2(x, ASC_OP_ADD, S(3), S(3), S(4));
  }
  CMPS(x, S(6), S(2), 1.0, LT);
  V1(x, ASC_OP_RECIPROCAL, S(4), S(2));
  SELS(x, S(4), S(6), S(4), 0.0);
  V2(x, ASC_OP_SUB, S(3), S(3), S(4)); /* v < 1: c -= 1/v, v += 1 */
  VS(x, ASC_OP_ADDS, S(4), S(2), 1.0);
  SEL(x, S(2), S(6), S(4), S(2));
  VS(x, ASC_OP_ADDS, S(4), S(2), -1.4616321325302124);
  VS(x, ASC_OP_ADDS, S(4), S(4), -1.2438149938918909e-08);
  POLY(x, S(5), S(4), P_DIGAMMA, NC(P_DIGAMMA));
  V2(x, ASC_OP_MUL, S(5), S(5), S(4));
  V2(x, ASC_OP_ADD, S(5), S(5), S(3)); /* psi(y), y < 8 */
  /* y >= 8: psi(y) = ln y - 1/(2y) - 1/(12 y^2) + 1/(120 y^4) - 1/(252 y^6) + 1/(240 y^8) - ... */
  V1(x, ASC_OP_LN, S(3), S(1));
  V1(x, ASC_OP_RECIPROCAL, S(4), S(1));
  V2(x, ASC_OP_MUL, S(11), S(4), S(4));
  static const double PS[] = {-1.0 / 12, 1.0 / 120, -1.0 / 252, 1.0 / 240, -1.0 / 132};
  POLY(x, S(7), S(11), PS, NC(PS));
  V2(x, ASC_OP_MUL, S(7), S(7), S(11));
  VS(x, ASC_OP_MULS, S(4), S(4), -0.5);
  V2(x, ASC_OP_ADD, S(7), S(7), S(4));
  V2(x, ASC_OP_ADD, S(3), S(3), S(7));
  CMPS(x, S(6), S(1), 8.0, GE);
  SEL(x, S(5), S(6), S(3), S(5)); /* psi(y) */
  /* x < 0: psi(1 - x) - pi cot(pi x) */
  sincospi(x, 0, 8, 9, 7, 10);
  V2(x, ASC_OP_DIV, S(9), S(9), S(8));
  VS(x, ASC_OP_MULS, S(9), S(9), -3.14159265358979323);
  V2(x, ASC_OP_ADD, S(9), S(9), S(5));
  CMPS(x, S(6), S(0), 0.0, LT);
  SEL(x, S(5), S(6), S(9), S(5));
  /* poles: x a non-positive integer (sinpi = 0, x <= 0) gives NaN; -inf too */
  CMPS(x, S(6), S(0), 0.0, GT);
  SELS(x, S(8), S(6), S(0), 0.0); /* 8 := x > 0 ? x : 0 ... then 1 where x > 0 */
  CMPS(x, S(6), S(8), 0.0, EQ);
  SELS(x, S(9), S(6), S(7), 1.0); /* 9 := x <= 0 ? r : 1 (r = x - rint(x)) */
  CMPS(x, S(6), S(9), 0.0, EQ);
  DUP(x, S(8), NAN, NULL);
  SEL(x, S(5), S(6), S(8), S(5));
  CMPS(x, S(6), S(0), -INFINITY, EQ);
  SEL(x, S(5), S(6), S(8), S(5));
  keep_nan(x, 5, 0, 6);
  *out = 5;
}
static void f_power(X *x, int *out) { /* 0 x, 1 y: exp(y ln|x|), sign and special cases */
  V1(x, ASC_OP_ABS, S(2), S(0));
  V1(x, ASC_OP_LN, S(2), S(2));
  V2(x, ASC_OP_MUL, S(2), S(2), S(1));
  V1(x, ASC_OP_EXP, S(2), S(2));
  VS(x, ASC_OP_MULS, S(3), S(1), 0.5); /* y odd integer: y - 2 floor(y / 2) == 1 */
  CAST(x, S(3), S(3), R_FLOOR, NULL);
  VS(x, ASC_OP_MULS, S(3), S(3), 2.0);
  V2(x, ASC_OP_SUB, S(3), S(1), S(3));
  DUP(x, S(4), 0.0, NULL);
  CMPS(x, S(5), S(0), 0.0, LT);
  SELS(x, S(4), S(5), S(3), 0.0); /* x < 0: (y mod 2), else 0 */
  CMPS(x, S(5), S(4), 1.0, EQ);
  VS(x, ASC_OP_MULS, S(6), S(2), -1.0);
  SEL(x, S(2), S(5), S(6), S(2));
  CAST(x, S(3), S(1), R_TRUNC, NULL); /* x < 0 and y not an integer: NaN */
  CMP(x, S(5), S(3), S(1), NE);
  DUP(x, S(6), NAN, NULL);
  SEL(x, S(6), S(5), S(6), S(2));
  CMPS(x, S(5), S(0), 0.0, LT);
  SEL(x, S(2), S(5), S(6), S(2));
  CMPS(x, S(5), S(1), 0.0, NE); /* y == 0 or x == 1: 1 */
  SELS(x, S(2), S(5), S(2), 1.0);
  V1(x, ASC_OP_ABS, S(6), S(2));
  CMPS(x, S(5), S(0), 1.0, NE);
  SELS(x, S(2), S(5), S(2), 1.0);
  *out = 2;
}
static void f_exp(X *x, int *out) {
  V1(x, ASC_OP_EXP, S(1), S(0));
  *out = 1;
}
/* swiglu: a * b / (1 + e^(-beta b)) (0 a, 1 b, 2 t); beta a runtime f32 scalar */
static void f_swiglu(X *x, int *out) {
  asc_value *nb = asc_b_arith(&x->b, ASC_OP_MULF, x->sarg, asc_b_float(&x->b, x->f32, -1.0));
  vop(x, ASC_OP_MULS, (asc_value *[]){S(2), S(1), nb}, 3, NULL);
  V1(x, ASC_OP_EXP, S(2), S(2));
  VS(x, ASC_OP_ADDS, S(2), S(2), 1.0);
  V2(x, ASC_OP_DIV, S(2), S(1), S(2));
  V2(x, ASC_OP_MUL, S(2), S(0), S(2));
  *out = 2;
}

static const ewspec EW[] = {
  {ASC_OP_ADV_FLOOR, 1, f_floor, 0},   {ASC_OP_ADV_CEIL, 1, f_ceil, 0},   {ASC_OP_ADV_TRUNC, 1, f_trunc, 0},
  {ASC_OP_ADV_ROUND, 1, f_rint, 0},    {ASC_OP_ADV_FRAC, 1, f_frac, 0},   {ASC_OP_ADV_SIGN, 1, f_sign, 0},
  {ASC_OP_ADV_LOG, 1, f_log, 0},       {ASC_OP_ADV_TANH, 1, f_tanh, 0},   {ASC_OP_ADV_ERF, 1, f_erf, 0},
  {ASC_OP_ADV_ERFC, 1, f_erfc, 0},    {ASC_OP_ADV_ATAN, 1, f_atan, 0},  {ASC_OP_ADV_ASIN, 1, f_asin, 0},
  {ASC_OP_ADV_ACOS, 1, f_acos, 0},     {ASC_OP_ADV_SIN, 1, f_sin, 0},    {ASC_OP_ADV_COS, 1, f_cos, 0},
  {ASC_OP_ADV_TAN, 1, f_tan, 0},      {ASC_OP_ADV_SINH, 1, f_sinh, 0},   {ASC_OP_ADV_COSH, 1, f_cosh, 0},
  {ASC_OP_ADV_ASINH, 1, f_asinh, 0},   {ASC_OP_ADV_ACOSH, 1, f_acosh, 0}, {ASC_OP_ADV_ATANH, 1, f_atanh, 0},
  {ASC_OP_ADV_LGAMMA, 1, f_lgamma, 0}, {ASC_OP_ADV_DIGAMMA, 1, f_digamma, 0},
  {ASC_OP_ADV_POWER, 2, f_power, 0},   {ASC_OP_ADV_EXP, 1, f_exp, 0},
  {ASC_OP_ADV_SWIGLU, 2, f_swiglu, 1},
};

/* Taylor level L of asc.adv.exp: e^floor(x) * sum_{k<=L} f^k / k! (f = x - floor(x), in [0, 1)), the split
 * Ascend C's Exp page states (the integer part "通过floor(x)获取"). */
static int taylor_level(X *x) {
  const asc_attr *a = asc_op_attr(x->op, "taylor_level");
  return a ? (int)a->i : 0;
}
static void f_exp_taylor(X *x, int *out) { /* 1 i, 2 f, 3 p */
  int L = taylor_level(x);
  CAST(x, S(1), S(0), R_FLOOR, NULL);
  V2(x, ASC_OP_SUB, S(2), S(0), S(1));
  V1(x, ASC_OP_EXP, S(1), S(1));
  DUP(x, S(3), 1.0, NULL);
  for (int k = L; k >= 1; k--) {
    V2(x, ASC_OP_MUL, S(3), S(3), S(2));
    VS(x, ASC_OP_MULS, S(3), S(3), 1.0 / k);
    VS(x, ASC_OP_ADDS, S(3), S(3), 1.0);
  }
  V2(x, ASC_OP_MUL, S(3), S(3), S(1));
  *out = 3;
}

/* The number of slots recipe fn uses (at least the nin inputs): fn runs once into a detached block,
 * every slot a placeholder f32 tensor, and the allocator notes the highest one.  A slot past MAXSLOTS
 * is an error at the call, not a crash. */
static int measure_slots(X *x, ew_fn fn, int nin, int *ns) {
  asc_builder save = x->b;
  asc_value *n = x->n, *sarg = x->sarg;
  asc_op *host = asc_op_create(x->m, ASC_OP_MODULE, NULL, 0, NULL, 0, x->b.loc); /* never linked in */
  x->b.pos = NULL, x->b.block = asc_region_ensure_block(x->m, &host->regions[0]);
  asc_value *ph = asc_b_res(asc_b_op(&x->b, ASC_OP_LOCAL_TENSOR,
                                     (asc_value *[]){asc_b_i32(&x->b, 0), asc_b_i32(&x->b, LANES)}, 2,
                                     asc_type_ltensor(x->ctx, x->f32, NULL, 0, ASC_POS_VECCALC)));
  for (int i = 0; i < MAXSLOTS; i++)
    x->s[i] = ph;
  x->n = asc_b_i32(&x->b, LANES);
  x->nused = nin, x->badslot = -1;
  int out = 0;
  fn(x, &out);
  slot(x, out);
  x->b = save, x->n = n, x->sarg = sarg;
  if (x->badslot >= 0) {
    asc_error(x->ctx, asc_op_diag_loc(x->op), "%s: its expansion asks for temporary slot %d, past the %d the "
              "allocator has (src/passes/expand_adv.c MAXSLOTS)", asc_op_name(x->op), x->badslot, MAXSLOTS);
    return -1;
  }
  *ns = x->nused;
  return 0;
}

/* The chunk loop shared by the elementwise functions.  in[0..nin): sources; dst; n: count. */
static int expand_ew(X *x, const ewspec *sp) {
  asc_op *op = x->op;
  asc_value *dst = op->operands[ASC_OPND_ADV_POWER_dst],
      *in[2] = {op->operands[ASC_OPND_ADV_POWER_src0], sp->nin > 1 ? op->operands[ASC_OPND_ADV_POWER_src1] : NULL};
  asc_value *n = op->operands[sp->nin + 1 + sp->nscal];
  int ti = sp->nin + 2 + sp->nscal, ns;
  x->sarg = sp->nscal ? op->operands[sp->nin + 1] : NULL;
  ew_fn fn = sp->fn;
  if (sp->code == ASC_OP_ADV_EXP && taylor_level(x) > 0)
    fn = f_exp_taylor;
  if (measure_slots(x, fn, sp->nin, &ns))
    return -1;
  for (int i = 0; i <= sp->nin; i++) {
    const asc_type *t = elem(i ? in[i - 1] : dst);
    if (!is_f16(t) && !is_f32(t))
      return bad_dtype(x, "supports half and float tensors only");
  }
  int64_t have, per = (int64_t)ns * 4; /* bytes per element of the chunk */
  int64_t cmax = SCRATCH_BYTES / per / LANES * LANES;
  if (cmax < LANES)
    cmax = LANES;
  asc_value *tmp = tmpbuf(x, ti, cmax * per, &have);
  asc_value *C = chunk(x, tmp, have, per, LANES, ti < op->noperands);
  asc_value *tf = recast(x, tmp, x->f32);
  DUP(x, tf, 0.0, asc_b_arith(&x->b, ASC_OP_MULI, C, asc_b_i32(&x->b, ns))); /* every slot initialised once */
  loop L;
  asc_value *len, *off = chunk_begin(x, n, C, &len, &L);
  x->n = whole_repeats(x, len);
  for (int i = 0; i < ns; i++)
    x->s[i] = view(x, tf, asc_b_arith(&x->b, ASC_OP_MULI, C, asc_b_i32(&x->b, i)));
  for (int i = 0; i < sp->nin; i++) {
    asc_value *src = view(x, in[i], off);
    if (is_f16(elem(src)))
      CAST(x, x->s[i], src, R_NONE, len);
    else
      vop(x, ASC_OP_MULS, (asc_value *[]){x->s[i], src, asc_b_float(&x->b, x->f32, 1.0)}, 3, len);
  }
  int out = 0;
  fn(x, &out);
  asc_value *d = view(x, dst, off);
  if (is_f16(elem(d)))
    CAST(x, d, x->s[out], R_RINT, len);
  else
    vop(x, ASC_OP_MULS, (asc_value *[]){d, x->s[out], asc_b_float(&x->b, x->f32, 1.0)}, 3, len);
  for_end(x, &L);
  return 0;
}

/* An int32 vector op with an int32 scalar k on the current count. */
static void VSI(X *x, asc_opcode c, asc_value *d, asc_value *a, int64_t k) {
  vop(x, c, (asc_value *[]){d, a, asc_b_i32(&x->b, k)}, 3, NULL);
}

/* power of int32 tensors (Ascend C's Power lists int32_t for Atlas A2/A3): square-and-multiply over the
 * 31 bits of |y| in int32 arithmetic (products wrap as the vector unit's int32 multiply does), without
 * selects: bit = e - 2 (e >> 1), factor = 1 + bit (b - 1).  A negative y gives 1 / x^|y| truncated
 * toward zero: x^|y| when |x| == 1, else 0 (x == 0 included); the result starts as that factor
 * k = 1 - [y < 0] [|x| != 1].  Slots (int32, C elements each): 0 y then e, 1 x, 2 r, 3 b, 4 h, 5 t. */
static int expand_power_i32(X *x) {
  asc_op *op = x->op;
  asc_value *dst = op->operands[ASC_OPND_ADV_POWER_dst], *px = op->operands[ASC_OPND_ADV_POWER_src0],
      *py = op->operands[ASC_OPND_ADV_POWER_src1], *n = op->operands[ASC_OPND_ADV_POWER_count];
  enum { NS = 6 };
  int64_t have, per = NS * 4;
  asc_value *tmp = tmpbuf(x, 4, SCRATCH_BYTES / per / LANES * LANES * per, &have);
  asc_value *C = chunk(x, tmp, have, per, LANES, op->noperands > 4);
  asc_value *ti = recast(x, tmp, x->i32);
  vop(x, ASC_OP_DUPLICATE, (asc_value *[]){ti, asc_b_i32(&x->b, 0)}, 2,
      asc_b_arith(&x->b, ASC_OP_MULI, C, asc_b_i32(&x->b, NS)));
  loop L;
  asc_value *len, *off = chunk_begin(x, n, C, &len, &L);
  x->n = whole_repeats(x, len);
  asc_value *s[NS];
  for (int i = 0; i < NS; i++)
    s[i] = view(x, ti, asc_b_arith(&x->b, ASC_OP_MULI, C, asc_b_i32(&x->b, i)));
  vop(x, ASC_OP_ADDS, (asc_value *[]){s[0], view(x, py, off), asc_b_i32(&x->b, 0)}, 3, len);
  vop(x, ASC_OP_ADDS, (asc_value *[]){s[1], view(x, px, off), asc_b_i32(&x->b, 0)}, 3, len);
  VSI(x, ASC_OP_MAXS, s[4], s[0], -1); /* [y >= 0] */
  VSI(x, ASC_OP_ADDS, s[4], s[4], 1);
  VSI(x, ASC_OP_MINS, s[4], s[4], 1);
  VSI(x, ASC_OP_MULS, s[5], s[1], -1); /* [|x| != 1] = min(|x| - 1, 1)^2 */
  V2(x, ASC_OP_MAX, s[5], s[1], s[5]);
  VSI(x, ASC_OP_ADDS, s[5], s[5], -1);
  VSI(x, ASC_OP_MINS, s[5], s[5], 1);
  V2(x, ASC_OP_MUL, s[5], s[5], s[5]);
  VSI(x, ASC_OP_ADDS, s[4], s[4], -1); /* r := k = 1 - [y < 0] [|x| != 1] */
  V2(x, ASC_OP_MUL, s[4], s[4], s[5]);
  VSI(x, ASC_OP_ADDS, s[2], s[4], 1);
  VSI(x, ASC_OP_MINS, s[4], s[0], 0); /* e := |y| = max(y, 0) - min(y, 0) */
  VSI(x, ASC_OP_MAXS, s[0], s[0], 0);
  V2(x, ASC_OP_SUB, s[0], s[0], s[4]);
  VSI(x, ASC_OP_ADDS, s[3], s[1], 0);
  loop B;
  for_begin(x, asc_b_i32(&x->b, 0), asc_b_i32(&x->b, 31), asc_b_i32(&x->b, 1), &B);
  VSI(x, ASC_OP_SHIFT_RIGHT, s[4], s[0], 1);
  VSI(x, ASC_OP_MULS, s[5], s[4], 2);
  V2(x, ASC_OP_SUB, s[5], s[0], s[5]); /* the low bit of e */
  VSI(x, ASC_OP_ADDS, s[0], s[4], 0);
  VSI(x, ASC_OP_ADDS, s[4], s[3], -1);
  V2(x, ASC_OP_MUL, s[4], s[4], s[5]);
  VSI(x, ASC_OP_ADDS, s[4], s[4], 1);
  V2(x, ASC_OP_MUL, s[2], s[2], s[4]);
  V2(x, ASC_OP_MUL, s[3], s[3], s[3]);
  for_end(x, &B);
  vop(x, ASC_OP_ADDS, (asc_value *[]){view(x, dst, off), s[2], asc_b_i32(&x->b, 0)}, 3, len);
  for_end(x, &L);
  return 0;
}

static bool is_i32(const asc_type *t) { return t->kind == ASC_TY_INT && t->width == 32 && !t->is_unsigned; }

/* power: int32 tensors by square-and-multiply, half and float as an elementwise function (EW). */
static int expand_power(X *x) {
  asc_value **o = x->op->operands;
  if (is_i32(elem(o[0])) || is_i32(elem(o[1])) || is_i32(elem(o[2]))) {
    if (!is_i32(elem(o[0])) || !is_i32(elem(o[1])) || !is_i32(elem(o[2])))
      return bad_dtype(x, "an int32 power needs dst, src0 and src1 all int32");
    return expand_power_i32(x);
  }
  for (int i = 0; i < 3; i++)
    if (!is_f16(elem(o[i])) && !is_f32(elem(o[i])))
      return bad_dtype(x, "supports half, float and int32 tensors only");
  for (int i = 0; i < NC(EW); i++)
    if (EW[i].code == ASC_OP_ADV_POWER)
      return expand_ew(x, &EW[i]);
  return 1;
}

/* xor of int16: (a | b) & ~(a & b); tmp holds one chunk of n elements. */
static int expand_xor(X *x) {
  asc_op *op = x->op;
  asc_value *dst = op->operands[ASC_OPND_ADV_XOR_dst], *a = op->operands[ASC_OPND_ADV_XOR_src0],
      *b = op->operands[ASC_OPND_ADV_XOR_src1], *n = op->operands[ASC_OPND_ADV_XOR_count];
  const asc_type *t = elem(dst);
  if (t->kind != ASC_TY_INT || t->width != 16)
    return bad_dtype(x, "supports int16 and uint16 tensors only");
  int64_t have;
  asc_value *tmp = tmpbuf(x, 4, SCRATCH_BYTES, &have);
  asc_value *C = chunk(x, tmp, have, 2, 128, op->noperands > 4);
  asc_value *tt = recast(x, tmp, t);
  loop L;
  asc_value *off = chunk_begin(x, n, C, &x->n, &L);
  asc_value *va = view(x, a, off), *vb = view(x, b, off), *vd = view(x, dst, off);
  V2(x, ASC_OP_BITWISE_AND, tt, va, vb);
  V1(x, ASC_OP_BITWISE_NOT, tt, tt);
  V2(x, ASC_OP_BITWISE_OR, vd, va, vb);
  V2(x, ASC_OP_BITWISE_AND, vd, vd, tt);
  for_end(x, &L);
  return 0;
}

/* axpy: dst += s * src by a muls into tmp and an add (half src into float dst: cast first). */
static int expand_axpy(X *x) {
  asc_op *op = x->op;
  asc_value *dst = op->operands[ASC_OPND_ADV_AXPY_dst], *src = op->operands[ASC_OPND_ADV_AXPY_src],
      *s = op->operands[ASC_OPND_ADV_AXPY_scalar], *n = op->operands[ASC_OPND_ADV_AXPY_count];
  const asc_type *td = elem(dst), *ts = elem(src);
  if (!(is_f16(td) || is_f32(td)) || !(is_f16(ts) || is_f32(ts)) || (is_f32(ts) && is_f16(td)))
    return bad_dtype(x, "supports half/half, float/float and half src into float dst");
  int64_t have, es = asc_type_bytes(td);
  asc_value *tmp = tmpbuf(x, 4, SCRATCH_BYTES, &have);
  asc_value *C = chunk(x, tmp, have, es, 256 / es, op->noperands > 4);
  asc_value *tt = recast(x, tmp, td);
  asc_value *sv = s->type == td ? s
                  : asc_type_is_float(s->type) ? cast_scalar(x, s->type->width < td->width ? ASC_OP_EXTF : ASC_OP_TRUNCF, s, td)
                                               : &asc_b_op(&x->b, ASC_OP_SITOFP, &s, 1, td)->results[0];
  loop L;
  asc_value *off = chunk_begin(x, n, C, &x->n, &L);
  asc_value *vs = view(x, src, off), *vd = view(x, dst, off);
  if (ts != td) {
    CAST(x, tt, vs, R_NONE, NULL);
    vop(x, ASC_OP_MULS, (asc_value *[]){tt, tt, sv}, 3, NULL);
  } else {
    vop(x, ASC_OP_MULS, (asc_value *[]){tt, vs, sv}, 3, NULL);
  }
  V2(x, ASC_OP_ADD, vd, vd, tt);
  for_end(x, &L);
  return 0;
}

/* quant: dst int8 := rint(src * scale + offset), computed in the source type; a float source is
 * rounded to an integral float, then cast through half to int8 (all exact). */
static int expand_quant(X *x) {
  asc_op *op = x->op;
  asc_value *dst = op->operands[ASC_OPND_ADV_QUANT_dst], *src = op->operands[ASC_OPND_ADV_QUANT_src],
      *n = op->operands[ASC_OPND_ADV_QUANT_count];
  const asc_type *ts = elem(src), *td = elem(dst);
  if (!is_f16(ts) && !is_f32(ts))
    return bad_dtype(x, "supports half and float sources only");
  if (td->kind != ASC_TY_INT || td->width != 8)
    return bad_dtype(x, "the destination must be int8");
  int es = asc_type_bytes(ts);
  int64_t have, per = es + 2, lanes = 256 / es; /* a chunk in the source type and one in half */
  asc_value *tmp = tmpbuf(x, 5, SCRATCH_BYTES, &have);
  asc_value *C = chunk(x, tmp, have, per, lanes, op->noperands > 5);
  asc_value *scale = op->operands[ASC_OPND_ADV_QUANT_scale], *offset = op->operands[ASC_OPND_ADV_QUANT_offset];
  if (scale->type != ts)
    scale = cast_scalar(x, scale->type->width > ts->width ? ASC_OP_TRUNCF : ASC_OP_EXTF, scale, ts);
  if (offset->type != ts)
    offset = cast_scalar(x, offset->type->width > ts->width ? ASC_OP_TRUNCF : ASC_OP_EXTF, offset, ts);
  asc_value *a = recast(x, tmp, ts);
  asc_value *h = view(x, recast(x, tmp, x->f16),
                      asc_b_arith(&x->b, ASC_OP_DIVSI, asc_b_arith(&x->b, ASC_OP_MULI, C, asc_b_i32(&x->b, es)),
                                  asc_b_i32(&x->b, 2)));
  loop L;
  asc_value *off = chunk_begin(x, n, C, &x->n, &L);
  asc_value *vs = view(x, src, off), *vd = view(x, dst, off);
  vop(x, ASC_OP_MULS, (asc_value *[]){a, vs, scale}, 3, NULL);
  vop(x, ASC_OP_ADDS, (asc_value *[]){a, a, offset}, 3, NULL);
  if (is_f32(ts)) {
    CAST(x, a, a, R_RINT, NULL);
    CAST(x, h, a, R_RINT, NULL);
    CAST(x, vd, h, R_RINT, NULL);
  } else {
    CAST(x, vd, a, R_RINT, NULL);
  }
  for_end(x, &L);
  return 0;
}

/* ---- sort utilities (A2/A3: asc.sort takes the scores as they are; records are 8 bytes, score at
 * byte 0, uint32 index at byte 4) ---- */
static asc_value *rep_i32(X *x, asc_value *r) {
  return r->type == x->idx ? &asc_b_op(&x->b, ASC_OP_INDEX_CAST, &r, 1, x->i32)->results[0] : r;
}

/* repeat_time is in [0, 255] (a compile-time constant is checked here; a run-time one by the
 * instruction it becomes). */
static int bad_repeat(X *x, asc_value *r) {
  int64_t v;
  if (!asc_pass_const_int(r, &v) || (v >= 0 && v <= 255))
    return 0;
  asc_error(x->ctx, asc_op_diag_loc(x->op), "%s: repeat_time %lld is outside 0..255", asc_op_name(x->op), (long long)v);
  return 1;
}

/* concat: the scores are copied into the concat buffer, 16 per repeat (a UB -> UB data_copy; the tmp
 * buffer is not needed on A2/A3). */
static int expand_concat(X *x) {
  asc_op *op = x->op;
  if (!is_f16(elem(op->operands[ASC_OPND_ADV_CONCAT_dst])) && !is_f32(elem(op->operands[ASC_OPND_ADV_CONCAT_dst])))
    return bad_dtype(x, "supports half and float tensors only");
  if (bad_repeat(x, op->operands[ASC_OPND_ADV_CONCAT_repeat_times]))
    return -1;
  asc_value *n = asc_b_arith(&x->b, ASC_OP_MULI, rep_i32(x, op->operands[ASC_OPND_ADV_CONCAT_repeat_times]),
                             asc_b_i32(&x->b, 16));
  asc_b_op(&x->b, ASC_OP_DATA_COPY,
     (asc_value *[]){op->operands[ASC_OPND_ADV_CONCAT_dst], op->operands[ASC_OPND_ADV_CONCAT_src], n}, 3, NULL);
  return 0;
}

/* extract: two gather_mask with built-in patterns over the 256-byte repeats of the sorted records (32
 * per repeat): the scores (float: even 4-byte lanes; half: 2-byte lanes k % 4 == 0), then the indices
 * (odd 4-byte lanes). */
static int expand_extract(X *x) {
  asc_op *op = x->op;
  asc_value *val = op->operands[ASC_OPND_ADV_EXTRACT_dst_value], *idx = op->operands[ASC_OPND_ADV_EXTRACT_dst_index],
      *src = op->operands[ASC_OPND_ADV_EXTRACT_sorted];
  const asc_type *t = elem(val), *u32 = asc_type_int(x->ctx, 32, true), *ti = elem(idx);
  if (!is_f16(t) && !is_f32(t))
    return bad_dtype(x, "supports half and float tensors only");
  if (ti->kind != ASC_TY_INT || ti->width != 32)
    return bad_dtype(x, "the index tensor must be uint32");
  if (bad_repeat(x, op->operands[ASC_OPND_ADV_EXTRACT_repeat_times]))
    return -1;
  asc_value *reps = op->operands[ASC_OPND_ADV_EXTRACT_repeat_times];
  asc_GatherMaskParams_fields gmf = {.src0_block_stride = asc_b_i32(&x->b, 1), .repeat_times = rep_i32(x, reps),
                                     .src0_repeat_stride = asc_b_i32(&x->b, 8),
                                     .src1_repeat_stride = asc_b_i32(&x->b, 0)};
  asc_value *params = asc_build_GatherMaskParams(&x->b, gmf);
  const asc_type *i1 = asc_type_int(x->ctx, 1, false), *i64 = asc_type_int(x->ctx, 64, false);
  asc_value *f = asc_b_int(&x->b, i1, 0), *z = asc_b_int(&x->b, i64, 0);
  asc_b_op(&x->b, ASC_OP_GATHER_MASK_PATTERN,
     (asc_value *[]){val, src, asc_b_i32(&x->b, is_f32(t) ? 1 : 3), f, z, params}, 6, i64);
  asc_b_op(&x->b, ASC_OP_GATHER_MASK_PATTERN,
     (asc_value *[]){recast(x, idx, u32), recast(x, src, u32), asc_b_i32(&x->b, 2), f, z, params}, 6,
     i64);
  return 0;
}

/* The library calls with an expansion of their own; the elementwise ones are the rows of EW. */
static const struct {
  asc_opcode code;
  int (*expand)(X *x);
} CALLS[] = {
    {ASC_OP_ADV_SOFTMAX, asc_adv_expand_softmax},
    {ASC_OP_ADV_SOFTMAX_FLASH_V2, asc_adv_expand_softmax_flash_v2},
    {ASC_OP_ADV_RMSNORM, asc_adv_expand_rmsnorm},
    {ASC_OP_ADV_QUANT, expand_quant},
    {ASC_OP_ADV_XOR, expand_xor},
    {ASC_OP_ADV_AXPY, expand_axpy},
    {ASC_OP_ADV_CONCAT, expand_concat},
    {ASC_OP_ADV_EXTRACT, expand_extract},
    {ASC_OP_ADV_POWER, expand_power},
};

/* Expands x->op: 0 done, -1 error, 1 not a library call. */
/* One rule for every library call's element count, the basic vector ops' (src/sim/vmisc.c): a
 * negative count is an error at the call, never a call that silently does nothing. */
static int check_count(X *x) {
  int i = asc_op_operand_index(x->op->code, "count"); /* the registry's operand (ops.def) */
  int64_t n;
  if (i < 0 || i >= x->op->noperands)
    return 0;
  if (asc_pass_const_int(x->op->operands[i], &n)) {
    if (n >= 0)
      return 0;
    asc_error(x->ctx, asc_op_diag_loc(x->op), "%s: negative count %lld", asc_op_name(x->op), (long long)n);
    return -1;
  }
  asc_op *c = asc_b_op(&x->b, ASC_OP_ADV_CHECK_COUNT, (asc_value *[]){x->op->operands[i]}, 1, NULL);
  const char *callee = asc_op_name(x->op);
  asc_op_set_attr(x->m, c, "callee", asc_attr_str(x->m, callee, strlen(callee)));
  return 0;
}

static int expand_one(X *x) {
  if (check_count(x))
    return -1;
  for (int i = 0; i < NC(CALLS); i++)
    if (CALLS[i].code == x->op->code)
      return CALLS[i].expand(x);
  for (int i = 0; i < NC(EW); i++)
    if (EW[i].code == x->op->code)
      return expand_ew(x, &EW[i]);
  return 1;
}

static bool is_library_call(asc_opcode code) {
  for (int i = 0; i < NC(CALLS); i++)
    if (CALLS[i].code == code)
      return true;
  for (int i = 0; i < NC(EW); i++)
    if (EW[i].code == code)
      return true;
  return false;
}

static void collect(asc_op *op, void *user) {
  if (is_library_call(op->code))
    asc_pass_vec_push(user, op);
}

int asc_pass_expand_adv(asc_module *m) {
  asc_pass_vec v = {0};
  asc_walk(m->op, collect, &v);
  int rc = 0;
  for (size_t i = 0; i < v.n; i++) {
    asc_op *op = v.items[i];
    X x = {.m = m, .ctx = m->ctx, .op = op, .b = asc_builder_at(m, op->loc, op, NULL)};
    x.f32 = asc_type_float(m->ctx, 32, false);
    x.f16 = asc_type_float(m->ctx, 16, false);
    x.i32 = asc_type_int(m->ctx, 32, false);
    x.u8 = asc_type_int(m->ctx, 8, true);
    x.idx = asc_type_index(m->ctx);
    int r = expand_one(&x);
    if (r < 0)
      rc = 1;
    else if (r == 0)
      asc_op_unlink(op);
  }
  asc_pass_vec_free(&v);
  return rc;
}
