"""asc.lib.host: platform facts, CANN's host enums, the documented methods' return codes, the
TCubeTiling byte layout and a property test of the tiling generator (src/host/tiling.c).

References are independent of the implementation: enum values and the TCubeTiling field order
are written out here from CANN's headers and api.md §10.2; memory sizes from hardware.md §2."""
import ctypes
import logging
import random

import numpy as np
import pytest

import asc
from asc.lib import host

KIB = 1024
HW = dict(l0a=64 * KIB, l0b=64 * KIB, l0c=128 * KIB, l1=512 * KIB, bt=1 * KIB, ub=192 * KIB, aic=24, aiv=48)  # Ascend910B1
ESIZE = {host.DataType.DT_FLOAT: 4, host.DataType.DT_FLOAT16: 2, host.DataType.DT_BF16: 2,
         host.DataType.DT_INT8: 1, host.DataType.DT_INT32: 4}

# api.md §10.2, in order
TCUBE_FIELDS = """used_core_num m n k_a k_b single_core_m single_core_n single_core_k base_m base_n base_k depth_a1
depth_b1 step_m step_n is_bias trans_length iterate_order share_mode share_l1_size share_l0c_size share_ub_size
batch_m batch_n single_batch_m single_batch_n step_k_a step_k_b depth_a_l1_cache_ub depth_b_l1_cache_ub db_l0a
db_l0b db_l0c a_layout_info_b a_layout_info_s a_layout_info_n a_layout_info_g a_layout_info_d b_layout_info_b
b_layout_info_s b_layout_info_n b_layout_info_g b_layout_info_d c_layout_info_b c_layout_info_s1 c_layout_info_n
c_layout_info_g c_layout_info_s2 batch_num""".split()


@pytest.fixture
def plat():
    return host.PlatformAscendCManager.get_instance("Ascend910B1")


