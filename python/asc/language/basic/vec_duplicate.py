"""asc.language.basic.vec_duplicate (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    duplicate,
)
