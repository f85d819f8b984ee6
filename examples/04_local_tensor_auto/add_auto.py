#!/usr/bin/env python3
"""Vector add with LocalTensorAuto: the kernel names its UB tensors and the compiler does the
rest -- where they live, and every synchronization.  Using LocalTensorAuto turns insert_sync
on (pyasc's rule).  openasc plans the tensors as raw UB ranges, two slots each inside the loop,
and auto-sync-full double-buffers them; insert_sync="pyasc" runs pyasc's own lowering (a depth-1
TQue per tensor) for comparison (docs/sync.md has both timings).

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/04_local_tensor_auto/add_auto.py [-r Model] [-v Ascend910B1]
"""
import os
import sys

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "01_add"))
from add import parse_args, verify  # noqa: E402  (the tutorials' command line and check)

USE_CORE_NUM = 8
TILE = 2048


@asc.jit
def add_auto_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    for i in range(block_length // TILE):
        x_local = asc.LocalTensorAuto(x.dtype, TILE)
        y_local = asc.LocalTensorAuto(y.dtype, TILE)
        z_local = asc.LocalTensorAuto(z.dtype, TILE)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        asc.data_copy(y_local, y_gm[i * TILE:], TILE)
        asc.add(z_local, x_local, y_local, TILE)
        asc.data_copy(z_gm[i * TILE:], z_local, TILE)


def main():
    backend, platform = parse_args()
    print("[INFO] start process sample add_auto.")
    config.set_platform(backend, platform)
    block_length = 16 * TILE
    n = USE_CORE_NUM * block_length
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, n).astype(np.float16)
    y = rng.uniform(-1, 1, n).astype(np.float16)
    z = np.zeros(n, dtype=np.float16)
    add_auto_kernel[USE_CORE_NUM, rt.current_stream()](x, y, z, block_length, profile_lines=True)  # top lines
    if not verify(z, x, y):
        raise RuntimeError("[ERROR] result mismatch")
    print(rt.report_text())
    print("[INFO] Sample add_auto run success.")


if __name__ == "__main__":
    main()
