"""pyasc's newer development tree (compiler-team-ru/pyasc at 3d2e2ff, newer than the hicann/pyasc release openasc
follows; docs/conformance.md, "Newer pyasc API"): asc.adv.swiglu, asc.adv.softmax_flash_v2 with SoftMaxShapeInfo
and SoftmaxConfig, asc.bfloat16, 0-dim torch tensors as scalar arguments and the newer platform names.  Expected
values: numpy float64 from the pages' formulas (swiglu: src0 * src1 / (1 + e^(-beta src1)); softmax_flash_v2: the
Python reference of Ascend C's SoftmaxFlashV2 page)."""
import numpy as np
import pytest

import asc
from asc.runtime import config

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC


@asc.jit
def swiglu_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int],
                  count: asc.ConstExpr[int], beta: float, form: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    in_queue0 = asc.TQue(VECIN, 1)
    in_queue1 = asc.TQue(VECIN, 1)
    out_queue = asc.TQue(VECOUT, 1)
    tmp = asc.TBuf(VECCALC)
    pipe.init_buffer(in_queue0, 1, n * a.dtype.sizeof())
    pipe.init_buffer(in_queue1, 1, n * a.dtype.sizeof())
    pipe.init_buffer(out_queue, 1, n * a.dtype.sizeof())
    pipe.init_buffer(tmp, 8192)
    x = in_queue0.alloc_tensor(a.dtype)
    y = in_queue1.alloc_tensor(a.dtype)
    asc.data_copy(x, ag, count=n)
    asc.data_copy(y, bg, count=n)
    in_queue0.enque(x)
    in_queue1.enque(y)
    src0_local = in_queue0.deque(a.dtype)
    src1_local = in_queue1.deque(a.dtype)
    dst_local = out_queue.alloc_tensor(a.dtype)
    asc.duplicate(dst_local, 0.0, count=n)
    if form == 0:   # the page's example: every element, beta 1.0
        asc.adv.swiglu(dst_local, src0_local, src1_local, scalar_value=1.0)
    else:           # a runtime beta, cal_count elements, the caller's tmp buffer
        asc.adv.swiglu(dst_local, src0_local, src1_local, beta, tmp.get(asc.uint8), count)
    out_queue.enque(dst_local)
    in_queue0.free_tensor(src0_local)
    in_queue1.free_tensor(src1_local)
    d = out_queue.deque(a.dtype)
    asc.data_copy(zg, d, count=n)
    out_queue.free_tensor(d)


def swiglu_ref(a, b, beta):
    a, b = a.astype(np.float64), b.astype(np.float64)
    return a * (b / (1 + np.exp(-beta * b)))


@pytest.mark.api("asc.language.adv.swiglu")
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("form,beta,count", [(0, 1.0, 1024), (1, 0.35, 1000), (1, 2.0, 77)])
def test_swiglu(dtype, form, beta, count):
    n = 1024
    rng = np.random.default_rng(3)
    a = rng.uniform(-4, 4, n).astype(dtype)
    b = rng.uniform(-8, 8, n).astype(dtype)
    z = np.zeros(n, dtype)
    swiglu_kernel[1](a, b, z, n, count, beta, form)
    want = swiglu_ref(a, b, beta)
    tol = 2e-3 if dtype == np.float16 else 2e-6
    np.testing.assert_allclose(z[:count], want[:count], rtol=tol, atol=tol)
    assert not z[count:].any()  # cal_count: the rest untouched


