"""@asc.jit: options, tracing a kernel into a module, the compile cache and launch."""
import dataclasses
import inspect
import os
import sys
import warnings
from typing import Optional

from .. import _lib
from .._core import DTYPES, Builder, CompilationError, Handle, KernelError, PlainValue, dtype_of, py_dtype, to_value
from .._codegen import FunctionTracer, SourceInfo, _rebuild, _value_type, closure_values, dep_repr
from ..language.core import ConstExpr, GlobalAddress
from . import config


@dataclasses.dataclass(frozen=True)
class CodegenOptions:
    capture_exceptions: bool = True
    ir_multithreading: bool = True


@dataclasses.dataclass(frozen=True)
class CompileOptions:
    debug: bool = False
    strip_loc: bool = False
    verify_sync: bool = False
    print_ir_before_all: bool = False
    run_passes: bool = True
    kernel_type: Optional[object] = None
    opt_level: int = 3
    auto_sync: bool = True
    auto_sync_log: str = ""
    bisheng_options: Optional[str] = None
    always_compile: bool = False
    matmul_cube_only: bool = False
    insert_sync: Optional[bool] = None


@dataclasses.dataclass(frozen=True)
class LaunchOptions:
    core_num: int = 0
    stream: object = None


@dataclasses.dataclass(frozen=True)
class ExtensionOptions:  # openasc-only
    assume_noalias: bool = True
    strict_gm: bool = True
    sanitize: bool = True


_OPTION_CLASSES = (CodegenOptions, CompileOptions, LaunchOptions, ExtensionOptions)
OPTION_NAMES = {f.name for c in _OPTION_CLASSES for f in dataclasses.fields(c)}
PIPELINE = "inline,canonicalize,cse"


def _check_options(opts):
    unknown = [k for k in opts if k not in OPTION_NAMES]
    if unknown:
        raise RuntimeError("The following option names are unknown: " + ", ".join(unknown))
    if opts.get("opt_level", 3) not in (1, 2, 3):
        raise RuntimeError("Please check input compile option")


def _is_constexpr(ann):
    return inspect.isclass(ann) and issubclass(ann, ConstExpr)


def _gm_info(x):
    """(dtype, pointer, nbytes) of a numpy array or torch CPU tensor, else None."""
    mod = type(x).__module__
    if mod == "numpy":
        if not x.flags["C_CONTIGUOUS"]:
            raise ValueError("numpy array arguments must be C-contiguous (use np.ascontiguousarray)")
        return dtype_of(x.dtype.name), x.ctypes.data, x.nbytes
    if mod.startswith("torch"):
        if x.device.type != "cpu":
            raise ValueError(f"torch tensors must be on the CPU for the Model backend, got {x.device}")
        if not x.is_contiguous():
            raise ValueError("torch tensor arguments must be contiguous (use .contiguous())")
        return dtype_of(str(x.dtype)), x.data_ptr(), x.numel() * x.element_size()
    return None


def _arg_kind(x):
    """Trace-time description of a runtime kernel argument: ('gm'|'int'|'float', dtype)."""
    if isinstance(x, bool):
        return "int", DTYPES["int8"]
    if isinstance(x, int):
        return "int", DTYPES["int32"]
    if isinstance(x, float):
        return "float", DTYPES["float32"]
    if type(x).__module__ == "numpy" and type(x).__name__ != "ndarray" and hasattr(x, "dtype"):
        d = dtype_of(x.dtype.name)
        return ("float" if d.is_float() else "int"), d
    info = _gm_info(x) if hasattr(x, "dtype") else None
    if info:
        return "gm", info[0]
    raise TypeError(f"Argument type in JIT function is not supported: {type(x).__name__}")


class _Launcher:
    def __init__(self, fn, core_num, stream):
        self.fn, self.core_num, self.stream = fn, core_num, stream

    def __call__(self, *args, **kwargs):
        return self.fn._launch(self.core_num, self.stream, args, kwargs)


