"""The one-operand vector entries of asc.language.basic, from their pages: abs, exp, ln, sqrt, rsqrt,
reciprocal, relu, bitwise_not.

Each runs its page's three examples (mask=256 // sizeof(half) or mask=[u64max, u64max] with
repeat_times=4 and UnaryRepeatParams(1, 1, 8, 8), and count=512), then non-default forms in every
data type the Ascend C page lists for the Atlas A2: a count ending inside a repeat, a short mask with
unequal strides, a bit mask.  References: numpy float64 rounded to the data type; the transcendental
ones within 2 units in the last place."""
import numpy as np
import pytest

import asc
from kit import U64, cast_to, close, data, lanes, param, run, same

# name: (float64 reference, data types (Ascend C, A2), input range, exact?)
UNARY = {
    "abs": (np.abs, ["float16", "float32"], (-50, 50), True),
    "exp": (np.exp, ["float16", "float32"], (-8, 8), False),
    "ln": (np.log, ["float16", "float32"], (0.01, 100), False),
    "sqrt": (np.sqrt, ["float16", "float32"], (0, 1000), False),
    "rsqrt": (lambda v: 1 / np.sqrt(v), ["float16", "float32"], (0.01, 1000), False),
    "reciprocal": (lambda v: 1 / v, ["float16", "float32"], (0.5, 300), False),
    "relu": (lambda v: np.maximum(v, 0), ["float16", "float32", "int32"], (-50, 50), True),
    "bitwise_not": (np.invert, ["int16", "uint16"], (-32768, 65535), True),
}
NAMES = sorted(UNARY)


def source(name, n, dtype, seed):
    lo, hi = UNARY[name][2]
    x = data(n, dtype, lo, hi, seed)
    if name == "reciprocal":
        x[::2] = -x[::2]
    return x


def ref(name, x):
    f = UNARY[name][0]
    if x.dtype.kind == "f":
        return cast_to(f(x.astype(np.float64)), x.dtype)
    return f(x)


def check(name, got, want):
    if UNARY[name][3]:
        same(got, want)
    else:
        close(got, want, ulps=2)


@pytest.mark.parametrize("name", [param(n) for n in NAMES])
@pytest.mark.parametrize("form", ["mask", "bits", "count"])
def test_page_examples(name, form):
    dtype = "float16" if "float16" in UNARY[name][1] else "int16"
    x = source(name, 512, dtype, 1)
    z = np.full(512, 3, dtype)
    fn = getattr(asc, name)

    def op(dst, a, _):
        params = asc.UnaryRepeatParams(1, 1, 8, 8)
        if form == "mask":
            fn(dst, a, mask=256 // asc.half.sizeof(), repeat_times=4, repeat_params=params)
        elif form == "bits":
            fn(dst, a, mask=[U64, U64], repeat_times=4, repeat_params=params)
        else:
            fn(dst, a, count=512)
    check(name, run(op, x, x[:16], z), ref(name, x))


CASES = [param(n, dt, id=f"{n}-{dt}") for n in NAMES for dt in UNARY[n][1]]


@pytest.mark.parametrize("name,dtype", CASES)
def test_count_tail(name, dtype):
    n = 1024 // np.dtype(dtype).itemsize
    x = source(name, n, dtype, 2)
    z = data(n, dtype, 1, 9, 3)
    m = n - 77

    def op(dst, a, _):
        getattr(asc, name)(dst, a, m)
    want = z.copy()
    want[:m] = ref(name, x[:m])
    got = run(op, x, x[:16], z)
    same(got[m:], want[m:])
    check(name, got[:m], want[:m])


@pytest.mark.parametrize("name,dtype", CASES)
@pytest.mark.parametrize("mask", [45, "bits"])
def test_level0_strides(name, dtype, mask):
    """3 repeats, dst block stride 2 and repeat stride 17, src block stride 1 and repeat stride 6
    (repeats of the source overlap: each reads what it reads, nothing is written to it)."""
    esz = np.dtype(dtype).itemsize
    n = 2048 // esz
    x = source(name, n, dtype, 4)
    z = data(n, dtype, 1, 9, 5)
    if mask == "bits":
        mask = [0xFFFF00000000000F, 0x00000000F0F0F0F0] if esz == 2 else [0x5555555500FF00FF]

    def op(dst, a, _):
        getattr(asc, name)(dst, a, mask, 3, asc.UnaryRepeatParams(2, 1, 17, 6))
    od, os_ = lanes(mask, 3, esz, 2, 17), lanes(mask, 3, esz, 1, 6)
    want = z.copy()
    for r in range(3):
        want[od[r]] = ref(name, x[os_[r]])
    got = run(op, x, x[:16], z)
    touched = np.zeros(n, bool)
    touched[od.ravel()] = True
    same(got[~touched], want[~touched])
    check(name, got[touched], want[touched])
