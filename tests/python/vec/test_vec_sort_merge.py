"""mrg_sort, get_mrg_sort_result, sort, get_sort_len / get_sort_offset against numpy references
(API MrgSort.md, GetMrgSortResult.md, Sort.md): 8-byte records (score, uint32 index), merged
descending by score, on equal scores the earlier list first; with exhausted suspension the merge
stops when a list runs out.  mrg_sort4 / rp_sort16 / proposal_* are not A2/A3 instructions."""
import numpy as np
import pytest

import asc
from basic_kernels import run

FLOATS = ["float16", "float32"]


def records(scores, idx, dtype):
    """The byte image of (score, index) records as an array of dtype."""
    n = len(scores)
    buf = np.zeros(8 * n, np.uint8)
    buf.reshape(n, 8)[:, :np.dtype(dtype).itemsize] = np.ascontiguousarray(scores, dtype).view(np.uint8).reshape(n, -1)
    buf.reshape(n, 8)[:, 4:] = np.ascontiguousarray(idx, np.uint32).view(np.uint8).reshape(n, 4)
    return buf.view(dtype)


def sorted_list(n, dtype, seed, base):
    rng = np.random.default_rng(seed)
    s = np.sort(rng.integers(-20, 20, n).astype(dtype))[::-1]  # repeated scores: ties within and across lists
    return s, np.arange(base, base + n, dtype=np.uint32)


def merge_ref(lists, stop_when_empty=False):
    """Stable descending merge of [(scores, idx)], earlier list first on ties."""
    pos = [0] * len(lists)
    out_s, out_i = [], []
    while True:
        if stop_when_empty and any(p >= len(s) for p, (s, _) in zip(pos, lists)):
            break
        best = None
        for j, (s, _) in enumerate(lists):
            if pos[j] < len(s) and (best is None or s[pos[j]] > lists[best][0][pos[best]]):
                best = j
        if best is None:
            break
        out_s.append(lists[best][0][pos[best]])
        out_i.append(lists[best][1][pos[best]])
        pos[best] += 1
    return out_s, out_i, pos


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("nlists,lengths", [(4, [16, 8, 12, 4]), (3, [8, 8, 24, 0]), (2, [20, 4, 0, 0])])
def test_mrg_sort(dtype, nlists, lengths):
    per = 8 // np.dtype(dtype).itemsize  # elements per record
    lists = [sorted_list(lengths[j], dtype, j, 100 * j) for j in range(nlists)]
    # each list at a 32-byte aligned place of x (8-byte alignment is the minimum)
    starts, pos = [], 0
    for j in range(nlists):
        starts.append(pos)
        pos += (lengths[j] + 3) // 4 * 4
    x = np.zeros(per * (pos + 4), dtype)
    for j, (s, i) in enumerate(lists):
        x[per * starts[j]: per * (starts[j] + lengths[j])] = records(s, i, dtype)
    total = sum(lengths[:nlists])
    z = np.full(per * (total + 4), 5, dtype)
    valid = {2: 3, 3: 7, 4: 15}[nlists]

    def op(dst, a, b):
        srcs = [a[per * st] for st in starts]
        asc.mrg_sort(dst, asc.MrgSortSrcList(a.dtype, *srcs), asc.MrgSort4Info(lengths, False, valid, 1))
    got = run(op, x, x, z)
    s, i, _ = merge_ref(lists)
    want = z.copy()
    want[:per * total] = records(s, i, dtype)
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


def test_mrg_sort_repeat_and_list_form():
    # repeat 2: 8 contiguous lists of 4 records (the pyasc element_count_list form)
    lists = [sorted_list(4, "float32", 10 + j, 10 * j) for j in range(8)]
    x = np.concatenate([records(s, i, "float32") for s, i in lists])
    z = np.zeros(64, np.float32)

    def op(dst, a, b):
        srcs = asc.MrgSortSrcList(asc.float32, a, a[8], a[16], a[24])
        asc.mrg_sort(dst, srcs, [4, 4, 4, 4], [0, 0, 0, 0], 15, 2)
    got = run(op, x, x, z)
    want = np.concatenate([records(*merge_ref(lists[4 * r: 4 * r + 4])[:2], "float32") for r in range(2)])
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


