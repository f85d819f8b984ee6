"""Level-0 (mask / repeat) forms of the unary, vector-scalar and div ops, and the mask register:
set_vector_mask (both forms), reset_mask, is_set_mask=False, counter mode (set_mask_count /
set_mask_norm).  References are computed lane by lane in numpy from hardware.md §11's address
rule; lanes an op leaves alone must keep dst's old value."""
import numpy as np
import pytest

import asc
from basic_kernels import data, lane_offsets, mask_bits, run

FLOATS = ["float16", "float32"]


def ref_l0(f, z, srcs, mask, repeat, dst_strides, src_strides, counter=None):
    """dst after a level-0 op: srcs are (array, (blk, rep)); f maps source lanes to a value."""
    esz = z.dtype.itemsize
    lanes = 256 // esz
    out = z.copy()
    od = lane_offsets(repeat, lanes, esz, *dst_strides)
    offs = [lane_offsets(repeat, lanes, esz, *st) for st in src_strides]
    on = mask_bits(mask, lanes)
    for r in range(repeat):
        for k in range(lanes):
            if (counter is not None and r * lanes + k >= counter) or (counter is None and not on[k]):
                continue
            out[od[r, k]] = f(*(s[o[r, k]] for s, o in zip(srcs, offs)))
    return out


UNARY = {"abs": (np.abs, -10, 10), "relu": (lambda v: np.maximum(v, 0), -10, 10), "sqrt": (np.sqrt, 0, 10),
         "reciprocal": (lambda v: 1 / v, 0.5, 10), "exp": (np.exp, -3, 3), "ln": (np.log, 0.1, 10),
         "rsqrt": (lambda v: 1 / np.sqrt(v), 0.1, 10)}
EXACT = {"abs", "relu", "sqrt", "reciprocal"}  # correctly rounded in numpy too


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", sorted(UNARY))
@pytest.mark.parametrize("mask,repeat,strides", [
    (None, 2, (1, 1, 8, 8)),        # full continuous mask, contiguous
    (37, 3, (1, 2, 8, 16)),         # partial mask (a tail inside a block), src block stride 2
    ("bits", 2, (2, 1, 16, 8)),     # bit mask, dst block stride 2
])
def test_unary_level0(name, dtype, mask, repeat, strides):
    f, lo, hi = UNARY[name]
    lanes = 256 // np.dtype(dtype).itemsize
    if mask is None:
        mask = lanes
    elif mask == "bits":
        mask = [0xF0F0F0F0F0F0F0F1, 0x8000000000000003] if lanes == 128 else [0x8000000000000003]
    dblk, sblk, drep, srep = strides
    per = 32 // np.dtype(dtype).itemsize
    x = data(per * (srep * repeat + 8 * sblk), dtype, lo, hi, seed=3)
    z = data(per * (drep * repeat + 8 * dblk), dtype, -99, -98, seed=4)
    params = dict(dst_blk_stride=dblk, src_blk_stride=sblk, dst_rep_stride=drep, src_rep_stride=srep)

    def op(dst, a, _):
        getattr(asc, name)(dst, a, mask, repeat, asc.UnaryRepeatParams(**params))
    got = run(op, x, x[:per], z)
    want = ref_l0(lambda v: np.asarray(f(np.float64(v))).astype(dtype), z, [x], mask, repeat, (dblk, drep),
                  [(sblk, srep)])
    if name in EXACT:
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=1e-3 if dtype == "float16"
                                   else 1e-6)
        untouched = got == z
        np.testing.assert_array_equal(untouched, want == z)


SCALAR = {"adds": lambda v, s: v + s, "muls": lambda v, s: v * s, "maxs": max, "mins": min,
          "leaky_relu": lambda v, s: v if v >= 0 else v * s}


