"""asc.runtime.compiler (pyasc's path): a traced kernel -> a runnable artifact.

Compiler(options).run(traced, name) parses the traced IR into libasc, runs the pass pipeline
libasc chooses for the kernel and the options (the named-pipeline table in src/passes, see
docs/python.md), and returns a CompiledKernel: the module the simulator runs.  Nothing here
transforms IR; compile diagnostics come back as CompilationError / warnings."""
from __future__ import annotations  # the annotations stay strings: `import asc` need not import typing
import collections
import os
import threading
import warnings
from enum import Enum

from .. import _lib
from .._core import CompilationError
from .._record import Record
from .config import KernelType  # noqa: F401 - pyasc's CompileOptions.kernel_type


class CompileOptions(Record, frozen=True):
    debug: bool = False
    strip_loc: bool = False
    verify_sync: bool = False
    print_ir_before_all: bool = False
    run_passes: bool = True
    kernel_type: Optional[object] = None
    opt_level: int = 3
    auto_sync: object = True  # True, False, "full" or "replace" (docs/sync.md)
    auto_sync_log: str = ""
    bisheng_options: Optional[str] = None
    always_compile: bool = False
    matmul_cube_only: bool = False
    insert_sync: object = None  # None (on iff LocalTensorAuto is used), True, False, "pyasc"


class CompilePlatform(Enum):
    Ascend910B = "Ascend910B"
    Ascend910_93 = "Ascend910_93"


class CompilationTarget(Record, frozen=True):
    """pyasc's bisheng target; openasc compiles for its simulator, whose platform is chosen at launch."""
    common_arch: Optional[str] = None
    vec_arch: Optional[str] = None
    cube_arch: Optional[str] = None


class TracedModule(Record):
    """What the front-end hands the compiler: the IR text and the source files it points at."""
    text: str
    files: list


class CompiledKernel(Record):
    """A compiled kernel: the libasc module (passes run) and the options it was compiled with."""
    module: object
    name: str
    options: dict
    pipeline: str = ""


def _dump(name, text):
    """PYASC_DUMP_PATH (pyasc's variable): write IR dumps into that directory."""
    d = os.environ.get("PYASC_DUMP_PATH")
    if not d:
        return
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "w") as fh:
        fh.write(text)


class _ModuleMemo:
    """The last few compiled modules by their exact input: the traced IR text, the kernel name,
    the pipeline choice and the source files (which diagnostics quote).  libasc's parse and passes are a pure function of that input, so an
    identical trace (always_compile retraces on every call; a kernel with several
    specialisations or an evicted cache entry retraces too) gets the module already built, and
    with it the program it already lowered, instead of parsing, passing and lowering the same
    text again.  Only modules whose compile said nothing are kept: a warning or note is shown
    by every compile that makes it; the files a compile writes (dumps, ASC_EMIT_DIR) are
    written at every hit too (_outputs)."""

    def __init__(self, size=16):
        self.size, self.d, self.lock = size, collections.OrderedDict(), threading.Lock()

    def get(self, key):
        with self.lock:
            mod = self.d.get(key)
            if mod is not None:
                self.d.move_to_end(key)
            return mod

    def put(self, key, mod):
        with self.lock:
            self.d[key] = mod
            while len(self.d) > self.size:
                self.d.popitem(last=False)


_modules = _ModuleMemo()


def _sources(traced):
    """{file: text} of the traced module's source files that can be read (diagnostics quote their lines)."""
    sources = {}
    for f in traced.files:
        try:
            with open(f) as fh:
                sources[f] = fh.read()
        except OSError:
            pass
    return sources


