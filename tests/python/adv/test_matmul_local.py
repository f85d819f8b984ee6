"""asc.adv.Matmul with operands in local memory (issue 16): set_tensor_a / set_tensor_b / set_bias
with a LocalTensor.  MIX kernels take A, B, the bias in UB (VECIN / VECOUT / VECCALC: the AIV copies
them into the workspace for the AIC); cube-only kernels take them in L1 (A1 / B1 / C1, used in
place).  Formats ND and NZ.  Each core's local matrix is its single shape, laid out on the host by
an independent numpy model of the layouts (ND rows; Nz 16 x C0 fractals column block after column
block); small integer inputs, so C must equal numpy's bit for bit."""
import warnings

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config

config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))

HDT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT, np.int8: host.DataType.DT_INT8,
       np.int32: host.DataType.DT_INT32}
GM, UB, L1 = 0, 1, 2


def tiling_for(m, n, k, din, dacc, cores, ta, tb, bias, base=None):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], ta)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], tb)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, HDT[dacc])
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, HDT[dacc])
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(bias)
    if base:
        mt.set_fix_split(*base)
    mt.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) != -1
    return t


def nz(mat, c0):
    """Nz of a rows x cols matrix: rows up to 16, cols up to c0, [cols/c0][rows16][c0]."""
    r, c = mat.shape
    p = np.zeros((-(-r // 16) * 16, -(-c // c0) * c0), mat.dtype)
    p[:r, :c] = mat
    return p.reshape(p.shape[0], -1, c0).transpose(1, 0, 2).ravel()


def core_parts(t, m, n, idx):
    mblocks = -(-m // t.single_core_m)
    mi, ni = idx % mblocks, idx // mblocks
    m0, n0 = mi * t.single_core_m, ni * t.single_core_n
    return m0, n0, min(t.single_core_m, m - m0), min(t.single_core_n, n - n0)


def local_slots(a, b, bv, t, ta, tb, anz, bnz, bias_pad):
    """Per core: its A (tm x K, K x tm if ta), B (K x tn, tn x K if tb) and bias (tn, padded to 16 in
    L1) as stored, each in a slot of the largest core's size."""
    m, k = a.shape
    n = b.shape[1]
    c0 = 32 // a.dtype.itemsize
    parts = []
    for idx in range(t.used_core_num):
        m0, n0, tm, tn = core_parts(t, m, n, idx)
        la = a[m0:m0 + tm]
        la = la.T if ta else la
        lb = b[:, n0:n0 + tn]
        lb = lb.T if tb else lb
        lbias = np.zeros(-(-tn // 16) * 16 if bias_pad else tn, bv.dtype)
        lbias[:tn] = bv[0, n0:n0 + tn]
        parts.append([nz(la, c0) if anz else np.ascontiguousarray(la).ravel(),
                      nz(lb, c0) if bnz else np.ascontiguousarray(lb).ravel(), lbias])
    slots = []
    for j in range(3):  # a slot: a multiple of 32 bytes (whole-block copies into UB / L1)
        per = 32 // parts[0][j].dtype.itemsize
        size = -(-max(len(p[j]) for p in parts) // per) * per
        arr = np.zeros((len(parts), size), parts[0][j].dtype)
        for i, p in enumerate(parts):
            arr[i, :len(p[j])] = p[j]
        slots.append((arr, size))
    return slots


def _offsets(tiling, ta, tb, idx):
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


offsets = asc.jit(_offsets)
POS = {GM: asc.TPosition.GM, UB: asc.TPosition.VECIN, L1: asc.TPosition.A1}
POS_B = {GM: asc.TPosition.GM, UB: asc.TPosition.VECCALC, L1: asc.TPosition.B1}
POS_BIAS = {GM: asc.TPosition.GM, UB: asc.TPosition.VECOUT, L1: asc.TPosition.C1}


def _local_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                  la: asc.GlobalAddress, lb: asc.GlobalAddress, lbias: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, sa: int, sb: int, sbias: int,
                  ta: asc.ConstExpr[bool], tb: asc.ConstExpr[bool], pa: asc.ConstExpr[int], pb: asc.ConstExpr[int],
                  pbias: asc.ConstExpr[int], anz: asc.ConstExpr[bool], bnz: asc.ConstExpr[bool],
                  use_bias: asc.ConstExpr[bool], use_iterate: asc.ConstExpr[bool], cube: asc.ConstExpr[bool]):
    # an AIV past the used cores repeats the last core's part (a MIX block's two AIVs call in step)
    idx = asc.get_block_idx()
    if idx >= tiling.used_core_num:
        idx = tiling.used_core_num - 1
    off_a, off_b, off_c, off_bias, tail_m, tail_n = offsets(tiling, ta, tb, idx)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    biasg.set_global_buffer(bias + off_bias)
    lag = asc.GlobalTensor()
    lbg = asc.GlobalTensor()
    lbiasg = asc.GlobalTensor()
    lag.set_global_buffer(la)
    lbg.set_global_buffer(lb)
    lbiasg.set_global_buffer(lbias)
    pipe = asc.TPipe()
    if pa != GM:
        qa = asc.TQue(POS[pa], 1)
        pipe.init_buffer(que=qa, num=1, len=sa * 4)
    if pb != GM:
        qb = asc.TQue(POS_B[pb], 1)
        pipe.init_buffer(que=qb, num=1, len=sb * 4)
    if pbias != GM:
        qbias = asc.TQue(POS_BIAS[pbias], 1)
        pipe.init_buffer(que=qbias, num=1, len=sbias * 4)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(POS[pa], asc.CubeFormat.NZ if anz else asc.CubeFormat.ND, ag.dtype, ta),
                        b=asc.adv.MatmulType(POS_B[pb], asc.CubeFormat.NZ if bnz else asc.CubeFormat.ND, bg.dtype,
                                             tb),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                        bias=asc.adv.MatmulType(POS_BIAS[pbias], asc.CubeFormat.ND, biasg.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num or not cube:
        if pa == GM:
            mm.set_tensor_a(ag, ta)
        else:
            ta_l = qa.alloc_tensor(ag.dtype)
            asc.data_copy(ta_l, lag[idx * sa:], sa)
            qa.enque(ta_l)
            ta_l = qa.deque(ag.dtype)
            mm.set_tensor_a(ta_l, transpose=ta)
        if pb == GM:
            mm.set_tensor_b(bg, tb)
        else:
            tb_l = qb.alloc_tensor(bg.dtype)
            asc.data_copy(tb_l, lbg[idx * sb:], sb)
            qb.enque(tb_l)
            tb_l = qb.deque(bg.dtype)
            mm.set_tensor_b(tb_l, tb)
        if use_bias:
            if pbias == GM:
                mm.set_bias(biasg)
            else:
                tbias = qbias.alloc_tensor(biasg.dtype)
                asc.data_copy(tbias, lbiasg[idx * sbias:], sbias)
                qbias.enque(tbias)
                tbias = qbias.deque(biasg.dtype)
                mm.set_bias(tbias)
        mm.set_tail(tail_m, tail_n)
        if use_iterate:
            with mm.iterate() as count:
                mm.get_tensor_c(cg)
        else:
            mm.iterate_all(cg)
        mm.end()


mix_kernel = asc.jit(_local_kernel)
cube_kernel = asc.jit(matmul_cube_only=True)(_local_kernel)


def run(m, n, k, din=np.float16, cores=1, ta=False, tb=False, pa=GM, pb=GM, pbias=GM, anz=False, bnz=False,
        bias=False, iterate=False, mix=True, base=None, seed=0):
    rng = np.random.default_rng(seed)
    dacc = np.int32 if din is np.int8 else np.float32
    a = rng.integers(-4, 5, (m, k)).astype(din)
    b = rng.integers(-4, 5, (k, n)).astype(din)
    bv = rng.integers(-9, 10, (1, n)).astype(dacc)
    ref = a.astype(np.int64) @ b.astype(np.int64) + (bv.astype(np.int64) if bias else 0)
    t = tiling_for(m, n, k, din, dacc, cores, ta, tb, bias, base)
    (la, sa), (lb, sb), (lbias, sbias) = local_slots(a, b, bv, t, ta, tb, anz, bnz, pbias == L1)
    c = np.full((m, n), -1, dacc)
    ga = np.ascontiguousarray(a.T) if ta else a
    gb = np.ascontiguousarray(b.T) if tb else b
    ws = np.zeros(16 << 20, np.uint8)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        if mix:
            mix_kernel[(t.used_core_num + 1) // 2](ga, gb, c, bv, la, lb, lbias, t, ws, sa, sb, sbias, ta, tb, pa, pb,
                                                   pbias, anz, bnz, bias, iterate, False)
        else:
            cube_kernel[t.used_core_num](ga, gb, c, bv, la, lb, lbias, t, ws, sa, sb, sbias, ta, tb, pa, pb, pbias,
                                        anz, bnz, bias, iterate, True)
    assert not [w for w in seen if "race" in str(w.message) or "uninit" in str(w.message)], \
        [str(w.message) for w in seen]
    np.testing.assert_array_equal(c, ref.astype(dacc))
    return t


# ---- MIX: A / B / bias in UB ----
@pytest.mark.parametrize("m,n,k,din,cores,ta,tb,pa,pb,anz,bnz,bias,it", [
    (64, 64, 64, np.float16, 1, False, False, UB, GM, False, False, False, False),    # one tile
    (100, 200, 96, np.float16, 4, False, False, UB, UB, False, False, True, False),   # tails, 4 cores, bias
    (96, 80, 64, np.float16, 2, True, True, UB, UB, False, False, False, False),      # both transposed
    (130, 70, 64, np.float16, 2, False, True, GM, UB, False, False, True, True),      # B in UB, iterate
    (100, 96, 48, np.float32, 2, False, True, UB, UB, False, False, False, False),    # f32
    (72, 64, 64, np.float16, 2, False, False, UB, UB, True, True, False, False),      # Nz A and B
    (72, 96, 64, np.float16, 2, True, False, UB, UB, True, True, True, False),        # Nz, transposed A
    (48, 40, 64, np.float32, 1, False, True, UB, UB, True, True, False, True),        # Nz f32
    (64, 96, 64, np.int8, 2, False, True, UB, UB, False, False, True, False),         # int8
    (64, 96, 64, np.int8, 1, False, True, UB, UB, True, True, False, False),          # int8 Nz
    (48, 40, 64, np.float32, 2, True, False, UB, UB, True, True, True, False),        # Nz f32 K-major A and B
    (40, 56, 72, np.float32, 1, True, False, UB, UB, True, True, False, True),        # ... with K tails
    (64, 96, 64, np.int8, 2, True, False, UB, UB, True, True, False, False),          # Nz int8 K-major
    (40, 72, 80, np.int8, 1, True, False, UB, UB, True, True, True, False),           # ... with tails
])
def test_mix_ub(m, n, k, din, cores, ta, tb, pa, pb, anz, bnz, bias, it):
    run(m, n, k, din, cores, ta, tb, pa, pb, GM, anz, bnz, bias, it)


def test_mix_bias_in_ub():
    run(100, 200, 64, np.float16, 4, pa=UB, pb=GM, pbias=UB, bias=True)
    run(64, 64, 32, np.float16, 2, pa=GM, pb=GM, pbias=UB, bias=True, iterate=True)


def test_mix_ub_several_k_slices():
    t = run(64, 64, 256, np.float16, 1, pa=UB, pb=UB, base=(64, 64, 64))
    assert t.base_k < 256


def test_gm_nz():
    """A GM operand declared NZ is read as Nz fractals too (the path the UB copies take)."""
    m, n, k = 64, 48, 64
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    # the GM A and B given NZ: a single core, so the whole matrix is the core's
    t = tiling_for(m, n, k, np.float16, np.float32, 1, False, True, False)
    c = np.full((m, n), -1, np.float32)
    z = np.zeros(32, np.float16)
    zf = np.zeros(8, np.float32)
    mix_kernel[1](nz(a, 16).reshape(-1), nz(np.ascontiguousarray(b.T), 16).reshape(-1), c, zf, z, z, zf, t,
                  np.zeros(16 << 20, np.uint8), 16, 16, 8, False, True, GM, GM, GM, True, True, False, False, False)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


# ---- cube-only: A / B / bias in L1 (Nz, used in place) ----
@pytest.mark.parametrize("m,n,k,din,cores,ta,tb,pa,pb,bias,it", [
    (64, 64, 64, np.float16, 1, False, False, L1, GM, False, False),
    (100, 200, 96, np.float16, 4, False, False, L1, L1, True, False),
    (96, 80, 64, np.float16, 2, True, True, L1, L1, False, True),
    (130, 70, 64, np.float16, 2, False, True, GM, L1, True, False),
    (100, 96, 48, np.float32, 2, False, True, L1, L1, True, False),
    (64, 96, 64, np.int8, 2, False, True, L1, L1, False, False),
])
def test_cube_l1(m, n, k, din, cores, ta, tb, pa, pb, bias, it):
    run(m, n, k, din, cores, ta, tb, pa, pb, GM, pa == L1, pb == L1, bias, it, mix=False)


def test_cube_l1_several_k_slices_and_bias_in_l1():
    run(64, 64, 256, np.float16, 1, pa=L1, pb=L1, anz=True, bnz=True, mix=False, base=(64, 64, 64))
    run(100, 200, 64, np.float16, 4, pa=L1, pb=L1, pbias=L1, anz=True, bnz=True, bias=True, mix=False)
    run(100, 200, 64, np.float16, 2, pa=GM, pb=GM, pbias=L1, bias=True, iterate=True, mix=False)


# ---- errors ----
def _err(fn, *args):
    with pytest.raises(Exception) as e:
        fn(*args)
    return str(e.value)


def test_ub_operand_in_a_cube_only_kernel_is_an_error():
    msg = _err(run, 64, 64, 64, np.float16, 1, False, False, UB, GM, GM, False, False, False, False, False)
    assert "cube-only" in msg and "UB" in msg and "L1 (A1 / B1 / C1)" in msg, msg
    assert "test_matmul_local.py" in msg and "expand_matmul" not in msg, msg


def test_l1_operand_in_a_mix_kernel_is_an_error():
    msg = _err(run, 64, 64, 64, np.float16, 1, False, False, GM, L1, GM, False, True)
    assert "MIX" in msg and "L1" in msg and "UB (VECIN / VECOUT / VECCALC)" in msg, msg
    assert "test_matmul_local.py" in msg, msg


def test_l1_operand_must_be_nz():
    msg = _err(run, 64, 64, 64, np.float16, 1, False, False, L1, GM, GM, False, False, False, False, False)
    assert "format NZ" in msg, msg


def test_l1_f32_k_major_is_refused():
    msg = _err(run, 64, 64, 64, np.float32, 1, False, False, GM, L1, GM, False, True, False, False, False)
    assert "not supported yet" in msg and "K x N in L1" in msg, msg


@asc.jit
def _mismatch_kernel(a: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                     tiling: asc.adv.TCubeTiling, which: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q, num=1, len=1024)
    gm_t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    ub_t = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float16)
    l1_t = asc.adv.MatmulType(asc.TPosition.A1, asc.CubeFormat.NZ, asc.float16)
    co1_t = asc.adv.MatmulType(asc.TPosition.CO1, asc.CubeFormat.NZ, asc.float16)
    c_t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    types = [gm_t, ub_t, l1_t, co1_t]
    mm = asc.adv.Matmul(types[which], gm_t, c_t)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    t = q.alloc_tensor(asc.float16)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    if which == 1:
        mm.set_tensor_a(ag)
    else:
        mm.set_tensor_a(t)
    mm.set_tensor_b(ag)
    mm.iterate_all(cg)  # the setter is traced (as pyasc); the computing call refuses the misplaced A


@pytest.mark.parametrize("which,text", [
    (0, "its MatmulType has position GM"),
    (1, "MatmulType has position VECIN: give a LocalTensor"),
    (2, "is a LocalTensor in VECIN but its MatmulType has position A1 (L1)"),
    (3, "a Matmul operand in local memory is in UB"),
])
def test_position_mismatch_is_an_error_at_the_call(which, text):
    t = tiling_for(64, 64, 64, np.float16, np.float32, 1, False, False, False)
    with pytest.raises(Exception) as e:
        _mismatch_kernel[1](np.zeros(64 * 64, np.float16), np.zeros(64 * 64, np.float32), np.zeros(1 << 20, np.uint8),
                            t, which)
    assert text in str(e.value), str(e.value)
    assert "set_tensor_a" in str(e.value)


def _batch_local_ab(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, la: asc.GlobalAddress,
                    lb: asc.GlobalAddress, workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, ba: int, bb: int,
                    sa: int, sb: int, pa: asc.ConstExpr[int], pb: asc.ConstExpr[int], anz: asc.ConstExpr[bool],
                    bnz: asc.ConstExpr[bool], tb: asc.ConstExpr[bool], lbias: asc.GlobalAddress, sbias: int,
                    pbias: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    lag = asc.GlobalTensor()
    lbg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    lag.set_global_buffer(la)
    lbg.set_global_buffer(lb)
    lbiasg = asc.GlobalTensor()
    lbiasg.set_global_buffer(lbias)
    pipe = asc.TPipe()
    nl = asc.LayoutMode.NORMAL
    mm = asc.adv.Matmul(asc.adv.MatmulType(POS[pa], asc.CubeFormat.NZ if anz else asc.CubeFormat.ND, asc.float16,
                                           False, nl),
                        asc.adv.MatmulType(POS_B[pb], asc.CubeFormat.NZ if bnz else asc.CubeFormat.ND, asc.float16,
                                           tb, nl),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, nl),
                        asc.adv.MatmulType(POS_BIAS[max(pbias, 0)], asc.CubeFormat.ND, asc.float32))
    if pbias > 0:
        qbias = asc.TQue(POS_BIAS[pbias], 1)
        pipe.init_buffer(que=qbias, num=1, len=sbias * 4)
    if pa != GM:
        qa = asc.TQue(POS[pa], 1)
        pipe.init_buffer(que=qa, num=1, len=sa * 2)
    if pb != GM:
        qb = asc.TQue(POS_B[pb], 1)
        pipe.init_buffer(que=qb, num=1, len=sb * 2)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if pa == GM:
        mm.set_tensor_a(ag)
    else:
        ta_l = qa.alloc_tensor(asc.float16)
        asc.data_copy(ta_l, lag, sa)
        qa.enque(ta_l)
        ta_l = qa.deque(asc.float16)
        mm.set_tensor_a(ta_l)
    if pb == GM:
        mm.set_tensor_b(bg, tb)
    else:
        tb_l = qb.alloc_tensor(asc.float16)
        asc.data_copy(tb_l, lbg, sb)
        qb.enque(tb_l)
        tb_l = qb.deque(asc.float16)
        mm.set_tensor_b(tb_l, tb)
    if pbias == GM:
        mm.set_bias(lbiasg)
    if pbias > 0:
        tbias = qbias.alloc_tensor(asc.float32)
        asc.data_copy(tbias, lbiasg, sbias)
        qbias.enque(tbias)
        tbias = qbias.deque(asc.float32)
        mm.set_bias(tbias)
    mm.iterate_batch(cg, ba, bb, False)
    if pbias > 0:
        qbias.free_tensor(tbias)
    if pa != GM:
        qa.free_tensor(ta_l)
    if pb != GM:
        qb.free_tensor(tb_l)
    mm.end()


batch_local_mix = asc.jit(_batch_local_ab)
batch_local_cube = asc.jit(matmul_cube_only=True)(_batch_local_ab)


def _pad32(x):
    out = np.zeros(-(-len(x) // 16) * 16, x.dtype)
    out[:len(x)] = x
    return out, len(out)


@pytest.mark.parametrize("m,n,k,ba,bb,tb,pa,pb,anz,bnz,mix,pbias", [
    (32, 48, 32, 2, 2, False, UB, GM, False, False, True, -1),     # A batches in UB
    (20, 40, 48, 2, 1, True, UB, UB, False, False, True, UB),      # B broadcast, both in UB, tails, UB bias rows
    (32, 32, 64, 1, 3, False, GM, UB, False, True, True, GM),      # Nz B batches in UB, A broadcast, GM bias
    (32, 48, 32, 2, 2, False, L1, L1, True, True, False, L1),      # cube-only: both in L1 (Nz), L1 bias rows
    (20, 40, 48, 3, 1, True, L1, GM, True, False, False, L1),      # tails in L1 (bias rows padded to 16)
    (20, 40, 48, 2, 2, False, GM, GM, False, False, True, UB),     # only the bias in UB
])
def test_iterate_batch_with_local_a_b(m, n, k, ba, bb, tb, pa, pb, anz, bnz, mix, pbias):
    nb = max(ba, bb)
    rng = np.random.default_rng(7)
    A = rng.integers(-4, 5, (ba, m, k)).astype(np.float16)
    B = rng.integers(-4, 5, (bb, k, n)).astype(np.float16)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, tb)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(pbias >= 0)
    mt.set_batch_info_for_normal(ba, bb, m, n, k)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    gb = np.ascontiguousarray(B.transpose(0, 2, 1)) if tb else B
    la, sa = _pad32(np.concatenate([nz(x, 16) if anz else x.ravel() for x in A]))
    lb, sb = _pad32(np.concatenate([nz(x, 16) if bnz else x.ravel() for x in gb]))
    bv = rng.integers(-9, 10, (nb, n)).astype(np.float32)
    row = -(-n // 16) * 16 if pbias == L1 else n  # a local bias: the rows one after another (L1: 16-padded)
    lbias = np.zeros((nb, row), np.float32)
    lbias[:, :n] = bv
    lbias, sbias = _pad32(lbias.ravel())
    c = np.full((nb, m, n), -1, np.float32)
    kern = batch_local_mix[1] if mix else batch_local_cube[1]
    kern(A, gb, c, la, lb, np.zeros(16 << 20, np.uint8), t, ba, bb, sa, sb, pa, pb, anz, bnz, tb, lbias, sbias, pbias)
    ref = np.stack([A[j // (nb // ba)].astype(np.float64) @ B[j // (nb // bb)].astype(np.float64) +
                    (bv[j] if pbias >= 0 else 0) for j in range(nb)])
    np.testing.assert_array_equal(c, ref.astype(np.float32))


# ---- iterate_batch with C in UB (MIX): the batches' C one after another, tm x tn each ----
@asc.jit
def _batch_to_ub(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                 workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, ba: int, bb: int,
                 tb: asc.ConstExpr[bool], use_bias: asc.ConstExpr[bool], size: int):
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
    pipe.init_buffer(que=q, num=1, len=size * 4)
    nl = asc.LayoutMode.NORMAL
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, nl),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, tb, nl),
                        asc.adv.MatmulType(asc.TPosition.VECOUT, asc.CubeFormat.ND, asc.float32, False, nl),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg, tb)
    if use_bias:
        mm.set_bias(biasg)
    t = q.alloc_tensor(asc.float32)
    mm.iterate_batch(t, ba, bb, False)
    q.enque(t)
    t = q.deque(asc.float32)
    if asc.get_block_idx() == 0:
        asc.data_copy(cg, t, size)
    q.free_tensor(t)
    mm.end()


@pytest.mark.parametrize("m,n,k,ba,bb,tb,bias", [
    (16, 32, 32, 2, 2, False, False),
    (20, 24, 48, 2, 1, True, True),      # tails, B broadcast over the batches, a bias row per batch
    (32, 40, 32, 1, 3, False, True),     # A broadcast
])
def test_iterate_batch_into_ub(m, n, k, ba, bb, tb, bias):
    nb = max(ba, bb)
    rng = np.random.default_rng(4)
    A = rng.integers(-4, 5, (ba, m, k)).astype(np.float16)
    B = rng.integers(-4, 5, (bb, k, n)).astype(np.float16)
    bv = rng.integers(-9, 10, (nb, n)).astype(np.float32)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, tb)
    mt.set_c_type(host.TPosition.VECOUT, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(bias)
    mt.set_batch_info_for_normal(ba, bb, m, n, k)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    size = -(-nb * m * n // 8) * 8
    c = np.full(size, -1, np.float32)
    gb = np.ascontiguousarray(B.transpose(0, 2, 1)) if tb else B
    _batch_to_ub[1](A, gb, c, bv, np.zeros(16 << 20, np.uint8), t, ba, bb, tb, bias, size)
    ref = np.stack([A[j // (nb // ba)].astype(np.float64) @ B[j // (nb // bb)].astype(np.float64) +
                    (bv[j] if bias else 0) for j in range(nb)])
    np.testing.assert_array_equal(c[:nb * m * n].reshape(nb, m, n), ref.astype(np.float32))


def test_iterate_batch_into_ub_needs_sync():
    t = tiling_for(64, 64, 64, np.float16, np.float32, 1, False, False, False)
    with pytest.raises(ValueError, match="needs sync=True"):
        _batch_to_ub_async[1](np.zeros(64, np.float32), np.zeros(1 << 20, np.uint8), t)


@asc.jit
def _batch_to_ub_async(c: asc.GlobalAddress, workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q, num=1, len=1024)
    gm = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    mm = asc.adv.Matmul(gm, gm, asc.adv.MatmulType(asc.TPosition.VECOUT, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(cg)
    mm.set_tensor_b(cg)
    t = q.alloc_tensor(asc.float32)
    mm.iterate_batch(t, 2, 2, False, sync=False)


# ---- iterate(local_c_matrix=): the kernel manages CO1 (cube-only) ----
@asc.jit(matmul_cube_only=True)
def _co1_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, tb: asc.ConstExpr[bool]):
    off_a, off_b, off_c, off_bias, tail_m, tail_n = offsets(tiling, False, tb, asc.get_block_idx())
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + off_a)
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    pipe = asc.TPipe()
    qc = asc.TQue(asc.TPosition.CO1, 1)
    pipe.init_buffer(que=qc, num=1, len=tiling.base_m * tiling.base_n * 4)
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, tb),
                        asc.adv.MatmulType(asc.TPosition.CO1, asc.CubeFormat.NZ, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg, tb)
        mm.set_tail(tail_m, tail_n)
        co1 = qc.alloc_tensor(asc.float32)
        rows = tail_m.ceildiv(tiling.base_m)
        with mm.iterate(False, True, co1) as count:
            m0 = count % rows * tiling.base_m
            n0 = count // rows * tiling.base_n
            mc = tail_m - m0
            if mc > tiling.base_m:
                mc = tiling.base_m
            nc = tail_n - n0
            if nc > tiling.base_n:
                nc = tiling.base_n
            # the tile as the mmads leave it: Nz, column fractals up(mc, 16) rows apart
            asc.fixpipe(cg[m0 * tiling.n + n0:], co1, asc.FixpipeParamsV220(nc, mc, mc.ceildiv(16) * 16, tiling.n))
        qc.free_tensor(co1)
        mm.end()


@pytest.mark.parametrize("m,n,k,cores,tb", [(64, 64, 64, 1, False), (100, 200, 96, 4, True)])
def test_iterate_into_the_kernels_co1(m, n, k, cores, tb):
    rng = np.random.default_rng(5)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    t = tiling_for(m, n, k, np.float16, np.float32, cores, False, tb, False, base=(32, 64, -1))
    c = np.full((m, n), -1, np.float32)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        _co1_kernel[t.used_core_num](a, np.ascontiguousarray(b.T) if tb else b, c, np.zeros(1 << 20, np.uint8), t, tb)
    assert not [w for w in seen if "race" in str(w.message)], [str(w.message) for w in seen]
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def test_local_c_matrix_errors():
    t = tiling_for(64, 64, 64, np.float16, np.float32, 1, False, False, False)
    args = (np.zeros(64 * 64, np.float16), np.zeros(64 * 64, np.float16), np.zeros(64 * 64, np.float32),
            np.zeros(1 << 20, np.uint8), t)
    with pytest.raises(TypeError, match="C MatmulType must be"):
        _co1_wrong_c[1](*args)
    with pytest.raises(Exception, match="local_c_matrix is the AIC's L0C: it needs a cube-only kernel"):
        _co1_in_mix[1](*args)


@asc.jit
def _co1_body(a: asc.GlobalAddress, workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
              c_pos: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    pipe = asc.TPipe()
    qc = asc.TQue(asc.TPosition.CO1, 1)
    pipe.init_buffer(que=qc, num=1, len=64 * 64 * 4)
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(c_pos, asc.CubeFormat.NZ, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(ag)
    co1 = qc.alloc_tensor(asc.float32)
    with mm.iterate(local_c_matrix=co1) as count:
        qc.free_tensor(co1)


@asc.jit(matmul_cube_only=True)
def _co1_wrong_c(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling):
    _co1_body(a, workspace, tiling, asc.TPosition.GM)


@asc.jit
def _co1_in_mix(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling):
    _co1_body(a, workspace, tiling, asc.TPosition.CO1)


# ---- MIX: A in UB and C into UB in one call (the mirror and the tile slot of the workspace) ----
@asc.jit
def _ub_in_ub_out(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, la: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, sa: int, use_iterate: asc.ConstExpr[bool]):
    idx = asc.get_block_idx()
    if idx >= tiling.used_core_num:
        idx = tiling.used_core_num - 1
    off_a, off_b, off_c, off_bias, tail_m, tail_n = offsets(tiling, False, False, idx)
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    lag = asc.GlobalTensor()
    bg.set_global_buffer(b + off_b)
    cg.set_global_buffer(c + off_c)
    lag.set_global_buffer(la)
    pipe = asc.TPipe()
    qa = asc.TQue(asc.TPosition.VECIN, 1)
    qc = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=qa, num=1, len=sa * 2)
    pipe.init_buffer(que=qc, num=1, len=tiling.single_core_m * tiling.single_core_n * 4)
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.VECOUT, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ta_l = qa.alloc_tensor(asc.float16)
    asc.data_copy(ta_l, lag[idx * sa:], sa)
    qa.enque(ta_l)
    ta_l = qa.deque(asc.float16)
    mm.set_tensor_a(ta_l)
    mm.set_tensor_b(bg)
    mm.set_tail(tail_m, tail_n)
    tc = qc.alloc_tensor(asc.float32)
    if use_iterate:  # tile by tile into UB (baseM x baseN each), out to GM at the tile's place
        rows = tail_m.ceildiv(tiling.base_m)
        with mm.iterate() as count:
            mm.get_tensor_c(tc)
            qc.enque(tc)
            tc = qc.deque(asc.float32)
            p = asc.DataCopyParams(block_count=tiling.base_m, block_len=tiling.base_n * 4 // 32, src_stride=0,
                                   dst_stride=(tiling.n - tiling.base_n) * 4 // 32)
            asc.data_copy(cg[count % rows * tiling.base_m * tiling.n + count // rows * tiling.base_n:], tc,
                          repeat_params=p)
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    else:  # all of C (tm x tn row-major) into UB, then out
        mm.iterate_all(tc)
        qc.enque(tc)
        tc = qc.deque(asc.float32)
        p = asc.DataCopyParams(block_count=tail_m, block_len=tail_n * 4 // 32, src_stride=0,
                               dst_stride=(tiling.n - tail_n) * 4 // 32)
        asc.data_copy(cg, tc, repeat_params=p)
    qc.free_tensor(tc)
    qa.free_tensor(ta_l)
    mm.end()


@pytest.mark.parametrize("it", [False, True])
def test_mix_a_in_ub_c_into_ub(it):
    m, n, k = 128, 128, 64
    rng = np.random.default_rng(6)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    t = tiling_for(m, n, k, np.float16, np.float32, 2, False, False, False, base=(64, 64, -1))
    assert t.used_core_num == 2 and t.single_core_m % t.base_m == 0 and t.single_core_n % t.base_n == 0
    (la, sa), _, _ = local_slots(a, b, np.zeros((1, n), np.float32), t, False, False, False, False, False)
    c = np.full((m, n), -1, np.float32)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        _ub_in_ub_out[1](a, b, c, la, t, np.zeros(16 << 20, np.uint8), sa, it)
    assert not [w for w in seen if "race" in str(w.message)], [str(w.message) for w in seen]
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
