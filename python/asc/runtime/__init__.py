"""asc.runtime: configuration and the JIT."""
from . import config  # noqa: F401
