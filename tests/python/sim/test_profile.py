"""The profile directory (docs/profile.md) of examples 01 and 02: produced by @asc.jit(profile=),
ASC_PROFILE_DIR and asc-prof; the CSVs parse with csv and agree with the launch report; the
per-line cycles of a core add up to the core's cycles; trace.json pairs every flag flow;
timeline.html is self-contained; the printed report names the top 3 lines."""
import collections
import csv
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import asc.lib.runtime as rt
from test_examples import EXAMPLES, ROOT, load

FILES = ("OpBasicInfo.csv", "PipeUtilization.csv", "code_exe.csv", "instr_exe.csv", "trace.json", "timeline.html")
PIPES = {"vec": "PIPE_V", "scalar": "PIPE_S", "mte2": "PIPE_MTE2", "mte3": "PIPE_MTE3"}


def rows(d, name):
    with open(os.path.join(d, name), newline="") as fh:
        return list(csv.DictReader(fh))


def asc_bin(tool):
    lib = os.environ.get("ASC_LIBRARY", os.path.join(ROOT, "build", "lib", "libasc.so"))
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(lib))), "bin", tool)


def tool_env(**extra):
    """The environment of a tool subprocess: the sanitizer tree's tools carry ASan statically, so
    the shared runtime pytest runs under there (LD_PRELOAD) must not reach them."""
    env = dict(os.environ, **extra)
    env.pop("LD_PRELOAD", None)
    return env


def check_dir(d, rep, blocks):
    """Everything in profile directory d against the launch report rep."""
    for f in FILES:
        assert os.path.getsize(os.path.join(d, f)) > 0, f
    mhz, cores = rep["mhz"], rep["cores"]
    (info,) = rows(d, "OpBasicInfo.csv")
    assert int(info["Task Cycles"]) == rep["cycles"]
    assert float(info["Task Duration(us)"]) == pytest.approx(rep["us"], abs=1e-3)
    assert int(info["Block Dim"]) == blocks
    assert float(info["Current Freq"]) == mhz
    pu = rows(d, "PipeUtilization.csv")
    assert len(pu) == len(cores)
    for r, c in zip(pu, cores):
        assert int(r["aiv_total_cycles"]) == c["cycles"]
        assert float(r["aiv_time(us)"]) == pytest.approx(c["cycles"] / mhz, abs=1e-3)
        for col, pipe in PIPES.items():
            assert float(r[f"aiv_{col}_time(us)"]) == pytest.approx(c["busy"][pipe] / mhz, abs=1e-3)
            assert float(r[f"aiv_{col}_ratio"]) == pytest.approx(c["busy"][pipe] / c["cycles"], abs=1e-3)
            # next to them, the instruction durations summed (issue 27)
            assert float(r[f"aiv_{col}_sum_time(us)"]) == pytest.approx(c["busy_sum"][pipe] / mhz, abs=1e-3)
            assert c["busy_sum"][pipe] >= c["busy"][pipe]  # a sum of intervals covers at least their union
        assert "aic_cube_time(us)" not in r  # no cube work: no aic columns
    # per line and per instruction: each core's cycles are all attributed, exactly, but for its start-up (scalar
    # work of no line, the first cycles of the core: docs/timing.md "Scalar time")
    code, instr = rows(d, "code_exe.csv"), rows(d, "instr_exe.csv")
    per_core_line = collections.Counter()
    per_core_instr = collections.Counter()
    by_line = collections.Counter()
    for r in code:
        per_core_line[int(r["core"])] += int(r["cycles"])
        by_line[(os.path.basename(r["file"]), int(r["line"]))] += int(r["cycles"])
    for r in instr:
        per_core_instr[int(r["core"])] += int(r["cycles"])
    for k, c in enumerate(cores):
        assert 0 <= c["start_cycles"] <= c["busy"]["PIPE_S"] <= c["cycles"], k
        assert per_core_line[k] == c["cycles"] - c["start_cycles"], k
        assert per_core_instr[k] == c["cycles"] - c["start_cycles"], k
        share = sum(float(r["share(%)"]) for r in code if int(r["core"]) == k)
        assert share == pytest.approx(100.0 * (c["cycles"] - c["start_cycles"]) / c["cycles"], abs=0.5)
    assert rep["core_cycles"] == sum(c["cycles"] for c in cores)
    assert sum(by_line.values()) == rep["core_cycles"] - sum(c["start_cycles"] for c in cores)
    # the report's lines are the same numbers, most first
    top = rep["lines"][:3]
    assert [(os.path.basename(t["file"]), t["line"], t["cycles"]) for t in top] == \
        [(f, l, cy) for (f, l), cy in sorted(by_line.items(), key=lambda kv: -kv[1])[:3]] or \
        [t["cycles"] for t in top] == sorted(by_line.values(), reverse=True)[:3]
    # the source text is in the per-line table
    assert any("data_copy" in r["source"] for r in code)
    # trace.json: msprof's row names, one 's' and one 'f' per flow id
    with open(os.path.join(d, "trace.json")) as fh:
        tr = json.load(fh)["traceEvents"]
    names = {e["args"]["name"] for e in tr if e.get("name") == "thread_name"}
    assert {"VECTOR", "SCALAR", "MTE2", "MTE3", "CUBE", "MTE1", "FIXP"} <= names
    s = collections.Counter(e["id"] for e in tr if e["ph"] == "s")
    f = collections.Counter(e["id"] for e in tr if e["ph"] == "f")
    assert s and set(s) == set(f) and max(s.values()) == 1 and max(f.values()) == 1
    # a core's start-up is an event on its scalar row, its first cycles, before its first instruction
    ups = [e for e in tr if e.get("name") == "start-up"]
    assert sorted(e["pid"] for e in ups) == [k for k, c in enumerate(cores) if c["start_cycles"] > 0]
    scalar_tid = {e["tid"] for e in tr if e.get("name") == "thread_name" and e["args"]["name"] == "SCALAR"}
    for e in ups:
        assert e["ph"] == "X" and e["tid"] in scalar_tid and e["ts"] >= 0
        assert e["dur"] == pytest.approx(cores[e["pid"]]["start_cycles"] / mhz, abs=1e-3)
        first = min(x["ts"] for x in tr if x.get("ph") == "X" and x["pid"] == e["pid"] and x is not e)
        assert e["ts"] + e["dur"] <= first + 1e-3
    # timeline.html: one file, nothing from the network
    with open(os.path.join(d, "timeline.html")) as fh:
        page = fh.read()
    assert not re.search(r"<script[^>]+src=|<link[^>]+href=|https?://|@import|url\(", page)
    data = json.loads(re.search(r"const D = (\{.*?\});\n", page, re.S).group(1))
    assert [p["name"] for p in data["pipes"]] == ["VECTOR", "SCALAR", "MTE2", "MTE3"]
    assert len(data["cores"]) == len(cores) and len(data["ev"]) % 8 == 0 and len(data["flows"]) % 6 == 0
    assert len(data["flows"]) // 6 == len(s)
    # the start-up records name the one instruction entry after the kernel's own
    assert data["insts"][-1][:2] == ["start-up", "SCALAR"]
    ev = [data["ev"][i:i + 8] for i in range(0, len(data["ev"]), 8)]
    assert sorted(r[0] for r in ev if r[4] == len(data["insts"]) - 1) == [e["pid"] for e in sorted(ups, key=lambda e: e["pid"])]
    return code


