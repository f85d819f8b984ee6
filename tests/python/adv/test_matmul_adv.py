"""asc.adv.Matmul (issue 16) against numpy: the host tiling (asc.lib.host) splits C over the
cores, each core's Matmul runs the cube instructions of the tiling (src/passes/expand_matmul.c).
Inputs are small integers, so every product and sum is exact and C must equal numpy's bit for bit."""
import warnings

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
import asc.runtime.config as config

config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))

HDT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT, np.int8: host.DataType.DT_INT8,
       np.int32: host.DataType.DT_INT32, "bf16": host.DataType.DT_BF16}


def tiling_for(m, n, k, din, dacc, cores, trans_a=False, trans_b=False, bias=False):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], trans_a)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], trans_b)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, HDT[dacc])
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, HDT[dacc])
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(bias)
    mt.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) != -1
    return t


@asc.jit
def offsets(tiling: asc.adv.TCubeTiling, ta: asc.ConstExpr[bool], tb: asc.ConstExpr[bool]):
    idx = asc.get_block_idx()
    mblocks = tiling.m.ceildiv(tiling.single_core_m)
    mi = idx % mblocks
    ni = idx // mblocks
    off_a = mi * tiling.k_a * tiling.single_core_m
    if ta:
        off_a = mi * tiling.single_core_m
    off_b = ni * tiling.single_core_n
    if tb:
        off_b = ni * tiling.k_b * tiling.single_core_n
    off_c = mi * tiling.n * tiling.single_core_m + ni * tiling.single_core_n
    tail_m = tiling.m - mi * tiling.single_core_m
    if tail_m >= tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - ni * tiling.single_core_n
    if tail_n >= tiling.single_core_n:
        tail_n = tiling.single_core_n
    return off_a, off_b, off_c, ni * tiling.single_core_n, tail_m, tail_n


