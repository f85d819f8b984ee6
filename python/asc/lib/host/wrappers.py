"""asc.lib.host.wrappers (pyasc's path); the names are defined in asc.lib.host."""
from . import (  # noqa: F401
    BatchMatmulTiling, CubeFormat, DataType, DequantType, MatmulApiTiling, MatmulConfigParams, MatrixMadType,
    MatrixTraverse, MultiCoreMatmulTiling, PlatformAscendC, PlatformAscendCManager, ScheduleType, TPosition,
)
