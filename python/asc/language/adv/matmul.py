"""asc.language.adv.matmul (pyasc's path); defined in asc.language.adv."""
from ._base import (  # noqa: F401
    Matmul, MatmulType, get_basic_config, get_ib_share_norm_config, get_matmul_api_tiling, get_mdl_config,
    get_mm_config, get_normal_config, get_special_basic_config, get_special_mdl_config, register_matmul,
)
from ._matmul_offset import MatrixOffset  # noqa: F401,E402  (pyasc's asc.language.adv.matmul.MatrixOffset)
