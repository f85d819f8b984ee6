"""asc.language.core.constexpr (pyasc's path)."""
from . import ConstExpr  # noqa: F401


def __getattr__(name):
    """pyasc's typing aliases, made on first use: typing costs `import asc` ~4 ms."""
    from typing import TypeVar, Union
    aliases = {"Numeric": lambda: Union[bool, int, float], "T_co": lambda: TypeVar("T_co", covariant=True)}
    if name not in aliases:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    v = globals()[name] = aliases[name]()
    return v


def require_constexpr(value, name="value"):
    """The value itself if it is a compile-time constant (a Python bool/int/float), else TypeError."""
    if not isinstance(value, (bool, int, float)):
        raise TypeError(f"{name} must be a compile-time constant, got {type(value).__name__}")
    return value
