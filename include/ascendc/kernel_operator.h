/* kernel_operator.h - openasc's Ascend C header (declarations mode).  C++17.
 *
 * Written from the public Ascend C API documentation (the programming guide's class and function
 * descriptions), not from vendor code.  It declares the part of the API that openasc's emitter
 * (docs/emit.md) writes and that the hand-written samples use, with the documented parameter
 * types, so that `g++/clang++ -std=c++17 -Wall -Werror -fsyntax-only -I include/ascendc` checks
 * the syntax and the types of a kernel:
 *   - tensors are typed (LocalTensor<half> does not bind where LocalTensor<float> is expected);
 *   - template arguments are the documented ones (SetFlag<HardEvent>, PipeBarrier<pipe_t>,
 *     TQue<TPosition, depth>, ...), enums are scoped;
 *   - with clang, __gm__ is an address space: a local pointer passed where a GM pointer is expected
 *     is an error, and GM and local pointers do not mix.
 * Nothing here is defined: the header is for syntax and type checks only.  Compiled with -DASC_RUN it
 * is the running mode instead (kernel_operator_run.h): the calls trace themselves into openasc IR that
 * the simulator runs (docs/emit.md).
 */
#ifndef OPENASC_KERNEL_OPERATOR_H
#define OPENASC_KERNEL_OPERATOR_H

#ifdef ASC_RUN
#include "kernel_operator_run.h"
#else

#include <cstdint>
#include <type_traits>

#include "kernel_operator_shared.h"

#if defined(__clang__)
#define __gm__ __attribute__((address_space(1)))
#else
#define __gm__
#endif
#define __global__
#define __aicore__
/* A kernel's GM argument as the samples declare it. */
#define GM_ADDR __gm__ uint8_t*

/* pyasc installs the FFTS base address a kernel receives as its last argument. */
void set_ffts_base_addr(uint64_t addr);

/* 16-bit floats: storage types that convert to and from float (arithmetic happens in float). */
struct half {
  half() = default;
  half(float v);
  operator float() const;
  uint16_t bits;
};
struct bfloat16_t {
  bfloat16_t() = default;
  bfloat16_t(float v);
  operator float() const;
  uint16_t bits;
};

/* The pipes (a global enum in Ascend C: PipeBarrier<PIPE_V>). */
enum pipe_t { PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX };

namespace AscendC {

enum class TPosition { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM, TSCM, MAX };
enum class HardEvent {
  MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1, MTE1_MTE3,
  MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S,
  MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX
};
enum class RoundMode { CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD };
enum class CMPMODE { LT, GT, EQ, LE, GE, NE };
enum class SELMODE { VSEL_CMPMASK_SPR, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class ReduceOrder { ORDER_VALUE_INDEX, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };
enum class MaskMode { NORMAL, COUNTER };
/* SetL2CacheHint's page: DISABLE 0, NORMAL 1, PERSISTENT 4 (pyasc numbers NORMAL 0, DISABLE 1); READ 1, WRITE 2, RW 3 */
enum class CacheMode : uint8_t { CACHE_MODE_DISABLE = 0, CACHE_MODE_NORMAL = 1, CACHE_MODE_LAST = 2, CACHE_MODE_PERSISTENT = 4 };
enum class CacheRwMode { READ = 1, WRITE = 2, RW = 3 };
enum class MemDsbT { ALL, DDR, UB, SEQ };
enum class CacheLine { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
enum class DcciDst { CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum class AtomicDtype { ATOMIC_NONE, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum class AtomicOp { ATOMIC_SUM, ATOMIC_MAX, ATOMIC_MIN };
enum class AippInputFormat : uint8_t { YUV420SP_U8 = 0, XRGB8888_U8 = 1, RGB888_U8 = 4, YUV400_U8 = 9 };

struct ShapeInfo {
  ShapeInfo();
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const uint8_t inputOriginalShapeDim,
            const uint32_t inputOriginalShape[], const DataFormat inputFormat);
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat);
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[]);
  uint8_t shapeDim;
  uint8_t originalShapeDim;
  uint32_t shape[K_MAX_DIM];
  uint32_t originalShape[K_MAX_DIM];
  DataFormat dataFormat;
};
int GetShapeSize(const ShapeInfo& shapeInfo);

/* ---- tensors ------------------------------------------------------------------------------- */
template <typename T> class LocalTensor {
public:
  using PrimType = T;
  LocalTensor();
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize);
  LocalTensor operator[](uint32_t offset) const;
  T GetValue(uint32_t index) const;
  void SetValue(uint32_t index, T value) const;
  uint32_t GetSize() const;
  void SetSize(uint32_t size);
  uint32_t GetLength() const;
  void SetBufferLen(uint32_t len);
  uint64_t GetPhyAddr() const;
  uint64_t GetPhyAddr(uint32_t offset) const;
  int32_t GetUserTag() const;
  void SetUserTag(int32_t tag);
  template <typename U> LocalTensor<U> ReinterpretCast() const;
  template <typename U> void SetAddrWithOffset(LocalTensor<U>& src, uint32_t offset);
  void Print(uint32_t len) const;
  void SetShapeInfo(const ShapeInfo& shapeInfo);
  ShapeInfo GetShapeInfo() const;
};

template <typename T> class GlobalTensor {
public:
  using PrimType = T;
  GlobalTensor();
  void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize);
  void SetGlobalBuffer(__gm__ T* buffer);
  GlobalTensor operator[](uint64_t offset) const;
  T GetValue(uint64_t index) const;
  void SetValue(uint64_t index, T value);
  uint64_t GetSize() const;
  void SetShapeInfo(const ShapeInfo& shapeInfo);
  ShapeInfo GetShapeInfo() const;
  __gm__ T* GetPhyAddr() const;
  __gm__ T* GetPhyAddr(uint64_t offset) const;
  template <CacheRwMode rw = CacheRwMode::RW> void SetL2CacheHint(CacheMode mode);
};

