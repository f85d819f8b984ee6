#!/usr/bin/env python3
"""anchors.py - the timing model against published Ascend 910B measurements (issue 27).

Imports every module bench/anchors/<id>.py (names not starting with "_"), calls its rows() and prints
one line per published figure: anchor, metric (total or a pipe: vec, mte2, mte3, mac, mte1, fixp,
scalar), published us, ours, error, and the wall time of the simulation; then the summary: median
|error| and how many totals are within +-10 % and pipe times within +-15 % (the issue's acceptance),
for every row, for the calibration anchors of ../shared/anchors/calibration.md, and for the validation
anchors (modules that set VALIDATION = True: published figures nothing was derived from).

  PYTHONPATH=python ASC_LIBRARY=build/lib/libasc.so /usr/bin/python3 bench/anchors.py [--only V1,M1]

The published figures and their sources: ../shared/anchors/calibration.md, docs/timing.md.
"""
import argparse
import importlib
import os
import pkgutil
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def modules(only=None):
    import anchors as pkg  # bench/anchors/
    for m in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if m.name.startswith("_"):
            continue
        if only and not any(m.name.lower().startswith(o.lower()) for o in only):
            continue
        yield importlib.import_module("anchors." + m.name)


def error(r):
    return (r["ours_us"] - r["published_us"]) / r["published_us"] * 100


def table(rows):
    print(f"{'anchor':40} {'metric':7} {'published us':>13} {'ours us':>11} {'error':>8} {'wall s':>7}")
    for r in rows:
        print(f"{r['anchor']:40} {r['metric']:7} {r['published_us']:13.2f} {r['ours_us']:11.2f} "
              f"{error(r):+7.1f}% {r['wall_s']:7.1f}")


def summary(rows, what="all"):
    if not rows:
        return
    tot = [r for r in rows if r["metric"] == "total"]
    pipe = [r for r in rows if r["metric"] != "total"]
    ok_t = sum(abs(error(r)) <= 10 for r in tot)
    ok_p = sum(abs(error(r)) <= 15 for r in pipe)
    med = statistics.median(abs(error(r)) for r in rows)
    print(f"{what:12} median |error| {med:.1f} %; totals within +-10 %: {ok_t}/{len(tot)}; "
          f"pipe times within +-15 %: {ok_p}/{len(pipe)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default=None, help="comma-separated anchor-module prefixes")
    args = ap.parse_args()
    only = args.only.split(",") if args.only else None
    rows = []
    failed = []
    for m in modules(only):
        try:
            got = m.rows()
        except (Exception, SystemExit) as e:  # one anchor's failure must not hide the others' rows
            print(f"{m.__name__}: FAILED: {e}", file=sys.stderr)
            failed.append(m.__name__)
            continue
        table(got)
        sys.stdout.flush()
        for r in got:
            r.setdefault("validation", bool(getattr(m, "VALIDATION", False)))
        rows += got
    print()
    summary(rows)
    summary([r for r in rows if not r["validation"]], "calibration")
    summary([r for r in rows if r["validation"]], "validation")
    if failed:
        print("failed: " + ", ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
