"""pyasc's asc.language.adv.softmax page.

The page gives the computation as Python (per row of src viewed as [m, n]: max, exp(src - max),
sum, exp / sum) and the constraints: sum and max are outputs whose last axis is fixed at 32 bytes
(one block per row), with the same dtype; src and dst may be the same tensor; a half src/dst may
take float sum/max (the "LocalTensor types differ" prototype); temp_buffer, basic_block and
data_format_nz are options.  The reference is that Python in float64.  What the 32-byte block of a
row holds is on Ascend C's SoftMax page (device kit docs/zh/api/SIMD-API/高阶API/激活函数/SoftMax接口/
SoftMax.md: "broadcast [m, 1] to [m, 8] for float", every element of the block is the row's value),
which also gives an 8 x 8 float example whose printed sums, maxima and results are checked.
Tolerances: float: the exp and the division are rounded (a few ulp); half: the result is rounded to
half (2^-11 relative) after a float computation."""
import numpy as np
import pytest

import asc
import asc.runtime.config as config

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC
pytestmark = pytest.mark.api("asc.language.adv.softmax")


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def k_softmax(x: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.GlobalAddress, mx: asc.GlobalAddress,
              height: asc.ConstExpr[int], width: asc.ConstExpr[int], tmp_bytes: asc.ConstExpr[int],
              inplace: asc.ConstExpr[bool], basic_block: asc.ConstExpr[bool]):
    """The page's example flow: src from in_queue_src, sum and max from their queues, dst from
    out_queue_dst, then enque / free."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    mg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    sg.set_global_buffer(s)
    mg.set_global_buffer(mx)
    blk = 32 // s.dtype.sizeof()
    pipe = asc.TPipe()
    in_queue_src = asc.TQue(VECIN, 1)
    out_queue_dst = asc.TQue(VECOUT, 1)
    sum_queue = asc.TQue(VECOUT, 1)
    max_queue = asc.TQue(VECOUT, 1)
    pipe.init_buffer(in_queue_src, 1, height * width * x.dtype.sizeof())
    pipe.init_buffer(out_queue_dst, 1, height * width * x.dtype.sizeof())
    pipe.init_buffer(sum_queue, 1, height * 32)
    pipe.init_buffer(max_queue, 1, height * 32)
    src_local = in_queue_src.alloc_tensor(x.dtype)
    asc.data_copy(src_local, xg, height * width)
    in_queue_src.enque(src_local)
    src_local = in_queue_src.deque(x.dtype)
    sum_temp_local = sum_queue.alloc_tensor(s.dtype)
    max_temp_local = max_queue.alloc_tensor(s.dtype)
    dst_local = out_queue_dst.alloc_tensor(x.dtype)
    tiling = asc.adv.SoftmaxTiling(src_m=height, src_k=width, src_size=height * width)
    if tmp_bytes > 0:
        tb = asc.TBuf(VECCALC)
        pipe.init_buffer(buf=tb, num=tmp_bytes)
        tmp = tb.get(asc.uint8)
        if inplace:
            asc.adv.softmax(src_local, sum_temp_local, max_temp_local, src_local, tiling, tmp,
                            basic_block=basic_block)
        else:
            asc.adv.softmax(dst_local, sum_temp_local, max_temp_local, src_local, tiling, temp_buffer=tmp,
                            basic_block=basic_block)
    else:
        if inplace:
            asc.adv.softmax(src_local, sum_temp_local, max_temp_local, src_local, tiling, basic_block=basic_block)
        else:
            asc.adv.softmax(dst_local, sum_temp_local, max_temp_local, src_local, tiling, basic_block=basic_block)
    if inplace:
        asc.data_copy(dst_local, src_local, height * width)
    out_queue_dst.enque(dst_local)
    sum_queue.enque(sum_temp_local)
    max_queue.enque(max_temp_local)
    in_queue_src.free_tensor(src_local)
    dst_local = out_queue_dst.deque(x.dtype)
    sum_temp_local = sum_queue.deque(s.dtype)
    max_temp_local = max_queue.deque(s.dtype)
    asc.data_copy(zg, dst_local, height * width)
    asc.data_copy(sg, sum_temp_local, height * blk)
    asc.data_copy(mg, max_temp_local, height * blk)
    out_queue_dst.free_tensor(dst_local)
    sum_queue.free_tensor(sum_temp_local)
    max_queue.free_tensor(max_temp_local)


def page_softmax(src):
    """The page's Python, in float64."""
    src = src.astype(np.float64)
    mx = np.max(src, axis=-1, keepdims=True)
    e = np.exp(src - mx)
    sm = np.sum(e, axis=-1, keepdims=True)
    return e / sm, mx, sm


def run(x, sum_dtype, tmp_bytes=0, inplace=False, basic_block=False):
    m, k = x.shape
    blk = 32 // np.dtype(sum_dtype).itemsize
    z = np.zeros_like(x)
    s = np.full(m * blk, -1, sum_dtype)
    mx = np.full(m * blk, -1, sum_dtype)
    k_softmax[1](x, z, s, mx, m, k, tmp_bytes, inplace, basic_block)
    return z, s.reshape(m, blk), mx.reshape(m, blk)


