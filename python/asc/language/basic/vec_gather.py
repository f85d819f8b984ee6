"""asc.language.basic.vec_gather (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    gather, gatherb,
)
