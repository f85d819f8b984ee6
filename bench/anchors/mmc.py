#!/usr/bin/python3
"""MMC-* (validation): the device kit's Matmul tuning cases other than C12 / C13 (cannmirror/asc-devkit,
docs/zh/guide/算子实践参考/优秀实践/Matmul性能调优案例/), each a cube-only asc.adv.Matmul on the 910B
(24 AIC), A f16 M x K ND, B f16 K x N ND, C f32 ND (the cases state A and B; C's type is not stated,
f32 as C12's), tiling at run time, block b taking M block b % (M / singleCoreM), N block the rest.
The figures are the ones the pages give in their text (the profiling tables are images):

  MMC-norm / MMC-mdl   "MDL模板": 128 x 30720 x 1024, singleCore 128 x 1280 x 1024, base 128 x 256 x 64,
                       stepKa = stepKb = 4, depthA1 = depthB1 = 8; NORM (the default) max aic_time
                       83.68 us, mean aic_mte2_time 75.64; MDL 53.4, 46.24
  MMC-pre0 / MMC-pre2  "MTE2-Preload": 128 x 24576 x 512, singleCore 128 x 1024 x 512, base 128 x 128 x 64,
                       stepKa = stepKb = 8, depthA1 8, depthB1 16, MDL; mean aic_time 30.88 us;
                       doMTE2Preload 2 (N direction): 28.50
  MMC-nb33             "NBuffer33模板": 256 x 512 x 192, singleCore 256 x 256 x 192 (2 cores), base
                       128 x 256 x 64, stepM 2, stepKa = stepKb = 3, MDL, default policy: mean aic_time
                       34.01 us (the NBuffer33 policy's 32.66 has no pyasc form: Matmul's policy
                       argument names no NBuffer33 template here)
  MMC-krl0 / MMC-krl1  "多核K轴错峰访问内存": 768 x 2048 x 6144, singleCore 128 x 512 x 6144 (6 x 4 cores),
                       base 128 x 256 x 64, MDL; Task Duration 98.72 us, mean aic_mte2_time 90;
                       enableKdimReorderLoad: 85.68, 69.87

Not run: "UnitFlag" and "IBShare模板共享B矩阵数据" (a 20-core part whose clock the pages do not give:
910B3 1.8 GHz or 910B4 1.5 GHz), "多核切K" (its base block is the tiling tool's, not stated),
"IBShare模板共享A和B矩阵数据" and "L2-Cache切分" (configuration not stated in full; IBShare has no
pyasc MatmulType field), "AIV核上的ND2NZ" and "Matmul算子优化Tiling策略" (no figures of a stated
configuration).  Validation only: no constant is derived from these rows.

Written here in pyasc from the pages' stated configurations (nothing of the device kit is copied).

  /usr/bin/python3 bench/anchors/mmc.py [--only mdl,pre,nb33,krl]
"""

VALIDATION = True  # a published figure the model was not fitted to (bench/anchors.py summarises it apart)
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _cube  # noqa: E402

WS = 16 << 20
# name: (M, N, K, singleCore (m, n, k), base, (stepM, stepKa, stepKb, depthA1, depthB1), config kwargs)
CASES = {
    "norm": ((128, 30720, 1024), (128, 1280, 1024), (128, 256, 64), (1, 4, 4, 8, 8), None),
    "mdl": ((128, 30720, 1024), (128, 1280, 1024), (128, 256, 64), (1, 4, 4, 8, 8), {}),
    "pre0": ((128, 24576, 512), (128, 1024, 512), (128, 128, 64), (1, 8, 8, 8, 16), {}),
    "pre2": ((128, 24576, 512), (128, 1024, 512), (128, 128, 64), (1, 8, 8, 8, 16), {"do_mte2_preload": 2}),
    "nb33": ((256, 512, 192), (256, 256, 192), (128, 256, 64), (2, 3, 3, 6, 3), {}),
    "krl0": ((768, 2048, 6144), (128, 512, 6144), (128, 256, 64), (1, 4, 4, 8, 8), {}),
    "krl1": ((768, 2048, 6144), (128, 512, 6144), (128, 256, 64), (1, 4, 4, 8, 8),
             {"enable_kdim_reorder_load": True}),
}
# name: [(metric, published us, how)]: how "max" / "avg" aic_time, "task" Task Duration, or a pipe's mean
PUBLISHED = {
    "norm": [("total", 83.68, "max"), ("mte2", 75.64, "mte2")],
    "mdl": [("total", 53.4, "max"), ("mte2", 46.24, "mte2")],
    "pre0": [("total", 30.88, "avg")],
    "pre2": [("total", 28.50, "avg")],
    "nb33": [("total", 34.01, "avg")],
    "krl0": [("total", 98.72, "task"), ("mte2", 90.0, "mte2")],
    "krl1": [("total", 85.68, "task"), ("mte2", 69.87, "mte2")],
}


