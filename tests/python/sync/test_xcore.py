"""Core groups, cross-core synchronization, atomic stores and the cross-core sanitizers
(issue 14; hardware.md §1.1, §10).  Every kernel is checked against numpy."""
import os
import time

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

HERE = os.path.abspath(__file__)
VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC
FLAG = 3


def line_of(fn, mark):
    import inspect
    src, first = inspect.getsourcelines(fn.fn if hasattr(fn, "fn") else fn)
    for i, s in enumerate(src):
        if mark in s:
            return first + i
    raise AssertionError(mark)


def clean(rep):
    assert rep["errors"] == [] and rep["warnings"] == [], rep["errors"] + rep["warnings"]


# ---- MIX producer / consumer ----
# The AIC of each block writes ws[b*n + i] = 2*x[b*n + i] + 1 with scalar stores (the AIC has no
# vector unit, and the simulator has no cube buffers yet), then signals its two AIVs (mode 2);
# each AIV copies its half of the workspace and of x into UB and writes z = ws + x.
@asc.jit
def mix_pc(x: asc.GlobalAddress, ws: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int],
           with_flag: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    wg.set_global_buffer(ws)
    zg.set_global_buffer(z)
    if asc.ascend_is_aic():
        base = asc.get_block_idx() * n
        for i in asc.range(n):
            wg.set_value(base + i, xg.get_value(base + i) * 2.0 + 1.0)  # PRODUCER
        if with_flag:  # scalar stores reach GM at the write-back (Ascend C SetValue's page), then the flag
            asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, dst=wg)
            asc.cross_core_set_flag(FLAG, 2, asc.PipeID.PIPE_MTE3)
    else:
        half = n // 2
        off = asc.get_block_idx() * half  # on an AIV: block * 2 + sub-block
        if with_flag:
            asc.cross_core_wait_flag(FLAG, 2, asc.PipeID.PIPE_S)
        wl = asc.LocalTensor(asc.float32, VECIN, 0, half)
        xl = asc.LocalTensor(asc.float32, VECIN, half * 4, half)
        zl = asc.LocalTensor(asc.float32, VECOUT, half * 8, half)
        asc.data_copy(wl, wg[off:], half)  # CONSUMER
        asc.data_copy(xl, xg[off:], half)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(zl, wl, xl, half)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(zg[off:], zl, half)


def run_mix(blocks=4, n=64, with_flag=True, **kw):
    rng = np.random.default_rng(5)
    x = rng.integers(-50, 50, blocks * n).astype(np.float32)
    ws = np.zeros_like(x)
    z = np.zeros_like(x)
    mix_pc[blocks](x, ws, z, n, with_flag, **kw)
    return x, ws, z


def test_mix_producer_consumer_matches_numpy():
    # n: the AIC's producer loop outlasts the AIVs' late start in a MIX launch (hw.def MIX_START), so
    # the AIVs do wait for its flag
    x, ws, z = run_mix(n=1024)
    rep = rt.last_report()
    clean(rep)
    np.testing.assert_array_equal(ws, 2 * x + 1)
    np.testing.assert_array_equal(z, 3 * x + 1)
    # one AIC and two AIVs per block, on one timeline; the AIVs waited for the AIC's scalar loop
    kinds = [c["kind"] for c in rep["cores"]]
    assert kinds == ["AIC", "AIV", "AIV"] * 4
    aic, aiv = rep["cores"][0], rep["cores"][1]
    assert aiv["blocked"]["PIPE_S"] > 0 and aic["busy"].get("PIPE_V", 0) == 0


def test_mix_without_flag_is_a_cross_core_race_naming_both_lines():
    with pytest.raises(asc.KernelError) as ei:
        run_mix(with_flag=False)
    msg = str(ei.value)
    assert "cross-core race on GM array 'ws'" in msg
    assert f"test_xcore.py:{line_of(mix_pc, '# PRODUCER')}" in msg
    assert f"test_xcore.py:{line_of(mix_pc, '# CONSUMER')}" in msg
    assert "block 0 AIC" in msg and "block 0 AIV0" in msg


