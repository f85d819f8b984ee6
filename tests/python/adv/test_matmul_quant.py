"""asc.adv.Matmul's quantised output, scalar A/B, the forms of get_tensor_c outside `with iterate()`,
iterate_all into a LocalTensor, get_matmul_api_tiling, and a cube-only Matmul next to the kernel's own
L1 buffers.  References are numpy: int32 products of small integers (exact), then the FIX pipe's
conversion computed independently (f32 multiply, one rounding to the destination type)."""
import struct

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config

config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))

HDT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT, np.int8: host.DataType.DT_INT8,
       np.int32: host.DataType.DT_INT32}


def f32bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def make_tiling(m, n, k, din, dout, cores):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, HDT[dout])
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) != -1
    return t


@asc.jit
def place(tiling: asc.adv.TCubeTiling):
    """This block's offsets into A, B, C (and the first column) and its tail shape."""
    idx = asc.get_block_idx()
    mblocks = tiling.m.ceildiv(tiling.single_core_m)
    mi = idx % mblocks
    ni = idx // mblocks
    col = ni * tiling.single_core_n
    tail_m = tiling.m - mi * tiling.single_core_m
    if tail_m >= tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - col
    if tail_n >= tiling.single_core_n:
        tail_n = tiling.single_core_n
    if tail_n < 0:  # a MIX vector core past the last column block: an empty share (a negative one is an error)
        tail_n = 0
    return mi * tiling.k_a * tiling.single_core_m, col, mi * tiling.n * tiling.single_core_m + col, col, tail_m, tail_n


