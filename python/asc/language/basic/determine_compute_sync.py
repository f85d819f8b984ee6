"""asc.language.basic.determine_compute_sync (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    notify_next_block, wait_pre_block,
)
