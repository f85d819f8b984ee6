"""The simulator reads a parameter struct's fields by position (sim_val.fld[i], filled at lowering from
structs.def's order); each read names its field in its message ("Nd2NzParams.nd_num", f[0]).  This
checks every such pair in src/sim against structs.def, so a reordered or inserted field cannot be read
as its neighbour."""
import pathlib
import re

from asc import _lib

SIM = pathlib.Path(__file__).resolve().parents[2] / "src" / "sim"
PAIR = re.compile(r'"([A-Z][A-Za-z0-9]+)\.([a-z_0-9]+)",\s*[a-z]+\[(\d+)\]')


def test_positional_field_reads_match_structs_def():
    structs = {name: [f for f, _ in fields] for name, fields in _lib.registry_structs().items()}
    seen = 0
    for path in sorted(SIM.glob("*.c")):
        for m in PAIR.finditer(path.read_text()):
            struct, field, idx = m.group(1), m.group(2), int(m.group(3))
            assert struct in structs, f"{path.name}: {struct} is not a struct of structs.def"
            assert field in structs[struct], f"{path.name}: {struct} has no field {field}"
            assert structs[struct].index(field) == idx, \
                f"{path.name}: {struct}.{field} is field {structs[struct].index(field)}, read as f[{idx}]"
            seen += 1
    assert seen >= 90  # the cube, data-copy and AIPP reads (a regex that stops matching must not pass)
