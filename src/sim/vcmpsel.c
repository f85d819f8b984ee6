/* vcmpsel.c - compare and select (hardware.md §11.1) and the CMPMASK register.
 *
 * compare / compare_scalar write one bit per element into a uint8 dst, LSB first (bit i
 * of byte i / 8 is element i), lanes / 8 bytes per repeat, packed.  The mask operands of
 * their level-0 forms are ignored (each repeat compares all its lanes), and the count
 * form compares only whole 256-byte repeats.  Types: f16 and f32 in every mode, i32 for
 * EQ only.  A NaN operand makes every mode false, NE included (the boundary-value appendix,
 * Compare / Compares: src0 or src1 NaN gives 0 in NE, unlike IEEE 754).
 *
 * select picks src0[i] where the selection bit is 1, else src1[i] (a tensor in modes 0
 * and 2, a scalar in mode 1).  Mode 0 (VSEL_CMPMASK_SPR) loads the first 128 bits of
 * sel_mask into CMPMASK and uses bit k for lane k of every repeat; modes 1 and 2 consume
 * sel_mask progressively: bit r * lanes + k.  Types f16 and f32.  Lanes the mask switches
 * off keep dst. */
#include <math.h>
#include <string.h>

#include "sim/vector_int.h"

static int dtof(const sim_inst *in, int i) { return asc_sim_elem_dtype(sim_intype(in, i)); }

static bool cmp(int mode, double a, double b) {
  switch (mode) {
  case ASC_CMPMODE_LT: return a < b;
  case ASC_CMPMODE_GT: return a > b;
  case ASC_CMPMODE_EQ: return a == b;
  case ASC_CMPMODE_LE: return a <= b;
  case ASC_CMPMODE_GE: return a >= b;
  default: return a < b || a > b; /* NE: false when either is NaN (the boundary-value appendix) */
  }
}

static int cmpmode(const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "cmp_mode");
  return a ? (int)a->i : ASC_CMPMODE_LT;
}

/* 0 when compare supports the source type dt in mode, else -1 after an error. */
static int cmpcheck(sim_core *c, const sim_inst *in, int dt, int mode) {
  if (dt == ASC_SIM_F16 || dt == ASC_SIM_F32 || (dt == ASC_SIM_I32 && mode == ASC_CMPMODE_EQ))
    return 0;
  return asc_sim_err(c, in->op, "%s: source type %s is not supported (f16 and f32; i32 with CMPMODE.EQ only)",
                     asc_op_name(in->op), dt < 0 ? "?" : asc_sim_dtype_name(dt));
}

/* Set or clear bit `bit` of dst (operand 0, uint8); -1 after an error. */
static int putbit(sim_core *c, const sim_inst *in, int64_t bit, bool v) {
  uint8_t *d = asc_sim_vptr(c, in, 0, bit >> 3, 1, "write");
  if (!d)
    return -1;
  *d = (uint8_t)(v ? *d | (1u << (bit & 7)) : *d & ~(1u << (bit & 7)));
  return 0;
}

/* One compare of src0's lane at byte offset o0 with src1's at o1 (b == NULL: scalar s). */
static int cmpone(sim_core *c, const sim_inst *in, int dt, int mode, int64_t o0, int64_t o1, bool scalar,
                  double s, bool *out) {
  int esz = asc_sim_dtype_size(dt);
  const uint8_t *a = asc_sim_vptr(c, in, 1, o0, esz, "read");
  const uint8_t *b = a && !scalar ? asc_sim_vptr(c, in, 2, o1, esz, "read") : NULL;
  if (!a || (!scalar && !b))
    return -1;
  *out = cmp(mode, asc_sim_loadf(dt, a), scalar ? s : asc_sim_loadf(dt, b));
  return 0;
}

/* compare(dst, src0, src1, n) and compare_scalar(dst, src0, s, n). */
int asc_exec_comparecount(sim_core *c, const sim_inst *in) {
  bool scalar = in->op->code == ASC_OP_COMPARE_SCALAR;
  int dt = dtof(in, 1), mode = cmpmode(in);
  if (cmpcheck(c, in, dt, mode))
    return -1;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  int64_t n = sim_in(c, in, ASC_OPND_COMPARE_count)->i;
  if (n < 0)
    return asc_sim_err(c, in->op, "%s: negative count %lld", asc_op_name(in->op), (long long)n);
  if (n % lanes)
    asc_sim_warn_once(c, in, "%s: count %lld is not a whole number of 256-byte repeats (%d elements); "
                      "the last %lld elements are not compared", asc_op_name(in->op), (long long)n, lanes,
                      (long long)(n % lanes));
  int64_t m = n / lanes * lanes;
  double s = scalar ? asc_sim_vscalar(c, in, 2, dt).f : 0;
  for (int64_t i = 0; i < m; i++) {
    bool v;
    if (cmpone(c, in, dt, mode, i * esz, i * esz, scalar, s, &v) || putbit(c, in, i, v))
      return -1;
  }
  asc_sim_count_done(c);
  return asc_sim_vcost(c, in, m / lanes);
}

