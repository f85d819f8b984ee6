"""The two-operand vector entries of asc.language.basic, from their pages: add, sub, mul, div, max,
min, add_relu, sub_relu, bitwise_and, bitwise_or, mul_add_dst, fused_mul_add, fused_mul_add_relu,
add_relu_cast, sub_relu_cast, mul_cast, add_deq_relu.

Each entry runs its page's three examples (mask=128 / mask=[u64max, u64max] with repeat_times=4 and
BinaryRepeatParams(1, 1, 1, 8, 8, 8), and count=512) and non-default forms: every data type the
Ascend C page lists for the Atlas A2, a short mask with unequal block and repeat strides, a bit mask,
and a count that ends inside a repeat.  References are numpy float64 rounded to the data type
(operands are quarters, so sums and products are exact in half) or integer arithmetic that wraps
(the boundary-value appendix: int16 32767 + 32767 = -2)."""
import numpy as np
import pytest

import asc
from kit import U64, api, cast_to, data, lanes, param, quarters, run, same

# name: (reference of (src0, src1, dst) in float64 / int64, data types of the Ascend C page, A2)
BINARY = {
    "add": (lambda a, b, d: a + b, ["float16", "float32", "int16", "int32"]),
    "sub": (lambda a, b, d: a - b, ["float16", "float32", "int16", "int32"]),
    "mul": (lambda a, b, d: a * b, ["float16", "float32", "int16", "int32"]),
    "div": (lambda a, b, d: a / b, ["float16", "float32"]),
    "max": (lambda a, b, d: np.maximum(a, b), ["float16", "float32", "int16", "int32"]),
    "min": (lambda a, b, d: np.minimum(a, b), ["float16", "float32", "int16", "int32"]),
    "add_relu": (lambda a, b, d: np.maximum(a + b, 0), ["float16", "float32", "int16"]),
    "sub_relu": (lambda a, b, d: np.maximum(a - b, 0), ["float16", "float32", "int16"]),
    "bitwise_and": (lambda a, b, d: a & b, ["int16", "uint16"]),
    "bitwise_or": (lambda a, b, d: a | b, ["int16", "uint16"]),
    # the page: "src0 * src1 + dst", "src0 * dst + src1", "relu(src0 * dst + src1)"
    "mul_add_dst": (lambda a, b, d: a * b + d, ["float16", "float32"]),
    "fused_mul_add": (lambda a, b, d: a * d + b, ["float16", "float32"]),
    "fused_mul_add_relu": (lambda a, b, d: np.maximum(a * d + b, 0), ["float16", "float32"]),
}
NAMES = sorted(BINARY)


def operands(n, dtype, seed):
    """src0, src1 and the initial dst; divisors stay away from zero."""
    if np.dtype(dtype).kind == "f":
        x, y, z = (quarters(n, dtype, seed=seed + i) for i in range(3))
        y[y == 0] = 0.75
        return x, y, z
    return tuple(data(n, dtype, -30000, 30000, seed + i) for i in range(3))


def ref(name, x, y, z):
    f = BINARY[name][0]
    if x.dtype.kind == "f":
        return cast_to(f(x.astype(np.float64), y.astype(np.float64), z.astype(np.float64)), x.dtype)
    wide = np.int64 if x.dtype.kind == "i" else np.uint64
    return f(x.astype(wide), y.astype(wide), z.astype(wide)).astype(x.dtype)


def example_dtype(name):
    return "float16" if "float16" in BINARY[name][1] else BINARY[name][1][0]


def level0_want(name, x, y, z, mask, repeat, blk, rep, nlanes=None):
    """dst after a level-0 call: lane k of repeat r reads src0/src1 and writes dst at their strides."""
    esz = x.dtype.itemsize
    od, o0, o1 = (lanes(mask, repeat, esz, blk[i], rep[i], nlanes) for i in range(3))
    want = z.copy()
    for r in range(repeat):
        want[od[r]] = ref(name, x[o0[r]], y[o1[r]], z[od[r]])
    return want


