#!/usr/bin/env python3
"""A3b, A5, A6 (validation: not in calibration.md, no constant comes from them): the ADDPERF kernel's later
cases (Ascend C device kit, examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance,
README_en, measured on Atlas A2; the same 8192 x 8192 half z = x + y as A1-A4).

48 AIV; the 8192 rows split evenly (the first 8192 % 48 = 32 cores take 171 rows, the others 170), each core
walks its rows in tiles of dataCopyLen halves (the last tile shorter), one DataCopy of x and of y into UB,
one count-form Add, one DataCopy of z out.  UB buffers at fixed addresses, sized for 16384 halves:
* A3b: case 3's single-buffer flow (the next copy-in waits for the Add, the Add for the previous copy-out)
  with dataCopyLen 16512 instead of 16384 (the README's note: "basically flat", Task Duration 267.76 us).
  Only dataCopyLen changes in that note, so the buffers stay at 0 / 32 KiB / 64 KiB and a 16512-half tile
  runs 256 bytes into the next buffer (harmless for the timing; the result is not checked).
* A5: case 5, case 4's double buffer (x, y, z ping at 0 / 32 / 64 KiB, pong at 96 / 128 / 160 KiB; EVENT_ID0
  and EVENT_ID1 in turn) with x and y read past the L2 (set_l2_cache_hint(CACHE_MODE_DISABLE)); z is
  written through the L2 as usual.
* A6: case 6, case 5 with dataCopyLen 16256 and the buffers moved so that x and y of a tile start 8 bank
  groups apart (x 0, y 32512, x' 65536, y' 98048, z 131072, z' 163584): no read-read bank conflict.
Published: Task Duration and the per-core msprof pipe times (vec, scalar, mte2, mte3).  The kernel is ours,
written from that description; it runs full size."""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, pipe_us, row  # noqa: E402

import numpy as np  # noqa: E402

import asc  # noqa: E402
import asc.lib.runtime as rt  # noqa: E402

M = N = 8192
CORES = 48
MAXLEN = 16384  # MAX_DATA_COPY_LEN: the buffers' size in halves
PIPES = ("vec", "scalar", "mte2", "mte3")
PIPE_IDS = {"vec": "PIPE_V", "scalar": "PIPE_S", "mte2": "PIPE_MTE2", "mte3": "PIPE_MTE3"}
# (name, dataCopyLen, double buffer, bypass L2 for x / y, UB byte addresses x, y, z, x', y', z',
#  Task Duration, (vec, scalar, mte2, mte3) or None)
B = MAXLEN * 2
CASES = [
    ("A3b ADDPERF case 3, 16512-half tiles", 16512, False, False, (0, B, 2 * B, 0, 0, 0), 267.76, None),
    ("A5 ADDPERF case 5, L2 bypass", 16384, True, True, (0, B, 2 * B, 3 * B, 4 * B, 5 * B), 187.68,
     (12.846, 4.479, 175.997, 160.291)),
    ("A6 ADDPERF case 6, no bank conflict", 16256, True, True,
     (0, 16256 * 2, 4 * B, 2 * B, 2 * B + 16256 * 2, 4 * B + 16256 * 2), 184.52,
     (6.954, 3.424, 171.611, 121.442)),
]


@asc.jit(sanitize=False, auto_sync=False)  # synchronised by hand, as the source
def add_case(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int],
             dbuf: asc.ConstExpr[bool], bypass: asc.ConstExpr[bool], xa: asc.ConstExpr[int], ya: asc.ConstExpr[int],
             za: asc.ConstExpr[int], xb: asc.ConstExpr[int], yb: asc.ConstExpr[int], zb: asc.ConstExpr[int]):
    bidx = asc.get_block_idx()
    base = M // CORES
    rem = M % CORES
    rows = base + 1 if bidx < rem else base
    start = bidx * (base + 1) if bidx < rem else rem * (base + 1) + (bidx - rem) * base
    total = rows * N
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x + start * N)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y + start * N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z + start * N)
    if bypass:
        xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
        yg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    ntiles = (total + tile - 1) // tile
    if dbuf:
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.set_flag(asc.HardEvent.V_MTE2, 1)
        asc.set_flag(asc.HardEvent.MTE3_V, 0)
        asc.set_flag(asc.HardEvent.MTE3_V, 1)
        for i in range(ntiles):
            s = i * tile
            left = total - s
            cur = left if left < tile else tile
            e = i % 2
            xl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, xa + e * (xb - xa), MAXLEN)
            yl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, ya + e * (yb - ya), MAXLEN)
            zl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, za + e * (zb - za), MAXLEN)
            asc.wait_flag(asc.HardEvent.V_MTE2, e)
            asc.data_copy(xl, xg[s:], cur)
            asc.data_copy(yl, yg[s:], cur)
            asc.set_flag(asc.HardEvent.MTE2_V, e)
            asc.wait_flag(asc.HardEvent.MTE2_V, e)
            asc.wait_flag(asc.HardEvent.MTE3_V, e)
            asc.add(zl, xl, yl, cur)
            asc.set_flag(asc.HardEvent.V_MTE2, e)
            asc.set_flag(asc.HardEvent.V_MTE3, e)
            asc.wait_flag(asc.HardEvent.V_MTE3, e)
            asc.data_copy(zg[s:], zl, cur)
            asc.set_flag(asc.HardEvent.MTE3_V, e)
        asc.wait_flag(asc.HardEvent.V_MTE2, 0)
        asc.wait_flag(asc.HardEvent.V_MTE2, 1)
        asc.wait_flag(asc.HardEvent.MTE3_V, 0)
        asc.wait_flag(asc.HardEvent.MTE3_V, 1)
    else:
        xl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, xa, MAXLEN)
        yl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, ya, MAXLEN)
        zl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, za, MAXLEN)
        for i in range(ntiles):
            s = i * tile
            left = total - s
            cur = left if left < tile else tile
            if i != 0:
                asc.wait_flag(asc.HardEvent.V_MTE2, 0)
            asc.data_copy(xl, xg[s:], cur)
            asc.data_copy(yl, yg[s:], cur)
            asc.set_flag(asc.HardEvent.MTE2_V, 0)
            asc.wait_flag(asc.HardEvent.MTE2_V, 0)
            if i != 0:
                asc.wait_flag(asc.HardEvent.MTE3_V, 0)
            asc.add(zl, xl, yl, cur)
            if i != ntiles - 1:
                asc.set_flag(asc.HardEvent.V_MTE2, 0)
            asc.set_flag(asc.HardEvent.V_MTE3, 0)
            asc.wait_flag(asc.HardEvent.V_MTE3, 0)
            asc.data_copy(zg[s:], zl, cur)
            if i != ntiles - 1:
                asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def rows(only=None):
    x = np.zeros(M * N, np.float16)
    y = np.zeros(M * N, np.float16)
    z = np.zeros(M * N, np.float16)
    out = []
    for name, tile, dbuf, bypass, addrs, td, pipes in CASES:
        if only and not name.startswith(only):
            continue
        with Timer() as w:
            add_case[CORES](x, y, z, tile, dbuf, bypass, *addrs)
        r = rt.last_report()
        label = name + " (validation)"
        out.append(row(label, "total", td, r["us"], w.s))
        for metric, pub in zip(PIPES, pipes or ()):
            out.append(row(label, metric, pub, pipe_us(r, PIPE_IDS[metric]), w.s))
    return out


if __name__ == "__main__":
    main(rows)
