/* static_tiling.c - asc.adv.get_matmul_api_tiling (Ascend C's GetMatmulApiTiling): the Matmul
 * tiling a kernel fixes at compile time from its MatmulConfig (basic block, single-core shape)
 * and the MatmulTypes of A, B, C and the bias (docs/host.md, "MatmulApiStaticTiling").
 *
 * Fields not fixed by the configuration stay -1 (unknown until run time).  With the basic block
 * only (a single-core dimension 0): baseM/N/K, dbL0A/B and isBias.  With the single-core shape as
 * well: everything the header library derives from it - the shapes, the L1 factors (how many base
 * blocks of A and B one L1 load holds), the iterate order, the L1/L0C footprint.  openasc
 * computes the L1 factors for the case where both single-core operands fit L1 whole (the first
 * and preferred choice of the library); the partial-load searches (only A whole, only B whole,
 * neither) are not implemented and are an error saying so. */
#include <stdio.h>
#include <string.h>

#include "asc/host.h"
#include "ops/registry.h"

/* The fields of MatmulApiStaticTiling, in pyasc's order: TCubeTiling's without the four batch
 * fields, then mxTypePara. */
#define MMS_FIELDS(X)                                                                                    \
  X(USED_CORE_NUM, used_core_num) X(M, m) X(N, n) X(KA, k_a) X(KB, k_b) X(SCM, single_core_m)          \
  X(SCN, single_core_n) X(SCK, single_core_k) X(BM, base_m) X(BN, base_n) X(BK, base_k)               \
  X(DEPTH_A1, depth_a1) X(DEPTH_B1, depth_b1) X(STEP_M, step_m) X(STEP_N, step_n) X(IS_BIAS, is_bias)  \
  X(TRANS_LENGTH, trans_length) X(ITERATE_ORDER, iterate_order) X(SHARE_MODE, share_mode)              \
  X(SHARE_L1, share_l1_size) X(SHARE_L0C, share_l0c_size) X(SHARE_UB, share_ub_size)                    \
  X(STEP_KA, step_k_a) X(STEP_KB, step_k_b) X(DEPTH_A_UB, depth_a_l1_cache_ub)                          \
  X(DEPTH_B_UB, depth_b_l1_cache_ub) X(DB_L0A, db_l0a) X(DB_L0B, db_l0b) X(DB_L0C, db_l0c)              \
  X(ALB, a_layout_info_b) X(ALS, a_layout_info_s) X(ALN, a_layout_info_n) X(ALG, a_layout_info_g)      \
  X(ALD, a_layout_info_d) X(BLB, b_layout_info_b) X(BLS, b_layout_info_s) X(BLN, b_layout_info_n)      \
  X(BLG, b_layout_info_g) X(BLD, b_layout_info_d) X(CLB, c_layout_info_b) X(CLS1, c_layout_info_s1)    \
  X(CLN, c_layout_info_n) X(CLG, c_layout_info_g) X(CLS2, c_layout_info_s2) X(BATCH_NUM, batch_num)    \
  X(MX_TYPE_PARA, mx_type_para)

enum {
#define X(id, py) F_##id,
  MMS_FIELDS(X)
#undef X
      F_COUNT
};

static const char *const field_names[] = {
#define X(id, py) #py,
    MMS_FIELDS(X)
#undef X
};

int asc_mm_static_field_count(void) { return F_COUNT; }

const char *asc_mm_static_field(int i) { return i >= 0 && i < F_COUNT ? field_names[i] : NULL; }

static int32_t cdiv(int32_t a, int32_t b) { return b ? (a + b - 1) / b : 0; }

static int in_l1(int pos) { return pos == ASC_POS_A1 || pos == ASC_POS_B1 || pos == ASC_POS_C1; }

static int in_ub(int pos) { return pos == ASC_POS_VECIN || pos == ASC_POS_VECOUT || pos == ASC_POS_VECCALC; }

static int fail(char *err, size_t n, const char *msg) {
  snprintf(err, n, "%s", msg);
  return -1;
}

