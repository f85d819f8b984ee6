"""asc.language.adv.tiling (pyasc's path); defined in asc.language.adv."""
from . import (  # noqa: F401
    MatmulApiStaticTiling, RmsNormTiling, SoftmaxTiling, TCubeTiling,
)
