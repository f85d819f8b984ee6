"""asc.language.adv.normalization (pyasc's path); defined in asc.language.adv."""
from ._base import (  # noqa: F401
    rmsnorm,
)