/* A field of the repeat-params struct p by name. */
#define BR(p, f) SFLD(p, BinaryRepeatParams, f)
#define UR(p, f) SFLD(p, UnaryRepeatParams, f)

/* compare.mask|bitmask(dst, src0, src1, mask.., repeat, BinaryRepeatParams) and
 * compare_scalar.mask|bitmask(dst, src0, s, mask.., repeat, UnaryRepeatParams). */
int asc_exec_comparel0(sim_core *c, const sim_inst *in) {
  bool bits, scalar = sim_formof(in, &bits) == ASC_OP_COMPARE_SCALAR;
  int dt = dtof(in, 1), mode = cmpmode(in);
  if (cmpcheck(c, in, dt, mode))
    return -1;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz, ri = bits ? 5 : 4;
  const double *p = sim_in(c, in, ri + 1)->fld;
  /* src0 and src1 strides: BinaryRepeatParams' src0 and src1, or UnaryRepeatParams' src (no src1) */
  int64_t b0 = scalar ? (int64_t)UR(p, src_blk_stride) : (int64_t)BR(p, src0_blk_stride);
  int64_t r0 = scalar ? (int64_t)UR(p, src_rep_stride) : (int64_t)BR(p, src0_rep_stride);
  int64_t b1 = scalar ? 0 : (int64_t)BR(p, src1_blk_stride), r1 = scalar ? 0 : (int64_t)BR(p, src1_rep_stride);
  double s = scalar ? asc_sim_vscalar(c, in, 2, dt).f : 0;
  int64_t reps = asc_sim_l0_begin(c, in, 3, bits, lanes, sim_in(c, in, ri)->i);
  if (reps < 0)
    return -1;
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < lanes; k++) {
      bool v;
      if (c->counter && !asc_sim_l0_on(c, r, k, lanes))
        continue;
      if (cmpone(c, in, dt, mode, asc_sim_laneoff(r, k, esz, b0, r0), asc_sim_laneoff(r, k, esz, b1, r1), scalar, s,
                 &v) ||
          putbit(c, in, r * lanes + k, v))
        return -1;
    }
  return asc_sim_vcost(c, in, reps);
}

/* compare.reg_mask|reg_bitmask(src0, src1, mask.., BinaryRepeatParams): one repeat into CMPMASK. */
int asc_exec_comparereg(sim_core *c, const sim_inst *in) {
  bool bits = in->op->code == ASC_OP_COMPARE_REG_BITMASK;
  int dt = dtof(in, 0), mode = cmpmode(in);
  if (cmpcheck(c, in, dt, mode))
    return -1;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  const double *p = sim_in(c, in, bits ? 4 : 3)->fld;
  if (asc_sim_l0_begin(c, in, 2, bits, lanes, 1) < 0)
    return -1;
  uint64_t m[2] = {0, 0};
  for (int k = 0; k < lanes; k++) {
    const uint8_t *a = asc_sim_vptr(c, in, 0, asc_sim_laneoff(0, k, esz, (int64_t)BR(p, src0_blk_stride), 0), esz,
                                    "read");
    const uint8_t *b =
        a ? asc_sim_vptr(c, in, 1, asc_sim_laneoff(0, k, esz, (int64_t)BR(p, src1_blk_stride), 0), esz, "read") : NULL;
    if (!b)
      return -1;
    if (cmp(mode, asc_sim_loadf(dt, a), asc_sim_loadf(dt, b)))
      m[k >> 6] |= 1ull << (k & 63);
  }
  c->cmpmask[0] = m[0], c->cmpmask[1] = m[1];
  return asc_sim_vcost(c, in, 1);
}

int asc_exec_getcmpmask(sim_core *c, const sim_inst *in) {
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, 16, "write");
  if (!d)
    return -1;
  for (int i = 0; i < 16; i++)
    d[i] = (uint8_t)(c->cmpmask[i >> 3] >> (8 * (i & 7)));
  return asc_sim_vcost(c, in, 1);
}

int asc_exec_setcmpmask(sim_core *c, const sim_inst *in) {
  const uint8_t *s = asc_sim_vptr(c, in, 0, 0, 16, "read");
  if (!s)
    return -1;
  c->cmpmask[0] = c->cmpmask[1] = 0;
  for (int i = 0; i < 16; i++)
    c->cmpmask[i >> 3] |= (uint64_t)s[i] << (8 * (i & 7));
  return asc_sim_vcost(c, in, 1);
}

