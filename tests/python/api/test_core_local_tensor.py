"""asc.language.core.LocalTensor: every method page, each example traced and run, non-default forms and values from
the pages: get_size in elements, get_length in bytes, set_size (elements) and set_buffer_len (bytes) change them,
get_phy_addr(offset) the UB address offset elements in, get_position the TPosition, reinterpret_cast the same bytes
as another type, set_addr_with_offset a view offset elements (of the source's type) in, user tags, get_value /
set_value by element, set_shape_info / get_shape_info a ShapeInfo round trip.  UB is carved from byte 0 in
init_buffer order (TPipe.init_buffer's page)."""
import numpy as np
import pytest

import asc

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC


def run(kernel, *args, n=24):
    out = np.full(n, -7, np.int32)
    kernel[1](out, *args)
    return out


@asc.jit
def size_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    temp_queue = asc.TQue(VECCALC, 1)
    in_queue = asc.TQue(VECIN, 1)
    pipe.init_buffer(temp_queue, 1, 4096)
    pipe.init_buffer(in_queue, 1, 200)               # rounded up to 224
    input_local = in_queue.alloc_tensor(asc.half)
    size = input_local.get_size()                    # get_size's example: elements
    og.set_value(0, size)
    len = input_local.get_length()                   # noqa: A001 - get_length's example: bytes
    og.set_value(1, len)
    tmp_buffer = temp_queue.alloc_tensor(asc.float)  # set_size's example
    tmp_buffer.set_size(256)
    og.set_value(2, tmp_buffer.get_size())
    og.set_value(3, tmp_buffer.get_length())
    tmp_buffer.set_buffer_len(1024)                  # set_buffer_len's example: bytes
    og.set_value(4, tmp_buffer.get_size())
    og.set_value(5, tmp_buffer.get_length())
    tmp_buffer.set_size()                            # set_size's default: 0
    og.set_value(6, tmp_buffer.get_size())
    real_addr = input_local.get_phy_addr()           # get_phy_addr's example
    og.set_value(7, real_addr)
    og.set_value(8, input_local.get_phy_addr(10))    # 10 halves in
    og.set_value(9, tmp_buffer.get_phy_addr(3))      # 3 floats in
    temp_queue.free_tensor(tmp_buffer)
    in_queue.free_tensor(input_local)


@pytest.mark.api("asc.language.core.LocalTensor.get_size", "asc.language.core.LocalTensor.get_length",
                 "asc.language.core.LocalTensor.set_size", "asc.language.core.LocalTensor.set_buffer_len",
                 "asc.language.core.LocalTensor.get_phy_addr")
def test_sizes_lengths_addresses():
    np.testing.assert_array_equal(run(size_kernel)[:10], [112, 224, 256, 1024, 256, 1024, 0, 4096, 4116, 12])


@asc.jit
def set_size_limits_kernel(o: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(VECCALC, 1)
    pipe.init_buffer(q, 1, 1024)
    t = q.alloc_tensor(asc.float32)
    t.set_size(n)
    asc.duplicate(t, 1.0, count=n)
    q.free_tensor(t)


@pytest.mark.api("asc.language.core.LocalTensor.set_size")
def test_set_size_past_ub_is_an_error():
    with pytest.raises(asc.KernelError, match="do not fit in UB"):
        run(set_size_limits_kernel, 1 << 20)


@asc.jit
def position_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    qi = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    tb = asc.TBuf(VECCALC)
    pipe.init_buffer(qi, 1, 64)
    pipe.init_buffer(qo, 1, 64)
    pipe.init_buffer(tb, 64)
    a = qi.alloc_tensor(asc.half)
    b = qo.alloc_tensor(asc.half)
    input_local = tb.get(asc.half)
    src_pos = input_local.get_position()     # get_position's example
    if src_pos == asc.TPosition.VECCALC:
        og.set_value(0, 1)
    elif src_pos == asc.TPosition.A1:
        og.set_value(0, 2)
    else:
        og.set_value(0, 3)
    og.set_value(1, a.get_position() == VECIN)
    og.set_value(2, b.get_position() == VECOUT)
    og.set_value(3, int(b.get_position()))
    qi.free_tensor(a)
    qo.free_tensor(b)


@pytest.mark.api("asc.language.core.LocalTensor.get_position")
def test_get_position():
    np.testing.assert_array_equal(run(position_kernel)[:4], [1, 1, 1, int(asc.TPosition.VECOUT)])


@asc.jit
def cast_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, o: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    qi = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qi, 1, 256)
    pipe.init_buffer(qo, 1, 256)
    input_local = qi.alloc_tensor(asc.float32)
    asc.data_copy(input_local, xg, count=64)
    qi.enque(input_local)
    input_local = qi.deque(asc.float32)
    interpre_tensor = input_local.reinterpret_cast(asc.int16)   # the page's example
    og.set_value(0, interpre_tensor.get_size())                 # the same 256 bytes: 128 int16
    og.set_value(1, interpre_tensor.get_phy_addr())
    r = qo.alloc_tensor(asc.int16)
    asc.bitwise_not(r, interpre_tensor, count=128)              # bits through the int16 view
    qo.enque(r)
    qi.free_tensor(input_local)
    r = qo.deque(asc.int16)
    asc.data_copy(zg, r.reinterpret_cast(asc.float32), count=64)
    qo.free_tensor(r)


