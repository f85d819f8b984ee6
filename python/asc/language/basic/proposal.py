"""asc.language.basic.proposal (pyasc's path); defined in asc.language.core."""
from ..core import (  # noqa: F401
    get_mrg_sort_result, get_sort_len, get_sort_offset, mrg_sort, mrg_sort4, proposal_concat, proposal_extract,
    rp_sort16, sort, sort32,
)
