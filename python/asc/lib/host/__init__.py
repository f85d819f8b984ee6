"""asc.lib.host: the host side of Ascend C's matmul (api.md §11, docs/host.md): platform facts,
the host enums with CANN's values and the matmul tiling generator, all in libasc (src/host/)."""
from .wrappers import (  # noqa: F401
    BatchMatmulTiling, CoreMemType, CubeFormat, DataType, DequantType, MatmulApiTiling, MatmulApiTilingBase,
    MatmulConfigParams, MatrixMadType, MatrixTraverse, MultiCoreMatmulTiling, PlatformAscendC,
    PlatformAscendCManager, ScheduleType, SocVersion, TPosition,
)


def get_ascendc_platform():
    """The PlatformAscendC of the current platform (asc.lib.runtime.get_soc_version())."""
    from .. import runtime
    return PlatformAscendCManager.get_instance(runtime.get_soc_version().value)


__all__ = ["BatchMatmulTiling", "CubeFormat", "DataType", "DequantType", "MatmulApiTiling", "MatmulConfigParams",
           "MatrixMadType", "MatrixTraverse", "MultiCoreMatmulTiling", "PlatformAscendC", "PlatformAscendCManager",
           "ScheduleType", "TPosition", "get_ascendc_platform", "CoreMemType", "SocVersion", "MatmulApiTilingBase"]
