"""scalar_cast, the scalar bit functions, get_system_cycle and trap, against values computed by
hand (the Ascend C examples) and Python references."""
import numpy as np
import pytest

import asc


@asc.jit
def scalar_kernel(out: asc.GlobalAddress, v, fn: asc.ConstExpr):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, fn(v))


def run(fn, v, dtype=np.int64):
    out = np.zeros(4, dtype)
    scalar_kernel[1](out, v, fn)
    return out[0]


def sff_ref(v, b):
    v &= (1 << 64) - 1
    for k in range(64):
        if (v >> k) & 1 == b:
            return k
    return -1


def same_sign_ref(v):
    v &= (1 << 64) - 1
    s = v >> 63
    n = 0
    while n < 63 and (v >> (62 - n)) & 1 == s:
        n += 1
    return -1 if n == 63 else n


VALUES = [0, 1, -1, 0x1000000000000100, 0x0100000000000020, -2, 1 << 62, -(1 << 63), 0x00FF00FF00FF00FF, 12345]


def signed(v):
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >> 63 else v


@pytest.mark.parametrize("v", VALUES)
def test_scalar_bit_functions(v):
    x = np.int64(signed(v))
    u = v & ((1 << 64) - 1)
    assert run(lambda a: asc.scalar_get_sff_value(a, 1), x) == sff_ref(v, 1)
    assert run(lambda a: asc.scalar_get_sff_value(a, 0), x) == sff_ref(v, 0)
    assert run(lambda a: asc.scalar_get_count_of_value(a, 1), x) == bin(u).count("1")
    assert run(lambda a: asc.scalar_get_count_of_value(a, 0), x) == 64 - bin(u).count("1")
    assert run(asc.scalar_count_leading_zero, x) == 64 - u.bit_length()
    assert run(asc.count_bits_cnt_same_as_sign_bit, x) == same_sign_ref(v)


def test_documented_examples():
    # The Ascend C pages' examples: GetSFFValue<1>(0x1000000000000100) = 8, CountLeadingZero and
    # CountBitsCntSameAsSignBit of 0x0100000000000020 = 7 and 6.
    assert run(lambda a: asc.scalar_get_sff_value(a, 1), np.int64(0x1000000000000100)) == 8
    assert run(asc.scalar_count_leading_zero, np.int64(0x0100000000000020)) == 7
    assert run(asc.count_bits_cnt_same_as_sign_bit, np.int64(0x0100000000000020)) == 6


def test_sff_count_value_must_be_0_or_1():
    with pytest.raises(ValueError, match="0 or 1"):
        run(lambda a: asc.scalar_get_sff_value(a, 2), np.int64(5))


@pytest.mark.parametrize("mode,v,want", [
    ("CAST_RINT", 2.5, 2), ("CAST_RINT", 3.5, 4), ("CAST_ROUND", 2.5, 3), ("CAST_ROUND", -2.5, -3),
    ("CAST_FLOOR", -1.25, -2), ("CAST_CEIL", -1.75, -1), ("CAST_CEIL", 1.25, 2)])
def test_scalar_cast_to_int32(mode, v, want):
    got = run(lambda a: asc.scalar_cast(a, asc.int32, getattr(asc.RoundMode, mode)), np.float32(v), np.int32)
    assert got == want


def test_scalar_cast_to_half_round_to_odd():
    # 1 + 2^-12 lies between the halves 1 and 1 + 2^-10: nearest-even gives 1, round to odd the
    # neighbour with an odd last mantissa bit, 1 + 2^-10.
    v1 = np.float32(1 + 2.0 ** -12)
    got = run(lambda a: asc.scalar_cast(a, asc.float16, asc.RoundMode.CAST_ODD), v1, np.float16)
    assert got == np.float16(1 + 2.0 ** -10)  # nearest-even would give 1.0
    got = run(lambda a: asc.scalar_cast(a, asc.float16, asc.RoundMode.CAST_ODD), np.float32(3.140625), np.float16)
    assert got == np.float16(3.140625)  # exact values stay


def test_scalar_cast_unsupported_mode_is_an_error():
    with pytest.raises(Exception, match="not supported"):
        run(lambda a: asc.scalar_cast(a, asc.float16, asc.RoundMode.CAST_FLOOR), np.float32(1.5), np.float16)


def test_get_system_cycle_counts_up():
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        t0 = asc.get_system_cycle()
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
        for _ in range(100):  # the counter ticks at 50 MHz (one tick per 36 core cycles at 1.8 GHz)
            asc.duplicate(x, 1.0, 64)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        t1 = asc.get_system_cycle()
        g.set_value(0, t0)
        g.set_value(1, t1)
    out = np.zeros(4, np.int64)
    k[1](out)
    assert 0 <= out[0] < out[1]


def test_trap_reports_its_line():
    @asc.jit
    def k(out: asc.GlobalAddress):
        asc.trap()  # MARK

    with pytest.raises(asc.KernelError, match="trap") as ei:
        k[1](np.zeros(4, np.int64))
    assert "asc.trap()  # MARK" in str(ei.value)
