"""asc.language.core.constexpr (pyasc's path)."""
from typing import TypeVar, Union

from . import ConstExpr  # noqa: F401

Numeric = Union[bool, int, float]
T_co = TypeVar("T_co", covariant=True)


def require_constexpr(value, name="value"):
    """The value itself if it is a compile-time constant (a Python bool/int/float), else TypeError."""
    if not isinstance(value, (bool, int, float)):
        raise TypeError(f"{name} must be a compile-time constant, got {type(value).__name__}")
    return value
