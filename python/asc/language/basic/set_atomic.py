"""asc.language.basic.set_atomic (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    set_atomic_add, set_atomic_max, set_atomic_min, set_atomic_none, set_atomic_type,
)
