"""The vector-and-scalar entries of asc.language.basic, from their pages: adds, muls, maxs, mins,
leaky_relu, shift_left, shift_right, axpy.

Each runs its page's three examples (mask=128 / [u64max, u64max] with repeat_times=4 and
UnaryRepeatParams(1, 1, 8, 8), count=512; scalar 2, axpy's 2.0) and non-default forms: every data
type of the Ascend C page (A2), negative and fractional scalars, a count ending inside a repeat, a
short mask with unequal strides, a bit mask.  Semantics the pyasc pages leave open come from the
Ascend C pages: LeakyRelu is src if src >= 0 else scalar * src; ShiftRight is arithmetic for signed
and logical for unsigned types, shifts of 0..bits; Axpy is dst = src * scalar + dst, half src into a
float dst taking the first 4 blocks of each repeat."""
import numpy as np
import pytest

import asc
from kit import U64, api, cast_to, data, lanes, param, quarters, run, same

FI = ["float16", "float32", "int16", "int32"]
SHIFT_T = ["int16", "uint16", "int32", "uint32"]
SCALAR = {
    "adds": (lambda a, s: a + s, FI),
    "muls": (lambda a, s: a * s, FI),
    "maxs": (lambda a, s: np.maximum(a, s), FI),
    "mins": (lambda a, s: np.minimum(a, s), FI),
    "leaky_relu": (lambda a, s: np.where(a >= 0, a, a * s), ["float16", "float32"]),
    "shift_left": (lambda a, s: a << s, SHIFT_T),
    "shift_right": (lambda a, s: a >> s, SHIFT_T),
}
NAMES = sorted(SCALAR)


def source(n, dtype, seed):
    if np.dtype(dtype).kind == "f":
        return quarters(n, dtype, seed=seed)
    info = np.iinfo(dtype)
    return data(n, dtype, max(info.min, -20000), min(info.max, 60000), seed)


def ref(name, x, s):
    f = SCALAR[name][0]
    if x.dtype.kind == "f":
        return cast_to(f(x.astype(np.float64), float(s)), x.dtype)
    if name.startswith("shift"):
        return f(x, x.dtype.type(s))  # numpy: arithmetic >> for signed, logical for unsigned; << wraps
    return f(x.astype(np.int64), int(s)).astype(x.dtype)


def scalar_for(name, dtype, alt=False):
    if name.startswith("shift"):
        return 3 if not alt else (15 if np.dtype(dtype).itemsize == 2 else 29)
    if np.dtype(dtype).kind == "f":
        return 2.0 if not alt else -1.25
    return 2 if not alt else -7


@pytest.mark.parametrize("name", [param(n) for n in NAMES])
@pytest.mark.parametrize("form", ["mask", "bits", "count"])
def test_page_examples(name, form):
    dtype = "float16" if "float16" in SCALAR[name][1] else "int16"
    x = source(512, dtype, 1)
    z = np.full(512, 5, dtype)
    s = scalar_for(name, dtype)
    fn = getattr(asc, name)

    def op(dst, a, _):
        params = asc.UnaryRepeatParams(1, 1, 8, 8)
        if form == "mask":
            fn(dst, a, s, mask=128, repeat_times=4, repeat_params=params)
        elif form == "bits":
            fn(dst, a, s, mask=[U64, U64], repeat_times=4, repeat_params=params)
        else:
            fn(dst, a, s, count=512)
    same(run(op, x, x[:16], z), ref(name, x, s))


CASES = [param(n, dt, id=f"{n}-{dt}") for n in NAMES for dt in SCALAR[n][1]]


@pytest.mark.parametrize("name,dtype", CASES)
def test_count_tail_other_scalar(name, dtype):
    n = 1024 // np.dtype(dtype).itemsize
    x = source(n, dtype, 2)
    z = np.full(n, 5, dtype)
    s = scalar_for(name, dtype, alt=True)
    m = n - 40

    def op(dst, a, _):
        getattr(asc, name)(dst, a, s, m)
    want = z.copy()
    want[:m] = ref(name, x[:m], s)
    same(run(op, x, x[:16], z), want)


@pytest.mark.parametrize("name,dtype", CASES)
@pytest.mark.parametrize("mask", [21, "bits"])
def test_level0_strides(name, dtype, mask):
    """2 repeats; dst block / repeat strides 1 / 12, src 3 / 24."""
    esz = np.dtype(dtype).itemsize
    n = 2048 // esz
    x = source(n, dtype, 3)
    z = np.full(n, 5, dtype)
    s = scalar_for(name, dtype, alt=True)
    if mask == "bits":
        mask = [0x00FF00FF00FF00FF, 0xF000000000000001] if esz == 2 else [0x8000000180000001]

    def op(dst, a, _):
        getattr(asc, name)(dst, a, s, mask, 2, asc.UnaryRepeatParams(1, 3, 12, 24))
    od, os_ = lanes(mask, 2, esz, 1, 12), lanes(mask, 2, esz, 3, 24)
    want = z.copy()
    for r in range(2):
        want[od[r]] = ref(name, x[os_[r]], s)
    same(run(op, x, x[:16], z), want)


