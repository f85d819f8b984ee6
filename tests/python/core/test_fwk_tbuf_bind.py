"""Framework pieces of issue 17 part 3: TBuf as a TQueBind (alloc_tensor = the whole buffer, as
Ascend C's TBuf::AllocTensor = Get; free_tensor has no effect)."""
import numpy as np
import pytest

import asc


@asc.jit
def tbuf_alloc_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=n * 4)
    t = buf.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    u = asc.LocalTensor(asc.float32)
    buf.alloc_tensor(u)  # the in-place form: the same buffer
    asc.adds(u, t, 1.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, u, n)
    buf.free_tensor(t)


def test_tbuf_alloc_tensor_is_the_whole_buffer():
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, np.float32)
    tbuf_alloc_kernel[1](x, z, 64)
    np.testing.assert_array_equal(z, x + 1)


@asc.jit
def lma_kernel(z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    a = asc.LocalMemAllocator()
    t0 = a.alloc(asc.TPosition.VECIN, asc.float32, 10)  # 40 bytes: the next one starts at 64
    t1 = a.alloc(asc.TPosition.VECOUT, asc.float32, n)
    zg.set_value(0, t0.get_phy_addr().cast(asc.int32))
    zg.set_value(1, t1.get_phy_addr().cast(asc.int32))
    zg.set_value(2, a.get_cur_addr())
    zg.set_value(3, t1.get_size())


def test_local_mem_allocator_addresses():
    z = np.zeros(8, np.int32)
    lma_kernel[1](z, 24)
    assert list(z[:4]) == [0, 64, 64 + 96, 24]


@asc.jit
def pool_kernel(z: asc.GlobalAddress, overflow: asc.ConstExpr[bool]):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q0 = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q0, 1, 128)              # UB [0, 128)
    pool = asc.TBufPool(asc.TPosition.VECIN, 4)
    shared = asc.TBufPool(asc.TPosition.VECIN, 4)
    pipe.init_buf_pool(pool, 1024)            # UB [128, 1152)
    pipe.init_buf_pool(shared, 512, share_buf=pool)
    q1 = asc.TQue(asc.TPosition.VECIN, 1)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pool.init_buffer(que=q1, num=2, len=100)  # 2 x 128 bytes from 128
    pool.init_buffer(buf=tb, len=64)          # 384
    sub = asc.TBufPool(asc.TPosition.VECIN, 4)
    pool.init_buf_pool(sub, 256)              # 448
    q3 = asc.TQue(asc.TPosition.VECIN, 1)
    sub.init_buffer(que=q3, num=1, len=32)    # 448
    t1 = q1.alloc_tensor(asc.float32)
    zg.set_value(0, t1.get_phy_addr().cast(asc.int32))
    zg.set_value(1, tb.get(asc.float32).get_phy_addr().cast(asc.int32))
    t3 = q3.alloc_tensor(asc.float32)
    zg.set_value(2, t3.get_phy_addr().cast(asc.int32))
    q1.free_tensor(t1)
    q3.free_tensor(t3)
    shared.reset()
    q2 = asc.TQue(asc.TPosition.VECIN, 1)
    shared.init_buffer(que=q2, num=1, len=64)  # the shared pool starts where pool does: 128
    t2 = q2.alloc_tensor(asc.float32)
    zg.set_value(3, t2.get_phy_addr().cast(asc.int32))
    q2.free_tensor(t2)
    if overflow:
        q4 = asc.TQue(asc.TPosition.VECIN, 1)
        sub.init_buffer(que=q4, num=1, len=512)


def test_tbuf_pool_carving():
    z = np.zeros(8, np.int32)
    pool_kernel[1](z, False)
    assert list(z[:4]) == [128, 384, 448, 128]


def test_tbuf_pool_overflow_is_an_error():
    with pytest.raises(Exception, match="512 more bytes do not fit the TBufPool's 256 \\(32 already carved\\)"):
        pool_kernel[1](np.zeros(8, np.int32), True)


@asc.jit
def ia_kernel(z: asc.GlobalAddress, hit: asc.ConstExpr[bool]):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    a = asc.LocalMemAllocator()
    t = a.alloc(asc.TPosition.VECIN, asc.float32, 64)   # UB [0, 256): blocks 0..7
    asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(1, 3, 5, is_vector_write=True, is_enable=True))
    asc.duplicate(t, 1.0, 32)        # blocks 0..3: block 3 is not in (3, 5]
    if hit:
        asc.duplicate(t[32], 2.0, 8)  # block 4
    asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(1, 3, 5, is_enable=False))
    asc.duplicate(t[32], 3.0, 32)     # register off again
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, t, 64)


def test_check_local_memory_ia():
    z = np.zeros(64, np.float32)
    ia_kernel[1](z, False)
    np.testing.assert_array_equal(z, [1.0] * 32 + [3.0] * 32)
    with pytest.raises(Exception, match=r"EXCEPTION: vector write of UB bytes \[128, 160\) inside the range checked "
                                        r"by exception register 1 \(bytes \[128, 192\)"):
        ia_kernel[1](np.zeros(64, np.float32), True)
