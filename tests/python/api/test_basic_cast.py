"""Conversions of asc.language.basic, from their pages: cast, cast_deq, set_deq_scale.

cast converts with the page's round modes: RINT nearest-even, FLOOR, CEIL, ROUND half away from
zero, TRUNC, ODD round-to-odd, NONE = RINT when the conversion loses precision; conversions into
integers saturate (Ascend C precision-conversion rules).  The type pairs and the modes each allows
are Ascend C Cast's table for the Atlas A2 (the int4b_t and bfloat16_t rows are not numpy types and
are left out).  The lanes of a repeat are those of the wider type (the page: 'the wider data type
sets the computation's parameters').  cast_deq: dst = saturate(rint(src * scale + offset)) into int8
(sign_mode) or uint8, 16 results of a source block in the first (half_block=False) or second half
of the destination block (Ascend C CastDequant: the even blocks go to the upper half); with
is_vec_deq the 16 (scale, offset, sign) groups of VdeqInfo apply to element j of every block; int32
into half multiplies by the half scale of set_deq_scale(scale)."""
import numpy as np
import pytest

import asc
from kit import U64, api, cast_to, lanes, run, same

MODES = ["CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC"]
ALL = MODES + ["CAST_NONE"]
PAIRS = [  # (src, dst, modes): Ascend C Cast, Atlas A2
    ("int8", "float16", ["CAST_NONE"]), ("uint8", "float16", ["CAST_NONE"]),
    ("int16", "float16", ALL), ("int16", "float32", ["CAST_NONE"]),
    ("float16", "int8", ALL), ("float16", "uint8", ALL), ("float16", "int16", MODES), ("float16", "int32", MODES),
    ("float16", "float32", ["CAST_NONE"]),
    ("int32", "int16", ["CAST_NONE"]), ("int32", "float32", ALL), ("int32", "int64", ["CAST_NONE"]),
    ("float32", "int16", MODES), ("float32", "float16", ALL + ["CAST_ODD"]), ("float32", "int32", MODES),
    ("float32", "float32", MODES), ("float32", "int64", MODES),
    ("int64", "int32", ["CAST_NONE"]), ("int64", "float32", MODES),
]


def round_int(v, mode):
    v = np.asarray(v, np.float64)
    return {"CAST_RINT": np.rint, "CAST_NONE": np.rint, "CAST_FLOOR": np.floor, "CAST_CEIL": np.ceil,
            "CAST_TRUNC": np.trunc,
            "CAST_ROUND": lambda a: np.sign(a) * np.floor(np.abs(a) + 0.5)}[mode](v)


def to_float(v, dtype, mode):
    """float64 (or int64) values to a float dtype with a round mode, by choosing between the two
    neighbours in dtype (exact ones are kept)."""
    with np.errstate(over="ignore", invalid="ignore"):
        return _to_float(v, dtype, mode)


def _to_float(v, dtype, mode):
    dtype = np.dtype(dtype)
    v = np.asarray(v, np.float64) if np.asarray(v).dtype.kind == "f" else np.asarray(v)
    near = np.asarray(v).astype(np.float64).astype(dtype)  # nearest even (numpy)
    exact = near.astype(np.float64) == np.asarray(v, np.float64)
    if np.asarray(v).dtype.kind in "iu":  # int -> float: numpy's int64 -> float64 -> f is exact for these
        exact = np.array([int(n) == int(x) for n, x in zip(near.astype(np.float64), v)])
    if mode in ("CAST_RINT", "CAST_NONE"):
        return near
    lo = np.where(near.astype(np.float64) > np.asarray(v, np.float64), np.nextafter(near, dtype.type(-np.inf)), near)
    hi = np.where(near.astype(np.float64) < np.asarray(v, np.float64), np.nextafter(near, dtype.type(np.inf)), near)
    vv = np.asarray(v, np.float64)
    pick = {"CAST_FLOOR": lo, "CAST_CEIL": hi, "CAST_TRUNC": np.where(vv < 0, hi, lo),
            "CAST_ROUND": np.where(np.abs(hi.astype(np.float64) - vv) <= np.abs(vv - lo.astype(np.float64)),
                                   np.where(vv < 0, np.where(np.abs(hi.astype(np.float64) - vv) ==
                                                             np.abs(vv - lo.astype(np.float64)), lo, hi), hi), lo),
            "CAST_ODD": np.where((lo.view(dtype.str.replace("f", "u")) & 1) == 1, lo, hi)}[mode]
    # an overflow: nearest modes give inf, the others the largest finite value on their side (IEEE)
    if mode == "CAST_ROUND":
        pick = np.where(np.isinf(near), near, pick)
    return np.where(exact, near, pick).astype(dtype)


