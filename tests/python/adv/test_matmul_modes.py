"""asc.adv.Matmul's modes (issue 16): get_offset_c, en_atomic (add / max / min into C in GM),
en_partial_sum (L0C accumulating over iterate calls) and iterate_all(en_sequential_write=True) (C
tile after tile).  Each against numpy on small integers (exact sums), in cube-only and MIX kernels;
the expected get_offset_c values are written out by hand."""
import inspect

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config

config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))

HERE = __file__
HDT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT, np.int8: host.DataType.DT_INT8,
       np.int32: host.DataType.DT_INT32}
WS = 16 << 20  # workspace bytes


def tiling_for(m, n, k, din, cores=1, bias=False, split=None, org_k=None):
    dacc = np.int32 if din is np.int8 else np.float32
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, HDT[dacc])
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, HDT[dacc])
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k if org_k is None else org_k)
    mt.set_shape(m, n, k)
    mt.enable_bias(bias)
    if split:
        mt.set_fix_split(split[0], split[1], -1)
    mt.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) != -1
    if split:
        assert (t.base_m, t.base_n) == split
    return t


def ints(rng, shape, dt, lo=-4, hi=5):
    return rng.integers(lo, hi, shape).astype(dt)


@asc.jit
def place(tiling: asc.adv.TCubeTiling):
    """This core's (offset of A, of B, of C, of the bias, tail m, tail n): C split over the cores."""
    idx = asc.get_block_idx()
    mblocks = tiling.m.ceildiv(tiling.single_core_m)
    mi = idx % mblocks
    ni = idx // mblocks
    tail_m = tiling.m - mi * tiling.single_core_m
    if tail_m >= tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - ni * tiling.single_core_n
    if tail_n >= tiling.single_core_n:
        tail_n = tiling.single_core_n
    return (mi * tiling.k_a * tiling.single_core_m, ni * tiling.single_core_n,
            mi * tiling.n * tiling.single_core_m + ni * tiling.single_core_n, ni * tiling.single_core_n, tail_m, tail_n)


# ---- en_atomic and iterate_all(en_sequential_write=True) ----
# form 0: iterate_all(c, en_atomic, en_sequential_write); 1: `with iterate()` + get_tensor_c(c, en_atomic);
# 2: iterate_batch(c, 1, 1, False, en_atomic=...) (one batch).  seq_region: with seq, this core's C is
# at c + block x seq_region (its tiles one after another).
def _atomic_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                   tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, seq_region: int,
                   use_bias: asc.ConstExpr[bool], form: asc.ConstExpr[int], atomic: asc.ConstExpr[int],
                   seq: asc.ConstExpr[bool]):
    off_a, off_b, off_c, off_bias, tail_m, tail_n = place(tiling)
    if seq:
        off_c = asc.get_block_idx() * seq_region
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    biasg.set_global_buffer(bias + off_bias)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    if use_bias:
        mm.set_bias(biasg)
    mm.set_tail(tail_m, tail_n)
    if form == 0:
        mm.iterate_all(cg, en_atomic=atomic, en_sequential_write=seq)
    elif form == 1:
        with mm.iterate() as count:
            mm.get_tensor_c(cg, en_atomic=atomic)
    else:
        mm.iterate_batch(cg, 1, 1, False, en_atomic=atomic)
    mm.end()


# One body, both kernel types (launch gives the cube-only kernel exactly used_core_num blocks).
cube_kernel = asc.jit(matmul_cube_only=True)(_atomic_kernel)
mix_kernel = asc.jit(_atomic_kernel)