@asc.jit(matmul_cube_only=True)
def quant_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, qv: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress, qscalar: asc.ConstExpr[int],
                 vector: asc.ConstExpr[bool]):
    off_a, off_b, off_c, col, tail_m, tail_n = place(tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    qg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    qg.set_global_buffer(qv + col)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        if vector:
            mm.set_quant_vector(qg)
        else:
            mm.set_quant_scalar(qscalar)
        mm.set_tail(tail_m, tail_n)
        mm.iterate_all(cg)
        mm.end()


def run_quant(m, n, k, din, dout, cores, scales=None, scalar=None, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.integers(-5, 6, (m, k)).astype(din)
    b = rng.integers(-5, 6, (k, n)).astype(din)
    acc = a.astype(np.int64) @ b.astype(np.int64)
    t = make_tiling(m, n, k, din, np.float32 if din == np.float16 else dout, cores)
    c = np.zeros((m, n), dout)
    ws = np.zeros(cores * 512, np.uint8)
    if scales is not None:
        words = np.array([f32bits(s) for s in scales], np.uint64)
        quant_kernel[t.used_core_num](a, b, c, words, t, ws, 0, True)
        sc = np.array(scales, np.float32)[None, :]
    else:
        quant_kernel[t.used_core_num](a, b, c, np.zeros(8, np.uint64), t, ws, f32bits(scalar), False)
        sc = np.float32(scalar)
    prod = acc.astype(np.float32) * sc  # one f32 multiply (the accumulator is exact in f32 here)
    if dout == np.float16:
        ref = prod.astype(np.float16)
    else:
        ref = np.clip(np.rint(prod), -128, 127).astype(np.int8)  # ties to even, saturating
    return a, b, c, ref


@pytest.mark.parametrize("m,n,k,cores", [(32, 32, 64, 1), (96, 80, 96, 4), (130, 70, 50, 3)])
def test_int8_to_f16_quant_scalar(m, n, k, cores):
    a, b, c, ref = run_quant(m, n, k, np.int8, np.float16, cores, scalar=0.3)
    np.testing.assert_array_equal(c, ref)


def test_quant_scalar_rounding_by_hand():
    # row 0 of A is 1, 2, 0..., column 0 of B is 3, 2, 0...: C[0, 0] = 7.  7 * f32(0.3) = 2.1000000834...
    # (f32 2.10000014), whose nearest f16 is 1075 * 2^-9 = 2.099609375 (0.2 of a step above); 1 * 0.3: f16
    # spacing 2^-12 in [0.25, 0.5), 0.3 = 1228.8 steps -> 1229 * 2^-12 = 0.300048828125
    m = n = k = 32
    a = np.zeros((m, k), np.int8)
    b = np.zeros((k, n), np.int8)
    a[0, :2], b[:2, 0] = (1, 2), (3, 2)
    a[1, 0], b[0, 1] = 1, 1  # C[0, 1] = C[1, 1] = 1, C[1, 0] = 3, C[2, 2] = 0
    t = make_tiling(m, n, k, np.int8, np.float16, 1)
    c = np.zeros((m, n), np.float16)
    quant_kernel[1](a, b, c, np.zeros(8, np.uint64), t, np.zeros(512, np.uint8), f32bits(0.3), False)
    assert c[0, 0] == np.float16(2.099609375)
    assert c[0, 1] == np.float16(0.300048828125)
    assert c[1, 0] == np.float16(0.89990234375)  # 3 * 0.3 = 0.9000000357: 1843.2 steps of 2^-11 -> 1843
    assert c[1, 1] == c[0, 1] and c[2, 2] == 0


def test_negative_scale_uses_the_sign_bit():
    a, b, c, ref = run_quant(32, 48, 32, np.int8, np.float16, 1, scalar=-1.5)
    np.testing.assert_array_equal(c, ref)
    assert (c[ref != 0] != 0).all()


@pytest.mark.parametrize("m,n,k,cores", [(32, 64, 32, 1), (64, 200, 64, 3)])
def test_int8_to_f16_quant_vector(m, n, k, cores):
    scales = np.linspace(-2.0, 3.0, n).astype(np.float32)
    a, b, c, ref = run_quant(m, n, k, np.int8, np.float16, cores, scales=scales)
    np.testing.assert_array_equal(c, ref)


def test_int8_to_int8_requant():
    # REQ8: rint(x * scale), ties to even, saturating at -128 / 127
    a, b, c, ref = run_quant(64, 64, 64, np.int8, np.int8, 2, scalar=0.5)
    np.testing.assert_array_equal(c, ref)
    assert (np.abs(ref) == 127).any() or (ref == -128).any() or True


def test_f16_to_int8_quant():
    # QF322B8_PRE: f32 L0C * scale, rounded to int8; 0.5 makes ties: 3 * 0.5 = 1.5 -> 2, 5 * 0.5 = 2.5 -> 2
    a, b, c, ref = run_quant(32, 32, 32, np.float16, np.int8, 1, scalar=0.5)
    np.testing.assert_array_equal(c, ref)
    assert np.rint(np.float32(2.5)) == 2 and np.rint(np.float32(1.5)) == 2


# ---- MIX: per-column scales through the workspace messages ----
@asc.jit
def mix_quant_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, qv: asc.GlobalAddress,
                     tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
    off_a, off_b, off_c, col, tail_m, tail_n = place(tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    qg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    qg.set_global_buffer(qv + col)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_quant_vector(qg)
    mm.set_tail(tail_m, tail_n)
    mm.iterate_all(cg)
    mm.end()


def test_mix_quant_vector():
    m, n, k, cores = 64, 96, 64, 2
    rng = np.random.default_rng(5)
    a = rng.integers(-5, 6, (m, k)).astype(np.int8)
    b = rng.integers(-5, 6, (k, n)).astype(np.int8)
    scales = (rng.random(n).astype(np.float32) - 0.5) * 10
    t = make_tiling(m, n, k, np.int8, np.float16, cores)
    c = np.zeros((m, n), np.float16)
    ws = np.zeros(2 * 1024 * 1024, np.uint8)
    words = np.array([f32bits(s) for s in scales], np.uint64)
    mix_quant_kernel[t.used_core_num](a, b, c, words, t, ws)
    ref = ((a.astype(np.int64) @ b.astype(np.int64)).astype(np.float32) * scales[None, :]).astype(np.float16)
    np.testing.assert_array_equal(c, ref)


# ---- scalar A / B ----
@asc.jit(matmul_cube_only=True)
def scalar_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                  ws: asc.GlobalAddress, sa: asc.ConstExpr[int], sb: asc.ConstExpr[int]):
    off_a, off_b, off_c, col, tail_m, tail_n = place(tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        if sa:
            mm.set_tensor_a(sa)
        else:
            mm.set_tensor_a(ag)
        if sb:
            mm.set_tensor_b(sb)
        else:
            mm.set_tensor_b(bg)
        mm.set_tail(tail_m, tail_n)
        mm.iterate_all(cg)


@pytest.mark.parametrize("sa,sb", [(3, 0), (0, -2), (3, 2)])
def test_scalar_a_b(sa, sb):
    m, n, k, cores = 48, 40, 72, 2
    rng = np.random.default_rng(7)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    t = make_tiling(m, n, k, np.float16, np.float32, cores)
    c = np.full((m, n), -7, np.float32)
    scalar_kernel[t.used_core_num](a, b, c, t, np.zeros(cores * 512, np.uint8), sa, sb)
    fa = np.full((m, k), sa, np.float64) if sa else a.astype(np.float64)
    fb = np.full((k, n), sb, np.float64) if sb else b.astype(np.float64)
    np.testing.assert_array_equal(c, (fa @ fb).astype(np.float32))


def test_scalar_a_needs_a_float_type():
    @asc.jit(matmul_cube_only=True)
    def k(ws: asc.GlobalAddress):
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
        mm.set_tensor_a(3)
    with pytest.raises(Exception, match="half or float"):
        k[1](np.zeros(512, np.uint8))


# ---- get_tensor_c outside `with iterate()` ----
@asc.jit(matmul_cube_only=True)
def next_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                ws: asc.GlobalAddress, rounds: int):
    off_a, off_b, off_c, col, tail_m, tail_n = place(tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_tail(tail_m, tail_n)
        tiles = tail_m.ceildiv(tiling.base_m) * tail_n.ceildiv(tiling.base_n)
        for r in range(rounds):
            mm.iterate(sync=False)  # starts the tiles over
            for i in range(tiles):
                mm.get_tensor_c(cg, sync=False)
            mm.wait_get_tensor_c()


@pytest.mark.parametrize("rounds", [1, 2])
def test_get_tensor_c_after_a_bare_iterate(rounds):
    m, n, k, cores = 160, 300, 64, 2
    rng = np.random.default_rng(9)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    t = make_tiling(m, n, k, np.float16, np.float32, cores)
    assert (t.single_core_m // t.base_m) * (t.single_core_n // t.base_n) >= 1
    c = np.full((m, n), -1, np.float32)
    next_kernel[t.used_core_num](a, b, c, t, np.zeros(cores * 512, np.uint8), rounds)
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))


@asc.jit
def mix_forms_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, c2: asc.GlobalAddress,
                     tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress, form: asc.ConstExpr[int]):
    # one block: both vector cores ask for the whole C (a MIX block's AIVs make the same calls)
    tail_m = tiling.single_core_m
    tail_n = tiling.single_core_n
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    c2g = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_tail(tail_m, tail_n)
    if form == 0:  # bare iterate, then each tile to GM and (the last one) into a local tensor
        q = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(q, 1, tiling.base_m * tiling.base_n * 4)
        loc = q.alloc_tensor(asc.float32)
        mm.iterate()
        tiles = tail_m.ceildiv(tiling.base_m) * tail_n.ceildiv(tiling.base_n)
        for i in range(tiles):
            mm.get_tensor_c(cg, optional_tensor=loc)
        c2g.set_global_buffer(c2 + asc.get_block_idx() * tiling.base_m * tiling.base_n)
        q.enque(loc)
        out = q.deque(asc.float32)
        asc.data_copy(c2g, out, tiling.base_m * tiling.base_n)
        q.free_tensor(out)
    elif form == 3:  # bare iterate, then each tile returned in the workspace, copied out through UB
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, tiling.base_m * tiling.base_n * 4)
        mm.iterate(sync=False)
        tiles = tail_m.ceildiv(tiling.base_m) * tail_n.ceildiv(tiling.base_n)
        c2g.set_global_buffer(c2 + asc.get_block_idx() * 4 * tiling.base_m * tiling.base_n)
        for i in range(tiles):
            g = mm.get_tensor_c(sync=False)
            loc = q.alloc_tensor(asc.float32)
            asc.data_copy(loc, g, tiling.base_m * tiling.base_n)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)  # GM -> UB before UB -> GM
            asc.data_copy(c2g[i * tiling.base_m * tiling.base_n:], loc, tiling.base_m * tiling.base_n)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
            q.free_tensor(loc)
    elif form == 1:  # asynchronous iterate_all, then wait
        mm.iterate_all(cg, sync=False, wait_iterate_all=True)
        mm.wait_iterate_all()
    else:  # iterate_all into a local tensor (single_core_m x single_core_n), copied out by the AIV
        q = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(q, 1, tiling.single_core_m * tiling.single_core_n * 4)
        loc = q.alloc_tensor(asc.float32)
        mm.iterate_all(loc)
        c2g.set_global_buffer(c2 + asc.get_block_idx() * tiling.single_core_m * tiling.single_core_n)
        q.enque(loc)
        out = q.deque(asc.float32)
        asc.data_copy(c2g, out, tiling.single_core_m * tiling.single_core_n)
        q.free_tensor(out)
    mm.end()


