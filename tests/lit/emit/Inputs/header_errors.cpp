// Mistakes openasc's kernel_operator.h must reject (tests/lit/emit/header.mlir).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void k(__gm__ half* x, __gm__ uint64_t* ffts_addr) {
  set_ffts_base_addr(*ffts_addr);
  half local[16];
  AscendC::GlobalTensor<half> g;
  g.SetGlobalBuffer(x, 16);
#ifdef LOCAL_AS_GM
  g.SetGlobalBuffer(local, 16); // a local pointer where a __gm__ one is expected
#endif
  AscendC::LocalTensor<half> a;
  AscendC::LocalTensor<float> b;
#ifdef MIXED_TYPES
  AscendC::Add(a, a, b, 16); // half and float tensors in one Add
#endif
#ifdef UNSCOPED_EVENT
  AscendC::SetFlag<4>(0); // a HardEvent is a scoped enum, not a number
#endif
  AscendC::Add(a, a, a, 16);
  (void)local;
  (void)b;
}
