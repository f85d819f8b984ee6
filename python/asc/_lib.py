"""ctypes binding to libasc: module parse, passes, simulator launch and the op registry."""
import ctypes as C
import functools
import os
import sys
import re
import signal
import threading
import time

_HERE = os.path.dirname(os.path.abspath(__file__))


def _default_library():
    """The library pip installed into the package (asc/_libasc*.so, see setup.py), else the
    checkout's build (build/lib/libasc.so next to python/)."""
    for f in sorted(os.listdir(_HERE)):
        if f.startswith("_libasc") and f.endswith(".so"):
            return os.path.join(_HERE, f)
    return os.path.normpath(os.path.join(_HERE, "..", "..", "build", "lib", "libasc.so"))

SEV_NOTE, SEV_WARNING, SEV_ERROR = 0, 1, 2
NPIPES = 11
MAX_BLOCKS = 65535  # ASC_SIM_MAX_BLOCKS (include/asc/sim.h): the hardware's largest launch


class _OpInfo(C.Structure):
    _fields_ = [(n, C.c_char_p) for n in ("name", "family", "operands", "results", "attrs", "dtypes", "doc")] + [
        ("reads", C.c_uint), ("writes", C.c_uint), ("nregions", C.c_int), ("flags", C.c_uint), ("cost", C.c_char_p)]


_DIAG = C.CFUNCTYPE(None, C.c_void_p, C.c_int, C.c_char_p)
_NO_DIAG = C.cast(None, _DIAG)  # a NULL handler


# The launch's options and report cross the C boundary as one struct each (asc.h: asc_bind_opts,
# asc_bind_result); their sizes, and those of the arrays the report points to, are checked
# against the library's at load.
class _Opts(C.Structure):
    _fields_ = [("platform", C.c_char_p), ("blocks", C.c_int64), ("sanitize", C.c_int64), ("strict_gm", C.c_int64),
                ("race_warn", C.c_int64), ("kernel_type", C.c_int64), ("threads", C.c_int64), ("lines", C.c_int64),
                ("max_instructions", C.c_int64), ("profile_dir", C.c_char_p), ("cancel", C.c_void_p),
                ("live_fd", C.c_int64)]


class _CoreReport(C.Structure):
    _fields_ = [("cycles", C.c_int64), ("busy", C.c_int64 * 11), ("blocks", C.c_int), ("blocked", C.c_int64 * 11),
                ("overlap_mte2_v", C.c_int64), ("kind", C.c_int), ("metrics_cycles", C.c_int64),
                ("busy_sum", C.c_int64 * 11), ("start_cycles", C.c_int64)]


class _LineCost(C.Structure):
    _fields_ = [("file", C.c_char_p), ("line", C.c_int), ("calls", C.c_int64), ("cycles", C.c_int64)]


class _Result(C.Structure):
    _fields_ = [("cycles", C.c_int64), ("launch_cycles", C.c_int64), ("us", C.c_double), ("mhz", C.c_double),
                ("platform", C.c_char_p), ("nerrors", C.c_int64), ("nwarnings", C.c_int64), ("ncores", C.c_int64),
                ("nlines", C.c_int64), ("nkwarnings", C.c_int64), ("core_cycles", C.c_int64),
                ("cores", C.POINTER(_CoreReport)), ("lines", C.POINTER(_LineCost)),
                ("kwarnings", C.POINTER(C.c_char_p)), ("print", C.c_char_p)]


class _SimArg(C.Structure):  # sim.h asc_sim_arg: a launch fills the array itself, no C call per argument
    _fields_ = [("kind", C.c_int), ("dtype", C.c_int), ("ptr", C.c_void_p), ("bytes", C.c_size_t), ("i", C.c_int64),
                ("f", C.c_double), ("name", C.c_char_p), ("readonly", C.c_int)]


class _SimArgs(C.Structure):  # sim.h asc_sim_args
    _fields_ = [("v", C.POINTER(_SimArg)), ("n", C.c_int), ("cap", C.c_int)]


_ARG_GM, _ARG_INT, _ARG_FLOAT = 0, 1, 2  # sim.h asc_sim_arg_kind

_MIRRORS = {"asc_sim_arg": _SimArg, "asc_sim_args": _SimArgs, "asc_bind_opts": _Opts, "asc_bind_result": _Result, "asc_sim_core_report": _CoreReport,
            "asc_sim_line_cost": _LineCost}