@asc.jit(matmul_cube_only=True)
def mm_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, ta: asc.ConstExpr[bool], tb: asc.ConstExpr[bool],
              use_bias: asc.ConstExpr[bool], use_iterate: asc.ConstExpr[bool]):
    off_a, off_b, off_c, off_bias, tail_m, tail_n = offsets(tiling, ta, tb)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    biasg.set_global_buffer(bias + off_bias)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype, ta),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype, tb),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(pipe, a, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(ag, ta)
        mm.set_tensor_b(bg, tb)
        if use_bias:
            mm.set_bias(biasg)
        mm.set_tail(tail_m, tail_n)
        if use_iterate:
            with mm.iterate() as count:
                mm.get_tensor_c(cg)
        else:
            mm.iterate_all(cg)
        mm.end()


def run(m, n, k, din=np.float16, cores=1, ta=False, tb=False, bias=False, iterate=False, seed=0):
    rng = np.random.default_rng(seed)
    dacc = np.int32 if din is np.int8 else np.float32
    npdin = np.float32 if din == "bf16" else din
    a = rng.integers(-4, 5, (m, k)).astype(npdin)
    b = rng.integers(-4, 5, (k, n)).astype(npdin)
    bv = rng.integers(-9, 10, (1, n)).astype(dacc)
    ref = a.astype(np.int64) @ b.astype(np.int64) + (bv.astype(np.int64) if bias else 0)
    t = tiling_for(m, n, k, din, dacc, cores, ta, tb, bias)
    c = np.full((m, n), -1, dacc)
    ga = np.ascontiguousarray(a.T) if ta else a
    gb = np.ascontiguousarray(b.T) if tb else b
    if din == "bf16":  # small integers are exact in bfloat16
        torch = pytest.importorskip("torch")
        ga, gb = (torch.tensor(x).to(torch.bfloat16) for x in (ga, gb))
    mm_kernel[t.used_core_num](ga, gb, c, bv, t, ta, tb, bias, iterate)
    np.testing.assert_array_equal(c, ref.astype(dacc))
    return t


def test_one_tile():
    run(32, 32, 32)


def run_l1(m, n, k, single, din=np.float16, ta=False, tb=False, iterate=False):
    """(C exact, the core's cycles) on one core with the host's tiling, or with depthA1 = depthB1 = 1 (single):
    one L1 buffer per operand."""
    rng = np.random.default_rng(1)
    a = rng.integers(-4, 5, (m, k)).astype(din)
    b = rng.integers(-4, 5, (k, n)).astype(din)
    dacc = np.int32 if din is np.int8 else np.float32
    t = tiling_for(m, n, k, din, dacc, 1, ta, tb)
    if single:
        t.depth_a1 = t.depth_b1 = 1
    c = np.full((m, n), -1, dacc)
    mm_kernel[1](np.ascontiguousarray(a.T) if ta else a, np.ascontiguousarray(b.T) if tb else b, c,
                 np.zeros((1, n), dacc), t, ta, tb, False, iterate)
    np.testing.assert_array_equal(c, (a.astype(np.int64) @ b.astype(np.int64)).astype(dacc))
    return t, rt.last_report()["cycles"]


# K of several slices, the host's depths double-buffering L1 (depthA1 >= 2 stepM stepKa, depthB1 >= 2 stepN
# stepKb) and a slice of A and of B within 32 KiB: the slices alternate between L1's halves, so slice k + 1's
# copies run while slice k is loaded and multiplied (docs/hardware.md, "asc.adv.Matmul"); with depth 1 they
# wait for those loads.  The same C either way; the double buffer takes fewer cycles.  (K 1000: a tail slice,
# an even count of 16; K 448: 7 slices, odd.)
@pytest.mark.parametrize("m,n,k,din,ta,tb,iterate", [
    (128, 256, 1024, np.float16, False, False, False),
    (128, 256, 1000, np.float16, False, True, True),
    (64, 128, 448, np.float16, True, False, False),
    (64, 64, 256, np.float32, False, False, False),
    (64, 128, 512, np.int8, False, True, False),
])
def test_double_buffered_l1(m, n, k, din, ta, tb, iterate):
    t, db = run_l1(m, n, k, False, din, ta, tb, iterate)
    one = lambda v: max(v, 1)  # noqa: E731
    assert k > t.base_k and t.depth_a1 >= 2 * one(t.step_m) * one(t.step_k_a) and \
        t.depth_b1 >= 2 * one(t.step_n) * one(t.step_k_b), "the host's tiling no longer double-buffers this shape"
    _, single = run_l1(m, n, k, True, din, ta, tb, iterate)
    assert db < single, (db, single)


def test_mte1_loads_per_slice():
    # docs/timing.md "Cube, Matmul and MIX": a load_data_2d takes bytes / rate + dT (L1 -> L0A 256, -> L0B 128
    # B/cycle, dT 110, the latency of its last bytes; load_data_3d_v2 the same); busy_sum counts each load's
    # whole duration, dT included, even where loads back to back overlap their dT.  A (M x K) f16 goes L1 -> L0A in one load_data_3d_v2 a slice
    # (the library's LoadToL0A, for either template); B given transposed is Nz of B^T, already in L0B's order:
    # one load_data_2d per slice.
    t, _ = run_l1(128, 256, 128, False, np.float16, False, True)
    bm, bn, bk = t.base_m, t.base_n, t.base_k
    assert 128 % bm == 0 and 256 % bn == 0 and 128 % bk == 0
    tiles, slices = (128 // bm) * (256 // bn), 128 // bk
    per_slice = bm * bk * 2 // 256 + bn * bk * 2 // 128 + (1 + 1) * 110
    mte1 = rt.last_report()["cores"][0]["busy_sum"]["PIPE_MTE1"]
    assert mte1 == tiles * slices * per_slice, (mte1, tiles, slices, per_slice)


SHAPES = [  # (m, n, k, dtype, cores, trans_a, trans_b, bias, iterate)
    (64, 96, 64, np.float16, 1, False, False, False, False),
    (40, 50, 70, np.float16, 1, False, False, False, False),      # m, n, k tails
    (128, 640, 64, np.float16, 8, False, False, False, False),
    (100, 300, 200, np.float16, 4, False, False, True, False),    # bias, tails, multi-core
    (64, 80, 96, np.float16, 2, True, False, False, False),       # A transposed
    (64, 80, 96, np.float16, 2, False, True, False, False),       # B transposed
    (48, 48, 80, np.float16, 1, True, True, True, True),          # both, bias, iterate
    (96, 160, 64, "bf16", 3, False, False, False, False),
    (64, 64, 64, np.float32, 2, False, True, False, False),
    (64, 64, 64, np.float32, 2, False, False, False, False),      # f32 B K x N: the transposing load
    (40, 50, 70, np.float32, 1, False, False, False, False),      # f32 B K x N, k and n tails
    (100, 300, 200, np.float32, 4, False, False, True, True),     # f32 B K x N, bias, iterate
    (64, 96, 128, np.int8, 2, False, True, False, False),
    (70, 90, 40, np.int8, 1, False, True, True, True),
    (64, 96, 128, np.int8, 2, False, False, False, False),        # int8 B K x N: the transposing load
    (70, 90, 40, np.int8, 1, False, False, True, True),           # int8 B K x N, tails, bias, iterate
    (48, 48, 80, np.int8, 1, False, False, False, False),         # int8 B K x N, n1 odd (spill row)
    (70, 90, 40, np.float32, 1, True, False, True, True),         # f32 A K x M and B K x N, tails, bias
    (64, 96, 128, np.float32, 2, True, True, False, False),       # f32 A K x M, B N x K
    (40, 50, 70, np.float32, 1, True, True, False, False),        # f32 A K x M, k1 odd (spill)
    (100, 300, 200, np.int8, 4, True, False, True, False),        # int8 A K x M, B K x N, bias
    (48, 48, 80, np.int8, 1, True, True, False, True),            # int8 A K x M, m1 odd
    (512, 1024, 64, np.float16, 48, False, False, False, False),
    (300, 200, 100, np.float16, 7, False, False, True, True),
]


@pytest.mark.parametrize("m,n,k,din,cores,ta,tb,bias,iterate", SHAPES)
def test_matmul_shapes(m, n, k, din, cores, ta, tb, bias, iterate):
    run(m, n, k, din, cores, ta, tb, bias, iterate)


def test_config_helpers():
    assert asc.adv.MatmulConfig().do_norm is True
    c = asc.adv.get_basic_config(64, 128, 32)
    assert (c.do_basic_block, c.do_norm, c.basic_m, c.basic_n, c.basic_k) == (True, False, 64, 128, 32)
    assert asc.adv.get_mdl_config(do_mte2_preload=1).do_multi_data_load
    assert asc.adv.get_special_mdl_config().do_special_mdl
    assert asc.adv.get_ib_share_norm_config().do_ib_share_norm
    assert asc.adv.get_special_basic_config(1, 2, 3, 4, 5, 6, 7, 8).step_n == 8
    with pytest.raises(TypeError, match="unknown field"):
        asc.adv.MatmulConfig(no_such=1)


def test_with_outside_iterate_is_an_error():
    @asc.jit
    def k(c: asc.GlobalAddress):
        with asc.get_block_idx() as f:  # noqa: F841
            pass
    with pytest.raises(Exception, match="matmul.iterate"):
        k[1](np.zeros(8, np.float32))


def test_c_f16_is_converted_by_the_fixpipe():
    # f16 A/B, f16 C: the FIX pipe rounds L0C's f32 to f16 (F322F16).  Eighths: the f32 sums are exact
    # (multiples of 1/64 below 2^9), the f16 results need up to 15 significant bits, so they round
    rng = np.random.default_rng(3)
    a = (rng.integers(-20, 21, (32, 48)) / 8).astype(np.float16)
    b = (rng.integers(-20, 21, (48, 32)) / 8).astype(np.float16)
    t = tiling_for(32, 32, 48, np.float16, np.float32, 1)
    c = np.zeros((32, 32), np.float16)
    mm_kernel[1](a, b, c, np.zeros((1, 32), np.float16), t, False, False, False, False)
    ref = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32).astype(np.float16)
    np.testing.assert_array_equal(c, ref)


def test_int8_to_f16_needs_a_quant_scale():
    t = tiling_for(32, 32, 32, np.int8, np.int32, 1)
    a = np.ones((32, 32), np.int8)
    with pytest.raises(Exception, match="set_quant_scalar or set_quant_vector"):
        mm_kernel[1](a, a, np.zeros((32, 32), np.float16), np.zeros((1, 32), np.int32), t, False, False, False, False)


# ---- MIX: the vector cores call, the AIC executes (workspace messages, mode-2 flags) ----
@asc.jit
def mix_all_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                   tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, ta: asc.ConstExpr[bool],
                   tb: asc.ConstExpr[bool], use_bias: asc.ConstExpr[bool], use_iterate: asc.ConstExpr[bool]):
    off_a, off_b, off_c, off_bias, tail_m, tail_n = offsets(tiling, ta, tb)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    biasg.set_global_buffer(bias + off_bias)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype, ta),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype, tb),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag, ta)
    mm.set_tensor_b(bg, tb)
    if use_bias:
        mm.set_bias(biasg)
    mm.set_tail(tail_m, tail_n)
    if use_iterate:
        with mm.iterate() as count:
            mm.get_tensor_c(cg)
    else:
        mm.iterate_all(cg)
    mm.end()


