"""asc.lib.host.loader (pyasc's path).  pyasc's Loader compiles a pybind11 module against CANN's
tiling library; in openasc the host side is part of libasc, so the Loader hands out the classes of
asc.lib.host.wrappers."""


class Loader:
    module = None

    @classmethod
    def load_library(cls):
        if cls.module is None:
            from . import wrappers
            cls.module = wrappers
        return cls.module

    @classmethod
    def get_attr(cls, class_name: str):
        return getattr(cls.load_library(), class_name)
