#!/usr/bin/env python3
"""Vector add with static UB tensors and manual synchronisation (no TPipe):
each tile is copied in (MTE2), added (V) and copied out (MTE3), with set_flag/wait_flag
ordering the pipes: MTE2 -> V, V -> MTE3, and MTE3 -> MTE2 before the next tile reuses UB.

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/01_add/add.py [-r Model] [-v Ascend910B1]
"""
import argparse

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

USE_CORE_NUM = 8
TILE_LENGTH = 512  # elements per tile


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    tile_bytes = TILE_LENGTH * x.dtype.sizeof()
    x_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, TILE_LENGTH)
    y_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, tile_bytes, TILE_LENGTH)
    z_local = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 2 * tile_bytes, TILE_LENGTH)

    for i in range(block_length // TILE_LENGTH):
        if i > 0:
            # the previous tile's copy-out must finish reading z_local... and before x/y are overwritten
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
        asc.data_copy(y_local, y_gm[i * TILE_LENGTH:], TILE_LENGTH)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(z_local, x_local, y_local, TILE_LENGTH)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, TILE_LENGTH)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def parse_args():
    p = argparse.ArgumentParser(description="add sample")
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
    print("[INFO] start process sample add.")
    config.set_platform(backend, platform)
    block_length = 8 * TILE_LENGTH
    n = USE_CORE_NUM * block_length
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, n).astype(np.float16)
    y = rng.uniform(-1, 1, n).astype(np.float16)
    z = np.zeros(n, dtype=np.float16)
    add_kernel[USE_CORE_NUM, rt.current_stream()](x, y, z, block_length)
    if not verify(z, x, y):
        raise RuntimeError("[ERROR] result mismatch")
    print(rt.report_text())
    print("[INFO] Sample add run success.")


if __name__ == "__main__":
    main()
