#!/usr/bin/env python3
"""Checks that every row of src/ops/ops.def names its operands and has a cost column, and rewrites a row
merged in an older form (issue 14).

    tools/ops_def_rows.py              rewrite src/ops/ops.def in place
    tools/ops_def_rows.py --check      exit 1 (and change nothing) if a rewrite would change the file or
                                       an operand has only its positional default name (ctest ops-def-rows)

Idempotent, and meant to be re-run after merging a branch that added or changed rows:

- an operand constraint that already has a name (`dst=lt@t`) is kept as it is; an unnamed one gets the
  positional default `argN` (N = its index) and the op is listed on stderr - name it in ops.def;
- a row with no cost column (13 arguments: the format before issue 14) gets one after `pipe`: its
  family's default (VECTOR: ELEMENTWISE, listed on stderr);
- a reads / writes column still in the bit-set form (`ARG(1) | ARG(2)`, `0`, `0xFFFFu`) is rewritten
  as the names of those operands (`"src0 src1"`); a bit past the operands belongs to a variadic last
  operand, whose name covers every value it takes.

ops.def is the one table of operand names.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEF = os.path.join(ROOT, "src", "ops", "ops.def")
NAME = re.compile(r"^[a-z_][a-z0-9_]*=")
FAMILY_COST = {"FUNC": "NONE", "SCF": "NONE", "RESOURCE": "NONE", "ARITH": "SCALAR", "SCALAR": "SCALAR",
               "COPY": "COPY", "VECTOR": "ELEMENTWISE", "SYNC": "SYNC", "XCORE": "SYNC", "CUBE": "CUBE"}
NARGS_OLD, NARGS = 13, 14  # OP(...) before issue 14 / with the cost column after `pipe`
NARGS_EXEC = 15  # with the exec column before `doc` (issue 28)


def arg_spans(text, start):
    """(spans of the top-level arguments, end) of the macro call whose '(' is at text[start]."""
    spans, depth, i, a, instr = [], 0, start, start + 1, False
    while True:
        ch = text[i]
        if instr:
            if ch == "\\":
                i += 1
            elif ch == '"':
                instr = False
        elif ch == '"':
            instr = True
        elif ch == "/" and text[i + 1] == "*":
            i = text.index("*/", i) + 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                spans.append((a, i))
                return spans, i
        elif ch == "," and depth == 1:
            spans.append((a, i))
            a = i + 1
        i += 1


def cstring(arg):
    """The value of a C string literal argument (adjacent literals concatenated)."""
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', arg)
    if not parts:
        raise ValueError(f"not a string literal: {arg.strip()!r}")
    return "".join(parts)


def rows(text):
    """Yields (op name, arg spans, row start, row end) for every OP( row of ops.def."""
    for m in re.finditer(r"(?m)^OP\(", text):
        spans, end = arg_spans(text, m.end() - 1)
        yield cstring(text[spans[1][0]:spans[1][1]]), spans, m.start(), end


def access_names(name, col, toks):
    """A reads / writes column as a string literal of operand names (kept if it is one already)."""
    v = col.strip()
    if v.startswith('"'):
        return col
    if re.fullmatch(r"(0x)?[0-9A-Fa-f]+[uU]?", v):
        bits = int(v.rstrip("uU"), 0)
    elif re.fullmatch(r"ARG\(\d+\)(\s*\|\s*ARG\(\d+\))*", v):
        bits = sum(1 << int(i) for i in re.findall(r"ARG\((\d+)\)", v))
    else:
        raise SystemExit(f"ops.def: {name}: reads/writes column {v!r} is neither operand names nor ARG(i) bits")
    names = [t.split("=", 1)[0] if NAME.match(t) else f"arg{i}" for i, t in enumerate(toks)]
    variadic = bool(toks) and "=*" in toks[-1] or (bool(toks) and toks[-1].startswith("*"))
    out = []
    for i in range(32):
        if bits >> i & 1:
            if i < len(toks):
                if names[i] not in out:
                    out.append(names[i])
            elif not variadic:
                raise SystemExit(f"ops.def: {name}: reads/writes bit {i} is past its {len(toks)} operands")
            elif names[-1] not in out:
                out.append(names[-1])
    lead = re.match(r"\s*", col).group(0)
    return f'{lead}"{" ".join(out)}"'


def rewrite(text, warn):
    out, pos = [], 0
    for name, spans, start, end in rows(text):
        args = [text[a:b] for a, b in spans]
        if len(args) not in (NARGS_OLD, NARGS, NARGS_EXEC):
            raise SystemExit(f"ops.def: {name}: {len(args)} arguments, expected {NARGS_OLD} to {NARGS_EXEC}")
        oi = 4 if len(args) == NARGS_OLD else 5
        sig = cstring(args[oi])
        toks = sig.split(",") if sig else []
        new, defaulted = [], []
        for i, t in enumerate(toks):
            if NAME.match(t) and not re.match(rf"arg{i}=", t):
                new.append(t)
            elif NAME.match(t):
                new.append(t)
                defaulted.append(i)
            else:
                new.append(f"arg{i}={t}")
                defaulted.append(i)
        if defaulted:
            warn(f"{name}: no names for operand(s) {', '.join(map(str, defaulted))} (signature {sig!r}): "
                 f"positional default argN used")
        lead = re.match(r"\s*", args[oi]).group(0)
        args[oi] = f'{lead}"{",".join(new)}"'
        for col in (oi + 2, oi + 3):  # reads, writes
            args[col] = access_names(name, args[col], new)
        if len(args) == NARGS_OLD:
            fam = args[2].strip()
            cost = FAMILY_COST.get(fam, "NONE")
            warn(f"{name}: no cost class: {cost} (the default of family {fam})")
            args.insert(4, " " + cost)
        out.append(text[pos:spans[0][0]])
        out.append(",".join(args))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def main(argv):
    with open(DEF) as f:
        text = f.read()
    warnings = []
    new = rewrite(text, warnings.append)
    for w in warnings:
        print("ops_def_rows:", w, file=sys.stderr)
    if "--check" in argv:
        if new != text:
            print("ops_def_rows: src/ops/ops.def is not up to date: run tools/ops_def_rows.py", file=sys.stderr)
            return 1
        if any("positional default" in w for w in warnings):
            print("ops_def_rows: operands above have only positional names (argN): name them in ops.def",
                  file=sys.stderr)
            return 1
        return 0
    if new != text:
        with open(DEF, "w") as f:
            f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
