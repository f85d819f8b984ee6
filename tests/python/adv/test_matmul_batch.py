"""asc.adv.Matmul's batch forms (issue 16 part A) against numpy: iterate_batch over the NORMAL,
BSNGD, SBNGD and BNGS1S2 layouts, batch_a != batch_b broadcast, both transposes, bias per batch,
f16 / f32 / int8, cube-only and MIX; iterate_n_batch + get_batch_tensor_c; and the host tiling for C
in UB.  Inputs are small integers, so every product and sum is exact and C equals numpy's exactly."""
import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config

config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))

HDT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT, np.int8: host.DataType.DT_INT8,
       np.int32: host.DataType.DT_INT32}
L = asc.LayoutMode


def tiling_for(m, n, k, din, ta, tb, bias, layouts=None, batch=1, cores=1, c_pos=host.TPosition.GM):
    dacc = np.int32 if din is np.int8 else np.float32
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], ta)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], tb)
    mt.set_c_type(c_pos, host.CubeFormat.ND, HDT[dacc])
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, HDT[dacc])
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(bias)
    mt.set_buffer_space(-1, -1, -1)
    if layouts:
        mt.set_a_layout(*layouts[0])
        mt.set_b_layout(*layouts[1])
        mt.set_c_layout(*layouts[2])
        mt.set_batch_num(batch)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    return t


@asc.jit(matmul_cube_only=True)
def bmm_cube(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
             tiling: asc.adv.TCubeTiling, ta: asc.ConstExpr[bool], tb: asc.ConstExpr[bool],
             use_bias: asc.ConstExpr[bool], la: asc.ConstExpr[int], lb: asc.ConstExpr[int], lc: asc.ConstExpr[int],
             batch_a: int, batch_b: int, msa: int, msb: int, set_num: asc.ConstExpr[bool]):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    biasg.set_global_buffer(bias)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype, ta, asc.LayoutMode(la)),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype, tb, asc.LayoutMode(lb)),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype, False,
                                             asc.LayoutMode(lc)),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(pipe, a, mm, tiling)
    mm.set_tensor_a(ag, ta)
    mm.set_tensor_b(bg, tb)
    if use_bias:
        mm.set_bias(biasg)
    if set_num:  # the cube-only form: batch counts from set_batch_num
        mm.set_batch_num(batch_a, batch_b)
        mm.iterate_batch(cg, False, 0, False, msa, msb)
    else:
        mm.iterate_batch(cg, batch_a, batch_b, False, matrix_stride_a=msa, matrix_stride_b=msb)
    mm.wait_iterate_batch()
    mm.end()


@asc.jit
def bmm_mix(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress, ta: asc.ConstExpr[bool], tb: asc.ConstExpr[bool],
            use_bias: asc.ConstExpr[bool], la: asc.ConstExpr[int], lb: asc.ConstExpr[int], lc: asc.ConstExpr[int],
            batch_a: int, batch_b: int, msa: int, msb: int):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    biasg.set_global_buffer(bias)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype, ta, asc.LayoutMode(la)),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype, tb, asc.LayoutMode(lb)),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype, False,
                                             asc.LayoutMode(lc)),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(ag, ta)
    mm.set_tensor_b(bg, tb)
    if use_bias:
        mm.set_bias(biasg)
    # both AIVs of the block make the call (the two must call in step); their C is the same
    mm.iterate_batch(cg, batch_a, batch_b, False, msa, msb, sync=False, wait_iterate_batch=True)
    mm.wait_iterate_batch()
    mm.end()


