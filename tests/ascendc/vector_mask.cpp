// Vector instructions in their mask / repeat forms (Ascend C "high-dimensional slicing" calls): a
// lane-count mask, a two-word bit mask, repeat strides, and the mask registers set by hand.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void vec_mask(GM_ADDR x, GM_ADDR z) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  AscendC::GlobalTensor<float> xGm, zGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, 512);
  zGm.SetGlobalBuffer((__gm__ float*)z, 512);
  pipe.InitBuffer(buf, 3 * 512 * sizeof(float));
  AscendC::LocalTensor<float> a = buf.Get<float>();
  AscendC::LocalTensor<float> b = a[512];
  AscendC::LocalTensor<float> c = a[1024];
  AscendC::DataCopy(a, xGm, 512);
  AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
  // 64 float lanes a repeat, 8 repeats, contiguous blocks and repeats
  uint64_t mask = 64;
  AscendC::BinaryRepeatParams bin(1, 1, 1, 8, 8, 8);
  AscendC::Add(b, a, a, mask, 8, bin);
  // the first 32 lanes of each repeat only, by bit mask (low word first); the other lanes keep c's zeros
  AscendC::Duplicate(c, 0.0f, 512);
  AscendC::PipeBarrier<PIPE_V>();
  uint64_t bits[2] = {0xffffffffULL, 0};
  AscendC::Mul(c, b, a, bits, 8, bin);
  AscendC::UnaryRepeatParams un(1, 1, 8, 8);
  AscendC::PipeBarrier<PIPE_V>();
  AscendC::Muls(c, c, -0.5f, mask, 8, un);
  AscendC::PipeBarrier<PIPE_V>();
  AscendC::Abs(b, c, mask, 8, un);
  AscendC::PipeBarrier<PIPE_V>();
  // counter mode: the mask is an element count
  AscendC::SetMaskCount();
  AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(0, 200);
  AscendC::Adds<float, false>(c, b, 1.0f, mask, 1, un);
  AscendC::PipeBarrier<PIPE_V>();
  AscendC::SetMaskNorm();
  AscendC::ResetMask();
  AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::DataCopy(zGm, c, 512);
}
