"""Kernels shared by the tests: one copy-in / op / copy-out pipeline per call form.
Results are copied out with data_copy_pad of exactly n elements: the sanitizer rejects copying
UB bytes no instruction wrote."""
import numpy as np

import asc

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC


def padded(n, dtype):
    """Element count rounded up to a whole number of 32-byte blocks."""
    per = 32 // np.dtype(dtype).itemsize
    return -(-n // per) * per


@asc.jit
def binary_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int,
                  op: asc.ConstExpr, tile: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qy = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, tile * x.dtype.sizeof())
    pipe.init_buffer(qy, 1, tile * y.dtype.sizeof())
    pipe.init_buffer(qz, 1, tile * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    yl = qy.alloc_tensor(y.dtype)
    asc.data_copy(xl, xg, tile)
    asc.data_copy(yl, yg, tile)
    qx.enque(xl)
    qy.enque(yl)
    xl = qx.deque(x.dtype)
    yl = qy.deque(y.dtype)
    zl = qz.alloc_tensor(z.dtype)
    op(zl, xl, yl, n)
    qz.enque(zl)
    qx.free_tensor(xl)
    qy.free_tensor(yl)
    zl = qz.deque(z.dtype)
    asc.data_copy_pad(zg, zl, asc.DataCopyExtParams(1, n * z.dtype.sizeof(), 0, 0, 0))
    qz.free_tensor(zl)


@asc.jit
def unary_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, op: asc.ConstExpr,
                 tile: asc.ConstExpr[int], extra: asc.ConstExpr = ()):
    """z = op(zl, xl, *extra, n); extra may hold a scalar (runtime values come as a tuple)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, tile * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, tile * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, tile)
    qx.enque(xl)
    xl = qx.deque(x.dtype)
    zl = qz.alloc_tensor(z.dtype)
    op(zl, xl, *extra, n)
    qz.enque(zl)
    qx.free_tensor(xl)
    zl = qz.deque(z.dtype)
    asc.data_copy_pad(zg, zl, asc.DataCopyExtParams(1, n * z.dtype.sizeof(), 0, 0, 0))
    qz.free_tensor(zl)


@asc.jit
def scalar_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, s, n: int, op: asc.ConstExpr,
                  tile: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, tile * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, tile * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, tile)
    qx.enque(xl)
    xl = qx.deque(x.dtype)
    zl = qz.alloc_tensor(z.dtype)
    op(zl, xl, s, n)
    qz.enque(zl)
    qx.free_tensor(xl)
    zl = qz.deque(z.dtype)
    asc.data_copy_pad(zg, zl, asc.DataCopyExtParams(1, n * z.dtype.sizeof(), 0, 0, 0))
    qz.free_tensor(zl)


@asc.jit
def static_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    """Static UB tensors with manual flags: z = x + x, and z[0] = x[0] via scalar access."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(x.dtype, VECIN, 0, tile)
    zl = asc.LocalTensor(x.dtype, VECOUT, tile * x.dtype.sizeof(), tile)
    asc.data_copy(xl, xg, tile)
    asc.set_flag(asc.HardEvent.MTE2_V)
    asc.wait_flag(asc.HardEvent.MTE2_V)
    asc.add(zl, xl, xl, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 1)
    asc.wait_flag(asc.HardEvent.V_MTE3, 1)
    asc.data_copy_pad(zg, zl, asc.DataCopyExtParams(1, n * z.dtype.sizeof(), 0, 0, 0))
