"""asc.codegen.specialization (pyasc's path).  openasc specialises a kernel on the kinds and
dtypes of its runtime arguments and the values of its ConstExpr ones (asc.runtime.jit)."""
