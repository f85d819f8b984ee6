"""pyasc's asc.language.adv Matmul configuration pages: get_basic_config, get_ib_share_norm_config,
get_mdl_config, get_mm_config, get_normal_config, get_special_basic_config, get_special_mdl_config,
get_matmul_api_tiling and register_matmul.

Each get_*_config page maps its arguments to MatmulConfig fields ("basic_m: sets basicM", ...) and
returns "the X template"; Ascend C's MatmulConfig page (device kit docs/zh/api/SIMD-API/高阶API/矩阵计算/
Matmul-Kernel侧接口/MatmulConfig.md) names the template switch each sets (doBasicBlock for
GetBasicConfig, doMultiDataLoad for MDL, doSpecialMDL with doMultiDataLoad false, doIBShareNorm,
doNorm).  Each page's example builds a Matmul with the config, registers it with a tiling, sets A, B
and the bias and calls iterate_all: the tests run that flow and compare C with numpy (small integers:
exact).  get_matmul_api_tiling: the page's constraint is that the config's base (and single-core)
shape are the tiling's; Ascend C's page adds that a fully constant tiling (base and single-core shape
set) lets REGIST_MATMUL_OBJ go without a tiling."""
import numpy as np
import pytest

import asc
from _mm import GM, ND, launch, mm_types, operands, ref, tiling

ADV = "asc.language.adv."
BM = asc.BatchMode
api = pytest.mark.api


def example_body(cfg, bias=True):
    """The pages' example: Matmul(a_type, b_type, c_type, bias_type, mm_cfg), register_matmul(pipe,
    workspace, mm, tiling), set_tensor_a, set_tensor_b, set_bias, iterate_all(gm_c)."""
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        a_type, b_type, c_type, bias_type = mm_types(ag, bg, cg, biasg)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a_type, b_type, c_type, bias_type, cfg)
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        if bias:
            mm.set_bias(biasg)
        mm.iterate_all(cg)
        mm.end()
    return body


def run_example(cfg, m, n, k, fix=None, mix=False, bias=True):
    a, b, bv, ga, gb = operands(m, n, k, seed=m + n + k)
    t = tiling(m, n, k, bias=bias, fix=fix)
    c = launch(example_body(cfg, bias), ga, gb, np.full((m, n), -1, np.float32), bv, t, mix=mix)
    np.testing.assert_array_equal(c, ref(a, b, bv if bias else None))
    return t


def fields(cfg, **want):
    got = {k: getattr(cfg, k) for k in want}
    assert got == want


# ---- get_basic_config ----
@api(ADV + "get_basic_config")
def test_get_basic_config_fields():
    """get_basic_config(128, 256, 64): basicM/N/K, the defaults of the other arguments, the BasicBlock
    template (doBasicBlock); non-default intrinsics_limit, batch_loop and bmm_mode."""
    fields(asc.adv.get_basic_config(128, 256, 64), basic_m=128, basic_n=256, basic_k=64, do_basic_block=True,
           intrinsics_check=False, is_n_batch=False, batch_mode=BM.BATCH_LESS_THAN_L1)
    fields(asc.adv.get_basic_config(32, 64, 16, intrinsics_limit=True, batch_loop=True,
                                    bmm_mode=BM.SINGLE_LARGE_THAN_L1),
           basic_m=32, basic_n=64, basic_k=16, do_basic_block=True, intrinsics_check=True, is_n_batch=True,
           batch_mode=BM.SINGLE_LARGE_THAN_L1)


@api(ADV + "get_basic_config")
@pytest.mark.parametrize("mix", [False, True])
def test_get_basic_config_example(mix):
    """The page's flow with get_basic_config(128, 256, 64) and a tiling of that base block (the
    BasicBlock template computes base blocks of the config's shape)."""
    run_example(asc.adv.get_basic_config(128, 256, 64), 256, 512, 128, fix=(128, 256, 64), mix=mix)


# ---- get_ib_share_norm_config ----
@api(ADV + "get_ib_share_norm_config")
def test_get_ib_share_norm_config_fields():
    fields(asc.adv.get_ib_share_norm_config(), do_ib_share_norm=True, intrinsics_check=False, is_n_batch=False,
           en_vec_nd2nz=False, batch_mode=BM.BATCH_LESS_THAN_L1, enable_double_cache=False, en_unit_flag=True)
    fields(asc.adv.get_ib_share_norm_config(True, True, True, BM.BATCH_LARGE_THAN_L1, True, False),
           do_ib_share_norm=True, intrinsics_check=True, is_n_batch=True, en_vec_nd2nz=True,
           batch_mode=BM.BATCH_LARGE_THAN_L1, enable_double_cache=True, en_unit_flag=False)


