"""asc.language.adv.activation (pyasc's path); defined in asc.language.adv."""
from ._base import (  # noqa: F401
    softmax, softmax_flash_v2, swiglu,
)
