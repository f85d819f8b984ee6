"""The pyasc language API, flattened into `asc` by asc/__init__.py."""
from .core import *  # noqa: F401,F403
from .enums import *  # noqa: F401,F403
