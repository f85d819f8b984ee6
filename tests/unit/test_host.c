/* test_host.c - libasc's host side (include/asc/host.h): TCubeTiling's layout, the host enums,
 * the setters' return codes and the tiling generator's validity over a pseudo-random sweep.
 * Reference values are hand-written from CANN's headers and hardware.md §2 (Ascend910B1:
 * L0A = L0B = 64 KiB, L0C = 128 KiB, L1 = 512 KiB, BiasTable 1 KiB, 24 AIC / 48 AIV). */
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "asc/host.h"
#include "test.h"

enum { L0A = 65536, L0B = 65536, L0C = 131072, L1 = 524288, BT = 1024 };
enum { F32 = 0, F16 = 1, I8 = 2, I32 = 3, BF16 = 27 };

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t rup(int64_t a, int64_t b) { return cdiv(a, b) * b; }
static int esize(int dt) { return dt == F32 || dt == I32 ? 4 : dt == I8 ? 1 : 2; }

static int rnd(uint32_t *seed, int n) {
  *seed = *seed * 1103515245u + 12345u;
  return (int)((*seed >> 8) % (uint32_t)n);
}
#define RND(n) rnd(&seed, n)

TEST(tcube_layout_is_canns) {
  static const char *names[] = {"usedCoreNum", "M", "N", "Ka", "Kb", "singleCoreM", "singleCoreN", "singleCoreK",
                                "baseM", "baseN", "baseK", "depthA1", "depthB1", "stepM", "stepN", "isBias",
                                "transLength", "iterateOrder", "shareMode", "shareL1Size", "shareL0CSize",
                                "shareUbSize", "batchM", "batchN", "singleBatchM", "singleBatchN", "stepKa", "stepKb",
                                "depthAL1CacheUB", "depthBL1CacheUB", "dbL0A", "dbL0B", "dbL0C", "ALayoutInfoB",
                                "ALayoutInfoS", "ALayoutInfoN", "ALayoutInfoG", "ALayoutInfoD", "BLayoutInfoB",
                                "BLayoutInfoS", "BLayoutInfoN", "BLayoutInfoG", "BLayoutInfoD", "CLayoutInfoB",
                                "CLayoutInfoS1", "CLayoutInfoN", "CLayoutInfoG", "CLayoutInfoS2", "BatchNum"};
  CHECK_INT(asc_tcube_field_count(), 49);
  CHECK_INT(sizeof(asc_tcube_tiling), 196);
  for (int i = 0; i < 49; i++) {
    const char *c = NULL, *py = NULL;
    size_t off = 0;
    REQUIRE(asc_tcube_field(i, &c, &py, &off) == 0);
    CHECK_STR(c, names[i]);
    CHECK_INT(off, 4 * i);
  }
  CHECK_INT(asc_tcube_field(49, NULL, NULL, NULL), -1);
  CHECK_INT(asc_tcube_field(-1, NULL, NULL, NULL), -1);
}

static int64_t enum_value(const char *kind, const char *member) {
  for (int k = 0; k < asc_host_enum_count(); k++) {
    if (strcmp(asc_host_enum_name(k), kind))
      continue;
    const char *n;
    int64_t v;
    for (int j = 0; asc_host_enum_member(k, j, &n, &v) == 0; j++)
      if (!strcmp(n, member))
        return v;
  }
  return -999;
}

TEST(host_enums_have_canns_values) {
  CHECK_INT(enum_value("TPosition", "GM"), 0);
  CHECK_INT(enum_value("TPosition", "VECCALC"), 11);
  CHECK_INT(enum_value("TPosition", "LCM"), 11);
  CHECK_INT(enum_value("TPosition", "SHM"), 12);
  CHECK_INT(enum_value("TPosition", "TSCM"), 13);
  CHECK_INT(enum_value("TPosition", "MAX"), 14);
  CHECK_INT(enum_value("CubeFormat", "ROW_MAJOR"), 0);
  CHECK_INT(enum_value("CubeFormat", "COLUMN_MAJOR"), 8);
  CHECK_INT(enum_value("DataType", "DT_BF16"), 27);
  CHECK_INT(enum_value("DataType", "DT_INT32"), 3);
  CHECK_INT(enum_value("DataType", "DT_BFLOAT16"), 33);
  CHECK_INT(enum_value("MatrixTraverse", "FIRSTN"), 2);
  CHECK_INT(enum_value("MatrixMadType", "HF32"), 1);
  CHECK_INT(enum_value("ScheduleType", "OUTER_PRODUCT"), 1);
  CHECK_INT(enum_value("DequantType", "TENSOR"), 1);
  CHECK_INT(enum_value("CoreMemType", "UB"), 5);
  CHECK(asc_host_enum_name(asc_host_enum_count()) == NULL);
}

