#!/usr/bin/env python3
"""GELU with asc.adv's erf and tanh: z = x * Phi(x), in both of its usual forms

    erf form:   z = 0.5 x (1 + erf(x / sqrt(2)))
    tanh form:  z = 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))

float32 data split evenly over the blocks; each block streams its part through double-buffered
queues (TQue depth 2) in tiles of TILE elements.  asc.adv.erf / asc.adv.tanh are library calls:
the compiler expands each into basic vector instructions over the shared tmp buffer passed here
(docs/adv.md), so the timing table below counts them.  Checked against numpy in float64:
max abs error 1e-6 (erf form: the exact GELU; tanh form: numpy's tanh approximation).

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/06_gelu/gelu.py [-r Model] [-v Ascend910B1] [--blocks 8]
"""
import argparse
import math

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

TILE = 2048
TMP_BYTES = 8 * 1024  # the shared tmp buffer of the library call
SQRT1_2 = 1 / math.sqrt(2)
K_TANH = math.sqrt(2 / math.pi)


@asc.jit
def gelu_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int, use_tanh: asc.ConstExpr[bool]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    work = asc.TBuf(asc.TPosition.VECCALC)
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 2, TILE * x.dtype.sizeof())
    pipe.init_buffer(out_queue, 2, TILE * z.dtype.sizeof())
    pipe.init_buffer(work, TILE * asc.float32.sizeof())
    pipe.init_buffer(tmp, TMP_BYTES)
    t = work.get(asc.float32)
    shared = tmp.get(asc.uint8)
    for i in range(block_length // TILE):
        x_local = in_queue.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        in_queue.enque(x_local)
        x_local = in_queue.deque(x.dtype)
        z_local = out_queue.alloc_tensor(z.dtype)
        if use_tanh:
            asc.mul(t, x_local, x_local, TILE)
            asc.mul(t, t, x_local, TILE)
            asc.muls(t, t, 0.044715, TILE)
            asc.add(t, t, x_local, TILE)
            asc.muls(t, t, K_TANH, TILE)
            asc.adv.tanh(t, t, TILE, temp_buffer=shared)
        else:
            asc.muls(t, x_local, SQRT1_2, TILE)
            asc.adv.erf(t, t, TILE, temp_buffer=shared)
        asc.adds(t, t, 1.0, TILE)
        asc.mul(t, t, x_local, TILE)
        asc.muls(z_local, t, 0.5, TILE)
        out_queue.enque(z_local)
        in_queue.free_tensor(x_local)
        z_local = out_queue.deque(z.dtype)
        asc.data_copy(z_gm[i * TILE:], z_local, TILE)
        out_queue.free_tensor(z_local)


def gelu_numpy(x, use_tanh):
    xf = x.astype(np.float64)
    if use_tanh:
        return 0.5 * xf * (1 + np.tanh(K_TANH * (xf + 0.044715 * xf ** 3)))
    return 0.5 * xf * (1 + np.vectorize(math.erf)(xf * SQRT1_2))


def run(blocks, tiles_per_block=2, use_tanh=False, seed=0):
    n = blocks * tiles_per_block * TILE
    x = np.random.default_rng(seed).uniform(-6, 6, n).astype(np.float32)
    z = np.zeros_like(x)
    gelu_kernel[blocks, rt.current_stream()](x, z, n // blocks, use_tanh, profile_lines=True)  # top lines in the report
    return x, z, float(np.max(np.abs(z - gelu_numpy(x, use_tanh))))


def parse_args():
    p = argparse.ArgumentParser(description="gelu sample")
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
    print("[INFO] start process sample gelu.")
    config.set_platform(backend, platform)
    for use_tanh in (False, True):
        _, _, err = run(blocks, use_tanh=use_tanh)
        print(f"[INFO] {'tanh' if use_tanh else 'erf'} form on {blocks} blocks: max abs error {err:.3g}")
        if err > 1e-6:
            raise RuntimeError("[ERROR] result mismatch")
        print(rt.report_text())
    print("[INFO] Sample gelu run success.")


if __name__ == "__main__":
    main()
