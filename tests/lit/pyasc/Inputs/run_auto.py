#!/usr/bin/env python3
"""End-to-end check of a LocalTensorAuto IR kernel (tests/lit/pyasc/e2e-*.mlir).

    run_auto.py KERNEL.mlir TMPDIR NAME N EXPR [BLOCKS [EXTRA_ARG...]]

Writes random f16 inputs x.npy and y.npy of N elements (and a zeroed z.npy) to TMPDIR,
runs `asc-run KERNEL.mlir --kernel NAME --passes <pyasc's pipeline>` on them, and checks
that z equals EXPR (a numpy expression of x and y, evaluated in float16 op by op) exactly,
and that the simulator reported nothing ("0 errors, 0 warnings").  EXTRA_ARGs are more
kernel arguments for asc-run (`len=i32:256`).  Prints OK or exits 1.
"""
import os
import subprocess
import sys

import numpy as np

PIPELINE = ("input-output-tensor,hoist-ub-allocation,materialize-tensor,unify-pipe,"
            "canonicalize,cse,hoist-que-bind,insert-sync")


def main():
    path, tmp, name, n, expr = sys.argv[1:6]
    blocks = sys.argv[6] if len(sys.argv) > 6 else "1"
    n = int(n)
    os.makedirs(tmp, exist_ok=True)
    rng = np.random.default_rng(7)
    x = rng.uniform(-4, 4, n).astype(np.float16)
    y = rng.uniform(-4, 4, n).astype(np.float16)
    for k, v in (("x", x), ("y", y), ("z", np.zeros(n, np.float16))):
        np.save(os.path.join(tmp, k + ".npy"), v)
    args = ["asc-run", path, "--kernel", name, "--passes", PIPELINE, "--blocks", blocks]
    args += ["%s=%s:f16:%d" % (k, os.path.join(tmp, k + ".npy"), n) for k in "xyz"]
    args += sys.argv[7:]
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = r.stdout
    if r.returncode != 0 or "0 errors, 0 warnings" not in out:
        sys.exit("asc-run failed (%d):\n%s" % (r.returncode, out))
    z = np.load(os.path.join(tmp, "z.npy"))
    want = eval(expr, {"np": np, "x": x, "y": y})
    if not np.array_equal(z.view(np.uint16), np.asarray(want, np.float16).view(np.uint16)):
        bad = np.nonzero(z != want)[0]
        sys.exit("mismatch at %d elements, first %d: got %r want %r" % (len(bad), bad[0], z[bad[0]], want[bad[0]]))
    print("OK", name, n)


if __name__ == "__main__":
    main()
