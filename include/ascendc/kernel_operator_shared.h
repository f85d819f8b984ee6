/* kernel_operator_shared.h - what both modes of kernel_operator.h (declarations and running) declare
 * alike: the tiling aggregates' fields, TCubeTiling, the Matmul types' enums, ShapeInfo's format and AippParams'
 * members.
 * SoftMax-Tiling's and RmsNorm-Tiling's pages: aggregates whose fields default to 0 (the host's tiling
 * functions fill them), in this order. */
#ifndef OPENASC_KERNEL_OPERATOR_SHARED_H
#define OPENASC_KERNEL_OPERATOR_SHARED_H

#ifdef __cplusplus /* the emitter (C, src/emit/ascendc.def) reads only the field lists */
#include <cstdint>
#endif

#define OPENASC_SOFTMAX_TILING_FIELDS(X)                                                                \
  X(uint32_t, srcM) X(uint32_t, srcK) X(uint32_t, srcSize) X(uint32_t, outMaxM) X(uint32_t, outMaxK)     \
  X(uint32_t, outMaxSize) X(uint32_t, splitM) X(uint32_t, splitK) X(uint32_t, splitSize)                \
  X(uint32_t, reduceM) X(uint32_t, reduceK) X(uint32_t, reduceSize) X(uint32_t, rangeM) X(uint32_t, tailM) \
  X(uint32_t, tailSplitSize) X(uint32_t, tailReduceSize)

#define OPENASC_RMSNORM_TILING_FIELDS(X)                                                                \
  X(uint32_t, bLength) X(uint32_t, sLength) X(uint32_t, hLength) X(uint32_t, originalHLength)           \
  X(float, reciprocalOfHLength) X(uint32_t, mainBshLength) X(uint32_t, mainBsLength)                    \
  X(uint32_t, mainBsLengthAlign) X(uint32_t, loopRound) X(uint32_t, inputTailPos) X(uint32_t, tailBshLength) \
  X(uint32_t, tailBsLength)

#define OPENASC_TILING_FIELD(T, f) T f = 0;

/* Parameter structs a kernel may default-construct and set member by member (their pages: the members in
 * constructor order, with the defaults of the constructor without arguments): X(type, member, default) */
#define OPENASC_BINARY_REPEAT_FIELDS(X)                                                                  \
  X(uint8_t, dstBlkStride, 1) X(uint8_t, src0BlkStride, 1) X(uint8_t, src1BlkStride, 1)                  \
  X(uint8_t, dstRepStride, 8) X(uint8_t, src0RepStride, 8) X(uint8_t, src1RepStride, 8)
#define OPENASC_UNARY_REPEAT_FIELDS(X)                                                                   \
  X(uint16_t, dstBlkStride, 1) X(uint16_t, srcBlkStride, 1) X(uint8_t, dstRepStride, 8) X(uint8_t, srcRepStride, 8)
#define OPENASC_DATA_COPY_FIELDS(X)                                                                      \
  X(uint16_t, blockCount, 1) X(uint16_t, blockLen, 0) X(uint16_t, srcStride, 0) X(uint16_t, dstStride, 0)

/* TCubeTiling's layout info of A, B and C (b, s, n, g, d; C's b, s1, n, g, s2), in the tiling's order; also the
 * last scalars of asc.matmul_iterate_batch (src/ops/matmul_operands.h) */
#define OPENASC_MATMUL_LAYOUT_FIELDS(X)                                                                     \
  X(ALayoutInfoB) X(ALayoutInfoS) X(ALayoutInfoN) X(ALayoutInfoG) X(ALayoutInfoD) X(BLayoutInfoB)            \
  X(BLayoutInfoS) X(BLayoutInfoN) X(BLayoutInfoG) X(BLayoutInfoD) X(CLayoutInfoB) X(CLayoutInfoS1)           \
  X(CLayoutInfoN) X(CLayoutInfoG) X(CLayoutInfoS2)
/* MatmulType's LayoutMode, in its order (the batch call's layout_a/b/c attributes) */
#define OPENASC_LAYOUT_MODES(X) X(NONE) X(NORMAL) X(BSNGD) X(SBNGD) X(BNGS1S2)
#define OPENASC_NAME_COMMA(f) f,

/* SetAippFunctions' page: AippParams<T> nests six aggregates (T is the output type).  Their members, in the
 * order of the IR's flat asc.struct<AippParams> (src/ops/structs.def): X(part, type, member, ir, default),
 * part the AippParams member that holds them, ir the member's IR type (dtcMin/dtcVar are half on the page,
 * f32 in the IR; the running mode keeps them as float), default the member's initialiser on the page (the
 * dtcVar scales are 1, everything else 0 / false) */
#define OPENASC_AIPP_PADDING_FIELDS(X, p)                                                                   \
  X(p, uint32_t, paddingMode, i32, 0) X(p, T, paddingValueCh0, i32, 0) X(p, T, paddingValueCh1, i32, 0)     \
  X(p, T, paddingValueCh2, i32, 0) X(p, T, paddingValueCh3, i32, 0)
