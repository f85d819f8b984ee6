#!/usr/bin/python3
"""api_status.py - writes docs/api-status.md: every public function, class and method of pyasc's API
modules as openasc defines them (asc.language.basic, core, adv, fwk and asc.lib.host), each with its
status and the doc-derived tests that prove it.  The status is read off the objects: not_yet() and the
unavailable functions mark theirs (`_asc_status`: not available on the A2/A3 platforms, with the reason,
or not implemented yet); everything else works, and is listed as *implemented* only when a test under
tests/python/api names it with `@pytest.mark.api("<the entry's page name>")` (a method's page
`asc.language.fwk.TQue.enque`, a constructor's `asc.language.fwk.TBuf.__init__`), else as *implemented,
no doc-derived test yet*.  The markers are read by pytest's collection of the tests, not by running them.

  PYTHONPATH=python ASC_LIBRARY=build/lib/libasc.so /usr/bin/python3 tools/api_status.py > docs/api-status.md

tests/python/registry/test_api_status.py checks the committed page is current (`make docs` rewrites it) and that
every marker names an entry."""
import importlib
import inspect
import os
import sys

MODULES = ["asc.language.basic", "asc.language.core", "asc.language.adv", "asc.language.fwk", "asc.lib.host"]
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
API_TESTS = os.path.join(ROOT, "tests", "python", "api")
UNTESTED = "implemented, no doc-derived test yet"
NOPAGE = "implemented (no page of its own in pyasc's API reference)"
PAGES_FILE = os.path.join(API_TESTS, "pages.txt")


def pages():
    """The page names of pyasc's API reference (tests/python/api/pages.txt)."""
    with open(PAGES_FILE, encoding="utf-8") as f:
        return [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]


class _Collector:
    """A pytest plugin that keeps every collected item's api marker names (parametrized marks and
    markers built by helpers included, as pytest itself resolves them)."""

    def __init__(self):
        self.out = {}

    def pytest_collection_modifyitems(self, items):
        for item in items:
            test = (os.path.basename(str(item.fspath)), item.originalname or item.name)
            for mark in item.iter_markers("api"):
                for name in mark.args:
                    tests = self.out.setdefault(name, [])
                    if test not in tests:
                        tests.append(test)


def api_markers(folder=API_TESTS):
    """{entry page name: [(test file, test function), ...]} from the api markers of folder's tests,
    read by pytest's own collection (nothing runs)."""
    if not os.path.isdir(folder):
        return {}
    import pytest
    c = _Collector()
    with open(os.devnull, "w") as null:
        old = sys.stdout
        sys.stdout = null
        try:
            rc = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", folder], plugins=[c])
        finally:
            sys.stdout = old
    if rc != 0:
        sys.exit(f"api_status.py: collecting {folder} failed (pytest exit {rc})")
    return {k: sorted(v) for k, v in c.out.items()}


def entry_of(name):
    """(module, row) of an entry page name: asc.language.fwk.TQue.enque -> (asc.language.fwk, TQue.enque); a
    constructor's page X.__init__ is the class row X."""
    for m in MODULES:
        if name.startswith(m + "."):
            row = name[len(m) + 1:]
            return m, row[:-len(".__init__")] if row.endswith(".__init__") else row
    return None, name


def status(obj):
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    return getattr(obj, "_asc_status", "implemented")


def public(mod):
    names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
    for n in sorted(set(names)):
        obj = getattr(mod, n, None)
        if inspect.isclass(obj) or inspect.isfunction(obj) or inspect.isbuiltin(obj):
            yield n, obj


def methods(cls):
    for n, v in sorted(vars(cls).items()):
        if n.startswith("_"):
            continue
        if inspect.isfunction(v) or isinstance(v, (staticmethod, classmethod)):
            yield n, "method", v
        elif isinstance(v, property):
            yield n, "property", v


def rows():
    for m in MODULES:
        mod = importlib.import_module(m)
        out = []
        for n, obj in public(mod):
            out.append((n, "class" if inspect.isclass(obj) else "function", status(obj)))
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                out += [(f"{n}.{k}", kind, status(v)) for k, kind, v in methods(obj)]
        yield m, out


