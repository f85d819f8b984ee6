/* scalarx.c - the scalar unit's bit functions (scalar_get_sff_value,
 * scalar_get_count_of_value, scalar_count_leading_zero, count_bits_cnt_same_as_sign_bit),
 * scalar_cast, get_system_cycle (the core's simulated cycle), trap (an error report at
 * its line that stops the kernel) and the stack arrays of asc.array indexed at run time. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

static void scost(sim_core *c) { asc_sim_scalar(c, c->L->cost->scalar_op); }

static int bitcount(uint64_t v) {
  int n = 0;
  for (; v; v &= v - 1)
    n++;
  return n;
}

static int bitarg(sim_core *c, const sim_inst *in) {
  int64_t b = sim_in(c, in, ASC_OPND_SCALAR_GET_SFF_VALUE_count_value)->i;
  if (b != 0 && b != 1)
    return asc_sim_err(c, in->op, "%s: count_value must be 0 or 1, got %lld", asc_op_name(in->op), (long long)b);
  return (int)b;
}

int asc_exec_sffvalue(sim_core *c, const sim_inst *in) {
  uint64_t v = (uint64_t)sim_in(c, in, ASC_OPND_SCALAR_GET_SFF_VALUE_value)->i;
  int b = bitarg(c, in);
  if (b < 0)
    return -1;
  if (!b)
    v = ~v;
  int64_t r = -1;
  for (int k = 0; k < 64 && r < 0; k++)
    if ((v >> k) & 1)
      r = k;
  sim_out(c, in, 0)->i = r;
  scost(c);
  return 0;
}

int asc_exec_countofvalue(sim_core *c, const sim_inst *in) {
  uint64_t v = (uint64_t)sim_in(c, in, ASC_OPND_SCALAR_GET_COUNT_OF_VALUE_value)->i;
  int b = bitarg(c, in);
  if (b < 0)
    return -1;
  sim_out(c, in, 0)->i = b ? bitcount(v) : 64 - bitcount(v);
  scost(c);
  return 0;
}

int asc_exec_clz(sim_core *c, const sim_inst *in) {
  uint64_t v = (uint64_t)sim_in(c, in, ASC_OPND_SCALAR_COUNT_LEADING_ZERO_value)->i;
  int n = 0;
  while (n < 64 && !((v >> (63 - n)) & 1))
    n++;
  sim_out(c, in, 0)->i = n;
  scost(c);
  return 0;
}

int asc_exec_samesign(sim_core *c, const sim_inst *in) {
  uint64_t v = (uint64_t)sim_in(c, in, ASC_OPND_COUNT_BITS_CNT_SAME_AS_SIGN_BIT_value)->i, s = v >> 63;
  int n = 0;
  while (n < 63 && ((v >> (62 - n)) & 1) == s)
    n++;
  sim_out(c, in, 0)->i = n == 63 ? -1 : n;
  scost(c);
  return 0;
}

int asc_exec_scalarcast(sim_core *c, const sim_inst *in) {
  int dt = asc_sim_dtype_of(sim_outtype(in, 0));
  const asc_attr *a = asc_op_attr(in->op, "round");
  int rm = a ? (int)a->i : SIM_RM_NONE;
  double v = sim_in(c, in, ASC_OPND_SCALAR_CAST_float32)->f;
  bool ok = (dt == ASC_SIM_F16 && (rm == SIM_RM_ODD || rm == SIM_RM_NONE)) ||
            (dt == ASC_SIM_I32 && (rm == SIM_RM_NONE || rm == SIM_RM_RINT || rm == SIM_RM_FLOOR ||
                                   rm == SIM_RM_CEIL || rm == SIM_RM_ROUND));
  if (!ok)
    return asc_sim_err(c, in->op, "asc.scalar_cast: float to %s with %s is not supported (half: CAST_ODD; int32: "
                       "CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND)", dt < 0 ? "?" : asc_sim_dtype_name(dt),
                       asc_enum_name(ASC_ENUM_ROUND, rm));
  if (rm == SIM_RM_NONE)
    rm = SIM_RM_RINT;
  sim_val *r = sim_out(c, in, 0);
  if (dt == ASC_SIM_F16)
    r->f = asc_sim_round_fp(v, dt, rm);
  else
    r->i = asc_sim_fp_to_int(v, dt, rm);
  scost(c);
  return 0;
}

int asc_exec_systemcycle(sim_core *c, const sim_inst *in) {
  /* the system counter runs at its own clock (hw.def system_counter_mhz), not the core's */
  sim_out(c, in, 0)->i = (int64_t)((double)c->sclk * c->L->cost->counter_mhz / c->L->plat->mhz);
  scost(c);
  return 0;
}

int asc_exec_trap(sim_core *c, const sim_inst *in) {
  return asc_sim_err(c, in->op, "trap: the kernel called asc.trap() (block %d)", c->block);
}

/* pyasc traces such a call for any platform; the toolchain refuses it for a platform without it. */
int asc_exec_unavailable(sim_core *c, const sim_inst *in) {
  const asc_attr *f = asc_op_attr(in->op, "callee"), *r = asc_op_attr(in->op, "reason");
  return asc_sim_err(c, in->op, "asc.%.*s is not available on %s: %.*s", (int)f->slen, f->s, c->L->plat->name,
                     (int)r->slen, r->s);
}

/* ---- system functions ---- */
int asc_exec_programcounter(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = in->id;
  scost(c);
  return 0;
}

/* init_soc_state: the A2's reset of the state earlier code may leave (the page: the atomic and
 * mask modes; Ascend C InitSocState for arch 2201: set_atomic_none, set_mask_norm, all lanes on the
 * vector side, load3d boundary and padding 0 on the cube side). */
