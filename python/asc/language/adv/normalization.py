"""asc.language.adv.normalization (pyasc's path); defined in asc.language.adv."""
from . import (  # noqa: F401
    rmsnorm,
)