# ---- multi-block reduction through GM: atomic add, sync_all ----
@asc.jit
def reduce_kernel(x: asc.GlobalAddress, acc: asc.GlobalAddress, res: asc.GlobalAddress, n: asc.ConstExpr[int],
                  with_sync: asc.ConstExpr[bool]):
    b = asc.get_block_idx()
    xg = asc.GlobalTensor()
    ag = asc.GlobalTensor()
    rg = asc.GlobalTensor()
    xg.set_global_buffer(x + b * n, n)
    ag.set_global_buffer(acc, 8)
    rg.set_global_buffer(res, 8)
    xl = asc.LocalTensor(asc.float32, VECIN, 0, n)
    tl = asc.LocalTensor(asc.float32, VECCALC, n * 4, n)
    sl = asc.LocalTensor(asc.float32, VECOUT, n * 8, 8)
    asc.data_copy(xl, xg, n)
    asc.duplicate(sl, 0.0, 8)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.reduce_sum(sl, xl, tl, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.set_atomic_add(asc.float32)
    asc.data_copy(ag, sl, 8)  # ATOMIC
    asc.set_atomic_none()
    if with_sync:
        asc.sync_all()
    else:
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)  # orders this core's own pipes, not the cores
    if b == 0:
        ml = asc.LocalTensor(asc.float32, VECIN, n * 8 + 32, 8)
        asc.data_copy(ml, ag, 8)  # READBACK
        asc.set_flag(asc.HardEvent.MTE2_V, 1)
        asc.wait_flag(asc.HardEvent.MTE2_V, 1)
        ol = asc.LocalTensor(asc.float32, VECOUT, n * 8 + 64, 8)
        asc.muls(ol, ml, 0.5, 8)
        asc.set_flag(asc.HardEvent.V_MTE3, 1)
        asc.wait_flag(asc.HardEvent.V_MTE3, 1)
        asc.data_copy(rg, ol, 8)


def run_reduce(blocks=8, n=256, with_sync=True, **kw):
    rng = np.random.default_rng(7)
    x = rng.integers(-8, 9, blocks * n).astype(np.float32)  # integers: every sum order is exact
    acc = np.zeros(8, np.float32)
    res = np.zeros(8, np.float32)
    reduce_kernel[blocks](x, acc, res, n, with_sync, **kw)
    return x, acc, res


def test_reduction_atomic_add_and_sync_all_matches_numpy():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # verify-sync knows sync_all waits for every pipe: no S001
        x, acc, res = run_reduce()
    clean(rt.last_report())
    assert acc[0] == x.sum() and (acc[1:] == 0).all()
    assert res[0] == x.sum() / 2


def test_reduction_without_sync_all_is_a_cross_core_race():
    with pytest.raises(asc.KernelError) as ei:
        run_reduce(with_sync=False)
    msg = str(ei.value)
    assert "cross-core race on GM array 'acc'" in msg
    assert f"test_xcore.py:{line_of(reduce_kernel, '# ATOMIC')}" in msg
    assert f"test_xcore.py:{line_of(reduce_kernel, '# READBACK')}" in msg


@pytest.mark.parametrize("threads", [1, 2, 5])
def test_results_and_reports_do_not_depend_on_host_threads(threads):
    x, acc, res = run_reduce(sim_threads=threads)
    rep = rt.last_report()
    clean(rep)
    assert acc[0] == x.sum()
    base = run_reduce(sim_threads=1)
    assert rt.last_report()["cycles"] == rep["cycles"]
    os.environ["ASC_SIM_THREADS"] = str(threads)
    try:
        with pytest.raises(asc.KernelError) as ei:
            run_reduce(with_sync=False)
    finally:
        del os.environ["ASC_SIM_THREADS"]
    assert "cross-core race" in str(ei.value)
    del base


# ---- deadlock ----
@asc.jit
def never_set(x: asc.GlobalAddress):
    if asc.ascend_is_aic():
        asc.cross_core_wait_flag(5, 2, asc.PipeID.PIPE_S)  # WAITS
    else:
        asc.cross_core_wait_flag(6, 2, asc.PipeID.PIPE_S)


