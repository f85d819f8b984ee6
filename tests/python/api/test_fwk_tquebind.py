"""asc.language.fwk.TQueBind: every method page, each page's example (TQueBind(VECOUT, GM, depth)) traced and run,
non-default forms (the other documented bindings GM -> VECIN and VECIN -> VECOUT, the in-place forms) and values
worked out from the pages.  Where the buffers of a binding lie is Ascend C's (the TQueBind overview page's table:
TQueBind<VECOUT, GM> is TQue<VECOUT>, TQueBind<GM, VECIN> is TQue<VECIN>; devkit docs/zh/api/SIMD-API/基础API/
资源管理/Pipe和Que框架/TQueBind/TQueBind简介.md): UB for the three vector bindings."""
import numpy as np
import pytest

import asc

VECIN, VECOUT, GM = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.GM


def run(kernel, *args, n=16):
    out = np.full(n, -7, np.int32)
    kernel[1](out, *args)
    return out


@asc.jit
def alloc_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQueBind(asc.TPosition.VECOUT, asc.TPosition.GM, 2)
    num = 4
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    tensor = que.alloc_tensor(asc.half)            # the page's non-inplace example
    og.set_value(0, tensor.get_size())
    og.set_value(1, tensor.get_phy_addr())
    og.set_value(2, tensor.get_position() == asc.TPosition.VECOUT)
    t2 = asc.LocalTensor(asc.half)
    que.alloc_tensor(asc.half, t2)                 # the page's in-place example
    og.set_value(3, t2.get_phy_addr())
    que.free_tensor(tensor)
    que.free_tensor(t2)


@pytest.mark.api("asc.language.fwk.TQueBind.alloc_tensor", "asc.language.fwk.TQueBind.free_tensor")
def test_alloc_tensor():
    np.testing.assert_array_equal(run(alloc_kernel)[:4], [512, 0, 1, 1024])


@asc.jit
def free_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQueBind(asc.TPosition.VECOUT, asc.TPosition.GM, 2)
    num = 4
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    tensor = que.alloc_tensor(asc.half)            # the page's example
    que.free_tensor(tensor)
    a = que.alloc_tensor(asc.half)
    b = que.alloc_tensor(asc.half)
    c = que.alloc_tensor(asc.half)
    d = que.alloc_tensor(asc.half)
    og.set_value(0, que.has_idle_buffer())
    que.free_tensor(c)
    og.set_value(1, que.has_idle_buffer())
    que.free_tensor(a)
    que.free_tensor(b)
    que.free_tensor(d)


@pytest.mark.api("asc.language.fwk.TQueBind.free_tensor", "asc.language.fwk.TQueBind.has_idle_buffer")
def test_free_tensor():
    np.testing.assert_array_equal(run(free_kernel)[:2], [0, 1])


@asc.jit
def out_bind_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, o: asc.GlobalAddress, depth: asc.ConstExpr[int]):
    """A VECOUT -> GM binding in a kernel: vector results out of its buffer (MTE3), depth 1 or 4."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    qin = asc.TQueBind(GM, VECIN, 1)
    que = asc.TQueBind(VECOUT, GM, depth)
    pipe.init_buffer(que=qin, num=1, len=256 * 4)
    pipe.init_buffer(que=que, num=4, len=64 * 4)
    a = qin.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, count=256)
    qin.enque(a)
    a = qin.deque(asc.float32)
    for i in asc.static_range(2):
        b = que.alloc_tensor(asc.float32)
        asc.muls(b, a[i * 64:], float(i + 2), count=64)
        que.enque(b)                               # enque's page
    og.set_value(0, que.get_tensor_count_in_que())  # get_tensor_count_in_que's page: the enqueued tensors
    og.set_value(1, que.vacant_in_que())
    og.set_value(2, que.has_tensor_in_que())
    for i in asc.static_range(2):
        b = que.deque(asc.float32)                 # deque's page: first in, first out
        asc.data_copy(zg[i * 64:], b, count=64)
        que.free_tensor(b)
    og.set_value(3, que.has_tensor_in_que())
    qin.free_tensor(a)
    que.free_all_event()                           # free_all_event's page


@pytest.mark.api("asc.language.fwk.TQueBind.enque", "asc.language.fwk.TQueBind.deque",
                 "asc.language.fwk.TQueBind.get_tensor_count_in_que", "asc.language.fwk.TQueBind.vacant_in_que",
                 "asc.language.fwk.TQueBind.has_tensor_in_que", "asc.language.fwk.TQueBind.free_all_event")
@pytest.mark.parametrize("depth", [2, 4])
def test_out_binding(depth):
    x = np.arange(256, dtype=np.float32) * 0.5
    z = np.zeros(128, np.float32)
    o = np.full(4, -7, np.int32)
    out_bind_kernel[1](x, z, o, depth)
    np.testing.assert_array_equal(z[:64], x[:64] * 2)
    np.testing.assert_array_equal(z[64:], x[64:128] * 3)
    np.testing.assert_array_equal(o, [2, int(depth > 2), 1, 0])


@asc.jit
def page_examples_kernel(o: asc.GlobalAddress):
    """The examples of enque, deque (both forms), get_tensor_count_in_que, has_tensor_in_que and free_all_event."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQueBind(asc.TPosition.VECOUT, asc.TPosition.GM, 4)
    num = 4
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    ret = que.has_tensor_in_que()
    og.set_value(0, ret)
    tensor1 = que.alloc_tensor(asc.half)
    que.enque(tensor1)
    num = que.get_tensor_count_in_que()
    og.set_value(1, num)
    tensor1 = que.deque(asc.half)
    og.set_value(2, tensor1.get_phy_addr())
    que.free_tensor(tensor1)
    que.free_all_event()
    que2 = asc.TQueBind(asc.TPosition.VECOUT, asc.TPosition.GM, 0)   # deque's in-place example
    pipe.init_buffer(que=que2, num=num, len=len)
    tensor2 = que2.alloc_tensor(asc.half)
    que2.enque(tensor2)
    que2.deque(asc.half, tensor2)
    og.set_value(3, tensor2.get_phy_addr())
    que2.free_tensor(tensor2)


