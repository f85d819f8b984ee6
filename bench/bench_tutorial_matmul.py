#!/usr/bin/python3
"""bench_tutorial_matmul.py - wall and CPU time of pyasc's tutorial 03 (matmul_mix: asc.adv.Matmul in a
MIX kernel, 512 x 512 x 1024 f16 -> f32 on 24 AIC+2AIV groups of Ascend910B1) next to torch.matmul
of the same shapes in the same process (issue 16's figure).

The tutorial is upstream pyasc's file, not part of this repository: pass its path (from a fetched
hicann/pyasc, see docs/conformance.md).  Its own functions build the tiling (asc.lib.host) and
launch the kernel; the first launch compiles, so the figures are best-of-N launches after it: the wall time (the
ratio's) and the process CPU time (every thread's user + system time, steadier on a loaded machine).

  PYTHONPATH=python /usr/bin/python3 bench/bench_tutorial_matmul.py \\
      /tmp/up/python/tutorials/03_matmul_mix/matmul_mix.py [--runs 3]
"""
import argparse
import importlib.util
import os
import sys
import time

import numpy as np
import torch

from asc.runtime import config

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blasinfo  # noqa: E402


def best(fn, runs):
    """(best wall ms, best process CPU ms: user + system of every thread, less at the mercy of
    the machine's load than the wall, output) over runs calls of fn."""
    t = c = float("inf")
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        out = fn()
        t, c = min(t, time.perf_counter() - t0), min(c, time.process_time() - c0)
    return t * 1e3, c * 1e3, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tutorial", help="path of upstream pyasc's python/tutorials/03_matmul_mix/matmul_mix.py")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("-m", type=int, default=512)
    ap.add_argument("-k", type=int, default=512)
    ap.add_argument("-n", type=int, default=1024)
    ap.add_argument("--threads", type=int, default=0, help="host threads of both sides (0: one per CPU)")
    a = ap.parse_args()
    threads = a.threads or os.cpu_count()
    os.environ["ASC_SIM_THREADS"] = str(threads)  # the simulator's, read at each launch
    blasinfo.set_threads(threads)  # OpenBLAS's and torch's
    spec = importlib.util.spec_from_file_location("matmul_mix", a.tutorial)
    tut = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tut)
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)
    g = torch.Generator().manual_seed(0)
    x = torch.randint(-5, 5, (a.m, a.k), generator=g).to(torch.float16)
    y = torch.randint(-5, 5, (a.k, a.n), generator=g).to(torch.float16)
    tiling = tut.generate_tiling(a.m, a.n, a.k)
    tut.matmul_launch(x, y, tiling, "cpu")  # compiles
    t_sim, cpu_sim, c = best(lambda: tut.matmul_launch(x, y, tiling, "cpu"), a.runs)
    t_ref, cpu_ref, ref = best(lambda: torch.matmul(x.to(torch.float32), y.to(torch.float32)), a.runs)
    exact = bool(np.array_equal(c.numpy(), ref.numpy()))
    print(f"tutorial 03 matmul_mix, {a.m} x {a.k} x {a.n} f16 -> f32, best of {a.runs}; threads: torch "
          f"{torch.get_num_threads()}, simulator {threads}")
    print(f"torch.matmul (float32)   {t_ref:9.2f} ms   CPU {cpu_ref:8.2f} ms   BLAS: {blasinfo.describe()}")
    print(f"simulator launch         {t_sim:9.2f} ms   CPU {cpu_sim:8.2f} ms   ratio {t_sim / t_ref:7.1f}x torch   "
          f"{'exact' if exact else 'MISMATCH'}")


if __name__ == "__main__":
    main()
