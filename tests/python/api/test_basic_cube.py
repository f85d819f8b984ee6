"""Cube entries of asc.language.basic, from their pages: mmad, mmad_with_sparse, load_data,
load_data_with_sparse, load_data_with_transpose, fixpipe, init_const_value, set_hf32_mode,
set_hf32_trans_mode, set_mm_layout_transform, set_fix_pipe_pre_quant_flag, set_load_data_boundary,
set_load_data_padding_value, set_load_data_repeat.

The fractal layouts are the Ascend C ones ('关键分形格式详解'), built here with numpy: A in L0A is
Zz ((M, K) -> (M1, K1, 16, K0)), B in L0B is Zn ((K, N) -> (K1, N1, 16, K0): inside a fractal n-major),
C in L0C is Nz ((M, N) -> (N1, M1, 16, 16)); K0 = 32 / sizeof(T).  L1 holds Nz ((M, K) -> (K1, M1, 16, K0)).
Each kernel orders its pipes with explicit flags (static tensors); operands are small integers, so
every product sum is exact and the references are plain numpy matmuls."""
import numpy as np
import pytest

import asc
from kit import api, same

P = asc.TPosition
E = asc.HardEvent


def k0_of(dtype):
    return 32 // np.dtype(dtype).itemsize


def zz(a):
    M, K = a.shape
    k0 = k0_of(a.dtype)
    return a.reshape(M // 16, 16, K // k0, k0).transpose(0, 2, 1, 3).ravel()


def zn(b):
    K, N = b.shape
    k0 = k0_of(b.dtype)
    return b.reshape(K // k0, k0, N // 16, 16).transpose(0, 2, 3, 1).ravel()


def nz(a, c0=None):
    M, K = a.shape
    k0 = c0 or k0_of(a.dtype)
    return a.reshape(M // 16, 16, K // k0, k0).transpose(2, 0, 1, 3).ravel()


def ints(shape, dtype, seed, lo=-4, hi=4):
    return np.random.default_rng(seed).integers(lo, hi, shape, endpoint=True).astype(dtype)


def flag(ev):
    asc.set_flag(ev, 0)
    asc.wait_flag(ev, 0)


def fix_params(M, N, relu=False, quant=0, scalar=0, dst_stride=None):
    """FixpipeParamsV220 of an Nz (M x N, 16-row aligned) -> ND copy: n_size, m_size, src_stride (the
    fractal column's height in 16-element rows), dst_stride (ND row length in elements)."""
    mp = -(-M // 16) * 16
    return asc.FixpipeParamsV220(n_size=N, m_size=M, src_stride=mp, dst_stride=dst_stride or N, quant_pre=quant,
                                 deq_scalar=scalar, nd_num=1, src_nd_stride=0, dst_nd_stride=0, relu_en=relu,
                                 unit_flag=0, is_channel_split=False)


# ---- mmad -----------------------------------------------------------------------------------------------------
@asc.jit
def mm_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, M: asc.ConstExpr[int],
              N: asc.ConstExpr[int], K: asc.ConstExpr[int], MP: asc.ConstExpr[int], KP: asc.ConstExpr[int],
              NP: asc.ConstExpr[int], before: asc.ConstExpr, twice: asc.ConstExpr[bool]):
    """A (Zz, MP x KP) and B (Zn, KP x NP) from GM into L0A / L0B (load_data GM -> A2 / B2), mmad, fixpipe."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    e = a.dtype.sizeof()
    a2 = asc.LocalTensor(a.dtype, P.A2, 0, MP * KP)
    b2 = asc.LocalTensor(b.dtype, P.B2, 0, KP * NP)
    c1 = asc.LocalTensor(asc.float32 if a.dtype.is_float() else asc.int32, P.CO1, 0, MP * NP)
    asc.load_data(a2, ag, asc.LoadData2DParams(0, MP * KP * e // 512, 1, 0, 0, False, 0))
    asc.load_data(b2, bg, asc.LoadData2DParams(0, KP * NP * e // 512, 1, 0, 0, False, 0))
    flag(E.MTE2_M)
    before()
    asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))
    if twice:  # C += A * B once more (cmatrix_init_val False: the initial C is L0C's)
        p = asc.MmadParams(M, N, K)
        p.cmatrix_init_val = False
        asc.mmad(c1, a2, b2, p)
    flag(E.M_FIX)
    asc.fixpipe(cg, c1, fix_params(M, N))


def run_mm(A, B, cdtype, before=lambda: None, twice=False, M=None, N=None, K=None):
    MP, KP = A.shape
    NP = B.shape[1]
    M, N, K = M or MP, N or NP, K or KP
    c = np.zeros((M, N), cdtype)
    mm_kernel[1](zz(A), zn(B), c, M, N, K, MP, KP, NP, before, twice)
    return c


@api("mmad", "load_data", "fixpipe")
@pytest.mark.parametrize("din,dout,shape", [("float16", "float32", (32, 48, 32)), ("int8", "int32", (32, 16, 64)),
                                            ("float32", "float32", (16, 32, 24))])
def test_mmad_dtypes(din, dout, shape):
    """C = A x B for the A2 type pairs (half and float into float, int8 into int32), several fractals
    each way."""
    M, N, K = shape
    A, B = ints((M, K), din, 1), ints((K, N), din, 2)
    same(run_mm(A, B, dout), (A.astype(np.int64) @ B.astype(np.int64)).astype(dout))


@api("mmad")
def test_mmad_page_example_sizes():
    """The page's MmadParams(4, 4, 4): a 4 x 4 x 4 product inside one zero-padded fractal each."""
    A, B = np.zeros((16, 16), np.float16), np.zeros((16, 16), np.float16)
    A[:4, :4], B[:4, :4] = ints((4, 4), "float16", 3), ints((4, 4), "float16", 4)
    got = run_mm(A, B, "float32", M=4, N=4, K=4)
    same(got, A[:4, :4].astype(np.float32) @ B[:4, :4].astype(np.float32))


@api("mmad")
def test_mmad_accumulates_without_init():
    """cmatrix_init_val False: C keeps its value and the product adds to it (C += A x B, the page's formula)."""
    A, B = ints((16, 32), "float16", 5), ints((32, 16), "float16", 6)
    same(run_mm(A, B, "float32", twice=True), 2 * (A.astype(np.float32) @ B.astype(np.float32)))


@asc.jit
def gemv_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, K: asc.ConstExpr[int],
                N: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, 16 * K)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, K * N)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 16 * N)
    asc.load_data(a2, ag, asc.LoadData2DParams(0, 16 * K * 2 // 512, 1, 0, 0, False, 0))
    asc.load_data(b2, bg, asc.LoadData2DParams(0, K * N * 2 // 512, 1, 0, 0, False, 0))
    flag(E.MTE2_M)
    asc.mmad(c1, a2, b2, asc.MmadParams(1, N, K))
    flag(E.M_FIX)
    asc.fixpipe(cg, c1, fix_params(1, N))


@api("mmad")
def test_mmad_gemv_reads_a_as_nd():
    """The page: with M = 1 the cube reads the left matrix as ND (a plain row of K), not as Zz."""
    K, N = 48, 32
    a = ints(K, "float16", 7)
    B = ints((K, N), "float16", 8)
    A = np.zeros(16 * K, np.float16)
    A[:K] = a
    c = np.zeros((1, N), np.float32)
    gemv_kernel[1](A, zn(B), c, K, N)
    same(c[0], a.astype(np.float32) @ B.astype(np.float32))


@asc.jit
def bias_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                M: asc.ConstExpr[int], N: asc.ConstExpr[int], K: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    tg = asc.GlobalTensor()
    tg.set_global_buffer(bias)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, M * K)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, K * N)
    t1 = asc.LocalTensor(asc.float32, P.C1, 0, N)
    t2 = asc.LocalTensor(asc.float32, P.C2, 0, N)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, M * N)
    asc.load_data(a2, ag, asc.LoadData2DParams(0, M * K * 2 // 512, 1, 0, 0, False, 0))
    asc.load_data(b2, bg, asc.LoadData2DParams(0, K * N * 2 // 512, 1, 0, 0, False, 0))
    asc.data_copy(t1, tg, N)
    flag(E.MTE2_MTE1)
    asc.data_copy(t2, t1, N)  # L1 -> the bias table (C2)
    flag(E.MTE1_M)
    flag(E.MTE2_M)
    asc.mmad(c1, a2, b2, t2, asc.MmadParams(M, N, K))
    flag(E.M_FIX)
    asc.fixpipe(cg, c1, fix_params(M, N))


@api("mmad")
def test_mmad_with_bias():
    """The page's bias form: dst = fm x filter + bias, one bias per column (the bias in the bias table C2)."""
    M, N, K = 32, 32, 16
    A, B = ints((M, K), "float16", 9), ints((K, N), "float16", 10)
    bias = ints(N, "float32", 11, -100, 100)
    c = np.zeros((M, N), np.float32)
    bias_kernel[1](zz(A), zn(B), bias, c, M, N, K)
    same(c, A.astype(np.float32) @ B.astype(np.float32) + bias)


# ---- hf32 / layout transform ----------------------------------------------------------------------------------
HF32_IN = np.array([1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, -(1 + 2.0 ** -11), 1 + 2.0 ** -12, 3.0, 1 + 2.0 ** -10,
                    2 - 2.0 ** -11, 0.5 + 2.0 ** -13], np.float32)


def hf32(v, toward_zero):
    """float32 -> 1 + 8 + 10 bit HF32 (HF32's 10-bit mantissa: issue 29, item 3): nearest even, or toward zero."""
    m, e = np.frexp(v.astype(np.float64))
    q = m * 2 ** 11  # 11 significant bits (10 stored + the hidden one)
    q = np.trunc(q) if toward_zero else np.rint(q)
    return (q / 2 ** 11 * 2.0 ** e).astype(np.float32)


def hf32_case(mode, trans):
    """A's first column holds HF32_IN, B = I (8 x 16 float, K0 = 8): C's first column is A rounded to HF32."""
    A = np.zeros((16, 8), np.float32)
    A[:8, 0] = HF32_IN
    B = np.zeros((8, 16), np.float32)
    B[0, 0] = 1.0

    def before():
        asc.set_hf32_mode(mode)
        if trans is not None:
            asc.set_hf32_trans_mode(trans)
    return run_mm(A, B, "float32", before)[:8, 0]


@api("set_hf32_mode")
def test_hf32_mode():
    """set_hf32_mode(True): float operands of L0A / L0B are rounded to HF32 first (default nearest even);
    set_hf32_mode(False): a plain float product."""
    same(hf32_case(False, None), HF32_IN)
    same(hf32_case(True, None), hf32(HF32_IN, False))


@api("set_hf32_trans_mode")
def test_hf32_trans_mode_false_is_nearest_even():
    same(hf32_case(True, False), hf32(HF32_IN, False))


@api("set_hf32_trans_mode")
def test_hf32_trans_mode_true_is_toward_zero():
    """The page: True rounds FP32 to HF32 toward zero (1 + 2**-11 -> 1)."""
    same(hf32_case(True, True), hf32(HF32_IN, True))


@api("set_mm_layout_transform")
@pytest.mark.parametrize("mode", [True, False])
def test_mm_layout_transform_keeps_the_product(mode):
    """The page: the cube walks N first (True) or M first (False); the product is the same."""
    A, B = ints((32, 32), "float16", 12), ints((32, 48), "float16", 13)
    same(run_mm(A, B, "float32", lambda: asc.set_mm_layout_transform(mode)), A.astype(np.float32) @ B.astype(np.float32))


# ---- load_data -----------------------------------------------------------------------------------------------
@asc.jit
def l1_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, M1: asc.ConstExpr[int],
              K1: asc.ConstExpr[int], N1: asc.ConstExpr[int], gm_to_l1: asc.ConstExpr[bool]):
    """A and B in L1 as Nz (A: M x K, B: K x N, half); L1 -> L0A one row of fractals per load (start_index i,
    repeat K1, src_stride M1: every M1-th fractal), L1 -> L0B with if_transpose (Nz -> Zn, per K row)."""
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.float16, P.A1, 0, M1 * K1 * 256)
    b1 = asc.LocalTensor(asc.float16, P.B1, M1 * K1 * 512, K1 * N1 * 256)
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, M1 * K1 * 256)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, K1 * N1 * 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, M1 * N1 * 256)
    if gm_to_l1:  # the page's GM -> L1 load; 512 bytes a repeat, src_stride 1 (start to start)
        asc.load_data(a1, ag, asc.LoadData2DParams(0, M1 * K1, 1, 0, 0, False, 0))
        asc.load_data(b1, bg, asc.LoadData2DParams(0, K1 * N1, 1, 0, 0, False, 0))
    else:
        asc.data_copy(a1, ag, M1 * K1 * 256)
        asc.data_copy(b1, bg, K1 * N1 * 256)
    flag(E.MTE2_MTE1)
    for i in asc.static_range(M1):
        asc.load_data(a2[i * K1 * 256], a1, asc.LoadData2DParams(i, K1, M1, 0, 0, False, 0))
    for k in asc.static_range(K1):
        asc.load_data(b2[k * N1 * 256], b1, asc.LoadData2DParams(k, N1, K1, 0, 0, True, 0))
    flag(E.MTE1_M)
    asc.mmad(c1, a2, b2, asc.MmadParams(M1 * 16, N1 * 16, K1 * 16))
    flag(E.M_FIX)
    asc.fixpipe(cg, c1, fix_params(M1 * 16, N1 * 16))


@api("load_data")
@pytest.mark.parametrize("gm_to_l1", [False, True])
def test_load_data_l1_start_stride_transpose(gm_to_l1):
    """load_data A1 -> A2 with start_index / src_stride (fractals apart, start to start) and B1 -> B2 with
    if_transpose (each 16 x 16 fractal transposed: Nz's row-major inside becomes Zn's n-major); L1 filled
    by data_copy or by the page's GM -> L1 load_data."""
    M1, K1, N1 = 2, 3, 2
    A, B = ints((32, 48), "float16", 14), ints((48, 32), "float16", 15)
    c = np.zeros((32, 32), np.float32)
    l1_kernel[1](nz(A), nz(B), c, M1, K1, N1, gm_to_l1)
    same(c, A.astype(np.float32) @ B.astype(np.float32))


@asc.jit
def trans_kernel(b: asc.GlobalAddress, c: asc.GlobalAddress, v2: asc.ConstExpr[bool]):
    """One 16 x 16 half fractal in B1 loaded transposed into B2 (load_data_with_transpose); A = I."""
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    b1 = asc.LocalTensor(asc.float16, P.B1, 0, 256)
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 256)
    asc.data_copy(b1, bg[256], 256)
    asc.load_data(a2, bg, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
    flag(E.MTE2_MTE1)
    if v2:
        asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParamsV2(0, 1, 0, 0, 0, 0, 0))
    else:
        asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(0, 1, 0, 0, 0, 0))
    flag(E.MTE1_M)
    flag(E.MTE2_M)
    asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))
    flag(E.M_FIX)
    asc.fixpipe(cg, c1, fix_params(16, 16))