@pytest.mark.api("asc.language.fwk.TQueBind.enque", "asc.language.fwk.TQueBind.deque",
                 "asc.language.fwk.TQueBind.get_tensor_count_in_que", "asc.language.fwk.TQueBind.has_tensor_in_que",
                 "asc.language.fwk.TQueBind.free_all_event")
def test_page_examples():
    # que2's 4 buffers (num = 1 after the count) follow que's 4 of 1024 bytes
    np.testing.assert_array_equal(run(page_examples_kernel)[:4], [0, 1, 0, 4096])


@asc.jit
def idle_kernel(o: asc.GlobalAddress):
    """has_idle_buffer's page example."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQueBind(asc.TPosition.VECOUT, asc.TPosition.GM, 4)
    num = 4
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    ret = que.has_idle_buffer()
    og.set_value(0, ret)
    tensor1 = que.alloc_tensor(asc.half)
    ret = que.has_idle_buffer()
    og.set_value(1, ret)
    tensor2 = que.alloc_tensor(asc.half)
    tensor3 = que.alloc_tensor(asc.half)
    tensor4 = que.alloc_tensor(asc.half)
    ret = que.has_idle_buffer()
    og.set_value(2, ret)
    que.free_tensor(tensor1)
    que.free_tensor(tensor2)
    que.free_tensor(tensor3)
    que.free_tensor(tensor4)


@pytest.mark.api("asc.language.fwk.TQueBind.has_idle_buffer")
def test_has_idle_buffer_page_example():
    np.testing.assert_array_equal(run(idle_kernel)[:3], [1, 1, 0])


@asc.jit
def vacant_kernel(o: asc.GlobalAddress):
    """vacant_in_que's page example: depth 4, 10 buffers, 5 allocated, 4 enqueued."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQueBind(asc.TPosition.VECOUT, asc.TPosition.GM, 4)
    num = 10
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    tensor1 = que.alloc_tensor(asc.half)
    tensor2 = que.alloc_tensor(asc.half)
    tensor3 = que.alloc_tensor(asc.half)
    tensor4 = que.alloc_tensor(asc.half)
    tensor5 = que.alloc_tensor(asc.half)
    que.enque(tensor1)
    que.enque(tensor2)
    que.enque(tensor3)
    og.set_value(0, que.vacant_in_que())
    que.enque(tensor4)
    ret = que.vacant_in_que()
    og.set_value(1, ret)
    que.free_tensor(tensor5)


@pytest.mark.api("asc.language.fwk.TQueBind.vacant_in_que")
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the page's example leaves its tensors in the queue
def test_vacant_in_que_page_example():
    np.testing.assert_array_equal(run(vacant_kernel)[:2], [1, 0])


@asc.jit
def copy_through_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int):
    """TQueBind(VECIN, VECOUT): the TQueBind overview's copy-through without vector work, double-buffered."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    que = asc.TQueBind(VECIN, VECOUT, 2)
    pipe.init_buffer(que=que, num=2, len=128 * 2)
    for t in range(tiles):
        a = que.alloc_tensor(asc.half)
        asc.data_copy(a, xg[t * 128:], count=128)
        que.enque(a)
        a = que.deque(asc.half)
        asc.data_copy(zg[t * 128:], a, count=128)
        que.free_tensor(a)


@pytest.mark.api("asc.language.fwk.TQueBind.alloc_tensor", "asc.language.fwk.TQueBind.enque",
                 "asc.language.fwk.TQueBind.deque", "asc.language.fwk.TQueBind.free_tensor")
def test_copy_through_binding():
    x = (np.arange(5 * 128) % 251).astype(np.float16)
    z = np.zeros_like(x)
    copy_through_kernel[1](x, z, 5)
    np.testing.assert_array_equal(z, x)
