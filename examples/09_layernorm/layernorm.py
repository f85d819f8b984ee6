#!/usr/bin/env python3
"""LayerNorm from the pyasc API and asc.adv.rmsnorm: z = (x - mean) / sqrt(var + eps) * gamma + beta per row.

A centred row has mean 0, so its LayerNorm is the RMSNorm of the centred row: per row, reduce_sum
gives the mean (read by the scalar unit), adds subtracts it, then one asc.adv.rmsnorm call per
tile normalises and scales the ROWS centred rows and an add puts beta on.  [M, H] float32, rows
split evenly over the blocks, double-buffered queues (TQue depth 2).  Checked against numpy in
float64: error 1e-5 relative to max(|z|, 1).

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/09_layernorm/layernorm.py [-r Model] [-v Ascend910B1] [--blocks 8]
"""
import argparse

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

H = 256
ROWS = 8
EPS = 1e-5
TMP_BYTES = 4 * 1024


@asc.jit
def layernorm_kernel(x: asc.GlobalAddress, gamma: asc.GlobalAddress, beta: asc.GlobalAddress, z: asc.GlobalAddress,
                     rows_per_block: int):
    offset = asc.get_block_idx() * rows_per_block * H
    x_gm = asc.GlobalTensor()
    g_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, rows_per_block * H)
    g_gm.set_global_buffer(gamma, H)
    b_gm.set_global_buffer(beta, H)
    z_gm.set_global_buffer(z + offset, rows_per_block * H)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    gb_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    work = asc.TBuf(asc.TPosition.VECCALC)
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 2, ROWS * H * x.dtype.sizeof())
    pipe.init_buffer(gb_queue, 1, 2 * H * x.dtype.sizeof())
    pipe.init_buffer(out_queue, 2, ROWS * H * z.dtype.sizeof())
    pipe.init_buffer(work, ROWS * H * 4 + 256)
    pipe.init_buffer(tmp, TMP_BYTES)
    centred = work.get(asc.float32)
    red = centred[ROWS * H:]
    shared = tmp.get(asc.uint8)
    gb = gb_queue.alloc_tensor(x.dtype)
    asc.data_copy(gb, g_gm, H)
    asc.data_copy(gb[H:], b_gm, H)
    gb_queue.enque(gb)
    gb = gb_queue.deque(x.dtype)
    g_local = gb
    b_local = gb[H:]
    tiling = asc.adv.RmsNormTiling(b_length=1, s_length=ROWS, h_length=H, original_h_length=H)
    for i in range(rows_per_block // ROWS):
        x_local = in_queue.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[i * ROWS * H:], ROWS * H)
        in_queue.enque(x_local)
        x_local = in_queue.deque(x.dtype)
        for r in range(ROWS):
            asc.reduce_sum(red, x_local[r * H:], red[8:], H)
            mean = red.get_value(0) * (1.0 / H)
            asc.adds(centred[r * H:], x_local[r * H:], -mean, H)
        in_queue.free_tensor(x_local)
        z_local = out_queue.alloc_tensor(z.dtype)
        asc.adv.rmsnorm(z_local, centred, g_local, EPS, tiling, temp_buffer=shared)
        for r in range(ROWS):
            asc.add(z_local[r * H:], z_local[r * H:], b_local, H)
        out_queue.enque(z_local)
        z_local = out_queue.deque(z.dtype)
        asc.data_copy(z_gm[i * ROWS * H:], z_local, ROWS * H)
        out_queue.free_tensor(z_local)
    gb_queue.free_tensor(gb)


def layernorm_numpy(x, gamma, beta):
    xf = x.astype(np.float64)
    c = xf - xf.mean(axis=1, keepdims=True)
    return c / np.sqrt((c * c).mean(axis=1, keepdims=True) + EPS) * gamma + beta


def run(blocks, tiles_per_block=2, seed=0):
    m = blocks * tiles_per_block * ROWS
    rng = np.random.default_rng(seed)
    x = rng.uniform(-3, 5, (m, H)).astype(np.float32)
    gamma = rng.uniform(0.5, 1.5, H).astype(np.float32)
    beta = rng.uniform(-1, 1, H).astype(np.float32)
    z = np.zeros_like(x)
    layernorm_kernel[blocks, rt.current_stream()](x, gamma, beta, z, m // blocks, profile_lines=True)  # top lines
    ref = layernorm_numpy(x, gamma, beta)
    return x, z, float(np.max(np.abs(z - ref) / np.maximum(np.abs(ref), 1.0)))


def parse_args():
    p = argparse.ArgumentParser(description="layernorm sample")
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
    print("[INFO] start process sample layernorm.")
    config.set_platform(backend, platform)
    _, _, err = run(blocks)
    print(f"[INFO] {blocks} blocks: max error {err:.3g} (relative to max(|z|, 1))")
    if err > 1e-5:
        raise RuntimeError("[ERROR] result mismatch")
    print(rt.report_text())
    print("[INFO] Sample layernorm run success.")


if __name__ == "__main__":
    main()
