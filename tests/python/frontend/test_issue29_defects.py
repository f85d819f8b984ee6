"""Issue 29's defects 1-13, each from the page that documents the behaviour (pyasc's docs/python-api unless
another source is named).  Expected values are worked out from the pages by hand or with numpy; each test
failed on main before the fix.  (Defect 3, set_hf32_trans_mode, is test_cube.py::test_hf32_mode_rounds_f32_inputs.)"""
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import asc
from asc.runtime.config import KernelType
from basic_kernels import run

VECIN, VECOUT, VECCALC, GM = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC, asc.TPosition.GM
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
N = 64


# ---- 1. TQueBind(src, dst, depth) in the documented forms -----------------------------------------------
@asc.jit
def tquebind_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, q: asc.GlobalAddress):
    """GM -> VECIN bind in, VECIN -> VECOUT bind for a copy-through, VECOUT -> GM bind out (the TQueBind
    overview's three vector paths), and every query of the pages on the VECOUT -> GM bind."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    qg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    qg.set_global_buffer(q)
    pipe = asc.TPipe()
    qin = asc.TQueBind(GM, VECIN, 2)
    qthru = asc.TQueBind(VECIN, VECOUT, 1)
    qout = asc.TQueBind(VECOUT, GM, 1)
    pipe.init_buffer(que=qin, num=2, len=N * 4)
    pipe.init_buffer(que=qthru, num=1, len=N * 4)
    pipe.init_buffer(que=qout, num=1, len=N * 4)
    qg.set_value(0, qout.has_idle_buffer())          # nothing allocated: True
    qg.set_value(1, qout.has_tensor_in_que())        # False
    a = qin.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, count=N)
    qin.enque(a)
    a = qin.deque(asc.float32)
    b = qout.alloc_tensor(asc.float32)
    qg.set_value(2, qout.has_idle_buffer())          # its one buffer is taken: False
    asc.adds(b, a, 1.0, count=N)
    qin.free_tensor(a)
    qout.enque(b)
    qg.set_value(3, qout.get_tensor_count_in_que())  # 1
    qg.set_value(4, qout.vacant_in_que())            # depth 1, one in: False
    qg.set_value(5, qout.has_tensor_in_que())        # True
    b = qout.deque(asc.float32)
    asc.data_copy(zg, b, count=N)                    # out of the bind's UB buffer (MTE3)
    qout.free_tensor(b)
    qout.free_all_event()
    c = qthru.alloc_tensor(asc.float32)
    asc.data_copy(c, xg[N:], count=N)
    qthru.enque(c)
    c = qthru.deque(asc.float32)
    asc.data_copy(zg[N:], c, count=N)                # MTE2 -> MTE3 ordered by the bind's events
    qthru.free_tensor(c)


def test_tquebind_documented_forms():
    x = np.arange(2 * N, dtype=np.float32) * 0.5
    z = np.zeros_like(x)
    q = np.full(6, -1, np.int32)
    tquebind_kernel[1](x, z, q)
    np.testing.assert_array_equal(z[:N], x[:N] + 1)
    np.testing.assert_array_equal(z[N:], x[N:])
    np.testing.assert_array_equal(q, [1, 0, 0, 1, 0, 1])


@asc.jit
def tquebind_alloc_free_kernel(z: asc.GlobalAddress):
    """The free_tensor page's example (it crashed the process): init_buffer, alloc_tensor, free_tensor."""
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    que = asc.TQueBind(VECOUT, GM, 2)
    pipe.init_buffer(que=que, num=4, len=1024)
    tensor = que.alloc_tensor(asc.half)
    que.free_tensor(tensor)
    zg.set_value(0, que.has_idle_buffer())


def test_tquebind_alloc_free_page_example():
    z = np.zeros(8, np.int32)
    tquebind_alloc_free_kernel[1](z)
    assert z[0] == 1


# ---- 2. half pair sums of whole / repeat / block reductions saturate at +-65504 ------------------------------
def sat_sum(a, b):
    """The pages' rule: a half sum of two values that is above 65504 is kept at 65504 (below -65504 at
    -65504); an inf operand is no overflow of the sum."""
    with np.errstate(over="ignore"):
        r = np.float16(np.float64(a) + np.float64(b))
    if np.isinf(r) and np.isfinite(a) and np.isfinite(b):
        return np.float16(np.sign(r) * 65504)
    return r


def tree(v):
    v = [np.float16(x) for x in v]
    while len(v) > 1:
        v = [sat_sum(v[i], v[i + 1]) for i in range(0, len(v), 2)]
    return v[0]


