#!/usr/bin/python3
"""G1 (validation): the device kit's Matmul + GELU fusion (cannmirror/asc-devkit, examples/01_simd_cpp_api/
05_best_practices/03_fusion_compute/matmul_gelu_high_performance, README "Atlas A2 Training Series Chip",
msOpProf, the median of 5 runs): C = GELU(A B), 8192^3, A f16, B f16 given transposed, C f32 ND; the
matmul is C1's basic-API kernel (24 AIC, singleCore 2048 x 1536, base 128 x 256 x 64, stepKa 8 /
stepKb 4, UnitFlag) with C in f32.
  G1-mm   the matmul alone (AI_CORE): Task Duration 4227.605 us; mean mac 3083.197, mte1 2516.081,
          mte2 3685.713, fixp 193.704, scalar 338.636 us
  G1-mix  the fused MIX kernel (scenario 1, "GM relay"; 24 AIC + 48 AIV): after each tile's fixpipe
          the AIC sets a cross-core flag (mode 2); each of the block's AIVs waits for it, copies its
          64 x 256 half of the tile GM -> UB, computes GELU in eight vector ops with barriers, writes it
          back.  Task Duration 4236.944 us; AIC mean mac 3083.235, mte1 2520.852, mte2 3687.839, fixp
          193.933, scalar 531.971 us
The source's GELU-only AIV kernel (369.827 us on 48 AIV) is a vector kernel: not run here.
Validation only: no constant is derived from these rows.

  /usr/bin/python3 bench/anchors/g1.py            # full size (each as C1)
  /usr/bin/python3 bench/anchors/g1.py --small    # 512 x 2816 x 1024 (singleCore 128 x 512), checked
"""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _cube  # noqa: E402
import c1  # noqa: E402  (the kernel, with F32 and MIX)

METRICS = ("mac", "mte1", "mte2", "fixp", "scalar")
PUBLISHED = {"G1-mm": (4227.605, 3083.197, 2516.081, 3685.713, 193.704, 338.636),
             "G1-mix": (4236.944, 3083.235, 2520.852, 3687.839, 193.933, 531.971)}


def rows(small=False):
    out = []
    for name, mix in (("G1-mm", False), ("G1-mix", True)):
        if small:
            rep, wall = c1.run(512, 2816, 1024, 128, 512, check_rows=[0, 100, 511], f32=True, mix=mix)
        else:
            rep, wall = c1.run(8192, 8192, 8192, 2048, 1536, check_rows=[0, 2047, 2048, 5000, 8191], f32=True,
                               mix=mix)
        pub = PUBLISHED[name]
        out.append(_cube.row(name + ("-small" if small else ""), "total", pub[0], rep["us"], wall))
        for m, p in zip(METRICS, pub[1:]):
            out.append(_cube.row(name + ("-small" if small else ""), m, p, _cube.pipe_us(rep, m), wall))
    return out


if __name__ == "__main__":
    _cube.show(rows(small="--small" in sys.argv))
