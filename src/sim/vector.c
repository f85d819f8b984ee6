/* vector.c - the elementwise vector ops (hardware.md §11): the table of element functions
 * of every op and form, and the count form.
 *
 * Each op supplies only element functions (one for floats, computed in double and rounded
 * once to the element type; one for integers, wrapped to the width).  Two family helpers
 * do everything else once: vcount here (dst[i] = f(src0[i], src1[i] or s), i < n) and
 * asc_exec_vlevel0 in vlevel0.c (repeats of 256 bytes, lanes from the mask register, block
 * and repeat strides, counter mode; lanes switched off keep dst).  Cast, axpy, duplicate
 * and the reductions are in vmisc.c and vreduce.c, compare and select in vcmpsel.c.
 */
#include <math.h>
#include <string.h>

#include "ops/elem.h"
#include "sim/vector_int.h"

/* ---- element functions: the rules are src/ops/elem.h's, here as the table's pointers ---- */
static double fadd(double a, double b) { return asc_elem_f(ASC_OP_ADD, a, b); }
static double fsub(double a, double b) { return asc_elem_f(ASC_OP_SUB, a, b); }
static double fmul(double a, double b) { return asc_elem_f(ASC_OP_MUL, a, b); }
static double fdiv(double a, double b) { return asc_elem_f(ASC_OP_DIV, a, b); }
static double fmax2(double a, double b) { return asc_elem_maxf(a, b); }
static double fmin2(double a, double b) { return asc_elem_minf(a, b); }
/* LeakyRelu scales by the sign bit: -0 gives -0 * s (the boundary-value appendix: LeakyRelu(-0, MIN) = +0,
 * LeakyRelu(-0, NaN) = NaN); +0 and positives pass. */
static double fleaky(double a, double s) { return signbit(a) ? a * s : a; }
static double fexp(double a, double b) { (void)b; return exp(a); }
static double fln(double a, double b) { (void)b; return log(a); }
static double fsqrt(double a, double b) { (void)b; return sqrt(a); }
static double frsqrt(double a, double b) { (void)b; return 1.0 / sqrt(a); }
static double frecip(double a, double b) { (void)b; return 1.0 / a; }
static double fabs1(double a, double b) { (void)b; return fabs(a); }
static double frelu(double a, double b) { (void)b; return asc_elem_relu(a); }

static int64_t iadd(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_ADD, a, b); }
static int64_t isub(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_SUB, a, b); }
static int64_t imul(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_MUL, a, b); }
static int64_t imax2(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_MAX, a, b); }
static int64_t imin2(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_MIN, a, b); }
static int64_t irelu(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_RELU, a, b); }

static double faddrelu(double a, double b) { return asc_elem_f(ASC_OP_ADD_RELU, a, b); }
static double fsubrelu(double a, double b) { return asc_elem_f(ASC_OP_SUB_RELU, a, b); }
/* The product of the multiply-adds is rounded to the element type first, then added (the
 * boundary-value appendix shows it as its own stage: MAX * MAX is inf before the add, so
 * adding -inf gives NaN). */
static double fprod(double a, double b, int dt) { return asc_sim_round_fp(a * b, dt, SIM_RM_RINT); }
static double ffma(double a, double b, double d, int dt) { return fprod(a, d, dt) + b; } /* src0 * dst + src1 */
static double ffmarelu(double a, double b, double d, int dt) { return asc_elem_relu(fprod(a, d, dt) + b); }
static double fmuladd(double a, double b, double d, int dt) { return fprod(a, b, dt) + d; } /* src0 * src1 + dst */

static int64_t iaddrelu(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_ADD_RELU, a, b); }
static int64_t isubrelu(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_SUB_RELU, a, b); }
static int64_t iand(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_BITWISE_AND, a, b); }
static int64_t ior(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_BITWISE_OR, a, b); }
static int64_t inot(int64_t a, int64_t b) { return asc_elem_i(ASC_OP_BITWISE_NOT, a, b); }
/* Shifts by the scalar s (0..16 for 16-bit, 0..32 for 32-bit elements); the store wraps to
 * the width.  Right shifts are arithmetic for signed types, logical for unsigned ones (an
 * unsigned element loads as a non-negative value). */
static int64_t ishl(int64_t a, int64_t s) { return s < 0 || s > 63 ? 0 : (int64_t)((uint64_t)a << s); }
static int64_t ishr(int64_t a, int64_t s) {
  if (s < 0 || s > 63)
    s = 63;
  return a < 0 ? ~(~a >> s) : a >> s;
}

