"""copy (CopyRepeatParams), transpose 16 x 16, brcb, gather (count and level 0) and gatherb
against numpy."""
import numpy as np
import pytest

import asc
from basic_kernels import data, lane_offsets, mask_bits, run

B1632 = ["float16", "float32", "int16", "uint16", "int32", "uint32"]


@pytest.mark.parametrize("dtype", B1632)
@pytest.mark.parametrize("mask,strides", [(None, (1, 1, 8, 8)), (19, (2, 1, 16, 8)), ("bits", (1, 3, 8, 24))])
def test_copy(dtype, mask, strides):
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    if mask is None:
        mask = lanes
    elif mask == "bits":
        mask = [0x8000000000000001, 0x7] if lanes == 128 else [0xFFFFFFFF00000001]
    dblk, sblk, drep, srep = strides
    repeat = 3
    x = data(per * (srep * repeat + 8 * sblk), dtype, seed=1)
    if np.dtype(dtype).kind == "f":
        x.view(np.uint16 if esz == 2 else np.uint32)[3] = 0x7E01 if esz == 2 else 0x7FC00123  # a NaN payload
    z = data(per * (drep * repeat + 8 * dblk), dtype, seed=2)

    def op(dst, a, _):
        asc.copy(dst, a, mask, repeat, asc.CopyRepeatParams(dst_stride=dblk, src_stride=sblk, dst_repeat_size=drep,
                                                              src_repeat_size=srep))
    got = run(op, x, x[:per], z)
    od, os_ = lane_offsets(repeat, lanes, esz, dblk, drep), lane_offsets(repeat, lanes, esz, sblk, srep)
    want = z.copy()
    on = np.nonzero(mask_bits(mask, lanes))[0]
    for r in range(repeat):
        want[od[r, on]] = x[os_[r, on]]
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))  # bytes: NaN payloads kept


def test_copy_dst_stride_zero_is_an_error():
    x = data(64, "float32")

    def op(dst, a, _):
        asc.copy(dst, a, 64, 1, asc.CopyRepeatParams())  # pyasc's defaults: dst_stride=0
    with pytest.raises(Exception, match="dst block stride 0"):
        run(op, x, x[:8], np.zeros(64, np.float32))


@pytest.mark.parametrize("dtype", ["float16", "int16", "uint16"])
def test_transpose_16x16(dtype):
    x = data(256, dtype, seed=3)

    def op(dst, a, _):
        asc.transpose(dst, a)
    got = run(op, x, x[:16], np.zeros(256, dtype))
    np.testing.assert_array_equal(got, x.reshape(16, 16).T.ravel())


def test_transpose_4byte_is_an_error():
    x = data(256, "float32")

    def op(dst, a, _):
        asc.transpose(dst, a)
    with pytest.raises(Exception, match="not supported|2-byte"):
        run(op, x, x[:8], np.zeros(256, np.float32))


@pytest.mark.parametrize("dtype", ["float16", "float32", "int32"])
@pytest.mark.parametrize("blk,rep", [(1, 8), (2, 16), (0, 8)])
def test_brcb(dtype, blk, rep):
    esz = np.dtype(dtype).itemsize
    per = 32 // esz
    repeat = 2
    x = data(per * 2, dtype, seed=4)  # 16 elements used
    eb = blk or 1
    z = np.full(per * (rep * repeat + 8 * eb), 0, dtype)

    def op(dst, a, _):
        asc.brcb(dst, a, repeat, asc.BrcbRepeatParams(dst_blk_stride=blk, dst_rep_stride=rep))
    got = run(op, x, x[:per], z)
    want = z.copy()
    for r in range(repeat):
        for j in range(8):
            start = (32 * (r * rep + j * eb)) // esz
            want[start:start + per] = x[r * 8 + j]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["float16", "float32", "int16", "int32"])
def test_gather_count(dtype):
    esz = np.dtype(dtype).itemsize
    n_src, n = 512, 200
    src = data(n_src, dtype, seed=5)
    idx = np.random.default_rng(6).integers(0, n_src - 16, 256)
    base = 16 * esz
    off = (idx * esz).astype(np.uint32)  # src[(base + off) / esz] = src[16 + idx]
    z = np.zeros(256, dtype)

    def op(dst, a, o):
        asc.gather(dst, a, o, base, n)
    got = run(op, src, off, z)
    want = z.copy()
    want[:n] = src[16 + idx[:n]]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("mask", [70, "bits"])