/* ---- TPipe, TQue, TQueBind, TBuf ----------------------------------------------------------------- */
template <TPosition src, TPosition dst, int32_t depth> class TQueBind {
public:
  TQueBind();
  template <typename T> LocalTensor<T> AllocTensor();
  template <typename T> void FreeTensor(LocalTensor<T>& tensor);
  template <typename T> bool EnQue(const LocalTensor<T>& tensor);
  template <typename T> LocalTensor<T> DeQue();
  bool VacantInQue();
  bool HasTensorInQue();
  int32_t GetTensorCountInQue();
  bool HasIdleBuffer();
  void FreeAllEvent();
};
template <TPosition pos, int32_t depth> class TQue : public TQueBind<pos, pos, depth> {
public:
  TQue();
};

template <TPosition pos = TPosition::VECCALC> class TBuf {
public:
  TBuf();
  template <typename T> LocalTensor<T> Get();
  template <typename T> LocalTensor<T> Get(uint32_t len);
  template <typename T> LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset);
};

class TPipe {
public:
  TPipe();
  ~TPipe();
  template <TPosition src, TPosition dst, int32_t depth> bool InitBuffer(TQueBind<src, dst, depth>& que, uint8_t num, uint32_t len);
  template <TPosition pos> bool InitBuffer(TBuf<pos>& buf, uint32_t len);
  void Init();
  void Destroy();
  void Reset();
  template <HardEvent evt> int8_t AllocEventID();
  template <HardEvent evt> void ReleaseEventID(int8_t id);
  template <HardEvent evt> int8_t FetchEventID();
  uint64_t GetBaseAddr(int8_t logicPos);
  template <class T> bool InitBufPool(T& bufPool, uint32_t len);
  template <class T, class U> bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);
};

/* TBufPool (its pages): a region of the TPipe's memory carved for queues, TBufs and nested pools */
template <TPosition pos, uint32_t bufIDSize = 4> class TBufPool {
public:
  TBufPool();
  template <TPosition src, TPosition dst, int32_t depth> bool InitBuffer(TQueBind<src, dst, depth>& que, uint8_t num, uint32_t len);
  template <TPosition p> bool InitBuffer(TBuf<p>& buf, uint32_t len);
  template <class T> bool InitBufPool(T& bufPool, uint32_t len);
  template <class T, class U> bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);
  void Reset();
};

/* ---- parameter structs (their fields in the documented order) -------------------------------- */
#define OPENASC_DECL_MEMBER(T, f, d) T f;
struct BinaryRepeatParams {
  BinaryRepeatParams();
  BinaryRepeatParams(uint8_t dstBlkStride, uint8_t src0BlkStride, uint8_t src1BlkStride, uint8_t dstRepStride,
                     uint8_t src0RepStride, uint8_t src1RepStride);
  OPENASC_BINARY_REPEAT_FIELDS(OPENASC_DECL_MEMBER)
};
struct UnaryRepeatParams {
  UnaryRepeatParams();
  UnaryRepeatParams(uint16_t dstBlkStride, uint16_t srcBlkStride, uint8_t dstRepStride, uint8_t srcRepStride);
  OPENASC_UNARY_REPEAT_FIELDS(OPENASC_DECL_MEMBER)
};
struct DataCopyParams {
  DataCopyParams();
  DataCopyParams(uint16_t blockCount, uint16_t blockLen, uint16_t srcStride, uint16_t dstStride);
  OPENASC_DATA_COPY_FIELDS(OPENASC_DECL_MEMBER)
};
#undef OPENASC_DECL_MEMBER
struct DataCopyExtParams {
  DataCopyExtParams();
  DataCopyExtParams(uint16_t blockCount, uint32_t blockLen, uint32_t srcStride, uint32_t dstStride, uint32_t rsv);
};
struct DataCopyPadParams {
  DataCopyPadParams();
  DataCopyPadParams(bool isPad, uint8_t leftPadding, uint8_t rightPadding, uint64_t paddingValue);
};
template <typename T> struct DataCopyPadExtParams {
  DataCopyPadExtParams();
  DataCopyPadExtParams(bool isPad, uint8_t leftPadding, uint8_t rightPadding, T paddingValue);
};
struct GatherMaskParams {
  GatherMaskParams();
  GatherMaskParams(uint8_t src0BlockStride, uint16_t repeatTimes, uint16_t src0RepeatStride, uint8_t src1RepeatStride);
};
struct CopyRepeatParams {
  CopyRepeatParams();
  CopyRepeatParams(uint16_t dstStride, uint16_t srcStride, uint16_t dstRepeatSize, uint16_t srcRepeatSize);
};
struct BrcbRepeatParams {
  BrcbRepeatParams();
  BrcbRepeatParams(uint16_t dstBlkStride, uint16_t dstRepStride);
};
struct Nd2NzParams {
  Nd2NzParams();
  Nd2NzParams(uint16_t ndNum, uint16_t nValue, uint16_t dValue, uint16_t srcNdMatrixStride, uint16_t srcDValue,
              uint16_t dstNzC0Stride, uint16_t dstNzNStride, uint16_t dstNzMatrixStride);
};
struct Nz2NdParamsFull {
  Nz2NdParamsFull();
  Nz2NdParamsFull(uint16_t ndNum, uint16_t nValue, uint16_t dValue, uint16_t srcNdMatrixStride, uint16_t srcNStride,
                  uint16_t dstDStride, uint16_t dstNdMatrixStride);
};
struct LoadData2DParams {
  LoadData2DParams();
  LoadData2DParams(uint16_t startIndex, uint8_t repeatTimes, uint16_t srcStride, uint8_t sid, uint16_t dstGap,
                   bool ifTranspose, uint8_t addrMode);
};
struct MmadParams {
  MmadParams();
  MmadParams(uint16_t m, uint16_t n, uint16_t k, bool isBias, int32_t fmOffset, bool enSsparse, bool enWinogradA,
             bool enWinogradB, uint8_t unitFlag, bool cmatrixSource, bool cmatrixInitVal, bool kDirectionAlign);
};
struct FixpipeConfig {
  constexpr FixpipeConfig() : format(0) {}
  constexpr explicit FixpipeConfig(int32_t f) : format(f) {}
  int32_t format; /* CO2Layout: 0 NZ, 1 row major (NZ to ND), 2 column major */
};
inline constexpr FixpipeConfig CFG_NZ{0};
inline constexpr FixpipeConfig CFG_ROW_MAJOR{1};
inline constexpr FixpipeConfig CFG_COLUMN_MAJOR{2};
struct FixpipeParamsV220 {
  FixpipeParamsV220();
  FixpipeParamsV220(uint16_t nSize, uint16_t mSize, uint16_t srcStride, uint32_t dstStride, int32_t quantPre,
                    uint64_t deqScalar, uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride, bool reluEn,
                    uint8_t unitFlag, bool isChannelSplit);
};

} // namespace AscendC

