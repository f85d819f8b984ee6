"""asc.language.core.utils (pyasc's path): the trace-time builder and small helpers."""
import functools

from ..._core import Builder
from . import ceildiv, static_assert  # noqa: F401


class GlobalBuilder:
    """pyasc's handle on the IR builder of the kernel being traced.  get_ir_builder() is the
    current openasc Builder (None outside a trace); get_ir_module() the IR text of the last
    kernel traced (asc.runtime.jit records it)."""
    last_module = None

    def get_ir_builder(self):
        return Builder.current()

    def get_ir_module(self):
        return GlobalBuilder.last_module


global_builder = GlobalBuilder()


def require_jit(fn):
    """Decorator: fn may only be called while a kernel is traced."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        Builder.current(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


def get_type_name(t):
    return getattr(t, "__name__", type(t).__name__)


def check_type(name, value, *types):
    """TypeError naming the argument unless value is an instance of one of types."""
    if types and not isinstance(value, types):
        raise TypeError(f"{name} must be {' or '.join(get_type_name(t) for t in types)}, "
                        f"got {type(value).__name__}")
    return value
