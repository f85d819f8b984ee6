"""asc.lib.runtime.build_utils (pyasc's path): builds pyasc's NPU extension; openasc has none."""
from ..._core import not_yet_names

not_yet_names(globals(), __name__, "build_npu_ext get_ascend_path", " (NPU runtime)")
