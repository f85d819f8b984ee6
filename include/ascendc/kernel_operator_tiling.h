/* kernel_operator_tiling.h - the fields of the library calls' tiling aggregates, once for both modes
 * of kernel_operator.h (declarations and running).  SoftMax-Tiling's and RmsNorm-Tiling's pages:
 * aggregates whose fields default to 0 (the host's tiling functions fill them), in this order. */
#ifndef OPENASC_KERNEL_OPERATOR_TILING_H
#define OPENASC_KERNEL_OPERATOR_TILING_H

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

#endif