def tiling(name, blocks):
    import asc
    (m, n, k), (scm, scn, sck), (bm, bn, bk), (sm, ska, skb, da1, db1), _ = CASES[name]
    return asc.adv.TCubeTiling(used_core_num=blocks, m=m, k_a=k, k_b=k, n=n, base_m=bm, base_n=bn, base_k=bk,
                               single_core_m=scm, single_core_k=sck, single_core_n=scn, depth_a1=da1,
                               depth_b1=db1, step_m=sm, step_n=1, step_k_a=ska, step_k_b=skb, share_mode=0,
                               is_bias=0)


def kernel(cfg_kwargs):
    import asc
    cfg = asc.adv.get_normal_config() if cfg_kwargs is None else asc.adv.get_mdl_config(**cfg_kwargs)

    @asc.jit(matmul_cube_only=True)
    def mmc_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, t: asc.adv.TCubeTiling,
                   workspace: asc.GlobalAddress, MB: asc.ConstExpr[int]):
        mi = asc.get_block_idx() % MB
        ni = asc.get_block_idx() // MB
        ag = asc.GlobalTensor()
        bg = asc.GlobalTensor()
        cg = asc.GlobalTensor()
        ag.set_global_buffer(a + mi * t.single_core_m * t.k_a)
        bg.set_global_buffer(b + ni * t.single_core_n)
        cg.set_global_buffer(c + mi * t.single_core_m * t.n + ni * t.single_core_n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                            matmul_config=cfg)
        asc.adv.register_matmul(pipe, workspace, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
        mm.end()

    return mmc_kernel


def run(name):
    import warnings

    import numpy as np

    import asc.lib.runtime as rt
    _cube.platform()
    (m, n, k), (scm, scn, _), _, _, cfg = CASES[name]
    mb, nb = -(-m // scm), -(-n // scn)
    rng = np.random.default_rng(30)
    a = rng.integers(-2, 3, (m, k)).astype(np.float16)
    b = rng.integers(-2, 3, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    ws = np.zeros(WS, np.uint8)
    kern = kernel(cfg)
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        kern[mb * nb](a, b, c, tiling(name, mb * nb), ws, mb, max_instructions=0)
    wall = time.perf_counter() - t0
    rep = rt.last_report()
    if not np.array_equal(c, a.astype(np.float32) @ b.astype(np.float32)):
        raise SystemExit(f"mmc {name}: the result differs from numpy")
    return rep, wall


def rows(names=tuple(CASES)):
    out = []
    for name in names:
        rep, wall = run(name)
        for metric, pub, how in PUBLISHED[name]:
            if how in ("max", "avg"):
                ours = _cube.core_us(rep, "AIC", how)
            elif how == "task":
                ours = rep["us"]
            else:
                ours = _cube.pipe_us(rep, how)
            out.append(_cube.row(f"MMC-{name}", metric, pub, ours, wall))
    return out


if __name__ == "__main__":
    names = tuple(CASES)
    for i, arg in enumerate(sys.argv):
        if arg == "--only":
            pre = sys.argv[i + 1].split(",")
            names = tuple(x for x in CASES if any(x.startswith(p) for p in pre))
    _cube.show(rows(names))
