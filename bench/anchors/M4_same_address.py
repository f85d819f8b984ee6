#!/usr/bin/env python3
"""M4 (validation: not in calibration.md, no constant comes from it): many cores reading the same GM
addresses (Ascend C device kit, examples/01_simd_cpp_api/05_best_practices/04_memory_access/data_copy,
README_en: GM to UB scenarios 7 and 8; the source sets the L2 cache hint CACHE_MODE_DISABLE, so does this).

48 AIV each copy the whole [6144, 512] half matrix into UB in [128, 64] tiles (128 rows of 128 bytes),
M blocks of 128 rows.  Scenario 7: every core takes the M blocks in the same order; scenario 8: core i
starts at block i of each group of 48 (staggered).  Published (Atlas A2): Task Duration 539.42 / 328.88
us, mte2 474.717 / 307.38 us.  With the hint every read goes to HBM at the core's share of the chip's bandwidth; the model has no
same-address contention in HBM (docs/timing.md, "What the errors say"), so both come out alike here.
The kernel is ours."""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, pipe_us, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402
import asc.lib.runtime as rt  # noqa: E402

M, N = 6144, 512
CORES = 48
TM, TN = 128, 64
CASES = [("7 same order", 0, 539.42, 474.717), ("8 staggered", 1, 328.88, 307.38)]  # TD, aiv_mte2_time


@asc.jit(sanitize=False, auto_sync=False)  # the source has no synchronisation between its copies
def same_address(x: asc.GlobalAddress, offset: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)  # as the source: every read from HBM
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, TM * TN)
    params = asc.DataCopyParams(TM, TN * 2, (N - TN) * 2, 0)
    pad = asc.DataCopyPadParams(False, 0, 0, 0)
    for mb in range(M // TM):
        cur = (mb // CORES) * CORES + (mb + asc.get_block_idx() * offset) % CORES
        for ni in range(N // TN):
            asc.data_copy_pad(ub, xg[cur * TM * N + ni * TN:], params, pad)


def rows():
    x = np.zeros(M * N, np.float16)
    out = []
    for name, offset, td, mte2 in CASES:
        with Timer() as w:
            same_address[CORES](x, offset)
        r = rt.last_report()
        out.append(row(f"M4 same address {name} (validation)", "total", td, r["us"], w.s))
        out.append(row(f"M4 same address {name} (validation)", "mte2", mte2, pipe_us(r, "PIPE_MTE2"), w.s))
    return out


if __name__ == "__main__":
    main(rows)
