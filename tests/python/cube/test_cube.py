"""The cube unit (issue 15): data_copy GM -> L1 with Nd2NzParams, load_data L1 -> L0A/L0B,
mmad for every cube dtype pair (with m/n/k tails, bias, accumulation), fixpipe L0C -> GM / L1
(Nz -> ND, ReLU, scalar and per-channel quant).  References are numpy in float64 / int64 on
the ND matrices, cast at the end; the data are small integers so every f32 sum is exact."""
import numpy as np
import pytest

import asc

P = asc.TPosition
F16, BF16, F32, I8, I32 = asc.float16, asc.bfloat16, asc.float32, asc.int8, asc.int32


def ceil(a, b):
    return -(-a // b)


def make_mm(din, dout, qout, trans_b=False, bias=False, accumulate=False, relu=False, quant=0, scale=0.0,
            vscale=False, to_l1=False):
    """A one-block raw-cube matmul: A (M x K) and B (K x N) ND in GM; B is passed transposed
    (N x K: its Nz in L1 is already L0B's Zn) unless trans_b, where B (K x N) goes through the
    transposing load (16-bit types).  C (M x N) ND in GM of dtype qout."""
    e = din.size
    c0 = 32 // e

    @asc.jit
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias_gm: asc.GlobalAddress,
               ws_gm: asc.GlobalAddress, M: asc.ConstExpr[int], N: asc.ConstExpr[int], K: asc.ConstExpr[int]):
        M1, N1, K1 = ceil(M, 16), ceil(N, 16), ceil(K, c0)
        MP, NP, KP = M1 * 16, N1 * 16, K1 * c0
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg = asc.GlobalTensor()
        bg.set_global_buffer(b)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        pipe = asc.TPipe()
        qa1, qb1 = asc.TQue(P.A1, 1), asc.TQue(P.B1, 1)
        qa2, qb2, qc = asc.TQue(P.A2, 1), asc.TQue(P.B2, 1), asc.TQue(P.CO1, 1)
        pipe.init_buffer(qa1, 1, MP * KP * e)
        pipe.init_buffer(qb1, 1, NP * KP * e)
        pipe.init_buffer(qa2, 1, MP * KP * e)
        pipe.init_buffer(qb2, 1, NP * KP * e)
        pipe.init_buffer(qc, 1, MP * NP * 4)
        a1 = qa1.alloc_tensor(din)
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, M, K, 0, K, MP, 1, 0))
        qa1.enque(a1)
        b1 = qb1.alloc_tensor(din)
        if trans_b:
            KR = ceil(K, 16) * 16
            asc.data_copy(b1, bg, asc.Nd2NzParams(1, K, N, 0, N, KR, 1, 0))
        else:
            asc.data_copy(b1, bg, asc.Nd2NzParams(1, N, K, 0, K, NP, 1, 0))
        qb1.enque(b1)
        a1 = qa1.deque(din)
        a2 = qa2.alloc_tensor(din)
        for i in asc.static_range(M1):
            asc.load_data(a2[i * K1 * 16 * c0:], a1, asc.LoadData2DParams(i, K1, M1, 0, 0, False, 0))
        qa2.enque(a2)
        qa1.free_tensor(a1)
        b1 = qb1.deque(din)
        b2 = qb2.alloc_tensor(din)
        if trans_b:
            for i in asc.static_range(K1):
                asc.load_data(b2[i * N1 * 256:], b1, asc.LoadData2DParams(i, N1, K1, 0, 0, True, 0))
        else:
            asc.load_data(b2, b1, asc.LoadData2DParams(0, K1 * N1, 1, 0, 0, False, 0))
        qb2.enque(b2)
        qb1.free_tensor(b1)
        a2 = qa2.deque(din)
        b2 = qb2.deque(din)
        c1 = qc.alloc_tensor(dout)
        if bias:
            qbt1 = asc.TQue(P.C1, 1)
            qbt = asc.TQue(P.C2, 1)
            pipe.init_buffer(qbt1, 1, NP * 4)
            pipe.init_buffer(qbt, 1, NP * 4)
            bgm = asc.GlobalTensor()
            bgm.set_global_buffer(bias_gm)
            t1 = qbt1.alloc_tensor(dout)
            asc.data_copy(t1, bgm, NP)
            qbt1.enque(t1)
            t1 = qbt1.deque(dout)
            bt = qbt.alloc_tensor(dout)
            asc.data_copy(bt, t1, NP)
            qbt.enque(bt)
            qbt1.free_tensor(t1)
            bt = qbt.deque(dout)
            asc.mmad(c1, a2, b2, bt, asc.MmadParams(M, N, K))
            qbt.free_tensor(bt)
        else:
            asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))
        if accumulate:  # C += A * B a second time, accumulating in L0C
            p = asc.MmadParams(M, N, K)
            p.cmatrix_init_val = False
            asc.mmad(c1, a2, b2, p)
        qc.enque(c1)
        qa2.free_tensor(a2)
        qb2.free_tensor(b2)
        c1 = qc.deque(dout)
        fp = asc.FixpipeParamsV220(N, M, MP, N, quant, 0, 1, 0, 0, relu, 0, False)
        if scale:
            fp.deq_scalar = int(np.float32(scale).view(np.uint32))
        if to_l1:  # L0C -> L1 (Nz), then L1 -> GM
            ql = asc.TQue(P.A1, 1)
            pipe.init_buffer(ql, 1, MP * NP * qout.size)
            o1 = ql.alloc_tensor(qout)
            fp.dst_stride = MP * qout.size * 16 // 32
            asc.fixpipe(o1, c1, fp, asc.FixpipeConfig(asc.CO2Layout.NZ))
            ql.enque(o1)
            o1 = ql.deque(qout)
            asc.data_copy(cg, o1, MP * NP)
            ql.free_tensor(o1)
        elif vscale:
            qw = asc.TQue(P.C1, 1)
            pipe.init_buffer(qw, 1, NP * 8)
            wg = asc.GlobalTensor()
            wg.set_global_buffer(ws_gm)
            w = qw.alloc_tensor(asc.uint64)
            asc.data_copy(w, wg, NP)
            asc.set_flag(asc.HardEvent.MTE2_FIX, 0)  # the fixpipe, not MTE1, reads the scales
            asc.wait_flag(asc.HardEvent.MTE2_FIX, 0)
            asc.fixpipe(cg, c1, w, fp, asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR))
            qw.free_tensor(w)
        else:
            asc.fixpipe(cg, c1, fp)
        qc.free_tensor(c1)

    return kernel


