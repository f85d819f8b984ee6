"""asc.runtime: configuration, the JIT, the compiler and the launcher (pyasc's layout)."""
from . import config  # noqa: F401
