"""asc.language.basic.utils (pyasc's path)."""
from ..core.utils import check_type  # noqa: F401
