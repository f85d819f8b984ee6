"""asc.codegen.errors (pyasc's path): tracing errors.  CodegenError is openasc's
CompilationError (message: file:line:col, the source line and a caret)."""
from .._core import CompilationError as CodegenError


class UnsupportedSyntaxError(CodegenError):
    """Python syntax the kernel language does not support."""


__all__ = ["CodegenError", "UnsupportedSyntaxError"]
