"""_cube.py - what the cube-side anchors (bench/anchors/c*.py, p2.py) share: the report's per-pipe
figures in msprof's terms, the row format of bench/anchors.py, and the standalone printout.

A row is {"anchor", "metric", "published_us", "ours_us", "wall_s"}; metric is "total" (msprof's
Task Duration, or the published max aic_time where that is what the source gives) or a pipe
("mac", "mte1", "mte2", "fixp", "scalar": msprof's aic_<pipe>_time averaged over the cores that ran).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("ASC_LIBRARY", os.path.join(ROOT, "build", "lib", "libasc.so"))

# msprof's metric name -> the simulator's pipe
PIPES = {"mac": "PIPE_M", "mte1": "PIPE_MTE1", "mte2": "PIPE_MTE2", "mte3": "PIPE_MTE3", "fixp": "PIPE_FIX",
         "scalar": "PIPE_S", "vec": "PIPE_V"}


def platform():
    import asc.runtime.config as config
    config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))


def pipe_us(rep, metric, kind="AIC", how="avg"):
    """A pipe's busy time in us over the cores of `kind` that did work: their mean (msprof's
    averaged column) or max."""
    cores = [c for c in rep["cores"] if c.get("kind") == kind and c["cycles"] > 0]
    vals = [c["busy"][PIPES[metric]] for c in cores]
    if not vals:
        return 0.0
    v = max(vals) if how == "max" else sum(vals) / len(vals)
    return v / rep["mhz"]


def core_us(rep, kind="AIC", how="max"):
    """A core kind's time (msprof's aic_time / aiv_time): the max over its cores, or the mean."""
    vals = [c["cycles"] for c in rep["cores"] if c.get("kind") == kind and c["cycles"] > 0]
    if not vals:
        return 0.0
    return (max(vals) if how == "max" else sum(vals) / len(vals)) / rep["mhz"]


def row(anchor, metric, published, ours, wall):
    return {"anchor": anchor, "metric": metric, "published_us": float(published), "ours_us": float(ours),
            "wall_s": float(wall)}


def show(rows):
    print(f"{'anchor':<10} {'metric':<8} {'published us':>13} {'ours us':>10} {'error':>8} {'wall s':>7}")
    for r in rows:
        err = (r["ours_us"] - r["published_us"]) / r["published_us"] * 100 if r["published_us"] else 0.0
        print(f"{r['anchor']:<10} {r['metric']:<8} {r['published_us']:>13.3f} {r['ours_us']:>10.3f} "
              f"{err:>+7.1f}% {r['wall_s']:>7.1f}")