@pytest.mark.parametrize("dtype", FLOATS + ["int16", "int32"])
@pytest.mark.parametrize("name", sorted(SCALAR))
def test_vector_scalar_level0(name, dtype):
    if name == "leaky_relu" and dtype not in FLOATS:
        pytest.skip("leaky_relu: f16 and f32 only")
    lanes = 256 // np.dtype(dtype).itemsize
    per = 32 // np.dtype(dtype).itemsize
    s = 0.5 if dtype in FLOATS else 3
    x = data(per * 8 * 3, dtype, seed=5)
    z = np.full(per * 8 * 3, 7, dtype)
    mask = lanes - 5

    def op(dst, a, _):
        getattr(asc, name)(dst, a, s, mask, 3, asc.UnaryRepeatParams())
    got = run(op, x, x[:per], z)
    want = ref_l0(lambda v: np.asarray(SCALAR[name](np.float64(v) if dtype in FLOATS else int(v), s)).astype(dtype),
                  z, [x], mask, 3, (1, 8), [(1, 8)])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("form", ["mask", "bits"])
def test_div_level0(dtype, form):
    lanes = 256 // np.dtype(dtype).itemsize
    n = lanes * 2
    x, y = data(n, dtype, 1, 10, 1), data(n, dtype, 1, 10, 2)
    z = np.zeros(n, dtype)
    mask = 50 if form == "mask" else [0xAAAA] * (2 if lanes == 128 else 1)

    def op(dst, a, b):
        asc.div(dst, a, b, mask, 2, asc.BinaryRepeatParams())
    got = run(op, x, y, z)
    want = ref_l0(lambda a, b: np.asarray(np.float64(a) / np.float64(b)).astype(dtype), z, [x, y], mask, 2, (1, 8),
                  [(1, 8), (1, 8)])
    np.testing.assert_array_equal(got, want)


# ---- the mask register -------------------------------------------------------------------------------------
def _add_ref(x, y, z, on, repeat, lanes):
    want = z.copy()
    for r in range(repeat):
        idx = r * lanes + np.nonzero(on)[0]
        want[idx] = x[idx] + y[idx]
    return want


@pytest.mark.parametrize("dtype", FLOATS)
def test_set_vector_mask_len_and_is_set_mask_false(dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    x, y = data(2 * lanes, dtype, seed=1), data(2 * lanes, dtype, seed=2)
    z = np.full(2 * lanes, -1, dtype)
    t = getattr(asc, dtype)

    def op(dst, a, b):
        asc.set_mask_norm()
        asc.set_vector_mask(20, dtype=t, mode=asc.MaskMode.NORMAL)
        asc.add(dst, a, b, 0, 2, asc.BinaryRepeatParams(), is_set_mask=False)  # mask operand unused
        asc.reset_mask()
    got = run(op, x, y, z)
    np.testing.assert_array_equal(got, _add_ref(x, y, z, np.arange(lanes) < 20, 2, lanes))


def test_set_vector_mask_hi_lo_f16():
    x, y = data(256, "float16", seed=1), data(256, "float16", seed=2)
    z = np.full(256, -1, np.float16)
    hi, lo = 1 << 63, 0b1001  # lanes 127, 0 and 3

    def op(dst, a, b):
        asc.set_vector_mask(hi, lo, dtype=asc.float16, mode=asc.MaskMode.NORMAL)
        asc.exp(dst, a, 0, 2, asc.UnaryRepeatParams(), is_set_mask=False)
    got = run(op, x, y, z)
    want = z.copy()
    for r in range(2):
        for k in (0, 3, 127):
            want[128 * r + k] = np.float16(np.exp(np.float64(x[128 * r + k])))
    np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=1e-3)
    np.testing.assert_array_equal(got == z, want == z)


def test_reset_mask_restores_all_lanes():
    x, y = data(64, "float32", seed=1), data(64, "float32", seed=2)
    z = np.full(64, -1, np.float32)

    def op(dst, a, b):
        asc.set_vector_mask(3, dtype=asc.float32, mode=asc.MaskMode.NORMAL)
        asc.reset_mask()
        asc.add(dst, a, b, 0, 1, asc.BinaryRepeatParams(), is_set_mask=False)
    np.testing.assert_array_equal(run(op, x, y, z), x + y)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("count", [1, 100, 300])
