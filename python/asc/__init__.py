"""openasc: a portable implementation of pyasc (`import asc`).  The package has pyasc's
layout: asc.language.{core,basic,fwk,adv}, asc.runtime.{jit,compiler,launcher,config,cache},
asc.lib.{runtime,host}, asc.codegen; the language API is flattened into `asc`."""
import sys as _sys

from ._core import CompilationError, DataType, KernelError, KernelWarning, PlainValue  # noqa: F401
from .language import core as _core_api
from .language.core import enums as _enums
from .runtime.compiler import CompileOptions  # noqa: F401
from .runtime.launcher import LaunchOptions  # noqa: F401
from .runtime.jit import CodegenOptions, JITFunction, jit  # noqa: F401
from .language import core  # noqa: F401
from . import runtime  # noqa: F401  (asc.adv, .basic, .fwk, .lib and .codegen: imported on first use, __getattr__)

__version__ = "0.1.0"
AscCompilationError = CompilationError

# The language API: every public name of asc.language.core.
_API = {n: v for n, v in vars(_core_api).items() if not n.startswith("_") and n not in
        ("I32", "I64", "DTYPES", "builder", "to_value", "dtype_of", "Handle", "FORMS", "ATTR_PARAMS",
         "COUNT_IS_SET_MASK", "STRUCTS", "VECTOR_OPS", "NOT_YET", "builtins",
         "ParamStruct", "Property")
        and not isinstance(v, type(_sys))}
globals().update(_API)


def __getattr__(name):
    """Names bound on first use.  `asc.float`: pyasc's API pages write it for float32 (TPipe, LocalTensor and
    Matmul examples) though pyasc itself names it float_; the alias lets those examples run as written (a
    module __getattr__, so that `from asc import *` does not shadow Python's float).  The subpackages a
    kernel launch does not need load here, not at `import asc` (issue 32): asc.codegen (the tracer's
    pyasc paths), asc.lib (runtime and host wrappers), asc.adv / basic / fwk (asc.language's)."""
    if name == "float":
        return float32
    if name in ("codegen", "lib"):
        import importlib
        value = importlib.import_module(f".{name}", __name__)
    elif name in ("adv", "basic", "fwk"):
        from . import language
        value = getattr(language, name)
    elif name in _enums.ON_USE:  # the enums made on first use (asc.language.core.enums)
        value = getattr(_enums, name)
    else:
        raise AttributeError(f"module 'asc' has no attribute '{name}'")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | {"lib", "adv", "basic", "fwk"} | _enums.ON_USE)


# `from asc import *` gives what it gave when everything was imported at once: the public names, the
# enums made on first use and the subpackages (then imported)
__all__ = sorted({n for n in globals() if not n.startswith("_")} | {"adv", "basic", "fwk", "lib"} | _enums.ON_USE)