@asc.jit
def mix_iter_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                    tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    """One core's C tiles through the vector core: iterate, get_tensor_c into UB, times 2, to GM."""
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    biasg.set_global_buffer(bias)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q, num=1, len=tiling.base_m * tiling.base_n * 4)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, cg.dtype),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_bias(biasg)
    with mm.iterate() as count:
        t = q.alloc_tensor(asc.float32)
        mm.get_tensor_c(t)
        asc.muls(t, t, 2.0, tiling.base_m * tiling.base_n)
        q.enque(t)
        t = q.deque(asc.float32)
        rows = tiling.single_core_m // tiling.base_m
        start = count % rows * tiling.base_m * tiling.n + count // rows * tiling.base_n
        p = asc.DataCopyParams(block_count=tiling.base_m, block_len=tiling.base_n * 4 // 32, src_stride=0,
                               dst_stride=(tiling.n - tiling.base_n) * 4 // 32)
        if asc.get_block_idx() == 0:
            asc.data_copy(cg[start:], t, repeat_params=p)
        q.free_tensor(t)
    mm.end()


@pytest.mark.parametrize("m,n,k,cores,ta,tb,bias,it", [
    (512, 1024, 512, 48, False, False, False, False),   # tutorial 03's shape
    (100, 200, 300, 4, False, True, True, False),        # tails, B transposed, bias
    (64, 96, 80, 2, True, False, False, False),          # A transposed
    (200, 300, 100, 6, False, False, True, True),        # iterate + get_tensor_c to GM, tails, bias
])
def test_mix_iterate_all(m, n, k, cores, ta, tb, bias, it):
    rng = np.random.default_rng(1)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    bv = rng.integers(-9, 10, (1, n)).astype(np.float32)
    t = tiling_for(m, n, k, np.float16, np.float32, cores, ta, tb, bias)
    c = np.full((m, n), -1, np.float32)
    ws = np.zeros(16 << 20, np.uint8)
    blocks = (t.used_core_num + 1) // 2
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        mix_all_kernel[blocks](np.ascontiguousarray(a.T) if ta else a, np.ascontiguousarray(b.T) if tb else b, c,
                               bv, t, ws, ta, tb, bias, it)
    # verify-sync finds nothing to say about the expansion (a false WAR on L0C once did)
    assert not [w for w in seen if "race" in str(w.message)], [str(w.message) for w in seen]
    np.testing.assert_array_equal(c, (a.astype(np.float32) @ b.astype(np.float32) + (bv if bias else 0)))
    assert rt.last_report()["us"] > 0


def test_mix_iterate_to_ub():
    m, n, k = 128, 256, 64
    rng = np.random.default_rng(2)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    bv = rng.integers(-9, 10, (1, n)).astype(np.float32)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(True)
    mt.set_fix_split(64, 128, -1)
    mt.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) != -1
    assert (t.base_m, t.base_n) == (64, 128)
    c = np.full((m, n), -1, np.float32)
    mix_iter_kernel[1](a, b, c, bv, t, np.zeros(16 << 20, np.uint8))
    np.testing.assert_array_equal(c, 2 * (a.astype(np.float32) @ b.astype(np.float32) + bv))


