"""Tracing core: dtypes, the IR text builder, runtime scalars (PlainValue) and errors."""
import os
import threading
import warnings


class CompilationError(Exception):
    """A kernel could not be traced; the message has file:line:col, the line and a caret."""

    def __init__(self, msg, file=None, line=None, col=None, source_line=None):
        self.msg, self.file, self.line, self.col = msg, file, line, col
        text = msg
        if file is not None:
            text = f"{file}:{line}:{col}: error: {msg}"
            if source_line is not None:
                text += "\n" + source_line.rstrip("\n") + "\n" + " " * max(col - 1, 0) + "^"
        super().__init__(text)


class Finding(str):
    """One diagnostic of a launch (its text: file:line:col, message, source line, caret);
    severity is "error" or "warning"."""

    def __new__(cls, text, severity="error"):
        f = super().__new__(cls, text)
        f.severity = severity
        return f


class KernelError(RuntimeError):
    """The simulator reported an error.  The message is the first error, then every other
    finding of the launch; `findings` lists them all (Finding), in the order they occurred."""

    def __init__(self, msg, findings=()):
        super().__init__(msg)
        self.findings = list(findings)


class KernelWarning(UserWarning):
    """A kernel did what an NPU lets through but is almost surely a bug: an access beyond a GM
    array or past a UB tensor (the run went on: see docs/sanitizers.md).  An error with the jit
    option strict_gm=True, ASC_STRICT=1 or `python -W error::asc.KernelWarning`."""


def not_yet(qualname, hint=""):
    """A callable standing for an API name openasc does not implement yet: calling it (or, for a
    class, constructing it) raises NotImplementedError naming it."""
    def f(*args, **kwargs):
        raise NotImplementedError(f"{qualname} is not implemented yet in openasc{hint}")
    f.__name__ = f.__qualname__ = qualname.rsplit(".", 1)[-1]
    f._asc_status = "not implemented yet"  # tools/api_status.py
    return f


def not_yet_names(namespace, module, names, hint=""):
    """not_yet(module + "." + name) for each name (a whitespace-separated string) into namespace."""
    for n in names.split():
        namespace.setdefault(n, not_yet(f"{module}.{n}", hint))


# ---- dtypes ----------------------------------------------------------------------------------------
class DataType:
    """A scalar element type (asc.float16, ...); `ir` is its IR spelling."""

    def __new__(cls, name, ir=None, size=None, kind=None):
        if ir is None:  # pyasc's DataType("int32"): the one instance of that type
            return dtype_of(name)
        return super().__new__(cls)

    def __init__(self, name, ir=None, size=None, kind=None):
        if ir is not None:
            self.name, self.ir, self.size, self.kind = name, ir, size, kind

    def sizeof(self):
        return self.size

    def is_float(self):
        return self.kind == "f"

    def is_int(self):
        return self.kind in "iu"

    def __repr__(self):
        return f"asc.{self.name}"

    def __reduce__(self):
        return (dtype_of, (self.name,))


def _nonfinite_bits(v, ir):
    """The hexadecimal IR literal of float v as an `ir` float when the conversion is not finite (inf,
    nan, or overflow to inf, as a C conversion rounds), else None: finite constants stay decimal."""
    import numpy as np
    with np.errstate(over="ignore", invalid="ignore"):
        if ir == "f64":
            return None if np.isfinite(v) else f"0x{np.float64(v).view(np.uint64):016X}"
        f = np.float32(v)
        if ir == "f32":
            return None if np.isfinite(f) else f"0x{f.view(np.uint32):08X}"
        if ir == "f16":
            h = np.float16(v)
            return None if np.isfinite(h) else f"0x{h.view(np.uint16):04X}"
        u = int(f.view(np.uint32))  # bf16: the high half of the float, rounded to nearest even
        b = 0x7FC0 | (u >> 16 & 0x8000) if f != f else (u + 0x7FFF + (u >> 16 & 1)) >> 16
        return None if (b & 0x7F80) != 0x7F80 else f"0x{b:04X}"