/* The tiling structs the host fills (global in Ascend C): kernel_operator_shared.h */
/* REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling[, mm2, &tiling2 ...]): a macro in Ascend C */
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...) ::AscendC::OpenascRegistMatmulObj(tpipe, workspace, __VA_ARGS__)
/* SoftMax-Tiling's and RmsNorm-Tiling's pages (kernel_operator_shared.h) */
struct SoftMaxTiling {
  OPENASC_SOFTMAX_TILING_FIELDS(OPENASC_TILING_FIELD)
};
struct RmsNormTiling {
  OPENASC_RMSNORM_TILING_FIELDS(OPENASC_TILING_FIELD)
};

namespace AscendC {

/* ---- system ---------------------------------------------------------------------------------- */
int64_t GetBlockIdx();
int64_t GetBlockNum();
int64_t GetSubBlockIdx();
int64_t GetSubBlockNum();
int64_t GetTaskRatio();
int64_t GetSystemCycle();
bool IsAIC();
bool IsAIV();
#define ASCEND_IS_AIC (::AscendC::IsAIC())
#define ASCEND_IS_AIV (::AscendC::IsAIV())
template <typename... Args> void printf(const char* fmt, Args... args);
void Trap();
/* CheckLocalMemoryIA's page: UB blocks (startAddr, endAddr] of 32 bytes checked through exception register enableBit
 * (0..3); members default to 0 / false */
struct CheckLocalMemoryIAParam {
  uint8_t enableBit = 0;
  uint32_t startAddr = 0;
  uint32_t endAddr = 0;
  bool isScalarRead = false;
  bool isScalarWrite = false;
  bool isVectorRead = false;
  bool isVectorWrite = false;
  bool isMteRead = false;
  bool isMteWrite = false;
  bool isEnable = false;
  uint32_t reserved = 0;
};
void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams);

template <typename T, typename U, RoundMode round> U ScalarCast(T value);
int64_t ScalarGetSFFValue(uint64_t value, int32_t countValue);
int64_t ScalarGetCountOfValue(uint64_t value, int32_t countValue);
int64_t ScalarCountLeadingZero(uint64_t value);
int64_t CountBitsCntSameAsSignBit(int64_t value);
int64_t GetProgramCounter();
int32_t GetArchVersion();
void InitSocState();
void MetricsProfStart();
void MetricsProfStop();
void PrintTimeStamp(uint32_t descId);
template <typename T> void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);
template <typename T> void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);

/* ---- synchronisation --------------------------------------------------------------------------- */
template <HardEvent event> void SetFlag(int32_t eventID);
template <HardEvent event> void WaitFlag(int32_t eventID);
template <pipe_t pipe> void PipeBarrier();
template <bool isAIVOnly = true> void SyncAll();
template <uint8_t modeId, pipe_t pipe> void CrossCoreSetFlag(uint16_t flagId);
template <uint8_t modeId, pipe_t pipe> void CrossCoreWaitFlag(uint16_t flagId);
template <typename T> void SetAtomicAdd();
template <typename T> void SetAtomicMax();
template <typename T> void SetAtomicMin();
template <typename T> void SetAtomicType();
void SetAtomicNone();

