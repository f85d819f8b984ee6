"""asc.language.fwk.TPipe and get_tpipe_ptr: every page (pyasc docs/python-api/language/generated/
asc.language.fwk.TPipe.*, asc.language.fwk.get_tpipe_ptr), each example traced and run, non-default forms and
values from the pages: init_buffer carves UB from byte 0 in call order, len rounded up to 32 bytes; the event-id
pages: alloc_event_id takes the lowest free id of its HardEvent (8 per event) until release_event_id, fetch_event_id
names it without taking it; destroy frees everything and a new TPipe (or init) may follow."""
import numpy as np
import pytest

import asc
from asc.runtime.config import KernelType

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC
N = 64


def run(kernel, *args, n=16, **kw):
    out = np.full(n, -7, np.int32)
    kernel[1](out, *args, **kw)
    return out


@asc.jit
def init_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()                        # the page's example
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 1, 96)
    t = q.alloc_tensor(asc.int32)
    og.set_value(0, t.get_phy_addr())
    og.set_value(1, pipe.get_base_addr(VECIN))
    q.free_tensor(t)


@pytest.mark.api("asc.language.fwk.TPipe.__init__")
def test_tpipe_construct():
    np.testing.assert_array_equal(run(init_kernel)[:2], [0, 0])


@pytest.mark.api("asc.language.fwk.TPipe.__init__")
def test_two_tpipes_at_once_are_refused():
    """The page: one TPipe at a time; destroy the previous one first."""
    @asc.jit
    def k(o: asc.GlobalAddress):
        asc.TPipe()
        asc.TPipe()
    with pytest.raises(RuntimeError, match="TPipe instance is already created"):
        run(k)


@asc.jit
def init_buffer_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    # the page's first example: a TQue, 2 blocks of 128 bytes
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 2)
    num = 2
    len = 128  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    # a TBuf (the page's keyword form init_buffer(buf=..., num=len)), and a length that is not 32-byte aligned
    buf = asc.TBuf(VECCALC)
    pipe.init_buffer(buf=buf, num=100)
    q2 = asc.TQue(VECIN, 1)
    pipe.init_buffer(q2, 1, 40)
    a = que.alloc_tensor(asc.half)
    b = que.alloc_tensor(asc.half)
    t = buf.get(asc.uint8)
    c = q2.alloc_tensor(asc.uint8)
    og.set_value(0, a.get_phy_addr())
    og.set_value(1, b.get_phy_addr())
    og.set_value(2, t.get_phy_addr())
    og.set_value(3, t.get_size())       # 100 rounded up to 128
    og.set_value(4, c.get_phy_addr())
    og.set_value(5, c.get_size())       # 40 rounded up to 64
    que.free_tensor(a)
    que.free_tensor(b)
    q2.free_tensor(c)


@pytest.mark.api("asc.language.fwk.TPipe.init_buffer")
def test_init_buffer():
    np.testing.assert_array_equal(run(init_buffer_kernel)[:6], [0, 128, 256, 128, 384, 64])


