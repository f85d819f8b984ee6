"""The new basic-API ops under auto-sync: LocalTensorAuto kernels using compare, select, the
per-repeat reductions and gather run exactly and race-free, so the sync passes see their pipes
and operands (from ops.def) like any other vector op's."""
import numpy as np

import asc
import asc.lib.runtime as rt

TILE = 256  # float32: 4 repeats


@asc.jit
def auto_clip_sum_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.GlobalAddress,
                         block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    s_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    s_gm.set_global_buffer(s + offset // 32, block_length // 32)
    for i in range(block_length // TILE):
        xl = asc.LocalTensorAuto(asc.float32, TILE)
        yl = asc.LocalTensorAuto(asc.float32, TILE)
        bits = asc.LocalTensorAuto(asc.uint8, TILE // 8)
        zl = asc.LocalTensorAuto(asc.float32, TILE)
        sl = asc.LocalTensorAuto(asc.float32, 8)
        asc.data_copy(xl, x_gm[i * TILE:], TILE)
        asc.data_copy(yl, y_gm[i * TILE:], TILE)
        asc.compare(bits, xl, yl, asc.CMPMODE.GT, TILE)              # x > y
        asc.select(zl, bits, xl, yl, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, TILE)  # max(x, y)
        asc.whole_reduce_sum(sl, zl, 32, 8, 1, 1, 4)                  # one sum per 32 elements
        asc.data_copy(z_gm[i * TILE:], zl, TILE)
        asc.data_copy(s_gm[i * 8:], sl, 8)


def test_compare_select_reduce_under_auto_sync():
    cores, n = 2, 4 * TILE
    rng = np.random.default_rng(0)
    x = np.round(rng.uniform(-8, 8, cores * n)).astype(np.float32)
    y = np.round(rng.uniform(-8, 8, cores * n)).astype(np.float32)
    z = np.zeros_like(x)
    s = np.zeros(cores * n // 32, np.float32)
    auto_clip_sum_kernel[cores](x, y, z, s, n)
    m = np.maximum(x, y)
    np.testing.assert_array_equal(z, m)
    np.testing.assert_array_equal(s, m.reshape(-1, 32).sum(axis=1))
    rep = rt.last_report()
    assert rep["errors"] == [] and rep["warnings"] == [], (rep["errors"], rep["warnings"])