@api(ADV + "get_ib_share_norm_config")
def test_get_ib_share_norm_config_example():
    run_example(asc.adv.get_ib_share_norm_config(), 64, 96, 80, mix=True)


# ---- get_mdl_config ----
@api(ADV + "get_mdl_config")
def test_get_mdl_config_fields():
    """Defaults as the page's signature gives them (en_unit_flag False, is_msg_reuse and enable_ub_reuse
    True) and every argument set to its other value."""
    fields(asc.adv.get_mdl_config(), do_multi_data_load=True, intrinsics_check=False, is_n_batch=False,
           do_mte2_preload=0, en_vec_nd2nz=False, is_per_tensor=False, has_anti_quant_offset=False,
           en_unit_flag=False, enable_reuse=True, enable_ub_reuse=True, enable_l1_cache_ub=False,
           enable_mix_dual_master=False, enable_kdim_reorder_load=False)
    fields(asc.adv.get_mdl_config(True, True, 2, True, True, True, True, False, False, True, True, True),
           do_multi_data_load=True, intrinsics_check=True, is_n_batch=True, do_mte2_preload=2, en_vec_nd2nz=True,
           is_per_tensor=True, has_anti_quant_offset=True, en_unit_flag=True, enable_reuse=False,
           enable_ub_reuse=False, enable_l1_cache_ub=True, enable_mix_dual_master=True,
           enable_kdim_reorder_load=True)


@api(ADV + "get_mdl_config")
@pytest.mark.parametrize("preload", [0, 1, 2])
def test_get_mdl_config_example(preload):
    """The page's flow; non-default do_mte2_preload (M / N preload: a performance option)."""
    run_example(asc.adv.get_mdl_config(do_mte2_preload=preload), 96, 64, 128)


# ---- get_special_mdl_config ----
@api(ADV + "get_special_mdl_config")
def test_get_special_mdl_config_fields():
    """SpecialMDL: doSpecialMDL set and doMultiDataLoad false (Ascend C's MatmulConfig page)."""
    fields(asc.adv.get_special_mdl_config(), do_special_mdl=True, do_multi_data_load=False, intrinsics_check=False,
           is_n_batch=False, do_mte2_preload=0, en_vec_nd2nz=False, is_per_tensor=False, has_anti_quant_offset=False)
    fields(asc.adv.get_special_mdl_config(True, True, 1, True, True, True), do_special_mdl=True,
           do_multi_data_load=False, intrinsics_check=True, is_n_batch=True, do_mte2_preload=1, en_vec_nd2nz=True,
           is_per_tensor=True, has_anti_quant_offset=True)


@api(ADV + "get_special_mdl_config")
def test_get_special_mdl_config_example():
    run_example(asc.adv.get_special_mdl_config(), 80, 48, 96, mix=True)


# ---- get_normal_config ----
@api(ADV + "get_normal_config")
def test_get_normal_config_fields():
    fields(asc.adv.get_normal_config(), do_norm=True, intrinsics_check=False, is_n_batch=False, en_vec_nd2nz=False,
           batch_mode=BM.BATCH_LESS_THAN_L1, enable_reuse=True, iterate_order=asc.IterateOrder.ORDER_M,
           schedule_type=asc.ScheduleType.INNER_PRODUCT, en_unit_flag=True)
    fields(asc.adv.get_normal_config(True, True, True, BM.SINGLE_LARGE_THAN_L1, False, asc.IterateOrder.ORDER_N,
                                     asc.ScheduleType.OUTER_PRODUCT, False),
           do_norm=True, intrinsics_check=True, is_n_batch=True, en_vec_nd2nz=True, batch_mode=BM.SINGLE_LARGE_THAN_L1,
           enable_reuse=False, iterate_order=asc.IterateOrder.ORDER_N, schedule_type=asc.ScheduleType.OUTER_PRODUCT,
           en_unit_flag=False)


@api(ADV + "get_normal_config")
@pytest.mark.parametrize("order", [asc.IterateOrder.ORDER_M, asc.IterateOrder.ORDER_N])
def test_get_normal_config_example(order):
    """The page's flow; non-default: the OUTER_PRODUCT schedule with each iterate order (cube-only,
    C in GM, as Ascend C's MatmulConfig page requires for it), several base blocks each way."""
    cfg = asc.adv.get_normal_config(iterate_order=order, schedule_type=asc.ScheduleType.OUTER_PRODUCT)
    run_example(cfg, 64, 96, 32, fix=(32, 32, 32))


