"""asc.adv: the old path of asc.language.adv (`import asc.adv`; `asc.adv` is the same module)."""
import sys

from .language import adv as _adv

sys.modules[__name__] = _adv