def test_gather_level0(dtype, mask):
    esz = np.dtype(dtype).itemsize
    lanes = 256 // esz
    if mask == "bits":
        mask = [0x5555555555555555, 0x3] if lanes == 128 else [0x5555555555555555]
    repeat, drep = 2, 16
    src = data(1024, dtype, seed=7)
    idx = np.random.default_rng(8).integers(0, 1024, repeat * lanes)
    off = (idx * esz).astype(np.uint32)
    z = np.full(lanes * 4, -5, dtype)

    def op(dst, a, o):
        asc.gather(dst, a, o, 0, mask, repeat, drep)
    got = run(op, src, off, z)
    want = z.copy()
    on = mask_bits(mask, lanes)
    for r in range(repeat):
        for k in np.nonzero(on)[0]:
            want[32 * r * drep // esz + k] = src[idx[r * lanes + k]]
    np.testing.assert_array_equal(got, want)


def test_gather_offset_outside_src_is_reported():
    src = data(64, "float32")
    off = np.zeros(64, np.uint32)
    off[5] = 4 * 64  # one past the end of src

    def op(dst, a, o):
        asc.gather(dst, a, o, 0, 64)
    with pytest.raises(Exception, match="outside"):
        run(op, src, off, np.zeros(64, np.float32))


def test_gather_misaligned_offset_is_an_error():
    src = data(64, "float32")
    off = np.zeros(64, np.uint32)
    off[1] = 2

    def op(dst, a, o):
        asc.gather(dst, a, o, 0, 64)
    with pytest.raises(Exception, match="not a multiple of the element size"):
        run(op, src, off, np.zeros(64, np.float32))


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "float32"])
def test_gatherb(dtype):
    esz = np.dtype(dtype).itemsize
    per = 32 // esz
    src = data(per * 32, dtype, seed=9)
    blocks = np.random.default_rng(10).integers(0, 32, 16)
    off = (blocks * 32).astype(np.uint32)
    z = np.zeros(per * 40, dtype)
    blk, rep = 2, 20

    def op(dst, a, o):
        asc.gatherb(dst, a, o, 2, asc.GatherRepeatParams(dst_blk_stride=blk, dst_rep_stride=rep))
    got = run(op, src, off, z)
    want = z.copy()
    for r in range(2):
        for j in range(8):
            d0 = 32 * (r * rep + j * blk) // esz
            s0 = blocks[r * 8 + j] * per
            want[d0:d0 + per] = src[s0:s0 + per]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["float16", "int16", "float32"])
@pytest.mark.parametrize("kind", ["TRANSPOSE_NCHW2NHWC", "TRANSPOSE_NHWC2NCHW"])
@pytest.mark.parametrize("shape", [(1, 16, 4, 4), (2, 3, 4, 8)])
def test_transpose_ext_nchw_nhwc(dtype, kind, shape):
    n, c, h, w = shape
    esz = np.dtype(dtype).itemsize
    x = data(n * c * h * w, dtype, seed=11)
    tmp = np.zeros(((c + 2) if kind == "TRANSPOSE_NCHW2NHWC" else (2 * c + 1)) * 16 * 32, np.uint8)

    def op(dst, a, t):
        asc.transpose(dst, a, t, asc.TransposeParamsExt(n_size=n, c_size=c, h_size=h, w_size=w,
                                                        transpose_type=getattr(asc.TransposeType, kind)))
    got = run(op, x, tmp, np.zeros(x.size, dtype))
    if kind == "TRANSPOSE_NCHW2NHWC":
        want = x.reshape(n, c, h, w).transpose(0, 2, 3, 1).ravel()
    else:
        want = x.reshape(n, h, w, c).transpose(0, 3, 1, 2).ravel()
    np.testing.assert_array_equal(got, want)
    assert esz


