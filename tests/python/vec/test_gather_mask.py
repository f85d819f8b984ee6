"""gather_mask with a pattern tensor and with the built-in patterns 1-7, normal and reduce
(counter) mode, and get_gather_mask_remain_count, against numpy."""
import numpy as np
import pytest

import asc
from basic_kernels import data

VECIN, VECOUT = asc.TPosition.VECIN, asc.TPosition.VECOUT


@asc.jit
def gm_kernel(x: asc.GlobalAddress, p: asc.GlobalAddress, z: asc.GlobalAddress, cnt: asc.GlobalAddress,
              nx: asc.ConstExpr[int], np_: asc.ConstExpr[int], nz: asc.ConstExpr[int], pattern: asc.ConstExpr,
              reduce: asc.ConstExpr, mask: asc.ConstExpr[int], params: asc.ConstExpr):
    xg = asc.GlobalTensor()
    pg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    pg.set_global_buffer(p)
    zg.set_global_buffer(z)
    cg.set_global_buffer(cnt)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qp = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, nx * x.dtype.sizeof())
    pipe.init_buffer(qp, 1, np_ * p.dtype.sizeof())
    pipe.init_buffer(qz, 1, nz * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    pl = qp.alloc_tensor(p.dtype)
    asc.data_copy(xl, xg, nx)
    asc.data_copy(pl, pg, np_)
    qx.enque(xl)
    qp.enque(pl)
    xl = qx.deque(x.dtype)
    pl = qp.deque(p.dtype)
    zl = qz.alloc_tensor(z.dtype)
    asc.duplicate(zl, 0, nz)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    src1 = pl if pattern == 0 else pattern
    kept = asc.gather_mask(zl, xl, src1, reduce, mask, asc.GatherMaskParams(*params))
    asc.set_flag(asc.HardEvent.V_S, 0)
    asc.wait_flag(asc.HardEvent.V_S, 0)
    cg.set_value(0, kept)
    cg.set_value(1, asc.get_gather_mask_remain_count())
    qz.enque(zl)
    zl = qz.deque(z.dtype)
    asc.data_copy(zg, zl, nz)
    qz.free_tensor(zl)
    qx.free_tensor(xl)
    qp.free_tensor(pl)


def run(x, pat, pattern, reduce, mask, params):
    z = np.zeros(x.size, x.dtype)
    cnt = np.zeros(4, np.int64)
    gm_kernel[1](x, pat, z, cnt, x.size, pat.size, z.size, pattern, reduce, mask, params)
    return z, cnt


def expect(x, sel):
    want = np.zeros(x.size, x.dtype)
    kept = x[sel]
    want[:kept.size] = kept
    return want, kept.size


@pytest.mark.parametrize("dtype", ["float16", "float32", "int16", "uint32"])
@pytest.mark.parametrize("pattern", [1, 2, 3, 4, 5, 6, 7])
def test_builtin_patterns(dtype, pattern):
    esz = np.dtype(dtype).itemsize
    lanes = 256 // esz
    x = data(2 * lanes, dtype, seed=pattern)
    k = np.arange(lanes)
    on = {1: k % 2 == 0, 2: k % 2 == 1, 7: np.ones(lanes, bool)}.get(pattern, k % 4 == pattern - 3)
    z, cnt = run(x, np.zeros(16, np.uint16), pattern, False, 0, (1, 2, 8, 0))
    want, n = expect(x, np.concatenate([on, on]))
    np.testing.assert_array_equal(z, want)
    assert cnt[0] == n and cnt[1] == n


@pytest.mark.parametrize("dtype,ptype", [("float16", np.uint16), ("float32", np.uint32), ("int32", np.uint32)])
@pytest.mark.parametrize("prep", [0, 1])
def test_pattern_tensor(dtype, ptype, prep):
    esz = np.dtype(dtype).itemsize
    lanes, per = 256 // esz, 32 // esz
    x = data(4 * lanes, dtype, seed=3)
    pat = data(64 // np.dtype(ptype).itemsize * 2, ptype, 0, np.iinfo(ptype).max, seed=4).astype(ptype)
    bits = np.unpackbits(pat.view(np.uint8), bitorder="little").astype(bool)
    repeat, sblk, srep = 2, 2, 16
    z, cnt = run(x, pat, 0, False, 0, (sblk, repeat, srep, prep))
    sel = []
    for r in range(repeat):
        for k in range(lanes):
            if bits[r * prep * 256 + k]:
                sel.append((32 * (r * srep + (k // per) * sblk)) // esz + k % per)
    want = np.zeros(x.size, x.dtype)
    want[:len(sel)] = x[sel]
    np.testing.assert_array_equal(z, want)
    assert cnt[0] == len(sel) == cnt[1]


def test_reduce_mode_takes_mask_lanes_per_repeat():
    x = data(256, "float16", seed=5)
    z, cnt = run(x, np.zeros(16, np.uint16), 2, True, 70, (1, 2, 8, 0))  # odd lanes among the first 70
    on = np.arange(128) % 2 == 1
    on[70:] = False
    want, n = expect(x, np.concatenate([on, on]))
    np.testing.assert_array_equal(z, want)
    assert cnt[0] == n == 70


def test_bad_builtin_pattern_is_a_value_error():
    with pytest.raises(ValueError, match="1..7"):
        run(data(128, "float16"), np.zeros(16, np.uint16), 8, False, 0, (1, 1, 8, 0))
