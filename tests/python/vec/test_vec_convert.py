"""Converting vector ops (mul_cast, add_relu_cast, sub_relu_cast, add_deq_relu, cast_deq), the
DEQSCALE register (every set_deq_scale form, also read by cast int32 -> half) against numpy
references written from the Ascend C API pages (MulCast.md, AddReluCast.md, AddDeqRelu.md,
CastDequant.md, SetDeqScale.md): the fused op in the source type, then relu, then a
round-to-nearest-even conversion that saturates; deq(x) = f32(f32(x) * 2^-17 * scale) * 2^17
rounded to half; the int16 -> 8-bit scale used as (1, 8, 10)."""
import numpy as np
import pytest

import asc
from basic_kernels import data, lane_offsets, mask_bits, run


def sat_rint(v, dtype):
    info = np.iinfo(dtype)
    return np.clip(np.rint(np.asarray(v, np.float64)), info.min, info.max).astype(dtype)


def deq(x, scale):
    t = np.float32(np.asarray(x, np.int64).astype(np.float32) * np.float32(2.0 ** -17) * np.float32(scale))
    t = np.clip(t * np.float32(2.0 ** 17), -65504, 65504)
    return t.astype(np.float16)


def scale_1810(s):
    b = np.array([s], np.float32).view(np.uint32) & np.uint32(0xFFFFE000)
    return float(b.view(np.float32)[0])


# ---- mul_cast / add_relu_cast / sub_relu_cast ----------------------------------------------------------
def fused(name, x, y, sdt, ddt):
    """The device kit's boundary-value appendix (tables 26-28): an int16 sum saturates; float -> half keeps
    IEEE's overflow to inf (INF/NAN mode, as Cast); into int8 the result saturates."""
    if sdt == "int16":
        s = (x.astype(np.int64) + y if name == "add_relu_cast" else x.astype(np.int64) - y)
        s = np.clip(s, -2 ** 15, 2 ** 15 - 1)
        return np.clip(s, 0, 127).astype(ddt)
    if name == "mul_cast":
        v = (x * y).astype(sdt)
    else:
        v = (x + y if name == "add_relu_cast" else x - y).astype(sdt)
        v = np.maximum(v, 0)
    if np.dtype(ddt).kind == "f":
        with np.errstate(over="ignore"):
            return v.astype(np.float64).astype(ddt)
    return sat_rint(v, ddt)


COMBOS = [("mul_cast", "float16", "int8"), ("mul_cast", "float16", "uint8"),
          ("add_relu_cast", "float16", "int8"), ("add_relu_cast", "int16", "int8"),
          ("add_relu_cast", "float32", "float16"), ("sub_relu_cast", "float16", "int8"),
          ("sub_relu_cast", "int16", "int8"), ("sub_relu_cast", "float32", "float16")]


@pytest.mark.parametrize("name,sdt,ddt", COMBOS)
def test_fused_cast_count(name, sdt, ddt):
    n = 300  # 2 full repeats of 128 (or 4 of 64) and a tail
    lo, hi = (-20, 20) if name == "mul_cast" else (-150, 150)
    if sdt == "int16":
        lo, hi = -20000, 20000  # sums saturate, then relu and int8 saturate
    if sdt == "float32":
        lo, hi = -70000, 70000  # beyond half's range: inf
    x, y = data(304, sdt, lo, hi, seed=1), data(304, sdt, lo, hi, seed=2)
    nz = 320 if np.dtype(ddt).itemsize == 1 else 304
    z = np.full(nz, 7, ddt)
    got = run(lambda dst, a, b: getattr(asc, name)(dst, a, b, n), x, y, z)
    want = z.copy()
    want[:n] = fused(name, x[:n], y[:n], sdt, ddt)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name,sdt,ddt", [("mul_cast", "float16", "int8"), ("add_relu_cast", "float32", "float16"),
                                          ("sub_relu_cast", "int16", "int8")])
