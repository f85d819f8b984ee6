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


# ---- ListTensorDesc / TensorDesc: Ascend C's example list (2 tensors of dim 3, shapes (1,2,3) and (3,4,5)) ----
def gm_addr(arg_index, byte_offset=0):
    """openasc's GM address of kernel array argument arg_index (docs/python.md, "Tensor lists")."""
    return (arg_index + 1) << 40 | byte_offset


def tensor_list(ptrs, shapes):
    dim = len(shapes[0])
    words = [8 + 8 * len(shapes) * (dim + 1)]
    for i, s in enumerate(shapes):
        words += [dim | i << 32] + list(s)
    return np.array(words + ptrs, np.uint64)


@asc.jit
def k_list(lst: asc.GlobalAddress, a: asc.GlobalAddress, b: asc.GlobalAddress, out: asc.GlobalAddress,
           length: asc.ConstExpr[int]):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    ld = asc.ListTensorDesc()
    ld.init(lst, length, 2)
    og.set_value(0, ld.get_size())
    d = asc.TensorDesc(asc.int32)
    d.set_shape_addr(0)
    og.set_value(1, d.get_dim())  # not filled yet: 0
    ld.get_desc(d, 1)
    og.set_value(2, d.get_dim())
    og.set_value(3, d.get_index())
    for k in asc.static_range(3):
        og.set_value(4 + k, d.get_shape(k))
    t = d.get_data_obj()
    og.set_value(7, t.get_size())
    og.set_value(8, t.get_value(0))
    p0 = asc.GlobalTensor()
    p0.set_global_buffer(ld.get_data_ptr(0, asc.int32))
    og.set_value(9, p0.get_value(5))


def test_list_tensor_desc():
    a = np.arange(6, dtype=np.int32) + 100
    b = np.arange(64, dtype=np.int32) + 200
    lst = tensor_list([gm_addr(1), gm_addr(2, 8)], [(1, 2, 3), (3, 4, 5)])
    assert lst[0] == 72  # Ascend C's example: ptr_offset 72
    out = np.zeros(10, np.int64)
    k_list[1](lst, a, b, out, lst.nbytes)
    assert list(out) == [2, 0, 3, 1, 3, 4, 5, 60, 202, 105]


@asc.jit
def k_list_bad(lst: asc.GlobalAddress, case: asc.ConstExpr[int]):
    if case == 0:
        ld = asc.ListTensorDesc(lst, 1000, 2)
    else:
        ld = asc.ListTensorDesc(lst)
        d = asc.TensorDesc()
        if case == 1:
            d.get_shape(0)
        elif case == 2:
            ld.get_desc(d, 2)
            d.get_dim()
            d.get_shape(0)
        elif case == 3:
            ld.get_desc(d, 0)
            d.get_shape(3)
        else:
            ld.get_data_ptr(0)


@pytest.mark.parametrize("case,msg", [
    (0, "the list holds 2 pointers in 88 bytes, but length is 1000"),
    (1, "TensorDesc.get_shape: the TensorDesc describes no tensor"),
    (2, "index 2 is outside the list's 2 tensors"),
    (3, "offset 3 is outside the tensors' 3 dimensions"),
    (4, "names no kernel GM array"),
])
def test_list_tensor_desc_errors(case, msg):
    lst = tensor_list([12345, 0], [(1, 2, 3), (3, 4, 5)])
    with pytest.raises(asc.KernelError, match=msg):
        k_list_bad[1](lst, case)


def test_list_tensor_desc_bad_layout():
    with pytest.raises(asc.KernelError, match="the words are no tensor list"):
        k_list_bad[1](np.array([48, 3, 1, 2, 3, 0, 0], np.uint64), 0)
