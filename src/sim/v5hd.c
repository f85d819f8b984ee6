/* v5hd.c - trans_data_to_5hd's address forms (API TransDataTo5HD.md): the 16 destination and 16
 * source places are UB byte addresses, given as operands (.addr) or read from two uint64 tensors
 * (.addr_tensor), instead of tensors.  The transform is the tensor-list form's (vlayout.c): with
 * 2-byte elements, for r < repeat_times, j, e < 16: dst_j[16 r dst_rep_stride + e] :=
 * src_e[16 r src_rep_stride + j].  Every place must be 32-byte aligned; every byte goes through
 * asc_sim_mem, so the race checker and the bounds checks see it. */
#include <string.h>

#include "sim/vector_int.h"

static int run5hd(sim_core *c, const sim_inst *in, const uint64_t addr[32], const double *p) {
  const asc_attr *a = asc_op_attr(in->op, "dtype");
  int dt = a && a->type ? asc_sim_dtype_of(a->type) : -1;
  if (dt < 0 || asc_sim_dtype_size(dt) != 2)
    return asc_sim_err(c, in->op, "%s: only 2-byte elements are modelled yet", asc_op_name(in->op));
  int64_t repeat, drep, srep;
  if (asc_sim_field(c, in->op, "repeat_times", SFLD(p, TransDataTo5HDParams, repeat_times), 0, 255, &repeat) ||
      asc_sim_field(c, in->op, "dst_rep_stride", SFLD(p, TransDataTo5HDParams, dst_rep_stride), 0, 65535, &drep) ||
      asc_sim_field(c, in->op, "src_rep_stride", SFLD(p, TransDataTo5HDParams, src_rep_stride), 0, 65535, &srep))
    return -1;
  if (SFLD(p, TransDataTo5HDParams, dst_high_half) != 0 || SFLD(p, TransDataTo5HDParams, src_high_half) != 0)
    return asc_sim_err(c, in->op, "%s: dst_high_half / src_high_half apply to 8-bit types only", asc_op_name(in->op));
  sim_val v[32];
  for (int i = 0; i < 32; i++) {
    if (addr[i] % 32 || addr[i] >= (uint64_t)c->ub_bytes)
      return asc_sim_err(c, in->op, "%s: %s address %d is UB byte %llu, not a 32-byte aligned place in UB",
                         asc_op_name(in->op), i < 16 ? "dst" : "src", i % 16, (unsigned long long)addr[i]);
    memset(&v[i], 0, sizeof v[i]);
    v[i].mem = SIM_MEM_UB, v[i].off = (int64_t)addr[i], v[i].len = c->ub_bytes - (int64_t)addr[i];
  }
  for (int64_t r = 0; r < repeat; r++) {
    uint8_t blk[16][32];
    for (int e = 0; e < 16; e++) {
      const uint8_t *s = asc_sim_mem(c, in->op, &v[16 + e], 32 * r * srep, 32, "read");
      if (!s)
        return -1;
      memcpy(blk[e], s, 32);
    }
    for (int j = 0; j < 16; j++) {
      uint8_t *d = asc_sim_mem(c, in->op, &v[j], 32 * r * drep, 32, "write");
      if (!d)
        return -1;
      for (int e = 0; e < 16; e++)
        memcpy(d + 2 * e, blk[e] + 2 * j, 2);
    }
  }
  return asc_sim_vcost(c, in, repeat); /* class LAYOUT */
}

int asc_exec_addrs(sim_core *c, const sim_inst *in) {
  uint64_t a[32];
  for (int i = 0; i < 32; i++)
    a[i] = (uint64_t)sim_in(c, in, i)->i;
  return run5hd(c, in, a, sim_in(c, in, ASC_OPND_TRANS_DATA_TO_5HD_ADDR_params)->fld);
}

int asc_exec_addrtensor(sim_core *c, const sim_inst *in) {
  uint64_t a[32];
  for (int t = 0; t < 2; t++) {
    const uint8_t *p = asc_sim_vptr(c, in, t, 0, 128, "read");
    if (!p)
      return -1;
    memcpy(a + 16 * t, p, 128);
  }
  return run5hd(c, in, a, sim_in(c, in, ASC_OPND_TRANS_DATA_TO_5HD_ADDR_TENSOR_params)->fld);
}

