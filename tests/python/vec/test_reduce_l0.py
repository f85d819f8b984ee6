"""Per-repeat reductions of level 0 against numpy: whole_reduce_sum/max/min (every ReduceOrder),
block_reduce_sum/max/min, pair_reduce_sum and repeat_reduce_sum, with masks, strides and
repeats.  Sources are small integers so every sum is exact in f16 and f32 whatever the order."""
import numpy as np
import pytest

import asc
from basic_kernels import data, lane_offsets, mask_bits, run

FLOATS = ["float16", "float32"]


def src(n, dtype, seed):
    return np.round(data(n, dtype, -10, 10, seed)).astype(dtype)


def lanes_on(x, mask, repeat, esz, blk, rep):
    """[repeat, lanes] values and the lanes-on mask."""
    lanes = 256 // esz
    return x[lane_offsets(repeat, lanes, esz, blk, rep)], mask_bits(mask, lanes)


CASES = [(None, 3, 1, 1, 8), (50, 2, 2, 2, 16), ("bits", 2, 3, 1, 8)]  # mask, repeat, dst_rep, src_blk, src_rep


def _mask(mask, lanes):
    if mask is None:
        return lanes
    if mask == "bits":
        return [0xF0000000000000FF, 0x1] if lanes == 128 else [0x80000000F000000F]
    return mask


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("case", CASES)
def test_whole_reduce_sum(dtype, case):
    mask, repeat, drep, sblk, srep = case
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    mask = _mask(mask, lanes)
    x = src(per * (srep * repeat + 8 * sblk), dtype, 1)
    z = np.full(per * 4, -1, dtype)

    def op(dst, a, _):
        asc.whole_reduce_sum(dst, a, mask, repeat, drep, sblk, srep)
    got = run(op, x, x[:per], z)
    v, on = lanes_on(x, mask, repeat, esz, sblk, srep)
    want = z.copy()
    for r in range(repeat):
        want[r * drep] = v[r][on].astype(np.float64).sum()
    np.testing.assert_array_equal(got, want)


ORDERS = ["ORDER_VALUE_INDEX", "ORDER_INDEX_VALUE", "ORDER_ONLY_VALUE", "ORDER_ONLY_INDEX"]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("kind", ["max", "min"])
@pytest.mark.parametrize("order", ORDERS)
def test_whole_reduce_max_min(dtype, kind, order):
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    repeat, mask = 2, lanes - 3
    x = src(lanes * repeat, dtype, 2)
    x[lanes + 7] = x[lanes + 20] = 40 if kind == "max" else -40  # ties: the first index wins
    zb = 64  # bytes of dst
    z = np.zeros(zb // esz, dtype)
    drep = 1

    def op(dst, a, _):
        getattr(asc, f"whole_reduce_{kind}")(dst, a, mask, repeat, drep, 1, 8, order=getattr(asc.ReduceOrder, order))
    got = run(op, x, x[:per], z).view(np.uint8)
    want = z.view(np.uint8).copy()
    itype = np.uint16 if esz == 2 else np.uint32
    f = np.argmax if kind == "max" else np.argmin
    for r in range(repeat):
        seg = x[r * lanes:r * lanes + mask]
        i = int(f(seg))
        val = np.array([seg[i]], dtype).view(np.uint8)
        idx = np.array([i], itype).view(np.uint8)
        if order == "ORDER_VALUE_INDEX":
            rec, unit = np.concatenate([val, idx]), 2 * esz
        elif order == "ORDER_INDEX_VALUE":
            rec, unit = np.concatenate([idx, val]), 2 * esz
        elif order == "ORDER_ONLY_VALUE":
            rec, unit = val, esz
        else:
            rec, unit = np.array([i], np.uint32).view(np.uint8), 4
        want[r * drep * unit:r * drep * unit + len(rec)] = rec
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("kind", ["sum", "max", "min"])
@pytest.mark.parametrize("case", CASES)
def test_block_reduce(dtype, kind, case):
    mask, repeat, drep, sblk, srep = case
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    mask = _mask(mask, lanes)
    x = src(per * (srep * repeat + 8 * sblk), dtype, 3)
    z = np.full(8 * 3 * 4, -99, dtype)

    def op(dst, a, _):
        getattr(asc, f"block_reduce_{kind}")(dst, a, repeat, mask, drep, sblk, srep)
    got = run(op, x, x[:per], z)
    v, on = lanes_on(x, mask, repeat, esz, sblk, srep)
    want = z.copy()
    for r in range(repeat):
        for b in range(8):
            sl = slice(b * per, (b + 1) * per)
            vals = v[r, sl][on[sl]].astype(np.float64)
            if not len(vals):  # Ascend C ReduceDataBlock (A2): a block with no lane on is not written
                continue
            want[r * drep * 8 + b] = vals.sum() if kind == "sum" else vals.max() if kind == "max" else vals.min()
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("case", CASES)
def test_pair_reduce_sum(dtype, case):
    mask, repeat, drep, sblk, srep = case
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    mask = _mask(mask, lanes)
    x = src(per * (srep * repeat + 8 * sblk), dtype, 4)
    z = np.full(128 // esz * 3 * 3, -99, dtype)

    def op(dst, a, _):
        asc.pair_reduce_sum(dst, a, repeat, mask, drep, sblk, srep)
    got = run(op, x, x[:per], z)
    v, on = lanes_on(x, mask, repeat, esz, sblk, srep)
    want = z.copy()
    half = lanes // 2
    for r in range(repeat):
        for j in range(half):
            pick = [k for k in (2 * j, 2 * j + 1) if on[k]]
            if pick:
                want[r * drep * half + j] = sum(np.float64(v[r, k]) for k in pick)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", FLOATS)
def test_repeat_reduce_sum(dtype):
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    x = src(lanes * 4, dtype, 5)
    z = np.full(per * 2, -1, dtype)

    def op(dst, a, _):
        asc.repeat_reduce_sum(dst, a, 4, lanes - 1, 1, 1, 2, 8)
    got = run(op, x, x[:per], z)
    want = z.copy()
    for r in range(4):
        want[2 * r] = x[r * lanes:(r + 1) * lanes - 1].astype(np.float64).sum()
    np.testing.assert_array_equal(got, want)


def test_whole_reduce_sum_rounds_each_partial_in_f16():
    # 2048 and seven ones: a left-to-right f16 sum stays at 2048 (each +1 rounds away), the exact
    # sum is 2055; the model's pairwise tree (vreduce.c; the hardware order is unconfirmed) gives
    # ((2048+1 -> 2048) + (1+1)) + ((1+1) + (1+1)) = 2050 + 4 = 2054.
    x = np.zeros(128, np.float16)
    x[0], x[1:8] = 2048, 1

    def op(dst, a, _):
        asc.whole_reduce_sum(dst, a, 128, 1, 1, 1, 8)
    got = run(op, x, x[:16], np.zeros(16, np.float16))
    assert got[0] == np.float16(2054)


def test_reduce_int_type_is_an_error():
    x = np.zeros(64, np.int32)

    def op(dst, a, _):
        asc.whole_reduce_sum(dst, a, 64, 1, 1, 1, 8)
    with pytest.raises(Exception, match="not supported"):
        run(op, x, x[:8], np.zeros(8, np.int32))