def test_block_reduce_sum_page_example_saturates():
    x = np.zeros(128, np.float16)
    x[:4] = [60000, 60000, -30000, 100]   # the page's example: 65504 + (-29900 in half: -29904)
    x[16:18] = [-60000, -60000]           # the negative bound
    x[32:34] = [np.inf, 60000]            # an inf operand is not a sum that overflowed: inf stays

    def op(dst, a, _):
        asc.block_reduce_sum(dst, a, repeat=1, mask=128, dst_rep_stride=8, src_blk_stride=1, src_rep_stride=8)
    got = run(op, x, x[:16], np.zeros(16, np.float16))
    want = np.array([tree(x[16 * k:16 * k + 16]) for k in range(8)], np.float16)
    assert want[0] == np.float16(35584) and want[1] == -65504 and np.isinf(want[2])
    np.testing.assert_array_equal(got[:8], want)


@pytest.mark.parametrize("which", ["whole", "repeat"])
def test_whole_and_repeat_reduce_sum_saturate(which):
    x = np.zeros(128, np.float16)
    x[:4] = [60000, 60000, -30000, 100]

    def op(dst, a, _):
        if which == "whole":
            asc.whole_reduce_sum(dst, a, 128, 1, 1, 1, 8)
        else:
            asc.repeat_reduce_sum(dst, a, 1, 128, 0, 1, 1, 8)
    got = run(op, x, x[:16], np.zeros(16, np.float16))
    assert got[0] == tree(x) == np.float16(35584)


# ---- 4. user tags survive enque / deque; the documented default tag ---------------------------------------
@asc.jit
def user_tag_kernel(x: asc.GlobalAddress, o: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x)
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    a = q.alloc_tensor(asc.float32)
    a.set_user_tag(10)
    asc.data_copy(a, xg, count=N)
    q.enque(a)
    b = q.deque(asc.float32)
    og.set_value(0, b.get_user_tag())   # the tag went through the queue with the buffer
    b.set_user_tag()                    # the page's default: 0
    og.set_value(1, b.get_user_tag())
    q.free_tensor(b)


def test_user_tag_through_queue_and_default():
    o = np.full(2, -1, np.int32)
    user_tag_kernel[1](np.zeros(N, np.float32), o)
    np.testing.assert_array_equal(o, [10, 0])


