"""asc.language.fwk (pyasc's path): the framework classes TPipe, TQue, TQueBind, TBuf, TBufPool."""
from .tpipe import TBuf, TBufPool, TPipe, TQue, TQueBind, get_tpipe_ptr  # noqa: F401

__all__ = ["TBuf", "TBufPool", "TPipe", "TQue", "TQueBind", "get_tpipe_ptr"]
