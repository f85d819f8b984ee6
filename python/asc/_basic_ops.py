"""Hand-written wrappers of the basic API whose operands the registry generator
(asc.language.core._make_vector_op) does not cover: the mask register, compare / select and
the per-repeat reductions.  Thin: each call checks its arguments and emits one IR op of
src/ops/ops.def; the semantics are in libasc (src/sim/vlevel0.c, vcmpsel.c, vreduce.c)."""
import re

from ._core import DTYPES, PlainValue, builder, check_const, dtype_of, to_value
from .language.core import _base as _c
from .language.core.enums import CMPMODE, MaskMode, ReduceOrder, SelMode

_I32, _I64 = DTYPES["int32"], DTYPES["int64"]

__all__ = ["set_vector_mask", "reset_mask", "set_mask_count", "set_mask_norm", "compare", "compare_scalar",
           "get_cmp_mask", "set_cmp_mask", "select", "whole_reduce_sum", "whole_reduce_max", "whole_reduce_min",
           "block_reduce_sum", "block_reduce_max", "block_reduce_min", "pair_reduce_sum", "repeat_reduce_sum"]


def _lt(x, fn, arg):
    return _c._need(x, _c.LocalTensor, fn, arg).value


def _struct(x, name, fn, arg):
    if type(x).__name__ != name:
        raise TypeError(f"{fn}(): argument '{arg}' must be a {name}, got {type(x).__name__}")
    return x.value


def _enum(kind, cls, v, fn, arg):
    try:
        return f"#asc.{kind}<{cls(int(v)).name}>"
    except (ValueError, TypeError):
        raise ValueError(f"{fn}(): '{arg}' must be a {cls.__name__}, got {v!r}") from None


def _flag(v):
    return "true" if v else "false"


def _mask(fn, mask):
    """(op-name suffix, operands) of a level-0 mask: an int lane count or a list of uint64 words
    (mask[0] = lanes 0-63, mask[1] = lanes 64-127)."""
    if isinstance(mask, (list, tuple)):
        hi, lo = _c._mask_words(fn, mask)
        return ".bitmask", [to_value(hi, _I64, wrap=True), to_value(lo, _I64, wrap=True)]
    return ".mask", [to_value(mask, _I64, wrap=True)]


def _form(base, sfx):
    """The level-0 form of count-form op `base` for a _mask suffix, from the registry's FORM rows."""
    return _c._REGISTRY[base]["forms"][sfx[1:]]


def _bind(fn, names, args, kw, required):
    vals = _c._bind(fn, names, args, kw)
    for n in required:
        if n not in vals:
            raise TypeError(f"{fn}(): missing argument '{n}'")
    return vals


# ---- the mask register -------------------------------------------------------------------------------------
def set_vector_mask(*args, dtype, mode=MaskMode.NORMAL):
    """set_vector_mask(len, dtype=, mode=) or set_vector_mask(mask_high, mask_low, dtype=, mode=)."""
    b = builder("set_vector_mask")
    attrs = {"dtype": dtype_of(dtype).ir, "mode": _enum("maskmode", MaskMode, mode, "set_vector_mask", "mode")}
    if len(args) == 1:
        b.op("asc.set_vector_mask", [to_value(args[0], _I64)], [], attrs)
    elif len(args) == 2:
        b.op("asc.set_vector_mask.bits", [to_value(args[0], _I64, wrap=True), to_value(args[1], _I64, wrap=True)], [],
             attrs)
    else:
        raise TypeError(f"set_vector_mask() takes (len) or (mask_high, mask_low), {len(args)} arguments given")


def reset_mask():
    builder("reset_mask").op("asc.reset_mask")


def set_mask_count():
    builder("set_mask_count").op("asc.set_mask_count")


def set_mask_norm():
    builder("set_mask_norm").op("asc.set_mask_norm")


# ---- compare and select -------------------------------------------------------------------------------------
def compare(*args, **kw):
    """compare(dst, src0, src1, cmp_mode, count | mask, repeat_times, repeat_params[, is_set_mask]) or
    compare(src0, src1, cmp_mode, mask, repeat_params[, is_set_mask]) (into CMPMASK)."""
    fn = "compare"
    b = builder(fn)
    to_reg = "dst" not in kw and "count" not in kw and "repeat_times" not in kw and (
        len(args) < 3 or not isinstance(args[2], _c.LocalTensor))
    if to_reg:
        v = _bind(fn, ("src0", "src1", "cmp_mode", "mask", "repeat_params", "is_set_mask"), args, kw,
                  ("src0", "src1", "cmp_mode", "mask", "repeat_params"))
        sfx, m = _mask(fn, v["mask"])
        b.op("asc.compare.reg_" + sfx[1:], [_lt(v["src0"], fn, "src0"), _lt(v["src1"], fn, "src1")] + m +
             [_struct(v["repeat_params"], "BinaryRepeatParams", fn, "repeat_params")], [],
             {"cmp_mode": _enum("cmpmode", CMPMODE, v["cmp_mode"], fn, "cmp_mode"),
              "is_set_mask": _flag(v.get("is_set_mask", True))})
        return
    names = ("dst", "src0", "src1", "cmp_mode", "mask", "repeat_times", "repeat_params", "is_set_mask")
    if "count" in kw:
        names = ("dst", "src0", "src1", "cmp_mode", "count")
    v = _bind(fn, names, args, kw, ("dst", "src0", "src1", "cmp_mode"))
    ops = [_lt(v["dst"], fn, "dst"), _lt(v["src0"], fn, "src0"), _lt(v["src1"], fn, "src1")]
    mode = _enum("cmpmode", CMPMODE, v["cmp_mode"], fn, "cmp_mode")
    if "repeat_times" not in v:
        n = v.get("count", v.get("mask"))
        if n is None:
            raise TypeError(f"{fn}(): missing argument 'count'")
        b.op("asc.compare", ops + [_c._i32(n)], [], {"cmp_mode": mode})
        return
    sfx, m = _mask(fn, v["mask"])
    b.op(_form("asc.compare", sfx), ops + m + [_c._i32(v["repeat_times"]),
                                          _struct(v.get("repeat_params"), "BinaryRepeatParams", fn, "repeat_params")],
         [], {"cmp_mode": mode, "is_set_mask": _flag(v.get("is_set_mask", True))})


def compare_scalar(dst, src0, src1_scalar, cmp_mode, *args, **kw):
    """compare_scalar(dst, src0, src1_scalar, cmp_mode, count | mask, repeat_times, repeat_params[, is_set_mask])."""
    fn = "compare_scalar"
    b = builder(fn)
    src = _c._need(src0, _c.LocalTensor, fn, "src0")
    ops = [_lt(dst, fn, "dst"), src.value, to_value(src1_scalar, src.dtype)]
    mode = _enum("cmpmode", CMPMODE, cmp_mode, fn, "cmp_mode")
    names = ("count",) if "count" in kw else ("mask", "repeat_times", "repeat_params", "is_set_mask")
    v = _c._bind(fn, names, args, kw)
    if "repeat_times" not in v:
        n = v.get("count", v.get("mask"))
        if n is None:
            raise TypeError(f"{fn}(): missing argument 'count'")
        b.op("asc.compare_scalar", ops + [_c._i32(n)], [], {"cmp_mode": mode})
        return
    sfx, m = _mask(fn, v["mask"])
    rp = v.get("repeat_params")
    if type(rp).__name__ == "BinaryRepeatParams":  # pyasc's doc example passes one: its src1 strides are unused
        f = rp.fields
        rp = _c.UnaryRepeatParams(f["dst_blk_stride"], f["src0_blk_stride"], f["dst_rep_stride"], f["src0_rep_stride"])
    b.op(_form("asc.compare_scalar", sfx), ops + m + [_c._i32(v["repeat_times"]),
                                                 _struct(rp, "UnaryRepeatParams", fn, "repeat_params")],
         [], {"cmp_mode": mode, "is_set_mask": _flag(v.get("is_set_mask", True))})


