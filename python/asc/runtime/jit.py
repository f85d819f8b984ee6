"""@asc.jit: options, tracing a kernel into a module, the compile cache and launch."""
from __future__ import annotations  # the annotations stay strings: `import asc` need not import typing
import json
import os
import sys
import types
import warnings

from .. import _lib
from .._digest import sha256
from .._record import Record
from .._core import Builder, CompilationError, Handle, KernelError, PlainValue, ir_string, py_dtype, to_value
from ..language.core import ConstExpr, GlobalAddress, _is_host_tiling
from ..language.core.struct import Struct
from ..language.core.utils import global_builder
from . import cache as disk_cache
from . import config
from .compiler import CompiledKernel, CompileOptions, Compiler, TracedModule, translate  # noqa: F401
from .launcher import LaunchOptions, Launcher
from .marshal import MockTensor, MockValue, _arg_kind  # noqa: F401  (MockTensor, MockValue: pyasc's path)

# Counters for tests and bench/bench_jit.py: traces run, memory / disk cache hits, disk stores.
stats = {"traces": 0, "memory_hits": 0, "disk_hits": 0, "disk_stores": 0}
_MISSING = object()


class CodegenOptions(Record, frozen=True):
    capture_exceptions: bool = True
    ir_multithreading: bool = True


class ExtensionOptions(Record, frozen=True):  # openasc-only
    assume_noalias: bool = True  # the only value: the sync passes assume written GM arguments overlap no other
    strict_gm: bool = False  # True (or ASC_STRICT=1): out-of-bounds accesses are errors, not KernelWarning
    race_warn: bool = False  # True (or ASC_RACE_WARN=1): races are KernelWarnings and the run finishes
    sanitize: bool = True
    sim_threads: int = 0  # host threads of the simulator (0: $ASC_SIM_THREADS, else one per CPU)
    profile: Optional[str] = None  # a directory for this kernel's profile files (docs/profile.md)
    profile_lines: Optional[bool] = None  # cycles per Python line in the report; None: with a profile or $ASC_PROFILE_LINES
    max_instructions: Optional[int] = None  # watchdog per block; None: $ASC_MAX_INSTRUCTIONS or 2**28; 0: off


_OPTION_CLASSES = (CodegenOptions, CompileOptions, LaunchOptions, ExtensionOptions)
OPTION_NAMES = {n for c in _OPTION_CLASSES for n, _ in c._fields}
# Two stages of libasc's named-pipeline table (src/passes/pipelines.c, which chooses every
# kernel's passes), for bench/sync_table.py.
AUTO_TENSOR_PIPELINE = _lib.pipeline_stage("auto-tensors")
INSERT_SYNC_PIPELINE = _lib.pipeline_stage("pyasc-insert-sync")


def _check_options(opts):
    unknown = [k for k in opts if k not in OPTION_NAMES]
    if unknown:
        raise RuntimeError("The following option names are unknown: " + ", ".join(unknown))
    if opts.get("assume_noalias", True) is not True:
        raise RuntimeError("assume_noalias=False is not supported: openasc's sync passes assume that distinct GM "
                           "arguments that the kernel writes do not overlap the others")
    if opts.get("opt_level", 3) not in (1, 2, 3):
        raise RuntimeError("Please check input compile option")
    if opts.get("insert_sync") not in (None, True, False, "pyasc"):
        raise RuntimeError(f"insert_sync must be None, True, False or \"pyasc\", not {opts['insert_sync']!r}")
    mi = opts.get("max_instructions")
    if mi is not None and (not isinstance(mi, int) or isinstance(mi, bool) or mi < 0):
        raise RuntimeError(f"max_instructions must be None or an int >= 0, not {mi!r}")
    if opts.get("auto_sync", True) not in (True, False, "full", "replace"):
        raise RuntimeError(f"auto_sync must be True, False, \"full\" or \"replace\", not {opts['auto_sync']!r}")


# asc._codegen's names, bound by the first @asc.jit (_load_codegen): the tracer imports ast and inspect,
# a third of `import asc`, which a script that only imports asc need not pay
FunctionTracer = SourceInfo = _rebuild = _value_type = closure_values = dep_repr = None


def _load_codegen():
    global FunctionTracer, SourceInfo, _rebuild, _value_type, closure_values, dep_repr
    if dep_repr is None:
        from .. import _codegen as cg
        FunctionTracer, SourceInfo, _rebuild, _value_type = cg.FunctionTracer, cg.SourceInfo, cg._rebuild, cg._value_type
        closure_values, dep_repr = cg.closure_values, cg.dep_repr