@asc.jit(kernel_type=KernelType.AIC_ONLY)
def init_buffer_a1_kernel(o: asc.GlobalAddress):
    """The page's second example: a TBuf in A1 (L1, the cube core's), 128 bytes."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.A1)
    len = 128  # noqa: A001
    pipe.init_buffer(buf=buf, num=len)
    t = buf.get(asc.half)
    og.set_value(0, t.get_size())
    og.set_value(1, t.get_position() == asc.TPosition.A1)


@pytest.mark.api("asc.language.fwk.TPipe.init_buffer")
def test_init_buffer_tbuf_a1():
    np.testing.assert_array_equal(run(init_buffer_a1_kernel)[:2], [64, 1])


@asc.jit
def overflow_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 2, 100 * 1024)   # 200 KiB > the 192 KiB of UB


@pytest.mark.api("asc.language.fwk.TPipe.init_buffer")
def test_init_buffer_beyond_ub_is_an_error():
    with pytest.raises(asc.KernelError, match="UB overflow"):
        run(overflow_kernel)


@asc.jit
def event_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    # alloc_event_id's and release_event_id's example
    event_id = asc.get_tpipe_ptr().alloc_event_id(asc.HardEvent.V_S)
    asc.set_flag(asc.HardEvent.V_S, event_id)
    asc.wait_flag(asc.HardEvent.V_S, event_id)
    og.set_value(0, event_id)                                     # the lowest free id: 0
    og.set_value(1, pipe.alloc_event_id(asc.HardEvent.V_S))       # taken until released: 1
    og.set_value(2, pipe.alloc_event_id())                        # the default event is V_S: 2
    og.set_value(3, pipe.alloc_event_id(asc.HardEvent.MTE2_V))    # another event has its own ids: 0
    asc.get_tpipe_ptr().release_event_id(event_id, asc.HardEvent.V_S)
    og.set_value(4, pipe.alloc_event_id(asc.HardEvent.V_S))       # 0 again
    # fetch_event_id's example: the next free id, not taken
    fid = asc.get_tpipe_ptr().fetch_event_id(asc.HardEvent.V_S)
    asc.set_flag(asc.HardEvent.V_S, fid)
    asc.wait_flag(asc.HardEvent.V_S, fid)
    og.set_value(5, fid)                                          # 3
    og.set_value(6, pipe.fetch_event_id())                        # still 3
    og.set_value(7, pipe.fetch_event_id(asc.HardEvent.MTE2_V))    # 1
    pipe.release_event_id(id=1, event=asc.HardEvent.V_S)
    og.set_value(8, pipe.fetch_event_id(asc.HardEvent.V_S))       # 1


@pytest.mark.api("asc.language.fwk.TPipe.alloc_event_id", "asc.language.fwk.TPipe.release_event_id",
                 "asc.language.fwk.TPipe.fetch_event_id", "asc.language.fwk.get_tpipe_ptr")
def test_event_ids():
    np.testing.assert_array_equal(run(event_kernel)[:9], [0, 1, 2, 0, 0, 3, 3, 1, 1])


@asc.jit
def exhaust_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    for i in asc.static_range(9):       # 8 ids per event
        pipe.alloc_event_id(asc.HardEvent.MTE3_V)


@pytest.mark.api("asc.language.fwk.TPipe.alloc_event_id")
def test_alloc_event_id_exhausted_is_an_error():
    with pytest.raises(asc.KernelError, match="all 8 event ids of MTE3_V are in use"):
        run(exhaust_kernel)


@asc.jit
def release_unallocated_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    pipe.release_event_id(2, asc.HardEvent.V_S)


@pytest.mark.api("asc.language.fwk.TPipe.release_event_id")
def test_release_of_an_id_not_allocated_is_an_error():
    with pytest.raises(asc.KernelError, match="event id 2 of V_S is not allocated"):
        run(release_unallocated_kernel)


@asc.jit
def destroy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int, how: asc.ConstExpr[int]):
    """destroy's example, then (how 0) init on the same TPipe or (1) a new TPipe: init's page, the life cycle of a
    pipe re-carved per tile; (2) reset at the end of each tile: reset's page."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 2)
    num = 2
    len = 128  # noqa: A001
    pipe.init_buffer(que=que, num=num, len=len)
    pipe.destroy()
    if how == 1:
        pipe = asc.TPipe()
    else:
        pipe.init()
    qi = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    for t in range(tiles):
        pipe.init_buffer(qi, 1, N * 4)
        pipe.init_buffer(qo, 1, N * 4)
        a = qi.alloc_tensor(asc.float32)
        asc.data_copy(a, xg[t * N:], count=N)
        qi.enque(a)
        a = qi.deque(asc.float32)
        b = qo.alloc_tensor(asc.float32)
        asc.adds(b, a, 1.0, count=N)
        qo.enque(b)
        qi.free_tensor(a)
        b = qo.deque(asc.float32)
        asc.data_copy(zg[t * N:], b, count=N)
        qo.free_tensor(b)
        if how == 2:
            pipe.reset()
        else:
            pipe.destroy()
            pipe.init()


@pytest.mark.api("asc.language.fwk.TPipe.destroy", "asc.language.fwk.TPipe.init", "asc.language.fwk.TPipe.reset",
                 "asc.language.fwk.TPipe.__init__")
@pytest.mark.parametrize("how", [0, 1, 2])
def test_destroy_init_reset(how):
    x = np.arange(3 * N, dtype=np.float32) * 0.25
    z = np.zeros_like(x)
    destroy_kernel[1](x, z, 3, how)
    np.testing.assert_array_equal(z, x + 1)


