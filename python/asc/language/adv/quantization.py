"""asc.language.adv.quantization (pyasc's path); defined in asc.language.adv."""
from ._base import (  # noqa: F401
    quant,
)
