"""asc.language.basic.sys_var (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    get_arch_version, get_block_idx, get_block_num, get_data_block_size_in_bytes, get_program_counter,
    get_sub_block_idx, get_sub_block_num, get_system_cycle, get_task_ratio, trap,
)
