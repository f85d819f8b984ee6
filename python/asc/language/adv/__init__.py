"""asc.language.adv (pyasc's path; also asc.adv): advanced APIs (api.md §10).  Matmul, MatmulType
and register_matmul are implemented (_matmul.py); the names not implemented yet raise
NotImplementedError naming themselves."""
from ..._core import not_yet_names
from ._matmul import (  # noqa: F401
    Matmul, MatmulBatchParams, MatmulConfig, MatmulFuncParams, MatmulQuantParams, MatmulShapeParams, MatmulType,
    get_basic_config, get_ib_share_norm_config, get_mdl_config, get_mm_config, get_normal_config,
    get_special_basic_config, get_special_mdl_config, register_matmul,
)


_NAMES = ("Matmul MatmulType register_matmul TCubeTiling MatmulApiStaticTiling SoftmaxTiling RmsNormTiling "
          "MatmulConfig get_normal_config get_mdl_config get_special_mdl_config get_basic_config "
          "get_special_basic_config get_ib_share_norm_config get_mm_config get_matmul_api_tiling softmax rmsnorm "
          "quant QuantConfig exp power xor axpy concat extract acos acosh asin asinh atan atanh ceil cos cosh "
          "digamma erf erfc floor frac lgamma log round sign sin sinh tan tanh trunc MatmulBatchParams "
          "MatmulFuncParams MatmulQuantParams MatmulShapeParams").split()
not_yet_names(globals(), "asc.adv", " ".join(_NAMES))
__all__ = _NAMES

from .tiling import TCubeTiling  # noqa: E402,F401  (host-built; asc.lib.host fills it)
from . import activation, math, matmul, normalization, quantization, sort, tiling, types  # noqa: E402,F401
