"""asc.language.basic.vec_ternary_scalar (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    axpy,
)
