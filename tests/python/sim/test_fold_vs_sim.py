"""A constant the folder computes equals what the simulator computes for the same operands (issue 28:
arith.maxf(+0.0, -0.0) folded to +0.0 but simulated to -0.0).  Each kernel stores maxf/minf of its
runtime arguments and of constants; run once as written (the simulator computes every value) and once
after canonicalize (the folder computes the constant ones).  Expected values are MLIR's arith.maxf /
minf rule (NaN propagates, -0 < +0), written by hand."""
import ctypes

import numpy as np
import pytest

from asc import _lib

KERNEL = """
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %a: f32, %b: f32):
    %i0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %i1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %i2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %i3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %ca = "arith.constant"() {value = CA : f32} : () -> f32
    %cb = "arith.constant"() {value = CB : f32} : () -> f32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %r0 = "arith.maxf"(%a, %b) : (f32, f32) -> f32
    %r1 = "arith.minf"(%a, %b) : (f32, f32) -> f32
    %r2 = "arith.maxf"(%ca, %cb) : (f32, f32) -> f32
    %r3 = "arith.minf"(%ca, %cb) : (f32, f32) -> f32
    "asc.set_value"(%xg, %i0, %r0) : (!asc.global_tensor<f32>, i32, f32) -> ()
    "asc.set_value"(%xg, %i1, %r1) : (!asc.global_tensor<f32>, i32, f32) -> ()
    "asc.set_value"(%xg, %i2, %r2) : (!asc.global_tensor<f32>, i32, f32) -> ()
    "asc.set_value"(%xg, %i3, %r3) : (!asc.global_tensor<f32>, i32, f32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, f32, f32) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
"""


def literal(v):
    return "0x7FC00000" if np.isnan(v) else repr(float(v))  # MLIR spells a NaN by its bits


def run(a, b, pipeline):
    text = KERNEL.replace("CA", literal(a)).replace("CB", literal(b))
    m = _lib.Module("k.mlir", text, {}, pipeline)
    assert m.m, m.diags.errors
    x = np.full(4, 7, np.float32)
    f32 = _lib.sim_dtype("f32")
    rc, rep = _lib.launch(m, "k", [("gm", x.ctypes.data_as(ctypes.c_void_p), x.nbytes, f32, "x"),
                                   ("float", f32, a, "a"), ("float", f32, b, "b")], "Ascend910B1", 1)
    assert rc == 0 and not rep["errors"], rep["errors"]
    return x, m.text()


# (a, b, max, min), MLIR's rule
CASES = [(0.0, -0.0, 0.0, -0.0), (-0.0, 0.0, 0.0, -0.0), (1.5, -2.0, 1.5, -2.0), (-3.0, -3.0, -3.0, -3.0)]


@pytest.mark.parametrize("a,b,mx,mn", CASES)
@pytest.mark.parametrize("pipeline", ["", "canonicalize"])
def test_maxf_minf_folded_and_simulated_agree(a, b, mx, mn, pipeline):
    x, text = run(a, b, pipeline)
    want = np.array([mx, mn, mx, mn], np.float32)
    assert np.array_equal(x, want) and np.array_equal(np.signbit(x), np.signbit(want)), (x, want)
    if pipeline:  # the constant pair was folded: no maxf/minf of constants left
        assert text.count('"arith.maxf"') == 1 and text.count('"arith.minf"') == 1, text


def test_nan_is_not_folded_and_propagates():
    x, text = run(float("nan"), 1.0, "canonicalize")
    assert np.isnan(x).all(), x
    assert text.count('"arith.maxf"') == 2, text
