"""pyasc's asc.language.adv.concat and asc.language.adv.extract pages.

concat: "prepares the data to sort: src is merged one to one into concat; then Sort can run";
16 elements per repeat, repeat_time in [0, 255].  extract: "processes Sort's result, giving the
sorted values and indices".  The pages' examples: 128 half scores, concat with repeat_time=8 and
extract with repeat_time=4.  The pages do not show the data, so the tests use Ascend C's MrgSort
page example (device kit, docs/zh/api/SIMD-API/高阶API/排序操作/MrgSort-93.md: 128 halves in four
descending runs 31..0, 63..32, 95..64, 127..96, indices equal to the values; concat, Sort, MrgSort
and Extract give values and indices 127, 126, ..., 0), and random scores against numpy's stable
descending argsort (asc.sort's page: equal scores keep their input order).  Extract's Ascend C page:
on Atlas A2/A3 one repeat takes 64 floats or 128 halves of sorted records (32 records)."""
import os
import sys

import numpy as np
import pytest

import asc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from basic_kernels import run  # noqa: E402

CONCAT = pytest.mark.api("asc.language.adv.concat")
EXTRACT = pytest.mark.api("asc.language.adv.extract")


def layout(n, dtype):
    """Offsets (in dtype elements) in dst of: values n | indices n (uint32) | concat n | sorted 2n records |
    sort tmp | concat tmp."""
    es = np.dtype(dtype).itemsize
    iw = 4 // es
    rec = 8 // es
    o_val, o_idx = 0, n
    o_cat = o_idx + iw * n
    o_srt = o_cat + n
    o_tmp = o_srt + rec * n
    o_ctmp = o_tmp + rec * n
    return o_val, o_idx, o_cat, o_srt, o_tmp, o_ctmp, o_ctmp + 2 * n


