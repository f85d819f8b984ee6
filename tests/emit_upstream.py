#!/usr/bin/env python3
"""The Ascend C of every kernel of pyasc's own suites compiles against openasc's header (docs/emit.md,
"Checks"): the emit-syntax acceptance point for the upstream kernels.

pyasc's python/test (unit, kernels, generalization) and python/tutorials are taken from a fetched pyasc
repository at run time (nothing of it is in this repository; the test skips, exit 77, when it is absent),
run as docs/conformance.md runs them with ASC_EMIT_DIR set, so every kernel a test compiles leaves its
Ascend C (<kernel>.<n>.cpp) or the located reason it has none (.err); each distinct source is then put
through
    g++ -std=c++17 -Wall -Werror -fsyntax-only      and
    clang++ -std=c++17 -Wall -Werror -fsyntax-only  (__gm__ an address space there)
against include/ascendc/kernel_operator.h.  A kernel fails when a compiler rejects it, or when it has no
Ascend C form for a reason not in NO_FORM below (ops with no Ascend C on this platform).

    emit_upstream.py --lib build/lib/libasc.so --root . [--pyasc DIR] [--table out.md] [--suites unit,...]
"""
import argparse
import collections
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

PYASC = "/work/.mirror/hicann+pyasc/repo"
SKIP = 77

# A kernel may have no Ascend C form only for these reasons (the message of its .err): an API the modelled
# platform does not have (pyasc traces the call; running it is the error), or a kernel that misuses an API on
# purpose (pyasc's tests of the error).
NO_FORM = {
    "the API function is not available on this platform": "API not on Atlas A2 (asc.unavailable)",
    "a misused Matmul object": "Matmul misused on purpose (the test checks the error)",
    "a TensorDesc that ListTensorDesc.get_desc has not filled": "TensorDesc never filled (the test checks pyasc's trace)",
}

# Kernels known to fail today, (test file, kernel) -> why (docs/emit.md, "Not there yet"); the list may only shrink
KNOWN = {
    ("test_common_api.py", "kernel_check_local_memory_ia"): "CheckLocalMemoryIAParam emitted as separate values",
    ("test_matmul.py", "kernel_iterate_n_batch"): "Matmul iterate_n_batch (its workspace regions and MIX message "
                                                  "handles) not emitted yet",
}


def known(loc, kernel):
    f = os.path.basename(loc.split(":")[0])
    return KNOWN.get((f, kernel)) or KNOWN.get((f, "*"))


# (suite, directory under the extracted tree, command run there); {py} is the Python interpreter
SUITES = {
    "unit": ("python/test/unit", "{py} -m pytest -q -p no:cacheprovider --skip-filecheck "
             "--ignore=runtime/test_compiler.py"),
    "kernels": ("python/test/kernels", "{py} -m pytest -q -p no:cacheprovider --import-mode=importlib"),
    "generalization": ("python/test/generalization", "{py} -m pytest -q -p no:cacheprovider"),
    "tutorials": ("python/tutorials", None),
}

NATIVE_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


