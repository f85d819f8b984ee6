"""asc.language.basic.mm (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    init_const_value, load_data, load_data_with_sparse, load_data_with_transpose, mmad, mmad_with_sparse,
    set_load_data_boundary, set_load_data_padding_value, set_load_data_repeat,
)