# (function, restype, argtypes): the part of asc.h / sim.h Python uses.
_SIGS = {
    "asc_ctx_new": (C.c_void_p, []), "asc_ctx_free": (None, [C.c_void_p]),
    "asc_ctx_set_diag_handler": (None, [C.c_void_p, _DIAG, C.c_void_p]),
    "asc_ctx_set_quiet": (None, [C.c_void_p, C.c_int]),
    "asc_ctx_clear_diagnostics": (None, [C.c_void_p]),
    "asc_ctx_diag_count": (C.c_int, [C.c_void_p]),
    "asc_ctx_diag_at": (C.c_char_p, [C.c_void_p, C.c_int, C.POINTER(C.c_int)]),
    "asc_ctx_add_source": (None, [C.c_void_p, C.c_char_p, C.c_char_p, C.c_size_t]),
    "asc_module_parse": (C.c_void_p, [C.c_void_p, C.c_char_p, C.c_char_p, C.c_size_t]),
    "asc_module_free": (None, [C.c_void_p]), "asc_module_print": (C.c_void_p, [C.c_void_p]),
    "asc_free": (None, [C.c_void_p]),
    "asc_run_passes": (C.c_int, [C.c_void_p, C.c_char_p, C.c_void_p]),
    "asc_reg_op_count": (C.c_int, []), "asc_reg_op_form": (C.c_int, [C.c_int, C.c_int]),
    "asc_reg_api_form": (C.c_int, [C.c_int, C.POINTER(C.c_char_p)]),
    "asc_reg_vclass_factor": (C.c_int, [C.c_char_p]), "asc_reg_op_info": (C.c_int, [C.c_int, C.POINTER(_OpInfo)]),
    "asc_reg_enum_count": (C.c_int, []), "asc_reg_enum_kind": (C.c_char_p, [C.c_int]),
    "asc_reg_enum_member": (C.c_int, [C.c_int, C.c_int, C.POINTER(C.c_char_p), C.POINTER(C.c_int64)]),
    "asc_reg_hw_mem": (C.c_int, [C.c_int, C.POINTER(C.c_char_p), C.POINTER(C.c_int64)]),
    "asc_reg_struct_count": (C.c_int, []), "asc_struct_name": (C.c_char_p, [C.c_int]),
    "asc_struct_nfields": (C.c_int, [C.c_int]),
    "asc_struct_field": (C.c_int, [C.c_int, C.c_int, C.c_char_p, C.c_size_t, C.POINTER(C.c_int64)]),
    "asc_pass_count": (C.c_int, []),
    "asc_pass_info": (None, [C.c_int, C.POINTER(C.c_char_p), C.POINTER(C.c_char_p)]),
    "asc_sim_dtype_lookup": (C.c_int, [C.c_char_p]),
    "asc_sim_args_init": (None, [C.c_void_p]), "asc_sim_args_free": (None, [C.c_void_p]),
    "asc_sim_args_add_gm": (None, [C.c_void_p, C.c_void_p, C.c_size_t, C.c_int, C.c_char_p]),
    "asc_sim_args_add_gm_readonly": (None, [C.c_void_p, C.c_void_p, C.c_size_t, C.c_int, C.c_char_p]),
    "asc_sim_args_add_int": (None, [C.c_void_p, C.c_int, C.c_int64, C.c_char_p]),
    "asc_sim_args_add_float": (None, [C.c_void_p, C.c_int, C.c_double, C.c_char_p]),
    "asc_sim_report_free": (None, [C.c_void_p]),
    "asc_bind_sizeof": (C.c_size_t, [C.c_char_p]),
    "asc_reg_hw_core_name": (C.c_char_p, [C.c_int]),
    "asc_reg_hw_pipe_cores": (C.c_uint, [C.c_int]),
    "asc_reg_hw_pos_mem": (C.c_int, [C.c_int]),
    "asc_reg_hw_queue_tensor_pos": (C.c_int, [C.c_int, C.c_int, C.c_int]),
    "asc_sim_cancel_new": (C.c_void_p, []), "asc_sim_cancel_free": (None, [C.c_void_p]),
    "asc_sim_cancel_request": (None, [C.c_void_p]), "asc_sim_cancel_reset": (None, [C.c_void_p]),
    "asc_sim_cancel_watch_fd": (None, [C.c_void_p, C.c_int, C.c_int]),
    "asc_bind_pass_options": (None, [C.c_void_p, C.c_int, C.c_void_p]),
    "asc_sim_pipe_name": (C.c_char_p, [C.c_int]),
    "asc_platform_find": (C.c_void_p, [C.c_char_p]),
    "asc_bind_platform": (C.c_double, [C.c_char_p, C.c_char_p]),
    "asc_bind_pipeline": (C.c_void_p, [C.c_void_p, C.c_int, C.c_int, C.c_int]),
    "asc_pipeline_passes": (C.c_char_p, [C.c_char_p]),
    "asc_bind_compile": (C.c_void_p, [C.c_void_p, C.c_char_p, C.c_int]),
    "asc_bind_run": (C.c_int, [C.c_void_p, C.c_void_p, C.c_void_p, C.c_void_p, C.c_void_p]),
    "asc_sim_program_free": (None, [C.c_void_p]),
    "asc_pipeline_select_emit": (C.c_void_p, [C.c_void_p]),
    "asc_bind_pipeline_emit_synced": (C.c_void_p, [C.c_void_p, C.c_int, C.c_int, C.c_int]),
    "asc_module_emit_ascendc": (C.c_void_p, [C.c_void_p, C.c_int]),
}

