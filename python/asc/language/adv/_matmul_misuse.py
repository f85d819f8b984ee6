"""A Matmul call pyasc compiles but that cannot run (no tiling, no A/B, no C to take): one
asc.matmul_misuse op at the call's line, which stops the kernel there when it executes."""
from ..._basic_ops import _ir_string
from ..._core import builder

NO_TILING = "no tiling: call asc.adv.register_matmul(pipe, workspace, mm, tiling) or mm.init(tiling) first"


def misuse(fn, why):
    """Emit the misuse op for asc.adv.Matmul.<fn> with the reason why."""
    builder(f"Matmul.{fn}").op("asc.matmul_misuse", [], [], {"reason": _ir_string(f"asc.adv.Matmul.{fn}: {why}")})