/* ---- select ---- */
static int selmode(const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "sel_mode");
  return a ? (int)a->i : 0;
}

/* Bit `bit` of sel_mask (operand 1) into *v; -1 after an error. */
static int selbit(sim_core *c, const sim_inst *in, int64_t bit, bool *v) {
  const uint8_t *s = asc_sim_vptr(c, in, 1, bit >> 3, 1, "read");
  if (!s)
    return -1;
  *v = (*s >> (bit & 7)) & 1;
  return 0;
}

/* dst's lane at od := (sel ? src0 at o0 : src1 at o1 or s). */
static int selone(sim_core *c, const sim_inst *in, int dt, bool sel, bool scalar, sim_num s, int64_t od,
                  int64_t o0, int64_t o1) {
  int esz = asc_sim_dtype_size(dt);
  uint8_t *d = asc_sim_vptr(c, in, 0, od, esz, "write");
  const uint8_t *a = d && (sel || scalar) ? asc_sim_vptr(c, in, 2, o0, esz, "read") : NULL;
  const uint8_t *b = d && !scalar ? asc_sim_vptr(c, in, 3, o1, esz, "read") : NULL;
  if (!d || ((sel || scalar) && !a) || (!scalar && !b))
    return -1;
  if (sel)
    memmove(d, a, (size_t)esz);
  else if (scalar)
    asc_sim_storef(dt, d, s.f);
  else
    memmove(d, b, (size_t)esz);
  return 0;
}

/* Common checks; the selection bit's index for lane k of repeat r is mode 0: k, else r * lanes + k. */
static int selcheck(sim_core *c, const sim_inst *in, int dt, int mode, bool scalar) {
  if (dt != ASC_SIM_F16 && dt != ASC_SIM_F32)
    return asc_sim_err(c, in->op, "%s: element type %s is not supported (f16, f32)", asc_op_name(in->op),
                       dt < 0 ? "?" : asc_sim_dtype_name(dt));
  if (scalar != (mode == ASC_SELMODE_VSEL_TENSOR_SCALAR_MODE))
    return asc_sim_err(c, in->op, "%s: SELMODE %s takes %s src1", asc_op_name(in->op),
                       asc_enum_name(ASC_ENUM_SELMODE, mode), scalar ? "a tensor" : "a scalar");
  if (mode == ASC_SELMODE_VSEL_CMPMASK_SPR) { /* the API loads sel_mask into CMPMASK first */
    const uint8_t *s = asc_sim_vptr(c, in, 1, 0, 16, "read");
    if (!s)
      return -1;
    c->cmpmask[0] = c->cmpmask[1] = 0;
    for (int i = 0; i < 16; i++)
      c->cmpmask[i >> 3] |= (uint64_t)s[i] << (8 * (i & 7));
  }
  return 0;
}

static int selbitat(sim_core *c, const sim_inst *in, int mode, int64_t r, int k, int lanes, bool *v) {
  if (mode == ASC_SELMODE_VSEL_CMPMASK_SPR) {
    *v = (c->cmpmask[k >> 6] >> (k & 63)) & 1;
    return 0;
  }
  return selbit(c, in, r * lanes + k, v);
}

/* select(dst, sel_mask, src0, src1, n) / select_scalar(dst, sel_mask, src0, s, n). */
int asc_exec_selectcount(sim_core *c, const sim_inst *in) {
  bool scalar = in->op->code == ASC_OP_VSELECT_SCALAR;
  int dt = dtof(in, 0), mode = selmode(in);
  if (selcheck(c, in, dt, mode, scalar))
    return -1;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  int64_t n = sim_in(c, in, ASC_OPND_VSELECT_count)->i;
  if (n < 0)
    return asc_sim_err(c, in->op, "%s: negative count %lld", asc_op_name(in->op), (long long)n);
  sim_num s = scalar ? asc_sim_vscalar(c, in, 3, dt) : (sim_num){0, 0};
  for (int64_t i = 0; i < n; i++) {
    bool v;
    if (selbitat(c, in, mode, i / lanes, (int)(i % lanes), lanes, &v) ||
        selone(c, in, dt, v, scalar, s, i * esz, i * esz, i * esz))
      return -1;
  }
  asc_sim_count_done(c);
  return asc_sim_vcost(c, in, (n + lanes - 1) / lanes);
}