def cdiv(a, b):
    return -(-a // b)


def rup(a, b):
    return cdiv(a, b) * b


# ---- layout, enums, platform -------------------------------------------------------------------------------------
def test_tcube_tiling_byte_layout():
    cls = asc.adv.TCubeTiling
    assert list(cls.struct_fields) == TCUBE_FIELDS and len(TCUBE_FIELDS) == 49
    assert ctypes.sizeof(cls.ctypes_class) == 49 * 4
    for i, f in enumerate(TCUBE_FIELDS):
        assert getattr(cls.ctypes_class, f).offset == 4 * i, f
        assert cls.struct_fields[f].dtype == asc.int32
    assert cls.struct_fields["trans_length"].name == "transLength"
    assert cls.struct_fields["share_l0c_size"].name == "shareL0CSize"
    t = cls()
    assert all(getattr(t, f) == 0 for f in TCUBE_FIELDS)
    t.base_k = 7
    assert t.addressof() == ctypes.addressof(t.ctypes_struct)
    assert bytes(t.ctypes_struct)[40:44] == (7).to_bytes(4, "little")  # base_k is field 10
    assert asc.language.adv.tiling.TCubeTiling is cls


def test_host_enums_have_canns_values():
    E = host
    assert [E.TPosition.GM, E.TPosition.A1, E.TPosition.CO2, E.TPosition.VECIN, E.TPosition.VECCALC] == [0, 1, 8, 9, 11]
    assert E.TPosition.LCM == 11 and E.TPosition.SPM == E.TPosition.SHM == 12 and E.TPosition.TSCM == 13
    assert E.TPosition.MAX == 14
    assert [int(getattr(E.CubeFormat, n)) for n in "ND NZ ZN ZZ NN ND_ALIGN SCALAR VECTOR".split()] == list(range(8))
    assert E.CubeFormat.ROW_MAJOR == 0 and E.CubeFormat.COLUMN_MAJOR == 8
    assert (E.DataType.DT_FLOAT, E.DataType.DT_FLOAT16, E.DataType.DT_INT8, E.DataType.DT_INT32) == (0, 1, 2, 3)
    assert (E.DataType.DT_BF16, E.DataType.DT_INT4, E.DataType.DT_BFLOAT16) == (27, 29, 33)
    assert (E.MatrixTraverse.NOSET, E.MatrixTraverse.FIRSTM, E.MatrixTraverse.FIRSTN) == (0, 1, 2)
    assert (E.MatrixMadType.NORMAL, E.MatrixMadType.HF32, E.MatrixMadType.MXMODE) == (0, 1, 2)
    assert (E.DequantType.SCALAR, E.DequantType.TENSOR) == (0, 1)
    assert (E.ScheduleType.INNER_PRODUCT, E.ScheduleType.OUTER_PRODUCT) == (0, 1)
    assert E.TPosition.GM.name == "GM" and E.DataType(27).name == "DT_BF16"


def test_platform(plat):
    assert host.PlatformAscendCManager.get_instance("Ascend910B1") is plat
    assert plat.get_core_num_aic() == HW["aic"] and plat.get_core_num_aiv() == HW["aiv"]
    assert plat.get_core_num() == HW["aiv"]
    assert plat.get_core_mem_size(host.CoreMemType.L0_A) == HW["l0a"]
    assert plat.get_core_mem_size(host.CoreMemType.L0_C) == HW["l0c"]
    assert plat.get_core_mem_size(host.CoreMemType.L1) == HW["l1"]
    assert plat.get_core_mem_size(host.CoreMemType.UB) == 192 * KIB
    assert plat.calc_tsch_block_dim(48, 24, 48) == 24 and plat.calc_tsch_block_dim(10, 24, 0) == 10
    b3 = host.PlatformAscendCManager.get_instance(asc.runtime.config.Platform.Ascend910B3)
    assert b3.get_core_num_aic() == 20
    with pytest.raises(ValueError, match="unknown platform 'Ascend310P1'"):
        host.PlatformAscendCManager.get_instance("Ascend310P1")
    assert host.get_ascendc_platform().soc_version == asc.lib.runtime.get_soc_version().value


# ---- documented methods and their codes --------------------------------------------------------------------------
def test_setters_return_codes(plat):
    t = host.MultiCoreMatmulTiling(plat)
    GM, ND, F16 = host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16
    assert t.set_a_type(GM, ND, F16, True) == 0 and t.set_b_type(GM, ND, F16) == 0
    assert t.set_c_type(GM, ND, host.DataType.DT_FLOAT) == 0 and t.set_bias_type(GM, ND, host.DataType.DT_FLOAT) == 0
    assert t.set_shape(0, 16, 16) == -1 and t.set_shape(64, 64, 64) == 0
    assert t.set_org_shape(64, 64, 0) == -1 and t.set_org_shape(64, 64, 64, 64) == 0
    assert t.set_dim(0) == -1 and t.set_dim(HW["aiv"] + 1) == -1 and t.set_dim(8) == 0
    assert t.set_buffer_space(HW["l1"] + 1) == -1 and t.set_buffer_space(-1, -1, -1) == 0
    assert t.set_fix_split(0) == -1 and t.set_fix_split(-1, -1, -1) == 0
    assert t.set_split_range(16, -1, -1, 32) == -1 and t.set_split_range() == 0
    assert t.set_single_range(16, -1, -1, 32) == -1 and t.set_single_range(64, 64, 64, 16, 16, 16) == 0
    assert t.set_align_split(-2, 16, 16) == -1 and t.set_align_split(16, 0, -1) == 0
    assert t.set_mad_type(host.MatrixMadType.MXMODE) == -1 and t.set_mad_type(host.MatrixMadType.NORMAL) == 0
    assert t.set_batch_num(0) == -1 and t.set_batch_num(2) == 0
    assert t.set_a_layout(-1, 1, 1, 1, 1) == -1 and t.set_a_layout(1, 64, 1, 1, 64) == 0
    assert t.set_traverse(host.MatrixTraverse.FIRSTN) == 0 and t.set_dequant_type(host.DequantType.TENSOR) == 0
    assert t.set_double_buffer(True, True, False, False) == 0 and t.set_sparse(False) == 0 and t.enable_bias(True) == 0
    assert t.enable_multi_core_split_k(False) is None and t.set_matmul_config_params(0) is None
    assert t.get_core_num() is None and t.get_single_shape() is None  # before get_tiling
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0
    assert t.get_core_num() == (tiling.used_core_num, cdiv(64, tiling.single_core_m), cdiv(64, tiling.single_core_n))
    assert t.get_single_shape() == (tiling.single_core_m, tiling.single_core_n, tiling.single_core_k)
    assert tiling.iterate_order == 1 and tiling.is_bias == 1 and tiling.batch_num == 2
    assert (tiling.a_layout_info_s, tiling.a_layout_info_d) == (64, 64)
    assert (t.get_base_m(), t.get_base_n(), t.get_base_k()) == (tiling.base_m, tiling.base_n, tiling.base_k)
    assert t.set_shape(32, 32, 32) == 0 and t.get_core_num() is None  # a setter drops the result
    with pytest.raises(ValueError, match="mm_config_type"):
        t.set_matmul_config_params(5)
    with pytest.raises(TypeError, match="must be a TPosition"):
        t.set_a_type(host.CubeFormat.ND, ND, F16)
    with pytest.raises(TypeError, match="takes an asc.adv.TCubeTiling"):
        t.get_tiling(object())
    with pytest.raises(TypeError, match="takes a PlatformAscendC"):
        host.MatmulApiTiling("Ascend910B1")


def test_batch_matmul_core_num(plat):
    t = host.BatchMatmulTiling(plat)
    assert t.set_batch_info_for_normal(3, 3, 32, 256, 64) == 0
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0
    assert t.get_core_num() == (1, 1, 1, 1, 1)
    assert (tiling.batch_m, tiling.batch_n, tiling.single_core_n) == (3, 3, 256)
    assert host.BatchMatmulTiling().get_core_num() is None  # no-argument constructor: current platform


def test_impossible_request_returns_minus_one_with_message(plat, caplog):
    t = host.MatmulApiTiling(plat)
    t.set_shape(1024, 1024, 256)
    t.set_fix_split(512, 512, -1)  # 512*512*4 B > L0C
    tiling = asc.adv.TCubeTiling()
    with caplog.at_level(logging.WARNING, logger="asc.lib.host"):
        assert t.get_tiling(tiling) == -1
    assert "MatmulApi Tiling: no base tile" in t.error and t.error in caplog.text
    assert tiling.base_m == 0  # untouched on failure
    t.set_fix_split(256, 128, -1)
    assert t.get_tiling(tiling) == 0 and t.error == ""
    assert t.set_buffer_space(4 * KIB) == 0  # an L1 too small for any tile pair of this shape
    t.set_fix_split(256, 128, 64)
    assert t.get_tiling(tiling) == -1 and "do not fit L1" in t.error
    m = host.MultiCoreMatmulTiling(plat)
    m.set_shape(1024, 1024, 64)
    m.set_dim(4)
    m.set_single_shape(128, 128)
    assert m.get_tiling(tiling) == -1 and "cores" in m.error
    f = host.MatmulApiTiling(plat)
    f.set_shape(64, 64, 64)
    f.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)  # B stays DT_FLOAT
    assert f.get_tiling(tiling) == -1 and "data type" in f.error