def test_counter_mode_is_set_mask_false(dtype, count):
    # Counter mode: the register holds N; the instruction runs ceil(N / lanes) repeats and
    # ignores its repeat operand (1 here).
    lanes = 256 // np.dtype(dtype).itemsize
    n = 5 * lanes
    x, y = data(n, dtype, seed=1), data(n, dtype, seed=2)
    z = np.full(n, -1, dtype)
    t = getattr(asc, dtype)

    def op(dst, a, b):
        asc.set_mask_count()
        asc.set_vector_mask(count, dtype=t, mode=asc.MaskMode.COUNTER)
        asc.add(dst, a, b, 0, 1, asc.BinaryRepeatParams(), is_set_mask=False)
        asc.set_mask_norm()
        asc.reset_mask()
    got = run(op, x, y, z)
    want = z.copy()
    want[:count] = x[:count] + y[:count]
    np.testing.assert_array_equal(got, want)


def test_counter_mode_mask_operand_is_the_count():
    x = data(192, "float32", 0, 10, seed=1)
    z = np.full(192, -1, np.float32)

    def op(dst, a, _):
        asc.set_mask_count()
        asc.sqrt(dst, a, 130, 1, asc.UnaryRepeatParams())  # 130 elements: 3 repeats of 64
        asc.set_mask_norm()
    got = run(op, x, x[:8], z)
    want = z.copy()
    want[:130] = np.sqrt(x[:130])
    np.testing.assert_array_equal(got, want)


def test_count_form_leaves_normal_mode():
    # A count-form op ends in normal mode with the full mask: a later level-0 op with
    # is_set_mask=False covers whole repeats again.
    x, y = data(128, "float32", seed=1), data(128, "float32", seed=2)
    z = np.full(128, -1, np.float32)

    def op(dst, a, b):
        asc.set_mask_count()
        asc.set_vector_mask(5, dtype=asc.float32, mode=asc.MaskMode.COUNTER)
        asc.muls(dst, a, 1.0, 8)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.add(dst, a, b, 0, 2, asc.BinaryRepeatParams(), is_set_mask=False)
    np.testing.assert_array_equal(run(op, x, y, z), x + y)


def test_counter_mode_count_beyond_255_repeats_is_an_error():
    x = data(64, "float32", seed=1)

    def op(dst, a, _):
        asc.set_mask_count()
        asc.abs(dst, a, 64 * 256, 1, asc.UnaryRepeatParams())
    with pytest.raises(Exception, match="255 repeats"):
        run(op, x, x[:8], np.zeros(64, np.float32))


# ---- level-0 forms of cast, axpy and the whole-tensor reductions ---------------------------------------------
@pytest.mark.parametrize("sdt,ddt,mode", [("float32", "float16", "CAST_RINT"), ("float16", "float32", "CAST_NONE"),
                                          ("float32", "int32", "CAST_FLOOR"), ("float16", "int32", "CAST_ROUND")])
