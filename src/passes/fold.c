/* fold.c - constant folding and algebraic identities of the arith ops.
 *
 * Integers are folded on their bits: a value of width w is kept as a uint64_t masked
 * to w bits, and each op reads those bits signed or unsigned as its semantics say
 * (the type's own signedness only decides how the new constant is written).  Index
 * is 64 bits wide.  Whatever the hardware would leave undefined is not folded:
 * division by zero, INT_MIN / -1, shifts by the width or more, out-of-range float to
 * int conversions.
 *
 * Floats are computed in double and rounded once to the type (f32, f16, bf16) to
 * nearest even.  For + - * / of values of the type that gives the correctly rounded
 * result: 53 >= 2p + 2 for p = 24, 11 and 8 makes the double rounding harmless.  A
 * result that is NaN or infinite is not folded.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "ops/elem.h"
#include "passes/passes.h"

/* A constant operand. */
typedef struct cval {
  uint64_t u; /* INT, INDEX: the bits, masked to the width */
  double f;   /* FLOAT */
} cval;

/* Bit width of an integer or index type; 0 for anything else. */
static int iwidth(const asc_type *t) {
  if (t->kind == ASC_TY_INT)
    return t->width;
  return t->kind == ASC_TY_INDEX ? 64 : 0;
}

static bool isfloat(const asc_type *t) { return t->kind == ASC_TY_FLOAT; }

static uint64_t maskw(int w) { return w >= 64 ? ~0ULL : (1ULL << w) - 1; }

static int64_t sext(uint64_t u, int w) {
  if (w >= 64)
    return (int64_t)u;
  uint64_t s = 1ULL << (w - 1);
  return (int64_t)(((u & maskw(w)) ^ s) - s);
}

static bool roundfloat(const asc_type *t, double x, double *r);

static bool getconst(const asc_value *v, cval *c) {
  const asc_op *d = v->def;
  if (!d || d->code != ASC_OP_CONSTANT)
    return false;
  const asc_attr *a = asc_op_attr(d, "value");
  int w = iwidth(v->type);
  if (!a)
    return false;
  if (w && (a->kind == ASC_ATTR_INT || a->kind == ASC_ATTR_BOOL)) {
    c->u = (uint64_t)a->i & maskw(w);
    return true;
  }
  if (isfloat(v->type) && a->kind == ASC_ATTR_FLOAT) {
    /* the attribute may hold more precision than its type (f32 0.1 parsed as a double) */
    c->f = a->f;
    if (isfinite(a->f) && !roundfloat(v->type, a->f, &c->f))
      c->f = copysign(INFINITY, a->f);
    return true;
  }
  return false;
}

bool asc_pass_const_int(const asc_value *v, int64_t *out) {
  cval c;
  int w = iwidth(v->type);
  if (!w || !getconst(v, &c))
    return false;
  *out = sext(c.u, w);
  return true;
}

/* ---- materialization ---- */

/* A new arith.constant before `at`, carrying at's location. */
static asc_value *mkconst(asc_module *m, asc_op *at, const asc_type *t, asc_attr *val) {
  asc_op *c = asc_op_create(m, ASC_OP_CONSTANT, NULL, 0, &t, 1, at->loc);
  c->pos = at->pos;
  asc_op_set_attr(m, c, "value", val);
  asc_op_insert_before(at, c);
  return &c->results[0];
}

/* The attribute keeps the value as the type reads it: zero-extended for unsigned
 * types, sign-extended otherwise; i1 is written true/false, as MLIR prints it. */
static asc_value *mkint(asc_module *m, asc_op *at, const asc_type *t, uint64_t u) {
  int w = iwidth(t);
  int64_t v = t->kind == ASC_TY_INT && t->is_unsigned ? (int64_t)(u & maskw(w)) : sext(u, w);
  if (w == 1)
    return mkconst(m, at, t, asc_attr_bool(m, (u & 1) != 0));
  return mkconst(m, at, t, asc_attr_int(m, t, v));
}

static asc_value *mkfloat(asc_module *m, asc_op *at, const asc_type *t, double f) {
  if (!isfinite(f))
    return NULL;
  return mkconst(m, at, t, asc_attr_float(m, t, f));
}

/* ---- integer arithmetic ---- */

