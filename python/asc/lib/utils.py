"""asc.lib.utils (pyasc's path): CANN toolkit lookups, which openasc does not need."""
from .._core import not_yet_names

not_yet_names(globals(), __name__, "get_ascend_path get_cxx_compiler get_py_include_dir",
              " (openasc needs no CANN toolkit)")
