"""asc.language.basic.vec_gather_mask (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    gather_mask, get_gather_mask_remain_count,
)
