#!/usr/bin/env python3
"""sync_table.py - for each example kernel: the syncs each policy leaves in the kernel and the
simulated time it then takes.  Prints a Markdown table (docs/sync.md keeps a copy).

Policies (the pass pipeline after inline,canonicalize,cse):
  written     the kernel as written (auto_sync=False)
  pyasc       pyasc's insert-sync (hoist-que-bind,insert-sync,unify-pipe,canonicalize): what pyasc
              does when insert_sync is on (pyasc turns it on only for LocalTensorAuto kernels; for
              those, pyasc's whole lowering: materialize-tensor ... insert-sync, then auto-sync)
  openasc     LocalTensorAuto kernels: plan-auto-tensors, then auto-sync-full (insert_sync=True)
  auto        auto-sync: the vendor compiler's share (same-pipe barriers, scalar flags); the default
  full        auto-sync-full: every missing sync, with loop-carried and rotating edges

Counts are static (ops in the IR): set/wait pairs, pipe_barrier(PIPE_V), pipe_barrier(PIPE_ALL),
other barriers, TQue enque (each with its deque).  Time is the simulator's (Ascend910B1, 8 cores, sanitizers on); "races" is the
number of sanitizer reports of that run (a policy that leaves a race gets a time, but a wrong one).

    PYTHONPATH=python /usr/bin/python3 bench/sync_table.py
"""
import os
import re
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "examples", "01_add"),
                os.path.join(ROOT, "examples", "04_local_tensor_auto"),
                os.path.join(ROOT, "examples", "02_add_framework"), os.path.join(ROOT, "examples", "03_leaky_relu")]

import asc.runtime.config as config  # noqa: E402
from asc import _lib  # noqa: E402
from asc.runtime.jit import AUTO_TENSOR_PIPELINE, INSERT_SYNC_PIPELINE  # noqa: E402
from asc.runtime.marshal import _marshal  # noqa: E402

POLICIES = [("written", ""), ("pyasc", "hoist-que-bind,insert-sync,unify-pipe,canonicalize"),
            ("auto", "auto-sync"), ("full", "auto-sync-full")]
# LocalTensorAuto kernels cannot run as written: pyasc's lowering + insert-sync (then the default
# auto-sync, as pyasc's bisheng would), or openasc's (insert_sync=True)
AUTO_POLICIES = [("pyasc", INSERT_SYNC_PIPELINE + ",auto-sync"), ("openasc", AUTO_TENSOR_PIPELINE + ",auto-sync-full")]
CORES = 8


def kernels():
    """(label, jit function, argument tuple builder)."""
    import add
    import add_auto
    import add_autosync
    import add_double_buffer
    import add_framework
    import leaky_relu
    rng = np.random.default_rng(0)
    n01 = add.TILE_NUM * add.BUFFER_NUM * 2048

    def add_args(n_per_core, total=None):
        total = total or CORES * n_per_core
        x = rng.uniform(-1, 1, total).astype(np.float16)
        y = rng.uniform(-1, 1, total).astype(np.float16)
        return (x, y, np.zeros_like(x), n_per_core)

    def lr_args():
        bl = 2 * leaky_relu.TILE * 8
        return (rng.uniform(-1, 1, leaky_relu.USE_CORE_NUM * bl).astype(np.float16),
                np.zeros(leaky_relu.USE_CORE_NUM * bl, np.float16), bl)
    nfw = add_framework.USE_CORE_NUM * 8 * 2048
    return [("01 add (tutorial flags)", add.add_kernel, CORES, lambda: add_args(n01)),
            ("01 add, flags deleted", add_autosync.add_autosync_kernel, CORES, lambda: add_args(n01)),
            ("01 add, hand double-buffered", add_double_buffer.add_double_buffer_kernel, CORES,
             lambda: add_args(n01)),
            ("02 add_framework (TQue)", add_framework.add_kernel, add_framework.USE_CORE_NUM,
             lambda: add_args(nfw, nfw)[:3] + (nfw,)),
            ("03 leaky_relu (TQue+TBuf)", leaky_relu.leaky_relu_kernel, leaky_relu.USE_CORE_NUM, lr_args),
            ("04 add (LocalTensorAuto)", add_auto.add_auto_kernel, add_auto.USE_CORE_NUM,
             lambda: add_args(16 * add_auto.TILE))]


def count(text):
    sets = len(re.findall(r'"asc\.set_flag"', text))
    waits = len(re.findall(r'"asc\.wait_flag"', text))
    pv = len(re.findall(r"PIPE_V>", text))
    pall = len(re.findall(r"PIPE_ALL>", text))
    bars = len(re.findall(r'"asc\.pipe_barrier"', text))
    enq = len(re.findall(r'"asc\.enque"', text))
    return sets, waits, pv, pall, bars - pv - pall, enq


def measure(fn, cores, args, pipeline):
    names = list(fn.signature.parameters)
    mod = _lib.Module(fn.__name__, fn.last_ir, {}, "inline,canonicalize,cse" + ("," + pipeline if pipeline else ""))
    if not mod.m:
        return None, "does not compile: " + "".join(mod.diags.errors).strip().splitlines()[0]
    largs = [_marshal(n, v)[2] for n, v in zip(names, args)]
    rc, rep = _lib.launch(mod, fn.__name__, largs, "Ascend910B1", cores)
    races = len(rep["errors"]) + len(rep["warnings"])
    return (count(mod.text()), rep["cycles"], races), None


def main():
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)
    print("| kernel | policy | set/wait pairs | PIPE_V | PIPE_ALL | other barriers | TQue enque/deque | cycles | reports |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, fn, cores, make in kernels():
        args = make()
        fn[cores](*args, auto_sync="full", always_compile=True)  # traces the kernel: fn.last_ir
        auto = '"asc.local_tensor_auto"' in fn.last_ir
        for pol, pipeline in AUTO_POLICIES if auto else POLICIES:
            got, err = measure(fn, cores, make(), pipeline)
            if err:
                print(f"| {label} | {pol} | {err} |||||||")
                continue
            (s, w, pv, pall, other, enq), cycles, races = got
            pairs = f"{s}" if s == w else f"{s} sets / {w} waits"
            print(f"| {label} | {pol} | {pairs} | {pv} | {pall} | {other} | {enq} | {cycles} | {races} |")


if __name__ == "__main__":
    main()
