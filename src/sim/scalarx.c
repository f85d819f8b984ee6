/* scalarx.c - the scalar unit's bit functions (scalar_get_sff_value,
 * scalar_get_count_of_value, scalar_count_leading_zero, count_bits_cnt_same_as_sign_bit),
 * scalar_cast, get_system_cycle (the core's simulated cycle) and trap (an error report at
 * its line that stops the kernel). */
#include "sim/sim_int.h"

static void scost(sim_core *c) { asc_sim_scalar(c, c->L->cost->scalar_op); }

static int bitcount(uint64_t v) {
  int n = 0;
  for (; v; v &= v - 1)
    n++;
  return n;
}

static int bitarg(sim_core *c, const sim_inst *in) {
  int64_t b = sim_in(c, in, 1)->i;
  if (b != 0 && b != 1)
    return asc_sim_err(c, in->op, "%s: count_value must be 0 or 1, got %lld", asc_op_name(in->op), (long long)b);
  return (int)b;
}

static int sffvalue(sim_core *c, const sim_inst *in) {
  uint64_t v = (uint64_t)sim_in(c, in, 0)->i;
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

static int countofvalue(sim_core *c, const sim_inst *in) {
  uint64_t v = (uint64_t)sim_in(c, in, 0)->i;
  int b = bitarg(c, in);
  if (b < 0)
    return -1;
  sim_out(c, in, 0)->i = b ? bitcount(v) : 64 - bitcount(v);
  scost(c);
  return 0;
}

static int clz(sim_core *c, const sim_inst *in) {
  uint64_t v = (uint64_t)sim_in(c, in, 0)->i;
  int n = 0;
  while (n < 64 && !((v >> (63 - n)) & 1))
    n++;
  sim_out(c, in, 0)->i = n;
  scost(c);
  return 0;
}

static int samesign(sim_core *c, const sim_inst *in) {
  uint64_t v = (uint64_t)sim_in(c, in, 0)->i, s = v >> 63;
  int n = 0;
  while (n < 63 && ((v >> (62 - n)) & 1) == s)
    n++;
  sim_out(c, in, 0)->i = n == 63 ? -1 : n;
  scost(c);
  return 0;
}

static int scalarcast(sim_core *c, const sim_inst *in) {
  int dt = asc_sim_dtype_of(sim_outtype(in, 0));
  const asc_attr *a = asc_op_attr(in->op, "round");
  int rm = a ? (int)a->i : SIM_RM_NONE;
  double v = sim_in(c, in, 0)->f;
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

static int systemcycle(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->sclk;
  scost(c);
  return 0;
}

static int trap(sim_core *c, const sim_inst *in) {
  return asc_sim_err(c, in->op, "trap: the kernel called asc.trap() (block %d)", c->block);
}

void asc_sim_reg_scalarx(sim_exec_fn *t) {
  t[ASC_OP_SCALAR_CAST] = scalarcast;
  t[ASC_OP_SCALAR_GET_SFF_VALUE] = sffvalue;
  t[ASC_OP_SCALAR_GET_COUNT_OF_VALUE] = countofvalue;
  t[ASC_OP_SCALAR_COUNT_LEADING_ZERO] = clz;
  t[ASC_OP_COUNT_BITS_CNT_SAME_AS_SIGN_BIT] = samesign;
  t[ASC_OP_GET_SYSTEM_CYCLE] = systemcycle;
  t[ASC_OP_TRAP] = trap;
}
