"""pyasc's asc.lib.host pages: MatmulApiTiling (MatmulApiTilingBase) methods, MultiCoreMatmulTiling
and BatchMatmulTiling.get_core_num.

Each test runs its page's example (f16 A/B, f32 C/bias in GM, 1024 x 1024 x 1024 with a bias unless
the page says otherwise: get_tiling must not return -1) and a non-default form, and checks the values
the page pins (return codes: 0 success, -1 failure; set_fix_split's fixed base block and its limits,
set_single_shape's single-core shape, set_align_split's multiple, ...) and the invariants Ascend C's
TCubeTiling page states for any valid tiling (device kit docs/zh/api/SIMD-API/高阶API/矩阵计算/
Matmul-Tiling类/TCubeTiling结构体.md): usedCoreNum = (M / singleCoreM) * (N / singleCoreN) (rounded
up, K not split), baseM / baseN / baseK fractal-aligned (16, 16, C0 = 32 bytes of A's type: the C0
sizes the set_fix_split and set_split_range pages list), iterateOrder 0 = M first and 1 = N first,
dbL0A/B/C in {1, 2}, depth and step factors positive; and the memories they fill: L0A / L0B 64 KiB,
L0C 128 KiB, L1 512 KiB (Ascend910B1), the BiasTable 1 KiB.  A page that says the function is
reserved or not supported (set_double_buffer, set_mad_type, set_split_range) is held to its return
code and a tiling that stays valid."""
import numpy as np
import pytest

import asc
import asc.lib.host as host
from _mm import launch, operands, ref

KIB = 1024
L0AB, L0C, L1, BT = 64 * KIB, 128 * KIB, 512 * KIB, 1 * KIB
F16, F32, I8, I32 = host.DataType.DT_FLOAT16, host.DataType.DT_FLOAT, host.DataType.DT_INT8, host.DataType.DT_INT32
SIZE = {F16: 2, F32: 4, I8: 1, I32: 4}
GMP, ND = host.TPosition.GM, host.CubeFormat.ND
H = "asc.lib.host."
MAT, MULTI = H + "MatmulApiTiling.", H + "MultiCoreMatmulTiling."
api = pytest.mark.api


