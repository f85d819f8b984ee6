"""The asc package has no import cycles (issue 28, "floors that run one way"): over the modules of
python/asc, the imports a module runs when it is loaded (module level, class bodies, if/try
blocks; imports inside functions run later and do not count) form a graph with no cycle.  A
cycle means one of its modules is used half-initialised, and the order of imports decides what
works."""
import ast
import os

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..", "python", "asc")


def _modules(root):
    """{dotted name: path} of every module and package under root (the package `asc`)."""
    top = os.path.dirname(os.path.abspath(root))
    mods = {}
    for d, _, files in os.walk(os.path.abspath(root)):
        for f in files:
            if f.endswith(".py"):
                p = os.path.join(d, f)
                name = os.path.relpath(p, top)[:-3].replace(os.sep, ".")
                mods[name[:-len(".__init__")] if name.endswith(".__init__") else name] = p
    return mods


def _load_time_imports(tree):
    """The Import / ImportFrom nodes that run when the module is loaded."""
    todo = list(tree.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            yield n
        elif not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                todo.extend(getattr(n, field, None) or [])


def _edges(mods):
    graph = {m: set() for m in mods}
    for m, p in mods.items():
        parts = m.split(".") if p.endswith("__init__.py") else m.split(".")[:-1]
        for n in _load_time_imports(ast.parse(open(p).read(), p)):
            if isinstance(n, ast.Import):
                graph[m].update(a.name for a in n.names if a.name in mods)
                continue
            base = ".".join(parts[:len(parts) - n.level + 1] + ([n.module] if n.module else [])) if n.level \
                else n.module
            for a in n.names:  # `from pkg import sub` imports the submodule; `from mod import name` the module
                graph[m].add(f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base)
        graph[m] = {t for t in graph[m] if t in mods and t != m}
    return graph


def _cycles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while not comp or comp[-1] != v:
                comp.append(stack.pop())
                on.discard(comp[-1])
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_checker_finds_a_cycle(tmp_path):
    pkg = tmp_path / "asc"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text("from .sub import b\n\ndef f():\n    from . import c\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("try:\n    from ..a import x\nexcept ImportError:\n    pass\n")
    (pkg / "c.py").write_text("from . import a\n")  # a imports c only inside a function: no cycle
    assert _cycles(_edges(_modules(str(pkg)))) == [["asc.a", "asc.sub.b"]]


def test_asc_has_no_import_cycles():
    assert _cycles(_edges(_modules(ROOT))) == []