# ---- the generator -------------------------------------------------------------------------------------------------
def check_valid(tiling, m, n, k, dim, dt, bias, split_k=False, bias_bytes=4, c_in_ub=False):
    """Every constraint a kernel relies on; returns the coverage count of C's (and K's) blocks."""
    t = tiling
    if c_in_ub:  # C received in UB tiles, double-buffered by the kernel's queue: two fit
        assert 2 * rup(t.base_m, 16) * rup(t.base_n, 16) * 4 <= HW["ub"], (t.base_m, t.base_n)
    sa, k0 = ESIZE[dt], 32 // ESIZE[dt]
    assert (t.m, t.n, t.k_a, t.k_b) == (m, n, k, k)
    assert min(t.single_core_m, t.single_core_n, t.single_core_k, t.base_m, t.base_n, t.base_k) > 0
    md, nd, kd = cdiv(m, t.single_core_m), cdiv(n, t.single_core_n), cdiv(k, t.single_core_k)
    assert t.used_core_num == md * nd * kd <= dim
    assert split_k or kd == 1
    # coverage: every block's box [lo, hi) clipped to C (and K), counted on the grid of all box
    # edges (each grid cell stands for the elements between two consecutive edges): once each
    boxes = []
    for b in range(t.used_core_num):
        idx = (b % md, (b // md) % nd, b // (md * nd))
        box = [(i * s, min((i + 1) * s, e)) for i, s, e in zip(idx, (t.single_core_m, t.single_core_n,
                                                                       t.single_core_k), (m, n, k))]
        assert all(lo < hi for lo, hi in box)  # no empty block
        boxes.append(box)
    edges = [sorted({0, e} | {v for box in boxes for v in box[a]}) for a, e in enumerate((m, n, k))]
    cover = np.zeros([len(x) - 1 for x in edges], np.int32)
    for box in boxes:
        cover[tuple(slice(edges[a].index(lo), edges[a].index(hi)) for a, (lo, hi) in enumerate(box))] += 1
    assert (cover == 1).all()
    bm, bn, bk = rup(t.base_m, 16), rup(t.base_n, 16), rup(t.base_k, k0)
    assert bm * bk * sa * t.db_l0a <= HW["l0a"] and bk * bn * sa * t.db_l0b <= HW["l0b"]
    assert bm * bn * 4 * t.db_l0c <= HW["l0c"]
    assert not bias or bn * bias_bytes <= HW["bt"]
    assert t.step_k_a == t.step_k_b and 1 <= t.step_k_a <= cdiv(t.single_core_k, t.base_k)
    assert 1 <= t.step_m <= cdiv(t.single_core_m, t.base_m) and 1 <= t.step_n <= cdiv(t.single_core_n, t.base_n)
    assert t.depth_a1 in (t.step_m * t.step_k_a, 2 * t.step_m * t.step_k_a)
    assert t.depth_b1 in (t.step_n * t.step_k_b, 2 * t.step_n * t.step_k_b)
    l1 = t.depth_a1 * bm * bk * sa + t.depth_b1 * bk * bn * sa + (t.step_n * bn * bias_bytes if bias else 0)
    assert l1 <= HW["l1"] and t.share_l1_size == l1
    assert t.share_l0c_size == bm * bn * 4 * t.db_l0c
    assert t.is_bias == int(bias)


def test_generator_property(plat):
    rng = random.Random(2026)
    F = host.DataType
    for _ in range(250):
        dt = rng.choice([F.DT_FLOAT16, F.DT_FLOAT, F.DT_BF16, F.DT_INT8])
        cdt = F.DT_INT32 if dt == F.DT_INT8 else F.DT_FLOAT
        m, n, k = (rng.choice([rng.randint(1, 64), rng.randint(1, 1500)]) for _ in range(3))
        bias, kind, dim = rng.random() < 0.5, rng.choice("SMB"), rng.randint(1, 48)
        split_k = kind == "M" and rng.random() < 0.3
        t = {"S": host.MatmulApiTiling, "M": host.MultiCoreMatmulTiling, "B": host.BatchMatmulTiling}[kind](plat)
        t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, dt, rng.random() < 0.5)
        t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, dt, rng.random() < 0.5)
        cpos = rng.choice([host.TPosition.GM, host.TPosition.GM, host.TPosition.VECIN, host.TPosition.VECOUT,
                           host.TPosition.VECCALC])
        t.set_c_type(cpos, host.CubeFormat.ND, cdt)
        t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, cdt)
        t.enable_bias(bias)
        t.set_org_shape(m, n, k)
        t.set_shape(m, n, k)
        batch = None
        if kind == "B" and rng.random() < 0.5:
            batch = (rng.randint(1, 8), rng.randint(1, 8))
            assert t.set_batch_info_for_normal(*batch, m, n, k) == 0
        elif rng.random() < 0.3:
            batch = (rng.randint(1, 8),) * 2
            assert t.set_a_layout(batch[0], m, 1, 1, k) == 0 and t.set_b_layout(batch[0], k, 1, 1, n) == 0
            assert t.set_c_layout(batch[0], m, 1, 1, n) == 0 and t.set_batch_num(batch[0]) == 0
        if kind == "M":
            assert t.set_dim(dim) == 0
            t.enable_multi_core_split_k(split_k)
        else:
            dim = 1
        tiling = asc.adv.TCubeTiling()
        assert t.get_tiling(tiling) == 0, (kind, dt, m, n, k, dim, t.error)
        check_valid(tiling, m, n, k, dim, dt, bias, split_k, c_in_ub=cpos != host.TPosition.GM)
        if batch is not None:  # the batch fields the batch forms of Matmul read
            assert (tiling.a_layout_info_b, tiling.b_layout_info_b) == batch
            assert (tiling.a_layout_info_s, tiling.c_layout_info_s1, tiling.c_layout_info_s2) == (m, m, n)
            assert tiling.c_layout_info_b == max(batch)
            if kind == "B":
                assert (tiling.batch_m, tiling.batch_n) == batch


