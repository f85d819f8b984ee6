#!/usr/bin/python3
"""C1-L2 (validation): C1's basic-API matmul in its source's scenario 2 (cannmirror/asc-devkit,
examples/01_simd_cpp_api/05_best_practices/01_matrix_compute/matmul_basic_api_high_performance, README
"Scenario 2: L2Cache splitting enabled"): the same kernel, 8192^3 f16, B transposed, base 128 x 256 x 64,
stepKa 8 / stepKb 4, on 24 AIC, but singleCoreM 1024 and two rounds: in round r core b takes M block
b % 4 + 4 r and N block b / 4, so each round's 24 cores read half of A against all of B.  Published
on the 910B1 (msprof): Task Duration 4081.64 us; mean per core mac 3082.158, mte1 2553.064, mte2
3487.068, fixp 161.812, scalar 345.139 us.  Validation only: no constant is derived from it.

  /usr/bin/python3 bench/anchors/c1l2.py            # full size (as C1)
  /usr/bin/python3 bench/anchors/c1l2.py --small    # 1024 x 2816 x 1024 (singleCore 128 x 512), checked
"""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _cube  # noqa: E402
import c1  # noqa: E402  (the kernel, with ROUNDS = 2)

PUBLISHED = {"total": 4081.64, "mac": 3082.158, "mte1": 2553.064, "mte2": 3487.068, "fixp": 161.812,
             "scalar": 345.139}


def rows(small=False):
    if small:
        rep, wall = c1.run(1024, 2816, 1024, 128, 512, rounds=2)
    else:
        rep, wall = c1.run(8192, 8192, 8192, 1024, 1536, check_rows=[0, 1023, 4096, 5000, 8191], rounds=2)
    out = [_cube.row("C1-L2", "total", PUBLISHED["total"], rep["us"], wall)]
    for m in ("mac", "mte1", "mte2", "fixp", "scalar"):
        out.append(_cube.row("C1-L2", m, PUBLISHED[m], _cube.pipe_us(rep, m), wall))
    return out


if __name__ == "__main__":
    _cube.show(rows(small="--small" in sys.argv))
