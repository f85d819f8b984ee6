"""Facts the Python front end reads from libasc's tables instead of keeping copies (issue 28):
enums (src/ops/enums.def), the ops pyasc functions pick by parameter struct (ops.def API_FORM rows),
the library's unary math functions (their ops' signature) and TPosition -> memory (hw.def HW_POS).
Expected values are pyasc's / Ascend C's documented ones, not read back from the tables."""
import numpy as np

import asc
from asc import _lib


def test_enums_have_the_documented_values():
    # Ascend C's CMPMODE, SELMODE, MaskMode and ReduceOrder enumerations (pyasc re-exports them)
    assert [(m.name, m.value) for m in asc.CMPMODE] == [("LT", 0), ("GT", 1), ("EQ", 2), ("LE", 3), ("GE", 4), ("NE", 5)]
    assert asc.SelMode.VSEL_CMPMASK_SPR == 0 and asc.SelMode.VSEL_TENSOR_TENSOR_MODE == 2
    assert asc.MaskMode.NORMAL == 0 and asc.MaskMode.COUNTER == 1
    assert asc.ReduceOrder.ORDER_VALUE_INDEX == 0 and asc.ReduceOrder.ORDER_ONLY_INDEX == 3


def test_comparison_predicates_use_mlir_numbering():
    # MLIR arith: cmpi slt = 2, sge = 5; cmpf olt = 4, one = 6 (pyasc's `!=` on floats is ONE)
    e = _lib.registry_enums()
    assert (e["cmpi"]["slt"], e["cmpi"]["sge"], e["cmpf"]["olt"], e["cmpf"]["one"]) == (2, 5, 4, 6)


def test_runtime_comparisons_are_signed_and_ordered():
    @asc.jit
    def k(out: asc.GlobalAddress, a: int, b: int, x: float):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        if a < b:
            g.set_value(0, 1)
        if a >= b:
            g.set_value(1, 1)
        if x != x:
            g.set_value(2, 1)
        if x == x:
            g.set_value(3, 1)

    out = np.zeros(4, np.int32)
    k[1](out, -3, 2, float("nan"))
    # -3 < 2 signed; NaN != NaN is false under ONE (ordered), NaN == NaN false
    assert out.tolist() == [1, 0, 0, 0]


def test_struct_forms_name_one_op_per_struct():
    assert _lib.api_struct_forms("load_data")["LoadData2DParams"] == "asc.load_data_2d"
    assert _lib.api_struct_forms("load_data_with_transpose")["LoadData2dTransposeParamsV2"] == \
        "asc.load_data_with_transpose_v2"
    forms = _lib.api_struct_forms("data_copy")
    assert forms["Nd2NzParams"] == "asc.data_copy_nd2nz" and forms["DataCopyParams"] == "asc.data_copy_params"
    for fn in ("load_data", "load_data_with_transpose", "data_copy"):
        for struct in _lib.api_struct_forms(fn):
            assert hasattr(asc, struct), struct  # each is a parameter struct of the API


def test_unary_math_library_is_the_documented_list():
    # pyasc's asc.language.adv math pages (one unary elementwise function each)
    documented = set("acos acosh asin asinh atan atanh ceil cos cosh digamma erf erfc floor frac lgamma log round "
                     "sign sin sinh tan tanh trunc".split())
    from asc.language.adv import math
    assert documented <= set(asc.adv.__all__)
    assert all(callable(getattr(math, n)) for n in documented)


def test_positions_map_to_their_memories():
    H = asc.Hardware
    assert _lib.pos_memory(asc.TPosition.VECIN) == H.UB and _lib.pos_memory(asc.TPosition.VECCALC) == H.UB
    assert _lib.pos_memory(asc.TPosition.A1) == H.L1 and _lib.pos_memory(asc.TPosition.C1) == H.L1
    assert _lib.pos_memory(asc.TPosition.CO1) == H.L0C and _lib.pos_memory(asc.TPosition.GM) == H.GM
