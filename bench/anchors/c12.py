#!/usr/bin/python3
"""C12: the device kit's Matmul tuning case "Tiling全量常量化" (cannmirror/asc-devkit, docs/zh/guide/
算子实践参考/优秀实践/Matmul性能调优案例/Matmul高阶API使能Tiling全量常量化.md): the high-level Matmul,
A 128 x 64, B 64 x 30720 f16 ND in GM, C f32 in GM, 24 AIC, each core 128 x 1280 x 64, base
128 x 256 x 64, tiling passed at run time.  Published on the 910B: max aic_time 10.62 us, mean
aic_scalar_time 6.32 us; the first MTE2 starts 3.536 us into the core (the library's
initialisation).  The case's constant-tiling variant (7.87 / 3.38 us) has no pyasc form (the Matmul
takes its tiling as a kernel argument) and is not run.

The template is MDL (get_mdl_config): the case's code builds its config with
GetMMConfig<MatmulConfigMode::CONFIG_MDL>, and so does the device kit's sample of it
(examples/01_simd_cpp_api/04_advanced_api/00_matmul/matmul_constant_tiling, cube-only); the case changes
only the tiling's constness, so its run-time-tiling baseline is taken to be the same MDL Matmul (the page
does not restate it).  C13 (c13.py) runs this body with CFG_NORM, as its page states.

Written here from the case's stated configuration (nothing of the device kit is copied).

  /usr/bin/python3 bench/anchors/c12.py
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _cube  # noqa: E402

M, N, K = 128, 30720, 64
BASE = (128, 256, 64)
WS = 16 << 20


def tiling(cores, single_n):
    import asc
    return asc.adv.TCubeTiling(used_core_num=cores, m=M, k_a=K, k_b=K, n=N, base_m=BASE[0], base_n=BASE[1],
                               base_k=BASE[2], single_core_m=M, single_core_k=K, single_core_n=single_n,
                               depth_a1=8, depth_b1=8, step_m=1, step_n=1, step_k_a=4, step_k_b=4, share_mode=0,
                               is_bias=0)


def kernels(mdl=True):
    """(cube-only, MIX) kernels: the Matmul with the MDL template (get_mdl_config, C12's) or NORM (the
    default, C13's)."""
    import asc

    def body(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, t: asc.adv.TCubeTiling,
             workspace: asc.GlobalAddress):
        ni = asc.get_block_idx()  # M is not split: core i takes columns [i singleCoreN, ...)
        ag = asc.GlobalTensor()
        bg = asc.GlobalTensor()
        cg = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg.set_global_buffer(b + ni * t.single_core_n)
        cg.set_global_buffer(c + ni * t.single_core_n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                            matmul_config=asc.adv.get_mdl_config() if mdl else asc.adv.get_normal_config())
        asc.adv.register_matmul(pipe, workspace, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
        mm.end()

    return asc.jit(matmul_cube_only=True)(body), asc.jit(body)


def run(mix, mdl=True):
    """(report, wall s): cube-only on 24 AIC (singleCoreN 1280) or MIX on 24 x 2 AIV (singleCoreN 640);
    mdl: C12's MDL template, else NORM (C13's)."""
    import numpy as np

    import asc.lib.runtime as rt
    _cube.platform()
    rng = np.random.default_rng(12)
    a = rng.integers(-3, 4, (M, K)).astype(np.float16)
    b = rng.integers(-3, 4, (K, N)).astype(np.float16)
    c = np.zeros((M, N), np.float32)
    ws = np.zeros(WS, np.uint8)
    cube, mixk = kernels(mdl)
    t0 = time.perf_counter()
    if mix:
        mixk[24](a, b, c, tiling(48, N // 48), ws)
    else:
        cube[24](a, b, c, tiling(24, N // 24), ws)
    wall = time.perf_counter() - t0
    rep = rt.last_report()
    if not np.array_equal(c, a.astype(np.float32) @ b.astype(np.float32)):
        raise SystemExit("c12: the result differs from numpy")
    return rep, wall




def rows():
    rep, wall = run(mix=False, mdl=True)
    return [_cube.row("C12", "total", 10.62, _cube.core_us(rep, "AIC", "max"), wall),
            _cube.row("C12", "scalar", 6.32, _cube.pipe_us(rep, "scalar"), wall)]


if __name__ == "__main__":
    _cube.show(rows())
