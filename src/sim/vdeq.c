/* vdeq.c - the vector ops that convert as they compute (mul_cast, add_relu_cast,
 * sub_relu_cast, add_deq_relu, cast_deq), the DEQSCALE register (set_deq_scale, also read
 * by cast int32 -> half) and select's SELMODE 1 register form.
 *
 * Lanes per repeat are 256 bytes of the wider element type; each operand is addressed in
 * its own element size (hardware.md §11, mixed widths).  The count form covers elements
 * 0..n-1 contiguously and leaves the mask register in normal mode, every lane on.
 *
 * Rounding: the fused op is done in the source type first (a half product / sum rounded to
 * half, a float sum to float, an int16 sum saturating), then relu, then the conversion to the
 * destination rounds to nearest even; into integers it saturates (API precision_conversion.md),
 * into half it keeps inf and turns NaN into +0 (the boundary-value appendix, AddReluCast /
 * SubReluCast in INF/NAN mode).  deq(x), int32 -> half (API AddDeqRelu / CastDequant "overflow protection"):
 * f32(x) * 2^-17, times the half scale rounded to f32, times 2^17, rounded to half and
 * saturated to +-65504.  The int16 -> 8-bit cast_deq uses the (1, 8, 10) scale of
 * SetDeqScale.md (the f32 scale with its 13 low mantissa bits dropped) and a 9-bit signed
 * offset: sat(rint(src * scale + offset)), int8 if the sign bit is set, else uint8.
 *
 * DEQSCALE (64 bits, SetDeqScale.md table 1): [15:0] a half scale; or [31:0] an f32 scale,
 * [45:37] offset, [46] sign; or [13:0] the 32-byte-unit UB address of a 128-byte table of 16
 * entries in the second layout (set_deq_scale(vdeq, info) writes it).  The simulator also
 * remembers which form set it last, so a consumer that reads it in another layout is an
 * error rather than a silent reinterpretation. */
#include <math.h>
#include <string.h>

#include "sim/vector_int.h"

enum { DEQ_NONE, DEQ_HALF, DEQ_QUANT, DEQ_VDEQ };
static const char *const deq_setter[] = {"no set_deq_scale", "set_deq_scale(half scale)",
                                         "set_deq_scale(scale, offset, sign_mode)", "set_deq_scale(vdeq, vdeq_info)"};

static int dtof(const sim_inst *in, int i) { return asc_sim_elem_dtype(sim_intype(in, i)); }

static bool battr(const sim_inst *in, const char *name, bool dflt) {
  const asc_attr *a = asc_op_attr(in->op, name);
  return a ? a->i != 0 : dflt;
}

/* 0 when DEQSCALE was last set by the form `want`, else -1 after an error. */
static int deqneed(sim_core *c, const sim_inst *in, int want) {
  if (c->deq_mode == want)
    return 0;
  return asc_sim_err(c, in->op, "%s: reads DEQSCALE as set by %s, but it was last set by %s", asc_op_name(in->op),
                     deq_setter[want], deq_setter[c->deq_mode]);
}

static double f32(double x) { return (double)(float)x; }

/* deq(x) for int32 -> half with the half scale in DEQSCALE[15:0]. */
static double deq16(const sim_core *c, int64_t x) {
  double scale = asc_sim_f16_value((uint16_t)(c->deqscale & 0xFFFF));
  double t = f32(f32((double)x) * 0x1p-17 * scale) * 0x1p17; /* both power-of-two steps exact in f32 */
  t = asc_sim_round_fp(t, ASC_SIM_F16, SIM_RM_RINT);
  return t > 65504.0 ? 65504.0 : t < -65504.0 ? -65504.0 : t;
}

int asc_sim_cast_deq16(sim_core *c, const sim_inst *in, int64_t x, double *out) {
  if (deqneed(c, in, DEQ_HALF))
    return -1;
  *out = deq16(c, x);
  return 0;
}

/* One entry in the quant layout applied to an int16 value: the 8-bit result, or -1 after an
 * error when the entry's sign does not match dst's type. */
