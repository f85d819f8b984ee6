"""The reductions of asc.language.basic, from their pages: block_reduce_max / min / sum,
pair_reduce_sum, repeat_reduce_sum, whole_reduce_max / min / sum, reduce_max / min / sum.

Layouts the pyasc pages give: block reductions write one value per 32-byte block (8 per repeat,
dst_rep_stride in units of 8 elements); pair_reduce_sum writes a + b of adjacent elements (half a
repeat, dst_rep_stride in half repeats); repeat_reduce_sum and whole_reduce_sum one value per repeat
(dst_rep_stride in elements); whole_reduce_max / min [value, index] by default (the order argument
swaps them or keeps one; an index is the lane inside the repeat, stored in the value's bits, ONLY_INDEX
as uint32); reduce_max / min / sum one result over everything ([value, index] with cal_index).
Sums add pairwise (a binary tree) and, in half, a pair sum above 65504 is kept as 65504: the pages'
example [60000, 60000, -30000, 100] sums to 35604.  Where the pyasc pages are silent (lanes masked
off, the index of a level-0 reduce_max) the Ascend C pages decide: ReduceDataBlock and
ReducePairElem leave a destination element alone when none of its lanes is enabled (A2); ReduceMax
reports the first of equal maxima, at the repeat's start plus the lane.  Operands are small integers:
every sum is exact in any order."""
import numpy as np
import pytest

import asc
from kit import U64, api, lanes, mask_bits, param, run, same

FLOATS = ["float16", "float32"]
BLOCK = {"block_reduce_max": np.max, "block_reduce_min": np.min, "block_reduce_sum": np.sum}
WHOLE = {"whole_reduce_max": np.argmax, "whole_reduce_min": np.argmin}
IDX = {np.dtype("float16"): np.uint16, np.dtype("float32"): np.uint32}


def ints(n, dtype, seed, lo=-8, hi=8):
    return np.random.default_rng(seed).integers(lo, hi, n, endpoint=True).astype(dtype)


def sentinel(n, dtype):
    return np.full(n, 77, dtype)


def block_want(name, x, z, mask, repeat, dst_rep, src_blk, src_rep):
    """One value per block with an enabled lane; blocks with none leave dst alone (Ascend C, A2)."""
    esz = x.dtype.itemsize
    per, nl = 32 // esz, 256 // esz
    on = mask_bits(mask, nl)
    want = z.copy()
    for r in range(repeat):
        for b in range(8):
            k = [i for i in range(b * per, (b + 1) * per) if on[i]]
            if not k:
                continue
            idx = [(r * src_rep + b * src_blk) * per + i % per for i in k]
            want[r * dst_rep * 8 + b] = x.dtype.type(BLOCK[name](x[idx].astype(np.float64)))
    return want


