"""Old import path of the enums (now asc.language.core.enums, pyasc's path)."""
from .core.enums import *  # noqa: F401,F403
from .core.enums import __all__  # noqa: F401
