"""asc.language.fwk.TQue: every method page (pyasc docs/python-api/language/generated/asc.language.fwk.TQue.*),
each page's example traced and run, a non-default form, and the values worked out from the page by hand:
buffers of init_buffer(que, num, len) lie one after another from UB byte 0 (len rounded up to 32 bytes), a queue
hands out tensors of len bytes, enque/deque are first in first out, and the queries count what the page says."""
import numpy as np
import pytest

import asc

VECIN, VECOUT = asc.TPosition.VECIN, asc.TPosition.VECOUT


def run(kernel, *args, n=16):
    out = np.full(n, -7, np.int32)
    kernel[1](out, *args)
    return out


@asc.jit
def alloc_kernel(o: asc.GlobalAddress, length: asc.ConstExpr[int]):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    # the page's example (non-inplace)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 2)
    num = 4
    len = length  # noqa: A001 - the page's name
    pipe.init_buffer(que=que, num=num, len=len)
    tensor = que.alloc_tensor(asc.half)
    og.set_value(0, tensor.get_size())        # len bytes of half
    og.set_value(1, tensor.get_phy_addr())    # the first buffer: UB byte 0
    t2 = que.alloc_tensor(asc.float32)
    og.set_value(2, t2.get_phy_addr())        # the next buffer
    og.set_value(3, t2.get_size())
    # the in-place forms: alloc_tensor(tensor) and the page's alloc_tensor(dtype, tensor)
    t3 = asc.LocalTensor(asc.half)
    que.alloc_tensor(t3)
    og.set_value(4, t3.get_phy_addr())
    t4 = asc.LocalTensor(asc.int16)
    que.alloc_tensor(asc.int16, t4)
    og.set_value(5, t4.get_phy_addr())
    og.set_value(6, t4.get_length())
    que.free_tensor(tensor)
    que.free_tensor(t2)
    que.free_tensor(t3)
    que.free_tensor(t4)