static bool foldbits(asc_opcode code, int w, uint64_t a, uint64_t b, uint64_t *r) {
  switch (code) { /* src/ops/elem.h's rules, on the values sign-extended from the width */
  case ASC_OP_ADDI: case ASC_OP_SUBI: case ASC_OP_MULI: case ASC_OP_ANDI: case ASC_OP_ORI: case ASC_OP_XORI:
  case ASC_OP_MAXSI: case ASC_OP_MINSI: *r = (uint64_t)asc_elem_i(code, sext(a, w), sext(b, w)); return true;
  default: return false;
  }
}

static int64_t ceildiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) == (b < 0)) ? q + 1 : q;
}

/* The divisions; none folds by zero, nor the signed ones at INT_MIN / -1. */
static bool folddiv(asc_opcode code, int w, uint64_t a, uint64_t b, uint64_t *r) {
  int64_t sa = sext(a, w), sb = sext(b, w);
  bool ovf = sb == -1 && sa == sext(1ULL << (w - 1), w);
  bool is_signed = code == ASC_OP_DIVSI || code == ASC_OP_REMSI || code == ASC_OP_CEILDIVSI;
  if (b == 0 || (is_signed && ovf))
    return false;
  switch (code) {
  case ASC_OP_DIVUI: *r = a / b; return true;
  case ASC_OP_REMUI: *r = a % b; return true;
  case ASC_OP_DIVSI: *r = (uint64_t)(sa / sb); return true;
  case ASC_OP_REMSI: *r = (uint64_t)(sa % sb); return true;
  case ASC_OP_CEILDIVSI: *r = (uint64_t)ceildiv(sa, sb); return true;
  default: return false;
  }
}

/* Shifts by the width or more are undefined: not folded. */
static bool foldshift(asc_opcode code, int w, uint64_t a, uint64_t b, uint64_t *r) {
  int64_t sa = sext(a, w);
  if (code != ASC_OP_SHLI && code != ASC_OP_SHRSI && code != ASC_OP_SHRUI)
    return false;
  if (b >= (uint64_t)w)
    return false;
  if (code == ASC_OP_SHLI)
    *r = a << b;
  else if (code == ASC_OP_SHRUI)
    *r = a >> b;
  else /* arithmetic shift without relying on >> of a negative number */
    *r = sa < 0 ? ~(~(uint64_t)sa >> b) : (uint64_t)sa >> b;
  return true;
}

static bool foldibin(asc_opcode code, int w, uint64_t a, uint64_t b, uint64_t *r) {
  if (code == ASC_OP_DIVSI || code == ASC_OP_DIVUI || code == ASC_OP_CEILDIVSI ||
      code == ASC_OP_REMSI || code == ASC_OP_REMUI) {
    if (!folddiv(code, w, a, b, r))
      return false;
  } else if (!foldbits(code, w, a, b, r) && !foldshift(code, w, a, b, r)) {
    return false;
  }
  *r &= maskw(w);
  return true;
}

/* cmpi predicates, MLIR numbering: eq ne slt sle sgt sge ult ule ugt uge. */
static bool foldcmpi(int64_t pred, int w, uint64_t a, uint64_t b, uint64_t *r) {
  int64_t sa = sext(a, w), sb = sext(b, w);
  switch (pred) {
  case 0: *r = a == b; return true;
  case 1: *r = a != b; return true;
  case 2: *r = sa < sb; return true;
  case 3: *r = sa <= sb; return true;
  case 4: *r = sa > sb; return true;
  case 5: *r = sa >= sb; return true;
  case 6: *r = a < b; return true;
  case 7: *r = a <= b; return true;
  case 8: *r = a > b; return true;
  case 9: *r = a >= b; return true;
  default: return false;
  }
}

/* ---- floats ---- */

/* cmpf predicate (MLIR numbering: false oeq ogt oge olt ole one ord ueq ugt uge ult
 * ule une uno true) as the set of outcomes it accepts: 1 equal, 2 greater, 4 less,
 * 8 unordered. */
static const unsigned char fcmp_accepts[16] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 8, 15};

static bool foldcmpf(int64_t pred, double a, double b, uint64_t *r) {
  unsigned outcome = isnan(a) || isnan(b) ? 8 : a == b ? 1 : a > b ? 2 : 4;
  if (pred < 0 || pred > 15)
    return false;
  *r = (fcmp_accepts[pred] & outcome) != 0;
  return true;
}

/* maxf/minf pick one operand, so they are exact at any precision (src/ops/elem.h); a NaN
 * operand propagates, which is left to run time (no fold). */
static bool foldminmaxf(asc_opcode code, double a, double b, double *r) {
  if (isnan(a) || isnan(b))
    return false;
  *r = asc_elem_f(code, a, b);
  return true;
}

