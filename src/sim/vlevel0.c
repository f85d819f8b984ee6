/* vlevel0.c - the level-0 (mask / repeat) form of every elementwise op, and the mask
 * register state (hardware.md §11): set_vector_mask, reset_mask, set_mask_count and
 * set_mask_norm.
 *
 * Normal mode: each of `repeat` repeats covers 256 bytes (lanes = 256 / sizeof(T)); lane k
 * takes part when bit k of the mask register is set.  Counter mode: the register's low
 * word holds an element count N, the instruction runs ceil(N / lanes) repeats whatever
 * its repeat operand says, and the last one is partial.  A level-0 call loads its mask
 * operand into the register first unless is_set_mask = false; in counter mode a
 * continuous mask operand is the count itself.  Lanes switched off keep dst.  The level-0
 * forms of cast, axpy and the whole-tensor reductions are here too. */
#include <stdlib.h>

#include "sim/vector_int.h"

/* The mask register for a continuous mask of n lanes (clamped to the repeat's lanes). */
static void contmask(uint64_t m[2], int64_t n, int lanes) {
  if (n > lanes)
    n = lanes;
  m[0] = n >= 64 ? ~0ull : n <= 0 ? 0 : (1ull << n) - 1;
  m[1] = n >= 128 ? ~0ull : n <= 64 ? 0 : (1ull << (n - 64)) - 1;
}

int64_t asc_sim_l0_begin(sim_core *c, const sim_inst *in, int mi, bool bits, int lanes, int64_t repeat) {
  const asc_attr *a = asc_op_attr(in->op, "is_set_mask");
  if (!a || a->i) {
    if (bits) { /* operands (hi, lo) */
      c->mask[1] = (uint64_t)sim_in(c, in, mi)->i;
      c->mask[0] = (uint64_t)sim_in(c, in, mi + 1)->i;
    } else if (c->counter) {
      c->mask[1] = 0;
      c->mask[0] = (uint64_t)sim_in(c, in, mi)->i;
    } else {
      contmask(c->mask, sim_in(c, in, mi)->i, lanes);
    }
  }
  if (c->counter) {
    uint64_t n = c->mask[0];
    if (n > (uint64_t)255 * (uint64_t)lanes)
      return asc_sim_err(c, in->op, "%s: counter-mode count %llu needs more than 255 repeats of %d lanes",
                         asc_op_name(in->op), (unsigned long long)n, lanes);
    return (int64_t)((n + (uint64_t)lanes - 1) / (uint64_t)lanes);
  }
  if (repeat < 0 || repeat > 255)
    return asc_sim_err(c, in->op, "%s: repeat %lld is outside 0..255", asc_op_name(in->op), (long long)repeat);
  return repeat;
}

bool asc_sim_l0_on(const sim_core *c, int64_t r, int k, int lanes) {
  if (c->counter)
    return (uint64_t)(r * lanes + k) < c->mask[0];
  return (c->mask[k >> 6] >> (k & 63)) & 1;
}

void asc_sim_count_done(sim_core *c) {
  c->mask[0] = c->mask[1] = ~0ull;
  c->counter = false;
}

/* Byte offset of lane k of repeat r (hardware.md §11). */
int64_t asc_sim_laneoff(int64_t r, int k, int esz, int64_t blk, int64_t rep) {
  int per = 32 / esz;
  return 32 * (r * rep + (int64_t)(k / per) * blk) + (int64_t)(k % per) * esz;
}

/* The strides of the repeat-params structs by name: dst, src0, src1 block strides, then the same
 * repeat strides (Unary- and CopyRepeatParams: dst and src). */