def cdiv(a, b):
    return -(-a // b)


def page_setup(cls=host.MatmulApiTiling, m=1024, n=1024, k=1024, bias=True, din=F16, dc=F32, dim=None):
    """The pages' common host code (set_bias is CANN's SetBias, enable_bias's alias)."""
    ascendc_platform = host.get_ascendc_platform()
    tiling = cls(ascendc_platform)
    if dim is not None:
        assert tiling.set_dim(dim) == 0
    assert tiling.set_a_type(GMP, ND, din) == 0
    assert tiling.set_b_type(GMP, ND, din) == 0
    assert tiling.set_c_type(GMP, ND, dc) == 0
    assert tiling.set_bias_type(GMP, ND, dc) == 0
    assert tiling.set_shape(m, n, k) == 0
    assert tiling.set_org_shape(m, n, k) == 0
    assert tiling.set_bias(bias) == 0
    assert tiling.set_buffer_space(-1, -1, -1) == 0
    return tiling


def get(api_obj, ok=True):
    tiling_data = asc.adv.TCubeTiling()
    ret = api_obj.get_tiling(tiling_data)
    if ok:
        assert ret != -1, api_obj.error
    else:
        assert ret == -1
    return tiling_data


def check(t, m, n, k, din=F16, bias=True, dim=1, l1=L1, l0c=L0C):
    """The TCubeTiling invariants of the module docstring."""
    a = SIZE[din]
    c0 = 32 // a
    assert (t.m, t.n, t.k_a, t.k_b) == (m, n, k, k)
    assert min(t.single_core_m, t.single_core_n, t.single_core_k, t.base_m, t.base_n, t.base_k) > 0
    assert t.single_core_k == k  # K is not split unless asked
    assert t.used_core_num == cdiv(m, t.single_core_m) * cdiv(n, t.single_core_n) <= dim
    assert t.base_m % 16 == 0 and t.base_n % 16 == 0 and t.base_k % c0 == 0, (t.base_m, t.base_n, t.base_k)
    assert t.base_m <= cdiv(t.single_core_m, 16) * 16 and t.base_n <= cdiv(t.single_core_n, 16) * 16
    assert t.db_l0a in (1, 2) and t.db_l0b in (1, 2) and t.db_l0c in (1, 2)
    assert t.base_m * t.base_k * a * t.db_l0a <= L0AB and t.base_k * t.base_n * a * t.db_l0b <= L0AB
    assert t.base_m * t.base_n * 4 * t.db_l0c <= l0c
    assert min(t.depth_a1, t.depth_b1, t.step_m, t.step_n, t.step_k_a, t.step_k_b) > 0
    assert t.depth_a1 * t.base_m * t.base_k * a + t.depth_b1 * t.base_k * t.base_n * a <= l1
    assert t.iterate_order in (0, 1)
    assert t.is_bias == int(bias)
    if bias:
        assert t.base_n * 4 <= BT


# ---- the example every page shares: set_a/b/c/bias_type, set_shape, set_org_shape, get_tiling ----
@api(MAT + "get_tiling", MAT + "set_shape", MAT + "set_org_shape", MAT + "set_a_type", MAT + "set_b_type",
     MAT + "set_c_type", MAT + "set_bias_type", MAT + "enable_bias", MAT + "set_buffer_space")
def test_page_example():
    check(get(page_setup()), 1024, 1024, 1024)


@api(MAT + "get_tiling")
def test_get_tiling_failure_leaves_the_struct():
    """-1: the tiling failed and its result is unusable; the reason is logged at WARNING with
    'MatmulApi Tiling' (the page's constraint)."""
    t = page_setup(m=64, n=64, k=64)
    assert t.set_fix_split(512, 512, -1) == 0  # baseM above ceil16(singleM): impossible
    data = asc.adv.TCubeTiling()
    assert t.get_tiling(data) == -1
    assert "MatmulApi Tiling" in t.error
    assert data.base_m == 0 and data.m == 0


@api(MAT + "set_shape", MAT + "set_org_shape")
@pytest.mark.parametrize("m,n,k", [(1, 1, 1), (100, 300, 70), (2048, 16, 4096)])
def test_set_shape_non_default(m, n, k):
    """Other shapes, with tails (the shape 'may be the whole matrix or a part of it')."""
    check(get(page_setup(m=m, n=n, k=k)), m, n, k)


@api(MAT + "set_org_shape")
def test_set_org_shape_forms():
    """(org_m_in, org_n_in, org_k_in) and (org_m_in, org_n_in, org_ka_in, org_kb_in) by position and by the
    page's keyword names; Ka != Kb is allowed (it only helps the API's moves); a part of the original
    shape as set_shape."""
    t = page_setup(m=64, n=64, k=64)
    assert t.set_org_shape(org_m_in=128, org_n_in=96, org_k_in=64) == 0
    d = get(t)
    assert (d.m, d.n, d.k_a, d.k_b) == (128, 96, 64, 64) and (d.single_core_m, d.single_core_n) == (64, 64)
    assert t.set_org_shape(org_m_in=128, org_n_in=96, org_ka_in=64, org_kb_in=80) == 0
    d = get(t)
    assert (d.k_a, d.k_b) == (64, 80)
    assert t.set_org_shape(128, 96, 64, 96) == 0
    assert get(t).k_b == 96


@api(MAT + "set_a_type", MAT + "set_b_type", MAT + "set_c_type", MAT + "set_bias_type")
@pytest.mark.parametrize("din,dc,ta,tb", [(F16, F32, True, False), (F32, F32, False, True), (I8, I32, True, True),
                                          (F16, F16, False, False)])
def test_types_non_default(din, dc, ta, tb):
    """Other data types (float, int8 into int32, half C) and transposes: baseK is aligned to the type's
    C0 (32 bytes: 16 half, 8 float, 32 int8)."""
    t = page_setup(m=256, n=192, k=320, din=din, dc=dc, bias=False)
    assert t.set_a_type(GMP, ND, din, ta) == 0 and t.set_b_type(GMP, ND, din, tb) == 0
    check(get(t), 256, 192, 320, din=din, bias=False)


@api(MAT + "set_c_type")
@pytest.mark.parametrize("pos", [host.TPosition.VECIN, host.TPosition.VECOUT, host.TPosition.VECCALC])
def test_c_in_ub(pos):
    """C in a UB position (the kernel receives C tiles there): the tile fits the UB (192 KiB)."""
    t = page_setup(m=512, n=512, k=256)
    assert t.set_c_type(pos, ND, F32) == 0
    d = get(t)
    check(d, 512, 512, 256)
    assert d.base_m * d.base_n * 4 <= 192 * KIB


@api(MAT + "enable_bias")
def test_enable_bias():
    """enable_bias(True) / default False: the tiling's isBias (TCubeTiling page: 0 without, 1 with)."""
    t = page_setup(bias=False)
    assert t.enable_bias(True) == 0
    assert get(t).is_bias == 1
    assert t.enable_bias() == 0
    assert get(t).is_bias == 0


@api(MAT + "get_base_m", MAT + "get_base_n", MAT + "get_base_k")
def test_get_base_mnk():
    """After get_tiling: the tiling's baseM / baseN / baseK; with set_fix_split the fixed values."""
    t = page_setup()
    d = get(t)
    assert (t.get_base_m(), t.get_base_n(), t.get_base_k()) == (d.base_m, d.base_n, d.base_k)
    assert t.set_fix_split(64, 128, -1) == 0
    d = get(t)
    assert (t.get_base_m(), t.get_base_n()) == (64, 128) == (d.base_m, d.base_n)
    assert t.get_base_k() == d.base_k


@api(MAT + "set_fix_split")
def test_set_fix_split():
    """The page's example (16, 16, -1); a non-default (128, 64); the page's limits: baseM x baseN x
    sizeof(C) <= L0C, baseM <= ceil(singleM / 16) * 16 (singleM = 12: baseM can only be 16), baseN <=
    singleN rounded up to C0."""
    t = page_setup()
    assert t.set_fix_split(16, 16, -1) == 0
    d = get(t)
    assert (d.base_m, d.base_n) == (16, 16)
    check(d, 1024, 1024, 1024)
    assert t.set_fix_split(128, 64) == 0
    d = get(t)
    assert (d.base_m, d.base_n) == (128, 64)
    check(d, 1024, 1024, 1024)
    assert t.set_fix_split(256, 256, -1) == 0  # 256 x 256 x 4 bytes = 256 KiB > L0C
    get(t, ok=False)
    s = page_setup(m=12, n=64, k=64)
    assert s.set_fix_split(16, -1, -1) == 0
    assert get(s).base_m == 16
    assert s.set_fix_split(32, -1, -1) == 0
    get(s, ok=False)
    assert s.set_fix_split(-1, 80, -1) == 0  # above singleN = 64 rounded up to 16
    get(s, ok=False)


@api(MAT + "set_traverse")
@pytest.mark.parametrize("trav,order", [(host.MatrixTraverse.FIRSTM, 0), (host.MatrixTraverse.FIRSTN, 1)])
def test_set_traverse(trav, order):
    """FIRSTM: M first (the tiling's iterateOrder 0); FIRSTN: N first (1)."""
    t = page_setup()
    assert t.set_traverse(trav) == 0
    d = get(t)
    assert d.iterate_order == order
    check(d, 1024, 1024, 1024)


@api(MAT + "set_traverse")
def test_set_traverse_runs_in_that_order():
    """Non-default: a Matmul on a FIRSTN tiling writing with en_sequential_write puts tile t of the
    N-first order at C + t * baseM * baseN (the tiling's iterateOrder drives the Matmul)."""
    m, n, k = 64, 64, 32
    api_ = page_setup(m=m, n=n, k=k, bias=False)
    assert api_.set_fix_split(32, 32, -1) == 0 and api_.set_traverse(host.MatrixTraverse.FIRSTN) == 0
    t = get(api_)
    a, b, _, ga, gb = operands(m, n, k, seed=3)
    c = launch(_seq_body(), ga, gb, np.zeros(m * n, np.float32), np.zeros(n, np.float32), t)
    full = ref(a, b)
    tiles = [full[mi * 32:mi * 32 + 32, ni * 32:ni * 32 + 32] for mi in range(2) for ni in range(2)]  # N first
    np.testing.assert_array_equal(c.reshape(4, 32, 32), np.stack(tiles))


def _seq_body():
    from _mm import mm_types

    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg, en_sequential_write=True)
        mm.end()
    return body