/* ---- data movement ----------------------------------------------------------------------------- */
template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count);
template <typename T> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);
template <typename T> void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);
template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params);
template <typename T> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params);
template <typename T> void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params);
template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& params);
template <typename T> void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& params);
template <typename T> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const Nz2NdParamsFull& params);
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& params,
                 const DataCopyPadExtParams<T>& padParams);
template <typename T> void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& params);
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& params,
                 const DataCopyPadParams& padParams);
template <typename T> void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& params);

/* ---- vector: count form (dst, src..., count) and mask/repeat forms --------------------------------- */
#define OPENASC_BINARY(Name)                                                                                      \
  template <typename T> void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, \
                                  const int32_t& count);                                                         \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask,       \
            const uint8_t repeatTimes, const BinaryRepeatParams& params);                                        \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint64_t mask[], \
            const uint8_t repeatTimes, const BinaryRepeatParams& params);
OPENASC_BINARY(Add)
OPENASC_BINARY(Sub)
OPENASC_BINARY(Mul)
OPENASC_BINARY(Div)
OPENASC_BINARY(Max)
OPENASC_BINARY(Min)
OPENASC_BINARY(And)
OPENASC_BINARY(Or)
OPENASC_BINARY(AddRelu)
OPENASC_BINARY(SubRelu)
OPENASC_BINARY(FusedMulAdd)
OPENASC_BINARY(FusedMulAddRelu)
OPENASC_BINARY(MulAddDst)
#undef OPENASC_BINARY

#define OPENASC_UNARY(Name)                                                                                      \
  template <typename T> void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count);   \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTimes,        \
            const UnaryRepeatParams& params);                                                                    \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTimes, \
            const UnaryRepeatParams& params);
OPENASC_UNARY(Exp)
OPENASC_UNARY(Ln)
OPENASC_UNARY(Abs)
OPENASC_UNARY(Reciprocal)
OPENASC_UNARY(Sqrt)
OPENASC_UNARY(Rsqrt)
OPENASC_UNARY(Relu)
OPENASC_UNARY(Not)
#undef OPENASC_UNARY

/* A scalar operand: the value converts to the tensor's element type. */
#define OPENASC_SCALAR(Name)                                                                                     \
  template <typename T, typename U>                                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalar, const int32_t& count);          \
  template <typename T, bool isSetMask = true, typename U>                                                       \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalar, uint64_t mask,                  \
            const uint8_t repeatTimes, const UnaryRepeatParams& params);                                         \
  template <typename T, bool isSetMask = true, typename U>                                                       \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalar, const uint64_t mask[],          \
            const uint8_t repeatTimes, const UnaryRepeatParams& params);
OPENASC_SCALAR(Adds)
OPENASC_SCALAR(Muls)
OPENASC_SCALAR(Maxs)
OPENASC_SCALAR(Mins)
OPENASC_SCALAR(LeakyRelu)
OPENASC_SCALAR(ShiftLeft)
OPENASC_SCALAR(ShiftRight)
#undef OPENASC_SCALAR

template <typename T, typename U, typename S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalar, const int32_t& count);
template <typename T, typename U, bool isSetMask = true, typename S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalar, uint64_t mask, const uint8_t repeatTimes,
          const UnaryRepeatParams& params);
template <typename T, typename U> void Duplicate(const LocalTensor<T>& dst, const U& scalar, const int32_t& count);
template <typename T, bool isSetMask = true, typename U>
void Duplicate(const LocalTensor<T>& dst, const U& scalar, uint64_t mask, const uint8_t repeatTimes,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride);

template <typename T1, typename T2>
void Cast(const LocalTensor<T1>& dst, const LocalTensor<T2>& src, const RoundMode& round, const uint32_t count);
template <typename T1, typename T2, bool isSetMask = true>
void Cast(const LocalTensor<T1>& dst, const LocalTensor<T2>& src, const RoundMode& round, uint64_t mask,
          const uint8_t repeatTimes, const UnaryRepeatParams& params);
template <typename T1, typename T2, bool isSetMask = true>
void Cast(const LocalTensor<T1>& dst, const LocalTensor<T2>& src, const RoundMode& round, const uint64_t mask[],
          const uint8_t repeatTimes, const UnaryRepeatParams& params);
/* (dst, src0, src1) of one type into dst of another: the fused cast ops. */
#define OPENASC_CAST_BINARY(Name)                                                                                \
  template <typename T, typename U>                                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const uint32_t count); \
  template <typename T, typename U, bool isSetMask = true>                                                       \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const uint64_t mask, \
            const uint8_t repeatTimes, const BinaryRepeatParams& params);                                        \
  template <typename T, typename U, bool isSetMask = true>                                                       \
  void Name(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,                    \
            const uint64_t mask[], const uint8_t repeatTimes, const BinaryRepeatParams& params);
OPENASC_CAST_BINARY(MulCast)
OPENASC_CAST_BINARY(AddReluCast)
OPENASC_CAST_BINARY(SubReluCast)
OPENASC_CAST_BINARY(AddDeqRelu)
#undef OPENASC_CAST_BINARY
template <typename T> void SetDeqScale(T scale);
template <typename T> void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const int32_t repeatTimes,
                                  const LocalTensor<uint32_t>& src1);

template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE mode,
             uint32_t count);