_DTYPES = [("int1", "i1", 1, "i"), ("int8", "i8", 1, "i"), ("int16", "i16", 2, "i"), ("int32", "i32", 4, "i"),
           ("int64", "i64", 8, "i"), ("uint8", "ui8", 1, "u"), ("uint16", "ui16", 2, "u"),
           ("uint32", "ui32", 4, "u"), ("uint64", "ui64", 8, "u"), ("float16", "f16", 2, "f"),
           ("bfloat16", "bf16", 2, "f"), ("float32", "f32", 4, "f"), ("float64", "f64", 8, "f"),
           ("void", "none", 0, "v")]
DTYPES = {n: DataType(n, ir, s, k) for n, ir, s, k in _DTYPES}
_ALIASES = {"half": "float16", "float": "float32", "double": "float64", "int": "int32"}


def dtype_of(name):
    """DataType from a name: 'float16', numpy's 'float16', torch's 'torch.float16', 'half'."""
    if isinstance(name, DataType):
        return name
    if name is float or name is int:  # Python's own types, as pyasc's float_ / int_ (pages' examples pass `float`)
        return DTYPES["float32" if name is float else "int32"]
    n = str(name).replace("torch.", "")
    n = _ALIASES.get(n, n)
    if n not in DTYPES:
        raise ValueError(f"Unsupported DataType name: {name}")
    return DTYPES[n]


# ---- IR builder --------------------------------------------------------------------------------------
class Value:
    """An SSA value: its text name and IR type."""
    __slots__ = ("name", "type")

    def __init__(self, name, type_):
        self.name, self.type = name, type_


_ir_strings = {}  # str -> its literal: a trace quotes the same file name at every op


def ir_string(s):
    """s as an IR string literal (docs/ir.md: \\" \\\\ \\n \\t and \\XX escapes): every string that
    reaches the IR text (file names, symbol names, formats) goes through here, so no name can end
    the literal early or inject text."""
    if type(s) is str:
        lit = _ir_strings.get(s)
        if lit is None:
            if len(_ir_strings) >= 4096:
                _ir_strings.clear()
            lit = _ir_strings[s] = _ir_literal(s)
        return lit
    return _ir_literal(s)


def _ir_literal(s):
    out = []
    for ch in str(s).encode("utf-8", "surrogateescape"):
        c = chr(ch)
        if c in '"\\':
            out.append("\\" + c)
        elif 32 <= ch < 127:
            out.append(c)
        else:
            out.append(f"\\{ch:02X}")
    return '"' + "".join(out) + '"'


def _attr_text(attrs):
    return "{" + ", ".join(f"{k} = {v}" for k, v in attrs.items()) + "}" if attrs else ""


def max_trace_ops():
    """Ops one trace may emit ($ASC_MAX_TRACE_OPS, default 250,000): an asc.static_range
    unrolls every iteration, and a runaway one would grow the IR text until memory runs out."""
    env = os.environ.get("ASC_MAX_TRACE_OPS")
    try:
        n = int(env) if env else 250_000
    except ValueError:
        n = -1
    if n <= 0:
        raise ValueError(f"ASC_MAX_TRACE_OPS must be a positive integer, not {env!r}")
    return n