# ---- 5. a new TPipe after destroy ------------------------------------------------------------------------
@asc.jit
def new_pipe_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """TPipe.init's page: pipe_in ... destroy(), then pipe_cast = TPipe() for the next stage."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe_in = asc.TPipe()
    q = asc.TQueBind(VECIN, VECOUT, 1)  # a copy-through
    pipe_in.init_buffer(q, 1, N * 4)
    a = q.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, count=N)
    q.enque(a)
    a = q.deque(asc.float32)
    asc.data_copy(zg, a, count=N)
    q.free_tensor(a)
    pipe_in.destroy()
    pipe_cast = asc.TPipe()
    q2 = asc.TQue(VECOUT, 1)
    pipe_cast.init_buffer(q2, 1, N * 4)
    b = q2.alloc_tensor(asc.float32)
    asc.duplicate(b, 3.0, count=N)
    q2.enque(b)
    b = q2.deque(asc.float32)
    asc.data_copy(zg[N:], b, count=N)
    q2.free_tensor(b)
    pipe_cast.destroy()


def test_new_tpipe_after_destroy():
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(2 * N, np.float32)
    new_pipe_kernel[1](x, z)
    np.testing.assert_array_equal(z, np.concatenate([x, np.full(N, 3.0, np.float32)]))


def test_second_tpipe_without_destroy_is_refused():
    @asc.jit
    def k(z: asc.GlobalAddress):
        asc.TPipe()
        asc.TPipe()
    with pytest.raises(RuntimeError, match="already created"):
        k[1](np.zeros(8, np.int32))


# ---- 6. the scalar bit functions take a uint64 runtime value ---------------------------------------------
@asc.jit
def bits_kernel(o: asc.GlobalAddress, v: asc.uint64):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    og.set_value(0, asc.scalar_get_sff_value(v, 1))
    og.set_value(1, asc.scalar_get_sff_value(v, 0))
    og.set_value(2, asc.scalar_count_leading_zero(v))
    og.set_value(3, asc.scalar_get_count_of_value(v, 1))
    og.set_value(4, asc.scalar_get_count_of_value(v, 0))
    og.set_value(5, asc.count_bits_cnt_same_as_sign_bit(v))


@pytest.mark.parametrize("value", [0xF000_0000_0000_0010, 28, 0xFFFF_FFFF_FFFF_FFFF, 1 << 63])
def test_scalar_bit_functions_uint64(value):
    o = np.zeros(6, np.int64)
    bits_kernel[1](o, np.uint64(value))
    bits = [(value >> i) & 1 for i in range(64)]
    sff1 = bits.index(1) if 1 in bits else -1
    sff0 = bits.index(0) if 0 in bits else -1
    clz = 64 - value.bit_length()
    sign, same = bits[63], 0
    for i in range(62, -1, -1):      # count_bits_cnt_same_as_sign_bit's page: bits after the sign bit equal to it
        if bits[i] != sign:
            break
        same += 1
    if value in (0, (1 << 64) - 1):  # ... -1 for 0 and for all ones
        same = -1
    np.testing.assert_array_equal(o, [sff1, sff0, clz, sum(bits), 64 - sum(bits), same])


# ---- 7. TBufPool.reset in the documented shared-pool flow ----------------------------------------------------
@asc.jit
def shared_pool_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    """TBufPool.reset's page: pool0 holds src_que0 and the pools 1 and 2, which share their memory; pool 1's
    queues are used, pool1.reset(), then pool 2's queues reuse the same bytes."""
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    pool0 = asc.TBufPool(VECCALC, 4)
    pool1 = asc.TBufPool(VECCALC, 4)
    pool2 = asc.TBufPool(VECCALC, 4)
    src_que0 = asc.TQue(VECIN, 1)
    src_que1 = asc.TQue(VECIN, 1)
    dst_que0 = asc.TQue(VECOUT, 1)
    src_que2 = asc.TQue(VECIN, 1)
    dst_que1 = asc.TQue(VECOUT, 1)
    pipe.init_buf_pool(pool0, 4 * N * 4)
    pool0.init_buffer(que=src_que0, num=1, len=N * 4)
    pool0.init_buf_pool(pool1, 2 * N * 4)
    pool0.init_buf_pool(pool2, 2 * N * 4, pool1)
    pool1.init_buffer(que=src_que1, num=1, len=N * 4)
    pool1.init_buffer(que=dst_que0, num=1, len=N * 4)
    a = src_que0.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, count=N)
    src_que0.enque(a)
    b = src_que1.alloc_tensor(asc.float32)
    asc.data_copy(b, yg, count=N)
    src_que1.enque(b)
    a = src_que0.deque(asc.float32)
    b = src_que1.deque(asc.float32)
    c = dst_que0.alloc_tensor(asc.float32)
    asc.add(c, a, b, count=N)
    dst_que0.enque(c)
    src_que1.free_tensor(b)
    c = dst_que0.deque(asc.float32)
    asc.data_copy(zg, c, count=N)
    dst_que0.free_tensor(c)
    pool1.reset()
    pool2.init_buffer(src_que2, num=1, len=N * 4)
    pool2.init_buffer(dst_que1, num=1, len=N * 4)
    b = src_que2.alloc_tensor(asc.float32)
    asc.data_copy(b, yg[N:], count=N)     # reuses src_que1's bytes, which add read
    src_que2.enque(b)
    b = src_que2.deque(asc.float32)
    c = dst_que1.alloc_tensor(asc.float32)
    asc.mul(c, a, b, count=N)            # reuses dst_que0's bytes, which MTE3 read
    dst_que1.enque(c)
    src_que2.free_tensor(b)
    src_que0.free_tensor(a)
    c = dst_que1.deque(asc.float32)
    asc.data_copy(zg[N:], c, count=N)
    dst_que1.free_tensor(c)
    pool2.reset()
    pool0.reset()
    pipe.reset()


def test_tbufpool_reset_shared_flow():
    x = np.arange(N, dtype=np.float32)
    y = np.arange(2 * N, dtype=np.float32) * 0.5
    z = np.zeros(2 * N, np.float32)
    shared_pool_kernel[1](x, y, z)
    np.testing.assert_array_equal(z[:N], x + y[:N])
    np.testing.assert_array_equal(z[N:], x * y[N:])


