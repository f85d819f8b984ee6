#!/usr/bin/env python3
"""M5, M6, M7 (validation: not in calibration.md, no constant comes from them): the data_copy README's
remaining Atlas A2 figures (Ascend C device kit, examples/01_simd_cpp_api/05_best_practices/04_memory_access/
data_copy, README_en; the configurations of data_copy.asc, data_copy_ub.h, data_copy_l1.h).

* M5 unaligned ("Impact of Unaligned Data Transfer"): M1's [64,1024] GM->UB case (48 AIV, DataCopyPad) and
  M2's [64,256] GM->L1 ND->NZ case (24 AIC) on a 12288 x 12287 half matrix: each row of tiles ends with a
  1023- (UB) or 255-column (L1) tile.  Published: Task Duration and mte2 (UB scenario 4, L1 scenario 3).
* M6 L2 reuse through L1 (L1 scenarios 4 and 5): M3's two patterns with ND->NZ copies into L1 on 24 AIC,
  tile [64,1024] (512 rows a core): the whole matrix 4 times over, or each N quarter 4 times before the next.
  Published: Task Duration.
* M7 same address through L1 (L1 scenarios 6 and 7): M4's pattern on 24 AIC, a [6144, 512] half matrix read
  whole by every core in [256, 64] ND->NZ tiles (an M block of 256 rows each), L2 off (CACHE_MODE_DISABLE as
  the source), in the same order or staggered by the core index.  Published: Task Duration and mte2.
The kernels are ours, written from that description; they run full size."""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, pipe_us, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402
import asc.lib.runtime as rt  # noqa: E402
import asc.runtime.config as config  # noqa: E402

M = 12288


@asc.jit(sanitize=False, auto_sync=False)  # the source kernel has no sync
def ub_unaligned(x: asc.GlobalAddress, n: asc.ConstExpr[int], tm: asc.ConstExpr[int], tn: asc.ConstExpr[int],
                 cores: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, tm * tn)
    pad = asc.DataCopyPadParams(False, 0, 0, 0)
    full = asc.DataCopyParams(tm, tn * 2, (n - tn) * 2, 0)
    tail = n % tn
    rows = M // cores
    m0 = asc.get_block_idx() * rows
    for mi in range(rows // tm):
        for ni in range(n // tn):
            asc.data_copy_pad(ub, xg[(m0 + mi * tm) * n + ni * tn:], full, pad)
        if tail:
            asc.data_copy_pad(ub, xg[(m0 + mi * tm) * n + (n // tn) * tn:],
                              asc.DataCopyParams(tm, tail * 2, (n - tail) * 2, 0), pad)


@asc.jit(sanitize=False, auto_sync=False, kernel_type=config.KernelType.AIC_ONLY)  # the source syncs by hand
def l1_copy(x: asc.GlobalAddress, m: asc.ConstExpr[int], n: asc.ConstExpr[int], tm: asc.ConstExpr[int],
            tn: asc.ConstExpr[int], cores: asc.ConstExpr[int], mode: asc.ConstExpr[int]):
    """mode 0: each core its rows once (tail tile if n % tn); 1: its rows 4 times over; 2: each N quarter of
    its rows 4 times; 3 / 4: the whole matrix, L2 off, M blocks in the same order / staggered by core."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, (tm + 15) // 16 * 16 * tn)
    full = asc.Nd2NzParams(1, tm, tn, 0, n, (tm + 15) // 16 * 16, 1, 0)
    rows = m // cores
    bidx = asc.get_block_idx()
    if mode == 0:
        tail = n % tn
        for mi in range(rows // tm):
            for ni in range(n // tn):
                asc.data_copy(l1, xg[(bidx * rows + mi * tm) * n + ni * tn:], full)
            if tail:
                asc.data_copy(l1, xg[(bidx * rows + mi * tm) * n + (n // tn) * tn:],
                              asc.Nd2NzParams(1, tm, tail, 0, n, (tm + 15) // 16 * 16, 1, 0))
    elif mode == 1 or mode == 2:
        parts = 1 if mode == 1 else 4
        for s in range(parts):
            for _ in range(4):
                for mi in range(rows // tm):
                    for ni in range(n // parts // tn):
                        asc.data_copy(l1, xg[(bidx * rows + mi * tm) * n + s * (n // parts) + ni * tn:], full)
    else:
        xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)  # as the source: every read from HBM
        off = 1 if mode == 4 else 0
        for mb in range(m // rows):
            cur = (mb // cores) * cores + (mb + bidx * off) % cores
            for mt in range(rows // tm):
                for ni in range(n // tn):
                    asc.data_copy(l1, xg[(cur * rows + mt * tm) * n + ni * tn:], full)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def rows():
    out = []
    x = np.zeros(M * 12288, np.float16)
    with Timer() as w:
        ub_unaligned[48](x, 12287, 64, 1024, 48)
    r = rt.last_report()
    name = "M5 GM->UB [64,1024], N 12287 (validation)"
    out += [row(name, "total", 275.3, r["us"], w.s), row(name, "mte2", 259.047, pipe_us(r, "PIPE_MTE2"), w.s)]
    cases = [("M5 GM->L1 nd2nz [64,256], N 12287 (validation)", (M, 12287, 64, 256, 24, 0), 438.76, 422.515),
             ("M6 GM->L1 L2 reuse, L1 scenario 4: whole x4 (validation)", (M, 12288, 64, 1024, 24, 1), 899.34, None),
             ("M6 GM->L1 L2 reuse, L1 scenario 5: quarters x4 (validation)", (M, 12288, 64, 1024, 24, 2), 414.96,
              None),
             ("M7 GM->L1 same address, L1 scen. 6: same order (validation)", (6144, 512, 256, 64, 24, 3), 278.56,
              240.198),
             ("M7 GM->L1 same address, L1 scen. 7: staggered (validation)", (6144, 512, 256, 64, 24, 4), 221.34,
              209.8)]
    for name, args, td, mte2 in cases:
        with Timer() as w:
            l1_copy[args[4]](x, *args)
        r = rt.last_report()
        out.append(row(name, "total", td, r["us"], w.s))
        if mte2 is not None:
            out.append(row(name, "mte2", mte2, pipe_us(r, "PIPE_MTE2"), w.s))
    return out


if __name__ == "__main__":
    main(rows)
