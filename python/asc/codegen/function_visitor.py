"""asc.codegen.function_visitor (pyasc's path)."""
from .._codegen import FunctionTracer as FunctionVisitor  # noqa: F401
from ..runtime.jit import CodegenOptions  # noqa: F401