def get_cmp_mask(dst):
    builder("get_cmp_mask").op("asc.get_cmp_mask", [_lt(dst, "get_cmp_mask", "dst")])


def set_cmp_mask(src):
    builder("set_cmp_mask").op("asc.set_cmp_mask", [_lt(src, "set_cmp_mask", "src")])


def select(dst, *args, **kw):
    """select(dst, sel_mask, src0, src1, sel_mode, count | mask, repeat_times, repeat_params[, is_set_mask]);
    src1 is a tensor (SelMode 0 and 2) or a scalar (SelMode 1)."""
    fn = "select"
    b = builder(fn)
    if "sel_mode" in kw and "repeat_times" in kw and len(args) == 2:  # select(dst, src0, src1, repeat_times=, ...)
        v = _bind(fn, ("src0", "src1"), args, {}, ("src0", "src1"))
        if int(kw["sel_mode"]) == SelMode.VSEL_TENSOR_SCALAR_MODE:
            raise ValueError("select(): SelMode.VSEL_TENSOR_SCALAR_MODE's register form is select(dst, sel_mask, src0, "
                             "repeat_times, repeat_params) (the scalar in CMPMASK)")
        d = _c._need(dst, _c.LocalTensor, fn, "dst")
        b.op("asc.select.reg", [d.value, _lt(v["src0"], fn, "src0"), _lt(v["src1"], fn, "src1"),
                                _c._i32(kw["repeat_times"]),
                                _struct(kw.get("repeat_params"), "BinaryRepeatParams", fn, "repeat_params")],
             [], {"sel_mode": _enum("selmode", SelMode, kw["sel_mode"], fn, "sel_mode")})
        return
    if "sel_mode" not in kw and (("repeat_times" in kw and len(args) == 2) or
                                 (len(args) == 4 and type(args[3]).__name__ == "BinaryRepeatParams")):
        # SELMODE 1, register form: the scalar is in CMPMASK (set_cmp_mask), the mask register as it is
        v = _bind(fn, ("sel_mask", "src0", "repeat_times", "repeat_params"), args, kw,
                  ("sel_mask", "src0", "repeat_times", "repeat_params"))
        b.op("asc.select.reg_scalar", [_lt(dst, fn, "dst"), _lt(v["sel_mask"], fn, "sel_mask"),
                                       _lt(v["src0"], fn, "src0"), _c._i32(v["repeat_times"]),
                                       _struct(v["repeat_params"], "BinaryRepeatParams", fn, "repeat_params")])
        return
    names = ("sel_mask", "src0", "src1", "sel_mode", "mask", "repeat_times", "repeat_params", "is_set_mask")
    if "count" in kw:
        names = ("sel_mask", "src0", "src1", "sel_mode", "count")
    v = _bind(fn, names, args, kw, ("sel_mask", "src0", "src1", "sel_mode"))
    d = _c._need(dst, _c.LocalTensor, fn, "dst")
    scalar = not isinstance(v["src1"], _c.LocalTensor)
    ops = [d.value, _lt(v["sel_mask"], fn, "sel_mask"), _lt(v["src0"], fn, "src0"),
           to_value(v["src1"], d.dtype) if scalar else v["src1"].value]
    mode = _enum("selmode", SelMode, v["sel_mode"], fn, "sel_mode")
    if "repeat_times" not in v:
        n = v.get("count", v.get("mask"))
        if n is None:
            raise TypeError(f"{fn}(): missing argument 'count'")
        b.op("asc.select.scalar" if scalar else "asc.select", ops + [_c._i32(n)], [], {"sel_mode": mode})
        return
    sfx, m = _mask(fn, v["mask"])
    b.op(_form("asc.select.scalar" if scalar else "asc.select", sfx), ops + m + [_c._i32(v["repeat_times"]),
                                _struct(v.get("repeat_params"), "BinaryRepeatParams", fn, "repeat_params")],
         [], {"sel_mode": mode, "is_set_mask": _flag(v.get("is_set_mask", True))})


# ---- per-repeat reductions ------------------------------------------------------------------------------------
def _whole(fn, with_order):
    names = ("dst", "src", "mask", "repeat_time", "dst_rep_stride", "src_blk_stride", "src_rep_stride") + \
        (("order",) if with_order else ()) + ("is_set_mask",)

    def f(*args, **kw):
        b = builder(fn)
        v = _bind(fn, names, args, kw, names[:7])
        sfx, m = _mask(fn, v["mask"])
        attrs = {"is_set_mask": _flag(v.get("is_set_mask", True))}
        if with_order:
            attrs["order"] = _enum("order", ReduceOrder, v.get("order", ReduceOrder.ORDER_VALUE_INDEX), fn, "order")
        b.op(f"asc.{fn}{sfx}", [_lt(v["dst"], fn, "dst"), _lt(v["src"], fn, "src")] + m +
             [_c._i32(v[n]) for n in names[3:7]], [], attrs)
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"{fn}({', '.join(names)})"
    return f


whole_reduce_sum = _whole("whole_reduce_sum", False)
whole_reduce_max = _whole("whole_reduce_max", True)
whole_reduce_min = _whole("whole_reduce_min", True)


def _block(fn, set_mask):
    names = ("dst", "src", "repeat", "mask", "dst_rep_stride", "src_blk_stride", "src_rep_stride") + \
        (("is_set_mask",) if set_mask else ())

    def f(*args, **kw):
        b = builder(fn)
        kw = dict(kw)
        if "repeat_time" in kw:  # pair_reduce_sum's keyword
            kw["repeat"] = kw.pop("repeat_time")
        v = _bind(fn, names, args, kw, names[:7])
        sfx, m = _mask(fn, v["mask"])
        b.op(f"asc.{fn}{sfx}", [_lt(v["dst"], fn, "dst"), _lt(v["src"], fn, "src"), _c._i32(v["repeat"])] + m +
             [_c._i32(v[n]) for n in names[4:7]], [], {"is_set_mask": _flag(v.get("is_set_mask", True))})
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"{fn}({', '.join(names)})"
    return f


block_reduce_sum = _block("block_reduce_sum", False)
block_reduce_max = _block("block_reduce_max", False)
block_reduce_min = _block("block_reduce_min", False)
pair_reduce_sum = _block("pair_reduce_sum", True)


def repeat_reduce_sum(dst, src, repeat_time, mask, dst_blk_stride, src_blk_stride, dst_rep_stride, src_rep_stride,
                      is_set_mask=True):
    fn = "repeat_reduce_sum"
    b = builder(fn)
    if isinstance(mask, (list, tuple)):
        raise TypeError(f"{fn}(): mask is an element count (int); repeat_reduce_sum has no bit-mask form")
    b.op("asc.repeat_reduce_sum.mask", [_lt(dst, fn, "dst"), _lt(src, fn, "src"), _c._i32(repeat_time),
                                        to_value(mask, _I64, wrap=True)] +
         [_c._i32(x) for x in (dst_blk_stride, src_blk_stride, dst_rep_stride, src_rep_stride)],
         [], {"is_set_mask": _flag(is_set_mask)})


