"""asc.language.core.array (pyasc's path)."""
from ..._basic_ops import Array, array  # noqa: F401
