/* scalar.c - the scalar unit: arith ops with exact C semantics (integers wrap at their
 * type's width, signed division truncates toward zero, floats are IEEE in their own
 * type), get_value/set_value and the block ids.  Integers are kept sign-extended from
 * their width (zero-extended for ui types), floats exactly representable. */
#include <math.h>
#include <string.h>

#include "sim/sim_int.h"
#include "ops/elem.h"

static int rdt(const sim_inst *in) { return asc_sim_dtype_of(sim_outtype(in, 0)); }
static int idt(const sim_inst *in, int i) { return asc_sim_dtype_of(sim_intype(in, i)); }
static void scost(sim_core *c) { asc_sim_scalar(c, c->L->cost->scalar_op); }

static int width(int dt) { return dt == ASC_SIM_BOOL ? 1 : 8 * asc_sim_dtype_size(dt); }

/* The bits of v as an unsigned number of dt's width. */
static uint64_t uval(int64_t v, int dt) {
  int w = width(dt);
  return w == 64 ? (uint64_t)v : (uint64_t)v & ((1ull << w) - 1);
}

/* v's low w bits, sign-extended. */
static int64_t sext(int64_t v, int w) {
  if (w >= 64)
    return v;
  uint64_t m = 1ull << (w - 1), u = (uint64_t)v & ((m << 1) - 1);
  return (int64_t)((u ^ m) - m);
}

static double fround(double x, int dt) { return dt == ASC_SIM_F64 ? x : asc_sim_round_fp(x, dt, SIM_RM_RINT); }

/* ---- integer binary ops: add, sub, mul, max, min, and, or, xor are src/ops/elem.h's rules; the
 * divisions and shifts, whose edge cases are the scalar unit's own, are here ---- */
typedef int64_t (*ibinfn)(int64_t a, int64_t b, int dt);

static int64_t idivs(int64_t a, int64_t b, int dt) { (void)dt; return b == -1 ? (int64_t)(0 - (uint64_t)a) : a / b; }
static int64_t idivu(int64_t a, int64_t b, int dt) { return (int64_t)(uval(a, dt) / uval(b, dt)); }
static int64_t irems(int64_t a, int64_t b, int dt) { (void)dt; return b == -1 ? 0 : a % b; }
static int64_t iremu(int64_t a, int64_t b, int dt) { return (int64_t)(uval(a, dt) % uval(b, dt)); }

