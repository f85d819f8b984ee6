"""asc.language.basic.common (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    ascend_is_aic, ascend_is_aiv, check_local_memory_ia, data_cache_preload, get_hccl_context,
    get_store_atomic_config, get_sys_workspace, init_soc_state, pop_stack_buffer, reset_mask,
    set_aipp_functions, set_hccl_context, set_hf32_mode, set_hf32_trans_mode, set_mask_count, set_mask_norm,
    set_mm_layout_transform, set_store_atomic_config, set_sys_workspace, set_vector_mask,
)
