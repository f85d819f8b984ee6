"""The allowlist AST visitor: a @asc.jit function's syntax -> IR text (style.md §6).
Only syntax, scoping and marshalling live here; every op's meaning is in libasc."""
import ast
import builtins
import enum
import inspect
import itertools
import linecache
import operator
import os
import sys
import textwrap

from ._core import DTYPES, CompilationError, Handle, PlainValue, builder, py_dtype, to_value
from ._digest import sha256
from .language import core as lang

BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
          ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.LShift: operator.lshift,
          ast.RShift: operator.rshift, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
          ast.BitXor: operator.xor, ast.Pow: operator.pow}
CMPOPS = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
          ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
          ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
BUILTINS = {n: getattr(builtins, n) for n in
            "dict float int isinstance issubclass len list range repr str tuple type min max abs bool print".split()}
# Exceptions raised by API functions keep their type and get the location prepended.
KEEP_TYPES = (RuntimeError, ValueError, TypeError, NotImplementedError, AssertionError, ZeroDivisionError)
RUNTIME = (PlainValue, Handle)
_OP_TEXT = {ast.MatMult: "@"}


def is_runtime(x):
    return isinstance(x, RUNTIME)


def assigned_names(stmts):
    """Names bound anywhere in stmts (Assign/AugAssign/AnnAssign/For targets)."""
    out = set()
    for s in stmts:
        # kept on the statement's node: a trace walks the same parsed tree (SourceInfo) at every launch
        names = getattr(s, "_asc_assigned", None)
        if names is None:
            names = frozenset(n.id for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
            s._asc_assigned = names
        out |= names
    return out


_PLAIN = (int, float, complex, str, bytes, bool, type(None))
_LIB_ROOTS = frozenset(("asc", "numpy", "torch", "builtins")) | frozenset(getattr(sys, "stdlib_module_names", ()))
_MAX_DEPTH = 8
_never = itertools.count()  # fingerprints that equal nothing: a value too deep to fingerprint never hits


def _lib_owned(module):
    """Whether module belongs to asc, numpy, torch or the standard library: its functions and
    classes are covered by the front-end and library fingerprints (or do not change)."""
    return isinstance(module, str) and module.partition(".")[0] in _LIB_ROOTS


def dep_repr(v, depth=0, _stack=None):
    """What the compile cache remembers of a value a kernel depends on (a global it read, a
    ConstExpr value, a closure value).  Equal fingerprints mean an equal trace:
    - a jit callee: its source fingerprint (its own global reads are dependencies of their own);
    - a plain function: its code, defaults, closure and every global its code names (a module
      global read through a plain helper, or `mod.X` inside it);
    - a class: its attributes along the MRO (so `Cfg.BIAS = 2` is seen), an object of a user
      class: its class and its attributes; lists, tuples, dicts, sets: their elements;
    - a numpy array: dtype, shape and a hash of its bytes; anything else: repr.
    asc / numpy / torch / standard-library functions and classes are named only.  A cycle is cut
    (the object is being fingerprinted already); a value nested deeper than _MAX_DEPTH gets a
    fingerprint that equals nothing, so it is never served stale (only retraced)."""
    t = type(v)
    if t in _PLAIN:
        return repr(v)
    if hasattr(v, "trace_call"):
        return f"<jit {v.fingerprint()}>"
    np = sys.modules.get("numpy")
    if np is not None and isinstance(v, np.ndarray):  # repr elides large arrays
        name = "ndarray" if t is np.ndarray else f"{t.__module__}.{t.__qualname__}"
        return f"<{name} {v.dtype} {v.shape} {sha256(v.tobytes()).hexdigest()[:32]}>"
    if inspect.ismodule(v) or isinstance(v, enum.Enum):
        return repr(v)
    if (inspect.isfunction(v) or inspect.isclass(v)) and _lib_owned(v.__module__):
        return f"<{'class' if inspect.isclass(v) else 'function'} {v.__module__}.{v.__qualname__}>"
    if not (inspect.isfunction(v) or inspect.isclass(v) or t in (list, tuple, dict, set, frozenset)) \
            and (_lib_owned(t.__module__) or not hasattr(v, "__dict__") and not hasattr(t, "__slots__")):
        return repr(v)
    if depth >= _MAX_DEPTH:
        return f"<too deep to fingerprint #{next(_never)}>"
    st = ({}, {}) if _stack is None else _stack  # (objects being fingerprinted, fingerprints made)
    r = st[1].get(id(v))
    if r is not None:
        return r
    if id(v) in st[0]:
        return "<cycle>"
    st[0][id(v)] = v
    try:
        r = st[1][id(v)] = _fingerprint(v, t, depth + 1, st)
        return r
    finally:
        del st[0][id(v)]


def _fingerprint(v, t, d, st):
    if t in (list, tuple):
        return f"{t.__name__}(" + ", ".join(dep_repr(x, d, st) for x in v) + ")"
    if t in (set, frozenset):
        return f"{t.__name__}(" + ", ".join(sorted(dep_repr(x, d, st) for x in v)) + ")"
    if t is dict:
        return "{" + ", ".join(sorted(f"{dep_repr(k, d, st)}: {dep_repr(x, d, st)}" for k, x in v.items())) + "}"
    if inspect.isfunction(v):
        name = f"{v.__module__}.{v.__qualname__}"
        closure = repr(sorted((k, dep_repr(c, d, st)) for k, c in closure_values(v).items()))
        g = v.__globals__
        names = code_names(v.__code__)
        reads = []
        for n in names:
            if n not in g:
                continue
            x = g[n]
            if inspect.ismodule(x):
                if _lib_owned(x.__name__):
                    continue
                reads.extend((f"{n}.{a}", dep_repr(getattr(x, a), d, st)) for a in names if hasattr(x, a))
            elif tracked(x):
                reads.append((n, dep_repr(x, d, st)))
        return f"<function {name} {code_fingerprint(v.__code__)} {dep_repr(v.__defaults__, d, st)} {closure} " \
               f"{sorted(reads)!r}>"
    if inspect.isclass(v):
        return f"<class {v.__module__}.{v.__qualname__} {_attrs(v, d, st)}>"
    state = vars(v) if hasattr(v, "__dict__") else {
        k: getattr(v, k) for c in t.__mro__ for k in getattr(c, "__slots__", ()) if hasattr(v, k)}
    value = ""  # the value of a builtin base: a namedtuple's fields, an int subclass's number
    for base in (bool, int, float, complex, str, bytes):
        if isinstance(v, base):
            value = repr(base(v))
            break
    else:
        for base in (tuple, list, dict, set, frozenset):
            if isinstance(v, base):
                value = dep_repr(base(v), d, st)
                break
        else:  # another library base class keeps state its repr shows (or an address: never hits)
            if any(c is not object and _lib_owned(c.__module__) for c in t.__mro__[1:]):
                value = repr(v)
    return f"<{dep_repr(t, d, st)} {dep_repr(dict(state), d, st)} {value}>"


def _attrs(cls, d, st):
    """The class's own and inherited attributes (user classes of its MRO), dunders excepted."""
    seen = {}
    for c in cls.__mro__:
        if _lib_owned(c.__module__):
            continue
        for k, x in vars(c).items():
            if k in seen or (k.startswith("__") and k.endswith("__")):
                continue
            if isinstance(x, (staticmethod, classmethod)):
                x = x.__func__
            elif isinstance(x, property):
                x = (x.fget, x.fset, x.fdel)
            seen[k] = dep_repr(x, d, st)
    return repr(sorted(seen.items()))


_CODE_NAMES = {}


def code_names(co):
    """Global and attribute names a code object (and the code objects nested in it) uses."""
    r = _CODE_NAMES.get(co)
    if r is None:
        r = set(co.co_names)
        for c in co.co_consts:
            if inspect.iscode(c):
                r |= code_names(c)
        r = _CODE_NAMES[co] = frozenset(r)
    return r


_CODE_FP = {}  # code object -> fingerprint (code objects are immutable)


def code_fingerprint(co):
    fp = _CODE_FP.get(co)
    if fp is None:
        h = sha256(co.co_code)
        for c in co.co_consts:
            h.update((code_fingerprint(c) if inspect.iscode(c) else repr(c)).encode())
        h.update(repr((co.co_names, co.co_varnames, co.co_freevars)).encode())
        fp = _CODE_FP[co] = h.hexdigest()[:32]
    return fp


def tracked(v):
    """Whether reading global v makes it a cache dependency: not modules (their attributes are
    tracked one by one), builtins, or asc / numpy / torch / standard-library classes."""
    if inspect.isclass(v):
        return not _lib_owned(v.__module__)
    return not (inspect.ismodule(v) or inspect.isbuiltin(v))


def closure_values(fn):
    """Values of the variables fn closes over (a kernel defined inside a function)."""
    if not fn.__closure__:
        return {}
    return {n: c.cell_contents for n, c in zip(fn.__code__.co_freevars, fn.__closure__)
            if n != "__class__" and _cell_ok(c)}


def _cell_ok(cell):
    try:
        cell.cell_contents
        return True
    except ValueError:  # not bound yet
        return False


_LOCATED = {}


def _located(cls):
    """cls (a Python error type kept at the kernel line, e.g. TypeError) that is also a
    CompilationError (pyasc's CodegenError): `except TypeError` and `except CodegenError` both catch it."""
    k = _LOCATED.get(cls)
    if k is None:
        k = _LOCATED[cls] = type(cls.__name__, (cls, CompilationError), {"__init__": cls.__init__,
                                                                         "__str__": cls.__str__,
                                                                         "__module__": cls.__module__})
    return k


_FILE_DEFS = {}  # file -> (its linecache lines, {(first line, name): (first, last line)}): parsed once per text


def _source_lines(fn):
    """inspect.getsourcelines(fn) from the file's syntax tree: the lines from the function's first
    decorator to its last statement.  The tree of a file is parsed once; inspect's block finder
    tokenizes the file per function (and compiles tokenize's patterns first), which was a third
    of a cold compile.  Anything not found this way is left to inspect."""
    fn = inspect.unwrap(fn)  # as inspect does
    code = fn.__code__
    f = inspect.getsourcefile(fn)
    if f:
        linecache.checkcache(f)  # an edited file is read again (as inspect does)
    lines = linecache.getlines(f, fn.__globals__) if f else None
    if lines:
        hit = _FILE_DEFS.get(f)
        if hit is None or hit[0] is not lines:
            try:
                tree = ast.parse("".join(lines))
            except (SyntaxError, ValueError):
                tree = None
            defs = {}
            for n in (ast.walk(tree) if tree is not None else ()):
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno is not None:
                    first = min([n.lineno] + [d.lineno for d in n.decorator_list])
                    defs.setdefault((first, n.name), (first, n.end_lineno))
            hit = _FILE_DEFS[f] = (lines, defs)
        span = hit[1].get((code.co_firstlineno, code.co_name))
        if span is not None:
            return lines[span[0] - 1:span[1]], span[0]
    return inspect.getsourcelines(fn)


class SourceInfo:
    @staticmethod
    def check_available(fn):
        """CompilationError unless fn's source text can be read (cheap: no file is read)."""
        f = fn.__code__.co_filename
        if f.startswith("<") and f.endswith(">") and not linecache.getlines(f):
            raise CompilationError(f"the source of '{fn.__qualname__}' is not available (it was defined in {f}, "
                                   "e.g. through exec() or at the interactive prompt): @asc.jit traces a function "
                                   "from its source text, so define the kernel in a file")

    def __init__(self, fn):
        self.check_available(fn)
        try:
            self.file = os.path.abspath(inspect.getsourcefile(fn))
            lines, start = _source_lines(fn)
        except (OSError, TypeError) as e:
            raise CompilationError(f"the source of '{fn.__qualname__}' cannot be read "
                                   f"({fn.__code__.co_filename}: {e}): @asc.jit traces a function from its "
                                   "source file") from None
        self.text = "".join(lines)
        self.tree = ast.parse(textwrap.dedent(self.text))
        self.line_off = start - 1
        self.col_off = len(lines[0]) - len(lines[0].lstrip())
        self.fndef = self.tree.body[0]
        if not isinstance(self.fndef, ast.FunctionDef):
            raise CompilationError(f"@asc.jit applies to functions, not {type(self.fndef).__name__}")


def _value_type(x):
    if isinstance(x, PlainValue):
        return x.dtype.ir
    if isinstance(x, Handle):
        if x.value is None:
            raise TypeError(f"{type(x).__name__} is used before it was initialised")
        return x.value.type
    return None


def _rebuild(proto, value):
    return PlainValue(value, proto.dtype) if isinstance(proto, PlainValue) else proto._rebind(value)


def _materialize(x):
    """A runtime value for x: Python numbers become i32 / f32 / i1 constants."""
    if is_runtime(x):
        return x
    if isinstance(x, bool):
        return PlainValue(to_value(x, DTYPES["int1"]), DTYPES["int1"])
    if isinstance(x, (int, float)):
        d = py_dtype(x)
        return PlainValue(to_value(x, d), d)
    return None


def _convert(x, proto, what):
    """x as an IR value of proto's type (for yields)."""
    if isinstance(proto, PlainValue):
        if not isinstance(x, (PlainValue, int, float, bool)):
            raise TypeError(f"{what} changes from a scalar to {type(x).__name__}")
        return to_value(x, proto.dtype)
    if _value_type(x) != proto.value.type:
        raise TypeError(f"{what} changes type from {proto.value.type} to {_value_type(x) or type(x).__name__}")
    return x.value


def _same(a, b):
    """Whether a struct leaf kept its value (a compile-time constant equal to itself counts)."""
    return a is b or (not is_runtime(a) and not is_runtime(b) and type(a) is type(b) and a == b)


class _Saved:
    """An aggregate's state before a runtime if.  A kernel struct's is an identity snapshot of its
    fields (nested kernel structs' too: a field is only ever assigned, never removed); its leaves,
    what a branch that assigns a field needs, are read from the snapshot only then.  Another
    aggregate's state and leaves are taken at once."""
    __slots__ = ("a", "snap", "saved")

    def __init__(self, a):
        self.a, self.snap, self.saved = a, None, None
        if _kernel_struct(a):
            self.snap, todo = [], [a]
            while todo:
                s = todo.pop()
                vals = dict(s._vals)
                self.snap.append((s, vals))
                todo += [v for v in vals.values() if isinstance(v, lang.Struct) and v._in_kernel()]
        else:
            self.saved = (a._agg_state(), a._agg_leaves())

    def unchanged(self):
        """Whether no field was assigned since the snapshot (then the leaves are the same objects)."""
        if self.snap is None:
            return False
        for s, vals in self.snap:
            now = s._vals
            if len(now) != len(vals) or not all(map(operator.is_, now.values(), vals.values())):
                return False
        return True

    def state(self):
        """(state for _agg_restore, leaves) as they were at the snapshot."""
        if self.saved is None:  # the struct's leaves read with its snapshot's fields in place
            now = [(s, s._vals) for s, _ in self.snap]
            try:
                for s, vals in self.snap:
                    object.__setattr__(s, "_vals", vals)
                leaves = self.a._agg_leaves()
            finally:
                for s, vals in now:
                    object.__setattr__(s, "_vals", vals)
            self.saved = (leaves, leaves)
        return self.saved


def _kernel_struct(x):
    return isinstance(x, lang.Struct) and x._in_kernel()


def _is_agg(x):
    """A struct whose fields the tracer carries: a kernel Struct or a parameter struct."""
    return _kernel_struct(x) or isinstance(x, (lang.ParamStruct, lang.Array))


def _leaf_dtype(obj, path, vals):
    """The IR type a struct leaf is carried as: the first runtime value's, else the field's."""
    for v in vals:
        if isinstance(v, PlainValue):
            return v.dtype
    return obj._agg_dtype(path)


def assigned_fields(stmts):
    """(root name, dotted field path) of every attribute assignment in stmts (`cfg.tile.n = v`:
    ('cfg', 'tile.n'))."""
    out = set()
    for s in stmts:
        for n in ast.walk(s):
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
                path, v = [n.attr], n.value
                while isinstance(v, ast.Attribute):
                    path.insert(0, v.attr)
                    v = v.value
                if isinstance(v, ast.Name):
                    out.add((v.id, ".".join(path)))
            elif (isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name)
                  and isinstance(n.slice, ast.Constant) and type(n.slice.value) is int and n.slice.value >= 0):
                out.add((n.value.id, str(n.slice.value)))  # an asc.array element `a[2] = v`
    return out