def test_wait_never_set_is_a_deadlock_report_in_under_a_second():
    x = np.zeros(8, np.float32)
    t0 = time.perf_counter()
    with pytest.raises(asc.KernelError) as ei:
        never_set[2](x)
    assert time.perf_counter() - t0 < 1.0
    msg = str(ei.value)
    assert "deadlock: a cross-core wait can never be satisfied" in msg
    assert "block 0 AIC: PIPE_S is blocked at asc.cross_core_wait_flag" in msg
    assert "block 0 AIV1: PIPE_S is blocked" in msg
    assert f"test_xcore.py:{line_of(never_set, '# WAITS')}" in msg


# ---- core ids per kind ----
def test_core_ids_per_kind():
    @asc.jit
    def ids(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        k = asc.get_block_idx() * 3 + asc.get_sub_block_idx().cast(asc.int32)  # AIC: block; AIV: 2 b + s
        if asc.ascend_is_aic():
            g.set_value(k * 4, 100 + asc.get_block_idx())
            g.set_value(k * 4 + 1, asc.get_block_num())
            g.set_value(k * 4 + 2, asc.get_task_ratio().cast(asc.int32))
            g.set_value(k * 4 + 3, asc.get_sub_block_num().cast(asc.int32))
        else:
            g.set_value(64 + asc.get_block_idx() * 4, asc.get_block_idx())
            g.set_value(64 + asc.get_block_idx() * 4 + 1, asc.get_sub_block_idx().cast(asc.int32))
            g.set_value(64 + asc.get_block_idx() * 4 + 2, asc.get_task_ratio().cast(asc.int32))
            g.set_value(64 + asc.get_block_idx() * 4 + 3, asc.ascend_is_aiv().cast(asc.int32))

    out = np.full(64 + 4 * 4, -1, np.int32)
    ids[2](out)
    clean(rt.last_report())
    aic = out[:64].reshape(16, 4)
    assert list(aic[0]) == [100, 2, 1, 1] and list(aic[3]) == [101, 2, 1, 1]
    aiv = out[64:].reshape(4, 4)
    assert [list(r) for r in aiv] == [[0, 0, 2, 1], [1, 1, 2, 1], [2, 0, 2, 1], [3, 1, 2, 1]]


def test_store_atomic_config_round_trip():
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_S32, asc.AtomicOp.ATOMIC_SUM)
        t, o = asc.get_store_atomic_config()
        g.set_value(0, t)
        g.set_value(1, o)
        asc.set_atomic_none()
        t2, o2 = asc.get_store_atomic_config()
        g.set_value(2, t2)

    out = np.full(8, -1, np.int32)
    k[1](out)
    assert list(out[:3]) == [4, 0, 0]


# ---- the outside probe: block 1 reads what block 0 writes, nothing orders them ----
@asc.jit
def probe(z: asc.GlobalAddress, out: asc.GlobalAddress):
    zg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    zg.set_global_buffer(z)
    og.set_global_buffer(out)
    b = asc.get_block_idx()
    if b == 0:
        zg.set_value(0, 42.0)  # WRITER
    else:
        og.set_value(0, zg.get_value(0))  # READER


def test_gm_read_after_write_between_blocks_is_reported():
    z, out = np.zeros(8, np.float32), np.zeros(8, np.float32)
    with pytest.raises(asc.KernelError) as ei:
        probe[2](z, out)
    msg = str(ei.value)
    assert "cross-core race on GM array 'z' bytes [0, 4)" in msg
    assert f"block 0 writes them at {HERE}:{line_of(probe, '# WRITER')}" in msg
    assert f"block 1 reads them at {HERE}:{line_of(probe, '# READER')}" in msg


def test_disjoint_blocks_report_nothing():
    """Blocks that read shared inputs and write their own slices are not races."""
    x = np.arange(16, dtype=np.float32)
    z = np.zeros(8, np.float32)

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        b = asc.get_block_idx()
        zg.set_value(b, xg.get_value(0) + xg.get_value(b))  # every block reads x[0]

    k[8](x, z)
    clean(rt.last_report())
    np.testing.assert_array_equal(z, x[:8] + x[0])