_lib = None
_lib_fp = None
_lock = threading.Lock()
last_launch_seconds = 0.0  # wall time of the last launch call in C (the simulation itself)


def lib():
    global _lib
    with _lock:
        if _lib is None:
            path = os.environ.get("ASC_LIBRARY") or _default_library()
            if not os.path.exists(path):
                raise RuntimeError(f"libasc not found at {path}: `pip install .` or `make build` at the repository "
                                   "root, or set ASC_LIBRARY to the path of libasc.so")
            L = C.CDLL(path)
            for name, (res, args) in _SIGS.items():
                f = getattr(L, name)
                f.restype, f.argtypes = res, args
            for what, st in _MIRRORS.items():
                if L.asc_bind_sizeof(what.encode()) != C.sizeof(st):
                    raise RuntimeError(f"{path}: {what} is {L.asc_bind_sizeof(what.encode())} bytes in the library, "
                                       f"{C.sizeof(st)} in asc._lib: the library and the package are of different "
                                       "versions (rebuild with `make build` or `pip install .`)")
            _lib = L
            _set_fingerprint(path)
    return _lib


def _set_fingerprint(path):
    """ASC_VERSION plus the identity of the loaded libasc.so file: a rebuilt library gets a new
    fingerprint, so the disk cache never serves IR traced against another build."""
    global _lib_fp
    version = "unknown"
    try:
        with open(os.path.join(_HERE, "..", "..", "include", "asc", "asc.h")) as fh:
            m = re.search(r'#define\s+ASC_VERSION\s+"([^"]*)"', fh.read())
            version = m.group(1) if m else version
    except OSError:
        pass
    st = os.stat(path)
    _lib_fp = f"openasc-{version}:{os.path.realpath(path)}:{st.st_size}:{st.st_mtime_ns}:{st.st_ino}"


def library_fingerprint():
    lib()
    return _lib_fp


_ENVIRON = os.environ
_ENV_DATA = getattr(os.environ, "_data", None)  # os.environ's store (CPython): its keys encoded by encodekey
_ENV_KEYS = {}


def env(name, default=None):
    """os.environ.get(name, default) without Mapping.get's KeyError for an unset variable (~1.5 us each,
    and a launch reads several): the launch path reads the environment through this."""
    if _ENV_DATA is None or os.environ is not _ENVIRON:
        return os.environ.get(name, default)
    k = _ENV_KEYS.get(name)
    if k is None:
        k = _ENV_KEYS[name] = os.environ.encodekey(name)
    v = _ENV_DATA.get(k)
    return default if v is None else os.environ.decodevalue(v)


def _s(b):
    return b.decode() if b is not None else None


@functools.cache
def registry_ops():
    """{op name: dict(operands, names, results, attrs, dtypes, doc, family, cost, forms)} from ops.def.
    `operands` is the constraint of each operand ("lt@t,lt@t,i32"), `names` their names (ops.def writes
    each as name=constraint), `forms` the op's level-0 forms ({"mask": op name, "bitmask": op name}, from
    the FORM rows) and `form_of` the count-form op an op is a form of (or None)."""
    L, out, info, names = lib(), {}, _OpInfo(), []
    n = L.asc_reg_op_count()
    for i in range(n):
        L.asc_reg_op_info(i, C.byref(info))
        d = {k: _s(getattr(info, k)) for k in ("family", "results", "attrs", "dtypes", "doc", "cost")}
        toks = [t.split("=", 1) if "=" in t else [f"arg{j}", t]  # argN: a row tools/ops_def_rows.py has not named
                for j, t in enumerate(_s(info.operands).split(","))] if info.operands else []
        d["names"] = tuple(t[0] for t in toks)
        d["operands"] = ",".join(t[1] for t in toks)
        d["forms"], d["form_of"] = {}, None
        names.append(_s(info.name))
        out[names[-1]] = d
    for i in range(n):
        for k, kind in enumerate(("mask", "bitmask")):
            f = L.asc_reg_op_form(i, k)
            if f < n:
                out[names[i]]["forms"][kind] = names[f]
                out[names[f]]["form_of"] = names[i]
    return out


