"""asc.language.basic.vec_brcb (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    brcb,
)
