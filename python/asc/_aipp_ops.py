"""Issue 17 part 5: AIPP (set_aipp_functions, load_image_to_local and their parameter structs),
get_arch_version, pop_stack_buffer and TensorShape.  Thin: each call checks its arguments and emits one
IR op of src/ops/ops.def; what the ops do is in libasc (src/sim/aipp.c, docs/python.md "AIPP")."""
from ._core import DTYPES, PlainValue, builder, dtype_of
from .language.core import _base as _c
from .language.core.enums import AippInputFormat, TPosition

_I32 = DTYPES["int32"]

__all__ = ["AippPaddingParams", "AippSwapParams", "AippSingleLineParams", "AippDataTypeConvParams",
           "AippChannelPaddingParams", "AippColorSpaceConvParams", "AippParams", "set_aipp_functions",
           "load_image_to_local", "get_arch_version", "pop_stack_buffer", "TensorShape", "inline"]


def _holder(name, fields, doc):
    """A pyasc AIPP sub-struct: keyword or positional fields with pyasc's defaults, in that order."""
    names = [f for f, _ in fields]

    def __init__(self, *args, **kw):
        if len(args) > len(names):
            raise TypeError(f"{name}() takes {len(names)} arguments, {len(args)} given")
        vals = dict(fields)
        for k, v in zip(names, args):
            vals[k] = v
        for k, v in kw.items():
            if k not in vals:
                raise TypeError(f"{name}() got an unexpected keyword argument '{k}'")
            vals[k] = v
        self.__dict__.update(vals)

    def __repr__(self):
        return f"{name}({', '.join(f'{k}={getattr(self, k)!r}' for k in names)})"

    return type(name, (), {"__init__": __init__, "__repr__": __repr__, "_fields": tuple(names), "__doc__": doc})


AippPaddingParams = _holder("AippPaddingParams", [("padding_mode", 0), ("padding_value_ch0", 0),
                                                  ("padding_value_ch1", 0), ("padding_value_ch2", 0),
                                                  ("padding_value_ch3", 0)],
                            "H/W padding: mode 0 constant (left/right only), 1 nearest row/column, 2 block, "
                            "3 mirrored block; the constants in the output type")
AippSwapParams = _holder("AippSwapParams", [("is_swap_rb", False), ("is_swap_uv", False), ("is_swap_ax", False)],
                         "channel swaps: R/B (RGB888, XRGB8888), U/V (YUV420SP), X last (XRGB8888)")
AippSingleLineParams = _holder("AippSingleLineParams", [("is_single_line_copy", False)],
                               "read one line of the source image")
AippDataTypeConvParams = _holder(
    "AippDataTypeConvParams",
    [("dtc_mean_ch0", 0), ("dtc_mean_ch1", 0), ("dtc_mean_ch2", 0), ("dtc_min_ch0", 0.0), ("dtc_min_ch1", 0.0),
     ("dtc_min_ch2", 0.0), ("dtc_var_ch0", 1.0), ("dtc_var_ch1", 1.0), ("dtc_var_ch2", 1.0), ("dtc_round_mode", 0)],
    "uint8 -> int8: p - mean; uint8 -> half: (p - mean - min) * var")
AippChannelPaddingParams = _holder("AippChannelPaddingParams", [("c_padding_mode", 0), ("c_padding_value", 0)],
                                   "channels padded to 32 bytes (mode 0) or to 4 (mode 1) with c_padding_value")
AippColorSpaceConvParams = _holder(
    "AippColorSpaceConvParams",
    [("is_enable_csc", False)] + [(f"csc_matrix_r{r}_c{k}", 0) for r in range(3) for k in range(3)]
    + [(f"csc_bias_in_{k}", 0) for k in range(3)] + [(f"csc_bias_out_{k}", 0) for k in range(3)],
    "colour space conversion: a 3 x 3 int16 matrix (>> 8) with uint8 input / output biases")