@pytest.mark.parametrize("name", [param(n) for n in sorted(BLOCK)])
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("form", ["example-mask", "example-bits", "strided"])
def test_block_reduce(name, dtype, form):
    """The page's examples (repeat=1, mask=128 or [u64max]*2, dst_rep_stride=8, src_blk_stride=1,
    src_rep_stride=8; for float the full mask is 64 / [u64max]); then 3 repeats of a bit mask that
    empties some blocks, src_blk_stride 2, src_rep_stride 20, dst_rep_stride 2."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    n = 4096 // esz
    x, z = ints(n, dtype, 1), sentinel(n, dtype)
    fn = getattr(asc, name)
    if form == "strided":
        mask = [0x00000000FFFF0F01, 0x8000000000000000] if esz == 2 else [0x0000FF00000000F1]
        args = dict(repeat=3, mask=mask, dst_rep_stride=2, src_blk_stride=2, src_rep_stride=20)
    else:
        mask = nl if form == "example-mask" else ([U64, U64] if esz == 2 else [U64])
        args = dict(repeat=1, mask=mask, dst_rep_stride=8, src_blk_stride=1, src_rep_stride=8)

    def op(dst, a, _):
        fn(dst, a, **args)
    want = block_want(name, x, z, args["mask"], args["repeat"], args["dst_rep_stride"], args["src_blk_stride"],
                      args["src_rep_stride"])
    same(run(op, x, x[:16], z), want)


def test_block_reduce_positional_order():
    """The signature's positional order: (dst, src, repeat, mask, dst_rep_stride, src_blk_stride,
    src_rep_stride) -- repeat before mask."""
    x, z = ints(1024, "float16", 2), sentinel(1024, "float16")
    got = run(lambda dst, a, _: asc.block_reduce_max(dst, a, 2, 128, 1, 1, 8), x, x[:16], z)
    same(got, block_want("block_reduce_max", x, z, 128, 2, 1, 1, 8))


test_block_reduce_positional_order = api("block_reduce_max")(test_block_reduce_positional_order)

SAT_EXAMPLE = [60000.0, 60000.0, -30000.0, 100.0]


@pytest.mark.parametrize("name", [param("block_reduce_sum"), param("whole_reduce_sum"),
                                  param("repeat_reduce_sum")])
def test_half_pair_sum_saturates(name):
    """The pages' rule: 60000 + 60000 is kept as 65504, then 65504 + (-30000 + 100).  The pages print 35604,
    the sum in exact arithmetic, which half cannot hold: every partial sum is a half (the pages' binary tree
    of half additions), so -29900 is -29904 and 65504 - 29904 = 35600 rounds (a tie, to even) to 35584."""
    want = np.float16(np.float64(np.float16(65504)) + np.float64(np.float16(-30000.0 + 100.0)))
    assert want == 35584
    x = np.zeros(128, np.float16)
    x[:4] = SAT_EXAMPLE
    z = sentinel(128, "float16")

    def op(dst, a, _):
        if name == "block_reduce_sum":
            asc.block_reduce_sum(dst, a, repeat=1, mask=128, dst_rep_stride=8, src_blk_stride=1, src_rep_stride=8)
        elif name == "whole_reduce_sum":
            asc.whole_reduce_sum(dst, a, mask=128, repeat_time=1, dst_rep_stride=1, src_blk_stride=1,
                                 src_rep_stride=8)
        else:
            asc.repeat_reduce_sum(dst, a, repeat_time=1, mask=128, dst_blk_stride=0, src_blk_stride=1,
                                  dst_rep_stride=1, src_rep_stride=8)
    assert run(op, x, x[:16], z)[0] == want


# ---- pair_reduce_sum ------------------------------------------------------------------------------------------
def pair_want(x, z, mask, repeat, dst_rep, src_blk, src_rep):
    esz = x.dtype.itemsize
    nl = 256 // esz
    on = mask_bits(mask, nl)
    off = lanes(nl, repeat, esz, src_blk, src_rep)
    want = z.copy()
    for r in range(repeat):
        for p in range(nl // 2):
            k = [i for i in (2 * p, 2 * p + 1) if on[i]]
            if k:
                want[r * dst_rep * (nl // 2) + p] = x.dtype.type(sum(float(x[off[r, i]]) for i in k))
    return want


@api("pair_reduce_sum")
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("form", ["example-mask", "example-bits", "strided"])
def test_pair_reduce_sum(dtype, form):
    """The page's examples (repeat_time=2, mask=128 / [u64max]*2, dst_rep_stride=1, src_blk_stride=1,
    src_rep_stride=8), then a bit mask enabling whole pairs only, 3 repeats, strides 2 / 17 / 3."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    n = 4096 // esz
    x, z = ints(n, dtype, 3), sentinel(n, dtype)
    if form == "strided":
        mask = [0xF00F00000000FF33, 0x3000000000000003] if esz == 2 else [0xC00000000000FF0F]
        args = dict(repeat_time=3, mask=mask, dst_rep_stride=3, src_blk_stride=2, src_rep_stride=17)
    else:
        mask = nl if form == "example-mask" else ([U64, U64] if esz == 2 else [U64])
        args = dict(repeat_time=2, mask=mask, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)

    def op(dst, a, _):
        asc.pair_reduce_sum(dst, a, **args)
    want = pair_want(x, z, args["mask"], args["repeat_time"], args["dst_rep_stride"], args["src_blk_stride"],
                     args["src_rep_stride"])
    same(run(op, x, x[:16], z), want)


# ---- repeat_reduce_sum / whole_reduce_sum ----------------------------------------------------------------------
def sum_want(x, z, mask, repeat, dst_rep, src_blk, src_rep):
    esz = x.dtype.itemsize
    off = lanes(mask, repeat, esz, src_blk, src_rep)
    want = z.copy()
    for r in range(repeat):
        want[r * dst_rep] = x.dtype.type(x[off[r]].astype(np.float64).sum())
    return want


