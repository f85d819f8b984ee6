"""asc.lib.host: the host side of Ascend C's matmul (api.md §11, docs/host.md): platform facts,
the host enums with CANN's values and the matmul tiling generator, all in libasc (src/host/)."""
_WRAPPERS = (
    "BatchMatmulTiling", "CoreMemType", "CubeFormat", "DataType", "DequantType", "MatmulApiTiling",
    "MatmulApiTilingBase", "MatmulConfigParams", "MatrixMadType", "MatrixTraverse", "MultiCoreMatmulTiling",
    "PlatformAscendC", "PlatformAscendCManager", "ScheduleType", "SocVersion", "TPosition",
)


def __getattr__(name):
    """The host classes load with their module on first use: `import asc` does not need them (a
    kernel launch never does), so their enums and logging are not part of its import time."""
    if name in _WRAPPERS:
        from . import wrappers
        value = getattr(wrappers, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def get_ascendc_platform():
    """The PlatformAscendC of the current platform (asc.lib.runtime.get_soc_version())."""
    from .. import runtime
    from .wrappers import PlatformAscendCManager
    return PlatformAscendCManager.get_instance(runtime.get_soc_version().value)


__all__ = ["BatchMatmulTiling", "CubeFormat", "DataType", "DequantType", "MatmulApiTiling", "MatmulConfigParams",
           "MatrixMadType", "MatrixTraverse", "MultiCoreMatmulTiling", "PlatformAscendC", "PlatformAscendCManager",
           "ScheduleType", "TPosition", "get_ascendc_platform", "CoreMemType", "SocVersion", "MatmulApiTilingBase"]
