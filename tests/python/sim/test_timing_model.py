"""Issue 27: the timing mechanisms, checked against the documents they come from (docs/timing.md).

* UB bank conflicts: the Ascend C device kit's bank_conflict_ub README states the UB structure (16 bank
  groups of 3 banks; group = address bits 8:5, bank = bits 17:16), that two reads meeting in a group take
  turns, that a read and a write meeting in a bank take turns, and that the hardware writes a repeat's
  result one repeat later.  From that alone: which of its eight scenarios conflict, and by how many repeats.
* get_system_cycle counts a 50 MHz system counter on A2/A3 (Ascend C GetSystemCycle page), not core cycles.
* UB writes: a bank group takes one write a beat (bank_conflict_nd2nz README: write-write conflicts).
* L2: data read again while it is in the L2 costs less than the first read; a sweep larger than the L2
  gains nothing; cores reading the same lines share the fills (one L2 for the cores of a wave, the cores of
  MIX blocks too, whose AIVs still wait for their AIC's cross-core flag), unless
  the kernel sets CACHE_MODE_DISABLE; a write past the L2 goes at HBM's write rate (about 1.8 TB/s,
  data_copy README) and no slower; the times do not depend on the host threads.
* GM reads move in 512-byte aligned units on A2 / A3 (data_copy README: keep rows 512-byte aligned): a row
  of a multi-row read whose start is off the 32-byte block grid and that spans one more unit than its length
  needs pays that unit's 512 bytes too; aligned rows, rows on the block grid, rows that stay inside their
  units and writes pay their bytes only (docs/timing.md "GM read units").
* Scalar time is msprof's ai*_scalar_time: the scalar unit's own work, never its waits (ADDPERF A1); an AIV
  counts its start-up in it and its scalar work stretches with the other AIVs of the wave (core_start,
  scalar_load_pct: ADDPERF A2 + A3).
* A core's port order: a copy-out released in the same cycle as the next copy-in goes serially, its MTE3 busy
  its bytes at the write channel's rate; one that arrives while a younger copy-in is under way (double
  buffering) is busy gm_drain cycles longer, and the copy-in resumes after it (ADDPERF A3 / A4)."""
import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

N = 4096  # float: 64 repeats of 256 bytes