int asc_mm_static_tiling(const int32_t types[4][4], const int32_t cfg[8], int32_t l1_size, const char *platform,
                         int32_t out[], char *err, size_t errlen) {
  enum { POS, FMT, BYTES, TRANS };
  const int32_t *a = types[0], *b = types[1], *c = types[2], *bias = types[3];
  int32_t sm = cfg[0], sn = cfg[1], sk = cfg[2], bm = cfg[3], bn = cfg[4], bk = cfg[5];
  int setbias = cfg[6] != 0, qvec = cfg[7] != 0;
  const asc_platform *p = asc_platform_find(platform);
  if (!p)
    return fail(err, errlen, "unknown platform");
  if (l1_size < 0)
    l1_size = (int32_t)p->l1_bytes;
  if (a[BYTES] <= 0 || b[BYTES] <= 0 || c[BYTES] <= 0 || bias[BYTES] <= 0)
    return fail(err, errlen, "the MatmulTypes need element types");
  for (int i = 0; i < F_COUNT; i++)
    out[i] = -1;
  /* L0A / L0B double buffering: a base block of 32-byte rows that fits half of the buffer */
  int32_t dbl0a = bm * 32 > p->l0a_bytes / 2 ? 1 : 2, dbl0b = bn * 32 > p->l0b_bytes / 2 ? 1 : 2;
  if (sm == 0 || sn == 0 || sk == 0) { /* partly constant: the basic block only */
    if (bm && bn && bk) {
      out[F_BM] = bm, out[F_BN] = bn, out[F_BK] = bk;
      out[F_DB_L0A] = dbl0a, out[F_DB_L0B] = dbl0b;
      out[F_IS_BIAS] = setbias;
    }
    return 0;
  }
  if (bm <= 0 || bn <= 0 || bk <= 0)
    return fail(err, errlen, "a constant single-core shape needs the basic block (basic_m/n/k) as well");
  /* K in 32-byte units of A's type; one L0 load is kl0 units */
  int32_t c0 = 32 / a[BYTES], k = cdiv(sk, c0), kl0 = cdiv(bk, c0);
  int32_t kl1 = cdiv(k, kl0) * kl0;                      /* the whole of K, in whole L0 loads */
  int32_t mal1 = cdiv(cdiv(sm, 16), cdiv(bm, 16));       /* base blocks of M in the single-core M */
  int32_t nbl1 = cdiv(cdiv(sn, 16), cdiv(bn, 16));
  int32_t ka_loads = cdiv(kl1, kl0);
  /* L1 bytes when A and B are held whole (one buffer each) */
  int64_t a1 = in_l1(a[POS]) ? 0 : (int64_t)mal1 * bm * ka_loads * bk * a[BYTES];
  int64_t b1 = in_l1(b[POS]) ? 0 : (int64_t)nbl1 * ka_loads * bn * bk * b[BYTES];
  int64_t biasb = setbias && !in_l1(bias[POS]) ? (int64_t)(bias[BYTES] == 4 ? 2 : 1) * bias[BYTES] * nbl1 * bn : 0;
  int64_t deq = qvec ? (int64_t)nbl1 * bn * 8 : 0;
  if (a1 + b1 + biasb + deq > l1_size)
    return fail(err, errlen, "the single-core A and B do not fit L1 together; the partial L1 loads of the header "
                "library (A whole, B whole, or neither) are not implemented yet");
  out[F_M] = out[F_SCM] = sm;
  out[F_N] = out[F_SCN] = sn;
  out[F_KA] = out[F_KB] = out[F_SCK] = sk;
  out[F_BM] = bm, out[F_BN] = bn, out[F_BK] = bk;
  out[F_STEP_M] = mal1, out[F_STEP_N] = nbl1;
  out[F_STEP_KA] = out[F_STEP_KB] = ka_loads;
  out[F_DEPTH_A1] = ka_loads * mal1, out[F_DEPTH_B1] = ka_loads * nbl1;
  /* both K wholly in L1: N first (1) when loading A once and B per M pass moves less than the reverse */
  int32_t mloop = cdiv(sm, mal1 * bm), nloop = cdiv(sn, nbl1 * bn);
  out[F_ITERATE_ORDER] = (int64_t)sm + (int64_t)sn * mloop < (int64_t)sn + (int64_t)sm * nloop ? 1 : 0;
  out[F_IS_BIAS] = setbias;
  out[F_DB_L0A] = dbl0a, out[F_DB_L0B] = dbl0b, out[F_DB_L0C] = 1;
  /* the largest staging buffer: A / B ND in UB (to Nz), one base block of C, the bias */
  int64_t tl = a[FMT] == 0 && in_ub(a[POS]) ? (int64_t)sm * sk * a[BYTES] : 0;
  int64_t tb = b[FMT] == 0 && in_ub(b[POS]) ? (int64_t)sk * sn * a[BYTES] : 0;
  int64_t tc = c[FMT] == 0 || c[POS] == ASC_POS_GM ? (int64_t)bm * bn * c[BYTES] : 0;
  int64_t t = tl > tb ? tl : tb;
  t = t > tc ? t : tc;
  t = t > biasb ? t : biasb;
  out[F_TRANS_LENGTH] = (int32_t)t;
  out[F_SHARE_MODE] = 0;
  out[F_SHARE_L1] = (int32_t)((in_l1(a[POS]) ? 0 : (int64_t)out[F_DEPTH_A1] * bm * bk * a[BYTES]) +
                              (in_l1(b[POS]) ? 0 : (int64_t)out[F_DEPTH_B1] * bn * bk * a[BYTES]) +
                              (setbias && !in_l1(bias[POS]) ? (int64_t)bn * bias[BYTES] : 0) + deq);
  out[F_SHARE_L0C] = bm * bn * 4;
  out[F_SHARE_UB] = 0;
  return 0;
}