static int64_t iceildiv(int64_t a, int64_t b, int dt) {
  int64_t q = idivs(a, b, dt);
  return (b != -1 && a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

/* Shifts by the width or more give 0 (or the sign for shrsi) instead of C's UB. */
static int64_t ishl(int64_t a, int64_t b, int dt) {
  return (uint64_t)b >= (uint64_t)width(dt) ? 0 : (int64_t)((uint64_t)a << b);
}
static int64_t ishrs(int64_t a, int64_t b, int dt) {
  int64_t s = sext(a, width(dt));
  return (uint64_t)b >= (uint64_t)width(dt) ? (s < 0 ? -1 : 0) : (s >> b);
}
static int64_t ishru(int64_t a, int64_t b, int dt) {
  return (uint64_t)b >= (uint64_t)width(dt) ? 0 : (int64_t)(uval(a, dt) >> b);
}

static const ibinfn ibins[ASC_OP_COUNT] = {
  [ASC_OP_DIVSI] = idivs, [ASC_OP_DIVUI] = idivu, [ASC_OP_CEILDIVSI] = iceildiv, [ASC_OP_REMSI] = irems,
  [ASC_OP_REMUI] = iremu, [ASC_OP_SHLI] = ishl, [ASC_OP_SHRSI] = ishrs, [ASC_OP_SHRUI] = ishru,
};

static bool isdiv(asc_opcode c) {
  return c == ASC_OP_DIVSI || c == ASC_OP_DIVUI || c == ASC_OP_CEILDIVSI || c == ASC_OP_REMSI ||
         c == ASC_OP_REMUI;
}

int asc_exec_ibin(sim_core *c, const sim_inst *in) {
  int64_t a = sim_in(c, in, ASC_OPND_ADDI_lhs)->i, b = sim_in(c, in, ASC_OPND_ADDI_rhs)->i;
  int dt = rdt(in);
  if (isdiv(in->op->code) && uval(b, dt) == 0)
    return asc_sim_err(c, in->op, "%s: integer division by zero", asc_op_name(in->op));
  ibinfn f = ibins[in->op->code];
  sim_out(c, in, 0)->i = asc_sim_wrap(f ? f(a, b, dt) : asc_elem_i(in->op->code, a, b), dt);
  scost(c);
  return 0;
}

/* ---- float binary ops: src/ops/elem.h's rules ---- */
int asc_exec_fbin(sim_core *c, const sim_inst *in) {
  double r = asc_elem_f(in->op->code, sim_in(c, in, ASC_OPND_ADDF_lhs)->f, sim_in(c, in, ASC_OPND_ADDF_rhs)->f);
  sim_out(c, in, 0)->f = fround(r, rdt(in));
  scost(c);
  return 0;
}

int asc_exec_negf(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->f = -sim_in(c, in, ASC_OPND_NEGF_in)->f;
  scost(c);
  return 0;
}

/* ---- comparisons, select ---- */
static bool icmp(int pred, int64_t a, int64_t b, int dt) {
  uint64_t ua = uval(a, dt), ub = uval(b, dt);
  int w = width(dt);
  int64_t sa = sext(a, w), sb = sext(b, w);
  switch (pred) {
  case 0: return ua == ub;
  case 1: return ua != ub;
  case 2: return sa < sb;
  case 3: return sa <= sb;
  case 4: return sa > sb;
  case 5: return sa >= sb;
  case 6: return ua < ub;
  case 7: return ua <= ub;
  case 8: return ua > ub;
  default: return ua >= ub;
  }
}

int asc_exec_cmpi(sim_core *c, const sim_inst *in) {
  const asc_attr *p = asc_op_attr(in->op, "predicate");
  sim_out(c, in, 0)->i = icmp(p ? (int)p->i : 0, sim_in(c, in, ASC_OPND_CMPI_lhs)->i,
                              sim_in(c, in, ASC_OPND_CMPI_rhs)->i, idt(in, 0));
  scost(c);
  return 0;
}

/* MLIR's cmpf predicates 0..15 (false oeq ogt oge olt ole one ord ueq ugt uge ult ule une
 * uno true) as sets of relations: bit 0 equal, bit 1 greater, bit 2 less.  With a NaN
 * operand only the unordered ones (8..15) hold. */
static bool fcmp(int pred, double a, double b) {
  static const int rels[16] = {0, 1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 0, 7};
  if (isnan(a) || isnan(b))
    return pred >= 8;
  int r = a == b ? 1 : a > b ? 2 : 4;
  return (rels[pred & 15] & r) != 0;
}

int asc_exec_cmpf(sim_core *c, const sim_inst *in) {
  const asc_attr *p = asc_op_attr(in->op, "predicate");
  sim_out(c, in, 0)->i = fcmp(p ? (int)p->i : 0, sim_in(c, in, ASC_OPND_CMPF_lhs)->f,
                              sim_in(c, in, ASC_OPND_CMPF_rhs)->f);
  scost(c);
  return 0;
}

int asc_exec_selectop(sim_core *c, const sim_inst *in) {
  *sim_out(c, in, 0) = *sim_in(c, in, sim_in(c, in, ASC_OPND_SELECT_cond)->i ? 1 : 2);
  scost(c);
  return 0;
}

/* ---- conversions ---- */
int asc_exec_sitofp(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->f = fround((double)sext(sim_in(c, in, ASC_OPND_SITOFP_in)->i, width(idt(in, 0))), rdt(in));
  scost(c);
  return 0;
}

int asc_exec_uitofp(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->f = fround((double)uval(sim_in(c, in, ASC_OPND_UITOFP_in)->i, idt(in, 0)), rdt(in));
  scost(c);
  return 0;
}

/* Out-of-range values saturate (C leaves them undefined). */
int asc_exec_fptoi(sim_core *c, const sim_inst *in) {
  int dt = rdt(in);
  if (in->op->code == ASC_OP_FPTOUI && asc_sim_dt_signed(dt))
    dt = dt == ASC_SIM_I8 ? ASC_SIM_U8 : dt == ASC_SIM_I16 ? ASC_SIM_U16 : dt == ASC_SIM_I32 ? ASC_SIM_U32 : ASC_SIM_U64;
  sim_out(c, in, 0)->i = asc_sim_wrap(asc_sim_fp_to_int(sim_in(c, in, ASC_OPND_FPTOSI_in)->f, dt, SIM_RM_TRUNC),
                                      rdt(in));
  scost(c);
  return 0;
}

/* extsi, extui, trunci, index_cast: re-extend from the source width, cut to the result's. */
int asc_exec_intcast(sim_core *c, const sim_inst *in) {
  int64_t v = sim_in(c, in, 0)->i;
  int sdt = idt(in, 0);
  v = in->op->code == ASC_OP_EXTUI ? (int64_t)uval(v, sdt) : sext(v, width(sdt));
  sim_out(c, in, 0)->i = asc_sim_wrap(v, rdt(in));
  scost(c);
  return 0;
}

int asc_exec_fpcast(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->f = fround(sim_in(c, in, ASC_OPND_EXTF_in)->f, rdt(in));
  scost(c);
  return 0;
}

/* Same bits, other type: go through memory in the element encoding. */
int asc_exec_bitcast(sim_core *c, const sim_inst *in) {
  uint8_t buf[8] = {0};
  int sdt = idt(in, 0), ddt = rdt(in);
  if (asc_sim_dt_float(sdt))
    asc_sim_storef(sdt, buf, sim_in(c, in, ASC_OPND_BITCAST_in)->f);
  else
    asc_sim_storei(sdt, buf, sim_in(c, in, ASC_OPND_BITCAST_in)->i);
  sim_val *r = sim_out(c, in, 0);
  if (asc_sim_dt_float(ddt))
    r->f = asc_sim_loadf(ddt, buf);
  else
    r->i = asc_sim_loadi(ddt, buf);
  scost(c);
  return 0;
}

int asc_exec_constant(sim_core *c, const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "value");
  sim_val *r = sim_out(c, in, 0);
  int dt = rdt(in);
  if (!a || dt < 0)
    return asc_sim_err(c, in->op, "arith.constant: no usable value");
  if (asc_sim_dt_float(dt))
    r->f = fround(a->kind == ASC_ATTR_FLOAT ? a->f : (double)a->i, dt);
  else
    r->i = a->kind == ASC_ATTR_FLOAT ? asc_sim_fp_to_int(a->f, dt, SIM_RM_TRUNC) : asc_sim_wrap(a->i, dt);
  scost(c);
  return 0;
}

/* ---- element access and block ids ---- */
int asc_exec_getvalue(sim_core *c, const sim_inst *in) {
  int dt = asc_sim_elem_dtype(sim_intype(in, 0)), sz = asc_sim_dtype_size(dt);
  int64_t off;
  if (asc_sim_mul(c, in->op, "index times element size", sim_in(c, in, ASC_OPND_GET_VALUE_index)->i, sz, &off))
    return -1;
  const uint8_t *p = asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_GET_VALUE_tensor), off, sz, "read");
  if (!p)
    return -1;
  sim_val *r = sim_out(c, in, 0);
  if (asc_sim_dt_float(dt))
    r->f = asc_sim_loadf(dt, p);
  else
    r->i = asc_sim_wrap(asc_sim_loadi(dt, p), rdt(in));
  asc_sim_scalar(c, c->L->cost->get_value);
  return 0;
}