class Builder:
    """Builds module text.  Ops go to the innermost open block; loc() is set by the visitor."""
    _tls = threading.local()

    def __init__(self, strip_loc=False):
        self.max_ops, self.nops = max_trace_ops(), 0
        self.funcs, self.blocks, self.n = [], [], 0
        self.loc, self.strip_loc = None, strip_loc
        self.specs = {}  # callee key -> (symbol, result prototypes)
        self.state = {}  # per-kernel singletons (TPipe)
        self.aggregates = []  # structs whose fields a kernel may assign (the tracer carries them through regions)

    @classmethod
    def current(cls, what=None):
        b = getattr(cls._tls, "b", None)
        if b is None and what is not None:
            raise RuntimeError(f"'{what}' cannot be called without initialization of global builder")
        return b

    def __enter__(self):
        self._saved = getattr(Builder._tls, "b", None)
        Builder._tls.b = self
        return self

    def __exit__(self, *exc):
        Builder._tls.b = self._saved

    def fresh(self, type_):
        self.n += 1
        return Value(f"%v{self.n}", type_)

    def loctext(self):
        if self.strip_loc or not self.loc:
            return ""
        f, l, c = self.loc
        return f' loc({ir_string(f)}:{l}:{c})'

    def emit(self, line):
        self.blocks[-1].append(line)

    def op(self, name, operands=(), results=(), attrs=None, regions=None):
        if name not in _registry_names():
            raise CompilationError(f"internal: op `{name}` is not in the op registry (src/ops/ops.def)")
        _check_dtypes(name, operands)
        self.nops += 1
        if self.nops > self.max_ops:
            self.too_many_ops()
        res = [self.fresh(t) for t in results]
        lhs = ", ".join(r.name for r in res) + " = " if res else ""
        ops = ", ".join(o.name for o in operands)
        regs = ""
        if regions is not None:
            regs = " (" + ", ".join(regions) + ")"
        sig = "(" + ", ".join(o.type for o in operands) + ") -> "
        sig += "(" + ", ".join(r.type for r in res) + ")" if len(res) != 1 else res[0].type
        self.emit(f'{lhs}"{name}"({ops}){regs} {_attr_text(attrs)} : {sig}{self.loctext()}'.replace(")  :", ") :"))
        return res

    def too_many_ops(self, what="the kernel"):
        msg = (f"{what} traces more than {self.max_ops} ops (ASC_MAX_TRACE_OPS): asc.static_range unrolls "
               "every iteration; use asc.range for a runtime loop")
        if not self.loc:
            raise CompilationError(msg)
        import linecache  # on error only: it brings tokenize, not part of `import asc`
        f, l, c = self.loc
        raise CompilationError(msg, f, l, c, linecache.getline(f, l))

    def open_block(self, arg_types=()):
        """Start a block; returns its argument values.  close_block() returns the region text."""
        args = [self.fresh(t) for t in arg_types]
        self.blocks.append([])
        self._args = getattr(self, "_args", [])
        self._args.append(args)
        return args

    def close_block(self):
        lines, args = self.blocks.pop(), self._args.pop()
        head = "^bb0(" + ", ".join(f"{a.name}: {a.type}" for a in args) + "):\n" if args else ""
        return "{\n" + head + "".join("  " + ln + "\n" for ln in lines) + "}"

    def const(self, value, dtype):
        if dtype.is_float():
            v = float(value)
            bits = _nonfinite_bits(v, dtype.ir)
            if bits is not None:  # inf, nan, or a value that overflows the type (to inf, as C converts)
                txt = bits
            else:
                txt = repr(v)
                if "e" in txt and "." not in txt:  # the IR's float literals need a point: 1.0e-05, not 1e-05
                    txt = txt.replace("e", ".0e", 1)
            return self.op("arith.constant", (), [dtype.ir], {"value": f"{txt} : {dtype.ir}"})[0]
        if dtype.ir == "i1":
            return self.op("arith.constant", (), ["i1"], {"value": "true" if value else "false"})[0]
        v, bits = int(value), 8 * dtype.size
        if dtype.kind == "i":  # C-like wrap into the signed range (masks like 0xFFFF_FFFF_FFFF_FFFF)
            v = ((v + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1))
        return self.op("arith.constant", (), [dtype.ir], {"value": f"{v} : {dtype.ir}"})[0]

    def index(self, value):
        return self.op("arith.constant", (), ["index"], {"value": f"{int(value)} : index"})[0]

    def module_text(self):
        return '"builtin.module"() ({\n' + "\n".join(self.funcs) + '\n}) : () -> ()\n'


_NAMES = []


def _registry_names():
    """Op names of the C registry: the builder emits nothing else."""
    if not _NAMES:
        from . import _lib
        ops = _lib.registry_ops()
        _NAMES.append(frozenset(ops))
        _NAMES.append({n: frozenset(d["dtypes"].split()) for n, d in ops.items() if d["dtypes"]})
    return _NAMES[0]


def _tensor_elem(type_text):
    """The element type (IR name) of a tensor type's text (`!asc.local_tensor<f16, VECIN>`,
    `!asc.local_tensor<16x16xf16>`, `!asc.global_tensor<f32>`), None for other types."""
    if not type_text.startswith(("!asc.local_tensor<", "!asc.global_tensor<")):
        return None
    return type_text[type_text.index("<") + 1:].split(",")[0].rstrip(">").split("x")[-1].strip()


