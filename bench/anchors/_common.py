"""Helpers of the anchor modules: the row record, the report's per-pipe figures, standalone printing."""
import os
import sys
import time
import warnings

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
os.environ.setdefault("ASC_LIBRARY", os.path.join(ROOT, "build", "lib", "libasc.so"))

# The published kernels rewrite one buffer from one pipe back to back on purpose (V1, M1, M2): the
# verify-sync warning (S001) about it is expected.
warnings.filterwarnings("ignore", message=r".*warning: S001 race", category=RuntimeWarning)

SYSTEM_COUNTER_MHZ = 50.0  # GetSystemCycle on A2/A3 (calibration.md; hw.def HW_COST system_counter_mhz)


def row(anchor, metric, published_us, ours_us, wall_s):
    return {"anchor": anchor, "metric": metric, "published_us": float(published_us), "ours_us": float(ours_us),
            "wall_s": float(wall_s)}


class Timer:
    def __enter__(self):
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.s = time.perf_counter() - self.t0


def pipe_us(report, pipe, how="busy", core=None):
    """A pipe's busy us: the union of its instruction intervals ("busy", what msprof's pipe time matches in
    the model: docs/timing.md) or the sum of their durations ("sum"); averaged over the cores that ran a
    block unless core is given."""
    key = "busy_sum" if how == "sum" else "busy"
    cores = [c for c in report["cores"] if c.get("blocks", 1)]
    if core is not None:
        cores = [report["cores"][core]]
    vals = [c[key][pipe] for c in cores]
    return sum(vals) / len(vals) / report["mhz"]


def main(rows_fn):
    """Standalone run of one anchor module: its rows as bench/anchors.py prints them."""
    import runpy
    tab = runpy.run_path(os.path.join(ROOT, "bench", "anchors.py"), run_name="anchors_table")
    rows = rows_fn()
    tab["table"](rows)
    tab["summary"](rows)