@asc.jit
def flash_kernel(x: asc.GlobalAddress, im: asc.GlobalAddress, isum: asc.GlobalAddress, o: asc.GlobalAddress,
                 st: asc.GlobalAddress, m: asc.ConstExpr[int], k: asc.ConstExpr[int], update: asc.ConstExpr[int],
                 how: asc.ConstExpr[int]):
    """src (m x k) and the incoming statistics (float, one 32-byte block per row) in; dst, max, exp_sum and
    exp_max out (st: max | exp_sum | exp_max as float rows of 8)."""
    xg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    stg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ig.set_global_buffer(im)
    sg.set_global_buffer(isum)
    og.set_global_buffer(o)
    stg.set_global_buffer(st)
    pipe = asc.TPipe()
    qin = asc.TQue(VECIN, 1)
    qstat = asc.TQue(VECIN, 1)
    qout = asc.TQue(VECOUT, 1)
    qres = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qin, 1, m * k * x.dtype.sizeof())
    pipe.init_buffer(qstat, 1, 2 * m * 32)
    pipe.init_buffer(qout, 1, m * k * x.dtype.sizeof())
    pipe.init_buffer(qres, 1, 3 * m * 32)
    src = qin.alloc_tensor(x.dtype)
    stat = qstat.alloc_tensor(asc.float32)
    asc.data_copy(src, xg, count=m * k)
    asc.data_copy(stat, ig, count=m * 8)
    asc.data_copy(stat[m * 8:], sg, count=m * 8)
    qin.enque(src)
    qstat.enque(stat)
    src = qin.deque(x.dtype)
    stat = qstat.deque(asc.float32)
    dst = qout.alloc_tensor(x.dtype)
    res = qres.alloc_tensor(asc.float32)
    asc.duplicate(res, 0.0, count=m * 24)
    max_t = res
    sum_t = res[m * 8:]
    exp_max = res[m * 16:].reinterpret_cast(x.dtype)   # 32 bytes per row in the source's type
    if how == 0:
        tiling = asc.adv.SoftmaxTiling(src_m=m, src_k=k, src_size=m * k)
        asc.adv.softmax_flash_v2(dst, sum_t, max_t, src, exp_max, stat[m * 8:], stat, tiling, is_update=update == 1)
    elif how == 1:   # the shape from a SoftMaxShapeInfo (the tiling's is ignored)
        tiling = asc.adv.SoftmaxTiling(src_m=1, src_k=k, src_size=k)
        shape = asc.adv.SoftMaxShapeInfo(m, k, m, k)
        asc.adv.softmax_flash_v2(dst, sum_t, max_t, src, exp_max, stat[m * 8:], stat, tiling, shape,
                                 is_update=update == 1)
    else:            # a SoftmaxConfig fixing the shape, the caller's tmp buffer
        tiling = asc.adv.SoftmaxTiling()
        cfg = asc.adv.SoftmaxConfig(True, m, k, asc.SoftmaxMode.SOFTMAX_NORMAL)
        tmpb = asc.TBuf(VECCALC)
        pipe.init_buffer(tmpb, 8192)
        asc.adv.softmax_flash_v2(dst, sum_t, max_t, src, exp_max, stat[m * 8:], stat, tiling,
                                 shared_tmp_buffer=tmpb.get(asc.uint8), is_update=update == 1, config=cfg)
    qout.enque(dst)
    qres.enque(res)
    qin.free_tensor(src)
    qstat.free_tensor(stat)
    dst = qout.deque(x.dtype)
    res = qres.deque(asc.float32)
    asc.data_copy(og, dst, count=m * k)
    asc.data_copy(stg, res, count=m * 24)
    qout.free_tensor(dst)
    qres.free_tensor(res)


def flash_ref(src, inmax, insum, update):
    """Ascend C's SoftmaxFlashV2 page, its Python formula."""
    src = src.astype(np.float64)
    if not update:
        x_max = np.max(src, axis=-1, keepdims=True)
        dst = np.exp(src - x_max)
        return dst, x_max, np.sum(dst, axis=-1, keepdims=True), None
    x_max = np.max(np.concatenate((inmax, src), axis=-1), axis=-1, keepdims=True)
    dst = np.exp(src - x_max)
    exp_max = np.exp(inmax - x_max)
    return dst, x_max, exp_max * insum + np.sum(dst, axis=-1, keepdims=True), exp_max


