"""TQue queries (api.md §9 Tier 1, hardware.md §9): values at known points of a depth-2 queue's
life, read back through a GM int32 array; free_all_event must leave the kernel race-free."""
import warnings

import numpy as np

import asc

VECIN, VECOUT = asc.TPosition.VECIN, asc.TPosition.VECOUT
N = 16  # ints per tile: 64 B


def snap(og, q, at):
    """Plain helper (runs at trace time): 4 values per point: count, vacant, has_tensor, has_idle."""
    og.set_value(at, q.get_tensor_count_in_que())
    og.set_value(at + 1, q.vacant_in_que())
    og.set_value(at + 2, q.has_tensor_in_que())
    og.set_value(at + 3, q.has_idle_buffer())


@asc.jit
def query_kernel(out: asc.GlobalAddress):
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    pipe = asc.TPipe()
    q = asc.TQue(VECIN, 2)
    pipe.init_buffer(q, 2, N * 4)

    snap(og, q, 0)                       # empty
    a = q.alloc_tensor(asc.int32)
    snap(og, q, 4)                       # one allocated, none enqueued
    q.enque(a)
    snap(og, q, 8)                       # one enqueued
    b = q.alloc_tensor(asc.int32)
    snap(og, q, 12)                      # both allocated
    q.enque(b)
    snap(og, q, 16)                      # both enqueued: full
    a = q.deque(asc.int32)
    snap(og, q, 20)
    b = q.deque(asc.int32)
    snap(og, q, 24)                      # drained, both still held
    q.free_tensor(a)
    snap(og, q, 28)                      # one free again
    q.free_tensor(b)
    q.free_all_event()
    snap(og, q, 32)                      # back to the start
    # the queries are runtime i1 values usable as conditions
    if q.vacant_in_que():
        og.set_value(36, 7)
    if q.has_tensor_in_que():
        og.set_value(37, 9)
    else:
        og.set_value(37, 8)


# rows: count, vacant, has_tensor, has_idle
EXPECTED = [[0, 1, 0, 1], [0, 1, 0, 1], [1, 1, 1, 1], [1, 1, 1, 0], [2, 0, 1, 0],
            [1, 1, 1, 0], [0, 1, 0, 0], [0, 1, 0, 1], [0, 1, 0, 1]]


def run_strict(kernel, *args):
    """Launch with every simulator warning (unpaired set, race) an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        kernel[1](*args)


def test_query_values():
    out = np.full(40, -1, np.int32)
    run_strict(query_kernel, out)
    np.testing.assert_array_equal(out[:36].reshape(9, 4), EXPECTED)
    assert out[36] == 7 and out[37] == 8


@asc.jit
def pipeline_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int):
    """Double-buffered copy-in / adds / copy-out; free_all_event after every tile, so the next
    alloc waits nothing and the MTE2 write must still be ordered after V's read."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 2)
    qz = asc.TQue(VECOUT, 2)
    pipe.init_buffer(qx, 2, N * 4)
    pipe.init_buffer(qz, 2, N * 4)
    for i in range(tiles):
        xl = qx.alloc_tensor(asc.int32)
        asc.data_copy(xl, xg[i * N:], N)
        qx.enque(xl)
        xl = qx.deque(asc.int32)
        zl = qz.alloc_tensor(asc.int32)
        asc.adds(zl, xl, 1, N)
        qz.enque(zl)
        qx.free_tensor(xl)
        qx.free_all_event()
        zl = qz.deque(asc.int32)
        asc.data_copy(zg[i * N:], zl, N)
        qz.free_tensor(zl)
        qz.free_all_event()


def test_free_all_event_is_race_and_deadlock_free():
    tiles = 4
    x = np.arange(tiles * N, dtype=np.int32)
    z = np.zeros_like(x)
    run_strict(pipeline_kernel, x, z, tiles)
    np.testing.assert_array_equal(z, x + 1)