def _is_constexpr(ann):
    return isinstance(ann, type) and issubclass(ann, ConstExpr)


class _Launcher:
    def __init__(self, fn, core_num, stream):
        self.fn, self.core_num, self.stream = fn, core_num, stream

    def __call__(self, *args, **kwargs):
        return self.fn._launch(self.core_num, self.stream, args, kwargs)


def _check_kernel(fn):
    """@asc.jit traces a plain Python function from its source file: refuse anything else here,
    with a clear error, rather than with an internal one at the first launch."""
    _load_codegen()
    if isinstance(fn, types.MethodType):
        code = fn.__func__.__code__
        raise TypeError(f"asc.jit: '{fn.__qualname__}' ({code.co_filename}:{code.co_firstlineno}) is a bound method; "
                        "a kernel is a plain function: decorate a module-level function and pass what it needs from "
                        "the object as arguments (ConstExpr for compile-time values)")
    if not isinstance(fn, types.FunctionType):
        what = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
        raise TypeError(f"asc.jit applies to Python functions, not {type(fn).__name__} '{what}'")
    SourceInfo.check_available(fn)


class JITFunction:
    def __init__(self, fn, options):
        _check_options(options)
        _check_kernel(fn)
        self.fn, self.options = fn, dict(options)
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        import inspect  # after _check_kernel: _codegen imported it
        self.signature = inspect.signature(fn)
        clash = [p for p in self.signature.parameters if p in OPTION_NAMES]
        if clash:
            raise RuntimeError("The following argument names conflict with JIT configuration options: "
                               + ", ".join(clash))
        self._src = None
        self._fp = None
        self._params = None  # name -> (is ConstExpr, required type or None), resolved at first launch
        # the parameter names when every one can be passed by position: a launch that passes them
        # all by position binds without inspect (Signature.bind costs ~5 us)
        kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        ps = self.signature.parameters.values()
        self._positional = tuple(p.name for p in ps) if all(p.kind in kinds for p in ps) else None
        self._opts_key = _opts_key(self.options)
        self.cache = {}  # memory cache: specialisation key -> (module, [(globals dict, name, fingerprint)])
        self.last_ir = None

    @property
    def src(self):
        if self._src is None:
            self._src = SourceInfo(self.fn)
        return self._src

    def fingerprint(self):
        """Identity of what a trace of this function reads from its own source: module, name,
        file, first line, source text (lines go into IR locations) and closure values."""
        if self._fp is None:
            src = self.src
            blob = json.dumps([self.fn.__module__, self.fn.__qualname__, src.file, src.line_off, src.text])
            self._fp = sha256(blob.encode()).hexdigest()[:32]
        if not self.fn.__closure__:
            return self._fp
        return self._fp + ":" + sha256(self._closure_key().encode()).hexdigest()[:16]

    def _closure_key(self):
        if not self.fn.__closure__:
            return ""
        return repr(sorted((k, "<self>" if v is self else dep_repr(v)) for k, v in closure_values(self.fn).items()))

    def __call__(self, *args, **kwargs):
        b = Builder.current()
        if b is None:
            raise RuntimeError(f"'{self.__name__}' is a kernel: launch it with {self.__name__}[core_num](...)")
        raise RuntimeError(f"'{self.__name__}' cannot be called this way inside a kernel")

    def __getitem__(self, launch):
        if isinstance(launch, tuple) and len(launch) == 2:
            core_num, stream = launch
        elif isinstance(launch, int) and not isinstance(launch, bool):
            core_num, stream = launch, None
        else:
            raise TypeError("Parse user launch options failed")
        if not isinstance(core_num, int):
            raise TypeError("Parse user launch options failed")
        if core_num <= 0:
            raise ValueError("Core number should be large than 0")
        if core_num > _lib.MAX_BLOCKS:
            raise ValueError(f"Core number {core_num} is larger than the hardware's limit of {_lib.MAX_BLOCKS} blocks")
        return _Launcher(self, core_num, stream)

    # ---- tracing ----
    def _bind(self, args, kwargs):
        if not kwargs and self._positional is not None and len(args) == len(self._positional):
            return dict(zip(self._positional, args))
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return bound.arguments

    def _param_info(self):
        """name -> (is ConstExpr, required class or None); annotations resolved once."""
        info = {}
        for name, p in self.signature.parameters.items():
            ann = p.annotation
            if isinstance(ann, str):  # from __future__ import annotations
                try:
                    ann = eval(ann, self.fn.__globals__)  # noqa: S307 - the user's own annotation
                except Exception:  # noqa: BLE001
                    ann = ConstExpr if "ConstExpr" in ann else None
            if _is_constexpr(ann):
                t = ann.type
                info[name] = (True, t if t is not None and isinstance(t, type) else None)
            else:
                info[name] = (False, None)
        return info

    def _split(self, arguments):
        if self._params is None:
            self._params = self._param_info()
        const, runtime = {}, {}
        params = self._params
        for name, v in arguments.items():
            is_const, t = params[name]
            if _is_host_tiling(v):  # asc.adv.SoftmaxTiling / RmsNormTiling built on the host: launch-time constant
                const[name] = v
            elif is_const:
                if t is not None and not isinstance(v, t):
                    raise RuntimeError(f"ConstExpr[{t.__name__}] is required for argument '{name}', "
                                       f"{type(v).__name__} was provided: {v}")
                const[name] = v
            else:
                runtime[name] = v
        return const, runtime

    def _trace_body(self, b, names, deps, is_kernel, sym, params, visibility):
        src = self.src
        tracer = FunctionTracer(self, src, names, deps, is_kernel)
        pos = tracer.pos(src.fndef)
        saved = (b.blocks, getattr(b, "_args", []), b.loc)
        b.blocks, b._args = [], []
        b.loc = pos
        bargs = b.open_block([t for _, t, _ in params])
        for (n, _, proto), a in zip(params, bargs):
            names[n] = proto(a)
        tracer.body(src.fndef.body)
        ret = tracer.ret
        rets = [] if ret is None else list(ret) if isinstance(ret, tuple) else [ret]
        vals, shape = [], []  # shape: per returned value, a prototype or (Struct class, its leaves' paths)
        for r in rets:
            if isinstance(r, Struct) and r._in_kernel():  # by value: one result per leaf
                leaves = r._agg_leaves()
                shape.append((type(r), list(leaves)))
                vals += [leaves[p] for p in leaves]
                continue
            if not isinstance(r, (PlainValue, Handle)):
                if not isinstance(r, (int, float, bool)):
                    raise CompilationError(f"{self.__name__} returns an unsupported value {r!r}")
                r = PlainValue(to_value(r, py_dtype(r)), py_dtype(r))
            vals.append(r)
            shape.append(r)
        b.loc = pos
        b.op("func.return", [v.value for v in vals])
        region = b.close_block()
        ftype = "(" + ", ".join(t for _, t, _ in params) + ") -> (" + ", ".join(v.value.type for v in vals) + ")"
        attrs = f'{{function_type = {ftype}, sym_name = {ir_string(sym)}{visibility}}}'
        b.funcs.append(f'"func.func"() ({region}) {attrs} : () -> (){b.loctext()}')
        b.blocks, b._args, b.loc = saved
        return vals, isinstance(ret, tuple), shape

    def trace_call(self, tracer, args, kwargs):
        """A call from another jit function: a private func.func per specialisation + func.call."""
        b = tracer.b
        const, runtime = self._split(self._bind(args, kwargs))
        params, operands, structs = [], [], []
        for n, v in runtime.items():
            if isinstance(v, Struct) and v._in_kernel():  # by value: runtime leaves are arguments
                consts, leaves = {}, v._agg_leaves()
                for path, ld in type(v).leaves():
                    lv = leaves[path]
                    if isinstance(lv, PlainValue):
                        params.append((n, ld.ir, lambda a, n=n, p=path, ld=ld: structs_in[n]._set(p, PlainValue(a, ld))))
                        operands.append(lv.value)
                    else:
                        consts[path] = lv
                structs.append((n, type(v), consts))
                continue
            if isinstance(v, (bool, int, float)):
                v = PlainValue(to_value(v, py_dtype(v)), py_dtype(v))
            t = _value_type(v)
            if t is None:
                const[n] = v
                continue
            params.append((n, t, (lambda a, p=v: _rebuild(p, a))))
            operands.append(v.value)
        key = (id(self.fn), repr(sorted((k, repr(v)) for k, v in const.items())), tuple(t for _, t, _ in params),
               repr([(n, f"{c.__module__}.{c.__qualname__}", sorted(cv.items())) for n, c, cv in structs]))
        if key not in b.specs:
            sym = f"{self.__name__}_{len(b.specs)}"
            b.sources[self.src.file] = None
            names = dict(const)
            structs_in = {}
            for n, c, cv in structs:
                names[n] = structs_in[n] = c._kernel()
                structs_in[n]._agg_update(cv)
            b.specs[key] = (sym, *self._trace_body(b, names, tracer.deps, False, sym, params,
                                                    ', sym_visibility = "private"'))
        sym, protos, is_tuple, shape = b.specs[key]
        res = iter(b.op("func.call", operands, [p.value.type for p in protos], {"callee": "@" + ir_string(sym)}))
        protos = iter(protos)
        out = []
        for sh in shape:
            if isinstance(sh, tuple):  # a struct: a new kernel struct of the results
                cls, paths = sh
                s = cls._kernel()
                s._agg_update({p: _rebuild(next(protos), next(res)) for p in paths})
                out.append(s)
            else:
                out.append(_rebuild(next(protos), next(res)))
        return tuple(out) if is_tuple else out[0] if out else None

    def _trace(self, const, kinds, opts):
        """Trace the kernel: (IR text, source files, deps {(module, name): (fingerprint, globals)})."""
        stats["traces"] += 1
        b = Builder(strip_loc=opts.get("strip_loc", False))
        b.options = opts  # read by asc.adv.Matmul (matmul_cube_only)
        b.sources = {self.src.file: None}
        deps = {}
        params = []
        for n, (kind, d) in kinds.items():
            if kind == "gm":
                params.append((n, f"!asc.gm_ptr<{d.ir}>", (lambda a, d=d: GlobalAddress(a, d))))
            elif kind == "struct":  # one argument per leaf field; the kernel sees a kernel struct
                view = d._kernel(register=False)
                b.aggregates.append(view)
                for path, ld in d.leaves():
                    params.append((n, ld.ir, (lambda a, v=view, p=path, ld=ld: v._set(p, PlainValue(a, ld)))))
            else:
                params.append((n, d.ir, (lambda a, d=d: PlainValue(a, d))))
        with b:
            self._trace_body(b, dict(const), deps, True, self.__name__, params, "")
        return b.module_text(), list(b.sources), deps

    def _build(self, text, files, opts):
        """Compile the traced IR (asc.runtime.compiler): the CompiledKernel, or CompilationError."""
        if os.environ.get("ASC_DUMP_IR") == "1" or opts.get("print_ir_before_all"):
            sys.stderr.write(text)
        self.last_ir = global_builder.last_module = text
        kernel = self._run_compiler(TracedModule(text, files), opts)
        if kernel is not None:
            kernel.arg_names = self._runtime_names()
        return kernel

    def _runtime_names(self):
        if self._params is None:
            self._params = self._param_info()
        return [n for n, (is_const, _) in self._params.items() if not is_const]

    def _run_compiler(self, traced, options):
        """pyasc's hook: compile a traced kernel (tests patch it)."""
        return Compiler(options).run(traced, self.__name__, stacklevel=8)

    def _run_launcher(self, kernel, options, runtime_args, marshalled=None):
        """pyasc's hook: run a compiled kernel; one Launcher.run call per launch."""
        Launcher(options).run(kernel, self.__name__, runtime_args, stacklevel=5, marshalled=marshalled)

    def _disk_key(self, mem_key):
        # __name__ too: it is the kernel's symbol in the IR, and a renamed function keeps its __qualname__
        return disk_cache.make_key([self.fn.__module__, self.fn.__qualname__, self.__name__, self.fingerprint(),
                                    list(mem_key)])

    def _known_source(self, f):
        """Whether a disk-cache entry may name file f as a source of IR locations: the kernel's
        own file or the file of a loaded module (a jit callee's)."""
        if f == self.src.file:
            return True
        for m in list(sys.modules.values()):
            mf = getattr(m, "__file__", None)
            if isinstance(mf, str) and os.path.abspath(mf) == f:
                return True
        return False

    def _resolve(self, module):
        """The globals dict of a module named in a cache dependency."""
        if module == self.fn.__module__:
            return self.fn.__globals__
        m = sys.modules.get(module)
        return getattr(m, "__dict__", None)

    def _compile(self, const, kinds, opts, mem_key):
        """(module, deps list) for this specialisation: from the disk cache or traced now."""
        use_disk = not opts.get("always_compile")
        key = self._disk_key(mem_key) if use_disk else None
        if use_disk:
            def current(module, name):
                g = self._resolve(module)
                return None if g is None or name not in g else dep_repr(g[name])
            e = disk_cache.lookup(key, current, self._known_source)
            if e is not None:
                try:
                    mod = self._build(e["ir"], e["sources"], opts)
                except Exception as ex:  # noqa: BLE001 - a sealed entry that no longer builds: rebuild
                    disk_cache.reject(e["path"], f"its IR does not build ({type(ex).__name__})")
                else:
                    stats["disk_hits"] += 1
                    return mod, [(self._resolve(m), n, fp) for m, n, fp in e["deps"]]
        text, files, deps = self._trace(const, kinds, opts)
        mod = self._build(text, files, opts)
        if use_disk and disk_cache.store(key, self.__name__, text, files,
                                         [(m, n, fp) for (m, n), (fp, _) in deps.items()]):
            stats["disk_stores"] += 1
        return mod, [(g, n, fp) for (_, n), (fp, g) in deps.items()]

    def ascendc(self, *args, line_mode=1, **kwargs):
        """The Ascend C source of this kernel specialised for args, as a launch would trace it
        (docs/emit.md; PYASC_DUMP_PATH keeps the same text as ascendc.cpp).  line_mode: 0 none,
        1 #line directives, 2 comments."""
        opts = self.options
        if kwargs:
            extra = {k: kwargs.pop(k) for k in list(kwargs) if k not in self.signature.parameters}
            if extra:
                opts = dict(self.options, **extra)
                _check_options(opts)
        const, runtime = self._split(self._bind(args, kwargs))
        kinds = {}
        for n, v in runtime.items():
            kind, d, _ = _arg_kind(n, v)
            kinds[n] = (kind, d)
        text, files, _ = self._trace(const, kinds, opts)
        return translate(TracedModule(text, files), self.__name__, line_mode)

    def _launch(self, core_num, stream, args, kwargs):
        opts, opts_key = self.options, self._opts_key
        if kwargs:
            extra = {k: kwargs.pop(k) for k in list(kwargs) if k not in self.signature.parameters}
            if extra:
                opts = dict(self.options, **extra)
                _check_options(opts)
                opts_key = _opts_key(opts)
        const, runtime = self._split(self._bind(args, kwargs))
        kinds, largs = {}, []
        for n, v in runtime.items():
            kind, d, arg = _arg_kind(n, v)
            kinds[n] = (kind, d)
            largs.append(arg)
        kernel = self._module(const, kinds, opts, opts_key)
        if kernel is not None and any(opts.get(k) != kernel.options.get(k) for k in _LAUNCH_ONLY):  # not in the key
            options = dict(kernel.options, **{k: opts.get(k) for k in _LAUNCH_ONLY})
            kernel = CompiledKernel(kernel.module, kernel.name, options, kernel.pipeline)
        self._run_launcher(kernel, LaunchOptions(core_num, stream), tuple(runtime.values()),
                           None if None in largs else largs)
        return None

    def _module(self, const, kinds, opts, opts_key):
        """The compiled module for this specialisation: memory cache, disk cache, or traced now."""
        key = (tuple((k, dep_repr(v)) for k, v in const.items()),
               tuple((n, k, d.name if k != "struct" else _struct_key(d)) for n, (k, d) in kinds.items()),
               opts_key, self._closure_key())
        always = opts.get("always_compile")
        hit = None if always else self.cache.get(key)
        if hit is not None and _deps_ok(hit[1]):
            stats["memory_hits"] += 1
            return hit[0]
        try:
            mod, deps = self._compile(const, kinds, opts, key)
        except Exception as e:  # noqa: BLE001 - drop the front-end frames from the traceback
            if isinstance(e, CompilationError) or getattr(e, "asc_location", None):
                raise e.with_traceback(None) from None
            raise
        if mod is not None:  # the runtime arguments of this specialisation (a host tiling is not one)
            mod.arg_names = list(kinds)
        if not always:
            self.cache[key] = (mod, deps)
        return mod


def _struct_key(cls):
    """A Struct argument's part of the specialisation key: the class and its leaf fields' layout."""
    return f"{cls.__module__}.{cls.__qualname__}" + "".join(f",{p}:{d.name}" for p, d in cls.leaves())


_LAUNCH_ONLY = ("profile", "profile_lines")  # what a launch records, not what it compiles


def _opts_key(opts):
    """The options that shape the compiled module (not _LAUNCH_ONLY's)."""
    return tuple(sorted((k, repr(v)) for k, v in opts.items() if k not in _LAUNCH_ONLY))


def _deps_ok(deps):
    """Every module global the kernel and its callees read still has the same fingerprint."""
    for g, name, fp in deps:
        v = _MISSING if g is None else g.get(name, _MISSING)
        if v is _MISSING or dep_repr(v) != fp:
            return False
    return True


def jit(fn=None, **options):
    """@asc.jit or @asc.jit(**options)."""
    if fn is None:
        _check_options(options)
        return lambda f: JITFunction(f, options)
    if isinstance(fn, JITFunction):
        return fn
    return JITFunction(fn, options)
