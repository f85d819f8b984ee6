"""asc.language.core.GlobalTensor: every method page, each example traced and run, non-default forms and values
from the pages: set_global_buffer(buffer[, buffer_size]), get_size (0 without a size: the page's constraint),
get_value / set_value at element offsets, get_phy_addr(offset) an address offset elements in, set_l2_cache_hint
(a cache hint: results unchanged), set_shape_info / get_shape_info a ShapeInfo round trip."""
import numpy as np
import pytest

import asc

VECIN, VECOUT = asc.TPosition.VECIN, asc.TPosition.VECOUT


@asc.jit
def set_global_buffer_kernel(src_gm: asc.GlobalAddress, z: asc.GlobalAddress, o: asc.GlobalAddress):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    og = asc.GlobalTensor()
    og.set_global_buffer(o, 4)
    pipe = asc.TPipe()
    in_queue_x = asc.TQueBind(VECIN, VECOUT, 1)
    pipe.init_buffer(in_queue_x, 1, 256 * 4)
    # set_global_buffer's and set_l2_cache_hint's example
    data_size = 256
    input_global = asc.GlobalTensor()
    input_global.set_global_buffer(src_gm, data_size)
    input_global.set_l2_cache_hint(mode=asc.CacheMode.CACHE_MODE_DISABLE)
    input_local = in_queue_x.alloc_tensor(asc.int32)
    asc.data_copy(input_local, input_global, data_size)
    in_queue_x.enque(input_local)
    input_local = in_queue_x.deque(asc.int32)
    zg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_LAST, asc.CacheRwMode.WRITE)   # the other parameters
    asc.data_copy(zg, input_local, data_size)
    in_queue_x.free_tensor(input_local)
    og.set_value(0, input_global.get_size())     # the given size
    og.set_value(1, zg.get_size())               # no size given: 0 (get_size's constraint)
    og.set_value(2, og.get_size())


@pytest.mark.api("asc.language.core.GlobalTensor.set_global_buffer", "asc.language.core.GlobalTensor.set_l2_cache_hint",
                 "asc.language.core.GlobalTensor.get_size")
def test_set_global_buffer_and_size():
    x = np.arange(256, dtype=np.int32) * 3 - 100
    z = np.zeros(256, np.int32)
    o = np.full(4, -7, np.int64)
    set_global_buffer_kernel[1](x, z, o)
    np.testing.assert_array_equal(z, x)
    np.testing.assert_array_equal(o[:3], [256, 0, 4])


@asc.jit
def value_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    for i in range(8):
        zg.set_value(i, xg.get_value(7 - i) * 2)       # offsets in elements
    zg.set_value(8, 2.5)                               # a float value into a float tensor
    v = xg[4:]                                         # a sub-tensor: offsets from its start
    zg.set_value(9, v.get_value(0))


@pytest.mark.api("asc.language.core.GlobalTensor.get_value", "asc.language.core.GlobalTensor.set_value")
@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int16])
@pytest.mark.filterwarnings("ignore:float constant 2.5 truncated")  # 2.5 into the int16 tensor: 2, as in C
def test_get_set_value(dtype):
    x = (np.arange(8) * 1.5).astype(dtype)
    z = np.zeros(16, dtype)
    value_kernel[1](x, z)
    np.testing.assert_array_equal(z[:8], (x[::-1].astype(np.float64) * 2).astype(dtype))
    assert z[8] == dtype(2.5) and z[9] == x[4]


@asc.jit
def phy_addr_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.GlobalTensor()
    a.set_global_buffer(xg.get_phy_addr())          # the address of the data
    b = asc.GlobalTensor()
    b.set_global_buffer(xg.get_phy_addr(5))         # 5 elements in
    zg.set_value(0, a.get_value(3))
    zg.set_value(1, b.get_value(0))
    zg.set_value(2, b.get_value(2))


@pytest.mark.api("asc.language.core.GlobalTensor.get_phy_addr")
def test_get_phy_addr():
    x = np.arange(16, dtype=np.float32) + 0.5
    z = np.zeros(4, np.float32)
    phy_addr_kernel[1](x, z)
    np.testing.assert_array_equal(z[:3], [x[3], x[5], x[7]])


@asc.jit
def shape_kernel(x: asc.GlobalAddress, o: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x)
    og.set_global_buffer(o)
    info = asc.ShapeInfo(asc.array(asc.uint32, [2, 3, 16]), asc.array(asc.uint32, [2, 3, 10]), asc.DataFormat.ND)
    xg.set_shape_info(info)
    got = xg.get_shape_info()
    og.set_value(0, asc.get_shape_size(got))          # 2 * 3 * 16
    og.set_value(1, asc.get_shape_size(asc.ShapeInfo(asc.array(asc.uint32, [7]))))


@pytest.mark.api("asc.language.core.GlobalTensor.set_shape_info", "asc.language.core.GlobalTensor.get_shape_info")
def test_shape_info_round_trip():
    o = np.full(2, -7, np.int32)
    shape_kernel[1](np.zeros(96, np.float32), o)
    np.testing.assert_array_equal(o, [96, 7])
