"""asc.language.core.types (pyasc's path): the parameter structs.  Those of src/ops/structs.def
are defined from that table (asc.language.core.STRUCTS); the others are not implemented yet."""
from . import (BinaryRepeatParams, BrcbRepeatParams, CheckLocalMemoryIAParam, CopyRepeatParams,  # noqa: F401
               DataCopyCO12DstParams, DataCopyEnhancedParams, DataCopyExtParams, DataCopyPadExtParams,
               DataCopyPadParams, DataCopyParams, FixpipeConfig, FixpipeParamsV220, GatherMaskParams,
               GatherRepeatParams, InitConstValueParams, LoadData2DParams, LoadData2DParamsV2,
               LoadData2dTransposeParams, LoadData2dTransposeParamsV2, LoadData3DParamsV1, LoadData3DParamsV2,
               LoadData3DParamsV2Pro, LoadDataRepeatParam, LoadImageToLocalParams, MmadParams, MrgSort4Info,
               Nd2NzParams, Nz2NdParamsFull, ShapeInfo, SliceInfo, TensorShape, TransDataTo5HDParams,
               TransposeParamsExt, UnaryRepeatParams, VdeqInfo, get_shape_size)