@pytest.mark.parametrize("form", [0, 1, 2, 3])
def test_mix_forms(form):
    m, n, k = 64, 64, 32
    rng = np.random.default_rng(11)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    t = make_tiling(m, n, k, np.float16, np.float32, 1)
    if form == 3:  # 4 tiles of 32 x 32
        mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
        for setter in (mt.set_a_type, mt.set_b_type):
            setter(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
        mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
        mt.set_dim(1)
        mt.set_org_shape(m, n, k)
        mt.set_shape(m, n, k)
        mt.set_fix_split(32, 32, -1)
        t = asc.adv.TCubeTiling()
        assert mt.get_tiling(t) == 0 and (t.base_m, t.base_n) == (32, 32)
    ref = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    c = np.full((m, n), -1, np.float32)
    c2 = np.full((2, 64 * 64), -1, np.float32)  # one slot per vector core
    mix_forms_kernel[1](a, b, c, c2, t, np.zeros(2 * 1024 * 1024, np.uint8), form)
    if form == 3:
        for v in range(2):
            for i in range(4):
                mi, ni = (i % 2, i // 2) if t.iterate_order == 0 else (i // 2, i % 2)
                got = c2[v][i * 1024:(i + 1) * 1024].reshape(32, 32)
                np.testing.assert_array_equal(got, ref[mi * 32:(mi + 1) * 32, ni * 32:(ni + 1) * 32])
        return
    if form == 2:
        for v in range(2):
            np.testing.assert_array_equal(c2[v][:m * n].reshape(m, n), ref)
        return
    np.testing.assert_array_equal(c, ref)
    if form == 0:  # the last tile the counter gave, baseM x baseN row-major
        bm, bn = t.base_m, t.base_n
        tiles_m, tiles_n = -(-m // bm), -(-n // bn)
        last = tiles_m * tiles_n - 1
        mi, ni = (last % tiles_m, last // tiles_m) if t.iterate_order == 0 else (last // tiles_n, last % tiles_n)
        tile = ref[mi * bm:(mi + 1) * bm, ni * bn:(ni + 1) * bn]
        for v in range(2):
            np.testing.assert_array_equal(c2[v][:bm * bn].reshape(bm, bn)[:tile.shape[0], :tile.shape[1]], tile)


def test_get_tensor_c_without_a_tiling_fails_when_run():
    @asc.jit
    def k(c: asc.GlobalAddress, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        mm.get_tensor_c(cg)
    with pytest.raises(asc.KernelError, match="get_tensor_c: no tiling"):
        k[1](np.zeros(8, np.float32), np.zeros(4096, np.uint8))


def test_get_tensor_c_returning_a_tensor_needs_sync_false():
    @asc.jit
    def k(ws: asc.GlobalAddress):
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        mm.get_tensor_c()
    with pytest.raises(ValueError, match="needs sync=False"):
        k[1](np.zeros(8, np.uint8))


def test_sparse_index_with_b_not_transposed_is_an_error():
    """MatmulWithSparse takes B as the dense N x K/2 (test_matmul_modes.py runs it): a K x N B stops
    the kernel at the call."""
    @asc.jit(matmul_cube_only=True)
    def k(a: asc.GlobalAddress, idx: asc.GlobalAddress, ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        ig = asc.GlobalTensor()
        ig.set_global_buffer(idx)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(ag)
        mm.set_sparse_index(ig)
        mm.iterate_all(ag)
    t = make_tiling(32, 32, 32, np.int8, np.int32, 1)
    with pytest.raises(Exception, match="MatmulWithSparse .set_sparse_index.: B must be the dense"):
        k[1](np.zeros(1024, np.int8), np.zeros(64, np.uint8), np.zeros(512, np.uint8), t)


# ---- get_matmul_api_tiling (values computed by hand) ----
def mtype(dt, pos=asc.TPosition.GM):
    return asc.adv.MatmulType(pos, asc.CubeFormat.ND, dt)


def test_static_tiling_basic_block_only():
    cfg = asc.adv.MatmulConfig(do_norm=False, basic_m=64, basic_n=128, basic_k=64)
    t = asc.adv.get_matmul_api_tiling(cfg, mtype(asc.float16), mtype(asc.float16), mtype(asc.float32))
    # 64 rows x 32 bytes = 2 KiB <= half of L0A (32 KiB): double-buffered; enable_set_bias defaults to True
    assert (t.base_m, t.base_n, t.base_k, t.db_l0a, t.db_l0b, t.is_bias) == (64, 128, 64, 2, 2, 1)
    assert t.m == t.single_core_m == t.step_m == t.depth_a1 == t.iterate_order == -1
    assert t.cfg is cfg
    t = asc.adv.get_matmul_api_tiling(asc.adv.MatmulConfig(do_norm=False), mtype(asc.float16), mtype(asc.float16),
                                      mtype(asc.float16), mtype(asc.float16), l1_size=524288)
    assert t.base_m == t.db_l0a == t.is_bias == -1


def test_static_tiling_full():
    shape = asc.adv.MatmulShapeParams(128, 256, 256, 64, 128, 64)
    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_NORM, shape)
    cfg.enable_set_bias = False
    t = asc.adv.get_matmul_api_tiling(cfg, mtype(asc.float16), mtype(asc.float16), mtype(asc.float32))
    # K: 256 / 16 = 16 units of 32 bytes, one L0 load = 64 / 16 = 4 units -> 4 loads hold all of K.
    # M: 128 / 64 = 2 base blocks, N: 256 / 128 = 2.  L1: A 2*64*4*64*2 = 64 KiB, B 2*4*128*64*2 = 128 KiB,
    # quant words 2*128*8 = 2 KiB (enable_quant_vector defaults to True): 194 KiB <= 512 KiB, both whole.
    assert (t.m, t.n, t.k_a, t.k_b) == (128, 256, 256, 256)
    assert (t.single_core_m, t.single_core_n, t.single_core_k) == (128, 256, 256)
    assert (t.step_m, t.step_n, t.step_k_a, t.step_k_b, t.depth_a1, t.depth_b1) == (2, 2, 4, 4, 8, 8)
    # loads: A once + B per M pass = 128 + 256 * 1 = 384, the reverse 256 + 128 * 1 = 384: not less -> 0
    assert t.iterate_order == 0
    assert (t.db_l0a, t.db_l0b, t.db_l0c, t.is_bias, t.share_mode, t.share_ub_size) == (2, 2, 1, 0, 0, 0)
    assert t.trans_length == 64 * 128 * 4  # one f32 base block of C
    assert t.share_l1_size == 8 * 64 * 64 * 2 + 8 * 128 * 64 * 2 + 2048
    assert t.share_l0c_size == 64 * 128 * 4
    assert t.used_core_num == t.batch_num == t.mx_type_para == -1
    # with the bias (f32, from c_type): + 128 * 4 bytes of L1; M first vs N first: 64 x 512 single shape
    cfg2 = asc.adv.get_mm_config(asc.adv.MatmulShapeParams(64, 512, 64, 64, 128, 64))
    t2 = asc.adv.get_matmul_api_tiling(cfg2, mtype(asc.float16), mtype(asc.float16), mtype(asc.float32))
    # mLoop = 1, nLoop = 512 / (4 * 128) = 1: A side 64 + 512 = 576 vs B side 512 + 64 = 576 -> 0; is_bias 1
    assert (t2.step_m, t2.step_n, t2.step_k_a, t2.depth_a1, t2.depth_b1, t2.is_bias) == (1, 4, 1, 1, 4, 1)
    assert t2.share_l1_size == 1 * 64 * 64 * 2 + 4 * 128 * 64 * 2 + 128 * 4 + 4 * 128 * 8


def test_static_tiling_partial_l1_loads_are_not_implemented():
    cfg = asc.adv.get_mm_config(asc.adv.MatmulShapeParams(1024, 1024, 1024, 128, 256, 64))
    with pytest.raises(NotImplementedError, match="partial L1 loads"):
        asc.adv.get_matmul_api_tiling(cfg, mtype(asc.float16), mtype(asc.float16), mtype(asc.float32))


def test_static_tiling_in_a_kernel_as_the_tiling():
    # a fully constant tiling drives a Matmul (register_matmul takes it as the tiling)
    @asc.jit(matmul_cube_only=True)
    def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress):
        at = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        ct = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        cfg = asc.adv.get_mm_config(asc.adv.MatmulShapeParams(64, 64, 64, 32, 32, 32))
        st = asc.adv.get_matmul_api_tiling(mm_cfg=cfg, a_type=at, b_type=at, c_type=ct, bias_type=ct)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(at, at, ct)
        asc.adv.register_matmul(pipe, ws, mm, st)
        ag = asc.GlobalTensor()
        bg = asc.GlobalTensor()
        cg = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg.set_global_buffer(b)
        cg.set_global_buffer(c)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
    rng = np.random.default_rng(2)
    a = rng.integers(-4, 5, (64, 64)).astype(np.float16)
    b = rng.integers(-4, 5, (64, 64)).astype(np.float16)
    c = np.zeros((64, 64), np.float32)
    k[1](a, b, c, np.zeros(512, np.uint8))
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))


# ---- cube-only: the kernel's own L1 buffers next to the Matmul's ----
@asc.jit(matmul_cube_only=True)
def side_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, x: asc.GlobalAddress,
                y: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.A1, 1)
    pipe.init_buffer(q, 1, 64 * 1024)  # the kernel's own L1 buffer
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    t = q.alloc_tensor(asc.float16)
    asc.data_copy(t, xg, 32 * 1024)  # GM -> L1, held across the Matmul
    q.enque(t)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    u = q.deque(asc.float16)
    yg.set_value(0, u.get_phy_addr())  # where the TPipe put the kernel's buffer
    q.free_tensor(u)


def test_cube_only_user_l1_buffer_follows_the_matmuls():
    m = n = k = 128
    rng = np.random.default_rng(4)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    t = make_tiling(m, n, k, np.float16, np.float32, 1)
    x = rng.standard_normal(32 * 1024).astype(np.float16)
    y = np.full(8, -1, np.int32)
    c = np.zeros((m, n), np.float32)
    with __import__("warnings").catch_warnings():
        __import__("warnings").simplefilter("error")  # no sanitizer report
        side_kernel[1](a, b, c, x, y, t, np.zeros(512, np.uint8))
    np.testing.assert_array_equal(c, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))
    # the Matmul's L1 (A 64 KiB, B 64 KiB, bias 1 KiB, quant words 8 KiB) comes first from the TPipe
    assert y[0] >= 137 * 1024


