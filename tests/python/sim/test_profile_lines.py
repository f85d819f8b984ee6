"""Per-line cost attribution is opt-in (issue 19): a plain Python launch does not pay for it;
profile_lines=True (jit or launch keyword), $ASC_PROFILE_LINES=1 and a profile directory turn it
on; the option does not change what is compiled (no retrace)."""
import os

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime import jit as jitmod


@asc.jit
def _copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    off = asc.get_block_idx() * 32
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 32)
    asc.data_copy(t, xg, 32)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, 32)


def _run(**kw):
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, np.float32)
    _copy_kernel[2](x, z, **kw)
    assert np.array_equal(z, x)
    return rt.last_report()


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("ASC_PROFILE_LINES", raising=False)
    monkeypatch.delenv("ASC_PROFILE_DIR", raising=False)


def _check_lines(rep):
    lines = rep["lines"]
    assert lines, "no per-line attribution"
    assert rep["core_cycles"] == sum(c["cycles"] for c in rep["cores"])
    # every cycle of a core is a line's but its start-up's (docs/profile.md)
    assert sum(ln["cycles"] for ln in lines) == rep["core_cycles"] - sum(c["start_cycles"] for c in rep["cores"])
    assert all(os.path.basename(ln["file"]) == "test_profile_lines.py" for ln in lines)
    assert "top lines:" in rt.report_text(rep)


def test_plain_launch_has_no_line_attribution():
    rep = _run()
    assert rep["lines"] == []
    assert "top lines:" not in rt.report_text(rep)
    assert rep["cycles"] > 0


def test_profile_lines_keyword_turns_it_on_without_a_retrace():
    _run()
    traces = jitmod.stats["traces"]
    _check_lines(_run(profile_lines=True))
    assert jitmod.stats["traces"] == traces  # the compiled kernel is reused
    assert _run(profile_lines=False)["lines"] == []


def test_env_turns_it_on(monkeypatch):
    monkeypatch.setenv("ASC_PROFILE_LINES", "1")
    _check_lines(_run())
    monkeypatch.setenv("ASC_PROFILE_LINES", "0")
    assert _run()["lines"] == []


def test_profile_directory_turns_it_on(tmp_path):
    _check_lines(_run(profile=str(tmp_path / "p")))
    assert (tmp_path / "p" / "code_exe.csv").stat().st_size > 0


def test_jit_option():
    k = asc.jit(profile_lines=True)(_copy_kernel.fn)
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, np.float32)
    k[2](x, z)
    _check_lines(rt.last_report())
