"""asc.language.core.ir_value (pyasc's path): traced values."""
from typing import Union

from ..._core import Handle as IRValue, PlainValue, Value as IRHandle, to_value  # noqa: F401
from . import GlobalAddress  # noqa: F401

RuntimeInt = RuntimeFloat = RuntimeBool = Union[int, float, bool, PlainValue]
RuntimeNumeric = Union[int, float, bool, PlainValue]


def materialize_ir_value(value, dtype):
    """A Python number or PlainValue as a traced value of dtype."""
    return PlainValue(to_value(value, dtype), dtype)


def convert_value(value, dtype):
    return materialize_ir_value(value, dtype)


def cast_to_index(value):
    from .dtype import int64
    return materialize_ir_value(value, int64)
