"""The simulator reads parameter-struct fields by name: SFLD(p, DataCopyParams, block_len), a field
number ASC_SF_<Struct>_<field> (asc_sim_sfield) or a table of field numbers, all generated from
src/ops/structs.def, so a renamed field does not compile and a reordered one is read right.  This
checks that no read by a literal position is left in src/sim: in every function, a `const double *`
(a struct's storage, sim_val.fld) is never indexed by a number."""
import pathlib
import re

SIM = pathlib.Path(__file__).resolve().parents[3] / "src" / "sim"
DECL = re.compile(r"const double \*\s*(\w+)")
FUNC = re.compile(r"\n[a-z][^\n;]*\([^;{]*\)\s*\{\n(.*?)\n\}\n", re.S)


def positional_reads(text):
    """(function start, pointer, index) for every `p[<number expression>]` of a const double *p."""
    out = []
    for m in FUNC.finditer(text):
        names = set(DECL.findall(m.group(0)))
        for n in names:
            for r in re.finditer(r"\b%s\[([^\]]*)\]" % re.escape(n), m.group(1)):
                if not re.search(r"[A-Za-z_]", r.group(1)):  # literal-only index: 3, 2 + 1
                    out.append((text[:m.start()].count("\n") + 2, n, r.group(1)))
    return out


def test_no_positional_struct_field_reads():
    bad, funcs = [], 0
    for path in sorted(SIM.glob("*.c")):
        text = path.read_text()
        funcs += len(FUNC.findall(text))
        bad += [f"{path.name}:{line}: {n}[{i}]" for line, n, i in positional_reads(text)]
    assert funcs > 500  # the function regex still finds the simulator's functions
    assert not bad, "struct fields read by position (use SFLD / ASC_SF_*):\n" + "\n".join(bad)


def test_detector_sees_a_positional_read():
    src = "\nstatic int f(const double *p) {\n  return (int)p[2];\n}\n"
    assert positional_reads(src) == [(2, "p", "2")]
