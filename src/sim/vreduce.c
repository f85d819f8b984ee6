/* vreduce.c - the per-repeat reductions of level 0 (hardware.md §11.1):
 *
 *  whole_reduce_sum/max/min  one result per repeat over the lanes on; max/min also give
 *                            the lane index (first on ties) in `order` (ReduceOrder).
 *                            dst_rep_stride counts results: sizeof(T) for a sum or a
 *                            value alone, 2 sizeof(T) for value and index, 4 bytes for
 *                            an index alone (stored as uint32; next to a value it is
 *                            stored in the bits of a T element, uint16 for half).
 *  repeat_reduce_sum         whole_reduce_sum with a continuous mask (dst_blk_stride
 *                            is not used by the instruction).
 *  block_reduce_sum/max/min  one result per 32-byte block: 8 per repeat, dst_rep_stride
 *                            in units of 8 elements.
 *  pair_reduce_sum           lanes 2j and 2j+1 summed: lanes/2 results per repeat,
 *                            dst_rep_stride in units of 128 bytes.
 *
 * Max and min propagate a NaN (the first one; the boundary-value appendix: any NaN among the
 * values gives NaN).  Sums are pairwise trees (lanes switched off add 0), every partial sum
 * rounded to T; in whole, repeat and block sums a half partial sum of finite values that
 * overflows is kept at +-65504 (their pyasc pages; pair_reduce_sum's page says nothing, it
 * gives inf).  A block or pair with no lane on leaves its dst element as it was (Ascend C
 * ReduceDataBlock and ReducePairElem, Atlas A2: no value is written).  Cost: whole reductions
 * take 3 passes per repeat, block and pair reductions 2 (hardware.md §13.1: reductions
 * cost 2-5 adds). */
#include <math.h>

#include "sim/vector_int.h"

static int dtof(const sim_inst *in, int i) { return asc_sim_elem_dtype(sim_intype(in, i)); }

static int redcheck(sim_core *c, const sim_inst *in, int dt) {
  if (dt == ASC_SIM_F16 || dt == ASC_SIM_F32)
    return 0;
  return asc_sim_err(c, in->op, "%s: element type %s is not supported (f16, f32)", asc_op_name(in->op),
                     dt < 0 ? "?" : asc_sim_dtype_name(dt));
}

enum { RSUM, RMAX, RMIN };

bool asc_sim_red_better(bool max, double v, double best) {
  if (isnan(best))
    return false;
  return isnan(v) || (max ? v > best : v < best);
}

static bool better(int kind, double v, double best) { return asc_sim_red_better(kind == RMAX, v, best); }

/* Lane values of repeat r (lanes off: 0 and on[k] = false); -1 after an error. */
static int loadrep(sim_core *c, const sim_inst *in, int dt, int64_t r, int64_t blk, int64_t rep, double *v,
                   bool *on) {
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  for (int k = 0; k < lanes; k++) {
    on[k] = asc_sim_l0_on(c, r, k, lanes);
    v[k] = 0;
    if (!on[k])
      continue;
    const uint8_t *s = asc_sim_vptr(c, in, 1, asc_sim_laneoff(r, k, esz, blk, rep), esz, "read");
    if (!s)
      return -1;
    v[k] = asc_sim_loadf(dt, s);
  }
  return 0;
}

static int putval(sim_core *c, const sim_inst *in, int dt, int64_t off, double v) {
  uint8_t *d = asc_sim_vptr(c, in, 0, off, asc_sim_dtype_size(dt), "write");
  if (!d)
    return -1;
  asc_sim_storef(dt, d, v);
  return 0;
}

static int putidx(sim_core *c, const sim_inst *in, int bytes, int64_t off, int64_t idx) {
  uint8_t *d = asc_sim_vptr(c, in, 0, off, bytes, "write");
  if (!d)
    return -1;
  asc_sim_storei(bytes == 2 ? ASC_SIM_U16 : ASC_SIM_U32, d, idx);
  return 0;
}

/* One max/min result at dst byte off in `order`: value and lane index, index and value, the
 * value alone or the index alone (uint32); -1 after an error. */
static int putpair(sim_core *c, const sim_inst *in, int dt, int order, int64_t off, double v, int64_t idx) {
  int esz = asc_sim_dtype_size(dt);
  switch (order) {
  case ASC_REDUCEORDER_ORDER_VALUE_INDEX:
    return putval(c, in, dt, off, v) || putidx(c, in, esz, off + esz, idx) ? -1 : 0;
  case ASC_REDUCEORDER_ORDER_INDEX_VALUE:
    return putidx(c, in, esz, off, idx) || putval(c, in, dt, off + esz, v) ? -1 : 0;
  case ASC_REDUCEORDER_ORDER_ONLY_VALUE: return putval(c, in, dt, off, v);
  default: return putidx(c, in, 4, off, idx);
  }
}

/* The reduction kind, mask form and operand indices (mask, repeat, dst_rep, src_blk, src_rep) of a
 * whole_reduce_* or repeat_reduce_sum op. */
typedef struct wholeform {
  int kind, mi, ri, drep, sblk, srep;
  bool bits;
} wholeform;