def test_transpose_ext_nd2nd_b16_is_the_16x16_transpose():
    x = data(256, "float16", seed=12)

    def op(dst, a, t):
        asc.transpose(dst, a, t, asc.TransposeParamsExt(h_size=16, w_size=16))  # default TRANSPOSE_ND2ND_B16
    got = run(op, x, np.zeros(32, np.uint8), np.zeros(256, np.float16))
    np.testing.assert_array_equal(got, x.reshape(16, 16).T.ravel())


def test_transpose_ext_small_tmp_and_unsupported_type_are_errors():
    x = data(256, "float16", seed=13)

    def small(dst, a, t):
        asc.transpose(dst, a, t, asc.TransposeParamsExt(n_size=1, c_size=16, h_size=4, w_size=4,
                                                        transpose_type=asc.TransposeType.TRANSPOSE_NCHW2NHWC))
    with pytest.raises(Exception, match="outside"):
        run(small, x, np.zeros(512, np.uint8), np.zeros(256, np.float16))

    def nz(dst, a, t):
        asc.transpose(dst, a, t, asc.TransposeParamsExt(transpose_type=asc.TransposeType.TRANSPOSE_NZ2ND_0213))
    with pytest.raises(Exception, match="is not supported"):
        run(nz, x, np.zeros(512, np.uint8), np.zeros(256, np.float16))


@pytest.mark.parametrize("dtype", ["float16", "int16"])
@pytest.mark.parametrize("repeat,drep,srep", [(1, 0, 0), (4, 16, 1), (3, 17, 2)])
def test_trans_data_to_5hd_tensor_lists(dtype, repeat, drep, srep):
    x = data(1024 + 256, dtype, seed=14)
    z = data(2048, dtype, seed=15)

    def op(dst, a, _):
        p = asc.TransDataTo5HDParams(dst_high_half=False, src_high_half=False, repeat_times=repeat,
                                     dst_rep_stride=drep, src_rep_stride=srep)
        asc.trans_data_to_5hd([dst[16 * i] for i in range(16)], [a[64 * i] for i in range(16)], p)
    got = run(op, x, x[:16], z)
    want = z.copy()
    for r in range(repeat):
        for j in range(16):
            for e in range(16):
                want[16 * j + 16 * r * drep + e] = x[64 * e + 16 * r * srep + j]
    np.testing.assert_array_equal(got, want)


def test_trans_data_to_5hd_errors():
    x = data(512, "float32", seed=16)

    def b32(dst, a, _):
        asc.trans_data_to_5hd([dst[8 * i] for i in range(16)], [a[8 * i] for i in range(16)],
                              asc.TransDataTo5HDParams())
    with pytest.raises(TypeError, match="element type float32 is not supported"):  # the registry's dtypes
        run(b32, x, x[:8], np.zeros(512, np.float32))

    def short(dst, a, _):
        asc.trans_data_to_5hd([dst], [a], asc.TransDataTo5HDParams())
    with pytest.raises(ValueError, match="16 tensors"):
        run(short, x, x[:8], np.zeros(512, np.float32))


def test_scatter_is_not_available_on_a2_a3():
    """As in pyasc, a call of a function the platform lacks traces; running it is an error at its line."""
    def op(dst, a, o):
        asc.scatter(dst, a, o, 0, 64)
    with pytest.raises(asc.KernelError, match="asc.scatter is not available on Ascend910B1: the Atlas A2/A3 vector"):
        run(op, data(64, "float32"), np.zeros(64, np.uint32), np.zeros(64, np.float32))


@asc.jit
def scatter_if(x: asc.GlobalAddress, n: int):
    if n > 100:
        xl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
        asc.scatter(xl, xl, xl.reinterpret_cast(asc.uint32), dst_base=0, count=64)


def test_an_unavailable_call_not_run_is_no_error():
    scatter_if[1](np.zeros(8, np.float32), 1)
    with pytest.raises(asc.KernelError, match="scatter is not available"):
        scatter_if[1](np.zeros(8, np.float32), 101)


def test_gather_src_base_is_uint32():
    src = data(64, "float32")

    def op(dst, a, o):
        asc.gather(dst, a, o, 0xFFFFFFF0, 8)  # a uint32 base: far outside src, reported (not wrapped negative)
    with pytest.raises(Exception, match=r"read of bytes \[4294967280"):
        run(op, src, np.zeros(64, np.uint32), np.zeros(64, np.float32))
