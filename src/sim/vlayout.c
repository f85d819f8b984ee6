/* vlayout.c - data rearrangement inside UB on the vector unit (hardware.md §11.1):
 *
 *  transpose  one 16 x 16 matrix of 2-byte elements (512 bytes); with TransposeParamsExt also
 *             NCHW <-> NHWC (numpy's transpose (0,2,3,1) / (0,3,1,2)).
 *  trans_data_to_5hd  (16 destination and 16 source tensors, 2-byte elements) each repeat
 *             transposes the 16 x 16 matrix of one 32-byte block per source into one block per
 *             destination.
 *  sort32     each repeat sorts 32 (score, uint32 index) pairs, descending, stable, into 8-byte
 *             records.
 *  brcb       each repeat takes 8 elements of src and fills one 32-byte block of dst with
 *             each (block stride 0 acts as 1).
 *  gather     dst[i] := src[(src_base + src_offset[i]) / sizeof(T)], offsets in bytes
 *             (uint32), a multiple of sizeof(T).  Level 0: repeat r's lanes fill the 256
 *             bytes at 32 * r * dst_rep_stride and take offsets r * lanes + k.
 *  gatherb    each repeat gathers 8 blocks of 32 bytes at the byte offsets offset[8r + j]
 *             (uint32, multiples of 32) into dst's blocks (block stride 0 acts as 1).
 *  gather_mask  the lanes whose pattern bit is 1 (a uint16 / uint32 pattern tensor, or a
 *             built-in pattern 1..7), packed into dst; the count is its result and what
 *             get_gather_mask_remain_count reads.
 *
 * Every byte goes through asc_sim_vptr, so an offset outside src is an out-of-bounds
 * report, not a stray read.  Cost: a transpose is 2 repeats, a gather 4 per repeat of
 * dst (random access), gatherb 2, brcb 1 (hardware.md §13.1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/vector_int.h"

static int dtof(const sim_inst *in, int i) { return asc_sim_elem_dtype(sim_intype(in, i)); }

int asc_exec_transpose(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if (dt < 0 || asc_sim_dtype_size(dt) != 2)
    return asc_sim_err(c, in->op, "asc.transpose: the 16 x 16 form takes 2-byte elements");
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, 512, "write");
  const uint8_t *s = d ? asc_sim_vptr(c, in, 1, 0, 512, "read") : NULL;
  if (!s)
    return -1;
  uint8_t tmp[512];
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      memcpy(tmp + 2 * (j * 16 + i), s + 2 * (i * 16 + j), 2);
  memcpy(d, tmp, sizeof tmp);
  return asc_sim_vcost(c, in, 1); /* class LAYOUT */
}

/* transpose.ext(dst, src, tmp, TransposeParamsExt).  The tmp scratch the API needs is checked
 * (and counts as written): (c + 2) blocks of 16 x 32 bytes for NCHW2NHWC, (2c + 1) for NHWC2NCHW. */
enum { TT_NONE = 0, TT_ND2ND_B16 = 10, TT_NCHW2NHWC = 11, TT_NHWC2NCHW = 12 };

