#!/usr/bin/python3
"""P2: pyasc's golden for its kernel test test_matmul (hicann/pyasc test/all_task_durations_golden.csv:
25.5 us on an Ascend 910B1): 256 x 256 x 256 f32 + bias + LeakyReLU, asc.adv.Matmul in a MIX kernel
on 16 blocks, 64 x 64 x 64 base tiles, C through UB.

The kernel is upstream's file, run unchanged (nothing of it is in this repository): it is taken
from a fetched hicann/pyasc (docs/conformance.md) into a scratch directory.  $PYASC_REPO names the
repository's git directory (default /work/.mirror/hicann+pyasc/repo).

  /usr/bin/python3 bench/anchors/p2.py
"""
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _cube  # noqa: E402

PUBLISHED_US = 25.5
REPO = os.environ.get("PYASC_REPO", "/work/.mirror/hicann+pyasc/repo")
PATH = "python/test/kernels/test_matmul.py"


def upstream_module(scratch):
    """Upstream's test_matmul.py, extracted into scratch and imported."""
    dst = os.path.join(scratch, "test_matmul.py")
    try:
        text = subprocess.run(["git", "-C", REPO, "show", f"HEAD:{PATH}"], check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit(f"p2: cannot read {PATH} from {REPO} (set PYASC_REPO to a fetched hicann/pyasc): {e}")
    with open(dst, "wb") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("upstream_test_matmul", dst)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def rows():
    import warnings

    import numpy as np

    import asc.lib.runtime as rt
    _cube.platform()
    with tempfile.TemporaryDirectory() as scratch:
        mod = upstream_module(scratch)
        rng = np.random.default_rng(seed=2025)  # the test's data
        m = k = n = 256
        a = (rng.random((m, k), dtype="float32") - .5) * 10
        b = (rng.random((k, n), dtype="float32") - .5) * 10
        bias = (rng.random((1, n), dtype="float32") - .5) * 10
        t0 = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the test's two AIVs per block write the same tile
            c = mod.matmul_launch(a, b, bias, 0.01)
        wall = time.perf_counter() - t0
        rep = rt.last_report()
        ref = a @ b + bias
        if not np.allclose(c, np.where(ref >= 0, ref, ref * 0.01), atol=1e-3):
            raise SystemExit("p2: the result differs from numpy")
    return [_cube.row("P2", "total", PUBLISHED_US, rep["us"], wall)]


if __name__ == "__main__":
    _cube.show(rows())
