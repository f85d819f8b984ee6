"""ctypes binding to libasc: module parse, passes, simulator launch and the op registry."""
import ctypes as C
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
    "asc_sim_options_init": (None, [C.c_void_p]),
    "asc_sim_launch": (C.c_int, [C.c_void_p, C.c_char_p, C.c_void_p, C.c_void_p, C.c_void_p]),
    "asc_sim_report_free": (None, [C.c_void_p]),
    "asc_bind_sizeof": (C.c_size_t, [C.c_char_p]),
    "asc_bind_options": (None, [C.c_void_p, C.c_char_p, C.c_int, C.c_int]),
    "asc_bind_options_ext": (None, [C.c_void_p, C.c_int, C.c_int]),
    "asc_reg_hw_core_name": (C.c_char_p, [C.c_int]),
    "asc_reg_hw_pipe_cores": (C.c_uint, [C.c_int]),
    "asc_reg_hw_queue_tensor_pos": (C.c_int, [C.c_int, C.c_int, C.c_int]),
    "asc_bind_options_limits": (None, [C.c_void_p, C.c_int64, C.c_void_p]),
    "asc_sim_cancel_new": (C.c_void_p, []), "asc_sim_cancel_free": (None, [C.c_void_p]),
    "asc_sim_cancel_request": (None, [C.c_void_p]), "asc_sim_cancel_reset": (None, [C.c_void_p]),
    "asc_sim_cancel_watch_fd": (None, [C.c_void_p, C.c_int, C.c_int]),
    "asc_bind_pass_options": (None, [C.c_void_p, C.c_int]),
    "asc_bind_report": (C.c_double, [C.c_void_p, C.c_char_p, C.c_int, C.c_int]),
    "asc_bind_report_platform": (C.c_char_p, [C.c_void_p]),
    "asc_bind_report_print": (C.c_char_p, [C.c_void_p]),
    "asc_bind_options_profile": (None, [C.c_void_p, C.c_char_p, C.c_int]),
    "asc_bind_report_line": (C.c_char_p, [C.c_void_p, C.c_int, C.POINTER(C.c_int64), C.POINTER(C.c_int64),
                                          C.POINTER(C.c_int64)]),
    "asc_sim_pipe_name": (C.c_char_p, [C.c_int]),
    "asc_sim_platform_find": (C.c_void_p, [C.c_char_p]),
    "asc_bind_platform": (C.c_double, [C.c_char_p, C.c_char_p]),
    "asc_bind_pipeline": (C.c_void_p, [C.c_void_p, C.c_int, C.c_int, C.c_int]),
    "asc_pipeline_passes": (C.c_char_p, [C.c_char_p]),
    "asc_bind_options_strict": (None, [C.c_void_p, C.c_int]),
    "asc_bind_options_race_warn": (None, [C.c_void_p, C.c_int]),
    "asc_bind_report_kwarning": (C.c_char_p, [C.c_void_p, C.c_int]),
}

_lib = None
_lib_fp = None
_lock = threading.Lock()
last_launch_seconds = 0.0  # wall time of the last asc_sim_launch call (the simulation itself)


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


def _s(b):
    return b.decode() if b is not None else None


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
            po = _buf(L, "asc_pass_options")
            L.asc_bind_pass_options(po, int(sync_log))
            if L.asc_run_passes(self.m, pipeline.encode(), po) != 0:
                L.asc_module_free(self.m)
                self.m = None
        self.lock = threading.Lock()

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
    return bool(lib().asc_sim_platform_find(name.encode()))


def platform_fact(name, field):
    """A number of the platform table (src/sim/platform.c): 'l1_bytes', 'ub_bytes', 'aiv', ...; None if unknown."""
    v = lib().asc_bind_platform(name.encode(), field.encode())
    return None if v < 0 else int(v) if field != "mhz" else v


_SIZES = {}
_PIPES = []


