/* host.h - the host side of Ascend C's matmul: platform facts, the host enums with CANN's
 * values and the matmul tiling generator (MatmulApiTiling, MultiCoreMatmulTiling,
 * BatchMatmulTiling) that fills a TCubeTiling.  pyasc's asc.lib.host binds this (docs/host.md).
 *
 * Every setter returns 0 or -1 (bad argument; the object keeps its previous state), as the
 * CANN methods of the same names do; asc_mm_get_tiling returns 0 or -1 and, on -1, a message
 * starting "MatmulApi Tiling: " (asc_mm_error).  No state is global: a tiling object owns all
 * of its settings. */
#ifndef ASC_HOST_H
#define ASC_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "asc/platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- TCubeTiling: CANN's kernel-side struct, 49 int32 fields in this order (api.md §10.2) ----
 * ASC_TCUBE_FIELD(c_name, python_name) */
#define ASC_TCUBE_FIELDS(X)                                                                                    \
  X(usedCoreNum, used_core_num) X(M, m) X(N, n) X(Ka, k_a) X(Kb, k_b) X(singleCoreM, single_core_m)              \
  X(singleCoreN, single_core_n) X(singleCoreK, single_core_k) X(baseM, base_m) X(baseN, base_n) X(baseK, base_k) \
  X(depthA1, depth_a1) X(depthB1, depth_b1) X(stepM, step_m) X(stepN, step_n) X(isBias, is_bias)                 \
  X(transLength, trans_length) X(iterateOrder, iterate_order) X(shareMode, share_mode)                          \
  X(shareL1Size, share_l1_size) X(shareL0CSize, share_l0c_size) X(shareUbSize, share_ub_size)                   \
  X(batchM, batch_m) X(batchN, batch_n) X(singleBatchM, single_batch_m) X(singleBatchN, single_batch_n)         \
  X(stepKa, step_k_a) X(stepKb, step_k_b) X(depthAL1CacheUB, depth_a_l1_cache_ub)                               \
  X(depthBL1CacheUB, depth_b_l1_cache_ub) X(dbL0A, db_l0a) X(dbL0B, db_l0b) X(dbL0C, db_l0c)                    \
  X(ALayoutInfoB, a_layout_info_b) X(ALayoutInfoS, a_layout_info_s) X(ALayoutInfoN, a_layout_info_n)            \
  X(ALayoutInfoG, a_layout_info_g) X(ALayoutInfoD, a_layout_info_d) X(BLayoutInfoB, b_layout_info_b)            \
  X(BLayoutInfoS, b_layout_info_s) X(BLayoutInfoN, b_layout_info_n) X(BLayoutInfoG, b_layout_info_g)            \
  X(BLayoutInfoD, b_layout_info_d) X(CLayoutInfoB, c_layout_info_b) X(CLayoutInfoS1, c_layout_info_s1)          \
  X(CLayoutInfoN, c_layout_info_n) X(CLayoutInfoG, c_layout_info_g) X(CLayoutInfoS2, c_layout_info_s2)          \
  X(BatchNum, batch_num)

typedef struct asc_tcube_tiling {
#define ASC_TCUBE_DECL(c, py) int32_t c;
  ASC_TCUBE_FIELDS(ASC_TCUBE_DECL)
#undef ASC_TCUBE_DECL
} asc_tcube_tiling;

int asc_tcube_field_count(void);
/* i-th field: C name, Python name, byte offset; -1 out of range. */
int asc_tcube_field(int i, const char **c_name, const char **py_name, size_t *offset);

/* ---- host enums (CANN matmul_tiling / platform_ascendc values) ---- */
int asc_host_enum_count(void);
const char *asc_host_enum_name(int kind); /* "TPosition", "CubeFormat", ...; NULL out of range */
/* j-th member of enum kind (aliases included, in declaration order): 0 ok, -1 past the end. */
int asc_host_enum_member(int kind, int j, const char **name, int64_t *value);

/* ---- platform facts (PlatformAscendC): asc/platform.h (asc_platform_find) ---- */

/* ---- matmul tiling ---- */
typedef enum { ASC_MM_SINGLE = 0, ASC_MM_MULTI = 1, ASC_MM_BATCH = 2 } asc_mm_kind;
typedef enum { ASC_MM_A = 0, ASC_MM_B = 1, ASC_MM_C = 2, ASC_MM_BIAS = 3 } asc_mm_operand;
typedef struct asc_mm_tiling asc_mm_tiling;