def _key(m, row):
    """What an entry is, independent of the module that lists it (asc.language.core and asc.language.fwk both
    list TQue): the class (or function) object, or (class, method name)."""
    top, _, meth = row.partition(".")
    obj = getattr(importlib.import_module(m), top, None)
    return (obj, meth) if meth else obj


def inherited(m, row):
    """(row, "method", status) of a method a class of module m inherits (pyasc documents TQue's enque, which TQue
    inherits from TQueBind), or None."""
    cls_name, _, meth = row.partition(".")
    cls = getattr(importlib.import_module(m), cls_name, None)
    v = getattr(cls, meth, None) if inspect.isclass(cls) and meth and not meth.startswith("_") else None
    return (row, "method", status(v)) if callable(v) else None


def tested_rows():
    """rows() with each entry's doc-derived tests: (module, [(name, kind, status, tests)]); an implemented entry
    no api marker names is listed as UNTESTED.  A marker naming an inherited method adds its row; an entry
    listed by two modules (the same object) gets the tests of either page."""
    marks, inherit = {}, {}
    for name, tests in api_markers().items():
        m, row = entry_of(name)
        if m is not None:
            marks.setdefault(_key(m, row), []).extend(tests)
            inherit.setdefault(m, set()).add(row)
    paged = {_key(*entry_of(p)) for p in pages() if entry_of(p)[0] is not None}
    for m, t in rows():
        names = {n for n, _, _ in t}
        t = sorted(t + [r for row in inherit.get(m, ()) if row not in names for r in [inherited(m, row)] if r])
        out = []
        for n, kind, s in t:
            tests = marks.get(_key(m, n), [])
            if s == "implemented" and not tests:
                s = UNTESTED if _key(m, n) in paged else NOPAGE
            out.append((n, kind, s, tests))
        yield m, out


def unknown_markers():
    """The api marker names that name no entry of the table (a typo, or a page of a module not listed)."""
    known = {(m, n) for m, t in tested_rows() for n, _, _, _ in t}
    return sorted(name for name in api_markers() if entry_of(name) not in known)


def _links(tests):
    files = {}
    for f, fn in tests:
        files.setdefault(f, []).append(fn)
    return "; ".join(f"[{f}](../tests/python/api/{f}) " + ", ".join(f"`{fn}`" for fn in dict.fromkeys(fns))
                     for f, fns in files.items())


def main():
    tables = list(tested_rows())
    every = [r for _, t in tables for r in t]
    kinds = [r[2].split(":")[0] for r in every]
    count = {k: kinds.count(k) for k in sorted(set(kinds))}
    w = sys.stdout.write
    w("<!-- GENERATED by tools/api_status.py from the asc package and tests/python/api.  Do not edit: run "
      "`make docs`. -->\n")
    w("# pyasc API status in openasc\n\n")
    w("Every public function, class and method of pyasc's API modules as openasc defines them, with its\n"
      "status and its doc-derived tests (tests/python/api: each written from the entry's pyasc page, its\n"
      "example, a non-default form and an independent reference; the test's `@pytest.mark.api` names the\n"
      "page).  *implemented*: it works as pyasc documents it, and the tests listed prove it;\n"
      "*implemented, no doc-derived test yet*: it works (semantics in libasc, tests elsewhere in tests/python),\n"
      "but no test derived from its page exists yet, so this page does not claim it conforms;\n"
      "*implemented (no page of its own ...)*: pyasc's API reference has no page for it (a parameter struct,\n"
      "an enum, a base class); it is proven through the pages that use it and the tests in tests/python;\n"
      "*not available on ...*: the Atlas A2/A3 hardware lacks it, so the call traces (as in pyasc, whose\n"
      "toolchain refuses it later) and running it is a `KernelError` at its line saying why;\n"
      "*not implemented yet*: calling it raises `NotImplementedError` naming it; *partly implemented*: the\n"
      "forms the entry names work, the others raise `NotImplementedError`.\n\n")
    w(f"{len(every)} entries: " + ", ".join(f"{n} {s}" for s, n in count.items()) + ".\n")
    for m, t in tables:
        w(f"\n## `{m}` ({len(t)})\n\n| name | kind | status | doc-derived tests |\n|---|---|---|---|\n")
        for n, kind, s, tests in t:
            w(f"| `{n}` | {kind} | {s} | {_links(tests)} |\n")


if __name__ == "__main__":
    main()