template <typename T, typename U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE mode,
             const uint64_t mask, const uint8_t repeatTimes, const BinaryRepeatParams& params);
template <typename T, typename U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE mode,
             const uint64_t mask[], const uint8_t repeatTimes, const BinaryRepeatParams& params);
template <typename T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE mode, const uint64_t mask,
             const BinaryRepeatParams& params);
template <typename T, typename U, bool isSetMask = true>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE mode,
                   const uint64_t mask, const uint8_t repeatTimes, const UnaryRepeatParams& params);
template <typename T, typename U, bool isSetMask = true>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE mode,
                   const uint64_t mask[], const uint8_t repeatTimes, const UnaryRepeatParams& params);
/* The kept element count comes back through rsvdCnt (an out-parameter, not a return value). */
template <typename T, typename U>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt);
template <typename T>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern, const bool reduceMode,
                const uint32_t mask, const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt);
int64_t GetGatherMaskRemainCount();
template <typename T> void SetCmpMask(const LocalTensor<T>& src);
template <typename T> void GetCmpMask(const LocalTensor<T>& dst);
/* The selected source: a tensor (modes 0 and 2) or a scalar (mode 1). */
template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE mode, const uint64_t mask, const uint8_t repeatTimes,
            const BinaryRepeatParams& params);
template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE mode, const uint64_t mask[], const uint8_t repeatTimes,
            const BinaryRepeatParams& params);
template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE mode, const uint64_t mask, const uint8_t repeatTimes, const BinaryRepeatParams& params);
template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE mode, const uint64_t mask[], const uint8_t repeatTimes, const BinaryRepeatParams& params);
template <typename T, typename U, typename S>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const S& scalar, CMPMODE mode, uint32_t count);
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE mode, uint32_t count);
template <typename T, typename U, typename S>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, const S& src1,
            SELMODE mode, uint32_t count);

/* Reductions per repeat: (dst, src, mask, repeat, dstRepStride, srcBlkStride, srcRepStride[, order]) and the
 * block / pair forms (dst, src, repeat, mask, dstRepStride, srcBlkStride, srcRepStride). */
#define OPENASC_REPEAT_REDUCE(Name, ...)                                                                         \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask, const int32_t repeatTimes,    \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride __VA_ARGS__);        \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const int32_t repeatTimes, \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride __VA_ARGS__);
OPENASC_REPEAT_REDUCE(WholeReduceSum)
OPENASC_REPEAT_REDUCE(WholeReduceMax, , ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX)
OPENASC_REPEAT_REDUCE(WholeReduceMin, , ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX)
#undef OPENASC_REPEAT_REDUCE
#define OPENASC_BLOCK_REDUCE(Name)                                                                               \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes, const int32_t mask,    \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride);                 \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes, const uint64_t mask[], \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride);
OPENASC_BLOCK_REDUCE(BlockReduceSum)
OPENASC_BLOCK_REDUCE(BlockReduceMax)
OPENASC_BLOCK_REDUCE(BlockReduceMin)
OPENASC_BLOCK_REDUCE(PairReduceSum)
template <typename T, bool isSetMask = true>
void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes, const int32_t mask,
                     const int32_t dstBlkStride, const int32_t srcBlkStride, const int32_t dstRepStride,
                     const int32_t srcRepStride);
#undef OPENASC_BLOCK_REDUCE

#define OPENASC_REDUCE(Name)                                                                                     \
  template <typename T>                                                                                          \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, const int32_t count); \
  template <typename T>                                                                                          \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& tmp, const int32_t count,  \
            bool calIndex);
OPENASC_REDUCE(ReduceSum)
OPENASC_REDUCE(ReduceMax)
OPENASC_REDUCE(ReduceMin)
#undef OPENASC_REDUCE

template <typename T, MaskMode mode = MaskMode::NORMAL> void SetVectorMask(const uint64_t len);
template <typename T, MaskMode mode = MaskMode::NORMAL> void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow);
void ResetMask();
void SetMaskCount();
void SetMaskNorm();

struct BrcbRepeatParams;
template <typename T> void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTimes,
                                const BrcbRepeatParams& params);
template <typename T> void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src);
template <typename T> uint32_t GetSortLen(const uint32_t elemCount);
template <typename T> uint32_t GetSortOffset(const uint32_t elemCount);
template <typename T> void SetPadValue(T padValue);
template <MemDsbT mode> void DataSyncBarrier();
void ICachePreLoad(const int64_t preFetchLen);
int64_t GetICachePreloadStatus();

/* ---- cube --------------------------------------------------------------------------------------- */
void SetLoadDataBoundary(uint32_t boundaryValue);
void SetHF32Mode(bool hf32Mode);
void SetHF32TransMode(bool hf32TransMode);
template <typename T> void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& params);
template <typename T> void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParams& params);
template <typename T, typename U, typename S>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const MmadParams& params);
template <typename T, typename U, typename S, typename B>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter, const LocalTensor<B>& bias,
          const MmadParams& params);
/* The documented form takes the layout as a template argument; openasc's emitter passes it as an argument. */
template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& params);
template <typename T, typename U>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& params,
             const FixpipeConfig& config);
template <typename T, typename U>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& params,
             const FixpipeConfig& config);

