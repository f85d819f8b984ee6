#!/usr/bin/python3
"""bench_add.py - simulator wall time against numpy.add in the same process (issue #3
acceptance: "add of 16M float32 on 48 blocks ... target <= 2x numpy with sanitizers on").

Runs examples/ir/add_framework_bn2.mlir (TPipe / TQue, BUFFER_NUM = 2, tiles of 8192
floats = 32 KB, the tile size of the vendor's tuned add (hardware.md anchor A3); --tile 4096 for
16 KB tiles, which cost more instructions per byte) through ctypes into build/lib/libasc.so (the Release -O2 build), best of N runs,
with the sanitizers on and off, checks the result is exactly x + y, and prints the ratio.

  /usr/bin/python3 bench/bench_add.py [--lib build/lib/libasc.so] [--runs 5] [--threads 0]

The length is 16 Mi rounded down to a multiple of 48 blocks x tile elements (16 515 072
with 8192-element tiles) because the kernel needs whole tiles per block.
"""
import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simlib  # noqa: E402

KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "ir", "add_framework_bn2.mlir")


def timed(fn):
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=None)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--blocks", type=int, default=48)
    ap.add_argument("--tile", type=int, default=8192)
    a = ap.parse_args()
    chunk = a.blocks * a.tile
    n = (16 * 1024 * 1024) // chunk * chunk
    rng = np.random.default_rng(1)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    z = np.empty_like(x)
    ref = np.empty_like(x)
    sim = simlib.Sim(a.lib)
    m = sim.parse(KERNEL)
    args = [("x", x, "f32"), ("y", y, "f32"), ("z", z, "f32"), ("n", n, "i32"), ("tile", a.tile, "i32")]
    print(f"add of {n} float32 on {a.blocks} blocks, tiles of {a.tile}, best of {a.runs}; threads "
          f"{a.threads or os.cpu_count()}")
    # Rounds interleave the three measurements so a busy host slows them alike.
    res = {1: {}, 0: {}}
    best = {"np": float("inf"), 1: float("inf"), 0: float("inf")}
    ok = {1: True, 0: True}
    for _ in range(a.runs):
        best["np"] = min(best["np"], timed(lambda: np.add(x, y, out=ref)))
        for san in (1, 0):
            z.fill(0)
            best[san] = min(best[san], timed(lambda: res[san].update(
                sim.launch(m, args, a.blocks, threads=a.threads, sanitize=san))))
            r = res[san]
            ok[san] &= r["rc"] == 0 and r["errors"] == 0 and bool(np.array_equal(z, ref))
    print(f"numpy.add              {best['np']:8.2f} ms")
    for san in (1, 0):
        r = res[san]
        print(f"simulator sanitize={san}  {best[san]:8.2f} ms   ratio {best[san] / best['np']:5.2f}x numpy   "
              f"{'exact' if ok[san] else 'MISMATCH'}; simulated {r['us']:.1f} us, {r['records']} findings")
    sim.free_module(m)
    sim.close()


if __name__ == "__main__":
    main()
