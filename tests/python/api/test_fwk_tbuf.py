"""asc.language.fwk.TBuf and TBufPool: every page, each example traced and run, non-default forms and values from
the pages: a TBuf's get() is its whole buffer (init_buffer's length, rounded up to 32 bytes), get(dtype, len) its
first len elements, get_with_offset(size, buf_offset, dtype) size elements buf_offset bytes in; a TBufPool is a
region init_buffer carves for queues and TBufs from its start, init_buf_pool nests (or shares) pools, reset makes
the region free again."""
import numpy as np
import pytest

import asc

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC


def run(kernel, *args, n=16):
    out = np.full(n, -7, np.int32)
    kernel[1](out, *args)
    return out


@asc.jit
def get_kernel(o: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    # get's example
    pipe = asc.TPipe()
    calc_buf = asc.TBuf(asc.TPosition.VECCALC)
    byte_len = 1024
    pipe.init_buffer(calc_buf, byte_len)
    temp_tensor1 = calc_buf.get(asc.int32)          # the whole buffer: 256 int32
    og.set_value(0, temp_tensor1.get_size())
    temp_tensor1 = calc_buf.get(asc.int32, 128)     # 128 int32
    og.set_value(1, temp_tensor1.get_size())
    og.set_value(2, temp_tensor1.get_length())
    h = calc_buf.get(asc.half, len=100)             # keyword len, another type
    og.set_value(3, h.get_size())
    og.set_value(4, h.get_phy_addr())
    # get_with_offset's example: 128 int32, 64 bytes in (its argument order: dtype first)
    temp_tensor1 = calc_buf.get_with_offset(asc.int32, 128, 64)
    og.set_value(5, temp_tensor1.get_phy_addr())
    og.set_value(6, temp_tensor1.get_size())
    t2 = calc_buf.get_with_offset(32, 512, asc.float32)   # the signature's order (size, buf_offset, dtype)
    og.set_value(7, t2.get_phy_addr())
    og.set_value(8, t2.get_size())
    # TBuf.__init__ with its default position: VECCALC (Ascend C's LCM), in UB after calc_buf
    dflt = asc.TBuf()
    pipe.init_buffer(dflt, 64)
    d = dflt.get(asc.uint8)
    og.set_value(9, d.get_phy_addr())
    og.set_value(10, d.get_position() == asc.TPosition.VECCALC)


@pytest.mark.api("asc.language.fwk.TBuf.get", "asc.language.fwk.TBuf.get_with_offset", "asc.language.fwk.TBuf.__init__")
def test_tbuf_get_forms():
    np.testing.assert_array_equal(run(get_kernel)[:11], [256, 128, 512, 100, 0, 64, 128, 512, 32, 1024, 1])


@asc.jit
def tbuf_data_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """A TBuf as a temporary in a vector pipeline: x * 2 + 1 through two views of one buffer."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    tmp = asc.TBuf(VECCALC)
    pipe.init_buffer(qi, 1, 256 * 4)
    pipe.init_buffer(qo, 1, 256 * 4)
    pipe.init_buffer(tmp, 2 * 256 * 4)
    a = qi.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, count=256)
    qi.enque(a)
    a = qi.deque(asc.float32)
    t0 = tmp.get(asc.float32, 256)
    t1 = tmp.get_with_offset(256, 256 * 4, asc.float32)
    asc.muls(t0, a, 2.0, count=256)
    asc.adds(t1, t0, 1.0, count=256)
    b = qo.alloc_tensor(asc.float32)
    asc.data_copy(b, t1, count=256)
    qo.enque(b)
    qi.free_tensor(a)
    b = qo.deque(asc.float32)
    asc.data_copy(zg, b, count=256)
    qo.free_tensor(b)


@pytest.mark.api("asc.language.fwk.TBuf.get", "asc.language.fwk.TBuf.get_with_offset")
def test_tbuf_views_carry_data():
    x = np.arange(256, dtype=np.float32) - 100
    z = np.zeros_like(x)
    tbuf_data_kernel[1](x, z)
    np.testing.assert_array_equal(z, x * 2 + 1)


@asc.jit
def tbuf_too_long_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    buf = asc.TBuf(VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32, 128)      # the page: len * sizeof(T) must not exceed the buffer (512 > 256)
    asc.duplicate(t, 1.0, count=128)


@pytest.mark.api("asc.language.fwk.TBuf.get")
def test_tbuf_get_longer_than_the_buffer_is_an_error():
    with pytest.raises(asc.KernelError, match="256"):
        run(tbuf_too_long_kernel)


@asc.jit
def pool_page_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, o: asc.GlobalAddress):
    """The TBufPool pages' example at a quarter of its sizes: pool0 holds src_que0 and pools 1 and 2, which share
    their memory; pool1's queues compute, pool1.reset(), then pool2's queues reuse those bytes."""
    src0_global = asc.GlobalTensor()
    src1_global = asc.GlobalTensor()
    dst_global = asc.GlobalTensor()
    og = asc.GlobalTensor()
    src0_global.set_global_buffer(x)
    src1_global.set_global_buffer(y)
    dst_global.set_global_buffer(z)
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    tbuf_pool0 = asc.TBufPool(VECCALC, 4)
    tbuf_pool1 = asc.TBufPool(VECCALC, 4)
    tbuf_pool2 = asc.TBufPool(VECCALC, 4)
    src_que0 = asc.TQue(VECIN, 1)
    src_que1 = asc.TQue(VECIN, 1)
    dst_que0 = asc.TQue(VECOUT, 1)
    src_que2 = asc.TQue(VECIN, 1)
    dst_que1 = asc.TQue(VECOUT, 1)
    pipe.init_buf_pool(tbuf_pool0, 32768)
    tbuf_pool0.init_buffer(que=src_que0, num=1, len=16384)
    tbuf_pool0.init_buf_pool(tbuf_pool1, 16384)
    tbuf_pool0.init_buf_pool(tbuf_pool2, 16384, tbuf_pool1)
    tbuf_pool1.init_buffer(que=src_que1, num=1, len=8192)
    tbuf_pool1.init_buffer(que=dst_que0, num=1, len=8192)
    a = src_que0.alloc_tensor(asc.float32)
    b = src_que1.alloc_tensor(asc.float32)
    asc.data_copy(a, src0_global, count=2048)
    asc.data_copy(b, src1_global, count=2048)
    src_que0.enque(a)
    src_que1.enque(b)
    a = src_que0.deque(asc.float32)
    b = src_que1.deque(asc.float32)
    c = dst_que0.alloc_tensor(asc.float32)
    asc.add(c, a, b, count=2048)
    dst_que0.enque(c)
    src_que1.free_tensor(b)
    c = dst_que0.deque(asc.float32)
    asc.data_copy(dst_global, c, count=2048)
    og.set_value(0, b.get_phy_addr())
    og.set_value(1, c.get_phy_addr())
    dst_que0.free_tensor(c)
    tbuf_pool1.reset()
    tbuf_pool2.init_buffer(src_que2, num=1, len=8192)
    tbuf_pool2.init_buffer(dst_que1, num=1, len=8192)
    b = src_que2.alloc_tensor(asc.float32)
    asc.data_copy(b, src1_global[2048:], count=2048)
    src_que2.enque(b)
    b = src_que2.deque(asc.float32)
    c = dst_que1.alloc_tensor(asc.float32)
    asc.sub(c, a, b, count=2048)
    dst_que1.enque(c)
    src_que2.free_tensor(b)
    src_que0.free_tensor(a)
    c = dst_que1.deque(asc.float32)
    asc.data_copy(dst_global[2048:], c, count=2048)
    og.set_value(2, b.get_phy_addr())      # the shared pool: the same bytes as pool 1's
    og.set_value(3, c.get_phy_addr())
    dst_que1.free_tensor(c)
    tbuf_pool2.reset()
    tbuf_pool0.reset()
    pipe.reset()


@pytest.mark.api("asc.language.fwk.TBufPool.__init__", "asc.language.fwk.TBufPool.init_buf_pool",
                 "asc.language.fwk.TBufPool.init_buffer", "asc.language.fwk.TBufPool.reset")
def test_tbufpool_page_example():
    x = np.arange(2048, dtype=np.float32)
    y = np.arange(4096, dtype=np.float32) * 0.5
    z = np.zeros(4096, np.float32)
    o = np.full(4, -7, np.int32)
    pool_page_kernel[1](x, y, z, o)
    np.testing.assert_array_equal(z[:2048], x + y[:2048])
    np.testing.assert_array_equal(z[2048:], x - y[2048:])
    np.testing.assert_array_equal(o, [16384, 24576, 16384, 24576])


@asc.jit
def pool_tbuf_kernel(o: asc.GlobalAddress):
    """init_buffer's TBuf form in a pool, a nested pool, and reset giving the region back from its start."""
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 1, 64)
    pool = asc.TBufPool(VECCALC, 8)
    pipe.init_buf_pool(pool, 2000)              # rounded up to 2016, after q's 64 bytes
    b1 = asc.TBuf(VECCALC)
    pool.init_buffer(buf=b1, num=0, len=100)    # 128 bytes at the pool's start
    b2 = asc.TBuf(VECCALC)
    pool.init_buffer(b2, 256)                   # the positional form: (buf, len)
    sub = asc.TBufPool(VECCALC, 2)
    pool.init_buf_pool(sub, 512)
    b3 = asc.TBuf(VECCALC)
    sub.init_buffer(buf=b3, len=96)
    og.set_value(0, b1.get(asc.uint8).get_phy_addr())
    og.set_value(1, b1.get(asc.uint8).get_size())
    og.set_value(2, b2.get(asc.uint8).get_phy_addr())
    og.set_value(3, b3.get(asc.uint8).get_phy_addr())
    pool.reset()
    b4 = asc.TBuf(VECCALC)
    pool.init_buffer(buf=b4, len=32)
    og.set_value(4, b4.get(asc.uint8).get_phy_addr())


@pytest.mark.api("asc.language.fwk.TBufPool.init_buffer", "asc.language.fwk.TBufPool.init_buf_pool",
                 "asc.language.fwk.TBufPool.reset", "asc.language.fwk.TBufPool.__init__")
def test_tbufpool_tbufs_nested_and_reset():
    np.testing.assert_array_equal(run(pool_tbuf_kernel)[:5], [64, 128, 192, 448, 64])


@asc.jit
def pool_overflow_kernel(o: asc.GlobalAddress):
    pipe = asc.TPipe()
    pool = asc.TBufPool(VECCALC, 4)
    pipe.init_buf_pool(pool, 1024)
    q = asc.TQue(VECIN, 1)
    pool.init_buffer(que=q, num=2, len=768)   # 1536 bytes do not fit the pool's 1024


@pytest.mark.api("asc.language.fwk.TBufPool.init_buffer")
def test_tbufpool_overflow_is_an_error():
    with pytest.raises(asc.KernelError, match="do not fit the TBufPool"):
        run(pool_overflow_kernel)