/* NULL if the platform is unknown (NULL platform: the default). */
asc_mm_tiling *asc_mm_new(int kind, const char *platform);
void asc_mm_free(asc_mm_tiling *t);
const char *asc_mm_error(const asc_mm_tiling *t); /* the last get_tiling failure, "" if none */

int32_t asc_mm_set_type(asc_mm_tiling *t, int operand, int pos, int format, int dtype, int is_trans);
int32_t asc_mm_set_layout(asc_mm_tiling *t, int operand, int32_t b, int32_t s, int32_t n, int32_t g, int32_t d);
int32_t asc_mm_set_shape(asc_mm_tiling *t, int32_t m, int32_t n, int32_t k);
int32_t asc_mm_set_org_shape(asc_mm_tiling *t, int32_t m, int32_t n, int32_t ka, int32_t kb);
int32_t asc_mm_set_batch_num(asc_mm_tiling *t, int32_t batch);
int32_t asc_mm_set_batch_info_for_normal(asc_mm_tiling *t, int32_t batch_a, int32_t batch_b, int32_t m,
                                         int32_t n, int32_t k);
int32_t asc_mm_enable_bias(asc_mm_tiling *t, int on);
int32_t asc_mm_set_buffer_space(asc_mm_tiling *t, int32_t l1, int32_t l0c, int32_t ub, int32_t bt);
int32_t asc_mm_set_fix_split(asc_mm_tiling *t, int32_t base_m, int32_t base_n, int32_t base_k);
int32_t asc_mm_get_base(const asc_mm_tiling *t, int axis); /* 0 M, 1 N, 2 K */
int32_t asc_mm_set_traverse(asc_mm_tiling *t, int traverse);
int32_t asc_mm_set_mad_type(asc_mm_tiling *t, int mad_type);
int32_t asc_mm_set_split_range(asc_mm_tiling *t, int32_t max_m, int32_t max_n, int32_t max_k, int32_t min_m,
                               int32_t min_n, int32_t min_k);
int32_t asc_mm_set_double_buffer(asc_mm_tiling *t, int a, int b, int c, int bias, int nd2nz, int nz2nd);
int32_t asc_mm_set_dequant_type(asc_mm_tiling *t, int dequant);
int32_t asc_mm_set_sparse(asc_mm_tiling *t, int on);
/* MatmulConfigParams: mm_config_type 0 Norm / 1 MDL; schedule ScheduleType; traverse MatrixTraverse. */
int32_t asc_mm_set_config_params(asc_mm_tiling *t, int32_t mm_config_type, int enable_l1_cache_ub, int schedule,
                                 int traverse, int en_vec_nd2nz);
/* MultiCoreMatmulTiling only (-1 on another kind). */
int32_t asc_mm_set_dim(asc_mm_tiling *t, int32_t dim);
int32_t asc_mm_set_single_shape(asc_mm_tiling *t, int32_t m, int32_t n, int32_t k);
int32_t asc_mm_set_single_range(asc_mm_tiling *t, int32_t max_m, int32_t max_n, int32_t max_k, int32_t min_m,
                                int32_t min_n, int32_t min_k);
int32_t asc_mm_set_align_split(asc_mm_tiling *t, int32_t align_m, int32_t align_n, int32_t align_k);
int32_t asc_mm_enable_split_k(asc_mm_tiling *t, int on);

/* Compute the tiling into *out (every field written); 0 ok, -1 impossible (asc_mm_error). */
int64_t asc_mm_get_tiling(asc_mm_tiling *t, asc_tcube_tiling *out);
/* After a successful get_tiling: out[0..4] = used cores, mDim, nDim, kDim, batch cores (M, N as
 * out[5], out[6]); single-core shape in out[7..9].  -1 before. */
int32_t asc_mm_result(const asc_mm_tiling *t, int32_t out[10]);

/* ---- MatmulApiStaticTiling (asc.adv.get_matmul_api_tiling; src/host/static_tiling.c) ---- */
/* Its int32 fields (pyasc's Python names, in order); NULL out of range. */
int asc_mm_static_field_count(void);
const char *asc_mm_static_field(int i);
/* The compile-time tiling of a MatmulConfig: types[A, B, C, bias] = (TPosition, CubeFormat, element
 * bytes, is_trans) with the kernel's TPosition values; cfg = (singleCoreM, N, K, basicM, N, K,
 * enableSetBias, enableQuantVector); l1_size < 0: the platform's L1.  Writes asc_mm_static_field_count()
 * fields (-1: not fixed).  0 ok, -1 with err set. */
int asc_mm_static_tiling(const int32_t types[4][4], const int32_t cfg[8], int32_t l1_size, const char *platform,
                         int32_t out[], char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
