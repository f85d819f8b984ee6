"""ListTensorDesc and TensorDesc entries of asc.language.basic, from their pages: ListTensorDesc.init,
get_size, get_desc, get_data_ptr; TensorDesc.get_dim, get_index, get_shape, get_data_ptr,
get_data_obj, set_shape_addr.

The list's memory layout is Ascend C ListTensorDesc's (uint64 words): the byte offset of the pointer
area, then per tensor a header `dim | index << 32` and its dim shape words, then one data pointer per
tensor.  A data pointer here is openasc's GM address of a kernel array argument, (k + 1) << 40 | byte
offset (docs/python.md, "Tensor lists")."""
import numpy as np
import pytest

import asc
from kit import api


def gm_addr(k, byte_offset=0):
    return (k + 1) << 40 | byte_offset


def tensor_list(ptrs, shapes):
    dim = len(shapes[0])
    words = [8 + 8 * len(shapes) * (dim + 1)]
    for i, s in enumerate(shapes):
        words += [dim | i << 32] + list(s)
    return np.array(words + ptrs, np.uint64)


SHAPES = [(2, 4), (3, 5), (1, 8)]


@asc.jit
def list_kernel(lst: asc.GlobalAddress, a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                out: asc.GlobalAddress, form: asc.ConstExpr[str], index: asc.ConstExpr[int]):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    if form == "ctor":
        x_desc = asc.ListTensorDesc(data=lst, length=0xffffffff, shape_size=0xffffffff)
    else:
        x_desc = asc.ListTensorDesc()
        x_desc.init(data=lst, length=0xffffffff, shape_size=0xffffffff)
    og.set_value(0, x_desc.get_size())
    y = asc.TensorDesc(asc.int32)
    y.set_shape_addr(0)
    x_desc.get_desc(y, index=index)
    og.set_value(1, y.get_dim())
    og.set_value(2, y.get_index())
    og.set_value(3, y.get_shape(0))
    og.set_value(4, y.get_shape(1))
    obj = y.get_data_obj()
    og.set_value(5, obj.get_value(1))
    p = asc.GlobalTensor()
    p.set_global_buffer(y.get_data_ptr())
    og.set_value(6, p.get_value(2))
    q = asc.GlobalTensor()
    q.set_global_buffer(x_desc.get_data_ptr(index=index, dtype=asc.int32))
    og.set_value(7, q.get_value(3))


@api("ListTensorDesc.init", "ListTensorDesc.get_size", "ListTensorDesc.get_desc", "ListTensorDesc.get_data_ptr",
     "TensorDesc.get_dim", "TensorDesc.get_index", "TensorDesc.get_shape", "TensorDesc.get_data_ptr",
     "TensorDesc.get_data_obj", "TensorDesc.set_shape_addr")
@pytest.mark.parametrize("form", ["ctor", "init"])
@pytest.mark.parametrize("index", [0, 1, 2])
def test_list_tensor(form, index):
    """The pages' calls (ListTensorDesc(data=x, length=0xffffffff, shape_size=0xffffffff) or init(...);
    get_size; get_desc(y, index=...); get_data_ptr(index=..., dtype=...); TensorDesc.get_dim / get_index /
    get_shape(k) / get_data_ptr / get_data_obj / set_shape_addr(0)) on a list of 3 two-dimensional tensors;
    the third pointer starts 16 bytes into its array."""
    arrays = [np.arange(8, dtype=np.int32) + 100, np.arange(15, dtype=np.int32) + 200, np.arange(12, dtype=np.int32) + 300]
    ptrs = [gm_addr(1), gm_addr(2), gm_addr(3, 16)]
    lst = tensor_list(ptrs, SHAPES)
    out = np.full(8, -1, np.int64)
    list_kernel[1](lst, *arrays, out, form, index)
    base = arrays[index][4:] if index == 2 else arrays[index]
    assert out.tolist() == [3, 2, index, SHAPES[index][0], SHAPES[index][1], base[1], base[2], base[3]]


@api("ListTensorDesc.get_size", "ListTensorDesc.get_data_ptr")
def test_pointer_only_list():
    """A list of pointers only (Ascend C's decoder, dav_c220 ListTensorDecode: dim 0, the shape word
    0xffffffff, pointers at byte 24; a header's non-zero high word is the pointer count)."""
    @asc.jit
    def k(lst: asc.GlobalAddress, a: asc.GlobalAddress, b: asc.GlobalAddress, out: asc.GlobalAddress):
        og = asc.GlobalTensor()
        og.set_global_buffer(out)
        d = asc.ListTensorDesc(lst)
        og.set_value(0, d.get_size())
        g = asc.GlobalTensor()
        g.set_global_buffer(d.get_data_ptr(1, asc.int32))
        og.set_value(1, g.get_value(0))
    lst = np.array([24, 0xffffffff, 0xffffffff, gm_addr(1), gm_addr(2)], np.uint64)
    lst[1] = 2 << 32  # dim 0, two pointers
    out = np.zeros(2, np.int64)
    k[1](lst, np.array([5] * 8, np.int32), np.array([9] * 8, np.int32), out)
    assert out.tolist() == [2, 9]


@api("TensorDesc.get_dim", "TensorDesc.get_index")
def test_unfilled_tensor_desc():
    """A TensorDesc no get_desc filled (the pages' examples: asc.TensorDesc() then get_dim / get_index):
    dim 0 and index 0."""
    @asc.jit
    def k(out: asc.GlobalAddress):
        og = asc.GlobalTensor()
        og.set_global_buffer(out)
        tensor_desc = asc.TensorDesc()
        og.set_value(0, tensor_desc.get_dim())
        og.set_value(1, tensor_desc.get_index())
    out = np.full(2, -1, np.int64)
    k[1](out)
    assert out.tolist() == [0, 0]
