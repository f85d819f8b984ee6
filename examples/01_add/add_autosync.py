#!/usr/bin/env python3
"""add.py with every set_flag/wait_flag deleted: auto_sync="full" infers them.  The
compiler sees that tile i uses slot i % 2 of each buffer, so it rotates two event ids with
the slot: the copy-in of tile i + 1 waits only for the add of tile i - 1 (its slot's last
reader), not for tile i -- double buffering nobody wrote (docs/sync.md shows the result).

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/01_add/add_autosync.py [-r Model] [-v Ascend910B1]
"""
import asc
from add import BUFFER_NUM, TILE_NUM, main


@asc.jit(auto_sync="full")
def add_autosync_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    tile_length = block_length // TILE_NUM // BUFFER_NUM
    buffer_bytes = tile_length * BUFFER_NUM * x.dtype.sizeof()
    x_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, tile_length * BUFFER_NUM)
    y_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, buffer_bytes, tile_length * BUFFER_NUM)
    z_local = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 2 * buffer_bytes, tile_length * BUFFER_NUM)

    for i in range(TILE_NUM * BUFFER_NUM):
        slot = i % BUFFER_NUM
        asc.data_copy(x_local[slot * tile_length:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[slot * tile_length:], y_gm[i * tile_length:], tile_length)
        asc.add(z_local[slot * tile_length:], x_local[slot * tile_length:], y_local[slot * tile_length:],
                tile_length)
        asc.data_copy(z_gm[i * tile_length:], z_local[slot * tile_length:], tile_length)


if __name__ == "__main__":
    main(add_autosync_kernel, "add_autosync")