#define BR(f) ASC_SF_BinaryRepeatParams_##f
#define UR(f) ASC_SF_UnaryRepeatParams_##f
#define CR(f) ASC_SF_CopyRepeatParams_##f
static const struct {
  int sid, n; /* asc_struct_id, how many operands it has strides for */
  asc_sfield blk[3], rep[3];
} stridefields[] = {
    {ASC_STRUCT_BINARY_REPEAT, 3, {BR(dst_blk_stride), BR(src0_blk_stride), BR(src1_blk_stride)},
     {BR(dst_rep_stride), BR(src0_rep_stride), BR(src1_rep_stride)}},
    {ASC_STRUCT_UNARY_REPEAT, 2, {UR(dst_blk_stride), UR(src_blk_stride)}, {UR(dst_rep_stride), UR(src_rep_stride)}},
    {ASC_STRUCT_COPY_REPEAT, 2, {CR(dst_stride), CR(src_stride)}, {CR(dst_repeat_size), CR(src_repeat_size)}},
};

/* The n block strides and n repeat strides (dst, src0[, src1]) of the repeat-params struct operand
 * `opnd` (fields are doubles: each must be an integer in the hardware's range, block uint16, repeat
 * uint8, before use, so lane offsets stay far from overflow). */
int asc_sim_strides(sim_core *c, const sim_inst *in, int opnd, int n, int64_t *blk, int64_t *rep) {
  static const char *const bn[3] = {"dst block stride", "src0 block stride", "src1 block stride"};
  static const char *const rn[3] = {"dst repeat stride", "src0 repeat stride", "src1 repeat stride"};
  const asc_type *t = sim_intype(in, opnd);
  const double *p = sim_in(c, in, opnd)->fld;
  size_t k = 0;
  while (k < sizeof stridefields / sizeof stridefields[0] &&
         !(t && t->kind == ASC_TY_STRUCT && t->struct_id == stridefields[k].sid && n <= stridefields[k].n))
    k++;
  if (k == sizeof stridefields / sizeof stridefields[0])
    return asc_sim_err(c, in->op, "%s: operand %d is not a repeat-params struct with strides for %d operands",
                       asc_op_name(in->op), opnd, n);
  for (int i = 0; i < n; i++)
    if (asc_sim_field(c, in->op, bn[i], p[asc_sfields[stridefields[k].blk[i]].index], 0, 65535, &blk[i]) ||
        asc_sim_field(c, in->op, rn[i], p[asc_sfields[stridefields[k].rep[i]].index], 0, 255, &rep[i]))
      return -1;
  return 0;
}

/* (dst, src0, src1 | src | src, s;  mask | hi, lo;  repeat;  Binary- | Unary- | CopyRepeatParams).
 * Strides: BinaryRepeatParams (dst, src0, src1 block; dst, src0, src1 repeat),
 * UnaryRepeatParams and CopyRepeatParams (dst, src block; dst, src repeat). */
int asc_exec_vlevel0(sim_core *c, const sim_inst *in) {
  const sim_vop *op = asc_sim_vop(in->op->code);
  int dt = asc_sim_elem_dtype(sim_intype(in, 0));
  if (asc_sim_vcheckdt(c, in, op, dt))
    return -1;
  bool bits = op->form == SIM_VF_BITS;
  int mi = op->kind == SIM_V_UNARY || op->kind == SIM_V_MOVE ? 2 : 3, ri = mi + (bits ? 2 : 1);
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  int64_t blk[3] = {0, 0, 0}, rep[3] = {0, 0, 0}; /* dst, src0, src1 */
  if (asc_sim_strides(c, in, ri + 1, op->kind == SIM_V_BIN ? 3 : 2, blk, rep))
    return -1;
  if (blk[0] == 0)
    return asc_sim_err(c, in->op, "%s: dst block stride 0 is undefined on the hardware", asc_op_name(in->op));
  sim_num s = op->kind == SIM_V_SCALAR ? asc_sim_vscalar(c, in, 2, dt) : (sim_num){0, 0};
  int64_t reps = asc_sim_l0_begin(c, in, mi, bits, lanes, sim_in(c, in, ri)->i);
  if (reps < 0)
    return -1;
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < lanes; k++) {
      if (!asc_sim_l0_on(c, r, k, lanes))
        continue;
      uint8_t *d = asc_sim_vptr(c, in, 0, asc_sim_laneoff(r, k, esz, blk[0], rep[0]), esz, "write");
      if (d && op->f3 && !asc_sim_vptr(c, in, 0, asc_sim_laneoff(r, k, esz, blk[0], rep[0]), esz, "read"))
        return -1; /* dst is an input too */
      const uint8_t *a = d ? asc_sim_vptr(c, in, 1, asc_sim_laneoff(r, k, esz, blk[1], rep[1]), esz, "read") : NULL;
      const uint8_t *b = NULL;
      if (a && op->kind == SIM_V_BIN)
        b = asc_sim_vptr(c, in, 2, asc_sim_laneoff(r, k, esz, blk[2], rep[2]), esz, "read");
      if (!a || (op->kind == SIM_V_BIN && !b))
        return -1;
      asc_sim_velem(op, dt, d, a, b, s);
    }
  return asc_sim_vcost_strided(c, in, reps, blk, rep, op->kind == SIM_V_BIN ? 3 : 2);
}

