"""Sorting entries of asc.language.basic, from their pages: sort32, sort, mrg_sort,
get_mrg_sort_result, get_sort_len, get_sort_offset, and the Region Proposal entries the Atlas A2
lacks (mrg_sort4, rp_sort16, proposal_concat, proposal_extract).

A sorted record is 8 bytes (Ascend C Sort32): a float score in the low 4 bytes and its uint32 index
in the high 4; a half score in the low 2 bytes, 2 reserved, the index in the high 4.  Scores sort
descending; equal scores keep the lower index first (the pages).  sort32 sorts each group of 32;
sort(is_full_sort=True) sorts everything; mrg_sort merges up to 4 sorted queues (valid_bit: one bit
per queue) and, with is_exhausted_suspension, stops when a queue runs out -- get_mrg_sort_result
then tells how many records of each queue it took.  get_sort_len / get_sort_offset: T elements per
record count (the A2 implementation: 2 for float, 4 for half; pyasc's signature has no T, float by
default)."""
import numpy as np
import pytest

import asc
from kit import api, run, same


def records(scores, idx):
    """(score, index) records as float32 pairs (float scores)."""
    out = np.zeros(2 * len(scores), np.float32)
    out[0::2] = scores
    out[1::2] = np.asarray(idx, np.uint32).view(np.float32)
    return out


def sort_desc(scores, idx):
    order = sorted(range(len(scores)), key=lambda i: (-float(scores[i]), int(idx[i])))
    return np.asarray(scores)[order], np.asarray(idx)[order]


def scores_with_ties(n, seed):
    return np.random.default_rng(seed).integers(-20, 20, n).astype(np.float32)


@api("sort32")
@pytest.mark.parametrize("repeat", [1, 4])
def test_sort32_float(repeat):
    """The page's example sorts 128 numbers in 4 groups of 32 (repeat_time 4); each group sorts alone."""
    n = 32 * repeat
    s = scores_with_ties(n, 1)
    idx = np.arange(n, dtype=np.uint32) * 3 + 7
    x = np.concatenate([s, idx.view(np.float32)])
    z = np.zeros(2 * n, np.float32)

    def op(dst, a, _):
        asc.sort32(dst, a, a[n].reinterpret_cast(asc.uint32), repeat)
    want = np.concatenate([records(*sort_desc(s[32 * g:32 * g + 32], idx[32 * g:32 * g + 32]))
                           for g in range(repeat)])
    same(run(op, x, x[:8], z), want)


@api("sort32")
def test_sort32_half_layout():
    """half scores: score in the low 2 bytes of the record, the index in the high 4."""
    s = np.random.default_rng(2).permutation(32).astype(np.float16)
    idx = np.arange(32, dtype=np.uint32)
    x = np.concatenate([s, idx.view(np.float16)])
    z = np.zeros(128, np.float16)

    def op(dst, a, _):
        asc.sort32(dst, a, a[32].reinterpret_cast(asc.uint32), 1)
    got = run(op, x, x[:16], z)
    rec = got.view(np.uint8).reshape(32, 8)
    gs, gi = sort_desc(s, idx)
    same(rec[:, :2].copy().view(np.float16).ravel(), gs)
    same(rec[:, 4:].copy().view(np.uint32).ravel(), gi)


