"""asc.lib.runtime.interface (pyasc's path): the runtime functions, defined in asc.lib.runtime."""
from . import (  # noqa: F401
    c2c_ctrl_addr, copy_data_from_device, copy_data_to_device, create_stream, current_device, current_platform,
    current_stream, current_tick, default_device, destroy_stream, device_count, device_info, free, free_mem,
    get_soc_version, is_available, is_initialized, is_model, launch_kernel, malloc, memcpy,
    register_device_binary_kernel, register_function, reset_device, set_device, set_soc_version, synchronize,
    synchronize_device, use_model, use_npu,
)
from ..._core import not_yet_names

not_yet_names(globals(), __name__, "acl_init acl_finalize check_device_handle magic_elf_value msprof_task_type "
              "npu_utils set_pro_switch unregister_device_binary_kernel", " (NPU runtime)")
