"""asc.language.basic.vec_scatter (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    scatter,
)
