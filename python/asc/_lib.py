"""ctypes binding to libasc: module parse, passes, simulator launch and the op registry."""
import ctypes as C
import os
import threading

_HERE = os.path.dirname(os.path.abspath(__file__))
_DEFAULT = os.path.normpath(os.path.join(_HERE, "..", "..", "build", "lib", "libasc.so"))

SEV_NOTE, SEV_WARNING, SEV_ERROR = 0, 1, 2
NPIPES = 11


class _OpInfo(C.Structure):
    _fields_ = [(n, C.c_char_p) for n in ("name", "family", "operands", "results", "attrs", "dtypes", "doc")] + [
        ("reads", C.c_uint), ("writes", C.c_uint), ("nregions", C.c_int), ("flags", C.c_uint)]


_DIAG = C.CFUNCTYPE(None, C.c_void_p, C.c_int, C.c_char_p)

# (function, restype, argtypes): the part of asc.h / sim.h Python uses.
_SIGS = {
    "asc_ctx_new": (C.c_void_p, []), "asc_ctx_free": (None, [C.c_void_p]),
    "asc_ctx_set_diag_handler": (None, [C.c_void_p, _DIAG, C.c_void_p]),
    "asc_ctx_add_source": (None, [C.c_void_p, C.c_char_p, C.c_char_p, C.c_size_t]),
    "asc_module_parse": (C.c_void_p, [C.c_void_p, C.c_char_p, C.c_char_p, C.c_size_t]),
    "asc_module_free": (None, [C.c_void_p]), "asc_module_print": (C.c_void_p, [C.c_void_p]),
    "asc_free": (None, [C.c_void_p]),
    "asc_run_passes": (C.c_int, [C.c_void_p, C.c_char_p, C.c_void_p]),
    "asc_reg_op_count": (C.c_int, []), "asc_reg_op_info": (C.c_int, [C.c_int, C.POINTER(_OpInfo)]),
    "asc_reg_enum_count": (C.c_int, []), "asc_reg_enum_kind": (C.c_char_p, [C.c_int]),
    "asc_reg_enum_member": (C.c_int, [C.c_int, C.c_int, C.POINTER(C.c_char_p), C.POINTER(C.c_int64)]),
    "asc_reg_struct_count": (C.c_int, []), "asc_struct_name": (C.c_char_p, [C.c_int]),
    "asc_struct_nfields": (C.c_int, [C.c_int]),
    "asc_struct_field": (C.c_int, [C.c_int, C.c_int, C.c_char_p, C.c_size_t, C.POINTER(C.c_int64)]),
    "asc_pass_count": (C.c_int, []),
    "asc_pass_info": (None, [C.c_int, C.POINTER(C.c_char_p), C.POINTER(C.c_char_p)]),
    "asc_sim_dtype_lookup": (C.c_int, [C.c_char_p]),
    "asc_sim_args_init": (None, [C.c_void_p]), "asc_sim_args_free": (None, [C.c_void_p]),
    "asc_sim_args_add_gm": (None, [C.c_void_p, C.c_void_p, C.c_size_t, C.c_int, C.c_char_p]),
    "asc_sim_args_add_int": (None, [C.c_void_p, C.c_int, C.c_int64, C.c_char_p]),
    "asc_sim_args_add_float": (None, [C.c_void_p, C.c_int, C.c_double, C.c_char_p]),
    "asc_sim_options_init": (None, [C.c_void_p]),
    "asc_sim_launch": (C.c_int, [C.c_void_p, C.c_char_p, C.c_void_p, C.c_void_p, C.c_void_p]),
    "asc_sim_report_free": (None, [C.c_void_p]),
    "asc_bind_sizeof": (C.c_size_t, [C.c_char_p]),
    "asc_bind_options": (None, [C.c_void_p, C.c_char_p, C.c_int, C.c_int]),
    "asc_bind_report": (C.c_double, [C.c_void_p, C.c_char_p, C.c_int, C.c_int]),
    "asc_bind_report_platform": (C.c_char_p, [C.c_void_p]),
    "asc_sim_pipe_name": (C.c_char_p, [C.c_int]),
    "asc_sim_platform_find": (C.c_void_p, [C.c_char_p]),
}

_lib = None
_lock = threading.Lock()


