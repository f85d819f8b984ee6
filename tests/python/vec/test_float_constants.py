"""Float scalars given to a kernel op convert to the op's type as C converts them: inf, -inf and nan
keep their meaning in every float type, and a finite value beyond the type's range becomes inf
(softmax-style kernels fill a max buffer with -inf)."""
import numpy as np
import pytest

import asc


@asc.jit
def fill(z: asc.GlobalAddress, v: asc.ConstExpr):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(z.dtype)
    asc.duplicate(t, v, 256 // z.dtype.sizeof())
    q.enque(t)
    t = q.deque(z.dtype)
    asc.data_copy(zg, t, 256 // z.dtype.sizeof())
    q.free_tensor(t)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("v,want", [(float("inf"), np.inf), (float("-inf"), -np.inf), (1e6, np.inf),
                                    (-1e300, -np.inf), (2.5, 2.5)])
def test_duplicate_of_special_values(dtype, v, want):
    if dtype == np.float32 and abs(v) == 1e6:
        want = v  # in range for float
    z = np.zeros(256 // np.dtype(dtype).itemsize, dtype)
    fill[1](z, v)
    np.testing.assert_array_equal(z, np.full_like(z, want))


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_duplicate_of_nan(dtype):
    z = np.zeros(256 // np.dtype(dtype).itemsize, dtype)
    fill[1](z, float("nan"))
    assert np.isnan(z).all()


def test_bfloat16_literals_round_to_the_high_half():
    from asc._core import _nonfinite_bits
    assert _nonfinite_bits(float("inf"), "bf16") == "0x7F80"
    assert _nonfinite_bits(float("-inf"), "bf16") == "0xFF80"
    assert _nonfinite_bits(float("nan"), "bf16") == "0x7FC0"
    assert _nonfinite_bits(3.4e38, "bf16") == "0x7F80"  # rounds up past bf16's largest finite value
    assert _nonfinite_bits(3.3e38, "bf16") is None
    assert _nonfinite_bits(1.0, "f16") is None and _nonfinite_bits(65520.0, "f16") == "0x7C00"