@api(MAT + "set_buffer_space")
def test_set_buffer_space():
    """The page's example (-1, -1, -1, -1: the hardware's sizes) and smaller limits the tiling keeps
    to: 64 KiB of L1 and 32 KiB of L0C; a size above the hardware's fails (-1)."""
    t = page_setup()
    assert t.set_buffer_space(-1, -1, -1, -1) == 0
    check(get(t), 1024, 1024, 1024)
    assert t.set_buffer_space(64 * KIB, 32 * KIB, -1, -1) == 0
    check(get(t), 1024, 1024, 1024, l1=64 * KIB, l0c=32 * KIB)
    assert t.set_buffer_space(L1 + 1) == -1


@api(MAT + "set_double_buffer")
@pytest.mark.parametrize("flags", [(True, True, False, False), (False, False, False, False),
                                   (True, True, True, True, False, False)])
def test_set_double_buffer(flags):
    """A reserved interface (Ascend C's SetDoubleBuffer page: not supported yet): 0, and the tiling stays
    valid."""
    t = page_setup()
    assert t.set_double_buffer(*flags) == 0
    check(get(t), 1024, 1024, 1024)


@api(MAT + "set_mad_type")
def test_set_mad_type():
    """'Not supported in the current version': NORMAL (the ordinary mode) is accepted, the tiling valid."""
    t = page_setup()
    assert t.set_mad_type(host.MatrixMadType.NORMAL) == 0
    check(get(t), 1024, 1024, 1024)


