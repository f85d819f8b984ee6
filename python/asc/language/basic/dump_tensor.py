"""asc.language.basic.dump_tensor (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    dump_acc_chk_point, dump_tensor, metrics_prof_start, metrics_prof_stop, print_time_stamp, printf,
)