int asc_exec_transposeext(sim_core *c, const sim_inst *in) {
  const double *p = sim_in(c, in, ASC_OPND_TRANSPOSE_EXT_transpose_params)->fld;
  int64_t n = (int64_t)SFLD(p, TransposeParamsExt, n_size), ch = (int64_t)SFLD(p, TransposeParamsExt, c_size);
  int64_t h = (int64_t)SFLD(p, TransposeParamsExt, h_size), w = (int64_t)SFLD(p, TransposeParamsExt, w_size);
  int type = (int)SFLD(p, TransposeParamsExt, transpose_type), dt = dtof(in, 0);
  if (dt < 0)
    return -1;
  if (type == TT_ND2ND_B16)
    return asc_exec_transpose(c, in);
  if (type == TT_NONE)
    return asc_sim_vcost(c, in, 0); /* TRANSPOSE_TYPE_NONE: the issue only */
  if (type != TT_NCHW2NHWC && type != TT_NHWC2NCHW)
    return asc_sim_err(c, in->op, "asc.transpose: TransposeType %d is not supported (on the hardware either): "
                       "TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW are", type);
  int esz = asc_sim_dtype_size(dt);
  if (n < 0 || ch < 0 || ch > 4095 || h < 0 || w < 0 || h * w > 4095 || (h * w * esz) % 32)
    return asc_sim_err(c, in->op, "asc.transpose: n %lld, c %lld, h %lld, w %lld: need c <= 4095, h * w <= 4095 "
                       "and h * w * sizeof(T) a multiple of 32", (long long)n, (long long)ch, (long long)h,
                       (long long)w);
  int64_t tmp = (type == TT_NCHW2NHWC ? ch + 2 : 2 * ch + 1) * (esz == 1 ? 32 : 16) * 32;
  int64_t total = n * ch * h * w, hw = h * w;
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, total * esz, "write");
  const uint8_t *s = d ? asc_sim_vptr(c, in, 1, 0, total * esz, "read") : NULL;
  uint8_t *t = s ? asc_sim_vptr(c, in, 2, 0, tmp, "write (scratch)") : NULL;
  if (!t)
    return -1;
  uint8_t *out = malloc((size_t)(total * esz) + 1);
  if (!out)
    asc_die("out of memory");
  for (int64_t b = 0; b < n; b++)
    for (int64_t k = 0; k < ch; k++)
      for (int64_t i = 0; i < hw; i++) {
        int64_t nchw = (b * ch + k) * hw + i, nhwc = (b * hw + i) * ch + k;
        if (type == TT_NCHW2NHWC)
          memcpy(out + nhwc * esz, s + nchw * esz, (size_t)esz);
        else
          memcpy(out + nchw * esz, s + nhwc * esz, (size_t)esz);
      }
  memcpy(d, out, (size_t)(total * esz));
  free(out);
  return asc_sim_vcost(c, in, (total * esz + 255) / 256); /* class LAYOUT */
}

/* trans_data_to_5hd(dst0..15, src0..15, TransDataTo5HDParams), 2-byte elements: each repeat reads a
 * 32-byte block from each source and writes the 16 x 16 transpose, one block per destination. */
int asc_exec_trans5hd(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if (dt < 0 || asc_sim_dtype_size(dt) != 2)
    return asc_sim_err(c, in->op, "asc.trans_data_to_5hd: only 2-byte elements are modelled yet");
  const double *p = sim_in(c, in, ASC_OPND_TRANS_DATA_TO_5HD_params)->fld;
  int64_t repeat = (int64_t)SFLD(p, TransDataTo5HDParams, repeat_times), drep = (int64_t)SFLD(p, TransDataTo5HDParams, dst_rep_stride);
  int64_t srep = (int64_t)SFLD(p, TransDataTo5HDParams, src_rep_stride);
  if (repeat < 0 || repeat > 255)
    return asc_sim_err(c, in->op, "asc.trans_data_to_5hd: repeat_times %lld is outside 0..255", (long long)repeat);
  if (SFLD(p, TransDataTo5HDParams, dst_high_half) != 0 || SFLD(p, TransDataTo5HDParams, src_high_half) != 0)
    return asc_sim_err(c, in->op, "asc.trans_data_to_5hd: dst_high_half / src_high_half apply to 8-bit types only");
  for (int64_t r = 0; r < repeat; r++) {
    uint8_t blk[16][32];
    for (int e = 0; e < 16; e++) {
      const uint8_t *s = asc_sim_vptr(c, in, 16 + e, 32 * r * srep, 32, "read");
      if (!s)
        return -1;
      memcpy(blk[e], s, 32);
    }
    for (int j = 0; j < 16; j++) {
      uint8_t *d = asc_sim_vptr(c, in, j, 32 * r * drep, 32, "write");
      if (!d)
        return -1;
      for (int e = 0; e < 16; e++)
        memcpy(d + 2 * e, blk[e] + 2 * j, 2);
    }
  }
  return asc_sim_vcost(c, in, repeat); /* class LAYOUT */
}

/* sort32(dst, src0, repeat, src1): a stable insertion sort of each repeat's 32 pairs by score,
 * descending; NaN scores go last (their hardware order is unconfirmed).  A half score's record
 * has 2 reserved bytes after it, written as 0 by the model. */