def lib():
    global _lib
    with _lock:
        if _lib is None:
            path = os.environ.get("ASC_LIBRARY", _DEFAULT)
            if not os.path.exists(path):
                raise RuntimeError(f"libasc not found at {path}: run `make build` at the repository root "
                                   "or set ASC_LIBRARY to the path of libasc.so")
            L = C.CDLL(path)
            for name, (res, args) in _SIGS.items():
                f = getattr(L, name)
                f.restype, f.argtypes = res, args
            _lib = L
    return _lib


def _s(b):
    return b.decode() if b is not None else None


def registry_ops():
    """{op name: dict(operands, results, attrs, dtypes, doc, family)} from ops.def."""
    L, out, info = lib(), {}, _OpInfo()
    for i in range(L.asc_reg_op_count()):
        L.asc_reg_op_info(i, C.byref(info))
        out[_s(info.name)] = {k: _s(getattr(info, k)) for k in
                              ("family", "operands", "results", "attrs", "dtypes", "doc")}
    return out


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
        self.errors, self.warnings = [], []
        self.cb = _DIAG(self._on)

    def _on(self, _user, sev, text):
        (self.errors if sev == SEV_ERROR else self.warnings).append(_s(text))

    def clear(self):
        self.errors.clear()
        self.warnings.clear()


class Module:
    """A parsed, pass-processed IR module with its own context."""

    def __init__(self, name, text, sources, pipeline, print_ir=False):
        L = lib()
        self.ctx = L.asc_ctx_new()
        self.diags = Diagnostics()
        L.asc_ctx_set_diag_handler(self.ctx, self.diags.cb, None)
        for path, src in sources.items():
            b = src.encode()
            L.asc_ctx_add_source(self.ctx, path.encode(), b, len(b))
        t = text.encode()
        self.m = L.asc_module_parse(self.ctx, name.encode(), t, len(t))
        if self.m and pipeline:
            if L.asc_run_passes(self.m, pipeline.encode(), None) != 0:
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


def _buf(L, what):
    return C.create_string_buffer(L.asc_bind_sizeof(what.encode()))


def launch(module, kernel, args, platform, blocks, sanitize=-1):
    """Run kernel on the simulator.  args: list of ('gm', ptr, nbytes, dtype, name) |
    ('int', dtype, v, name) | ('float', dtype, v, name).  Returns (rc, report dict).
    The C structs are opaque buffers of the library's own sizes (asc_bind_*)."""
    L = lib()
    a, o, r = _buf(L, "asc_sim_args"), _buf(L, "asc_sim_options"), _buf(L, "asc_sim_report")
    L.asc_sim_args_init(a)
    for arg in args:
        kind, name = arg[0], arg[-1].encode()
        if kind == "gm":
            L.asc_sim_args_add_gm(a, arg[1], arg[2], arg[3], name)
        elif kind == "int":
            L.asc_sim_args_add_int(a, arg[1], arg[2], name)
        else:
            L.asc_sim_args_add_float(a, arg[1], arg[2], name)
    L.asc_sim_options_init(o)
    pname = platform.encode()
    L.asc_bind_options(o, pname, blocks, sanitize)
    with module.lock:
        module.diags.clear()
        rc = L.asc_sim_launch(module.m, kernel.encode(), a, o, r)
        errors, warns = list(module.diags.errors), list(module.diags.warnings)

    def f(field, core=-1, pipe=-1):
        return L.asc_bind_report(r, field.encode(), core, pipe)

    rep = {"cycles": int(f("cycles")), "launch_cycles": int(f("launch_cycles")), "us": f("us"), "mhz": f("mhz"),
           "platform": _s(L.asc_bind_report_platform(r)), "cores": [], "errors": errors, "warnings": warns}
    pipes = {p: _s(L.asc_sim_pipe_name(p)) for p in range(NPIPES) if L.asc_sim_pipe_name(p)}
    for i in range(int(f("ncores"))):
        rep["cores"].append({"cycles": int(f("core.cycles", i)), "blocks": int(f("core.blocks", i)),
                             "busy": {n: int(f("core.busy", i, p)) for p, n in pipes.items()}})
    L.asc_sim_report_free(r)
    L.asc_sim_args_free(a)
    return rc, rep
