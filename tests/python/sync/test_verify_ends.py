"""verify-sync on the device kit's hand-written double-flag loop with a trip count the kernel
receives: the first iteration skips the wait, the last skips the set (`if i != 0: wait_flag`,
`if i != n - 1: set_flag`; Ascend C's `if (i > 0) WaitFlag` / `if (i < n - 1) SetFlag`).
Every set is then waited in the next iteration, whatever n is, so verify-sync must say
nothing (docs/sync.md, "verify-sync's other checks"); a set skipped in the wrong iteration
deadlocks, which both verify-sync and the simulator must report.  Expectations are worked
out by hand from those rules; the copies are checked against numpy."""
import warnings

import numpy as np
import pytest

import asc

TILE = 256
EV = asc.HardEvent


@asc.jit(always_compile=True)
def copy_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    for i in range(n):
        if i != 0:
            asc.wait_flag(EV.MTE3_MTE2, 0)  # the copy-in reuses xl after the last copy-out
        asc.data_copy(xl, xg[i * TILE:], TILE)
        asc.set_flag(EV.MTE2_MTE3, 0)
        asc.wait_flag(EV.MTE2_MTE3, 0)
        asc.data_copy(zg[i * TILE:], xl, TILE)
        if form == 0:
            if i != n - 1:
                asc.set_flag(EV.MTE3_MTE2, 0)
        elif form == 1:
            if i + 1 < n:
                asc.set_flag(EV.MTE3_MTE2, 0)
        elif form == 2:
            if i < n - 1:
                asc.set_flag(EV.MTE3_MTE2, 0)
        elif form == 3:
            if i != n - 2:  # wrong: the last iteration waits for a set nobody made
                asc.set_flag(EV.MTE3_MTE2, 0)
        else:
            if i < n:  # wrong: always set, the last one never waited
                asc.set_flag(EV.MTE3_MTE2, 0)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def launch(n, form):
    x = np.arange(TILE * n, dtype=np.float32)
    z = np.zeros_like(x)
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        copy_tiles[1](x, z, n, form)
    return x, z, [str(w.message) for w in got]


def static_findings(msgs):
    return sorted({m.split("warning: ")[1].split(":")[0] for m in msgs if "warning: S0" in m})


@pytest.mark.parametrize("form", [0, 1, 2], ids=["i!=n-1", "i+1<n", "i<n-1"])
@pytest.mark.parametrize("n", [1, 2, 5])
def test_last_iteration_skips_the_set_clean(form, n):
    x, z, msgs = launch(n, form)
    np.testing.assert_array_equal(z, x)
    assert static_findings(msgs) == [], msgs


def test_set_skipped_in_the_wrong_iteration_is_reported():
    with pytest.raises(asc.KernelError, match="deadlock"):
        launch(3, 3)
    _, _, msgs = launch(1, 3)  # one trip runs (nothing waits); the compile reports what n >= 2 does
    found = static_findings(msgs)
    assert found[:3] == ["S001 race", "S002 deadlock", "S004 unpaired set"], msgs


def test_set_never_skipped_is_left_set():
    x, z, msgs = launch(2, 4)
    np.testing.assert_array_equal(z, x)
    assert static_findings(msgs) == ["S004 unpaired set"], msgs