@pytest.mark.parametrize("dtype", FLOATS)
def test_mrg_sort_exhausted_and_result(dtype):
    per = 8 // np.dtype(dtype).itemsize
    lengths = [8, 4, 8, 8]
    lists = [sorted_list(n, dtype, 20 + j, 100 * j) for j, n in enumerate(lengths)]
    x = np.concatenate([records(s, i, dtype) for s, i in lists])
    z = np.zeros(per * 32 + 16, dtype)
    offs = np.cumsum([0] + lengths)

    def op(dst, a, b):
        srcs = asc.MrgSortSrcList(a.dtype, *[a[per * int(o)] for o in offs[:4]])
        asc.mrg_sort(dst, srcs, asc.MrgSort4Info(lengths, True, 15, 1))
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
        n1, n2, n3, n4 = asc.get_mrg_sort_result()
        for k, n in enumerate((n1, n2, n3, n4)):
            dst.set_value(per * 32 + k, n.cast(dst.dtype))
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.adds(dst[per * 32], dst[per * 32], 0.0, 16)
    got = run(op, x, x, z)
    s, i, pos = merge_ref(lists, stop_when_empty=True)
    assert sum(pos) < sum(lengths) and pos[1] == 4  # the 4-record list ran out first
    want = z.copy()
    want[:per * len(s)] = records(s, i, dtype)
    want[per * 32: per * 32 + 4] = pos
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("full", [False, True])
def test_sort(dtype, full):
    per = 8 // np.dtype(dtype).itemsize
    n = 96
    sc = np.random.default_rng(3).integers(-50, 50, n).astype(dtype)
    idx = np.arange(n, dtype=np.uint32) * 3

    def op(dst, a, b):
        tmp = dst[per * n]
        asc.sort(dst, a, b.reinterpret_cast(asc.uint32), tmp, 3, is_full_sort=full)
    got = run(op, sc, idx.view(dtype), np.zeros(2 * per * n, dtype))
    want_recs = []
    for g in ([np.arange(n)] if full else [np.arange(32 * r, 32 * r + 32) for r in range(3)]):
        o = g[np.argsort(-sc[g].astype(np.float64), kind="stable")]
        want_recs.append(records(sc[o], idx[o], dtype))
    np.testing.assert_array_equal(got[:per * n].view(np.uint8), np.concatenate(want_recs).view(np.uint8))


def test_get_sort_len_offset():
    z = np.zeros(8, np.int32)

    def op(dst, a, b):
        dst.set_value(0, asc.get_sort_len(100))
        dst.set_value(1, asc.get_sort_offset(10))
        dst.set_value(2, asc.get_sort_len(100, asc.float16))
        dst.set_value(3, asc.get_sort_offset(7, dtype=asc.float16))
    got = run(op, z, z, z)
    assert list(got[:4]) == [200, 20, 400, 28]  # records of 8 bytes: 2 floats, 4 halves


def test_sort_errors():
    x = np.zeros(64, np.float32)
    with pytest.raises(Exception, match="valid_bit 5 is not 3, 7 or 15"):
        run(lambda d, a, b: asc.mrg_sort(d, asc.MrgSortSrcList(asc.float32, a, a[16]),
                                         asc.MrgSort4Info([4, 4, 0, 0], False, 5, 1)), x, x, x)
    with pytest.raises(Exception, match="uses 4 lists but the source list has 2"):
        run(lambda d, a, b: asc.mrg_sort(d, asc.MrgSortSrcList(asc.float32, a, a[16]),
                                         asc.MrgSort4Info([4, 4, 0, 0])), x, x, x)
    with pytest.raises(Exception, match="not 8-byte aligned"):
        run(lambda d, a, b: asc.mrg_sort(d, asc.MrgSortSrcList(asc.float32, a, a[17]),
                                         asc.MrgSort4Info([4, 4, 0, 0], False, 3)), x, x, x)
    with pytest.raises(asc.KernelError, match="asc.mrg_sort4 is not available on Ascend910B1"):
        run(lambda d, a, b: asc.mrg_sort4(d, asc.MrgSortSrcList(asc.float32, a, a[16]),
                                          asc.MrgSort4Info([4, 4, 0, 0])), x, x, x)
    with pytest.raises(asc.KernelError, match="asc.rp_sort16 is not available on Ascend910B1"):
        run(lambda d, a, b: asc.rp_sort16(d, a, 1), x, x, x)