@asc.jit
def reset_page_kernel(o: asc.GlobalAddress):
    """reset's example: a 192 KiB buffer carved again after each reset (it could not be carved twice)."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 1)
    num = 1
    len = 192 * 1024  # noqa: A001
    for i in range(2):
        pipe.init_buffer(que=que, num=num, len=len)
        t = que.alloc_tensor(asc.float32)
        og.set_value(i, t.get_phy_addr() + t.get_length())
        que.free_tensor(t)
        pipe.reset()


@pytest.mark.api("asc.language.fwk.TPipe.reset")
def test_reset_page_example():
    np.testing.assert_array_equal(run(reset_page_kernel)[:2], [192 * 1024, 192 * 1024])


@asc.jit
def destroy_busy_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 1, 64)
    q.alloc_tensor(asc.half)
    pipe.destroy()


@pytest.mark.api("asc.language.fwk.TPipe.destroy")
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_destroy_with_a_tensor_allocated_is_an_error():
    with pytest.raises(asc.KernelError, match="still allocated"):
        run(destroy_busy_kernel)


@asc.jit
def buf_pool_kernel(o: asc.GlobalAddress):
    """init_buf_pool's example: two pools of 196608 bytes, the second sharing the first's memory."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    tbuf_pool1 = asc.TBufPool(VECCALC, 4)
    tbuf_pool2 = asc.TBufPool(VECCALC, 4)
    pipe.init_buf_pool(tbuf_pool1, 196608)
    pipe.init_buf_pool(tbuf_pool2, 196608, tbuf_pool1)
    q1 = asc.TQue(VECIN, 1)
    q2 = asc.TQue(VECIN, 1)
    tbuf_pool1.init_buffer(que=q1, num=1, len=1024)
    tbuf_pool2.init_buffer(que=q2, num=1, len=1000)
    a = q1.alloc_tensor(asc.float32)
    b = q2.alloc_tensor(asc.float32)
    og.set_value(0, a.get_phy_addr())
    og.set_value(1, b.get_phy_addr())      # the shared memory: the same start
    og.set_value(2, b.get_length())        # 1000 rounded up to 1024
    q1.free_tensor(a)
    q2.free_tensor(b)


@pytest.mark.api("asc.language.fwk.TPipe.init_buf_pool")
def test_init_buf_pool_page_example():
    np.testing.assert_array_equal(run(buf_pool_kernel)[:3], [0, 0, 1024])


@asc.jit
def buf_pool_after_kernel(o: asc.GlobalAddress):
    """A pool carved after a queue starts where the queue's buffers end; a shared pool of a shorter length."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    q0 = asc.TQue(VECIN, 1)
    pipe.init_buffer(q0, 2, 96)
    pool = asc.TBufPool(VECCALC, 2)
    pipe.init_buf_pool(pool, 1000)
    shared = asc.TBufPool(VECCALC, 2)
    pipe.init_buf_pool(shared, 512, share_buf=pool)
    buf = asc.TBuf(VECCALC)
    shared.init_buffer(buf=buf, num=0, len=512)
    t = buf.get(asc.uint8)
    og.set_value(0, t.get_phy_addr())
    og.set_value(1, t.get_size())


@pytest.mark.api("asc.language.fwk.TPipe.init_buf_pool")
def test_init_buf_pool_after_buffers():
    np.testing.assert_array_equal(run(buf_pool_after_kernel)[:2], [192, 512])


@asc.jit
def tpipe_ptr_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """get_tpipe_ptr's example (its `get_tpipe_ptr.init_buffer` called, as the prose says: the pointer's)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    pipe = asc.TPipe()
    xg.set_global_buffer(x, 2048)
    zg.set_global_buffer(z)
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 2)
    asc.get_tpipe_ptr().init_buffer(in_queue_x, 2, 128 * asc.half.sizeof())
    a = in_queue_x.alloc_tensor(asc.half)
    b = in_queue_x.alloc_tensor(asc.half)
    asc.data_copy(a, xg, count=128)
    asc.data_copy(b, xg[128:], count=128)
    in_queue_x.enque(a)
    in_queue_x.enque(b)
    a = in_queue_x.deque(asc.half)
    b = in_queue_x.deque(asc.half)
    asc.add(a, a, b, count=128)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, a, count=128)
    in_queue_x.free_tensor(a)
    in_queue_x.free_tensor(b)
    zg.set_value(128, asc.get_tpipe_ptr().get_base_addr(VECIN))


@pytest.mark.api("asc.language.fwk.get_tpipe_ptr")
def test_get_tpipe_ptr():
    x = (np.arange(2048) % 64).astype(np.float16)
    z = np.full(144, -1, np.float16)
    tpipe_ptr_kernel[1](x, z)
    np.testing.assert_array_equal(z[:128], x[:128] + x[128:256])
    assert z[128] == 0
