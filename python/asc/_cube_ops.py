"""The cube unit's basic API (issue 15): load_data, mmad, fixpipe and their registers.  Thin:
each call checks its arguments and emits one IR op of src/ops/ops.def; the semantics, layouts
(Zz / Zn / Nz), timing and checks are in libasc (src/sim/cube.c)."""

from . import _lib
from ._core import DTYPES, builder, to_value
from .language.core import _base as _c

_I32, _I64 = DTYPES["int32"], DTYPES["int64"]

__all__ = ["load_data", "load_data_with_transpose", "load_data_with_sparse", "mmad", "mmad_with_sparse", "fixpipe",
           "init_const_value", "set_load_data_boundary", "set_load_data_padding_value", "set_load_data_repeat",
           "set_fix_pipe_pre_quant_flag", "set_hf32_mode", "set_hf32_trans_mode"]


def _t(x, fn, arg):
    if not isinstance(x, (_c.LocalTensor, _c.GlobalTensor)) or x.value is None:
        raise TypeError(f"{fn}(): argument '{arg}' must be a LocalTensor or GlobalTensor, got {type(x).__name__}")
    return x.value


def _lt(x, fn, arg):
    return _c._need(x, _c.LocalTensor, fn, arg).value


def _s(x, names, fn, arg):
    """The IR value of struct argument x, whose type must be one of names."""
    if type(x).__name__ not in names:
        raise TypeError(f"{fn}(): argument '{arg}' must be a {' or '.join(names)}, got {type(x).__name__}")
    return x.value


def load_data(dst, src, params):
    """L1 (or GM) -> L0A/L0B fractals (LoadData2DParams), or img2col (LoadData3DParams*)."""
    b = builder("load_data")
    forms = _lib.api_struct_forms("load_data")
    _s(params, forms, "load_data", "params")
    b.op(forms[type(params).__name__], [_lt(dst, "load_data", "dst"), _t(src, "load_data", "src"), params.value])


def load_data_with_transpose(dst, src, params):
    b = builder("load_data_with_transpose")
    forms = _lib.api_struct_forms("load_data_with_transpose")
    _s(params, forms, "load_data_with_transpose", "params")
    b.op(forms[type(params).__name__],
         [_lt(dst, "load_data_with_transpose", "dst"), _lt(src, "load_data_with_transpose", "src"), params.value])


def load_data_with_sparse(dst, src, idx, *args, **kw):
    """load_data_with_sparse(dst, src, idx, load_data_params); the page's example spells load_data_param."""
    b = builder("load_data_with_sparse")
    fn = "load_data_with_sparse"
    v = _c._bind(fn, ("load_data_params",), args, kw)
    if "load_data_params" not in v:
        raise TypeError(f"{fn}(): missing argument 'load_data_params'")
    b.op("asc.load_data_with_sparse", [_lt(dst, fn, "dst"), _lt(src, fn, "src"), _lt(idx, fn, "idx"),
                                       _s(v["load_data_params"], ("LoadData2DParams",), fn, "load_data_params")])


def _sparse_signature(dst, src, idx, load_data_params):
    """pyasc's parameter names, for introspection: inspect.signature follows __wrapped__ (without
    importing inspect into `import asc`)."""


load_data_with_sparse.__wrapped__ = _sparse_signature


def mmad(dst, fm, filter, *args, **kw):  # noqa: A002 - pyasc's name
    """mmad(dst, fm, filter, params) or mmad(dst, fm, filter, bias, params)."""
    b = builder("mmad")
    vals = _c._bind("mmad", ("bias", "params") if len(args) + len(kw) > 1 else ("params",), args, kw)
    if "params" not in vals:
        raise TypeError("mmad(): missing argument 'params'")
    ops = [_lt(dst, "mmad", "dst"), _lt(fm, "mmad", "fm"), _lt(filter, "mmad", "filter")]
    p = _s(vals["params"], ("MmadParams",), "mmad", "params")
    if "bias" in vals:
        b.op("asc.mmad_bias", ops + [_lt(vals["bias"], "mmad", "bias"), p])
    else:
        b.op("asc.mmad", ops + [p])


