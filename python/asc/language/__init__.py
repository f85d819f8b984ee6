"""The pyasc language API, in pyasc's layout: asc.language.core (types, tensors, enums,
parameter structs), .basic (instructions), .fwk (TPipe/TQue/TBuf), .adv (advanced APIs).
The definitions live in asc.language.core (package __init__); the submodules name them at
pyasc's import paths.  asc/__init__.py flattens the public names into `asc`."""
from . import core  # noqa: F401,E402
from .core import enums as _enums

# core's public names (not `from .core import *`: its __all__ names the enums made on first use too, which
# this package's __getattr__ forwards)
globals().update({_k: _v for _k, _v in vars(core).items() if not _k.startswith("_")})

_ON_USE = ("adv", "basic", "fwk")


def __getattr__(name):
    """.adv, .basic and .fwk load on first use (attribute or import): a kernel needs asc.language.core only
    (.basic and .fwk name its definitions at pyasc's paths; .adv is the advanced API, its Matmul and
    tiling), so they are not part of `import asc`."""
    if name in _ON_USE:
        import importlib
        return importlib.import_module(f"{__name__}.{name}")
    if name in _enums.ON_USE:  # the enums made on first use
        value = globals()[name] = getattr(_enums, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_ON_USE) | _enums.ON_USE)

__all__ = ["adv", "basic", "core", "fwk"]