TEST(platform_facts) {
  const asc_platform *p = asc_platform_find("Ascend910B1");
  REQUIRE(p != NULL);
  CHECK_INT(p->aic, 24);
  CHECK_INT(p->aiv, 48);
  CHECK_INT(p->l0a_bytes, L0A);
  CHECK_INT(p->l0c_bytes, L0C);
  CHECK_INT(p->l1_bytes, L1);
  CHECK_INT(p->bt_bytes, BT);
  CHECK(asc_platform_find(NULL) == asc_platform_at(0)); /* the default platform */
  CHECK(asc_platform_find("Ascend910B4_1") == asc_platform_find("Ascend910B4-1"));
  CHECK(asc_platform_find("Ascend310P1") == NULL);
  CHECK(asc_mm_new(ASC_MM_SINGLE, "NoSuchChip") == NULL);
  CHECK(asc_mm_new(7, NULL) == NULL);
}

TEST(setter_return_codes) {
  asc_mm_tiling *t = asc_mm_new(ASC_MM_SINGLE, "Ascend910B1");
  REQUIRE(t);
  CHECK_INT(asc_mm_set_type(t, ASC_MM_A, 0, 0, F16, 0), 0);
  CHECK_INT(asc_mm_set_type(t, ASC_MM_A, 15, 0, F16, 0), -1); /* position past MAX */
  CHECK_INT(asc_mm_set_type(t, 4, 0, 0, F16, 0), -1);
  CHECK_INT(asc_mm_set_shape(t, 0, 16, 16), -1);
  CHECK_INT(asc_mm_set_shape(t, 32, -1, 16), 0);
  CHECK_INT(asc_mm_set_org_shape(t, 32, 16, 0, -1), -1);
  CHECK_INT(asc_mm_set_buffer_space(t, L1 + 1, -1, -1, -1), -1);
  CHECK_INT(asc_mm_set_buffer_space(t, -1, -1, -1, -1), 0);
  CHECK_INT(asc_mm_set_fix_split(t, 0, -1, -1), -1);
  CHECK_INT(asc_mm_set_split_range(t, 16, -1, -1, 32, -1, -1), -1); /* min > max */
  CHECK_INT(asc_mm_set_traverse(t, 3), -1);
  CHECK_INT(asc_mm_set_mad_type(t, 2), -1); /* MXMODE: not on these platforms */
  CHECK_INT(asc_mm_set_dequant_type(t, 2), -1);
  CHECK_INT(asc_mm_set_batch_num(t, 0), -1);
  CHECK_INT(asc_mm_set_dim(t, 4), -1); /* multi-core only */
  int32_t r[10];
  CHECK_INT(asc_mm_result(t, r), -1); /* before get_tiling */
  asc_mm_free(t);
  t = asc_mm_new(ASC_MM_MULTI, NULL);
  REQUIRE(t);
  CHECK_INT(asc_mm_set_dim(t, 48), 0);
  CHECK_INT(asc_mm_set_dim(t, 49), -1);
  CHECK_INT(asc_mm_set_dim(t, 0), -1);
  CHECK_INT(asc_mm_set_align_split(t, -2, 0, 0), -1);
  asc_mm_free(t);
}

TEST(impossible_requests_fail_with_a_message) {
  asc_tcube_tiling out;
  asc_mm_tiling *t = asc_mm_new(ASC_MM_SINGLE, NULL);
  REQUIRE(t);
  CHECK_INT(asc_mm_get_tiling(t, &out), -1); /* no shape */
  CHECK_CONTAINS(asc_mm_error(t), "MatmulApi Tiling: no shape");
  asc_mm_set_shape(t, 512, 512, 64);
  asc_mm_set_fix_split(t, 512, 512, -1); /* 512*512*4 B > L0C */
  CHECK_INT(asc_mm_get_tiling(t, &out), -1);
  CHECK_CONTAINS(asc_mm_error(t), "fits L0A");
  asc_mm_set_fix_split(t, -1, -1, -1);
  asc_mm_set_type(t, ASC_MM_B, 0, 0, F16, 0); /* A f32 x B f16 */
  CHECK_INT(asc_mm_get_tiling(t, &out), -1);
  CHECK_CONTAINS(asc_mm_error(t), "data type");
  asc_mm_set_type(t, ASC_MM_A, 0, 0, F16, 0);
  asc_mm_set_mad_type(t, 1); /* HF32 on f16 */
  CHECK_INT(asc_mm_get_tiling(t, &out), -1);
  CHECK_CONTAINS(asc_mm_error(t), "HF32");
  asc_mm_set_mad_type(t, 0);
  CHECK_INT(asc_mm_get_tiling(t, &out), 0);
  CHECK_STR(asc_mm_error(t), "");
  asc_mm_set_org_shape(t, 256, 512, 64, -1); /* shape M 512 > org M 256 */
  CHECK_INT(asc_mm_get_tiling(t, &out), -1);
  CHECK_CONTAINS(asc_mm_error(t), "exceeds the original shape");
  asc_mm_free(t);
  t = asc_mm_new(ASC_MM_MULTI, NULL);
  asc_mm_set_shape(t, 1024, 1024, 64);
  asc_mm_set_dim(t, 4);
  asc_mm_set_single_shape(t, 128, 128, -1); /* 64 blocks > 4 cores */
  CHECK_INT(asc_mm_get_tiling(t, &out), -1);
  CHECK_CONTAINS(asc_mm_error(t), "cores");
  asc_mm_free(t);
  CHECK_INT(asc_mm_get_tiling(NULL, &out), -1);
}

