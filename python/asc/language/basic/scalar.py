"""asc.language.basic.scalar (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    count_bits_cnt_same_as_sign_bit, scalar_cast, scalar_count_leading_zero, scalar_get_count_of_value,
    scalar_get_sff_value,
)
