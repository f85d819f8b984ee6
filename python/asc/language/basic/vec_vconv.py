"""asc.language.basic.vec_vconv (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    add_relu_cast, cast, cast_deq, set_deq_scale, sub_relu_cast,
)