/* Every constraint a kernel relies on, from the hardware sizes above. */
static void check_valid(const asc_tcube_tiling *r, int64_t m, int64_t n, int64_t k, int dim, int dta, int bias,
                        int split_k, const char *what) {
  int sa = esize(dta), k0 = 32 / sa;
  int64_t md = cdiv(m, r->singleCoreM), nd = cdiv(n, r->singleCoreN), kd = cdiv(k, r->singleCoreK);
  if (!CHECK(r->singleCoreM > 0 && r->singleCoreN > 0 && r->singleCoreK > 0 && r->baseM > 0 && r->baseN > 0 &&
             r->baseK > 0))
    return;
  /* the split covers C (and K) exactly once: no empty block, no gap */
  CHECK_INT(r->usedCoreNum, md * nd * kd);
  CHECK(r->usedCoreNum <= dim);
  CHECK((md - 1) * r->singleCoreM < m && (nd - 1) * r->singleCoreN < n && (kd - 1) * r->singleCoreK < k);
  if (!split_k)
    CHECK_INT(kd, 1);
  int64_t bm = rup(r->baseM, 16), bn = rup(r->baseN, 16), bk = rup(r->baseK, k0);
  CHECK(r->dbL0A >= 1 && r->dbL0B >= 1 && r->dbL0C >= 1);
  CHECK(bm * bk * sa * r->dbL0A <= L0A);
  CHECK(bk * bn * sa * r->dbL0B <= L0B);
  CHECK(bm * bn * 4 * r->dbL0C <= L0C);
  if (bias)
    CHECK(bn * 4 <= BT);
  CHECK(r->stepKa > 0 && r->stepKa == r->stepKb && r->stepKa <= cdiv(r->singleCoreK, r->baseK));
  CHECK(r->depthA1 % (r->stepM * r->stepKa) == 0 && r->depthB1 % (r->stepN * r->stepKb) == 0);
  int64_t l1 = r->depthA1 * bm * bk * sa + r->depthB1 * bk * bn * sa + (bias ? r->stepN * bn * 4 : 0);
  if (!CHECK(l1 <= L1))
    asc_test_fail(__FILE__, __LINE__, "%s: L1 use %lld", what, (long long)l1);
  CHECK_INT(r->isBias, bias);
}

TEST(generator_sweep_is_valid) {
  static const int dts[] = {F16, F32, I8, BF16};
  uint32_t seed = 12345;
  for (int it = 0; it < 400; it++) {
    int dt = dts[RND(4)], bias = RND(2), ta = RND(2), tb = RND(2), split_k = RND(4) == 0;
    int small_m = RND(2), small_n = RND(2), small_k = RND(2);
    int64_t m = 1 + RND(small_m ? 64 : 3000), n = 1 + RND(small_n ? 64 : 3000), k = 1 + RND(small_k ? 64 : 8000);
    int dim = 1 + RND(48), kind = RND(3);
    asc_mm_tiling *t = asc_mm_new(kind, "Ascend910B1");
    REQUIRE(t);
    int cdt = dt == I8 ? I32 : F32;
    CHECK_INT(asc_mm_set_type(t, ASC_MM_A, 0, 0, dt, ta), 0);
    CHECK_INT(asc_mm_set_type(t, ASC_MM_B, 0, 0, dt, tb), 0);
    CHECK_INT(asc_mm_set_type(t, ASC_MM_C, 0, 0, cdt, 0), 0);
    CHECK_INT(asc_mm_set_type(t, ASC_MM_BIAS, 0, 0, cdt, 0), 0);
    CHECK_INT(asc_mm_enable_bias(t, bias), 0);
    CHECK_INT(asc_mm_set_shape(t, (int32_t)m, (int32_t)n, (int32_t)k), 0);
    if (kind == ASC_MM_MULTI) {
      CHECK_INT(asc_mm_set_dim(t, dim), 0);
      CHECK_INT(asc_mm_enable_split_k(t, split_k), 0);
    } else {
      dim = 1, split_k = 0;
    }
    asc_tcube_tiling r;
    char what[96];
    snprintf(what, sizeof what, "kind %d dt %d %lldx%lldx%lld dim %d", kind, dt, (long long)m, (long long)n,
             (long long)k, dim);
    if (!CHECK(asc_mm_get_tiling(t, &r) == 0)) {
      asc_test_fail(__FILE__, __LINE__, "%s: %s", what, asc_mm_error(t));
    } else {
      check_valid(&r, m, n, k, dim, dt, bias, split_k, what);
      int32_t res[10];
      CHECK_INT(asc_mm_result(t, res), 0);
      CHECK_INT(res[0], r.usedCoreNum);
      CHECK_INT(res[7], r.singleCoreM);
    }
    asc_mm_free(t);
  }
}

