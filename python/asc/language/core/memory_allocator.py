"""asc.language.core.memory_allocator (pyasc's path)."""
from . import LocalMemAllocator  # noqa: F401
