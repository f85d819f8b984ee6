/* vector_int.h - what vector.c and vmisc.c share: the element-function table entry and
 * the operand, mask and cost helpers of the vector family. */
#ifndef ASC_SIM_VECTOR_INT_H
#define ASC_SIM_VECTOR_INT_H

#include "sim/sim_int.h"

typedef struct sim_num {
  int64_t i;
  double f;
} sim_num;

enum { SIM_V_BIN, SIM_V_SCALAR, SIM_V_UNARY, SIM_V_MOVE }; /* MOVE: dst := src's bytes (copy) */
/* The call form of an elementwise op: count, level 0 with a continuous mask, level 0 with
 * a bit mask ((hi, lo) operands). */
enum { SIM_VF_COUNT, SIM_VF_MASK, SIM_VF_BITS };

/* One vector op: f for float elements (in double, rounded once by the store), i for
 * integer ones (wrapped by the store; NULL: floats only).  b is src1, the scalar, or 0.
 * f3, when set, replaces f and also takes dst's old value d and the element type dt
 * (fused_mul_add, mul_add_dst: their product is rounded to dt before the add). */
typedef struct sim_vop {
  double (*f)(double a, double b);
  int64_t (*i)(int64_t a, int64_t b);
  int kind;
  int form;
  double (*f3)(double a, double b, double d, int dt);
} sim_vop;

/* 0, or -1 after an error when op has no element function for dt. */
int asc_sim_vcheckdt(sim_core *c, const sim_inst *in, const sim_vop *op, int dt);
/* The elementwise op of an opcode, NULL if it has none (vector.c). */
const sim_vop *asc_sim_vop(int code);
/* dst := op(a, b or s[, dst]) for one element of type dt (vector.c). */
void asc_sim_velem(const sim_vop *op, int dt, uint8_t *d, const uint8_t *a, const uint8_t *b, sim_num s);

/* Operand i of in as a pointer to bytes [off, off+nbytes) of a UB tensor whose start is
 * 32-byte aligned; NULL after an error. */
uint8_t *asc_sim_vptr(sim_core *c, const sim_inst *in, int i, int64_t off, int64_t nbytes, const char *what);
sim_num asc_sim_vscalar(sim_core *c, const sim_inst *in, int i, int dt);
/* axpy's scalar times src, rounded to dst's type dt before it is added to dst (the boundary-value
 * appendix: the product is a stage of its own). */
double asc_sim_axpy_prod(double k, double s, int dt);
/* A max (max) / min reduction's next best: v beats best if it is larger / smaller, or a NaN (the first NaN
 * wins and stays: the boundary-value appendix) (vreduce.c). */
bool asc_sim_red_better(bool max, double v, double best);
int asc_sim_vcost(sim_core *c, const sim_inst *in, int64_t repeats);
/* The same for a level-0 instruction: the UB bank conflicts of its n operands (dst first) with their
 * block and repeat strides (in 32-byte blocks). */
int asc_sim_vcost_strided(sim_core *c, const sim_inst *in, int64_t repeats, const int64_t *blk,
                          const int64_t *rep, int n);
/* vlevel0.c: a level-0 instruction's lanes.  asc_sim_l0_begin loads the mask (operand mi,
 * unless is_set_mask = false) and returns the repeats to run: `repeat`, or in counter mode
 * ceil(N / lanes) for the N = mask.lo elements; -1 after an error.  asc_sim_l0_on: lane k
 * of repeat r takes part. */
int64_t asc_sim_l0_begin(sim_core *c, const sim_inst *in, int mi, bool bits, int lanes, int64_t repeat);
bool asc_sim_l0_on(const sim_core *c, int64_t r, int k, int lanes);
/* The mask state a count-form (level 2) op leaves: normal mode, every lane on. */
void asc_sim_count_done(sim_core *c);
/* One element of cast: src type sdt at s to dst type ddt at d, RoundMode rm (vmisc.c). */
void asc_sim_castone(int sdt, int ddt, int rm, const uint8_t *s, uint8_t *d);
/* Sum of v[0..n) as pairwise trees over repeats of `lanes` elements, every partial sum
 * rounded to dt (vmisc.c; v is overwritten). */
double asc_sim_treesum(double *v, int64_t n, int dt, int lanes, bool sat);
/* The level-0 elementwise engine (vlevel0.c) and the other new families. */
int asc_exec_vlevel0(sim_core *c, const sim_inst *in);
int64_t asc_sim_laneoff(int64_t r, int k, int esz, int64_t blk, int64_t rep);
/* *blk, *rep := the n block and n repeat strides (dst, src0[, src1]) of operand opnd, a Binary-, Unary- or
 * CopyRepeatParams struct, read by field name and range-checked; -1 after an error. */
int asc_sim_strides(sim_core *c, const sim_inst *in, int opnd, int n, int64_t *blk, int64_t *rep);
/* vdeq.c: *out := deq(x), int32 -> half with DEQSCALE's half scale (cast int32 -> half); -1 after an
 * error when set_deq_scale(half) did not set it. */
int asc_sim_cast_deq16(sim_core *c, const sim_inst *in, int64_t x, double *out);
/* vfast.c: d[i] := op(a[i], b[i] or s) for i < n when (op, dt) has a fast path (same
 * bits as the generic path); false if not. */
bool asc_sim_vfast(int code, int dt, uint8_t *d, const uint8_t *a, const uint8_t *b, sim_num s, int64_t n);

#endif
