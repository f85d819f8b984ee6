/* vmisc.c - the vector ops that are not plain elementwise: cast (with RoundMode,
 * hardware.md §11.2), axpy, duplicate (count and mask form) and the whole-tensor
 * reductions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/vector_int.h"

static int dtof(const sim_inst *in, int i) { return asc_sim_elem_dtype(sim_intype(in, i)); }

static int64_t countof(sim_core *c, const sim_inst *in, int i) {
  int64_t n = sim_in(c, in, i)->i;
  if (n < 0)
    asc_sim_err(c, in->op, "%s: negative count %lld", asc_op_name(in->op), (long long)n);
  return n;
}

/* ---- cast ---- */
/* One element.  NONE: exact where the conversion is exact, else RINT.  A float cast to
 * its own type rounds to an integral value; float -> int saturates, NaN -> 0; int -> int
 * saturates too (the precision-conversion rules: an overflow saturates; the boundary-value
 * appendix: int32 -> int16 of INT32_MAX is INT16_MAX). */
void asc_sim_castone(int sdt, int ddt, int rm, const uint8_t *s, uint8_t *d) {
  int m = rm == SIM_RM_NONE ? SIM_RM_RINT : rm;
  if (!asc_sim_dt_float(sdt) && !asc_sim_dt_float(ddt)) {
    asc_sim_storei(ddt, d, asc_sim_int_sat(asc_sim_loadi(sdt, s), ddt));
    return;
  }
  double v = asc_sim_loadf(sdt, s);
  if (!asc_sim_dt_float(ddt)) {
    asc_sim_storei(ddt, d, asc_sim_fp_to_int(v, ddt, m));
    return;
  }
  if (sdt == ddt && rm != SIM_RM_NONE) {
    v = asc_sim_round_int(v, m);
    if (v == 0) /* float -> float gives +0 for -0 (the boundary-value appendix, Cast) */
      v = 0.0;
  }
  asc_sim_storef(ddt, d, asc_sim_round_fp(v, ddt, m));
}

int asc_exec_cast(sim_core *c, const sim_inst *in) {
  int sdt = dtof(in, 1), ddt = dtof(in, 0);
  const asc_attr *a = asc_op_attr(in->op, "round");
  int rm = a ? (int)a->i : SIM_RM_NONE;
  int64_t n = countof(c, in, 2);
  if (n < 0 || sdt < 0 || ddt < 0)
    return -1;
  int ss = asc_sim_dtype_size(sdt), ds = asc_sim_dtype_size(ddt), wide = ss > ds ? ss : ds;
  int64_t nw;
  if (asc_sim_mul(c, in->op, "count times element size", n, wide, &nw))
    return -1;
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, n * ds, "write"); /* n * ds, n * ss <= nw */
  const uint8_t *s = d ? asc_sim_vptr(c, in, 1, 0, n * ss, "read") : NULL;
  if (!s)
    return -1;
  for (int64_t i = 0; i < n; i++) {
    double v;
    if (sdt == ASC_SIM_I32 && ddt == ASC_SIM_F16) { /* through DEQSCALE, round mode ignored (vdeq.c) */
      if (asc_sim_cast_deq16(c, in, asc_sim_loadi(sdt, s + i * ss), &v))
        return -1;
      asc_sim_storef(ddt, d + i * ds, v);
    } else {
      asc_sim_castone(sdt, ddt, rm, s + i * ss, d + i * ds);
    }
  }
  return asc_sim_vcost(c, in, nw / 256 + (nw % 256 != 0));
}

/* ---- axpy: dst[i] += (Ts)s * src[i]; half src may accumulate into float dst.  One
 * rounding per element (whether the hardware rounds the product first is unconfirmed). */
int asc_exec_axpy(sim_core *c, const sim_inst *in) {
  int ddt = dtof(in, 0), sdt = dtof(in, 1);
  int64_t n = countof(c, in, 3);
  if (n < 0 || sdt < 0 || ddt < 0)
    return -1;
  int ss = asc_sim_dtype_size(sdt), ds = asc_sim_dtype_size(ddt), wide = ss > ds ? ss : ds;
  int64_t nw;
  if (asc_sim_mul(c, in->op, "count times element size", n, wide, &nw))
    return -1;
  double k = asc_sim_vscalar(c, in, 2, sdt).f;
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, n * ds, "write"); /* n * ds, n * ss <= nw */
  if (d && !asc_sim_vptr(c, in, 0, 0, n * ds, "read")) /* dst accumulates: it is read too */
    return -1;
  const uint8_t *s = d ? asc_sim_vptr(c, in, 1, 0, n * ss, "read") : NULL;
  if (!s)
    return -1;
  for (int64_t i = 0; i < n; i++)
    asc_sim_storef(ddt, d + i * ds, asc_sim_loadf(ddt, d + i * ds) + asc_sim_axpy_prod(k, asc_sim_loadf(sdt, s + i * ss), ddt));
  return asc_sim_vcost(c, in, nw / 256 + (nw % 256 != 0));
}

