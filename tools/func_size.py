#!/usr/bin/env python3
"""func_size.py - list the C functions longer than a limit (default 80 lines), one per line as
file:line: name: N lines; prints nothing when every function is within it (exit status 1 if not).

    python3 tools/func_size.py [--max N] FILE...

A function is a definition starting at column 0 (the house style: `static int f(...) {`, the
signature possibly over several lines) and ending at the first `}` at column 0; its length is its body's
lines, comments and blank lines included, counted as clang-tidy's readability-function-size
counts them (from the line of the opening brace to the closing one's, exclusive of one)."""
import re
import sys

DEF = re.compile(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\(")


def functions(lines):
    """(name, first line number, length) of each function definition in lines."""
    i = 0
    while i < len(lines):
        m = DEF.match(lines[i])
        if not m or lines[i].startswith(("typedef", "struct", "enum", "union", "#")) or lines[i].rstrip().endswith(";"):
            i += 1
            continue
        j = i
        while j < len(lines) and not lines[j].rstrip().endswith(("{", ";")):
            if "{" in lines[j] and lines[j].rstrip().endswith("}"):
                break  # a body on the signature's last line
            j += 1
        if j < len(lines) and lines[j].rstrip().endswith("}"):
            i = j + 1
            continue
        if j >= len(lines) or lines[j].rstrip().endswith(";") or "=" in "".join(lines[i:j + 1]).split("(")[0]:
            i = j + 1
            continue
        k = j + 1
        while k < len(lines) and lines[k].rstrip() != "}":
            k += 1
        yield m.group(1), i + 1, k - j
        i = k + 1


def main(argv):
    limit = 80
    if argv[:1] == ["--max"]:
        limit, argv = int(argv[1]), argv[2:]
    bad = 0
    for path in argv:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
        for name, line, n in functions(lines):
            if n > limit:
                print(f"{path}:{line}: {name}: {n} lines")
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
