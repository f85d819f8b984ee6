"""asc.language.adv (pyasc's path; also asc.adv): advanced APIs (api.md §10).

Matmul, MatmulType and register_matmul (_matmul.py) become asc.matmul_* ops that libasc's
expand-matmul pass turns into cube instructions (src/passes/expand_matmul.c).  The vector library
(softmax, rmsnorm, quant, exp and the math functions) is marshalling only: each call emits one
asc.adv.* op (src/ops/ops.def) that libasc's expand-adv pass turns into basic vector instructions
(src/passes/expand_adv.c; docs/adv.md), so are the sort utilities concat and extract.  The names
listed in _NOT_YET raise NotImplementedError naming themselves.

The definitions are in _base.py; pyasc's submodules (math, matmul, tiling, ...) import from it, not
from this package, so no module imports back into the one importing it."""
from . import _base

globals().update({_k: _v for _k, _v in vars(_base).items() if not (_k.startswith("__") and _k.endswith("__"))})
for _v in vars(_base).values():  # the classes keep this package as their public module
    if isinstance(_v, type) and _v.__module__ == _base.__name__:
        _v.__module__ = __name__
__all__ = _base.__all__

from .tiling import TCubeTiling  # noqa: E402,F401  (host-built; asc.lib.host fills it)
from . import activation, math, matmul, normalization, quantization, sort, tiling, types  # noqa: E402,F401