def translate(traced, func_name, line_mode=1, syncs=None):
    """Ascend C source of a traced kernel (pyasc's translation.ir_to_ascendc; docs/emit.md): the traced
    IR through the emit pipeline (no Matmul or asc.adv expansion), then src/emit/ascendc.c.
    line_mode: 0 none, 1 #line directives (default), 2 comments.  syncs (openasc): a
    _lib.PipelineChoice of the kernel's options; the syncs the simulator's pipeline adds for them are
    then in the C++ too.  CompilationError if an op has no Ascend C form."""
    mod = _lib.Module(func_name, traced.text, _sources(traced), None)
    text = mod.ascendc(line_mode, syncs) if mod.m else None
    if text is None:
        raise CompilationError("".join(mod.diags.errors).rstrip() or "Ascend C emission failed")
    return text


def _keep_ascendc(traced, func_name):
    """ASC_EMIT_DIR (openasc): the Ascend C of every kernel compiled, as <kernel>.<n>.cpp in that directory
    (PYASC_DUMP_PATH keeps only the last); a kernel with no Ascend C form leaves <kernel>.<n>.err."""
    d = os.environ.get("ASC_EMIT_DIR")
    if not d:
        return
    os.makedirs(d, exist_ok=True)
    n = len(os.listdir(d))
    try:
        text, ext = translate(traced, func_name), "cpp"
    except CompilationError as e:
        text, ext = str(e) + "\n", "err"
    with open(os.path.join(d, f"{func_name}.{n}.{ext}"), "w") as fh:
        fh.write(text)


def _outputs(traced, func_name, mod):
    """The files every compile of traced writes, from a module compiled now or taken from _modules:
    ASC_EMIT_DIR's Ascend C and PYASC_DUMP_PATH's ascir.mlir and ascendc.cpp."""
    _keep_ascendc(traced, func_name)
    if os.environ.get("PYASC_DUMP_PATH"):
        _dump("ascir.mlir", mod.text())
        try:
            _dump("ascendc.cpp", translate(traced, func_name))
        except CompilationError as e:  # the kernel still runs; the dump says why it has no C++
            _dump("ascendc.cpp", "// no Ascend C for this kernel:\n" +
                  "".join("// " + line + "\n" for line in str(e).splitlines()))


class Compiler:
    @staticmethod
    def run_translation(traced, func_name="kernel", line_mode=1):
        """pyasc's Compiler.run_translation: the Ascend C source of a traced module."""
        return translate(traced, func_name, line_mode)

    def __init__(self, options=None):
        if isinstance(options, CompileOptions):
            options = {n: getattr(options, n) for n, _ in options._fields}
        self.options = dict(options or {})

    def run(self, traced, func_name, stacklevel=5):
        """CompiledKernel of traced (a TracedModule), or CompilationError with libasc's diagnostics."""
        opts = self.options
        sources = _sources(traced)
        _dump("codegen.mlir", traced.text)
        log = opts.get("auto_sync_log")
        choice = _lib.PipelineChoice(run_passes=opts.get("run_passes", True), insert_sync=opts.get("insert_sync"),
                                     auto_sync=opts.get("auto_sync", True))
        key = (func_name, traced.text, choice.args, tuple(sorted(sources.items())))
        mod = None if log else _modules.get(key)
        if mod is not None:  # compiled before without a diagnostic (its diags now hold launches')
            _outputs(traced, func_name, mod)  # the files a compile writes, written again
            return CompiledKernel(mod, func_name, dict(opts), mod.pipeline)
        mod = _lib.Module(func_name, traced.text, sources, choice, sync_log=bool(log))
        if mod.m and not log and not (mod.diags.errors or mod.diags.warnings or mod.diags.notes):
            _modules.put(key, mod)
        if not mod.m or mod.diags.errors:
            raise CompilationError("".join(mod.diags.errors).rstrip() or "IR verification failed")
        _outputs(traced, func_name, mod)
        if log:
            with open(log, "w") as fh:
                fh.write("".join(mod.diags.notes))
        if opts.get("verify_sync") and mod.diags.warnings:
            raise CompilationError("".join(mod.diags.warnings).rstrip())
        for w in mod.diags.warnings:
            warnings.warn(w.rstrip(), RuntimeWarning, stacklevel=stacklevel)
        return CompiledKernel(mod, func_name, dict(opts), mod.pipeline)
