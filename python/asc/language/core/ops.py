"""asc.language.core.ops (pyasc's path)."""
from . import inline, number  # noqa: F401