static bool before(double a, double b) { return !isnan(a) && (isnan(b) || a > b); }

int asc_exec_sort32(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0), it = dtof(in, 3);
  if ((dt != ASC_SIM_F16 && dt != ASC_SIM_F32) || dtof(in, 1) != dt)
    return asc_sim_err(c, in->op, "asc.sort32: dst and src0 must both be half or both float");
  if (it != ASC_SIM_U32)
    return asc_sim_err(c, in->op, "asc.sort32: src1 (the indices) must be uint32");
  int64_t repeat = sim_in(c, in, ASC_OPND_SORT32_repeat_time)->i;
  if (repeat < 0 || repeat > 255)
    return asc_sim_err(c, in->op, "asc.sort32: repeat %lld is outside 0..255", (long long)repeat);
  int esz = asc_sim_dtype_size(dt);
  for (int64_t r = 0; r < repeat; r++) {
    const uint8_t *s = asc_sim_vptr(c, in, 1, r * 32 * esz, 32 * esz, "read");
    const uint8_t *ix = s ? asc_sim_vptr(c, in, 3, r * 128, 128, "read") : NULL;
    uint8_t *d = ix ? asc_sim_vptr(c, in, 0, r * 256, 256, "write") : NULL;
    if (!d)
      return -1;
    int ord[32];
    double key[32];
    for (int e = 0; e < 32; e++) {
      key[e] = asc_sim_loadf(dt, s + e * esz);
      int j = e;
      for (; j > 0 && before(key[e], key[ord[j - 1]]); j--)
        ord[j] = ord[j - 1];
      ord[j] = e;
    }
    uint8_t out[256] = {0};
    for (int i = 0; i < 32; i++) {
      memcpy(out + 8 * i, s + ord[i] * esz, (size_t)esz);
      memcpy(out + 8 * i + 4, ix + 4 * ord[i], 4);
    }
    memcpy(d, out, sizeof out);
  }
  return asc_sim_vcost(c, in, 2 * repeat); /* class SORT; two passes (sort, write back) */
}

static int64_t repeatof(sim_core *c, const sim_inst *in, int i) {
  int64_t r = sim_in(c, in, i)->i;
  if (r < 0 || r > 255)
    return asc_sim_err(c, in->op, "%s: repeat %lld is outside 0..255", asc_op_name(in->op), (long long)r);
  return r;
}

/* brcb(dst, src, repeat, BrcbRepeatParams) */
int asc_exec_brcb(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  int64_t repeat = repeatof(c, in, 2);
  if (dt < 0 || repeat < 0)
    return -1;
  int esz = asc_sim_dtype_size(dt);
  const double *p = sim_in(c, in, ASC_OPND_BRCB_repeat_params)->fld;
  double b = SFLD(p, BrcbRepeatParams, dst_blk_stride);
  int64_t blk = b == 0 ? 1 : (int64_t)b, rep = (int64_t)SFLD(p, BrcbRepeatParams, dst_rep_stride);
  for (int64_t r = 0; r < repeat; r++)
    for (int j = 0; j < 8; j++) {
      const uint8_t *s = asc_sim_vptr(c, in, 1, (r * 8 + j) * esz, esz, "read");
      uint8_t *d = s ? asc_sim_vptr(c, in, 0, 32 * (r * rep + j * blk), 32, "write") : NULL;
      if (!d)
        return -1;
      for (int e = 0; e < 32; e += esz)
        memcpy(d + e, s, (size_t)esz);
    }
  return asc_sim_vcost(c, in, repeat);
}

/* The source byte offset of gather element i: src_base + src_offset[oi]; -1 after an error. */
static int64_t gatheroff(sim_core *c, const sim_inst *in, int offi, int64_t base, int64_t oi, int esz) {
  const uint8_t *o = asc_sim_vptr(c, in, offi, 4 * oi, 4, "read");
  if (!o)
    return -1;
  int64_t off = base + asc_sim_loadi(ASC_SIM_U32, o);
  if (off % esz)
    return asc_sim_err(c, in->op, "%s: src_base + src_offset[%lld] = %lld bytes is not a multiple of the element "
                       "size %d", asc_op_name(in->op), (long long)oi, (long long)off, esz);
  return off;
}