def extract(pyasc, dest):
    archive = subprocess.run(["git", "-C", pyasc, "archive", "HEAD", "python/test", "python/tutorials"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    # generalization: the Model backend only (docs/conformance.md)
    for f in glob.glob(os.path.join(dest, "python/test/generalization/**/test_*.py"), recursive=True):
        s = open(f).read()
        s2 = re.sub(r"BACKENDS = \[[^\]]*\]", "BACKENDS = [config.Backend.Model]", s)
        if s2 != s:
            open(f, "w").write(s2)


def run_suite(name, tree, out, lib, root):
    sub, cmd = SUITES[name]
    env = dict(os.environ, ASC_EMIT_DIR=out, ASC_LIBRARY=lib, PYTHONPATH=os.path.join(root, "python"))
    env.pop("ASC_STRICT", None)  # pyasc's tests run as a user runs them
    cwd = os.path.join(tree, sub)
    if cmd:
        r = subprocess.run(cmd.format(py=sys.executable).split(), cwd=cwd, env=env, capture_output=True, text=True,
                           timeout=3000)
        return r.stdout.strip().splitlines()[-1:] if r.stdout.strip() else [r.stderr[-300:]]
    res = []
    for t in sorted(glob.glob(os.path.join(cwd, "0*/*.py"))):
        r = subprocess.run([sys.executable, os.path.basename(t), "-r", "Model", "-v", "Ascend910B1"],
                           cwd=os.path.dirname(t), env=env, capture_output=True, text=True, timeout=1200)
        res.append(f"{os.path.relpath(t, cwd)}: {'run success' if 'run success' in r.stdout + r.stderr else 'FAILED'}")
    return res


def where(text, tree):
    """The Python file and line a kernel starts at: its first #line, or an .err's first location."""
    m = re.search(r'#line (\d+) "([^"]+)"', text) or re.search(r"^([^\s:]+\.py):(\d+):", text, re.M)
    if not m:
        return "?"
    line, path = (m.group(1), m.group(2)) if m.re.pattern.startswith("#line") else (m.group(2), m.group(1))
    return f"{os.path.relpath(path, tree)}:{line}"


def compilers():
    return [c for c in ("g++", "clang++") if shutil.which(c)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--pyasc", default=os.environ.get("ASC_PYASC_REPO", PYASC), help="pyasc's git repository")
    ap.add_argument("--suites", default=",".join(SUITES))
    ap.add_argument("--table", help="write the per-kernel table (markdown) here")
    ap.add_argument("--keep", help="keep the emitted kernels in this directory")
    a = ap.parse_args()
    if not os.path.isdir(a.pyasc):
        print(f"pyasc's repository is not at {a.pyasc}: skipped")
        return SKIP
    lib, root = os.path.abspath(a.lib), os.path.abspath(a.root)
    inc = os.path.join(root, "include", "ascendc")
    cxxs = compilers()
    tmp = tempfile.mkdtemp(prefix="openasc-emit-up-")
    tree = os.path.join(tmp, "up")
    os.makedirs(tree)
    extract(a.pyasc, tree)
    rows, failures, compiled = [], [], {}
    for suite in a.suites.split(","):
        out = os.path.join(a.keep or tmp, "emit", suite)
        os.makedirs(out, exist_ok=True)
        summary = run_suite(suite, tree, out, lib, root)
        print(f"{suite}: {'; '.join(summary)}", flush=True)
        for f in sorted(os.listdir(out), key=lambda s: int(s.split(".")[-2])):
            text = open(os.path.join(out, f)).read()
            kernel, loc = f.rsplit(".", 2)[0], where(text, tree)
            if f.endswith(".err"):
                why = next((v for k, v in NO_FORM.items() if k in text), None)
                cells = ["no Ascend C form: " + (why or text.splitlines()[0].split("error: ", 1)[-1])] * len(cxxs)
                if not why and known(loc, kernel):
                    cells = [f"known: {known(loc, kernel)}"] * len(cxxs)
                elif not why:
                    failures.append(f"{suite} {kernel} ({loc}): no Ascend C form:\n{text[:1500]}")
            else:
                key = hashlib.sha1(text.encode()).hexdigest()
                if key not in compiled:
                    cpp = os.path.join(out, f)
                    compiled[key] = []
                    for cxx in cxxs:
                        r = subprocess.run([cxx, "-std=c++17", "-Wall", "-Werror", "-fsyntax-only", "-I", inc, cpp],
                                           capture_output=True, text=True, env=NATIVE_ENV)
                        err = next((ln for ln in r.stderr.splitlines() if "error" in ln), r.stderr[:200])
                        compiled[key].append("ok" if r.returncode == 0 else "fails: " + err.split("error: ", 1)[-1])
                        if r.returncode and known(loc, kernel):
                            compiled[key][-1] = f"known: {known(loc, kernel)}"
                        elif r.returncode:
                            failures.append(f"{suite} {kernel} ({loc}): {cxx}:\n{r.stderr[:2000]}")
                cells = compiled[key]
            rows.append((suite, kernel, loc, cells))
    for f in failures:
        print(f)
    byst = collections.Counter(all(c == "ok" for c in cells) for _, _, _, cells in rows)
    print(f"{len(rows)} upstream kernels ({len(compiled)} distinct sources), {len(cxxs)} compilers "
          f"({' '.join(cxxs)}): {byst[True]} compile, {len(failures)} failures")
    if a.table:
        with open(a.table, "w") as fh:
            fh.write("| suite | kernel | where | " + " | ".join(cxxs) + " |\n|---|---|---|" + "---|" * len(cxxs) + "\n")
            for suite, kernel, loc, cells in rows:
                fh.write(f"| {suite} | `{kernel}` | {loc} | " + " | ".join(c.replace("|", "\\|") for c in cells)
                         + " |\n")
    shutil.rmtree(tmp, ignore_errors=True)
    if not rows:  # a broken tree or a failed import emits nothing: that is a failure, never a pass
        print("no upstream kernel was emitted")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
