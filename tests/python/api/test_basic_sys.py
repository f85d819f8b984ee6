"""System entries of asc.language.basic, from their pages: get_block_idx, get_block_num,
get_sub_block_idx, get_task_ratio, get_data_block_size_in_bytes, get_program_counter,
get_system_cycle, get_sys_workspace, get_icache_preload_status, icache_preload, data_cache_preload,
data_cache_clean_and_invalid, init_soc_state, trap, check_local_memory_ia, metrics_prof_start,
metrics_prof_stop, get_hccl_context, set_hccl_context, printf, print_time_stamp, dump_tensor,
dump_acc_chk_point."""
import re

import numpy as np
import pytest

import asc
from asc.runtime import config
from kit import api, data, same


def gm(out):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    return g


# ---- block ids ---------------------------------------------------------------------------------------------------
@api("get_block_idx", "get_block_num")
def test_block_idx_and_num():
    """The page's example offsets each block's buffer by get_block_idx() * single_core_offset; every block
    writes its index and the block count (loop_size = total // get_block_num())."""
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out + asc.get_block_idx() * 8)
        g.set_value(0, asc.get_block_idx())
        g.set_value(1, asc.get_block_num())
        g.set_value(2, 48 // asc.get_block_num())
    out = np.full(4 * 8, -1, np.int64)
    k[4](out)
    rows = out.reshape(4, 8)
    assert rows[:, 0].tolist() == [0, 1, 2, 3]
    assert rows[:, 1].tolist() == [4] * 4 and rows[:, 2].tolist() == [12] * 4


@api("get_sub_block_idx", "get_task_ratio")
@pytest.mark.parametrize("ktype,aiv_ratio,aic_ratio", [("AIV_ONLY", 1, None), ("AIC_ONLY", None, 1),
                                                        ("MIX_AIC_1_2", 2, 1), ("MIX_AIC_1_1", 1, 1)])
def test_sub_block_idx_and_task_ratio(ktype, aiv_ratio, aic_ratio):
    """get_task_ratio's table (separated mode): AIV_ONLY 1 on AIV, AIC_ONLY 1 on AIC, MIX_AIC_1_2 2 on AIV and
    1 on AIC, MIX_AIC_1_1 1 and 1; get_sub_block_idx numbers the vector cores of one AI core from 0."""
    @asc.jit(kernel_type=getattr(config.KernelType, ktype))
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        if asc.ascend_is_aic():
            g.set_value(0, asc.get_task_ratio())
        else:
            s = asc.get_sub_block_idx()
            g.set_value(8 + s, asc.get_task_ratio())
            g.set_value(16 + s, s + 100)
    out = np.full(24, -1, np.int64)
    k[1](out)
    if aic_ratio is not None:
        assert out[0] == aic_ratio
    if aiv_ratio is not None:
        assert out[8:8 + aiv_ratio].tolist() == [aiv_ratio] * aiv_ratio
        assert out[16:16 + aiv_ratio].tolist() == [100 + s for s in range(aiv_ratio)]


@api("get_data_block_size_in_bytes")
def test_data_block_size():
    """32 bytes on the Atlas A2; the page: used to derive repeat / stride arguments."""
    @asc.jit
    def k(out: asc.GlobalAddress):
        gm(out).set_value(0, asc.get_data_block_size_in_bytes())
        gm(out).set_value(1, 256 // asc.get_data_block_size_in_bytes())
    out = np.zeros(4, np.int64)
    k[1](out)
    assert out[:2].tolist() == [32, 8]


# ---- counters ----------------------------------------------------------------------------------------------------
@api("get_program_counter", "get_system_cycle")
def test_program_counter_and_cycles_advance():
    """get_program_counter gives where the program is: it grows along it; get_system_cycle counts
    cycles (time = cycles / 50 us): it does not go back, and grows over vector work."""
    @asc.jit
    def k(x: asc.GlobalAddress, out: asc.GlobalAddress):
        g = gm(out)
        pc0 = asc.get_program_counter()
        c0 = asc.get_system_cycle()
        xg = gm(x)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf=buf, num=4096)
        t = buf.get(asc.float32)
        asc.data_copy(t, xg, 1024)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        for _ in range(4):
            asc.exp(t, t, 1024)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        c1 = asc.get_system_cycle()
        pc1 = asc.get_program_counter()
        g.set_value(0, pc0)
        g.set_value(1, pc1)
        g.set_value(2, c0)
        g.set_value(3, c1)
    out = np.zeros(4, np.int64)
    k[1](np.zeros(1024, np.float32), out)
    assert out[1] > out[0] >= 0
    assert out[3] > out[2] >= 0


# ---- workspace / hccl context ---------------------------------------------------------------------------------
@asc.jit
def via_pointer_kernel(x: asc.GlobalAddress, a: asc.GlobalAddress, b: asc.GlobalAddress, which: asc.ConstExpr):
    """32 bytes of x copied (through UB) to the GM pointer which() returns."""
    xg = gm(x)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=32)
    t = buf.get(asc.uint8)
    asc.data_copy(t, xg, 32)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    dst = asc.GlobalTensor()
    dst.set_global_buffer(which(a, b))
    asc.data_copy(dst, t, 32)