@pytest.mark.parametrize("dtype", ["int16", "uint16", "int32", "uint32"])
def test_shift_by_the_full_range(dtype):
    """Ascend C: shifts of 0 .. bits-1 (and the documented bound 'bits') on the sign pattern
    1010...; the page's example: int16 0b1010101010101010 >> 1 = 0b1101010101010101, >> 3 =
    0b1111010101010101; uint16 >> 1 = 0b0101010101010101."""
    bits = 8 * np.dtype(dtype).itemsize
    pattern = int("10" * (bits // 2), 2)
    x = np.full(256 // np.dtype(dtype).itemsize, pattern, np.uint64).astype(np.dtype(dtype).str.replace("i", "u"))
    x = x.view(dtype)
    for s in (0, 1, 3, bits - 1):
        def op(dst, a, _):
            asc.shift_right(dst, a, s, x.size)
        same(run(op, x, x[:16], np.zeros_like(x)), ref("shift_right", x, s))
    if dtype == "int16":
        got = run(lambda dst, a, _: asc.shift_right(dst, a, 3, x.size), x, x[:16], np.zeros_like(x))
        assert got.view(np.uint16)[0] == 0b1111010101010101
    if dtype == "uint16":
        got = run(lambda dst, a, _: asc.shift_right(dst, a, 1, x.size), x, x[:16], np.zeros_like(x))
        assert got[0] == 0b0101010101010101


@api("leaky_relu")
def test_leaky_relu_zero_and_sign():
    """src >= 0 keeps src (zeros too); negatives scale (alpha 0.5 exact)."""
    x = np.array([0.0, -0.0, 1.5, -1.5, -8.0, 65504.0, -65504.0, 3.0] * 16, np.float16)
    z = np.zeros_like(x)
    got = run(lambda dst, a, _: asc.leaky_relu(dst, a, 0.5, x.size), x, x[:16], z)
    same(got[[0, 2, 3, 4, 5, 6, 7]], np.array([0.0, 1.5, -0.75, -4.0, 65504.0, -32752.0, 3.0], np.float16))


# ---- axpy ---------------------------------------------------------------------------------------------------
AXPY = [("float16", "float16"), ("float32", "float32"), ("float16", "float32")]


def axpy_ref(x, d, s):
    return cast_to(x.astype(np.float64) * float(s) + d.astype(np.float64), d.dtype)


@api("axpy")
@pytest.mark.parametrize("src,dst", AXPY)
@pytest.mark.parametrize("form", ["mask", "bits", "count"])
def test_axpy(src, dst, form):
    """The page's examples (2.0; mask=128 or [u64max]*2, repeat 4, UnaryRepeatParams(1, 1, 8, 8);
    count=512), in the three A2 type pairs; a mixed half -> float repeat holds 64 lanes (the first 4
    blocks of half), so its mask is 64 / [u64max] and dst repeat stride 8, src 4."""
    x, d = quarters(512, src, seed=4), quarters(512, dst, seed=5)
    mixed = src != dst
    per = 64 if (mixed or src == "float32") else 128

    def op(out, a, _):
        params = asc.UnaryRepeatParams(1, 1, 8, 4 if mixed else 8)
        if form == "mask":
            asc.axpy(out, a, 2.0, mask=per, repeat_times=512 // per, repeat_params=params)
        elif form == "bits":
            asc.axpy(out, a, 2.0, mask=[U64, U64] if per == 128 else [U64], repeat_times=512 // per,
                     repeat_params=params)
        else:
            asc.axpy(out, a, 2.0, count=512)
    same(run(op, x, x[:16], d), axpy_ref(x, d, 2.0))


@api("axpy")
@pytest.mark.parametrize("src,dst", AXPY)
def test_axpy_tail_and_mask(src, dst):
    x, d = quarters(512, src, seed=6), quarters(512, dst, seed=7)
    want = d.copy()
    want[:301] = axpy_ref(x[:301], d[:301], -0.75)
    same(run(lambda out, a, _: asc.axpy(out, a, -0.75, 301), x, x[:16], d), want)

    mixed = src != dst
    nl = 64 if (mixed or src == "float32") else 128
    mask = 19

    def op(out, a, _):
        asc.axpy(out, a, 1.5, mask, 2, asc.UnaryRepeatParams(1, 1, 9, 8))
    od = lanes(mask, 2, np.dtype(dst).itemsize, 1, 9, nl)
    os_ = lanes(mask, 2, np.dtype(src).itemsize, 1, 8, nl)
    want = d.copy()
    for r in range(2):
        want[od[r]] = axpy_ref(x[os_[r]], d[od[r]], 1.5)
    same(run(op, x, x[:16], d), want)