# ---- copies, broadcasts, gathers and transposes inside UB ----------------------------------------------------
def copy(dst, src, mask, repeat_time, repeat_params, is_set_mask=True):
    """copy(dst, src, mask, repeat_time, CopyRepeatParams[, is_set_mask]): UB to UB through the vector unit."""
    fn = "copy"
    b = builder(fn)
    sfx, m = _mask(fn, mask)
    b.op("asc.copy" + sfx, [_lt(dst, fn, "dst"), _lt(src, fn, "src")] + m +
         [_c._i32(repeat_time), _struct(repeat_params, "CopyRepeatParams", fn, "repeat_params")],
         [], {"is_set_mask": _flag(is_set_mask)})


def transpose(dst, src, *args, **kw):
    """transpose(dst, src): one 16 x 16 matrix of 2-byte elements; transpose(dst, src, shared_tmp_buffer,
    TransposeParamsExt): also NCHW <-> NHWC."""
    fn = "transpose"
    b = builder(fn)
    d, s = _c._need(dst, _c.LocalTensor, fn, "dst"), _c._need(src, _c.LocalTensor, fn, "src")
    if d.dtype.ir != s.dtype.ir:
        raise TypeError(f"{fn}(): dst and src must have the same dtype, got {d.dtype.name} and {s.dtype.name}")
    if not args and not kw:
        b.op("asc.transpose", [d.value, s.value])
        return
    v = _bind(fn, ("shared_tmp_buffer", "transpose_params"), args, kw, ("shared_tmp_buffer", "transpose_params"))
    b.op("asc.transpose.ext", [d.value, s.value, _lt(v["shared_tmp_buffer"], fn, "shared_tmp_buffer"),
                               _struct(v["transpose_params"], "TransposeParamsExt", fn, "transpose_params")])


def brcb(dst, src0, repeat_times, repeat_params):
    fn = "brcb"
    builder(fn).op("asc.brcb", [_lt(dst, fn, "dst"), _lt(src0, fn, "src0"), _c._i32(repeat_times),
                                _struct(repeat_params, "BrcbRepeatParams", fn, "repeat_params")])


def gather(dst, src, src_offset, src_base, *args, **kw):
    """gather(dst, src, src_offset, src_base, count | mask, repeat_times, dst_rep_stride); offsets in bytes."""
    fn = "gather"
    b = builder(fn)
    names = ("count",) if "count" in kw else ("mask", "repeat_times", "dst_rep_stride")
    v = _c._bind(fn, names, args, kw)
    d, s, o = _lt(dst, fn, "dst"), _lt(src, fn, "src"), _lt(src_offset, fn, "src_offset")
    if isinstance(src_base, int) and not 0 <= src_base < 1 << 32:
        raise TypeError(f"{fn}(): src_base {src_base} does not fit uint32")
    base = to_value(src_base, _I32, wrap=True)  # uint32 bytes, as its bits
    if "repeat_times" not in v:
        n = v.get("count", v.get("mask"))
        if n is None:
            raise TypeError(f"{fn}(): missing argument 'count'")
        b.op("asc.gather", [d, s, base, _c._i32(n), o])
        return
    if "dst_rep_stride" not in v:
        raise TypeError(f"{fn}(): missing argument 'dst_rep_stride'")
    sfx, m = _mask(fn, v["mask"])
    b.op(_form("asc.gather", sfx), [d, s, o, base] + m +
         [_c._i32(v["repeat_times"]), _c._i32(v["dst_rep_stride"])], [], {"is_set_mask": "true"})


def gatherb(dst, src0, offset, *args, **kw):
    """gatherb(dst, src0, offset, repeat_times, repeat_params); the page's example spells repeat_time."""
    fn = "gatherb"
    v = _bind(fn, ("repeat_times", "repeat_params"), args, kw, ("repeat_times", "repeat_params"))
    builder(fn).op("asc.gatherb", [_lt(dst, fn, "dst"), _lt(src0, fn, "src0"), _lt(offset, fn, "offset"),
                                   _c._i32(v["repeat_times"]),
                                   _struct(v["repeat_params"], "GatherRepeatParams", fn, "repeat_params")])


__all__ += ["copy", "transpose", "brcb", "gather", "gatherb"]


# ---- scalar functions and system registers ------------------------------------------------------------------
def scalar_cast(value_in, dtype, round_mode):
    """scalar_cast(value: float, dtype (float16 | int32), round_mode) -> the value rounded to dtype."""
    fn = "scalar_cast"
    b = builder(fn)
    from .language.core.enums import RoundMode
    dt = dtype_of(dtype)
    if dt.ir not in ("f16", "i32"):
        raise TypeError(f"{fn}(): unsupported target dtype {dt.name} (float16 or int32)")
    r = b.op("asc.scalar_cast", [to_value(value_in, DTYPES["float32"])], [dt.ir],
             {"round": _enum("round", RoundMode, round_mode, fn, "round_mode")})[0]
    return PlainValue(r, dt)


def _bits_fn(fn, opname, with_count):
    def f(value_in, count_value=None):
        b = builder(fn)
        # value_in is a uint64_t (the pages): a runtime uint64 goes in as its 64 bits, anything else as int64
        u64 = isinstance(value_in, PlainValue) and value_in.dtype.ir == "ui64"
        ops = [value_in.value if u64 else to_value(value_in, _I64, wrap=True)]
        if with_count:
            if not isinstance(count_value, int) or isinstance(count_value, bool):
                raise TypeError(f"{fn}(): count_value must be a Python int (0 or 1)")
            if count_value not in (0, 1):
                raise ValueError(f"{fn}(): count_value must be 0 or 1, got {count_value}")
            ops.append(to_value(count_value, _I32))
        elif count_value is not None:
            raise TypeError(f"{fn}() takes 1 argument")
        return PlainValue(b.op(opname, ops, ["i64"])[0], _I64)
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"{fn}(value_in{', count_value' if with_count else ''}) -> int64 (IR op {opname})"
    return f


scalar_get_sff_value = _bits_fn("scalar_get_sff_value", "asc.scalar_get_sff_value", True)
scalar_get_count_of_value = _bits_fn("scalar_get_count_of_value", "asc.scalar_get_count_of_value", True)
scalar_count_leading_zero = _bits_fn("scalar_count_leading_zero", "asc.scalar_count_leading_zero", False)
count_bits_cnt_same_as_sign_bit = _bits_fn("count_bits_cnt_same_as_sign_bit", "asc.count_bits_cnt_same_as_sign_bit",
                                           False)


def get_system_cycle():
    """The core's simulated cycle (int64)."""
    return PlainValue(builder("get_system_cycle").op("asc.get_system_cycle", [], ["i64"])[0], _I64)


def trap():
    """Stop the kernel with an error report at this line."""
    builder("trap").op("asc.trap")


__all__ += ["scalar_cast", "scalar_get_sff_value", "scalar_get_count_of_value", "scalar_count_leading_zero",
            "count_bits_cnt_same_as_sign_bit", "get_system_cycle", "trap"]


