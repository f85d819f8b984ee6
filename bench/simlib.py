"""simlib.py - ctypes bindings of the few libasc entry points the bench scripts use.

Mirrors include/asc/sim.h (asc_sim_options, asc_sim_report, asc_sim_core_report); keep the
field lists in step with the header.  Standard library only; GM arrays are anything with
a writable buffer (numpy arrays, bytearray, ctypes arrays).
"""
import ctypes as C
import os

NPIPES = 11
PIPE_S, PIPE_V, PIPE_MTE2, PIPE_MTE3 = 0, 1, 4, 5
DTYPES = {"f16": 0, "bf16": 1, "f32": 2, "f64": 3, "i8": 4, "i16": 5, "i32": 6, "i64": 7}


class Options(C.Structure):
    _fields_ = [("platform", C.c_char_p), ("blocks", C.c_int), ("verify", C.c_int), ("threads", C.c_int),
                ("trace_path", C.c_char_p), ("sanitize", C.c_int), ("_reserve", C.c_char * 64)]


class CoreReport(C.Structure):
    _fields_ = [("cycles", C.c_int64), ("busy", C.c_int64 * NPIPES), ("blocks", C.c_int),
                ("blocked", C.c_int64 * NPIPES), ("overlap_mte2_v", C.c_int64), ("kind", C.c_int),
                ("metrics_cycles", C.c_int64), ("busy_sum", C.c_int64 * NPIPES), ("start_cycles", C.c_int64)]


class Report(C.Structure):
    _fields_ = [("cycles", C.c_int64), ("launch_cycles", C.c_int64), ("us", C.c_double), ("mhz", C.c_double),
                ("platform", C.c_char_p), ("ncores", C.c_int), ("cores", C.POINTER(CoreReport)),
                ("nerrors", C.c_int), ("nwarnings", C.c_int), ("records", C.c_void_p), ("nrecords", C.c_int),
                ("_reserve", C.c_char * 64)]


class Args(C.Structure):
    _fields_ = [("v", C.c_void_p), ("n", C.c_int), ("cap", C.c_int)]


def default_lib():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.environ.get("ASC_LIB", os.path.join(here, "..", "build", "lib", "libasc.so"))


class Sim:
    def __init__(self, lib=None):
        L = self.L = C.CDLL(lib or default_lib())
        L.asc_ctx_new.restype = C.c_void_p
        L.asc_ctx_free.argtypes = [C.c_void_p]
        L.asc_ctx_set_quiet.argtypes = [C.c_void_p, C.c_int]
        L.asc_ctx_error_count.argtypes = [C.c_void_p]
        L.asc_ctx_diagnostics.argtypes = [C.c_void_p]
        L.asc_ctx_diagnostics.restype = C.c_void_p
        L.asc_free.argtypes = [C.c_void_p]
        L.asc_module_parse.argtypes = [C.c_void_p, C.c_char_p, C.c_char_p, C.c_size_t]
        L.asc_module_parse.restype = C.c_void_p
        L.asc_module_free.argtypes = [C.c_void_p]
        L.asc_sim_args_init.argtypes = [C.POINTER(Args)]
        L.asc_sim_args_free.argtypes = [C.POINTER(Args)]
        L.asc_sim_args_add_gm.argtypes = [C.POINTER(Args), C.c_void_p, C.c_size_t, C.c_int, C.c_char_p]
        L.asc_sim_args_add_int.argtypes = [C.POINTER(Args), C.c_int, C.c_int64, C.c_char_p]
        L.asc_sim_options_init.argtypes = [C.POINTER(Options)]
        L.asc_sim_launch.argtypes = [C.c_void_p, C.c_char_p, C.POINTER(Args), C.POINTER(Options), C.POINTER(Report)]
        L.asc_sim_compile.argtypes = [C.c_void_p, C.c_char_p, C.POINTER(Options)]
        L.asc_sim_compile.restype = C.c_void_p
        L.asc_sim_run.argtypes = [C.c_void_p, C.POINTER(Args), C.POINTER(Options), C.POINTER(Report)]
        L.asc_sim_program_free.argtypes = [C.c_void_p]
        self.programs = {}  # (module, kernel) -> its compiled program (asc_sim_compile)
        L.asc_sim_report_free.argtypes = [C.POINTER(Report)]
        self.ctx = L.asc_ctx_new()
        L.asc_ctx_set_quiet(self.ctx, 1)

    def close(self):
        for p in self.programs.values():
            self.L.asc_sim_program_free(p)
        self.programs.clear()
        self.L.asc_ctx_free(self.ctx)

    def free_module(self, module):
        """Free module (from parse) and the programs compiled from it."""
        for key in [k for k in self.programs if k[0] == module]:
            self.L.asc_sim_program_free(self.programs.pop(key))
        self.L.asc_module_free(module)

    def program(self, module, kernel, opts):
        """module's kernel compiled once (verified and lowered), as the Python front end keeps it;
        None after a compile error (the diagnostics are on the context)."""
        key = (module, kernel)
        if key not in self.programs:
            p = self.L.asc_sim_compile(module, kernel.encode() if kernel else None, C.byref(opts))
            if not p:
                return None
            self.programs[key] = p
        return self.programs[key]

    def diagnostics(self):
        p = self.L.asc_ctx_diagnostics(self.ctx)
        s = C.string_at(p).decode() if p else ""
        self.L.asc_free(p)
        return s

    def parse(self, path):
        text = open(path, "rb").read()
        m = self.L.asc_module_parse(self.ctx, os.path.basename(path).encode(), text, len(text))
        if not m:
            raise RuntimeError(self.diagnostics())
        return m

    def launch(self, module, args, blocks, threads=0, sanitize=None, trace=None, platform=None, kernel=None):
        """args: list of (name, array_or_int, dtype name).  Returns a dict summary."""
        L = self.L
        a = Args()
        L.asc_sim_args_init(C.byref(a))
        keep = []
        for name, v, dt in args:
            if isinstance(v, int):
                L.asc_sim_args_add_int(C.byref(a), DTYPES[dt], v, name.encode())
            else:
                ptr = v.ctypes.data if hasattr(v, "ctypes") else C.addressof(v)
                L.asc_sim_args_add_gm(C.byref(a), ptr, v.nbytes, DTYPES[dt], name.encode())
                keep.append(v)
        o = Options()
        L.asc_sim_options_init(C.byref(o))
        o.blocks, o.threads = blocks, threads
        if sanitize is not None:
            o.sanitize = 1 if sanitize else 0
        if trace:
            o.trace_path = trace.encode()
        if platform:
            o.platform = platform.encode()
        r = Report()
        # compiled on the first launch, then only bound and run (asc_sim_run), as a kernel of the
        # Python front end is; asc_sim_launch would verify and lower it again every time
        p = self.program(module, kernel, o)
        rc = L.asc_sim_run(p, C.byref(a), C.byref(o), C.byref(r)) if p else 1
        cores = [r.cores[i] for i in range(r.ncores)]
        res = {"rc": rc, "cycles": r.cycles, "us": r.us, "errors": r.nerrors, "warnings": r.nwarnings,
               "records": r.nrecords, "ncores": r.ncores,
               "busy": [list(c.busy) for c in cores], "busy_sum": [list(c.busy_sum) for c in cores], "blocked": [list(c.blocked) for c in cores],
               "overlap": [c.overlap_mte2_v for c in cores]}
        L.asc_sim_report_free(C.byref(r))
        L.asc_sim_args_free(C.byref(a))
        return res
