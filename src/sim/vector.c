/* vector.c - the elementwise vector ops, count form and mask/repeat form (hardware.md §11).
 *
 * Each op supplies only element functions (one for floats, computed in double and rounded
 * once to the element type; one for integers, wrapped to the width).  Two family helpers
 * do everything else once: vcount (dst[i] = f(src0[i], src1[i] or s), i < n) and vmasked
 * (repeats of 256 bytes, lanes from the mask register, block and repeat strides; lanes
 * switched off keep dst).  Cast, axpy, duplicate and the reductions are in vmisc.c.
 */
#include <math.h>

#include "sim/vector_int.h"

/* ---- element functions ---- */
static double fadd(double a, double b) { return a + b; }
static double fsub(double a, double b) { return a - b; }
static double fmul(double a, double b) { return a * b; }
static double fdiv(double a, double b) { return a / b; }
static double fmax2(double a, double b) { return a > b || isnan(a) ? a : b; }
static double fmin2(double a, double b) { return a < b || isnan(a) ? a : b; }
static double fleaky(double a, double s) { return a >= 0 ? a : a * s; }
static double fexp(double a, double b) { (void)b; return exp(a); }
static double fln(double a, double b) { (void)b; return log(a); }
static double fsqrt(double a, double b) { (void)b; return sqrt(a); }
static double frsqrt(double a, double b) { (void)b; return 1.0 / sqrt(a); }
static double frecip(double a, double b) { (void)b; return 1.0 / a; }
static double fabs1(double a, double b) { (void)b; return fabs(a); }
static double frelu(double a, double b) { (void)b; return isnan(a) || a > 0 ? a : 0.0; }