int asc_exec_setvalue(sim_core *c, const sim_inst *in) {
  int dt = asc_sim_elem_dtype(sim_intype(in, 0)), sz = asc_sim_dtype_size(dt);
  int64_t off;
  if (asc_sim_mul(c, in->op, "index times element size", sim_in(c, in, ASC_OPND_SET_VALUE_index)->i, sz, &off))
    return -1;
  uint8_t *p = asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_SET_VALUE_tensor), off, sz, "write");
  if (!p)
    return -1;
  const sim_val *v = sim_in(c, in, ASC_OPND_SET_VALUE_value);
  if (asc_sim_dt_float(dt))
    asc_sim_storef(dt, p, asc_sim_dt_float(idt(in, 2)) ? v->f : (double)v->i);
  else
    asc_sim_storei(dt, p, v->i);
  asc_sim_mem_commit(c);
  asc_sim_scalar(c, c->L->cost->set_value);
  return 0;
}

/* On an AIV of a MIX kernel the index counts AIVs: block * AIVs per block + sub-block
 * (hardware.md §1.1). */
int asc_exec_blockidx(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->kind == ASC_HW_AIV && c->L->naic ? c->block * c->L->naiv + c->sub : c->block;
  scost(c);
  return 0;
}

int asc_exec_blocknum(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->L->blocks;
  scost(c);
  return 0;
}