def via_pointer(which):
    x = np.arange(32, dtype=np.uint8) + 40
    a, b = np.zeros(32, np.uint8), np.zeros(32, np.uint8)
    via_pointer_kernel[1](x, a, b, which)
    return x, a, b


@api("get_sys_workspace")
def test_sys_workspace_holds_the_set_pointer():
    """get_sys_workspace returns the system workspace pointer (set here with set_sys_workspace, pyasc's
    core API): data copied through it lands in the array given."""
    def which(a, b):
        asc.set_sys_workspace(b)
        return asc.get_sys_workspace()
    x, a, b = via_pointer(which)
    same(b, x)
    assert not a.any()


@api("set_hccl_context", "get_hccl_context")
@pytest.mark.parametrize("index", [0, 1])
def test_hccl_context_round_trip(index):
    """set_hccl_context(index, context) for both domains, then get_hccl_context(index) returns that address."""
    def which(a, b):
        asc.set_hccl_context(0, a)
        asc.set_hccl_context(1, b)
        return asc.get_hccl_context(index)
    x, a, b = via_pointer(which)
    same(a if index == 0 else b, x)
    assert not (b if index == 0 else a).any()


# ---- caches and prefetches: no change of results ------------------------------------------------------------
@api("icache_preload", "get_icache_preload_status", "data_cache_preload", "data_cache_clean_and_invalid")
def test_cache_operations_keep_results():
    """The pages' calls (icache_preload(2); the status 0 idle / 1 busy; data_cache_preload(src, 0);
    data_cache_clean_and_invalid in both forms): GM data read and written around them is unchanged."""
    @asc.jit
    def k(x: asc.GlobalAddress, out: asc.GlobalAddress):
        xg = gm(x)
        og = gm(out)
        asc.icache_preload(2)
        og.set_value(0, asc.get_icache_preload_status())
        asc.data_cache_preload(src=xg, cache_offset=0)
        og.set_value(1, xg.get_value(5))
        og.set_value(2, 99)
        asc.data_cache_clean_and_invalid(entire_type=asc.CacheLine.SINGLE_CACHE_LINE, dcci_dst=asc.DcciDst.CACHELINE_OUT,
                                         dst=og)
        asc.data_cache_clean_and_invalid(entire_type=asc.CacheLine.ENTIRE_DATA_CACHE, dst=og)
        og.set_value(3, og.get_value(2) + xg.get_value(6))
    x = np.arange(16, dtype=np.int64) * 3
    out = np.full(8, -1, np.int64)
    k[1](x, out)
    assert out[0] in (0, 1)
    assert out[1:4].tolist() == [15, 99, 99 + 18]


# ---- init_soc_state ------------------------------------------------------------------------------------------
@asc.jit
def soc_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, before: asc.ConstExpr):
    xg, zg = gm(x), gm(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, xg, 256)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    before()
    asc.init_soc_state()
    asc.adds(t, t, 1.0, asc.MASK_PLACEHOLDER, 4, asc.UnaryRepeatParams(), is_set_mask=False)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, t, 256)


@api("init_soc_state")
def test_init_soc_state_resets_atomic_and_mask():
    """The page: AI Core state such as the atomic mode and the mask mode may be left by earlier code;
    init_soc_state initializes it (the A2 implementation: no atomic, Normal mask mode, all lanes).
    After set_atomic_add, set_mask_count and a 3-element counter mask, the store is plain and a
    4-repeat adds covers all 256 elements."""
    x = data(256, "float32", -10, 10, 1)
    z0 = np.full(256, 1000, np.float32)

    def before():
        asc.set_atomic_add(asc.float32)
        asc.set_mask_count()
        asc.set_vector_mask(3, dtype=asc.float32, mode=asc.MaskMode.COUNTER)
    z = z0.copy()
    soc_kernel[1](x, z, before)
    same(z, x + np.float32(1))


# ---- trap / check_local_memory_ia ------------------------------------------------------------------------------
@api("trap")
def test_trap_stops_the_kernel():
    """The page: trap interrupts the AI Core (an assert on the CPU): the launch fails at its line and
    nothing after it runs."""
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = gm(out)
        g.set_value(0, 1)
        asc.trap()
        g.set_value(1, 2)
    out = np.zeros(4, np.int32)
    with pytest.raises(asc.KernelError, match="trap"):
        k[1](out)
    assert out[1] == 0


