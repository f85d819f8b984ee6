#!/usr/bin/env python3
"""Vector add with static UB tensors and manual synchronisation (no TPipe), in the shape
of pyasc's tutorial 01: each core's block is cut into TILE_NUM * BUFFER_NUM tiles; tile i
uses slot i % BUFFER_NUM of the x, y and z buffers; it is copied in (MTE2), added (V) and
copied out (MTE3), with set_flag/wait_flag between the pipes, ids following the slot.

The flags here are the tutorial's: every set is followed at once by its wait, so the pipes
take turns and the second slot buys nothing.  add_autosync.py is this kernel with every
flag deleted (auto-sync places them); add_double_buffer.py places them by hand so that
copy-in of one slot overlaps the add and copy-out of the other.

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/01_add/add.py [-r Model] [-v Ascend910B1]
"""
import argparse

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

USE_CORE_NUM = 8
TILE_NUM = 8
BUFFER_NUM = 2  # 1 or 2


@asc.jit
def add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    tile_length = block_length // TILE_NUM // BUFFER_NUM
    buffer_bytes = tile_length * BUFFER_NUM * x.dtype.sizeof()
    # static tensors: position, UB byte address, element count (every slot)
    x_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, tile_length * BUFFER_NUM)
    y_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, buffer_bytes, tile_length * BUFFER_NUM)
    z_local = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 2 * buffer_bytes, tile_length * BUFFER_NUM)

    for i in range(TILE_NUM * BUFFER_NUM):
        slot = i % BUFFER_NUM
        asc.data_copy(x_local[slot * tile_length:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[slot * tile_length:], y_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)
        asc.add(z_local[slot * tile_length:], x_local[slot * tile_length:], y_local[slot * tile_length:],
                tile_length)
        asc.set_flag(asc.HardEvent.V_MTE3, slot)
        asc.wait_flag(asc.HardEvent.V_MTE3, slot)
        asc.data_copy(z_gm[i * tile_length:], z_local[slot * tile_length:], tile_length)
        # x, y and z of this slot are reused two tiles later: the copy-out must be done
        asc.set_flag(asc.HardEvent.MTE3_MTE2, slot)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, slot)


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


def main(kernel=add_kernel, name="add"):
    backend, platform = parse_args()
    print(f"[INFO] start process sample {name}.")
    config.set_platform(backend, platform)
    block_length = TILE_NUM * BUFFER_NUM * 2048
    n = USE_CORE_NUM * block_length
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, n).astype(np.float16)
    y = rng.uniform(-1, 1, n).astype(np.float16)
    z = np.zeros(n, dtype=np.float16)
    kernel[USE_CORE_NUM, rt.current_stream()](x, y, z, block_length, profile_lines=True)  # top lines in the report
    if not verify(z, x, y):
        raise RuntimeError("[ERROR] result mismatch")
    print(rt.report_text())
    print(f"[INFO] Sample {name} run success.")


if __name__ == "__main__":
    main()
