"""sort32 against numpy: 32 (score, index) pairs per repeat, descending, equal scores in input
order, 8-byte records (score in the low bytes, uint32 index in the high 4)."""
import numpy as np
import pytest

import asc
from basic_kernels import data, run


@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("repeat", [1, 3])
def test_sort32(dtype, repeat):
    esz = np.dtype(dtype).itemsize
    n = 32 * repeat
    x = np.round(data(n, dtype, -5, 5, seed=repeat)).astype(dtype)  # many ties
    idx = (np.arange(n, dtype=np.uint32) * 7 + 100).astype(np.uint32)
    z = np.zeros(n * 8 // esz, dtype)

    def op(dst, a, b):
        asc.sort32(dst, a, b, repeat)
    got = run(op, x, idx, z).view(np.uint8).reshape(n, 8)
    for r in range(repeat):
        seg = np.arange(32 * r, 32 * r + 32)
        order = seg[np.argsort(-x[seg].astype(np.float64), kind="stable")]
        rec = got[32 * r:32 * r + 32]
        np.testing.assert_array_equal(rec[:, :esz].copy().view(dtype).ravel(), x[order])
        np.testing.assert_array_equal(rec[:, 4:].copy().view(np.uint32).ravel(), idx[order])
        if esz == 2:
            assert (rec[:, 2:4] == 0).all()


def test_sort32_index_type_is_checked():
    x = data(32, "float32")

    def op(dst, a, b):
        asc.sort32(dst, a, b, 1)
    with pytest.raises(Exception, match="uint32"):
        run(op, x, np.zeros(32, np.int16), np.zeros(64, np.float32))
