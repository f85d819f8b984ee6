#!/usr/bin/env python3
"""P1: pyasc's golden test_vadd (hicann/pyasc test/all_task_durations_golden.csv: 3.6 us).  Runs the
upstream kernel file python/test/kernels/test_vadd.py unchanged (read from the pyasc mirror, $PYASC_REPO or
/work/.mirror/hicann+pyasc/repo) on the same input as its test: 8192 float32, 16 blocks."""
import importlib.util
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import Timer, main, row  # noqa: E402

import numpy as np  # noqa: E402

import asc.lib.runtime as rt  # noqa: E402

REPO = os.environ.get("PYASC_REPO", "/work/.mirror/hicann+pyasc/repo")
PATH = "python/test/kernels/test_vadd.py"


def upstream(repo=REPO, path=PATH):
    """The upstream kernel module, or None without the mirror."""
    try:
        text = subprocess.run(["git", "-C", repo, "show", "HEAD:" + path], check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    d = tempfile.mkdtemp(prefix="anchor_p1_")
    f = os.path.join(d, os.path.basename(path))
    with open(f, "wb") as fh:
        fh.write(text)
    spec = importlib.util.spec_from_file_location("upstream_" + os.path.basename(path)[:-3], f)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rows():
    mod = upstream()
    if mod is None:
        print(f"P1: no pyasc mirror at {REPO} (set PYASC_REPO): skipped", file=sys.stderr)
        return []
    rng = np.random.default_rng(seed=2025)
    x = rng.random(8192, dtype=np.float32)
    y = rng.random(8192, dtype=np.float32)
    with Timer() as w:
        z = mod.vadd_launch(x, y)
    assert np.array_equal(z, x + y), "P1: wrong result"
    return [row("P1 pyasc test_vadd", "total", 3.6, rt.last_report()["us"], w.s)]


if __name__ == "__main__":
    main(rows)