/* x rounded to nearest even in a binary format with p significand bits, minimum
 * normal exponent emin and largest finite value max; false when it overflows. */
static bool roundto(double x, int p, int emin, double max, double *r) {
  int e;
  if (x == 0 || !isfinite(x)) {
    *r = x;
    return isfinite(x);
  }
  e = ilogb(x);
  if (e < emin)
    e = emin; /* subnormal: the quantum stops shrinking */
  double q = ldexp(1.0, e - p + 1);
  *r = rint(x / q) * q; /* x / q is exact: q is a power of two */
  return fabs(*r) <= max;
}

/* x rounded to the float type t; false if the result would not be finite. */
static bool roundfloat(const asc_type *t, double x, double *r) {
  if (t->width == 64) {
    *r = x;
    return isfinite(x);
  }
  if (t->width == 32)
    return roundto(x, 24, -126, FLT_MAX, r);
  if (t->is_bf16)
    return roundto(x, 8, -126, ldexp(255.0 / 128.0, 127), r);
  return roundto(x, 11, -14, 65504.0, r);
}

/* a op b for addf/subf/mulf/divf/maxf/minf on the float type t: src/ops/elem.h's rule, rounded once. */
static bool foldfbin(asc_opcode code, const asc_type *t, double a, double b, double *r) {
  switch (code) {
  case ASC_OP_ADDF: case ASC_OP_SUBF: case ASC_OP_MULF: return roundfloat(t, asc_elem_f(code, a, b), r);
  case ASC_OP_DIVF: return b != 0 && roundfloat(t, asc_elem_f(code, a, b), r); /* x / 0 is never finite */
  case ASC_OP_MAXF: case ASC_OP_MINF: return foldminmaxf(code, a, b, r);
  default: return false;
  }
}

/* ---- casts ---- */

/* Integer to float, rounded once: exactly through double when the integer fits in
 * 53 bits, else by C's own conversion (f32, f64; halves that large overflow or, for
 * bf16, are left alone). */
static asc_value *inttofloat(asc_module *m, asc_op *op, const cval *c, int sw, bool is_signed) {
  const asc_type *dt = op->results[0].type;
  int64_t s = sext(c->u, sw);
  uint64_t u = is_signed ? (s < 0 ? 0 - (uint64_t)s : (uint64_t)s) : c->u; /* magnitude */
  double x = is_signed ? (double)s : (double)c->u;
  if (u <= (1ULL << 53) && roundfloat(dt, x, &x))
    return mkfloat(m, op, dt, x);
  if (dt->width == 64)
    return mkfloat(m, op, dt, x);
  if (dt->width == 32)
    return mkfloat(m, op, dt, is_signed ? (float)s : (float)c->u);
  return NULL;
}

/* Float to integer, truncating; NULL unless the result fits the destination. */
static asc_value *floattoint(asc_module *m, asc_op *op, double x, bool is_signed) {
  const asc_type *dt = op->results[0].type;
  int dw = iwidth(dt);
  double t = trunc(x);
  if (isnan(x) || !dw)
    return NULL;
  if (is_signed && t >= -ldexp(1.0, dw - 1) && t < ldexp(1.0, dw - 1))
    return mkint(m, op, dt, (uint64_t)(int64_t)t);
  if (!is_signed && t >= 0 && t < ldexp(1.0, dw))
    return mkint(m, op, dt, (uint64_t)t);
  return NULL;
}

/* Float to float: extf is exact, truncf rounds to nearest even. */
static asc_value *floattofloat(asc_module *m, asc_op *op, double x) {
  const asc_type *dt = op->results[0].type;
  return isfloat(dt) && roundfloat(dt, x, &x) ? mkfloat(m, op, dt, x) : NULL;
}

/* Bits of the same width read as another type: int <-> f32/f64, int <-> int. */
static asc_value *foldbitcast(asc_module *m, asc_op *op, const cval *c) {
  const asc_type *st = op->operands[ASC_OPND_BITCAST_in]->type, *dt = op->results[0].type;
  int sw = iwidth(st), dw = iwidth(dt);
  float f;
  double d;
  uint32_t u32;
  if (sw && dw)
    return mkint(m, op, dt, c->u);
  if (sw == 32 && isfloat(dt) && dt->width == 32) {
    u32 = (uint32_t)c->u;
    memcpy(&f, &u32, sizeof f);
    return mkfloat(m, op, dt, f);
  }
  if (sw == 64 && isfloat(dt) && dt->width == 64) {
    memcpy(&d, &c->u, sizeof d);
    return mkfloat(m, op, dt, d);
  }
  if (dw == 32 && isfloat(st) && st->width == 32 && roundfloat(st, c->f, &d)) {
    f = (float)d; /* exact: d is a float value */
    memcpy(&u32, &f, sizeof u32);
    return mkint(m, op, dt, u32);
  }
  if (dw == 64 && isfloat(st) && st->width == 64) {
    uint64_t u;
    memcpy(&u, &c->f, sizeof u);
    return mkint(m, op, dt, u);
  }
  return NULL; /* f16/bf16 bits: not needed yet */
}

