"""Synchronization entries of asc.language.basic, from their pages: set_flag, wait_flag, pipe_barrier,
data_sync_barrier, cross_core_set_flag, cross_core_wait_flag, sync_all, ib_set, ib_wait,
notify_next_block, wait_pre_block.

Each ordering the pages describe is run with the instruction (the result is right and the run clean)
and, where the simulator's race detector can see it, without (a race report): kernels compiled with
auto_sync=False, so that only the program's own synchronization orders the pipes."""
import numpy as np
import pytest

import asc
from asc.runtime import config
from kit import api, data, same

VECIN, VECCALC, VECOUT = asc.TPosition.VECIN, asc.TPosition.VECCALC, asc.TPosition.VECOUT


def gm(x):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    return g


# ---- set_flag / wait_flag ---------------------------------------------------------------------------------------
@asc.jit(auto_sync=False)
def s_mte3_kernel(z: asc.GlobalAddress, with_flag: asc.ConstExpr[bool]):
    """The pages' example: a scalar set_value in UB, then data_copy to GM, ordered by S_MTE3 with an id
    from fetch_event_id."""
    dst = gm(z)
    global_pipe = asc.TPipe()
    src = asc.LocalTensor(asc.int32, VECOUT, 0, 8)
    for i in asc.range(8):
        src.set_value(i, i * 3 + 1)
    data_size = 8
    if with_flag:
        event_id = global_pipe.fetch_event_id(event=asc.HardEvent.S_MTE3)
        asc.set_flag(event=asc.HardEvent.S_MTE3, event_id=event_id)
        asc.wait_flag(event=asc.HardEvent.S_MTE3, event_id=event_id)
    asc.data_copy(dst, src, data_size)


@api("set_flag", "wait_flag")
def test_set_wait_flag_page_example():
    z = np.zeros(8, np.int32)
    s_mte3_kernel[1](z, True)
    assert z.tolist() == [i * 3 + 1 for i in range(8)]


@api("set_flag", "wait_flag")
def test_without_the_flag_is_a_race():
    with pytest.raises(asc.KernelError, match="race"):
        s_mte3_kernel[1](np.zeros(8, np.int32), False)


@asc.jit(auto_sync=False)
def mte2_v_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, event_id: asc.ConstExpr[int]):
    """MTE2 -> V -> MTE3 with explicit ids (set_flag's default id is 0; here 3)."""
    xl = asc.LocalTensor(asc.float32, VECIN, 0, 64)
    zl = asc.LocalTensor(asc.float32, VECOUT, 256, 64)
    asc.data_copy(xl, gm(x), 64)
    asc.set_flag(asc.HardEvent.MTE2_V, event_id)
    asc.wait_flag(asc.HardEvent.MTE2_V, event_id)
    asc.muls(zl, xl, 2.0, 64)
    asc.set_flag(asc.HardEvent.V_MTE3)
    asc.wait_flag(asc.HardEvent.V_MTE3)
    asc.data_copy(gm(z), zl, 64)


@api("set_flag", "wait_flag")
@pytest.mark.parametrize("event_id", [0, 3])
def test_flags_order_three_pipes(event_id):
    x = data(64, "float32", -10, 10, 1)
    z = np.zeros(64, np.float32)
    mte2_v_kernel[1](x, z, event_id)
    same(z, x * np.float32(2))


# ---- pipe_barrier ------------------------------------------------------------------------------------------------
@asc.jit(auto_sync=False)
def barrier_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, with_barrier: asc.ConstExpr[bool]):
    """The page's example: add(dst0, src0, src1, 512); pipe_barrier(PIPE_V); mul(dst1, dst0, src2, 512)."""
    src = asc.LocalTensor(asc.float16, VECIN, 0, 512)
    dst0 = asc.LocalTensor(asc.float16, VECCALC, 1024, 512)
    dst1 = asc.LocalTensor(asc.float16, VECOUT, 2048, 512)
    asc.data_copy(src, gm(x), 512)
    asc.set_flag(asc.HardEvent.MTE2_V)
    asc.wait_flag(asc.HardEvent.MTE2_V)
    asc.add(dst0, src, src, 512)
    if with_barrier:
        asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.mul(dst1, dst0, src, 512)
    asc.set_flag(asc.HardEvent.V_MTE3)
    asc.wait_flag(asc.HardEvent.V_MTE3)
    asc.data_copy(gm(z), dst1, 512)


