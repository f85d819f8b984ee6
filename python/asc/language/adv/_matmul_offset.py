"""Matmul.get_offset_c and MatrixOffset (issue 16).  Thin: get_offset_c emits one
asc.matmul_offset_c op (src/ops/ops.def) with the Matmul's tiling scalars and its current tile;
src/passes/expand_matmul.c computes the five int32 results from the tile's place (docs/adv.md,
"Matmul modes")."""
from ..._core import DTYPES, PlainValue, builder, to_value
from ._matmul_misuse import NO_TILING, misuse

_I32 = DTYPES["int32"]
_FIELDS = ("offset", "row", "col", "height", "width")


class MatrixOffset:
    """MatrixOffset(offset, row, col, height, width): where a tile of C lies (Ascend C's MatrixOffset,
    five int32).  get_offset_c returns one; its fields are int32 scalars of the kernel."""

    def __init__(self, offset=0, row=0, col=0, height=0, width=0):
        builder("MatrixOffset")
        for name, v in zip(_FIELDS, (offset, row, col, height, width)):
            setattr(self, name, PlainValue(to_value(v, _I32), _I32) if not isinstance(v, PlainValue) else v)

    def __repr__(self):
        return "MatrixOffset(" + ", ".join(_FIELDS) + ")"


def get_offset_c(mm):
    """The place in C of the current tile: in `with matmul.iterate() as count:` the loop's tile, else
    the tile the last get_tensor_c (outside `with iterate()`) took (tile 0 before any).  offset =
    row * N + col, N C's row length (orgN: set_org_shape's, else the tiling's n); row, col: the tile's
    first row and column; height, width: its rows and columns (less than baseM / baseN at a tail)."""
    b = builder("Matmul.get_offset_c")
    why = None
    if mm.tiling is None:
        why = NO_TILING
    elif mm.tile is None and mm.workspace is None:
        why = ("outside `with matmul.iterate()` the current tile is counted in the workspace of "
               "register_matmul(pipe, workspace, ...); give one")
    elif mm.workspace is None and mm.a is None:
        why = "no A: call set_tensor_a first"
    if why:  # pyasc compiles the call; running it is an error at this line
        misuse("get_offset_c", why)
        return MatrixOffset()
    ws = mm.workspace if mm.workspace is not None else mm.a.get_phy_addr()
    tile, nxt = (to_value(mm.tile, _I32), 0) if mm.tile is not None else (to_value(-1, _I32), 2)
    r = b.op("asc.matmul_offset_c", [ws.value] + mm._scalars() + [tile], ["i32"] * 5, {"next": f"{nxt} : i64"})
    return MatrixOffset(*(PlainValue(v, _I32) for v in r))
