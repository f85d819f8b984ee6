"""asc.language.basic.data_copy (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    copy, data_copy, data_copy_pad, load_image_to_local, set_pad_value,
)
