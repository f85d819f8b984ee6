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


# ---- the sweep: every binary arith op and cmpi / cmpf predicate, in every element type ------------
# Each kernel computes op(a_k, b_k) twice per operand pair k: on constants (which canonicalize folds,
# where the folder has a rule that applies) and on the same values read from GM (which the
# simulator's scalar unit computes).  Both results go to GM; they must be the same bits.  The
# operand pairs are every pair of a set of edge values; the test also requires that the folder did
# fold a third or more of them (shifts by the width or more are not folded), so the comparison is not vacuous.
SWEEP_KERNEL = """
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<R>, %y: !asc.gm_ptr<T>):
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<R>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<R>, !asc.gm_ptr<R>) -> ()
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<T>
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<T>, !asc.gm_ptr<T>) -> ()
BODY    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<R>, !asc.gm_ptr<T>) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
"""

INT_TYPES = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}
FLOAT_TYPES = {"f16": np.float16, "f32": np.float32}  # bf16: numpy has no type to hold it
INT_EDGES = [0, 1, -1, 2, -2, 3, 7, -7, 100, "max", "min", "max-1", "min+1"]
FLOAT_EDGES = [0.0, -0.0, 1.0, -1.0, 1.5, -2.25, 0.1, 3.0, 1e-3, 1e30, "max", "tiny", "inf", "-inf", "nan"]


def int_values(np_t):
    info = np.iinfo(np_t)
    named = {"max": info.max, "min": info.min, "max-1": info.max - 1, "min+1": info.min + 1}
    return [np_t(named.get(v, v)) for v in INT_EDGES]


def float_values(np_t):
    info = np.finfo(np_t)
    named = {"max": info.max, "tiny": info.smallest_subnormal, "inf": np.inf, "-inf": -np.inf, "nan": np.nan}
    with np.errstate(over="ignore"):
        return [np_t(named.get(v, v)) for v in FLOAT_EDGES]


def const_text(v, ty):
    """v as an arith.constant attribute of type ty; a float is given by its bits, so it is exact."""
    if ty in INT_TYPES:
        return f"{int(v)} : {ty}"
    bits = v.view(np.uint16 if ty == "f16" else np.uint32)
    return f"0x{int(bits):X} : {ty}"


def registry_binary_ops():
    """(name, element kind) of every arith op (a, b) -> a's type, and cmpi / cmpf, from the registry."""
    ops = []
    for name, row in _lib.registry_ops().items():
        if row["family"] != "arith" or row["names"] != ("lhs", "rhs"):
            continue
        kind = row["operands"].split(",")[0].split("$")[0]
        ops.append((name, "int" if kind == "intidx" else "float"))
    return sorted(ops)


SWEEP_OPS = registry_binary_ops()


def sweep_body(op, ty, rty, pairs, pred):
    attr = f" {{predicate = {pred} : i64}}" if pred is not None else ""
    lines = []
    for k, (a, b) in enumerate(pairs):
        lines.append(f'    %i{k} = "arith.constant"() {{value = {2 * k} : i32}} : () -> i32\n'
                     f'    %j{k} = "arith.constant"() {{value = {2 * k + 1} : i32}} : () -> i32\n'
                     f'    %ca{k} = "arith.constant"() {{value = {const_text(a, ty)}}} : () -> {ty}\n'
                     f'    %cb{k} = "arith.constant"() {{value = {const_text(b, ty)}}} : () -> {ty}\n'
                     f'    %rc{k} = "{op}"(%ca{k}, %cb{k}){attr} : ({ty}, {ty}) -> {rty}\n'
                     f'    %ga{k} = "asc.get_value"(%yg, %i{k}) : (!asc.global_tensor<{ty}>, i32) -> {ty}\n'
                     f'    %gb{k} = "asc.get_value"(%yg, %j{k}) : (!asc.global_tensor<{ty}>, i32) -> {ty}\n'
                     f'    %rs{k} = "{op}"(%ga{k}, %gb{k}){attr} : ({ty}, {ty}) -> {rty}\n')
        if rty == "i1":  # a comparison: its i1 as an i32 0 / 1
            lines.append(f'    %ec{k} = "arith.extui"(%rc{k}) : (i1) -> i32\n'
                         f'    %es{k} = "arith.extui"(%rs{k}) : (i1) -> i32\n')
        c, s = (f"%ec{k}", f"%es{k}") if rty == "i1" else (f"%rc{k}", f"%rs{k}")
        out = "i32" if rty == "i1" else rty
        lines.append(f'    "asc.set_value"(%xg, %i{k}, {c}) : (!asc.global_tensor<{out}>, i32, {out}) -> ()\n'
                     f'    "asc.set_value"(%xg, %j{k}, {s}) : (!asc.global_tensor<{out}>, i32, {out}) -> ()\n')
    return "".join(lines)


def sweep_run(op, ty, pred=None):
    np_t = INT_TYPES.get(ty) or FLOAT_TYPES[ty]
    vals = int_values(np_t) if ty in INT_TYPES else float_values(np_t)
    pairs = [(a, b) for a in vals for b in vals]
    if op in ("arith.divsi", "arith.divui", "arith.ceildivsi", "arith.remsi", "arith.remui"):
        pairs = [(a, b) for a, b in pairs if b != 0]  # the simulator's error, the folder's refusal
    rty = "i1" if pred is not None else ty
    out_t = np.int32 if pred is not None else np_t
    text = SWEEP_KERNEL.replace("BODY", sweep_body(op, ty, rty, pairs, pred)).replace(
        "!asc.gm_ptr<R>", f"!asc.gm_ptr<{'i32' if pred is not None else ty}>").replace(
        "global_tensor<R>", f"global_tensor<{'i32' if pred is not None else ty}>").replace("<T>", f"<{ty}>")
    m = _lib.Module("k.mlir", text, {}, "canonicalize")
    assert m.m, (op, ty, m.diags.errors)
    y = np.array([v for p in pairs for v in p], np_t)
    x = np.zeros(2 * len(pairs), out_t)
    rdt = _lib.sim_dtype("i32" if pred is not None else ty)
    rc, rep = _lib.launch(m, "k", [("gm", x.ctypes.data_as(ctypes.c_void_p), x.nbytes, rdt, "x"),
                                   ("gm", y.ctypes.data_as(ctypes.c_void_p), y.nbytes, _lib.sim_dtype(ty), "y")],
                          "Ascend910B1", 1)
    assert rc == 0 and not rep["errors"], (op, ty, rep["errors"])
    bits = x.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[x.itemsize])
    bad = [(pairs[k], x[2 * k], x[2 * k + 1]) for k in range(len(pairs)) if bits[2 * k] != bits[2 * k + 1]]
    folded = len(pairs) - (m.text().count(f'"{op}"') - len(pairs))
    return bad, folded, len(pairs)


@pytest.mark.parametrize("op,kind", SWEEP_OPS, ids=[o for o, _ in SWEEP_OPS])
def test_sweep_folded_equals_simulated(op, kind):
    types = INT_TYPES if kind == "int" else FLOAT_TYPES
    preds = range(10) if op == "arith.cmpi" else range(16) if op == "arith.cmpf" else [None]
    folded = total = 0
    for ty in types:
        for pred in preds:
            bad, f, n = sweep_run(op, ty, pred)
            assert not bad, (op, ty, pred, bad[:5])  # (operands, folded, simulated)
            folded, total = folded + f, total + n
    assert folded * 3 > total, (op, folded, total)  # the folder took a third or more: a real comparison
