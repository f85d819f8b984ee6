"""asc.language.basic.list_tensor (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    ListTensorDesc, TensorDesc,
)
