#!/usr/bin/python3
"""bench_parse.py - time of libasc's parser on one function of N ops (default 1,000,000).

  PYTHONPATH=python /usr/bin/python3 bench/bench_parse.py [--ops 1000000] [--repeat 3]
  ASC_LIBRARY=/other/build/lib/libasc.so ...   (another build, e.g. main's, for a before/after)

The kernel is a chain %v1 = arith.addi(%v0, %c1), %v2 = arith.addi(%v1, %c1), ... so every op
defines one SSA name and looks up two: the cost of the value-name table dominates.  Prints the
best of --repeat runs of asc_module_parse alone (no verifier, no printing): wall and CPU time.
Measured (2 cores shared with other jobs, so CPU time is the stable figure): 1M ops 1.8 s CPU
with the growing table; 65 s CPU with the former 1024 fixed buckets (quadratic: 10k ops 0.02 s,
100k 0.75 s, 1M 65 s).
"""
import argparse
import ctypes
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load():
    """libasc through ctypes alone (not the asc package, so any build's library loads)."""
    L = ctypes.CDLL(os.environ.get("ASC_LIBRARY") or os.path.join(ROOT, "build", "lib", "libasc.so"))
    for name, res, args in (("asc_ctx_new", ctypes.c_void_p, []), ("asc_ctx_free", None, [ctypes.c_void_p]),
                            ("asc_module_parse", ctypes.c_void_p,
                             [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
                            ("asc_module_free", None, [ctypes.c_void_p])):
        f = getattr(L, name)
        f.restype, f.argtypes = res, args
    return L


def kernel(n):
    body = ['    %v0 = "arith.constant"() {value = 0 : i32} : () -> i32\n',
            '    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32\n']
    body += ['    %%v%d = "arith.addi"(%%v%d, %%c1) : (i32, i32) -> i32\n' % (i + 1, i) for i in range(n)]
    return ('"builtin.module"() ({\n  "func.func"() ({\n' + "".join(body) +
            '    "func.return"() : () -> ()\n  }) {function_type = () -> (), sym_name = "chain"} : () -> ()\n'
            '}) : () -> ()\n').encode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=1000000)
    ap.add_argument("--repeat", type=int, default=3)
    o = ap.parse_args()
    L = load()
    text = kernel(o.ops)
    best = cpu = None
    for _ in range(o.repeat):
        ctx = L.asc_ctx_new()
        t0, c0 = time.perf_counter(), time.process_time()
        m = L.asc_module_parse(ctx, b"chain.mlir", text, len(text))
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        if not m:
            sys.exit("parse failed")
        L.asc_module_free(m)
        L.asc_ctx_free(ctx)
        best = dt if best is None else min(best, dt)
        cpu = dc if cpu is None else min(cpu, dc)
    lib = os.environ.get("ASC_LIBRARY", "default build/lib/libasc.so")
    # CPU time as well: on a shared machine the wall time also counts other processes
    print("parse %d ops (%.1f MB): %.3f s wall, %.3f s CPU, %.0f ops/s  [%s]" %
          (o.ops + 3, len(text) / 1e6, best, cpu, (o.ops + 3) / best, lib))


if __name__ == "__main__":
    main()