def mmad_with_sparse(dst, fm, filter, mmad_params):  # noqa: A002
    b = builder("mmad_with_sparse")
    fn = "mmad_with_sparse"
    b.op("asc.mmad_with_sparse", [_lt(dst, fn, "dst"), _lt(fm, fn, "fm"), _lt(filter, fn, "filter"),
                                  _s(mmad_params, ("MmadParams",), fn, "mmad_params")])


class _FixpipeDefault:
    """FixpipeConfig.cfg_row_major / cfg_nz: pyasc's ready-made configs, built where they are used."""

    def __init__(self, layout):
        self.layout = layout

    def __get__(self, obj, cls):
        return cls(self.layout)


def fixpipe(dst, src, *args, **kw):
    """fixpipe(dst, src, params, config=FixpipeConfig.cfg_row_major) or
    fixpipe(dst, src, cbuf_workspace, params, config=...): L0C -> GM or L1."""
    b = builder("fixpipe")
    n = len(args) + len(kw)
    ws = (len(args) >= 1 and isinstance(args[0], _c.LocalTensor)) or "cbuf_workspace" in kw
    names = ("cbuf_workspace", "params", "config") if ws else ("params", "config")
    vals = _c._bind("fixpipe", names, args, kw)
    if "params" not in vals or n == 0:
        raise TypeError("fixpipe(): missing argument 'params'")
    cfg = vals.get("config")
    if cfg is None:
        cfg = _c.FixpipeConfig(1)  # CO2Layout.ROW_MAJOR
    ops = [_t(dst, "fixpipe", "dst"), _lt(src, "fixpipe", "src")]
    if ws:
        ops.append(_lt(vals["cbuf_workspace"], "fixpipe", "cbuf_workspace"))
    ops += [_s(vals["params"], ("FixpipeParamsV220",), "fixpipe", "params"),
            _s(cfg, ("FixpipeConfig",), "fixpipe", "config")]
    b.op("asc.fixpipe_ws" if ws else "asc.fixpipe", ops)


def init_const_value(dst, init_const_value_params):
    b = builder("init_const_value")
    b.op("asc.init_const_value", [_lt(dst, "init_const_value", "dst"),
                                  _s(init_const_value_params, ("InitConstValueParams",), "init_const_value",
                                     "init_const_value_params")])


def set_load_data_boundary(boundary):
    builder("set_load_data_boundary").op("asc.set_load_data_boundary", [to_value(boundary, _I32)])


def set_load_data_padding_value(pad_value):
    v = pad_value
    if not isinstance(v, (int, float, bool)) and hasattr(v, "item") and not isinstance(v, _c.PlainValue):
        v = v.item()
    d = v.dtype if isinstance(v, _c.PlainValue) else DTYPES["float32"] if isinstance(v, float) else _I32
    builder("set_load_data_padding_value").op("asc.set_load_data_padding_value", [to_value(v, d)])


def set_load_data_repeat(param):
    builder("set_load_data_repeat").op("asc.set_load_data_repeat", [
        _s(param, ("LoadDataRepeatParam",), "set_load_data_repeat", "param")])


def set_fix_pipe_pre_quant_flag(config):
    builder("set_fix_pipe_pre_quant_flag").op("asc.set_fix_pipe_pre_quant_flag", [to_value(config, _I64, wrap=True)])


def _flag(v):
    """A bool register operand: Python ints / bools as i1, runtime values as they are."""
    return to_value(bool(v) if isinstance(v, int) else v, DTYPES["int1"])


def set_hf32_mode(hf32_mode):
    builder("set_hf32_mode").op("asc.set_hf32_mode", [_flag(hf32_mode)])


def set_hf32_trans_mode(trans_mode):
    builder("set_hf32_trans_mode").op("asc.set_hf32_trans_mode", [_flag(trans_mode)])