def check(x, z, s, mx):
    dst, rmax, rsum = page_softmax(x)
    half = x.dtype == np.float16
    np.testing.assert_allclose(z, dst, rtol=2e-3 if half else 4e-6, atol=1e-4 if half else 1e-7)
    blk = s.shape[1]
    # the row's max is an input element (exact, once in the sum/max dtype); its sum rounded once or twice
    np.testing.assert_array_equal(mx, np.repeat(rmax, blk, axis=1).astype(mx.dtype))
    np.testing.assert_allclose(s, np.repeat(rsum, blk, axis=1), rtol=2e-3 if s.dtype == np.float16 else 4e-6)


ASCEND_C_SRC = np.array([
    [-100, -80, -60, -50, -30, -20, -15, -10], [-9, -8, -7, -6, -5, -4, -3, -2],
    [-1.5, -1, -0.8, -0.6, -0.5, -0.45, -0.4, -0.35], [-0.3, -0.25, -0.2, -0.15, -0.1, -0.05, -0.01, -0.001],
    [0, 0.001, 0.01, 0.05, 0.1, 0.15, 0.2, 0.25], [0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.8, 1],
    [1.5, 2, 3, 4, 5, 6, 7, 8], [9, 10, 15, 20, 30, 50, 60, 80]], np.float32)


def test_ascend_c_example_8x8():
    """Ascend C's 8 x 8 float example: its printed sums and maxima (broadcast over the 8 floats of each
    row's block) and the rows of dst it prints."""
    z, s, mx = run(ASCEND_C_SRC, np.float32)
    want_sum = [1.0067834, 1.5814459, 5.971886, 7.051223, 6.880514, 5.239974, 1.5820376, 1.0]
    want_max = [-10, -2, -0.35, -0.001, 0.25, 1, 8, 80]
    np.testing.assert_allclose(s, np.repeat(np.array(want_sum)[:, None], 8, axis=1), rtol=2e-7)
    np.testing.assert_array_equal(mx, np.repeat(np.array(want_max, np.float32)[:, None], 8, axis=1))
    np.testing.assert_allclose(z[1], [0.00057661, 0.0015674, 0.00426062, 0.01158158, 0.03148199, 0.08557693,
                                      0.23262219, 0.63233274], rtol=1e-5)
    np.testing.assert_allclose(z[7, 7], 1.0, rtol=1e-7)
    check(ASCEND_C_SRC, z, s, mx)


@pytest.mark.parametrize("dtype,m,k", [(np.float32, 8, 64), (np.float16, 4, 128), (np.float32, 3, 200),
                                       (np.float16, 6, 48)])
def test_same_dtype(dtype, m, k):
    """Same-type prototype without a temp buffer; rows of several 32-byte blocks, an odd row count."""
    x = np.random.default_rng(k).uniform(-6, 6, (m, k)).astype(dtype)
    check(x, *run(x, dtype))


@pytest.mark.parametrize("m,k", [(8, 64), (5, 32)])
def test_half_data_float_sum_max(m, k):
    """Non-default prototype: half dst/src with float sum and max (8 floats per row's 32-byte block)."""
    x = np.random.default_rng(m).uniform(-8, 8, (m, k)).astype(np.float16)
    z, s, mx = run(x, np.float32)
    check(x, z, s, mx)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_temp_buffer_inplace_basic_block(dtype):
    """temp_buffer given, dst the same tensor as src (the page: src and dst may share their space), and
    basic_block=True (a performance switch: the same results)."""
    x = np.random.default_rng(5).uniform(-3, 3, (8, 64)).astype(dtype)
    for inplace, bb in ((True, False), (False, True), (True, True)):
        z, s, mx = run(x, dtype, tmp_bytes=16 * 1024, inplace=inplace, basic_block=bb)
        check(x, z, s, mx)


def test_large_magnitudes_do_not_overflow():
    """The max is subtracted before exp (the page's formula): rows of values near 80 and -100 give
    finite probabilities that sum to 1."""
    x = np.tile(np.array([80, 79, 60, -100, 0, 50, 80, 10], np.float32), (2, 1))
    z, s, mx = run(x, np.float32)
    assert np.isfinite(z).all()
    np.testing.assert_allclose(z.sum(axis=1), 1.0, rtol=1e-6)
    check(x, z, s, mx)


def test_data_format_nz_not_implemented_yet():
    """data_format_nz=True (NZ input, reduced over the last and first axes) is not implemented in openasc:
    a clear NotImplementedError naming the option (docs/api-status.md lists softmax's ND forms)."""
    x = np.zeros((2, 16), np.float32)

    @asc.jit(kernel_type=config.KernelType.AIV_ONLY)
    def k(x: asc.GlobalAddress):
        t = asc.LocalTensor(asc.float32, VECCALC, 0, 64)
        asc.adv.softmax(t, t[32], t[48], t, asc.adv.SoftmaxTiling(src_m=2, src_k=16), data_format_nz=True)
    with pytest.raises(NotImplementedError, match="NZ data format is not implemented yet"):
        k[1](x)
