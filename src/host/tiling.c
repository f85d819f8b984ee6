/* tiling.c - the matmul tiling generator behind MatmulApiTiling, MultiCoreMatmulTiling and
 * BatchMatmulTiling (docs/host.md).
 *
 * get_tiling works in three steps, each a search under the platform's memory sizes:
 *  1. multi-core split (MultiCore only): singleCoreM/N(/K) so that ceil(M/sM)·ceil(N/sN)(·ceil(K/sK))
 *     blocks <= set_dim cores, minimising the per-core cube work plus its GM loads;
 *  2. base tiles: baseM, baseN multiples of 16 and baseK a multiple of k0 = 32 B / sizeof(A)
 *     with baseM·baseK·sizeof(A)·dbL0A <= L0A, baseK·baseN·sizeof(B)·dbL0B <= L0B,
 *     baseM·baseN·4·dbL0C <= L0C, with bias baseN·4 <= BiasTable (fp32/int32), and with C in a
 *     UB position (VECIN/VECOUT/VECCALC) 2·baseM·baseN·sizeof(C) <= UB (a kernel's double-buffered
 *     queue of C tiles; 1· when no base tile allows 2·, e.g. a fixed split), minimising a cycle
 *     estimate of the Mmad/LoadData/Fixpipe sequence;
 *  3. L1: stepKa = stepKb, stepM, stepN and the double buffer so that
 *     depthA1·baseM·baseK·sizeof(A) + depthB1·baseK·baseN·sizeof(B) (+ stepN·baseN·sizeof(bias))
 *     <= L1, with depthA1 = stepM·stepKa·db and depthB1 = stepN·stepKb·db.
 * Block b of a multi-core tiling computes C rows [mi·sM, ...) and columns [ni·sN, ...) with
 * mi = b % mDim, ni = (b / mDim) % nDim, and K slice b / (mDim·nDim) when K is split. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asc/host.h"

enum { DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_BF16 = 27, DT_BFLOAT16 = 33 };
enum { POS_GM = 0, POS_VECIN = 9, POS_VECOUT = 10, POS_VECCALC = 11, POS_MAX = 14 };
/* the BiasTable holds bias as fp32/int32 whatever its GM type (converted on L1 -> BT) */
enum { BT_ELEM = 4 };
enum { FMT_MAX = 8, TRAVERSE_FIRSTN = 2, MAD_HF32 = 1, CUBE_BLOCK = 16, MMAD_MAX = 4095 };

typedef struct {
  int pos, fmt, dtype, trans;
} mm_type;

struct asc_mm_tiling {
  int kind;
  asc_platform plat;
  mm_type ty[4];
  int bias;
  int32_t shape[3];     /* set_shape m, n, k; -1 unset */
  int32_t org[4];       /* M, N, Ka, Kb; 0 unset */
  int32_t layout[3][5]; /* A, B, C: b s n g d */
  int32_t batch_num, batch_a, batch_b;
  int64_t l1, l0c, ub, bt; /* budgets (set_buffer_space, else the platform) */
  int32_t fix[3], range_max[3], range_min[3];
  int traverse, mad, dequant, sparse, db[4], nd2nz, nz2nd;
  int32_t cfg_type;
  int l1_cache_ub, schedule, vec_nd2nz;
  int32_t dim, single[3], srange_max[3], srange_min[3], align[3];
  int split_k;
  int32_t base[3]; /* GetBaseM/N/K */
  int done;
  int32_t res[10];
  char err[320];
};

