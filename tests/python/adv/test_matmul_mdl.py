"""asc.adv.Matmul with the MDL template (get_mdl_config): A and B come into L1 in packets of
min(stepKa, stepKb) base slices, one copy each (expand_matmul.c's kloop_mdl; docs/timing.md, "Cube, Matmul
and MIX").  C must equal numpy's bit for bit (small integers: every product and sum is exact) for packets
with K tails, single and double buffers, B either way, unequal steps, packets too large for their
buffer (one slice a packet), and the forms that keep one slice a copy; and the packets' fewer, longer GM rows take less MTE2 time than NORM's slice copies."""
import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))


def tiling(m, n, k, base, steps, depths):
    (bm, bn, bk), (ska, skb), (da, db) = base, steps, depths
    return asc.adv.TCubeTiling(used_core_num=1, m=m, k_a=k, k_b=k, n=n, base_m=bm, base_n=bn, base_k=bk,
                               single_core_m=m, single_core_k=k, single_core_n=n, depth_a1=da, depth_b1=db,
                               step_m=1, step_n=1, step_k_a=ska, step_k_b=skb, share_mode=0, is_bias=0)


def kernel(mdl):
    cfg = asc.adv.get_mdl_config() if mdl else asc.adv.get_normal_config()

    @asc.jit(matmul_cube_only=True)
    def mdl_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, t: asc.adv.TCubeTiling,
                   ta: asc.ConstExpr[bool], tb: asc.ConstExpr[bool], use_iterate: asc.ConstExpr[bool]):
        ag = asc.GlobalTensor()
        bg = asc.GlobalTensor()
        cg = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg.set_global_buffer(b)
        cg.set_global_buffer(c)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype, ta),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype, tb),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                            matmul_config=cfg)
        asc.adv.register_matmul(pipe, a, mm, t)
        mm.set_tensor_a(ag, ta)
        mm.set_tensor_b(bg, tb)
        if use_iterate:
            with mm.iterate() as count:
                mm.get_tensor_c(cg)
        else:
            mm.iterate_all(cg)
        mm.end()

    return mdl_kernel


KERNELS = {}


def run(m, n, k, base, steps=(4, 4), depths=(8, 8), din=np.float16, ta=False, tb=False, iterate=False, mdl=True):
    """C exact against numpy; the core's report."""
    if mdl not in KERNELS:
        KERNELS[mdl] = kernel(mdl)
    rng = np.random.default_rng(7)
    dacc = np.int32 if din is np.int8 else np.float32
    a = rng.integers(-3, 4, (m, k)).astype(din)
    b = rng.integers(-3, 4, (k, n)).astype(din)
    c = np.full((m, n), -1, dacc)
    KERNELS[mdl][1](np.ascontiguousarray(a.T) if ta else a, np.ascontiguousarray(b.T) if tb else b, c,
                    tiling(m, n, k, base, steps, depths), ta, tb, iterate)
    np.testing.assert_array_equal(c, (a.astype(np.int64) @ b.astype(np.int64)).astype(dacc))
    return rt.last_report()


@pytest.mark.parametrize("m,n,k,base,steps,depths,ta,tb,iterate", [
    (128, 256, 1024, (128, 256, 64), (4, 4), (8, 8), False, False, False),   # 4 packets of 4, two halves
    (100, 200, 1000, (128, 256, 64), (4, 4), (8, 8), False, False, False),   # M, N tails; last slice 40 of K
    (128, 256, 704, (128, 256, 64), (4, 4), (4, 4), False, True, False),     # B N x K; one buffer; 4, 4, 3
    (96, 160, 512, (64, 96, 64), (2, 4), (8, 8), False, False, True),        # stepKa 2, stepKb 4; iterate
    (64, 64, 200, (64, 64, 48), (2, 2), (4, 4), False, False, False),        # packets 2, 2, 1; last slice 8
    (128, 256, 1024, (128, 256, 128), (4, 4), (8, 8), False, False, False),  # a packet over half: one slice
    (256, 512, 512, (128, 256, 64), (4, 4), (8, 8), False, False, True),     # 2 x 2 tiles, iterate
    (64, 80, 96, (64, 80, 32), (2, 2), (4, 4), True, False, False),          # A K x M: one slice a copy
    (64, 64, 128, (64, 64, 32), (2, 2), (4, 4), False, False, False),        # f32 below: one slice a copy
])
def test_mdl_exact(m, n, k, base, steps, depths, ta, tb, iterate):
    run(m, n, k, base, steps, depths, ta=ta, tb=tb, iterate=iterate)


def test_mdl_f32_and_int8_keep_slices():
    run(64, 64, 128, (64, 64, 32), (2, 2), (4, 4), din=np.float32, tb=True)
    run(64, 96, 256, (64, 96, 64), (2, 2), (4, 4), din=np.int8, tb=True)


def test_mdl_packets_shorten_mte2():
    # MMC-mdl's tile on one core: NORM copies A a slice at a time in rows of baseK x 2 = 128 bytes, the GM
    # port starting a row every gm_burst_min cycles at most; MDL copies stepKa = 4 slices in rows of 512
    # bytes (and B's 4 slices in one copy): the same bytes in a quarter of A's rows and a quarter of the copies
    shape = (128, 256, 1024, (128, 256, 64))
    norm, mdl = run(*shape, mdl=False), run(*shape)
    busy = lambda r: r["cores"][0]["busy_sum"]["PIPE_MTE2"]  # noqa: E731
    assert busy(mdl) < busy(norm), (busy(mdl), busy(norm))
    assert mdl["cycles"] < norm["cycles"], (mdl["cycles"], norm["cycles"])


@pytest.mark.parametrize("mdl", [True, False])
def test_ascendc_names_the_template(mdl):
    """The Ascend C form declares the template the kernel chose: Matmul<A, B, C, BIAS_TYPE, MM_CFG> with
    MM_CFG = CFG_MDL after the bias type (which defaults to C's, the library's declaration), CFG_NORM (the
    default) left out."""
    k = kernel(mdl)
    a = np.zeros((128, 256), np.float16)
    b = np.zeros((256, 256), np.float16)
    c = np.zeros((128, 256), np.float32)
    src = k.ascendc(a, b, c, tiling(128, 256, 256, (128, 256, 64), (4, 4), (8, 8)), False, False, False,
                    line_mode=0)
    decl = [ln.strip() for ln in src.splitlines() if "AscendC::Matmul<" in ln]
    assert len(decl) == 1, src
    c_type = "AscendC::MatmulType<AscendC::TPosition::GM, AscendC::CubeFormat::ND, float>"
    if mdl:
        assert decl[0].endswith(f"{c_type}, {c_type}, CFG_MDL> mm;"), decl[0]
    else:
        assert decl[0].endswith(f"{c_type}> mm;") and "CFG_" not in decl[0], decl[0]
