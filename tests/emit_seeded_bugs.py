#!/usr/bin/env python3
"""Seed known bugs into the emitter, its table or the header, one at a time, and record which of the
emitter's checks catches each (docs/emit.md, "Seeded bugs").  Not a CTest: it rebuilds the tree for every
bug (minutes).  Works on a copy of the source tree; the checkout is never modified.

    tests/emit_seeded_bugs.py [--only N] [--keep DIR]

Checks: golden   lit tests/lit/emit (full-line FileCheck goldens, #line, located errors)
        syntax   tests/emit_syntax.py: examples, tutorials, corpus and goldens through g++ and clang++
                 -fsyntax-only against include/ascendc/kernel_operator.h
        unit     unit/emit (every op has a row)
        pytest   tests/python/frontend/test_emit.py (kernel.ascendc, dumps, bf16, #line); with --python only, which
                 also puts the Python examples into the syntax check
        roundtrip tests/emit_roundtrip.py over ROUND_TRIP_SUBSET (outputs, op streams and findings of the
                 emitted C++ run through the header's running mode); with --roundtrip only
--checks golden,roundtrip runs only the checks named.
--report FILE writes the result as markdown (docs/emit.md's "Seeded bugs" table is this output): per bug the
checks that caught it, and the bugs that a mistake shared by the table and the header would hide (caught only
by checks that compare the emitted C++ with the header: syntax, roundtrip).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
C, DEF, HDR = "src/emit/ascendc.c", "src/emit/ascendc.def", "include/ascendc/kernel_operator.h"

# (name, file, old, new): `old` must occur in the file; every occurrence is replaced.
BUGS = [
    ("swapped operands (Add's src0/src1)", DEF, 'ASCENDC(ADD, FREE, "AscendC::Add", "", "")',
     'ASCENDC(ADD, FREE, "AscendC::Add", "", "$dst, $src1, $src0, $count")'),
    ("dropped template argument (AllocTensor<T>)", DEF, 'ASCENDC(ALLOC_TENSOR, MEMBER, "AllocTensor", "%@", "")',
     'ASCENDC(ALLOC_TENSOR, MEMBER, "AllocTensor", "", "")'),
    ("wrong HardEvent (the next member)", C, "const char *m = asc_enum_name(a->enum_kind, a->i);",
     "const char *m = asc_enum_name(a->enum_kind, a->i + (a->enum_kind == ASC_ENUM_EVENT));"),
    ("off-by-one GlobalTensor subview offset", DEF, '"$tensor[$offset]", "", "")\nASCENDC(LOCAL_TENSOR',
     '"$tensor[$offset + 1]", "", "")\nASCENDC(LOCAL_TENSOR'),
    ("bf16 printed as half", C, '(t->is_bf16 ? "bfloat16_t" : "half")', '"half"'),
    ("struct fields out of order (first two swapped)", C,
     "    all_operands(e, op, 0, e->out);\n    asc_sb_putc(e->out, ')');\n  }\n  asc_sb_puts(e->out, \";\\n\");\n  for (int i = 0; mem",
     "    if (op->noperands > 1) { asc_em_put_name(e, e->out, op->operands[1]); asc_sb_puts(e->out, \", \");"
     " asc_em_put_name(e, e->out, op->operands[0]); if (op->noperands > 2) asc_sb_puts(e->out, \", \"); all_operands(e, op, 2, e->out); }"
     " else all_operands(e, op, 0, e->out);\n    asc_sb_putc(e->out, ')');\n  }\n  asc_sb_puts(e->out, \";\\n\");\n  for (int i = 0; mem"),
    ("loop bound inclusive (<=)", C, '"for (int64_t %s = %s; %s < %s; %s += %s) {\\n"', '"for (int64_t %s = %s; %s <= %s; %s += %s) {\\n"'),
    ("while condition not negated", C, 'asc_sb_puts(e->out, "if (!");', 'asc_sb_puts(e->out, "if (");'),
    ("signed predicates shifted (slt printed as <=)", C, '{"==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">="}',
     '{"==", "!=", "<=", "<", ">", ">=", "<", "<=", ">", ">="}'),
    ("unsigned compare without the cast", C, '"static_cast<uint%d_t>(%s) %s static_cast<uint%d_t>(%s)", w, l.data, iops[p], w, r.data',
     '"%s %s %s", l.data, iops[p], ((void)w, r.data)'),
    ("float constant as a double literal", C, "  if (t->width != 64)\n    asc_sb_putc(sb, 'f');", ""),
    ("trailing ffts_addr dropped", C, 'asc_sb_printf(e->out, "%s__gm__ uint64_t* ffts_addr", b && b->nargs ? ", " : "");', ""),
    ("__gm__ dropped from pointers", C, 'case ASC_TY_GM: asc_sb_puts(sb, "__gm__ ");', "case ASC_TY_GM:"),
    ("TQue depth off by one", C, 'asc_sb_printf(sb, "AscendC::TQue<AscendC::TPosition::%s, %d>", asc_em_pos_name(t->pos), t->depth);',
     'asc_sb_printf(sb, "AscendC::TQue<AscendC::TPosition::%s, %d>", asc_em_pos_name(t->pos), t->depth + 1);'),
    ("bit-mask words in the wrong order", DEF, "{$mask_lo, $mask_hi}", "{$mask_hi, $mask_lo}"),
    ("#line one line late", C, 'asc_sb_printf(e->out, "#line %d ", l.line);', 'asc_sb_printf(e->out, "#line %d ", l.line + 1);'),
    ("Cast's round mode dropped", DEF, 'ASCENDC(CAST, FREE, "AscendC::Cast", "", "$dst, $src, #round, $count")',
     'ASCENDC(CAST, FREE, "AscendC::Cast", "", "$dst, $src, $count")'),
    ("SetFlag spelled WaitFlag", DEF, 'ASCENDC(SET_FLAG, FREE, "AscendC::SetFlag"', 'ASCENDC(SET_FLAG, FREE, "AscendC::WaitFlag"'),
    ("an op's row deleted (asc.muls)", DEF, 'ASCENDC(MULS, FREE, "AscendC::Muls", "", "")\n', ""),
    ("Adds' scalar and source swapped in table and header alike", DEF, 'ASCENDC(ADDS, FREE, "AscendC::Adds", "", "")',
     'ASCENDC(ADDS, FREE, "AscendC::Adds", "", "$dst, $scalar, $src, $count")'),
]
# The last bug is also put into the header, as one shared mistake would be.
SHARED_HEADER = (HDR, "OPENASC_SCALAR(Adds)\n",
                 "template <typename T, typename U> void Adds(const LocalTensor<T>& dst, const U& scalar, "
                 "const LocalTensor<T>& src, const int32_t& count);\n")


def run(cmd, cwd, env=None, timeout=1200):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    return r.returncode == 0, r.stdout + r.stderr


ROUND_TRIP_SUBSET = ["examples/01_add/add.py", "examples/02_add_framework/add_framework.py",
                     "examples/03_leaky_relu/leaky_relu.py", "examples/ir/tutorial01_add.mlir",
                     "tests/sim/clean/cube_mm.mlir"]


def checks(tree, python, roundtrip=False, only=None):
    b = os.path.join(tree, "build")
    lib = os.path.join(b, "lib", "libasc.so")
    env = dict(os.environ, PYTHONPATH=os.path.join(tree, "python"), ASC_LIBRARY=lib, ASC_STRICT="1")
    cmds = {
        "golden": lambda: run([sys.executable, "/usr/lib/llvm-14/build/utils/lit/lit.py", "-q",
                               os.path.join(b, "tests", "lit"), "--filter", "emit/"], tree)[0],
        "syntax": lambda: run([sys.executable, os.path.join(tree, "tests", "emit_syntax.py"), "--asc-opt",
                               os.path.join(b, "bin", "asc-opt"), "--lib", lib, "--root", tree]
                              + ([] if python else ["--no-python"]), tree, env)[0],
        "unit": lambda: run([os.path.join(b, "tests", "unit", "unit_emit")], tree)[0],
    }
    if python:
        cmds["pytest"] = lambda: run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                      os.path.join(tree, "tests", "python", "frontend", "test_emit.py")], tree, env)[0]
    if roundtrip:
        cmds["roundtrip"] = lambda: run([sys.executable, os.path.join(tree, "tests", "emit_roundtrip.py"), "--lib", lib,
                                         "--root", tree] + [os.path.join(tree, k) for k in ROUND_TRIP_SUBSET],
                                        tree, env)[0]
    return {k: f() for k, f in cmds.items() if not only or k in only}


HEADER_CHECKS = {"syntax", "roundtrip"}  # compare the emitted C++ with include/ascendc (one side of a shared mistake)


def write_report(path, lines, caught_by, missed):
    """The table, what caught each bug, and the bugs a mistake shared by table and header would hide."""
    import datetime
    out = [f"Generated by `tests/emit_seeded_bugs.py {' '.join(sys.argv[1:])}` "
           f"({datetime.date.today().isoformat()}).", ""] + lines + [""]
    hidden = [f"#{i} ({n})" for i, (n, by) in caught_by.items() if by and set(by) <= HEADER_CHECKS]
    alone = [f"#{i}" for i, (n, by) in caught_by.items() if by == ["golden"]]
    out.append(f"{len(caught_by) - missed} of {len(caught_by)} caught; by the goldens alone: "
               f"{', '.join(alone) or 'none'}.")
    out.append("Caught only by checks against the header (hidden if the table and the header shared the mistake): "
               f"{', '.join(hidden) or 'none'}.")
    seen = [f"#{i}" for i, (n, by) in caught_by.items() if HEADER_CHECKS & set(by)]
    out.append("A mistake shared by the table and the header would hide from those checks "
               f"({', '.join(sorted(HEADER_CHECKS))}) the bugs they catch here: {', '.join(seen) or 'none'}; the "
               "others they never saw (well-typed C++ that computes the wrong thing).")
    with open(path, "w") as fh:
        fh.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", type=int, help="seed bug N only (1-based)")
    ap.add_argument("--keep", help="work in this directory (kept)")
    ap.add_argument("--python", action="store_true",
                    help="also the Python examples in the syntax check and tests/python/frontend/test_emit.py (slow)")
    ap.add_argument("--roundtrip", action="store_true", help="also the round trip of ROUND_TRIP_SUBSET (slow)")
    ap.add_argument("--checks", help="comma-separated: run only these checks")
    ap.add_argument("--report", help="write the markdown report here")
    a = ap.parse_args()
    only = set(a.checks.split(",")) if a.checks else None
    tree = a.keep or tempfile.mkdtemp(prefix="openasc-seeded-")
    os.makedirs(tree, exist_ok=True)
    if not os.path.exists(os.path.join(tree, "CMakeLists.txt")):
        for d in ("CMakeLists.txt", "Makefile", "cmake", "src", "include", "tools", "tests", "python", "examples",
                  "docs", "scripts", "bench", "README.md", "pyproject.toml", "setup.py", "setup.cfg"):
            s = os.path.join(ROOT, d)
            if os.path.isdir(s):
                shutil.copytree(s, os.path.join(tree, d), dirs_exist_ok=True)
            elif os.path.exists(s):
                shutil.copy(s, os.path.join(tree, d))
    ok, log = run(["make", "build"], tree)
    if not ok:
        print(log[-3000:])
        return 1
    base = checks(tree, a.python, a.roundtrip, only)
    if not all(base.values()):
        print("the unseeded tree fails:", base)
        return 1
    head = "| # | seeded bug | " + " | ".join(base) + " |\n|---|---|" + "---|" * len(base)
    print(head)
    missed, broken, lines, caught_by = 0, 0, [head], {}
    for i, (name, f, old, new) in enumerate(BUGS, 1):
        if a.only and a.only != i:
            continue
        edits = [(f, old, new)] + ([SHARED_HEADER] if i == len(BUGS) else [])
        saved = {}
        for ff, o, n in edits:
            p = os.path.join(tree, ff)
            text = saved.setdefault(ff, open(p).read())
            if o not in text:
                print(f"| {i} | {name} | (seed does not apply: {ff}) |")
                broken += 1  # the harness no longer seeds this bug: a failure, never a silent skip
                break
            open(p, "w").write(text.replace(o, n))
        else:
            built, log = run(["make", "build"], tree)
            res = checks(tree, a.python, a.roundtrip, only) if built else dict.fromkeys(base, False)
            cells = ["caught" if not v else "-" for v in res.values()]
            if not built:  # a seed must compile: a bug the compiler rejects proves nothing about the checks
                cells = ["build fails"] * len(base)
                broken += 1
            missed += all(v for v in res.values()) and built
            line = f"| {i} | {name} | " + " | ".join(cells) + " |"
            print(line, flush=True)
            lines.append(line)
            caught_by[i] = (name, [k for k, v in res.items() if not v] if built else ["build"])
        for ff, text in saved.items():
            open(os.path.join(tree, ff), "w").write(text)
    run(["make", "build"], tree)
    print(f"\n{missed} seeded bugs caught by no check; {broken} seeds that do not apply or do not build")
    if a.report:
        write_report(a.report, lines, caught_by, missed)
    if not a.keep:
        shutil.rmtree(tree, ignore_errors=True)
    return 1 if missed or broken else 0


if __name__ == "__main__":
    sys.exit(main())