@functools.cache
def api_struct_forms(fn):
    """{parameter struct name: op name} of pyasc function `fn`: the op it emits for each type of its
    parameter-struct argument (ops.def API_FORM rows; the struct is the type of the op's struct operand)."""
    L, out, name, info = lib(), {}, C.c_char_p(), _OpInfo()
    i = 0
    while (op := L.asc_reg_api_form(i, C.byref(name))) < L.asc_reg_op_count():
        i += 1
        if _s(name.value) == fn:
            L.asc_reg_op_info(op, C.byref(info))
            operands = [t.split("=", 1)[-1] for t in _s(info.operands).split(",")]
            out[next(t[len("struct:"):] for t in operands if t.startswith("struct:"))] = _s(info.name)
    return out


def vclass_factor(cost):
    """Cycles per repeat of vector cost class `cost` in units of the platform's vec_repeat (hw.def)."""
    return lib().asc_reg_vclass_factor(cost.encode())


def registry_enums():
    """{kind mnemonic: {member: value}} from enums.def."""
    L, out = lib(), {}
    for k in range(L.asc_reg_enum_count()):
        members, j, name, val = {}, 0, C.c_char_p(), C.c_int64()
        while L.asc_reg_enum_member(k, j, C.byref(name), C.byref(val)) == 0:
            members[_s(name.value)] = val.value
            j += 1
        out[_s(L.asc_reg_enum_kind(k))] = members
    return out


def hw_pipes():
    """[(pipe name, core mask: bit 0 AIV, bit 1 AIC)] of the pipes arch 2201 has (src/hw/hw.def)."""
    L = lib()
    return [(_s(L.asc_sim_pipe_name(p)), L.asc_reg_hw_pipe_cores(p)) for p in range(NPIPES)
            if L.asc_reg_hw_pipe_cores(p)]


def registry_hw_memories():
    """{memory name: pyasc Hardware value} from the hardware table (src/hw/hw.def)."""
    L, out, j, name, val = lib(), {}, 0, C.c_char_p(), C.c_int64()
    while L.asc_reg_hw_mem(j, C.byref(name), C.byref(val)) == 0:
        out[_s(name.value)] = val.value
        j += 1
    return out


def pos_memory(pos):
    """The memory of TPosition pos, as pyasc's Hardware value (hw.def HW_POS rows); -1 unknown."""
    return lib().asc_reg_hw_pos_mem(int(pos))


def queue_tensor_pos(src, dst, at_dst):
    """The TPosition of the tensor TQueBind(src, dst)'s alloc_tensor / deque (at_dst) gives (src/hw/hw.c)."""
    return lib().asc_reg_hw_queue_tensor_pos(int(src), -1 if dst is None else int(dst), int(bool(at_dst)))


def registry_structs():
    """{struct name: [(field, default), ...]} from structs.def."""
    L, out, buf, d = lib(), {}, C.create_string_buffer(64), C.c_int64()
    for s in range(L.asc_reg_struct_count()):
        fields = []
        for i in range(L.asc_struct_nfields(s)):
            L.asc_struct_field(s, i, buf, 64, C.byref(d))
            fields.append((_s(buf.value), d.value))
        out[_s(L.asc_struct_name(s))] = fields
    return out


class Diagnostics:
    """Collects a context's diagnostics split by severity."""

    def __init__(self):
        self.errors, self.warnings, self.notes = [], [], []
        self.ordered = []  # (severity, text) of errors and warnings in the order they came
        self.cb = _DIAG(self._on)

    def _on(self, _user, sev, text):
        text = _s(text)
        (self.errors if sev == SEV_ERROR else self.warnings if sev == SEV_WARNING else self.notes).append(text)
        if sev != SEV_NOTE:
            self.ordered.append(("error" if sev == SEV_ERROR else "warning", text))

    def clear(self):
        self.ordered.clear()
        self.errors.clear()
        self.warnings.clear()
        self.notes.clear()