@api("pipe_barrier")
def test_pipe_barrier_page_example():
    x = (np.arange(512) % 13 - 6).astype(np.float16)
    z = np.zeros(512, np.float16)
    barrier_kernel[1](x, z, True)
    same(z, ((x.astype(np.float64) * 2) * x).astype(np.float16))


@api("pipe_barrier")
def test_without_the_barrier_is_a_race():
    """The page: dependent instructions of one pipe need the barrier (the compile-time check names it too)."""
    with pytest.warns(RuntimeWarning, match="add pipe_barrier"), pytest.raises(asc.KernelError, match="race"):
        barrier_kernel[1]((np.arange(512) % 13).astype(np.float16), np.zeros(512, np.float16), False)


@api("data_sync_barrier")
@pytest.mark.parametrize("kind", ["ALL", "DDR", "UB"])
def test_data_sync_barrier_keeps_results(kind):
    """data_sync_barrier(MemDsbT.*) waits for earlier memory accesses; results around it are unchanged."""
    @asc.jit
    def k(x: asc.GlobalAddress, out: asc.GlobalAddress, which: asc.ConstExpr):
        og = gm(out)
        og.set_value(0, gm(x).get_value(2) + 1)
        asc.data_sync_barrier(which)
        og.set_value(1, og.get_value(0) * 2)
    out = np.zeros(4, np.int32)
    k[1](np.array([0, 0, 20, 0], np.int32), out, getattr(asc.MemDsbT, kind))
    assert out[:2].tolist() == [21, 42]


# ---- cross-core flags -----------------------------------------------------------------------------------------
@asc.jit
def xcore_kernel(out: asc.GlobalAddress, mode: asc.ConstExpr[int], with_flag: asc.ConstExpr[bool]):
    """Every AIV writes its slot, synchronizes in `mode`, then reads the next core's slot."""
    og = gm(out)
    if asc.ascend_is_aiv():
        me = asc.get_block_idx()
        og.set_value(me, me * 10 + 1)
        if with_flag:  # a scalar store reaches GM at the write-back (Ascend C SetValue's page)
            asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, dst=og)
            asc.cross_core_set_flag(flag_id=0, mode_id=mode, pipe=asc.PipeID.PIPE_MTE3)
            asc.cross_core_wait_flag(flag_id=0, mode_id=mode, pipe=asc.PipeID.PIPE_S)
        og.set_value(32 + me, og.get_value(me ^ 1))


@api("cross_core_set_flag", "cross_core_wait_flag")
@pytest.mark.parametrize("mode", [0, 1])
def test_cross_core_modes_0_and_1(mode):
    """Mode 0 (every AIV of the launch: AIV_ONLY, 4 blocks) and mode 1 (the two AIVs of an AI core:
    a MIX launch of 2 blocks): each AIV reads its partner's slot, written before the partner's set."""
    out = np.zeros(64, np.int32)
    kt = config.KernelType.MIX_AIC_1_2 if mode == 1 else config.KernelType.AIV_ONLY
    xcore_kernel[4 if mode == 0 else 2](out, mode, True, kernel_type=kt)
    same(out[:4], np.arange(4) * 10 + 1)
    same(out[32:36], (np.arange(4) ^ 1) * 10 + 1)


@api("cross_core_set_flag", "cross_core_wait_flag")
def test_cross_core_without_flags_is_a_race():
    with pytest.raises(asc.KernelError, match="race"):
        xcore_kernel[4](np.zeros(64, np.int32), 0, False, kernel_type=config.KernelType.AIV_ONLY)


@asc.jit
def mode2_kernel(x: asc.GlobalAddress, ws: asc.GlobalAddress, out: asc.GlobalAddress):
    """Mode 2: the AIC writes the workspace and sets the flag; both AIVs wait, then read it."""
    wg, og = gm(ws), gm(out)
    if asc.ascend_is_aic():
        for i in asc.range(8):
            wg.set_value(i, gm(x).get_value(i) * 2 + 1)
        asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, dst=wg)  # SetValue's page
        asc.cross_core_set_flag(3, 2, asc.PipeID.PIPE_MTE3)  # Ascend C: not PIPE_S / PIPE_ALL
    else:
        asc.cross_core_wait_flag(3, 2, asc.PipeID.PIPE_S)
        s = asc.get_sub_block_idx()
        og.set_value(s, wg.get_value(s + 4))