@pytest.mark.parametrize("mask", [40, "bits"])
def test_cast_level0(sdt, ddt, mode, mask):
    ss, ds = np.dtype(sdt).itemsize, np.dtype(ddt).itemsize
    lanes = 256 // max(ss, ds)
    if mask == "bits":
        mask = [0xF0F0F0F0F0F0F0F1]
    repeat, sblk, srep, dblk, drep = 2, 1, 8, 1, 12
    x = (data(32 // ss * 24, sdt, -50, 50, seed=1) * 1.37).astype(sdt)
    z = np.full(32 // ds * 24, 7, ddt)

    def op(dst, a, _):
        asc.cast(dst, a, getattr(asc.RoundMode, mode), mask, repeat,
                 asc.UnaryRepeatParams(dst_blk_stride=dblk, src_blk_stride=sblk, dst_rep_stride=drep,
                                       src_rep_stride=srep))
    got = run(op, x, x[:32 // ss], z)
    rnd = {"CAST_RINT": np.rint, "CAST_NONE": lambda v: v, "CAST_FLOOR": np.floor,
           "CAST_ROUND": lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5)}[mode]
    od, os_ = lane_offsets(repeat, lanes, ds, dblk, drep), lane_offsets(repeat, lanes, ss, sblk, srep)
    on = np.nonzero(mask_bits(mask, lanes))[0]
    want = z.copy()
    for r in range(repeat):
        v = x[os_[r, on]].astype(np.float64)
        want[od[r, on]] = (rnd(v) if np.dtype(ddt).kind == "i" else v).astype(ddt)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("sdt,ddt", [("float16", "float16"), ("float32", "float32"), ("float16", "float32")])
def test_axpy_level0(sdt, ddt):
    ss, ds = np.dtype(sdt).itemsize, np.dtype(ddt).itemsize
    lanes = 256 // max(ss, ds)
    x = np.round(data(32 // ss * 16, sdt, -20, 20, seed=2)).astype(sdt)
    z = np.round(data(32 // ds * 16, ddt, -20, 20, seed=3)).astype(ddt)

    def op(dst, a, _):
        asc.axpy(dst, a, 0.5, lanes - 7, 2, asc.UnaryRepeatParams())
    got = run(op, x, x[:32 // ss], z)
    want = z.copy()
    for r in range(2):
        for k in range(lanes - 7):
            i = r * lanes + k
            di = (32 * (r * 8 + (k // (32 // ds)))) // ds + k % (32 // ds)
            si = (32 * (r * 8 + (k // (32 // ss)))) // ss + k % (32 // ss)
            want[di] = np.float64(z[di]) + 0.5 * np.float64(x[si])
            assert i >= 0
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("kind", ["sum", "max", "min"])
@pytest.mark.parametrize("mask", [50, "bits"])
def test_reduce_level0(dtype, kind, mask):
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    if mask == "bits":
        mask = [0x00000000FFFF0000, 0x1] if lanes == 128 else [0x00000000FFFF0001]
    repeat, srep = 3, 12
    x = np.round(data(per * (srep * repeat + 8), dtype, -9, 9, seed=4)).astype(dtype)
    x[per * srep + 17] = 50 if kind == "max" else -50  # repeat 1, lane 17: on in both masks
    z = np.zeros(per, dtype)

    def op(dst, a, b):
        getattr(asc, f"reduce_{kind}")(dst, a, b, mask, repeat, srep, *([] if kind == "sum" else [True]))
    got = run(op, x, np.zeros(per * 8 * repeat, dtype), z)
    offs = lane_offsets(repeat, lanes, esz, 1, srep)[:, mask_bits(mask, lanes)].ravel()
    vals = x[offs].astype(np.float64)
    if kind == "sum":
        assert got[0] == vals.sum()
    else:
        i = int(np.argmax(vals) if kind == "max" else np.argmin(vals))
        assert got[0] == vals[i]
        assert got[1:2].view(np.uint16 if esz == 2 else np.uint32)[0] == offs[i] == per * srep + 17


@pytest.mark.parametrize("dtype", FLOATS + ["int16", "int32"])
def test_duplicate_bitmask(dtype):
    esz = np.dtype(dtype).itemsize
    lanes = 256 // esz
    mask = [0x8000000000000005, 0x3] if lanes == 128 else [0x8000000000000005]
    z = np.full(lanes * 3, 1, dtype)

    def op(dst, a, _):
        asc.duplicate(dst, 9, mask, 2, 1, 16)
    got = run(op, z, z[:32 // esz], z)
    want = z.copy()
    on = np.nonzero(mask_bits(mask, lanes))[0]
    for r in range(2):
        want[lane_offsets(2, lanes, esz, 1, 16)[r, on]] = 9
    np.testing.assert_array_equal(got, want)


def test_reduce_level0_keywords_are_pyasc_names():
    # pyasc's reductions call the repeat `repeat_time` (the other mask forms: `repeat_times`).
    x = np.round(data(128, "float32", -9, 9, seed=6)).astype(np.float32)

    def op(dst, a, b):
        asc.reduce_sum(dst, a, b, mask=64, repeat_time=2, src_rep_stride=8)
    got = run(op, x, np.zeros(128, np.float32), np.zeros(8, np.float32))
    assert got[0] == x.astype(np.float64).sum()


def test_count_form_accepts_is_set_mask_like_pyasc():
    # pyasc's add(dst, src0, src1, count, is_set_mask=True) takes the flag and drops it.
    x, y = data(64, "float32", seed=1), data(64, "float32", seed=2)

    def op(dst, a, b):
        asc.add(dst, a, b, 64, False)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.muls(dst, dst, 2.0, count=64, is_set_mask=False)
    np.testing.assert_array_equal(run(op, x, y, np.zeros(64, np.float32)), (x + y) * np.float32(2))