/* select[_scalar].mask|bitmask(dst, sel_mask, src0, src1 | s, mask.., repeat, BinaryRepeatParams) */
int asc_exec_selectl0(sim_core *c, const sim_inst *in) {
  bool bits, scalar = sim_formof(in, &bits) == ASC_OP_VSELECT_SCALAR;
  int dt = dtof(in, 0), mode = selmode(in);
  if (selcheck(c, in, dt, mode, scalar))
    return -1;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz, ri = bits ? 6 : 5;
  const double *p = sim_in(c, in, ri + 1)->fld;
  if (BR(p, dst_blk_stride) == 0)
    return asc_sim_err(c, in->op, "%s: dst block stride 0 is undefined on the hardware", asc_op_name(in->op));
  sim_num s = scalar ? asc_sim_vscalar(c, in, 3, dt) : (sim_num){0, 0};
  int64_t reps = asc_sim_l0_begin(c, in, 4, bits, lanes, sim_in(c, in, ri)->i);
  if (reps < 0)
    return -1;
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < lanes; k++) {
      bool v;
      if (!asc_sim_l0_on(c, r, k, lanes))
        continue;
      if (selbitat(c, in, mode, r, k, lanes, &v) ||
          selone(c, in, dt, v, scalar, s,
                 asc_sim_laneoff(r, k, esz, (int64_t)BR(p, dst_blk_stride), (int64_t)BR(p, dst_rep_stride)),
                 asc_sim_laneoff(r, k, esz, (int64_t)BR(p, src0_blk_stride), (int64_t)BR(p, src0_rep_stride)),
                 asc_sim_laneoff(r, k, esz, (int64_t)BR(p, src1_blk_stride), (int64_t)BR(p, src1_rep_stride))))
        return -1;
    }
  return asc_sim_vcost(c, in, reps);
}

/* select.reg(dst, src0, src1, repeat, BinaryRepeatParams): the mask register and CMPMASK as earlier
 * instructions left them (set_vector_mask, compare to CMPMASK, set_cmp_mask).  SELMODE 0: bit k of
 * CMPMASK; SELMODE 2: CMPMASK[31:0] is the UB byte address of the sel_mask, consumed progressively. */
int asc_exec_selectreg(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0), mode = selmode(in);
  if (dt != ASC_SIM_F16 && dt != ASC_SIM_F32)
    return asc_sim_err(c, in->op, "asc.select: element type %s is not supported (f16, f32)",
                       dt < 0 ? "?" : asc_sim_dtype_name(dt));
  if (mode == ASC_SELMODE_VSEL_TENSOR_SCALAR_MODE)
    return asc_sim_err(c, in->op, "asc.select: SELMODE 1 takes (dst, sel_mask, src0, repeat_times, repeat_params)");
  sim_val sel = {0}; /* mode 2: the sel_mask at the UB byte address in CMPMASK[31:0] */
  sel.mem = SIM_MEM_UB, sel.off = (int64_t)(uint32_t)c->cmpmask[0], sel.len = -1;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  const double *p = sim_in(c, in, ASC_OPND_VSELECT_REG_repeat_params)->fld;
  if (BR(p, dst_blk_stride) == 0)
    return asc_sim_err(c, in->op, "asc.select: dst block stride 0 is undefined on the hardware");
  int64_t sblk[3] = {0, (int64_t)BR(p, src0_blk_stride), (int64_t)BR(p, src1_blk_stride)};
  int64_t srep[3] = {0, (int64_t)BR(p, src0_rep_stride), (int64_t)BR(p, src1_rep_stride)};
  int64_t reps = c->counter ? (int64_t)((c->mask[0] + (uint64_t)lanes - 1) / (uint64_t)lanes)
      : sim_in(c, in, ASC_OPND_VSELECT_REG_repeat_times)->i;
  if (reps < 0 || reps > 255)
    return asc_sim_err(c, in->op, "asc.select: repeat %lld is outside 0..255", (long long)reps);
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < lanes; k++) {
      if (!asc_sim_l0_on(c, r, k, lanes))
        continue;
      bool on = (c->cmpmask[k >> 6] >> (k & 63)) & 1;
      if (mode == ASC_SELMODE_VSEL_TENSOR_TENSOR_MODE) {
        int64_t bit = r * lanes + k;
        const uint8_t *m = asc_sim_mem(c, in->op, &sel, bit >> 3, 1, "read");
        if (!m)
          return -1;
        on = (*m >> (bit & 7)) & 1;
      }
      int src = on ? 1 : 2; /* operand 1 = src0, 2 = src1 */
      uint8_t *d = asc_sim_vptr(c, in, 0,
                                asc_sim_laneoff(r, k, esz, (int64_t)BR(p, dst_blk_stride), (int64_t)BR(p, dst_rep_stride)),
                                esz, "write");
      const uint8_t *s =
          d ? asc_sim_vptr(c, in, src, asc_sim_laneoff(r, k, esz, sblk[src], srep[src]), esz, "read") : NULL;
      if (!s)
        return -1;
      memmove(d, s, (size_t)esz);
    }
  return asc_sim_vcost(c, in, reps);
}