@api("sort")
@pytest.mark.parametrize("full", [True, False])
def test_sort(full):
    """The page's example: 128 values, repeat_time 128 // 32, is_full_sort=True sorts all of them (stable);
    without it each 32 sort alone (float)."""
    n = 128
    s = scores_with_ties(n, 3)
    idx = np.arange(n, dtype=np.uint32)
    x = np.concatenate([s, idx.view(np.float32), np.zeros(4 * n, np.float32)])
    z = np.zeros(2 * n, np.float32)

    def op(dst, a, _):
        asc.sort(dst, a, a[n].reinterpret_cast(asc.uint32), a[2 * n], n // 32, is_full_sort=full)
    if full:
        want = records(*sort_desc(s, idx))
    else:
        want = np.concatenate([records(*sort_desc(s[32 * g:32 * g + 32], idx[32 * g:32 * g + 32])) for g in range(4)])
    same(run(op, x, x[:8], z), want)


def queues(lengths, seed):
    """Sorted record queues (float) with distinct global indices."""
    rng = np.random.default_rng(seed)
    out, base = [], 0
    for n in lengths:
        s = rng.integers(-50, 50, n).astype(np.float32)
        i = np.arange(base, base + n, dtype=np.uint32)
        base += n
        out.append(sort_desc(s, i))
    return out


@api("mrg_sort")
@pytest.mark.parametrize("form", ["lists", "info"])
@pytest.mark.parametrize("valid", [15, 7, 3])
def test_mrg_sort(form, valid):
    """The page's two forms: (element_count_list, sorted_num, valid_bit, repeat_time) and
    MrgSort4Info(element_lengths, False, valid_bit, 1); 4 queues of 16 records (the example), or the first
    3 / 2 (valid_bit 7 / 3)."""
    nq = bin(valid).count("1")
    qs = queues([16] * 4, 4)
    x = np.concatenate([records(*q) for q in qs])
    z = np.zeros(2 * 64, np.float32)

    def op(dst, a, _):
        lst = asc.MrgSortSrcList(a[0], a[32], a[64], a[96])
        if form == "lists":
            asc.mrg_sort(dst, lst, [16, 16, 16, 16], [0, 0, 0, 0], valid, 1)
        else:
            asc.mrg_sort(dst, lst, asc.MrgSort4Info([16, 16, 16, 16], False, valid, 1))
    s = np.concatenate([q[0] for q in qs[:nq]])
    i = np.concatenate([q[1] for q in qs[:nq]])
    got = run(op, x, x[:8], z)
    same(got[:32 * nq], records(*sort_desc(s, i)))


@api("mrg_sort", "get_mrg_sort_result")
def test_mrg_sort_exhausted_suspension_and_result():
    """is_exhausted_suspension=True: the merge stops when a queue runs out; get_mrg_sort_result gives
    the records taken from each queue.  Queue 1 (4 records) holds the largest scores, so it runs out
    first, after exactly its 4 records and none of the others."""
    qs = [(np.array([90, 80, 70, 60], np.float32), np.arange(4, dtype=np.uint32))]
    for k in range(3):
        qs.append((np.arange(10, 0, -1).astype(np.float32) - 20 * k, np.arange(10, dtype=np.uint32) + 10 * (k + 1)))
    pad = [np.concatenate([records(*q), np.zeros(32 - 2 * len(q[0]), np.float32)]) for q in qs]
    x = np.concatenate(pad)
    z = np.full(2 * 40 + 8, -1, np.float32)

    def op(dst, a, _):
        lst = asc.MrgSortSrcList(a[0], a[32], a[64], a[96])
        asc.mrg_sort(dst, lst, [4, 10, 10, 10], [0, 0, 0, 0], valid_bit=15, repeat_time=1, is_exhausted_suspension=True)
        r1, r2, r3, r4 = asc.get_mrg_sort_result()
        dst.reinterpret_cast(asc.int32).set_value(80, r1)
        dst.reinterpret_cast(asc.int32).set_value(81, r2)
        dst.reinterpret_cast(asc.int32).set_value(82, r3)
        dst.reinterpret_cast(asc.int32).set_value(83, r4)
    got = run(op, x, x[:8], z)
    same(got[:8], records(*qs[0]))
    assert got[80:84].view(np.int32).tolist() == [4, 0, 0, 0]


@api("get_sort_len", "get_sort_offset")
def test_sort_len_and_offset():
    """The pages' examples get_sort_len(100) and get_sort_offset(10): float elements of 100 records and
    the offset of record 10 (2 per record); with dtype half, 4 per record."""
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, asc.get_sort_len(100))
        g.set_value(1, asc.get_sort_offset(10))
        g.set_value(2, asc.get_sort_len(128, asc.half))
        g.set_value(3, asc.get_sort_offset(7, asc.half))
    out = np.zeros(8, np.int32)
    k[1](out)
    assert out[:4].tolist() == [200, 20, 512, 28]


NOT_A2 = ["mrg_sort4", "rp_sort16", "proposal_concat", "proposal_extract"]


@pytest.mark.parametrize("name", [pytest.param(n, marks=api(n)) for n in NOT_A2])
def test_region_proposal_entries_are_not_on_the_a2(name):
    """The Region Proposal instructions are those of the Atlas inference products (Ascend C MrgSort4,
    RpSort16, ProposalConcat, ProposalExtract list no Atlas A2 support): the page's call traces, and
    running it is an error at its line saying the A2 lacks it."""
    x = np.zeros(512, np.float16)

    def op(dst, a, _):
        if name == "mrg_sort4":
            lst = asc.MrgSortSrcList(a[0], a[128], a[256], a[384])
            asc.mrg_sort4(dst, lst, asc.MrgSort4Info([16, 16, 16, 16], False, 15, 1))
        elif name == "rp_sort16":
            asc.rp_sort16(dst, a, 2)
        elif name == "proposal_concat":
            asc.proposal_concat(dst, a, repeat_time=2, mode_number=4)
        else:
            asc.proposal_extract(dst, a, repeat_time=2, mode_number=4)
    with pytest.raises(asc.KernelError, match="A2|not available|Atlas"):
        run(op, x, x[:16], np.zeros(512, np.float16))