@api("repeat_reduce_sum")
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("case", ["example", "short"])
def test_repeat_reduce_sum(dtype, case):
    """The page's example (repeat_time=4, mask=128, dst_blk_stride=0, src_blk_stride=1, dst_rep_stride=8,
    src_rep_stride=8); then mask 50, dst_rep_stride 3, src_blk_stride 2, src_rep_stride 18, and a
    dst_blk_stride the page calls meaningless (5)."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    n = 4096 // esz
    x, z = ints(n, dtype, 4), sentinel(n, dtype)
    if case == "example":
        a = dict(repeat_time=4, mask=nl, dst_blk_stride=0, src_blk_stride=1, dst_rep_stride=8, src_rep_stride=8)
    else:
        a = dict(repeat_time=3, mask=50, dst_blk_stride=5, src_blk_stride=2, dst_rep_stride=3, src_rep_stride=18)

    def op(dst, s, _):
        asc.repeat_reduce_sum(dst, s, **a)
    same(run(op, x, x[:16], z), sum_want(x, z, a["mask"], a["repeat_time"], a["dst_rep_stride"],
                                         a["src_blk_stride"], a["src_rep_stride"]))


@api("whole_reduce_sum")
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("form", ["example-mask", "example-bits", "strided-bits"])
def test_whole_reduce_sum(dtype, form):
    """The page's examples (mask=128 / [u64max]*2, repeat_time=4, dst_rep_stride=1, src_blk_stride=1,
    src_rep_stride=8), then a sparse bit mask, 3 repeats, dst_rep_stride 5, strides 3 / 25."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    n = 4096 // esz
    x, z = ints(n, dtype, 5), sentinel(n, dtype)
    if form == "strided-bits":
        mask = [0x1234567800000001, 0x8000000000000000] if esz == 2 else [0x8000000012345678]
        a = dict(mask=mask, repeat_time=3, dst_rep_stride=5, src_blk_stride=3, src_rep_stride=25)
    else:
        mask = nl if form == "example-mask" else ([U64, U64] if esz == 2 else [U64])
        a = dict(mask=mask, repeat_time=4, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)

    def op(dst, s, _):
        asc.whole_reduce_sum(dst, s, **a)
    same(run(op, x, x[:16], z), sum_want(x, z, a["mask"], a["repeat_time"], a["dst_rep_stride"],
                                         a["src_blk_stride"], a["src_rep_stride"]))


# ---- whole_reduce_max / min --------------------------------------------------------------------------------------
ORDERS = ["ORDER_VALUE_INDEX", "ORDER_INDEX_VALUE", "ORDER_ONLY_VALUE", "ORDER_ONLY_INDEX"]


def whole_want(name, x, z, mask, repeat, dst_rep, src_blk, src_rep, order):
    esz = x.dtype.itemsize
    nl = 256 // esz
    on = np.nonzero(mask_bits(mask, nl))[0]
    off = lanes(nl, repeat, esz, src_blk, src_rep)
    want = z.copy()
    idx_t = IDX[x.dtype]
    for r in range(repeat):
        vals = x[off[r, on]]
        k = int(on[WHOLE[name](vals)])  # numpy: the first of equal extrema
        v = x[off[r, k]]
        i_bits = np.array([k], idx_t).view(x.dtype)[0]
        if order == "ORDER_VALUE_INDEX":
            want[2 * r * dst_rep], want[2 * r * dst_rep + 1] = v, i_bits
        elif order == "ORDER_INDEX_VALUE":
            want[2 * r * dst_rep], want[2 * r * dst_rep + 1] = i_bits, v
        elif order == "ORDER_ONLY_VALUE":
            want[r * dst_rep] = v
        else:  # uint32 index, dst_rep_stride in uint32 units (Ascend C ReduceRepeat, A2)
            w = want.view(np.uint32)
            w[r * dst_rep] = k
    return want