@pytest.mark.api("asc.language.core.LocalTensor.reinterpret_cast")
def test_reinterpret_cast():
    x = np.linspace(-3, 3, 64).astype(np.float32)
    z = np.zeros(64, np.float32)
    o = np.full(2, -7, np.int32)
    cast_kernel[1](x, z, o)
    np.testing.assert_array_equal(o, [128, 0])
    np.testing.assert_array_equal(z.view(np.uint32), ~x.view(np.uint32))


@asc.jit
def offset_kernel(o: asc.GlobalAddress, calc_size: asc.ConstExpr[int]):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    q0 = asc.TQue(VECIN, 1)
    temp_queue = asc.TQue(VECCALC, 1)
    pipe.init_buffer(q0, 1, 96)
    pipe.init_buffer(temp_queue, 1, 2048)
    pad = q0.alloc_tensor(asc.uint8)
    # the page's example: a half view calc_size * 2 floats into a float buffer
    tmp_buffer = temp_queue.alloc_tensor(asc.float)
    tmp_half_buffer = asc.LocalTensor(asc.half)
    tmp_half_buffer.set_addr_with_offset(tmp_buffer, calc_size * 2)
    og.set_value(0, tmp_half_buffer.get_phy_addr())
    og.set_value(1, tmp_half_buffer.get_size())              # the rest of the buffer, in halves
    tmp_buffer.set_value(calc_size * 2, 1.0)                 # the view sees the buffer's bytes
    og.set_value(2, tmp_half_buffer.get_value(1).cast(asc.float32).cast(asc.int32))   # high half of 1.0f: 0x3F80
    og.set_value(3, tmp_half_buffer.reinterpret_cast(asc.int16).get_value(1))
    temp_queue.free_tensor(tmp_buffer)
    q0.free_tensor(pad)


@pytest.mark.api("asc.language.core.LocalTensor.set_addr_with_offset")
@pytest.mark.parametrize("calc_size", [16, 100])
def test_set_addr_with_offset(calc_size):
    o = run(offset_kernel, calc_size)
    base, off = 96, calc_size * 2 * 4
    assert o[0] == base + off and o[1] == (2048 - off) // 2
    assert o[3] == 0x3F80    # float 1.0 is 0x3F800000: its high half word
    assert o[2] == int(np.array([0x3F80], np.uint16).view(np.float16)[0])


