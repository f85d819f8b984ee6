"""pyasc's enums (api.md §7).  The ones the IR uses come from the C registry (enums.def),
Hardware from the hardware table (src/hw/hw.def).  The others (_STATIC, _NUMBERED: the matmul, host and
layout enums no basic op takes) are made on first use (module __getattr__): an IntEnum costs ~0.1 ms to
create and a kernel uses few of them, so they are not part of `import asc` (issue 32).  The packages
that export the enums (asc, asc.language, asc.language.core) forward those names here (ON_USE)."""
from enum import IntEnum

from ... import _lib

_REG = _lib.registry_enums()

TPosition = IntEnum("TPosition", {**_REG["pos"], "MAX": 12})
HardEvent = IntEnum("HardEvent", _REG["event"])
PipeID = IntEnum("PipeID", _REG["pipe"])
RoundMode = IntEnum("RoundMode", _REG["round"])
CMPMODE = IntEnum("CMPMODE", _REG["cmpmode"])
SelMode = IntEnum("SelMode", _REG["selmode"])
MaskMode = IntEnum("MaskMode", _REG["maskmode"])
ReduceOrder = IntEnum("ReduceOrder", _REG["order"])
_HW = _lib.registry_hw_memories()
Hardware = IntEnum("Hardware", {**_HW, "MAX": max(_HW.values()) + 1})  # the hardware table (src/hw/hw.def)

_STATIC = {
    "CubeFormat": "ND NZ",
    "DataFormat": "ND NZ NCHW NC1HWC0 NHWC",
    "CO2Layout": "NZ ROW_MAJOR COLUMN_MAJOR",
    "LayoutMode": "NONE NORMAL BSNGD SBNGD BNGS1S2",
    "BatchMode": "NONE BATCH_LESS_THAN_L1 BATCH_LARGE_THAN_L1 SINGLE_LARGE_THAN_L1",
    "ScheduleType": "INNER_PRODUCT OUTER_PRODUCT",
    "IterateOrder": "ORDER_M ORDER_N UNDEF",
    "BlockMode": "BLOCK_MODE_NORMAL BLOCK_MODE_MATRIX BLOCK_MODE_VECTOR BLOCK_MODE_SMALL_CHANNEL "
                 "BLOCK_MODE_DEPTHWISE",
    "DeqScale": "DEQ_NONE DEQ VDEQ DEQ8 VDEQ8 DEQ16 VDEQ16",
    "QuantModes": "NoQuant F322F16 F322BF16 DEQF16 VDEQF16 QF322B8_PRE VQF322B8_PRE REQ8 VREQ8",
    "CacheLine": "SINGLE_CACHE_LINE ENTIRE_DATA_CACHE",
    "MemDsbT": "ALL DDR UB SEQ",
    "AtomicDtype": "ATOMIC_NONE ATOMIC_F32 ATOMIC_F16 ATOMIC_S16 ATOMIC_S32 ATOMIC_S8 ATOMIC_BF16",
    "DcciDst": "CACHELINE_ALL CACHELINE_UB CACHELINE_OUT CACHELINE_ATOMIC",
    "GatherMaskMode": "DEFAULT",
    "MatmulPolicy": "MatmulPolicy TrianUpperMatmulPolicy TrianLowerMatmulPolicy NBuffer33MatmulPolicy",
    "TransposeType": "TRANSPOSE_TYPE_NONE TRANSPOSE_NZ2ND_0213 TRANSPOSE_NZ2NZ_0213 TRANSPOSE_NZ2NZ_012_WITH_N "
                     "TRANSPOSE_NZ2ND_012_WITH_N TRANSPOSE_NZ2ND_012_WITHOUT_N TRANSPOSE_NZ2NZ_012_WITHOUT_N "
                     "TRANSPOSE_ND2ND_ONLY TRANSPOSE_ND_UB_GM TRANSPOSE_GRAD_ND_UB_GM TRANSPOSE_ND2ND_B16 "
                     "TRANSPOSE_NCHW2NHWC TRANSPOSE_NHWC2NCHW",
    "pad_t": "PAD_NONE PAD_MODE1 PAD_MODE2 PAD_MODE3 PAD_MODE4 PAD_MODE5 PAD_MODE6 PAD_MODE7 PAD_MODE8",
    "BatchOutMode": "SINGLE_BATCH MULTI_BATCH DYNAMIC",
    "AtomicOp": "ATOMIC_SUM",
    "SoftmaxMode": "SOFTMAX_NORMAL SOFTMAX_OUTPUT_WITHOUT_BRC",  # pyasc's newer tree (asc.adv.SoftmaxConfig)
}
_NUMBERED = {"IterateMode": {"ITERATE_MODE_NORMAL": 1, "ITERATE_MODE_ALL": 2, "ITERATE_MODE_BATCH": 4,
                             "ITERATE_MODE_N_BATCH": 8, "ITERATE_MODE_DEFAULT": 0xFF},
             "MatmulConfigMode": {"CONFIG_NORM": 1, "CONFIG_MDL": 2, "CONFIG_SPECIALMDL": 3, "CONFIG_IBSHARE": 4}}
ON_USE = frozenset(_STATIC) | frozenset(_NUMBERED)


def __getattr__(name):
    if name in _STATIC:
        e = IntEnum(name, {m: i for i, m in enumerate(_STATIC[name].split())})
    elif name in _NUMBERED:
        e = IntEnum(name, _NUMBERED[name])
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = e
    return e


def __dir__():
    return sorted(set(globals()) | ON_USE)


CacheRwMode = IntEnum("CacheRwMode", _REG["cacherw"])
AippInputFormat = IntEnum("AippInputFormat", {"YUV420SP_U8": 0, "XRGB8888_U8": 1, "RGB888_U8": 4, "YUV400_U8": 9})
CacheMode = IntEnum("CacheMode", _REG["cachemode"])

__all__ = ["TPosition", "HardEvent", "PipeID", "RoundMode", "CMPMODE", "SelMode", "MaskMode", "ReduceOrder", "Hardware", "IterateMode", "MatmulConfigMode", "CacheRwMode",
           "CacheMode", "AippInputFormat"] + list(_STATIC)
EAGER = [n for n in __all__ if n not in ON_USE]  # made at import: what the packages import by name