def gather_mask(dst, src0, src1_pattern, reduce_mode, mask, params, gather_mask_mode=0):
    """gather_mask(dst, src0, src1_pattern (uint16/uint32 tensor or built-in 1..7), reduce_mode, mask, params
    [, gather_mask_mode]) -> the number of elements kept (int64)."""
    fn = "gather_mask"
    b = builder(fn)
    from .language.core.enums import GatherMaskMode
    _enum("gathermaskmode", GatherMaskMode, gather_mask_mode, fn, "gather_mask_mode")
    ops = [_lt(dst, fn, "dst"), _lt(src0, fn, "src0")]
    if isinstance(src1_pattern, _c.LocalTensor):
        name, ops = "asc.gather_mask", ops + [src1_pattern.value]
    elif isinstance(src1_pattern, int) and not isinstance(src1_pattern, bool):
        if not 1 <= src1_pattern <= 7:
            raise ValueError(f"{fn}(): a built-in src1_pattern is 1..7, got {src1_pattern}")
        name, ops = "asc.gather_mask.pattern", ops + [_c._i32(src1_pattern)]
    else:
        raise TypeError(f"{fn}(): src1_pattern must be a LocalTensor or an int 1..7, got {type(src1_pattern).__name__}")
    ops += [to_value(reduce_mode, DTYPES["int1"]), to_value(mask, _I64),
            _struct(params, "GatherMaskParams", fn, "params")]
    return PlainValue(b.op(name, ops, ["i64"])[0], _I64)


def get_gather_mask_remain_count():
    """The element count the last gather_mask kept (int64)."""
    b = builder("get_gather_mask_remain_count")
    return PlainValue(b.op("asc.get_gather_mask_remain_count", [], ["i64"])[0], _I64)


__all__ += ["gather_mask", "get_gather_mask_remain_count"]


def trans_data_to_5hd(dst_list, src_list, params, dtype=None):
    """trans_data_to_5hd(dst_list, src_list, TransDataTo5HDParams): 16 destination and 16 source LocalTensors
    (2-byte elements), or 16 + 16 UB byte addresses (ints / uint64 values), or two uint64 LocalTensors holding
    16 addresses each.  The address forms carry no element type: dtype= (default float16)."""
    fn = "trans_data_to_5hd"
    b = builder(fn)
    if isinstance(dst_list, _c.LocalTensor) or isinstance(src_list, _c.LocalTensor):
        _c._bind_empty(dst_list), _c._bind_empty(src_list)
        d, s = _c._need(dst_list, _c.LocalTensor, fn, "dst"), _c._need(src_list, _c.LocalTensor, fn, "src")
        for n, t in (("dst", d), ("src", s)):
            if t.dtype.ir != "ui64":
                raise TypeError(f"{fn}(): the address-tensor form takes uint64 tensors of 16 UB addresses; {n} is "
                                f"{t.dtype.name}")
        b.op("asc.trans_data_to_5hd.addr_tensor", [d.value, s.value,
                                                   _struct(params, "TransDataTo5HDParams", fn, "params")], [],
             {"dtype": dtype_of(dtype if dtype is not None else DTYPES["float16"]).ir})
        return
    if not isinstance(dst_list, (list, tuple)) or not isinstance(src_list, (list, tuple)):
        raise TypeError(f"{fn}(): dst_list and src_list must be lists of 16 LocalTensors or 16 UB addresses, or "
                        "uint64 LocalTensors of addresses")
    if len(dst_list) != 16 or len(src_list) != 16:
        raise ValueError(f"{fn}(): dst_list and src_list take 16 tensors (or 16 addresses) each, got "
                         f"{len(dst_list)} and {len(src_list)}")
    if not any(isinstance(t, _c.LocalTensor) for t in list(dst_list) + list(src_list)):
        ops = [to_value(a, _I64, wrap=True) for a in list(dst_list) + list(src_list)]
        b.op("asc.trans_data_to_5hd.addr", ops + [_struct(params, "TransDataTo5HDParams", fn, "params")], [],
             {"dtype": dtype_of(dtype if dtype is not None else DTYPES["float16"]).ir})
        return
    if not all(isinstance(t, _c.LocalTensor) for t in list(dst_list) + list(src_list)):
        raise TypeError(f"{fn}(): a list mixes LocalTensors and addresses")
    if len(dst_list) != 16 or len(src_list) != 16:
        raise ValueError(f"{fn}(): dst_list and src_list take 16 tensors each, got {len(dst_list)} and "
                         f"{len(src_list)}")
    ops = [_lt(t, fn, f"dst_list[{i}]") for i, t in enumerate(dst_list)] + \
        [_lt(t, fn, f"src_list[{i}]") for i, t in enumerate(src_list)]
    b.op("asc.trans_data_to_5hd", ops + [_struct(params, "TransDataTo5HDParams", fn, "params")])


__all__ += ["trans_data_to_5hd"]


def _unavailable(name, why):
    """A function the A2/A3 hardware lacks.  As in pyasc, the call traces whatever the platform (its
    toolchain refuses it later); running it is an error at the call's line naming the platform."""
    def f(*args, **kwargs):
        builder(name).op("asc.unavailable", [], [], {"callee": _ir_string(name), "reason": _ir_string(why)})
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Not available on the Atlas A2/A3 (arch 2201) platforms: {why}"
    f._asc_status = f"not available on the Atlas A2/A3 platforms: {why}"  # tools/api_status.py
    return f


scatter = _unavailable("scatter", "the Atlas A2/A3 vector unit has no Scatter instruction")


__all__ += ["scatter"]


def sort32(dst, src0, src1, repeat_time):
    """sort32(dst, src0 scores (half / float), src1 uint32 indices, repeat_time): 32 pairs sorted per repeat."""
    fn = "sort32"
    builder(fn).op("asc.sort32", [_lt(dst, fn, "dst"), _lt(src0, fn, "src0"), _c._i32(repeat_time),
                                  _lt(src1, fn, "src1")])


__all__ += ["sort32"]


# ---- system functions (semantics: src/sim/scalarx.c; no caches are simulated) -------------------------
def _int_attr(v, fn, arg):
    try:
        return f"{int(v)} : i64"
    except (ValueError, TypeError):
        raise TypeError(f"{fn}(): '{arg}' must be a compile-time int or enum, got {v!r}") from None


def _gt(x, fn, arg):
    return _c._need(x, _c.GlobalTensor, fn, arg).value


def _gm(x, fn, arg):
    return _c._need(x, _c.GlobalAddress, fn, arg).value


def get_program_counter():
    """The index of this instruction in the lowered program (int64)."""
    return PlainValue(builder("get_program_counter").op("asc.get_program_counter", [], ["i64"])[0], _I64)


def init_soc_state():
    builder("init_soc_state").op("asc.init_soc_state")


def data_sync_barrier(arg0):
    builder("data_sync_barrier").op("asc.data_sync_barrier", [], [],
                                    {"mode": _int_attr(arg0, "data_sync_barrier", "arg0")})


def data_cache_clean_and_invalid(entire_type, dcci_dst=None, dst=None):
    if isinstance(dcci_dst, _c.GlobalTensor) and not isinstance(dst, _c.GlobalTensor):
        # the form without dcci_dst, and pyasc's positional order (entire_type, dst, dcci_dst)
        dcci_dst, dst = dst, dcci_dst
    attrs = {"line": _int_attr(entire_type, "data_cache_clean_and_invalid", "entire_type")}
    if dcci_dst is not None:
        attrs["dst"] = _int_attr(dcci_dst, "data_cache_clean_and_invalid", "dcci_dst")
    builder("data_cache_clean_and_invalid").op("asc.data_cache_clean_and_invalid",
                                               [_gt(dst, "data_cache_clean_and_invalid", "dst")], [], attrs)


