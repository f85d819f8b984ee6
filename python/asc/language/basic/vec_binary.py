"""asc.language.basic.vec_binary (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    add, add_deq_relu, add_relu, bilinear_interpolation, bitwise_and, bitwise_or, div, fused_mul_add,
    fused_mul_add_relu, max, min, mul, mul_add_dst, mul_cast, sub, sub_relu,
)