@pytest.mark.api("asc.language.fwk.TQue.alloc_tensor")
@pytest.mark.parametrize("length,rounded", [(1024, 1024), (100, 128)])
def test_alloc_tensor(length, rounded):
    """init_buffer's page: len rounded up to 32 bytes; the buffers lie back to back."""
    o = run(alloc_kernel, length)
    np.testing.assert_array_equal(o[:7], [rounded // 2, 0, rounded, rounded // 4, 2 * rounded, 3 * rounded, rounded])


@asc.jit
def exhausted_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(VECOUT, 1)
    pipe.init_buffer(que=que, num=2, len=64)
    que.alloc_tensor(asc.half)
    que.alloc_tensor(asc.half)
    que.alloc_tensor(asc.half)   # has_idle_buffer's page: allocating past the last buffer is an error


@pytest.mark.api("asc.language.fwk.TQue.alloc_tensor")
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # verify-sync flags the misuse too
def test_alloc_tensor_exhausted_is_an_error():
    with pytest.raises(asc.KernelError, match="exhausted queue"):
        run(exhausted_kernel)


@asc.jit
def fifo_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, o: asc.GlobalAddress, depth: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQue(VECIN, depth)
    out = asc.TQue(VECOUT, 1)
    pipe.init_buffer(que=que, num=3, len=64 * 4)
    pipe.init_buffer(que=out, num=1, len=3 * 64 * 4)
    a = que.alloc_tensor(asc.float32)
    b = que.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, count=64)
    asc.data_copy(b, xg[64:], count=64)
    que.enque(a)
    que.enque(b)
    og.set_value(0, que.get_tensor_count_in_que())   # 2
    first = que.deque(asc.float32)                   # a comes out first
    og.set_value(1, first.get_phy_addr())
    og.set_value(2, que.get_tensor_count_in_que())   # 1
    second = asc.LocalTensor(asc.float32)
    que.deque(second)                                # the in-place form
    og.set_value(3, second.get_phy_addr())
    og.set_value(4, que.has_tensor_in_que())         # empty again
    r = out.alloc_tensor(asc.float32)
    asc.add(r, first, second, count=64)
    asc.sub(r[64:], first, second, count=64)
    out.enque(r)
    que.free_tensor(first)
    que.free_tensor(second)
    r = out.deque(asc.float32)
    asc.data_copy(zg, r, count=128)
    out.free_tensor(r)


@pytest.mark.api("asc.language.fwk.TQue.enque", "asc.language.fwk.TQue.deque",
                 "asc.language.fwk.TQue.get_tensor_count_in_que")
@pytest.mark.parametrize("depth", [2, 4])
def test_enque_deque_fifo(depth):
    x = np.arange(128, dtype=np.float32) * 0.25
    z = np.zeros(128, np.float32)
    o = np.full(8, -7, np.int32)
    fifo_kernel[1](x, z, o, depth)
    np.testing.assert_array_equal(o[:5], [2, 0, 1, 256, 0])
    np.testing.assert_array_equal(z[:64], x[:64] + x[64:])
    np.testing.assert_array_equal(z[64:], x[:64] - x[64:])


@asc.jit
def page_examples_kernel(o: asc.GlobalAddress):
    """enque / deque / get_tensor_count_in_que / free_tensor pages' examples on one pipe."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 4)
    num = 4
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    tensor1 = que.alloc_tensor(asc.half)
    que.enque(tensor1)
    num = que.get_tensor_count_in_que()
    og.set_value(0, num)                   # the page: 1
    tensor2 = que.deque(asc.half)
    og.set_value(1, tensor2.get_phy_addr())
    que.free_tensor(tensor2)
    og.set_value(2, que.has_idle_buffer())


@pytest.mark.api("asc.language.fwk.TQue.enque", "asc.language.fwk.TQue.deque",
                 "asc.language.fwk.TQue.get_tensor_count_in_que", "asc.language.fwk.TQue.free_tensor")
def test_page_examples():
    np.testing.assert_array_equal(run(page_examples_kernel)[:3], [1, 0, 1])


@asc.jit
def inplace_kernel(o: asc.GlobalAddress):
    """deque's in-place example: a depth-0 TQue, alloc_tensor, enque, deque(dtype, tensor), free_tensor."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 0)
    num = 4
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    tensor1 = que.alloc_tensor(asc.half)
    asc.duplicate(tensor1, 3.0, count=512)
    que.enque(tensor1)
    que.deque(asc.half, tensor1)
    og.set_value(0, tensor1.get_phy_addr())
    og.set_value(1, tensor1.get_value(511).cast(asc.float32).cast(asc.int32))
    que.free_tensor(tensor1)


@pytest.mark.api("asc.language.fwk.TQue.deque")
def test_deque_inplace_depth0():
    np.testing.assert_array_equal(run(inplace_kernel)[:2], [0, 3])


@asc.jit
def empty_deque_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(VECOUT, 2)
    pipe.init_buffer(que=que, num=2, len=64)
    que.deque(asc.half)   # deque's page: deque of an empty queue is an error


@pytest.mark.api("asc.language.fwk.TQue.deque")
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # verify-sync flags the misuse too
def test_deque_empty_is_an_error():
    with pytest.raises(asc.KernelError, match="nothing is enqueued"):
        run(empty_deque_kernel)


@asc.jit
def free_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    # the page's example
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 2)
    num = 4
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    tensor = que.alloc_tensor(asc.half)
    que.free_tensor(tensor)
    # four allocations, then a free makes one buffer idle again: it is reused
    a = que.alloc_tensor(asc.half)
    b = que.alloc_tensor(asc.half)
    c = que.alloc_tensor(asc.half)
    d = que.alloc_tensor(asc.half)
    og.set_value(0, que.has_idle_buffer())
    que.free_tensor(c)
    og.set_value(1, que.has_idle_buffer())
    e = que.alloc_tensor(asc.half)
    og.set_value(2, e.get_phy_addr())
    og.set_value(3, c.get_phy_addr())
    que.free_tensor(a)
    que.free_tensor(b)
    que.free_tensor(d)
    que.free_tensor(e)