# ---- get_special_basic_config (a reserved interface: the fields only) ----
@api(ADV + "get_special_basic_config")
def test_get_special_basic_config_fields():
    fields(asc.adv.get_special_basic_config(64, 128, 32, 256, 512, 64, 2, 4), do_special_basic_block=True,
           basic_m=64, basic_n=128, basic_k=32, single_core_m=256, single_core_n=512, single_core_k=64, step_m=2,
           step_n=4, intrinsics_check=False, is_n_batch=False, batch_mode=BM.BATCH_LESS_THAN_L1)
    fields(asc.adv.get_special_basic_config(16, 16, 16, 32, 32, 32, 1, 1, True, True, BM.BATCH_LARGE_THAN_L1),
           intrinsics_check=True, is_n_batch=True, batch_mode=BM.BATCH_LARGE_THAN_L1)


# ---- get_mm_config ----
def page_mm_config(mode=asc.MatmulConfigMode.CONFIG_NORM):
    """The page's example: shape (128, 128, 128, 64, 64, 64), per-channel quant without offset, no
    multi-batch, no intrinsics check with ND2NZ by vector."""
    shape_params = asc.adv.MatmulShapeParams(128, 128, 128, 64, 64, 64)
    quant_params = asc.adv.MatmulQuantParams(False, False)
    batch_params = asc.adv.MatmulBatchParams(False)
    func_params = asc.adv.MatmulFuncParams(False, True)
    return asc.adv.get_mm_config(shape_params, quant_params, batch_params, func_params, mode)


@api(ADV + "get_mm_config")
def test_get_mm_config_example_fields():
    fields(page_mm_config(), do_norm=True, single_core_m=128, single_core_n=128, single_core_k=128, basic_m=64,
           basic_n=64, basic_k=64, is_per_tensor=False, has_anti_quant_offset=False, is_n_batch=False,
           intrinsics_check=False, en_vec_nd2nz=True)


@api(ADV + "get_mm_config")
def test_get_mm_config_defaults_and_modes():
    """is_bias_batch defaults to True (the page: 'Bias带有Batch轴 ... (默认值)'), with or without a
    MatmulBatchParams; CONFIG_MDL gives the MDL template; the other params' fields."""
    assert asc.adv.get_mm_config().is_bias_batch is True
    assert asc.adv.get_mm_config(asc.adv.MatmulBatchParams(True)).is_bias_batch is True
    assert asc.adv.get_mm_config(asc.adv.MatmulBatchParams(True, BM.BATCH_LARGE_THAN_L1, False)).is_bias_batch \
        is False
    # the page's parameter names: is_n_batch (MatmulBatchParams), do_mte2_preload (MatmulFuncParams)
    fields(asc.adv.get_mm_config(asc.adv.MatmulBatchParams(is_n_batch=True),
                                 asc.adv.MatmulFuncParams(do_mte2_preload=1)), is_n_batch=True, do_mte2_preload=1)
    mdl = page_mm_config(asc.MatmulConfigMode.CONFIG_MDL)
    fields(mdl, do_multi_data_load=True, basic_m=64, single_core_k=128)
    f = asc.adv.get_mm_config(asc.adv.MatmulQuantParams(True, True), asc.adv.MatmulBatchParams(True, BM.SINGLE_LARGE_THAN_L1),
                              asc.adv.MatmulFuncParams(True, False, False, True, 2, asc.IterateOrder.ORDER_N,
                                                       asc.ScheduleType.OUTER_PRODUCT))
    fields(f, is_per_tensor=True, has_anti_quant_offset=True, is_n_batch=True, batch_mode=BM.SINGLE_LARGE_THAN_L1,
           intrinsics_check=True, en_vec_nd2nz=False, enable_l1_cache_ub=True, do_mte2_preload=2,
           iterate_order=asc.IterateOrder.ORDER_N, schedule_type=asc.ScheduleType.OUTER_PRODUCT)


@api(ADV + "get_mm_config")
@pytest.mark.parametrize("mode", [asc.MatmulConfigMode.CONFIG_NORM, asc.MatmulConfigMode.CONFIG_MDL])
def test_get_mm_config_example_run(mode):
    """The example's config (single core 128 x 128 x 128, base 64 x 64 x 64) with a tiling of those
    values (the config's shapes must be the tiling's)."""
    run_example(page_mm_config(mode), 128, 128, 128, fix=(64, 64, 64))