/* ---- duplicate ---- */
static void putscalar(int dt, uint8_t *d, sim_num s) {
  if (asc_sim_dt_float(dt))
    asc_sim_storef(dt, d, s.f);
  else
    asc_sim_storei(dt, d, s.i);
}

int asc_exec_duplicate(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  int64_t n = countof(c, in, 2);
  if (n < 0 || dt < 0)
    return -1;
  int esz = asc_sim_dtype_size(dt);
  int64_t bytes;
  if (asc_sim_mul(c, in->op, "count times element size", n, esz, &bytes))
    return -1;
  sim_num s = asc_sim_vscalar(c, in, 1, dt);
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, bytes, "write");
  if (!d)
    return -1;
  for (int64_t i = 0; i < n; i++)
    putscalar(dt, d + i * esz, s);
  asc_sim_count_done(c);
  return asc_sim_vcost(c, in, bytes / 256 + (bytes % 256 != 0));
}

/* duplicate.mask|bitmask(dst, s, mask | hi, lo, repeat, dst_blk_stride, dst_rep_stride) */
int asc_exec_duplicatemask(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if (dt < 0)
    return -1;
  bool bits;
  sim_formof(in, &bits);
  int esz = asc_sim_dtype_size(dt), lanes = 256 / esz, ri = bits ? 4 : 3;
  int64_t repeat = sim_in(c, in, ri)->i, blk = sim_in(c, in, ri + 1)->i, rep = sim_in(c, in, ri + 2)->i;
  /* Duplicate's dstBlockStride is a uint16, dstRepeatStride a uint8: lane offsets stay small */
  if (blk < 0 || blk > 65535 || rep < 0 || rep > 255)
    return asc_sim_err(c, in->op, "%s: dst_block_stride %lld (0..65535) or dst_repeat_stride %lld (0..255) "
                       "out of range", asc_op_name(in->op), (long long)blk, (long long)rep);
  sim_num s = asc_sim_vscalar(c, in, 1, dt);
  int64_t reps = asc_sim_l0_begin(c, in, 2, bits, lanes, repeat);
  for (int64_t r = 0; r < reps; r++)
    for (int k = 0; k < lanes; k++) {
      if (!asc_sim_l0_on(c, r, k, lanes))
        continue;
      uint8_t *d = asc_sim_vptr(c, in, 0, asc_sim_laneoff(r, k, esz, blk, rep), esz, "write");
      if (!d)
        return -1;
      putscalar(dt, d, s);
    }
  return reps < 0 ? -1 : asc_sim_vcost(c, in, reps);
}

/* ---- reductions ---- */
/* a + b rounded to dt; with sat, a half sum of two finite values that overflows is kept at
 * +-65504 (the pages of block_reduce_sum, repeat_reduce_sum and whole_reduce_sum: "60000 +
 * 60000 overflows, the result is 65504"); an inf or nan operand still propagates. */
static double pairsum(double a, double b, int dt, bool sat) {
  double r = asc_sim_round_fp(a + b, dt, SIM_RM_RINT);
  if (sat && dt == ASC_SIM_F16 && isinf(r) && isfinite(a) && isfinite(b))
    r = r > 0 ? 65504.0 : -65504.0;
  return r;
}

/* Sum of v[0..n) as the hardware's repeated WholeReduceSum would form it: each 256-byte
 * repeat is summed as a pairwise tree, every partial sum rounded to dt, and the repeat
 * results are reduced again the same way.  (The exact hardware order is unconfirmed;
 * sums that are exact in dt do not depend on it.)  sat: see pairsum. */
double asc_sim_treesum(double *v, int64_t n, int dt, int lanes, bool sat) {
  while (n > 1) {
    int64_t m = 0;
    for (int64_t base = 0; base < n; base += lanes) {
      int64_t w = n - base < lanes ? n - base : lanes;
      for (int64_t step = 1; step < w; step *= 2)
        for (int64_t i = 0; i + step < w; i += 2 * step)
          v[base + i] = pairsum(v[base + i], v[base + i + step], dt, sat);
      v[m++] = v[base];
    }
    n = m;
  }
  return n ? v[0] : 0.0;
}

/* Elements of shared_tmp_buffer a count-form reduction of n elements needs (Ascend C's
 * minimum work-buffer sizes, docs/sanitizers.md): with R = ceil(n / elements per repeat)
 * and B = elements per 32-byte block, ReduceSum keeps one partial sum per repeat: R rounded
 * up to B.  ReduceMax/Min keep (value, index) pairs over up to three passes:
 * up(2R) + up(2 ceil(2R / per repeat)) + up(2 ceil(2 ceil(2R / per repeat) / per repeat)). */
static int64_t tmpneed(int code, int64_t n, int esz) {
  int64_t per = 256 / esz, blk = 32 / esz, r = (n + per - 1) / per;
  if (r == 0)
    r = 1;
#define UP(x) (((x) + blk - 1) / blk * blk)
  if (code == ASC_OP_REDUCE_SUM)
    return UP(r);
  int64_t o1 = 2 * r, o2 = 2 * ((o1 + per - 1) / per), o3 = 2 * ((o2 + per - 1) / per);
  return UP(o1) + UP(o2) + UP(o3);
#undef UP
}

