#!/usr/bin/env python3
"""add.py synchronised by hand for double buffering: forward flags (MTE2_V, V_MTE3) per
tile as before, and backward flags per slot -- V_MTE2 (the add has read x and y, the slot
may be refilled) and MTE3_V (the copy-out has read z, the slot may be rewritten) -- set once
per slot before the loop, waited before the slot's next reuse and drained after the loop.
Tile i + 1's copy-in then overlaps tile i's add and copy-out.

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/01_add/add_double_buffer.py [-r Model] [-v Ascend910B1]
"""
import asc
from add import BUFFER_NUM, TILE_NUM, main


@asc.jit
def add_double_buffer_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                             block_length: int):
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

    for s in range(BUFFER_NUM):  # every slot starts free
        asc.set_flag(asc.HardEvent.V_MTE2, s)
        asc.set_flag(asc.HardEvent.MTE3_V, s)
    for i in range(TILE_NUM * BUFFER_NUM):
        slot = i % BUFFER_NUM
        asc.wait_flag(asc.HardEvent.V_MTE2, slot)
        asc.data_copy(x_local[slot * tile_length:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[slot * tile_length:], y_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE3_V, slot)
        asc.add(z_local[slot * tile_length:], x_local[slot * tile_length:], y_local[slot * tile_length:],
                tile_length)
        asc.set_flag(asc.HardEvent.V_MTE2, slot)
        asc.set_flag(asc.HardEvent.V_MTE3, slot)
        asc.wait_flag(asc.HardEvent.V_MTE3, slot)
        asc.data_copy(z_gm[i * tile_length:], z_local[slot * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE3_V, slot)
    for s in range(BUFFER_NUM):  # consume the last sets
        asc.wait_flag(asc.HardEvent.V_MTE2, s)
        asc.wait_flag(asc.HardEvent.MTE3_V, s)


if __name__ == "__main__":
    main(add_double_buffer_kernel, "add_double_buffer")