@asc.jit(auto_sync=False, sanitize=False)
def add_at(x: asc.GlobalAddress, z: asc.GlobalAddress, ticks: asc.GlobalAddress, ax: asc.ConstExpr[int],
           ay: asc.ConstExpr[int], az: asc.ConstExpr[int], s0blk: asc.ConstExpr[int], s0rep: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    tg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    tg.set_global_buffer(ticks)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, ax, N)
    yl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, ay, N)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, az, N)
    asc.data_copy(xl, xg, N)
    asc.data_copy(yl, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V)
    asc.wait_flag(asc.HardEvent.MTE2_V)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    t0 = asc.get_system_cycle()
    asc.add(zl, xl, yl, 64, N // 64, asc.BinaryRepeatParams(1, s0blk, 1, 8, s0rep, 8))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    t1 = asc.get_system_cycle()
    tg.set_value(0, t1 - t0)
    asc.set_flag(asc.HardEvent.V_MTE3)
    asc.wait_flag(asc.HardEvent.V_MTE3)
    asc.data_copy(zg, zl, N)


def vec_cycles(ax, ay, az, s0blk=1, s0rep=8):
    t = np.zeros(2, np.int64)
    add_at[1](np.ones(N, np.float32), np.zeros(N, np.float32), t, ax, ay, az, s0blk, s0rep)
    rep = rt.last_report()
    return rep["cores"][0]["busy"]["PIPE_V"], int(t[0]), rep["mhz"]


def test_bank_conflicts_follow_the_device_kits_bank_model():
    base, _, _ = vec_cycles(0x0, 0x10100, 0x20000)  # scenario 1: groups 0-7 / 8-15, three banks
    # no conflict: dst in src0's bank but written a repeat later (4), dst = src1 (6), src0 one block
    # alternating with src1's half (8)
    assert vec_cycles(0x0, 0x10100, 0x4000)[0] == base
    assert vec_cycles(0x0, 0x10100, 0x10100)[0] == base
    assert vec_cycles(0x0, 0x10100, 0x10100, 0, 8)[0] == base
    # read-read: both sources in groups 0-7 every repeat (same bank: 2, same group: 3): one more cycle
    # per repeat
    assert vec_cycles(0x0, 0x4000, 0x10000)[0] == base + 64
    assert vec_cycles(0x0, 0x10000, 0x14100)[0] == base + 64
    # read-write: dst one group on (5) meets src0 in one bank of every repeat
    assert vec_cycles(0x0, 0x10100, 0x4020)[0] == base + 63  # repeat 0 has no earlier write
    # src0 walks the groups one block per repeat (7): it meets src1's 8 groups in half the repeats
    assert vec_cycles(0x0, 0x10100, 0x10100, 0, 1)[0] == base + 32


@asc.jit(auto_sync=False, sanitize=False)
def copy_cols(x: asc.GlobalAddress, dst_stride: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 128 * 144)
    dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 65536, 8 * 16 * 160)
    asc.data_copy(src, xg, 128 * 144)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    # a row of 8 blocks per repeat into 8 columns dst_stride blocks apart (bank_conflict_nd2nz's ND -> NZ)
    asc.copy(dst, src, 128, 144, asc.CopyRepeatParams(dst_stride=dst_stride, src_stride=1, dst_repeat_size=1,
                                                      src_repeat_size=8))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_writes_into_one_bank_group_take_turns():
    # bank_conflict_nd2nz README: a bank group takes one write a beat; columns 144 blocks apart (a multiple
    # of 16) put a repeat's 8 written blocks in one group, 145 apart in 8 groups
    cyc = {}
    for stride in (144, 145):
        copy_cols[1](np.zeros(128 * 144, np.float16), stride)
        cyc[stride] = rt.last_report()["cores"][0]["busy"]["PIPE_V"]
    assert cyc[144] - cyc[145] == 7 * 144  # 8 cycles a repeat instead of 1, the last write's included


def test_system_counter_runs_at_50_mhz():
    cyc, ticks, mhz = vec_cycles(0x0, 0x4000, 0x10000)
    assert abs(ticks - cyc * 50 / mhz) <= 2  # the Add and the barriers around it, in 50 MHz ticks
    assert ticks < cyc / 10


@asc.jit(auto_sync=False, sanitize=False)
def read_twice(x: asc.GlobalAddress, n: asc.ConstExpr[int], passes: asc.ConstExpr[int], own: asc.ConstExpr[int],
               bypass: asc.ConstExpr[int]):  # bypass: the CacheMode set, 0: none
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    if bypass == 1:
        xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    if bypass == 4:
        xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_PERSISTENT)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 8192)
    base = asc.get_block_idx() * n * own  # own: each core its n floats; else all the same n
    for _ in range(passes):
        for i in range(n // 8192):
            asc.data_copy(ub, xg[base + i * 8192:], 8192)
            asc.pipe_barrier(asc.PipeID.PIPE_MTE2)


def mte2(n, passes, own=1, bypass=0, core=0):
    read_twice[48](np.zeros(n * 48, np.float32), n, passes, own, bypass)
    return rt.last_report()["cores"][core]["busy"]["PIPE_MTE2"]


def test_l2_makes_a_second_read_cheaper_only_when_the_data_fits():
    small = 8192 * 16  # 512 KB a core, 24 MB in all: inside the 192 MB L2
    once, twice = mte2(small, 1), mte2(small, 2)
    assert once < twice < 1.6 * once  # the second pass hits
    big = 8192 * 256  # 8 MB a core, 384 MB in all: an LRU sweep evicts every line before its reuse
    once, twice = mte2(big, 1), mte2(big, 2)
    assert twice >= 1.95 * once


def test_cores_reading_the_same_lines_share_one_l2():
    # 48 cores read the same 512 KB at once: one fill from HBM serves them all and the rest moves at their
    # share of the L2 rate (5.1 TB/s against HBM's 1.49: more than 3x), on every core alike
    n = 8192 * 16
    own, same = mte2(n, 1, own=1), mte2(n, 1, own=0)
    assert same < 0.5 * own
    assert mte2(n, 1, own=0, core=47) == same
    # CACHE_MODE_DISABLE (the device kit's data_copy README, scenarios 7 / 8): every read goes to HBM
    assert mte2(n, 1, own=0, bypass=1) == own
    # CACHE_MODE_PERSISTENT (4): accepted; the device kit's SetL2CacheHint page says the mode is not
    # supported yet (planned for Ascend 950), so the L2 stays as normal
    assert mte2(n, 1, own=0, bypass=4) == same


@asc.jit(auto_sync=False, sanitize=False)
def write_out(z: asc.GlobalAddress, bypass: asc.ConstExpr[int]):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    if bypass:
        zg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 8192)
    base = asc.get_block_idx() * 8192 * 64
    for i in range(64):
        asc.data_copy(zg[base + i * 8192:], ub, 8192)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_a_write_past_the_l2_goes_at_hbms_write_rate():
    # CACHE_MODE_DISABLE on an output: its bytes go to HBM (about 1.8 TB/s for writes: the data_copy README)
    # and not through the L2 as well; 48 cores write 2 MiB each
    write_out[48](np.zeros(48 * 8192 * 64, np.float32), 1)
    rep = rt.last_report()
    us = rep["us"] - rep["launch_cycles"] / rep["mhz"]
    tbps = 48 * 8192 * 64 * 4 / us / 1e6
    assert 1.6 < tbps < 1.9
    write_out[48](np.zeros(48 * 8192 * 64, np.float32), 0)  # into the L2: faster
    assert rt.last_report()["us"] < rep["us"]


