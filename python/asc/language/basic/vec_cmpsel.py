"""asc.language.basic.vec_cmpsel (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    compare, compare_scalar, get_cmp_mask, select, set_cmp_mask,
)
