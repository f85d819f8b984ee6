"""asc.lib: runtime wrappers and host helpers."""
from . import host, runtime  # noqa: F401