class PipelineChoice:
    """Options from which libasc's named-pipeline table (src/passes/pipelines.c) picks a kernel's
    passes: insert_sync None (on iff the kernel uses LocalTensorAuto), True, False or "pyasc";
    auto_sync True, False, "full" or "replace"."""
    INSERT = {None: -1, False: 0, True: 1, "pyasc": 2}
    AUTO = {False: 0, True: 1, "full": 2, "replace": 3}

    def __init__(self, run_passes=True, insert_sync=None, auto_sync=True):
        self.args = (int(bool(run_passes)), self.INSERT[insert_sync], self.AUTO[auto_sync])


def pipeline_stage(name):
    """The comma-separated passes of a named stage of the pipeline table ("auto-tensors", ...)."""
    return _s(lib().asc_pipeline_passes(name.encode()))


def _quietly(L, ctx, diags, call, cancel):
    """call() (a C call that may report diagnostics) with ctx's diagnostics kept on the context and
    handed to diags after it: no Python callback runs inside the C call, where a signal handler's
    exception (Ctrl-C's KeyboardInterrupt) would be swallowed ("Exception ignored").  With a cancel
    flag, the call runs interruptibly (_run_interruptibly): Ctrl-C stops it, then raises."""
    L.asc_ctx_clear_diagnostics(ctx)
    L.asc_ctx_set_diag_handler(ctx, _NO_DIAG, None)
    L.asc_ctx_set_quiet(ctx, 1)
    try:
        return _run_interruptibly(L, call, cancel) if cancel else call()
    finally:
        L.asc_ctx_set_diag_handler(ctx, diags.cb, None)
        L.asc_ctx_set_quiet(ctx, 0)
        sev, i = C.c_int(), 0
        while (text := L.asc_ctx_diag_at(ctx, i, C.byref(sev))) is not None:
            diags._on(None, sev.value, text)
            i += 1
        L.asc_ctx_clear_diagnostics(ctx)


class Module:
    """A parsed, pass-processed IR module with its own context.  pipeline: a pass list, or a
    PipelineChoice (libasc chooses the passes; self.pipeline says which)."""

    def __init__(self, name, text, sources, pipeline, print_ir=False, sync_log=False):
        L = lib()
        self.ctx = L.asc_ctx_new()
        self.diags = Diagnostics()
        L.asc_ctx_set_diag_handler(self.ctx, self.diags.cb, None)
        for path, src in sources.items():
            b = src.encode()
            L.asc_ctx_add_source(self.ctx, path.encode(), b, len(b))
        t = text.encode()
        self.m = L.asc_module_parse(self.ctx, name.encode(), t, len(t))
        if self.m and isinstance(pipeline, PipelineChoice):
            p = L.asc_bind_pipeline(self.m, *pipeline.args)
            pipeline = C.string_at(p).decode()
            L.asc_free(p)
        self.pipeline = pipeline or ""
        if self.m and pipeline:
            # on the main thread Ctrl-C stops the passes (asc_pass_options.cancel) as it stops a launch
            cancel = _main_cancel(L) if threading.current_thread() is threading.main_thread() else None
            po = _buf(L, "asc_pass_options")
            L.asc_bind_pass_options(po, int(sync_log), cancel.p if cancel else None)
            if _quietly(L, self.ctx, self.diags, lambda: L.asc_run_passes(self.m, pipeline.encode(), po), cancel) != 0:
                L.asc_module_free(self.m)
                self.m = None
        self.lock = threading.Lock()
        self.launch_quiet = False  # the handler is off and the context quiet, as a launch sets them
        self.programs = {}  # (kernel, kernel type): the lowered program (asc_sim_compile), made on first launch
        self.opts = {}  # the launch options structs by their values (launch_opts)

    def program(self, kernel, kernel_type):
        """The kernel's simulator program: verified and lowered once, then only bound per launch
        (None after an error, reported on the context; the next launch tries again)."""
        key = (kernel, kernel_type)
        p = self.programs.get(key)
        if p is None:
            p = lib().asc_bind_compile(self.m, kernel.encode() if isinstance(kernel, str) else kernel, kernel_type)
            if p:
                self.programs[key] = p
        return p

    def launch_opts(self, platform, *values):
        """The asc_bind_opts struct of a launch with these values: made once per distinct set (a kernel is
        launched the same way again and again; the struct costs ~1.5 us to build) and only read by libasc.
        It holds the bytes its char pointers point to."""
        key = (platform, *values)
        o = self.opts.get(key)
        if o is None:
            if len(self.opts) >= 16:
                self.opts.clear()
            o = self.opts[key] = _Opts(platform.encode(), *values)
        return o

    def ascendc(self, line_mode=1, syncs=None):
        """The module as Ascend C (src/emit/ascendc.c): the emit pipeline runs first (build the Module with
        pipeline None).  line_mode: 0 none, 1 #line directives, 2 comments.  syncs: a PipelineChoice whose
        sync stages (insert-sync, auto-sync) run after the emit pipeline, so that the C++ states the syncs
        the simulator's pipeline adds for those options.  None after an error (on diags)."""
        L = lib()
        if not self.m:
            return None
        p = L.asc_bind_pipeline_emit_synced(self.m, *syncs.args) if syncs else L.asc_pipeline_select_emit(self.m)
        passes = C.string_at(p).decode()
        L.asc_free(p)
        cancel = _main_cancel(L) if threading.current_thread() is threading.main_thread() else None
        po = _buf(L, "asc_pass_options")
        L.asc_bind_pass_options(po, 0, cancel.p if cancel else None)
        self.launch_quiet = False  # _quietly restores the handler
        if _quietly(L, self.ctx, self.diags, lambda: L.asc_run_passes(self.m, passes.encode(), po), cancel) != 0:
            return None
        p = L.asc_module_emit_ascendc(self.m, int(line_mode))
        if not p:
            return None
        s = C.string_at(p).decode()
        L.asc_free(p)
        return s

    def text(self):
        L = lib()
        p = L.asc_module_print(self.m)
        s = C.string_at(p).decode()
        L.asc_free(p)
        return s

    def __del__(self):
        L = _lib
        if L is None:
            return
        for p in getattr(self, "programs", {}).values():
            L.asc_sim_program_free(p)
        if getattr(self, "m", None):
            L.asc_module_free(self.m)
        if getattr(self, "ctx", None):
            L.asc_ctx_free(self.ctx)


