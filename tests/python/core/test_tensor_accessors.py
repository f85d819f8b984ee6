"""LocalTensor / GlobalTensor accessors: sizes, lengths, addresses, user tags, reinterpret_cast,
set_addr_with_offset, the size of set_global_buffer and the stop of gt[a:b].  Expected values
are worked out by hand from the buffer layout (UB is carved from byte 0 in init_buffer order)."""
import warnings

import numpy as np
import pytest

import asc

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC


@asc.jit
def local_kernel(out: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    pipe = asc.TPipe()
    qa = asc.TQue(VECIN, 1)
    qb = asc.TQue(VECCALC, 1)
    pipe.init_buffer(qa, 1, 100)          # rounded up to 128 bytes, at UB byte 0
    pipe.init_buffer(qb, 1, 256)          # at byte 128
    a = qa.alloc_tensor(asc.float16)
    b = qb.alloc_tensor(asc.int32)
    og.set_value(0, a.get_size())         # 128 B of f16: 64
    og.set_value(1, a.get_length())       # 128
    og.set_value(2, b.get_phy_addr())     # 128
    og.set_value(3, b.get_phy_addr(5))    # 128 + 20
    a.set_size(10)
    og.set_value(4, a.get_length())       # 20
    a.set_buffer_len(64)
    og.set_value(5, a.get_size())         # 32
    og.set_value(6, a.get_user_tag())     # 0 until set
    a.set_user_tag(13)
    og.set_value(7, a.get_user_tag())
    h = b.reinterpret_cast(asc.float16)    # the same 256 bytes as 128 halves
    og.set_value(8, h.get_size())
    og.set_value(9, h.get_phy_addr())
    v = asc.LocalTensor(asc.int16)
    v.set_addr_with_offset(b, 16)         # 16 int32 = 64 bytes into b
    og.set_value(10, v.get_phy_addr())    # 192
    og.set_value(11, v.get_size())        # (256 - 64) / 2
    # data through the views: b[16] written as int32, read back through v as two int16
    b.set_value(16, 0x00050003)
    og.set_value(12, v.get_value(0))
    og.set_value(13, v.get_value(1))
    og.set_value(14, pipe.get_base_addr(VECCALC))
    qa.free_tensor(a)
    qb.free_tensor(b)


def test_local_accessors():
    out = np.full(15, -1, np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        local_kernel[1](out)
    np.testing.assert_array_equal(out, [64, 128, 128, 148, 20, 32, 0, 13, 128, 128, 192, 96, 3, 5, 0])


@asc.jit
def global_kernel(x: asc.GlobalAddress, out: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 40)
    whole = asc.GlobalTensor()
    whole.set_global_buffer(x)
    og.set_value(0, xg.get_size())
    og.set_value(1, whole.get_size())     # no size given: 0
    og.set_value(2, xg[8:20].get_size())  # the stop bounds the view
    og.set_value(3, xg[30:].get_size())
    p = xg.get_phy_addr(6)                # a GM pointer: element 6 of x
    pg = asc.GlobalTensor()
    pg.set_global_buffer(p, 2)
    og.set_value(4, pg.get_value(1))      # x[7]


def test_global_accessors():
    x = np.arange(64, dtype=np.int32) * 3
    out = np.full(5, -1, np.int32)
    global_kernel[1](x, out)
    np.testing.assert_array_equal(out, [40, 0, 12, 10, 21])


@asc.jit
def past_stop_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg[0:16], count=32)   # 32 elements from a 16-element view
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, count=32)
    q.free_tensor(t)


@asc.jit
def past_size_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 16)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, count=32)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, count=32)
    q.free_tensor(t)


@pytest.mark.parametrize("kernel", [past_stop_kernel, past_size_kernel])
def test_bounds_of_view(kernel, monkeypatch):
    """Reading past the stop / the given size is out of bounds of the global tensor: an error
    with strict bounds (this suite's default), a warning without (the NPU reads on)."""
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(32, np.float32)
    with pytest.raises(asc.KernelError, match="outside the global tensor of 64 bytes"):
        kernel[1](x, z)
    monkeypatch.delenv("ASC_STRICT")
    with pytest.warns(asc.KernelWarning, match="outside its global tensor"):
        kernel[1](x, z)
    np.testing.assert_array_equal(z, x[:32])


def test_local_set_size_bounds_later_ops():
    """After set_size(8) a 16-element duplicate runs past the tensor (strict: an error)."""
    @asc.jit
    def k(z: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(VECOUT, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        t.set_size(8)
        asc.duplicate(t, float(2.0), count=16)
        q.free_tensor(t)

    with pytest.raises(asc.KernelError, match="outside the local tensor of 32 bytes"):
        k[1](np.zeros(4, np.float32))


def test_datatype_by_name():
    assert asc.DataType("int32") is asc.int32
    assert asc.DataType("half") is asc.float16


@asc.jit
def l2_hint_kernel(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE, asc.CacheRwMode.READ)
    xg.set_value(0, xg.get_value(1))


def test_l2_cache_hint_changes_no_result():
    x = np.array([1, 5, 7], np.int32)
    l2_hint_kernel[1](x)
    np.testing.assert_array_equal(x, [5, 5, 7])