@pytest.mark.api("asc.language.adv.softmax_flash_v2")
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("update", [0, 1])
@pytest.mark.parametrize("how", [0, 1, 2])
def test_softmax_flash_v2(dtype, update, how):
    m, k = 8, 128
    rng = np.random.default_rng(7 + update)
    src = rng.uniform(-3, 3, (m, k)).astype(dtype)
    inmax = rng.uniform(-1, 4, (m, 1)).astype(np.float32)
    insum = rng.uniform(1, 5, (m, 1)).astype(np.float32)
    o = np.zeros((m, k), dtype)
    st = np.zeros((3, m, 8), np.float32)
    flash_kernel[1](src, np.repeat(inmax, 8, 1), np.repeat(insum, 8, 1), o, st, m, k, update, how)
    dst, x_max, x_sum, exp_max = flash_ref(src, inmax.astype(np.float64), insum.astype(np.float64), update)
    tol = 2e-3 if dtype == np.float16 else 2e-6
    np.testing.assert_allclose(o, dst, rtol=tol, atol=tol)
    np.testing.assert_allclose(st[0], np.repeat(x_max, 8, 1), rtol=1e-6)   # one 32-byte block per row
    np.testing.assert_allclose(st[1], np.repeat(x_sum, 8, 1), rtol=1e-5)
    em = st[2].view(np.uint8).reshape(m, 32).view(dtype)                    # 32 bytes of the source's type
    if update:
        np.testing.assert_allclose(em, np.repeat(exp_max, em.shape[1], 1), rtol=tol, atol=tol)
    else:
        assert not em.any()   # not written without update


@pytest.mark.api("asc.language.adv.softmax_flash_v2")
def test_softmax_flash_v2_unavailable_forms():
    @asc.jit
    def k(x: asc.GlobalAddress, form: asc.ConstExpr[int]):
        t = asc.LocalTensor(asc.float32, VECIN, 0, 1024)
        tiling = asc.adv.SoftmaxTiling(src_m=8, src_k=128, src_size=1024)
        if form == 0:
            asc.adv.softmax_flash_v2(t, t, t, t, t, t, t, tiling,
                                     config=asc.adv.SoftmaxConfig(mode=asc.SoftmaxMode.SOFTMAX_OUTPUT_WITHOUT_BRC))
        else:
            asc.adv.softmax_flash_v2(t, t, t, t, t, t, t, tiling, out_reduce_max=t, is_update=True)
    for form in (0, 1):
        with pytest.raises(TypeError, match="not .*A2/A3|Atlas A2/A3"):
            k[1](np.zeros(8, np.float32), form)


def test_softmax_shape_info_fields_are_compile_time():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        asc.adv.SoftMaxShapeInfo(n, 128, n, 128)
    with pytest.raises(TypeError, match="compile-time"):
        k[1](np.zeros(8, np.float32), 8)


@asc.jit
def scalar_args_kernel(o: asc.GlobalAddress, v: int, f: float, b: int):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    og.set_value(0, v.cast(asc.float32) + 1.0)
    og.set_value(1, f * 2.0)
    og.set_value(2, b.cast(asc.float32))


def test_zero_dim_torch_tensors_are_scalars():
    torch = pytest.importorskip("torch")
    o = np.zeros(4, np.float32)
    scalar_args_kernel[1](o, torch.tensor(3), torch.tensor(2.5), torch.tensor(True))
    np.testing.assert_array_equal(o[:3], [4.0, 5.0, 1.0])


def test_bfloat16_dtype():
    assert asc.bfloat16 is asc.language.core.bfloat16 and asc.bfloat16.sizeof() == 2
    torch = pytest.importorskip("torch")

    @asc.jit
    def copy_bf16(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        pipe = asc.TPipe()
        q = asc.TQueBind(VECIN, VECOUT, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.bfloat16)
        asc.data_copy(t, xg, count=128)
        q.enque(t)
        t = q.deque(asc.bfloat16)
        asc.data_copy(zg, t, count=128)
        q.free_tensor(t)
    x = torch.arange(128, dtype=torch.bfloat16) * 0.5
    z = torch.zeros_like(x)
    copy_bf16[1](x, z)
    assert torch.equal(x, z)


def test_newer_platform_names_are_refused_with_the_modelled_list():
    assert config.Platform.Ascend950PR_9599.value == "Ascend950PR_9599"
    before = config.current_platform()
    with pytest.raises(ValueError, match=r"Ascend950PR_9599 is not modelled.*Ascend910B1.*Ascend910_9392"):
        config.set_platform(config.Backend.Model, config.Platform.Ascend950PR_9599)
    with pytest.raises(ValueError, match="not modelled"):
        config.rt.set_soc_version("Ascend950PR_950z")
    assert config.current_platform() == before
