"""asc.language.basic.vec_unary (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    abs, bitwise_not, exp, ln, reciprocal, relu, rsqrt, sqrt,
)