def data_cache_preload(src, cache_offset):
    builder("data_cache_preload").op("asc.data_cache_preload",
                                     [_gt(src, "data_cache_preload", "src"), to_value(cache_offset, _I32)])


def icache_preload(pre_fetch_len):
    builder("icache_preload").op("asc.icache_preload", [to_value(pre_fetch_len, _I32)])


def get_icache_preload_status():
    """0: no instruction prefetch is in flight (the simulator has no instruction cache)."""
    b = builder("get_icache_preload_status")
    return PlainValue(b.op("asc.get_icache_preload_status", [], ["i64"])[0], _I64)


_U8 = DTYPES["uint8"]


def get_sys_workspace():
    b = builder("get_sys_workspace")
    return _c.GlobalAddress(b.op("asc.get_sys_workspace", [], [f"!asc.gm_ptr<{_U8.ir}>"])[0], _U8)


def set_sys_workspace(workspace):
    builder("set_sys_workspace").op("asc.set_sys_workspace", [_gm(workspace, "set_sys_workspace", "workspace")])


def get_hccl_context(index):
    b = builder("get_hccl_context")
    return _c.GlobalAddress(b.op("asc.get_hccl_context", [], [f"!asc.gm_ptr<{_U8.ir}>"],
                                 {"index": _int_attr(index, "get_hccl_context", "index")})[0], _U8)


def set_hccl_context(index, context):
    builder("set_hccl_context").op("asc.set_hccl_context", [_gm(context, "set_hccl_context", "context")], [],
                                   {"index": _int_attr(index, "set_hccl_context", "index")})


def set_mm_layout_transform(mm_layout_mode):
    builder("set_mm_layout_transform").op("asc.set_mm_layout_transform", [to_value(bool(mm_layout_mode),
                                                                                     DTYPES["int1"])])


__all__ += ["get_program_counter", "init_soc_state", "data_sync_barrier", "data_cache_clean_and_invalid",
            "data_cache_preload", "icache_preload", "get_icache_preload_status", "get_sys_workspace",
            "set_sys_workspace", "get_hccl_context", "set_hccl_context", "set_mm_layout_transform"]


# ---- DEQSCALE (issue 17 part 3; semantics: src/sim/vdeq.c) ---------------------------------------------
class VdeqInfo:
    """VdeqInfo(scale, offset, sign_mode): 16 (scale, offset, sign) entries of the table that
    set_deq_scale(vdeq, info) writes into vdeq (for cast_deq with is_vec_deq=True)."""

    def __init__(self, scale=None, offset=None, sign_mode=None):
        builder("VdeqInfo")
        if scale is None or offset is None or sign_mode is None:
            raise ValueError("VdeqInfo(): scale, offset and sign_mode are required (16 values each)")
        for name, v in (("scale", scale), ("offset", offset), ("sign_mode", sign_mode)):
            if not isinstance(v, (list, tuple)) or len(v) != 16:
                raise ValueError(f"VdeqInfo(): {name} must be a list of 16 values, got "
                                 f"{len(v) if isinstance(v, (list, tuple)) else type(v).__name__}")
        self.scale, self.offset, self.sign_mode = list(scale), list(offset), list(sign_mode)


def _offset9(fn, v):
    if isinstance(v, int) and not isinstance(v, bool) and not -256 <= v <= 255:
        raise ValueError(f"{fn}(): offset {v} does not fit the 9-bit signed offset of DEQSCALE (-256..255)")
    return to_value(v, _I32)


def set_deq_scale(*args, **kw):
    """set_deq_scale(scale) (half, for int32 -> half), set_deq_scale(scale, offset, sign_mode) (int16 -> 8-bit
    cast_deq) or set_deq_scale(vdeq, vdeq_info) (the 16-entry table of cast_deq is_vec_deq=True)."""
    fn = "set_deq_scale"
    b = builder(fn)
    if (args and isinstance(args[0], _c.LocalTensor)) or "vdeq" in kw:
        v = _bind(fn, ("vdeq", "vdeq_info"), args, kw, ("vdeq", "vdeq_info"))
        t = _c._need(v["vdeq"], _c.LocalTensor, fn, "vdeq")
        info = v["vdeq_info"]
        if not isinstance(info, VdeqInfo):
            raise TypeError(f"{fn}(): argument 'vdeq_info' must be a VdeqInfo, got {type(info).__name__}")
        if t.dtype.ir != "ui64":
            raise TypeError(f"{fn}(): vdeq must be a uint64 LocalTensor (16 entries of 64 bits), got {t.dtype.name}")
        ops = [t.value] + [to_value(s, DTYPES["float32"]) for s in info.scale] + \
            [_offset9(fn, o) for o in info.offset] + [to_value(bool(m) if isinstance(m, int) else m, DTYPES["int1"])
                                                     for m in info.sign_mode]
        b.op("asc.set_deq_scale.vdeq", ops)
        return
    if len(args) + len(kw) == 1:
        v = _bind(fn, ("scale",), args, kw, ("scale",))
        b.op("asc.set_deq_scale", [to_value(v["scale"], DTYPES["float16"])])
        return
    v = _bind(fn, ("scale", "offset", "sign_mode"), args, kw, ("scale", "offset", "sign_mode"))
    sm = v["sign_mode"]
    b.op("asc.set_deq_scale.quant", [to_value(v["scale"], DTYPES["float32"]), _offset9(fn, v["offset"]),
                                     to_value(bool(sm) if isinstance(sm, int) else sm, DTYPES["int1"])])


__all__ += ["VdeqInfo", "set_deq_scale"]


# ---- sorting (issue 17 part 3; semantics: src/sim/vsort.c) -----------------------------------------------
class MrgSortSrcList:
    """MrgSortSrcList(dtype, src1, src2[, src3[, src4]]): the sorted record lists mrg_sort merges.  The
    mrg_sort / mrg_sort4 pages' examples leave dtype out (MrgSortSrcList(q1, q2, q3, q4)): it is then
    src1's."""

    def __init__(self, dtype, src1, src2=None, src3=None, src4=None):
        fn = "MrgSortSrcList"
        builder(fn)
        if isinstance(dtype, _c.LocalTensor):
            dtype, src1, src2, src3, src4 = dtype.dtype, dtype, src1, src2, src3
        if src2 is None:
            raise TypeError(f"{fn}() needs at least two lists (src1, src2)")
        self.dtype = dtype_of(dtype)
        srcs = [src1, src2] + [s for s in (src3, src4) if s is not None]
        if src3 is None and src4 is not None:
            raise ValueError(f"{fn}(): src4 given without src3")
        self.srcs = [_c._need(s, _c.LocalTensor, fn, f"src{i + 1}") for i, s in enumerate(srcs)]
        for i, s in enumerate(self.srcs):
            if s.dtype.ir != self.dtype.ir:
                raise TypeError(f"{fn}(): src{i + 1} is {s.dtype.name}, the list's dtype is {self.dtype.name}")


