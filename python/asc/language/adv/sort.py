"""asc.language.adv.sort (pyasc's path); defined in asc.language.adv."""
from . import (  # noqa: F401
    concat, extract,
)