@pytest.mark.parametrize("name", [param(n) for n in NAMES])
@pytest.mark.parametrize("form", ["mask", "bits", "count"])
def test_page_examples(name, form):
    """The page's examples: 512 elements as 4 repeats of 128 (mask or all-ones bit mask), or count=512."""
    dtype = example_dtype(name)
    x, y, z = operands(512, dtype, 1)
    fn = getattr(asc, name)
    per = 256 // np.dtype(dtype).itemsize

    def op(dst, a, b):
        params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
        if form == "mask":
            fn(dst, a, b, mask=per, repeat_times=512 // per, repeat_params=params)
        elif form == "bits":
            fn(dst, a, b, mask=[U64, U64] if per == 128 else [U64], repeat_times=512 // per, repeat_params=params)
        else:
            fn(dst, a, b, count=512)
    same(run(op, x, y, z), ref(name, x, y, z))


CASES = [param(n, dt, id=f"{n}-{dt}") for n in NAMES for dt in BINARY[n][1]]


@pytest.mark.parametrize("name,dtype", CASES)
def test_count_tail(name, dtype):
    """count ends inside a repeat: the elements past it keep dst's value."""
    n = 1024 // np.dtype(dtype).itemsize
    x, y, z = operands(n, dtype, 2)
    m = n // 2 - 13

    def op(dst, a, b):
        getattr(asc, name)(dst, a, b, m)
    want = z.copy()
    want[:m] = ref(name, x[:m], y[:m], z[:m])
    same(run(op, x, y, z), want)


@pytest.mark.parametrize("name,dtype", CASES)
def test_short_mask_strides(name, dtype):
    """mask=37 over 3 repeats with dst (1, 8), src0 (2, 16), src1 (1, 9) block / repeat strides."""
    n = 2048 // np.dtype(dtype).itemsize
    x, y, z = operands(n, dtype, 3)
    blk, rep = (1, 2, 1), (8, 16, 9)

    def op(dst, a, b):
        getattr(asc, name)(dst, a, b, 37, 3, asc.BinaryRepeatParams(*blk, *rep))
    same(run(op, x, y, z), level0_want(name, x, y, z, 37, 3, blk, rep))


@pytest.mark.parametrize("name,dtype", CASES)
def test_bit_mask(name, dtype):
    """A sparse bit mask (word 0 = lanes 0-63) over 2 repeats, dst repeat stride 10 blocks."""
    esz = np.dtype(dtype).itemsize
    n = 2048 // esz
    x, y, z = operands(n, dtype, 4)
    mask = [0x8000F0F0000000F1, 0x0102040810204080] if esz == 2 else [0xC3000000FFFF0005]
    blk, rep = (1, 1, 1), (10, 8, 8)

    def op(dst, a, b):
        getattr(asc, name)(dst, a, b, mask, 2, asc.BinaryRepeatParams(*blk, *rep))
    same(run(op, x, y, z), level0_want(name, x, y, z, mask, 2, blk, rep))


@pytest.mark.parametrize("name", [param(n) for n in ("add", "mul", "max")])
def test_is_set_mask_false_uses_the_mask_register(name):
    """is_set_mask=False: the lanes come from set_vector_mask (the page of set_vector_mask: the
    mask argument must then be the placeholder; any value is ignored)."""
    x, y, z = operands(256, "float32", 5)

    def op(dst, a, b):
        asc.set_vector_mask(0, 0x00000000FFFF00FF, dtype=asc.float32, mode=asc.MaskMode.NORMAL)
        getattr(asc, name)(dst, a, b, 64, 2, asc.BinaryRepeatParams(), is_set_mask=False)
        asc.reset_mask()
    mask = [0x00000000FFFF00FF]
    same(run(op, x, y, z), level0_want(name, x, y, z, mask, 2, (1, 1, 1), (8, 8, 8)))


# ---- the conversions: add_relu_cast / sub_relu_cast / mul_cast / add_deq_relu ---------------------------------
# Ascend C AddReluCast / SubReluCast (A2): half -> int8, int16 -> int8, float -> half; MulCast: half -> int8 /
# uint8.  The result is converted with the precision-conversion rules (RINT, saturating: appendix table 26-28).
CAST_PAIRS = {"add_relu_cast": [("float32", "float16"), ("float16", "int8"), ("int16", "int8")],
              "sub_relu_cast": [("float32", "float16"), ("float16", "int8"), ("int16", "int8")],
              "mul_cast": [("float16", "int8"), ("float16", "uint8")]}
CAST_F = {"add_relu_cast": lambda a, b: np.maximum(a + b, 0), "sub_relu_cast": lambda a, b: np.maximum(a - b, 0),
          "mul_cast": lambda a, b: a * b}


def convert(v, dtype):
    """float64 -> dtype: round half to even, integers saturate."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return cast_to(v, dtype)
    info = np.iinfo(dtype)
    return np.clip(np.rint(v), info.min, info.max).astype(dtype)


def cast_operands(n, src, seed):
    if np.dtype(src).kind == "f":
        x, y = quarters(n, src, -600, 600, seed), quarters(n, src, -600, 600, seed + 1)
        return x, y
    return data(n, src, -200, 200, seed), data(n, src, -200, 200, seed + 1)


CAST_CASES = [param(n, s, d, id=f"{n}-{s}-{d}") for n in sorted(CAST_PAIRS) for s, d in CAST_PAIRS[n]]


@pytest.mark.parametrize("name,src,dst", CAST_CASES)
@pytest.mark.parametrize("form", ["count", "mask", "bits"])
def test_cast_family(name, src, dst, form):
    """The page's three forms with 512 elements; lanes per repeat are those of the wider type
    (Cast's rule: the wider operand sets the repeat), the narrower operand's repeat stride is half."""
    x, y = cast_operands(512, src, 6)
    z = np.full(512, 7, dst)
    wide = max(np.dtype(src).itemsize, np.dtype(dst).itemsize)
    per = 256 // wide
    fn = getattr(asc, name)
    ratio = np.dtype(src).itemsize // np.dtype(dst).itemsize  # 2: dst blocks are half as many

    def op(out, a, b):
        params = asc.BinaryRepeatParams(1, 1, 1, 8 // ratio, 8, 8)
        if form == "count":
            fn(out, a, b, count=500)
        elif form == "mask":
            fn(out, a, b, mask=per, repeat_times=2, repeat_params=params)
        else:
            fn(out, a, b, mask=[U64, U64] if per == 128 else [U64], repeat_times=2, repeat_params=params)
    got = run(op, x, y, z)
    full = convert(CAST_F[name](x.astype(np.float64), y.astype(np.float64)), dst)
    want = z.copy()
    k = 500 if form == "count" else 2 * per
    want[:k] = full[:k]
    same(got, want)


@api("add_deq_relu", "set_deq_scale")
@pytest.mark.parametrize("form", ["count", "mask", "bits"])
def test_add_deq_relu(form):
    """Ascend C AddDeqRelu: dst(half) = relu(cast_rint((src0 + src1) * scale)), scale from the
    set_deq_scale(half) form; the page's examples use scale 0.1 and the three forms."""
    x, y = data(512, "int32", -5000, 5000, 7), data(512, "int32", -5000, 5000, 8)
    z = np.full(512, 3, np.float16)
    scale = 0.1

    def op(out, a, b):
        asc.set_deq_scale(scale)
        params = asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8)
        if form == "count":
            asc.add_deq_relu(out, a, b, count=512)
        elif form == "mask":
            asc.add_deq_relu(out, a, b, mask=64, repeat_times=8, repeat_params=params)
        else:
            asc.add_deq_relu(out, a, b, mask=[0xFFFF0000FFFF0000], repeat_times=8, repeat_params=params)
    got = run(op, x, y, z)
    # the scale is a half: 0.1 in half is 0.0999755859375
    full = cast_to(np.maximum((x.astype(np.float64) + y) * float(np.float16(scale)), 0), np.float16)
    want = z.copy()
    if form == "bits":
        idx = lanes([0xFFFF0000FFFF0000], 8, 4, 1, 8)  # int32 lanes of each repeat: same element index in dst
        want[idx.ravel()] = full[idx.ravel()]
    else:
        want[:] = full
    np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=1e-3, atol=1e-3)
