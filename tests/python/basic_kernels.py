"""One kernel for the basic-API tests: loads x, y and z into UB, starts dst as a copy of z
(so lanes an op leaves alone have known values), runs op(dst, xl, yl) and stores dst to z."""
import numpy as np

import asc

VECIN, VECOUT = asc.TPosition.VECIN, asc.TPosition.VECOUT


@asc.jit
def io_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, nx: asc.ConstExpr[int],
              ny: asc.ConstExpr[int], nz: asc.ConstExpr[int], op: asc.ConstExpr):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qy = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, nx * x.dtype.sizeof())
    pipe.init_buffer(qy, 1, ny * y.dtype.sizeof())
    pipe.init_buffer(qz, 1, nz * z.dtype.sizeof())
    pipe.init_buffer(qo, 1, nz * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    yl = qy.alloc_tensor(y.dtype)
    zl = qz.alloc_tensor(z.dtype)
    asc.data_copy(xl, xg, nx)
    asc.data_copy(yl, yg, ny)
    asc.data_copy(zl, zg, nz)
    qx.enque(xl)
    qy.enque(yl)
    qz.enque(zl)
    xl = qx.deque(x.dtype)
    yl = qy.deque(y.dtype)
    zl = qz.deque(z.dtype)
    dst = qo.alloc_tensor(z.dtype)
    asc.data_copy(dst, zl, nz)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    op(dst, xl, yl)
    qo.enque(dst)
    qx.free_tensor(xl)
    qy.free_tensor(yl)
    qz.free_tensor(zl)
    dst = qo.deque(z.dtype)
    asc.data_copy(zg, dst, nz)
    qo.free_tensor(dst)


def run(op, x, y, z):
    """z after io_kernel; each array's byte size must be a multiple of 32."""
    for a in (x, y, z):
        assert a.nbytes % 32 == 0, a.nbytes
    z = z.copy()
    io_kernel[1](x, y, z, x.size, y.size, z.size, op)
    return z


def data(n, dtype, lo=-10, hi=10, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "f":
        return rng.uniform(lo, hi, n).astype(dtype)
    return rng.integers(lo, hi, n).astype(dtype)


def lane_offsets(repeat, lanes, esz, blk, rep):
    """Element index of lane k of repeat r (hardware.md §11), as an array [repeat, lanes]."""
    per = 32 // esz
    r = np.arange(repeat)[:, None]
    k = np.arange(lanes)[None, :]
    return (32 * (r * rep + (k // per) * blk) + (k % per) * esz) // esz


def mask_bits(mask, lanes):
    """Lanes on for a pyasc mask: an int (first n) or a word list (mask[0] = lanes 0-63)."""
    if isinstance(mask, int):
        return np.arange(lanes) < mask
    words = list(mask) + [0] * (2 - len(mask))
    return np.array([(words[k // 64] >> (k % 64)) & 1 for k in range(lanes)], bool)
