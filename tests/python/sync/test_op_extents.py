"""Auto-sync reads each op's memory extent from the op registry (ops.def's `count` operand): an op
whose last operand is not an element count of its tensors (sort's repeat, a slice list) touches
its whole tensors, so a later copy of any part of its result waits for it."""
import numpy as np

import asc

VECCALC = asc.TPosition.VECCALC


@asc.jit(auto_sync="full")
def sort_then_copy_upper(x: asc.GlobalAddress, idx: asc.GlobalAddress, z: asc.GlobalAddress,
                         n: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ig.set_global_buffer(idx)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    bx = asc.TBuf(VECCALC)
    bi = asc.TBuf(VECCALC)
    bd = asc.TBuf(VECCALC)
    bt = asc.TBuf(VECCALC)
    pipe.init_buffer(bx, n * 4)
    pipe.init_buffer(bi, n * 4)
    pipe.init_buffer(bd, n * 8)
    pipe.init_buffer(bt, n * 8)
    xl = bx.get(asc.float32)
    il = bi.get(asc.uint32)
    dl = bd.get(asc.float32)
    tl = bt.get(asc.float32)
    asc.data_copy(xl, xg, n)
    asc.data_copy(il, ig, n)
    asc.sort(dl, xl, il, tl, n // 32, is_full_sort=True)
    # only the upper half of the records: far beyond `repeat` elements from dst's start
    asc.data_copy(zg[n], dl[n], n)


def test_sort_result_copied_after_the_sort():
    n = 64
    rng = np.random.default_rng(7)
    x = rng.permutation(n).astype(np.float32)  # distinct scores: the order is unique
    idx = np.arange(n, dtype=np.uint32)
    z = np.full(2 * n, -1.0, np.float32)
    sort_then_copy_upper[1](x, idx, z, n)
    order = np.argsort(-x, kind="stable")
    rec = np.zeros(2 * n, np.float32)
    rec[0::2] = x[order]
    rec.view(np.uint32)[1::2] = order
    np.testing.assert_array_equal(z[n:].view(np.uint32), rec[n:].view(np.uint32))
    np.testing.assert_array_equal(z[:n], -1.0)  # nothing written below
