"""compare / compare_scalar (count, mask and register forms), get_cmp_mask / set_cmp_mask and
select in every SELMODE, against numpy.  compare's dst holds one bit per element, LSB first."""
import numpy as np
import pytest

import asc
from basic_kernels import data, lane_offsets, mask_bits, run

FLOATS = ["float16", "float32"]
# NE is false when either operand is NaN (the device kit's boundary-value appendix, Compare: not IEEE's true)
CMP = {"LT": np.less, "GT": np.greater, "EQ": np.equal, "LE": np.less_equal, "GE": np.greater_equal,
       "NE": lambda a, b: np.less(a, b) | np.greater(a, b)}


def bits(b):
    return np.packbits(np.asarray(b, bool), bitorder="little")


def pair(n, dtype, seed):
    """Two sources with many equal elements (EQ, LE, GE must see ties) and a NaN each."""
    x, y = data(n, dtype, -4, 4, seed), data(n, dtype, -4, 4, seed + 1)
    if np.dtype(dtype).kind == "f":
        x, y = np.round(x), np.round(y)
        x[5], y[9] = np.nan, np.nan
    return x, y


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mode", sorted(CMP))
def test_compare_count(dtype, mode):
    n = 2 * 256 // np.dtype(dtype).itemsize
    x, y = pair(n, dtype, 1)

    def op(dst, a, b):
        asc.compare(dst, a, b, getattr(asc.CMPMODE, mode), n)
    got = run(op, x, y, np.zeros(64, np.uint8))
    np.testing.assert_array_equal(got[:n // 8], bits(CMP[mode](x, y)))
    assert (got[n // 8:] == 0).all()


def test_compare_int32_eq_only():
    x, y = pair(64, "int32", 3)

    def eq(dst, a, b):
        asc.compare(dst, a, b, asc.CMPMODE.EQ, 64)
    np.testing.assert_array_equal(run(eq, x, y, np.zeros(32, np.uint8))[:8], bits(x == y))

    def lt(dst, a, b):
        asc.compare(dst, a, b, asc.CMPMODE.LT, 64)
    with pytest.raises(Exception, match="i32 with CMPMODE.EQ only"):
        run(lt, x, y, np.zeros(32, np.uint8))


def test_compare_count_partial_repeat_is_not_compared():
    x, y = pair(128, "float32", 5)

    def op(dst, a, b):
        asc.compare(dst, a, b, asc.CMPMODE.GT, 100)  # one whole repeat of 64; 36 left out
    with pytest.warns(RuntimeWarning, match="not compared"):
        got = run(op, x, y, np.full(32, 0xEE, np.uint8))
    want = np.full(32, 0xEE, np.uint8)
    want[:8] = bits(x[:64] > y[:64])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
def test_compare_level0_strided(dtype):
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    x, y = pair(per * 40, dtype, 7)
    p = dict(src0_blk_stride=2, src1_blk_stride=1, src0_rep_stride=16, src1_rep_stride=8)

    def op(dst, a, b):  # the mask (5) is ignored: every lane of each repeat is compared
        asc.compare(dst, a, b, asc.CMPMODE.LE, 5, 2, asc.BinaryRepeatParams(**p))
    got = run(op, x, y, np.zeros(64, np.uint8))
    oa, ob = lane_offsets(2, lanes, esz, 2, 16), lane_offsets(2, lanes, esz, 1, 8)
    want = np.zeros(64, np.uint8)
    want[:2 * lanes // 8] = bits((x[oa] <= y[ob]).ravel())
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
def test_compare_to_cmpmask_and_get_cmp_mask(dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    x, y = pair(lanes, dtype, 9)

    def op(dst, a, b):
        asc.compare(a, b, asc.CMPMODE.NE, lanes, asc.BinaryRepeatParams())
        asc.get_cmp_mask(dst)
    got = run(op, x, y, np.full(32, 0xEE, np.uint8))
    want = np.full(32, 0xEE, np.uint8)
    want[:16] = 0
    want[:lanes // 8] = bits(CMP["NE"](x, y))
    np.testing.assert_array_equal(got, want)


def test_set_cmp_mask_get_cmp_mask_roundtrip():
    m = data(32, "uint8", 0, 256, 4)

    def op(dst, _a, b):
        asc.set_cmp_mask(b)
        asc.get_cmp_mask(dst)
    got = run(op, np.zeros(8, np.float32), m, np.zeros(32, np.uint8))
    np.testing.assert_array_equal(got[:16], m[:16])
    assert (got[16:] == 0).all()


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mode", ["LT", "GE", "EQ", "NE"])
def test_compare_scalar_count_and_level0(dtype, mode):
    esz = np.dtype(dtype).itemsize
    lanes = 256 // esz
    x, _ = pair(3 * lanes, dtype, 11)
    s = 1.0

    def cnt(dst, a, _b):
        asc.compare_scalar(dst, a, s, getattr(asc.CMPMODE, mode), 2 * lanes)
    got = run(cnt, x, x[:16], np.zeros(64, np.uint8))
    want = np.zeros(64, np.uint8)
    want[:2 * lanes // 8] = bits(CMP[mode](x[:2 * lanes], s))
    np.testing.assert_array_equal(got, want)

    def l0(dst, a, _b):
        asc.compare_scalar(dst, a, s, getattr(asc.CMPMODE, mode), [1], 2,
                           asc.UnaryRepeatParams(src_blk_stride=1, src_rep_stride=12))
    got = run(l0, x, x[:16], np.zeros(64, np.uint8))
    o = lane_offsets(2, lanes, esz, 1, 12)
    want[:] = 0
    want[:2 * lanes // 8] = bits(CMP[mode](x[o], s).ravel())
    np.testing.assert_array_equal(got, want)


# ---- select ---------------------------------------------------------------------------------------------------
def sel_bits(n, seed):
    return data(n, "uint8", 0, 256, seed)


def bit(m, i):
    return (m[i // 8] >> (i % 8)) & 1


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [200, 256])
def test_select_tensor_tensor_count(dtype, n):  # SELMODE 2: bit i for element i
    lanes = 256 // np.dtype(dtype).itemsize
    m = sel_bits(64, 1)
    x = data(512, dtype, seed=2)  # src0 = x[:256], src1 = x[256:]
    z = np.full(256, -7, dtype)

    def op(dst, a, sm):
        asc.select(dst, sm, a, a[256:], asc.SelMode.VSEL_TENSOR_TENSOR_MODE, n)
    got = run(op, x, m, z)
    want = z.copy()
    for i in range(n):
        want[i] = x[i] if bit(m, i) else x[256 + i]
    np.testing.assert_array_equal(got, want)
    assert lanes  # both dtypes cover more than one repeat at n = 256 for f32


@pytest.mark.parametrize("dtype", FLOATS)
def test_select_cmpmask_mode_reuses_the_first_bits(dtype):  # SELMODE 0: bit i mod lanes
    lanes = 256 // np.dtype(dtype).itemsize
    m = sel_bits(64, 3)
    x = data(4 * lanes, dtype, seed=4)
    z = np.zeros(2 * lanes, dtype)

    def op(dst, a, sm):
        asc.select(dst, sm, a, a[2 * lanes:], asc.SelMode.VSEL_CMPMASK_SPR, 2 * lanes)
    got = run(op, x, m, z)
    want = np.array([x[i] if bit(m, i % lanes) else x[2 * lanes + i] for i in range(2 * lanes)], dtype)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
def test_select_tensor_scalar_count(dtype):  # SELMODE 1
    m = sel_bits(64, 5)
    x = data(256, dtype, seed=6)
    z = np.zeros(256, dtype)

    def op(dst, a, sm):
        asc.select(dst, sm, a, 2.5, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, 250)
    got = run(op, x, m, z)
    want = z.copy()
    for i in range(250):
        want[i] = x[i] if bit(m, i) else 2.5
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mode", [0, 1, 2])
@pytest.mark.parametrize("mask", [40, "bits"])
def test_select_level0(dtype, mode, mask):
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    if mask == "bits":
        mask = [0x00FF00FF00FF00FF, 0xF] if lanes == 128 else [0xFFFF0000FFFF0001]
    m = sel_bits(64, 7)
    repeat = 2
    x = data(per * 48, dtype, seed=8)  # src0 in x[:per*24], src1 in x[per*24:]
    z = np.full(per * 24, -3, dtype)
    p = dict(dst_blk_stride=1, src0_blk_stride=2, src1_blk_stride=1, dst_rep_stride=8, src0_rep_stride=16,
             src1_rep_stride=8)
    h = per * 24

    def op(dst, a, sm):
        src1 = 1.5 if mode == 1 else a[h:]
        asc.select(dst, sm, a, src1, asc.SelMode(mode), mask, repeat, asc.BinaryRepeatParams(**p))
    got = run(op, x, m, z)
    od, o0, o1 = (lane_offsets(repeat, lanes, esz, 1, 8), lane_offsets(repeat, lanes, esz, 2, 16),
                  lane_offsets(repeat, lanes, esz, 1, 8))
    on = mask_bits(mask, lanes)
    want = z.copy()
    for r in range(repeat):
        for k in range(lanes):
            if on[k]:
                b = bit(m, k if mode == 0 else r * lanes + k)
                want[od[r, k]] = x[o0[r, k]] if b else (1.5 if mode == 1 else x[h + o1[r, k]])
    np.testing.assert_array_equal(got, want)


def test_select_mode_1_needs_a_scalar():
    def op(dst, a, sm):
        asc.select(dst, sm, a, a[64:], asc.SelMode.VSEL_TENSOR_SCALAR_MODE, 64)
    with pytest.raises(Exception, match="takes a scalar src1"):
        run(op, data(128, "float32"), sel_bits(32, 1), np.zeros(64, np.float32))


def test_select_int_type_is_an_error():
    def op(dst, a, sm):
        asc.select(dst, sm, a, a[64:], asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 64)
    with pytest.raises(Exception, match="not supported"):
        run(op, data(128, "int32"), sel_bits(32, 1), np.zeros(64, np.int32))


@pytest.mark.parametrize("dtype", FLOATS)
def test_compare_to_cmpmask_then_select_register_form(dtype):
    # The register pattern: compare into CMPMASK, set the lanes with set_vector_mask, then
    # select(dst, src0, src1, repeat_times=, repeat_params=, sel_mode=VSEL_CMPMASK_SPR).
    lanes = 256 // np.dtype(dtype).itemsize
    x, y = pair(2 * lanes, dtype, 21)
    z = np.full(2 * lanes, -9, dtype)
    t = getattr(asc, dtype)

    def op(dst, a, b):
        asc.compare(a, b, asc.CMPMODE.GT, lanes, asc.BinaryRepeatParams())
        asc.set_vector_mask(lanes - 10, dtype=t, mode=asc.MaskMode.NORMAL)
        asc.select(dst, a, b, repeat_times=2, repeat_params=asc.BinaryRepeatParams(),
                   sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)
        asc.reset_mask()
    got = run(op, x, y, z)
    gt = x[:lanes] > y[:lanes]  # the bits of repeat 0, used by every repeat
    want = z.copy()
    for r in range(2):
        for k in range(lanes - 10):
            want[r * lanes + k] = x[r * lanes + k] if gt[k] else y[r * lanes + k]
    np.testing.assert_array_equal(got, want)


def test_compare_to_cmpmask_with_keywords():
    # pyasc's unit tests call compare(src0, src1, cmp_mode=..., mask=..., repeat_params=...).
    x, y = pair(64, "float32", 23)

    def op(dst, a, b):
        asc.compare(a, b, cmp_mode=asc.CMPMODE.LT, mask=64, repeat_params=asc.BinaryRepeatParams())
        asc.get_cmp_mask(dst)
    got = run(op, x, y, np.zeros(32, np.uint8))
    np.testing.assert_array_equal(got[:8], bits(x < y))
