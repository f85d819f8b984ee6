#!/usr/bin/env python3
"""M3 (validation: not in calibration.md, no constant comes from it): L2 reuse of repeated GM->UB copies
(Ascend C device kit, examples/01_simd_cpp_api/05_best_practices/04_memory_access/data_copy, README_en:
"Repeated Transfer and L2Cache Reuse", GM to UB scenarios 5 and 6).

48 AIV, the 12288 x 12288 half matrix of M1, tile [64,1024] (DataCopyPad, 64 rows of 2 KB).  Scenario 5:
each core copies its 256 rows 4 times over (6.3 MB per pass: more than its part of the L2, 0.005 % hits
published).  Scenario 6: the columns split in 4 quarters, each quarter copied 4 times before the next
(1.6 MB per pass: 75 % hits published).  Published (Atlas A2): Task Duration.  The kernel is ours."""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402
import asc.lib.runtime as rt  # noqa: E402

M = N = 12288
CORES = 48
ROWS = M // CORES
TM, TN = 64, 1024
CASES = [("5 whole x4", 1, 828.06), ("6 quarters x4 each", 4, 365.74)]


@asc.jit(sanitize=False, auto_sync=False)  # the source has no synchronisation between its copies
def repeat_copy(x: asc.GlobalAddress, splits: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, TM * TN)
    params = asc.DataCopyParams(TM, TN * 2, (N - TN) * 2, 0)
    pad = asc.DataCopyPadParams(False, 0, 0, 0)
    m0 = asc.get_block_idx() * ROWS
    for s in range(splits):
        for _ in range(4):
            for mi in range(ROWS // TM):
                for ni in range(N // splits // TN):
                    asc.data_copy_pad(ub, xg[(m0 + mi * TM) * N + s * (N // splits) + ni * TN:], params, pad)


def rows():
    x = np.zeros(M * N, np.float16)
    out = []
    for name, splits, td in CASES:
        with Timer() as w:
            repeat_copy[CORES](x, splits)
        out.append(row(f"M3 L2 reuse {name} (validation)", "total", td, rt.last_report()["us"], w.s))
    return out


if __name__ == "__main__":
    main(rows)
