"""asc.lib.runtime.state (pyasc's path): the NPU runtime's loaded-library state; openasc keeps
its state in asc.runtime.config."""
from ..._core import not_yet_names

not_yet_names(globals(), __name__, "NPUUtils RuntimeInterface load_lib", " (NPU runtime)")
