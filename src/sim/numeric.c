/* numeric.c - element types and exact arithmetic rounding.
 *
 * Every float result is computed in double and rounded once to its type here.  For
 * + - * / and sqrt that equals the IEEE result of the narrow type (double carries more
 * than 2p+2 bits for f32, f16 and bf16, so double rounding is innocuous).  The generic
 * rounder takes a RoundMode (hardware.md §11.2) so Cast reuses it.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "sim/sim_int.h"

typedef struct dtinfo {
  const char *name, *npy, *longname;
  int size;
  bool isfloat, issigned;
} dtinfo;

static const dtinfo dtinfos[ASC_SIM_DTYPE_COUNT] = {
  [ASC_SIM_F16] = {"f16", "<f2", "float16", 2, true, true},
  [ASC_SIM_BF16] = {"bf16", "<V2", "bfloat16", 2, true, true},
  [ASC_SIM_F32] = {"f32", "<f4", "float32", 4, true, true},
  [ASC_SIM_F64] = {"f64", "<f8", "float64", 8, true, true},
  [ASC_SIM_I8] = {"i8", "|i1", "int8", 1, false, true},
  [ASC_SIM_I16] = {"i16", "<i2", "int16", 2, false, true},
  [ASC_SIM_I32] = {"i32", "<i4", "int32", 4, false, true},
  [ASC_SIM_I64] = {"i64", "<i8", "int64", 8, false, true},
  [ASC_SIM_U8] = {"ui8", "|u1", "uint8", 1, false, false},
  [ASC_SIM_U16] = {"ui16", "<u2", "uint16", 2, false, false},
  [ASC_SIM_U32] = {"ui32", "<u4", "uint32", 4, false, false},
  [ASC_SIM_U64] = {"ui64", "<u8", "uint64", 8, false, false},
  [ASC_SIM_BOOL] = {"i1", "|b1", "bool", 1, false, false},
};

const char *asc_sim_dtype_name(asc_sim_dtype dt) {
  return (unsigned)dt < ASC_SIM_DTYPE_COUNT ? dtinfos[dt].name : "?";
}

int asc_sim_dtype_size(asc_sim_dtype dt) { return (unsigned)dt < ASC_SIM_DTYPE_COUNT ? dtinfos[dt].size : 0; }

int asc_sim_dtype_lookup(const char *name) {
  for (int i = 0; i < ASC_SIM_DTYPE_COUNT; i++)
    if (!strcmp(name, dtinfos[i].name) || !strcmp(name, dtinfos[i].npy) ||
        !strcmp(name, dtinfos[i].longname))
      return i;
  if (!strcmp(name, "<i1") || !strcmp(name, "i1np"))
    return ASC_SIM_I8;
  if (!strcmp(name, "<u1"))
    return ASC_SIM_U8;
  return -1;
}

bool asc_sim_dt_float(int dt) { return dtinfos[dt].isfloat; }
bool asc_sim_dt_signed(int dt) { return dtinfos[dt].issigned; }

int asc_sim_dtype_of(const asc_type *t) {
  if (!t)
    return -1;
  if (t->kind == ASC_TY_FLOAT)
    return t->width == 16 ? (t->is_bf16 ? ASC_SIM_BF16 : ASC_SIM_F16) : t->width == 32 ? ASC_SIM_F32 : ASC_SIM_F64;
  if (t->kind == ASC_TY_INDEX)
    return ASC_SIM_I64;
  if (t->kind != ASC_TY_INT)
    return -1;
  switch (t->width) {
  case 1: return ASC_SIM_BOOL;
  case 8: return t->is_unsigned ? ASC_SIM_U8 : ASC_SIM_I8;
  case 16: return t->is_unsigned ? ASC_SIM_U16 : ASC_SIM_I16;
  case 32: return t->is_unsigned ? ASC_SIM_U32 : ASC_SIM_I32;
  case 64: return t->is_unsigned ? ASC_SIM_U64 : ASC_SIM_I64;
  default: return -1;
  }
}

int asc_sim_elem_dtype(const asc_type *t) {
  if (!t || (t->kind != ASC_TY_GM && t->kind != ASC_TY_GTENSOR && t->kind != ASC_TY_LTENSOR))
    return -1;
  return asc_sim_dtype_of(t->elem);
}

/* ---- rounding ---- */

