"""examples/05_matmul_cube: the raw-cube matmul is exact against numpy on 1, 8 and 24 blocks,
clean under the sanitizers, and its trace shows MTE1 loading the next slice while M
multiplies the current one (double buffering)."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "examples", "05_matmul_cube"))
import matmul_cube as ex  # noqa: E402


def clean(rep):
    assert not rep.get("errors") and not rep.get("warnings"), rep.get("diagnostics")


@pytest.mark.parametrize("blocks,shape", [(1, (128, 128, 128)), (8, (256, 512, 256)), (24, (384, 1024, 128))])
def test_matmul_cube_exact(blocks, shape):
    M, N, K = shape
    a, b = ex.inputs(M, N, K, seed=blocks)
    c = ex.run(a, b, blocks)
    np.testing.assert_array_equal(c, ex.reference(a, b))
    rep = rt.last_report()
    assert len(rep["cores"]) == blocks
    busy = rep["cores"][0]["busy"]
    assert busy.get("PIPE_M", 0) > 0 and busy.get("PIPE_MTE1", 0) > 0 and busy.get("PIPE_FIX", 0) > 0


def test_trace_shows_mte1_overlapping_m(tmp_path):
    a, b = ex.inputs(128, 128, 512)
    c = ex.run(a, b, 1, profile=str(tmp_path))
    np.testing.assert_array_equal(c, ex.reference(a, b))
    ev = json.load(open(tmp_path / "trace.json"))
    ev = ev["traceEvents"] if isinstance(ev, dict) else ev
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in ev if e.get("name") == "thread_name"}
    rows = {}
    for e in ev:
        if e.get("ph") == "X" and e.get("cat") == "inst":
            rows.setdefault(names[(e["pid"], e["tid"])], []).append((e["ts"], e["ts"] + e["dur"]))
    assert {"CUBE", "MTE1", "FIXP", "MTE2"} <= set(rows)
    procs = [e["args"]["name"] for e in ev if e.get("name") == "process_name"]
    assert procs == ["core 0 (AIC)"], procs
    head = open(tmp_path / "PipeUtilization.csv").readline().strip().split(",")
    assert head[:5] == ["block_id", "sub_block_id", "blocks", "aic_time(us)", "aic_total_cycles"]
    assert "aic_cube_time(us)" in head and "aic_mte2_time(us)" in head and not any("vec" in h for h in head)
    overlap = sum(max(0.0, min(m1, c1) - max(m0, c0)) for m0, m1 in rows["MTE1"] for c0, c1 in rows["CUBE"])
    assert overlap > 0, "MTE1 never ran while the cube was busy"


def test_example_script_runs():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "05_matmul_cube", "matmul_cube.py")],
                         capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "[INFO] Sample matmul_cube run success." in out.stdout
    assert "warning" not in out.stderr


def test_removed_flag_is_a_race(tmp_path):
    """The example with its MTE1_M wait dropped: the cube reads L0A while MTE1 may still load it."""
    import importlib.util
    src = open(ex.__file__).read()
    assert src.count("asc.wait_flag(E.MTE1_M, slot)") == 1
    path = tmp_path / "matmul_cube_nowait.py"  # @asc.jit reads the kernel from its file
    path.write_text(src.replace("asc.wait_flag(E.MTE1_M, slot)", "pass  # wait_flag(MTE1_M) removed"))
    spec = importlib.util.spec_from_file_location("matmul_cube_nowait", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    a, b = ex.inputs(128, 128, 128)
    with pytest.raises(asc.KernelError) as ei:
        ex.run(a, b, 1, kernel=mod.matmul_cube_kernel)
    msg = str(ei.value)
    assert "race (RAW) on L0A" in msg and "asc.mmad" in msg and "add set_flag(MTE1_M)" in msg, msg


def test_auto_sync_full_places_the_cube_flags(tmp_path):
    """The example with every set_flag / wait_flag deleted, compiled with auto_sync="full": the
    pass reads the cube pipes from the hardware table, so the kernel is exact and race-free,
    and within 10 % of the hand-placed flags' time."""
    import importlib.util
    src = open(ex.__file__).read().splitlines(keepends=True)
    keep = [ln for ln in src if "asc.set_flag" not in ln and "asc.wait_flag" not in ln
            and "for s in range(2):  #" not in ln]
    text = "".join(keep).replace("@asc.jit\n", '@asc.jit(auto_sync="full")\n')
    assert "set_flag" not in text and 'auto_sync="full"' in text
    path = tmp_path / "matmul_cube_auto.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("matmul_cube_auto", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    a, b = ex.inputs(256, 512, 512)
    c = ex.run(a, b, 8)
    manual = rt.last_report()["cycles"]
    c2 = ex.run(a, b, 8, kernel=mod.matmul_cube_kernel)
    auto = rt.last_report()["cycles"]
    clean(rt.last_report())
    np.testing.assert_array_equal(c, ex.reference(a, b))
    np.testing.assert_array_equal(c2, ex.reference(a, b))
    assert auto <= 1.1 * manual, (auto, manual)


def test_profile_directory_of_the_matmul_example(tmp_path):
    """Issue 19's matmul point: the profile directory of the raw-cube example agrees with the launch
    report (msprof's aic_* columns per pipe) and attributes every core cycle to a Python line."""
    import collections
    import csv
    import re

    def rows(name):
        with open(tmp_path / name, newline="") as fh:
            return list(csv.DictReader(fh))
    a, b = ex.inputs(256, 256, 256, seed=3)
    c = ex.run(a, b, 2, profile=str(tmp_path))
    np.testing.assert_array_equal(c, ex.reference(a, b))
    rep = rt.last_report()
    mhz, cores = rep["mhz"], rep["cores"]
    (info,) = rows("OpBasicInfo.csv")
    assert int(info["Task Cycles"]) == rep["cycles"] and int(info["Block Dim"]) == 2
    pu = rows("PipeUtilization.csv")
    assert len(pu) == len(cores)
    cols = {"cube": "PIPE_M", "mte1": "PIPE_MTE1", "mte2": "PIPE_MTE2", "fixpipe": "PIPE_FIX"}
    for r, core in zip(pu, cores):
        assert int(r["aic_total_cycles"]) == core["cycles"]
        for col, pipe in cols.items():
            assert float(r[f"aic_{col}_time(us)"]) == pytest.approx(core["busy"].get(pipe, 0) / mhz, abs=1e-3)
    assert float(pu[0]["aic_cube_time(us)"]) > 0 and float(pu[0]["aic_mte1_time(us)"]) > 0
    per_core = collections.Counter()
    for r in rows("code_exe.csv"):
        per_core[int(r["core"])] += int(r["cycles"])
    assert [per_core[k] for k in range(len(cores))] == [core["cycles"] for core in cores]
    page = (tmp_path / "timeline.html").read_text()
    data = json.loads(re.search(r"const D = (\{.*?\});\n", page, re.S).group(1))
    assert {"CUBE", "MTE1", "FIXP", "MTE2"} <= {p["name"] for p in data["pipes"]}