static int dtype_bytes(int dt) {
  switch (dt) {
  case DT_FLOAT: case DT_INT32: return 4;
  case DT_FLOAT16: case DT_BF16: case DT_BFLOAT16: return 2;
  case DT_INT8: return 1;
  default: return 0;
  }
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t round_up(int64_t a, int64_t b) { return ceil_div(a, b) * b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

static void fail(asc_mm_tiling *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(asc_mm_tiling *t, const char *fmt, ...) {
  va_list ap;
  int n = snprintf(t->err, sizeof t->err, "MatmulApi Tiling: ");
  va_start(ap, fmt);
  vsnprintf(t->err + n, sizeof t->err - (size_t)n, fmt, ap);
  va_end(ap);
}

asc_mm_tiling *asc_mm_new(int kind, const char *platform) {
  if (kind < ASC_MM_SINGLE || kind > ASC_MM_BATCH)
    return NULL;
  asc_mm_tiling *t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  const asc_platform *plat = asc_platform_find(platform);
  if (!plat) {
    free(t);
    return NULL;
  }
  t->plat = *plat;
  t->kind = kind;
  for (int i = 0; i < 4; i++)
    t->ty[i] = (mm_type){POS_GM, 0, DT_FLOAT, 0}; /* CANN's MatTilingType defaults */
  for (int i = 0; i < 3; i++) {
    t->shape[i] = t->fix[i] = t->range_max[i] = t->range_min[i] = -1;
    t->single[i] = t->srange_max[i] = t->srange_min[i] = t->align[i] = -1;
    t->base[i] = 0;
  }
  t->l1 = t->plat.l1_bytes, t->l0c = t->plat.l0c_bytes, t->ub = t->plat.ub_bytes, t->bt = t->plat.bt_bytes;
  t->traverse = 1; /* FIRSTM */
  t->db[0] = t->db[1] = 1;
  t->cfg_type = 1;
  return t;
}

void asc_mm_free(asc_mm_tiling *t) { free(t); }

const char *asc_mm_error(const asc_mm_tiling *t) { return t ? t->err : ""; }

/* Every setter invalidates a previous result. */
static int32_t changed(asc_mm_tiling *t) {
  t->done = 0;
  return 0;
}

static int ok_dim(int32_t v) { return v == -1 || v > 0; } /* -1: unset / keep */

int32_t asc_mm_set_type(asc_mm_tiling *t, int operand, int pos, int format, int dtype, int is_trans) {
  if (!t || operand < ASC_MM_A || operand > ASC_MM_BIAS || pos < 0 || pos > POS_MAX || format < 0 ||
      format > FMT_MAX || dtype < 0 || dtype > 40)
    return -1;
  t->ty[operand] = (mm_type){pos, format, dtype, is_trans != 0};
  return changed(t);
}

int32_t asc_mm_set_layout(asc_mm_tiling *t, int operand, int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
  if (!t || operand < ASC_MM_A || operand > ASC_MM_C || b < 0 || s < 0 || n < 0 || g < 0 || d < 0)
    return -1;
  int32_t v[5] = {b, s, n, g, d};
  memcpy(t->layout[operand], v, sizeof v);
  return changed(t);
}

int32_t asc_mm_set_shape(asc_mm_tiling *t, int32_t m, int32_t n, int32_t k) {
  if (!t || !ok_dim(m) || !ok_dim(n) || !ok_dim(k))
    return -1;
  int32_t v[3] = {m, n, k};
  for (int i = 0; i < 3; i++)
    if (v[i] > 0)
      t->shape[i] = v[i];
  return changed(t);
}

int32_t asc_mm_set_org_shape(asc_mm_tiling *t, int32_t m, int32_t n, int32_t ka, int32_t kb) {
  if (!t || m <= 0 || n <= 0 || ka <= 0 || (kb <= 0 && kb != -1))
    return -1;
  t->org[0] = m, t->org[1] = n, t->org[2] = ka, t->org[3] = kb > 0 ? kb : ka;
  return changed(t);
}

int32_t asc_mm_set_batch_num(asc_mm_tiling *t, int32_t batch) {
  if (!t || batch <= 0)
    return -1;
  t->batch_num = batch;
  return changed(t);
}

int32_t asc_mm_set_batch_info_for_normal(asc_mm_tiling *t, int32_t batch_a, int32_t batch_b, int32_t m,
                                         int32_t n, int32_t k) {
  if (!t || batch_a <= 0 || batch_b <= 0 || m <= 0 || n <= 0 || k <= 0)
    return -1;
  t->batch_a = batch_a, t->batch_b = batch_b;
  t->shape[0] = m, t->shape[1] = n, t->shape[2] = k;
  /* the NORMAL (BMNK) layout as layout info, as CANN records it: A (batchA, M, 1, 1, K),
   * B (batchB, N, 1, 1, K), C (max(batchA, batchB), M, 1, 1, N) */
  int32_t la[5] = {batch_a, m, 1, 1, k}, lb[5] = {batch_b, n, 1, 1, k},
          lc[5] = {batch_a > batch_b ? batch_a : batch_b, m, 1, 1, n};
  memcpy(t->layout[0], la, sizeof la);
  memcpy(t->layout[1], lb, sizeof lb);
  memcpy(t->layout[2], lc, sizeof lc);
  return changed(t);
}

int32_t asc_mm_enable_bias(asc_mm_tiling *t, int on) {
  if (!t)
    return -1;
  t->bias = on != 0;
  return changed(t);
}

int32_t asc_mm_set_buffer_space(asc_mm_tiling *t, int32_t l1, int32_t l0c, int32_t ub, int32_t bt) {
  if (!t)
    return -1;
  int32_t v[4] = {l1, l0c, ub, bt};
  int64_t hw[4] = {t->plat.l1_bytes, t->plat.l0c_bytes, t->plat.ub_bytes, t->plat.bt_bytes};
  for (int i = 0; i < 4; i++)
    if (v[i] != -1 && (v[i] <= 0 || v[i] > hw[i]))
      return -1; /* more than the core has */
  int64_t *dst[4] = {&t->l1, &t->l0c, &t->ub, &t->bt};
  for (int i = 0; i < 4; i++)
    *dst[i] = v[i] == -1 ? hw[i] : v[i];
  return changed(t);
}

int32_t asc_mm_set_fix_split(asc_mm_tiling *t, int32_t base_m, int32_t base_n, int32_t base_k) {
  if (!t || !ok_dim(base_m) || !ok_dim(base_n) || !ok_dim(base_k))
    return -1;
  /* the documented alignment (the cube's fractals): baseM, baseN whole 16-row blocks; baseK whole
   * 32-byte blocks of A's type, at least 8 elements (float), checked against A's type in get_tiling */
  if ((base_m > 0 && base_m % CUBE_BLOCK) || (base_n > 0 && base_n % CUBE_BLOCK) || (base_k > 0 && base_k % 8)) {
    fail(t, "set_fix_split(%d, %d, %d): baseM and baseN must be multiples of 16 and baseK of 32 bytes of A's type",
         base_m, base_n, base_k);
    return -1;
  }
  t->fix[0] = base_m, t->fix[1] = base_n, t->fix[2] = base_k;
  for (int i = 0; i < 3; i++)
    if (t->fix[i] > 0)
      t->base[i] = t->fix[i];
  return changed(t);
}

int32_t asc_mm_get_base(const asc_mm_tiling *t, int axis) {
  return t && axis >= 0 && axis < 3 ? t->base[axis] : -1;
}

int32_t asc_mm_set_traverse(asc_mm_tiling *t, int traverse) {
  if (!t || traverse < 0 || traverse > TRAVERSE_FIRSTN)
    return -1;
  t->traverse = traverse;
  return changed(t);
}

int32_t asc_mm_set_mad_type(asc_mm_tiling *t, int mad_type) {
  if (!t || mad_type < 0 || mad_type > MAD_HF32) /* MXMODE: arch 3510 only */
    return -1;
  t->mad = mad_type;
  return changed(t);
}

static int range_ok(const int32_t mx[3], const int32_t mn[3]) {
  for (int i = 0; i < 3; i++)
    if (!ok_dim(mx[i]) || !ok_dim(mn[i]) || (mx[i] > 0 && mn[i] > 0 && mn[i] > mx[i]))
      return 0;
  return 1;
}

int32_t asc_mm_set_split_range(asc_mm_tiling *t, int32_t max_m, int32_t max_n, int32_t max_k, int32_t min_m,
                               int32_t min_n, int32_t min_k) {
  int32_t mx[3] = {max_m, max_n, max_k}, mn[3] = {min_m, min_n, min_k};
  if (!t || !range_ok(mx, mn))
    return -1;
  memcpy(t->range_max, mx, sizeof mx);
  memcpy(t->range_min, mn, sizeof mn);
  return changed(t);
}

int32_t asc_mm_set_double_buffer(asc_mm_tiling *t, int a, int b, int c, int bias, int nd2nz, int nz2nd) {
  if (!t)
    return -1;
  t->db[0] = a != 0, t->db[1] = b != 0, t->db[2] = c != 0, t->db[3] = bias != 0;
  t->nd2nz = nd2nz != 0, t->nz2nd = nz2nd != 0;
  return changed(t);
}

int32_t asc_mm_set_dequant_type(asc_mm_tiling *t, int dequant) {
  if (!t || dequant < 0 || dequant > 1)
    return -1;
  t->dequant = dequant;
  return changed(t);
}

int32_t asc_mm_set_sparse(asc_mm_tiling *t, int on) {
  if (!t)
    return -1;
  t->sparse = on != 0;
  return changed(t);
}

int32_t asc_mm_set_config_params(asc_mm_tiling *t, int32_t mm_config_type, int enable_l1_cache_ub, int schedule,
                                 int traverse, int en_vec_nd2nz) {
  if (!t || mm_config_type < 0 || mm_config_type > 1 || schedule < 0 || schedule > 2 || traverse < 0 ||
      traverse > TRAVERSE_FIRSTN)
    return -1;
  t->cfg_type = mm_config_type, t->l1_cache_ub = enable_l1_cache_ub != 0, t->schedule = schedule;
  if (traverse != 0)
    t->traverse = traverse;
  t->vec_nd2nz = en_vec_nd2nz != 0;
  return changed(t);
}

int32_t asc_mm_set_dim(asc_mm_tiling *t, int32_t dim) {
  int cores = t ? (t->plat.aiv > t->plat.aic ? t->plat.aiv : t->plat.aic) : 0;
  if (!t || t->kind != ASC_MM_MULTI || dim <= 0 || dim > cores)
    return -1;
  t->dim = dim;
  return changed(t);
}

int32_t asc_mm_set_single_shape(asc_mm_tiling *t, int32_t m, int32_t n, int32_t k) {
  if (!t || t->kind != ASC_MM_MULTI || !ok_dim(m) || !ok_dim(n) || !ok_dim(k))
    return -1;
  t->single[0] = m, t->single[1] = n, t->single[2] = k;
  return changed(t);
}

int32_t asc_mm_set_single_range(asc_mm_tiling *t, int32_t max_m, int32_t max_n, int32_t max_k, int32_t min_m,
                                int32_t min_n, int32_t min_k) {
  int32_t mx[3] = {max_m, max_n, max_k}, mn[3] = {min_m, min_n, min_k};
  if (!t || t->kind != ASC_MM_MULTI || !range_ok(mx, mn))
    return -1;
  memcpy(t->srange_max, mx, sizeof mx);
  memcpy(t->srange_min, mn, sizeof mn);
  return changed(t);
}

int32_t asc_mm_set_align_split(asc_mm_tiling *t, int32_t align_m, int32_t align_n, int32_t align_k) {
  int32_t v[3] = {align_m, align_n, align_k};
  if (!t || t->kind != ASC_MM_MULTI)
    return -1;
  for (int i = 0; i < 3; i++)
    if (v[i] < -1)
      return -1;
  for (int i = 0; i < 3; i++)
    t->align[i] = v[i] > 0 ? v[i] : -1; /* -1 and 0: not set */
  return changed(t);
}

int32_t asc_mm_enable_split_k(asc_mm_tiling *t, int on) {
  if (!t || t->kind != ASC_MM_MULTI)
    return -1;
  t->split_k = on != 0;
  return changed(t);
}

int32_t asc_mm_result(const asc_mm_tiling *t, int32_t out[10]) {
  if (!t || !t->done || !out)
    return -1;
  memcpy(out, t->res, sizeof t->res);
  return 0;
}

/* ---- the generator ---- */
typedef struct {
  int sa, sb, sbias, k0;           /* element bytes of A, B, bias; K fractal */
  int64_t m, n, k;                 /* the shape to compute */
  int64_t sm, sn, sk;              /* single-core shape */
  int64_t md, nd, kd;              /* cores along M, N, K */
  int64_t bm, bn, bk, dba, dbb, dbc;
  int64_t stepm, stepn, stepk, dbl1, l1_used, trans;
} plan;

static int is_float_in(int dt) { return dt == DT_FLOAT || dt == DT_FLOAT16 || dt == DT_BF16 || dt == DT_BFLOAT16; }
static int same_kind(int a, int b) {
  if ((a == DT_BF16 || a == DT_BFLOAT16) && (b == DT_BF16 || b == DT_BFLOAT16))
    return 1;
  return a == b;
}
static int in_ub(int pos) { return pos == POS_VECIN || pos == POS_VECOUT || pos == POS_VECCALC; }

static int check_types(asc_mm_tiling *t, plan *p) {
  int a = t->ty[ASC_MM_A].dtype, b = t->ty[ASC_MM_B].dtype, c = t->ty[ASC_MM_C].dtype;
  int bias = t->ty[ASC_MM_BIAS].dtype;
  if (!(is_float_in(a) || a == DT_INT8) || !same_kind(a, b)) {
    fail(t, "A is data type %d and B is %d: the cube takes f16, bf16, f32 or int8 for both", a, b);
    return -1;
  }
  int c_ok = a == DT_INT8 ? (c == DT_INT32 || c == DT_INT8 || c == DT_FLOAT16 || c == DT_BF16 || c == DT_BFLOAT16)
                          : is_float_in(c);
  if (!c_ok) {
    fail(t, "C of data type %d cannot hold the result of A and B of data type %d", c, a);
    return -1;
  }
  if (t->bias && !(a == DT_INT8 ? bias == DT_INT32 : is_float_in(bias))) {
    fail(t, "bias of data type %d does not match A and B of data type %d", bias, a);
    return -1;
  }
  if (t->mad == MAD_HF32 && a != DT_FLOAT) {
    fail(t, "HF32 needs A and B of DT_FLOAT (A is data type %d)", a);
    return -1;
  }
  p->sa = dtype_bytes(a), p->sb = dtype_bytes(b), p->sbias = dtype_bytes(bias);
  p->k0 = 32 / p->sa;
  if (t->fix[2] > 0 && t->fix[2] % p->k0) {
    fail(t, "set_fix_split's baseK %d is not a multiple of %d (32 bytes of A's type)", t->fix[2], p->k0);
    return -1;
  }
  return 0;
}

static int resolve_shape(asc_mm_tiling *t, plan *p, int32_t org[4]) {
  int has_shape = t->shape[0] > 0 && t->shape[1] > 0 && t->shape[2] > 0;
  if (!has_shape && t->org[0] <= 0) {
    fail(t, "no shape: call set_shape(m, n, k) or set_org_shape(m, n, k)");
    return -1;
  }
  if (t->org[0] > 0)
    memcpy(org, t->org, 4 * sizeof org[0]);
  else
    org[0] = t->shape[0], org[1] = t->shape[1], org[2] = org[3] = t->shape[2];
  p->m = t->shape[0] > 0 ? t->shape[0] : org[0];
  p->n = t->shape[1] > 0 ? t->shape[1] : org[1];
  p->k = t->shape[2] > 0 ? t->shape[2] : min64(org[2], org[3]);
  if (p->m > org[0] || p->n > org[1] || p->k > org[2] || p->k > org[3]) {
    fail(t, "shape %lldx%lldx%lld exceeds the original shape M=%d N=%d Ka=%d Kb=%d", (long long)p->m,
         (long long)p->n, (long long)p->k, org[0], org[1], org[2], org[3]);
    return -1;
  }
  return 0;
}

/* One axis of a multi-core split: the single-core size for `parts` cores, aligned. */
static int64_t split_axis(int64_t total, int64_t parts, int64_t align) {
  int64_t s = round_up(ceil_div(total, parts), align);
  return s > total ? total : s;
}

static int in_range(int64_t v, int32_t mx, int32_t mn) { return (mx <= 0 || v <= mx) && (mn <= 0 || v >= mn); }

/* set_fix_split's limits (its page): baseM <= singleM rounded up to 16, baseN <= singleN rounded up to
 * C0 (32 bytes of the input type); 0 when the fixed base fits the single-core shape sm x sn. */
static int fix_exceeds(const asc_mm_tiling *t, const plan *p, int64_t sm, int64_t sn) {
  return (t->fix[0] > 0 && t->fix[0] > round_up(sm, CUBE_BLOCK)) || (t->fix[1] > 0 && t->fix[1] > round_up(sn, p->k0));
}

static int multi_core_split(asc_mm_tiling *t, plan *p) {
  if (t->kind != ASC_MM_MULTI) {
    p->sm = p->m, p->sn = p->n, p->sk = p->k, p->md = p->nd = p->kd = 1;
    return 0;
  }
  int64_t dim = t->dim > 0 ? t->dim : t->plat.aic;
  int64_t al[3] = {t->align[0] > 0 ? t->align[0] : CUBE_BLOCK, t->align[1] > 0 ? t->align[1] : CUBE_BLOCK,
                   t->align[2] > 0 ? t->align[2] : p->k0};
  int64_t tot[3] = {p->m, p->n, p->k};
  int split_k = t->split_k || (t->single[2] > 0 && t->single[2] < p->k);
  double best = -1;
  for (int64_t md = 1; md <= dim; md++)
    for (int64_t nd = 1; md * nd <= dim; nd++)
      for (int64_t kd = 1; md * nd * kd <= dim && (kd == 1 || split_k); kd++) {
        int64_t parts[3] = {md, nd, kd}, s[3], d[3];
        int skip = 0;
        for (int i = 0; i < 3; i++) {
          s[i] = t->single[i] > 0 ? min64(t->single[i], tot[i]) : split_axis(tot[i], parts[i], al[i]);
          d[i] = ceil_div(tot[i], s[i]);
          skip |= d[i] != parts[i] && t->single[i] <= 0; /* that count is reached by another (md, nd, kd) */
          skip |= !in_range(s[i], t->srange_max[i], t->srange_min[i]);
        }
        if (skip || d[0] * d[1] * d[2] > dim || fix_exceeds(t, p, s[0], s[1]))
          continue;
        /* cube cycles (fractal units) + L1 fill bytes / 32 + partial-sum writes when K is split */
        double cost = (double)ceil_div(s[0], 16) * ceil_div(s[1], 16) * ceil_div(s[2], p->k0) +
                      ((double)s[0] * s[2] * p->sa + (double)s[2] * s[1] * p->sb) / 32.0 +
                      (d[2] > 1 ? (double)s[0] * s[1] * 4 / 32.0 : 0);
        if (best < 0 || cost < best - 1e-9) {
          best = cost;
          p->sm = s[0], p->sn = s[1], p->sk = s[2], p->md = d[0], p->nd = d[1], p->kd = d[2];
        }
      }
  if (best < 0) {
    if (t->single[0] > 0 || t->single[1] > 0 || t->single[2] > 0)
      fail(t, "single-core shape %dx%dx%d needs more than the %lld cores of set_dim", t->single[0], t->single[1],
           t->single[2], (long long)dim);
    else
      fail(t, "no multi-core split of %lldx%lldx%lld over %lld cores meets set_single_range and set_fix_split",
           (long long)p->m, (long long)p->n, (long long)p->k, (long long)dim);
    return -1;
  }
  return 0;
}

/* Base tiles: the cheapest (baseM, baseN, baseK) that fits L0A/L0B/L0C/BT. */
static int base_tiles(asc_mm_tiling *t, plan *p) {
  const asc_platform *h = &t->plat;
  if (fix_exceeds(t, p, p->sm, p->sn)) {
    fail(t, "set_fix_split %d,%d: baseM must be at most singleM rounded up to 16 (%lld) and baseN at most "
            "singleN rounded up to C0 (%lld)", t->fix[0], t->fix[1], (long long)round_up(p->sm, CUBE_BLOCK),
         (long long)round_up(p->sn, p->k0));
    return -1;
  }
  /* the loops stop where one 16-wide fractal row/column of the other axis no longer fits L0C */
  int64_t lim = min64(t->l0c / (CUBE_BLOCK * 4), MMAD_MAX) / CUBE_BLOCK * CUBE_BLOCK;
  int64_t pm = min64(round_up(p->sm, CUBE_BLOCK), lim), pn = min64(round_up(p->sn, CUBE_BLOCK), lim);
  int64_t pk = round_up(p->sk, p->k0);
  double best = -1;
  int ub_rejected = 0;
  /* C in a UB position: two C tiles (a double-buffered queue) when some base tile allows it, else one */
  for (int64_t cub = 2; cub >= 1 && best < 0; cub--)
  for (int64_t dbab = 2; dbab >= 1 && best < 0; dbab--) {
    for (int64_t bm = CUBE_BLOCK; bm <= pm; bm += CUBE_BLOCK) {
      int64_t m = t->fix[0] > 0 ? t->fix[0] : bm, m_pad = round_up(m, CUBE_BLOCK);
      if (t->fix[0] > 0 && bm != CUBE_BLOCK)
        break;
      if (!in_range(m, t->range_max[0], t->range_min[0]) || m_pad > MMAD_MAX)
        continue;
      for (int64_t bn = CUBE_BLOCK; bn <= pn; bn += CUBE_BLOCK) {
        int64_t n = t->fix[1] > 0 ? t->fix[1] : bn, n_pad = round_up(n, CUBE_BLOCK);
        if (t->fix[1] > 0 && bn != CUBE_BLOCK)
          break;
        if (!in_range(n, t->range_max[1], t->range_min[1]) || n_pad > MMAD_MAX)
          continue;
        int64_t dbc = t->db[2] && m_pad * n_pad * 4 * 2 <= t->l0c ? 2 : 1;
        if (m_pad * n_pad * 4 * dbc > t->l0c || (t->bias && n_pad * BT_ELEM > t->bt))
          continue;
        /* C in a UB position: the kernel receives baseM x baseN tiles into UB, usually
         * double-buffered by its queue: cub C tiles must fit the UB budget */
        if (in_ub(t->ty[ASC_MM_C].pos) && m_pad * n_pad * dtype_bytes(t->ty[ASC_MM_C].dtype) * cub > t->ub) {
          ub_rejected = 1;
          continue;
        }
        /* the largest baseK the L0A/L0B halves hold, and the automatic choice under it */
        int64_t kfit = min64(h->l0a_bytes / (m_pad * p->sa * dbab), h->l0b_bytes / (n_pad * p->sb * dbab));
        kfit = min64(kfit / p->k0 * p->k0, MMAD_MAX / p->k0 * p->k0);
        int64_t k = t->fix[2] > 0 ? t->fix[2] : min64(kfit, pk);
        if (t->range_max[2] > 0 && t->fix[2] <= 0)
          k = min64(k, t->range_max[2] / p->k0 * p->k0);
        int64_t k_pad = round_up(k, p->k0);
        if (k <= 0 || k_pad > kfit || !in_range(k, t->range_max[2], t->range_min[2]))
          continue;
        int64_t nm = ceil_div(p->sm, m), nn = ceil_div(p->sn, n), nk = ceil_div(p->sk, k);
        double mmad = (double)nm * nn * nk * (30 + (m_pad / 16) * (n_pad / 16) * (k_pad / p->k0));
        double load = (double)nm * nn * nk * (m_pad * k_pad * p->sa / 512.0 + k_pad * n_pad * p->sb / 256.0);
        double fix = (double)nm * nn * (30 + m_pad * n_pad * 4 / 128.0);
        double cost = mmad + load + fix;
        if (best < 0 || cost < best - 1e-9) {
          best = cost;
          p->bm = m, p->bn = n, p->bk = k, p->dba = p->dbb = dbab, p->dbc = dbc;
        }
      }
    }
  }
  if (best < 0 && ub_rejected) {
    fail(t, "the UB use of a baseM x baseN C tile (C in VECIN/VECOUT/VECCALC) exceeds UB "
            "(%lld B) for every base tile the other limits allow (set_fix_split %d,%d,%d)",
         (long long)t->ub, t->fix[0], t->fix[1], t->fix[2]);
    return -1;
  }
  if (best < 0) {
    fail(t, "no base tile of the %lldx%lldx%lld single-core shape fits L0A=%lld L0B=%lld L0C=%lld B "
            "(set_fix_split %d,%d,%d; set_split_range max %d,%d,%d min %d,%d,%d)",
         (long long)p->sm, (long long)p->sn, (long long)p->sk, (long long)h->l0a_bytes, (long long)h->l0b_bytes,
         (long long)t->l0c, t->fix[0], t->fix[1], t->fix[2], t->range_max[0], t->range_max[1], t->range_max[2],
         t->range_min[0], t->range_min[1], t->range_min[2]);
    return -1;
  }
  return 0;
}

static int64_t l1_bytes(const asc_mm_tiling *t, const plan *p, int64_t stepm, int64_t stepn, int64_t stepk,
                        int64_t db) {
  int64_t a = round_up(p->bm, CUBE_BLOCK) * round_up(p->bk, p->k0) * p->sa;
  int64_t b = round_up(p->bk, p->k0) * round_up(p->bn, CUBE_BLOCK) * p->sb;
  int64_t bias = t->bias ? stepn * round_up(p->bn, CUBE_BLOCK) * p->sbias : 0;
  return stepm * stepk * db * a + stepn * stepk * db * b + bias;
}

static int l1_steps(asc_mm_tiling *t, plan *p) {
  int64_t nk = ceil_div(p->sk, p->bk), nm = ceil_div(p->sm, p->bm), nn = ceil_div(p->sn, p->bn);
  int64_t one = l1_bytes(t, p, 1, 1, 1, 1), bias = l1_bytes(t, p, 1, 1, 0, 1); /* one A+B step; bias */
  int64_t dbmax = t->db[0] || t->db[1] ? 2 : 1;
  /* whole K resident (double-buffered if it fits twice), else the most K steps that fit,
   * double-buffered if possible */
  p->stepk = 0;
  for (int pass = 0; pass < 2 && !p->stepk; pass++)
    for (int64_t db = dbmax; db >= 1 && !p->stepk; db--) {
      int64_t s = min64(nk, (t->l1 - bias) / (db * (one - bias)));
      if (s >= 1 && (pass == 1 || s == nk))
        p->stepk = s, p->dbl1 = db;
    }
  if (!p->stepk) {
    fail(t, "base tiles %lldx%lldx%lld do not fit L1 (%lld B)", (long long)p->bm, (long long)p->bn,
         (long long)p->bk, (long long)t->l1);
    return -1;
  }
  p->stepm = p->stepn = 1;
  if (p->stepk == nk) { /* whole K resident: keep more M/N tiles for reuse */
    while (p->stepm < nm && l1_bytes(t, p, p->stepm + 1, p->stepn, p->stepk, p->dbl1) <= t->l1)
      p->stepm++;
    while (p->stepn < nn && l1_bytes(t, p, p->stepm, p->stepn + 1, p->stepk, p->dbl1) <= t->l1)
      p->stepn++;
  }
  p->l1_used = l1_bytes(t, p, p->stepm, p->stepn, p->stepk, p->dbl1);
  return 0;
}

static int ub_space(asc_mm_tiling *t, plan *p) {
  int64_t need = 0, pk = round_up(p->bk, p->k0);
  if (in_ub(t->ty[ASC_MM_A].pos))
    need = round_up(p->bm, CUBE_BLOCK) * pk * p->sa;
  if (in_ub(t->ty[ASC_MM_B].pos))
    need = need > pk * round_up(p->bn, CUBE_BLOCK) * p->sb ? need : pk * round_up(p->bn, CUBE_BLOCK) * p->sb;
  int64_t c = round_up(p->bm, CUBE_BLOCK) * round_up(p->bn, CUBE_BLOCK) * dtype_bytes(t->ty[ASC_MM_C].dtype);
  if (in_ub(t->ty[ASC_MM_C].pos) && c > need)
    need = c;
  if (need > t->ub) {
    fail(t, "the UB staging of %lld B for operands in VECIN/VECOUT/VECCALC exceeds UB (%lld B)", (long long)need,
         (long long)t->ub);
    return -1;
  }
  p->trans = need;
  return 0;
}

int64_t asc_mm_get_tiling(asc_mm_tiling *t, asc_tcube_tiling *out) {
  if (!t || !out)
    return -1;
  plan p;
  int32_t org[4];
  memset(&p, 0, sizeof p);
  t->err[0] = 0;
  t->done = 0;
  if (check_types(t, &p) || resolve_shape(t, &p, org) || multi_core_split(t, &p) || base_tiles(t, &p) ||
      l1_steps(t, &p) || ub_space(t, &p))
    return -1;
  asc_tcube_tiling r;
  memset(&r, 0, sizeof r);
  r.usedCoreNum = (int32_t)(p.md * p.nd * p.kd);
  r.M = org[0], r.N = org[1], r.Ka = org[2], r.Kb = org[3];
  r.singleCoreM = (int32_t)p.sm, r.singleCoreN = (int32_t)p.sn, r.singleCoreK = (int32_t)p.sk;
  r.baseM = (int32_t)p.bm, r.baseN = (int32_t)p.bn, r.baseK = (int32_t)p.bk;
  r.depthA1 = (int32_t)(p.stepm * p.stepk * p.dbl1), r.depthB1 = (int32_t)(p.stepn * p.stepk * p.dbl1);
  r.stepM = (int32_t)p.stepm, r.stepN = (int32_t)p.stepn, r.stepKa = r.stepKb = (int32_t)p.stepk;
  r.isBias = t->bias;
  r.transLength = (int32_t)p.trans;
  r.iterateOrder = t->traverse == TRAVERSE_FIRSTN ? 1 : 0;
  r.shareL1Size = (int32_t)p.l1_used;
  r.shareL0CSize = (int32_t)(round_up(p.bm, CUBE_BLOCK) * round_up(p.bn, CUBE_BLOCK) * 4 * p.dbc);
  r.shareUbSize = (int32_t)p.trans;
  int32_t ba = t->batch_a > 0 ? t->batch_a : t->batch_num > 0 ? t->batch_num : 1;
  int32_t bb = t->batch_b > 0 ? t->batch_b : ba;
  r.batchM = t->kind == ASC_MM_BATCH ? ba : 1, r.batchN = t->kind == ASC_MM_BATCH ? bb : 1;
  r.singleBatchM = r.singleBatchN = 1;
  r.dbL0A = (int32_t)p.dba, r.dbL0B = (int32_t)p.dbb, r.dbL0C = (int32_t)p.dbc;
  const int32_t(*L)[5] = t->layout;
  r.ALayoutInfoB = L[0][0], r.ALayoutInfoS = L[0][1], r.ALayoutInfoN = L[0][2], r.ALayoutInfoG = L[0][3];
  r.ALayoutInfoD = L[0][4], r.BLayoutInfoB = L[1][0], r.BLayoutInfoS = L[1][1], r.BLayoutInfoN = L[1][2];
  r.BLayoutInfoG = L[1][3], r.BLayoutInfoD = L[1][4], r.CLayoutInfoB = L[2][0], r.CLayoutInfoS1 = L[2][1];
  r.CLayoutInfoN = L[2][2], r.CLayoutInfoG = L[2][3], r.CLayoutInfoS2 = L[2][4];
  r.BatchNum = t->batch_num;
  *out = r;
  t->base[0] = r.baseM, t->base[1] = r.baseN, t->base[2] = r.baseK;
  int32_t res[10] = {r.usedCoreNum, (int32_t)p.md, (int32_t)p.nd, (int32_t)p.kd, 1, 1, 1, r.singleCoreM,
                     r.singleCoreN, r.singleCoreK};
  memcpy(t->res, res, sizeof res);
  t->done = 1;
  return 0;
}