def test_shared_l2_times_do_not_depend_on_host_threads(monkeypatch):
    reps = []
    for threads in (1, 3):
        monkeypatch.setenv("ASC_SIM_THREADS", str(threads))
        read_twice[48](np.zeros(8192 * 4 * 48, np.float32), 8192 * 4, 2, 0, 0)
        rep = rt.last_report()
        reps.append((rep["cycles"], [c["busy"] for c in rep["cores"]]))
    assert reps[0] == reps[1]


@asc.jit(auto_sync=False, sanitize=False)
def mix_read(x: asc.GlobalAddress, n: asc.ConstExpr[int], own: asc.ConstExpr[int]):
    # MIX: each block's AIC reads and writes words with its scalar unit, then signals its two AIVs (mode 2);
    # each AIV then reads n floats: its own (own = 1) or the same n as every other AIV (own = 0)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    if asc.ascend_is_aic():
        for i in asc.range(1024):  # outlasts the AIVs' late start in a MIX launch (hw.def MIX_START)
            xg.set_value(n * 96 + asc.get_block_idx() * 1024 + i, xg.get_value(i) + 1.0)
        asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, dst=xg)
        asc.cross_core_set_flag(3, 2, asc.PipeID.PIPE_MTE3)
    else:
        asc.cross_core_wait_flag(3, 2, asc.PipeID.PIPE_S)
        ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 8192)
        base = asc.get_block_idx() * n * own
        for i in range(n // 8192):
            asc.data_copy(ub, xg[base + i * 8192:], 8192)
            asc.pipe_barrier(asc.PipeID.PIPE_MTE2)


def mix_cores(n, own):
    mix_read[24](np.zeros(n * 96 + 24 * 1024, np.float32), n, own)
    return rt.last_report()["cores"]


def test_mix_blocks_share_one_l2_and_still_wait_for_their_aic(monkeypatch):
    # the cores of MIX blocks are timed again with one L2 too (docs/timing.md, "L2 shared between cores"):
    # 48 AIVs reading the same 512 KB share its fills as vector-only cores do; each AIV still waits for its
    # block's AIC; the times do not depend on the host threads
    n = 8192 * 16
    own, same = mix_cores(n, 1), mix_cores(n, 0)
    assert [c["kind"] for c in same[:3]] == ["AIC", "AIV", "AIV"]
    assert same[1]["busy"]["PIPE_MTE2"] < 0.5 * own[1]["busy"]["PIPE_MTE2"]
    assert same[1]["blocked"]["PIPE_S"] > 0 and own[1]["blocked"]["PIPE_S"] > 0
    assert same[1]["cycles"] > same[1]["blocked"]["PIPE_S"] + same[1]["busy"]["PIPE_MTE2"] // 2
    reps = []
    for threads in (1, 3):
        monkeypatch.setenv("ASC_SIM_THREADS", str(threads))
        reps.append([(c["cycles"], c["busy"], c["blocked"]) for c in mix_cores(n, 0)])
    assert reps[0] == reps[1]


@asc.jit(auto_sync=False, sanitize=False)
def read_rows(x: asc.GlobalAddress, off: asc.ConstExpr[int], rows: asc.ConstExpr[int], cols: asc.ConstExpr[int],
              ld: asc.ConstExpr[int], out: asc.ConstExpr[int]):
    # one DataCopyPad of `rows` rows of `cols` halves, ld halves apart, from half `off` of the core's part
    # of x (GM -> UB), or (out = 1) the same rows from UB to GM
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, rows * ((cols + 15) // 16 * 16))
    if out:
        asc.data_copy_pad(xg[asc.get_block_idx() * rows * ld + off:], ub,
                          asc.DataCopyParams(rows, cols * 2, 0, (ld - cols) * 2))
    else:
        asc.data_copy_pad(ub, xg[asc.get_block_idx() * rows * ld + off:],
                          asc.DataCopyParams(rows, cols * 2, (ld - cols) * 2, 0), asc.DataCopyPadParams(False, 0, 0, 0))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def row_pipe(off, cols, out=0, rows=64, ld=2048):
    read_rows[1](np.zeros(rows * ld + 1024, np.float16), off, rows, cols, ld, out)
    return rt.last_report()["cores"][0]["busy"]["PIPE_MTE3" if out else "PIPE_MTE2"]


def test_unaligned_rows_pay_one_more_512_byte_unit():
    # one AIV reads 64 rows from HBM at its read channel, 31 B/cycle (docs/timing.md "GM rates")
    aligned = row_pipe(0, 1024)  # 2048-byte rows from 512-byte boundaries: 4 units each
    # one half (2 bytes) on: each row spans 5 units, one more than its 2048 bytes need, and pays 512 bytes more
    assert abs(row_pipe(1, 1024) - aligned - 64 * 512 / 31) <= 1
    assert row_pipe(255, 1024) == row_pipe(1, 1024)  # any unaligned start: one unit more, no more
    assert row_pipe(256, 1024) == aligned  # the next unit's boundary: aligned again
    assert row_pipe(128, 1024) == aligned  # 256 bytes in, but on the 32-byte block grid: no extra unit
    # rows that stay inside their units pay nothing extra: 128-byte rows 128 bytes into a unit (M1 [64,64]),
    # a 510-byte row 2 bytes in (ends on the boundary); 4 bytes in, it crosses it: 2 units for 1
    assert row_pipe(64, 64) == row_pipe(0, 64)
    assert row_pipe(1, 255) == row_pipe(0, 255)
    assert abs(row_pipe(2, 255) - row_pipe(0, 255) - 64 * 512 / 31) <= 1
    # the README's rule is for reads (MTE2): unaligned writes cost their bytes only; and for copies of rows
    # (its strided DataCopyPad and ND -> NZ copies): a one-row copy is not charged (docs/timing.md)
    assert row_pipe(1, 1024, out=1) == row_pipe(0, 1024, out=1)
    assert row_pipe(1, 1024, rows=1) == row_pipe(0, 1024, rows=1)


@asc.jit(auto_sync=False, sanitize=False, kernel_type=config.KernelType.AIC_ONLY)
def nd2nz_rows(x: asc.GlobalAddress, off: asc.ConstExpr[int]):
    # 64 rows of 256 halves (512 bytes), 12288 halves apart, ND -> NZ into L1 (data_copy README L1 scenario 2)
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 64 * 256)
    asc.data_copy(l1, xg[asc.get_block_idx() * 64 * 12288 + off:], asc.Nd2NzParams(1, 64, 256, 0, 12288, 64, 1, 0))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_unaligned_nd2nz_rows_pay_twice_on_24_cores_alike(monkeypatch):
    # 24 AIC read 512-byte rows: one unit each when aligned, two when one half off (the README's GM -> L1
    # scenario 3 against 2: N = 12287); the port time of the bytes doubles, on every core alike, and the
    # report does not depend on the host threads
    def run(off, threads=2):
        monkeypatch.setenv("ASC_SIM_THREADS", str(threads))
        nd2nz_rows[24](np.zeros(24 * 64 * 12288 + 1024, np.float16), off)
        rep = rt.last_report()
        return rep["cycles"], [(c["cycles"], c["busy"]) for c in rep["cores"]]

    (_, al), (_, un) = run(0), run(1)
    lat = 136 + 13  # mte2_latency + mte_instr: the copy's time beyond its bytes (docs/timing.md "Model")
    a, u = al[0][1]["PIPE_MTE2"] - lat, un[0][1]["PIPE_MTE2"] - lat
    assert abs(u - 2 * a) <= 2
    assert all(c == un[0] for c in un)
    assert run(1, threads=1) == run(1, threads=3)


# ---- scalar time (docs/timing.md "Scalar time"): what msprof's ai*_scalar_time counts in this model ----

def _hw_cost(name):
    import os
    import re
    text = open(os.path.join(os.path.dirname(__file__), "..", "..", "..", "src", "hw", "hw.def")).read()
    return int(re.search(rf"^HW_COST\(2201, {name}, (\d+),", text, re.M)[1])


@asc.jit(auto_sync=False, sanitize=False)
def scalar_work(x: asc.GlobalAddress, adds: asc.ConstExpr[int], n: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 8192)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 32768, 64)
    for i in range(8):  # the same scalar work whatever n: the copies' time is a wait, not scalar time
        asc.data_copy(ub, xg[i * 8192:], n)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    for _ in range(adds):
        asc.add(zl, ub, ub, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def scalar_busy(blocks, adds=100, n=64):
    scalar_work[blocks](np.zeros(8 * 8192 * blocks, np.float32), adds, n)
    rep = rt.last_report()
    return rep["cores"][0]["busy"]["PIPE_S"], rep


def test_scalar_time_counts_no_waits():
    """msprof's scalar time is the scalar unit's own instructions (ADDPERF A1: 3.3 % of a task in which the
    scalar unit waits on MTE2 nearly all the time): barriers behind copies 128 times longer add none."""
    short, rep0 = scalar_busy(1, n=64)
    long, rep = scalar_busy(1, n=8192)
    waited = rep["cores"][0]["cycles"] - rep0["cores"][0]["cycles"]
    assert waited > 5000  # eight 32 KB copies from HBM at a core's ~31 B/cycle: the scalar unit waited
    assert long == short


def test_scalar_start_up_and_load():
    """Every core's scalar unit spends core_start cycles starting (inside the launch's time), and its scalar work takes scalar_load_pct % longer with all 48 AIVs running, in
    proportion to the other cores: on b blocks, (work + core_start) x (1024 + 1024 pct (b - 1) / 4700) / 1024
    (hw.def; the fractions of a cycle carry over)."""
    start, pct = _hw_cost("core_start"), _hw_cost("scalar_load_pct")
    one, _ = scalar_busy(1)
    work = one - start  # one core: no stretch
    assert work > 100 * _hw_cost("issue") + _hw_cost("flag_issue_pct")  # 100 adds and barriers issued, the loop
    for b in (2, 24, 48):
        q = 1024 + 1024 * pct * (b - 1) // (100 * 47)
        got, _ = scalar_busy(b)
        assert got == work * q // 1024 + start * q // 1024, b


@asc.jit(auto_sync=False, sanitize=False)
def one_add(x: asc.GlobalAddress):
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    asc.add(xl, xl, xl, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_no_pipe_busier_than_its_core():
    """A pipe's busy time is a union of intervals in the core's time, so it cannot exceed the core's cycles:
    the start-up (core_start, scalar time) is the first cycles of the core's timeline, counted once per core
    (not per block), and the report's launch overhead is the hw.def launch less the slowest core's start, so
    the kernel's time is launch + the longest block as before (docs/timing.md "Scalar time")."""
    start, pct, launch = _hw_cost("core_start"), _hw_cost("scalar_load_pct"), _hw_cost("launch")
    q8 = 1024 + 1024 * pct * 7 // (100 * 47)
    one_add[8](np.zeros(64, np.float32))  # a tiny kernel: its start-up is most of its scalar time
    rep = rt.last_report()
    for c in rep["cores"]:
        for p, b in c["busy"].items():
            assert b <= c["cycles"], p
    for c in rep["cores"]:
        assert c["start_cycles"] == start * q8 // 1024
    assert rep["launch_cycles"] == launch - start * q8 // 1024
    assert rep["cycles"] == launch + max(c["cycles"] - c["start_cycles"] for c in rep["cores"])
    # 96 blocks on 48 cores: two of the same block a core (both waves 48 wide), one start-up
    one, _ = scalar_busy(1)
    work = one - start
    q = 1024 + 1024 * pct * 47 // (100 * 47)
    got, rep = scalar_busy(96)
    assert rep["cores"][0]["blocks"] == 2
    assert got == 2 * (work * q // 1024) + start * q // 1024


TILE = 16384  # halves: 32 KB tiles, as ADDPERF A3 / A4
NT = 6        # tiles a core


@asc.jit(auto_sync=False, sanitize=False)
def add_tiles(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, dbuf: asc.ConstExpr[int]):
    # ADDPERF's add (the device kit's add_high_performance flags): single buffer (case 3) or double (case 4)
    base = asc.get_block_idx() * NT * TILE
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x + base)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y + base)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z + base)
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.set_flag(asc.HardEvent.V_MTE2, 1)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.set_flag(asc.HardEvent.MTE3_V, 1)
    for i in range(NT):
        e = i % 2 if dbuf else 0
        xl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, e * 3 * 2 * TILE, TILE)
        yl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, (e * 3 + 1) * 2 * TILE, TILE)
        zl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, (e * 3 + 2) * 2 * TILE, TILE)
        asc.wait_flag(asc.HardEvent.V_MTE2, e)
        asc.data_copy(xl, xg[i * TILE:], TILE)
        asc.data_copy(yl, yg[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, e)
        asc.wait_flag(asc.HardEvent.MTE2_V, e)
        asc.wait_flag(asc.HardEvent.MTE3_V, e)
        asc.add(zl, xl, yl, TILE)
        asc.set_flag(asc.HardEvent.V_MTE2, e)
        asc.set_flag(asc.HardEvent.V_MTE3, e)
        asc.wait_flag(asc.HardEvent.V_MTE3, e)
        asc.data_copy(zg[i * TILE:], zl, TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, e)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 1)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 1)