def test_profile_option_example02(tmp_path):
    ex = load("02_add_framework/add_framework.py")
    n = 8 * 2048 + 3 * ex.TILE_LENGTH
    rng = np.random.default_rng(1)
    x, y = (rng.uniform(-1, 1, n).astype(np.float16) for _ in range(2))
    z = np.zeros(n, np.float16)
    d = tmp_path / "prof02"
    ex.add_kernel[ex.USE_CORE_NUM](x, y, z, n, profile=str(d))
    np.testing.assert_allclose(z.astype(np.float32), x.astype(np.float32) + y.astype(np.float32), atol=1e-2)
    rep = rt.last_report()
    assert rep["profile"] == str(d)
    check_dir(str(d), rep, ex.USE_CORE_NUM)
    text = rt.report_text(rep)
    assert "top lines:" in text and os.path.join(str(d), "timeline.html") in text
    top = rep["lines"][0]
    assert f"{os.path.basename(top['file'])}:{top['line']}  {top['cycles']} cycles" in text


def test_profile_env_example01(tmp_path, monkeypatch):
    ex = load("01_add/add.py")
    block_length = ex.TILE_NUM * ex.BUFFER_NUM * 128
    n = ex.USE_CORE_NUM * block_length
    x, y = (np.random.default_rng(2).uniform(-1, 1, n).astype(np.float32) for _ in range(2))
    z = np.zeros(n, np.float32)
    monkeypatch.setenv("ASC_PROFILE_DIR", str(tmp_path))
    ex.add_kernel[ex.USE_CORE_NUM](x, y, z, block_length)
    ex.add_kernel[ex.USE_CORE_NUM](x, y, z, block_length)  # a second launch: its own directory
    rep = rt.last_report()
    assert sorted(os.listdir(tmp_path)) == ["add_kernel_1", "add_kernel_2"]
    assert rep["profile"] == os.path.join(str(tmp_path), "add_kernel_2")
    check_dir(rep["profile"], rep, ex.USE_CORE_NUM)