_SUBS = (("padding_params", AippPaddingParams), ("swap_params", AippSwapParams),
         ("single_line_params", AippSingleLineParams), ("dtc_params", AippDataTypeConvParams),
         ("c_padding_params", AippChannelPaddingParams), ("csc_params", AippColorSpaceConvParams))


def _flag(v):
    return int(v) if isinstance(v, bool) else v


class AippParams:
    """AippParams(dtype, padding_params=None, swap_params=None, single_line_params=None, dtc_params=None,
    c_padding_params=None, csc_params=None): the AIPP configuration with output type dtype (asc.int8 or
    asc.float16).  In the IR it is one AippParams struct (src/ops/structs.def), the sub-structs' fields in order."""

    def __init__(self, dtype, padding_params=None, swap_params=None, single_line_params=None, dtc_params=None,
                 c_padding_params=None, csc_params=None):
        builder("AippParams")
        d = dtype_of(dtype)
        if d.name not in ("int8", "float16"):
            raise TypeError(f"AippParams(): dtype must be asc.int8 or asc.float16, got {d.name}")
        given = dict(zip([n for n, _ in _SUBS], [padding_params, swap_params, single_line_params, dtc_params,
                                                 c_padding_params, csc_params]))
        fields = {}
        for n, cls in _SUBS:
            p = given[n] if given[n] is not None else cls()
            if not isinstance(p, cls):
                raise TypeError(f"AippParams(): {n} must be an {cls.__name__}, got {type(p).__name__}")
            setattr(self, n, p)
            fields.update({f: _flag(getattr(p, f)) for f in cls._fields})
        self.dtype = d
        self.struct = _c.STRUCTS["AippParams"](**fields)
        self.value = self.struct.value


def set_aipp_functions(*args, **kw):
    """set_aipp_functions(src0, input_format, config) or set_aipp_functions(src0, src1, input_format, config)
    (YUV420SP: src1 is the UV plane): load the AIPP registers that load_image_to_local applies."""
    fn = "set_aipp_functions"
    b = builder(fn)
    names = ["src0", "src1", "input_format", "config"] if len(args) + len(kw) == 4 else \
        ["src0", "input_format", "config"]
    if len(args) > len(names):
        raise TypeError(f"{fn}() takes 3 or 4 arguments, {len(args)} given")
    vals = dict(zip(names, args))
    for k, v in kw.items():
        if k not in names or k in vals:
            raise TypeError(f"{fn}() got an unexpected or repeated argument '{k}'")
        vals[k] = v
    if set(vals) != set(names):
        raise TypeError(f"{fn}() missing argument(s): {', '.join(n for n in names if n not in vals)}")
    cfg = vals["config"]
    if not isinstance(cfg, AippParams):
        raise TypeError(f"{fn}(): config must be an AippParams, got {type(cfg).__name__}")
    try:
        fmt = AippInputFormat(int(vals["input_format"]))
    except (ValueError, TypeError):
        raise ValueError(f"{fn}(): input_format must be an AippInputFormat, got {vals['input_format']!r}") from None
    ops = [_c._need(vals["src0"], _c.GlobalTensor, fn, "src0").value, cfg.value]
    if "src1" in vals:
        ops.append(_c._need(vals["src1"], _c.GlobalTensor, fn, "src1").value)
    b.op("asc.set_aipp_functions", ops, [], {"format": f"{int(fmt)} : i64", "dtype": cfg.dtype.ir})


def load_image_to_local(dst, load_data_params):
    """GM image (set_aipp_functions) -> dst in A1/B1, pre-processed on the way (LoadImageToLocalParams)."""
    fn = "load_image_to_local"
    b = builder(fn)
    if type(load_data_params).__name__ != "LoadImageToLocalParams":
        raise TypeError(f"{fn}(): load_data_params must be a LoadImageToLocalParams, got "
                        f"{type(load_data_params).__name__}")
    b.op("asc.load_image_to_local", [_c._need(dst, _c.LocalTensor, fn, "dst").value, load_data_params.value])


