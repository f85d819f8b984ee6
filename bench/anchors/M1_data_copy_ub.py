#!/usr/bin/env python3
"""M1: GM->UB copy bandwidth by copy granularity (Ascend C device kit, examples/01_simd_cpp_api/
05_best_practices/04_memory_access/data_copy, README_en: "Impact of Block Granularity", GM to UB).

48 AIV; a 12288 x 12288 half matrix in GM; core i copies its 256 rows tile by tile with one DataCopyPad
per tile (blockCount = tile rows, blockLen = tile columns x 2 bytes, srcStride = the rest of the row),
all into the same UB buffer, no compute and no synchronisation.  Tiles [1,64] (one 128-byte burst per
instruction), [64,64] (64 bursts of 128 B) and [64,1024] (64 bursts of 2 KB).  Published (Atlas A2):
Task Duration and aiv_mte2_time.  The kernel is ours, written from that description; it runs full size
(302 MB of GM)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, pipe_us, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402
import asc.lib.runtime as rt  # noqa: E402

M = N = 12288
CORES = 48
ROWS = M // CORES
# (tile rows, tile columns, published TD us, published mte2 us)
CASES = [(1, 64, 564.84, 548.161), (64, 64, 233.54, 220.772), (64, 1024, 215.82, 202.657)]


@asc.jit(sanitize=False, auto_sync=False)  # the source kernel has no sync: bisheng adds none
def copy_in(x: asc.GlobalAddress, tm: asc.ConstExpr[int], tn: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, tm * tn)
    params = asc.DataCopyParams(tm, tn * 2, (N - tn) * 2, 0)
    pad = asc.DataCopyPadParams(False, 0, 0, 0)
    m0 = asc.get_block_idx() * ROWS
    for mi in range(ROWS // tm):
        for ni in range(N // tn):
            asc.data_copy_pad(ub, xg[(m0 + mi * tm) * N + ni * tn:], params, pad)


def rows():
    x = np.zeros(M * N, np.float16)
    out = []
    for tm, tn, td, mte2 in CASES:
        with Timer() as w:
            copy_in[CORES](x, tm, tn)
        r = rt.last_report()
        name = f"M1 GM->UB tile [{tm},{tn}]"
        out.append(row(name, "total", td, r["us"], w.s))
        out.append(row(name, "mte2", mte2, pipe_us(r, "PIPE_MTE2"), w.s))
    return out


if __name__ == "__main__":
    main(rows)