@api(MAT + "set_split_range")
def test_set_split_range():
    """'The tiling does not support this yet': the call returns 0 (defaults and a range) and get_tiling
    still gives a valid tiling."""
    t = page_setup()
    assert t.set_split_range() == 0
    assert t.set_split_range(128, 128, 64, 16, 16, 16) == 0
    check(get(t), 1024, 1024, 1024)


@api(MAT + "set_dequant_type")
@pytest.mark.parametrize("kind", [host.DequantType.SCALAR, host.DequantType.TENSOR])
def test_set_dequant_type(kind):
    """The page's example with int8 A/B and an int32 -> half dequantised C as well: 0, a valid tiling."""
    t = page_setup()
    assert t.set_dequant_type(kind) == 0
    check(get(t), 1024, 1024, 1024)
    q = page_setup(m=128, n=128, k=128, din=I8, dc=F16, bias=False)
    assert q.set_dequant_type(kind) == 0
    check(get(q), 128, 128, 128, din=I8, bias=False)


@api(MAT + "set_sparse")
def test_set_sparse():
    """set_sparse(True) before get_tiling (the page's example) and by the page's keyword, is_sparce_in."""
    t = page_setup()
    assert t.set_sparse(True) == 0
    check(get(t), 1024, 1024, 1024)
    assert t.set_sparse(is_sparce_in=False) == 0
    check(get(t), 1024, 1024, 1024)