def _check_dtypes(name, operands):
    """The registry's dtypes column (ops.def): the element types an op's tensor operands may have.  A tensor
    of another type is refused where the API function is called, as pyasc's bindings refuse it (TypeError),
    before the IR is built (the verifier checks the same column on parsed IR)."""
    allowed = _NAMES[1].get(name)
    if not allowed:
        return
    for o in operands:
        e = _tensor_elem(o.type)
        if e is not None and e not in allowed:
            names = {d.ir: d.name for d in DTYPES.values()}
            fn = name.split(".")[1] if name.startswith("asc.") else name
            raise TypeError(f"{fn}(): element type {names.get(e, e)} is not supported "
                            f"(supported: {', '.join(names.get(a, a) for a in sorted(allowed))})")


def builder(what=None):
    return Builder.current(what)


# ---- runtime scalars -----------------------------------------------------------------------------------
_INT_OPS = {"add": "arith.addi", "sub": "arith.subi", "mul": "arith.muli", "truediv": "arith.divsi",
            "floordiv": "arith.divsi", "mod": "arith.remsi", "lshift": "arith.shli", "rshift": "arith.shrsi",
            "and": "arith.andi", "or": "arith.ori", "xor": "arith.xori"}
_FLOAT_OPS = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf", "truediv": "arith.divf",
              "floordiv": "arith.divf"}
# Python's comparisons as arith.cmpi / arith.cmpf predicate names (signed; ordered); their numbers
# are the registry's (src/ops/enums.def, kinds cmpi and cmpf)
_CMP_PREDICATES = {"eq": ("eq", "oeq"), "ne": ("ne", "one"), "lt": ("slt", "olt"), "le": ("sle", "ole"),
                   "gt": ("sgt", "ogt"), "ge": ("sge", "oge")}
_PREDICATE_VALUES = {}


def _predicate(kind, name):
    if not _PREDICATE_VALUES:
        from . import _lib
        _PREDICATE_VALUES.update(_lib.registry_enums())
    return _PREDICATE_VALUES[kind][name]


def int_range(dtype):
    """(lowest, highest) value of an integer DataType (int1: 0..1)."""
    if dtype.ir == "i1":
        return 0, 1
    bits = 8 * dtype.size
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if dtype.kind == "i" else (0, (1 << bits) - 1)


def _signless(dtype, what):
    """The IR's integer arithmetic and constants are signless (the verifier's rule): unsigned
    runtime scalars can be stored and passed on, not computed with."""
    if dtype.kind == "u":
        raise TypeError(f"{what} of type {dtype.name} is not supported: runtime integer arithmetic and constants "
                        f"are signless; use a signed type (np.int{8 * dtype.size} for an argument)")


def to_value(x, dtype, wrap=False):
    """x (PlainValue or Python number) as an IR value of dtype.  A Python int (or a float
    truncated to an int type) that does not fit dtype is a TypeError, as in pyasc, whose typed
    constant builders refuse it; wrap=True keeps only the low bits (mask words)."""
    if isinstance(x, PlainValue):
        return x.cast(dtype).value
    if isinstance(x, (bool, int, float)):
        if dtype.is_int():
            _signless(dtype, "a constant")
            check_const(x, dtype, wrap, stacklevel=3)
        return builder("constant").const(x, dtype)
    raise TypeError(f"expected a scalar of type {dtype.name}, got {type(x).__name__}")


def check_const(x, dtype, wrap=False, stacklevel=2):
    """Refuse a Python number that an integer dtype cannot hold (to_value's check, without building
    a constant: compile-time elements of an unsigned asc.array are checked so)."""
    if isinstance(x, float):
        if x != x or x in (float("inf"), float("-inf")):
            raise TypeError(f"the constant {x} has no {dtype.name} value")
        if x != int(x):
            warnings.warn(f"float constant {x} truncated to {dtype.name}", stacklevel=stacklevel)
    lo, hi = int_range(dtype)
    if not wrap and not lo <= int(x) <= hi:
        raise TypeError(f"the constant {x!r} does not fit {dtype.name} ({lo}..{hi}); it would silently "
                        f"become {_wrapped(int(x), dtype)}")


def _wrapped(v, dtype):
    if dtype.ir == "i1":
        return v & 1
    bits = 8 * dtype.size
    return ((v + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1))


def py_dtype(x):
    return DTYPES["float32"] if isinstance(x, float) else DTYPES["int32"]


