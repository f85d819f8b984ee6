#!/usr/bin/env python3
"""V1: UB bank conflicts of a vector Add (Ascend C device kit, examples/01_simd_cpp_api/05_best_practices/
04_memory_access/bank_conflict_ub, README_en: the configuration and the per-scenario figures).

One AIV: src0 and src1 (4096 float each) copied into UB at the scenario's addresses, then Add (mask 64,
64 repeats; block stride 1, repeat stride 8 unless the scenario says otherwise) issued 1000 times back to
back between two PIPE_ALL barriers, timed with get_system_cycle (50 MHz on A2/A3).  Published: the
counter ticks of the 1000 Adds per scenario.  The kernel is ours, written from that description."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import SYSTEM_COUNTER_MHZ, Timer, main, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402

N = 4096
TIMES = 1000
# scenario: (src0 address, src1 address, dst address, src0 block stride, src0 repeat stride, published ticks)
SCENARIOS = {
    1: (0x0, 0x10100, 0x20000, 1, 8, 2390),
    2: (0x0, 0x4000, 0x10000, 1, 8, 4167),
    3: (0x0, 0x10000, 0x14100, 1, 8, 4167),
    4: (0x0, 0x10100, 0x4000, 1, 8, 2389),
    5: (0x0, 0x10100, 0x4020, 1, 8, 3751),
    6: (0x0, 0x10100, 0x10100, 1, 8, 2390),
    7: (0x0, 0x10100, 0x10100, 0, 1, 3584),
    8: (0x0, 0x10100, 0x10100, 0, 8, 2389),
}


@asc.jit(auto_sync=False, sanitize=False)  # the source syncs by hand; its Adds rewrite dst on purpose
def add_loop(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, ticks: asc.GlobalAddress,
             ax: asc.ConstExpr[int], ay: asc.ConstExpr[int], az: asc.ConstExpr[int], s0blk: asc.ConstExpr[int],
             s0rep: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    tg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    tg.set_global_buffer(ticks)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, ax, N)
    yl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, ay, N)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, az, N)
    asc.data_copy(xl, xg, N)
    asc.data_copy(yl, yg, N)
    asc.set_flag(asc.HardEvent.MTE2_V)
    asc.wait_flag(asc.HardEvent.MTE2_V)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    t0 = asc.get_system_cycle()
    for _ in range(TIMES):
        asc.add(zl, xl, yl, 64, N // 64, asc.BinaryRepeatParams(1, s0blk, 1, 8, s0rep, 8))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    t1 = asc.get_system_cycle()
    tg.set_value(0, t1 - t0)
    asc.set_flag(asc.HardEvent.V_MTE3)
    asc.wait_flag(asc.HardEvent.V_MTE3)
    asc.data_copy(zg, zl, N)


def scenario(k):
    ax, ay, az, s0blk, s0rep, pub = SCENARIOS[k]
    x = np.arange(N, dtype=np.float32)
    y = np.ones(N, np.float32)
    z = np.zeros(N, np.float32)
    t = np.zeros(4, np.int64)
    with Timer() as w:
        add_loop[1](x, y, z, t, ax, ay, az, s0blk, s0rep)
    if az != ay:  # the result is checked where dst does not overwrite an operand it reads
        lane = np.arange(N)
        r, k_ = lane // 64, lane % 64
        src0 = r * s0rep * 8 + (k_ // 8) * s0blk * 8 + k_ % 8
        assert np.array_equal(z, x[src0] + 1), "V1: wrong result"
    ticks = int(t[0])
    return ticks, pub, w.s


def rows():
    out = []
    for k in SCENARIOS:
        ticks, pub, wall = scenario(k)
        out.append(row(f"V1.{k} bank conflict", "total", pub / SYSTEM_COUNTER_MHZ, ticks / SYSTEM_COUNTER_MHZ, wall))
    return out


if __name__ == "__main__":
    main(rows)
