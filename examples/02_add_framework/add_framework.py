#!/usr/bin/env python3
"""Vector add with the TPipe/TQue framework: copy_in -> compute -> copy_out per tile,
double-buffered queues (BUFFER_NUM = 2), the work split over 8 cores with a ceil split.

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/02_add_framework/add_framework.py [-r Model] [-v Ascend910B1]
"""
import argparse

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

BUFFER_NUM = 2
USE_CORE_NUM = 8
TILE_LENGTH = 256  # elements per tile


@asc.jit
def copy_in(x_gm: asc.GlobalTensor, y_gm: asc.GlobalTensor, in_queue_x: asc.TQue, in_queue_y: asc.TQue,
            offset, tile_length: asc.ConstExpr[int]):
    x_local = in_queue_x.alloc_tensor(x_gm.dtype)
    y_local = in_queue_y.alloc_tensor(y_gm.dtype)
    asc.data_copy(x_local, x_gm[offset:], tile_length)
    asc.data_copy(y_local, y_gm[offset:], tile_length)
    in_queue_x.enque(x_local)
    in_queue_y.enque(y_local)


@asc.jit
def compute(in_queue_x: asc.TQue, in_queue_y: asc.TQue, out_queue_z: asc.TQue, dtype: asc.ConstExpr,
            tile_length: asc.ConstExpr[int]):
    x_local = in_queue_x.deque(dtype)
    y_local = in_queue_y.deque(dtype)
    z_local = out_queue_z.alloc_tensor(dtype)
    asc.add(z_local, x_local, y_local, tile_length)
    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    in_queue_y.free_tensor(y_local)


@asc.jit
def copy_out(z_gm: asc.GlobalTensor, out_queue_z: asc.TQue, offset, dtype: asc.ConstExpr,
             tile_length: asc.ConstExpr[int]):
    z_local = out_queue_z.deque(dtype)
    asc.data_copy(z_gm[offset:], z_local, tile_length)
    out_queue_z.free_tensor(z_local)


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total_length: int):
    block_num = asc.get_block_num()
    block_length = asc.ceildiv(total_length, block_num * TILE_LENGTH) * TILE_LENGTH
    start = asc.get_block_idx() * block_length
    # the last core gets what is left (may be less than block_length, or nothing)
    length = block_length
    if start + block_length > total_length:
        length = total_length - start
    if length < 0:
        length = 0
    tile_num = length // TILE_LENGTH

    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + start, length)
    y_gm.set_global_buffer(y + start, length)
    z_gm.set_global_buffer(z + start, length)

    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    tile_bytes = TILE_LENGTH * x.dtype.sizeof()
    pipe.init_buffer(in_queue_x, BUFFER_NUM, tile_bytes)
    pipe.init_buffer(in_queue_y, BUFFER_NUM, tile_bytes)
    pipe.init_buffer(out_queue_z, BUFFER_NUM, tile_bytes)

    for i in range(tile_num):
        offset = i * TILE_LENGTH
        copy_in(x_gm, y_gm, in_queue_x, in_queue_y, offset, TILE_LENGTH)
        compute(in_queue_x, in_queue_y, out_queue_z, x.dtype, TILE_LENGTH)
        copy_out(z_gm, out_queue_z, offset, x.dtype, TILE_LENGTH)


def parse_args():
    p = argparse.ArgumentParser(description="add_framework sample")
    p.add_argument("-r", "--run-mode", default="Model")
    p.add_argument("-v", "--soc-version", default="Ascend910B1")
    a = p.parse_args()
    backends = [b.value for b in config.Backend]
    platforms = [s.value for s in config.Platform]
    if a.run_mode not in backends:
        raise ValueError(f"Unsupported Backend! Supported: {backends}")
    if a.soc_version not in platforms:
        raise ValueError(f"Unsupported Platform! Supported: {platforms}")
    return config.Backend(a.run_mode), config.Platform(a.soc_version)


def verify(z, x, y):
    try:
        import torch
        return torch.allclose(torch.from_numpy(z).float(), torch.from_numpy(x + y).float(), rtol=1e-3, atol=1e-3)
    except ImportError:
        return np.allclose(z.astype(np.float32), (x + y).astype(np.float32), rtol=1e-3, atol=1e-3)


def main():
    backend, platform = parse_args()
    print("[INFO] start process sample add_framework.")
    config.set_platform(backend, platform)
    n = 8 * 2048 + 3 * TILE_LENGTH  # does not divide evenly over the 8 cores
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, n).astype(np.float16)
    y = rng.uniform(-1, 1, n).astype(np.float16)
    z = np.zeros(n, dtype=np.float16)
    add_kernel[USE_CORE_NUM, rt.current_stream()](x, y, z, n, profile_lines=True)  # top lines in the report
    if not verify(z, x, y):
        raise RuntimeError("[ERROR] result mismatch")
    print(rt.report_text())
    print("[INFO] Sample add_framework run success.")


if __name__ == "__main__":
    main()
