// The running mode's parameter structs (kernel_operator_run.h): a tiling field of type float reaches the
// trace with its own type and value (RmsNorm-Tiling's page: `float reciprocalOfHLength`, 1 / hLength); AippParams'
// nested parts reach it as the IR's flat struct, the data type conversion's min and var as floats.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void run_structs(GM_ADDR x) {
  AscendC::LocalTensor<float> src(AscendC::TPosition::VECCALC, 0, 512);
  AscendC::LocalTensor<float> gamma(AscendC::TPosition::VECCALC, 2048, 64);
  AscendC::LocalTensor<float> dst(AscendC::TPosition::VECCALC, 4096, 512);
  RmsNormTiling t;
  t.bLength = 1;
  t.sLength = 8;
  t.hLength = 64;
  t.originalHLength = 64;
  t.reciprocalOfHLength = 1.0f / 64;
  AscendC::RmsNorm(dst, src, gamma, 1e-5f, t);
  AscendC::GlobalTensor<uint8_t> img;
  img.SetGlobalBuffer(x);
  AscendC::AippParams<int8_t> a;
  a.swapParams.isSwapRB = true;
  a.dtcParams.dtcMeanCh1 = 7;
  a.dtcParams.dtcVarCh2 = 0.25f;
  a.cscParams.cscBiasOut2 = 9;
  AscendC::SetAippFunctions(img, AscendC::AippInputFormat::RGB888_U8, a);
  // default-constructed structs (their pages' defaults), one member set
  AscendC::LocalTensor<uint8_t> u(AscendC::TPosition::VECCALC, 8192, 64);
  AscendC::DataCopyParams dp;
  dp.blockLen = 2;
  AscendC::DataCopy(u, img, dp);
  AscendC::UnaryRepeatParams up;
  up.srcRepStride = 4;
  AscendC::Muls(src, src, 2.0f, 64, 1, up);
  AscendC::BinaryRepeatParams bp;
  AscendC::Add(dst, src, src, 64, 1, bp);
}

int main() {
  uint8_t x[64] = {};
  asc_run_begin("run_structs");
  asc_run_gm(x, sizeof x, "ui8", 1);
  asc_run_block(0, 1);
  run_structs((GM_ADDR)x);
  char *ir = asc_run_ir();
  if (!ir) {
    std::printf("%s\n", asc_run_error());
    return 1;
  }
  std::printf("%s", ir);
  asc_run_free(ir);
  return 0;
}