@api(MAT + "set_matmul_config_params")
def test_set_matmul_config_params():
    """The page's example (mm_config_type 0, the Norm template) and the other forms: (1, ...) with
    schedule type and traverse, and a MatmulConfigParams.  (The page lists 0 / -1 as the return; pyasc's
    own unit tests expect None, Ascend C's function is void: openasc returns None.)"""
    t = page_setup()
    t.set_matmul_config_params(0)
    check(get(t), 1024, 1024, 1024)
    t.set_matmul_config_params(1, False, host.ScheduleType.INNER_PRODUCT, host.MatrixTraverse.FIRSTN, False)
    d = get(t)
    check(d, 1024, 1024, 1024)
    t.set_matmul_config_params(host.MatmulConfigParams(1, False, host.ScheduleType.INNER_PRODUCT,
                                                       host.MatrixTraverse.FIRSTM, False))
    check(get(t), 1024, 1024, 1024)
    # the page's parameter names
    t.set_matmul_config_params(mm_config_type_in=0, enable_l1_cache_ub_in=False,
                               schedule_type_in=host.ScheduleType.INNER_PRODUCT,
                               traverse_in=host.MatrixTraverse.FIRSTN, en_vec_nd2nz_in=False)
    check(get(t), 1024, 1024, 1024)
    t.set_matmul_config_params(config_params=host.MatmulConfigParams(0))
    check(get(t), 1024, 1024, 1024)
    with pytest.raises(TypeError):
        t.set_matmul_config_params(no_such_in=1)


# ---- batch layouts ----
LAYOUT = dict(a=(2, 32, 1, 3, 64), b=(2, 256, 1, 3, 64), c=(2, 32, 1, 3, 256))


def layout_setup():
    """The layout pages' example: a MultiCoreMatmulTiling of 32 x 256 x 64 on one core, A (B=2, S=32, N=1,
    G=3, D=64), B (2, 256, 1, 3, 64), C (2, 32, 1, 3, 256), batch_num 3."""
    t = page_setup(host.MultiCoreMatmulTiling, 32, 256, 64, dim=1)
    assert t.set_a_layout(*LAYOUT["a"]) == 0
    assert t.set_b_layout(*LAYOUT["b"]) == 0
    assert t.set_c_layout(*LAYOUT["c"]) == 0
    assert t.set_batch_num(3) == 0
    assert t.set_buffer_space(-1, -1, -1) == 0
    return t


@api(MAT + "set_a_layout", MAT + "set_b_layout", MAT + "set_c_layout", MAT + "set_batch_num")
def test_layouts_example():
    d = get(layout_setup())
    check(d, 32, 256, 64)
    assert [getattr(d, "a_layout_info_" + x) for x in "bsngd"] == list(LAYOUT["a"])
    assert [getattr(d, "b_layout_info_" + x) for x in "bsngd"] == list(LAYOUT["b"])
    assert [getattr(d, "c_layout_info_" + x) for x in ("b", "s1", "n", "g", "s2")] == list(LAYOUT["c"])
    assert d.batch_num == 3


@api(MAT + "set_a_layout", MAT + "set_b_layout", MAT + "set_c_layout", MAT + "set_batch_num")
def test_layouts_other_values():
    """Non-default: other axes (B=1, S=64, N=2, G=2, D=32 for A; C's S2 = B's S) and batch_num 4, set again on
    the same object: the latest values are the tiling's."""
    t = layout_setup()
    assert t.set_a_layout(1, 64, 2, 2, 32) == 0
    assert t.set_b_layout(1, 48, 2, 2, 32) == 0
    assert t.set_c_layout(1, 64, 2, 2, 48) == 0
    assert t.set_batch_num(4) == 0
    d = get(t)
    assert [getattr(d, "a_layout_info_" + x) for x in "bsngd"] == [1, 64, 2, 2, 32]
    assert [getattr(d, "b_layout_info_" + x) for x in "bsngd"] == [1, 48, 2, 2, 32]
    assert [getattr(d, "c_layout_info_" + x) for x in ("b", "s1", "n", "g", "s2")] == [1, 64, 2, 2, 48]
    assert d.batch_num == 4