def convert(x, dst, mode):
    dst = np.dtype(dst)
    if dst.kind == "f":
        if x.dtype.kind == "f" and dst == x.dtype:  # float -> float: round to an integral value; a -0 result
            return round_int(x, mode).astype(dst) + dst.type(0)  # is +0 (the boundary appendix, table 32)
        return to_float(x, dst, mode)
    info = np.iinfo(dst)
    r = round_int(x, mode) if x.dtype.kind == "f" else x.astype(np.float64)
    if x.dtype.kind in "iu" and x.dtype.itemsize == 8:
        return np.clip(x, info.min, info.max).astype(dst)
    return np.clip(r, info.min, info.max).astype(dst)


def source(src, n, seed):
    rng = np.random.default_rng(seed)
    src = np.dtype(src)
    if src.kind == "f":
        v = rng.uniform(-300, 300, n)
        v[:16] = [0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.25, -0.75, 127.5, -128.5, 255.5, 256.0, -1e4, 4e4, 1.0, -3.5]
        if src.itemsize == 4:
            v[16:24] = [1 + 2 ** -11, 1 + 3 * 2 ** -12, 65519.0, 1e6, -1e6, 2049.0, 3.0000001, -7.3]
        return v.astype(src)
    info = np.iinfo(src)
    lo, hi = max(info.min, -70000), min(info.max, 70000)
    v = rng.integers(lo, hi, n, endpoint=True)
    if src.itemsize >= 4:
        v[:4] = [2049, 4097, -16777217 if src.itemsize == 8 else -2049, 123456789 if src.itemsize == 8 else 65535]
    return v.astype(src)


CASES = [pytest.param(s, d, m, id=f"{s}-{d}-{m}") for s, d, ms in PAIRS for m in ms]


