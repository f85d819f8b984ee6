"""openasc: a portable implementation of pyasc (`import asc`).  The package has pyasc's
layout: asc.language.{core,basic,fwk,adv}, asc.runtime.{jit,compiler,launcher,config,cache},
asc.lib.{runtime,host}, asc.codegen; the language API is flattened into `asc`."""
import sys as _sys

from ._core import CompilationError, DataType, KernelError, KernelWarning, PlainValue  # noqa: F401
from .language import core as _core_api
from .language.core.enums import *  # noqa: F401,F403
from .runtime.compiler import CompileOptions  # noqa: F401
from .runtime.launcher import LaunchOptions  # noqa: F401
from .runtime.jit import CodegenOptions, JITFunction, jit  # noqa: F401
from .language import adv, basic, core, fwk  # noqa: F401
from . import lib, runtime  # noqa: F401  (asc.codegen, the tracer's pyasc paths: imported on first use)

__version__ = "0.1.0"
AscCompilationError = CompilationError
_sys.modules.setdefault(__name__ + ".adv", adv)  # old path: `import asc.adv`

# The language API: every public name of asc.language.core.
_API = {n: v for n, v in vars(_core_api).items() if not n.startswith("_") and n not in
        ("I32", "I64", "DTYPES", "builder", "to_value", "dtype_of", "Handle", "FORMS", "ATTR_PARAMS",
         "COUNT_IS_SET_MASK", "STRUCTS", "VECTOR_OPS", "NOT_YET", "builtins",
         "ParamStruct", "Property")
        and not isinstance(v, type(_sys))}
globals().update(_API)


def __getattr__(name):
    """`asc.float`: pyasc's API pages write it for float32 (TPipe, LocalTensor and Matmul examples) though pyasc
    itself names it float_; the alias lets those examples run as written.  (A module __getattr__, so that
    `from asc import *` does not shadow Python's float.)"""
    if name == "float":
        return float32
    if name == "codegen":  # the tracer (ast, inspect): not part of `import asc`'s cost
        import importlib
        return importlib.import_module(".codegen", __name__)
    raise AttributeError(f"module 'asc' has no attribute '{name}'")
