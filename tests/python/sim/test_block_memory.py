"""Every block starts with its local memory all zero (docs/timing.md, "Simulator speed"; src/sim/coremem.c).

The simulator reuses a host thread's UB from block to block and clears what an earlier block
wrote only when the next block first reaches it (a whole-chunk data_copy into UB is not cleared
first, it overwrites).  These kernels make a block read UB another block wrote, so a byte left
over would show in the output: block b copies 200 floats (800 bytes, so the copy ends inside a
512-byte chunk) of its x into UB region b % 2 and adds regions 0 and 1 (256 floats each) into
z.  UB is zero where the block did not write, so z's first 200 floats are x's and the other 56
are 0.0, whatever ran before on the same host thread.  The region the block did not write is
an uninitialised read: with the sanitizers on that is an error at the add, and the output is
the same."""
import ctypes

import numpy as np
import pytest

from asc import _lib

KERNEL = """
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("k.py":2:4)
    %seven = "arith.constant"() {value = 7.0 : f32} : () -> f32 loc("k.py":2:4)
    %n = "arith.constant"() {value = 256 : i32} : () -> i32 loc("k.py":2:4)
    %part = "arith.constant"() {value = 200 : i32} : () -> i32 loc("k.py":2:4)
    %r1 = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("k.py":2:4)
    %r2 = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("k.py":2:4)
    %bi = "asc.get_block_idx"() : () -> i32 loc("k.py":3:9)
    %goff = "arith.muli"(%bi, %n) : (i32, i32) -> i32 loc("k.py":4:9)
    %xb = "asc.gm_offset"(%x, %goff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32> loc("k.py":6:9)
    %zb = "asc.gm_offset"(%z, %goff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32> loc("k.py":6:9)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("k.py":7:9)
    "asc.set_global_buffer"(%xg, %xb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("k.py":7:9)
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("k.py":8:9)
    "asc.set_global_buffer"(%zg, %zb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("k.py":8:9)
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("k.py":10:9)
    %b = "asc.local_tensor"(%r1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("k.py":11:9)
    %o = "asc.local_tensor"(%r2, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("k.py":12:9)
    "asc.data_copy"(%a, %xg, %part) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("k.py":13:4)
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("k.py":14:4)
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("k.py":15:4)
    "asc.add"(%o, %a, %b, %n) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> () loc("k.py":16:4)
    "asc.duplicate"(%a, %seven, %n) : (!asc.local_tensor<f32, VECIN>, f32, i32) -> () loc("k.py":17:4)
    "asc.set_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("k.py":17:4)
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("k.py":18:4)
    "asc.data_copy"(%zg, %o, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("k.py":19:4)
    "func.return"() : () -> () loc("k.py":20:0)
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "k"} : () -> () loc("k.py":1:0)
}) : () -> ()
"""


def run(blocks, threads, sanitize, seed=1):
    m = _lib.Module("k.mlir", KERNEL, {}, "")
    assert m.m, m.diags.errors
    rng = np.random.default_rng(seed)
    x = (rng.integers(1, 1000, 256 * blocks)).astype(np.float32)  # no zero: a left-over byte shows
    z = np.full(256 * blocks, -1.0, np.float32)
    f32 = _lib.sim_dtype("f32")
    rc, rep = _lib.launch(m, "k", [("gm", x.ctypes.data_as(ctypes.c_void_p), x.nbytes, f32, "x"),
                                   ("gm", z.ctypes.data_as(ctypes.c_void_p), z.nbytes, f32, "z")],
                          "Ascend910B1", blocks, sanitize=sanitize, threads=threads)
    return rc, rep, x, z


@pytest.mark.parametrize("blocks,threads", [(2, 1), (4, 1), (5, 2), (48, 2)])
def test_a_block_sees_no_bytes_of_an_earlier_block(blocks, threads):
    rc, rep, x, z = run(blocks, threads, sanitize=0)
    assert rc == 0
    want = x.reshape(blocks, 256).copy()
    want[:, 200:] = 0.0
    np.testing.assert_array_equal(z.reshape(blocks, 256), want)


@pytest.mark.parametrize("blocks,threads", [(2, 1), (3, 1)])
def test_the_unwritten_region_is_an_uninitialised_read(blocks, threads):
    rc, rep, x, z = run(blocks, threads, sanitize=1)
    text = "\n".join(str(e) for e in rep["errors"])
    # the block wrote UB bytes [0, 800) before the add: [800, 2048) of its operands are unwritten
    assert "read of uninitialized UB bytes" in text, text
    want = x.reshape(blocks, 256).copy()
    want[:, 200:] = 0.0
    np.testing.assert_array_equal(z.reshape(blocks, 256), want)
