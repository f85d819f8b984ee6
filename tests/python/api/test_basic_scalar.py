"""Scalar entries of asc.language.basic, from their pages: scalar_cast, scalar_count_leading_zero,
scalar_get_count_of_value, scalar_get_sff_value, count_bits_cnt_same_as_sign_bit.

Each page's example with its stated answer (0x0fffffffffffffff has 4 leading zeros; 0xffff has 16
ones; 0x0f00000000000000 has 3 bits after the sign equal to it; the first 1 of 28 is bit 2; 2.5
rounds to 3 in CAST_ROUND), then other values, compile-time and runtime, against Python references
of the page's definitions (a runtime value is a kernel argument; the result is stored to GM)."""
import numpy as np
import pytest

import asc
from kit import api


@asc.jit
def scalar_kernel(out: asc.GlobalAddress, v, fn: asc.ConstExpr):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, fn(v))


def run(fn, v, dtype=np.int64):
    out = np.zeros(4, dtype)
    scalar_kernel[1](out, v, fn)
    return int(out[0]) if np.dtype(dtype).kind in "iu" else float(out[0])


def u64(v):
    return v & ((1 << 64) - 1)


def clz(v):
    return 64 - u64(v).bit_length()


def count_of(v, b):
    ones = bin(u64(v)).count("1")
    return ones if b == 1 else 64 - ones


def sff(v, b):
    v = u64(v)
    for k in range(64):
        if (v >> k) & 1 == b:
            return k
    return -1


def same_sign(v):
    """Bits after the sign bit equal to it, counted from the top; -1 for 0 and -1 (the page)."""
    v = u64(v)
    s = v >> 63
    n = 0
    while n < 63 and (v >> (62 - n)) & 1 == s:
        n += 1
    return -1 if n == 63 else n


VALUES = [0, 1, 28, 0xFFFF, 0x0FFFFFFFFFFFFFFF, 0x0F00000000000000, 1 << 63, (1 << 64) - 1, 0x8000000000000001,
          0x00F0F0F0F0F0F0F0, 0x7FFFFFFFFFFFFFFF, 0xFFFFFFFF00000000]


def signed(v):
    v = u64(v)
    return v - (1 << 64) if v >> 63 else v


@api("scalar_count_leading_zero")
def test_count_leading_zero_page_example():
    assert run(lambda _: asc.scalar_count_leading_zero(0x0fffffffffffffff), np.int64(0)) == 4


@api("scalar_get_count_of_value")
def test_count_of_value_page_example():
    assert run(lambda _: asc.scalar_get_count_of_value(0xffff, 1), np.int64(0)) == 16


@api("count_bits_cnt_same_as_sign_bit")
def test_same_as_sign_page_example():
    assert run(lambda _: asc.count_bits_cnt_same_as_sign_bit(0x0f00000000000000), np.int64(0)) == 3


@api("scalar_get_sff_value")
def test_sff_page_example():
    """The page's example: 28 = 0b11100, the first 1 from the least significant bit is bit 2."""
    assert run(lambda _: asc.scalar_get_sff_value(28, 1), np.int64(0)) == 2


@api("scalar_count_leading_zero", "scalar_get_count_of_value", "scalar_get_sff_value",
     "count_bits_cnt_same_as_sign_bit")
@pytest.mark.parametrize("v", VALUES, ids=hex)
def test_bit_functions_runtime_int64(v):
    """Runtime int64 arguments (the bits of the page's uint64 / int64 value)."""
    x = np.int64(signed(v))
    assert run(asc.scalar_count_leading_zero, x) == clz(v)
    assert run(lambda a: asc.scalar_get_count_of_value(a, 1), x) == count_of(v, 1)
    assert run(lambda a: asc.scalar_get_count_of_value(a, 0), x) == count_of(v, 0)
    assert run(lambda a: asc.scalar_get_sff_value(a, 1), x) == sff(v, 1)
    assert run(lambda a: asc.scalar_get_sff_value(a, 0), x) == sff(v, 0)
    assert run(asc.count_bits_cnt_same_as_sign_bit, x) == same_sign(v)