def pack(mats, layout, n_heads_b=1):
    """The batch of stored matrices (each rows x cols) in a layout; returns (array, layout info)."""
    nb = len(mats)
    rows, cols = mats[0].shape
    if layout in (L.NORMAL, L.NONE):
        return np.ascontiguousarray(np.stack(mats)), (nb, rows, 1, 1, cols)
    if layout == L.BSNGD:  # [B=1, S, N, G=1, D]: batch j = head j, rows n*g*d apart
        arr = np.zeros((1, rows, nb, 1, cols), mats[0].dtype)
        for j, x in enumerate(mats):
            arr[0, :, j, 0, :] = x
        return arr, (1, rows, nb, 1, cols)
    if layout == L.SBNGD:  # [S, B=2, N, G=1, D]: rows b*n*g*d apart
        bb = 2 if nb % 2 == 0 else 1
        arr = np.zeros((rows, bb, nb // bb, 1, cols), mats[0].dtype)
        for j, x in enumerate(mats):
            arr[:, j // (nb // bb), j % (nb // bb), 0, :] = x
        return arr, (bb, rows, nb // bb, 1, cols)
    if layout == L.BNGS1S2:  # [B=1, N, G=1, S, D]: each matrix contiguous
        return np.ascontiguousarray(np.stack(mats)).reshape(1, nb, 1, rows, cols), (1, rows, nb, 1, cols)
    raise AssertionError(layout)


def unpack_c(arr, layout, nb, m, n):
    if layout in (L.NORMAL, L.NONE, L.BNGS1S2):
        return arr.reshape(nb, m, n)
    if layout == L.BSNGD:
        return np.stack([arr[0, :, j, 0, :] for j in range(nb)])
    bb = 2 if nb % 2 == 0 else 1
    return np.stack([arr[:, j // (nb // bb), j % (nb // bb), 0, :] for j in range(nb)])


def run(m, n, k, din=np.float16, ta=False, tb=False, bias=False, layout=L.NORMAL, ba=2, bb=2, mix=False,
        set_num=False, msa=0, seed=0):
    rng = np.random.default_rng(seed)
    dacc = np.int32 if din is np.int8 else np.float32
    nb = max(ba, bb)
    A = [rng.integers(-4, 5, (m, k)).astype(din) for _ in range(ba)]
    B = [rng.integers(-4, 5, (k, n)).astype(din) for _ in range(bb)]
    bv = rng.integers(-9, 10, (nb, n)).astype(dacc)
    ref = np.stack([A[j // (nb // ba)].astype(np.int64) @ B[j // (nb // bb)].astype(np.int64)
                    + (bv[j].astype(np.int64) if bias else 0) for j in range(nb)])
    ga, lay_a = pack([x.T.copy() if ta else x for x in A], layout)
    gb, lay_b = pack([x.T.copy() if tb else x for x in B], layout)
    if msa:  # NORMAL with a matrix stride: A's matrices msa elements apart
        flat = np.zeros(msa * ba, din)
        for j, x in enumerate(A):
            flat[j * msa:j * msa + m * k] = (x.T if ta else x).ravel()
        ga = flat
    c_fill = [np.full((m, n), -1, dacc) for _ in range(nb)]
    gc, lay_c = pack(c_fill, layout)
    t = tiling_for(m, n, k, din, ta, tb, bias, (lay_a, lay_b, lay_c), nb)
    gc = np.ascontiguousarray(gc)
    args = (ga, gb, gc, bv, t)
    flags = (ta, tb, bias, int(layout), int(layout), int(layout), ba, bb, msa, 0)
    if mix:
        ws = np.zeros(4 << 20, np.uint8)
        bmm_mix[1](*args, ws, *flags)
    else:
        bmm_cube[1](*args, *flags, set_num)
    np.testing.assert_array_equal(unpack_c(gc, layout, nb, m, n), ref.astype(dacc))


CASES = [  # m, n, k, dtype, ta, tb, bias, layout, ba, bb
    (32, 32, 32, np.float16, False, False, False, L.NORMAL, 2, 2),
    (40, 50, 70, np.float16, False, False, True, L.NORMAL, 3, 3),      # tails, bias per batch
    (48, 40, 36, np.float32, True, False, False, L.NORMAL, 2, 2),      # A transposed, f32
    (48, 40, 36, np.float32, False, True, True, L.NORMAL, 2, 2),       # B transposed
    (32, 48, 64, np.float16, True, True, False, L.NORMAL, 1, 3),       # broadcast A
    (32, 48, 64, np.float16, False, False, False, L.NORMAL, 4, 2),     # broadcast B
    (64, 32, 64, np.int8, False, False, False, L.NORMAL, 2, 2),        # int8 -> int32
    (32, 32, 48, np.float16, False, True, False, L.BSNGD, 2, 2),
    (40, 24, 40, np.float32, False, False, True, L.BSNGD, 3, 3),
    (32, 48, 32, np.float16, False, True, False, L.SBNGD, 4, 4),
    (24, 32, 40, np.float16, True, False, True, L.SBNGD, 2, 2),
    (32, 40, 48, np.float16, False, False, False, L.BNGS1S2, 2, 2),
    (40, 32, 24, np.float32, True, True, True, L.BNGS1S2, 2, 1),
]


@pytest.mark.parametrize("m,n,k,din,ta,tb,bias,layout,ba,bb", CASES)
def test_iterate_batch_cube_only(m, n, k, din, ta, tb, bias, layout, ba, bb):
    run(m, n, k, din, ta, tb, bias, layout, ba, bb)


@pytest.mark.parametrize("m,n,k,din,ta,tb,bias,layout,ba,bb", [CASES[1], CASES[3], CASES[4], CASES[8], CASES[10],
                                                               CASES[12]])
def test_iterate_batch_mix(m, n, k, din, ta, tb, bias, layout, ba, bb):
    run(m, n, k, din, ta, tb, bias, layout, ba, bb, mix=True)


def test_cube_only_form_with_set_batch_num():
    run(40, 40, 40, np.float16, False, False, True, L.NORMAL, 2, 2, set_num=True)


def test_matrix_stride():
    run(32, 32, 32, np.float16, False, False, False, L.NORMAL, 2, 2, msa=32 * 32 + 64)


@asc.jit(matmul_cube_only=True)
def nbatch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, res: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                  loops: int, batch: int):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    pipe = asc.TPipe()
    nl = asc.LayoutMode.NORMAL
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype, False, nl),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype, False, nl),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False,
                                             asc.LayoutMode.NORMAL))
    asc.adv.register_matmul(pipe, a, mm, tiling)
    mm.set_workspace(res)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_n_batch(loops, batch, batch, False)
    mm.wait_iterate_batch()
    mm.end()


def test_iterate_n_batch():
    m, n, k, nb, loops = 32, 48, 40, 2, 3
    rng = np.random.default_rng(1)
    A = rng.integers(-4, 5, (loops * nb, m, k)).astype(np.float16)
    B = rng.integers(-4, 5, (loops * nb, k, n)).astype(np.float16)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    for set_t in (mt.set_a_type, mt.set_b_type):
        set_t(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_batch_info_for_normal(nb, nb, m, n, k)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    assert (t.a_layout_info_b, t.a_layout_info_s, t.a_layout_info_d, t.c_layout_info_s2) == (nb, m, k, n)
    res = np.full((loops * nb, m, n), -1, np.float32)
    nbatch_kernel[1](A, B, res, t, loops, nb)
    ref = np.einsum("bmk,bkn->bmn", A.astype(np.float64), B.astype(np.float64))
    np.testing.assert_array_equal(res, ref.astype(np.float32))


@asc.jit
def nbatch_mix(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
               ws: asc.GlobalAddress, res: asc.GlobalAddress, loops: asc.ConstExpr[int], batch: asc.ConstExpr[int],
               local: asc.ConstExpr[bool]):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    size = tiling.m * tiling.n * batch
    pipe.init_buffer(buf, size * 4)
    nl = asc.LayoutMode.NORMAL
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype, False, nl),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype, False, nl),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype, False,
                                             asc.LayoutMode.NORMAL))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_workspace(res + asc.get_block_idx() * size * loops)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_n_batch(loops, batch, batch, False, sync=False)
    for i in asc.static_range(loops):
        t = buf.get(asc.float32)
        if local:  # the LocalTensor form copies the batch into t
            mm.get_batch_tensor_c(t, batch, batch, sync=False)
        else:
            piece = mm.get_batch_tensor_c(batch, batch, False, False)
            asc.data_copy(t, piece, size)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        if asc.get_block_idx() == 0:
            asc.data_copy(cg[i * size:], t, size)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    mm.end()


