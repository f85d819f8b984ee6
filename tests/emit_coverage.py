#!/usr/bin/env python3
"""Every op with an Ascend C row (src/emit/ascendc.def) has a golden in tests/lit/emit/.

An op counts as covered when a golden's IR uses it ("op.name"(...)).  Ops still without one are listed
in tests/lit/emit/uncovered.txt; the test fails listing every op that is neither covered nor listed,
and every listed op that a golden now covers (so the list only shrinks).  Ops whose row is NONE (no
Ascend C form) are covered by errors.mlir's located errors the same way.

    emit_coverage.py --lib build/lib/libasc.so tests/lit/emit
"""
import argparse
import ctypes as C
import glob
import os
import re
import sys


def rows(lib):
    L = C.CDLL(lib)
    L.asc_reg_op_find.argtypes = [C.c_char_p]
    L.asc_emit_row_info.argtypes = [C.c_int] + [C.POINTER(C.c_char_p)] * 4

    class Info(C.Structure):
        _fields_ = [("name", C.c_char_p), ("family", C.c_char_p), ("operands", C.c_char_p),
                    ("results", C.c_char_p), ("attrs", C.c_char_p), ("dtypes", C.c_char_p),
                    ("doc", C.c_char_p), ("reads", C.c_uint), ("writes", C.c_uint),
                    ("nregions", C.c_int), ("flags", C.c_uint), ("cost", C.c_char_p)]
    out = {}
    for i in range(L.asc_reg_op_count()):
        info = Info()
        L.asc_reg_op_info(i, C.byref(info))
        k, n, t, a = (C.c_char_p() for _ in range(4))
        L.asc_emit_row_info(i, C.byref(k), C.byref(n), C.byref(t), C.byref(a))
        out[info.name.decode()] = k.value.decode()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("dir")
    a = ap.parse_args()
    table = rows(a.lib)
    used = set()
    for f in glob.glob(os.path.join(a.dir, "*.mlir")):
        used |= set(re.findall(r'"([a-z_]+\.[a-z0-9_.]+)"\(', open(f).read()))
    listed = set()
    unc = os.path.join(a.dir, "uncovered.txt")
    if os.path.exists(unc):
        listed = {l.split("#")[0].strip() for l in open(unc)} - {""}
    missing = sorted(n for n, k in table.items() if k != "missing" and n not in used and n not in listed)
    stale = sorted(listed & used)
    unknown = sorted(listed - set(table))
    for what, names in (("ops with an Ascend C row but no golden in tests/lit/emit/", missing),
                        ("ops listed in uncovered.txt that a golden now covers (remove them)", stale),
                        ("unknown ops in uncovered.txt", unknown)):
        if names:
            print(f"{what}: {len(names)}\n  " + "\n  ".join(names))
    covered = sum(1 for n in table if n in used)
    print(f"emit coverage: {covered} of {len(table)} ops have a golden, {len(listed)} listed as uncovered")
    return 1 if missing or stale or unknown else 0


if __name__ == "__main__":
    sys.exit(main())
