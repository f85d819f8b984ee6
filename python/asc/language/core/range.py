"""asc.language.core.range (pyasc's path)."""
from . import range, static_range  # noqa: F401