def _buf(L, what):
    n = _SIZES.get(what)
    if n is None:
        n = _SIZES[what] = L.asc_bind_sizeof(what.encode())
    return C.create_string_buffer(n)


def _pipes(L):
    """[(pipe id, name)] of the simulator's pipes, read once."""
    if not _PIPES:
        _PIPES.extend((p, _s(L.asc_sim_pipe_name(p))) for p in range(NPIPES) if L.asc_sim_pipe_name(p))
    return _PIPES


def _core_kind(L, k):
    """"AIV" / "AIC": the core kind names of the hardware table."""
    return _s(L.asc_reg_hw_core_name(k))


def _kernel_warnings(L, r):
    """The texts of the launch's KernelWarning diagnostics (out-of-bounds accesses let through)."""
    out, i = [], 0
    while True:
        t = L.asc_bind_report_kwarning(r, i)
        if t is None:
            return out
        out.append(_s(t))
        i += 1


class Report(dict):
    """A launch report: cycles, launch_cycles, us, mhz, platform, errors, warnings, and cores
    (per core: cycles, blocks, kind "AIV"/"AIC", busy and blocked cycles per pipe).  'cores' is read from the C report when
    first used (about a hundred ctypes calls), so a launch whose report nobody reads skips it."""

    def __init__(self, L, r, fields):
        super().__init__(fields)
        self._L, self._r = L, r

    def _materialize(self):
        r = self._r
        if r is None:
            return
        f = self._L.asc_bind_report
        cores = []
        for i in range(int(f(r, b"ncores", -1, -1))):
            cores.append({"cycles": int(f(r, b"core.cycles", i, -1)), "blocks": int(f(r, b"core.blocks", i, -1)),
                          "kind": _core_kind(self._L, int(f(r, b"core.kind", i, -1))),
                          "metrics_cycles": int(f(r, b"core.metrics", i, -1)),
                          "busy": {n: int(f(r, b"core.busy", i, p)) for p, n in _pipes(self._L)},
                          "blocked": {n: int(f(r, b"core.blocked", i, p)) for p, n in _pipes(self._L)}})
        dict.__setitem__(self, "cores", cores)
        lines, ln, calls, cyc = [], C.c_int64(), C.c_int64(), C.c_int64()
        for i in range(int(f(r, b"nlines", -1, -1))):
            file = self._L.asc_bind_report_line(r, i, C.byref(ln), C.byref(calls), C.byref(cyc))
            lines.append({"file": _s(file), "line": ln.value, "calls": calls.value, "cycles": cyc.value})
        dict.__setitem__(self, "lines", lines)  # source lines by attributed cycles (docs/profile.md)
        dict.__setitem__(self, "core_cycles", int(f(r, b"core_cycles", -1, -1)))
        self._free()

    def _free(self):
        if self._r is not None and _lib is not None:
            self._L.asc_sim_report_free(self._r)
        self._r = None

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


