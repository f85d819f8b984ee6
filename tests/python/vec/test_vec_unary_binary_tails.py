"""Tier 0-1 items test_vector.py leaves out: axpy (f16, f32, f16->f32), div / leaky_relu / the
unary ops on sizes that do and do not fill whole vector repeats, queue queries, core ids."""
import numpy as np
import pytest

import asc
from kernels import binary_kernel, padded, scalar_kernel, unary_kernel
from test_vector import FLOATS, SIZES, UNARY, data, tol

VECIN, VECOUT = asc.TPosition.VECIN, asc.TPosition.VECOUT


@asc.jit
def axpy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s, n: int, tile: asc.ConstExpr[int]):
    """z[:n] += s * x[:n] (z is read, accumulated in UB and written back)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, tile * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, tile * z.dtype.sizeof())
    pipe.init_buffer(qo, 1, tile * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    zl = qz.alloc_tensor(z.dtype)
    asc.data_copy(xl, xg, tile)
    asc.data_copy(zl, zg, tile)
    qx.enque(xl)
    qz.enque(zl)
    xl = qx.deque(x.dtype)
    zl = qz.deque(z.dtype)
    asc.axpy(zl, xl, s, n)
    ol = qo.alloc_tensor(z.dtype)
    asc.adds(ol, zl, 0.0, tile)
    qo.enque(ol)
    qx.free_tensor(xl)
    qz.free_tensor(zl)
    ol = qo.deque(z.dtype)
    asc.data_copy_pad(zg, ol, asc.DataCopyExtParams(1, n * z.dtype.sizeof(), 0, 0, 0))
    qo.free_tensor(ol)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("src,dst", [("float16", "float16"), ("float32", "float32"), ("float16", "float32")])
def test_axpy(src, dst, n):
    tile = padded(n, "float16")
    x, z0 = data(tile, src, seed=3), data(tile, dst, seed=4)
    z = z0.copy()
    axpy_kernel[1](x, z, 0.5, n, tile)
    ref = z0.astype(np.float32) + np.float32(0.5) * x.astype(np.float32)
    np.testing.assert_allclose(z[:n].astype(np.float32), ref[:n], **tol("float16" if "float16" in (src, dst) else dst))
    assert (z[n:] == z0[n:]).all()  # nothing past n is written


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", FLOATS)
def test_div_sizes(dtype, n):
    tile = padded(n, dtype)
    x, y = data(tile, dtype, 1, 10, 1), data(tile, dtype, 1, 10, 2)
    z = np.zeros(tile, dtype)
    binary_kernel[1](x, y, z, n, asc.div, tile)
    np.testing.assert_allclose(z[:n], (x / y)[:n], **tol(dtype))


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", FLOATS)
def test_leaky_relu_sizes(dtype, n):
    tile = padded(n, dtype)
    x = data(tile, dtype)
    z = np.zeros(tile, dtype)
    scalar_kernel[1](x, z, 0.25, n, asc.leaky_relu, tile)
    np.testing.assert_allclose(z[:n], np.where(x >= 0, x, x * np.array(0.25, dtype))[:n], **tol(dtype))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_ragged(name, dtype):
    n = SIZES[-1]
    ref, lo, hi = UNARY[name]
    tile = padded(n, dtype)
    x = data(tile, dtype, lo, hi)
    z = np.zeros(tile, dtype)
    unary_kernel[1](x, z, n, getattr(asc, name), tile)
    np.testing.assert_allclose(z[:n].astype(np.float32), ref(x.astype(np.float32))[:n],
                               rtol=5e-3 if dtype == "float16" else 1e-5, atol=5e-3 if dtype == "float16" else 1e-5)


def test_relu_int32_ragged():
    n = SIZES[-1]
    tile = padded(n, "int32")
    x = data(tile, "int32")
    z = np.zeros(tile, np.int32)
    unary_kernel[1](x, z, n, asc.relu, tile)
    np.testing.assert_array_equal(z[:n], np.maximum(x, 0)[:n])


def test_core_ids():
    @asc.jit
    def ids(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        base = asc.get_block_idx() * 4
        g.set_value(base, asc.get_block_idx())
        g.set_value(base + 1, asc.get_block_num())
        g.set_value(base + 2, asc.get_sub_block_idx().cast(asc.int32))
        g.set_value(base + 3, asc.get_sub_block_num().cast(asc.int32) * 10 + asc.get_task_ratio().cast(asc.int32))

    out = np.full(4 * 3, -1, np.int32)
    ids[3](out)
    rows = out.reshape(3, 4)
    assert list(rows[:, 0]) == [0, 1, 2] and list(rows[:, 1]) == [3, 3, 3]
    assert list(rows[:, 2]) == [0, 0, 0] and list(rows[:, 3]) == [11, 11, 11]  # AIV_ONLY: 1 sub-block, ratio 1
