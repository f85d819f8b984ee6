"""asc.language.adv.math (pyasc's path); defined in asc.language.adv."""
from . import (  # noqa: F401
    acos, acosh, asin, asinh, atan, atanh, axpy, ceil, cos, cosh, digamma, erf, erfc, exp, floor, frac, lgamma,
    log, power, round, sign, sin, sinh, tan, tanh, trunc, xor,
)