@asc.jit
def tag_kernel(o: asc.GlobalAddress, x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x)
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que1 = asc.TQue(VECIN, 1)
    que2 = asc.TQue(VECIN, 1)
    que3 = asc.TQue(VECOUT, 1)
    pipe.init_buffer(que1, 1, 256)
    pipe.init_buffer(que2, 1, 256)
    pipe.init_buffer(que3, 1, 256)
    a = que1.alloc_tensor(asc.half)
    b = que2.alloc_tensor(asc.half)
    tag = 10
    a.set_user_tag(tag)                        # set_user_tag's example (its get_size(tag) is a typo)
    b.set_user_tag(9)
    asc.data_copy(a, xg, count=128)
    asc.data_copy(b, xg[128:], count=128)
    que1.enque(a)
    que2.enque(b)
    # get_user_tag's example: the tags steer the computation after the queues
    tensor1 = que1.deque(asc.half)
    tag1 = tensor1.get_user_tag()
    tensor2 = que2.deque(asc.half)
    tag2 = tensor2.get_user_tag()
    tensor3 = que3.alloc_tensor(asc.half)
    tile_length = 128
    if tag1 <= 10 and tag2 >= 9:
        asc.add(tensor3, tensor1, tensor2, count=tile_length)
    else:
        asc.sub(tensor3, tensor1, tensor2, count=tile_length)
    og.set_value(0, tag1)
    og.set_value(1, tag2)
    tensor3.set_user_tag(-5)                   # int32 tags
    og.set_value(2, tensor3.get_user_tag())
    que3.enque(tensor3)
    tensor3 = que3.deque(asc.half)
    og.set_value(3, tensor3.get_user_tag())
    og.set_value(4, tensor3.get_value(3).cast(asc.float32).cast(asc.int32))
    que1.free_tensor(tensor1)
    que2.free_tensor(tensor2)
    que3.free_tensor(tensor3)


@pytest.mark.api("asc.language.core.LocalTensor.set_user_tag", "asc.language.core.LocalTensor.get_user_tag")
def test_user_tags():
    x = np.arange(256).astype(np.float16)
    o = run(tag_kernel, x)
    np.testing.assert_array_equal(o[:5], [10, 9, -5, -5, 3 + 131])


@asc.jit
def value_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qi, 1, 256 * 4)
    pipe.init_buffer(qo, 1, 256 * 4)
    input_local = qi.alloc_tensor(x.dtype)
    asc.data_copy(input_local, xg, count=256)
    qi.enque(input_local)
    input_local = qi.deque(x.dtype)
    out = qo.alloc_tensor(x.dtype)
    src_len = 256
    num = 100
    for i in range(src_len):
        element = input_local.get_value(i)          # get_value's example
        out.set_value(i, element + num)             # set_value's example, with the element
    out.set_value(3, num)
    qo.enque(out)
    qi.free_tensor(input_local)
    out = qo.deque(x.dtype)
    asc.data_copy(zg, out, count=256)
    qo.free_tensor(out)


@pytest.mark.api("asc.language.core.LocalTensor.get_value", "asc.language.core.LocalTensor.set_value")
@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.int16])
def test_get_set_value(dtype):
    x = (np.arange(256) * 3 - 300).astype(dtype)
    z = np.zeros(256, dtype)
    value_kernel[1](x, z)
    want = (x.astype(np.float64) + 100).astype(dtype)
    want[3] = 100
    np.testing.assert_array_equal(z, want)


@asc.jit
def value_oob_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(VECCALC, 1)
    pipe.init_buffer(q, 1, 64)
    t = q.alloc_tensor(asc.float32)
    t.set_value(16, 1.0)      # past the 16 elements of the tensor


@pytest.mark.api("asc.language.core.LocalTensor.set_value")
def test_set_value_past_the_tensor_is_an_error():
    with pytest.raises(asc.KernelError, match="out"):
        run(value_oob_kernel)


@asc.jit
def shape_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    softmax_max_buf = asc.TBuf(VECCALC)
    pipe.init_buffer(softmax_max_buf, 16 * 8 * 4)
    max_ub = softmax_max_buf.get(asc.float)
    shape_array = asc.array(asc.uint32, [16, 8])
    # set_shape_info's example, with ShapeInfo's documented signature (shape, original_shape, data_format): the
    # example's ShapeInfo(2, shape_array, ND) is Ascend C's (dims first), which pyasc's ShapeInfo does not take
    max_ub.set_shape_info(asc.ShapeInfo(shape_array, shape_array, asc.DataFormat.ND))
    max_shape_info = max_ub.get_shape_info()        # get_shape_info's example
    og.set_value(0, asc.get_shape_size(max_shape_info))
    other = softmax_max_buf.get(asc.float, 16)
    other.set_shape_info(asc.ShapeInfo(asc.array(asc.uint32, [4, 4])))
    og.set_value(1, asc.get_shape_size(other.get_shape_info()))


@pytest.mark.api("asc.language.core.LocalTensor.set_shape_info", "asc.language.core.LocalTensor.get_shape_info")
def test_shape_info():
    np.testing.assert_array_equal(run(shape_kernel)[:2], [128, 16])