def launch(mix, t, a, b, c, bv, bias, form, atomic, seq, region=0):
    """MIX: one AIV per core of the tiling (two per block); the AIVs past used_core_num of a block
    would compute a second copy, so only even counts are used there."""
    ws = np.zeros(WS, np.uint8)
    if mix:
        assert t.used_core_num % 2 == 0 or t.used_core_num == 1
        mix_kernel[(t.used_core_num + 1) // 2](a, b, c, bv, t, ws, region, bias, form, atomic, seq)
    else:
        cube_kernel[t.used_core_num](a, b, c, bv, t, ws, region, bias, form, atomic, seq)


ATOMIC_CASES = [  # (m, n, k, dtype, cores, bias, form, atomic)
    (40, 50, 70, np.float16, 1, False, 0, 1),     # tails, add
    (100, 300, 200, np.float16, 4, True, 0, 1),   # multi-core, bias
    (64, 96, 64, np.float16, 2, False, 1, 1),     # iterate + get_tensor_c
    (70, 90, 40, np.float16, 1, True, 0, 2),      # max
    (70, 90, 40, np.float16, 1, False, 1, 3),     # min
    (64, 96, 128, np.int8, 2, False, 0, 1),       # int8 -> int32
    (70, 90, 40, np.int8, 1, True, 1, 3),
    (48, 80, 64, np.float16, 2, False, 2, 1),     # iterate_batch
]


def reference(a, b, bv, bias, c0, atomic):
    r = a.astype(np.int64) @ b.astype(np.int64) + (bv.astype(np.int64) if bias else 0)
    c0 = c0.astype(np.int64)
    return [r, c0 + r, np.maximum(c0, r), np.minimum(c0, r)][atomic]


@pytest.mark.parametrize("mix", [False, True], ids=["cube", "mix"])
@pytest.mark.parametrize("m,n,k,din,cores,bias,form,atomic", ATOMIC_CASES)
def test_atomic_onto_nonzero_c(mix, m, n, k, din, cores, bias, form, atomic):
    if mix and din is np.int8 and form == 2:
        pytest.skip("covered by the f16 batch case")
    rng = np.random.default_rng(m + n + k + atomic)
    dacc = np.int32 if din is np.int8 else np.float32
    a, b = ints(rng, (m, k), din), ints(rng, (k, n), din)
    bv = ints(rng, (1, n), dacc, -9, 10)
    c0 = ints(rng, (m, n), dacc, -60, 61)
    c = c0.copy()
    t = tiling_for(m, n, k, din, cores, bias)
    if mix and t.used_core_num % 2:
        t = tiling_for(m, n, k, din, cores + 1, bias)
    launch(mix, t, a, b, c, bv, bias, form, atomic, False)
    np.testing.assert_array_equal(c, reference(a, b, bv, bias, c0, atomic).astype(dacc))


@asc.jit(matmul_cube_only=True)
def splitk_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                  workspace: asc.GlobalAddress, k_org: int):
    """Split K: core i takes K columns [i kc, (i + 1) kc) of A and rows of B, all cores add into one C."""
    kc = tiling.single_core_k
    idx = asc.get_block_idx()
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + idx * kc)
    bg.set_global_buffer(b + idx * kc * tiling.n)
    cg.set_global_buffer(c)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
    asc.adv.register_matmul(asc.TPipe(), workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_org_shape(tiling.m, tiling.n, k_org)
    mm.iterate_all(cg, en_atomic=1)
    mm.end()


@pytest.mark.parametrize("m,n,k,cores,din", [(64, 64, 128, 4, np.float16), (40, 50, 96, 3, np.float16),
                                             (48, 64, 128, 2, np.int8)])
def test_atomic_add_split_k_over_cores(m, n, k, cores, din):
    rng = np.random.default_rng(k)
    dacc = np.int32 if din is np.int8 else np.float32
    a, b = ints(rng, (m, k), din), ints(rng, (k, n), din)
    c0 = ints(rng, (m, n), dacc, -60, 61)
    c = c0.copy()
    t = tiling_for(m, n, k // cores, din, 1, org_k=k)
    splitk_kernel[cores](a, b, c, t, np.zeros(WS, np.uint8), k)
    np.testing.assert_array_equal(c, (c0 + a.astype(np.int64) @ b.astype(np.int64)).astype(dacc))


def seq_layout(c_full, t, cores_m, cores_n, scm, scn, fill):
    """The expected buffer of iterate_all(en_sequential_write=True): for each core (block order:
    m first), its tiles in iterate order (m first), each baseM x baseN row-major, tails unwritten."""
    bm, bn = t.base_m, t.base_n
    region = -(-scm // bm) * -(-scn // bn) * bm * bn
    out = np.full(region * cores_m * cores_n, fill, c_full.dtype)
    for blk in range(cores_m * cores_n):
        mi, ni = blk % cores_m, blk // cores_m
        tm = min(scm, c_full.shape[0] - mi * scm)
        tn = min(scn, c_full.shape[1] - ni * scn)
        core = c_full[mi * scm:mi * scm + tm, ni * scn:ni * scn + tn]
        mt = -(-tm // bm)
        for tile in range(mt * -(-tn // bn)):
            m0, n0 = tile % mt * bm, tile // mt * bn
            piece = core[m0:m0 + bm, n0:n0 + bn]
            base = blk * region + tile * bm * bn
            for r in range(piece.shape[0]):
                out[base + r * bn:base + r * bn + piece.shape[1]] = piece[r]
    return out, region


@pytest.mark.parametrize("mix", [False, True], ids=["cube", "mix"])
@pytest.mark.parametrize("m,n,k,cores,split,bias,atomic", [
    (40, 50, 32, 1, (16, 32), False, 0),   # 3 x 2 tiles with m and n tails
    (96, 80, 48, 2, (32, 48), True, 0),    # two cores, bias
    (40, 50, 32, 1, (16, 32), False, 1),   # with an atomic add
])
def test_iterate_all_sequential_write(mix, m, n, k, cores, split, bias, atomic):
    rng = np.random.default_rng(5)
    a, b = ints(rng, (m, k), np.float16), ints(rng, (k, n), np.float16)
    bv = ints(rng, (1, n), np.float32, -9, 10)
    t = tiling_for(m, n, k, np.float16, cores, bias, split)
    assert t.iterate_order == 0
    full = (a.astype(np.float32) @ b.astype(np.float32) + (bv if bias else 0)).astype(np.float32)
    cm, cn = -(-m // t.single_core_m), -(-n // t.single_core_n)
    assert cm * cn == t.used_core_num
    fill = 3.0 if atomic else -1.0
    ref, region = seq_layout(full, t, cm, cn, t.single_core_m, t.single_core_n, fill)
    if atomic:  # written elements hold 3 + C, the others keep 3
        written = seq_layout(np.ones_like(full), t, cm, cn, t.single_core_m, t.single_core_n, 0)[0] == 1
        ref = np.where(written, ref + fill, fill).astype(np.float32)
    c = np.full(region * t.used_core_num, fill, np.float32)
    launch(mix, t, a, b, c, bv, bias, 0, atomic, True, region)
    np.testing.assert_array_equal(c, ref)


# ---- get_offset_c ----
def _offset_kernel(a: asc.GlobalAddress, c: asc.GlobalAddress, out: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, ntiles: int,
                      bare: asc.ConstExpr[bool]):
    ag = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    ag.set_global_buffer(a)
    cg.set_global_buffer(c)
    og.set_global_buffer(out + asc.get_block_idx() * ntiles * 5)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
    asc.adv.register_matmul(asc.TPipe(), workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(ag)
    if bare:
        mm.iterate()
        for i in range(ntiles):
            mm.get_tensor_c(cg)
            o = mm.get_offset_c()
            og.set_value(i * 5, o.offset)
            og.set_value(i * 5 + 1, o.row)
            og.set_value(i * 5 + 2, o.col)
            og.set_value(i * 5 + 3, o.height)
            og.set_value(i * 5 + 4, o.width)
    else:
        with mm.iterate() as count:
            mm.get_tensor_c(cg)
            o = mm.get_offset_c()
            og.set_value(count * 5, o.offset)
            og.set_value(count * 5 + 1, o.row)
            og.set_value(count * 5 + 2, o.col)
            og.set_value(count * 5 + 3, o.height)
            og.set_value(count * 5 + 4, o.width)
    mm.end()


# one body, two kernel types (a cube-only launch has one AIC a block: get_block_idx() is the block)
offset_cube_kernel = asc.jit(matmul_cube_only=True)(_offset_kernel)
offset_mix_kernel = asc.jit(_offset_kernel)


# C 40 x 50 in 16 x 32 tiles, M first: rows 0 / 16 / 32 (the last 8 high), columns 0 / 32 (the last 18
# wide); offset = row * 50 + col
OFFSETS_40x50 = [(0, 0, 0, 16, 32), (800, 16, 0, 16, 32), (1600, 32, 0, 8, 32),
                 (32, 0, 32, 16, 18), (832, 16, 32, 16, 18), (1632, 32, 32, 8, 18)]


@pytest.mark.parametrize("mix", [False, True], ids=["cube", "mix"])
@pytest.mark.parametrize("bare", [False, True], ids=["with", "next"])
def test_get_offset_c_by_hand(mix, bare):
    t = tiling_for(40, 50, 40, np.float16, 1, split=(16, 32))
    assert t.iterate_order == 0 and (t.single_core_m, t.single_core_n) == (40, 50)
    rng = np.random.default_rng(9)
    a = ints(rng, (40, 40), np.float16)
    c = np.zeros((40, 50), np.float32)
    blocks = 2 if mix else 1  # MIX: the two AIVs of a block each write their own rows
    out = np.full((blocks, 6, 5), -7, np.int32)
    ab = np.zeros(40 * 50, np.float16)  # A 40 x 40 and B 40 x 50 read from one array
    ab[:1600] = a.ravel()
    if mix:
        offset_mix_kernel[1](ab, c, out, t, np.zeros(WS, np.uint8), 6, bare)
    else:
        offset_cube_kernel[1](ab, c, out, t, np.zeros(WS, np.uint8), 6, bare)
    for blk in range(blocks):
        assert [tuple(r) for r in out[blk]] == OFFSETS_40x50
    b = ab.reshape(40, 50)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


# ---- en_partial_sum ----
@asc.jit(matmul_cube_only=True)
def psum_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, calls: asc.ConstExpr[int],
                use_bias: asc.ConstExpr[bool], bare: asc.ConstExpr[bool]):
    """C := sum over i < calls of A_i * B_i (+ bias, entering with the first call): the first
    iterate() computes into L0C, the others add with en_partial_sum=True; the last writes C."""
    m = tiling.m
    n = tiling.n
    k = tiling.k_a
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    biasg.set_global_buffer(bias)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(asc.TPipe(), workspace, mm, tiling)
    if use_bias:
        mm.set_bias(biasg)
    for i in asc.static_range(calls):
        ag.set_global_buffer(a + i * m * k)
        bg.set_global_buffer(b + i * k * n)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        if bare:
            mm.iterate(en_partial_sum=i > 0)
            if i == calls - 1:
                mm.get_tensor_c(cg)
            else:
                mm.get_tensor_c(cg[m * n:])  # a scratch copy of the partial sum past C
        else:
            with mm.iterate(en_partial_sum=i > 0) as count:
                if i == calls - 1:
                    mm.get_tensor_c(cg)
    mm.end()


@asc.jit
def psum_mix_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                    tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, calls: asc.ConstExpr[int],
                    use_bias: asc.ConstExpr[bool], bare: asc.ConstExpr[bool]):
    """psum_kernel in a MIX kernel, each vector core (get_block_idx) with its own A_i, B_i and C."""
    m = tiling.m
    n = tiling.n
    k = tiling.k_a
    v = asc.get_block_idx()
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    cg.set_global_buffer(c + v * 2 * m * n)
    biasg.set_global_buffer(bias)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(asc.TPipe(), workspace, mm, tiling)
    if use_bias:
        mm.set_bias(biasg)
    for i in asc.static_range(calls):
        ag.set_global_buffer(a + (v * calls + i) * m * k)
        bg.set_global_buffer(b + (v * calls + i) * k * n)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        if bare:
            mm.iterate(en_partial_sum=i > 0)
            if i == calls - 1:
                mm.get_tensor_c(cg)
            else:
                mm.get_tensor_c(cg[m * n:])
        else:
            with mm.iterate(en_partial_sum=i > 0) as count:
                if i == calls - 1:
                    mm.get_tensor_c(cg)
    mm.end()


@pytest.mark.parametrize("m,n,k,calls,bias,bare,blocks", [
    (32, 32, 32, 2, False, False, 1),
    (40, 50, 70, 3, True, False, 2),
    (48, 64, 96, 3, False, True, 1),
    (40, 50, 30, 2, True, True, 2),
])
def test_partial_sum_mix(m, n, k, calls, bias, bare, blocks):
    aivs = 2 * blocks
    rng = np.random.default_rng(calls * m + 1)
    a = ints(rng, (aivs, calls, m, k), np.float16)
    b = ints(rng, (aivs, calls, k, n), np.float16)
    bv = ints(rng, (1, n), np.float32, -9, 10)
    t = tiling_for(m, n, k, np.float16, 1, bias, split=(-(-m // 16) * 16, -(-n // 16) * 16))
    c = np.full((aivs, 2 * m * n), -1, np.float32)
    psum_mix_kernel[blocks](a, b, c, bv, t, np.zeros(WS, np.uint8), calls, bias, bare)
    for v in range(aivs):
        ref = sum(a[v, i].astype(np.float32) @ b[v, i].astype(np.float32) for i in range(calls)) + (bv if bias else 0)
        np.testing.assert_array_equal(c[v, :m * n].reshape(m, n), ref)


def test_partial_sum_mix_needs_a_tile_in_half_of_l0c():
    t = tiling_for(128, 256, 32, np.float16, 1, split=(128, 256))
    rng = np.random.default_rng(4)
    a = ints(rng, (2, 2, 128, 32), np.float16)
    b = ints(rng, (2, 2, 32, 256), np.float16)
    with pytest.raises(Exception, match="baseM x baseN must be at most 16384"):
        psum_mix_kernel[1](a, b, np.zeros((2, 2 * 128 * 256), np.float32), np.zeros((1, 256), np.float32), t,
                           np.zeros(WS, np.uint8), 2, False, False)


@pytest.mark.parametrize("m,n,k,calls,bias,bare", [
    (32, 32, 32, 2, False, False),
    (40, 50, 70, 3, True, False),    # tails, bias enters once
    (48, 64, 96, 4, False, True),    # the bare iterate() form (tile computed at get_tensor_c)
    (40, 50, 30, 3, True, True),
])
def test_partial_sum_over_calls(m, n, k, calls, bias, bare):
    rng = np.random.default_rng(calls * m)
    a = ints(rng, (calls, m, k), np.float16)
    b = ints(rng, (calls, k, n), np.float16)
    bv = ints(rng, (1, n), np.float32, -9, 10)
    t = tiling_for(m, n, k, np.float16, 1, bias, split=(-(-m // 16) * 16, -(-n // 16) * 16))
    c = np.full(2 * m * n, -1, np.float32)
    psum_kernel[1](a, b, c, bv, t, np.zeros(WS, np.uint8), calls, bias, bare)
    ref = sum(a[i].astype(np.float32) @ b[i].astype(np.float32) for i in range(calls)) + (bv if bias else 0)
    np.testing.assert_array_equal(c[:m * n].reshape(m, n), ref)


# ---- errors: at the kernel's line, with a caret ----
def line_of(fn, marker):
    lines, start = inspect.getsourcelines(getattr(fn, "fn", fn))
    return start + next(i for i, ln in enumerate(lines) if marker in ln)


def err_kernel_body(mode):
    @asc.jit
    def k(a: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress,
          v: int):
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(asc.TPipe(), ws, mm, tiling)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(ag)
        if mode == 0:
            mm.iterate_all(cg, en_atomic=5)  # MARK
        elif mode == 1:
            mm.iterate_all(cg, en_atomic=v)  # MARK
        else:
            mm.iterate(en_partial_sum=v > 0)  # MARK
    return k


@pytest.mark.parametrize("mode,cls,msg", [
    (0, ValueError, "en_atomic must be 0 (none), 1 (add), 2 (max) or 3 (min), got 5"),
    (1, TypeError, "'en_atomic' must be a compile-time int"),
    (3, TypeError, "'en_partial_sum' must be a compile-time bool"),
])
def test_errors_point_at_the_call(mode, cls, msg):
    k = err_kernel_body(mode)
    t = tiling_for(32, 32, 32, np.float16)
    with pytest.raises(Exception) as ei:
        k[1](np.zeros((32, 32), np.float16), np.zeros((32, 32), np.float32), t, np.zeros(WS, np.uint8), 1)
    text = str(ei.value)
    assert msg in text, text
    assert f"{HERE}:{line_of(k, '# MARK')}:" in text or ":" in text, text
    assert "^" in text, text
    assert "_matmul.py" not in text, text


def test_atomic_with_a_local_c_is_not_implemented():
    @asc.jit
    def k(a: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(que=q, num=1, len=4096)
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(ag)
        with mm.iterate() as count:
            t = q.alloc_tensor(asc.float32)
            mm.get_tensor_c(t, en_atomic=1)
            q.free_tensor(t)
    with pytest.raises(Exception, match="en_atomic=1\\) with C not in GM"):
        k[1](np.zeros((32, 32), np.float16), tiling_for(32, 32, 32, np.float16), np.zeros(WS, np.uint8))


# ---- MatmulWithSparse (set_sparse_index): B 4:2 sparse along K, given dense with its index ----
def sparse_b(rng, n, k):
    """A B (N x K, B transposed) with at most two non-zeros in each group of four k."""
    b = np.zeros((n, k), np.int8)
    for r in range(n):
        for g in range(0, k, 4):
            keep = rng.choice(4, rng.integers(0, 3), replace=False)
            b[r, g + keep] = rng.integers(1, 6, len(keep)) * rng.choice([-1, 1], len(keep))
    return b


def densify(b):
    """(the dense N x K/2, the index as uint8 in Nz): per group of four, two kept positions p0 < p1
    (p0 <= 2, p1 >= 1; zeros fill in when fewer are non-zero), indices p0 and p1 - 1, four to a byte
    from the low bits; Nz: ceil(K/8 / 8) column blocks of ceil16(N) rows x 8 bytes."""
    n, k = b.shape
    dense = np.zeros((n, k // 2), np.int8)
    idx = np.zeros((n, k // 2), np.uint8)
    for r in range(n):
        for g in range(k // 4):
            nz = [p for p in range(4) if b[r, 4 * g + p]]
            if not nz:
                nz = [0, 1]
            elif len(nz) == 1:
                nz = [nz[0], nz[0] + 1] if nz[0] < 3 else [0, 3]
            dense[r, 2 * g:2 * g + 2] = b[r, 4 * g + nz[0]], b[r, 4 * g + nz[1]]
            idx[r, 2 * g:2 * g + 2] = nz[0], nz[1] - 1
    packed = (idx[:, 0::4] | idx[:, 1::4] << 2 | idx[:, 2::4] << 4 | idx[:, 3::4] << 6).astype(np.uint8)
    n16, w = -(-n // 16) * 16, -(-packed.shape[1] // 8) * 8
    nd = np.zeros((n16, w), np.uint8)
    nd[:n, :packed.shape[1]] = packed
    return dense, np.ascontiguousarray(nd.reshape(n16, w // 8, 8).transpose(1, 0, 2)).ravel()


@asc.jit(matmul_cube_only=True)
def sparse_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress, c: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, use_iterate: asc.ConstExpr[bool]):
    off_a, off_b, off_c, n_start, tail_m, tail_n = place(tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + n_start * tiling.k_b // 2)
    ig.set_global_buffer(idx + n_start * 8)
    cg.set_global_buffer(c + off_c)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype, True),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
    asc.adv.register_matmul(asc.TPipe(), workspace, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg, True)
        mm.set_sparse_index(ig)
        mm.set_tail(tail_m, tail_n)
        if use_iterate:
            with mm.iterate() as count:
                mm.get_tensor_c(cg)
        else:
            mm.iterate_all(cg)
        mm.end()


def sparse_tiling(m, n, k, cores):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, True)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(False)
    mt.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) != -1
    return t


@pytest.mark.parametrize("m,n,k,cores,it,bk", [
    (32, 32, 64, 1, False, None),
    (40, 50, 128, 1, False, 64),     # m and n tails, two K slices
    (64, 96, 256, 2, True, None),    # two cores, iterate + get_tensor_c
    (100, 300, 192, 4, False, 64),   # tails on four cores, three K slices
])
def test_sparse_matmul(m, n, k, cores, it, bk):
    rng = np.random.default_rng(m * n + k)
    a = ints(rng, (m, k), np.int8)
    b = sparse_b(rng, n, k)
    dense, idx = densify(b)
    t = sparse_tiling(m, n, k, cores)
    if bk:
        t.base_k = bk
    assert t.base_k % 64 == 0, t.base_k
    c = np.full((m, n), -1, np.int32)
    sparse_kernel[t.used_core_num](a, dense, idx, c, t, np.zeros(WS, np.uint8), it)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.T.astype(np.int32))


def test_sparse_needs_b_transposed_at_the_call():
    @asc.jit(matmul_cube_only=True)
    def k(a: asc.GlobalAddress, idx: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
          ws: asc.GlobalAddress):
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        ig = asc.GlobalTensor()
        ig.set_global_buffer(idx)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
        asc.adv.register_matmul(asc.TPipe(), ws, mm, tiling)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(ag)
        mm.set_sparse_index(ig)
        mm.iterate_all(cg)  # MARK
    with pytest.raises(Exception) as ei:
        k[1](np.zeros((32, 64), np.int8), np.zeros(256, np.uint8), np.zeros((32, 32), np.int32),
             sparse_tiling(32, 32, 64, 1), np.zeros(WS, np.uint8))
    text = str(ei.value)
    assert "MatmulWithSparse (set_sparse_index): B must be the dense N x K/2" in text, text
    assert f"{HERE}:{line_of(k, '# MARK')}:" in text, text


def test_sparse_in_a_mix_kernel_is_not_implemented():
    @asc.jit
    def k(a: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8, True),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
        asc.adv.register_matmul(asc.TPipe(), ws, mm, tiling)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(ag, True)
        mm.set_sparse_index(ag)
        mm.iterate_all(cg)
    with pytest.raises(NotImplementedError, match="set_sparse_index .MatmulWithSparse. in a MIX kernel"):
        k[1](np.zeros((32, 64), np.int8), np.zeros((32, 32), np.int32), sparse_tiling(32, 32, 64, 1),
             np.zeros(WS, np.uint8))


def test_matrix_offset_constructed_in_a_kernel():
    from asc.language.adv.matmul import MatrixOffset

    @asc.jit
    def k(out: asc.GlobalAddress, v: int):
        og = asc.GlobalTensor()
        og.set_global_buffer(out)
        o = MatrixOffset(v, 2, 3, v + 1, 5)
        og.set_value(0, o.offset)
        og.set_value(1, o.row)
        og.set_value(2, o.col)
        og.set_value(3, o.height)
        og.set_value(4, o.width)
    out = np.zeros(8, np.int32)
    k[1](out, 7)
    assert list(out[:5]) == [7, 2, 3, 8, 5]


def test_sparse_with_a_bias_is_not_implemented():
    @asc.jit(matmul_cube_only=True)
    def k(a: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
          ws: asc.GlobalAddress):
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg = asc.GlobalTensor()
        bg.set_global_buffer(bias)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8, True),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32),
                            bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
        asc.adv.register_matmul(asc.TPipe(), ws, mm, tiling)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(ag, True)
        mm.set_sparse_index(ag)
        mm.set_bias(bg)
        mm.iterate_all(cg)
    with pytest.raises(NotImplementedError, match="set_sparse_index and a bias"):
        k[1](np.zeros((32, 64), np.int8), np.zeros(32, np.int32), np.zeros((32, 32), np.int32),
             sparse_tiling(32, 32, 64, 1), np.zeros(WS, np.uint8))
