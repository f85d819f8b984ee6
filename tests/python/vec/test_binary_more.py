"""add_relu, sub_relu, bitwise_and/or/not, shift_left/right, fused_mul_add, fused_mul_add_relu and
mul_add_dst in the count form (with a tail) and the level-0 forms, against numpy."""
import numpy as np
import pytest

import asc
from basic_kernels import data, lane_offsets, mask_bits, run

BIN = {"add_relu": (lambda a, b, d: np.maximum(a + b, 0), ["float16", "float32", "int16"]),
       "sub_relu": (lambda a, b, d: np.maximum(a - b, 0), ["float16", "float32", "int16"]),
       "bitwise_and": (lambda a, b, d: a & b, ["int16", "uint16"]),
       "bitwise_or": (lambda a, b, d: a | b, ["int16", "uint16"]),
       "fused_mul_add": (lambda a, b, d: a * d + b, ["float16", "float32"]),
       "fused_mul_add_relu": (lambda a, b, d: np.maximum(a * d + b, 0), ["float16", "float32"]),
       "mul_add_dst": (lambda a, b, d: a * b + d, ["float16", "float32"])}
CASES = [(n, dt) for n, (_, dts) in sorted(BIN.items()) for dt in dts]


def operands(dtype, n, seed):
    if np.dtype(dtype).kind == "f":
        return [np.round(data(n, dtype, -20, 20, seed + i)) / 4 for i in range(3)]  # products exact
    info = np.iinfo(dtype)
    rng = np.random.default_rng(seed)
    return [rng.integers(info.min, info.max, n, endpoint=True).astype(dtype) for _ in range(3)]


def ref(name, x, y, z):
    f = BIN[name][0]
    if x.dtype.kind == "f":
        return f(x.astype(np.float64), y.astype(np.float64), z.astype(np.float64)).astype(x.dtype)
    w = f(x.astype(np.int64), y.astype(np.int64), z.astype(np.int64))
    return w.astype(x.dtype)  # wraps like the hardware's int16 add


@pytest.mark.parametrize("name,dtype", CASES)
def test_count_form_with_tail(name, dtype):
    n, m = 512, 300
    x, y, z = operands(dtype, n, 1)

    def op(dst, a, b):
        getattr(asc, name)(dst, a, b, m)
    got = run(op, x, y, z)
    want = z.copy()
    want[:m] = ref(name, x[:m], y[:m], z[:m])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name,dtype", CASES)
@pytest.mark.parametrize("mask", [33, "bits"])
def test_level0(name, dtype, mask):
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    if mask == "bits":
        mask = [0x0123456789ABCDEF, 0xFEDCBA9876543210] if lanes == 128 else [0x0123456789ABCDEF]
    repeat = 2
    x, y, z = operands(dtype, per * 32, 2)
    p = dict(dst_blk_stride=1, src0_blk_stride=2, src1_blk_stride=1, dst_rep_stride=8, src0_rep_stride=16,
             src1_rep_stride=9)

    def op(dst, a, b):
        getattr(asc, name)(dst, a, b, mask, repeat, asc.BinaryRepeatParams(**p))
    got = run(op, x, y, z)
    od, oa, ob = (lane_offsets(repeat, lanes, esz, 1, 8), lane_offsets(repeat, lanes, esz, 2, 16),
                  lane_offsets(repeat, lanes, esz, 1, 9))
    on = mask_bits(mask, lanes)
    want = z.copy()
    for r in range(repeat):
        k = np.nonzero(on)[0]
        want[od[r, k]] = ref(name, x[oa[r, k]], y[ob[r, k]], z[od[r, k]])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["int16", "uint16"])
def test_bitwise_not(dtype):
    x, _, z = operands(dtype, 256, 3)

    def cnt(dst, a, _):
        asc.bitwise_not(dst, a, 200)
    want = z.copy()
    want[:200] = ~x[:200]
    np.testing.assert_array_equal(run(cnt, x, x[:16], z), want)

    def l0(dst, a, _):
        asc.bitwise_not(dst, a, [0xFF00FF00FF00FF00, 1], 2, asc.UnaryRepeatParams())
    on = mask_bits([0xFF00FF00FF00FF00, 1], 128)
    want = z.copy()
    for r in range(2):
        idx = r * 128 + np.nonzero(on)[0]
        want[idx] = ~x[idx]
    np.testing.assert_array_equal(run(l0, x, x[:16], z), want)


@pytest.mark.parametrize("dtype", ["int16", "uint16", "int32", "uint32"])
@pytest.mark.parametrize("shift", [0, 1, 5, 15])
def test_shifts(dtype, shift):
    x, _, z = operands(dtype, 256, 4)
    bits = 8 * np.dtype(dtype).itemsize

    def left(dst, a, _):
        asc.shift_left(dst, a, shift, 250)
    want = z.copy()
    want[:250] = (x[:250].astype(np.int64) << shift).astype(np.uint64).astype(dtype) if True else 0
    np.testing.assert_array_equal(run(left, x, x[:16], z), want)

    def right(dst, a, _):  # arithmetic for signed, logical for unsigned
        asc.shift_right(dst, a, shift, 50, 2, asc.UnaryRepeatParams())
    lanes = 256 * 8 // bits
    want = z.copy()
    for r in range(2):
        idx = r * lanes + np.arange(50)
        want[idx] = x[idx] >> shift
    np.testing.assert_array_equal(run(right, x, x[:16], z), want)


@pytest.mark.parametrize("name,dtype", [("bitwise_and", "float32"), ("add_relu", "int32"),
                                        ("shift_left", "float16"), ("fused_mul_add", "int16")])
def test_unsupported_dtype_is_an_error(name, dtype):
    x = np.zeros(64, dtype)

    def op(dst, a, b):
        if name == "shift_left":
            getattr(asc, name)(dst, a, 1, 64)
        else:
            getattr(asc, name)(dst, a, b, 64)
    with pytest.raises(Exception, match="not supported"):
        run(op, x, x, x)