typedef struct fpfmt {
  int p;       /* significand bits, hidden bit included */
  int emin;    /* exponent of the smallest normal */
  double maxv; /* largest finite */
} fpfmt;

static const fpfmt *fmtof(int dt) {
  static const fpfmt f16 = {11, -14, 65504.0};
  static const fpfmt bf16 = {8, -126, 3.38953138925153547590470800371487866880e38};
  static const fpfmt f32 = {24, -126, FLT_MAX};
  switch (dt) {
  case ASC_SIM_F16: return &f16;
  case ASC_SIM_BF16: return &bf16;
  case ASC_SIM_F32: return &f32;
  default: return NULL; /* f64: nothing to do */
  }
}

/* y rounded to an integer by rm (y is exact; |y| < 2^53). */
static double roundint(double y, int rm) {
  double t = trunc(y), fl = floor(y), d = y - fl;
  switch (rm) {
  case SIM_RM_FLOOR: return fl;
  case SIM_RM_CEIL: return ceil(y);
  case SIM_RM_TRUNC: return t;
  case SIM_RM_ROUND: return fabs(y - t) >= 0.5 ? t + copysign(1.0, y) : t;
  case SIM_RM_ODD: return (y != t && fmod(t, 2.0) == 0.0) ? t + copysign(1.0, y) : t;
  default: /* RINT, NONE: nearest, ties to even */
    if (d > 0.5 || (d == 0.5 && fmod(fl, 2.0) != 0.0))
      return fl + 1.0;
    return fl;
  }
}

/* Overflow of a finite x past the format's range, by mode (IEEE directed rounding). */
static double overflow(double x, const fpfmt *f, int rm) {
  bool neg = x < 0;
  switch (rm) {
  case SIM_RM_TRUNC:
  case SIM_RM_ODD: return neg ? -f->maxv : f->maxv;
  case SIM_RM_FLOOR: return neg ? -INFINITY : f->maxv;
  case SIM_RM_CEIL: return neg ? -f->maxv : INFINITY;
  default: return neg ? -INFINITY : INFINITY;
  }
}

double asc_sim_round_int(double x, int rm) { return isfinite(x) ? roundint(x, rm) : x; }

double asc_sim_round_fp(double x, int dt, int rm) {
  const fpfmt *f = fmtof(dt);
  if (!f || x == 0 || !isfinite(x))
    return x;
  int k = ilogb(x);
  if (k < f->emin)
    k = f->emin; /* subnormal range: fixed quantum */
  double ulp = ldexp(1.0, k - (f->p - 1));
  double r = roundint(x / ulp, rm) * ulp;
  if (fabs(r) > f->maxv)
    return overflow(x, f, rm);
  return r == 0 ? copysign(0.0, x) : r;
}

int64_t asc_sim_fp_to_int(double x, int dt, int rm) {
  if (isnan(x))
    return 0;
  int bits = 8 * dtinfos[dt].size;
  double r = isfinite(x) ? roundint(x, rm) : x;
  if (dtinfos[dt].issigned) { /* saturate (hardware.md §11.2: the simulator saturates) */
    int64_t hi = bits == 64 ? INT64_MAX : (int64_t)((1ull << (bits - 1)) - 1);
    if (r < -ldexp(1.0, bits - 1))
      return -hi - 1;
    return r >= ldexp(1.0, bits - 1) ? hi : (int64_t)r;
  }
  uint64_t uhi = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
  if (r <= 0)
    return 0;
  return (int64_t)(r >= ldexp(1.0, bits) ? uhi : (uint64_t)r);
}

int64_t asc_sim_int_sat(int64_t v, int dt) {
  int bits = 8 * dtinfos[dt].size;
  if (bits >= 64)
    return v;
  if (dtinfos[dt].issigned) {
    int64_t hi = (int64_t)((1ull << (bits - 1)) - 1);
    return v > hi ? hi : v < -hi - 1 ? -hi - 1 : v;
  }
  int64_t uhi = (int64_t)((1ull << bits) - 1);
  return v < 0 ? 0 : v > uhi ? uhi : v;
}

int64_t asc_sim_wrap(int64_t v, int dt) {
  uint64_t u = (uint64_t)v;
  switch (dt) {
  case ASC_SIM_BOOL: return (int64_t)(u & 1);
  case ASC_SIM_I8: return (int8_t)(uint8_t)u;
  case ASC_SIM_I16: return (int16_t)(uint16_t)u;
  case ASC_SIM_I32: return (int32_t)(uint32_t)u;
  case ASC_SIM_U8: return (uint8_t)u;
  case ASC_SIM_U16: return (uint16_t)u;
  case ASC_SIM_U32: return (uint32_t)u;
  default: return v;
  }
}

