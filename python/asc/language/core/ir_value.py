"""asc.language.core.ir_value (pyasc's path): traced values."""
from ..._core import Handle as IRValue, PlainValue, Value as IRHandle, to_value  # noqa: F401
from . import GlobalAddress  # noqa: F401


def __getattr__(name):
    """pyasc's typing aliases (RuntimeInt, RuntimeFloat, RuntimeBool, RuntimeNumeric), made on first use:
    typing costs `import asc` ~4 ms."""
    if name not in ("RuntimeInt", "RuntimeFloat", "RuntimeBool", "RuntimeNumeric"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from typing import Union
    v = globals()[name] = Union[int, float, bool, PlainValue]
    return v


def materialize_ir_value(value, dtype):
    """A Python number or PlainValue as a traced value of dtype."""
    return PlainValue(to_value(value, dtype), dtype)


def convert_value(value, dtype):
    return materialize_ir_value(value, dtype)


def cast_to_index(value):
    from .dtype import int64
    return materialize_ir_value(value, int64)
