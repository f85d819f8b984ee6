/* Element semantics keyed by opcode, shared by the constant folder (src/passes/fold.c), the
 * simulator's scalar unit (src/sim/scalar.c), its vector element loop (src/sim/vector.c) and the
 * vector fast path (src/sim/vfast.c): one definition per rule, so that a folded constant, a
 * simulated scalar and every vector lane agree for the same operands.  The sweep that checks it
 * is tests/unit/test_elem_sweep.c (fast path vs element loop) and tests/python/test_fold_vs_sim.py
 * (folded vs simulated); docs/ir.md, "Element semantics".
 *
 * Floats: the exact result in double, which the caller rounds once to the element type.
 * Integers: the result in int64 with two's-complement wrap, which the caller wraps to the width. */
#ifndef ASC_OPS_ELEM_H
#define ASC_OPS_ELEM_H

#include <math.h>
#include <stdint.h>

#include "ops/registry.h"

/* max / min of floats: a NaN operand is the result and -0 < +0 (MLIR's arith.maxf; Ascend C's Max
 * and Min, the boundary-value appendix: Max(+0, -0) = +0, Min(+0, -0) = -0 in either order). */
static inline double asc_elem_maxf(double a, double b) {
  if (isnan(a) || isnan(b))
    return isnan(a) ? a : b;
  if (a == b) /* equal, or zeros of either sign */
    return signbit(a) ? b : a;
  return a > b ? a : b;
}

static inline double asc_elem_minf(double a, double b) {
  if (isnan(a) || isnan(b))
    return isnan(a) ? a : b;
  if (a == b)
    return signbit(a) ? a : b;
  return a < b ? a : b;
}

/* Relu passes NaN and positives; -0 and negatives give +0. */
static inline double asc_elem_relu(double a) { return isnan(a) || a > 0 ? a : 0.0; }

/* The float binary (and unary: b unused) element rule of opcode code; NaN for an op without one. */
static inline double asc_elem_f(int code, double a, double b) {
  switch (code) {
  case ASC_OP_ADDF: case ASC_OP_ADD: case ASC_OP_ADDS: return a + b;
  case ASC_OP_SUBF: case ASC_OP_SUB: return a - b;
  case ASC_OP_MULF: case ASC_OP_MUL: case ASC_OP_MULS: return a * b;
  case ASC_OP_DIVF: case ASC_OP_DIV: return a / b;
  case ASC_OP_MAXF: case ASC_OP_MAX: case ASC_OP_MAXS: return asc_elem_maxf(a, b);
  case ASC_OP_MINF: case ASC_OP_MIN: case ASC_OP_MINS: return asc_elem_minf(a, b);
  case ASC_OP_RELU: return asc_elem_relu(a);
  case ASC_OP_ADD_RELU: return asc_elem_relu(a + b);
  case ASC_OP_SUB_RELU: return asc_elem_relu(a - b);
  default: return NAN;
  }
}

/* The integer element rule of opcode code, on values already sign- (or, unsigned, zero-) extended
 * to 64 bits; 0 for an op without one. */
static inline int64_t asc_elem_i(int code, int64_t a, int64_t b) {
  switch (code) {
  case ASC_OP_ADDI: case ASC_OP_ADD: case ASC_OP_ADDS: return (int64_t)((uint64_t)a + (uint64_t)b);
  case ASC_OP_SUBI: case ASC_OP_SUB: return (int64_t)((uint64_t)a - (uint64_t)b);
  case ASC_OP_MULI: case ASC_OP_MUL: case ASC_OP_MULS: return (int64_t)((uint64_t)a * (uint64_t)b);
  case ASC_OP_MAXSI: case ASC_OP_MAX: case ASC_OP_MAXS: return a > b ? a : b;
  case ASC_OP_MINSI: case ASC_OP_MIN: case ASC_OP_MINS: return a < b ? a : b;
  case ASC_OP_ANDI: case ASC_OP_BITWISE_AND: return a & b;
  case ASC_OP_ORI: case ASC_OP_BITWISE_OR: return a | b;
  case ASC_OP_XORI: return a ^ b;
  case ASC_OP_BITWISE_NOT: return ~a;
  case ASC_OP_RELU: return a > 0 ? a : 0;
  case ASC_OP_ADD_RELU: a = (int64_t)((uint64_t)a + (uint64_t)b); return a > 0 ? a : 0;
  case ASC_OP_SUB_RELU: a = (int64_t)((uint64_t)a - (uint64_t)b); return a > 0 ? a : 0;
  default: return 0;
  }
}

#endif