static int checkoffs(sim_core *c, const sim_inst *in, int offi) {
  int ot = dtof(in, offi);
  if (ot != ASC_SIM_U32 && ot != ASC_SIM_I32)
    return asc_sim_err(c, in->op, "%s: the offset tensor must hold uint32 byte offsets", asc_op_name(in->op));
  return 0;
}

/* gather(dst, src, src_base, n, src_offset) */
int asc_exec_gather(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if (dt < 0 || checkoffs(c, in, 4))
    return -1;
  int esz = asc_sim_dtype_size(dt);
  int64_t base = (int64_t)(uint32_t)sim_in(c, in, ASC_OPND_GATHER_src_offset)->i,
      n = sim_in(c, in, ASC_OPND_GATHER_src_base_addr)->i;
  if (n < 0)
    return asc_sim_err(c, in->op, "asc.gather: negative count %lld", (long long)n);
  for (int64_t i = 0; i < n; i++) {
    int64_t off = gatheroff(c, in, 4, base, i, esz);
    const uint8_t *s = off >= 0 ? asc_sim_vptr(c, in, 1, off, esz, "read") : NULL;
    uint8_t *d = s ? asc_sim_vptr(c, in, 0, i * esz, esz, "write") : NULL;
    if (!d)
      return -1;
    memmove(d, s, (size_t)esz);
  }
  asc_sim_count_done(c);
  return asc_sim_vcost(c, in, 2 * ((n * esz + 255) / 256)); /* class GATHER; offsets, then data */
}

/* gather.mask|bitmask(dst, src, src_offset, src_base, mask.., repeat, dst_rep_stride) */
int asc_exec_gatherl0(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if (dt < 0 || checkoffs(c, in, 2))
    return -1;
  bool bits = in->op->code == ASC_OP_GATHER_L0_BITS;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz, ri = bits ? 6 : 5;
  int64_t base = (int64_t)(uint32_t)sim_in(c, in, ASC_OPND_GATHER_L0_src_base_addr)->i, drep = sim_in(c, in, ri + 1)->i;
  int64_t reps = asc_sim_l0_begin(c, in, 4, bits, lanes, sim_in(c, in, ri)->i);
  if (reps < 0)
    return -1;
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < lanes; k++) {
      if (!asc_sim_l0_on(c, r, k, lanes))
        continue;
      int64_t off = gatheroff(c, in, 2, base, r * lanes + k, esz);
      const uint8_t *s = off >= 0 ? asc_sim_vptr(c, in, 1, off, esz, "read") : NULL;
      uint8_t *d = s ? asc_sim_vptr(c, in, 0, 32 * r * drep + (int64_t)k * esz, esz, "write") : NULL;
      if (!d)
        return -1;
      memmove(d, s, (size_t)esz);
    }
  return asc_sim_vcost(c, in, 2 * reps); /* class GATHER; offsets, then data */
}

/* gatherb(dst, src, offset, repeat, GatherRepeatParams) */
int asc_exec_gatherb(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  int64_t repeat = repeatof(c, in, 3);
  if (dt < 0 || repeat < 0 || checkoffs(c, in, 2))
    return -1;
  const double *p = sim_in(c, in, ASC_OPND_GATHERB_repeat_params)->fld;
  double b = SFLD(p, GatherRepeatParams, dst_blk_stride);
  int64_t blk = b == 0 ? 1 : (int64_t)b, rep = (int64_t)SFLD(p, GatherRepeatParams, dst_rep_stride);
  for (int64_t r = 0; r < repeat; r++)
    for (int j = 0; j < 8; j++) {
      const uint8_t *o = asc_sim_vptr(c, in, 2, 4 * (r * 8 + j), 4, "read");
      if (!o)
        return -1;
      int64_t off = asc_sim_loadi(ASC_SIM_U32, o);
      if (off % 32)
        return asc_sim_err(c, in->op, "asc.gatherb: offset[%lld] = %lld bytes is not a multiple of 32",
                           (long long)(r * 8 + j), (long long)off);
      const uint8_t *s = asc_sim_vptr(c, in, 1, off, 32, "read");
      uint8_t *d = s ? asc_sim_vptr(c, in, 0, 32 * (r * rep + j * blk), 32, "write") : NULL;
      if (!d)
        return -1;
      memmove(d, s, 32);
    }
  return asc_sim_vcost(c, in, repeat); /* class GATHER */
}

