"""Issue 17 part 5 (besides AIPP, test_aipp.py): get_arch_version, pop_stack_buffer, TensorShape, inline's
reason, runtime uint64 values written into uint64 tensors (an empty LocalTensor(uint64) included),
data_copy_pad with Nd2NzParams on arch 2201."""
import numpy as np
import pytest

import asc
from asc import _lib

P = asc.TPosition


@asc.jit
def k_sys(out: asc.GlobalAddress, qlen: asc.ConstExpr[int]):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    pipe = asc.TPipe()
    q = asc.TQue(P.VECIN, 1)
    pipe.init_buffer(que=q, num=1, len=qlen)
    t = asc.pop_stack_buffer(asc.float32)
    og.set_value(0, asc.get_arch_version(0))
    og.set_value(1, t.get_size())
    og.set_value(2, t.get_phy_addr())
    t.set_value(t.get_size() - 1, 2.5)  # its last element is in bounds
    og.set_value(3, t.get_value(t.get_size() - 1))


@pytest.mark.parametrize("qlen", [1024, 4096])
def test_arch_version_and_pop_stack_buffer(qlen):
    out = np.zeros(4, np.float32)
    k_sys[1](out, qlen)
    ub = _lib.platform_fact("Ascend910B1", "ub_bytes")
    assert out[0] == 0x220  # Ascend C GetArchVersion on Atlas A2/A3: 220 printed with %x
    assert out[1] == (ub - 64 - qlen) // 4  # the rest of UB past the queue, less the 64-byte KFC message area
    assert out[2] == qlen and out[3] == 2.5


@asc.jit
def k_pop_past(out: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(P.VECIN, 1)
    pipe.init_buffer(que=q, num=1, len=1024)
    t = asc.pop_stack_buffer(asc.int32)
    t.set_value(t.get_size(), 1)


def test_pop_stack_buffer_is_bounded():
    with pytest.raises(asc.KernelError, match="out of bounds|outside"):
        k_pop_past[1](np.zeros(4, np.int32))


@asc.jit
def k_pop_nopipe(out: asc.GlobalAddress):
    t = asc.pop_stack_buffer(asc.int32)
    t.set_value(0, 1)


def test_pop_stack_buffer_needs_a_tpipe():
    with pytest.raises(asc.KernelError, match="there is no TPipe"):
        k_pop_nopipe[1](np.zeros(4, np.int32))


def test_tensor_shape():
    assert asc.TensorShape() == () and asc.TensorShape(None) == ()
    assert asc.TensorShape(5) == (5,) and asc.TensorShape(2, 3, 4) == (2, 3, 4)
    s = asc.TensorShape([np.int64(7), 8])
    assert s == (7, 8) and type(s[0]) is int and asc.TensorShape(s) is s
    with pytest.raises(TypeError, match="convertible to int"):
        asc.TensorShape("a", "b")


def test_inline_gives_its_reason():
    @asc.jit
    def k(x: asc.GlobalAddress):
        asc.inline("int a = 1;")
    with pytest.raises(NotImplementedError, match="openasc compiles no C\\+\\+"):
        k[1](np.zeros(4, np.int32))


# ---- runtime uint64 values (get_phy_addr) into uint64 tensors ----
@asc.jit
def k_addr(out: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    x = asc.LocalTensor(asc.float16, P.VECIN, 1024, 512)
    tab = asc.LocalTensor(asc.uint64, P.VECOUT, 0, 16)
    for i in asc.static_range(4):
        tab.set_value(i, x[16 * i].get_phy_addr())
    tab.set_value(4, 2**64 - 1)
    for i in asc.static_range(5, 16):
        tab.set_value(i, 0)
    asc.set_flag(asc.HardEvent.S_MTE3, 0)
    asc.wait_flag(asc.HardEvent.S_MTE3, 0)
    asc.data_copy(og, tab, 16)


def test_runtime_uint64_set_value():
    out = np.zeros(16, np.uint64)
    k_addr[1](out)
    assert list(out[:5]) == [1024, 1056, 1088, 1120, 2**64 - 1]


@asc.jit
def k_empty():
    x = asc.LocalTensor(asc.float16, P.VECIN, 0, 512)
    tab = asc.LocalTensor(dtype=asc.uint64)  # pyasc's empty LocalTensor: no bytes
    tab.set_value(0, x[0].get_phy_addr())


def test_empty_local_tensor_set_value_is_out_of_bounds():
    with pytest.raises(asc.KernelError, match="out of bounds|outside"):
        k_empty[1]()


# ---- data_copy_pad VECIN -> TSCM with Nd2NzParams ----
@asc.jit
def k_pad_nd2nz(x: asc.GlobalAddress):
    xl = asc.LocalTensor(asc.float16, P.VECIN, 0, 512)
    l1 = asc.LocalTensor(asc.float16, P.A1, 0, 512)
    asc.data_copy_pad(l1, xl, asc.DataCopyParams(1, 64, 0, 0), asc.Nd2NzParams(1, 2, 16, 0, 16, 2, 1, 0))


def test_data_copy_pad_nd2nz_traces_and_is_unavailable():
    ir = k_pad_nd2nz.compile_ir() if hasattr(k_pad_nd2nz, "compile_ir") else None
    with pytest.raises(asc.KernelError, match="not available on an (AIC|AIV) core"):
        k_pad_nd2nz[1](np.zeros(16, np.float16))
    assert ir is None or "asc.data_copy_pad_nd2nz" in ir
    with pytest.raises(TypeError, match="with Nd2NzParams the copy parameters are a DataCopyParams or "
                                        "DataCopyExtParams"):
        @asc.jit
        def bad(x: asc.GlobalAddress):
            xl = asc.LocalTensor(asc.float16, P.VECIN, 0, 512)
            asc.data_copy_pad(xl, xl, asc.Nd2NzParams(), asc.Nd2NzParams())
        bad[1](np.zeros(16, np.float16))