def pass_names():
    L, n, d = lib(), C.c_char_p(), C.c_char_p()
    out = []
    for i in range(L.asc_pass_count()):
        L.asc_pass_info(i, C.byref(n), C.byref(d))
        out.append(_s(n.value))
    return out


def sim_dtype(name):
    return lib().asc_sim_dtype_lookup(name.encode())


def platform_known(name):
    return bool(lib().asc_platform_find(name.encode()))


def platform_fact(name, field):
    """A number of the platform table (src/sim/platform.c): 'l1_bytes', 'ub_bytes', 'aiv', ...; None if unknown."""
    v = lib().asc_bind_platform(name.encode(), field.encode())
    return None if v < 0 else int(v) if field != "mhz" else v


_SIZES = {}
_PIPES = []


def _buf(L, what):
    """A zeroed buffer the size of libasc's struct `what` (its array type made once)."""
    t = _SIZES.get(what)
    if t is None:
        t = _SIZES[what] = C.c_char * L.asc_bind_sizeof(what.encode())
    return t()


def _pipes(L):
    """[(pipe id, name)] of the simulator's pipes, read once."""
    if not _PIPES:
        _PIPES.extend((p, _s(L.asc_sim_pipe_name(p))) for p in range(NPIPES) if L.asc_sim_pipe_name(p))
    return _PIPES


def _core_kind(L, k):
    """"AIV" / "AIC": the core kind names of the hardware table."""
    return _s(L.asc_reg_hw_core_name(k))


class Report(dict):
    """A launch report: cycles, launch_cycles, us, mhz, platform, errors, warnings, and cores
    (per core: cycles, blocks, kind "AIV"/"AIC", busy and blocked cycles per pipe).  'cores' and
    'lines' are read from the C report's arrays when first used, so a launch whose report nobody
    reads skips them."""

    def __init__(self, L, r, res, fields):
        super().__init__(fields)
        self._L, self._r, self._res = L, r, res

    def _materialize(self):
        if self._r is None:
            return
        res, L = self._res, self._L
        cores = []
        for i in range(res.ncores if res is not None else 0):
            c = res.cores[i]
            cores.append({"cycles": c.cycles, "blocks": c.blocks, "kind": _core_kind(L, c.kind),
                          "metrics_cycles": c.metrics_cycles, "start_cycles": c.start_cycles,
                          "busy": {n: c.busy[p] for p, n in _pipes(L)},
                          "busy_sum": {n: c.busy_sum[p] for p, n in _pipes(L)},
                          "blocked": {n: c.blocked[p] for p, n in _pipes(L)}})
        dict.__setitem__(self, "cores", cores)
        lines = []
        for i in range(res.nlines if res is not None else 0):
            ln = res.lines[i]
            lines.append({"file": _s(ln.file) if ln.file else "?", "line": ln.line, "calls": ln.calls,
                          "cycles": ln.cycles})
        dict.__setitem__(self, "lines", lines)  # source lines by attributed cycles (docs/profile.md)
        dict.__setitem__(self, "core_cycles", res.core_cycles if res is not None else 0)
        self._free()

    def _free(self):
        if self._r is not None and _lib is not None:
            self._L.asc_sim_report_free(self._r)
        self._r = self._res = None

    def __del__(self):
        self._free()

    def __missing__(self, key):
        if key in ("cores", "lines", "core_cycles") and self._r is not None:
            self._materialize()
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def get(self, key, default=None):
        self._materialize()
        return dict.get(self, key, default)

    def __contains__(self, key):
        self._materialize()
        return dict.__contains__(self, key)

    def __iter__(self):
        self._materialize()
        return dict.__iter__(self)

    def __len__(self):
        self._materialize()
        return dict.__len__(self)

    def __repr__(self):
        self._materialize()
        return dict.__repr__(self)

    def __eq__(self, other):
        self._materialize()
        return dict.__eq__(self, other)

    __hash__ = None

    def keys(self):
        self._materialize()
        return dict.keys(self)

    def items(self):
        self._materialize()
        return dict.items(self)

    def values(self):
        self._materialize()
        return dict.values(self)

    def copy(self):
        self._materialize()
        return dict(self)