# ---- 8. races as KernelWarnings on request, naming the idiom ---------------------------------------------------
@asc.jit
def copy_through_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """A TQue(VECIN) buffer written by MTE2 and copied straight out by MTE3 (runs on a 910B by timing)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    a = q.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, count=N)
    q.enque(a)
    a = q.deque(asc.float32)
    asc.data_copy(zg, a, count=N)
    q.free_tensor(a)


@asc.jit(auto_sync=False)
def flag_guard_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """set_flag(MTE2_V) guarding an MTE3 read."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, VECIN, 0, N)
    asc.data_copy(a, xg, count=N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.data_copy(zg, a, count=N)


RACES = [(copy_through_kernel, "TQueBind(VECIN, VECOUT)"), (flag_guard_kernel, "MTE2_V")]


@pytest.mark.parametrize("kernel,idiom", RACES)
def test_race_is_an_error_by_default(kernel, idiom):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        with pytest.raises(asc.KernelError, match="race") as e:
            kernel[1](np.ones(N, np.float32), np.zeros(N, np.float32))
    assert idiom in str(e.value)


@pytest.mark.parametrize("how", ["option", "env"])
@pytest.mark.parametrize("kernel,idiom", RACES)
def test_race_warn_finishes_the_run(kernel, idiom, how, monkeypatch):
    x, z = np.arange(N, dtype=np.float32), np.zeros(N, np.float32)
    if how == "env":
        monkeypatch.setenv("ASC_RACE_WARN", "1")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        kernel[1](x, z, **({"race_warn": True} if how == "option" else {}))
    np.testing.assert_array_equal(z, x)
    kw = [str(m.message) for m in w if issubclass(m.category, asc.KernelWarning)]
    assert len(kw) == 1 and "race (RAW)" in kw[0] and idiom in kw[0], kw


# ---- 10. asc.array with a runtime index ------------------------------------------------------------------------
@asc.jit
def array_kernel(o: asc.GlobalAddress, n: int, j: int):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    a = asc.array(asc.int32, [5, 6, 7, 8])
    for i in range(n):
        a[i] = a[i] * 10 + i     # written and read at run-time indices
    og.set_value(0, a[j])
    og.set_value(1, a[3])        # a constant index of the same array
    f = asc.array(asc.float32, 3, 1.5)
    f[j - 1] = 2.5
    og.set_value(2, f[0] + f[1] + f[2])


def test_array_runtime_index():
    o = np.zeros(3, np.int32)
    array_kernel[1](o, 3, 2)
    a = [5 * 10 + 0, 6 * 10 + 1, 7 * 10 + 2, 8]
    np.testing.assert_array_equal(o, [a[2], a[3], int(1.5 + 2.5 + 1.5)])


def test_array_runtime_index_out_of_range():
    with pytest.raises(asc.KernelError, match=r"index 4 is outside the asc.array of 4 elements"):
        array_kernel[1](np.zeros(3, np.int32), 3, 4)


# ---- 11. MIX_AIV_1_0 / MIX_AIC_1_0 / *_HARD_SYNC ----------------------------------------------------------------
@asc.jit
def ratio_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    b = asc.get_block_idx()
    asc.cross_core_set_flag(flag_id=3, mode_id=0, pipe=asc.PipeID.PIPE_MTE3)   # all vector (or cube) cores
    asc.cross_core_wait_flag(flag_id=3, mode_id=0, pipe=asc.PipeID.PIPE_MTE3)
    og.set_value(b * 2, asc.get_task_ratio())
    og.set_value(b * 2 + 1, asc.ascend_is_aiv().cast(asc.int32))


@pytest.mark.parametrize("kt,aiv", [("MIX_AIV_1_0", 1), ("MIX_AIV_HARD_SYNC", 1), ("MIX_AIC_1_0", 0),
                                    ("MIX_AIC_HARD_SYNC", 0)])
def test_single_kind_mix_kernel_types(kt, aiv):
    """get_task_ratio's page: 1 on the one kind of core MIX_AIV_1_0 / MIX_AIC_1_0 runs; cross_core_set_flag's
    page asks for these types for cross-core flags between cores of one kind."""
    o = np.full(4, -1, np.int32)
    ratio_kernel[2](o, kernel_type=getattr(KernelType, kt))
    np.testing.assert_array_equal(o, [1, aiv, 1, aiv])


# ---- 12. bf16 where the hardware op has none: refused at the call ------------------------------------------------
def test_bf16_refused_at_binding():
    torch = pytest.importorskip("torch")

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        a = asc.LocalTensor(x.dtype, VECIN, 0, 128)
        b = asc.LocalTensor(x.dtype, VECOUT, 256, 128)
        asc.data_copy(a, xg, count=128)
        asc.exp(b, a, count=128)
        asc.data_copy(zg, b, count=128)
    x = torch.ones(128, dtype=torch.bfloat16)
    with pytest.raises(TypeError, match=r"exp\(\): element type bfloat16 is not supported") as e:
        k[1](x, torch.zeros_like(x))
    assert "asc.exp(b, a, count=128)" in str(e.value) and "pass" not in str(e.value)


# ---- 13. the install command with a Python that cannot build a wheel -------------------------------------------
def test_setup_py_explains_a_python_without_wheel(tmp_path):
    """A venv of a pyenv python3 has no `wheel`: pip's setup.py run gave only "invalid command 'bdist_wheel'"."""
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text("import sys\n"  # a None entry: the module is not there (find_spec gives None)
                       "sys.modules['wheel'] = sys.modules['setuptools.command.bdist_wheel'] = None\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    r = subprocess.run([sys.executable, "setup.py", "bdist_wheel"], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode != 0
    assert "/usr/bin/python3 -m venv --system-site-packages" in r.stderr, r.stderr[-2000:]
