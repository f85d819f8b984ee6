"""asc.language.adv.math (pyasc's path); defined in asc.language.adv."""
from . import _base as _adv
from ._base import _UNARY_MATH, axpy, exp, power, xor  # noqa: F401

globals().update({_n: getattr(_adv, _n) for _n in _UNARY_MATH})