/* ---- half and bfloat16 ---- */

uint16_t asc_sim_f16_bits(double v) {
  v = asc_sim_round_fp(v, ASC_SIM_F16, SIM_RM_RINT);
  uint16_t s = signbit(v) ? 0x8000 : 0;
  if (isnan(v))
    return 0x7e00;
  double a = fabs(v);
  if (isinf(a))
    return s | 0x7c00;
  if (a < 0x1p-14) /* subnormal or zero: a multiple of 2^-24 */
    return s | (uint16_t)(a * 0x1p24);
  int e = ilogb(a);
  uint16_t m = (uint16_t)((ldexp(a, -e) - 1.0) * 1024.0);
  return s | (uint16_t)((e + 15) << 10) | m;
}

double asc_sim_f16_value(uint16_t b) {
  int e = (b >> 10) & 31, m = b & 1023;
  double s = (b & 0x8000) ? -1.0 : 1.0;
  if (e == 0)
    return s * ldexp(m, -24);
  if (e == 31)
    return m ? NAN : s * INFINITY;
  return s * ldexp(1024 + m, e - 25);
}

static uint16_t bf16_bits(double v) {
  float f = (float)asc_sim_round_fp(v, ASC_SIM_BF16, SIM_RM_RINT);
  uint32_t u;
  memcpy(&u, &f, 4);
  return isnan(f) ? 0x7fc0 : (uint16_t)(u >> 16);
}

static double bf16_value(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* ---- loads and stores (memcpy: GM arrays need not be aligned) ---- */

static uint64_t loadbits(const uint8_t *p, int size) {
  uint8_t b1;
  uint16_t b2;
  uint32_t b4;
  uint64_t b8;
  switch (size) {
  case 1: memcpy(&b1, p, 1); return b1;
  case 2: memcpy(&b2, p, 2); return b2;
  case 4: memcpy(&b4, p, 4); return b4;
  default: memcpy(&b8, p, 8); return b8;
  }
}

static void storebits(uint8_t *p, int size, uint64_t v) {
  uint8_t b1 = (uint8_t)v;
  uint16_t b2 = (uint16_t)v;
  uint32_t b4 = (uint32_t)v;
  switch (size) {
  case 1: memcpy(p, &b1, 1); break;
  case 2: memcpy(p, &b2, 2); break;
  case 4: memcpy(p, &b4, 4); break;
  default: memcpy(p, &v, 8); break;
  }
}

int64_t asc_sim_loadi(int dt, const uint8_t *p) {
  return asc_sim_wrap((int64_t)loadbits(p, dtinfos[dt].size), dt);
}

double asc_sim_loadf(int dt, const uint8_t *p) {
  uint64_t b = loadbits(p, dtinfos[dt].size);
  float f;
  double d;
  switch (dt) {
  case ASC_SIM_F16: return asc_sim_f16_value((uint16_t)b);
  case ASC_SIM_BF16: return bf16_value((uint16_t)b);
  case ASC_SIM_F32: memcpy(&f, &b, 4); return f;
  case ASC_SIM_F64: memcpy(&d, &b, 8); return d;
  case ASC_SIM_U64: return (double)b;
  default: return (double)asc_sim_loadi(dt, p);
  }
}

void asc_sim_storei(int dt, uint8_t *p, int64_t v) { storebits(p, dtinfos[dt].size, (uint64_t)v); }

void asc_sim_storef(int dt, uint8_t *p, double v) {
  float f;
  uint32_t u;
  switch (dt) {
  case ASC_SIM_F16: storebits(p, 2, asc_sim_f16_bits(v)); break;
  case ASC_SIM_BF16: storebits(p, 2, bf16_bits(v)); break;
  case ASC_SIM_F32:
    f = (float)v;
    memcpy(&u, &f, 4);
    storebits(p, 4, u);
    break;
  case ASC_SIM_F64: memcpy(p, &v, 8); break;
  default: asc_sim_storei(dt, p, asc_sim_fp_to_int(v, dt, SIM_RM_TRUNC)); break;
  }
}
