"""asc.language.basic.fixpipe (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    fixpipe, set_fix_pipe_pre_quant_flag,
)
