#!/usr/bin/python3
"""run_tutorials.py - ctest `sim-tutorials`: the IR versions of pyasc's two add tutorials
(examples/ir/tutorial01_add.mlir: manual set_flag / wait_flag; add_framework_bn1/bn2.mlir:
TPipe / TQue with BUFFER_NUM 1 and 2) on 1, 8, 48 and 100 blocks with random inputs.

Checks: z equals numpy's x + y bit for bit, no errors or warnings, the same bytes and the
same report on 1 and 3 host threads, BUFFER_NUM 2 simulates faster than 1 on the same data
with MTE2 busy while V is busy, and --trace writes JSON that `python3 -m json.tool` accepts.
Runs build/bin/asc-run (so it works in sanitizer builds too).

  run_tutorials.py --asc-run build/bin/asc-run --examples examples/ir
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

TILE, NTILES = 256, 4
KERNELS = ["tutorial01_add", "add_framework_bn1", "add_framework_bn2"]
fails = []


def check(cond, what):
    if not cond:
        fails.append(what)
        print("FAIL:", what)


def run(a, kernel, blocks, x, y, tmp, threads, trace=None):
    n = x.size
    paths = [os.path.join(tmp, f) for f in ("x.npy", "y.npy", "z.npy")]
    np.save(paths[0], x)
    np.save(paths[1], y)
    if os.path.exists(paths[2]):
        os.remove(paths[2])
    cmd = [a.asc_run, os.path.join(a.examples, kernel + ".mlir"), "--blocks", str(blocks), "--threads", str(threads)]
    if trace:
        cmd += ["--trace", trace]
    cmd += [f"x={paths[0]}", f"y={paths[1]}", f"z={paths[2]}:f32:{n}", f"n=i32:{n}", f"tile=i32:{TILE}"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    z = np.load(paths[2]) if os.path.exists(paths[2]) else None
    return p, z


def report(out):
    total = int(re.search(r"total: (\d+) cycles", out).group(1))
    overlap = [int(v) for v in re.findall(r"MTE2\+V overlap (\d+)", out)]
    diag = re.search(r"(\d+) errors?, (\d+) warnings?", out)
    return total, overlap, int(diag.group(1)) + int(diag.group(2))


def check_f16(a, rng, tmp):
    """The f16 fast path (vfast.c) against numpy's float16 add: random bit patterns plus
    overflow to infinity and subnormal results; NaNs compare as NaNs."""
    n = 2 * 4096 * 2
    x = rng.integers(0, 65536, n).astype(np.uint16).view(np.float16)
    y = rng.integers(0, 65536, n).astype(np.uint16).view(np.float16)
    x[::7], y[::7] = np.float16(16), np.float16(65504)
    x[1::5], y[1::5] = np.float16(6e-8), np.float16(-5e-8)
    paths = [os.path.join(tmp, f) for f in ("hx.npy", "hy.npy", "hz.npy")]
    np.save(paths[0], x)
    np.save(paths[1], y)
    p = subprocess.run([a.asc_run, os.path.join(a.examples, "anchor_add.mlir"), "--blocks", "2", "--quiet",
                        f"x={paths[0]}", f"y={paths[1]}", f"z={paths[2]}:f16:{n}", f"n=i32:{n}", "tile=i32:4096"],
                       capture_output=True, text=True)
    check(p.returncode == 0 and p.stderr == "", f"f16 add: exit {p.returncode} {p.stderr[:300]}")
    if p.returncode:
        return
    z = np.load(paths[2])
    with np.errstate(all="ignore"):
        ref = x + y
    nan = np.isnan(ref)
    check(np.array_equal(nan, np.isnan(z)) and np.array_equal(z[~nan].view(np.uint16), ref[~nan].view(np.uint16)),
          "f16 add differs from numpy")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--asc-run", required=True)
    ap.add_argument("--examples", required=True)
    a = ap.parse_args()
    rng = np.random.default_rng(7)
    with tempfile.TemporaryDirectory() as tmp:
        for blocks in (1, 8, 48, 100):
            n = blocks * TILE * NTILES
            x = rng.standard_normal(n).astype(np.float32)
            y = rng.standard_normal(n).astype(np.float32)
            ref = x + y
            totals = {}
            for k in KERNELS:
                p1, z1 = run(a, k, blocks, x, y, tmp, 1)
                p3, z3 = run(a, k, blocks, x, y, tmp, 3)
                name = f"{k} on {blocks} blocks"
                check(p1.returncode == 0 and p1.stderr == "", f"{name}: exit {p1.returncode} {p1.stderr}")
                if p1.returncode:
                    continue
                check(z1 is not None and np.array_equal(z1, ref), f"{name}: result differs from numpy")
                total, overlap, ndiag = report(p1.stdout)
                check(ndiag == 0, f"{name}: {ndiag} diagnostics")
                check(z3 is not None and np.array_equal(z1, z3), f"{name}: 1 vs 3 threads: results differ")
                check(p1.stdout == p3.stdout and p1.stderr == p3.stderr, f"{name}: 1 vs 3 threads: reports differ")
                totals[k] = (total, overlap)
            if len(totals) == 3:
                (t1, _), (t2, ov2) = totals["add_framework_bn1"], totals["add_framework_bn2"]
                check(t2 < t1, f"{blocks} blocks: BUFFER_NUM=2 ({t2} cycles) not faster than 1 ({t1})")
                check(max(ov2) > 0, f"{blocks} blocks: BUFFER_NUM=2 shows no MTE2/V overlap")
            print(f"{blocks:3} blocks: " + ", ".join(f"{k} {v[0]} cycles" for k, v in totals.items()))
        check_f16(a, rng, tmp)
        trace = os.path.join(tmp, "trace.json")
        x = rng.standard_normal(8 * TILE * NTILES).astype(np.float32)
        p, _ = run(a, "add_framework_bn2", 8, x, x, tmp, 2, trace)
        check(p.returncode == 0, "trace run failed")
        j = subprocess.run([sys.executable, "-m", "json.tool", trace], capture_output=True, text=True)
        check(j.returncode == 0, f"trace JSON invalid: {j.stderr[:200]}")
        text = open(trace).read()
        for key in ('"VECTOR"', '"MTE2"', '"MTE3"', '"SCALAR"', '"ph":"X"', '"ph":"s"', '"ph":"f"',
                    'add_framework_bn2.py:48'):
            check(key in text, f"trace lacks {key}")
    print("FAILED" if fails else "ok", f"({len(fails)} failures)")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