@pytest.mark.parametrize("name", [param(n) for n in sorted(WHOLE)])
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("form", ["example-mask", "example-bits", "strided-bits"])
def test_whole_reduce_max_min(name, dtype, order, form):
    """The page's examples (mask=128 / [u64max]*2, repeat_time=4, dst_rep_stride=1, src_blk_stride=1,
    src_rep_stride=8) in the four orders; then a sparse bit mask, dst_rep_stride 3, strides 2 / 19.
    The operands repeat values, so the first-of-equal rule decides indices."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    n = 4096 // esz
    x, z = ints(n, dtype, 6, -5, 5), sentinel(n, dtype)
    if form == "strided-bits":
        mask = [0x00F0000000F00F01, 0x0100000000000010] if esz == 2 else [0x01000F0000F00F01]
        a = dict(mask=mask, repeat_time=3, dst_rep_stride=3, src_blk_stride=2, src_rep_stride=19)
    else:
        mask = nl if form == "example-mask" else ([U64, U64] if esz == 2 else [U64])
        a = dict(mask=mask, repeat_time=4, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    fn = getattr(asc, name)
    o = getattr(asc.ReduceOrder, order)

    def op(dst, s, _):
        if order == "ORDER_VALUE_INDEX":
            fn(dst, s, **a)  # the default
        else:
            fn(dst, s, **a, order=o)
    want = whole_want(name, x, z, a["mask"], a["repeat_time"], a["dst_rep_stride"], a["src_blk_stride"],
                      a["src_rep_stride"], order)
    same(run(op, x, x[:16], z), want)


# ---- reduce_max / reduce_min / reduce_sum -----------------------------------------------------------------------
REDUCE = {"reduce_max": np.argmax, "reduce_min": np.argmin, "reduce_sum": None}


def reduce_want(name, vals, cal_index, z):
    want = z.copy()
    if name == "reduce_sum":
        want[0] = vals.dtype.type(vals.astype(np.float64).sum())
        return want
    k = int(REDUCE[name](vals))
    want[0] = vals[k]
    if cal_index:
        want[1] = np.array([k], IDX[vals.dtype]).view(vals.dtype)[0]
    return want


REDUCE_CASES = [pytest.param(n, ci, marks=api(n), id=f"{n}-{'index' if ci else 'value'}")
                for n in sorted(REDUCE) for ci in ((False,) if n == "reduce_sum" else (False, True))]


@pytest.mark.parametrize("name,cal_index", REDUCE_CASES)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("form", ["count", "mask", "bits"])
def test_reduce(name, dtype, cal_index, form):
    """count form (the example count=2048, and a tail 2000); the level-0 forms over 5 repeats,
    src_rep_stride 9 (repeats 8 blocks long and one apart), mask 100 / a bit mask.  The index of a
    level-0 call is where the repeat starts plus the lane: r * src_rep_stride * (32 / sizeof) + lane
    (Ascend C ReduceMax: 'from the iteration's position and the index inside the repeat'; the A2
    implementation, impl/basic_api/dav_c220/kernel_operator_vec_reduce_impl.h, scales the repeat by
    src_rep_stride blocks)."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    n = 2048
    x = ints(n + 256, dtype, 7, *((-4, 4) if name == "reduce_sum" else (-20, 20)))
    z = sentinel(16, dtype)
    fn = getattr(asc, name)
    kw = dict(cal_index=True) if cal_index else {}
    if form == "count":
        cnt = 2000 if cal_index else 2048
        vals = x[:cnt]
        where = np.arange(cnt)
    else:
        mask = 100 if form == "mask" else ([0xFFFF0000000000FF, 0x00000000000F000F] if esz == 2
                                           else [0xFFFF0000000000FF])
        off = lanes(mask, 5, esz, 1, 9)
        on = np.nonzero(mask_bits(mask, nl))[0]
        vals = x[off.ravel()]
        where = (np.arange(5)[:, None] * 9 * (32 // esz) + on[None, :]).ravel()

    def op(dst, s, _):
        tmp = s[n]  # shared_tmp_buffer: the source tile's last 256 elements are free room
        if form == "count":
            fn(dst, s, shared_tmp_buffer=tmp, count=cnt, **kw)
        else:
            fn(dst, s, shared_tmp_buffer=tmp, mask=mask, repeat_time=5, src_rep_stride=9, **kw)
    got = run(op, x, x[:16], z)
    want = reduce_want(name, vals, cal_index, z)
    if cal_index:
        k = int(np.array([want[1]]).view(IDX[np.dtype(dtype)])[0])
        want[1] = np.array([where[k]], IDX[np.dtype(dtype)]).view(np.dtype(dtype))[0]
    same(got[:2 if cal_index else 1], want[:2 if cal_index else 1])
