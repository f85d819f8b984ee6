#!/usr/bin/env python3
"""The Ascend C openasc emits compiles: every example, tutorial, clean corpus kernel and emit golden; and
so do the hand-written Ascend C kernels of tests/ascendc/.

For each kernel the emitted C++ (asc-opt --emit-pipeline --emit-ascendc for IR files; the ascendc.cpp
a PYASC_DUMP_PATH run leaves for the Python examples) must pass
    g++ -std=c++17 -Wall -Werror -fsyntax-only      and
    clang++ -std=c++17 -Wall -Werror -fsyntax-only  (__gm__ an address space there)
against openasc's include/ascendc/kernel_operator.h (docs/emit.md).

    emit_syntax.py --asc-opt build/bin/asc-opt --lib build/lib/libasc.so --root .
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

IR_DIRS = ["examples/ir", "tests/sim/clean", "tests/lit/emit"]
NOT_EMITTABLE = {"errors.mlir"}  # its point is the located errors
PY_EXAMPLES = "examples/0*/*.py"
HAND_WRITTEN = "tests/ascendc/*.cpp"  # Ascend C written from the docs, in the samples' style


def compilers():
    out = []
    for cxx in ("g++", "clang++"):
        if shutil.which(cxx):
            out.append(cxx)
    return out


# The sanitizer build's test environment preloads the ASan runtime for Python (which loads libasc);
# asc-opt carries its own runtime and the compilers none: they run without it.
NATIVE_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


def emit_ir(asc_opt, path):
    r = subprocess.run([asc_opt, "--emit-pipeline", "--emit-ascendc", path], capture_output=True, text=True,
                       env=NATIVE_ENV)
    return (r.stdout, None) if r.returncode == 0 else (None, r.stderr)


def emit_py(lib, root, path, tmp):
    d = os.path.join(tmp, os.path.basename(path)[:-3])
    env = dict(os.environ, PYASC_DUMP_PATH=d, ASC_LIBRARY=lib, PYTHONPATH=os.path.join(root, "python"))
    r = subprocess.run([sys.executable, path], env=env, capture_output=True, text=True, timeout=600)
    cpp = os.path.join(d, "ascendc.cpp")
    if r.returncode != 0 or not os.path.exists(cpp):
        return None, r.stderr[-2000:]
    return open(cpp).read(), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--asc-opt", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--no-python", action="store_true", help="IR kernels only")
    ap.add_argument("--table", help="write the per-kernel table (markdown) here")
    a = ap.parse_args()
    inc = os.path.join(a.root, "include", "ascendc")
    cxxs = compilers()
    if not cxxs:
        print("no C++ compiler found")
        return 1
    failures, n, rows = [], 0, []
    with tempfile.TemporaryDirectory(prefix="openasc-emit-") as tmp:
        sources = [("ir", p) for d in IR_DIRS for p in sorted(glob.glob(os.path.join(a.root, d, "*.mlir")))
                   if os.path.basename(p) not in NOT_EMITTABLE]
        sources += [("cpp", p) for p in sorted(glob.glob(os.path.join(a.root, HAND_WRITTEN)))]
        if not a.no_python:
            sources += [("py", p) for p in sorted(glob.glob(os.path.join(a.root, PY_EXAMPLES)))]
        for kind, path in sources:
            if kind == "cpp":
                text, err = open(path).read(), None
            else:
                text, err = emit_ir(a.asc_opt, path) if kind == "ir" else emit_py(a.lib, a.root, path, tmp)
            rel = os.path.relpath(path, a.root)
            if text is None:
                failures.append(f"{rel}: emitting failed:\n{err}")
                rows.append((rel, ["emitting failed"] * len(cxxs)))
                continue
            n += 1
            cpp = os.path.join(tmp, rel.replace("/", "_") + ".cpp")
            with open(cpp, "w") as fh:
                fh.write(text)
            cells = []
            for cxx in cxxs:
                r = subprocess.run([cxx, "-std=c++17", "-Wall", "-Werror", "-fsyntax-only", "-I", inc, cpp],
                                   capture_output=True, text=True, env=NATIVE_ENV)
                cells.append("ok" if r.returncode == 0 else "fails")
                if r.returncode != 0:
                    failures.append(f"{rel}: {cxx}:\n{r.stderr[:3000]}")
            rows.append((rel, cells))
    for f in failures:
        print(f)
    if a.table:
        with open(a.table, "w") as fh:
            fh.write("| kernel | " + " | ".join(cxxs) + " |\n|---|" + "---|" * len(cxxs) + "\n")
            for rel, cells in rows:
                fh.write(f"| `{rel}` | " + " | ".join(cells) + " |\n")
    print(f"{n} kernels emitted or written by hand, {len(cxxs)} compilers ({' '.join(cxxs)}): {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
