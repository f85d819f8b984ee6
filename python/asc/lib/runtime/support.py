"""asc.lib.runtime.support (pyasc's path): the runtime's enums and handle types."""
from ..._core import not_yet_names
from . import CoreType, DeviceInfoType, DeviceModuleType  # noqa: F401

not_yet_names(globals(), __name__, "DevBinary Function Kernel MagicElf MallocPolicy MemcpyKind Memory MemorySizes "
              "MemoryType MsprofTaskType ProfilingCommandHandle ProfilingValues Stream",
              " (NPU runtime; the Model backend launches with kernel[core_num](...))")
