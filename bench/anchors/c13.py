#!/usr/bin/python3
"""C13: the device kit's Matmul tuning case "纯Cube模式" (cannmirror/asc-devkit, docs/zh/guide/算子实践参考/
优秀实践/Matmul性能调优案例/Matmul高阶API使能纯Cube模式.md): C12's shape (A 128 x 64, B 64 x 30720 f16, C f32,
base 128 x 256 x 64) with the default MIX Matmul on 24 x 2 AIV (singleCoreN 640: each AIV's
iterate_all is a message to its AIC) against the cube-only Matmul on 24 AIC (singleCoreN 1280).
Published on the 910B (max aic_time, mean aic_scalar_time): MIX 17.85 / 15.02 us, cube-only
11.21 / 5.17 us.  Both with the NORM template (the page's Matmul<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE,
CFG_NORM>), where C12 is MDL.

  /usr/bin/python3 bench/anchors/c13.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _cube  # noqa: E402
import c12  # noqa: E402  (the kernel: the same body, both kernel types)


def rows():
    out = []
    for mix, name, total, scalar in ((True, "C13-mix", 17.85, 15.02), (False, "C13-cube", 11.21, 5.17)):
        rep, wall = c12.run(mix, mdl=False)  # the case's CFG_NORM, either mode
        out += [_cube.row(name, "total", total, _cube.core_us(rep, "AIC", "max"), wall),
                _cube.row(name, "scalar", scalar, _cube.pipe_us(rep, "scalar"), wall)]
    return out


if __name__ == "__main__":
    _cube.show(rows())
