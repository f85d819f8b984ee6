"""asc.language.adv.types (pyasc's path); defined in asc.language.adv."""
from ._base import (  # noqa: F401
    MatmulBatchParams, MatmulConfig, MatmulFuncParams, MatmulQuantParams, MatmulShapeParams, QuantConfig,
    SoftmaxConfig, SoftMaxShapeInfo,
)