/* ---- the advanced API's vector functions (dst, src, [shared tmp], count) --------------------------- */
#define OPENASC_ADV_UNARY(Name)                                                                                  \
  template <typename T, bool isReuseSource = false>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);                         \
  template <typename T, bool isReuseSource = false>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,     \
            const uint32_t count);
OPENASC_ADV_UNARY(Acos)
OPENASC_ADV_UNARY(Acosh)
OPENASC_ADV_UNARY(Asin)
OPENASC_ADV_UNARY(Asinh)
OPENASC_ADV_UNARY(Atan)
OPENASC_ADV_UNARY(Atanh)
OPENASC_ADV_UNARY(Ceil)
OPENASC_ADV_UNARY(Cos)
OPENASC_ADV_UNARY(Cosh)
OPENASC_ADV_UNARY(Digamma)
OPENASC_ADV_UNARY(Erf)
OPENASC_ADV_UNARY(Erfc)
OPENASC_ADV_UNARY(Floor)
OPENASC_ADV_UNARY(Frac)
OPENASC_ADV_UNARY(Lgamma)
OPENASC_ADV_UNARY(Log)
OPENASC_ADV_UNARY(Round)
OPENASC_ADV_UNARY(Sign)
OPENASC_ADV_UNARY(Sin)
OPENASC_ADV_UNARY(Sinh)
OPENASC_ADV_UNARY(Tan)
OPENASC_ADV_UNARY(Tanh)
OPENASC_ADV_UNARY(Trunc)
#undef OPENASC_ADV_UNARY
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const uint32_t count);

#define OPENASC_ADV_BINARY(Name)                                                                                 \
  template <typename T, bool isReuseSource = false>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint32_t count); \
  template <typename T, bool isReuseSource = false>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                     \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t count);
OPENASC_ADV_BINARY(Power)
OPENASC_ADV_BINARY(Xor)
#undef OPENASC_ADV_BINARY

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, typename S>
void SoftMax(const LocalTensor<T>& dst, const LocalTensor<S>& sum, const LocalTensor<S>& max, const LocalTensor<T>& src,
             const SoftMaxTiling& tiling);
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, typename S>
void SoftMax(const LocalTensor<T>& dst, const LocalTensor<S>& sum, const LocalTensor<S>& max, const LocalTensor<T>& src,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling);
template <typename T, bool isBasicBlock = false, typename E>
void RmsNorm(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma, const E& epsilon,
             const RmsNormTiling& tiling);
template <typename T, bool isBasicBlock = false, typename E>
void RmsNorm(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const E& epsilon, const RmsNormTiling& tiling);

/* ---- more of the basic API (the pages of the device kit's docs/zh/api/SIMD-API/基础API; pyasc's generated pages) -- */
template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask, const uint8_t repeatTime,
          const CopyRepeatParams& repeatParams);
template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTime,
          const CopyRepeatParams& repeatParams);
template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseAddr, const uint32_t count);
/* The page's mask forms take only T; pyasc's gather page adds isSetMask, which the emitter passes. */
template <typename T, bool isSetMask = true>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseAddr, const uint64_t mask, const uint8_t repeatTime, const uint16_t dstRepStride);
template <typename T, bool isSetMask = true>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseAddr, const uint64_t mask[], const uint8_t repeatTime, const uint16_t dstRepStride);
struct GatherRepeatParams {
  GatherRepeatParams();
  GatherRepeatParams(uint16_t dstBlkStride, uint16_t dstRepStride);
};
template <typename T>
void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& offset,
             const uint8_t repeatTime, const GatherRepeatParams& repeatParams);
template <typename T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE mode, const uint64_t mask[],
             const BinaryRepeatParams& params);
/* Select without a mode: mode 1 with the mask register and CMPMASK (SetCmpMask); with the mode as a template
 * argument: tensors src0 / src1 by the mask register */
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            uint8_t repeatTime, const BinaryRepeatParams& repeatParams);
template <typename T, SELMODE selMode>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint8_t repeatTime,
            const BinaryRepeatParams& repeatParams);
#define OPENASC_REDUCE_MASK(Name, ...)                                                                           \
  template <typename T>                                                                                          \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,           \
            const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride __VA_ARGS__);                \
  template <typename T>                                                                                          \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,           \
            const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride __VA_ARGS__);
OPENASC_REDUCE_MASK(ReduceSum)
OPENASC_REDUCE_MASK(ReduceMax, , bool calIndex = 0)
OPENASC_REDUCE_MASK(ReduceMin, , bool calIndex = 0)
#undef OPENASC_REDUCE_MASK
template <typename T, typename U, bool isSetMask = true, typename S>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const S& scalar, const uint64_t mask[],
          const uint8_t repeatTimes, const UnaryRepeatParams& params);
/* the advanced API's Axpy (a scratch buffer) */
template <typename T, typename U, bool isReuseSource = false>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount);
template <typename T, bool isSetMask = true, typename U>
void Duplicate(const LocalTensor<T>& dst, const U& scalar, uint64_t mask[], const uint8_t repeatTimes,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride);
template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>
void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count);
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask, uint8_t repeatTime,
             const UnaryRepeatParams& repeatParams);
template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[], uint8_t repeatTime,
             const UnaryRepeatParams& repeatParams);
