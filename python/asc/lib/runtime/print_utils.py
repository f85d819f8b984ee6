"""asc.lib.runtime.print_utils (pyasc's path): the NPU's printf/dump transport."""
from ..._core import not_yet_names

not_yet_names(globals(), __name__, "PrintInterface build_print_utils call_print_interface load_print_interface "
              "print_interface", " (NPU runtime)")
