#!/usr/bin/env python3
"""N1 (validation: not in calibration.md, no constant comes from it): ND -> NZ on the vector unit, with and
without UB write conflicts (Ascend C device kit, examples/01_simd_cpp_api/05_best_practices/04_memory_access/
bank_conflict_nd2nz, README_en: the Atlas A2/A3 (dav-2201) table, cases S1 and S2).

48 AIV (6 row splits x 8 column splits) over an 8192 x 8192 half ND matrix; tiles of 144 x 128 halves (the
last row of tiles 128 rows), double buffered ([ndPing | ndPong | nzPing | nzPong] in UB, EVENT_ID0 / 1 in turn).
A tile: one DataCopy GM -> UB (rows of 8 blocks, source stride 504 blocks), one level-0 copy on the vector
unit (mask 128, a repeat per row, CopyRepeatParams dst stride = dstNzC0Stride blocks, src stride 1, dst repeat
1 block, src repeat 8 blocks: the row's 8 blocks land in 8 C0 columns), one DataCopy UB -> GM of the 8 columns
into the compact NZ matrix.  S1: dstNzC0Stride 144 (a multiple of 16: the 8 written blocks share one bank
group), S2: 145 (8 different groups).  Published (Atlas A2): Task Duration and the per-core msprof pipe times.
The kernel is ours, written from that description; it runs full size."""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, pipe_us, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402
import asc.lib.runtime as rt  # noqa: E402

M = N = 8192
TH, TW, C0 = 144, 128, 16
ROWSPLIT, COLSPLIT = 6, 8
CORES = ROWSPLIT * COLSPLIT
PIPES = (("vec", "PIPE_V"), ("scalar", "PIPE_S"), ("mte2", "PIPE_MTE2"), ("mte3", "PIPE_MTE3"))
# (case, dstNzC0Stride, Task Duration, (vec, scalar, mte2, mte3))
CASES = [("S1 stride 144", 144, 151.42, (47.790, 6.586, 113.856, 76.760)),
         ("S2 stride 145", 145, 144.00, (7.133, 7.760, 115.405, 76.532))]


@asc.jit(sanitize=False, auto_sync=False)  # synchronised by hand, as the source
def nd2nz(x: asc.GlobalAddress, z: asc.GlobalAddress, stride: asc.ConstExpr[int], pad: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    ndbytes = TH * TW * 2
    nzbytes = ((TH - 1) + (TW // C0 - 1) * stride + 1 + pad) * C0 * 2
    rowtiles = (M + TH - 1) // TH
    coltiles = N // TW // COLSPLIT
    bidx = asc.get_block_idx()
    rs = bidx // COLSPLIT
    cs = bidx % COLSPLIT
    base = rowtiles // ROWSPLIT
    extra = rowtiles % ROWSPLIT
    rbegin = rs * base + (rs if rs < extra else extra)
    rcount = base + 1 if rs < extra else base
    cbegin = cs * coltiles
    ntiles = rcount * coltiles
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.set_flag(asc.HardEvent.V_MTE2, 1)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.set_flag(asc.HardEvent.MTE3_V, 1)
    for i in range(ntiles):
        e = i % 2
        nd = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, e * ndbytes, TH * TW)
        nz = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2 * ndbytes + e * nzbytes, nzbytes // 2)
        r0 = (rbegin + i // coltiles) * TH
        c0 = (cbegin + i % coltiles) * TW
        left = M - r0
        h = left if left < TH else TH
        asc.wait_flag(asc.HardEvent.V_MTE2, e)
        asc.data_copy(nd, xg[r0 * N + c0:], asc.DataCopyParams(h, TW // C0, (N - TW) // C0, 0))
        asc.set_flag(asc.HardEvent.MTE2_V, e)
        asc.wait_flag(asc.HardEvent.MTE2_V, e)
        asc.wait_flag(asc.HardEvent.MTE3_V, e)
        asc.copy(nz, nd, TW, h, asc.CopyRepeatParams(dst_stride=stride, src_stride=1, dst_repeat_size=1,
                                                      src_repeat_size=TW // C0))
        asc.set_flag(asc.HardEvent.V_MTE2, e)
        asc.set_flag(asc.HardEvent.V_MTE3, e)
        asc.wait_flag(asc.HardEvent.V_MTE3, e)
        asc.data_copy(zg[(r0 + (c0 // C0) * M) * C0:], nz, asc.DataCopyParams(TW // C0, h, stride - h, M - h))
        asc.set_flag(asc.HardEvent.MTE3_V, e)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 1)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 1)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def rows():
    x = np.zeros(M * N, np.float16)
    z = np.zeros(M * N, np.float16)
    out = []
    for name, stride, td, pipes in CASES:
        with Timer() as w:
            nd2nz[CORES](x, z, stride, 1 if stride != TH else 0)
        r = rt.last_report()
        label = f"N1 nd2nz on V {name} (validation)"
        out.append(row(label, "total", td, r["us"], w.s))
        for (metric, pipe), pub in zip(PIPES, pipes):
            out.append(row(label, metric, pub, pipe_us(r, pipe), w.s))
    return out


if __name__ == "__main__":
    main(rows)