class MrgSort4Info:
    """MrgSort4Info(element_lengths, if_exhausted_suspension=False, valid_bit=15, repeat_times=1)."""

    def __init__(self, element_lengths, if_exhausted_suspension=False, valid_bit=15, repeat_times=1):
        builder("MrgSort4Info")
        if not isinstance(element_lengths, (list, tuple)) or len(element_lengths) != 4:
            raise ValueError("MrgSort4Info(): element_lengths must be a list of 4 lengths (records of 8 bytes)")
        if if_exhausted_suspension not in (True, False):
            raise TypeError("MrgSort4Info(): if_exhausted_suspension must be True or False (a compile-time bool)")
        self.element_lengths, self.if_exhausted_suspension = list(element_lengths), bool(if_exhausted_suspension)
        self.valid_bit, self.repeat_times = valid_bit, repeat_times


def _mrg_sort(fn, dst, sort_list, lengths, valid_bit, repeat, exhausted):
    b = builder(fn)
    if not isinstance(sort_list, MrgSortSrcList):
        raise TypeError(f"{fn}(): argument 'sort_list' must be a MrgSortSrcList, got {type(sort_list).__name__}")
    if not isinstance(lengths, (list, tuple)) or len(lengths) != 4:
        raise ValueError(f"{fn}(): element_count_list must be a list of 4 lengths")
    if exhausted not in (True, False):
        raise TypeError(f"{fn}(): is_exhausted_suspension must be True or False (a compile-time bool)")
    ops = [_lt(dst, fn, "dst")] + [_c._i32(n) for n in lengths] + [_c._i32(valid_bit), _c._i32(repeat)] + \
        [s.value for s in sort_list.srcs]
    b.op("asc.mrg_sort", ops, [], {"exhausted": _flag(exhausted)})


def mrg_sort(dst, sort_list, *args, **kw):
    """mrg_sort(dst, sort_list, params: MrgSort4Info) or mrg_sort(dst, sort_list, element_count_list, sorted_num,
    valid_bit, repeat_time, is_exhausted_suspension=False): merge 2-4 sorted lists of (score, index) records."""
    fn = "mrg_sort"
    if (args and isinstance(args[0], MrgSort4Info)) or "params" in kw:
        v = _bind(fn, ("params",), args, kw, ("params",))
        p = v["params"]
        if not isinstance(p, MrgSort4Info):
            raise TypeError(f"{fn}(): argument 'params' must be a MrgSort4Info, got {type(p).__name__}")
        _mrg_sort(fn, dst, sort_list, p.element_lengths, p.valid_bit, p.repeat_times, p.if_exhausted_suspension)
        return
    v = _bind(fn, ("element_count_list", "sorted_num", "valid_bit", "repeat_time", "is_exhausted_suspension"), args,
              kw, ("element_count_list", "sorted_num", "valid_bit", "repeat_time"))
    _mrg_sort(fn, dst, sort_list, v["element_count_list"], v["valid_bit"], v["repeat_time"],
              v.get("is_exhausted_suspension", False))


def get_mrg_sort_result():
    """(n1, n2, n3, n4): the records the last mrg_sort took from each list (int32 values)."""
    r = builder("get_mrg_sort_result").op("asc.get_mrg_sort_result", [], ["i32"] * 4)
    return tuple(PlainValue(x, _I32) for x in r)


def _sort_unit(fn, opname, n, dtype):
    d = dtype_of(dtype)
    if d.ir not in ("f16", "f32"):
        raise TypeError(f"{fn}(): dtype must be float16 or float32, got {d.name}")
    return PlainValue(builder(fn).op(opname, [_c._i32(n)], ["i32"], {"dtype": d.ir})[0], _I32)


def get_sort_len(elem_count, dtype=DTYPES["float32"]):
    """Elements of dtype (default float32: pyasc's signature has no T) that elem_count sorted records take."""
    return _sort_unit("get_sort_len", "asc.get_sort_len", elem_count, dtype)


def get_sort_offset(elem_offset, dtype=DTYPES["float32"]):
    """Element offset (of dtype, default float32) of sorted record elem_offset."""
    return _sort_unit("get_sort_offset", "asc.get_sort_offset", elem_offset, dtype)


def sort(dst, concat, index, tmp, repeat_time, is_full_sort=False):
    """sort(dst, concat, index, tmp, repeat_time, is_full_sort=False): sort32 of each 32 scores, or one stable
    descending sort of all 32 * repeat_time (is_full_sort)."""
    fn = "sort"
    b = builder(fn)
    if is_full_sort not in (True, False):
        raise TypeError(f"{fn}(): is_full_sort must be True or False (a compile-time bool)")
    b.op("asc.sort", [_lt(dst, fn, "dst"), _lt(concat, fn, "concat"), _lt(index, fn, "index"), _lt(tmp, fn, "tmp"),
                      _c._i32(repeat_time)], [], {"full": _flag(is_full_sort)})


mrg_sort4 = _unavailable("mrg_sort4", "MrgSort4 (Region Proposal lists) is an Atlas inference / training product "
                                      "instruction; use mrg_sort")
rp_sort16 = _unavailable("rp_sort16", "RpSort16 (Region Proposals) is not an A2/A3 instruction; use sort32")
proposal_concat = _unavailable("proposal_concat", "ProposalConcat is not an A2/A3 instruction")
proposal_extract = _unavailable("proposal_extract", "ProposalExtract is not an A2/A3 instruction")

__all__ += ["MrgSortSrcList", "MrgSort4Info", "mrg_sort", "get_mrg_sort_result", "get_sort_len", "get_sort_offset",
            "sort", "mrg_sort4", "rp_sort16", "proposal_concat", "proposal_extract"]


# ---- bilinear_interpolation (semantics: src/sim/vbilin.c) ---------------------------------------------------
def bilinear_interpolation(dst, src0, src0_offset, src1, mask, h_repeat, repeat_mode, dst_blk_stride, v_r_offset,
                           v_repeat, shared_tmp_buffer):
    """Gather src0 blocks at the byte offsets src0_offset, multiply by src1 (one value per iteration, or one per
    block with repeat_mode), sum h_repeat iterations into dst per vertical repeat (v_r_offset elements apart)."""
    fn = "bilinear_interpolation"
    b = builder(fn)
    sfx, m = _mask(fn, mask)
    b.op("asc.bilinear_interpolation" + sfx,
         [_lt(dst, fn, "dst"), _lt(src0, fn, "src0"), _lt(src0_offset, fn, "src0_offset"), _lt(src1, fn, "src1")] + m +
         [_c._i32(h_repeat), to_value(repeat_mode, DTYPES["int1"]), _c._i32(dst_blk_stride), _c._i32(v_r_offset),
          _c._i32(v_repeat), _lt(shared_tmp_buffer, fn, "shared_tmp_buffer")])


__all__ += ["bilinear_interpolation"]


# ---- device printing (semantics and format: src/sim/print.c, api.md §13) ---------------------------------
from ._core import ir_string as _ir_string  # noqa: E402  (kept under its old name for the callers)


def _conversions(fmt):
    """(start, end) of each conversion of a printf format, %% excluded."""
    i, out = 0, []
    while i < len(fmt):
        if fmt[i] != "%":
            i += 1
            continue
        if fmt[i + 1:i + 2] == "%":
            i += 2
            continue
        j = i + 1
        while j < len(fmt) and fmt[j] in "-+ #0123456789.hlLqjzt":
            j += 1
        out.append((i, j + 1))
        i = j + 1
    return out


