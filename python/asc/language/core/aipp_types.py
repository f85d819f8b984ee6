"""asc.language.core.aipp_types (pyasc's path)."""
from . import (AippChannelPaddingParams, AippColorSpaceConvParams, AippDataTypeConvParams,  # noqa: F401
               AippPaddingParams, AippParams, AippSingleLineParams, AippSwapParams)
