"""TPipe life cycle and event ids (hardware.md §9): init / destroy / reset between tiles,
alloc / release / fetch_event_id values, get_base_addr, and the misuses the simulator reports."""
import warnings

import numpy as np
import pytest

import asc

VECIN, VECOUT = asc.TPosition.VECIN, asc.TPosition.VECOUT
TILE = 64


def run_strict(kernel, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        kernel[1](*args)


@asc.jit
def relife_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int, use_reset: asc.ConstExpr[int]):
    """Every tile re-carves UB: destroy + init (or reset at the end), then init_buffer in the
    loop; the out queue is carved first in odd tiles, so its buffer moves between tiles."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    for t in range(tiles):
        if use_reset == 0:
            pipe.destroy()
            pipe.init()
        pipe.init_buffer(qi, 1, TILE * 4)
        pipe.init_buffer(qo, 1, TILE * 4)
        a = qi.alloc_tensor(asc.float32)
        asc.data_copy(a, xg[t * TILE:], count=TILE)
        qi.enque(a)
        a = qi.deque(asc.float32)
        b = qo.alloc_tensor(asc.float32)
        asc.adds(b, a, float(1.5), count=TILE)
        qo.enque(b)
        qi.free_tensor(a)
        b = qo.deque(asc.float32)
        asc.data_copy(zg[t * TILE:], b, count=TILE)
        qo.free_tensor(b)
        if use_reset == 1:
            pipe.reset()


@pytest.mark.parametrize("use_reset", [0, 1])
def test_relife_tiles(use_reset):
    x = np.arange(4 * TILE, dtype=np.float32) * 0.25
    z = np.zeros_like(x)
    run_strict(relife_kernel, x, z, 4, use_reset)
    np.testing.assert_array_equal(z, x + np.float32(1.5))


@asc.jit
def event_id_kernel(out: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    pipe = asc.TPipe()
    e0 = pipe.alloc_event_id(asc.HardEvent.V_S)
    e1 = pipe.alloc_event_id(asc.HardEvent.V_S)
    og.set_value(0, e0)
    og.set_value(1, e1)
    og.set_value(2, pipe.fetch_event_id(asc.HardEvent.V_S))   # not taken: next free
    og.set_value(3, pipe.fetch_event_id(asc.HardEvent.V_S))   # still the same
    pipe.release_event_id(e0, asc.HardEvent.V_S)
    og.set_value(4, pipe.fetch_event_id(asc.HardEvent.V_S))   # 0 is free again
    og.set_value(5, pipe.alloc_event_id(event=asc.HardEvent.MTE2_V))  # per event
    e = pipe.alloc_event_id(event=asc.HardEvent.MTE2_V)
    asc.set_flag(asc.HardEvent.MTE2_V, e)
    asc.wait_flag(asc.HardEvent.MTE2_V, e)
    pipe.release_event_id(id=e, event=asc.HardEvent.MTE2_V)
    og.set_value(6, e)
    og.set_value(7, pipe.get_base_addr(VECIN))
    pipe.reset()                                               # frees every id
    og.set_value(8, pipe.alloc_event_id(asc.HardEvent.V_S))


def test_event_ids():
    out = np.full(9, -1, np.int32)
    run_strict(event_id_kernel, out)
    np.testing.assert_array_equal(out, [0, 1, 2, 2, 0, 0, 1, 0, 0])


@asc.jit
def no_init_kernel(z: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(VECOUT, 1)
    pipe.destroy()
    pipe.init_buffer(q, 1, 64)


@asc.jit
def release_unallocated_kernel(z: asc.GlobalAddress):
    pipe = asc.TPipe()
    pipe.release_event_id(3, asc.HardEvent.V_S)


@asc.jit
def destroy_held_kernel(z: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(VECOUT, 1)
    pipe.init_buffer(q, 1, 64)
    a = q.alloc_tensor(asc.float32)
    asc.duplicate(a, float(1.0), count=16)
    pipe.destroy()


@asc.jit
def stale_after_reset_kernel(z: asc.GlobalAddress):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(VECOUT, 1)
    pipe.init_buffer(q, 1, 64)
    a = q.alloc_tensor(asc.float32)
    q.free_tensor(a)
    pipe.reset()
    pipe.init_buffer(q, 1, 64)
    asc.duplicate(a, float(1.0), count=16)   # a belongs to the destroyed pipe


@pytest.mark.parametrize("kernel, msg", [
    (no_init_kernel, "the TPipe was destroyed; call TPipe.init"),
    (release_unallocated_kernel, "event id 3 of V_S is not allocated"),
    (destroy_held_kernel, "a tensor of a queue is still allocated"),
    (stale_after_reset_kernel, "use after free"),
])
def test_misuse_reported(kernel, msg):
    z = np.zeros(16, np.float32)
    with pytest.raises(asc.KernelError, match=msg):
        kernel[1](z)


@asc.jit
def in_place_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """alloc_tensor(t) / deque(t) bind the tensor passed in (no result used)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi = asc.TQue(VECIN, 1)
    qo = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qi, 1, TILE * 4)
    pipe.init_buffer(qo, 1, TILE * 4)
    a = asc.LocalTensor(asc.float32)
    qi.alloc_tensor(a)
    asc.data_copy(a, xg, count=TILE)
    qi.enque(a)
    b = asc.LocalTensor(asc.float32)
    qi.deque(b)
    c = asc.LocalTensor(asc.float32)
    qo.alloc_tensor(c)
    asc.muls(c, b, float(2.0), count=TILE)
    qo.enque(c)
    qi.free_tensor(b)
    d = asc.LocalTensor(asc.float32)
    qo.deque(d)
    asc.data_copy(zg, d, count=TILE)
    qo.free_tensor(d)


def test_in_place_alloc_and_deque():
    x = np.arange(TILE, dtype=np.float32)
    z = np.zeros_like(x)
    run_strict(in_place_kernel, x, z)
    np.testing.assert_array_equal(z, 2 * x)
