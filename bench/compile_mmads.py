"""Compile time of N straight-line mmads (issue 30, item 4): the auto-sync pipeline and, with
auto_sync=False, verify-sync alone.  Both passes must be near-linear in straight-line code.

    PYTHONPATH=python /usr/bin/python3 bench/compile_mmads.py [N ...]      (default 200 800 2000)

Prints, per N, the seconds to trace and compile (no launch: DRY_RUN) and the ratio to the goal
of 1 s for 2,000 mmads scaled linearly (ratio <= 1: within the goal)."""
import os
import sys
import time
import warnings

import numpy as np

import asc

P = asc.TPosition


def kernel(n, auto_sync):
    @asc.jit(always_compile=True, auto_sync=auto_sync)
    def mmads(c: asc.GlobalAddress):
        a2 = asc.LocalTensor(asc.float16, P.A2, 0, 256)
        b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256)
        c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 256)
        p = asc.MmadParams(16, 16, 16)
        for _ in asc.static_range(n):
            asc.mmad(c1, a2, b2, p)
    return mmads


def seconds(n, auto_sync):
    k = kernel(n, auto_sync)
    saved = os.environ.get("DRY_RUN")
    os.environ["DRY_RUN"] = "1"  # compile only
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # verify-sync's S001 on same-pipe mmads
            t0 = time.perf_counter()
            k[1](np.zeros(256, np.float32))
            return time.perf_counter() - t0
    finally:
        if saved is None:
            del os.environ["DRY_RUN"]
        else:
            os.environ["DRY_RUN"] = saved


def main():
    ns = [int(a) for a in sys.argv[1:]] or [200, 800, 2000]
    print(f"{'N':>6} {'auto-sync s':>12} {'verify-sync s':>14} {'goal s':>8} {'ratio':>6}")
    for n in ns:
        a, v = seconds(n, True), seconds(n, False)
        goal = n / 2000
        print(f"{n:6d} {a:12.3f} {v:14.3f} {goal:8.3f} {max(a, v) / goal:6.2f}")


if __name__ == "__main__":
    main()