_C_ESCAPE = re.compile(r"\\(?:([ntrabfv\\'\"?])|([0-7]{1,3})|x([0-9a-fA-F]+))")
_C_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _c_unescape(text):
    """The characters of text read as the body of a C string literal: pyasc writes printf's format
    into the kernel's C++ source, so a backslash sequence in it ("\\n", as pyasc's docs write a
    newline) is a C escape."""
    def one(m):
        if m.group(1):
            return _C_ESCAPES.get(m.group(1), m.group(1))
        return chr(int(m.group(2), 8) if m.group(2) else int(m.group(3), 16) & 0xFF)
    return _C_ESCAPE.sub(one, text) if "\\" in text else text


def printf(desc, *params):
    """printf(format, *values): device printf (%d %i %u %x %f %c %p %s ...); a Python str value is spliced into
    its %s at trace time.  The output goes to stdout after the launch, block after block."""
    fn = "printf"
    b = builder(fn)
    if not isinstance(desc, str):
        raise TypeError(f"{fn}(): the format must be a Python str, got {type(desc).__name__}")
    desc = _c_unescape(desc)
    convs = _conversions(desc)
    if len(params) < len(convs):
        raise TypeError(f"{fn}(): the format has {len(convs)} conversions but {len(params)} values are given")
    fmt, last, ops = [], 0, []
    for (s, e), v in zip(convs, params):
        fmt.append(desc[last:s])
        if isinstance(v, str):
            if desc[e - 1] != "s":
                raise TypeError(f"{fn}(): a str value needs %s, not {desc[s:e]}")
            fmt.append(_c_unescape(v).replace("%", "%%"))
        else:
            fmt.append(desc[s:e])
            if isinstance(v, (PlainValue, _c.GlobalAddress, _c.LocalTensor, _c.GlobalTensor)):
                if v.value is None:
                    raise TypeError(f"{fn}(): an unbound {type(v).__name__} has no value to print")
                ops.append(v.value)
            elif isinstance(v, bool):
                ops.append(to_value(v, DTYPES["int1"]))
            elif isinstance(v, int):
                ops.append(to_value(v, _I64))
            elif isinstance(v, float):
                ops.append(to_value(v, DTYPES["float32"]))
            else:
                raise TypeError(f"{fn}(): cannot print a {type(v).__name__}")
        last = e
    fmt.append(desc[last:])
    b.op("asc.printf", ops, [], {"fmt": _ir_string("".join(fmt))})


class Array(list):
    """asc.array(dtype, length[, fill_value]) / asc.array(dtype, values): a fixed-length array of scalars in a
    kernel, a list of its elements (so whatever takes a list of ints takes it): compile-time numbers stay
    Python numbers, runtime ones are traced values; a runtime `if` merges the elements and a runtime loop
    carries those it assigns (`a[0] = ...`), as struct fields.
    An array the function indexes with a runtime value (`a[i]`, as a C array on the scalar unit's stack in
    pyasc) lives in the simulator instead, from where it is bound to its name: asc.scalar_array and its get /
    set ops (src/sim/scalarx.c, which checks every index); then every element access is such an op."""

    def __init__(self, dtype, values):
        b = builder("array")
        self.dtype, self.length, self.handle = dtype, len(values), None
        super().__init__(self._elem(v) for v in values)
        self._block = b.blocks[-1] if b.blocks else None
        b.aggregates.append(self)

    def to_memory(self):
        """Move the elements into a stack array of the simulator (where the array was built: the caller
        binds it to its name right after), so runtime indices can reach them."""
        if self.handle is not None:
            return
        b = builder("array")
        self.handle = PlainValue(b.op("asc.scalar_array", [], [DTYPES["int32"].ir],
                                      {"length": f"{self.length} : i64"})[0], DTYPES["int32"])
        for i, v in enumerate(list.__iter__(self)):
            if not (isinstance(v, (int, float)) and v == 0):  # the array starts zero-filled
                self._store(i, v)

    def _store(self, i, v):
        b = builder("array")
        b.op("asc.scalar_array.set", [self.handle.value, to_value(i, DTYPES["int32"]), to_value(v, self.dtype)])

    def _elem(self, v):
        if isinstance(v, PlainValue):
            return PlainValue(to_value(v, self.dtype), self.dtype)
        if isinstance(v, (bool, int, float)):
            if self.dtype.is_int():  # a constant that does not fit the element type is refused here
                check_const(v, self.dtype, stacklevel=4)
            return int(v) if self.dtype.is_int() else float(v)
        raise TypeError(f"asc.array: an element must be a number or a runtime scalar, got {type(v).__name__}")

    def _index(self, i, what):
        if isinstance(i, PlainValue):
            if self.handle is None:
                b = builder("array")
                if not b.blocks or b.blocks[-1] is not self._block:
                    raise TypeError(f"asc.array {what} with a runtime index: the array was built outside this runtime "
                                    f"if/loop and is not indexed at run time where it is bound to its name (bind it "
                                    f"to a name in the function that indexes it)")
                self.to_memory()
            if not i.dtype.is_int():
                raise TypeError(f"asc.array {what}: the index must be an integer, got {i.dtype.name}")
            return i
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError(f"asc.array {what}: the index must be an int, got {type(i).__name__}")
        if not -self.length <= i < self.length:
            raise IndexError(f"asc.array {what}: index {i} is out of range for an array of {self.length}")
        return i % self.length

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(self.length)[i]] if self.handle is not None else list.__getitem__(self, i)
        i = self._index(i, "read")
        if self.handle is None:
            return list.__getitem__(self, i)
        b = builder("array")
        r = b.op("asc.scalar_array.get", [self.handle.value, to_value(i, DTYPES["int32"])], [self.dtype.ir])[0]
        return PlainValue(r, self.dtype)

    def __setitem__(self, i, v):
        i = self._index(i, "write")
        if self.handle is None:
            list.__setitem__(self, i, self._elem(v))
        else:
            self._store(i, self._elem(v))

    def __iter__(self):
        return (self[k] for k in range(self.length)) if self.handle is not None else list.__iter__(self)

    def __repr__(self):
        return f"asc.array({self.dtype!r}, {list(self)!r})"

    # the tracer's aggregate protocol (asc/_codegen.py): leaves are the elements, by index (none for an array
    # in the simulator's memory: its handle is the same everywhere)
    def _agg_state(self):
        return list(list.__iter__(self))

    def _agg_restore(self, state):
        list.__setitem__(self, slice(None), state)

    def _agg_leaves(self):
        return {} if self.handle is not None else {str(i): v for i, v in enumerate(list.__iter__(self))}

    def _agg_dtype(self, path):
        return self.dtype

    def _agg_update(self, vals):
        for p, v in vals.items():
            list.__setitem__(self, int(p), v)

    def _agg_owners(self, path):
        return [(self, path)]

    def _agg_fresh(self, vals):
        """A new array of these elements with vals replaced (a name bound to an array in a runtime region)."""
        if self.handle is not None:
            return self
        h = Array(self.dtype, list(list.__iter__(self)))
        h._agg_update(vals)
        return h


