"""asc.codegen.dependencies_finder (pyasc's path).  openasc records the module globals a kernel
reads while tracing (asc._codegen.dep_repr, for the compile caches)."""
from .._codegen import closure_values, dep_repr  # noqa: F401

PYASC_MODULE = "asc"