@api(MAT + "set_batch_info_for_normal")
def test_set_batch_info_for_normal():
    """The page's example (3 x 3 batches of 32 x 256 x 64, NORMAL) gives a valid tiling; the batches are
    checked by a Matmul in test_adv_config.py (is_bias_batch) and test_adv_matmul.py (iterate_batch)."""
    t = page_setup(host.MultiCoreMatmulTiling, 32, 256, 64, dim=1)
    assert t.set_batch_info_for_normal(3, 3, 32, 256, 64) == 0
    check(get(t), 32, 256, 64)
    assert t.set_batch_info_for_normal(0, 3, 32, 256, 64) == -1


# ---- MultiCoreMatmulTiling ----
@api(MULTI + "set_dim")
@pytest.mark.parametrize("dim", [1, 8, 24, 48])
def test_set_dim(dim):
    """The example with use_core_nums = dim (and set_single_shape(1024, ...) dropped, so the tiling
    splits): at most dim cores are used; a dim above the platform's (48 AIV) fails."""
    t = page_setup(host.MultiCoreMatmulTiling, dim=dim)
    check(get(t), 1024, 1024, 1024, dim=dim)
    assert t.set_dim(49) == -1


@api(MULTI + "set_single_shape")
def test_set_single_shape():
    """The page's example (1024, 1024, 1024 on 1024^3: one core) and a non-default (256, 512): the
    single-core shape is the one set, 4 x 2 cores."""
    t = page_setup(host.MultiCoreMatmulTiling, dim=8)
    assert t.set_single_shape(1024, 1024, 1024) == 0
    d = get(t)
    assert (d.single_core_m, d.single_core_n, d.single_core_k, d.used_core_num) == (1024, 1024, 1024, 1)
    assert t.set_single_shape(256, 512) == 0
    d = get(t)
    assert (d.single_core_m, d.single_core_n, d.used_core_num) == (256, 512, 8)
    check(d, 1024, 1024, 1024, dim=8)


@api(MULTI + "set_single_range")
def test_set_single_range():
    """The page's example (max = min = 1024: the single-core shape is 1024^3) and a range (max 256,
    min 128 for M and N)."""
    t = page_setup(host.MultiCoreMatmulTiling, dim=48)
    assert t.set_single_range(1024, 1024, 1024, 1024, 1024, 1024) == 0
    d = get(t)
    assert (d.single_core_m, d.single_core_n, d.single_core_k) == (1024, 1024, 1024)
    assert t.set_single_range(256, 256, -1, 128, 128, -1) == 0
    d = get(t)
    assert 128 <= d.single_core_m <= 256 and 128 <= d.single_core_n <= 256
    check(d, 1024, 1024, 1024, dim=48)


@api(MULTI + "set_align_split")
@pytest.mark.parametrize("align", [(-1, 64, -1), (48, 0, -1), (128, 128, -1)])
def test_set_align_split(align):
    """The page's example (single_core_n a multiple of 64) and other alignments (-1 / 0: not set)."""
    t = page_setup(host.MultiCoreMatmulTiling, m=1000, n=900, k=256, dim=20)
    assert t.set_align_split(*align) == 0
    d = get(t)
    check(d, 1000, 900, 256, dim=20)
    for v, s in zip(align[:2], (d.single_core_m, d.single_core_n)):
        if v > 0:
            assert s % v == 0, (align, s)


