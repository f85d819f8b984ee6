#!/usr/bin/env python3
"""A0 (validation: not in calibration.md, no constant comes from it): the ADDPERF kernel's case 0, the add
done element by element on the scalar unit (Ascend C device kit, examples/01_simd_cpp_api/05_best_practices/
00_vector_compute/add_high_performance, README_en, measured on Atlas A2).

One AIV; the 8192 x 8192 half matrices in tiles of 4096 halves; a tile: DataCopy x and y into UB, then for
each element GetValue of x and of y, both widened to float, added, narrowed to half and SetValue into z,
then DataCopy z out; synchronised as A1 (the next copy-in waits for the compute, the compute for the
previous copy-out).  Published: Task Duration and the per-core msprof pipe times scalar, mte2 and mte3
(vec 0.015 us is left out: no vector instruction runs).  The kernel is ours, written from that description;
it runs full size (the element loop repeats identically, so the simulator folds most of it)."""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, pipe_us, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402
import asc.lib.runtime as rt  # noqa: E402

M = N = 8192
TILE = 4096
PUB = (1239689.1, (("scalar", "PIPE_S", 1233742.494), ("mte2", "PIPE_MTE2", 5916.341), ("mte3", "PIPE_MTE3", 2485.465)))


@asc.jit(sanitize=False, auto_sync=False, max_instructions=0)  # synchronised by hand, as the source;
# ~600 M scalar instructions: past the watchdog's default
def add_scalar(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, ntiles: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 16384)
    yl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 32768, 16384)
    zl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 65536, 16384)
    for t in range(ntiles):
        if t != 0:
            asc.wait_flag(asc.HardEvent.V_MTE2, 0)
        asc.data_copy(xl, xg[t * TILE:], TILE)
        asc.data_copy(yl, yg[t * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        if t != 0:
            asc.wait_flag(asc.HardEvent.MTE3_V, 0)
        for i in range(TILE):
            xv = xl.get_value(i).cast(asc.float32)
            yv = yl.get_value(i).cast(asc.float32)
            zl.set_value(i, (xv + yv).cast(asc.float16))
        if t != ntiles - 1:
            asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(zg[t * TILE:], zl, TILE)
        if t != ntiles - 1:
            asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def rows():
    x = np.zeros(M * N, np.float16)
    y = np.zeros(M * N, np.float16)
    z = np.zeros(M * N, np.float16)
    with Timer() as w:
        add_scalar[1](x, y, z, M * N // TILE)
    r = rt.last_report()
    label = "A0 ADDPERF case 0, scalar loop (validation)"
    out = [row(label, "total", PUB[0], r["us"], w.s)]
    for metric, pipe, pub in PUB[1]:
        out.append(row(label, metric, pub, pipe_us(r, pipe), w.s))
    return out


if __name__ == "__main__":
    main(rows)