@pytest.mark.api("asc.language.fwk.TQue.free_tensor")
def test_free_tensor():
    o = run(free_kernel)
    assert o[0] == 0 and o[1] == 1 and o[2] == o[3]


@asc.jit
def double_free_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(VECOUT, 1)
    pipe.init_buffer(que=que, num=1, len=64)
    t = que.alloc_tensor(asc.half)
    que.free_tensor(t)
    que.free_tensor(t)


@pytest.mark.api("asc.language.fwk.TQue.free_tensor")
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # verify-sync flags the misuse too
def test_free_tensor_twice_is_an_error():
    with pytest.raises(asc.KernelError, match="double free"):
        run(double_free_kernel)


@asc.jit
def idle_kernel(o: asc.GlobalAddress):
    """has_idle_buffer's page example: True before any alloc, True after one, False after four."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 1)
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


@pytest.mark.api("asc.language.fwk.TQue.has_idle_buffer")
def test_has_idle_buffer_page_example():
    np.testing.assert_array_equal(run(idle_kernel)[:3], [1, 1, 0])


@asc.jit
def has_tensor_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 4)
    num = 4
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    ret = que.has_tensor_in_que()      # the page's example: nothing enqueued
    og.set_value(0, ret)
    t = que.alloc_tensor(asc.half)
    og.set_value(1, que.has_tensor_in_que())   # allocated, not enqueued: still False
    que.enque(t)
    og.set_value(2, que.has_tensor_in_que())
    t = que.deque(asc.half)
    og.set_value(3, que.has_tensor_in_que())
    que.free_tensor(t)


@pytest.mark.api("asc.language.fwk.TQue.has_tensor_in_que")
def test_has_tensor_in_que():
    np.testing.assert_array_equal(run(has_tensor_kernel)[:4], [0, 0, 1, 0])


@asc.jit
def vacant_kernel(o: asc.GlobalAddress, enqueued: asc.ConstExpr[int]):
    """vacant_in_que's page example: depth 4, 10 buffers, 5 allocated, 4 enqueued: full."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 4)
    num = 10
    len = 1024  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    tensor1 = que.alloc_tensor(asc.half)
    tensor2 = que.alloc_tensor(asc.half)
    tensor3 = que.alloc_tensor(asc.half)
    tensor4 = que.alloc_tensor(asc.half)
    tensor5 = que.alloc_tensor(asc.half)
    og.set_value(0, que.vacant_in_que())
    que.enque(tensor1)
    que.enque(tensor2)
    que.enque(tensor3)
    if enqueued == 4:
        que.enque(tensor4)
    ret = que.vacant_in_que()
    og.set_value(1, ret)
    og.set_value(2, que.get_tensor_count_in_que())
    que.free_tensor(tensor5)


@pytest.mark.api("asc.language.fwk.TQue.vacant_in_que", "asc.language.fwk.TQue.get_tensor_count_in_que")
@pytest.mark.parametrize("enqueued", [3, 4])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the page's example leaves its tensors in the queue
def test_vacant_in_que(enqueued):
    np.testing.assert_array_equal(run(vacant_kernel, enqueued)[:3], [1, int(enqueued < 4), enqueued])


@asc.jit
def overfull_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(VECOUT, 1)
    pipe.init_buffer(que=que, num=2, len=64)
    a = que.alloc_tensor(asc.half)
    b = que.alloc_tensor(asc.half)
    que.enque(a)
    que.enque(b)   # vacant_in_que's page: enqueueing into a full queue is an error


@pytest.mark.api("asc.language.fwk.TQue.enque", "asc.language.fwk.TQue.vacant_in_que")
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # verify-sync flags the misuse too
def test_enque_into_full_queue_is_an_error():
    with pytest.raises(asc.KernelError, match="already holds 1 tensors"):
        run(overfull_kernel)
