#!/usr/bin/env python3
"""Mixed-precision leaky ReLU: z = leaky_relu(float(x), alpha) rounded back to half.

Each tile is widened to float32 in a TBuf scratch buffer, activated there and narrowed into the
output queue: three dependent vector instructions in a row.  They need pipe_barrier(PIPE_V)
between them, which the kernel does not write: the compiler's auto-sync pass (on by default,
CompileOptions.auto_sync) inserts them, as bisheng does for Ascend C.  Run with --no-auto-sync
to see the race detector report the missing barrier at the Python line.

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/03_leaky_relu/leaky_relu.py [-r Model] [-v Ascend910B1]
"""
import argparse

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

USE_CORE_NUM = 4
TILE = 512
ALPHA = 0.125


@asc.jit
def leaky_relu_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 2, TILE * x.dtype.sizeof())
    pipe.init_buffer(out_queue, 2, TILE * z.dtype.sizeof())
    pipe.init_buffer(scratch, TILE * asc.float32.sizeof())
    wide = scratch.get(asc.float32)

    for i in range(block_length // TILE):
        x_local = in_queue.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        in_queue.enque(x_local)

        x_local = in_queue.deque(x.dtype)
        z_local = out_queue.alloc_tensor(z.dtype)
        asc.cast(wide, x_local, asc.RoundMode.CAST_NONE, TILE)
        asc.leaky_relu(wide, wide, ALPHA, TILE)
        asc.cast(z_local, wide, asc.RoundMode.CAST_RINT, TILE)
        out_queue.enque(z_local)
        in_queue.free_tensor(x_local)

        z_local = out_queue.deque(z.dtype)
        asc.data_copy(z_gm[i * TILE:], z_local, TILE)
        out_queue.free_tensor(z_local)


def parse_args():
    p = argparse.ArgumentParser(description="leaky_relu sample")
    p.add_argument("-r", "--run-mode", default="Model")
    p.add_argument("-v", "--soc-version", default="Ascend910B1")
    p.add_argument("--no-auto-sync", action="store_true", help="do not insert the vector barriers")
    a = p.parse_args()
    backends = [b.value for b in config.Backend]
    platforms = [s.value for s in config.Platform]
    if a.run_mode not in backends:
        raise ValueError(f"Unsupported Backend! Supported: {backends}")
    if a.soc_version not in platforms:
        raise ValueError(f"Unsupported Platform! Supported: {platforms}")
    return config.Backend(a.run_mode), config.Platform(a.soc_version), not a.no_auto_sync


def main():
    backend, platform, auto_sync = parse_args()
    print("[INFO] start process sample leaky_relu.")
    config.set_platform(backend, platform)
    block_length = 4 * TILE
    n = USE_CORE_NUM * block_length
    x = np.random.default_rng(0).uniform(-4, 4, n).astype(np.float16)
    z = np.zeros(n, dtype=np.float16)
    leaky_relu_kernel[USE_CORE_NUM, rt.current_stream()](x, z, block_length, auto_sync=auto_sync,
                                                         profile_lines=True)  # top lines in the report
    xf = x.astype(np.float32)
    ref = np.where(xf >= 0, xf, xf * ALPHA).astype(np.float16)
    if not np.allclose(z.astype(np.float32), ref.astype(np.float32), rtol=1e-3, atol=1e-3):
        raise RuntimeError("[ERROR] result mismatch")
    print(rt.report_text())
    print("[INFO] Sample leaky_relu run success.")


if __name__ == "__main__":
    main()