/* ---- gather_mask ---- */
/* Built-in pattern p (1..7) at lane k. */
static bool builtin(int p, int k) {
  switch (p) {
  case 1: return k % 2 == 0;
  case 2: return k % 2 == 1;
  case 7: return true;
  default: return k % 4 == p - 3;
  }
}

/* gather_mask(dst, src0, pattern tensor | built-in 1..7, reduce_mode, mask, GatherMaskParams) -> kept.
 * Normal mode: every lane of each of repeat_times repeats; reduce (counter) mode: the first
 * `mask` lanes of each repeat.  Kept elements are packed into dst from element 0.  The
 * instruction leaves normal mode and the full mask behind (the Ascend C API does). */
int asc_exec_gathermask(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if (dt < 0)
    return -1;
  bool tensor = in->op->code == ASC_OP_GATHER_MASK;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz, pat = 0;
  if (tensor) {
    int pt = dtof(in, 2);
    if (pt < 0 || asc_sim_dtype_size(pt) != esz || asc_sim_dt_float(pt))
      return asc_sim_err(c, in->op, "asc.gather_mask: the pattern tensor must be uint%d for %s elements", 8 * esz,
                         asc_sim_dtype_name(dt));
  } else {
    pat = (int)sim_in(c, in, ASC_OPND_GATHER_MASK_src1_pattern)->i;
    if (pat < 1 || pat > 7)
      return asc_sim_err(c, in->op, "asc.gather_mask: built-in pattern %d is outside 1..7", pat);
  }
  bool reduce = sim_in(c, in, ASC_OPND_GATHER_MASK_reduce_mode)->i != 0;
  int64_t mask = sim_in(c, in, ASC_OPND_GATHER_MASK_mask)->i;
  const double *p = sim_in(c, in, ASC_OPND_GATHER_MASK_params)->fld;
  int64_t sblk = (int64_t)SFLD(p, GatherMaskParams, src0_block_stride);
  int64_t repeat = (int64_t)SFLD(p, GatherMaskParams, repeat_times);
  int64_t srep = (int64_t)SFLD(p, GatherMaskParams, src0_repeat_stride);
  int64_t prep = (int64_t)SFLD(p, GatherMaskParams, src1_repeat_stride);
  if (repeat < 0 || repeat > 255)
    return asc_sim_err(c, in->op, "asc.gather_mask: repeat_times %lld is outside 0..255", (long long)repeat);
  if (reduce && (mask < 1 || mask > lanes))
    return asc_sim_err(c, in->op, "asc.gather_mask: in reduce (counter) mode the model takes 1..%d elements per "
                       "repeat, got mask %lld", lanes, (long long)mask);
  int per = reduce ? (int)mask : lanes;
  int64_t kept = 0;
  for (int64_t r = 0; r < repeat; r++)
    for (int k = 0; k < per; k++) {
      bool on = !tensor && builtin(pat, k);
      if (tensor) {
        const uint8_t *b = asc_sim_vptr(c, in, 2, 32 * r * prep + k / 8, 1, "read");
        if (!b)
          return -1;
        on = (*b >> (k % 8)) & 1;
      }
      if (!on)
        continue;
      const uint8_t *s = asc_sim_vptr(c, in, 1, asc_sim_laneoff(r, k, esz, sblk, srep), esz, "read");
      uint8_t *d = s ? asc_sim_vptr(c, in, 0, kept * esz, esz, "write") : NULL;
      if (!d)
        return -1;
      memmove(d, s, (size_t)esz);
      kept++;
    }
  c->gather_kept = kept;
  sim_out(c, in, 0)->i = kept;
  asc_sim_count_done(c);
  return asc_sim_vcost(c, in, repeat); /* class GATHER */
}

int asc_exec_gatherkept(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->gather_kept;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