@pytest.mark.parametrize("script", ["01_add/add.py", "02_add_framework/add_framework.py"])
def test_asc_prof_examples(tmp_path, script):
    """asc-prof --output DIR -- python3 example: the printed report's totals and top lines are
    the profile's."""
    tool = asc_bin("asc-prof")
    if not os.path.exists(tool):
        pytest.skip(f"{tool} not built")
    env = tool_env(PYTHONPATH=os.path.join(ROOT, "python"))
    preload = ["env", "LD_PRELOAD=" + os.environ["LD_PRELOAD"]] if os.environ.get("LD_PRELOAD") else []
    out = subprocess.run([tool, "--output", str(tmp_path), "--"] + preload + [sys.executable,
                          os.path.join(EXAMPLES, script)], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    (sub,) = os.listdir(tmp_path)
    d = os.path.join(tmp_path, sub)
    m = re.search(r"(\d+) cycles = ([\d.]+) us on (\d+) core", out.stdout)
    (info,) = rows(d, "OpBasicInfo.csv")
    assert int(info["Task Cycles"]) == int(m.group(1))
    assert float(info["Task Duration(us)"]) == pytest.approx(float(m.group(2)), abs=1e-3)
    core_rows = re.findall(r"^\s+(\d+)\s+(\d+)\s+(\d+)\s", out.stdout, re.M)
    pu = rows(d, "PipeUtilization.csv")
    assert [int(c) for _, _, c in core_rows] == [int(r["aiv_total_cycles"]) for r in pu]
    tops = re.findall(r"^\s+(?:top lines:)?\s+(\S+):(\d+)\s+(\d+) cycles", out.stdout, re.M)
    assert len(tops) == 3
    by_line = collections.Counter()
    for r in rows(d, "code_exe.csv"):
        by_line[(os.path.basename(r["file"]), r["line"])] += int(r["cycles"])
    assert [int(c) for _, _, c in tops] == sorted(by_line.values(), reverse=True)[:3]
    for f, l, c in tops:
        assert by_line[(f, l)] == int(c)
    assert f"profile: {d}/timeline.html" in out.stdout


def test_asc_run_profile(tmp_path):
    tool = asc_bin("asc-run")
    if not os.path.exists(tool):
        pytest.skip(f"{tool} not built")
    args = [f"{v}={tmp_path / (v + '.npy')}:f16:8192" for v in "xyz"]
    out = subprocess.run([tool, os.path.join(EXAMPLES, "ir", "add_framework.mlir"), "--kernel", "add_kernel",
                          "--passes", "inline", "--profile", str(tmp_path / "p")] + args,
                         env=tool_env(), capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    for f in FILES:
        assert os.path.exists(tmp_path / "p" / f), f
    assert "top lines:" in out.stdout


def test_profile_bad_dir(tmp_path):
    """A profile directory that cannot be created is an error naming it, not a crash."""
    ex = load("02_add_framework/add_framework.py")
    n = 8 * 2048
    x = np.zeros(n, np.float16)
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    import asc
    with pytest.raises(asc.KernelError, match="cannot create the directory"):
        ex.add_kernel[8](x, x.copy(), x.copy(), n, profile=str(blocker / "sub"))


def test_profile_waves(tmp_path):
    """60 blocks on the 48 AIV cores of Ascend910B1: cores 0-11 run two blocks each (the second
    starts where the first ended); their lines still add up to their cycles."""
    ex = load("02_add_framework/add_framework.py")
    blocks = 60
    n = blocks * 2 * ex.TILE_LENGTH
    x, y = (np.random.default_rng(3).uniform(-1, 1, n).astype(np.float16) for _ in range(2))
    z = np.zeros(n, np.float16)
    ex.add_kernel[blocks](x, y, z, n, profile=str(tmp_path))
    rep = rt.last_report()
    assert len(rep["cores"]) == 48 and sum(c["blocks"] for c in rep["cores"]) == blocks
    assert rep["cores"][0]["blocks"] == 2 and rep["cores"][47]["blocks"] == 1
    check_dir(str(tmp_path), rep, blocks)


def test_profile_option_does_not_recompile(tmp_path):
    """profile= is a launch matter: a launch with it reuses the module compiled without it."""
    from asc.runtime import jit
    ex = load("02_add_framework/add_framework.py")
    n = 8 * 2 * ex.TILE_LENGTH
    x = np.zeros(n, np.float16)
    ex.add_kernel[8](x, x.copy(), x.copy(), n)
    traces = jit.stats["traces"]
    ex.add_kernel[8](x, x.copy(), x.copy(), n, profile=str(tmp_path / "a"))
    ex.add_kernel[8](x, x.copy(), x.copy(), n, profile=str(tmp_path / "b"))
    assert jit.stats["traces"] == traces
    assert os.path.exists(tmp_path / "a" / "timeline.html") and os.path.exists(tmp_path / "b" / "timeline.html")