#define OPENASC_AIPP_SWAP_FIELDS(X, p)                                                                      \
  X(p, bool, isSwapRB, i32, 0) X(p, bool, isSwapUV, i32, 0) X(p, bool, isSwapAX, i32, 0)
#define OPENASC_AIPP_SINGLE_LINE_FIELDS(X, p) X(p, bool, isSingleLineCopy, i32, 0)
#define OPENASC_AIPP_DTC_FIELDS(X, p)                                                                       \
  X(p, uint8_t, dtcMeanCh0, i32, 0) X(p, uint8_t, dtcMeanCh1, i32, 0) X(p, uint8_t, dtcMeanCh2, i32, 0)     \
  X(p, half, dtcMinCh0, f32, 0) X(p, half, dtcMinCh1, f32, 0) X(p, half, dtcMinCh2, f32, 0)                 \
  X(p, half, dtcVarCh0, f32, 1) X(p, half, dtcVarCh1, f32, 1) X(p, half, dtcVarCh2, f32, 1)                 \
  X(p, uint32_t, dtcRoundMode, i32, 0)
#define OPENASC_AIPP_CHANNEL_PADDING_FIELDS(X, p)                                                           \
  X(p, uint32_t, cPaddingMode, i32, 0) X(p, T, cPaddingValue, i32, 0)
#define OPENASC_AIPP_CSC_FIELDS(X, p)                                                                       \
  X(p, bool, isEnableCsc, i32, 0) X(p, int16_t, cscMatrixR0C0, i32, 0)                                      \
  X(p, int16_t, cscMatrixR0C1, i32, 0) X(p, int16_t, cscMatrixR0C2, i32, 0)                                 \
  X(p, int16_t, cscMatrixR1C0, i32, 0) X(p, int16_t, cscMatrixR1C1, i32, 0)                                 \
  X(p, int16_t, cscMatrixR1C2, i32, 0) X(p, int16_t, cscMatrixR2C0, i32, 0)                                 \
  X(p, int16_t, cscMatrixR2C1, i32, 0) X(p, int16_t, cscMatrixR2C2, i32, 0)                                 \
  X(p, uint8_t, cscBiasIn0, i32, 0) X(p, uint8_t, cscBiasIn1, i32, 0) X(p, uint8_t, cscBiasIn2, i32, 0)     \
  X(p, uint8_t, cscBiasOut0, i32, 0) X(p, uint8_t, cscBiasOut1, i32, 0)                                     \
  X(p, uint8_t, cscBiasOut2, i32, 0)
/* AippParams' parts in order: P(template head, struct, its template arguments, member, its fields) */
#define OPENASC_AIPP_PARTS(P)                                                                               \
  P(template <typename T>, AippPaddingParams, <T>, paddingParams, OPENASC_AIPP_PADDING_FIELDS)              \
  P(, AippSwapParams, , swapParams, OPENASC_AIPP_SWAP_FIELDS)                                               \
  P(, AippSingleLineParams, , singleLineParams, OPENASC_AIPP_SINGLE_LINE_FIELDS)                            \
  P(, AippDataTypeConvParams, , dtcParams, OPENASC_AIPP_DTC_FIELDS)                                         \
  P(template <typename T>, AippChannelPaddingParams, <T>, cPaddingParams, OPENASC_AIPP_CHANNEL_PADDING_FIELDS) \
  P(, AippColorSpaceConvParams, , cscParams, OPENASC_AIPP_CSC_FIELDS)
/* AippParams' own members, the parts */
#define OPENASC_AIPP_PART_MEMBER(tmpl, S, targs, part, FIELDS) S targs part;

#ifdef __cplusplus
/* TCubeTiling's page: the Matmul tiling the host computes */
struct TCubeTiling {
  int32_t usedCoreNum, M, N, Ka, Kb, singleCoreM, singleCoreN, singleCoreK, baseM, baseN, baseK, depthA1, depthB1,
      stepM, stepN, isBias, transLength, iterateOrder, shareMode, shareL1Size, shareL0CSize, shareUbSize, batchM,
      batchN, singleBatchM, singleBatchN, stepKa, stepKb, depthAL1CacheUB, depthBL1CacheUB, dbL0A, dbL0B, dbL0C,
      OPENASC_MATMUL_LAYOUT_FIELDS(OPENASC_NAME_COMMA) BatchNum;
};

/* The Matmul template's pages (MatmulConfig, the MM_CFG argument of Matmul<>): the two templates openasc
 * tells apart, NORM (the default) and MDL (doMultiDataLoad: A and B come into L1 in packets of stepKa /
 * stepKb base slices); the other fields are not modelled. */
struct MatmulConfig {
  bool doNorm, doMultiDataLoad;
};
inline constexpr MatmulConfig CFG_NORM = {true, false};
inline constexpr MatmulConfig CFG_MDL = {false, true};

namespace AscendC {
enum class CubeFormat { ND, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class LayoutMode { OPENASC_LAYOUT_MODES(OPENASC_NAME_COMMA) };
/* ShapeInfo's page: a tensor's shape (up to K_MAX_DIM dimensions), its original shape and data format */
enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC };
constexpr int32_t K_MAX_DIM = 8;
} // namespace AscendC
#endif

#endif