class _Cancel:
    """The asc_sim_cancel flag of main-thread launches, with the pipe it watches: Python's C
    signal handler writes the signal number to the wakeup fd (signal.set_wakeup_fd) even
    while the main thread is inside a C call, and the simulator's polls read it, so Ctrl-C
    stops a launch without a thread per launch.  Python then runs its SIGINT handler as soon
    as the C call returns: KeyboardInterrupt."""

    def __init__(self, L):
        self.L, self.p = L, L.asc_sim_cancel_new()
        self.r, self.w = os.pipe()
        os.set_blocking(self.r, False)
        os.set_blocking(self.w, False)
        L.asc_sim_cancel_watch_fd(self.p, self.r, int(signal.SIGINT))

    def drain(self):
        try:
            while os.read(self.r, 512):
                pass
        except BlockingIOError:
            pass

    def __del__(self):
        if _lib is not None and getattr(self, "p", None):
            self.L.asc_sim_cancel_free(self.p)
            os.close(self.r)
            os.close(self.w)


_cancel = None


def _main_cancel(L):
    """The cancel flag of main-thread launches (one per process)."""
    global _cancel
    if _cancel is None:
        _cancel = _Cancel(L)
    return _cancel


def _run_interruptibly(L, call, c):
    """call() (the C launch) on the main thread with the wakeup fd pointing at the cancel
    flag's pipe; Python's SIGINT handler (KeyboardInterrupt) runs as the call returns.
    Another wakeup fd in use (asyncio) is left alone: then the launch runs on a helper thread
    while this thread waits on a lock (signal handlers run on the main thread only, between
    bytecodes) and a handler's exception cancels it."""
    L.asc_sim_cancel_reset(c.p)
    old = signal.set_wakeup_fd(c.w, warn_on_full_buffer=False)
    if old not in (-1, c.w):
        signal.set_wakeup_fd(old)
        return _run_on_thread(L, call, c)
    try:
        return call()
    except BaseException:
        c.drain()  # a signal's byte the launch did not read would cancel the next one
        raise
    finally:
        signal.set_wakeup_fd(-1)


def _run_on_thread(L, call, cancel):
    box, done = [], threading.Lock()
    done.acquire()

    def helper():
        try:
            box.append(call())
        finally:
            done.release()

    t = threading.Thread(target=helper, name="asc-launch", daemon=True)
    try:
        t.start()
        done.acquire()  # not Thread.join: interrupted by a signal it can mark a running thread stopped (bpo-45274)
    except BaseException:
        L.asc_sim_cancel_request(cancel.p)
        while True:
            try:
                done.acquire()
                break
            except BaseException:  # noqa: BLE001 - another Ctrl-C while the launch stops
                pass
        raise
    return box[0]


def _live_fd():
    """Where the simulator writes a launch's first let-through finding as it happens (asc_sim_options.live_fd):
    this process's stderr, unless ASC_LIVE_WARNINGS=0 or stderr has no file descriptor."""
    if env("ASC_LIVE_WARNINGS", "1") == "0":
        return -1
    try:
        sys.stderr.flush()
        return sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return -1