static int quant(sim_core *c, const sim_inst *in, uint64_t e, int ddt, int64_t x, int64_t *out) {
  uint32_t sb = (uint32_t)(e & 0xFFFFE000u); /* (1, 8, 10): mantissa bits 13..22 only */
  float scale;
  memcpy(&scale, &sb, sizeof scale);
  int64_t off = (int64_t)((e >> 37) & 0x1FF);
  if (off & 0x100)
    off -= 0x200;
  bool sign = (e >> 46) & 1;
  if (sign != (ddt == ASC_SIM_I8))
    return asc_sim_err(c, in->op, "%s: the DEQSCALE sign mode is %s but dst is %s (sign_mode true: int8, false: "
                       "uint8)", asc_op_name(in->op), sign ? "signed" : "unsigned", asc_sim_dtype_name(ddt));
  double v = (double)x * (double)scale + (double)off; /* exact: 16 x 11 significant bits plus 9 */
  *out = asc_sim_fp_to_int(v, ddt, SIM_RM_RINT);   /* saturates */
  return 0;
}

/* ---- the engine: one (fused) conversion per lane ---- */
typedef struct cvop {
  int code;          /* ASC_OP_* of the count form */
  bool bin;          /* two sources */
  bool count, bits;  /* form */
  int sdt, ddt, ss, ds, lanes;
  bool b8half, half_block; /* cast_deq int16 -> 8-bit: dst in half blocks */
  uint8_t table[128];      /* cast_deq is_vec_deq: the 16 entries */
  bool vec;
} cvop;

static bool combo(const cvop *o) {
  int s = o->sdt, d = o->ddt;
  switch (o->code) {
  case ASC_OP_MUL_CAST: return s == ASC_SIM_F16 && (d == ASC_SIM_I8 || d == ASC_SIM_U8);
  case ASC_OP_ADD_RELU_CAST:
  case ASC_OP_SUB_RELU_CAST:
    return (s == ASC_SIM_F16 && d == ASC_SIM_I8) || (s == ASC_SIM_I16 && d == ASC_SIM_I8) ||
           (s == ASC_SIM_F32 && d == ASC_SIM_F16);
  case ASC_OP_ADD_DEQ_RELU: return s == ASC_SIM_I32 && d == ASC_SIM_F16;
  default: /* cast_deq */
    return (s == ASC_SIM_I32 && d == ASC_SIM_F16) || (s == ASC_SIM_I16 && (d == ASC_SIM_I8 || d == ASC_SIM_U8));
  }
}

static const char *combos(int code) {
  switch (code) {
  case ASC_OP_MUL_CAST: return "half -> int8 / uint8";
  case ASC_OP_ADD_RELU_CAST:
  case ASC_OP_SUB_RELU_CAST: return "half -> int8, int16 -> int8, float -> half";
  case ASC_OP_ADD_DEQ_RELU: return "int32 -> half";
  default: return "int32 -> half, int16 -> int8 / uint8";
  }
}

/* The result of lane (a, b) into d. */
static int lane(sim_core *c, const sim_inst *in, const cvop *o, uint8_t *d, const uint8_t *a, const uint8_t *b,
                int k) {
  switch (o->code) {
  case ASC_OP_MUL_CAST: {
    double p = asc_sim_round_fp(asc_sim_loadf(o->sdt, a) * asc_sim_loadf(o->sdt, b), ASC_SIM_F16, SIM_RM_RINT);
    asc_sim_storei(o->ddt, d, asc_sim_fp_to_int(p, o->ddt, SIM_RM_RINT));
    return 0;
  }
  case ASC_OP_ADD_RELU_CAST:
  case ASC_OP_SUB_RELU_CAST: {
    bool add = o->code == ASC_OP_ADD_RELU_CAST;
    if (o->sdt == ASC_SIM_I16) { /* the int16 sum saturates (appendix: MAX + MAX is MAX, MIN - MAX is MIN) */
      int64_t x = asc_sim_loadi(o->sdt, a), y = asc_sim_loadi(o->sdt, b);
      int64_t v = asc_sim_int_sat(add ? x + y : x - y, ASC_SIM_I16);
      asc_sim_storei(o->ddt, d, v < 0 ? 0 : v > 127 ? 127 : v);
      return 0;
    }
    double x = asc_sim_loadf(o->sdt, a), y = asc_sim_loadf(o->sdt, b);
    double v = asc_sim_round_fp(add ? x + y : x - y, o->sdt, SIM_RM_RINT);
    if (!(v > 0) && !isnan(v))
      v = 0;
    if (o->ddt == ASC_SIM_F16) { /* appendix, float -> half: NaN becomes +0, inf stays inf (INF/NAN mode) */
      asc_sim_storef(o->ddt, d, isnan(v) ? 0.0 : asc_sim_round_fp(v, ASC_SIM_F16, SIM_RM_RINT));
    } else {
      asc_sim_storei(o->ddt, d, asc_sim_fp_to_int(v, o->ddt, SIM_RM_RINT));
    }
    return 0;
  }
  case ASC_OP_ADD_DEQ_RELU: {
    int64_t x = asc_sim_wrap(asc_sim_loadi(o->sdt, a) + asc_sim_loadi(o->sdt, b), ASC_SIM_I32);
    double v = deq16(c, x);
    asc_sim_storef(o->ddt, d, v > 0 ? v : 0.0);
    return 0;
  }
  default: /* cast_deq */
    if (o->sdt == ASC_SIM_I32) {
      asc_sim_storef(o->ddt, d, deq16(c, asc_sim_loadi(o->sdt, a)));
      return 0;
    }
    uint64_t e = c->deqscale;
    if (o->vec) {
      e = 0;
      for (int i = 0; i < 8; i++)
        e |= (uint64_t)o->table[8 * (k % 16) + i] << (8 * i);
    }
    int64_t r = 0;
    if (quant(c, in, e, o->ddt, asc_sim_loadi(o->sdt, a), &r))
      return -1;
    asc_sim_storei(o->ddt, d, r);
    return 0;
  }
}