@pytest.mark.parametrize("m,n,k,dim,fix,bias", [
    (512, 512, 1024, 48, None, False),        # tutorial 03 (MIX: 48 AIV)
    (128, 64, 30720, 24, None, False),        # tutorial 04 (cube only)
    (1024, 256, 640, 2, (256, 128, -1), True),  # tutorial 05 (FIRSTM, fixed split, bias)
    (256, 256, 256, 16, None, True),          # kernels/test_matmul
])
def test_tutorial_tilings(plat, m, n, k, dim, fix, bias):
    t = host.MultiCoreMatmulTiling(plat)
    F16, F32 = host.DataType.DT_FLOAT16, host.DataType.DT_FLOAT
    t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, F16, False)
    t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, F16, False)
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, F32)
    t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, F32)
    assert t.set_dim(dim) == 0 and t.set_org_shape(m, n, k) == 0 and t.set_shape(m, n, k) == 0
    assert t.enable_bias(bias) == 0 and t.set_buffer_space(-1, -1, -1) == 0
    if fix:
        assert t.set_fix_split(*fix) == 0 and t.set_traverse(host.MatrixTraverse.FIRSTM) == 0
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0, t.error
    check_valid(tiling, m, n, k, dim, F16, bias)
    if fix:
        assert (tiling.base_m, tiling.base_n) == fix[:2] and tiling.iterate_order == 0