@pytest.mark.parametrize("local", [False, True])
def test_iterate_n_batch_mix_get_batch_tensor_c(local):
    m, n, k, nb, loops = 16, 32, 32, 2, 2
    rng = np.random.default_rng(2)
    A = rng.integers(-4, 5, (loops * nb, m, k)).astype(np.float16)
    B = rng.integers(-4, 5, (loops * nb, k, n)).astype(np.float16)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    for set_t in (mt.set_a_type, mt.set_b_type):
        set_t(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_batch_info_for_normal(nb, nb, m, n, k)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    c = np.full((loops * nb, m, n), -1, np.float32)
    ws = np.zeros(1 << 20, np.uint8)
    res = np.zeros(2 * loops * nb * m * n, np.float32)
    nbatch_mix[1](A, B, c, t, ws, res, loops, nb, local)
    ref = np.einsum("bmk,bkn->bmn", A.astype(np.float64), B.astype(np.float64))
    np.testing.assert_array_equal(c, ref.astype(np.float32))


def test_c_in_ub_tiling_fits():
    """generalization's 1024 x 256 x 512 f32 with C on VECCALC: two baseM x baseN f32 C tiles (the
    kernel's double-buffered queue) fit the 192 KiB UB."""
    for pos in (host.TPosition.VECCALC, host.TPosition.VECIN, host.TPosition.VECOUT):
        mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
        for set_t in (mt.set_a_type, mt.set_b_type):
            set_t(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT, False)
        mt.set_c_type(pos, host.CubeFormat.ND, host.DataType.DT_FLOAT)
        mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
        mt.set_dim(16)
        mt.set_org_shape(1024, 512, 256)
        mt.set_shape(1024, 512, 256)
        mt.enable_bias(True)
        mt.set_traverse(host.MatrixTraverse.FIRSTM)
        mt.set_buffer_space(-1, -1, -1)
        t = asc.adv.TCubeTiling()
        assert mt.get_tiling(t) == 0
        assert 2 * t.base_m * t.base_n * 4 <= 196608, (pos, t.base_m, t.base_n)


def test_errors():
    with pytest.raises(Exception, match="en_partial_sum"):
        @asc.jit(matmul_cube_only=True)
        def k1(a: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
            ag = asc.GlobalTensor()
            ag.set_global_buffer(a)
            cg = asc.GlobalTensor()
            cg.set_global_buffer(c)
            mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                                b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                                c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
            asc.adv.register_matmul(asc.TPipe(), a, mm, tiling)
            mm.set_tensor_a(ag)
            mm.set_tensor_b(ag)
            mm.iterate_batch(cg, 2, 2, False, en_partial_sum=True)
        k1[1](np.zeros(64, np.float16), np.zeros(64, np.float32), tiling_for(8, 8, 8, np.float16, False, False, False))


def test_b_and_c_row_strides_must_agree():
    """B K x N shares C's row stride in each single matmul: BSNGD B (rows n*g*d apart) with BNGS1S2 C
    (rows s2 apart) stops the kernel at the call's line."""
    m = n = k = 16
    rng = np.random.default_rng(3)
    A = [rng.integers(-4, 5, (m, k)).astype(np.float16) for _ in range(2)]
    ga, lay_a = pack(A, L.BSNGD)
    gb, lay_b = pack(A, L.BSNGD)
    gc, lay_c = pack([np.zeros((m, n), np.float32)] * 2, L.BNGS1S2)
    t = tiling_for(m, n, k, np.float16, False, False, False, (lay_a, lay_b, lay_c), 2)
    line = next(i for i, x in enumerate(open(__file__), 1) if "mm.iterate_batch(cg, batch_a, batch_b" in x)
    with pytest.raises(asc.KernelError, match=f"test_matmul_batch.py:{line}"):
        bmm_cube[1](ga, gb, np.ascontiguousarray(gc), np.zeros((2, n), np.float32), t, False, False, False,
                    int(L.BSNGD), int(L.BSNGD), int(L.BNGS1S2), 2, 2, 0, 0, False)


def test_get_batch_tensor_c_before_iterate_n_batch_stops_at_its_line():
    """pyasc compiles get_batch_tensor_c with no iterate_n_batch before it; running it has no C to take,
    so the kernel stops at that line (both the GlobalTensor and the LocalTensor forms)."""
    @asc.jit(matmul_cube_only=True)
    def k(c: asc.GlobalAddress, ws: asc.GlobalAddress, to_local: asc.ConstExpr[bool]):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm)
        if to_local:
            x = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECIN, addr=0, tile_size=64)
            mm.get_batch_tensor_c(x, 2, 2, sync=False)  # local form
        else:
            mm.get_batch_tensor_c(2, 2, False, False)  # global form
    for to_local, mark in ((False, "# global form"), (True, "# local form")):
        line = next(i for i, x in enumerate(open(__file__), 1) if mark in x and "get_batch_tensor_c" in x)
        with pytest.raises(asc.KernelError, match=f"test_matmul_batch.py:{line}.*call iterate_n_batch first"):
            k[1](np.zeros(64, np.float32), np.zeros(4096, np.uint8), to_local)
