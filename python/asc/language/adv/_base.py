"""The definitions of asc.language.adv (the package gathers them; see its docstring)."""
from ... import _lib
from ..._core import PlainValue, builder, not_yet_names, to_value
from ..core import STRUCTS, LocalTensor, _need, float32, int32, _kernel_tiling
from ._matmul import (  # noqa: F401
    Matmul, MatmulApiStaticTiling, MatmulBatchParams, MatmulConfig, MatmulFuncParams, MatmulQuantParams, MatmulShapeParams, MatmulType,
    get_basic_config, get_ib_share_norm_config, get_matmul_api_tiling, get_mdl_config, get_mm_config,
    get_normal_config, get_special_basic_config, get_special_mdl_config, register_matmul,
)


_NOT_YET = []
_MATMUL = ("Matmul MatmulApiStaticTiling get_matmul_api_tiling MatmulType register_matmul MatmulConfig get_normal_config get_mdl_config get_special_mdl_config "
           "get_basic_config get_special_basic_config get_ib_share_norm_config get_mm_config MatmulBatchParams "
           "MatmulFuncParams MatmulQuantParams MatmulShapeParams").split()
not_yet_names(globals(), "asc.adv", " ".join(_NOT_YET))

# The library's unary elementwise functions (acos ... trunc): the asc.adv ops of signature
# (dst, src, count, shared_tmp_buffer) whose one option is reuse_source (src/ops/ops.def)
_UNARY_MATH = [n[len("asc.adv."):] for n, d in _lib.registry_ops().items()
          if n.startswith("asc.adv.") and d["names"] == ("dst", "src", "count", "shared_tmp_buffer")
          and d["attrs"] == "reuse_source?:bool"]
__all__ = _NOT_YET + _MATMUL + _UNARY_MATH + ["TCubeTiling", "SoftmaxTiling", "RmsNormTiling", "QuantConfig", "softmax", "rmsnorm",
                               "quant", "exp", "power", "xor", "axpy", "concat", "extract",
                               # pyasc's newer development tree (docs/conformance.md, "Newer pyasc API")
                               "swiglu", "softmax_flash_v2", "SoftmaxConfig", "SoftMaxShapeInfo"]

SoftmaxTiling = STRUCTS["SoftmaxTiling"]
RmsNormTiling = STRUCTS["RmsNormTiling"]


class QuantConfig:
    """QuantConfig(calc_count, offset_count, scale_count, work_local_size): compile-time settings
    of quant (CANN's AscendQuantConfig), passed to libasc as an attribute."""

    def __init__(self, calc_count=0, offset_count=0, scale_count=0, work_local_size=0):
        vals = (calc_count, offset_count, scale_count, work_local_size)
        if any(not isinstance(v, int) for v in vals):
            raise TypeError("QuantConfig(): the fields must be compile-time ints")
        self.calc_count, self.offset_count, self.scale_count, self.work_local_size = vals

    def _attr(self):
        return "[" + ", ".join(f"{v} : i32" for v in (self.calc_count, self.offset_count, self.scale_count,
                                                        self.work_local_size)) + "]"


def _lt(x, fn, name):
    """The tensor's IR value; an empty LocalTensor(dtype) (no buffer, as CANN's default-constructed one)
    becomes a 0-element tensor, so any access to it is out of bounds when the kernel runs."""
    if isinstance(x, LocalTensor) and x.value is None and x.dtype is not None:
        x.value = LocalTensor(x.dtype, x.pos, 0, 0).value
    return _need(x, LocalTensor, fn, name).value


def _count(fn, count, src):
    if count is None:
        return src.get_size().value
    return to_value(count, int32)


def _bool(v):
    return "true" if v else "false"


def _emit(fn, operands, attrs):
    builder(fn).op(f"asc.adv.{fn}", operands, [], {k: v for k, v in attrs.items() if v is not None})


def _shape_attr(t):
    info = t.__dict__.get("_shape_info")  # set_shape_info keeps it on the tensor object
    if info is None or not list(info.shape):
        return None
    if not all(isinstance(d, int) for d in info.shape):
        raise TypeError("the tensor's ShapeInfo has a dimension known only at run time; the asc.adv library "
                        "calls need its dimensions at trace time (Python ints)")
    return "[" + ", ".join(f"{d} : i32" for d in info.shape) + "]"


