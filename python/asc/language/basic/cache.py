"""asc.language.basic.cache (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    data_cache_clean_and_invalid, get_icache_preload_status, icache_preload,
)
