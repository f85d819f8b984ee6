#!/usr/bin/env python3
"""A1-A4: the ADDPERF anchors (8192 x 8192 half z = x + y on Ascend910B1, hardware.md §13.2), already in
docs/timing.md: bench/calibrate.py's kernels (examples/ir/anchor_add.mlir, anchor_add_db.mlir) run
full size here too, with the published msprof per-core pipe times (vec, scalar, mte2, mte3)."""
import ctypes as C
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from anchors._common import ROOT, Timer, main, row  # noqa: E402

import calibrate  # noqa: E402  (bench/: the cases and their published figures)
import simlib  # noqa: E402

PIPES = (("vec", simlib.PIPE_V), ("scalar", simlib.PIPE_S), ("mte2", simlib.PIPE_MTE2), ("mte3", simlib.PIPE_MTE3))


def rows():
    sim = simlib.Sim(os.environ.get("ASC_LIBRARY"))
    out, bufs = [], {}
    for name, f, dt, esz, n, blocks, tile, pub in calibrate.CASES:
        key = name[:2]
        if key not in calibrate.PIPES_PUB:
            continue
        if n not in bufs:
            bufs.clear()
            bufs[n] = [(C.c_char * (n * esz))() for _ in range(3)]
            for b in bufs[n]:
                b.nbytes = n * esz
        x, y, z = bufs[n]
        m = sim.parse(os.path.join(ROOT, "examples", "ir", f))
        with Timer() as w:
            r = sim.launch(m, [("x", x, dt), ("y", y, dt), ("z", z, dt), ("n", n, "i32"), ("tile", tile, "i32")],
                           blocks, sanitize=False)
        sim.free_module(m)  # drops the program compiled from m: a later parse may reuse its address
        if r["rc"]:
            raise RuntimeError(f"{name}: {sim.diagnostics()}")
        label = name.split(" ", 1)[0] + " ADDPERF " + name.split(" ", 1)[1]
        out.append(row(label, "total", pub, r["us"], w.s))
        mhz = r["cycles"] / r["us"]
        for (metric, p), published in zip(PIPES, calibrate.PIPES_PUB[key]):
            out.append(row(label, metric, published, r["busy"][0][p] / mhz, w.s))
    sim.close()
    return out


if __name__ == "__main__":
    main(rows)