def get_arch_version(core_version=None):
    """The core's architecture version (0x220 on every arch-2201 platform), as a runtime int32.  pyasc's
    core_version argument is Ascend C's output reference; Python cannot write through it, so it is accepted
    and the value is returned instead."""
    return PlainValue(builder("get_arch_version").op("asc.get_arch_version", [], ["i32"])[0], _I32)


def pop_stack_buffer(dtype, position=TPosition.VECCALC):
    """A LocalTensor of dtype over the rest of the position's UB past the TPipe's buffers (Ascend C
    PopStackBuffer; the last 64 bytes of UB stay reserved for Matmul messages on arch 2201)."""
    d = dtype_of(dtype)
    pos = TPosition(int(position))
    v = builder("pop_stack_buffer").op("asc.pop_stack_buffer", [], [_c._lt_type(d, pos)],
                                       {"pos": f"#asc.pos<{_c._posname(pos)}>"})[0]
    return _c.LocalTensor(d, pos, _value=v)


class TensorShape(tuple):
    """TensorShape(), TensorShape(n), TensorShape(iterable), TensorShape(*dims), TensorShape(None): a
    tuple of int dimensions (pyasc's type of a tensor's static shape)."""

    def __new__(cls, *args):
        if len(args) == 1:
            a = args[0]
            if isinstance(a, TensorShape):
                return a
            if a is None:
                args = ()
            elif isinstance(a, (list, tuple, range)) or (hasattr(a, "__iter__") and not isinstance(a, (str, bytes))):
                args = tuple(a)
        return super().__new__(cls, tuple(cls._dim(x) for x in args))

    @staticmethod
    def _dim(x):
        try:
            return int(x)
        except (TypeError, ValueError):
            raise TypeError(f"TensorShape takes values convertible to int, got {type(x).__name__}") from None


def inline(code, args=None, before_function=False):
    """pyasc's asc.inline pastes C++ source (code, with args for its placeholders) verbatim into the Ascend C
    kernel pyasc generates.  openasc generates no C++ (its kernels are IR run by libasc), so there is
    nothing to paste the code into: the call is an error naming the reason."""
    builder("inline")
    raise NotImplementedError("asc.inline is not available in openasc: it pastes C++ source into pyasc's generated "
                              "Ascend C kernel, and openasc compiles no C++ (the kernel is IR run by libasc's "
                              "simulator); write the code with the asc API instead")


# ---- ListTensorDesc / TensorDesc: a tensor list in GM, decoded by the scalar unit (src/sim/aipp.c) ----
_U32_ALL = 0xffffffff


class ListTensorDesc:
    """ListTensorDesc() then init(data, length, shape_size), or ListTensorDesc(data, length, shape_size): the
    tensor list at GM address data (words of 64 bits: ptr_offset, per tensor dim | index << 32 and its shape,
    then the data pointers).  length (bytes) and shape_size (pointers) are checked unless 0xffffffff."""

    def __init__(self, data=None, length=_U32_ALL, shape_size=_U32_ALL):
        builder("ListTensorDesc")
        self.data = None
        if data is not None:
            self.init(data, length, shape_size)

    def init(self, data, length=_U32_ALL, shape_size=_U32_ALL):
        b = builder("ListTensorDesc.init")
        self.data = _c._need(data, _c.GlobalAddress, "ListTensorDesc.init", "data")
        b.op("asc.list_tensor_check", [self.data.value, _c.to_value(length, _c.I64), _c.to_value(shape_size, _c.I64)])

    def _gm(self, fn):
        if self.data is None:
            raise TypeError(f"ListTensorDesc.{fn}(): the list has no data: construct it with data or call init first")
        return self.data.value

    def get_size(self):
        gm = self._gm("get_size")
        return PlainValue(builder("ListTensorDesc.get_size").op("asc.list_tensor_size", [gm], ["i32"])[0], _I32)

    def get_data_ptr(self, index, dtype=None):
        gm = self._gm("get_data_ptr")
        d = dtype_of(dtype) if dtype is not None else DTYPES["float32"]
        v = builder("ListTensorDesc.get_data_ptr").op("asc.list_tensor_ptr", [gm, _c._i32(index)],
                                                      [f"!asc.gm_ptr<{d.ir}>"])[0]
        return _c.GlobalAddress(v, d)

    def get_desc(self, desc, index):
        """Fill desc (a TensorDesc) with tensor index of the list."""
        self._gm("get_desc")
        if not isinstance(desc, TensorDesc):
            raise TypeError(f"ListTensorDesc.get_desc(): desc must be a TensorDesc, got {type(desc).__name__}")
        desc._list, desc._index = self, _c.to_value(index, _I32)