class PlainValue:
    """A runtime scalar (SSA value) with C-like arithmetic."""

    def __init__(self, value, dtype):
        self.value, self.dtype = value, dtype

    def _bin(self, other, op, swap=False):
        if not isinstance(other, (PlainValue, int, float, bool)):
            return NotImplemented
        _signless(self.dtype, f"operator `{op}` on a runtime value")
        b = builder(op)
        a, o = self.value, to_value(other, self.dtype)
        if swap:
            a, o = o, a
        table = _FLOAT_OPS if self.dtype.is_float() else _INT_OPS
        if op not in table:
            raise TypeError(f"operator `{op}` is not supported on {self.dtype.name}")
        return PlainValue(b.op(table[op], [a, o], [self.dtype.ir])[0], self.dtype)

    def _cmp(self, other, op):
        if not isinstance(other, (PlainValue, int, float, bool)):
            return NotImplemented
        _signless(self.dtype, f"comparison `{op}` of a runtime value")
        b = builder(op)
        o = to_value(other, self.dtype)
        if self.dtype.is_float():
            pred = _predicate("cmpf", _CMP_PREDICATES[op][1])
            r = b.op("arith.cmpf", [self.value, o], ["i1"], {"predicate": f"{pred} : i64"})
        else:
            pred = _predicate("cmpi", _CMP_PREDICATES[op][0])
            r = b.op("arith.cmpi", [self.value, o], ["i1"], {"predicate": f"{pred} : i64"})
        return PlainValue(r[0], DTYPES["int1"])

    def truth(self):
        """i1 value: self != 0."""
        return self if self.dtype.ir == "i1" else self._cmp(0, "ne")

    def __neg__(self):
        _signless(self.dtype, "negation of a runtime value")
        if self.dtype.is_float():
            return PlainValue(builder("neg").op("arith.negf", [self.value], [self.dtype.ir])[0], self.dtype)
        return PlainValue(builder("neg").op("arith.subi", [to_value(0, self.dtype), self.value],
                                            [self.dtype.ir])[0], self.dtype)

    def __pos__(self):
        return self

    def __bool__(self):
        raise TypeError("a runtime value has no compile-time truth value")

    __hash__ = object.__hash__

    def cast(self, dtype):
        dtype = dtype_of(dtype)
        s, d = self.dtype, dtype
        if s.ir == d.ir:
            return self
        _signless(s, "a cast of a runtime value")
        _signless(d, "a cast to a runtime value")
        b = builder("cast")
        if s.is_int() and d.is_int():
            op = "arith.extsi" if d.size > s.size else "arith.trunci" if d.size < s.size else "arith.bitcast"
            if s.ir == "i1" and d.size > s.size:
                op = "arith.extui"
        elif s.is_int() and d.is_float():
            op = "arith.uitofp" if s.kind == "u" else "arith.sitofp"
        elif s.is_float() and d.is_int():
            op = "arith.fptoui" if d.kind == "u" else "arith.fptosi"
        elif s.is_float() and d.is_float():
            op = "arith.extf" if d.size > s.size else "arith.truncf"
            if d.size == s.size:
                raise NotImplementedError(f"Arithmetic cast from {s.name} to {d.name} is not supported")
        else:
            raise NotImplementedError(f"Arithmetic cast from {s.name} to {d.name} is not supported")
        return PlainValue(b.op(op, [self.value], [d.ir])[0], d)

    def ceildiv(self, other):
        _signless(self.dtype, "ceildiv of a runtime value")
        return PlainValue(builder("ceildiv").op("arith.ceildivsi", [self.value, to_value(other, self.dtype)],
                                                [self.dtype.ir])[0], self.dtype)

    def __repr__(self):
        return f"PlainValue({self.dtype.name})"


def _mk(op, swap=False):
    return lambda self, other: self._bin(other, op, swap)


def _mkc(op):
    return lambda self, other: self._cmp(other, op)


for _op in _INT_OPS:
    setattr(PlainValue, f"__{_op}__", _mk(_op))
    setattr(PlainValue, f"__r{_op}__", _mk(_op, True))
for _op in _CMP_PREDICATES:
    setattr(PlainValue, f"__{_op}__", _mkc(_op))


class Handle:
    """An IR object (tensor, queue, pipe, struct): `value` is its SSA value."""
    value = None

    def _rebind(self, value):
        h = object.__new__(type(self))
        h.__dict__.update(self.__dict__)
        h.value = value
        return h

    def _key(self):
        return type(self).__name__ + ":" + self.value.type