/* ---- cast, axpy and the whole-tensor reductions ---- */
static int dtof(const sim_inst *in, int i) { return asc_sim_elem_dtype(sim_intype(in, i)); }

/* cast.mask|bitmask(dst, src, mask.., repeat, UnaryRepeatParams) and
 * axpy.mask|bitmask(dst, src, s, mask.., repeat, UnaryRepeatParams): lanes = 256 bytes of the
 * wider type; each operand is addressed in its own element size. */
int asc_exec_castaxpy(sim_core *c, const sim_inst *in) {
  int ddt = dtof(in, 0), sdt = dtof(in, 1);
  bool bits, axpy = sim_formof(in, &bits) == ASC_OP_AXPY;
  if (ddt < 0 || sdt < 0)
    return -1;
  int ds = asc_sim_dtype_size(ddt), ss = asc_sim_dtype_size(sdt), lanes = 256 / (ds > ss ? ds : ss);
  int mi = axpy ? 3 : 2, ri = mi + (bits ? 2 : 1);
  int64_t blk[2], rep[2];
  if (asc_sim_strides(c, in, ri + 1, 2, blk, rep))
    return -1;
  if (blk[0] == 0)
    return asc_sim_err(c, in->op, "%s: dst block stride 0 is undefined on the hardware", asc_op_name(in->op));
  const asc_attr *a = asc_op_attr(in->op, "round");
  int rm = a ? (int)a->i : SIM_RM_NONE;
  double k = axpy ? asc_sim_vscalar(c, in, 2, sdt).f : 0;
  int64_t reps = asc_sim_l0_begin(c, in, mi, bits, lanes, sim_in(c, in, ri)->i);
  if (reps < 0)
    return -1;
  for (int64_t r = 0; r < reps; r++)
    for (int l = 0; l < lanes; l++) {
      if (!asc_sim_l0_on(c, r, l, lanes))
        continue;
      uint8_t *d = asc_sim_vptr(c, in, 0, asc_sim_laneoff(r, l, ds, blk[0], rep[0]), ds, "write");
      if (d && axpy && !asc_sim_vptr(c, in, 0, asc_sim_laneoff(r, l, ds, blk[0], rep[0]), ds, "read"))
        return -1; /* axpy's dst accumulates: it is read too */
      const uint8_t *s = d ? asc_sim_vptr(c, in, 1, asc_sim_laneoff(r, l, ss, blk[1], rep[1]), ss, "read")
                           : NULL;
      if (!s)
        return -1;
      double v;
      if (axpy)
        asc_sim_storef(ddt, d, asc_sim_loadf(ddt, d) + asc_sim_axpy_prod(k, asc_sim_loadf(sdt, s), ddt));
      else if (sdt == ASC_SIM_I32 && ddt == ASC_SIM_F16) { /* through DEQSCALE (vdeq.c) */
        if (asc_sim_cast_deq16(c, in, asc_sim_loadi(sdt, s), &v))
          return -1;
        asc_sim_storef(ddt, d, v);
      } else
        asc_sim_castone(sdt, ddt, rm, s, d);
    }
  return asc_sim_vcost(c, in, reps);
}

