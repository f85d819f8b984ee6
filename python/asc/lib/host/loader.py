"""asc.lib.host.loader (pyasc's path): loads CANN's host tiling library; openasc's host tiling is
not implemented yet."""
from ..._core import not_yet_names

not_yet_names(globals(), __name__, "Loader")
