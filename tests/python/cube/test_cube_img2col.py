"""img2col loads (LoadData3DParamsV2 / V2Pro, issue 15) and the f32 transposing load.

A convolution runs as img2col (L1 NC1HWC0 -> L0A) + mmad against a direct-loop numpy convolution
in float64.  The weight matrix's K order, k = ((c1 * Fh + kh) * Fw + kw) * C0 + c0, is the one
docs/hardware.md states (asc-devkit's LoadData_3D.md and load3d.py); the reference convolution
does not use it.  Values are small integers, so every f32 sum is exact."""
import numpy as np
import pytest

import asc

P = asc.TPosition
F16, F32, I8 = asc.float16, asc.float32, asc.int8
NP_OF = {F16: np.float16, F32: np.float32, I8: np.int8}
SIZE = {F16: 2, F32: 4, I8: 1}


def ceil(a, b):
    return -(-a // b)


def conv_ref(x, w, pads, stride, dil, padv=0.0):
    """x (H, W, C), w (Cout, C, Fh, Fw); pads (left, right, top, bottom); stride / dil (h, w).
    Direct loops over output positions and filter taps, float64."""
    H, W, C = x.shape
    Co, _, Fh, Fw = w.shape
    pl, pr, pt, pb = pads
    xp = np.full((H + pt + pb, W + pl + pr, C), padv, np.float64)
    xp[pt:pt + H, pl:pl + W] = x
    Ho = (H + pt + pb - (dil[0] * (Fh - 1) + 1)) // stride[0] + 1
    Wo = (W + pl + pr - (dil[1] * (Fw - 1) + 1)) // stride[1] + 1
    out = np.zeros((Ho, Wo, Co))
    for oh in range(Ho):
        for ow in range(Wo):
            for kh in range(Fh):
                for kw in range(Fw):
                    v = xp[oh * stride[0] + kh * dil[0], ow * stride[1] + kw * dil[1]]  # (C,)
                    out[oh, ow] += w[:, :, kh, kw].astype(np.float64) @ v
    return out


def weight_matrix(w, c0):
    """w (Cout, C, Fh, Fw) -> B (K x Cout) in the img2col K order, zero rows for the channel tail."""
    Co, C, Fh, Fw = w.shape
    C1 = ceil(C, c0)
    B = np.zeros((C1, Fh, Fw, c0, Co))
    for c in range(C):
        B[c // c0, :, :, c % c0, :] = w[:, c].transpose(1, 2, 0)
    return B.reshape(C1 * Fh * Fw * c0, Co)


@asc.jit
def conv_kernel(x: asc.GlobalAddress, bt: asc.GlobalAddress, y: asc.GlobalAddress, H: asc.ConstExpr[int],
                W: asc.ConstExpr[int], C: asc.ConstExpr[int], CO: asc.ConstExpr[int], FH: asc.ConstExpr[int],
                FW: asc.ConstExpr[int], PL: asc.ConstExpr[int], PR: asc.ConstExpr[int], PT: asc.ConstExpr[int],
                PB: asc.ConstExpr[int], SH: asc.ConstExpr[int], SW: asc.ConstExpr[int], DH: asc.ConstExpr[int],
                DW: asc.ConstExpr[int], PADV: asc.ConstExpr[int], SPLIT: asc.ConstExpr[int],
                DT: asc.ConstExpr[int]):
    """y (M x CO) = img2col(x) @ B; x (H, W, C) NHWC in GM; bt = B^T (CO x K).  SPLIT: the rows
    past 16 go through a LoadData3DParamsV2Pro load reading the FMATRIX the first load set."""
    dt = I8 if DT == 1 else F16 if DT == 2 else F32
    acc = asc.int32 if DT == 1 else F32
    c0 = 32 // DT
    C1 = ceil(C, c0)
    K = C1 * c0 * FH * FW
    HO = (H + PT + PB - (DH * (FH - 1) + 1)) // SH + 1
    WO = (W + PL + PR - (DW * (FW - 1) + 1)) // SW + 1
    M = HO * WO
    MP, NP, K1, N1 = ceil(M, 16) * 16, ceil(CO, 16) * 16, K // c0, ceil(CO, 16)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(bt)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    a1 = asc.LocalTensor(dt, P.A1, 0, C1 * H * W * c0)
    b1 = asc.LocalTensor(dt, P.B1, 262144, NP * K)
    a2 = asc.LocalTensor(dt, P.A2, 0, MP * K)
    b2 = asc.LocalTensor(dt, P.B2, 0, NP * K)
    c1 = asc.LocalTensor(acc, P.CO1, 0, MP * NP)
    # NHWC -> NC1HWC0: H * W rows of C channels, C0-wide column blocks H * W rows apart
    asc.data_copy(a1, xg, asc.Nd2NzParams(1, H * W, C, 0, C, H * W, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, CO, K, 0, K, NP, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    if SPLIT == 0:
        asc.load_data(a2, a1, asc.LoadData3DParamsV2((PL, PR, PT, PB), H, W, C1 * c0, K, M, 0, 0, SW, SH, FW, FH,
                                                     DW, DH, False, PADV, False, False, False))
    else:
        asc.load_data(a2, a1, asc.LoadData3DParamsV2((PL, PR, PT, PB), H, W, C1 * c0, K, 16, 0, 0, SW, SH, FW, FH,
                                                     DW, DH, False, PADV, False, False, False))
        ext = ((16 << 48) | (0 << 32) | ((M - 16) << 16) | K)
        flt = (DH << 40) | (DW << 32) | (FH << 24) | (FW << 16) | (SH << 8) | SW
        if SPLIT == 2:  # the V2Pro rows pad with the register's value instead of the struct's
            asc.set_load_data_padding_value(float(PADV + 3))
        asc.load_data(a2[16 * K:], a1, asc.LoadData3DParamsV2Pro(C1 * c0, False, False, False, False, False, ext, flt))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, K1 * N1, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(M, CO, K))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(yg, c1, asc.FixpipeParamsV220(CO, M, MP, CO))


def run_conv(dt, H, W, C, CO, FH, FW, pads, stride, dil, padv=0, split=0, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.integers(-3, 4, (H, W, C)).astype(np.float64)
    w = rng.integers(-3, 4, (CO, C, FH, FW)).astype(np.float64)
    c0 = 32 // SIZE[dt]
    B = weight_matrix(w, c0)
    ref = conv_ref(x, w, pads, stride, dil, padv)
    HO, WO = ref.shape[:2]
    y = np.zeros((HO * WO, CO), np.int32 if dt == I8 else np.float32)
    conv_kernel[1](x.astype(NP_OF[dt]), B.T.astype(NP_OF[dt]).copy(), y, H, W, C, CO, FH, FW, *pads, *stride, *dil,
                   padv, split, SIZE[dt])
    return y.reshape(HO, WO, CO), ref


CASES = [  # H, W, C, CO, FH, FW, pads (l, r, t, b), stride (h, w), dilation (h, w)
    (7, 9, 5, 20, 3, 3, (1, 1, 1, 1), (1, 1), (1, 1)),      # channel tail 5 of 16, M = 63 (a row tail)
    (11, 10, 20, 17, 3, 3, (1, 2, 0, 1), (2, 2), (2, 2)),   # C1 = 2 with a tail, stride 2, dilation 2
    (8, 12, 16, 16, 2, 3, (0, 1, 2, 0), (1, 2), (2, 1)),    # 2 x 3 filter, mixed strides / dilations
]


@pytest.mark.parametrize("dt", [F16, F32, I8])
@pytest.mark.parametrize("case", CASES)
def test_conv_by_img2col_and_mmad(dt, case):
    y, ref = run_conv(dt, *case)
    np.testing.assert_array_equal(y, ref.astype(y.dtype))


def test_pad_value_from_the_struct():
    y, ref = run_conv(F16, 6, 6, 16, 16, 3, 3, (2, 1, 1, 2), (1, 1), (1, 1), padv=2)
    np.testing.assert_array_equal(y, ref.astype(np.float32))
    assert not np.array_equal(ref, conv_ref(*_same_inputs(), (2, 1, 1, 2), (1, 1), (1, 1), 0))


def _same_inputs():
    rng = np.random.default_rng(0)
    x = rng.integers(-3, 4, (6, 6, 16)).astype(np.float64)
    w = rng.integers(-3, 4, (16, 16, 3, 3)).astype(np.float64)
    return x, w


@pytest.mark.parametrize("dt", [F16, F32])
def test_v2pro_reads_the_fmatrix_the_v2_load_set(dt):
    y, ref = run_conv(dt, 9, 8, 12, 16, 3, 3, (1, 1, 1, 1), (1, 1), (1, 1), padv=1, split=1, seed=4)
    np.testing.assert_array_equal(y, ref.astype(np.float32))


def test_set_load_data_padding_value_feeds_v2pro():
    """Rows 0-15 (V2) pad with the struct's 1; rows 16- (V2Pro) with set_load_data_padding_value's 4."""
    y, ref1 = run_conv(F16, 9, 8, 12, 16, 3, 3, (1, 1, 1, 1), (1, 1), (1, 1), padv=1, split=2, seed=4)
    _, ref4 = run_conv(F16, 9, 8, 12, 16, 3, 3, (1, 1, 1, 1), (1, 1), (1, 1), padv=4, split=1, seed=4)
    ref = np.concatenate([ref1.reshape(-1, 16)[:16], ref4.reshape(-1, 16)[16:]]).reshape(ref1.shape)
    assert not np.array_equal(ref, ref1)
    np.testing.assert_array_equal(y, ref.astype(np.float32))


# ---- transposed img2col into L0A, and img2col into L0B ------------------------------------------------------
def img2col_ref(x, F, pads, stride, dil, c0, padv=0.0):
    """X (M x K) by the documented order, from direct indexing of the unpadded map."""
    H, W, C = x.shape
    Fh, Fw = F
    pl, pr, pt, pb = pads
    Ho = (H + pt + pb - (dil[0] * (Fh - 1) + 1)) // stride[0] + 1
    Wo = (W + pl + pr - (dil[1] * (Fw - 1) + 1)) // stride[1] + 1
    C1 = ceil(C, c0)
    X = np.zeros((Ho * Wo, C1 * Fh * Fw * c0))
    for m in range(Ho * Wo):
        for k in range(X.shape[1]):
            c1, r = divmod(k, Fh * Fw * c0)
            kh, r = divmod(r, Fw * c0)
            kw, cc = divmod(r, c0)
            h = m // Wo * stride[0] - pt + kh * dil[0]
            w = m % Wo * stride[1] - pl + kw * dil[1]
            c = c1 * c0 + cc
            if 0 <= h < H and 0 <= w < W:
                X[m, k] = x[h, w, c] if c < C else 0
            else:
                X[m, k] = padv
    return X


@asc.jit
def i2c_side_kernel(x: asc.GlobalAddress, o: asc.GlobalAddress, y: asc.GlobalAddress, H: asc.ConstExpr[int],
                    W: asc.ConstExpr[int], C: asc.ConstExpr[int], M: asc.ConstExpr[int], K: asc.ConstExpr[int],
                    MST: asc.ConstExpr[int], KST: asc.ConstExpr[int], N: asc.ConstExpr[int],
                    TOB: asc.ConstExpr[int], DT: asc.ConstExpr[int]):
    """3 x 3 filter, pads 1, stride 1.  TOB = 0: X^T (K x M, transposed into L0A) @ O (M x N);
    TOB = 1: O (N x M, in L0A) @ X (M x K, into L0B).  o: the other operand, transposed for
    L0B (N x M) or as Nz-ready (N x M) for L0A."""
    dt = F16 if DT == 2 else F32
    c0 = 32 // DT
    C1 = ceil(C, c0)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    a1 = asc.LocalTensor(dt, P.A1, 0, C1 * H * W * c0)
    b1 = asc.LocalTensor(dt, P.B1, 262144, 16384 // DT)
    a2 = asc.LocalTensor(dt, P.A2, 0, 32768 // DT)
    b2 = asc.LocalTensor(dt, P.B2, 0, 32768 // DT)
    c1 = asc.LocalTensor(F32, P.CO1, 0, 16384)
    asc.data_copy(a1, xg, asc.Nd2NzParams(1, H * W, C, 0, C, H * W, 1, 0))
    asc.data_copy(b1, og, asc.Nd2NzParams(1, N, M, 0, M, 16, 1, 0))  # (N x M) Nz, N <= 16
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    p = asc.LoadData3DParamsV2((1, 1, 1, 1), H, W, C1 * c0, K, M, KST, MST, 1, 1, 3, 3, 1, 1, True, 0, False, False,
                               False)
    if TOB == 0:
        asc.load_data(a2, a1, p)                                                  # X^T (K x M) Zz
        asc.load_data(b2, b1, asc.LoadData2DParams(0, ceil(M, c0), 1, 0, 0, False, 0))  # O (M x N) Zn
    else:
        asc.load_data(a2, b1, asc.LoadData2DParams(0, ceil(M, c0), 1, 0, 0, False, 0))  # O (N x M) Zz, N = 16
        asc.load_data(b2, a1, p)                                                  # X (M x K) as B, Zn
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    if TOB == 0:
        asc.mmad(c1, a2, b2, asc.MmadParams(K, N, M))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(yg, c1, asc.FixpipeParamsV220(N, K, ceil(K, 16) * 16, N))
    else:
        asc.mmad(c1, a2, b2, asc.MmadParams(N, K, M))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(yg, c1, asc.FixpipeParamsV220(K, N, 16, K))


@pytest.mark.parametrize("dt", [F16, F32])
@pytest.mark.parametrize("tob", [0, 1])
def test_img2col_transposed_into_l0a_and_into_l0b(tob, dt):
    """The transposed load (L0A, en_transpose) and the L0B load of the same block
    [m 4, + 32) x [k 16, + 40) of a 6 x 6 x 10-channel map's img2col matrix."""
    H, W, C, M, K, MST, KST, N = 6, 6, 10, 32, 40, 4, 16, 16
    rng = np.random.default_rng(9)
    e = 2 if dt == F16 else 4
    x = rng.integers(-3, 4, (H, W, C)).astype(NP_OF[dt])
    X = img2col_ref(x.astype(np.float64), (3, 3), (1, 1, 1, 1), (1, 1), (1, 1), 32 // e)[MST:MST + M, KST:KST + K]
    o = rng.integers(-3, 4, (N, M)).astype(NP_OF[dt])
    if tob == 0:
        y = np.zeros((K, N), np.float32)
        i2c_side_kernel[1](x, o, y, H, W, C, M, K, MST, KST, N, 0, e)
        np.testing.assert_array_equal(y, (X.T @ o.T.astype(np.float64)).astype(np.float32))
    else:
        y = np.zeros((N, K), np.float32)
        i2c_side_kernel[1](x, o, y, H, W, C, M, K, MST, KST, N, 1, e)
        np.testing.assert_array_equal(y, (o.astype(np.float64) @ X).astype(np.float32))


# ---- the f32 transposing load -----------------------------------------------------------------------------------
@asc.jit
def f32_transpose_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    """C (16 x 32) = A (16 x 32) @ B (32 x 32), f32.  B in L1 as Zz (its rows of 16 one after the
    other, each Nz with 16 rows: two 16 x 8 fractals side by side form a square); the transposing
    load makes L0B's Zn of B."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(F32, P.A1, 0, 512)
    b1 = asc.LocalTensor(F32, P.B1, 65536, 1024)
    a2 = asc.LocalTensor(F32, P.A2, 0, 512)
    b2 = asc.LocalTensor(F32, P.B2, 0, 1024)
    c1 = asc.LocalTensor(F32, P.CO1, 0, 512)
    asc.data_copy(a1, ag, asc.Nd2NzParams(1, 16, 32, 0, 32, 16, 1, 0))
    # B's row blocks of 16: nd_num 2 matrices of 16 x 32, each Nz (16 rows): Zz of B
    asc.data_copy(b1, bg, asc.Nd2NzParams(2, 16, 32, 512, 32, 16, 1, 512))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    # square s = (row block kb, column pair np) at s = kb * 2 + np; Zn of B: fractal (k / 8) * 2 + n / 16
    for kb in asc.static_range(2):
        asc.load_data_with_transpose(b2[kb * 4 * 128:], b1, asc.LoadData2dTransposeParams(kb * 2, 2, 1, 0, 1, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(16, 32, 32))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(32, 16, 16, 32))


def test_f32_transposing_load():
    rng = np.random.default_rng(5)
    a = rng.integers(-5, 6, (16, 32)).astype(np.float32)
    b = rng.integers(-5, 6, (32, 32)).astype(np.float32)
    c = np.zeros((16, 32), np.float32)
    f32_transpose_kernel[1](a, b, c)
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))


# ---- set_load_data_boundary: reads past the boundary continue at L1 address 0 ----------------------------------
@asc.jit
def ring_kernel(x: asc.GlobalAddress, bt: asc.GlobalAddress, y: asc.GlobalAddress, BND: asc.ConstExpr[int],
                R0: asc.ConstExpr[int]):
    """The 4 x 5 x 16 f16 map's first R0 pixels (32 B each) end at L1 byte BND, the rest start at
    byte 0; with the boundary at BND the img2col load reads it whole.  3 x 3 filter, pads 1."""
    H, W, C, CO, K, M = 4, 5, 16, 16, 144, 20
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(bt)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    head = asc.LocalTensor(F16, P.A1, BND - R0 * 32, R0 * 16)
    tail = asc.LocalTensor(F16, P.A1, 0, (H * W - R0) * 16)
    b1 = asc.LocalTensor(F16, P.B1, 262144, 16 * K)
    a2 = asc.LocalTensor(F16, P.A2, 0, 32 * K)
    b2 = asc.LocalTensor(F16, P.B2, 0, 16 * K)
    c1 = asc.LocalTensor(F32, P.CO1, 0, 32 * 16)
    asc.data_copy(head, xg, asc.Nd2NzParams(1, R0, C, 0, C, R0, 1, 0))
    asc.data_copy(tail, xg[R0 * C:], asc.Nd2NzParams(1, H * W - R0, C, 0, C, H * W - R0, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, CO, K, 0, K, 16, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.set_load_data_boundary(BND)
    asc.load_data(a2, head, asc.LoadData3DParamsV2((1, 1, 1, 1), H, W, C, K, M, 0, 0, 1, 1, 3, 3, 1, 1, False, 0,
                                                   False, False, False))  # RING
    asc.load_data(b2, b1, asc.LoadData2DParams(0, K // 16, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(M, CO, K))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(yg, c1, asc.FixpipeParamsV220(CO, M, 32, CO))


def test_load_data_boundary_wraps_to_l1_start():
    rng = np.random.default_rng(11)
    x = rng.integers(-3, 4, (4, 5, 16)).astype(np.float64)
    w = rng.integers(-3, 4, (16, 16, 3, 3)).astype(np.float64)
    ref = conv_ref(x, w, (1, 1, 1, 1), (1, 1), (1, 1)).reshape(20, 16)
    y = np.zeros((20, 16), np.float32)
    ring_kernel[1](x.astype(np.float16), weight_matrix(w, 16).T.astype(np.float16).copy(), y, 2048, 7)
    np.testing.assert_array_equal(y, ref.astype(np.float32))


# ---- errors at the line ------------------------------------------------------------------------------------------
HERE = open(__file__).read().splitlines()


def line(marker):
    return next(i + 1 for i, t in enumerate(HERE) if marker in t and "line(" not in t)


@asc.jit
def i2c_bug_kernel(bug: asc.ConstExpr[int]):
    a1 = asc.LocalTensor(F16, P.A1, 0, 4096)
    s1 = asc.LocalTensor(asc.int8, P.A1, 0, 4096)
    a2 = asc.LocalTensor(F16, P.A2, 0, 4096)
    s2 = asc.LocalTensor(asc.int8, P.B2, 0, 4096)
    f1 = asc.LocalTensor(F32, P.B1, 16384, 1024)
    f2 = asc.LocalTensor(F32, P.B2, 0, 1024)
    asc.init_const_value(a1, asc.InitConstValueParams(1, 256, 0, 1.0))
    asc.init_const_value(f1, asc.InitConstValueParams(1, 128, 0, 1.0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    p = asc.LoadData3DParamsV2((0, 0, 0, 0), 4, 4, 16, 16, 16, 0, 0, 1, 1, 1, 1, 1, 1)
    if bug == 1:
        q = asc.LoadData3DParamsV2((0, 0, 0, 0), 4, 4, 20, 16, 16, 0, 0, 1, 1, 1, 1, 1, 1)
        asc.load_data(a2, a1, q)  # CH_TAIL
    elif bug == 2:
        asc.set_load_data_repeat(param=asc.LoadDataRepeatParam(2, 1, 0))  # pyasc's keyword
        asc.load_data(a2, a1, p)  # REPEAT
    elif bug == 3:
        asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 16 | (16 << 16)))  # NOFM
    elif bug == 4:
        q = asc.LoadData3DParamsV2((0, 0, 0, 0), 4, 4, 32, 32, 16, 0, 0, 1, 1, 1, 1, 1, 1)
        asc.load_data(s2, s1, q)  # S8_L0B
    elif bug == 5:
        q = asc.LoadData3DParamsV2((0, 0, 0, 0), 4, 4, 16, 16, 32, 0, 0, 1, 1, 1, 1, 1, 1)
        asc.load_data(a2, a1, q)  # M_PAST
    elif bug == 6:
        asc.load_data_with_transpose(f2, f1, asc.LoadData2dTransposeParamsV2(0, 1, 0, 0, 0, 1, 0))  # TR_V2
    elif bug == 7:
        asc.set_load_data_boundary(512)
        asc.load_data(a2, a1, p)  # BND_SMALL


@pytest.mark.parametrize("bug,marker,text", [
    (1, "# CH_TAIL", "channel_size 20 is not a multiple of C0 = 16"),
    (2, "# REPEAT", "set_load_data_repeat with repeat_time 2 is not simulated"),
    (3, "# NOFM", "reads the feature map (l1_h, l1_w, pad_list) from the FMATRIX register, which no"),
    (4, "# S8_L0B", "an 8-bit img2col load into L0B is not available on Ascend910B1"),
    (5, "# M_PAST", "the block [m 0, + 32) x [k 0, + 16) is not inside the img2col matrix of 16 x 16"),
    (6, "# TR_V2", "the 32-bit form of LoadData2dTransposeParamsV2 is not simulated"),
    (7, "# BND_SMALL", "set_load_data_boundary(512): a boundary of 1 to 1023 bytes is undefined"),
])
def test_img2col_errors_at_the_line(bug, marker, text):
    with pytest.raises((asc.KernelError, asc.CompilationError)) as ei:
        i2c_bug_kernel[1](bug)
    msg = str(ei.value)
    assert text in msg, msg
    assert f"test_cube_img2col.py:{line(marker)}:" in msg, msg


# ---- auto-sync places the flags around the img2col load -----------------------------------------------------------
@asc.jit(auto_sync="full")
def flagless_conv_kernel(x: asc.GlobalAddress, bt: asc.GlobalAddress, y: asc.GlobalAddress):
    """7 x 9 x 5 f16 map, 3 x 3 filter, pads 1, 20 output channels; no set_flag / wait_flag at all."""
    H, W, C, CO, K, M = 7, 9, 5, 20, 144, 63
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(bt)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    a1 = asc.LocalTensor(F16, P.A1, 0, H * W * 16)
    b1 = asc.LocalTensor(F16, P.B1, 262144, 32 * K)
    a2 = asc.LocalTensor(F16, P.A2, 0, 64 * K)
    b2 = asc.LocalTensor(F16, P.B2, 0, 32 * K)
    c1 = asc.LocalTensor(F32, P.CO1, 0, 64 * 32)
    asc.data_copy(a1, xg, asc.Nd2NzParams(1, H * W, C, 0, C, H * W, 1, 0))
    asc.data_copy(b1, bg, asc.Nd2NzParams(1, CO, K, 0, K, 32, 1, 0))
    asc.load_data(a2, a1, asc.LoadData3DParamsV2((1, 1, 1, 1), H, W, 16, K, M, 0, 0, 1, 1, 3, 3, 1, 1))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, (K // 16) * 2, 1, 0, 0, False, 0))
    asc.mmad(c1, a2, b2, asc.MmadParams(M, CO, K))
    asc.fixpipe(yg, c1, asc.FixpipeParamsV220(CO, M, 64, CO))


def test_auto_sync_full_covers_the_img2col_load():
    rng = np.random.default_rng(13)
    x = rng.integers(-3, 4, (7, 9, 5)).astype(np.float64)
    w = rng.integers(-3, 4, (20, 5, 3, 3)).astype(np.float64)
    ref = conv_ref(x, w, (1, 1, 1, 1), (1, 1), (1, 1)).reshape(63, 20)
    y = np.zeros((63, 20), np.float32)
    flagless_conv_kernel[1](x.astype(np.float16), weight_matrix(w, 16).T.astype(np.float16).copy(), y)
    np.testing.assert_array_equal(y, ref.astype(np.float32))


def test_load_data_keywords_are_pyasc_names():
    import inspect
    assert list(inspect.signature(asc.load_data_with_sparse).parameters) == ["dst", "src", "idx", "load_data_params"]
    assert list(inspect.signature(asc.set_load_data_repeat).parameters) == ["param"]