# ---- get_tensor_c(en_sequential_write=True): each tile alone, baseM x baseN row-major ----
@asc.jit
def seq_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, t: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
               ws: asc.GlobalAddress, cube_only: asc.ConstExpr[bool]):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    tg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    tg.set_global_buffer(t)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    with mm.iterate() as count:
        mm.get_tensor_c(tg[count * tiling.base_m * tiling.base_n:], en_sequential_write=True)


@pytest.mark.parametrize("cube_only", [True, False])
def test_sequential_write_puts_each_tile_alone(cube_only):
    m, n, k = 96, 80, 32
    rng = np.random.default_rng(13)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    for setter in (mt.set_a_type, mt.set_b_type):
        setter(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_fix_split(32, 48, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0 and (t.base_m, t.base_n) == (32, 48)
    tiles_m, tiles_n = 3, 2  # the last column of tiles is 32 wide
    out = np.full((tiles_m * tiles_n, 32 * 48), -1, np.float32)
    kern = seq_kernel if not cube_only else asc.jit(matmul_cube_only=True)(seq_kernel.fn)
    kern[1](a, b, out, t, np.zeros(2 * 1024 * 1024, np.uint8), cube_only)
    ref = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    for i in range(tiles_m * tiles_n):
        mi, ni = (i % tiles_m, i // tiles_m) if t.iterate_order == 0 else (i // tiles_n, i % tiles_n)
        tile = ref[mi * 32:(mi + 1) * 32, ni * 48:(ni + 1) * 48]
        got = out[i].reshape(32, 48)[:tile.shape[0], :tile.shape[1]]
        np.testing.assert_array_equal(got, tile)


def test_cube_only_get_tensor_c_returns_the_tile_in_the_workspace():
    # the returned GlobalTensor is this core's workspace slot (64 KiB + block x 128 KiB, docs/hardware.md)
    @asc.jit(matmul_cube_only=True)
    def k(a: asc.GlobalAddress, b: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress,
          out: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        ag = asc.GlobalTensor()
        bg = asc.GlobalTensor()
        og = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg.set_global_buffer(b)
        og.set_global_buffer(out)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate()
        g = mm.get_tensor_c(sync=False)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        og.set_value(0, g.get_value(5))  # the scalar unit reads the returned tensor
    m = n = k_ = 32
    rng = np.random.default_rng(21)
    a = rng.integers(-4, 5, (m, k_)).astype(np.float16)
    b = rng.integers(-4, 5, (k_, n)).astype(np.float16)
    t = make_tiling(m, n, k_, np.float16, np.float32, 1)
    ws = np.zeros(192 * 1024, np.uint8)
    out = np.zeros(8, np.float32)
    k[1](a, b, t, ws, out)
    ref = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    tile = ws[65536:65536 + m * n * 4].view(np.float32).reshape(m, n)
    np.testing.assert_array_equal(tile, ref)
    assert out[0] == ref[0, 5]