@api("cross_core_set_flag", "cross_core_wait_flag")
def test_cross_core_mode_2():
    x = np.arange(8, dtype=np.int32) + 5
    ws, out = np.zeros(8, np.int32), np.full(4, -1, np.int32)
    mode2_kernel[1](x, ws, out)
    assert out[:2].tolist() == [(x[4] * 2 + 1), (x[5] * 2 + 1)]


# ---- sync_all -----------------------------------------------------------------------------------------------------
@asc.jit
def sync_all_kernel(x: asc.GlobalAddress, ws: asc.GlobalAddress, out: asc.GlobalAddress, form: asc.ConstExpr[str]):
    xg, og = gm(x), gm(out)
    b = asc.get_block_idx()
    xg.set_value(b, (b + 1) * 3)
    if form == "hard":
        asc.sync_all()
    elif form == "soft":
        ub = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=32)
        asc.sync_all(gm(ws), ub, used_cores=0)
    og.set_value(b, xg.get_value((b + 1) % 4))


@api("sync_all")
@pytest.mark.parametrize("form", ["hard", "soft"])
def test_sync_all(form):
    """The page's two forms (hard: sync_all(); soft: sync_all(gm, ub, used_cores=0) with a zeroed GM workspace of
    blocks x 32 bytes): every block sees the others' writes made before it."""
    x, ws, out = np.zeros(4, np.int32), np.zeros(4 * 8, np.int32), np.zeros(4, np.int32)
    sync_all_kernel[4](x, ws, out, form, kernel_type=config.KernelType.AIV_ONLY)
    assert out.tolist() == [6, 9, 12, 3]


@api("sync_all")
def test_without_sync_all_is_a_race():
    with pytest.raises(asc.KernelError, match="race"):
        sync_all_kernel[4](np.zeros(4, np.int32), np.zeros(32, np.int32), np.zeros(4, np.int32), "none",
                           kernel_type=config.KernelType.AIV_ONLY)


# ---- ib_set / ib_wait, notify_next_block / wait_pre_block --------------------------------------------------------
@asc.jit
def chain_kernel(x: asc.GlobalAddress, ws: asc.GlobalAddress, form: asc.ConstExpr[str]):
    """Block b adds x[b] into x[b + 1] once block b - 1 is done: a chain only the handshake orders."""
    xg = gm(x)
    gm_ws = gm(ws)
    ub = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=32 * 5)
    b = asc.get_block_idx()
    if form == "ib":
        if b > 0:
            asc.ib_wait(gm_ws, ub, block_idx=b - 1, event_id=0)
    elif form == "pre":
        asc.wait_pre_block(gm_ws, ub)
    xg.set_value(b + 1, xg.get_value(b + 1) + xg.get_value(b))
    if form == "ib":
        asc.ib_set(gm_ws, ub, block_idx=b, event_id=0)
    elif form == "pre":
        asc.notify_next_block(gm_ws, ub)


@api("ib_set", "ib_wait", "notify_next_block", "wait_pre_block")
@pytest.mark.parametrize("form", ["ib", "pre"])
def test_handshakes_order_a_chain(form):
    """ib_wait(gm, ub, block_idx=b - 1, event_id=0) / ib_set(gm, ub, block_idx=b, event_id=0) (their pages'
    calls; a zeroed workspace), and wait_pre_block / notify_next_block: prefix sums over 4 blocks."""
    x = np.arange(1, 6, dtype=np.int32)
    ws = np.zeros(4 * 8 * 4, np.int32)
    chain_kernel[4](x, ws, form, kernel_type=config.KernelType.AIV_ONLY)
    assert x.tolist() == np.cumsum(np.arange(1, 6)).tolist()


@api("ib_set", "ib_wait", "notify_next_block", "wait_pre_block")
def test_chain_without_handshake_is_a_race():
    with pytest.raises(asc.KernelError, match="race"):
        chain_kernel[4](np.arange(1, 6, dtype=np.int32), np.zeros(128, np.int32), "none",
                        kernel_type=config.KernelType.AIV_ONLY)
