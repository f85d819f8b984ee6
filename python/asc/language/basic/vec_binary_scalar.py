"""asc.language.basic.vec_binary_scalar (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    adds, leaky_relu, maxs, mins, muls, shift_left, shift_right,
)