/* Byte offset of dst's lane k of repeat r. */
static int64_t dstoff(const cvop *o, int64_t r, int k, int64_t blk, int64_t rep) {
  if (o->b8half) { /* the 16 results of source block k / 16 go to a half of dst's block */
    int64_t b = o->count ? r * 8 + k / 16 : r * rep + (int64_t)(k / 16) * blk;
    return 32 * b + (o->half_block ? 16 : 0) + k % 16;
  }
  return o->count ? (r * o->lanes + k) * o->ds : asc_sim_laneoff(r, k, o->ds, blk, rep);
}

/* The three forms of each op cvrun runs (count; continuous mask + repeat; bit mask + repeat). */
enum { CV_COUNT, CV_MASK, CV_BITMASK };
typedef struct cvform {
  int code, base, form;
} cvform;

#define CV_FORMS(b) {ASC_OP_##b, ASC_OP_##b, CV_COUNT}, {ASC_OP_##b##_MASK, ASC_OP_##b, CV_MASK}, \
                    {ASC_OP_##b##_BITMASK, ASC_OP_##b, CV_BITMASK}
static const cvform CVFORMS[] = {CV_FORMS(MUL_CAST), CV_FORMS(ADD_RELU_CAST), CV_FORMS(SUB_RELU_CAST),
                                 CV_FORMS(ADD_DEQ_RELU), CV_FORMS(CAST_DEQ)};
#undef CV_FORMS

/* cvrun runs exactly the opcodes of CVFORMS (their ops.def rows name it in the exec column). */
static const cvform *cvform_of(int code) {
  for (size_t i = 0; i < sizeof CVFORMS / sizeof CVFORMS[0]; i++)
    if (CVFORMS[i].code == code)
      return &CVFORMS[i];
  return &CVFORMS[sizeof CVFORMS / sizeof CVFORMS[0] - 3]; /* unreachable */
}

int asc_exec_cvrun(sim_core *c, const sim_inst *in) {
  cvop o;
  memset(&o, 0, sizeof o);
  int code = in->op->code;
  const cvform *f = cvform_of(code);
  o.code = f->base, o.count = f->form == CV_COUNT, o.bits = f->form == CV_BITMASK;
  o.bin = o.code != ASC_OP_CAST_DEQ;
  o.sdt = dtof(in, 1), o.ddt = dtof(in, 0);
  if (o.sdt < 0 || o.ddt < 0 || !combo(&o))
    return asc_sim_err(c, in->op, "%s: %s -> %s is not supported (%s)", asc_op_name(in->op),
                       o.sdt < 0 ? "?" : asc_sim_dtype_name(o.sdt), o.ddt < 0 ? "?" : asc_sim_dtype_name(o.ddt),
                       combos(o.code));
  o.ss = asc_sim_dtype_size(o.sdt), o.ds = asc_sim_dtype_size(o.ddt);
  o.lanes = 256 / (o.ss > o.ds ? o.ss : o.ds);
  if (o.code == ASC_OP_CAST_DEQ && o.sdt == ASC_SIM_I16) {
    o.b8half = true;
    o.half_block = battr(in, "half_block", true);
    o.vec = battr(in, "is_vec_deq", true);
    if (deqneed(c, in, o.vec ? DEQ_VDEQ : DEQ_QUANT))
      return -1;
    if (o.vec) { /* the table at DEQSCALE's address (a UB read the race checker sees) */
      sim_val t = {0};
      t.mem = SIM_MEM_UB, t.off = (int64_t)(c->deqscale & 0x3FFF) * 32, t.len = 128;
      const uint8_t *p = asc_sim_mem(c, in->op, &t, 0, 128, "read");
      if (!p)
        return -1;
      memcpy(o.table, p, 128);
    }
  } else if (o.code == ASC_OP_ADD_DEQ_RELU || o.code == ASC_OP_CAST_DEQ) {
    if (deqneed(c, in, DEQ_HALF))
      return -1;
  }
  int nsrc = o.bin ? 2 : 1, mi = 1 + nsrc;
  int64_t blk[3] = {1, 1, 1}, rep[3] = {8, 8, 8}, reps, n = 0;
  if (o.count) {
    n = sim_in(c, in, mi)->i;
    if (n < 0)
      return asc_sim_err(c, in->op, "%s: negative count %lld", asc_op_name(in->op), (long long)n);
    reps = (n + o.lanes - 1) / o.lanes;
  } else {
    int ri = mi + (o.bits ? 2 : 1);
    if (asc_sim_strides(c, in, ri + 1, nsrc + 1, blk, rep))
      return -1;
    if (blk[0] == 0)
      return asc_sim_err(c, in->op, "%s: dst block stride 0 is undefined on the hardware", asc_op_name(in->op));
    reps = asc_sim_l0_begin(c, in, mi, o.bits, o.lanes, sim_in(c, in, ri)->i);
    if (reps < 0)
      return -1;
  }
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < o.lanes; k++) {
      if (o.count ? r * o.lanes + k >= n : !asc_sim_l0_on(c, r, k, o.lanes))
        continue;
      uint8_t *d = asc_sim_vptr(c, in, 0, dstoff(&o, r, k, blk[0], rep[0]), o.ds, "write");
      const uint8_t *a = NULL, *b = NULL;
      if (d) {
        int64_t oa = o.count ? (r * o.lanes + k) * o.ss : asc_sim_laneoff(r, k, o.ss, blk[1], rep[1]);
        a = asc_sim_vptr(c, in, 1, oa, o.ss, "read");
      }
      if (a && o.bin) {
        int64_t ob = o.count ? (r * o.lanes + k) * o.ss : asc_sim_laneoff(r, k, o.ss, blk[2], rep[2]);
        b = asc_sim_vptr(c, in, 2, ob, o.ss, "read");
      }
      if (!a || (o.bin && !b) || lane(c, in, &o, d, a, b, k))
        return -1;
    }
  if (o.count)
    asc_sim_count_done(c);
  return asc_sim_vcost(c, in, reps);
}

