#!/usr/bin/env python3
"""Row softmax with asc.adv.softmax: z[r, :] = exp(x[r, :] - max_r) / sum_r, for an [M, W] float32 matrix.

The rows are split evenly over the blocks; each block streams ROWS rows at a time through
double-buffered queues (TQue depth 2).  asc.adv.softmax is one library call per tile (tiling
[ROWS, W]); the compiler expands it into reduce_max, adds, exp, reduce_sum and muls per row over the
shared tmp buffer given here (docs/adv.md).  Each row's max and sum land in one 32-byte block of
the sum/max tensors, as in Ascend C.  Checked against numpy in float64: relative error 1e-5.

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/07_softmax/softmax.py [-r Model] [-v Ascend910B1] [--blocks 8]
"""
import argparse

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

W = 512     # row length (float32: a whole number of 32-byte blocks)
ROWS = 4    # rows per tile
TMP_BYTES = 4 * 1024


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, rows_per_block: int):
    offset = asc.get_block_idx() * rows_per_block * W
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, rows_per_block * W)
    z_gm.set_global_buffer(z + offset, rows_per_block * W)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    stats = asc.TBuf(asc.TPosition.VECCALC)
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 2, ROWS * W * x.dtype.sizeof())
    pipe.init_buffer(out_queue, 2, ROWS * W * z.dtype.sizeof())
    pipe.init_buffer(stats, 2 * ROWS * 32)
    pipe.init_buffer(tmp, TMP_BYTES)
    row_sum = stats.get(x.dtype)
    row_max = row_sum[ROWS * 32 // x.dtype.sizeof():]
    shared = tmp.get(asc.uint8)
    tiling = asc.adv.SoftmaxTiling(src_m=ROWS, src_k=W, src_size=ROWS * W)
    for i in range(rows_per_block // ROWS):
        x_local = in_queue.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[i * ROWS * W:], ROWS * W)
        in_queue.enque(x_local)
        x_local = in_queue.deque(x.dtype)
        z_local = out_queue.alloc_tensor(z.dtype)
        asc.adv.softmax(z_local, row_sum, row_max, x_local, tiling, temp_buffer=shared)
        out_queue.enque(z_local)
        in_queue.free_tensor(x_local)
        z_local = out_queue.deque(z.dtype)
        asc.data_copy(z_gm[i * ROWS * W:], z_local, ROWS * W)
        out_queue.free_tensor(z_local)


def softmax_numpy(x):
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def run(blocks, tiles_per_block=2, seed=0):
    m = blocks * tiles_per_block * ROWS
    x = np.random.default_rng(seed).uniform(-8, 8, (m, W)).astype(np.float32)
    z = np.zeros_like(x)
    softmax_kernel[blocks, rt.current_stream()](x, z, m // blocks, profile_lines=True)  # top lines in the report
    ref = softmax_numpy(x)
    return x, z, float(np.max(np.abs(z - ref) / ref))


def parse_args():
    p = argparse.ArgumentParser(description="softmax sample")
    p.add_argument("-r", "--run-mode", default="Model")
    p.add_argument("-v", "--soc-version", default="Ascend910B1")
    p.add_argument("--blocks", type=int, default=8)
    a = p.parse_args()
    backends = [b.value for b in config.Backend]
    platforms = [s.value for s in config.Platform]
    if a.run_mode not in backends:
        raise ValueError(f"Unsupported Backend! Supported: {backends}")
    if a.soc_version not in platforms:
        raise ValueError(f"Unsupported Platform! Supported: {platforms}")
    return config.Backend(a.run_mode), config.Platform(a.soc_version), a.blocks


def main():
    backend, platform, blocks = parse_args()
    print("[INFO] start process sample softmax.")
    config.set_platform(backend, platform)
    _, _, err = run(blocks)
    print(f"[INFO] {blocks} blocks: max relative error {err:.3g}")
    if err > 1e-5:
        raise RuntimeError("[ERROR] result mismatch")
    print(rt.report_text())
    print("[INFO] Sample softmax run success.")


if __name__ == "__main__":
    main()