def _make_math(name):
    def f(dst, src, count=None, temp_buffer=None, is_reuse_source=False):
        fn = f"adv.{name}"
        ops = [_lt(dst, fn, "dst"), _lt(src, fn, "src"), _count(fn, count, src)]
        if temp_buffer is not None:
            ops.append(_lt(temp_buffer, fn, "temp_buffer"))
        _emit(name, ops, {"reuse_source": _bool(is_reuse_source) if is_reuse_source else None})
    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"asc.adv.{name}(dst, src, count=None, temp_buffer=None, is_reuse_source=False): elementwise "
                 f"{name} (IR op asc.adv.{name}; expanded by libasc, docs/adv.md)")
    return f


for _n in _UNARY_MATH:
    globals()[_n] = _make_math(_n)


def exp(dst, src, count, taylor_expand_level=0, temp_buffer=None, is_reuse_source=False):
    """asc.adv.exp: e^x; taylor_expand_level L > 0 computes e^int(x) times the Taylor sum of degree L."""
    if not isinstance(taylor_expand_level, int) or taylor_expand_level < 0:
        raise TypeError("adv.exp(): taylor_expand_level must be a compile-time int >= 0")
    ops = [_lt(dst, "adv.exp", "dst"), _lt(src, "adv.exp", "src"), _count("adv.exp", count, src)]
    if temp_buffer is not None:
        ops.append(_lt(temp_buffer, "adv.exp", "temp_buffer"))
    _emit("exp", ops, {"taylor_level": f"{taylor_expand_level} : i32",
                       "reuse_source": "true" if is_reuse_source else None})


def _binary(name):
    def f(dst, src0, src1, count=None, temp_buffer=None, is_reuse_source=False):
        fn = f"adv.{name}"
        ops = [_lt(dst, fn, "dst"), _lt(src0, fn, "src0"), _lt(src1, fn, "src1"), _count(fn, count, src0)]
        if temp_buffer is not None:
            ops.append(_lt(temp_buffer, fn, "temp_buffer"))
        _emit(name, ops, {"reuse_source": "true" if is_reuse_source else None})
    f.__name__ = f.__qualname__ = name
    return f


power = _binary("power")
xor = _binary("xor")


def _scalar(v, dtype, fn, name):
    if isinstance(v, PlainValue):
        return v.cast(dtype).value if v.dtype != dtype else v.value
    if not isinstance(v, (int, float)):
        raise TypeError(f"{fn}(): argument '{name}' must be a number, got {type(v).__name__}")
    return to_value(float(v) if dtype.kind == "f" else v, dtype)


def axpy(dst, src, scalar, count=None, temp_buffer=None, is_reuse_source=False):
    """asc.adv.axpy: dst += scalar * src (a muls and an add)."""
    ops = [_lt(dst, "adv.axpy", "dst"), _lt(src, "adv.axpy", "src"), _scalar(scalar, src.dtype, "adv.axpy", "scalar"),
           _count("adv.axpy", count, src)]
    if temp_buffer is not None:
        ops.append(_lt(temp_buffer, "adv.axpy", "temp_buffer"))
    _emit("axpy", ops, {"reuse_source": "true" if is_reuse_source else None})


def quant(dst, src, scale, offset, count=None, temp_buffer=None, reuse_source=False, config=None):
    """asc.adv.quant: dst (int8) := round(src * scale + offset)."""
    ops = [_lt(dst, "adv.quant", "dst"), _lt(src, "adv.quant", "src"), _scalar(scale, src.dtype, "adv.quant", "scale"),
           _scalar(offset, src.dtype, "adv.quant", "offset")]
    if count is None and config is not None and config.calc_count:
        count = config.calc_count
    ops.append(_count("adv.quant", count, src))
    if temp_buffer is not None:
        ops.append(_lt(temp_buffer, "adv.quant", "temp_buffer"))
    if config is not None and not isinstance(config, QuantConfig):
        raise TypeError(f"adv.quant(): config must be a QuantConfig, got {type(config).__name__}")
    _emit("quant", ops, {"reuse_source": "true" if reuse_source else None,
                         "config": config._attr() if config is not None else None})