/* ---- DEQSCALE ---- */
int asc_exec_setdeq(sim_core *c, const sim_inst *in) {
  const sim_val *v = sim_in(c, in, ASC_OPND_SET_DEQ_SCALE_float16);
  if (sim_intype(in, 0)->width != 16 || sim_intype(in, 0)->is_bf16)
    return asc_sim_err(c, in->op, "asc.set_deq_scale: the one-argument form takes a half scale");
  c->deqscale = asc_sim_f16_bits(v->f);
  c->deq_mode = DEQ_HALF;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

/* The quant layout of (scale, offset, sign). */
static uint64_t quantbits(double scale, int64_t offset, bool sign) {
  float f = (float)scale;
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return (uint64_t)u | (uint64_t)(offset & 0x1FF) << 37 | (uint64_t)(sign ? 1 : 0) << 46;
}

static double numf(sim_core *c, const sim_inst *in, int i) {
  const sim_val *v = sim_in(c, in, i);
  return asc_type_is_float(sim_intype(in, i)) ? v->f : (double)v->i;
}

int asc_exec_setdeqquant(sim_core *c, const sim_inst *in) {
  c->deqscale = quantbits(numf(c, in, 0), sim_in(c, in, ASC_OPND_SET_DEQ_SCALE_QUANT_offset)->i,
                          sim_in(c, in, ASC_OPND_SET_DEQ_SCALE_QUANT_int1)->i != 0);
  c->deq_mode = DEQ_QUANT;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

/* set_deq_scale.vdeq(vdeq, scale0..15, offset0..15, sign0..15) */
int asc_exec_setdeqvdeq(sim_core *c, const sim_inst *in) {
  if (in->nin != 49)
    return asc_sim_err(c, in->op, "asc.set_deq_scale.vdeq: takes the table and 16 scales, offsets and signs (48 "
                       "values), got %d values", in->nin - 1);
  const sim_val *t = sim_in(c, in, ASC_OPND_SET_DEQ_SCALE_VDEQ_dst);
  if (t->mem != SIM_MEM_UB || t->off % 32)
    return asc_sim_err(c, in->op, "asc.set_deq_scale.vdeq: vdeq must be a 32-byte aligned tensor in UB");
  uint8_t *p = asc_sim_mem(c, in->op, t, 0, 128, "write");
  if (!p)
    return -1;
  for (int j = 0; j < 16; j++) {
    uint64_t e = quantbits(numf(c, in, 1 + j), sim_in(c, in, 17 + j)->i, sim_in(c, in, 33 + j)->i != 0);
    for (int i = 0; i < 8; i++)
      p[8 * j + i] = (uint8_t)(e >> (8 * i));
  }
  asc_sim_mem_commit(c);
  c->deqscale = (uint64_t)(t->off / 32) & 0x3FFF;
  c->deq_mode = DEQ_VDEQ;
  asc_sim_scalar(c, 16 * (int64_t)c->L->cost->set_value);
  return 0;
}

/* ---- select.reg_scalar(dst, sel_mask, src0, repeat, BinaryRepeatParams): SELMODE 1 with the mask
 * register as it is; the scalar is CMPMASK's low sizeof(T) bytes (set_cmp_mask). */
int asc_exec_selregscalar(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if (dt != ASC_SIM_F16 && dt != ASC_SIM_F32)
    return asc_sim_err(c, in->op, "asc.select: element type %s is not supported (f16, f32)",
                       dt < 0 ? "?" : asc_sim_dtype_name(dt));
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  const double *p = sim_in(c, in, ASC_OPND_VSELECT_REG_SCALAR_repeat_params)->fld;
  int64_t db, sb, dr, sr;
  if (asc_sim_field(c, in->op, "dst block stride", SFLD(p, BinaryRepeatParams, dst_blk_stride), 1, 65535, &db) ||
      asc_sim_field(c, in->op, "src0 block stride", SFLD(p, BinaryRepeatParams, src0_blk_stride), 0, 65535, &sb) ||
      asc_sim_field(c, in->op, "dst repeat stride", SFLD(p, BinaryRepeatParams, dst_rep_stride), 0, 255, &dr) ||
      asc_sim_field(c, in->op, "src0 repeat stride", SFLD(p, BinaryRepeatParams, src0_rep_stride), 0, 255, &sr))
    return -1;
  int64_t reps = c->counter ? (int64_t)((c->mask[0] + (uint64_t)lanes - 1) / (uint64_t)lanes)
      : sim_in(c, in, ASC_OPND_VSELECT_REG_SCALAR_repeat_times)->i;
  if (reps < 0 || reps > 255)
    return asc_sim_err(c, in->op, "asc.select: repeat %lld is outside 0..255", (long long)reps);
  uint8_t sc[8];
  for (int i = 0; i < 8; i++)
    sc[i] = (uint8_t)(c->cmpmask[0] >> (8 * i));
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < lanes; k++) {
      if (!asc_sim_l0_on(c, r, k, lanes))
        continue;
      int64_t bit = r * lanes + k;
      const uint8_t *m = asc_sim_vptr(c, in, 1, bit >> 3, 1, "read");
      uint8_t *d = m ? asc_sim_vptr(c, in, 0, asc_sim_laneoff(r, k, esz, db, dr), esz, "write") : NULL;
      if (!d)
        return -1;
      if ((*m >> (bit & 7)) & 1) {
        const uint8_t *s = asc_sim_vptr(c, in, 2, asc_sim_laneoff(r, k, esz, sb, sr), esz, "read");
        if (!s)
          return -1;
        memmove(d, s, (size_t)esz);
      } else {
        memcpy(d, sc, (size_t)esz);
      }
    }
  return asc_sim_vcost(c, in, reps);
}

