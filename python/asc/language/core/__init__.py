"""The Tier 0-1 language API (api.md §6-§9).  Every function is trace-only: it emits IR ops
through the current builder; the op semantics live in libasc.

This package gathers the API: the definitions (tensors, queues, structs, the generated vector ops:
_base.py), the hand-written basic, cube and AIPP ops (asc/_basic_ops.py, _cube_ops.py,
_aipp_ops.py, which build on _base, not on this package, so no module imports back into the one
importing it) and pyasc's submodules."""
from . import _base
from ._base import *  # noqa: F401,F403

globals().update({_k: _v for _k, _v in vars(_base).items() if not (_k.startswith("__") and _k.endswith("__"))})
for _v in vars(_base).values():  # the classes keep this package as their public module
    if isinstance(_v, type) and _v.__module__ == _base.__name__:
        _v.__module__ = __name__

# ---- the hand-written basic API (asc/_basic_ops.py): the ops the generator above does not cover -------------
from ..._basic_ops import *  # noqa: E402,F401,F403
from ..._cube_ops import *  # noqa: E402,F401,F403 - the cube unit: load_data, mmad, fixpipe
from ..._aipp_ops import *  # noqa: E402,F401,F403 - AIPP, get_arch_version, pop_stack_buffer, TensorShape
from ..._cube_ops import _FixpipeDefault  # noqa: E402
FixpipeConfig.cfg_row_major = _FixpipeDefault(1)  # CO2Layout.ROW_MAJOR
FixpipeConfig.cfg_nz = _FixpipeDefault(0)  # CO2Layout.NZ


# ---- pyasc's submodules (dtype, tensor, struct, ...): each names its part of this API at
# pyasc's import path.  Imported last, and the names a submodule shares with a function
# (range, array) are bound back to the function afterwards.
def _load_submodules():
    import importlib
    keep = {n: globals()[n] for n in ("range", "array", "property")}
    for m in ("enums", "dtype", "constexpr", "utils", "ir_value", "tensor", "types", "struct", "range", "array",
              "ops", "memory_allocator", "aipp_types", "properties"):
        importlib.import_module(f"{__name__}.{m}")
    globals().update(keep)


_load_submodules()


def __getattr__(name):
    """The enums made on first use (enums.ON_USE) are this package's names too."""
    if name in enums.ON_USE:
        value = globals()[name] = getattr(enums, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | enums.ON_USE)


from .dtype import KnownTypes, bit, bool_, double, float_, int1, int_, void  # noqa: E402,F401
from .struct import Field, Struct, StructField  # noqa: E402,F401

# `from asc.language.core import *`: its public names with the enums made on first use
__all__ = sorted({n for n in globals() if not n.startswith("_")} | enums.ON_USE)