NP_OF = {F16: np.float16, F32: np.float32, I8: np.int8, I32: np.int32}


def bf16(x):
    """A bfloat16 GM argument (torch) of float values exactly representable in bfloat16."""
    torch = pytest.importorskip("torch")
    return torch.tensor(np.asarray(x, np.float32)).to(torch.bfloat16)


def run_mm(din, dout, qout, M, N, K, seed=0, trans_b=False, bias=None, ws=None, **kw):
    rng = np.random.default_rng(seed)
    a = rng.integers(-4, 5, (M, K))
    b = rng.integers(-4, 5, (K, N))
    if din == BF16:
        ag, bg = bf16(a), bf16(b.T.copy() if not trans_b else b)
    else:
        ag, bg = a.astype(NP_OF[din]), (b if trans_b else b.T.copy()).astype(NP_OF[din])
    NPAD = ceil(N, 16) * 16
    bias_arr = np.zeros(NPAD, NP_OF[dout]) if bias is None else np.pad(bias, (0, NPAD - N)).astype(NP_OF[dout])
    ws_arr = np.zeros(NPAD, np.uint64) if ws is None else ws
    if kw.get("to_l1"):
        c = np.zeros((ceil(N, 16) * 16 // (32 // qout.size) * (32 // qout.size), ceil(M, 16) * 16), NP_OF[qout])
    else:
        c = np.zeros((M, N), NP_OF[qout])
    make_mm(din, dout, qout, trans_b=trans_b, bias=bias is not None, vscale=ws is not None, **kw)[1](
        ag, bg, c, bias_arr, ws_arr, M, N, K)
    return a.astype(np.int64), b.astype(np.int64), c


@pytest.mark.parametrize("din,dout", [(F16, F32), (BF16, F32), (F32, F32), (I8, I32)])
@pytest.mark.parametrize("M,N,K", [(32, 48, 64), (20, 40, 50), (16, 16, 16), (45, 17, 70)])
def test_mmad_dtypes_and_tails(din, dout, M, N, K):
    a, b, c = run_mm(din, dout, dout, M, N, K)
    np.testing.assert_array_equal(c, (a @ b).astype(NP_OF[dout]))


@pytest.mark.parametrize("M,N,K", [(32, 48, 64), (20, 40, 50)])
def test_transposing_load_f16(M, N, K):
    a, b, c = run_mm(F16, F32, F32, M, N, K, trans_b=True)
    np.testing.assert_array_equal(c, (a @ b).astype(np.float32))


def test_mmad_bias_and_accumulate():
    bias = np.arange(40, dtype=np.float32) - 7
    a, b, c = run_mm(F16, F32, F32, 20, 40, 50, bias=bias)
    np.testing.assert_array_equal(c, (a @ b + bias).astype(np.float32))
    a, b, c = run_mm(F16, F32, F32, 20, 40, 50, accumulate=True)
    np.testing.assert_array_equal(c, (2 * (a @ b)).astype(np.float32))
    bias = np.arange(32, dtype=np.int32) * 3 - 50
    a, b, c = run_mm(I8, I32, I32, 32, 32, 64, bias=bias)
    np.testing.assert_array_equal(c, (a @ b + bias).astype(np.int32))


def test_fixpipe_relu_and_f16_out():
    a, b, c = run_mm(F16, F32, F32, 32, 32, 32, relu=True)
    np.testing.assert_array_equal(c, np.maximum(a @ b, 0).astype(np.float32))
    a, b, c = run_mm(F16, F32, F16, 32, 32, 32, quant=asc.QuantModes.F322F16)
    np.testing.assert_array_equal(c, (a @ b).astype(np.float16))


def test_fixpipe_scalar_and_vector_dequant():
    a, b, c = run_mm(I8, I32, F16, 32, 32, 64, quant=asc.QuantModes.DEQF16, scale=0.25)
    np.testing.assert_array_equal(c, ((a @ b) * 0.25).astype(np.float16))
    scales = (np.arange(32, dtype=np.float32) / 8 + 0.5)
    ws = scales.view(np.uint32).astype(np.uint64)
    a, b, c = run_mm(I8, I32, F16, 32, 32, 64, quant=asc.QuantModes.VDEQF16, ws=ws)
    ref = ((a @ b).astype(np.float32) * scales[None, :]).astype(np.float16)
    np.testing.assert_array_equal(c, ref)
    a, b, c = run_mm(I8, I32, I8, 32, 32, 64, quant=asc.QuantModes.REQ8, scale=0.0625)
    ref = np.clip(np.rint((a @ b) * 0.0625), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(c, ref)


def test_bf16_products_round_in_inputs_only():
    """bf16 inputs with more bits than f16 could hold: the products are exact in f32."""
    rng = np.random.default_rng(3)
    a = (rng.integers(-128, 128, (16, 16)) * 2.0 ** 20).astype(np.float32)
    b = (rng.integers(-4, 5, (16, 16)) / 8).astype(np.float32)
    c = np.zeros((16, 16), np.float32)
    make_mm(BF16, F32, F32)[1](bf16(a), bf16(b.T.copy()), c, np.zeros(16, np.float32), np.zeros(16, np.uint64),
                               16, 16, 16)
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))


def test_f32_accumulation_order_is_ascending_k():
    """The documented order (docs/hardware.md): products added in ascending k, one f32
    rounding each.  1e8 + 1 - 1e8 loses the 1 in f32 in that order (numpy's f64 keeps it)."""
    K = 8
    a = np.zeros((16, K), np.float32)
    a[0, :3] = [1e8, 1.0, -1e8]
    b = np.zeros((K, 16), np.float32)
    b[:3, 0] = 1.0
    c = np.zeros((16, 16), np.float32)
    make_mm(F32, F32, F32)[1](a, b.T.copy(), c, np.zeros(16, np.float32), np.zeros(16, np.uint64), 16, 16, K)
    seq = np.float32(0)
    for x in (1e8, 1.0, -1e8):
        seq = np.float32(seq + np.float32(x))
    assert c[0, 0] == seq == 0.0


@asc.jit
def gemv_kernel(a: asc.GlobalAddress, bt: asc.GlobalAddress, c: asc.GlobalAddress, hf32: asc.ConstExpr[int],
                M: asc.ConstExpr[int], N: asc.ConstExpr[int], K: asc.ConstExpr[int]):
    """f32 (M x K) @ (K x N): M = 1 reads A as one ND row (GEMV); hf32 rounds the inputs."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(bt)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(F32, P.A1, 0, 16 * K)
    b1 = asc.LocalTensor(F32, P.B1, 65536, N * K)
    a2 = asc.LocalTensor(F32, P.A2, 0, 16 * K)
    b2 = asc.LocalTensor(F32, P.B2, 0, N * K)
    c1 = asc.LocalTensor(F32, P.CO1, 0, 16 * N)
    if M == 1:
        asc.data_copy(a1, ag, K)  # the row as it is (ND)
    else:
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, M, K, 0, K, 16, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, N, K, 0, K, N, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, K // 8, 1, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, (K // 8) * (N // 16), 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    if hf32 != 0:
        asc.set_hf32_mode(True)
    if hf32 == 2:
        asc.set_hf32_trans_mode(True)
    asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(N, M, 16, N))


def test_gemv_m1_reads_a_as_nd():
    rng = np.random.default_rng(5)
    K, N = 64, 32
    a = rng.integers(-8, 9, (1, K)).astype(np.float32)
    b = rng.integers(-8, 9, (K, N)).astype(np.float32)
    c = np.zeros((1, N), np.float32)
    gemv_kernel[1](a, b.T.copy(), c, 0, 1, N, K)
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b).astype(np.float32))


def hf32_round(x, toward_zero):
    """f32 to hf32 (10 stored mantissa bits): to nearest even, or toward zero (pyasc's
    set_hf32_trans_mode page: True rounds toward zero)."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    low, base = u & 0x1FFF, u & ~np.uint64(0x1FFF)
    up = (low > 0x1000) | ((low == 0x1000) & ((base & 0x2000) != 0))
    if toward_zero:
        up = np.zeros_like(up)
    return (base + up.astype(np.uint64) * 0x2000).astype(np.uint32).view(np.float32)


@pytest.mark.parametrize("mode", [0, 1, 2])
def test_hf32_mode_rounds_f32_inputs(mode):
    """set_hf32_mode: f32 inputs keep 10 mantissa bits (to nearest even, or toward zero with trans mode);
    one product per output (K = 8 with a single non-zero term) so the sum adds no rounding."""
    K, N, M = 8, 16, 16
    rng = np.random.default_rng(mode)
    a = np.zeros((M, K), np.float32)
    a[:, 0] = 1 + rng.integers(0, 1 << 23, M).astype(np.float32) / (1 << 23)  # full 23-bit mantissas
    a[0, 0] = np.float32(1 + 3 * 2.0 ** -11)  # a tie: even rounds up to 1 + 2^-9, toward zero down to 1 + 2^-10
    a[1, 0] = np.float32(1 + 2.0 ** -11)  # a tie: even and toward zero round down to 1
    a[2, 0] = np.float32(1 + 2.0 ** -11 + 2.0 ** -20)  # above the tie: even rounds up, toward zero down
    b = np.zeros((K, N), np.float32)
    b[0, :] = 1 + rng.integers(0, 1 << 23, N).astype(np.float32) / (1 << 23)
    c = np.zeros((M, N), np.float32)
    gemv_kernel[1](a, b.T.copy(), c, mode, M, N, K)
    if mode == 0:
        ra, rb = a, b
    else:
        ra, rb = hf32_round(a, mode == 2), hf32_round(b, mode == 2)
    np.testing.assert_array_equal(c, (ra[:, :1] * rb[:1, :]).astype(np.float32))


@asc.jit
def co12_kernel(a: asc.GlobalAddress, bt: asc.GlobalAddress, c: asc.GlobalAddress, scale_bits: int,
                relu: asc.ConstExpr[int]):
    """s8 (32 x 64) @ (64 x 32) out through data_copy(GM, L0C, DataCopyCO12DstParams): Nz -> ND,
    the quant register of set_fix_pipe_pre_quant_flag (DEQF16: s32 * scale -> f16), relu_pre."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(bt)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(I8, P.A1, 0, 2048)
    b1 = asc.LocalTensor(I8, P.B1, 2048, 2048)
    a2 = asc.LocalTensor(I8, P.A2, 0, 2048)
    b2 = asc.LocalTensor(I8, P.B2, 0, 2048)
    c1 = asc.LocalTensor(I32, P.CO1, 0, 1024)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, 32, 64, 0, 64, 32, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, 32, 64, 0, 64, 32, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 2, 2, 0, 0, False, 0))
    asc.load_data(a2[1024:], a1, asc.LoadData2DParams(1, 2, 2, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 64))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.set_fix_pipe_pre_quant_flag(scale_bits)
    asc.data_copy(cg, c1, asc.DataCopyCO12DstParams(32, 32, 32, 32, asc.QuantModes.DEQF16, relu, False, True))


@pytest.mark.parametrize("relu", [0, 1])
def test_data_copy_co12_dst(relu):
    rng = np.random.default_rng(7 + relu)
    a = rng.integers(-9, 10, (32, 64)).astype(np.int8)
    b = rng.integers(-9, 10, (64, 32)).astype(np.int8)
    c = np.zeros((32, 32), np.float16)
    bits = int(np.float32(0.125).view(np.uint32))
    co12_kernel[1](a, b.T.copy(), c, bits, relu)
    ref = (a.astype(np.int64) @ b.astype(np.int64)) * 0.125
    if relu:
        ref = np.maximum(ref, 0)
    np.testing.assert_array_equal(c, ref.astype(np.float16))


@asc.jit
def chain_kernel(a: asc.GlobalAddress, bt: asc.GlobalAddress, eye: asc.GlobalAddress, c: asc.GlobalAddress):
    """C1 = A @ B goes L0C -> L1 through fixpipe (Nz, f16), is loaded back as the A of a second
    mmad with the identity, and leaves through fixpipe as row-major f32: Nz in L1 is what
    load_data expects, end to end (32 x 32 x 32)."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(bt)
    eg = asc.GlobalTensor()
    eg.set_global_buffer(eye)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(F16, P.A1, 0, 1024)
    b1 = asc.LocalTensor(F16, P.B1, 2048, 1024)
    e1 = asc.LocalTensor(F16, P.B1, 4096, 1024)
    o1 = asc.LocalTensor(F16, P.A1, 8192, 1024)
    a2 = asc.LocalTensor(F16, P.A2, 0, 1024)
    a2b = asc.LocalTensor(F16, P.A2, 2048, 1024)
    b2 = asc.LocalTensor(F16, P.B2, 0, 1024)
    e2 = asc.LocalTensor(F16, P.B2, 2048, 1024)
    c1 = asc.LocalTensor(F32, P.CO1, 0, 1024)
    c2 = asc.LocalTensor(F32, P.CO1, 4096, 1024)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    asc.data_copy(e1, eg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 2, 2, 0, 0, False, 0))
    asc.load_data(a2[512:], a1, asc.LoadData2DParams(1, 2, 2, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.load_data(e2, e1, asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    fp = asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes.F322F16)  # NZ: 32 rows (of 32 B) per column block
    asc.fixpipe(o1, c1, fp, asc.FixpipeConfig(asc.CO2Layout.NZ))
    asc.set_flag(asc.HardEvent.FIX_MTE1, 0)
    asc.wait_flag(asc.HardEvent.FIX_MTE1, 0)
    asc.load_data(a2b, o1, asc.LoadData2DParams(0, 2, 2, 0, 0, False, 0))
    asc.load_data(a2b[512:], o1, asc.LoadData2DParams(1, 2, 2, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 1)
    asc.wait_flag(asc.HardEvent.MTE1_M, 1)
    asc.mmad(c2, a2b, e2, asc.MmadParams(32, 32, 32))
    asc.set_flag(asc.HardEvent.M_FIX, 1)
    asc.wait_flag(asc.HardEvent.M_FIX, 1)
    asc.fixpipe(cg, c2, asc.FixpipeParamsV220(32, 32, 32, 32))


def test_fixpipe_to_l1_nz_feeds_the_next_mmad():
    rng = np.random.default_rng(11)
    a = rng.integers(-4, 5, (32, 32))
    b = rng.integers(-4, 5, (32, 32))
    c = np.zeros((32, 32), np.float32)
    chain_kernel[1](a.astype(np.float16), b.T.copy().astype(np.float16), np.eye(32, dtype=np.float16), c)
    np.testing.assert_array_equal(c, (a @ b).astype(np.float32))


@asc.jit
def chain_f32_kernel(a: asc.GlobalAddress, bt: asc.GlobalAddress, eye: asc.GlobalAddress, c: asc.GlobalAddress):
    """The f32 chain: fixpipe L0C -> L1 as Nz f32 with is_channel_split (16 x 8 fractals, f32's
    L1 format), loaded back as an f32 A (c0 = 8) and multiplied by the identity (32 x 32 x 32)."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(bt)
    eg = asc.GlobalTensor()
    eg.set_global_buffer(eye)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(F16, P.A1, 0, 1024)
    b1 = asc.LocalTensor(F16, P.B1, 2048, 1024)
    e1 = asc.LocalTensor(F32, P.B1, 4096, 1024)
    o1 = asc.LocalTensor(F32, P.A1, 8192, 1024)
    a2 = asc.LocalTensor(F16, P.A2, 0, 1024)
    a2b = asc.LocalTensor(F32, P.A2, 4096, 1024)
    b2 = asc.LocalTensor(F16, P.B2, 0, 1024)
    e2 = asc.LocalTensor(F32, P.B2, 4096, 1024)
    c1 = asc.LocalTensor(F32, P.CO1, 0, 1024)
    c2 = asc.LocalTensor(F32, P.CO1, 4096, 1024)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    asc.data_copy(e1, eg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 2, 2, 0, 0, False, 0))
    asc.load_data(a2[512:], a1, asc.LoadData2DParams(1, 2, 2, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.load_data(e2, e1, asc.LoadData2DParams(0, 8, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    fp = asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes.NoQuant, 0, 1, 0, 0, False, 0, True)
    asc.fixpipe(o1, c1, fp, asc.FixpipeConfig(asc.CO2Layout.NZ))
    asc.set_flag(asc.HardEvent.FIX_MTE1, 0)
    asc.wait_flag(asc.HardEvent.FIX_MTE1, 0)
    asc.load_data(a2b, o1, asc.LoadData2DParams(0, 4, 2, 0, 0, False, 0))
    asc.load_data(a2b[512:], o1, asc.LoadData2DParams(1, 4, 2, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 1)
    asc.wait_flag(asc.HardEvent.MTE1_M, 1)
    asc.mmad(c2, a2b, e2, asc.MmadParams(32, 32, 32))
    asc.set_flag(asc.HardEvent.M_FIX, 1)
    asc.wait_flag(asc.HardEvent.M_FIX, 1)
    asc.fixpipe(cg, c2, asc.FixpipeParamsV220(32, 32, 32, 32))


def test_fixpipe_channel_split_f32_to_l1():
    rng = np.random.default_rng(12)
    a = rng.integers(-4, 5, (32, 32))
    b = rng.integers(-4, 5, (32, 32))
    c = np.zeros((32, 32), np.float32)
    chain_f32_kernel[1](a.astype(np.float16), b.T.copy().astype(np.float16), np.eye(32, dtype=np.float32), c)
    np.testing.assert_array_equal(c, (a @ b).astype(np.float32))


@asc.jit
def nz2nd_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: int, d: int, nd: int, sms: int, sns: int,
                 dds: int, dms: int, total: asc.ConstExpr[int]):
    sg = asc.GlobalTensor()
    sg.set_global_buffer(src)
    dg = asc.GlobalTensor()
    dg.set_global_buffer(dst)
    x = asc.LocalTensor(F16, P.VECOUT, 0, total)
    asc.data_copy(x, sg, total)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(dg, x, asc.Nz2NdParamsFull(nd, n, d, sms, sns, dds, dms))


def test_data_copy_nz2nd_ub_to_gm():
    """Two 20 x 48 f16 matrices, each in UB as 3 column blocks of 16 with 32 rows between blocks
    (src_n_stride 32), the second matrix 6 x 256 elements after the first; into GM rows of 64
    elements, the second matrix 1500 elements after the first."""
    rng = np.random.default_rng(13)
    nd, n, d, sns, sms, dds, dms = 2, 20, 48, 32, 6, 64, 1500
    mats = rng.integers(-100, 100, (nd, n, d)).astype(np.float16)
    total = sms * 256 * nd
    src = np.zeros(total, np.float16)
    for t in range(nd):
        for r in range(n):
            for c in range(d):
                src[t * sms * 256 + (c // 16) * sns * 16 + r * 16 + c % 16] = mats[t, r, c]
    dst = np.zeros(dms * nd, np.float16)
    nz2nd_kernel[1](src, dst, n, d, nd, sms, sns, dds, dms, total)
    ref = np.zeros_like(dst)
    for t in range(nd):
        for r in range(n):
            ref[t * dms + r * dds: t * dms + r * dds + d] = mats[t, r]
    np.testing.assert_array_equal(dst, ref)


@asc.jit
def s8_transpose_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, v2: asc.ConstExpr[int]):
    """s8 (32 x 64) @ (64 x 64) with B given as K x N: its Nz (c0 = 32) becomes Zn through the int8
    transposing load, one 32 x 32 square per iteration, its two output fractals adjacent."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(I8, P.A1, 0, 2048)
    b1 = asc.LocalTensor(I8, P.B1, 4096, 4096)
    a2 = asc.LocalTensor(I8, P.A2, 0, 2048)
    b2 = asc.LocalTensor(I8, P.B2, 0, 4096)
    c1 = asc.LocalTensor(I32, P.CO1, 0, 2048)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, 32, 64, 0, 64, 32, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, 64, 64, 0, 64, 64, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 2, 2, 0, 0, False, 0))
    asc.load_data(a2[1024:], a1, asc.LoadData2DParams(1, 2, 2, 0, 0, False, 0))
    for kr in asc.static_range(2):  # K blocks of 32; N blocks of 32 go by src_stride (64 rows = 2 squares)
        if v2 == 1:
            asc.load_data_with_transpose(b2[kr * 4 * 512:], b1, asc.LoadData2dTransposeParamsV2(kr, 2, 2, 1, 0, 0, 0))
        else:
            asc.load_data_with_transpose(b2[kr * 4 * 512:], b1, asc.LoadData2dTransposeParams(kr, 2, 2, 1, 0, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 64, 64))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(64, 32, 32, 64))


@pytest.mark.parametrize("v2", [0, 1])
def test_int8_transposing_load(v2):
    rng = np.random.default_rng(21 + v2)
    a = rng.integers(-20, 21, (32, 64)).astype(np.int8)
    b = rng.integers(-20, 21, (64, 64)).astype(np.int8)
    c = np.zeros((32, 64), np.int32)
    s8_transpose_kernel[1](a, b, c, v2)
    np.testing.assert_array_equal(c, (a.astype(np.int64) @ b.astype(np.int64)).astype(np.int32))
