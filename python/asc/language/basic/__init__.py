"""asc.language.basic (pyasc's path): the instructions.  Each submodule names its functions;
they are defined in asc.language.core (generated from the op registry, or not implemented yet)."""
import sys as _sys

from . import (  # noqa: F401
    block_sync, cache, common, data_copy, determine_compute_sync, dump_tensor, fixpipe, list_tensor, mm,
    proposal, scalar, set_atomic, sys_var, vec_binary, vec_binary_scalar, vec_brcb, vec_cmpsel, vec_duplicate,
    vec_gather, vec_gather_mask, vec_reduce, vec_scatter, vec_ternary_scalar, vec_transpose, vec_unary,
    vec_vconv,
)
from .block_sync import *  # noqa: F401,F403
from .cache import *  # noqa: F401,F403
from .common import *  # noqa: F401,F403
from .data_copy import *  # noqa: F401,F403
from .determine_compute_sync import *  # noqa: F401,F403
from .dump_tensor import *  # noqa: F401,F403
from .fixpipe import *  # noqa: F401,F403
from .list_tensor import *  # noqa: F401,F403
from .mm import *  # noqa: F401,F403
from .proposal import *  # noqa: F401,F403
from .scalar import *  # noqa: F401,F403
from .set_atomic import *  # noqa: F401,F403
from .sys_var import *  # noqa: F401,F403
from .vec_binary import *  # noqa: F401,F403
from .vec_binary_scalar import *  # noqa: F401,F403
from .vec_brcb import *  # noqa: F401,F403
from .vec_cmpsel import *  # noqa: F401,F403
from .vec_duplicate import *  # noqa: F401,F403
from .vec_gather import *  # noqa: F401,F403
from .vec_gather_mask import *  # noqa: F401,F403
from .vec_reduce import *  # noqa: F401,F403
from .vec_scatter import *  # noqa: F401,F403
from .vec_ternary_scalar import *  # noqa: F401,F403
from .vec_transpose import *  # noqa: F401,F403
from .vec_unary import *  # noqa: F401,F403
from .vec_vconv import *  # noqa: F401,F403

# The submodules by name: the star imports above rebind `data_copy`, `dump_tensor` and `fixpipe`
# to the functions of the same names.
_SUBMODULES = ("block_sync", "cache", "common", "data_copy", "determine_compute_sync", "dump_tensor", "fixpipe",
               "list_tensor", "mm", "proposal", "scalar", "set_atomic", "sys_var", "vec_binary",
               "vec_binary_scalar", "vec_brcb", "vec_cmpsel", "vec_duplicate", "vec_gather", "vec_gather_mask",
               "vec_reduce", "vec_scatter", "vec_ternary_scalar", "vec_transpose", "vec_unary", "vec_vconv")
__all__ = sorted(n for m in _SUBMODULES for n in vars(_sys.modules[f"{__name__}.{m}"]) if not n.startswith("_"))