# ---- get_matmul_api_tiling ----
A16 = asc.adv.MatmulType(GM, ND, asc.half)
C32 = asc.adv.MatmulType(GM, ND, asc.float32)


@api(ADV + "get_matmul_api_tiling")
def test_get_matmul_api_tiling_page_signature():
    """The page's signature and example: get_matmul_api_tiling(mm_cfg, l1_size, a_type, b_type, c_type,
    bias_type) with l1_size 524288 (positional, second); the config's base and single-core shapes are the
    tiling's (the page's constraint), and the tiling fits the hardware it was made for: L0A/L0B 64 KiB,
    L0C 128 KiB, the L1 size given."""
    st = asc.adv.get_matmul_api_tiling(page_mm_config(), 524288, A16, A16, C32, C32)
    assert (st.base_m, st.base_n, st.base_k) == (64, 64, 64)
    assert (st.single_core_m, st.single_core_n, st.single_core_k) == (128, 128, 128)
    assert st.cfg.basic_m == 64
    assert st.base_m * st.base_k * 2 * st.db_l0a <= 64 * 1024 and st.base_k * st.base_n * 2 * st.db_l0b <= 64 * 1024
    assert st.base_m * st.base_n * 4 * max(st.db_l0c, 1) <= 128 * 1024
    assert 0 < st.share_l1_size <= 524288
    # the L1 holds depth_a1 A blocks and depth_b1 B blocks
    assert st.depth_a1 * st.base_m * st.base_k * 2 + st.depth_b1 * st.base_k * st.base_n * 2 <= st.share_l1_size
    # keyword and default-l1 forms give the same tiling
    kw = asc.adv.get_matmul_api_tiling(page_mm_config(), a_type=A16, b_type=A16, c_type=C32, bias_type=C32,
                                       l1_size=524288)
    assert repr(kw) == repr(st)


@api(ADV + "get_matmul_api_tiling")
def test_get_matmul_api_tiling_partly_constant():
    """Only the base block fixed (get_basic_config): the single-core shape stays unknown (Ascend C: the
    partly constant tiling still needs the runtime tiling), the base block is the config's."""
    st = asc.adv.get_matmul_api_tiling(asc.adv.get_basic_config(64, 128, 32), 524288, A16, A16, C32, C32)
    assert (st.base_m, st.base_n, st.base_k) == (64, 128, 32)
    assert st.single_core_m <= 0 and st.m <= 0


def static_body(cfg, with_tiling):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        a_type, b_type, c_type, bias_type = mm_types(ag, bg, cg, biasg)
        static_tiling = asc.adv.get_matmul_api_tiling(cfg, 524288, a_type, b_type, c_type, bias_type)
        mm = asc.adv.Matmul(a_type, b_type, c_type, bias_type, static_tiling)
        pipe = asc.TPipe()
        if with_tiling:
            asc.adv.register_matmul(pipe, ws, mm, t)
        else:
            asc.adv.register_matmul(pipe, ws, mm)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_bias(biasg)
        mm.iterate_all(cg)
        mm.end()
    return body


@api(ADV + "get_matmul_api_tiling")
@pytest.mark.parametrize("with_tiling,mix", [(True, False), (False, False), (False, True)])
def test_get_matmul_api_tiling_in_a_matmul(with_tiling, mix):
    """The page's example: Matmul(a_type, b_type, c_type, bias_type, static_tiling).  Fully constant
    (base and single-core shape), so register_matmul may also omit the tiling (Ascend C's page)."""
    m = n = k = 128
    a, b, bv, ga, gb = operands(m, n, k, seed=11)
    t = tiling(m, n, k, bias=True, fix=(64, 64, 64))
    c = launch(static_body(page_mm_config(), with_tiling), ga, gb, np.full((m, n), -1, np.float32), bv, t,
               mix=mix)
    np.testing.assert_array_equal(c, ref(a, b, bv))


