"""asc.language.core.properties (pyasc's path): hardware sizes as compile-time constants."""
from . import DEFAULT_C0_SIZE, ONE_BLK_SIZE, TOTAL_L0C_SIZE, TOTAL_L1_SIZE, property  # noqa: F401

Property = property
