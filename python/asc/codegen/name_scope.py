"""asc.codegen.name_scope (pyasc's path).  openasc's visitor keeps its names in a dict per traced function."""