# ---- register_matmul ----
def register_body(form):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        a_type, b_type, c_type, bias_type = mm_types(ag, bg, cg, biasg)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a_type, b_type, c_type, bias_type)
        if form == "tiling":
            asc.adv.register_matmul(pipe, ws, mm, t)
        else:  # the page's second form: no tiling, then init(tiling)
            asc.adv.register_matmul(pipe, ws, mm)
            mm.init(t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_bias(biasg)
        mm.iterate_all(cg)
        mm.end()
    return body


@api(ADV + "register_matmul", ADV + "Matmul.init")
@pytest.mark.parametrize("form", ["tiling", "init"])
@pytest.mark.parametrize("mix", [False, True])
def test_register_matmul_forms(form, mix):
    m, n, k = 48, 80, 64
    a, b, bv, ga, gb = operands(m, n, k, seed=5)
    t = tiling(m, n, k, bias=True)
    c = launch(register_body(form), ga, gb, np.full((m, n), -1, np.float32), bv, t, mix=mix)
    np.testing.assert_array_equal(c, ref(a, b, bv))


def four_body():
    """Four Matmul objects (the page's maximum), each registered with its own tiling, used one after
    another with end() between them (Matmul.end's page: required when switching objects).  Object i
    computes (A * B) with its own bias (i: 0..3) into the rows [16 i, 16 i + 16) of C."""
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        a_type, b_type, c_type, bias_type = mm_types(ag, bg, cg, biasg)
        pipe = asc.TPipe()
        mm0 = asc.adv.Matmul(a_type, b_type, c_type, bias_type)
        mm1 = asc.adv.Matmul(a_type, b_type, c_type, bias_type)
        mm2 = asc.adv.Matmul(a_type, b_type, c_type, bias_type)
        mm3 = asc.adv.Matmul(a_type, b_type, c_type, bias_type)
        asc.adv.register_matmul(pipe, ws, mm0, t)
        asc.adv.register_matmul(pipe, ws, mm1, t)
        asc.adv.register_matmul(pipe, ws, mm2, t)
        asc.adv.register_matmul(pipe, ws, mm3, t)
        mms = [mm0, mm1, mm2, mm3]
        for i in asc.static_range(4):
            mm = mms[i]
            mm.set_tensor_a(ag[16 * i * t.k_a:])
            mm.set_tensor_b(bg)
            mm.set_bias(biasg[i * t.n:])
            mm.iterate_all(cg[16 * i * t.n:])
            mm.end()
    return body


@api(ADV + "register_matmul", ADV + "Matmul.end")
@pytest.mark.parametrize("mix", [False, True])
def test_four_matmul_objects(mix):
    m, n, k = 64, 32, 48
    a, b, _, ga, gb = operands(m, n, k, seed=6)
    bv = np.random.default_rng(7).integers(-9, 10, (4, n)).astype(np.float32)
    t = tiling(16, n, k, bias=True)  # each object computes 16 of the 64 rows
    c = launch(four_body(), ga, gb, np.full((m, n), -1, np.float32), bv, t, mix=mix)
    want = ref(a, b) + np.repeat(bv, 16, axis=0)
    np.testing.assert_array_equal(c, want)


def bias_batch_body(cfg):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        lay = asc.LayoutMode.NORMAL
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, ag.dtype, False, lay),
                            asc.adv.MatmulType(GM, ND, bg.dtype, False, lay),
                            asc.adv.MatmulType(GM, ND, cg.dtype, False, lay),
                            asc.adv.MatmulType(GM, ND, biasg.dtype), cfg)
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_bias(biasg)
        mm.iterate_batch(cg, 3, 3, False)
        mm.end()
    return body


@api(ADV + "get_mm_config")
@pytest.mark.parametrize("is_bias_batch", [True, False])
@pytest.mark.parametrize("mix", [False, True])
def test_get_mm_config_is_bias_batch(is_bias_batch, mix):
    """MatmulBatchParams.is_bias_batch (the page): True, the bias has a batch axis (batch x N, one row
    per batch); False, it is N and every batch reuses it.  Three NORMAL batches of 32 x 48 x 32."""
    m, n, k, nb = 32, 48, 32, 3
    rng = np.random.default_rng(9)
    a = rng.integers(-4, 5, (nb, m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (nb, k, n)).astype(np.float16)
    bias = rng.integers(-9, 10, (nb, n)).astype(np.float32)

    def batch_info(api):
        assert api.set_batch_info_for_normal(nb, nb, m, n, k) == 0
    t = tiling(m, n, k, bias=True, extra=batch_info)
    cfg = asc.adv.get_mm_config(asc.adv.MatmulBatchParams(False, BM.BATCH_LESS_THAN_L1, is_bias_batch))
    c = launch(bias_batch_body(cfg), a, b, np.full((nb, m, n), -1, np.float32), bias, t, mix=mix)
    rows = bias if is_bias_batch else np.repeat(bias[:1], nb, axis=0)
    want = np.stack([ref(a[j], b[j], rows[j]) for j in range(nb)])
    np.testing.assert_array_equal(c, want)
