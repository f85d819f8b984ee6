"""asc.lib.host: host matmul tiling (api.md §11).  Not implemented yet in openasc."""
from ..._core import not_yet_names


class _StubClass:
    """A host class openasc does not implement yet: constructing it or calling its
    get_instance raises NotImplementedError naming it."""
    _name = "?"

    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"asc.lib.host.{self._name} is not implemented yet in openasc")

    @classmethod
    def get_instance(cls, *args, **kwargs):
        raise NotImplementedError(f"asc.lib.host.{cls._name}.get_instance is not implemented yet in openasc")


_NAMES = ["get_ascendc_platform", "MatmulApiTiling", "MultiCoreMatmulTiling", "BatchMatmulTiling",
          "PlatformAscendC", "PlatformAscendCManager", "MatmulConfigParams", "CubeFormat", "DataType", "DequantType",
          "MatrixMadType", "MatrixTraverse", "ScheduleType", "TPosition"]
not_yet_names(globals(), "asc.lib.host", _NAMES[0])
globals().update({n: type(n, (_StubClass,), {"_name": n}) for n in _NAMES[1:]})
__all__ = _NAMES
