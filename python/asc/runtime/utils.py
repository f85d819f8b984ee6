"""asc.runtime.utils (pyasc's path): the NPU dump buffer and file helpers."""
from .._core import not_yet_names

not_yet_names(globals(), __name__, "FileUtils", " (PYASC_DUMP_PATH dumps are written by asc.runtime.compiler)")
