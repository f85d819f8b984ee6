#!/usr/bin/env python3
"""Round-trip and MLIR-compatibility check for every .mlir file of the tree.

    roundtrip.py [--mlir-compat] --asc-opt PATH [--mlir-opt PATH] DIR_OR_FILE...

For each .mlir file found (recursively) under the arguments:

  * skipped when it contains `// ASC-NO-ROUNDTRIP` or its RUN lines use
    --verify-diagnostics (verifier negatives);
  * when its RUN lines use --split-input-file, each piece between `// -----` lines is
    checked on its own, as a module;
  * `asc-opt` must accept each module, unless the file is a negative test (a RUN line
    starts with `not`, it has expected-error comments, or a sim corpus file expects a
    verifier error): a module of a negative file
    that asc-opt rejects is skipped;
  * default mode: `asc-opt FILE | asc-opt -` must print byte-identical text;
  * --mlir-compat: `mlir-opt-14 --allow-unregistered-dialect` must accept the text
    asc-opt printed.  Ops that MLIR 14 spells differently (MLIR14_RENAMES: our
    `arith.select` is MLIR 14's `std.select`) are renamed first, nothing else.

Exits 1 if any file failed, and also if no file was checked (a broken asc-opt must not
pass by rejecting everything).  Uses only the standard library.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

NO_ROUNDTRIP = "ASC-NO-ROUNDTRIP"
# Ops of ours whose name differs in MLIR 14 (they moved dialect in LLVM 15); the
# signature is the same.
MLIR14_RENAMES = {b'"arith.select"(': b'"std.select"('}
RUN_RE = re.compile(r"^\s*//\s*RUN:(.*)$", re.M)


def mlir_files(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for root, dirs, files in os.walk(p):
            dirs[:] = sorted(d for d in dirs if d not in ("Output", "Inputs") and not d.startswith("."))
            for f in sorted(files):
                if f.endswith(".mlir"):
                    yield os.path.join(root, f)


# a seeded-bug corpus file (tests/sim) whose expected report is the verifier's ("'asc.mmad' op ...")
VERIFIER_EXPECT = re.compile(r"^// EXPECT: .*error: '[\w.]+' op ", re.M)


def classify(text):
    """'skip' (with a reason), 'negative' or 'positive'."""
    if NO_ROUNDTRIP in text:
        return "skip", NO_ROUNDTRIP
    runs = " ".join(RUN_RE.findall(text))
    if "--verify-diagnostics" in runs:
        return "skip", "--verify-diagnostics"
    split = "--split-input-file" in runs
    if re.search(r"(^|\|)\s*not\s", runs) or "expected-error" in text or VERIFIER_EXPECT.search(text):
        return "negative", split
    return "positive", split


def pieces(text, split):
    """The modules of a file: the whole text, or the pieces between `// -----` lines."""
    if not split:
        return [text]
    # Each piece is padded with the newlines before it so diagnostics carry file lines.
    out, cur, start = [], [], 0
    for n, line in enumerate(text.splitlines(keepends=True)):
        if line.rstrip() == "// -----":
            out.append("\n" * start + "".join(cur))
            cur, start = [], n + 1
        else:
            cur.append(line)
    out.append("\n" * start + "".join(cur))
    return out


def run(cmd, data=None):
    p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace")


def check_file(path, args):
    """Yields (status, message) per module: status is 'ok', 'skip' or 'fail'."""
    with open(path, "rb") as f:
        text = f.read().decode(errors="replace")
    kind, split = classify(text)
    if kind == "skip":
        yield "skip", split
        return
    mods = pieces(text, split)
    for i, mod in enumerate(mods):
        where = " (piece %d of %d)" % (i + 1, len(mods)) if split else ""
        status, msg = check_module(path if not split else None, mod.encode(), kind, args)
        yield status, (msg + where) if msg else (where.strip() or None)


def check_module(path, data, kind, args):
    rc, first, err = run([args.asc_opt, path]) if path else run([args.asc_opt, "-"], data)
    if rc != 0:
        if kind == "negative":
            return "skip", "negative test, rejected by asc-opt"
        return "fail", "asc-opt rejects it:\n" + err
    if args.mlir_compat:
        for ours, theirs in MLIR14_RENAMES.items():
            first = first.replace(ours, theirs)
        rc, _, err = run([args.mlir_opt, "--allow-unregistered-dialect", "-"], first)
        if rc != 0:
            return "fail", "%s rejects what asc-opt printed:\n%s" % (args.mlir_opt, err)
        return "ok", None
    rc, second, err = run([args.asc_opt, "-"], first)
    if rc != 0:
        return "fail", "asc-opt rejects its own output:\n" + err
    if second != first:
        return "fail", "printing is not stable:\n" + first_difference(first, second)
    return "ok", None


def first_difference(a, b):
    la = a.decode(errors="replace").splitlines()
    lb = b.decode(errors="replace").splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<end of output>"
        y = lb[i] if i < len(lb) else "<end of output>"
        if x != y:
            return "  line %d, first print:  %s\n  line %d, second print: %s" % (i + 1, x, i + 1, y)
    return "  (differs only in trailing bytes)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--asc-opt", required=True)
    ap.add_argument("--mlir-opt", default="mlir-opt-14")
    ap.add_argument("--mlir-compat", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="files checked in parallel")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()

    what = "mlir-compat" if args.mlir_compat else "roundtrip"
    counts = {"ok": 0, "skip": 0, "fail": 0}
    paths = list(mlir_files(args.paths))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda p: list(check_file(p, args)), paths))
    nfiles = len(paths)
    for path, res in zip(paths, results):
        for status, msg in res:
            counts[status] += 1
            if status == "fail":
                print("FAIL: %s: %s" % (path, msg.rstrip()))
            elif args.verbose:
                print("%s: %s%s" % (status.upper(), path, " (%s)" % msg if msg else ""))
    print("%s: %d modules checked from %d files: %d passed, %d failed, %d skipped"
          % (what, counts["ok"] + counts["fail"], nfiles, counts["ok"], counts["fail"], counts["skip"]))
    if counts["ok"] + counts["fail"] == 0:
        print("%s: error: no file was checked" % what)
        return 1
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