def launch(module, kernel, args, platform, blocks, sanitize=-1, strict_gm=True, kernel_type=-1, threads=0,
           max_instructions=None, profile=None, lines=False, race_warn=False):
    """Run kernel on the simulator.  args: list of ('gm' | 'gm_ro', ptr, nbytes, dtype, name) |
    ('int', dtype, v, name) | ('float', dtype, v, name); names are bytes or str.
    max_instructions: the watchdog limit per block (None: the library's default, 0: none).
    profile: a directory the library writes the profile files into (docs/profile.md), or None.
    lines: attribute cycles to source lines (the report's "lines"; always on with a profile).
    race_warn: races are warnings (KernelWarning, once per op site) and the run goes on.
    Returns (rc, Report).  The C structs are opaque buffers of the library's own sizes
    (asc_bind_*).  On the main thread Ctrl-C interrupts the launch (KeyboardInterrupt,
    _run_interruptibly)."""
    L = lib()
    a, o, r = _buf(L, "asc_sim_args"), _buf(L, "asc_sim_options"), _buf(L, "asc_sim_report")
    kname, names = kernel.encode(), []  # args may keep pointers to the names as well
    L.asc_sim_args_init(a)
    for arg in args:
        kind, name = arg[0], arg[-1]
        if isinstance(name, str):
            name = name.encode()
        names.append(name)
        if kind == "gm":
            L.asc_sim_args_add_gm(a, arg[1], arg[2], arg[3], name)
        elif kind == "gm_ro":  # a write is an error at the op, nothing is written
            L.asc_sim_args_add_gm_readonly(a, arg[1], arg[2], arg[3], name)
        elif kind == "int":
            L.asc_sim_args_add_int(a, arg[1], arg[2], name)
        else:
            L.asc_sim_args_add_float(a, arg[1], arg[2], name)
    L.asc_sim_options_init(o)
    pname = platform.encode()  # the options struct points at it: keep it alive over the launch
    L.asc_bind_options(o, pname, blocks, sanitize)
    L.asc_bind_options_ext(o, kernel_type, threads)
    L.asc_bind_options_strict(o, int(strict_gm))
    L.asc_bind_options_race_warn(o, int(bool(race_warn)))
    pdir = os.fsencode(profile) if profile else None  # kept alive over the launch, like pname
    L.asc_bind_options_profile(o, pdir, int(bool(lines)))  # the report's top lines (docs/profile.md)
    cancel = _main_cancel(L) if threading.current_thread() is threading.main_thread() else None
    if max_instructions is not None or cancel:
        L.asc_bind_options_limits(o, -1 if max_instructions is None else max_instructions,
                                  cancel.p if cancel else None)

    def call():
        global last_launch_seconds
        t0 = time.perf_counter()
        rc = L.asc_sim_launch(module.m, kname, a, o, r)
        last_launch_seconds = time.perf_counter() - t0
        return rc

    with module.lock:
        # The launch's diagnostics are kept on the context and read after it: no Python
        # callback runs while the simulator does (a signal handler's exception raised in a
        # ctypes callback would be swallowed).
        module.diags.clear()
        L.asc_ctx_clear_diagnostics(module.ctx)
        L.asc_ctx_set_diag_handler(module.ctx, _NO_DIAG, None)
        L.asc_ctx_set_quiet(module.ctx, 1)
        try:
            rc = _run_interruptibly(L, call, cancel) if cancel else call()
        finally:
            L.asc_ctx_set_diag_handler(module.ctx, module.diags.cb, None)
            sev, i = C.c_int(), 0
            while (text := L.asc_ctx_diag_at(module.ctx, i, C.byref(sev))) is not None:
                module.diags._on(None, sev.value, text)
                i += 1
            L.asc_ctx_clear_diagnostics(module.ctx)
        errors, warns = list(module.diags.errors), list(module.diags.warnings)
        ordered = list(module.diags.ordered)
    L.asc_sim_args_free(a)
    del names, pname, pdir
    out = L.asc_bind_report_print(r)  # printf / dump_tensor output (api.md §13), unless ASCENDC_DUMP=0
    if out and os.environ.get("ASCENDC_DUMP", "1") != "0":
        sys.stdout.write(out.decode("utf-8", "replace"))
        sys.stdout.flush()
    f = L.asc_bind_report
    rep = Report(L, r, {"cycles": int(f(r, b"cycles", -1, -1)), "launch_cycles": int(f(r, b"launch_cycles", -1, -1)),
                        "us": f(r, b"us", -1, -1), "mhz": f(r, b"mhz", -1, -1),
                        "platform": _s(L.asc_bind_report_platform(r)), "errors": errors, "warnings": warns,
                        "diagnostics": ordered, "kernel_warnings": _kernel_warnings(L, r),
                        "profile": os.fspath(profile) if profile else None})
    return rc, rep