def test_a_copy_out_that_arrives_under_a_younger_copy_in_waits_for_its_reads():
    # docs/timing.md "A core's port order": an AIV's port serves its older copy first.  Single buffer (A3), a
    # tile's copy-out and the next tile's copy-in are released in the same cycle by the same Add: they take
    # the port one after the other, and MTE3 is busy for each 32 KB copy-out's port time only, its bytes at
    # the write channel's 29 B/cycle + mte_instr 13 (the wait for the port is not busy).  Double buffer (A4),
    # each copy-out but the last arrives while the next tile's copy-in (issued after it) is under way: it
    # starts at once and waits gm_drain = 700 cycles, busy, for the reads the port has outstanding
    n = 48 * NT * TILE
    x, y = np.ones(n, np.float16), np.full(n, 2, np.float16)
    busy = {}
    for dbuf in (0, 1):
        z = np.zeros(n, np.float16)
        add_tiles[48](x, y, z, dbuf)
        assert (z == 3).all()
        busy[dbuf] = rt.last_report()["cores"][0]["busy"]
    own = -(-2 * TILE // 29) + 13
    assert busy[0]["PIPE_MTE3"] == NT * own
    assert busy[1]["PIPE_MTE3"] == NT * own + (NT - 1) * 700
    # the copy-in it took the port from resumes after it: MTE2 is busy longer by the copy-outs' time on the
    # core's share, which is less than their time on the write channel (the L2 takes the bytes faster)
    assert 0 < busy[1]["PIPE_MTE2"] - busy[0]["PIPE_MTE2"] < (NT - 1) * own