static double fmove(double a, double b) { (void)b; return a; } /* copy moves bytes (asc_sim_velem) */
static int64_t imove(int64_t a, int64_t b) { (void)b; return a; }

#define L0(code, f, i, kind) [ASC_OP_##code##_MASK] = {f, i, kind, SIM_VF_MASK, NULL}, \
                             [ASC_OP_##code##_BITMASK] = {f, i, kind, SIM_VF_BITS, NULL}
#define ALL3(code, f, i, kind) [ASC_OP_##code] = {f, i, kind, SIM_VF_COUNT, NULL}, L0(code, f, i, kind)
#define TERN3(code, f3) [ASC_OP_##code] = {NULL, NULL, SIM_V_BIN, SIM_VF_COUNT, f3}, \
                        [ASC_OP_##code##_MASK] = {NULL, NULL, SIM_V_BIN, SIM_VF_MASK, f3}, \
                        [ASC_OP_##code##_BITMASK] = {NULL, NULL, SIM_V_BIN, SIM_VF_BITS, f3}

/* Every elementwise op, each of its forms. */
static const sim_vop vops[ASC_OP_COUNT] = {
  ALL3(ADD, fadd, iadd, SIM_V_BIN),       ALL3(SUB, fsub, isub, SIM_V_BIN),
  ALL3(MUL, fmul, imul, SIM_V_BIN),       ALL3(DIV, fdiv, NULL, SIM_V_BIN),
  ALL3(MAX, fmax2, imax2, SIM_V_BIN),     ALL3(MIN, fmin2, imin2, SIM_V_BIN),
  ALL3(ADDS, fadd, iadd, SIM_V_SCALAR),   ALL3(MULS, fmul, imul, SIM_V_SCALAR),
  ALL3(MAXS, fmax2, imax2, SIM_V_SCALAR), ALL3(MINS, fmin2, imin2, SIM_V_SCALAR),
  ALL3(LEAKY_RELU, fleaky, NULL, SIM_V_SCALAR),
  ALL3(EXP, fexp, NULL, SIM_V_UNARY),     ALL3(LN, fln, NULL, SIM_V_UNARY),
  ALL3(SQRT, fsqrt, NULL, SIM_V_UNARY),   ALL3(RSQRT, frsqrt, NULL, SIM_V_UNARY),
  ALL3(RECIPROCAL, frecip, NULL, SIM_V_UNARY), ALL3(ABS, fabs1, NULL, SIM_V_UNARY),
  ALL3(RELU, frelu, irelu, SIM_V_UNARY),
  ALL3(ADD_RELU, faddrelu, iaddrelu, SIM_V_BIN), ALL3(SUB_RELU, fsubrelu, isubrelu, SIM_V_BIN),
  ALL3(BITWISE_AND, NULL, iand, SIM_V_BIN), ALL3(BITWISE_OR, NULL, ior, SIM_V_BIN),
  ALL3(BITWISE_NOT, NULL, inot, SIM_V_UNARY),
  ALL3(SHIFT_LEFT, NULL, ishl, SIM_V_SCALAR), ALL3(SHIFT_RIGHT, NULL, ishr, SIM_V_SCALAR),
  TERN3(FUSED_MUL_ADD, ffma), TERN3(FUSED_MUL_ADD_RELU, ffmarelu), TERN3(MUL_ADD_DST, fmuladd),
  L0(COPY, fmove, imove, SIM_V_MOVE),
};
#undef L0
#undef ALL3
#undef TERN3

const sim_vop *asc_sim_vop(int code) {
  const sim_vop *v = code >= 0 && code < ASC_OP_COUNT ? &vops[code] : NULL;
  return v && (v->f || v->i || v->f3) ? v : NULL;
}

/* ---- shared helpers ---- */
/* UB bank conflicts (device kit bank_conflict_ub README; hw.def ub_* rows).  UB is 16 bank groups of
 * 3 banks; a 32-byte data block lives in group (address bits 8:5) and bank (bits 17:16) of it.  In one
 * repeat each source reads its blocks (8, or 1 with block stride 0); a bank group serves one read and
 * one write per cycle (write-write conflicts: bank_conflict_nd2nz README), and a bank one read or one
 * write.  The hardware writes a repeat's result one repeat later, so the write of repeat r-1 meets the
 * reads of repeat r.  A repeat takes as many cycles as the busiest group (reads, or the delayed write's
 * blocks) or bank (reads + the delayed write) needs.  Returns the cycles of repeats [0, reps). */
enum { BG = ASC_HWC_ub_bank_groups, NBANK = ASC_HWC_ub_bank_groups * 4 };

typedef struct vbank_op {
  int64_t off, blk, rep; /* UB byte offset of repeat 0; strides in data blocks */
  bool ub;               /* in UB (anything else reads or writes no bank) */
} vbank_op;

/* The bank (group + BG * id) of data block k of repeat r of operand o.  UB offsets and strides
 * are never negative (vbank_ops), so the division and modulo are shifts and masks. */
static int vbank_of(const vbank_op *o, int64_t r, int k) {
  uint64_t a = (uint64_t)(o->off + (r * o->rep + k * o->blk) * ASC_HWC_ub_block_bytes);
  _Static_assert(ASC_HWC_ub_block_bytes == 32 && BG == 16, "vbank_of's shift and mask");
  return (int)((a >> 5) & (BG - 1)) + BG * (int)((a >> ASC_HWC_ub_bank_id_shift) & 3);
}

/* The cycles of repeat r: the busiest group's reads, or a bank's reads plus the delayed write
 * where the write meets a read (at least 1).  The maxima are kept as the counts grow and the
 * write visits only its own banks (a repeat touches at most 8 blocks per operand), not all 64. */
static int64_t vrepeat_cycles(const vbank_op *ops, int nsrc, int64_t r) {
  int grp[BG] = {0}, bank[NBANK] = {0}, most = 1;
  for (int i = 1; i <= nsrc; i++)
    for (int k = 0, nblk = ops[i].blk ? 8 : 1; k < nblk; k++) {
      int b = vbank_of(&ops[i], r, k), g = b & (BG - 1);
      bank[b]++;
      most = ++grp[g] > most ? grp[g] : most;
    }
  if (r > 0 && ops[0].ub) { /* the delayed write, where it meets a read, and its own blocks per group */
    int wb[NBANK] = {0}, wg[BG] = {0}, hit[8], nhit = 0;
    for (int k = 0, nblk = ops[0].blk ? 8 : 1; k < nblk; k++) {
      int b = vbank_of(&ops[0], r - 1, k);
      most = ++wg[b & (BG - 1)] > most ? wg[b & (BG - 1)] : most;
      if (!wb[b]++)
        hit[nhit++] = b;
    }
    for (int j = 0; j < nhit; j++)
      if (bank[hit[j]] && bank[hit[j]] + wb[hit[j]] > most)
        most = bank[hit[j]] + wb[hit[j]];
  }
  return most;
}

/* The write of the last repeat, after it: the busiest group's blocks of it beyond the first (a group
 * takes one write a cycle: bank_conflict_ub / bank_conflict_nd2nz READMEs, "write-write conflict"). */
static int64_t vlast_write(const vbank_op *ops, int64_t reps) {
  if (reps <= 0 || !ops[0].ub)
    return 0;
  int wg[BG] = {0}, most = 1;
  for (int k = 0, nblk = ops[0].blk ? 8 : 1; k < nblk; k++) {
    int g = vbank_of(&ops[0], reps - 1, k) & (BG - 1);
    most = ++wg[g] > most ? wg[g] : most;
  }
  return most - 1;
}

/* The cycles of repeats 0, 1 and 2 of contiguous operands, kept per instruction for the last two
 * operand placements (a double-buffered loop alternates two): they depend on nothing else. */
static const int64_t *vbank_first3(sim_core *c, const sim_inst *in, const vbank_op *ops, int nsrc) {
  sim_scratch *sc = c->scr;
  if (!sc->vmemo)
    sc->vmemo = asc_xcalloc((size_t)sc->ninsts + 1, sizeof *sc->vmemo);
  sim_vmemo *m = &sc->vmemo[in->id];
  for (int e = 0; e < 2; e++) {
    sim_vmemo1 *x = &m->e[(m->last + e) & 1];
    bool same = x->nsrc == nsrc + 1;
    for (int i = 0; same && i <= nsrc; i++)
      same = x->off[i] == ops[i].off && x->ub[i] == ops[i].ub;
    if (same)
      return m->last = (m->last + e) & 1, x->cyc;
  }
  m->last ^= 1;
  sim_vmemo1 *x = &m->e[m->last];
  x->nsrc = nsrc + 1;
  for (int i = 0; i <= nsrc; i++)
    x->off[i] = ops[i].off, x->ub[i] = ops[i].ub;
  for (int r = 0; r < 3; r++)
    x->cyc[r] = vrepeat_cycles(ops, nsrc, r);
  return x->cyc;
}

static int64_t vbank_cycles(sim_core *c, const sim_inst *in, const vbank_op *ops, int nsrc, int64_t reps) {
  bool contiguous = true;
  for (int i = 0; i <= nsrc; i++)
    contiguous = contiguous && ops[i].blk == 1 && ops[i].rep == 8;
  if (!contiguous || reps <= 3 || nsrc > 3) {
    int64_t t = vlast_write(ops, reps);
    for (int64_t r = 0; r < reps; r++)
      t += vrepeat_cycles(ops, nsrc, r);
    return t;
  }
  /* contiguous operands: the groups repeat every 2 repeats (8 of 16 per repeat), so repeats 1 and 2
   * stand for the odd and even ones (bank ids as at the start: the count form's fast path) */
  const int64_t *cyc = vbank_first3(c, in, ops, nsrc);
  return cyc[0] + (reps / 2) * cyc[1] + ((reps - 1) / 2) * cyc[2];
}

/* Operand i's bank view: its UB offset and the given strides (NULL: contiguous, the count form). */
static int vbank_ops(sim_core *c, const sim_inst *in, const int64_t *blk, const int64_t *rep, int n,
                     vbank_op *ops) {
  int k = 0;
  for (int i = 0; i < in->nin && k < n; i++) {
    const sim_val *v = sim_in(c, in, i);
    if (sim_intype(in, i)->kind != ASC_TY_LTENSOR)
      continue;
    vbank_op o = {v->off, blk ? blk[k] : 1, rep ? rep[k] : 8, v->mem == SIM_MEM_UB};
    if (k == 0 || o.ub) /* dst always first; sources only in UB */
      ops[k++] = o;
  }
  return k - 1; /* the sources after dst */
}

static int64_t vbank_total(sim_core *c, const sim_inst *in, int64_t repeats, const int64_t *blk,
                           const int64_t *rep, int n) {
  vbank_op ops[4];
  int nsrc = vbank_ops(c, in, blk, rep, n < 4 ? n : 4, ops);
  if (nsrc < 1)
    return repeats;
  return vbank_cycles(c, in, ops, nsrc, repeats);
}

int asc_sim_vcost(sim_core *c, const sim_inst *in, int64_t repeats) {
  return asc_sim_issue_vec(c, in, repeats, vbank_total(c, in, repeats, NULL, NULL, 4));
}

/* A level-0 instruction with its strides (dst, src0[, src1]), in data blocks. */
int asc_sim_vcost_strided(sim_core *c, const sim_inst *in, int64_t repeats, const int64_t *blk,
                          const int64_t *rep, int n) {
  return asc_sim_issue_vec(c, in, repeats, vbank_total(c, in, repeats, blk, rep, n));
}

uint8_t *asc_sim_vptr(sim_core *c, const sim_inst *in, int i, int64_t off, int64_t nbytes, const char *what) {
  const sim_val *r = sim_in(c, in, i);
  char lb[96];
  if (r->mem != SIM_MEM_UB || r->off % 32)
    asc_op_operand_label(in->op->code, i, lb, sizeof lb);
  if (r->mem != SIM_MEM_UB)
    return asc_sim_err(c, in->op, "%s: %s is not a local tensor in UB", asc_op_name(in->op), lb), NULL;
  if (r->off % 32 != 0) {
    sim_finding f = {ASC_SIM_CHK_MISALIGNED, ASC_SEV_ERROR, 0, in->op, NULL, in->pipe, -1, SIM_MEM_UB,
                     r->off, r->off};
    return asc_sim_found(c, &f, "%s: %s starts at UB byte %lld, not 32-byte aligned",
                         asc_op_name(in->op), lb, (long long)r->off), NULL;
  }
  return asc_sim_mem(c, in->op, r, off, nbytes, what);
}

/* The scalar operand s as an element of type dt. */
sim_num asc_sim_vscalar(sim_core *c, const sim_inst *in, int i, int dt) {
  const sim_val *v = sim_in(c, in, i);
  bool isf = asc_type_is_float(sim_intype(in, i));
  sim_num s;
  s.f = asc_sim_round_fp(isf ? v->f : (double)v->i, dt, SIM_RM_RINT);
  s.i = isf ? asc_sim_fp_to_int(v->f, dt, SIM_RM_TRUNC) : asc_sim_wrap(v->i, dt); /* saturates: no UB cast */
  return s;
}

double asc_sim_axpy_prod(double k, double s, int dt) { return fprod(k, s, dt); }

/* dst := f(a, b) for one element; b == NULL takes the scalar. */
void asc_sim_velem(const sim_vop *op, int dt, uint8_t *d, const uint8_t *a, const uint8_t *b, sim_num s) {
  if (op->kind == SIM_V_MOVE)
    memmove(d, a, (size_t)asc_sim_dtype_size(dt));
  else if (op->f3)
    asc_sim_storef(dt, d, op->f3(asc_sim_loadf(dt, a), asc_sim_loadf(dt, b), asc_sim_loadf(dt, d), dt));
  else if (asc_sim_dt_float(dt))
    asc_sim_storef(dt, d, op->f(asc_sim_loadf(dt, a), b ? asc_sim_loadf(dt, b) : s.f));
  else
    asc_sim_storei(dt, d, op->i(asc_sim_loadi(dt, a), b ? asc_sim_loadi(dt, b) : s.i));
}

/* The element type against the op's dtypes column (ops.def, as the verifier checks it) and the
 * element functions the table has for it. */
int asc_sim_vcheckdt(sim_core *c, const sim_inst *in, const sim_vop *op, int dt) {
  if (dt < 0 || !asc_op_dtype_ok(in->op->code, asc_sim_dtype_name(dt)) || (!asc_sim_dt_float(dt) && !op->i) ||
      (asc_sim_dt_float(dt) && !op->f && !op->f3))
    return asc_sim_err(c, in->op, "%s: element type %s is not supported", asc_op_name(in->op),
                       dt < 0 ? "?" : asc_sim_dtype_name(dt));
  return 0;
}

/* The first `bytes` of local tensors d and a do not share a byte (or are in different memories). */
static bool apart(const sim_val *d, const sim_val *a, int64_t bytes) {
  return a->mem != d->mem || a->off >= d->off + bytes || d->off >= a->off + bytes;
}

/* ---- count form: (dst, src0, src1 | s | -, n) ---- */
int asc_exec_vcount(sim_core *c, const sim_inst *in) {
  const sim_vop *op = &vops[in->op->code];
  int dt = asc_sim_elem_dtype(sim_intype(in, 0)), nargs = op->kind == SIM_V_UNARY ? 2 : 3;
  if (asc_sim_vcheckdt(c, in, op, dt))
    return -1;
  int esz = asc_sim_dtype_size(dt);
  int64_t n = sim_in(c, in, nargs)->i, bytes;
  if (n < 0)
    return asc_sim_err(c, in->op, "%s: negative count %lld", asc_op_name(in->op), (long long)n);
  if (asc_sim_mul(c, in->op, "count times element size", n, esz, &bytes))
    return -1;
  /* every element of dst is written; when no source lies in dst's bytes (and dst is no input),
   * nothing reads them first, so an earlier block's bytes need not be cleared from them (coremem.c) */
  const sim_val *rd = sim_in(c, in, 0);
  c->overwrite = c->scr->zn[ASC_HW_MEM_UB] && !op->f3 && apart(rd, sim_in(c, in, 1), bytes) &&
                 (op->kind != SIM_V_BIN || apart(rd, sim_in(c, in, 2), bytes));
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, bytes, "write");
  c->overwrite = false;
  if (d && op->f3 && !asc_sim_vptr(c, in, 0, 0, bytes, "read")) /* dst is an input too */
    return -1;
  const uint8_t *a = d ? asc_sim_vptr(c, in, 1, 0, bytes, "read") : NULL;
  const uint8_t *b = a && op->kind == SIM_V_BIN ? asc_sim_vptr(c, in, 2, 0, bytes, "read") : NULL;
  if (!a || (op->kind == SIM_V_BIN && !b))
    return -1;
  sim_num s = op->kind == SIM_V_SCALAR ? asc_sim_vscalar(c, in, 2, dt) : (sim_num){0, 0};
  if (!asc_sim_vfast(in->op->code, dt, d, a, b, s, n))
    for (int64_t i = 0; i < n; i++)
      asc_sim_velem(op, dt, d + i * esz, a + i * esz, b ? b + i * esz : NULL, s);
  asc_sim_count_done(c); /* the count API leaves normal mode and the full mask behind */
  return asc_sim_vcost(c, in, bytes / 256 + (bytes % 256 != 0));
}