class TensorDesc:
    """TensorDesc(dtype=asc.float32): one tensor of a ListTensorDesc, filled by ListTensorDesc.get_desc.  Its
    dim, shape and data pointer are read from the list in GM when asked for; set_shape_addr (Ascend C: the
    scalar buffer GetDesc copies the shape into) is accepted and has no effect."""

    def __init__(self, dtype=None):
        builder("TensorDesc")
        self.dtype = dtype_of(dtype) if dtype is not None else DTYPES["float32"]
        self._list, self._index = None, None

    def set_shape_addr(self, shape_ptr):
        builder("TensorDesc.set_shape_addr")
        _c.to_value(shape_ptr, _c.I64, wrap=True)  # an integer (an address), checked and not used

    def _empty(self, what, rtype):
        return builder(f"TensorDesc.{what}").op("asc.tensor_desc_empty", [], [rtype], {"what": _ir_string(what)})[0]

    def get_dim(self):
        if self._list is None:  # Ascend C: a TensorDesc no GetDesc filled has dim 0
            return PlainValue(_c.to_value(0, _c.I64), _c.I64)
        v = builder("TensorDesc.get_dim").op("asc.list_tensor_dim", [self._list.data.value], ["i64"])[0]
        return PlainValue(v, _c.I64)

    def get_index(self):
        if self._list is None:
            return PlainValue(_c.to_value(0, _c.I64), _c.I64)
        b = builder("TensorDesc.get_index")
        return PlainValue(b.op("arith.extsi", [self._index], ["i64"])[0], _c.I64)

    def get_shape(self, offset):
        if self._list is None:
            return PlainValue(self._empty("get_shape", "i64"), _c.I64)
        v = builder("TensorDesc.get_shape").op("asc.list_tensor_shape",
                                               [self._list.data.value, self._index, _c._i32(offset)], ["i64"])[0]
        return PlainValue(v, _c.I64)

    def get_data_ptr(self):
        t = f"!asc.gm_ptr<{self.dtype.ir}>"
        if self._list is None:
            return _c.GlobalAddress(self._empty("get_data_ptr", t), self.dtype)
        v = builder("TensorDesc.get_data_ptr").op("asc.list_tensor_ptr", [self._list.data.value, self._index], [t])[0]
        return _c.GlobalAddress(v, self.dtype)

    def get_data_obj(self):
        """A GlobalTensor over the data pointer, sized by the product of the shape."""
        ptr = self.get_data_ptr()
        g = _c.GlobalTensor()
        if self._list is None:
            g.set_global_buffer(ptr)
            return g
        n = builder("TensorDesc.get_data_obj").op("asc.list_tensor_numel", [self._list.data.value, self._index],
                                                  ["i32"])[0]
        g.set_global_buffer(ptr, PlainValue(n, _I32))
        return g


def _ir_string(s):
    from ._basic_ops import _ir_string as f
    return f(s)


__all__ += ["ListTensorDesc", "TensorDesc"]