def softmax(dst, sum, max, src, tiling, temp_buffer=None, reuse_source=False, basic_block=False,  # noqa: A002
            data_format_nz=False):
    """asc.adv.softmax(dst, sum, max, src, tiling): row softmax of src viewed as [m, k]; sum/max get each
    row's sum and max in one 32-byte block per row.  A tiling of all zeros takes [m, k] from src's ShapeInfo."""
    if data_format_nz:
        raise NotImplementedError("adv.softmax(): the NZ data format is not implemented yet in openasc")
    if not isinstance(tiling, SoftmaxTiling):
        raise TypeError(f"adv.softmax(): tiling must be a SoftmaxTiling, got {type(tiling).__name__}")
    tiling = _kernel_tiling(tiling)
    fn = "adv.softmax"
    ops = [_lt(dst, fn, "dst"), _lt(sum, fn, "sum"), _lt(max, fn, "max"), _lt(src, fn, "src"), tiling.value]
    if temp_buffer is not None:
        ops.append(_lt(temp_buffer, fn, "temp_buffer"))
    _emit("softmax", ops, {"shape": _shape_attr(src), "reduce_shape": _shape_attr(sum),
                           "reuse_source": "true" if reuse_source else None,
                           "basic_block": "true" if basic_block else None})


def _const_fields(cls, names, vals):
    for n, v in zip(names, vals):
        if isinstance(v, PlainValue) or isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise TypeError(f"{cls}(): '{n}' must be a compile-time int >= 0 (openasc expands the softmax calls at "
                            f"compile time), got {v!r}")


class SoftMaxShapeInfo:
    """SoftMaxShapeInfo(src_m, src_k, ori_src_m, ori_src_k) (pyasc's newer tree): the [m, k] a softmax call
    computes over (src_m, src_k; the source padded from ori_src_m x ori_src_k).  Compile-time ints here."""

    def __init__(self, src_m=0, src_k=0, ori_src_m=0, ori_src_k=0):
        _const_fields("SoftMaxShapeInfo", ("src_m", "src_k", "ori_src_m", "ori_src_k"),
                      (src_m, src_k, ori_src_m, ori_src_k))
        self.src_m, self.src_k, self.ori_src_m, self.ori_src_k = src_m, src_k, ori_src_m, ori_src_k


class SoftmaxConfig:
    """SoftmaxConfig(check_tiling=True, src_m=0, src_k=0, mode=SoftmaxMode.SOFTMAX_NORMAL) (pyasc's newer tree;
    Ascend C's template parameter): src_m / src_k, when set, fix the shape at compile time."""

    def __init__(self, check_tiling=True, src_m=0, src_k=0, mode=None):
        from ..core.enums import SoftmaxMode
        _const_fields("SoftmaxConfig", ("src_m", "src_k"), (src_m, src_k))
        self.check_tiling, self.src_m, self.src_k = bool(check_tiling), src_m, src_k
        self.mode = SoftmaxMode(int(SoftmaxMode.SOFTMAX_NORMAL if mode is None else mode))


def _softmax_shape_tiling(fn, tiling, shape_info, config):
    """The tiling the expansion reads [m, k] from: SoftMaxShapeInfo's (src_m, src_k) when set, else the config's,
    else the tiling's own (Ascend C: the shape info describes the call's source; a config constant-folds it)."""
    if shape_info is not None and not isinstance(shape_info, SoftMaxShapeInfo):
        raise TypeError(f"{fn}(): softmax_shape_info must be a SoftMaxShapeInfo, got {type(shape_info).__name__}")
    if config is not None and not isinstance(config, SoftmaxConfig):
        raise TypeError(f"{fn}(): config must be a SoftmaxConfig, got {type(config).__name__}")
    if not isinstance(tiling, SoftmaxTiling):
        raise TypeError(f"{fn}(): tiling must be a SoftmaxTiling, got {type(tiling).__name__}")
    for src in (shape_info, config):
        if src is not None and src.src_m and src.src_k:
            return SoftmaxTiling(src_m=src.src_m, src_k=src.src_k, src_size=src.src_m * src.src_k)
    return _kernel_tiling(tiling)