@api(MULTI + "get_core_num")
@pytest.mark.parametrize("dim,single", [(8, None), (48, (128, 256)), (1, None)])
def test_get_core_num(dim, single):
    """(dim, m_dim, n_dim) after get_tiling: dim = m_dim * n_dim (Ascend C's GetCoreNum page), m_dim =
    ceil(M / singleCoreM), n_dim = ceil(N / singleCoreN), dim the tiling's used cores."""
    t = page_setup(host.MultiCoreMatmulTiling, dim=dim)
    if single:
        assert t.set_single_shape(*single) == 0
    d = get(t)
    core_dim, m_dim, n_dim = t.get_core_num()
    assert core_dim == m_dim * n_dim == d.used_core_num <= dim
    assert (m_dim, n_dim) == (cdiv(1024, d.single_core_m), cdiv(1024, d.single_core_n))


@api(MULTI + "get_single_shape")
def test_get_single_shape():
    """(single_core_m, single_core_n, single_core_k) after get_tiling (the page's example: 1024^3)."""
    t = page_setup(host.MultiCoreMatmulTiling, dim=16)
    assert t.set_single_shape(1024, 1024, 1024) == 0
    get(t)
    assert t.get_single_shape() == (1024, 1024, 1024)
    assert t.set_single_shape(-1, -1, -1) == 0
    d = get(t)
    assert t.get_single_shape() == (d.single_core_m, d.single_core_n, d.single_core_k)


@api(MULTI + "enable_multi_core_split_k")
def test_enable_multi_core_split_k_tiling():
    """Not called: K is not split; enable_multi_core_split_k(True) on a long-K shape splits it over the
    cores (no bias: the Ascend C page's constraint), each block's K slice a multiple of baseK."""
    t = page_setup(host.MultiCoreMatmulTiling, m=32, n=32, k=8192, dim=8, bias=False)
    assert get(t).single_core_k == 8192
    assert t.enable_multi_core_split_k(True) is None
    d = get(t)
    assert d.single_core_k < 8192
    kd = cdiv(8192, d.single_core_k)
    assert d.used_core_num == cdiv(32, d.single_core_m) * cdiv(32, d.single_core_n) * kd <= 8
    assert d.single_core_k % d.base_k == 0


def _split_k_body():
    from _mm import mm_types

    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        kb = asc.get_block_idx()  # blocks split K only here (M and N fit one core)
        mm.set_tensor_a(ag[kb * t.single_core_k:])
        mm.set_tensor_b(bg[kb * t.single_core_k * t.n:])
        mm.iterate_all(cg, en_atomic=1)  # the page: C cleared first, then AtomicAdd of each slice
        mm.end()
    return body


@api(MULTI + "enable_multi_core_split_k")
def test_enable_multi_core_split_k_runs():
    """The page's kernel-side rule: C in GM cleared, each K slice added with AtomicAdd: the sum is A * B."""
    m, n, k = 32, 32, 2048
    t = page_setup(host.MultiCoreMatmulTiling, m=m, n=n, k=k, dim=4, bias=False)
    t.enable_multi_core_split_k(True)
    d = get(t)
    assert d.single_core_m == m and d.single_core_n == n and d.used_core_num > 1
    assert d.used_core_num * d.single_core_k == k
    a, b, _, ga, gb = operands(m, n, k, seed=8)
    c = launch(_split_k_body(), ga, gb, np.zeros((m, n), np.float32), np.zeros(n, np.float32), d,
               blocks=d.used_core_num)
    np.testing.assert_array_equal(c, ref(a, b))


# ---- BatchMatmulTiling ----
@api(H + "BatchMatmulTiling.get_core_num")
@pytest.mark.parametrize("batch", [None, (3, 3), (4, 2)])
def test_batch_get_core_num(batch):
    """A 5-tuple (dim, m_dim, n_dim, batch_core_m, batch_core_n) after get_tiling, dim = m_dim * n_dim."""
    t = page_setup(host.BatchMatmulTiling)
    if batch:
        assert t.set_batch_info_for_normal(*batch, 1024, 1024, 1024) == 0
    d = get(t)
    r = t.get_core_num()
    assert len(r) == 5
    dim, m_dim, n_dim, bcm, bcn = r
    assert dim == m_dim * n_dim == d.used_core_num
    assert min(bcm, bcn) >= 1