/* reduce_sum/max/min(dst, src, tmp, n): dst[0] := the result; dst[1] := the index of the
 * first max/min (its integer bits in an element of T) when cal_index.  tmp must hold what
 * the hardware's reduction stores there (tmpneed); that range is recorded as written, so
 * the race detector sees the scratch traffic. */
int asc_exec_reduce(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0), code = in->op->code;
  int64_t n = countof(c, in, 3), bytes;
  if (n < 0 || dt < 0)
    return -1;
  int esz = asc_sim_dtype_size(dt);
  if (asc_sim_mul(c, in->op, "count times element size", n, esz, &bytes))
    return -1;
  const asc_attr *ci = asc_op_attr(in->op, "cal_index");
  bool idx = ci && ci->i && code != ASC_OP_REDUCE_SUM;
  const uint8_t *s = asc_sim_vptr(c, in, 1, 0, bytes, "read");
  if (!s)
    return -1;
  const sim_val *tv = sim_in(c, in, ASC_OPND_REDUCE_SUM_shared_tmp_buffer);
  int64_t need = tmpneed(code, n, esz) * esz; /* n * esz fits, so this does */
  if (tv->len >= 0 && tv->len < need) {
    sim_finding f = {ASC_SIM_CHK_OOB, ASC_SEV_ERROR, 0, in->op, NULL, in->pipe, -1, tv->mem, tv->off,
                     tv->off + need};
    return asc_sim_found(c, &f, "%s: shared_tmp_buffer holds %lld elements, but a reduction of %lld "
                         "elements needs at least %lld", asc_op_name(in->op), (long long)(tv->len / esz),
                         (long long)n, (long long)(need / esz));
  }
  if (!asc_sim_vptr(c, in, 2, 0, need, "write"))
    return -1;
  uint8_t *d = asc_sim_vptr(c, in, 0, 0, (idx ? 2 : 1) * esz, "write");
  if (!d)
    return -1;
  double *v = malloc(sizeof *v * (size_t)(n + 1));
  if (!v)
    asc_die("out of memory");
  int64_t best = 0;
  for (int64_t i = 0; i < n; i++) {
    v[i] = asc_sim_loadf(dt, s + i * esz);
    if (code != ASC_OP_REDUCE_SUM && asc_sim_red_better(code == ASC_OP_REDUCE_MAX, v[i], v[best]))
      best = i;
  }
  double r = code == ASC_OP_REDUCE_SUM ? asc_sim_treesum(v, n, dt, 256 / esz, false) : n ? v[best] : 0.0;
  free(v);
  asc_sim_storef(dt, d, r);
  if (idx)
    asc_sim_storei(esz == 2 ? ASC_SIM_U16 : ASC_SIM_U32, d + esz, best);
  return asc_sim_vcost(c, in, bytes / 256 + (bytes % 256 != 0) + 1); /* class REDUCE: the repeats + one pass over the partials */
}

/* asc.adv.check_tmp(tmp, need): an asc.adv call's tmp buffer must hold `need` bytes; with `scratch`, the
 * library scratch at the top of UB must lie above the TPipe's buffers (expand-adv). */
int asc_exec_advchecktmp(sim_core *c, const sim_inst *in) {
  const sim_val *t = sim_in(c, in, ASC_OPND_ADV_CHECK_TMP_tmp);
  int64_t need = sim_in(c, in, ASC_OPND_ADV_CHECK_TMP_size)->i;
  const asc_attr *a = asc_op_attr(in->op, "callee");
  if (asc_op_attr(in->op, "scratch") && t->off < c->mtop[ASC_HW_MEM_UB]) /* the library scratch at the top of UB */
    return asc_sim_err(c, in->op, "%s: the library scratch, UB bytes [%lld, %lld), overlaps the TPipe's buffers "
                       "(they end at byte %lld): pass a temp_buffer", a ? a->s : "asc.adv", (long long)t->off,
                       (long long)(t->off + t->len), (long long)c->mtop[ASC_HW_MEM_UB]);
  const asc_attr *opnd = asc_op_attr(in->op, "operand");
  if (opnd && t->len >= 0 && t->len < need) /* a tensor of unknown extent (len < 0) is checked where it is used */
    return asc_sim_err(c, in->op, "%s: %.*s holds %lld bytes; the call needs at least %lld bytes", a ? a->s : "asc.adv",
                       (int)opnd->slen, opnd->s, (long long)t->len, (long long)need);
  if (!opnd && t->len < need)
    return asc_sim_err(c, in->op, "%s: the temp buffer holds %lld bytes; it needs at least %lld bytes",
                       a ? a->s : "asc.adv", (long long)t->len, (long long)need);
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

int asc_exec_advcheckcount(sim_core *c, const sim_inst *in) {
  int64_t n = sim_in(c, in, ASC_OPND_ADV_CHECK_COUNT_n)->i;
  const asc_attr *a = asc_op_attr(in->op, "callee");
  if (n < 0)
    return asc_sim_err(c, in->op, "%.*s: negative count %lld", a ? (int)a->slen : 7, a ? a->s : "asc.adv",
                       (long long)n);
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}