void SetDeqScale(float scale, int16_t offset, bool signMode);
struct VdeqInfo {
  VdeqInfo();
  VdeqInfo(const float vdeqScaleIn[16], const int16_t vdeqOffsetIn[16], const bool vdeqSignModeIn[16]);
};
template <typename T> void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo);
template <typename T, bool isFullSort>
void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp,
          const int32_t repeatTime);
template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
                           const LocalTensor<T>& src1, uint64_t mask[], uint8_t hRepeat, bool repeatMode,
                           uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer);
template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
                           const LocalTensor<T>& src1, uint64_t mask, uint8_t hRepeat, bool repeatMode,
                           uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer);
struct TransposeParamsExt {
  TransposeParamsExt();
  TransposeParamsExt(uint16_t nSize, uint16_t cSize, uint16_t hSize, uint16_t wSize, int32_t transposeType);
};
template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
               const TransposeParamsExt& transposeParams);
struct TransDataTo5HDParams {
  TransDataTo5HDParams();
  TransDataTo5HDParams(bool dstHighHalf, bool srcHighHalf, uint8_t repeatTimes, uint16_t dstRepStride,
                       uint16_t srcRepStride);
};
template <typename T>
void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                    const TransDataTo5HDParams& nchwconvParams);
template <typename T>
void TransDataTo5HD(uint64_t dstList[16], uint64_t srcList[16], const TransDataTo5HDParams& nchwconvParams);
template <typename T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[16], const LocalTensor<T> (&srcList)[16],
                    const TransDataTo5HDParams& nchwconvParams);

/* ---- system, synchronisation across cores ------------------------------------------------------- */
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, const int32_t usedCores = 0);
template <bool isAIVOnly = true>
void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
           int32_t eventID);
template <bool isAIVOnly = true>
void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
            int32_t eventID);
void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);
void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);
template <AtomicDtype type, AtomicOp op> void SetStoreAtomicConfig();
__gm__ uint8_t* GetSysWorkSpacePtr();
void SetSysWorkspace(GM_ADDR workspace);
template <uint32_t index> __gm__ uint8_t* GetHcclContext();
template <uint32_t index> void SetHcclContext(__gm__ uint8_t* context);
template <typename T> void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset);
template <typename T, CacheLine entireType, DcciDst dcciDst> void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);
template <typename T, CacheLine entireType, DcciDst dcciDst> void DataCacheCleanAndInvalid(const LocalTensor<T>& dst);
template <typename T, CacheLine entireType> void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);
template <typename T>
void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize);
template <typename T>
void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize);

/* ---- cube: the other transfers, sparse and settings ---------------------------------------------- */
struct LoadData2dTransposeParams {
  LoadData2dTransposeParams();
  LoadData2dTransposeParams(uint16_t startIndex, uint8_t repeatTimes, uint16_t srcStride, uint16_t dstGap,
                            uint16_t dstFracGap, uint8_t addrMode);
};
struct LoadData2dTransposeParamsV2 {
  LoadData2dTransposeParamsV2();
  LoadData2dTransposeParamsV2(uint16_t startIndex, uint8_t repeatTimes, uint16_t srcStride, uint16_t dstGap,
                              uint16_t dstFracGap, uint16_t srcFracGap, uint8_t addrMode);
};
template <typename T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2dTransposeParams& params);
template <typename T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2dTransposeParamsV2& params);
struct LoadDataRepeatParam {
  LoadDataRepeatParam();
  LoadDataRepeatParam(uint8_t repeatTime, uint16_t repeatStride, uint8_t repeatMode);
};
void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams);
template <typename T> void SetLoadDataPaddingValue(const T padValue);
void SetFixpipePreQuantFlag(uint64_t config);
void SetMMLayoutTransform(bool mmLayoutMode);
template <typename T, typename U>
void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<U>& idx,
                        const LoadData2DParams& loadDataParam);
template <typename T, typename U>
void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<U>& filter,
                    const MmadParams& mmadParams);
struct DataCopyCO12DstParams {
  DataCopyCO12DstParams();
  DataCopyCO12DstParams(uint16_t nSize, uint16_t mSize, uint32_t dstStride, uint16_t srcStride, uint8_t quantPre,
                        uint8_t reluPre, bool channelSplit, bool nz2ndEn);
};
template <typename T, typename U>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& intriParams);
template <typename T, typename U>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& intriParams);
template <typename T, typename U = uint64_t>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<uint64_t>& cbufWorkspace,
             const FixpipeParamsV220& intriParams, const FixpipeConfig& config);

template <typename T> struct InitConstValueParams {
  InitConstValueParams();
  InitConstValueParams(uint16_t repeatTimes, uint16_t blockNum, uint16_t dstGap, T initValue);
};
template <typename T> void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<T>& initConstValueParams);
struct LoadImageToLocalParams {
  LoadImageToLocalParams();
  LoadImageToLocalParams(uint16_t horizSize, uint16_t vertSize, uint16_t horizStartPos, uint16_t vertStartPos,
                         uint16_t srcHorizSize, uint8_t topPadSize, uint8_t botPadSize, uint16_t leftPadSize,
                         uint16_t rightPadSize, uint8_t sid);
};
template <typename T> void LoadImageToLocal(const LocalTensor<T>& dst, const LoadImageToLocalParams& loadDataParams);
/* UB -> L1 with ND -> Nz (DataCopyPad's page) */
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& dataCopyParams,
                 const Nd2NzParams& nd2nzParams);
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& dataCopyParams,
                 const Nd2NzParams& nd2nzParams);
