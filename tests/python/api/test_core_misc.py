"""asc.language.core.LocalMemAllocator (alloc, get_cur_addr) and get_shape_size: the pages' examples traced and run,
non-default forms, values from the pages: an allocator hands out UB from byte 0 upward (get_cur_addr's example: 0
first), each tensor tile_size elements of its type; get_shape_size multiplies a ShapeInfo's dims."""
import numpy as np
import pytest

import asc

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC


@asc.jit
def allocator_kernel(o: asc.GlobalAddress, tile: int):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    allocator = asc.LocalMemAllocator()
    addr = allocator.get_cur_addr()                       # get_cur_addr's example: 0
    asc.printf("current addr is %u\n", addr)
    og.set_value(0, addr)
    tensor1 = allocator.alloc(asc.TPosition.VECIN, float, 1024)      # alloc's examples (Python's float: float32)
    tile_length = 512
    tensor2 = allocator.alloc(asc.TPosition.VECIN, float, tile_length)
    og.set_value(1, tensor1.get_phy_addr())
    og.set_value(2, tensor1.get_size())
    og.set_value(3, tensor2.get_phy_addr())
    og.set_value(4, allocator.get_cur_addr())
    t3 = allocator.alloc(VECOUT, asc.half, tile)           # a runtime tile size, another type and position
    og.set_value(5, t3.get_phy_addr())
    og.set_value(6, t3.get_size())
    og.set_value(7, t3.get_position() == VECOUT)
    og.set_value(8, allocator.get_cur_addr())              # 32-byte aligned: 50 halves take 128 bytes


@pytest.mark.api("asc.language.core.LocalMemAllocator.alloc", "asc.language.core.LocalMemAllocator.get_cur_addr")
def test_local_mem_allocator(capfd):
    o = np.full(10, -7, np.int32)
    allocator_kernel[1](o, 50)
    np.testing.assert_array_equal(o[:9], [0, 0, 1024, 4096, 6144, 6144, 50, 1, 6144 + 128])
    assert "current addr is 0" in capfd.readouterr().out


@asc.jit
def allocator_data_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """Tensors of an allocator in a computation (no TPipe): z = x * x."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    allocator = asc.LocalMemAllocator()
    a = allocator.alloc(VECIN, asc.float32, 256)
    b = allocator.alloc(VECOUT, asc.float32, 256)
    asc.data_copy(a, xg, count=256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.mul(b, a, a, count=256)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, b, count=256)


@pytest.mark.api("asc.language.core.LocalMemAllocator.alloc")
def test_local_mem_allocator_tensors_carry_data():
    x = np.linspace(-4, 4, 256).astype(np.float32)
    z = np.zeros_like(x)
    allocator_data_kernel[1](x, z)
    np.testing.assert_array_equal(z, x * x)


@asc.jit
def allocator_full_kernel(o: asc.GlobalAddress):
    allocator = asc.LocalMemAllocator()
    allocator.alloc(VECIN, asc.float32, 40 * 1024)
    allocator.alloc(VECIN, asc.float32, 16 * 1024)   # alloc's constraint: past the remaining UB is an error


@pytest.mark.api("asc.language.core.LocalMemAllocator.alloc")
def test_local_mem_allocator_past_ub_is_an_error():
    with pytest.raises(asc.KernelError, match="do not fit"):
        allocator_full_kernel[1](np.zeros(8, np.int32))


@asc.jit
def shape_size_kernel(o: asc.GlobalAddress, d: int):
    og = asc.GlobalTensor()
    og.set_global_buffer(o)
    shape_info = asc.ShapeInfo(asc.array(asc.uint32, [3, 5, 7]))
    size = asc.get_shape_size(shape_info)                 # the page's example
    og.set_value(0, size)
    og.set_value(1, asc.get_shape_size(asc.ShapeInfo(asc.array(asc.uint32, [16]), asc.array(asc.uint32, [9]))))
    og.set_value(2, asc.get_shape_size(asc.ShapeInfo(asc.array(asc.uint32, [2, 2, 2, 2, 2, 2, 2, 2]))))


@pytest.mark.api("asc.language.core.get_shape_size")
def test_get_shape_size():
    o = np.full(3, -7, np.int32)
    shape_size_kernel[1](o, 4)
    np.testing.assert_array_equal(o, [3 * 5 * 7, 16, 256])
