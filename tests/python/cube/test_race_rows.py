"""The race detector on an nd2nz's GM source rows: rows a stride apart are checked and recorded
as the separate byte ranges they are, however the detector keeps them (race.c keeps such rows as
one run; docs/timing.md, "Tutorial 03's GM rows as runs").  A write that meets one row is a race
on exactly the bytes they share; a write into the gaps between the rows is none.

The kernel reads 16 rows of 16 float32 (64 bytes) from a 64 x 64 float32 array g, a row every
256 bytes (Nd2NzParams: n_value 16, d_value 16, src_d_value 64), into L1, then a fixpipe writes
m rows of 16 float32 to g at element off; no flag orders the copy before the fixpipe (a WAR)."""
import numpy as np
import pytest

import asc

P = asc.TPosition


@asc.jit(auto_sync=False)
def rows_then_write(g: asc.GlobalAddress, off: asc.ConstExpr[int], m: asc.ConstExpr[int]):
    gt = asc.GlobalTensor()
    gt.set_global_buffer(g)
    a1 = asc.LocalTensor(asc.float32, P.A1, 0, 4096)
    a2 = asc.LocalTensor(asc.float32, P.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float32, P.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 4096)
    asc.init_const_value(a2, asc.InitConstValueParams(1, 2, 0, 0.0))
    asc.init_const_value(b2, asc.InitConstValueParams(1, 2, 0, 0.0))
    asc.set_flag(asc.HardEvent.MTE2_M, 0)  # init_const_value runs on MTE2; the set carries it, not the copy
    asc.data_copy(a1, gt, asc.Nd2NzParams(1, 16, 16, 0, 64, 16, 1, 0))
    asc.wait_flag(asc.HardEvent.MTE2_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 8))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gt[off:], c1, asc.FixpipeParamsV220(16, m, 16, 64))


@pytest.mark.parametrize("off, m, lo, hi", [
    # row 8 holds elements 512 .. 528 (bytes 2048 .. 2112); the write 517 .. 533 (bytes 2068 .. 2132)
    (8 * 64 + 5, 1, 2068, 2112),
    # the write's rows 0 .. 2 start at elements 3, 67, 131: the first row it meets is row 0, bytes 12 .. 64
    (3, 3, 12, 64),
    # row 15, the last (bytes 3840 .. 3904), met by the write's first row at element 960 + 10
    (15 * 64 + 10, 1, 3880, 3904),
])
def test_write_meeting_a_row_is_a_race_on_its_bytes(off, m, lo, hi):
    g = np.zeros(64 * 64, np.float32)
    with pytest.raises(asc.KernelError) as e:
        rows_then_write[1](g, off, m)
    assert f"race (WAR) on GM 'g' bytes [{lo}, {hi}): asc.fixpipe" in str(e.value), str(e.value)
    assert "reads, with no synchronization between them" in str(e.value)


@pytest.mark.parametrize("off, m", [
    (8 * 64 + 20, 1),  # elements 532 .. 548: between row 8 (512 .. 528) and row 9 (576 .. 592)
    (16 * 64, 4),      # past the last row (the rows end at element 976)
    (20, 12),          # every written row at elements 20 .. 36 of its 64: between two source rows
])
def test_write_into_the_gaps_is_no_race(off, m):
    g = np.zeros(64 * 64, np.float32)
    rows_then_write[1](g, off, m)
    assert not g[off:off + 16].any()  # the fixpipe wrote L0C's zeros
