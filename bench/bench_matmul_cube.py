#!/usr/bin/python3
"""bench_matmul_cube.py - simulator wall time of a raw-cube matmul against numpy.matmul in the
same process (issue 32: "1024 x 1024 x 1024 f16 -> f32 <= 2x OpenBLAS sgemm with sanitizers off,
<= 3x with them on, same number of threads").

Runs examples/05_matmul_cube (L1 and L0A/L0B double-buffered, hand-placed flags) through the
Python front end; the kernel is compiled once before timing, so the figures are launches only.
Best of N runs, with the sanitizers on and off; checks the result is exactly the float64
product (small-integer inputs), and prints the ratio, the BLAS numpy runs (bench/blasinfo.py:
OpenBLAS once scripts/deps.sh installed libopenblas0-pthread) and the threads of both sides: the
BLAS gets the simulator's host thread count.

  PYTHONPATH=python /usr/bin/python3 bench/bench_matmul_cube.py [--runs 3] [--threads 0] [--size 1024]
"""
import argparse
import os
import sys
import time

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "examples", "05_matmul_cube"))
import matmul_cube as ex  # noqa: E402

import asc.lib.runtime as rt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blasinfo  # noqa: E402


def best(fn, runs):
    t = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        t.append(time.perf_counter() - t0)
    return min(t) * 1e3


def cube_impl():
    """The mmad path libasc chose for this CPU (src/sim/cube_kernels.c)."""
    import ctypes
    from asc import _lib
    f = _lib.lib().asc_cube_impl_name
    f.restype = ctypes.c_char_p
    g = _lib.lib().asc_cube_best
    return f(g()).decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", type=int, default=0, help="host threads of both sides (0: one per CPU)")
    ap.add_argument("--blocks", type=int, default=24)
    ap.add_argument("--size", type=int, default=1024)
    a = ap.parse_args()
    n = a.size
    threads = a.threads or os.cpu_count()
    blasinfo.set_threads(threads)
    x, y = ex.inputs(n, n, n)
    ref = ex.reference(x, y)
    xf, yf = x.astype(np.float32), y.astype(np.float32)
    ex.run(x, y, a.blocks)  # compile (and warm the caches) outside the timing
    t_np = best(lambda: np.matmul(xf, yf), a.runs)
    out = {}
    for san in (True, False):
        c = None

        def go():
            nonlocal c
            c = ex.run(x, y, a.blocks, sanitize=san, sim_threads=threads)
        out[san] = best(go, a.runs)
        if not np.array_equal(c, ref):
            raise SystemExit("result mismatch")
    rep = rt.last_report()
    peak = 2 * n ** 3 / (rep["us"] * 1e-6) / 1e12
    theory_us = (n // 16) ** 3 / (a.blocks * rep["mhz"])  # 16x16x16 MACs per cycle per AIC (hw.def)
    print(f"matmul {n}x{n}x{n} f16 -> f32 on {a.blocks} AIC blocks, best of {a.runs}; {os.cpu_count()} CPUs")
    print(f"  numpy.matmul float32      {t_np:9.1f} ms   BLAS: {blasinfo.describe()}")
    print(f"  (simulator: {threads} host threads; cube arithmetic: {cube_impl()})")
    print(f"  simulator, sanitizers on  {out[True]:9.1f} ms   ratio {out[True] / t_np:5.2f}x")
    print(f"  simulator, sanitizers off {out[False]:9.1f} ms   ratio {out[False] / t_np:5.2f}x")
    print(f"  simulated time {rep['us']:.2f} us = {peak:.1f} TFLOP/s; the cube's peak for this shape "
          f"{theory_us:.2f} us ({theory_us / rep['us'] * 100:.0f} % of peak)")


if __name__ == "__main__":
    main()