static wholeform wholeform_of(int code) {
  wholeform f = {RSUM, 2, 3, 4, 5, 6, false};
  if (code == ASC_OP_REPEAT_REDUCE_SUM_MASK) /* (dst, src, repeat, mask, dst_blk, src_blk, dst_rep, src_rep) */
    return (wholeform){RSUM, 3, 2, 6, 5, 7, false};
  f.bits = code == ASC_OP_WHOLE_REDUCE_SUM_BITMASK || code == ASC_OP_WHOLE_REDUCE_MAX_BITMASK ||
           code == ASC_OP_WHOLE_REDUCE_MIN_BITMASK;
  if (code == ASC_OP_WHOLE_REDUCE_MAX_MASK || code == ASC_OP_WHOLE_REDUCE_MAX_BITMASK)
    f.kind = RMAX;
  if (code == ASC_OP_WHOLE_REDUCE_MIN_MASK || code == ASC_OP_WHOLE_REDUCE_MIN_BITMASK)
    f.kind = RMIN;
  if (f.bits)
    f.ri++, f.drep++, f.sblk++, f.srep++;
  return f;
}

/* whole_reduce_*.mask|bitmask(dst, src, mask.., repeat, dst_rep, src_blk, src_rep) and
 * repeat_reduce_sum.mask(dst, src, repeat, mask, dst_blk, src_blk, dst_rep, src_rep). */
int asc_exec_wholereduce(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if (redcheck(c, in, dt))
    return -1;
  wholeform f = wholeform_of(in->op->code);
  int64_t drep = sim_in(c, in, f.drep)->i, sblk = sim_in(c, in, f.sblk)->i, srep = sim_in(c, in, f.srep)->i;
  const asc_attr *oa = asc_op_attr(in->op, "order");
  int order = oa ? (int)oa->i : ASC_REDUCEORDER_ORDER_VALUE_INDEX;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  int unit = f.kind == RSUM || order == ASC_REDUCEORDER_ORDER_ONLY_VALUE ? esz
             : order == ASC_REDUCEORDER_ORDER_ONLY_INDEX                ? 4
                                                                        : 2 * esz;
  int64_t reps = asc_sim_l0_begin(c, in, f.mi, f.bits, lanes, sim_in(c, in, f.ri)->i);
  if (reps < 0)
    return -1;
  double v[128];
  bool on[128];
  for (int64_t r = 0; r < reps; r++) {
    if (loadrep(c, in, dt, r, sblk, srep, v, on))
      return -1;
    int best = -1;
    for (int k = 0; k < lanes; k++)
      if (on[k] && (best < 0 || better(f.kind, v[k], v[best])))
        best = k;
    int rc = f.kind == RSUM ? putval(c, in, dt, r * drep * unit, asc_sim_treesum(v, lanes, dt, lanes, true))
             : best >= 0    ? putpair(c, in, dt, order, r * drep * unit, v[best], best)
                            : 0;
    if (rc)
      return -1;
  }
  return asc_sim_vcost(c, in, reps); /* class REDUCE */
}

/* block_reduce_*.mask|bitmask and pair_reduce_sum.mask|bitmask
 * (dst, src, repeat, mask.., dst_rep, src_blk, src_rep). */
int asc_exec_blockreduce(sim_core *c, const sim_inst *in) {
  int code = in->op->code, dt = dtof(in, 0);
  if (redcheck(c, in, dt))
    return -1;
  bool pair = code == ASC_OP_PAIR_REDUCE_SUM_MASK || code == ASC_OP_PAIR_REDUCE_SUM_BITMASK;
  bool bits = code == ASC_OP_BLOCK_REDUCE_SUM_BITMASK || code == ASC_OP_BLOCK_REDUCE_MAX_BITMASK ||
              code == ASC_OP_BLOCK_REDUCE_MIN_BITMASK || code == ASC_OP_PAIR_REDUCE_SUM_BITMASK;
  int kind = code == ASC_OP_BLOCK_REDUCE_MAX_MASK || code == ASC_OP_BLOCK_REDUCE_MAX_BITMASK   ? RMAX
             : code == ASC_OP_BLOCK_REDUCE_MIN_MASK || code == ASC_OP_BLOCK_REDUCE_MIN_BITMASK ? RMIN
                                                                                              : RSUM;
  int si = bits ? 5 : 4;
  int64_t drep = sim_in(c, in, si)->i, sblk = sim_in(c, in, si + 1)->i, srep = sim_in(c, in, si + 2)->i;
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz;
  int group = pair ? 2 : 32 / esz, ngroups = lanes / group;
  int64_t unit = pair ? 128 : 8 * esz; /* bytes per repeat's results */
  int64_t reps = asc_sim_l0_begin(c, in, 3, bits, lanes, sim_in(c, in, ASC_OPND_BLOCK_REDUCE_SUM_MASK_repeat_time)->i);
  if (reps < 0)
    return -1;
  double v[128];
  bool on[128];
  for (int64_t r = 0; r < reps; r++) {
    if (loadrep(c, in, dt, r, sblk, srep, v, on))
      return -1;
    for (int g = 0; g < ngroups; g++) {
      double *gv = v + g * group;
      int best = -1, non = 0;
      for (int k = 0; k < group; k++)
        if (on[g * group + k]) {
          non++;
          if (best < 0 || better(kind, gv[k], gv[best]))
            best = k;
        }
      int64_t off = r * drep * unit + (int64_t)g * esz;
      if (kind == RSUM && non) {
        if (putval(c, in, dt, off, asc_sim_treesum(gv, group, dt, group, !pair)))
          return -1;
      } else if (kind != RSUM && best >= 0 && putval(c, in, dt, off, gv[best])) {
        return -1;
      }
    }
  }
  return asc_sim_vcost(c, in, reps); /* class REDUCE_BLOCK */
}