# ---- the other cross-core forms ----
@asc.jit
def chain_kernel(x: asc.GlobalAddress, ws: asc.GlobalAddress, form: asc.ConstExpr[str]):
    """Block b adds x[b] into x[b + 1] after block b - 1 has done so: a chain through GM that
    only the handshake orders (ib_set/ib_wait, notify_next_block/wait_pre_block)."""
    xg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    wg.set_global_buffer(ws)
    ub = asc.LocalTensor(asc.int32, VECCALC, 0, 8)
    b = asc.get_block_idx()
    if form == "ib":
        if b > 0:
            asc.ib_wait(wg, ub, b - 1, 0)
    elif form == "pre":
        asc.wait_pre_block(wg, ub)
    xg.set_value(b + 1, xg.get_value(b + 1) + xg.get_value(b))
    if form == "ib":
        asc.ib_set(wg, ub, b, 0)
    elif form == "pre":
        asc.notify_next_block(wg, ub)


@pytest.mark.parametrize("form", ["ib", "pre"])
def test_workspace_handshakes_order_a_chain(form):
    x = np.arange(1, 10, dtype=np.float32)
    ws = np.zeros(8 * 8 * 2, np.int32)
    chain_kernel[8](x, ws, form)
    clean(rt.last_report())
    np.testing.assert_array_equal(x, np.cumsum(np.arange(1, 10, dtype=np.float32)))


def test_chain_without_handshake_is_a_race():
    x = np.arange(1, 10, dtype=np.float32)
    with pytest.raises(asc.KernelError, match="cross-core race on GM array 'x'"):
        chain_kernel[8](x, np.zeros(128, np.int32), "none")


@asc.jit
def mode01_kernel(out: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    """Each core writes its slot, synchronizes (mode 0: every AIV; mode 1: the block's two AIVs),
    then reads its partner's slot."""
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    if asc.ascend_is_aiv():
        me = asc.get_block_idx()
        og.set_value(me, me * 10 + 1)
        asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, dst=og)
        asc.cross_core_set_flag(1, mode, asc.PipeID.PIPE_MTE3)
        asc.cross_core_wait_flag(1, mode, asc.PipeID.PIPE_S)
        og.set_value(32 + me, og.get_value(me ^ 1))


@pytest.mark.parametrize("mode", [0, 1])
def test_cross_core_modes_0_and_1(mode):
    out = np.zeros(64, np.int32)
    # mode 1 needs a MIX kernel; mode 0 runs on every AIV of an AIV_ONLY launch as well
    mode01_kernel[3](out, mode, kernel_type=7 if mode == 1 else None)
    clean(rt.last_report())
    if mode == 1:  # 3 blocks of two AIVs each: every AIV reads its partner's slot
        np.testing.assert_array_equal(out[:6], np.arange(6) * 10 + 1)
        np.testing.assert_array_equal(out[32:38], (np.arange(6) ^ 1) * 10 + 1)
    else:  # 3 AIVs: 0 and 1 swap, 2 reads slot 3, which nobody writes
        np.testing.assert_array_equal(out[:3], [1, 11, 21])
        np.testing.assert_array_equal(out[32:35], [11, 1, 0])