def launch(module, kernel, args, platform, blocks, sanitize=-1, strict_gm=True, kernel_type=-1, threads=0,
           max_instructions=None, profile=None, lines=False, race_warn=False):
    """Run kernel on the simulator.  args: list of ('gm' | 'gm_ro', ptr, nbytes, dtype, name) |
    ('int', dtype, v, name) | ('float', dtype, v, name); names are bytes or str.
    max_instructions: the watchdog limit per block (None: the library's default, 0: none).
    profile: a directory the library writes the profile files into (docs/profile.md), or None.
    lines: attribute cycles to source lines (the report's "lines"; always on with a profile).
    race_warn: races are warnings (KernelWarning, once per op site) and the run goes on.
    Returns (rc, Report).  The kernel is verified and lowered on its first launch only
    (Module.program); a launch binds the arguments and passes the options as one struct
    (asc_bind_opts) and gets the report's numbers as one struct (asc_bind_result).  On the main
    thread Ctrl-C interrupts the launch (KeyboardInterrupt, _run_interruptibly)."""
    L = lib()
    r, res = _buf(L, "asc_sim_report"), _Result()
    # the argument array lives (with the name bytes it points to) until the launch returns
    v = (_SimArg * max(len(args), 1))()
    for arg, sa in zip(args, v):
        kind, name = arg[0], arg[-1]
        sa.name = name.encode() if isinstance(name, str) else name
        if kind == "gm" or kind == "gm_ro":  # gm_ro: a write is an error at the op, nothing is written
            sa.kind, sa.ptr, sa.bytes, sa.dtype, sa.readonly = _ARG_GM, arg[1], arg[2], arg[3], kind == "gm_ro"
        elif kind == "int":
            sa.kind, sa.dtype, sa.i = _ARG_INT, arg[1], arg[2]
        else:
            sa.kind, sa.dtype, sa.f = _ARG_FLOAT, arg[1], arg[2]
    a = _SimArgs(v, len(args), len(args))
    cancel = _main_cancel(L) if threading.current_thread() is threading.main_thread() else None
    o = module.launch_opts(platform, blocks, sanitize, int(strict_gm), int(bool(race_warn)), kernel_type, threads,
                           int(bool(lines)), -1 if max_instructions is None else max_instructions,
                           os.fsencode(profile) if profile else None, cancel.p if cancel else None, _live_fd())

    def call():
        global last_launch_seconds
        t0 = time.perf_counter()
        p = module.program(kernel, kernel_type)
        rc = L.asc_bind_run(p, C.byref(a), C.byref(o), r, C.byref(res)) if p else 1
        last_launch_seconds = time.perf_counter() - t0
        return rc

    with module.lock:
        # The launch's diagnostics are kept on the context and read after it: no Python
        # callback runs while the simulator does (a signal handler's exception raised in a
        # ctypes callback would be swallowed).
        # The context stays quiet between launches (Module.launch_quiet): a launch leaves it with
        # no diagnostics, so the next one neither clears nor switches the handler again.
        module.diags.clear()
        if not module.launch_quiet:
            L.asc_ctx_clear_diagnostics(module.ctx)
            L.asc_ctx_set_diag_handler(module.ctx, _NO_DIAG, None)
            L.asc_ctx_set_quiet(module.ctx, 1)
            module.launch_quiet = True
        try:
            rc = _run_interruptibly(L, call, cancel) if cancel else call()
        finally:
            sev, i = C.c_int(), 0
            while (text := L.asc_ctx_diag_at(module.ctx, i, C.byref(sev))) is not None:
                module.diags._on(None, sev.value, text)
                i += 1
            if i:
                L.asc_ctx_clear_diagnostics(module.ctx)
        errors, warns = list(module.diags.errors), list(module.diags.warnings)
        ordered = list(module.diags.ordered)
    ran = res.platform is not None  # the kernel compiled and the launch was set up
    out = res.print  # printf / dump_tensor output (api.md §13), unless ASCENDC_DUMP=0
    if out and env("ASCENDC_DUMP", "1") != "0":
        sys.stdout.write(out.decode("utf-8", "replace"))
        sys.stdout.flush()
    kw = [_s(res.kwarnings[i]) for i in range(res.nkwarnings)]
    rep = Report(L, r if ran else None, res if ran else None,
                 {"cycles": res.cycles, "launch_cycles": res.launch_cycles, "us": res.us, "mhz": res.mhz,
                  "platform": _s(res.platform) if ran else platform, "errors": errors, "warnings": warns,
                  "diagnostics": ordered, "kernel_warnings": kw,
                  "profile": os.fspath(profile) if profile else None})
    if not ran:
        dict.update(rep, {"cores": [], "lines": [], "core_cycles": 0})
    return rc, rep