/* Regression: the base-tile search once walked every multiple of 16 up to the shape (17 s for
 * 2^31-1); it now stops at the L0C limit, so this returns at once. */
TEST(huge_shape_is_fast_and_valid) {
  asc_mm_tiling *t = asc_mm_new(ASC_MM_MULTI, NULL);
  REQUIRE(t);
  asc_mm_set_shape(t, INT32_MAX, INT32_MAX, INT32_MAX);
  asc_tcube_tiling r;
  REQUIRE(asc_mm_get_tiling(t, &r) == 0);
  check_valid(&r, INT32_MAX, INT32_MAX, INT32_MAX, 24, F32, 0, 0, "huge");
  asc_mm_free(t);
}

/* Any sequence of setter calls with any arguments: every call returns 0 or -1, get_tiling
 * either succeeds with a tiling that fits the memories it was given or fails with a message. */
TEST(random_setter_sequences_never_break) {
  uint32_t seed = 99;
  static const int32_t vals[] = {-7, -1, 0, 1, 3, 15, 16, 17, 64, 100, 256, 511, 4096, 65536, 1 << 20, INT32_MAX};
  int ok = 0, failed = 0;
#define V vals[RND(16)]
  for (int it = 0; it < 3000; it++) {
    asc_mm_tiling *t = asc_mm_new(RND(3), NULL);
    REQUIRE(t);
    for (int c = 0; c < 6; c++) {
      int32_t r;
      switch (RND(12)) {
      case 0: r = asc_mm_set_type(t, RND(5) - 1, RND(17) - 1, RND(10) - 1, RND(42) - 1, RND(2)); break;
      case 1: r = asc_mm_set_shape(t, V, V, V); break;
      case 2: r = asc_mm_set_org_shape(t, V, V, V, V); break;
      case 3: r = asc_mm_set_fix_split(t, V, V, V); break;
      case 4: r = asc_mm_set_split_range(t, V, V, V, V, V, V); break;
      case 5: r = asc_mm_set_buffer_space(t, V, V, V, V); break;
      case 6: r = asc_mm_set_dim(t, V); break;
      case 7: r = asc_mm_set_single_shape(t, V, V, V); break;
      case 8: r = asc_mm_set_align_split(t, V, V, V); break;
      case 9: r = asc_mm_enable_bias(t, RND(2)); break;
      case 10: r = asc_mm_set_single_range(t, V, V, V, V, V, V); break;
      default: r = asc_mm_set_batch_info_for_normal(t, V, V, V, V, V); break;
      }
      CHECK(r == 0 || r == -1);
    }
    asc_mm_set_shape(t, 1 + RND(300), 1 + RND(300), 1 + RND(300));
    asc_tcube_tiling out;
    memset(&out, 0x5a, sizeof out);
    if (asc_mm_get_tiling(t, &out) == 0) {
      ok++;
      CHECK(out.usedCoreNum >= 1 && out.baseM > 0 && out.baseN > 0 && out.baseK > 0);
      CHECK(out.shareL0CSize <= L0C && out.shareL1Size <= L1 && out.shareL1Size > 0);
      CHECK(strlen(asc_mm_error(t)) == 0);
    } else {
      failed++;
      CHECK_CONTAINS(asc_mm_error(t), "MatmulApi Tiling: ");
      CHECK_INT(out.baseM, 0x5a5a5a5a); /* not written on failure */
    }
    asc_mm_free(t);
  }
  CHECK(ok > 300 && failed > 300); /* both paths exercised */
#undef V
}
