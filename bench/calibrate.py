#!/usr/bin/env python3
"""calibrate.py - run the timing anchors of hardware.md §13.2/§13.3 on the simulator and
print simulated µs, published µs and the error.  Standard library + ctypes only; the GM
arrays are zero-filled bytearrays (the timing does not depend on the values).

  python3 bench/calibrate.py [--lib build/lib/libasc.so] [--only A2] [--threads N]

Anchor A (ADDPERF, 8192x8192 half z = x + y on Ascend910B1) runs the full 64 Mi elements
(384 MB of GM, zero-filled); each case takes about a second.
"""
import argparse
import ctypes as C
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simlib  # noqa: E402

IR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "ir")

# Published per-core pipe busy µs (msprof PipeUtilization: vec, scalar, mte2, mte3).
PIPES_PUB = {"A1": (761.65, 231.2, 6208.8, 2613.2), "A2": (15.885, 8.219, 215.485, 54.33),
             "A3": (12.845, 2.833, 184.369, 57.354), "A4": (12.846, 2.796, 250.528, 84.988)}

# (case, kernel file, dtype, bytes per element, elements, blocks, tile elements, published µs)
CASES = [
    ("A1 1 core, 8 KB tiles", "anchor_add.mlir", "f16", 2, 8192 * 8192, 1, 4096, 6909.6),
    ("A2 48 cores, 8 KB tiles", "anchor_add.mlir", "f16", 2, 8192 * 8192, 48, 4096, 306.58),
    ("A3 48 cores, 32 KB tiles", "anchor_add.mlir", "f16", 2, 8192 * 8192, 48, 16384, 268.5),
    ("A4 48 cores, 32 KB, double buffer", "anchor_add_db.mlir", "f16", 2, 8192 * 8192, 48, 16384, 264.02),
    ("B test_vadd 16x512 f32, 64-elem tiles", "add_framework_bn1.mlir", "f32", 4, 8192, 16, 64, 3.6),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=None)
    ap.add_argument("--only", default=None, help="run the cases whose name starts with this")
    ap.add_argument("--threads", type=int, default=0, help="host threads (0: one per CPU)")
    args = ap.parse_args()
    sim = simlib.Sim(args.lib)
    print(f"{'case':40} {'sim us':>10} {'pub us':>10} {'error':>8} {'wall s':>7}")
    bufs = {}
    for name, f, dt, esz, n, blocks, tile, pub in CASES:
        if args.only and not name.startswith(args.only):
            continue
        if n not in bufs:
            bufs.clear()
            bufs[n] = [(C.c_char * (n * esz))() for _ in range(3)]
        x, y, z = bufs[n]
        for b in (x, y, z):
            b.nbytes = n * esz  # simlib reads .nbytes
        m = sim.parse(os.path.join(IR, f))
        t0 = time.perf_counter()
        r = sim.launch(m, [("x", x, dt), ("y", y, dt), ("z", z, dt), ("n", n, "i32"), ("tile", tile, "i32")],
                       blocks, threads=args.threads, sanitize=False)
        wall = time.perf_counter() - t0
        sim.free_module(m)
        if r["rc"]:
            print(name, "FAILED:", sim.diagnostics())
            continue
        err = (r["us"] - pub) / pub * 100
        print(f"{name:40} {r['us']:10.2f} {pub:10.2f} {err:+7.1f}% {wall:7.2f}")
        if name[:2] in PIPES_PUB:  # core 0's busy pipes against msprof's columns
            mhz = r["cycles"] / r["us"]
            b = r["busy"][0]
            sim_p = [b[simlib.PIPE_V] / mhz, b[simlib.PIPE_S] / mhz, b[simlib.PIPE_MTE2] / mhz, b[simlib.PIPE_MTE3] / mhz]
            print("    busy us sim/pub: " + ", ".join(f"{k} {v:.1f}/{p:.1f}" for k, v, p in
                                                    zip(("vec", "scalar", "mte2", "mte3"), sim_p, PIPES_PUB[name[:2]])))
    sim.close()


if __name__ == "__main__":
    main()
