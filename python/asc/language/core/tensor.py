"""asc.language.core.tensor (pyasc's path)."""
from ..._core import Handle as BaseTensor  # noqa: F401
from . import GlobalTensor, LocalTensor, LocalTensorAuto, MrgSortSrcList  # noqa: F401