static int64_t iadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t isub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t imul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static int64_t imax2(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t imin2(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t irelu(int64_t a, int64_t b) { (void)b; return a > 0 ? a : 0; }

static const sim_vop vops[ASC_OP_COUNT] = {
  [ASC_OP_ADD] = {fadd, iadd, SIM_V_BIN},      [ASC_OP_SUB] = {fsub, isub, SIM_V_BIN},
  [ASC_OP_MUL] = {fmul, imul, SIM_V_BIN},      [ASC_OP_DIV] = {fdiv, NULL, SIM_V_BIN},
  [ASC_OP_MAX] = {fmax2, imax2, SIM_V_BIN},    [ASC_OP_MIN] = {fmin2, imin2, SIM_V_BIN},
  [ASC_OP_ADDS] = {fadd, iadd, SIM_V_SCALAR},  [ASC_OP_MULS] = {fmul, imul, SIM_V_SCALAR},
  [ASC_OP_MAXS] = {fmax2, imax2, SIM_V_SCALAR}, [ASC_OP_MINS] = {fmin2, imin2, SIM_V_SCALAR},
  [ASC_OP_LEAKY_RELU] = {fleaky, NULL, SIM_V_SCALAR},
  [ASC_OP_EXP] = {fexp, NULL, SIM_V_UNARY},    [ASC_OP_LN] = {fln, NULL, SIM_V_UNARY},
  [ASC_OP_SQRT] = {fsqrt, NULL, SIM_V_UNARY},  [ASC_OP_RSQRT] = {frsqrt, NULL, SIM_V_UNARY},
  [ASC_OP_RECIPROCAL] = {frecip, NULL, SIM_V_UNARY}, [ASC_OP_ABS] = {fabs1, NULL, SIM_V_UNARY},
  [ASC_OP_RELU] = {frelu, irelu, SIM_V_UNARY},
  [ASC_OP_ADD_MASK] = {fadd, iadd, SIM_V_BIN}, [ASC_OP_SUB_MASK] = {fsub, isub, SIM_V_BIN},
  [ASC_OP_MUL_MASK] = {fmul, imul, SIM_V_BIN}, [ASC_OP_MAX_MASK] = {fmax2, imax2, SIM_V_BIN},
  [ASC_OP_MIN_MASK] = {fmin2, imin2, SIM_V_BIN},
  [ASC_OP_ADD_BITMASK] = {fadd, iadd, SIM_V_BIN}, [ASC_OP_SUB_BITMASK] = {fsub, isub, SIM_V_BIN},
  [ASC_OP_MUL_BITMASK] = {fmul, imul, SIM_V_BIN}, [ASC_OP_MAX_BITMASK] = {fmax2, imax2, SIM_V_BIN},
  [ASC_OP_MIN_BITMASK] = {fmin2, imin2, SIM_V_BIN},
};

/* ---- shared helpers ---- */
/* Cycles per repeat from UB bank groups (hardware.md §2.1): a repeat reads 256 bytes of
 * each source, 8 consecutive 32-byte groups of 16; sources that meet in a group are read
 * one after the other.  (Writes were not seen to add beats in ADDPERF; docs/timing.md.) */
static int vbeats(sim_core *c, const sim_inst *in) {
  int cnt[16] = {0}, beats = 1;
  for (int i = 1; i < in->nin; i++) {
    const sim_val *v = sim_in(c, in, i);
    if (sim_intype(in, i)->kind != ASC_TY_LTENSOR || v->mem != SIM_MEM_UB)
      continue;
    for (int k = 0, g = (int)((v->off >> 5) & 15); k < 8; k++)
      if (++cnt[(g + k) & 15] > beats)
        beats = cnt[(g + k) & 15];
  }
  return beats;
}

int asc_sim_vcost(sim_core *c, const sim_inst *in, int64_t repeats) {
  return asc_sim_issue_vec(c, in, repeats, vbeats(c, in));
}

uint8_t *asc_sim_vptr(sim_core *c, const sim_inst *in, int i, int64_t off, int64_t nbytes, const char *what) {
  const sim_val *r = sim_in(c, in, i);
  if (r->mem != SIM_MEM_UB)
    return asc_sim_err(c, in->op, "%s: operand %d is not a local tensor in UB", asc_op_name(in->op), i), NULL;
  if (r->off % 32 != 0) {
    sim_finding f = {ASC_SIM_CHK_MISALIGNED, ASC_SEV_ERROR, 0, in->op, NULL, in->pipe, -1, SIM_MEM_UB,
                     r->off, r->off};
    return asc_sim_found(c, &f, "%s: operand %d starts at UB byte %lld, not 32-byte aligned",
                         asc_op_name(in->op), i, (long long)r->off), NULL;
  }
  return asc_sim_mem(c, in->op, r, off, nbytes, what);
}

/* The scalar operand s as an element of type dt. */
sim_num asc_sim_vscalar(sim_core *c, const sim_inst *in, int i, int dt) {
  const sim_val *v = sim_in(c, in, i);
  bool isf = asc_type_is_float(sim_intype(in, i));
  sim_num s;
  s.f = asc_sim_round_fp(isf ? v->f : (double)v->i, dt, SIM_RM_RINT);
  s.i = isf ? asc_sim_fp_to_int(v->f, dt, SIM_RM_TRUNC) : asc_sim_wrap(v->i, dt); /* saturates: no UB cast */
  return s;
}

/* dst := f(a, b) for one element; b == NULL takes the scalar. */
static inline void elem(const sim_vop *op, int dt, uint8_t *d, const uint8_t *a, const uint8_t *b, sim_num s) {
  if (asc_sim_dt_float(dt))
    asc_sim_storef(dt, d, op->f(asc_sim_loadf(dt, a), b ? asc_sim_loadf(dt, b) : s.f));
  else
    asc_sim_storei(dt, d, op->i(asc_sim_loadi(dt, a), b ? asc_sim_loadi(dt, b) : s.i));
}

static int checkdt(sim_core *c, const sim_inst *in, const sim_vop *op, int dt) {
  if (dt < 0 || (!asc_sim_dt_float(dt) && !op->i))
    return asc_sim_err(c, in->op, "%s: element type %s is not supported", asc_op_name(in->op),
                       dt < 0 ? "?" : asc_sim_dtype_name(dt));
  return 0;
}

/* ---- count form: (dst, src0, src1 | s | -, n) ---- */
static int vcount(sim_core *c, const sim_inst *in) {
  const sim_vop *op = &vops[in->op->code];
  int dt = asc_sim_elem_dtype(sim_intype(in, 0)), nargs = op->kind == SIM_V_UNARY ? 2 : 3;
  if (checkdt(c, in, op, dt))
    return -1;
  int esz = asc_sim_dtype_size(dt);
  int64_t n = sim_in(c, in, nargs)->i, bytes;
  if (n < 0)
    return asc_sim_err(c, in->op, "%s: negative count %lld", asc_op_name(in->op), (long long)n);
  if (asc_sim_mul(c, in->op, "count times element size", n, esz, &bytes))
    return -1;
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, bytes, "write");
  const uint8_t *a = d ? asc_sim_vptr(c, in, 1, 0, bytes, "read") : NULL;
  const uint8_t *b = a && op->kind == SIM_V_BIN ? asc_sim_vptr(c, in, 2, 0, bytes, "read") : NULL;
  if (!a || (op->kind == SIM_V_BIN && !b))
    return -1;
  sim_num s = op->kind == SIM_V_SCALAR ? asc_sim_vscalar(c, in, 2, dt) : (sim_num){0, 0};
  if (!asc_sim_vfast(in->op->code, dt, d, a, b, s, n))
    for (int64_t i = 0; i < n; i++)
      elem(op, dt, d + i * esz, a + i * esz, b ? b + i * esz : NULL, s);
  c->mask[0] = c->mask[1] = ~0ull; /* the count API leaves the full mask behind */
  return asc_sim_vcost(c, in, bytes / 256 + (bytes % 256 != 0));
}

/* ---- mask / repeat form ---- */
/* The mask register for a continuous mask of n lanes (clamped to the repeat's lanes). */
static void contmask(uint64_t m[2], int64_t n, int lanes) {
  if (n > lanes)
    n = lanes;
  m[0] = n >= 64 ? ~0ull : n <= 0 ? 0 : (1ull << n) - 1;
  m[1] = n >= 128 ? ~0ull : n <= 64 ? 0 : (1ull << (n - 64)) - 1;
}

bool asc_sim_lane_on(const sim_core *c, int k) { return (c->mask[k >> 6] >> (k & 63)) & 1; }

/* Load the mask register unless is_set_mask = false (then the register is used as is). */
void asc_sim_setmask(sim_core *c, const sim_inst *in, int mi, bool bits, int lanes) {
  const asc_attr *a = asc_op_attr(in->op, "is_set_mask");
  if (a && !a->i)
    return;
  if (bits) { /* [hi, lo] */
    c->mask[1] = (uint64_t)sim_in(c, in, mi)->i;
    c->mask[0] = (uint64_t)sim_in(c, in, mi + 1)->i;
  } else {
    contmask(c->mask, sim_in(c, in, mi)->i, lanes);
  }
}

/* Byte offset of lane k of repeat r (hardware.md §11). */
int64_t asc_sim_laneoff(int64_t r, int k, int esz, int64_t blk, int64_t rep) {
  int per = 32 / esz;
  return 32 * (r * rep + (int64_t)(k / per) * blk) + (int64_t)(k % per) * esz;
}

/* One lane of a binary masked op, every access checked.  p: the strides, checked to be
 * uint8 (so lane offsets stay below 2^22). */
static int masklane(sim_core *c, const sim_inst *in, const sim_vop *op, int dt, int64_t r, int k,
                    const int64_t *p) {
  int esz = asc_sim_dtype_size(dt);
  uint8_t *d = asc_sim_vptr(c, in, 0, asc_sim_laneoff(r, k, esz, p[0], p[3]), esz, "write");
  const uint8_t *a = d ? asc_sim_vptr(c, in, 1, asc_sim_laneoff(r, k, esz, p[1], p[4]), esz, "read") : NULL;
  const uint8_t *b = a ? asc_sim_vptr(c, in, 2, asc_sim_laneoff(r, k, esz, p[2], p[5]), esz, "read") : NULL;
  if (!b)
    return -1;
  elem(op, dt, d, a, b, (sim_num){0, 0});
  return 0;
}

/* (dst, src0, src1, mask | hi, lo, repeat, BinaryRepeatParams) */
static int vmasked(sim_core *c, const sim_inst *in) {
  const sim_vop *op = &vops[in->op->code];
  bool bits = in->op->code >= ASC_OP_ADD_BITMASK && in->op->code <= ASC_OP_MIN_BITMASK;
  int dt = asc_sim_elem_dtype(sim_intype(in, 0)), ri = bits ? 5 : 4;
  if (checkdt(c, in, op, dt))
    return -1;
  int lanes = 256 / asc_sim_dtype_size(dt);
  int64_t repeat = sim_in(c, in, ri)->i, p[6];
  const double *f = sim_in(c, in, ri + 1)->fld;
  static const char *const pname[6] = {
    "BinaryRepeatParams.dst_blk_stride", "BinaryRepeatParams.src0_blk_stride", "BinaryRepeatParams.src1_blk_stride",
    "BinaryRepeatParams.dst_rep_stride", "BinaryRepeatParams.src0_rep_stride", "BinaryRepeatParams.src1_rep_stride"};
  if (repeat < 0 || repeat > 255)
    return asc_sim_err(c, in->op, "%s: repeat %lld is outside 0..255", asc_op_name(in->op), (long long)repeat);
  for (int i = 0; i < 6; i++) /* hardware.md §11: uint8 fields */
    if (asc_sim_field(c, in->op, pname[i], f[i], 0, 255, &p[i]))
      return -1;
  if (p[0] == 0)
    return asc_sim_err(c, in->op, "%s: dst_blk_stride 0 is undefined on the hardware", asc_op_name(in->op));
  asc_sim_setmask(c, in, 3, bits, lanes);
  for (int64_t r = 0; r < repeat; r++)
    for (int k = 0; k < lanes; k++)
      if (asc_sim_lane_on(c, k) && masklane(c, in, op, dt, r, k, p))
        return -1;
  return asc_sim_vcost(c, in, repeat);
}

void asc_sim_reg_vector(sim_exec_fn *t) {
  for (int op = 0; op < ASC_OP_COUNT; op++)
    if (vops[op].f)
      t[op] = (op >= ASC_OP_ADD_MASK && op <= ASC_OP_MIN_BITMASK) ? vmasked : vcount;
  asc_sim_reg_vmisc(t);
}