@asc.jit
def ia_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, enable: asc.ConstExpr[bool], lo: asc.ConstExpr[int],
              hi: asc.ConstExpr[int]):
    xg, zg = gm(x), gm(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, xg, 256)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    base = t.get_phy_addr() // 32
    asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(enable_bit=1, start_addr=base + lo, end_addr=base + hi,
                                                          is_vector_write=True, is_enable=enable))
    asc.adds(t, t, 1.0, 64)
    asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(enable_bit=1))  # the page: reset after use
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, t, 256)


@api("check_local_memory_ia")
@pytest.mark.parametrize("enable,lo,hi,hits", [(True, 3, 5, True), (True, 7, 20, False), (False, 3, 5, False),
                                               (True, 0, 1, True)])
def test_check_local_memory_ia(enable, lo, hi, hits):
    """Vector writes into the checked range (start, end] (32-byte blocks) raise the exception; a range past
    the written 256 bytes, or is_enable False, does not; the page's default CheckLocalMemoryIAParam()
    checks nothing."""
    x = data(256, "float32", -10, 10, 2)
    z = np.zeros(256, np.float32)
    if hits:
        with pytest.raises(asc.KernelError, match="EXCEPTION"):
            ia_kernel[1](x, z, enable, lo, hi)
    else:
        ia_kernel[1](x, z, enable, lo, hi)
        same(z[:64], x[:64] + np.float32(1))


# ---- profiling marks -------------------------------------------------------------------------------------------
@api("metrics_prof_start", "metrics_prof_stop")
def test_metrics_prof_region_keeps_results():
    @asc.jit
    def k(x: asc.GlobalAddress, out: asc.GlobalAddress):
        asc.metrics_prof_start()
        gm(out).set_value(0, gm(x).get_value(1) * 2)
        asc.metrics_prof_stop()
    out = np.zeros(4, np.int32)
    k[1](np.array([1, 21, 3, 4], np.int32), out)
    assert out[0] == 42


# ---- printing ------------------------------------------------------------------------------------------------------
@api("printf")
def test_printf_page_examples(capfd):
    """The page's examples: '%d' of 10 and '%f' of 3.14 (C printf: 3.140000)."""
    @asc.jit
    def k(v: int, f: float):
        asc.printf("%d", v)
        asc.printf("\n")
        asc.printf("%f", f)
        asc.printf("\n")
    k[1](10, 3.14)
    out = capfd.readouterr().out
    assert "10\n3.140000\n" in out


@api("printf")
def test_printf_conversions(capfd):
    @asc.jit
    def k(v: int):
        asc.printf("[%5d|%-4d|%x|%c|%s|%.2f]\n", v, -v, 255, 65, "ok", 2.0 / 3.0)
    k[1](42)
    assert "[   42|-42 |ff|A|ok|0.67]\n" in capfd.readouterr().out


@api("print_time_stamp")
def test_print_time_stamp(capfd):
    """The page's example id 65577: the printed line carries the id, a cycle count and a pc value."""
    @asc.jit
    def k():
        asc.print_time_stamp(65577)
    k[1]()
    out = capfd.readouterr().out
    assert re.search(r"65577\D.*\d", out)


@api("dump_tensor")
def test_dump_tensor(capfd):
    """The page's examples: dump_tensor(local, 5, size) and dump_tensor(gm, 2, 64, ShapeInfo()): the dumped
    values and the desc appear."""
    @asc.jit
    def k(x: asc.GlobalAddress):
        xg = gm(x)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf=buf, num=256)
        t = buf.get(asc.int32)
        asc.data_copy(t, xg, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.dump_tensor(t, 5, 6)
        asc.dump_tensor(xg, 2, 4, asc.ShapeInfo())
    x = np.arange(64, dtype=np.int32) * 7 - 3
    k[1](x)
    out = capfd.readouterr().out
    assert "desc=5" in out and "desc=2" in out
    assert "[" + ", ".join(str(v) for v in x[:6]) + "]" in out
    assert ", ".join(str(v) for v in x[:4]) in out


@api("dump_acc_chk_point")
def test_dump_acc_chk_point(capfd):
    """dump_acc_chk_point(tensor, index, count_off, dump_size): dump_size elements from count_off on (the pyasc
    page: it dumps from an offset of the tensor; the Ascend C page names count_off the element offset and
    index the user's number), for a local and a global tensor as in the page's example."""
    @asc.jit
    def k(x: asc.GlobalAddress):
        xg = gm(x)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf=buf, num=256)
        t = buf.get(asc.int32)
        asc.data_copy(t, xg, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.dump_acc_chk_point(tensor=t, index=0, count_off=8, dump_size=5)
        asc.dump_acc_chk_point(tensor=xg, index=77, count_off=1, dump_size=5)
    x = np.arange(64, dtype=np.int32) * 10
    k[1](x)
    out = capfd.readouterr().out
    assert "[" + ", ".join(str(v) for v in x[8:13]) + "]" in out
    assert "[" + ", ".join(str(v) for v in x[1:6]) + "]" in out
    assert "desc=77" in out
