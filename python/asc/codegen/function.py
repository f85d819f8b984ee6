"""asc.codegen.function (pyasc's path): a traced Python function (openasc: asc.runtime.jit.JITFunction,
whose source is an asc._codegen.SourceInfo)."""
from .._codegen import SourceInfo as FunctionLocation  # noqa: F401
from ..runtime.jit import JITFunction as Function  # noqa: F401