@api("cast")
@pytest.mark.parametrize("src,dst,mode", CASES)
def test_cast_count(src, dst, mode):
    n = 256
    x = source(src, n, 1)
    z = np.zeros(n, dst)

    def op(out, a, _):
        asc.cast(out, a, getattr(asc.RoundMode, mode), 250)
    want = z.copy()
    want[:250] = convert(x[:250], dst, mode)
    same(run(op, x, x[:32 // np.dtype(src).itemsize], z), want)


@api("cast")
@pytest.mark.parametrize("form", ["mask", "bits", "count"])
def test_cast_page_examples(form):
    """The page's examples: half -> int32 CAST_CEIL; mask = 256 // int32.sizeof() = 64,
    UnaryRepeatParams(1, 1, 8, 4) (dst int32 8 blocks a repeat, src half 4), repeat_times=8 passed with
    the page's keyword params=; count=512.  (The page's bit mask [0, u64max] sets no lane of a 64-lane
    repeat -- mask[0] is lanes 0-63 -- so the bit form here is [u64max].)"""
    x = source("float16", 512, 2)
    z = np.full(512, 3, np.int32)

    def op(out, a, _):
        params = asc.UnaryRepeatParams(1, 1, 8, 4)
        if form == "mask":
            asc.cast(out, a, asc.RoundMode.CAST_CEIL, mask=256 // asc.int32.sizeof(), repeat_times=8, params=params)
        elif form == "bits":
            asc.cast(out, a, asc.RoundMode.CAST_CEIL, mask=[U64], repeat_times=8, params=params)
        else:
            asc.cast(out, a, asc.RoundMode.CAST_CEIL, count=512)
    same(run(op, x, x[:16], z), convert(x, "int32", "CAST_CEIL"))


@api("cast")
@pytest.mark.parametrize("src,dst", [("float32", "float16"), ("float16", "float32"), ("int16", "float16"),
                                     ("float16", "int8")])
def test_cast_level0_strides(src, dst):
    """A short mask over 3 repeats with strides: lanes per repeat from the wider type, each operand's blocks at
    its own element size."""
    se, de = np.dtype(src).itemsize, np.dtype(dst).itemsize
    nl = 256 // max(se, de)
    x = source(src, 4096 // se, 3)
    z = np.full(4096 // de, 1, dst)
    mask = 37

    def op(out, a, _):
        asc.cast(out, a, asc.RoundMode.CAST_RINT if np.dtype(dst).kind in "iu" else asc.RoundMode.CAST_NONE,
                 mask, 3, asc.UnaryRepeatParams(2, 1, 20, 9))
    od, os_ = lanes(mask, 3, de, 2, 20, nl), lanes(mask, 3, se, 1, 9, nl)
    want = z.copy()
    want[od.ravel()] = convert(x[os_.ravel()], dst, "CAST_RINT")
    same(run(op, x, x[:32 // se], z), want)


@api("cast", "set_deq_scale")
def test_cast_int32_to_half_uses_the_deq_scale():
    """set_deq_scale's page, first example: set_deq_scale(1.0) then cast int32 -> half (CAST_NONE);
    Ascend C Cast: int32 -> half takes the scale of SetDeqScale(half), the round mode does not apply.
    Then scale 0.5: dst = half(src * 0.5)."""
    x = np.arange(-500, 524, 4, dtype=np.int32)[:256]
    for scale in (1.0, 0.5):
        def op(out, a, _):
            asc.set_deq_scale(scale)
            asc.cast(out, a, asc.RoundMode.CAST_NONE, 256)
        same(run(op, x, x[:8], np.zeros(256, np.float16)), cast_to(x * scale, np.float16))


# ---- cast_deq -------------------------------------------------------------------------------------------------
def deq(v, scale, offset, signed):
    t = np.int8 if signed else np.uint8
    info = np.iinfo(t)
    return np.clip(np.rint(v.astype(np.float64) * np.float32(scale) + offset), info.min, info.max).astype(t)


def spread(results, half_block, nblocks, z):
    """16 results per source block into the first (half_block False) or second half of dst block i."""
    out = z.copy()
    for i in range(nblocks):
        base = 32 * i + (16 if half_block else 0)
        out[base:base + 16] = results[16 * i:16 * i + 16]
    return out


@api("cast_deq", "set_deq_scale")
@pytest.mark.parametrize("signed", [True, False])
@pytest.mark.parametrize("half_block", [True, False])
@pytest.mark.parametrize("form", ["count", "mask", "bits"])
def test_cast_deq_scalar(signed, half_block, form):
    """set_deq_scale(scale, offset, sign_mode) then cast_deq (is_vec_deq=False): the page's second
    set_deq_scale example (1.0, 0, True) and scale 0.75 / offset -5 / unsigned; 128 int16 (8 blocks)."""
    scale, offset = (1.0, 0) if signed else (0.75, -5)
    x = np.random.default_rng(4).integers(-400, 400, 128).astype(np.int16)
    t = np.int8 if signed else np.uint8
    z = np.full(256, 0x5A, t)

    def op(out, a, _):
        asc.set_deq_scale(scale, offset, signed)
        if form == "count":
            asc.cast_deq(out, a, count=128, is_vec_deq=False, half_block=half_block)
        elif form == "mask":
            asc.cast_deq(out, a, mask=128, repeat_times=1, repeat_params=asc.UnaryRepeatParams(1, 1, 8, 8),
                         is_vec_deq=False, half_block=half_block)
        else:
            asc.cast_deq(out, a, mask=[U64, U64], repeat_times=1, repeat_params=asc.UnaryRepeatParams(1, 1, 8, 8),
                         is_vec_deq=False, half_block=half_block)
    got = run(op, x, x[:16], z)
    same(got, spread(deq(x, scale, offset, signed), half_block, 8, z))


@api("cast_deq", "set_deq_scale")
def test_cast_deq_vector():
    """set_deq_scale(vdeq tensor, VdeqInfo) (the page's third example, with 16 distinct groups) then
    cast_deq(is_vec_deq=True): element j of every block uses group j.  set_deq_scale writes the table
    with scalar stores and cast_deq reads it through the DEQSCALE register: the S -> V flag is the
    program's (the Ascend C implementation, dav_c220 SetDeqScaleImpl, has none; auto-sync cannot see
    the register-borne read)."""
    scales = [0.5 + 0.25 * j for j in range(16)]
    offsets = [j - 8 for j in range(16)]
    signs = [True] * 16
    x = np.random.default_rng(5).integers(-60, 60, 128).astype(np.int16)
    z = np.zeros(256, np.int8)

    def op(out, a, b):
        vdeq = b.reinterpret_cast(asc.uint64)
        asc.set_deq_scale(vdeq, asc.VdeqInfo(scales, offsets, signs))
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.cast_deq(out, a, count=128, is_vec_deq=True, half_block=False)
    got = run(op, x, np.zeros(64, np.int16), z)
    j = np.arange(128) % 16
    res = np.clip(np.rint(x * np.array(scales, np.float32)[j].astype(np.float64) + np.array(offsets)[j]), -128, 127)
    same(got, spread(res.astype(np.int8), False, 8, z))


@api("cast_deq", "set_deq_scale")
def test_cast_deq_int32_to_half():
    """int32 input: dst(half) = src * scale with the scale of set_deq_scale(scale) (RINT)."""
    x = np.arange(-1024, 1024, 8, dtype=np.int32)

    def op(out, a, _):
        asc.set_deq_scale(0.25)
        asc.cast_deq(out, a, count=256, is_vec_deq=False, half_block=False)
    same(run(op, x, x[:8], np.zeros(256, np.float16)), cast_to(x * 0.25, np.float16))
