/* vbilin.c - bilinear_interpolation (API BilinearInterpolation(ISASI).md), half only.  On A2/A3 the
 * API is composed of Gatherb, Brcb, Mul and Add through sharedTmpBuffer; the simulator does the
 * same arithmetic in one op:
 *
 *   iteration i = v * h_repeat + h (v < v_repeat, h < h_repeat) gathers 8 blocks of 32 bytes of
 *   src0 at the byte offsets src0_offset[8 i + b] (uint32, multiples of 32) into tmp, multiplies
 *   block b by src1[i] (repeat_mode false) or src1[8 i + b] (true), each product rounded to half;
 *   dst's lane k (block b = k / 16, e = k % 16) of vertical repeat v, at element
 *   v * v_r_offset + 16 * b * dst_blk_stride + e, is the half sum of the h_repeat products in h
 *   order (each partial sum rounded).  Lanes the mask switches off keep dst.
 *
 * tmp: the 256 * h_repeat * v_repeat bytes of products, then a 32-byte block per src1 value used
 * (the Brcb broadcast), both written.  Cost: gather 2 + brcb 1 + mul 1 per iteration, add 1. */
#include <string.h>

#include "sim/vector_int.h"

int asc_exec_bilin(sim_core *c, const sim_inst *in) {
  bool bits = in->op->code == ASC_OP_BILINEAR_INTERPOLATION_BITMASK;
  int a = bits ? 6 : 5; /* h_repeat */
  int dt = asc_sim_elem_dtype(sim_intype(in, 0));
  if (dt != ASC_SIM_F16)
    return asc_sim_err(c, in->op, "asc.bilinear_interpolation: the element type must be half");
  if (asc_sim_elem_dtype(sim_intype(in, 2)) != ASC_SIM_U32)
    return asc_sim_err(c, in->op, "asc.bilinear_interpolation: src0_offset must be uint32");
  int64_t hrep = sim_in(c, in, a)->i, dblk = sim_in(c, in, a + 2)->i, voff = sim_in(c, in, a + 3)->i;
  int64_t vrep = sim_in(c, in, a + 4)->i;
  bool mode = sim_in(c, in, a + 1)->i != 0;
  if (hrep < 1 || hrep > 255 || vrep < 1 || vrep > 255)
    return asc_sim_err(c, in->op, "asc.bilinear_interpolation: h_repeat %lld and v_repeat %lld must be in 1..255",
                       (long long)hrep, (long long)vrep);
  if (voff < 128 || voff >= 65535 || (voff * 2) % 32)
    return asc_sim_err(c, in->op, "asc.bilinear_interpolation: v_r_offset %lld must be in 128..65534 and a whole "
                       "number of 32-byte blocks", (long long)voff);
  if (dblk < 0 || dblk > 65535)
    return asc_sim_err(c, in->op, "asc.bilinear_interpolation: dst_blk_stride %lld is outside 0..65535",
                       (long long)dblk);
  int64_t iters = hrep * vrep, nb = mode ? 8 * iters : iters;
  uint8_t *tmp = asc_sim_vptr(c, in, bits ? 11 : 10, 0, 256 * iters + 32 * nb, "write");
  if (!tmp)
    return -1;
  /* Gatherb + Brcb + Mul into tmp */
  for (int64_t i = 0; i < iters; i++)
    for (int b = 0; b < 8; b++) {
      const uint8_t *o = asc_sim_vptr(c, in, 2, 4 * (8 * i + b), 4, "read");
      if (!o)
        return -1;
      uint32_t off;
      memcpy(&off, o, 4);
      if (off % 32)
        return asc_sim_err(c, in->op, "asc.bilinear_interpolation: src0_offset[%lld] = %u is not a multiple of 32",
                           (long long)(8 * i + b), off);
      int64_t j = mode ? 8 * i + b : i;
      const uint8_t *s = asc_sim_vptr(c, in, 1, off, 32, "read");
      const uint8_t *w = s ? asc_sim_vptr(c, in, 3, 2 * j, 2, "read") : NULL;
      if (!w)
        return -1;
      double wv = asc_sim_loadf(dt, w);
      for (int e = 0; e < 16; e++) {
        asc_sim_storef(dt, tmp + 256 * iters + 32 * j + 2 * e, wv);
        asc_sim_storef(dt, tmp + 256 * i + 32 * b + 2 * e, asc_sim_loadf(dt, s + 2 * e) * wv);
      }
    }
  int64_t reps = asc_sim_l0_begin(c, in, 4, bits, 128, vrep);
  if (reps < 0)
    return -1;
  for (int64_t v = 0; v < vrep; v++)
    for (int k = 0; k < 128; k++) {
      if (!asc_sim_l0_on(c, c->counter ? v : 0, k, 128))
        continue;
      uint8_t *d = asc_sim_vptr(c, in, 0, 2 * (v * voff + 16 * (k / 16) * dblk + k % 16), 2, "write");
      if (!d)
        return -1;
      double acc = asc_sim_loadf(dt, tmp + 256 * (v * hrep) + 2 * k);
      for (int64_t h = 1; h < hrep; h++)
        acc = asc_sim_round_fp(acc + asc_sim_loadf(dt, tmp + 256 * (v * hrep + h) + 2 * k), dt, SIM_RM_RINT);
      asc_sim_storef(dt, d, acc);
    }
  return asc_sim_vcost(c, in, 4 * iters + vrep * hrep);
}

