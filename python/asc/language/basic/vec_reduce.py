"""asc.language.basic.vec_reduce (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    block_reduce_max, block_reduce_min, block_reduce_sum, pair_reduce_sum, reduce_max, reduce_min, reduce_sum,
    repeat_reduce_sum, whole_reduce_max, whole_reduce_min, whole_reduce_sum,
)