@pytest.mark.parametrize("mask", [77, "bits"])
def test_fused_cast_level0(name, sdt, ddt, mask):
    ss, ds = np.dtype(sdt).itemsize, np.dtype(ddt).itemsize
    lanes = 256 // max(ss, ds)
    if mask == "bits":
        mask = [0xF0F0F0F0F0F0F0F1, 0x8000000000000003] if lanes == 128 else [0x8000000000000003]
    repeat = 3
    # dst: block stride 2, repeat stride 8 (its repeats are 128 bytes of dst: gaps between them);
    # src0 contiguous (repeat stride 8), src1 block stride 1, repeat stride 16
    dblk, drep, s0blk, s0rep, s1blk, s1rep = 2, 12, 1, 8, 1, 16
    x = data(32 // ss * (s0rep * repeat + 8), sdt, -20, 20, seed=3)
    y = data(32 // ss * (s1rep * repeat + 8), sdt, -20, 20, seed=4)
    z = np.full(32 // ds * (drep * repeat + 8 * dblk), 5, ddt)
    got = run(lambda dst, a, b: getattr(asc, name)(dst, a, b, mask, repeat,
                                                   asc.BinaryRepeatParams(dblk, s0blk, s1blk, drep, s0rep, s1rep)),
              x, y, z)
    od = lane_offsets(repeat, lanes, ds, dblk, drep)
    o0, o1 = lane_offsets(repeat, lanes, ss, s0blk, s0rep), lane_offsets(repeat, lanes, ss, s1blk, s1rep)
    on = mask_bits(mask, lanes)
    want = z.copy()
    for r in range(repeat):
        k = np.nonzero(on)[0]
        want[od[r, k]] = fused(name, x[o0[r, k]], y[o1[r, k]], sdt, ddt)
    np.testing.assert_array_equal(got, want)


def test_mul_cast_pyasc_example():
    # MulCast.md's example: [1 -2 3 ... -6] * [1 3 -4 ... 5] = [1 -6 -12 ... -30]
    x = np.array([1, -2, 3] + [0] * 124 + [-6], np.float16)
    y = np.array([1, 3, -4] + [0] * 124 + [5], np.float16)
    got = run(lambda dst, a, b: asc.mul_cast(dst, a, b, count=128), x, y, np.zeros(128, np.int8))
    assert list(got[:3]) == [1, -6, -12] and got[127] == -30


def test_fused_cast_bad_dtypes():
    with pytest.raises(Exception, match=r"f16 -> f32 is not supported \(half -> int8 / uint8\)"):
        run(lambda dst, a, b: asc.mul_cast(dst, a, b, 64), data(64, "float16"), data(64, "float16"),
            np.zeros(64, np.float32))


# ---- add_deq_relu and cast_deq int32 -> half ---------------------------------------------------------
@pytest.mark.parametrize("scale", [0.5, 0.0999755859375, 3.0])
def test_add_deq_relu_count(scale):
    n = 200
    x, y = data(208, "int32", -40000, 40000, seed=5), data(208, "int32", -40000, 40000, seed=6)
    x[0], y[0] = 2 ** 31 - 1, 5  # the int32 sum wraps
    z = np.full(208, 3, np.float16)

    def op(dst, a, b):
        asc.set_deq_scale(scale)
        asc.add_deq_relu(dst, a, b, n)
    got = run(op, x, y, z)
    s = (x[:n].astype(np.int64) + y[:n] + 2 ** 31) % 2 ** 32 - 2 ** 31
    want = z.copy()
    want[:n] = np.maximum(deq(s, np.float16(scale)), np.float16(0))
    np.testing.assert_array_equal(got, want)


def test_add_deq_relu_level0_bitmask():
    x, y = data(64 * 2, "int32", -1000, 1000, seed=7), data(64 * 2, "int32", -1000, 1000, seed=8)
    z = np.full(128, -1, np.float16)
    mask = [0x00000000FFFF00FF]

    def op(dst, a, b):
        asc.set_deq_scale(0.25)
        asc.add_deq_relu(dst, a, b, mask, 2, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))
    got = run(op, x, y, z)
    on = mask_bits(mask, 64)
    want = z.copy()
    for r in range(2):
        for k in np.nonzero(on)[0]:
            want[r * 64 + k] = max(deq(np.int64(x[r * 64 + k]) + y[r * 64 + k], np.float16(0.25)), np.float16(0))
    np.testing.assert_array_equal(got, want)


def test_cast_int32_to_half_reads_deqscale():
    x = data(64, "int32", -3000, 3000, seed=9)

    def op(dst, a, b):
        asc.set_deq_scale(2.0)
        asc.cast(dst, a, asc.RoundMode.CAST_NONE, 64)
        asc.cast_deq(dst[64:], a, count=64)
    got = run(op, x, x, np.zeros(128, np.float16))
    np.testing.assert_array_equal(got[:64], deq(x, 2.0))
    np.testing.assert_array_equal(got[64:], deq(x, 2.0))


def test_deqscale_unset_is_an_error():
    with pytest.raises(Exception, match="reads DEQSCALE as set by set_deq_scale\\(half scale\\), but it was last "
                                        "set by no set_deq_scale"):
        run(lambda dst, a, b: asc.cast(dst, a, asc.RoundMode.CAST_NONE, 64), data(64, "int32"),
            data(64, "int32"), np.zeros(64, np.float16))


# ---- cast_deq int16 -> int8 / uint8 ---------------------------------------------------------------------
def b8_layout(vals, nblocks, half_block, fill, dtype):
    """dst bytes of the int16 -> 8-bit cast_deq: the 16 results of source block b in half of dst block b."""
    out = np.full(32 * nblocks, fill, dtype)
    for i, v in enumerate(vals):
        out[32 * (i // 16) + (16 if half_block else 0) + i % 16] = v
    return out


@pytest.mark.parametrize("half_block", [True, False])
@pytest.mark.parametrize("sign", [True, False])
def test_cast_deq_int16_quant(half_block, sign):
    n = 256
    x = data(n, "int16", -300, 300, seed=10)
    ddt = np.int8 if sign else np.uint8
    scale, offset = 0.3, -7

    def op(dst, a, b):
        asc.set_deq_scale(scale, offset, sign)
        asc.cast_deq(dst, a, n, is_vec_deq=False, half_block=half_block)
    got = run(op, x, x, np.full(2 * n, 9, ddt))
    want = b8_layout(sat_rint(x * scale_1810(scale) + offset, ddt), n // 16, half_block, 9, ddt)
    np.testing.assert_array_equal(got, want)


def test_cast_deq_pyasc_example_layout():
    # CastDequant.md's example: scale 1, offset 0, the defaults (is_vec_deq is its own test): the first
    # 16 results in bytes 16..31 of dst
    x = np.arange(1, 129, dtype=np.int16)

    def op(dst, a, b):
        asc.set_deq_scale(1.0, 0, True)
        asc.cast_deq(dst, a, 128, False)
    got = run(op, x, x, np.zeros(256, np.int8))
    assert list(got[:16]) == [0] * 16 and list(got[16:32]) == list(range(1, 17))


def test_cast_deq_vector_table():
    # set_deq_scale(vdeq, VdeqInfo): entry j (the element's index within its 32 B block) per element
    n = 128
    x = data(n, "int16", -200, 200, seed=11)
    scales = [0.25 * (j + 1) for j in range(16)]
    offsets = [j - 8 for j in range(16)]
    table = np.zeros(16, np.uint64)

    def op(dst, a, vdeq):
        info = asc.VdeqInfo(scales, offsets, [True] * 16)
        asc.set_deq_scale(vdeq, info)  # written by the scalar unit: the vector unit must wait for it
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.cast_deq(dst, a, n)
    got = run(op, x, table, np.zeros(2 * n, np.int8))
    vals = [sat_rint(x[i] * scale_1810(scales[i % 16]) + offsets[i % 16], np.int8) for i in range(n)]
    np.testing.assert_array_equal(got, b8_layout(vals, n // 16, True, 0, np.int8))


def test_cast_deq_int16_level0():
    x = data(128 * 2, "int16", -100, 100, seed=12)
    repeat, mask = 2, 40

    def op(dst, a, b):
        asc.set_deq_scale(1.5, 3, False)
        asc.cast_deq(dst, a, mask, repeat, asc.UnaryRepeatParams(1, 1, 8, 8), is_vec_deq=False, half_block=False)
    got = run(op, x, x, np.full(512, 1, np.uint8))
    want = np.full(512, 1, np.uint8)
    for r in range(repeat):
        for k in range(mask):
            want[32 * (8 * r + k // 16) + k % 16] = sat_rint(x[128 * r + k] * 1.5 + 3, np.uint8)
    np.testing.assert_array_equal(got, want)


def test_cast_deq_errors():
    x = data(128, "int16")
    with pytest.raises(Exception, match="DEQSCALE sign mode is unsigned but dst is i8"):
        def op(dst, a, b):
            asc.set_deq_scale(1.0, 0, False)
            asc.cast_deq(dst, a, 128, is_vec_deq=False)
        run(op, x, x, np.zeros(256, np.int8))
    with pytest.raises(Exception, match=r"set_deq_scale\(vdeq, vdeq_info\), but it was last set by "
                                        r"set_deq_scale\(scale, offset, sign_mode\)"):
        def op2(dst, a, b):
            asc.set_deq_scale(1.0, 0, True)
            asc.cast_deq(dst, a, 128)
        run(op2, x, x, np.zeros(256, np.int8))
    with pytest.raises(ValueError, match="9-bit signed offset"):
        run(lambda dst, a, b: asc.set_deq_scale(1.0, 300, True), x, x, np.zeros(256, np.int8))
    with pytest.raises(ValueError, match="list of 16 values"):
        run(lambda dst, a, b: asc.VdeqInfo([1.0] * 15, [0] * 16, [True] * 16), x, x, np.zeros(256, np.int8))