def pipeline(n, dtype, merge):
    o_val, o_idx, o_cat, o_srt, o_tmp, o_ctmp, size = layout(n, dtype)
    rec = 8 // np.dtype(dtype).itemsize

    def op(dst, scores, index):
        cat = dst[o_cat]
        asc.adv.concat(dst=cat, src=scores, tmp=dst[o_ctmp], repeat_time=n // 16)
        if merge:  # Ascend C's flow: each 32 sorted, then the four runs merged
            asc.sort(dst[o_tmp], cat, index.reinterpret_cast(asc.uint32), dst[o_srt], n // 32, is_full_sort=False)
            q = n // 4
            lst = asc.MrgSortSrcList(dst.dtype, dst[o_tmp], dst[o_tmp + rec * q], dst[o_tmp + 2 * rec * q],
                                     dst[o_tmp + 3 * rec * q])
            asc.mrg_sort(dst[o_srt], lst, [q, q, q, q], [0, 0, 0, 0], 15, 1)
        else:
            asc.sort(dst[o_srt], cat, index.reinterpret_cast(asc.uint32), dst[o_tmp], n // 32, is_full_sort=True)
        asc.adv.extract(dst_value=dst[o_val], dst_index=dst[o_idx].reinterpret_cast(asc.uint32), src=dst[o_srt],
                        repeat_time=n // 32)
    return op, size


def values_indices(z, n, dtype):
    iw = 4 // np.dtype(dtype).itemsize
    return z[:n], z[n:n + iw * n].view(np.uint32)


@CONCAT
@EXTRACT
@pytest.mark.parametrize("merge", [True, False])
def test_ascend_c_mrgsort_example(merge):
    """128 halves: concat repeat_time=8, sort, extract repeat_time=4 (the pages' numbers) on Ascend C's data."""
    n = 128
    runs = np.concatenate([np.arange(32 * r + 31, 32 * r - 1, -1) for r in range(4)])
    sc = runs.astype(np.float16)
    idx = runs.astype(np.uint32)
    op, size = pipeline(n, np.float16, merge)
    z = run(op, sc, idx.view(np.float16), np.zeros(size, np.float16))
    v, i = values_indices(z, n, np.float16)
    np.testing.assert_array_equal(v, np.arange(127, -1, -1).astype(np.float16))
    np.testing.assert_array_equal(i, np.arange(127, -1, -1))


@CONCAT
@EXTRACT
@pytest.mark.parametrize("dtype,n", [(np.float16, 64), (np.float32, 96), (np.float32, 32)])
def test_random_scores(dtype, n):
    """Non-default: float as well as half, other repeat counts (concat n/16, extract n/32); ties keep
    input order (asc.sort's page)."""
    rng = np.random.default_rng(n)
    sc = rng.integers(-20, 20, n).astype(dtype) / 4  # many equal scores
    idx = rng.permutation(10 * n)[:n].astype(np.uint32)
    op, size = pipeline(n, dtype, False)
    z = run(op, sc, idx.view(dtype), np.zeros(size, dtype))
    order = np.argsort(-sc.astype(np.float64), kind="stable")
    v, i = values_indices(z, n, dtype)
    np.testing.assert_array_equal(v, sc[order])
    np.testing.assert_array_equal(i, idx[order])


@CONCAT
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_concat_repeat_time_counts_16(dtype):
    """concat's repeat_time: 16 elements a repeat; repeat_time=3 sorts exactly the first 48 scores
    (scores past them, left at -inf in concat, sort last)."""
    n = 64
    sc = np.random.default_rng(2).permutation(n).astype(dtype) + 1
    o_val, o_idx, o_cat, o_srt, o_tmp, o_ctmp, size = layout(n, dtype)

    def op(dst, scores, index):
        cat = dst[o_cat]
        asc.duplicate(cat, float("-inf"), n)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.adv.concat(cat, scores, dst[o_ctmp], 3)
        asc.sort(dst[o_srt], cat, index.reinterpret_cast(asc.uint32), dst[o_tmp], n // 32, is_full_sort=True)
        asc.adv.extract(dst[o_val], dst[o_idx].reinterpret_cast(asc.uint32), dst[o_srt], n // 32)
    idx = np.arange(n, dtype=np.uint32)
    z = run(op, sc, idx.view(dtype), np.zeros(size, dtype))
    v, i = values_indices(z, n, dtype)
    want = np.sort(sc[:48])[::-1]
    np.testing.assert_array_equal(v[:48], want)
    np.testing.assert_array_equal(i[:48], np.argsort(-sc[:48].astype(np.float64), kind="stable"))
    assert np.all(np.isneginf(v[48:].astype(np.float64)))


@EXTRACT
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_extract_repeat_time_counts_32_records(dtype):
    """extract's repeat_time: on Atlas A2/A3 one repeat is 32 sorted records (64 floats / 128 halves,
    Ascend C's Extract page); repeat_time=1 of a 64-record sort writes the first 32 values and indices
    and leaves the rest of both outputs as they were."""
    n = 64
    sc = np.random.default_rng(3).permutation(n).astype(dtype)
    o_val, o_idx, o_cat, o_srt, o_tmp, o_ctmp, size = layout(n, dtype)

    def op(dst, scores, index):
        asc.adv.concat(dst[o_cat], scores, dst[o_ctmp], n // 16)
        asc.sort(dst[o_srt], dst[o_cat], index.reinterpret_cast(asc.uint32), dst[o_tmp], n // 32,
                 is_full_sort=True)
        asc.adv.extract(dst[o_val], dst[o_idx].reinterpret_cast(asc.uint32), dst[o_srt], 1)
    idx = np.arange(n, dtype=np.uint32) + 1000
    z0 = np.full(size, 5, dtype)
    z = run(op, sc, idx.view(dtype), z0)
    v, i = values_indices(z, n, dtype)
    order = np.argsort(-sc.astype(np.float64), kind="stable")
    np.testing.assert_array_equal(v[:32], sc[order[:32]])
    np.testing.assert_array_equal(i[:32], idx[order[:32]])
    np.testing.assert_array_equal(v[32:], z0[32:n])
    vz, iz = values_indices(z0, n, dtype)
    np.testing.assert_array_equal(i[32:], iz[32:])