def test_struct_argument_passes_to_a_jit_callee():
    """A struct kernel argument given to another jit function arrives as its leaf fields (the
    callee used to read the caller's SSA values: 'use of undeclared SSA value name')."""
    @asc.jit
    def k(c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        g = asc.GlobalTensor()
        g.set_global_buffer(c)
        oa, ob, oc, obias, tm, tn = offsets(tiling, False, False)
        g.set_value(0, tm)
        g.set_value(1, tn)
        g.set_value(2, oc)
    t = asc.adv.TCubeTiling(used_core_num=1, m=100, n=70, k_a=8, k_b=8, single_core_m=64, single_core_n=64)
    c = np.zeros(8, np.int32)
    k[1](c, t)
    assert list(c[:3]) == [64, 64, 0]


def test_unsupported_methods_name_themselves():
    @asc.jit
    def k(a: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        mm.init(tiling)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(ag)
        mm.set_sparse_index(ag)
        mm.iterate_all(ag)
    with pytest.raises(Exception, match="set_sparse_index .MatmulWithSparse"):
        k[1](np.zeros(8, np.float16), tiling_for(32, 32, 32, np.float16, np.float32, 1))


def test_get_mm_config():
    M = asc.MatmulConfigMode if hasattr(asc, "MatmulConfigMode") else asc.language.core.MatmulConfigMode
    c = asc.adv.get_mm_config(M.CONFIG_MDL, asc.adv.MatmulShapeParams(128, 256, 64, 32, 64, 16),
                              asc.adv.MatmulBatchParams(is_b_batch=True), asc.adv.MatmulFuncParams(do_mte2_pre_load=2))
    assert (c.do_norm, c.do_multi_data_load, c.single_core_n, c.basic_k, c.is_n_batch, c.do_mte2_preload) == \
        (False, True, 256, 16, True, 2)
    q = asc.adv.get_mm_config(asc.adv.MatmulQuantParams(is_per_tensor=True))
    assert q.do_norm and q.is_per_tensor
    with pytest.raises(TypeError, match="Matmul\\*Params"):
        asc.adv.get_mm_config(3.5)


@asc.jit
def mix_auto_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                    workspace: asc.GlobalAddress):
    """A MIX kernel whose C tiles land in a LocalTensorAuto (insert-sync plans it) and go out x3."""
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, cg.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    with mm.iterate() as count:
        t = asc.LocalTensorAuto(asc.float32, 64 * 64)
        mm.get_tensor_c(t)
        asc.muls(t, t, 3.0, tiling.base_m * tiling.base_n)
        rows = tiling.single_core_m // tiling.base_m
        start = count % rows * tiling.base_m * tiling.n + count // rows * tiling.base_n
        p = asc.DataCopyParams(block_count=tiling.base_m, block_len=tiling.base_n * 4 // 32, src_stride=0,
                               dst_stride=(tiling.n - tiling.base_n) * 4 // 32)
        if asc.get_block_idx() == 0:
            asc.data_copy(cg[start:], t, repeat_params=p)
    mm.end()


def test_mix_local_tensor_auto_f32_b_kn():
    """LocalTensorAuto in a MIX Matmul kernel is planned inside the vector cores' branch (it was
    placed before `if ascend_is_aic()`: 'TPosition VECIN (UB) is not available on an AIC core'),
    with f32 A and B K x N (the f32 transposing load)."""
    m, n, k = 128, 128, 48
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 5, (m, k)).astype(np.float32)
    b = rng.integers(-4, 5, (k, n)).astype(np.float32)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT, False)
    mt.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_fix_split(64, 64, -1)
    mt.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) != -1
    assert (t.base_m, t.base_n) == (64, 64)
    c = np.full((m, n), -1, np.float32)
    mix_auto_kernel[1](a, b, c, t, np.zeros(16 << 20, np.uint8))
    np.testing.assert_array_equal(c, 3 * (a @ b))