/* reduce_sum/max/min.mask|bitmask(dst, src, tmp, mask.., repeat, src_rep_stride): one result
 * over the lanes on of every repeat (src block stride 1), formed like the count form: each
 * repeat a pairwise tree, then the repeat results (lanes off add 0); the index is the
 * element offset in src of the first max / min. */
int asc_exec_reducel0(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  bool bits;
  asc_opcode base = sim_formof(in, &bits);
  bool sum = base == ASC_OP_REDUCE_SUM, max = base == ASC_OP_REDUCE_MAX;
  if (dt < 0)
    return -1;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz, ri = bits ? 5 : 4;
  int64_t srep = sim_in(c, in, ri + 1)->i;
  const asc_attr *ci = asc_op_attr(in->op, "cal_index");
  bool idx = ci && ci->i && !sum;
  int64_t reps = asc_sim_l0_begin(c, in, 3, bits, lanes, sim_in(c, in, ri)->i);
  if (reps < 0)
    return -1;
  double *v = calloc((size_t)(reps * lanes + 1), sizeof *v);
  if (!v)
    asc_die("out of memory");
  int64_t best = -1;
  double bv = 0;
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < lanes; k++) {
      if (!asc_sim_l0_on(c, r, k, lanes))
        continue;
      int64_t off = asc_sim_laneoff(r, k, esz, 1, srep);
      const uint8_t *s = asc_sim_vptr(c, in, 1, off, esz, "read");
      if (!s) {
        free(v);
        return -1;
      }
      double x = v[r * lanes + k] = asc_sim_loadf(dt, s);
      if (best < 0 || asc_sim_red_better(max, x, bv))
        best = off / esz, bv = x;
    }
  double res = sum ? asc_sim_treesum(v, reps * lanes, dt, lanes, false) : bv;
  free(v);
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, (idx ? 2 : 1) * esz, "write");
  if (!d)
    return -1;
  asc_sim_storef(dt, d, res);
  if (idx)
    asc_sim_storei(esz == 2 ? ASC_SIM_U16 : ASC_SIM_U32, d + esz, best < 0 ? 0 : best);
  return asc_sim_vcost(c, in, reps + 1); /* class REDUCE: the repeats + one pass over the partials */
}

/* ---- the mask register ---- */
static int lanes_of(const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "dtype");
  int dt = a && a->type ? asc_sim_dtype_of(a->type) : -1;
  return dt < 0 ? 128 : 256 / asc_sim_dtype_size(dt);
}

static bool counter_attr(const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "mode");
  return a && a->i == ASC_MASKMODE_COUNTER;
}

/* set_vector_mask(len): NORMAL: the first len lanes of a repeat of T; COUNTER: the count. */
int asc_exec_setvectormask(sim_core *c, const sim_inst *in) {
  int64_t n = sim_in(c, in, ASC_OPND_SET_VECTOR_MASK_mask)->i;
  if (counter_attr(in))
    c->mask[1] = 0, c->mask[0] = (uint64_t)n;
  else
    contmask(c->mask, n, lanes_of(in));
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

int asc_exec_setvectormaskbits(sim_core *c, const sim_inst *in) {
  c->mask[1] = (uint64_t)sim_in(c, in, ASC_OPND_SET_VECTOR_MASK_BITS_mask_hi)->i;
  c->mask[0] = (uint64_t)sim_in(c, in, ASC_OPND_SET_VECTOR_MASK_BITS_mask_lo)->i;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

int asc_exec_resetmask(sim_core *c, const sim_inst *in) {
  (void)in;
  c->mask[0] = c->mask[1] = ~0ull;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

int asc_exec_setmaskcount(sim_core *c, const sim_inst *in) {
  (void)in;
  c->counter = true;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

int asc_exec_setmasknorm(sim_core *c, const sim_inst *in) {
  (void)in;
  c->counter = false;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