static asc_value *foldunary(asc_module *m, asc_op *op, const cval *c) {
  const asc_type *st = op->operands[0]->type, *dt = op->results[0].type;
  int sw = iwidth(st);
  switch (op->code) {
  case ASC_OP_NEGF: return isfloat(st) ? mkfloat(m, op, dt, -c->f) : NULL; /* exact */
  case ASC_OP_EXTSI:
  case ASC_OP_INDEX_CAST: return sw && iwidth(dt) ? mkint(m, op, dt, (uint64_t)sext(c->u, sw)) : NULL;
  case ASC_OP_EXTUI:
  case ASC_OP_TRUNCI: return sw && iwidth(dt) ? mkint(m, op, dt, c->u) : NULL;
  case ASC_OP_SITOFP: return sw ? inttofloat(m, op, c, sw, true) : NULL;
  case ASC_OP_UITOFP: return sw ? inttofloat(m, op, c, sw, false) : NULL;
  case ASC_OP_FPTOSI: return isfloat(st) ? floattoint(m, op, c->f, true) : NULL;
  case ASC_OP_FPTOUI: return isfloat(st) ? floattoint(m, op, c->f, false) : NULL;
  case ASC_OP_EXTF:
  case ASC_OP_TRUNCF: return isfloat(st) ? floattofloat(m, op, c->f) : NULL;
  case ASC_OP_BITCAST: return foldbitcast(m, op, c);
  default: return NULL;
  }
}

/* ---- dispatch ---- */

static asc_value *foldcompare(asc_module *m, asc_op *op, const cval *c) {
  const asc_attr *p = asc_op_attr(op, "predicate");
  const asc_type *t = op->operands[ASC_OPND_CMPI_lhs]->type;
  uint64_t r;
  if (!p || p->kind != ASC_ATTR_INT || iwidth(op->results[0].type) != 1)
    return NULL;
  if (op->code == ASC_OP_CMPI && iwidth(t) && foldcmpi(p->i, iwidth(t), c[0].u, c[1].u, &r))
    return mkint(m, op, op->results[0].type, r);
  if (op->code == ASC_OP_CMPF && isfloat(t) && foldcmpf(p->i, c[0].f, c[1].f, &r))
    return mkint(m, op, op->results[0].type, r);
  return NULL;
}

/* Every operand is constant (c[i] holds operand i). */
static asc_value *foldconst(asc_module *m, asc_op *op, const cval *c) {
  const asc_type *rt = op->results[0].type;
  uint64_t u;
  double f;
  if (op->noperands == 1)
    return foldunary(m, op, c);
  if (op->code == ASC_OP_CMPI || op->code == ASC_OP_CMPF)
    return foldcompare(m, op, c);
  if (op->operands[ASC_OPND_CMPI_lhs]->type != rt || op->operands[ASC_OPND_CMPI_rhs]->type != rt)
    return NULL;
  if (iwidth(rt) && foldibin(op->code, iwidth(rt), c[0].u, c[1].u, &u))
    return mkint(m, op, rt, u);
  if (isfloat(rt) && foldfbin(op->code, rt, c[0].f, c[1].f, &f))
    return mkfloat(m, op, rt, f);
  return NULL;
}

/* ---- identities (some operand not constant) ---- */

static bool iscommutative(asc_opcode code) {
  return code == ASC_OP_ADDI || code == ASC_OP_MULI || code == ASC_OP_ANDI || code == ASC_OP_ORI ||
         code == ASC_OP_XORI || code == ASC_OP_MAXSI || code == ASC_OP_MINSI;
}

