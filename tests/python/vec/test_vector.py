"""Tier 0-1 vector ops against numpy (count form, mask forms, copies, scalar access)."""
import numpy as np
import pytest

import asc
from kernels import binary_kernel, padded, scalar_kernel, static_kernel, unary_kernel

SIZES = [256, 1000, 2048 + 17]  # the last two are not multiples of a vector repeat
BIN = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "max": np.maximum, "min": np.minimum}
FLOATS, INTS = ["float16", "float32"], ["int16", "int32"]


def data(n, dtype, lo=-10, hi=10, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "f":
        return rng.uniform(lo, hi, n).astype(dtype)
    return rng.integers(lo, hi, n).astype(dtype)


def tol(dtype):
    return dict(rtol=2e-3, atol=2e-3) if dtype == "float16" else dict(rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", FLOATS + INTS)
@pytest.mark.parametrize("name", sorted(BIN))
def test_binary(name, dtype, n):
    tile = padded(n, dtype)
    x, y = data(tile, dtype, seed=1), data(tile, dtype, seed=2)
    z = np.zeros(tile, dtype)
    binary_kernel[1](x, y, z, n, getattr(asc, name), tile)
    np.testing.assert_allclose(z[:n], BIN[name](x, y)[:n], **tol(dtype))


@pytest.mark.parametrize("dtype", FLOATS)
def test_div(dtype):
    n = 1000
    tile = padded(n, dtype)
    x, y = data(tile, dtype, 1, 10, 1), data(tile, dtype, 1, 10, 2)
    z = np.zeros(tile, dtype)
    binary_kernel[1](x, y, z, n, asc.div, tile)
    np.testing.assert_allclose(z[:n], (x / y)[:n], **tol(dtype))


UNARY = {"exp": (np.exp, -3, 3), "ln": (np.log, 0.1, 10), "sqrt": (np.sqrt, 0, 10),
         "rsqrt": (lambda v: 1 / np.sqrt(v), 0.1, 10), "reciprocal": (lambda v: 1 / v, 0.5, 10),
         "abs": (np.abs, -10, 10), "relu": (lambda v: np.maximum(v, 0), -10, 10)}


@pytest.mark.parametrize("n", [256, 1000])
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary(name, dtype, n):
    ref, lo, hi = UNARY[name]
    tile = padded(n, dtype)
    x = data(tile, dtype, lo, hi)
    z = np.zeros(tile, dtype)
    unary_kernel[1](x, z, n, getattr(asc, name), tile)
    np.testing.assert_allclose(z[:n].astype(np.float32), ref(x.astype(np.float32))[:n],
                               rtol=5e-3 if dtype == "float16" else 1e-5, atol=5e-3 if dtype == "float16" else 1e-5)


def test_relu_int32():
    x = data(256, "int32")
    z = np.zeros(256, np.int32)
    unary_kernel[1](x, z, 256, asc.relu, 256)
    np.testing.assert_array_equal(z, np.maximum(x, 0))


SCALAR = {"adds": lambda v, s: v + s, "muls": lambda v, s: v * s, "maxs": np.maximum, "mins": np.minimum}


@pytest.mark.parametrize("n", [256, 1000])
@pytest.mark.parametrize("dtype", FLOATS + INTS)
@pytest.mark.parametrize("name", sorted(SCALAR))
def test_vector_scalar(name, dtype, n):
    tile = padded(n, dtype)
    x = data(tile, dtype)
    z = np.zeros(tile, dtype)
    s = 3.0 if dtype in FLOATS else 3
    scalar_kernel[1](x, z, s, n, getattr(asc, name), tile)
    np.testing.assert_allclose(z[:n], SCALAR[name](x, np.array(s, dtype))[:n], **tol(dtype))


@pytest.mark.parametrize("dtype", FLOATS)
def test_leaky_relu(dtype):
    x = data(512, dtype)
    z = np.zeros(512, dtype)
    scalar_kernel[1](x, z, 0.25, 512, asc.leaky_relu, 512)
    np.testing.assert_allclose(z, np.where(x >= 0, x, x * np.array(0.25, dtype)), **tol(dtype))


@pytest.mark.parametrize("dtype", FLOATS + INTS)
def test_duplicate(dtype):
    @asc.jit
    def dup(z: asc.GlobalAddress, s, n: int):
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(q, 1, 1024)
        zl = q.alloc_tensor(z.dtype)
        asc.duplicate(zl, s, n)
        q.enque(zl)
        zl = q.deque(z.dtype)
        asc.data_copy_pad(zg, zl, asc.DataCopyExtParams(1, n * z.dtype.sizeof(), 0, 0, 0))
        q.free_tensor(zl)

    n = 1024 // np.dtype(dtype).itemsize
    z = np.zeros(n, dtype)
    dup[1](z, 7.0 if dtype in FLOATS else 7, n - 3)
    assert (z[:n - 3] == 7).all()


@pytest.mark.parametrize("src,dst,mode,ref", [
    ("float16", "float32", "CAST_NONE", lambda v: v.astype(np.float32)),
    ("float32", "float16", "CAST_NONE", lambda v: v.astype(np.float16)),
    ("float32", "int32", "CAST_TRUNC", lambda v: np.trunc(v).astype(np.int32)),
    ("float32", "int32", "CAST_FLOOR", lambda v: np.floor(v).astype(np.int32)),
    ("float32", "int32", "CAST_CEIL", lambda v: np.ceil(v).astype(np.int32)),
])
def test_cast(src, dst, mode, ref):
    n = 256
    x = data(n, src)
    z = np.zeros(n, dst)
    unary_kernel[1](x, z, n, asc.cast, n, (asc.RoundMode[mode],))
    np.testing.assert_allclose(z, ref(x), rtol=1e-3)


@asc.jit
def reduce_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, op: asc.ConstExpr,
                  tile: asc.ConstExpr[int], cal_index: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(qx, 1, tile * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, 32)
    pipe.init_buffer(tmp, tile * x.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, tile)
    qx.enque(xl)
    xl = qx.deque(x.dtype)
    zl = qz.alloc_tensor(z.dtype)
    work = tmp.get(x.dtype)
    if cal_index:
        op(zl, xl, work, n, cal_index=True)
    else:
        op(zl, xl, work, n)
    qz.enque(zl)
    qx.free_tensor(xl)
    zl = qz.deque(z.dtype)
    asc.data_copy_pad(zg, zl, asc.DataCopyExtParams(1, (2 if cal_index else 1) * z.dtype.sizeof(), 0, 0, 0))
    qz.free_tensor(zl)


@pytest.mark.parametrize("n", [256, 1000])
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name,ref", [("reduce_sum", np.sum), ("reduce_max", np.max), ("reduce_min", np.min)])
def test_reduce(name, ref, dtype, n):
    tile = padded(n, dtype)
    x = data(tile, dtype, -1, 1)
    z = np.zeros(32 // np.dtype(dtype).itemsize, dtype)
    reduce_kernel[1](x, z, n, getattr(asc, name), tile, False)
    np.testing.assert_allclose(float(z[0]), float(ref(x[:n].astype(np.float32))),
                               rtol=2e-2 if dtype == "float16" else 1e-4, atol=2e-2 if dtype == "float16" else 1e-4)


def test_reduce_max_index():
    x = data(256, "float32", -1, 1)
    x[77] = 5.0
    z = np.zeros(8, np.float32)
    reduce_kernel[1](x, z, 256, asc.reduce_max, 256, True)
    assert z[0] == 5.0
    assert z[1:2].view(np.int32)[0] == 77 or z[1] == 77


def _mask_add(mask, repeat):
    """Fill dst (the masked-out lanes must be defined for the copy-out), then the masked add."""
    def op(dst, a, b, n):
        asc.duplicate(dst, -99.0, n)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.add(dst, a, b, mask, repeat, asc.BinaryRepeatParams())
    return op


def test_add_mask_count():
    x, y = data(256, "float32", seed=1), data(256, "float32", seed=2)
    z = np.full(256, -99, np.float32)
    binary_kernel[1](x, y, z, 256, _mask_add(32, 2), 256)
    for r in range(2):
        sl = slice(64 * r, 64 * r + 32)
        np.testing.assert_allclose(z[sl], x[sl] + y[sl], rtol=1e-6)
        assert (z[64 * r + 32:64 * r + 64] == -99).all()


def test_add_bitmask():
    # 32-bit types have 64 lanes and take one word: bit k of mask[0] is lane k.
    x, y = data(128, "float32", seed=1), data(128, "float32", seed=2)
    z = np.zeros(128, np.float32)
    binary_kernel[1](x, y, z, 128, _mask_add([0x5555], 1), 128)
    for k in range(0, 16, 2):
        assert z[k] == pytest.approx(x[k] + y[k])
        assert z[k + 1] == -99
    assert (z[16:64] == -99).all()


@pytest.mark.parametrize("mask,lanes", [([8, 0], [3]), ([0, 1], [64]), ([1 << 63, 1 << 63], [63, 127])])
def test_add_bitmask_word_order_f16(mask, lanes):
    # pyasc: mask[0] = lanes 0-63, mask[1] = lanes 64-127 ("[8, 0]: only the 4th element").
    x, y = data(128, "float16", seed=1), data(128, "float16", seed=2)
    z = np.zeros(128, np.float16)
    binary_kernel[1](x, y, z, 128, _mask_add(mask, 1), 128)
    want = np.full(128, -99, np.float16)
    want[lanes] = x[lanes] + y[lanes]
    np.testing.assert_array_equal(z, want)


def test_bitmask_of_three_words_is_an_error():
    x, y = data(128, "float16", seed=1), data(128, "float16", seed=2)
    with pytest.raises(ValueError, match="1 or 2 uint64 words"):
        binary_kernel[1](x, y, np.zeros(128, np.float16), 128, _mask_add([1, 0, 0], 1), 128)


def test_data_copy_params_and_pad():
    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress, nbytes: int):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        pipe = asc.TPipe()
        q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
        pipe.init_buffer(q, 1, 1024)
        t = q.alloc_tensor(x.dtype)
        asc.data_copy(t, xg, asc.DataCopyParams(2, 1, 1, 0))  # blocks 0 and 2 of x
        q.enque(t)
        t = q.deque(x.dtype)
        asc.data_copy_pad(zg, t, asc.DataCopyExtParams(1, nbytes, 0, 0, 0))
        q.free_tensor(t)

    x = np.arange(64, dtype=np.float32)
    z = np.full(64, -1, np.float32)
    k[1](x, z, 40)  # 10 floats: not a whole 32-byte block
    np.testing.assert_array_equal(z[:8], x[:8])
    np.testing.assert_array_equal(z[8:10], x[16:18])
    assert (z[10:] == -1).all()


def test_static_tensors_and_flags():
    x = data(512, "float16")
    z = np.zeros(512, np.float16)
    static_kernel[1](x, z, 500, 512)
    np.testing.assert_allclose(z[:500], (x + x)[:500], rtol=1e-3)


def test_get_set_value_gm():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, n)
        for i in range(n):
            g.set_value(i, g.get_value(i) * 2 + i)

    x = np.arange(10, dtype=np.int32)
    k[1](x, 10)
    np.testing.assert_array_equal(x, np.arange(10) * 3)


def test_multicore_block_idx():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_value(asc.get_block_idx(), asc.get_block_idx() * 10 + asc.get_block_num())

    x = np.zeros(8, np.int32)
    k[8](x)
    np.testing.assert_array_equal(x, np.arange(8) * 10 + 8)


def test_torch_tensors():
    torch = pytest.importorskip("torch")
    x = torch.rand(256, dtype=torch.float32)
    y = torch.rand(256, dtype=torch.float32)
    z = torch.zeros(256, dtype=torch.float32)
    binary_kernel[1](x, y, z, 256, asc.add, 256)
    assert torch.allclose(z, x + y)


def test_add_full_bitmask_f16():
    x, y = data(256, "float16", seed=1), data(256, "float16", seed=2)
    z = np.zeros(256, np.float16)
    full = 0xFFFFFFFFFFFFFFFF
    binary_kernel[1](x, y, z, 256, _mask_add([full, full], 2), 256)
    np.testing.assert_allclose(z, x + y, rtol=2e-3)


def test_tbuf_get_with_offset():
    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 2048)
        hi = buf.get_with_offset(64, 1024, x.dtype)
        asc.data_copy(hi, xg, 64)
        asc.set_flag(asc.HardEvent.MTE2_MTE3)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3)
        asc.data_copy(zg, hi, 64)

    x = data(64, "float32")
    z = np.zeros(64, np.float32)
    k[1](x, z)
    np.testing.assert_array_equal(z, x)


def test_bool_arrays_rejected():
    @asc.jit
    def k(x: asc.GlobalAddress):
        pass

    with pytest.raises(ValueError, match="Unsupported DataType name: bool"):
        k[1](np.zeros(8, bool))


def test_struct_field_write_in_kernel():
    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress, nbytes: int):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 64)
        p = asc.DataCopyExtParams()
        p.block_len = nbytes
        asc.data_copy_pad(t, xg, p)
        asc.set_flag(asc.HardEvent.MTE2_MTE3)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3)
        asc.data_copy_pad(zg, t, p)

    x = np.arange(64, dtype=np.float32)
    z = np.full(64, -1, np.float32)
    k[1](x, z, 20)
    np.testing.assert_array_equal(z[:5], x[:5])
    assert (z[5:] == -1).all()