def softmax_flash_v2(dst_tensor, exp_sum_tensor, max_tensor, src_tensor, exp_max_tensor, in_exp_sum_tensor,
                     in_max_tensor, tiling, softmax_shape_info=None, shared_tmp_buffer=None, out_reduce_max=None,
                     is_update=False, is_reuse_source=False, is_basic_block=False, is_data_format_nz=False,
                     config=None):
    """asc.adv.softmax_flash_v2 (pyasc's newer tree; Ascend C's SoftmaxFlashV2, FlashAttention-2): per row of
    [m, k], M = max(in_max if is_update, rowmax(src)), dst = e^(src - M), exp_sum = rowsum(dst) (+ exp_max *
    in_exp_sum when updating, exp_max = e^(in_max - M)), max = M; the row statistics one 32-byte block per row."""
    fn = "adv.softmax_flash_v2"
    if is_data_format_nz:
        raise NotImplementedError(f"{fn}(): the NZ data format is not implemented yet in openasc")
    if config is not None and isinstance(config, SoftmaxConfig) and config.mode != 0:
        raise TypeError(f"{fn}(): SoftmaxConfig's mode {config.mode.name} is not available on the Atlas A2/A3 "
                        f"platforms (Ascend C's SoftmaxFlashV2 page: the mode is not configurable there)")
    if out_reduce_max is not None:
        raise TypeError(f"{fn}(): out_reduce_max needs SoftmaxConfig's mode SOFTMAX_OUTPUT_WITHOUT_BRC, which the "
                        f"Atlas A2/A3 platforms do not support")
    t = _softmax_shape_tiling(fn, tiling, softmax_shape_info, config)
    ops = [_lt(dst_tensor, fn, "dst_tensor"), _lt(exp_sum_tensor, fn, "exp_sum_tensor"),
           _lt(max_tensor, fn, "max_tensor"), _lt(src_tensor, fn, "src_tensor"),
           _lt(exp_max_tensor, fn, "exp_max_tensor"), _lt(in_exp_sum_tensor, fn, "in_exp_sum_tensor"),
           _lt(in_max_tensor, fn, "in_max_tensor"), t.value]
    if shared_tmp_buffer is not None:
        ops.append(_lt(shared_tmp_buffer, fn, "shared_tmp_buffer"))
    _emit("softmax_flash_v2", ops, {"update": "true" if is_update else None, "shape": _shape_attr(src_tensor),
                                    "reuse_source": "true" if is_reuse_source else None,
                                    "basic_block": "true" if is_basic_block else None})


def swiglu(dst_tensor, src_tensor0, src_tensor1, scalar_value=1.0, shared_tmp_buffer=None, cal_count=None,
           is_reuse_source=False):
    """asc.adv.swiglu (pyasc's newer tree): dst = src0 * swish(src1), swish(x) = x / (1 + e^(-beta x)),
    beta = scalar_value; cal_count elements (default: all of src0)."""
    fn = "adv.swiglu"
    ops = [_lt(dst_tensor, fn, "dst_tensor"), _lt(src_tensor0, fn, "src_tensor0"), _lt(src_tensor1, fn, "src_tensor1"),
           _scalar(scalar_value, float32, fn, "scalar_value"), _count(fn, cal_count, src_tensor0)]
    if shared_tmp_buffer is not None:
        ops.append(_lt(shared_tmp_buffer, fn, "shared_tmp_buffer"))
    _emit("swiglu", ops, {"reuse_source": "true" if is_reuse_source else None})


def rmsnorm(dst, src, gamma, epsilon, tiling, temp_buffer=None, basic_block=False):
    """asc.adv.rmsnorm(dst, src, gamma, epsilon, tiling): per row of [b*s, h], x * gamma / sqrt(mean(x^2) + eps).
    A tiling of all zeros takes the shape from src's ShapeInfo."""
    if not isinstance(tiling, RmsNormTiling):
        raise TypeError(f"adv.rmsnorm(): tiling must be a RmsNormTiling, got {type(tiling).__name__}")
    tiling = _kernel_tiling(tiling)
    fn = "adv.rmsnorm"
    ops = [_lt(dst, fn, "dst"), _lt(src, fn, "src"), _lt(gamma, fn, "gamma"),
           _scalar(epsilon, float32, fn, "epsilon"), tiling.value]
    if temp_buffer is not None:
        ops.append(_lt(temp_buffer, fn, "temp_buffer"))
    _emit("rmsnorm", ops, {"shape": _shape_attr(src), "basic_block": "true" if basic_block else None})


def concat(dst, src, tmp, repeat_time):
    """asc.adv.concat: prepares the scores for asc.sort, 16 elements per repeat (dst := src)."""
    fn = "adv.concat"
    _emit("concat", [_lt(dst, fn, "dst"), _lt(src, fn, "src"), _lt(tmp, fn, "tmp"), to_value(repeat_time, int32)], {})


def extract(dst_value, dst_index, src, repeat_time):
    """asc.adv.extract: splits sorted 8-byte records into their scores and uint32 indices, 32 per repeat."""
    fn = "adv.extract"
    _emit("extract", [_lt(dst_value, fn, "dst_value"), _lt(dst_index, fn, "dst_index"), _lt(src, fn, "src"),
                      to_value(repeat_time, int32)], {})
