"""openasc: a portable implementation of pyasc (`import asc`)."""
from ._core import CompilationError, DataType, KernelError, PlainValue  # noqa: F401
from .language import core as _core_api
from .language.enums import *  # noqa: F401,F403
from .runtime.jit import CodegenOptions, CompileOptions, JITFunction, LaunchOptions, jit  # noqa: F401
from . import adv, lib, runtime  # noqa: F401

__version__ = "0.1.0"
AscCompilationError = CompilationError

# The language API: every public name of asc.language.core.
_API = {n: v for n, v in vars(_core_api).items() if not n.startswith("_") and n not in
        ("I32", "I64", "DTYPES", "builder", "to_value", "dtype_of", "Handle", "FORMS", "ATTR_PARAMS",
         "MASK_TAILS", "REPEAT_NAMES", "COUNT_IS_SET_MASK", "STRUCTS", "VECTOR_OPS", "NOT_YET", "builtins")}
globals().update(_API)
int1 = _core_api.DTYPES["int1"]
# The basic API the registry generator does not cover (mask register, compare / select, reductions).
from ._basic_ops import *  # noqa: F401,F403,E402