/* x op x.  Divisions are left alone: x / x is 1 only if x != 0. */
static asc_value *sameoperands(asc_module *m, asc_op *op) {
  asc_value *x = op->operands[ASC_OPND_SUBI_lhs];
  const asc_attr *p = asc_op_attr(op, "predicate");
  switch (op->code) {
  case ASC_OP_ANDI:
  case ASC_OP_ORI:
  case ASC_OP_MAXSI:
  case ASC_OP_MINSI: return x;
  case ASC_OP_SUBI:
  case ASC_OP_XORI: return mkint(m, op, x->type, 0);
  case ASC_OP_CMPI: /* eq sle sge ule uge hold, the others do not */
    if (!p || p->kind != ASC_ATTR_INT || p->i < 0 || p->i > 9)
      return NULL;
    return mkint(m, op, op->results[0].type, (0x2A9u >> p->i) & 1);
  default: return NULL;
  }
}

/* x op c for a constant c.  The signed divisions need c == 1 read signed (in i1 the
 * bit 1 is -1). */
static asc_value *rightconst(asc_module *m, asc_op *op, int w, uint64_t c) {
  asc_value *x = op->operands[ASC_OPND_ADDI_lhs];
  asc_opcode k = op->code;
  bool signed_one = sext(c, w) == 1;
  if (c == 0 && (k == ASC_OP_ADDI || k == ASC_OP_SUBI || k == ASC_OP_ORI || k == ASC_OP_XORI ||
                 k == ASC_OP_SHLI || k == ASC_OP_SHRSI || k == ASC_OP_SHRUI))
    return x;
  if (c == 0 && (k == ASC_OP_MULI || k == ASC_OP_ANDI))
    return mkint(m, op, x->type, 0);
  if ((c == 1 && (k == ASC_OP_MULI || k == ASC_OP_DIVUI)) ||
      (signed_one && (k == ASC_OP_DIVSI || k == ASC_OP_CEILDIVSI)))
    return x;
  if ((c == 1 && k == ASC_OP_REMUI) || (signed_one && k == ASC_OP_REMSI))
    return mkint(m, op, x->type, 0);
  if (c == maskw(w) && k == ASC_OP_ANDI)
    return x;
  return NULL;
}

/* Algebraic identities of the two-operand integer ops. */
static asc_value *identity(asc_module *m, asc_op *op) {
  asc_value *x, *y;
  cval c;
  int w;
  if (op->noperands != 2 || op->operands[ASC_OPND_CMPI_lhs]->type != op->operands[ASC_OPND_CMPI_rhs]->type)
    return NULL;
  x = op->operands[ASC_OPND_CMPI_lhs];
  y = op->operands[ASC_OPND_CMPI_rhs];
  w = iwidth(x->type);
  if (!w)
    return NULL;
  if (x == y)
    return sameoperands(m, op);
  if (op->code == ASC_OP_CMPI || x->type != op->results[0].type)
    return NULL;
  if (iscommutative(op->code) && getconst(x, &c) && !getconst(y, &(cval){0, 0})) {
    asc_op_set_operand(m, op, 0, y); /* constant to the right, as MLIR does */
    asc_op_set_operand(m, op, 1, x);
    return rightconst(m, op, w, c.u);
  }
  return getconst(y, &c) ? rightconst(m, op, w, c.u) : NULL;
}

static asc_value *foldselect(asc_op *op) {
  int64_t c;
  if (op->noperands != 3)
    return NULL;
  if (op->operands[ASC_OPND_SELECT_true_value] == op->operands[ASC_OPND_SELECT_false_value])
    return op->operands[ASC_OPND_SELECT_true_value];
  if (asc_pass_const_int(op->operands[ASC_OPND_SELECT_cond], &c))
    return op->operands[c ? 1 : 2];
  return NULL;
}

static bool iscast(asc_opcode code) {
  return code == ASC_OP_EXTSI || code == ASC_OP_EXTUI || code == ASC_OP_TRUNCI || code == ASC_OP_EXTF ||
         code == ASC_OP_TRUNCF || code == ASC_OP_INDEX_CAST || code == ASC_OP_BITCAST;
}

asc_value *asc_pass_fold(asc_module *m, asc_op *op) {
  cval c[2];
  if (op->nresults != 1 || op->nregions || op->code == ASC_OP_CONSTANT)
    return NULL;
  if (op->code == ASC_OP_SELECT)
    return foldselect(op);
  if (op->noperands == 1 && iscast(op->code) && op->operands[0]->type == op->results[0].type)
    return op->operands[0];
  if (op->noperands < 1 || op->noperands > 2)
    return NULL;
  for (int i = 0; i < op->noperands; i++)
    if (!getconst(op->operands[i], &c[i]))
      return identity(m, op);
  return foldconst(m, op, c);
}
