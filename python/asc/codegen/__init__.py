"""asc.codegen (pyasc's path): the Python AST -> IR front-end.  openasc's visitor is
asc._codegen.FunctionTracer; the submodules name it and its errors at pyasc's paths."""