@api("scalar_count_leading_zero", "scalar_get_count_of_value", "scalar_get_sff_value")
@pytest.mark.parametrize("v", [0xFFFF, (1 << 64) - 1, 1 << 63], ids=hex)
def test_bit_functions_compile_time(v):
    """Compile-time Python ints, the unsigned ones above 2**63 included (their documented uint64 type)."""
    assert run(lambda _: asc.scalar_count_leading_zero(v), np.int64(0)) == clz(v)
    assert run(lambda _: asc.scalar_get_count_of_value(v, 0), np.int64(0)) == count_of(v, 0)
    assert run(lambda _: asc.scalar_get_sff_value(v, 0), np.int64(0)) == sff(v, 0)


@api("scalar_count_leading_zero", "scalar_get_count_of_value", "scalar_get_sff_value")
@pytest.mark.parametrize("v", [0xFFFF, (1 << 64) - 1, 1 << 63], ids=hex)
def test_bit_functions_runtime_uint64(v):
    """Runtime uint64 arguments: the type the pages document for value_in."""
    x = np.uint64(v)
    assert run(asc.scalar_count_leading_zero, x) == clz(v)
    assert run(lambda a: asc.scalar_get_count_of_value(a, 1), x) == count_of(v, 1)
    assert run(lambda a: asc.scalar_get_sff_value(a, 1), x) == sff(v, 1)


@api("count_bits_cnt_same_as_sign_bit")
@pytest.mark.parametrize("v", [0, -1], ids=str)
def test_same_as_sign_all_equal_is_minus_one(v):
    """The page: all bits 0 or all 1 gives -1."""
    assert run(asc.count_bits_cnt_same_as_sign_bit, np.int64(v)) == -1


# ---- scalar_cast ---------------------------------------------------------------------------------------------
def round_away(v):
    return float(np.sign(v) * np.floor(abs(v) + 0.5))


@api("scalar_cast")
def test_scalar_cast_page_example():
    """2.5 -> int32 in CAST_ROUND (half away from zero) is 3."""
    assert run(lambda _: asc.scalar_cast(2.5, asc.int32, asc.RoundMode.CAST_ROUND), np.int64(0), np.int32) == 3


@api("scalar_cast")
@pytest.mark.parametrize("mode,ref", [("CAST_ROUND", round_away), ("CAST_RINT", lambda v: float(np.rint(v))),
                                      ("CAST_FLOOR", np.floor), ("CAST_CEIL", np.ceil)])
@pytest.mark.parametrize("v", [2.5, -2.5, 3.5, -0.5, 1.25, -1.75, 100000.6])
def test_scalar_cast_to_int32_runtime(mode, ref, v):
    """The page's float -> int32 modes on runtime floats."""
    got = run(lambda a: asc.scalar_cast(a, asc.int32, getattr(asc.RoundMode, mode)), np.float32(v), np.int32)
    assert got == int(ref(np.float32(v)))


def to_half_odd(v):
    """float -> half rounding to odd: exact stays, otherwise the neighbour whose last bit is 1."""
    h = np.float16(v)
    if float(h) == float(np.float32(v)):
        return h
    lo = h if float(h) < v else np.nextafter(h, np.float16(-np.inf))
    hi = np.nextafter(lo, np.float16(np.inf))
    return lo if int(np.array(lo).view(np.uint16)) & 1 else hi


@api("scalar_cast")
@pytest.mark.parametrize("v", [1.0 + 2 ** -11, 1.0 + 3 * 2 ** -12, -(1.0 + 2 ** -11), 0.1, 1.5, 2049.0])
def test_scalar_cast_to_half_odd(v):
    """The page's float -> half pair: CAST_ODD (Von Neumann rounding to the nearest odd)."""
    got = run(lambda a: asc.scalar_cast(a, asc.half, asc.RoundMode.CAST_ODD), np.float32(v), np.float16)
    assert np.float16(got) == to_half_odd(np.float32(v))
