"""asc.language.adv (pyasc's path; also asc.adv): advanced APIs (api.md §10).  Not implemented yet in openasc: each raises
NotImplementedError naming itself."""


def _stub(name):
    def f(*args, **kwargs):
        raise NotImplementedError(f"asc.adv.{name} is not implemented yet in openasc")
    f.__name__ = name
    return f


_NAMES = ("Matmul MatmulType register_matmul TCubeTiling MatmulApiStaticTiling SoftmaxTiling RmsNormTiling "
          "MatmulConfig get_normal_config get_mdl_config get_special_mdl_config get_basic_config "
          "get_special_basic_config get_ib_share_norm_config get_mm_config get_matmul_api_tiling softmax rmsnorm "
          "quant QuantConfig exp power xor axpy concat extract acos acosh asin asinh atan atanh ceil cos cosh "
          "digamma erf erfc floor frac lgamma log round sign sin sinh tan tanh trunc MatmulBatchParams "
          "MatmulFuncParams MatmulQuantParams MatmulShapeParams").split()
globals().update({n: _stub(n) for n in _NAMES})
__all__ = _NAMES

from . import activation, math, matmul, normalization, quantization, sort, tiling, types  # noqa: E402,F401
