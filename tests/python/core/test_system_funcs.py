"""System functions on the simulator: the cache and barrier operations change no result and
cost scalar time; the workspace / HCCL context registers hold GM pointers; the program counter
is the instruction index (grows along the program)."""
import numpy as np
import pytest

import asc


@asc.jit
def sys_kernel(x: asc.GlobalAddress, ws: asc.GlobalAddress, out: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    asc.init_soc_state()
    pc0 = asc.get_program_counter()
    asc.data_sync_barrier(asc.MemDsbT.ALL)
    asc.data_cache_preload(xg, 64)
    asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, asc.DcciDst.CACHELINE_OUT, xg)
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, xg)
    asc.icache_preload(2)
    og.set_value(0, asc.get_icache_preload_status())
    asc.set_mm_layout_transform(True)
    asc.set_sys_workspace(ws)
    asc.set_hccl_context(1, x)
    wg = asc.GlobalTensor()
    wg.set_global_buffer(asc.get_sys_workspace())
    cg = asc.GlobalTensor()
    cg.set_global_buffer(asc.get_hccl_context(1))
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 32)
    t = q.alloc_tensor(asc.uint8)
    asc.data_copy(t, cg, count=32)             # from x, through the HCCL context pointer
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(wg, t, count=32)             # to ws, through the workspace pointer
    q.free_tensor(t)
    pc1 = asc.get_program_counter()
    og.set_value(1, pc1 - pc0)


def test_system_functions():
    x = np.arange(32, dtype=np.uint8) + 10
    ws = np.zeros(32, np.uint8)
    out = np.full(2, -1, np.int64)
    sys_kernel[1](x, ws, out)
    assert out[0] == 0
    assert out[1] > 10                           # the instructions in between
    np.testing.assert_array_equal(ws, x)
    np.testing.assert_array_equal(x, np.arange(32, dtype=np.uint8) + 10)  # untouched by the cache ops


@asc.jit
def unset_ws_kernel(out: asc.GlobalAddress):
    wg = asc.GlobalTensor()
    wg.set_global_buffer(asc.get_sys_workspace())
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 32)
    t = q.alloc_tensor(asc.uint8)
    asc.data_copy(t, wg, count=32)
    q.free_tensor(t)


@asc.jit
def bad_hccl_kernel(out: asc.GlobalAddress):
    asc.set_hccl_context(2, out)


@pytest.mark.parametrize("kernel, msg", [(unset_ws_kernel, "bound to no memory"),
                                         (bad_hccl_kernel, "there are 2 communication domains")])
def test_system_misuse(kernel, msg):
    with pytest.raises(asc.KernelError, match=msg):
        kernel[1](np.zeros(4, np.uint8))
