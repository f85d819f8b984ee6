"""The pyasc language API, in pyasc's layout: asc.language.core (types, tensors, enums,
parameter structs), .basic (instructions), .fwk (TPipe/TQue/TBuf), .adv (advanced APIs).
The definitions live in asc.language.core (package __init__); the submodules name them at
pyasc's import paths.  asc/__init__.py flattens the public names into `asc`."""
from .core import *  # noqa: F401,F403
from .core.enums import *  # noqa: F401,F403
from . import adv, basic, core, fwk  # noqa: F401,E402

__all__ = ["adv", "basic", "core", "fwk"]
