"""asc.language.basic.vec_transpose (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    trans_data_to_5hd, transpose,
)

AddrList = TensorList = list  # pyasc's annotations of trans_data_to_5hd's lists
