#!/usr/bin/env python3
"""M2: GM->L1 copy with ND->NZ conversion by copy granularity (Ascend C device kit, examples/01_simd_cpp_api/
05_best_practices/04_memory_access/data_copy, README_en: "Impact of Block Granularity", GM to L1).

24 AIC; the 12288 x 12288 half matrix of M1; core i copies its 512 rows tile by tile, one DataCopy with
Nd2NzParams per tile (nValue = tile rows, dValue = tile columns, srcDValue = 12288, dstNzC0Stride = tile
rows rounded up to 16, dstNzNStride 1), all into the same L1 buffer, no compute.  Tiles [64,64] and
[64,256].  Published (Atlas A2): Task Duration and aic_mte2_time.  The kernel is ours, written from that
description; it runs full size."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, pipe_us, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402
import asc.lib.runtime as rt  # noqa: E402
import asc.runtime.config as config  # noqa: E402

M = N = 12288
CORES = 24
ROWS = M // CORES
CASES = [(64, 64, 300.7, 283.508), (64, 256, 230.24, 214.519)]


@asc.jit(sanitize=False, auto_sync=False, kernel_type=config.KernelType.AIC_ONLY)  # the source syncs by hand
def copy_nd2nz(x: asc.GlobalAddress, tm: asc.ConstExpr[int], tn: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, tm * tn)
    params = asc.Nd2NzParams(1, tm, tn, 0, N, (tm + 15) // 16 * 16, 1, 0)
    m0 = asc.get_block_idx() * ROWS
    for mi in range(ROWS // tm):
        for ni in range(N // tn):
            asc.data_copy(l1, xg[(m0 + mi * tm) * N + ni * tn:], params)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def rows():
    x = np.zeros(M * N, np.float16)
    out = []
    for tm, tn, td, mte2 in CASES:
        with Timer() as w:
            copy_nd2nz[CORES](x, tm, tn)
        r = rt.last_report()
        name = f"M2 GM->L1 nd2nz [{tm},{tn}]"
        out.append(row(name, "total", td, r["us"], w.s))
        out.append(row(name, "mte2", mte2, pipe_us(r, "PIPE_MTE2"), w.s))
    return out


if __name__ == "__main__":
    main(rows)