@api("load_data_with_transpose")
@pytest.mark.parametrize("v2", [False, True])
def test_load_data_with_transpose(v2):
    """The page's two parameter forms (V1 (0, 4, 0, 0, 0, 0) and V2 (0, 4, 0, 0, 0, 0, 0), here one repeat): a
    16 x 16 half fractal S of B1 lands in B2 transposed.  L0B is Zn (n-major), so B[k][n] = L0B[16 n + k] =
    S[k][n]: with A = I, C = S."""
    S = ints((16, 16), "float16", 16)
    ident = np.eye(16, dtype=np.float16)
    c = np.zeros((16, 16), np.float32)
    trans_kernel[1](np.concatenate([zz(ident), S.ravel()]), c, v2)
    same(c, S.astype(np.float32))


# ---- load_data 3D, padding value, boundary, repeat ---------------------------------------------------------------
@asc.jit
def im2col_kernel(fm: asc.GlobalAddress, c: asc.GlobalAddress, H: asc.ConstExpr[int], W: asc.ConstExpr[int],
                  pad: asc.ConstExpr[int], pad_value: asc.ConstExpr, reg_pad: asc.ConstExpr, l1_at: asc.ConstExpr[int],
                  boundary: asc.ConstExpr[int], repeat: asc.ConstExpr):
    """A 1 x 1 kernel, stride 1 over an H x W x 16 half feature map in L1 (C1 = 1) with `pad` on every side: the
    output positions (H + 2 pad) x (W + 2 pad) row-major are the rows of A (K = 16 channels); B = I."""
    fg = asc.GlobalTensor()
    fg.set_global_buffer(fm)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    M = (H + 2 * pad) * (W + 2 * pad)
    M16 = -(-M // 16) * 16
    a1 = asc.LocalTensor(asc.float16, P.A1, 0, 4096)
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, M16 * 16)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, M16 * 16)
    first = (boundary - l1_at) // 2 if boundary else H * W * 16  # elements before the boundary
    asc.data_copy(a1[l1_at // 2], fg, min(first, H * W * 16))
    if boundary and first < H * W * 16:  # the rest wraps to the start of L1
        asc.data_copy(a1, fg[first], H * W * 16 - first)
    asc.load_data(b2, fg[H * W * 16], asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
    flag(E.MTE2_MTE1)
    if boundary:
        asc.set_load_data_boundary(boundary)
    if reg_pad is not None:
        asc.set_load_data_padding_value(reg_pad)
    if repeat is not None:
        asc.set_load_data_repeat(asc.LoadDataRepeatParam(*repeat))
    p = asc.LoadData3DParamsV2(pad_list=[pad, pad, pad, pad], l1_h=H, l1_w=W, channel_size=16, k_extension=16,
                               m_extension=M, k_start_pt=0, m_start_pt=0, stride_w=1, stride_h=1, filter_w=1,
                               filter_h=1, dilation_filter_w=1, dilation_filter_h=1, en_transpose=False,
                               pad_value=pad_value)
    asc.load_data(a2, a1[l1_at // 2], p)
    flag(E.MTE1_M)
    flag(E.MTE2_M)
    asc.mmad(c1, a2, b2, asc.MmadParams(M, 16, 16))
    flag(E.M_FIX)
    asc.fixpipe(cg, c1, fix_params(M, 16))


def im2col_want(fm, H, W, pad, value):
    Hp, Wp = H + 2 * pad, W + 2 * pad
    out = np.full((Hp, Wp, 16), value, np.float32)
    out[pad:pad + H, pad:pad + W] = fm.reshape(H, W, 16)
    return out.reshape(Hp * Wp, 16)


def run_im2col(H, W, pad, value, reg_pad=None, l1_at=0, boundary=0, repeat=None):
    fm = ints(H * W * 16, "float16", 17)
    M = (H + 2 * pad) * (W + 2 * pad)
    x = np.concatenate([fm, zz(np.eye(16, dtype=np.float16))])
    c = np.zeros((M, 16), np.float32)
    im2col_kernel[1](x, c, H, W, pad, value, reg_pad, l1_at, boundary, repeat)
    return c, im2col_want(fm, H, W, pad, value)


@api("load_data")
@pytest.mark.parametrize("value", [0.0, 2.0, -7.0])
def test_load3d_pad_value(value):
    """LoadData3DParamsV2's pad_value fills the padded positions: a 2 x 2 map padded by 1 gives 16 rows, 12 of them
    padding."""
    got, want = run_im2col(2, 2, 1, value)
    same(got, want)


@api("set_load_data_padding_value")
def test_set_load_data_padding_value_is_reset_by_the_load():
    """set_load_data_padding_value (its example values 10 and 2.0) sets the pad register; pyasc's load_data takes
    Ascend C's default IsResetLoad3dConfig (isSetPadding true), which sets the register from the parameters'
    pad_value (Ascend C LoadData_3D and SetLoadDataPaddingValue: with isSetPadding true the value set by this
    interface does not apply -- the pyasc page states the two cases the other way round).  So the pad is the
    parameters' 3, not 10."""
    got, want = run_im2col(2, 2, 1, 3.0, reg_pad=10)
    same(got, want)
    got, want = run_im2col(2, 2, 1, -1.0, reg_pad=2.0)
    same(got, want)


@api("load_data")
def test_load3d_without_padding_is_the_map():
    got, want = run_im2col(4, 4, 0, 0.0)
    same(got, want)


@api("set_load_data_boundary")
def test_load3d_boundary_wraps_to_the_start():
    """set_load_data_boundary(1024) (the page's example value, bytes for load3d v2): a map starting at L1 byte 960
    reads its bytes from 1024 on at L1 address 0 (the page: past the boundary, reads restart at A1's start)."""
    got, want = run_im2col(2, 2, 0, 0.0, l1_at=960, boundary=1024)
    same(got, want)


@api("set_load_data_boundary")
def test_load3d_boundary_zero_is_no_boundary():
    """The page: a boundary of 0 means none -- the whole of A1 is usable."""
    got, want = run_im2col(4, 4, 1, 0.0, l1_at=2048, boundary=0)
    same(got, want)


@api("set_load_data_repeat")
def test_load3d_repeat_one():
    """set_load_data_repeat with the page's fields: one iteration (repeat_time 1, the default) loads as without it."""
    got, want = run_im2col(4, 4, 0, 0.0, repeat=(1, 0, 0))
    same(got, want)


@api("set_load_data_repeat")
def test_load3d_repeat_more_is_refused_clearly():
    """The page's example (repeat_time 4, repeat_stride 8, mode 0): where later iterations land in L0A is shown only in
    Ascend C's figures, and openasc refuses the form at its line rather than guess."""
    with pytest.raises(asc.KernelError, match="repeat_time .* is not simulated"):
        run_im2col(4, 4, 0, 0.0, repeat=(4, 8, 0))


# ---- fixpipe and the CO1 -> GM data_copy ------------------------------------------------------------------------
@asc.jit
def fix_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
               M: asc.ConstExpr[int], N: asc.ConstExpr[int], K: asc.ConstExpr[int], out: asc.ConstExpr):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws)
    e = a.dtype.sizeof()
    a2 = asc.LocalTensor(a.dtype, P.A2, 0, M * K)
    b2 = asc.LocalTensor(b.dtype, P.B2, 0, K * N)
    c1 = asc.LocalTensor(asc.float32 if a.dtype.is_float() else asc.int32, P.CO1, 0, M * N)
    w1 = asc.LocalTensor(asc.uint64, P.C1, 0, N)
    asc.load_data(a2, ag, asc.LoadData2DParams(0, M * K * e // 512, 1, 0, 0, False, 0))
    asc.load_data(b2, bg, asc.LoadData2DParams(0, K * N * e // 512, 1, 0, 0, False, 0))
    asc.data_copy(w1, wg, N)
    flag(E.MTE2_M)
    flag(E.MTE2_FIX)
    asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))
    flag(E.M_FIX)
    out(cg, c1, w1)


def run_fix(din, M, N, K, out, cdtype, scales=None, seed=18, n_out=None):
    A, B = ints((M, K), din, seed), ints((K, N), din, seed + 1)
    ws = np.zeros(N, np.uint64) if scales is None else scales
    c = np.zeros((M, n_out or N), cdtype)
    fix_kernel[1](zz(A), zn(B), c, ws, M, N, K, out)
    return c, A.astype(np.int64) @ B.astype(np.int64)


@api("fixpipe")
def test_fixpipe_page_example_no_quant():
    """The page's first example: n 16, m 16, NoQuant, nd_num 1, ReLU off (float result to GM as ND)."""
    c, ref = run_fix("float16", 16, 16, 16, lambda cg, c1, w: asc.fixpipe(cg, c1, fix_params(16, 16)), np.float32)
    same(c, ref.astype(np.float32))


@api("fixpipe")
def test_fixpipe_f322f16_relu_and_row_stride():
    """F322F16 quant (float -> half), relu_en, and a destination row of 40 elements for N = 32."""
    def out(cg, c1, w):
        asc.fixpipe(cg, c1, fix_params(32, 32, relu=True, quant=asc.QuantModes.F322F16, dst_stride=40))
    c, ref = run_fix("float16", 32, 32, 16, out, np.float16, n_out=40)
    same(c[:, :32], np.maximum(ref, 0).astype(np.float16))
    assert not c[:, 32:].any()


@api("fixpipe")
def test_fixpipe_deq_scalar():
    """DEQF16: int32 -> half by the scalar scale deq_scalar (a float's bits; 0.5)."""
    def out(cg, c1, w):
        asc.fixpipe(cg, c1, fix_params(16, 32, quant=asc.QuantModes.DEQF16,
                                       scalar=int(np.float32(0.5).view(np.uint32))))
    c, ref = run_fix("int8", 16, 32, 32, out, np.float16)
    same(c, (ref * 0.5).astype(np.float16))


@api("fixpipe")
def test_fixpipe_tensor_quant_workspace():
    """The page's second example form: fixpipe(dst, src, cbuf_workspace, params) with VDEQF16 -- one uint64
    scale per output column in L1 (a float's bits in the low word)."""
    N = 32
    sc = (np.arange(N) % 4 + 1).astype(np.float32) * 0.25
    ws = sc.view(np.uint32).astype(np.uint64)

    def out(cg, c1, w):
        asc.fixpipe(cg, c1, w, fix_params(16, N, quant=asc.QuantModes.VDEQF16))
    c, ref = run_fix("int8", 16, N, 32, out, np.float16, scales=ws)
    same(c, (ref * sc).astype(np.float16))


@api("set_fix_pipe_pre_quant_flag", "data_copy")
def test_co1_data_copy_with_pre_quant_flag():
    """set_fix_pipe_pre_quant_flag sets the scalar of a quantizing CO1 -> GM data_copy (DataCopyCO12DstParams
    with DEQF16 and nz2nd): int32 results times 0.25, as half, ND."""
    def out(cg, c1, w):
        asc.set_fix_pipe_pre_quant_flag(int(np.float32(0.25).view(np.uint32)))
        asc.data_copy(cg, c1, asc.DataCopyCO12DstParams(32, 16, 32, 16, asc.QuantModes.DEQF16, 0, False, True))
    c, ref = run_fix("int8", 16, 32, 32, out, np.float16)
    same(c, (ref * 0.25).astype(np.float16))


# ---- init_const_value -----------------------------------------------------------------------------------------
@asc.jit
def init_kernel(c: asc.GlobalAddress, b: asc.GlobalAddress, dst_pos: asc.ConstExpr, params: asc.ConstExpr):
    """init_const_value into A1 (then an L1 -> L0A load) or straight into A2; B = I; C = A."""
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.float16, P.A1, 0, 1024)
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, 1024)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 1024)
    asc.load_data(b2, bg, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
    if dst_pos == "A1":
        asc.load_data(a2, bg[256], asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))  # zeros first
        flag(E.MTE2_MTE1)
        asc.init_const_value(dst=a1, init_const_value_params=params())
        flag(E.MTE2_MTE1)
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    else:
        asc.load_data(a2, bg[256], asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
        flag(E.MTE2_MTE1)
        asc.init_const_value(dst=a2, init_const_value_params=params())
    flag(E.MTE1_M)
    flag(E.MTE2_M)
    asc.mmad(c1, a2, b2, asc.MmadParams(64, 16, 16))
    flag(E.M_FIX)
    asc.fixpipe(cg, c1, fix_params(64, 16))


def run_init(dst_pos, params):
    b = np.concatenate([zz(np.eye(16, dtype=np.float16)), np.zeros(1024, np.float16)])
    c = np.zeros((64, 16), np.float32)
    init_kernel[1](c, b, dst_pos, params)
    return c


@api("init_const_value")
def test_init_const_value_page_example_a1():
    """The page's example values (repeat_times 1, block_num 2, dst_gap 0, init_value 2.2) on an A1 half tensor:
    2 blocks of 32 bytes = the first 32 halves become 2.2; the rest of the 64 x 16 A stays 0."""
    c = run_init("A1", lambda: asc.InitConstValueParams(repeat_times=1, block_num=2, dst_gap=0, init_value=2.2))
    want = np.zeros(1024, np.float32)
    want[:32] = np.float16(2.2)
    same(c, want.reshape(64, 16))  # A1 and L0A both hold A's fractals in order here (one column of 4)


@api("init_const_value")
def test_init_const_value_a2_repeats_and_gap():
    """A2: blocks of 512 bytes; repeat_times 2 of block_num 1 with dst_gap 1 (512 bytes skipped): fractals 0
    and 2 of the four become -3."""
    c = run_init("A2", lambda: asc.InitConstValueParams(2, 1, 1, -3.0))
    want = np.zeros((4, 256), np.float32)
    want[[0, 2]] = -3.0
    same(c, want.reshape(64, 16))


# ---- sparse ------------------------------------------------------------------------------------------------------
@asc.jit
def sparse_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress, c: asc.GlobalAddress):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    ig = asc.GlobalTensor()
    ig.set_global_buffer(idx)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a2 = asc.LocalTensor(asc.int8, P.A2, 0, 16 * 64)
    b1 = asc.LocalTensor(asc.int8, P.B1, 0, 512)
    i1 = asc.LocalTensor(asc.int8, P.B1, 512, 128)
    b2 = asc.LocalTensor(asc.int8, P.B2, 0, 512)
    c1 = asc.LocalTensor(asc.int32, P.CO1, 0, 256)
    asc.load_data(a2, ag, asc.LoadData2DParams(0, 2, 1, 0, 0, False, 0))
    asc.data_copy(b1, bg, 512)
    asc.data_copy(i1, ig, 128)
    flag(E.MTE2_MTE1)
    params = asc.LoadData2DParams(repeat_times=1, src_stride=0, if_transpose=False)
    asc.load_data_with_sparse(dst=b2, src=b1, idx=i1, load_data_param=params)
    flag(E.MTE1_M)
    flag(E.MTE2_M)
    asc.mmad_with_sparse(c1, a2, b2, asc.MmadParams(m=16, n=16, k=64, is_bias=False, fm_offset=0, en_ssparse=False,
                                                    en_winograd_a=False, en_winograd_b=False))
    flag(E.M_FIX)
    asc.fixpipe(cg, c1, fix_params(16, 16))


@api("mmad_with_sparse", "load_data_with_sparse")
@pytest.mark.parametrize("pair,byte", [((0, 1), 0x00), ((2, 3), 0xAA), ((1, 3), 0x99)])
def test_mmad_with_sparse(pair, byte):
    """A (16 x 64 int8) times a 4:2-sparse B (64 x 16) stored dense (32 x 16: the two kept values of each group
    of 4) with 2-bit indices (Ascend C MmadWithSparse: the first index places the first value among elements
    0-2, the second the second among 1-3; four indices per byte, the first in the low bits).  Every group keeps
    the same two positions here, so the index bytes are all equal."""
    A = ints((16, 64), "int8", 20)
    Bd = ints((32, 16), "int8", 21)
    full = np.zeros((64, 16), np.int64)
    for g in range(16):
        full[4 * g + pair[0]] = Bd[2 * g]
        full[4 * g + pair[1]] = Bd[2 * g + 1]
    c = np.zeros((16, 16), np.int32)
    sparse_kernel[1](zz(A), zn(Bd), np.full(128, byte, np.uint8).view(np.int8), c)
    same(c, (A.astype(np.int64) @ full).astype(np.int32))


# ---- AIPP ------------------------------------------------------------------------------------------------------
@asc.jit
def aipp_kernel(img: asc.GlobalAddress, out: asc.GlobalAddress, swap: asc.ConstExpr[bool], cpad: asc.ConstExpr[int],
                hs: asc.ConstExpr[int], vs: asc.ConstExpr[int], h0: asc.ConstExpr[int], v0: asc.ConstExpr[int],
                sw: asc.ConstExpr[int]):
    """set_aipp_functions (the page's RGB888 int8 example: swap R and B, channel padding mode 0) then
    load_image_to_local into A1, copied back to GM."""
    rgb_gm = asc.GlobalTensor()
    rgb_gm.set_global_buffer(img)
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    swap_settings = asc.AippSwapParams(is_swap_rb=swap)
    cpad_settings = asc.AippChannelPaddingParams(c_padding_mode=0, c_padding_value=cpad)
    aipp_config_int8 = asc.AippParams(dtype=asc.int8, swap_params=swap_settings, c_padding_params=cpad_settings)
    asc.set_aipp_functions(rgb_gm, asc.AippInputFormat.RGB888_U8, aipp_config_int8)
    dst = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.A1, addr=0, tile_size=hs * vs * 32)
    asc.load_image_to_local(dst, asc.LoadImageToLocalParams(hs, vs, h0, v0, sw, 0, 0, 0, 0))
    flag(E.MTE2_MTE3)
    asc.data_copy(og, dst, hs * vs * 32)


@api("set_aipp_functions", "load_image_to_local")
@pytest.mark.parametrize("swap,cpad", [(True, -1), (False, 5)])
def test_aipp_rgb888_window(swap, cpad):
    """The pages' example settings (RGB888_U8, is_swap_rb, c_padding_mode 0 with c_padding_value -1, int8; the load
    LoadImageToLocalParams(2, 2, 0, 0, 2, ...)) and a 2 x 2 window at column 2, row 1 of a 6 x 3 image: HWC with
    the channels padded to 32 bytes (32 for int8) by the padding value; pixels below 128 pass the uint8 -> int8
    conversion unchanged (mean 0)."""
    W, H = 6, 3
    img = np.random.default_rng(22).integers(0, 128, (H, W, 3)).astype(np.uint8)
    for (hs, vs, h0, v0) in ((2, 2, 0, 0), (2, 2, 2, 1)):
        out = np.zeros(hs * vs * 32, np.int8)
        aipp_kernel[1](img.ravel(), out, swap, cpad, hs, vs, h0, v0, W)
        win = img[v0:v0 + vs, h0:h0 + hs].astype(np.int8)
        if swap:
            win = win[..., ::-1]
        want = np.full((vs, hs, 32), cpad, np.int8)
        want[..., :3] = win
        same(out, want.ravel())
