"""asc.language.fwk.tpipe (pyasc's path); defined in asc.language.core."""
from ..core import TBuf, TBufPool, TPipe, TQue, TQueBind, get_tpipe_ptr  # noqa: F401

TBufHandle = TBuf
