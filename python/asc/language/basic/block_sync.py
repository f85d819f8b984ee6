"""asc.language.basic.block_sync (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    cross_core_set_flag, cross_core_wait_flag, data_sync_barrier, ib_set, ib_wait, pipe_barrier, set_flag,
    sync_all, wait_flag,
)