int asc_exec_initsoc(sim_core *c, const sim_inst *in) {
  (void)in;
  c->atomic_dt = -1;
  c->counter = false;
  c->mask[0] = c->mask[1] = ~0ull;
  asc_sim_cube_soc_reset(c);
  scost(c);
  return 0;
}

/* data_sync_barrier, the cache operations: scalar time, no effect on results (the simulator
 * has no caches: GM is always coherent). */
int asc_exec_costonly(sim_core *c, const sim_inst *in) {
  (void)in;
  scost(c);
  return 0;
}

int asc_exec_dcci(sim_core *c, const sim_inst *in) {
  if (sim_in(c, in, 0)->mem == SIM_MEM_NONE)
    return asc_sim_err(c, in->op, "asc.data_cache_clean_and_invalid: the global tensor is bound to no memory "
                       "(set_global_buffer missing)");
  asc_sim_san_dcci(c);
  scost(c);
  return 0;
}

int asc_exec_icachestatus(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = 0;
  scost(c);
  return 0;
}

static void unbound(sim_val *r) {
  memset(r, 0, sizeof *r);
  r->mem = SIM_MEM_NONE;
  r->len = -1;
}

int asc_exec_getsysws(sim_core *c, const sim_inst *in) {
  *sim_out(c, in, 0) = c->sys_workspace;
  scost(c);
  return 0;
}

int asc_exec_setsysws(sim_core *c, const sim_inst *in) {
  c->sys_workspace = *sim_in(c, in, ASC_OPND_SET_SYS_WORKSPACE_workspace);
  scost(c);
  return 0;
}

static int hcclindex(sim_core *c, const sim_inst *in, int *idx) {
  *idx = (int)asc_op_attr(in->op, "index")->i;
  if (*idx < 0 || *idx > 1)
    return asc_sim_err(c, in->op, "%s: index %d: there are 2 communication domains (0 and 1)",
                       asc_op_name(in->op), *idx);
  return 0;
}

int asc_exec_gethccl(sim_core *c, const sim_inst *in) {
  int idx;
  if (hcclindex(c, in, &idx))
    return -1;
  *sim_out(c, in, 0) = c->hccl_ctx[idx];
  scost(c);
  return 0;
}

int asc_exec_sethccl(sim_core *c, const sim_inst *in) {
  int idx;
  if (hcclindex(c, in, &idx))
    return -1;
  c->hccl_ctx[idx] = *sim_in(c, in, ASC_OPND_SET_HCCL_CONTEXT_context);
  scost(c);
  return 0;
}

int asc_exec_mmlayout(sim_core *c, const sim_inst *in) {
  c->mm_layout = sim_in(c, in, ASC_OPND_SET_MM_LAYOUT_TRANSFORM_int1)->i != 0;
  scost(c);
  return 0;
}

/* ---- asc.array indexed at run time: the scalar unit's stack arrays ---- */
int asc_exec_sarrnew(sim_core *c, const sim_inst *in) {
  int64_t len = asc_op_attr(in->op, "length")->i;
  if (len < 1 || len > (1 << 20))
    return asc_sim_err(c, in->op, "asc.scalar_array: length %lld (1 .. 1048576)", (long long)len);
  if (c->nsarr == c->sarrcap) {
    c->sarrcap = c->sarrcap ? 2 * c->sarrcap : 4;
    c->sarr = realloc(c->sarr, sizeof *c->sarr * (size_t)c->sarrcap);
    if (!c->sarr)
      asc_die("out of memory");
  }
  sim_val *v = calloc((size_t)len, sizeof *v);
  if (!v)
    asc_die("out of memory");
  c->sarr[c->nsarr] = (struct sim_sarray){len, v};
  sim_out(c, in, 0)->i = c->nsarr++;
  scost(c);
  return 0;
}

/* The element an asc.scalar_array.get / set names, or NULL after an error at its line. */
static sim_val *sarrelem(sim_core *c, const sim_inst *in) {
  int64_t h = sim_in(c, in, ASC_OPND_SCALAR_ARRAY_GET_array)->i, i = sim_in(c, in, ASC_OPND_SCALAR_ARRAY_GET_index)->i;
  if (h < 0 || h >= c->nsarr)
    return asc_sim_err(c, in->op, "%s: not an asc.array", asc_op_name(in->op)), NULL;
  if (i < 0 || i >= c->sarr[h].len)
    return asc_sim_found_at(c, ASC_SIM_CHK_OOB, ASC_SEV_ERROR, in,
                            "%s: index %lld is outside the asc.array of %lld elements",
                            in->op->code == ASC_OP_SCALAR_ARRAY_GET ? "read of an asc.array" : "write of an asc.array",
                            (long long)i, (long long)c->sarr[h].len), NULL;
  scost(c);
  return &c->sarr[h].v[i];
}

int asc_exec_sarrget(sim_core *c, const sim_inst *in) {
  sim_val *e = sarrelem(c, in);
  if (!e)
    return -1;
  *sim_out(c, in, 0) = *e;
  return 0;
}

int asc_exec_sarrset(sim_core *c, const sim_inst *in) {
  sim_val *e = sarrelem(c, in);
  if (!e)
    return -1;
  *e = *sim_in(c, in, ASC_OPND_SCALAR_ARRAY_SET_value);
  return 0;
}

void asc_sim_sys_init(sim_core *c) {
  unbound(&c->sys_workspace);
  unbound(&c->hccl_ctx[0]);
  unbound(&c->hccl_ctx[1]);
}