def test_sync_all_soft_form():
    @asc.jit
    def k(x: asc.GlobalAddress, ws: asc.GlobalAddress, out: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        wg = asc.GlobalTensor()
        og = asc.GlobalTensor()
        xg.set_global_buffer(x)
        wg.set_global_buffer(ws)
        og.set_global_buffer(out)
        ub = asc.LocalTensor(asc.int32, VECCALC, 0, 8)
        b = asc.get_block_idx()
        xg.set_value(b, (b + 1) * 3.0)
        asc.sync_all(wg, ub, 0)
        og.set_value(b, xg.get_value((b + 1) % 4))

    x, ws, out = np.zeros(4, np.float32), np.zeros(4 * 8, np.int32), np.zeros(4, np.float32)
    k[4](x, ws, out)
    clean(rt.last_report())
    np.testing.assert_array_equal(out, [6, 9, 12, 3])


@pytest.mark.parametrize("op,expect", [("max", np.maximum), ("min", np.minimum)])
def test_atomic_max_min(op, expect):
    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress, which: asc.ConstExpr[str]):
        b = asc.get_block_idx()
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x + b * 8, 8)
        zg.set_global_buffer(z, 8)
        xl = asc.LocalTensor(asc.int32, VECIN, 0, 8)
        asc.data_copy(xl, xg, 8)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        if which == "max":
            asc.set_atomic_max(asc.int32)
        else:
            asc.set_atomic_min(asc.int32)
        asc.data_copy(zg, xl, 8)
        asc.set_atomic_none()

    rng = np.random.default_rng(3)
    x = rng.integers(-100, 100, 4 * 8).astype(np.int32)
    z = np.zeros(8, np.int32)
    k[4](x, z, op)
    clean(rt.last_report())
    np.testing.assert_array_equal(z, expect.reduce(np.vstack([np.zeros(8, np.int32), x.reshape(4, 8)]), axis=0))


def test_cube_only_kernel_runs_on_the_aic_cores():
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(asc.get_block_idx(), asc.ascend_is_aic().cast(asc.int32) * 100 + asc.get_block_idx())

    out = np.zeros(30, np.int32)
    k[30](out, matmul_cube_only=True)  # pyasc's option: AIC_ONLY
    rep = rt.last_report()
    clean(rep)
    np.testing.assert_array_equal(out, 100 + np.arange(30))
    assert len(rep["cores"]) == 24 and {c["kind"] for c in rep["cores"]} == {"AIC"}  # Ascend910B1: 24 AIC
    assert sum(c["blocks"] for c in rep["cores"]) == 30  # in two waves


def test_events_per_core_kind():
    @asc.jit
    def k(x: asc.GlobalAddress, both: asc.ConstExpr[bool]):
        if asc.ascend_is_aic():
            asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)  # an AIC event
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        else:
            asc.set_flag(asc.HardEvent.MTE2_V, 0)
            asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        if both:
            asc.set_flag(asc.HardEvent.MTE2_MTE1, 1)  # BOTH: the AIVs have no MTE1
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, 1)

    x = np.zeros(8, np.float32)
    k[2](x, False, verify_sync=True)  # verify-sync sees a MIX kernel: no S007 for either branch
    clean(rt.last_report())
    with pytest.raises(asc.KernelError) as ei:
        k[2](x, True)
    assert "event MTE2_MTE1 is not valid on an AIV core (it has PIPE_S, PIPE_V, PIPE_MTE2 and PIPE_MTE3)" in str(ei.value)
    assert f"test_xcore.py:{line_of(k, '# BOTH')}" in str(ei.value) and "(block 0 AIV0)" in str(ei.value)


# ---- groups in the in-order commit of launch.c (main's profiling, watchdog and every finding) ----
def test_mix_launch_profile_and_top_lines(tmp_path):
    """A MIX launch's cores are committed like blocks: per-line costs (the report's top lines)
    and the profile directory cover every core; the producer's loop is the costliest line."""
    x, ws, z = run_mix(profile=str(tmp_path))
    rep = rt.last_report()
    clean(rep)
    np.testing.assert_array_equal(z, 3 * x + 1)
    for f in ("OpBasicInfo.csv", "PipeUtilization.csv", "trace.json", "timeline.html"):
        assert (tmp_path / f).stat().st_size > 0, f
    lines = {t["line"] for t in rep["lines"]}
    assert line_of(mix_pc, "# PRODUCER") in lines and line_of(mix_pc, "# CONSUMER") in lines


def test_mix_launch_watchdog_names_the_loop():
    with pytest.raises(asc.KernelError) as ei:
        run_mix(n=64, max_instructions=50)
    msg = str(ei.value)
    assert "watchdog" in msg and f"test_xcore.py:{line_of(mix_pc, 'for i in asc.range(n)')}" in msg