def test_fixed_single_shape_and_ranges(plat):
    t = host.MultiCoreMatmulTiling(plat)
    t.set_shape(300, 200, 100)
    t.set_single_shape(128, -1, -1)
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0 and tiling.single_core_m == 128
    check_valid(tiling, 300, 200, 100, HW["aic"], host.DataType.DT_FLOAT, False)
    t.set_single_shape()
    t.set_align_split(64, 32, -1)
    t.set_split_range(64, 32, 16)
    assert t.get_tiling(tiling) == 0
    assert tiling.single_core_m % 64 == 0 or tiling.single_core_m == 300
    assert tiling.single_core_n % 32 == 0 or tiling.single_core_n == 200
    assert tiling.base_m <= 64 and tiling.base_n <= 32 and tiling.base_k <= 16


# ---- the tiling in a kernel ----------------------------------------------------------------------------------------
@asc.jit
def _tiling_echo(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, tiling.used_core_num)
    g.set_value(1, tiling.single_core_m)
    g.set_value(2, tiling.base_k)
    g.set_value(3, tiling.batch_num)


def test_tiling_reaches_a_kernel(plat):
    t = host.MultiCoreMatmulTiling(plat)
    t.set_shape(512, 512, 1024)
    t.set_dim(8)
    t.set_batch_num(5)
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0
    out = np.zeros(4, np.int32)
    _tiling_echo[1](out, tiling)
    assert out.tolist() == [tiling.used_core_num, tiling.single_core_m, tiling.base_k, 5]


def test_ub_staging_when_c_goes_to_vecin(plat):
    t = host.MatmulApiTiling(plat)
    t.set_shape(256, 256, 128)
    t.set_c_type(host.TPosition.VECIN, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0
    assert tiling.trans_length == tiling.share_ub_size == rup(tiling.base_m, 16) * rup(tiling.base_n, 16) * 4
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    assert t.get_tiling(tiling) == 0 and tiling.trans_length == 0
    t.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_fix_split(128, 128, -1)
    assert t.set_buffer_space(-1, -1, 32 * KIB) == 0  # a 128*128*4 B C tile does not fit 32 KiB of UB
    assert t.get_tiling(tiling) == -1 and "exceeds UB" in t.error


def test_huge_shape_returns_at_once(plat):
    """Regression: the base-tile search walked every multiple of 16 up to the shape (17 s here)."""
    import time
    t = host.MultiCoreMatmulTiling(plat)
    t.set_shape(2**31 - 1, 2**31 - 1, 2**31 - 1)
    tiling = asc.adv.TCubeTiling()
    t0 = time.perf_counter()
    assert t.get_tiling(tiling) == 0
    assert time.perf_counter() - t0 < 1.0
    assert tiling.base_m * tiling.base_n * 4 * tiling.db_l0c <= HW["l0c"]
    with pytest.raises(ValueError, match="does not fit int32"):
        t.set_shape(2**31, 1, 1)
