// A 32x32x32 half matmul with the basic cube API: GM -> A1/B1 (ND to NZ), A1 -> A2 and B1 -> B2
// (LoadData), Mmad into CO1, Fixpipe CO1 -> GM (NZ to ND), with the flags between the pipes.
#include "kernel_operator.h"

constexpr uint16_t M = 32, N = 32, K = 32;

extern "C" __global__ __aicore__ void matmul_basic(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::A1, 1> qA1;
  AscendC::TQue<AscendC::TPosition::B1, 1> qB1;
  AscendC::TQue<AscendC::TPosition::A2, 1> qA2;
  AscendC::TQue<AscendC::TPosition::B2, 1> qB2;
  AscendC::TQue<AscendC::TPosition::CO1, 1> qCO1;
  pipe.InitBuffer(qA1, 1, M * K * sizeof(half));
  pipe.InitBuffer(qB1, 1, K * N * sizeof(half));
  pipe.InitBuffer(qA2, 1, M * K * sizeof(half));
  pipe.InitBuffer(qB2, 1, K * N * sizeof(half));
  pipe.InitBuffer(qCO1, 1, M * N * sizeof(float));
  AscendC::GlobalTensor<half> aGm, bGm;
  AscendC::GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a, M * K);
  bGm.SetGlobalBuffer((__gm__ half*)b, K * N);
  cGm.SetGlobalBuffer((__gm__ float*)c, M * N);

  AscendC::LocalTensor<half> a1 = qA1.AllocTensor<half>();
  AscendC::LocalTensor<half> b1 = qB1.AllocTensor<half>();
  AscendC::Nd2NzParams nd(1, M, K, 0, K, M, 1, 0);
  AscendC::DataCopy(a1, aGm, nd);
  AscendC::Nd2NzParams ndb(1, K, N, 0, N, K, 1, 0);
  AscendC::DataCopy(b1, bGm, ndb);
  qA1.EnQue(a1);
  qB1.EnQue(b1);

  a1 = qA1.DeQue<half>();
  b1 = qB1.DeQue<half>();
  AscendC::LocalTensor<half> a2 = qA2.AllocTensor<half>();
  AscendC::LocalTensor<half> b2 = qB2.AllocTensor<half>();
  // L1 holds A and B as column blocks of 16 x 16 fractals (nZ); L0A wants A as row blocks (one LoadData
  // per 16 rows of A: its K / 16 fractals, M / 16 apart in L1), L0B B transposed (one per 16 rows of B)
  for (int i = 0; i < M / 16; i++) {
    AscendC::LoadData2DParams la(i, K / 16, M / 16, 0, 0, false, 0);
    AscendC::LoadData(a2[i * 16 * K], a1, la);
  }
  for (int j = 0; j < K / 16; j++) {
    AscendC::LoadData2DParams lb(j, N / 16, K / 16, 0, 0, true, 0);
    AscendC::LoadData(b2[j * 16 * N], b1, lb);
  }
  qA1.FreeTensor(a1);
  qB1.FreeTensor(b1);
  qA2.EnQue(a2);
  qB2.EnQue(b2);

  a2 = qA2.DeQue<half>();
  b2 = qB2.DeQue<half>();
  AscendC::LocalTensor<float> co1 = qCO1.AllocTensor<float>();
  AscendC::MmadParams mp(M, N, K, false, 0, false, false, false, 0, false, true, false);
  AscendC::Mmad(co1, a2, b2, mp);
  qA2.FreeTensor(a2);
  qB2.FreeTensor(b2);
  qCO1.EnQue(co1);

  co1 = qCO1.DeQue<float>();
  AscendC::FixpipeParamsV220 fp(N, M, M, N, 0, 0, 1, 0, 0, false, 0, false);
  AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(cGm, co1, fp);
  qCO1.FreeTensor(co1);
}