class FunctionTracer(ast.NodeVisitor):
    def __init__(self, jitfn, src, names, deps, is_kernel):
        self.fn, self.src, self.names, self.deps, self.is_kernel = jitfn, src, names, deps, is_kernel
        self.globals = jitfn.fn.__globals__
        self.closure = closure_values(jitfn.fn)
        self.ret, self.depth = None, 0
        self.b = builder()

    # ---- locations and errors ----
    def pos(self, node):
        return (self.src.file, node.lineno + self.src.line_off, node.col_offset + self.src.col_off + 1)

    def fail(self, node, msg, cls=CompilationError):
        f, l, c = self.pos(node)
        line = linecache.getline(f, l)
        if cls is CompilationError:
            return CompilationError(msg, f, l, c, line)
        e = _located(cls)(f"{f}:{l}:{c}: {cls.__name__}: {msg}\n{line.rstrip()}\n{' ' * (c - 1)}^")
        e.asc_location = (f, l, c)
        e.msg, e.file, e.line, e.col = msg, f, l, c
        return e

    def visit(self, node):
        prev = self.b.loc
        if hasattr(node, "lineno"):
            self.b.loc = self.pos(node)
        try:
            r = super().visit(node)
            self.b.loc = prev
            return r
        except CompilationError:
            raise
        except Exception as e:  # noqa: BLE001 - located and re-raised below
            if getattr(e, "asc_location", None):
                raise
            cls = type(e) if isinstance(e, KEEP_TYPES) else CompilationError
            try:
                err = self.fail(node, str(e) if cls is not CompilationError else f"{type(e).__name__}: {e}", cls)
            except Exception:  # noqa: BLE001 - exception type without a message constructor
                err = self.fail(node, f"{type(e).__name__}: {e}")
            raise err from None

    def generic_visit(self, node):
        n = type(node).__name__
        raise self.fail(node, f"unsupported Python construct `{n}`: {n} syntax is not supported in JIT function")

    def body(self, stmts):
        for s in stmts:
            self.visit(s)

    # ---- names ----
    def lookup(self, node, name):
        if name in self.names:
            return self.names[name]
        if name in self.closure:
            return self.closure[name]
        if name in self.globals:
            v = self.globals[name]
            if tracked(v):
                self.deps[(self.fn.fn.__module__, name)] = (dep_repr(v), self.globals)
            return v
        if name in BUILTINS:
            return BUILTINS[name]
        raise self.fail(node, f"name '{name}' is not defined")

    def _runtime_indexed(self):
        """Names the function subscripts with something other than an int literal (`a[i]`): an asc.array bound
        to one lives in the simulator's memory (Array.to_memory), so a runtime index can reach it."""
        if getattr(self, "_rtidx", None) is None:
            self._rtidx = {n.value.id for n in ast.walk(self.src.fndef)
                           if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name)
                           and not isinstance(n.slice, (ast.Constant, ast.Slice))}
        return self._rtidx

    def store(self, target, value):
        if isinstance(target, ast.Name):
            if (getattr(value, "handle", 0) is None and type(value).__name__ == "Array"
                    and target.id in self._runtime_indexed()):
                value.to_memory()
            self.names[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            if is_runtime(value) or not hasattr(value, "__iter__"):
                raise self.fail(target, "cannot unpack a non-tuple value")
            vals = list(value)
            if len(vals) != len(target.elts):
                raise self.fail(target, f"cannot unpack {len(vals)} values into {len(target.elts)} names")
            for t, v in zip(target.elts, vals):
                self.store(t, v)
        elif isinstance(target, ast.Attribute):
            setattr(self.visit(target.value), target.attr, value)
        elif isinstance(target, ast.Subscript):
            obj, idx = self.visit(target.value), self.visit(target.slice)
            if hasattr(obj, "set_value") and not isinstance(idx, slice):
                obj.set_value(idx, value)
            else:
                obj[idx] = value
        else:
            raise self.fail(target, f"cannot assign to {type(target).__name__}")

    # ---- statements ----
    def visit_Assign(self, node):
        v = self.visit(node.value)
        for t in node.targets:
            self.store(t, v)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.store(node.target, self.visit(node.value))

    def visit_AugAssign(self, node):
        t = node.target
        if type(node.op) not in BINOPS:
            raise self.fail(node, f"operator {_OP_TEXT.get(type(node.op), type(node.op).__name__)}= is not "
                                  "supported in JIT function")
        load = ast.copy_location(type(t)(**{**{f: getattr(t, f) for f in t._fields}, "ctx": ast.Load()}), t)
        self.store(t, BINOPS[type(node.op)](self.visit(load), self.visit(node.value)))

    def visit_Expr(self, node):
        self.visit(node.value)

    def visit_Pass(self, node):
        pass

    def visit_Assert(self, node):
        cond = self.visit(node.test)
        if is_runtime(cond):
            raise self.fail(node, "assert needs a compile-time condition (it is a static_assert)")
        if not cond:
            msg = self.visit(node.msg) if node.msg is not None else "assertion failed"
            raise self.fail(node, str(msg), AssertionError)

    def visit_Return(self, node):
        if self.depth:
            raise self.fail(node, "`return` inside if/for/while is not supported in JIT function")
        v = self.visit(node.value) if node.value is not None else None
        if self.is_kernel and v is not None:
            raise self.fail(node, "a kernel cannot return a value")
        for r in (v if isinstance(v, tuple) else () if v is None else (v,)):
            if not (is_runtime(r) or isinstance(r, (bool, int, float)) or _kernel_struct(r)):
                raise self.fail(node, f"{self.fn.__name__} returns an unsupported value of type {type(r).__name__} "
                                      "(a jit function returns scalars, tensors, structs or a tuple of them)")
        self.ret = v

    def visit_If(self, node):
        cond = self.visit(node.test)
        if not is_runtime(cond):
            self.body(node.body if cond else node.orelse)
            return
        if not isinstance(cond, PlainValue):
            raise self.fail(node.test, f"condition of type {type(cond).__name__} is not a scalar")
        c = cond.truth()
        before = dict(self.names)
        carried = sorted(n for n in assigned_names(node.body + node.orelse) if n in before)
        for n in carried:
            m = _materialize(before[n])
            if m is not None:
                before[n] = m
        saved = [_Saved(a) for a in self._aggregate_list()]
        snames = [n for n in carried if _is_agg(before[n])]  # names bound to structs: merged field by field
        blocks, dirty = [], [False] * len(saved)  # dirty: assigned by the branch traced last
        self.depth += 1
        for stmts in (node.body, node.orelse):
            self.names = dict(before)
            for sv, d in zip(saved, dirty):
                if d:
                    sv.a._agg_restore(sv.state()[0])
            self.b.open_block()
            self.body(stmts)
            for n in snames:
                if type(self.names[n]) is not type(before[n]):
                    raise self.fail(node, f"'{n}' changes from a {type(before[n]).__name__} to a "
                                          f"{type(self.names[n]).__name__} in a branch of a runtime if")
            dirty = [not sv.unchanged() for sv in saved]
            blocks.append((self.b.blocks.pop(), self.b._args.pop(), self.names,
                           [sv.a._agg_leaves() if d else None for sv, d in zip(saved, dirty)],
                           {n: self.names[n]._agg_leaves() for n in snames}))
        self.depth -= 1
        merged = [n for n in carried if is_runtime(before[n]) and not _is_agg(before[n]) and
                  any(blk[2][n] is not before[n] for blk in blocks)]
        # struct fields assigned in a branch: merged leaf by leaf (the struct keeps its identity)
        fields = []
        for i, (sv, d) in enumerate(zip(saved, dirty)):
            if d:
                sv.a._agg_restore(sv.state()[0])
            if all(blk[3][i] is None for blk in blocks):  # no branch assigned a field of it
                continue
            a, old = sv.a, sv.state()[1]
            for blk in blocks:
                if blk[3][i] is None:
                    blk[3][i] = old
            for path, v in old.items():
                if any(not _same(blk[3][i][path], v) for blk in blocks):
                    fields.append((lambda leaves, i=i, p=path: leaves[0][i][p], a, path,
                                   _leaf_dtype(a, path, [v] + [blk[3][i][path] for blk in blocks])))
        # a name bound to another struct in a branch: a new struct of the merged fields
        rebound = {n: dict(before[n]._agg_leaves()) for n in snames if any(blk[2][n] is not before[n] for blk in blocks)}
        for n, out in rebound.items():
            for path in out:
                vals = [blk[4][n][path] for blk in blocks]
                if not all(_same(v, vals[0]) for v in vals):
                    fields.append((lambda leaves, n=n, p=path: leaves[1][n][p], n, path,
                                   _leaf_dtype(before[n], path, vals)))
                else:
                    out[path] = vals[0]
        regions = []
        for lines, args, names, leaves, sleaves in blocks:
            self.b.blocks.append(lines)
            self.b._args.append(args)
            self.b.loc = self.pos(node)
            vals = [_convert(names[n], before[n], f"'{n}' in the branches of a runtime if") for n in merged]
            vals += [to_value(get((leaves, sleaves)), d) for get, _, _, d in fields]
            self.b.op("scf.yield", vals)
            regions.append(self.b.close_block())
        res = self.b.op("scf.if", [c.value], [_value_type(before[n]) for n in merged] + [d.ir for *_, d in fields],
                        regions=regions)
        self.names = before
        for n, r in zip(merged, res):
            self.names[n] = _rebuild(before[n], r)
        for (_, a, path, d), r in zip(fields, res[len(merged):]):
            if isinstance(a, str):
                rebound[a][path] = PlainValue(r, d)
            else:
                a._agg_update({path: PlainValue(r, d)})
        for n, out in rebound.items():
            self.names[n] = before[n]._agg_fresh(out)

    def _aggregate_list(self):
        """Every struct built so far, once: a runtime region may assign fields."""
        seen = {}
        for a in self.b.aggregates:
            seen.setdefault(id(a), a)
        return list(seen.values())

    def _aggregates(self):
        """(struct, saved state, leaves) of every struct built so far."""
        out = []
        for a in self._aggregate_list():
            state = a._agg_state()
            # a kernel Struct's state is its leaves (a fresh dict nothing mutates): computed once
            out.append((a, state, state if _kernel_struct(a) else a._agg_leaves()))
        return out

    def _carried_fields(self, node, stmts, extra=()):
        """The struct leaves a runtime loop carries, [(struct, path, proto PlainValue, name)]
        (materialised as runtime values):
        - every leaf of a struct bound to a name the loop assigns (name: that name; the name is
          bound to a new struct of the carried leaves, so the loop may bind it to another struct);
        - every field assigned in stmts through a name bound before the loop (name: None; the
          struct keeps its identity)."""
        out, snames = [], set()

        def carry(a, p, v, name):
            if not isinstance(v, PlainValue):
                d = a._agg_dtype(p)
                v = PlainValue(to_value(v, d), d)
                a._agg_update({p: v})
            if not any(x is a and q == p and nm == name for x, q, _, nm in out):
                out.append((a, p, v, name))

        for n in sorted(assigned_names(stmts) - set(extra)):
            if _is_agg(self.names.get(n)):
                snames.add(n)
                for p, v in self.names[n]._agg_leaves().items():
                    carry(self.names[n], p, v, n)
        for root, path in sorted(assigned_fields(stmts)):
            a = self.names.get(root)
            if root in snames or not _is_agg(a):
                continue
            for p, v in a._agg_leaves().items():
                if p == path or p.startswith(path + "."):
                    carry(a, p, v, None)
        return out

    def _check_fields(self, node, aggs, fields, what):
        """A struct field assigned in a loop's body that the loop does not carry (through an alias
        or a callee) would escape the loop's region: refused."""
        for a, _, old in aggs:
            now = a._agg_leaves()
            for p, v in old.items():
                if not _same(now[p], v) and not any(x is o and q == op and nm is None for x, q, _, nm in fields
                                                    for o, op in a._agg_owners(p)):
                    raise self.fail(node, f"field '{p}' of a {type(a).__name__} built before this runtime {what} is "
                                          "assigned inside it through another name: assign it through the name the "
                                          "struct had before the loop")

    def _loop_carried(self, stmts, extra=()):
        carried = []
        for n in sorted(assigned_names(stmts) - set(extra)):
            if n in self.names and not _is_agg(self.names[n]):  # a struct: its leaves (_carried_fields)
                m = _materialize(self.names[n])
                if m is not None:
                    self.names[n] = m
                    carried.append(n)
        return carried

    def _index(self, x):
        if isinstance(x, PlainValue):
            return self.b.op("arith.index_cast", [x.cast(DTYPES["int32"]).value], ["index"])[0]
        return self.b.index(int(x))

    def visit_With(self, node):
        """`with matmul.iterate() as count:` - a runtime loop over the context's count; the
        context's hook runs at the top of each iteration (asc.adv.Matmul)."""
        if len(node.items) != 1:
            raise self.fail(node, "a with statement takes one context in JIT function")
        item = node.items[0]
        ctx = self.visit(item.context_expr)
        if not hasattr(ctx, "_asc_loop"):
            raise self.fail(item.context_expr, "only `with matmul.iterate() as count:` is supported in JIT function")
        if item.optional_vars is not None and not isinstance(item.optional_vars, ast.Name):
            raise self.fail(item.optional_vars, "the target of `with ... as` must be a single name")
        self.b.loc = self.pos(node)
        ub, hook = ctx._asc_loop()
        target = item.optional_vars.id if item.optional_vars is not None else "_asc_with_count"
        self._runtime_for(node, target, (0, ub, 1), node.body, hook)

    def visit_For(self, node):
        if node.orelse:
            raise self.fail(node, "for-else is not supported in JIT function")
        it = node.iter
        f = self.visit(it.func) if isinstance(it, ast.Call) else None
        if f not in (builtins.range, lang.range, lang.static_range):
            raise self.fail(it, "a for loop must iterate over range(), asc.range() or asc.static_range()")
        args = [self.visit(a) for a in it.args]
        if f is lang.static_range:
            if any(isinstance(a, PlainValue) for a in args):
                raise self.fail(it, "asc.static_range() is unrolled at compile time: its bounds must be compile-time "
                                    "ints (a ConstExpr argument or a constant); use range() for a runtime loop")
            if len(builtins.range(*args)) > self.b.max_ops:  # each iteration is traced: refuse early
                self.b.loc = self.pos(it)
                self.b.too_many_ops(f"asc.static_range of {len(builtins.range(*args))} iterations")
            for i in builtins.range(*args):
                self.store(node.target, i)
                self.body(node.body)
            return
        if not isinstance(node.target, ast.Name):
            raise self.fail(node.target, "the index of a runtime loop must be a single name")
        lb, ub, step = (0, args[0], 1) if len(args) == 1 else (args[0], args[1], args[2] if len(args) > 2 else 1)
        self._runtime_for(node, node.target.id, (lb, ub, step), node.body)

    def _runtime_for(self, node, target, lub, stmts, hook=None):
        bounds = [self._index(x) for x in lub]
        before = dict(self.names)
        carried = self._loop_carried(stmts, [target])
        fields = self._carried_fields(node, stmts, [target])
        aggs = self._aggregates()
        protos = [self.names[n] for n in carried]
        init = [p.value for p in protos] + [v.value for _, _, v, _ in fields]
        bargs = self.b.open_block(["index"] + [v.type for v in init])
        self._loop_args(carried, protos, fields, bargs[1:])
        self.names[target] = PlainValue(
            self.b.op("arith.index_cast", [bargs[0]], ["i32"])[0], DTYPES["int32"])
        if hook is not None:
            hook(self.names[target])
        self.depth += 1
        self.body(stmts)
        self.depth -= 1
        self._check_fields(node, aggs, fields, "for loop")
        self.b.loc = self.pos(node)
        self.b.op("scf.yield", self._loop_yields(node, carried, protos, fields))
        region = self.b.close_block()
        res = self.b.op("scf.for", bounds + init, [v.type for v in init], regions=[region])
        self._after_loop(before, carried, protos, fields, res)

    def _loop_args(self, carried, protos, fields, args):
        """Bind the loop-carried names and struct fields to a region's block arguments."""
        for n, p, a in zip(carried, protos, args):
            self.names[n] = _rebuild(p, a)
        named = {}
        for (s, path, p, name), a in zip(fields, args[len(carried):]):
            if name is None:
                s._agg_update({path: PlainValue(a, p.dtype)})
            else:
                named.setdefault(name, (s, {}))[1][path] = PlainValue(a, p.dtype)
        for name, (s, leaves) in named.items():
            self.names[name] = s._agg_fresh(leaves)

    def _loop_yields(self, node, carried, protos, fields):
        vals = [_convert(self.names[n], p, f"loop variable '{n}'") for n, p in zip(carried, protos)]
        leaves = {}
        for s, path, p, name in fields:
            if name is not None:
                if type(self.names[name]) is not type(s):
                    raise self.fail(node, f"loop variable '{name}' changes from a {type(s).__name__} to a "
                                          f"{type(self.names[name]).__name__}")
                s = self.names[name]
            v = leaves.setdefault(id(s), s._agg_leaves())[path]
            vals.append(_convert(v, p, f"field '{path}' of {type(s).__name__}"))
        return vals

    def _after_loop(self, before, carried, protos, fields, res):
        self.names = before
        self._loop_args(carried, protos, fields, res)

    def visit_While(self, node):
        if node.orelse:
            raise self.fail(node, "while-else is not supported in JIT function")
        before = dict(self.names)
        carried = self._loop_carried(node.body)
        fields = self._carried_fields(node, node.body)
        aggs = self._aggregates()
        protos = [self.names[n] for n in carried]
        init = [p.value for p in protos] + [v.value for _, _, v, _ in fields]
        types = [v.type for v in init]
        regions = []
        for part in ("before", "after"):
            bargs = self.b.open_block(types)
            self._loop_args(carried, protos, fields, bargs)
            self.depth += 1
            if part == "before":
                cond = self.visit(node.test)
                if not isinstance(cond, PlainValue):
                    raise self.fail(node.test, "a while loop needs a runtime condition")
                self.b.op("scf.condition", [cond.truth().value] + list(bargs))
            else:
                self.body(node.body)
                self._check_fields(node, aggs, fields, "while loop")
                self.b.loc = self.pos(node)
                self.b.op("scf.yield", self._loop_yields(node, carried, protos, fields))
            self.depth -= 1
            regions.append(self.b.close_block())
            self.b.loc = self.pos(node)
        res = self.b.op("scf.while", init, types, regions=regions)
        self._after_loop(before, carried, protos, fields, res)

    # ---- expressions ----
    def visit_Constant(self, node):
        return node.value

    def visit_Name(self, node):
        return self.lookup(node, node.id)

    def visit_Attribute(self, node):
        obj = self.visit(node.value)
        v = getattr(obj, node.attr)
        if inspect.ismodule(obj) and not obj.__name__.startswith(("asc.", "numpy", "torch")) \
                and obj.__name__ != "asc" and tracked(v):
            self.deps[(obj.__name__, node.attr)] = (dep_repr(v), vars(obj))  # mod.CONST, mod.callee
        return v

    def visit_BinOp(self, node):
        a, b = self.visit(node.left), self.visit(node.right)
        if isinstance(node.op, ast.Pow) and (is_runtime(a) or is_runtime(b)):
            raise self.fail(node, "operator ** is not supported on runtime values")
        if type(node.op) not in BINOPS:
            raise self.fail(node, f"operator {_OP_TEXT.get(type(node.op), type(node.op).__name__)} is not supported "
                                  "in JIT function")
        return BINOPS[type(node.op)](a, b)

    def visit_UnaryOp(self, node):
        v = self.visit(node.operand)
        if isinstance(node.op, ast.Not):
            return v == 0 if is_runtime(v) else not v
        if isinstance(node.op, ast.Invert) and is_runtime(v):
            raise self.fail(node, "operator ~ is not supported on runtime values")
        return {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}[type(node.op)](v)

    def visit_BoolOp(self, node):
        if len(node.values) != 2:
            raise self.fail(node, "Chained boolean operators are not supported, group pairs with parentheses")
        is_and = isinstance(node.op, ast.And)
        a = self.visit(node.values[0])
        if not is_runtime(a) and (not a if is_and else a):
            return a
        b = self.visit(node.values[1])
        if not is_runtime(a):
            return b
        if not is_runtime(b):
            return a.truth() if (b if is_and else not b) else b
        op = "arith.andi" if is_and else "arith.ori"
        return PlainValue(self.b.op(op, [a.truth().value, b.truth().value], ["i1"])[0], DTYPES["int1"])

    def visit_Compare(self, node):
        if len(node.ops) != 1:
            raise self.fail(node, "chained comparisons are not supported in JIT function; use `and`")
        return CMPOPS[type(node.ops[0])](self.visit(node.left), self.visit(node.comparators[0]))

    def visit_IfExp(self, node):
        c = self.visit(node.test)
        if not is_runtime(c):
            return self.visit(node.body if c else node.orelse)
        a, b = self.visit(node.body), self.visit(node.orelse)
        if not all(isinstance(x, (PlainValue, int, float, bool)) for x in (a, b)):
            raise self.fail(node, "a runtime conditional expression needs scalar arms")
        d = a.dtype if isinstance(a, PlainValue) else b.dtype if isinstance(b, PlainValue) else py_dtype(a)
        va, vb = to_value(a, d), to_value(b, d)
        return PlainValue(self.b.op("arith.select", [c.truth().value, va, vb], [d.ir])[0], d)

    def visit_Call(self, node):
        f = self.visit(node.func)
        args = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                args.extend(self.visit(a.value))
            else:
                args.append(self.visit(a))
        kw = {}
        for k in node.keywords:
            if k.arg is None:
                kw.update(self.visit(k.value))
            else:
                kw[k.arg] = self.visit(k.value)
        if f is print:
            raise self.fail(node, "print is not supported in JIT function (NameError: print is not defined); "
                                  "use asc.printf")
        if hasattr(f, "trace_call"):
            return f.trace_call(self, args, kw)
        return f(*args, **kw)

    def visit_Subscript(self, node):
        return self.visit(node.value)[self.visit(node.slice)]

    def visit_Slice(self, node):
        return slice(*(self.visit(x) if x is not None else None for x in (node.lower, node.upper, node.step)))

    def visit_Index(self, node):  # Python < 3.9
        return self.visit(node.value)

    def visit_Tuple(self, node):
        return tuple(self.visit(e) for e in node.elts)

    def visit_List(self, node):
        return [self.visit(e) for e in node.elts]

    def visit_JoinedStr(self, node):
        out = []
        for v in node.values:
            x = self.visit(v)
            out.append(x if isinstance(x, str) else str(x))
        return "".join(out)

    def visit_FormattedValue(self, node):
        v = self.visit(node.value)
        if is_runtime(v):  # e.g. an assert message naming a runtime argument
            v = f"<runtime {v.dtype.name if isinstance(v, PlainValue) else type(v).__name__}>"
        spec = self.visit(node.format_spec) if node.format_spec is not None else ""
        conv = {-1: lambda x: x, 115: str, 114: repr, 97: ascii}[node.conversion]
        return format(conv(v), spec)