class JITFunction:
    def __init__(self, fn, options):
        _check_options(options)
        self.fn, self.options = fn, dict(options)
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.signature = inspect.signature(fn)
        clash = [p for p in self.signature.parameters if p in OPTION_NAMES]
        if clash:
            raise RuntimeError("The following argument names conflict with JIT configuration options: "
                               + ", ".join(clash))
        self._src = None
        self.cache = {}
        self.last_ir = None

    @property
    def src(self):
        if self._src is None:
            self._src = SourceInfo(self.fn)
        return self._src

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
        return _Launcher(self, core_num, stream)

    # ---- tracing ----
    def _bind(self, args, kwargs):
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return bound.arguments

    def _split(self, arguments):
        const, runtime = {}, {}
        for name, v in arguments.items():
            ann = self.signature.parameters[name].annotation
            if isinstance(ann, str):  # from __future__ import annotations
                try:
                    ann = eval(ann, self.fn.__globals__)  # noqa: S307 - the user's own annotation
                except Exception:  # noqa: BLE001
                    ann = ConstExpr if "ConstExpr" in ann else None
            if _is_constexpr(ann):
                t = ann.type
                if t is not None and inspect.isclass(t) and not isinstance(v, t):
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
        vals = []
        for r in rets:
            if not isinstance(r, (PlainValue, Handle)):
                if not isinstance(r, (int, float, bool)):
                    raise CompilationError(f"{self.__name__} returns an unsupported value {r!r}")
                r = PlainValue(to_value(r, py_dtype(r)), py_dtype(r))
            vals.append(r)
        b.loc = pos
        b.op("func.return", [v.value for v in vals])
        region = b.close_block()
        ftype = "(" + ", ".join(t for _, t, _ in params) + ") -> (" + ", ".join(v.value.type for v in vals) + ")"
        attrs = f'{{function_type = {ftype}, sym_name = "{sym}"{visibility}}}'
        b.funcs.append(f'"func.func"() ({region}) {attrs} : () -> (){b.loctext()}')
        b.blocks, b._args, b.loc = saved
        return vals, isinstance(ret, tuple)

    def trace_call(self, tracer, args, kwargs):
        """A call from another jit function: a private func.func per specialisation + func.call."""
        b = tracer.b
        const, runtime = self._split(self._bind(args, kwargs))
        params, operands = [], []
        for n, v in runtime.items():
            if isinstance(v, (bool, int, float)):
                v = PlainValue(to_value(v, py_dtype(v)), py_dtype(v))
            t = _value_type(v)
            if t is None:
                const[n] = v
                continue
            params.append((n, t, (lambda a, p=v: _rebuild(p, a))))
            operands.append(v.value)
        key = (id(self.fn), repr(sorted((k, repr(v)) for k, v in const.items())), tuple(t for _, t, _ in params))
        if key not in b.specs:
            sym = f"{self.__name__}_{len(b.specs)}"
            b.sources[self.src.file] = None
            names = dict(const)
            vals, is_tuple = self._trace_body(b, names, tracer.deps, False, sym, params, ', sym_visibility = "private"')
            b.specs[key] = (sym, vals, is_tuple)
        sym, protos, is_tuple = b.specs[key]
        res = b.op("func.call", operands, [p.value.type for p in protos], {"callee": f"@{sym}"})
        out = [_rebuild(p, r) for p, r in zip(protos, res)]
        return tuple(out) if is_tuple else out[0] if out else None

    def _compile(self, const, kinds, opts):
        b = Builder(strip_loc=opts.get("strip_loc", False))
        b.sources = {self.src.file: None}
        deps = {}
        params = []
        for n, (kind, d) in kinds.items():
            if kind == "gm":
                params.append((n, f"!asc.gm_ptr<{d.ir}>", (lambda a, d=d: GlobalAddress(a, d))))
            else:
                params.append((n, d.ir, (lambda a, d=d: PlainValue(a, d))))
        with b:
            self._trace_body(b, dict(const), deps, True, self.__name__, params, "")
        text = b.module_text()
        if os.environ.get("ASC_DUMP_IR") == "1" or opts.get("print_ir_before_all"):
            sys.stderr.write(text)
        sources = {}
        for f in b.sources:
            try:
                with open(f) as fh:
                    sources[f] = fh.read()
            except OSError:
                pass
        pipeline = PIPELINE if opts.get("run_passes", True) else "inline"
        if opts.get("auto_sync", True) and "auto-sync" in _lib.pass_names():
            pipeline += ",auto-sync"
        mod = _lib.Module(self.__name__, text, sources, pipeline)
        self.last_ir = text
        if not mod.m or mod.diags.errors:
            raise CompilationError("".join(mod.diags.errors).rstrip() or "IR verification failed")
        return mod, deps

    def _launch(self, core_num, stream, args, kwargs):
        opts = dict(self.options)
        for k in list(kwargs):
            if k not in self.signature.parameters:
                opts[k] = kwargs.pop(k)
        _check_options(opts)
        const, runtime = self._split(self._bind(args, kwargs))
        kinds = {n: _arg_kind(v) for n, v in runtime.items()}
        mod = self._module(const, kinds, opts)
        largs = _pack_args(runtime, kinds)
        if os.environ.get("DRY_RUN"):
            return None
        rc, rep = _lib.launch(mod, self.__name__, largs, config.current_platform().value, core_num,
                              int(opts.get("sanitize", True)))
        config._set_last_report(rep)
        if opts.get("verify_sync"):
            rep["errors"] += rep["warnings"]
        else:
            for w in rep["warnings"]:
                warnings.warn(w.rstrip(), RuntimeWarning, stacklevel=3)
        if rc != 0 or rep["errors"]:
            raise KernelError("".join(rep["errors"]).rstrip() or f"kernel {self.__name__} failed")
        return None

    def _module(self, const, kinds, opts):
        """The compiled module for this specialisation: from the cache or traced now."""
        key = (repr(sorted((k, repr(v)) for k, v in const.items())),
               tuple((n, k, d.name) for n, (k, d) in kinds.items()),
               repr(sorted((k, repr(v)) for k, v in opts.items())), _lib_version(),
               repr(sorted((k, dep_repr(v)) for k, v in closure_values(self.fn).items())))
        hit = None if opts.get("always_compile") else self.cache.get(key)
        if hit is not None and self._deps_ok(hit[1]):
            return hit[0]
        try:
            mod, deps = self._compile(const, kinds, opts)
        except Exception as e:  # noqa: BLE001 - drop the front-end frames from the traceback
            if isinstance(e, CompilationError) or getattr(e, "asc_location", None):
                raise e.with_traceback(None) from None
            raise
        if not opts.get("always_compile"):
            self.cache[key] = (mod, deps)
        return mod

    @staticmethod
    def _deps_ok(deps):
        """Every module global the kernel and its callees read still has the same repr."""
        for (module, name), v in deps.items():
            g = getattr(sys.modules.get(module), "__dict__", {})
            if name not in g or dep_repr(g[name]) != v:
                return False
        return True


def _pack_args(runtime, kinds):
    """Launch arguments for _lib.launch; ints must fit their parameter type."""
    largs = []
    for n, v in runtime.items():
        kind, d = kinds[n]
        if kind == "gm":
            _, ptr, nbytes = _gm_info(v)
            largs.append(("gm", ptr, nbytes, _lib.sim_dtype(d.name), n))
        elif kind == "int":
            iv, bits = int(v), 8 * d.size
            lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if d.kind == "i" else (0, (1 << bits) - 1)
            if not lo <= iv <= hi:
                raise OverflowError(f"argument '{n}' = {iv} does not fit {d.name}")
            largs.append(("int", _lib.sim_dtype(d.name), iv, n))
        else:
            largs.append(("float", _lib.sim_dtype(d.name), float(v), n))
    return largs


def _lib_version():
    return _lib.lib() and "openasc-" + str(os.path.getmtime(os.environ.get("ASC_LIBRARY", _lib._DEFAULT)))


def jit(fn=None, **options):
    """@asc.jit or @asc.jit(**options)."""
    if fn is None:
        _check_options(options)
        return lambda f: JITFunction(f, options)
    if isinstance(fn, JITFunction):
        return fn
    return JITFunction(fn, options)
