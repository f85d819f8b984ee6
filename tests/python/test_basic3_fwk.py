"""Framework pieces of issue 17 part 3: TBuf as a TQueBind (alloc_tensor = the whole buffer, as
Ascend C's TBuf::AllocTensor = Get; free_tensor has no effect)."""
import numpy as np

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
