"""asc.language.core.array (pyasc's path)."""
from . import array  # noqa: F401

Array = array
