"""asc.language.core.dtype (pyasc's path): the element types.  The DataType objects are
defined once, in asc._core.DTYPES."""
from ..._core import DTYPES, DataType, dtype_of  # noqa: F401

void, int1, int8, int16, int32, int64 = (DTYPES[n] for n in ("void", "int1", "int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (DTYPES[n] for n in ("uint8", "uint16", "uint32", "uint64"))
float16, float32, float64, bfloat16 = (DTYPES[n] for n in ("float16", "float32", "float64", "bfloat16"))
bit, bool_, int_, half, float_, double = int1, int8, int32, float16, float32, float64


class KnownTypes:
    """pyasc's namespace of the element types (`KnownTypes.int32`)."""
    void, int1, int8, int16, int32, int64 = void, int1, int8, int16, int32, int64
    uint8, uint16, uint32, uint64 = uint8, uint16, uint32, uint64
    float16, float32, float64, bfloat16 = float16, float32, float64, bfloat16
    bit, bool_, int_, half, float_, double = bit, bool_, int_, half, float_, double