template <typename T, bool isReuseSource = false>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset,
                 const uint32_t calCount);
template <typename T, bool isReuseSource = false>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float scale,
                 const float offset, const uint32_t calCount);

/* ListTensorDesc (its page: a list of tensors in GM, each described by a TensorDesc) */
template <typename T> class TensorDesc {
public:
  TensorDesc();
  uint64_t GetDim();
  uint64_t GetIndex();
  uint64_t GetShape(uint32_t offset);
  __gm__ T* GetDataPtr();
};
class ListTensorDesc {
public:
  ListTensorDesc();
  ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff);
  void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff);
  template <class T> void GetDesc(TensorDesc<T>& desc, uint32_t index);
  /* the page's return type is T*; a pointer into GM here */
  template <class T> __gm__ T* GetDataPtr(uint32_t index);
  uint32_t GetSize();
};

template <typename T>
void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp, const int32_t repeatTime);
template <typename T>
void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex, const LocalTensor<T>& sorted,
             const int32_t repeatTime);

/* ---- the Matmul object (the advanced API's Matmul pages) ------------------------------------------- */
template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE,
          bool IBSHARE = false>
struct MatmulType {
  using T = TYPE;
};
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto &MM_CFG = CFG_NORM>
class Matmul {
  using SrcAT = typename A_TYPE::T;
  using SrcBT = typename B_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;

public:
  Matmul();
  void Init(const TCubeTiling* cubeTiling, TPipe* tpipe = nullptr);
  void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false);
  void SetTensorA(const LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false);
  void SetTensorA(SrcAT aScalar);
  void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false);
  void SetTensorB(const LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false);
  void SetTensorB(SrcBT bScalar);
  void SetBias(const GlobalTensor<BiasT>& biasGlobal);
  void SetBias(const LocalTensor<BiasT>& inputBias);
  void DisableBias();
  void SetOrgShape(int orgM, int orgN, int orgK);
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0);
  void SetSingleShape(int singleM, int singleN, int singleK);
  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1);
  void SetQuantScalar(const uint64_t quantScalar);
  void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor);
  template <bool sync = true> bool Iterate(bool enPartialSum = false);
  template <bool sync = true>
  void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  bool waitIterateAll = false, bool fakeMsg = false);
  template <bool sync = true> void IterateAll(const LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0);
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false);
  template <bool sync = true>
  void GetTensorC(const LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0, bool enSequentialWrite = false);
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateBatch(const GlobalTensor<DstT>& gm, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0);
  template <bool sync = true>
  void IterateBatch(const LocalTensor<DstT>& ubCmatrix, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0);
  /* IterateNBatch's page: batchLoop IterateBatch calls, C into the workspace SetWorkspace names */
  template <bool sync = true, bool waitIterateBatch = false>
  void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                     const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0);
  template <class T> void SetWorkspace(GlobalTensor<T>& addr);
  template <class T> void SetWorkspace(__gm__ const T* addr, int size);
  void End();
};
/* The host's tiling of a Matmul (TCubeTiling: global in Ascend C) is declared below the namespace. */
TPipe* GetTPipePtr();
template <class... Objs> void OpenascRegistMatmulObj(TPipe* tpipe, __gm__ uint8_t* workspace, Objs&&... objs);

/* LocalMemAllocator (its pages): tensors handed out from the start of a buffer upward */
enum class Hardware { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };
template <Hardware hard = Hardware::UB> class LocalMemAllocator {
public:
  LocalMemAllocator();
  uint32_t GetCurAddr() const;
  template <class DataType, uint32_t tileSize> LocalTensor<DataType> Alloc();
  template <TPosition pos, class DataType, uint32_t tileSize> LocalTensor<DataType> Alloc();
  template <class DataType> LocalTensor<DataType> Alloc(uint32_t tileSize);
  template <TPosition pos, class DataType> LocalTensor<DataType> Alloc(uint32_t tileSize);
};

/* results through references (their pages) */
void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3, uint16_t& mrgSortList4);
void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp);

/* AIPP (SetAippFunctions' page: AippParams nests its parts; aggregates; kernel_operator_shared.h) */
#define OPENASC_DECL_AIPP_MEMBER(part, type, member, ir, dflt) type member = dflt;
#define OPENASC_DECL_AIPP_PART(tmpl, S, targs, part, FIELDS) tmpl struct S { FIELDS(OPENASC_DECL_AIPP_MEMBER, part) };
OPENASC_AIPP_PARTS(OPENASC_DECL_AIPP_PART)
template <typename T> struct AippParams {
  OPENASC_AIPP_PARTS(OPENASC_AIPP_PART_MEMBER)
};
template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T>& src0, AippInputFormat format, AippParams<U> config);
template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T>& src0, const GlobalTensor<T>& src1, AippInputFormat format,
                      AippParams<U> config);

template <typename T> struct MrgSortSrcList {
  MrgSortSrcList();
  MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In, const LocalTensor<T>& src3In,
                 const LocalTensor<T>& src4In);
};
template <typename T>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const uint16_t elementCountList[],
             uint32_t sortedNum[], uint16_t validBit, uint16_t repeatTime, bool isExhaustedSuspension = false);

template <typename To, typename From> To BitCast(const From& v);

} // namespace AscendC

#endif /* ASC_RUN */
#endif