def array(dtype, length_or_values, fill_value=None):
    """array(dtype, length[, fill_value]) or array(dtype, values): a kernel-local array of scalars (pyasc's
    asc.array); without fill_value a length-only array is zero-filled."""
    builder("array")
    dt = dtype_of(dtype)
    if not (dt.is_int() or dt.is_float()):
        raise TypeError(f"array(): the element type must be an integer or float type, got {dt.name}")
    if isinstance(length_or_values, bool):
        raise TypeError("array(): expected a length or a list of values, got a bool")
    if isinstance(length_or_values, int):
        if length_or_values <= 0:
            raise ValueError(f"array(): the length must be positive, got {length_or_values}")
        return Array(dt, [0 if fill_value is None else fill_value] * length_or_values)
    if fill_value is not None:
        raise TypeError("array(): fill_value cannot be given together with a list of values")
    if not isinstance(length_or_values, (list, tuple)) or not length_or_values:
        raise TypeError(f"array(): expected a positive length or a non-empty list of values, got "
                        f"{type(length_or_values).__name__}")
    return Array(dt, list(length_or_values))


def _dims(x, fn, arg):
    if isinstance(x, Array):
        return list(x)
    if not isinstance(x, (list, tuple)):
        raise TypeError(f"{fn}(): {arg} must be an asc.array or a list of ints, got {type(x).__name__}")
    return list(x)


class ShapeInfo:
    """ShapeInfo() or ShapeInfo(shape[, original_shape[, data_format]]) (shape: an asc.array or a list of
    ints): the shape dump_tensor nests its values by, and get_shape_size multiplies."""

    def __init__(self, shape=None, original_shape=None, data_format=None):
        builder("ShapeInfo")
        self.shape = _dims(shape, "ShapeInfo", "shape") if shape is not None else []
        if shape is not None and not 1 <= len(self.shape) <= 8:
            raise ValueError(f"ShapeInfo(): a shape has 1..8 dimensions, got {len(self.shape)}")
        self.original_shape = (_dims(original_shape, "ShapeInfo", "original_shape") if original_shape is not None
                               else list(self.shape))
        self.data_format = data_format


def get_shape_size(shape_info):
    """GetShapeSize: the product of the ShapeInfo's dimensions (1 for a ShapeInfo without dimensions), an
    int: folded at trace time when every dimension is known then, else multiplied by the kernel (int32)."""
    builder("get_shape_size")
    if not isinstance(shape_info, ShapeInfo):
        raise TypeError(f"get_shape_size(): expected a ShapeInfo, got {type(shape_info).__name__}")
    dims = shape_info.shape
    if not any(isinstance(d, PlainValue) for d in dims):
        n = 1
        for d in dims:
            n *= int(d)
        return n
    r = PlainValue(to_value(1, _I32), _I32)
    for d in dims:
        r = r * PlainValue(to_value(d, _I32), _I32)
    return r


def dump_tensor(tensor, desc, dump_size, shape_info=None):
    """dump_tensor(tensor, desc, dump_size[, shape_info]): after every pipe drains, print the first dump_size
    elements of a LocalTensor or GlobalTensor (the DumpTensor format)."""
    fn = "dump_tensor"
    b = builder(fn)
    t = tensor
    if not isinstance(t, (_c.LocalTensor, _c.GlobalTensor)) or t.value is None:
        raise TypeError(f"{fn}(): tensor must be a bound LocalTensor or GlobalTensor, got {type(t).__name__}")
    if shape_info is not None and not isinstance(shape_info, ShapeInfo):
        raise TypeError(f"{fn}(): shape_info must be a ShapeInfo, got {type(shape_info).__name__}")
    dims = [] if shape_info is None else shape_info.shape
    if not all(isinstance(d, int) or isinstance(d, PlainValue) for d in dims):
        raise TypeError(f"{fn}(): the ShapeInfo's dimensions must be ints")
    b.op("asc.dump_tensor", [t.value, _c._i32(desc), _c._i32(dump_size)] + [_c._i32(d) for d in dims])


def print_time_stamp(desc_id):
    """Print 'descId is <id>, timeStamp is <the core's simulated cycle>, pc is <instruction>'."""
    builder("print_time_stamp").op("asc.print_time_stamp", [_c._i32(desc_id)])


__all__ += ["printf", "ShapeInfo", "dump_tensor", "print_time_stamp", "array", "Array", "get_shape_size"]


def metrics_prof_start():
    """Start a metrics region: the core's scalar cycles until metrics_prof_stop add to its launch report entry
    (asc.lib.runtime.last_report()["cores"][i]["metrics_cycles"])."""
    builder("metrics_prof_start").op("asc.metrics_prof_start")


def metrics_prof_stop():
    builder("metrics_prof_stop").op("asc.metrics_prof_stop")


__all__ += ["metrics_prof_start", "metrics_prof_stop"]


def dump_acc_chk_point(tensor, index, count_off, dump_size):
    """dump_tensor of dump_size elements from element count_off on, desc = index (nothing over 30 KB)."""
    fn = "dump_acc_chk_point"
    b = builder(fn)
    if not isinstance(tensor, (_c.LocalTensor, _c.GlobalTensor)) or tensor.value is None:
        raise TypeError(f"{fn}(): tensor must be a bound LocalTensor or GlobalTensor, got {type(tensor).__name__}")
    b.op("asc.dump_acc_chk_point", [tensor.value, _c._i32(index), _c._i32(count_off), _c._i32(dump_size)])


__all__ += ["dump_acc_chk_point"]


# ---- check_local_memory_ia (semantics: src/sim/print.c) --------------------------------------------------
class CheckLocalMemoryIAParam:
    """CheckLocalMemoryIAParam(enable_bit=0, start_addr=0, end_addr=0, is_scalar_read=False, is_scalar_write=False,
    is_vector_read=False, is_vector_write=False, is_mte_read=False, is_mte_write=False, is_enable=False,
    reserved=0): UB blocks (start_addr, end_addr] of 32 bytes checked by exception register enable_bit."""
    _fields = ("enable_bit", "start_addr", "end_addr", "is_scalar_read", "is_scalar_write", "is_vector_read",
               "is_vector_write", "is_mte_read", "is_mte_write", "is_enable", "reserved")

    def __init__(self, *args, **kw):
        builder("CheckLocalMemoryIAParam")
        vals = dict(zip(self._fields, (0, 0, 0, False, False, False, False, False, False, False, 0)))
        if len(args) > len(self._fields):
            raise TypeError(f"CheckLocalMemoryIAParam() takes {len(self._fields)} arguments, {len(args)} given")
        vals.update(zip(self._fields, args))
        for k, v in kw.items():
            if k not in vals:
                raise TypeError(f"CheckLocalMemoryIAParam() got an unexpected keyword argument '{k}'")
            vals[k] = v
        self.__dict__.update(vals)


def check_local_memory_ia(check_params):
    """Set (is_enable) or clear exception register enable_bit: a checked access into its UB range is an error."""
    fn = "check_local_memory_ia"
    b = builder(fn)
    p = check_params
    if not isinstance(p, CheckLocalMemoryIAParam):
        raise TypeError(f"{fn}(): expected a CheckLocalMemoryIAParam, got {type(p).__name__}")
    i1 = DTYPES["int1"]
    b.op("asc.check_local_memory_ia", [_c._i32(p.enable_bit), _c._i32(p.start_addr), _c._i32(p.end_addr)] +
         [to_value(bool(getattr(p, f)) if isinstance(getattr(p, f), int) else getattr(p, f), i1)
          for f in CheckLocalMemoryIAParam._fields[3:10]])


__all__ += ["CheckLocalMemoryIAParam", "check_local_memory_ia"]
