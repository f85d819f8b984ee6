"""asc.language.adv.tiling (pyasc's path).  TCubeTiling is built from libasc's field table
(include/asc/host.h): CANN's 49 int32 fields in CANN's order, so its bytes are CANN's
TCubeTiling; asc.lib.host's get_tiling fills it and a kernel takes it as a Struct argument."""

from ..core.dtype import int32
from ..core.struct import Field, Struct
from ...lib.host import _native


def _make_tcube():
    table = _native.tcube_fields()
    attrs = {py: Field(int32, default=0, name=c) for c, py, _ in table}
    attrs.update(__module__=__name__, __doc__=(
        "Matmul tiling (CANN TCubeTiling): " + ", ".join(py for _, py, _ in table) + "; all int32, default 0."))
    cls = type("TCubeTiling", (Struct,), attrs)
    for c, py, off in table:  # the ctypes layout must be the C one
        if getattr(cls.ctypes_class, py).offset != off:
            raise RuntimeError(f"internal error: TCubeTiling.{py} at offset {getattr(cls.ctypes_class, py).offset}, "
                               f"libasc has {c} at {off}")
    return cls


TCubeTiling = _make_tcube()

from ._base import MatmulApiStaticTiling, RmsNormTiling, SoftmaxTiling  # noqa: E402,F401
