/* Element semantics shared by the constant folder (src/passes/fold.c) and the simulator's scalar
 * unit (src/sim/scalar.c): one definition per rule, so that a folded constant is the value the
 * simulator computes for the same operands. */
#ifndef ASC_OPS_ELEM_H
#define ASC_OPS_ELEM_H

#include <math.h>

/* arith.maxf / arith.minf (MLIR's semantics): NaN propagates and -0 < +0. */
static inline double asc_elem_maxf(double a, double b) {
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == b) /* equal, or zeros of either sign */
    return signbit(a) ? b : a;
  return a > b ? a : b;
}

static inline double asc_elem_minf(double a, double b) {
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == b)
    return signbit(a) ? a : b;
  return a < b ? a : b;
}

#endif
