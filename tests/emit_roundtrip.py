#!/usr/bin/env python3
"""The round trip of docs/emit.md: for each Python kernel, Python -> IR -> simulator and
Python -> IR -> Ascend C -> g++ -> openasc's kernel_operator.h (running mode) -> IR -> simulator must give
byte-identical GM contents, identical per-core op streams and identical sanitizer findings.

    emit_roundtrip.py --lib build/lib/libasc.so --root . [--cxx g++] [--keep DIR] [example.py...]

Without examples it runs the kernels of ROUND_TRIP (the ctest emit-roundtrip).

Each example runs in this process as its own main would (its inputs, its launch); every launch it makes
is intercepted (asc.runtime.launcher.Launcher.run):
  1. the launch runs as usual, with a profile directory for its trace.json (the Python path);
  2. the kernel's Ascend C (asc.runtime.compiler.translate of the traced IR the launch compiled) is built
     with `g++ -DASC_RUN -shared` against include/ascendc/kernel_operator.h;
  3. a copy of the launch's GM arguments as they were before it is handed to the built kernel, which is
     called once per block (asc_run_block) with those pointers and the scalar arguments, tracing its calls;
  4. the traced IR goes through the pipeline the Python kernel went through and is launched on the same
     platform and block count, with the same sanitizer options, on the copy;
  5. compared: every GM argument byte for byte; per core, the instructions each pipe other than the
     scalar pipe issued, in order, with their source line and amount (trace.json: op, core, pipe,
     file:line, repeats or bytes); the launch's diagnostics with their file and line (columns differ:
     the C++ call's column, not the Python one).
Scalar instructions differ by design: the C++ computed the scalars natively, the trace holds constants.
Exits 1 if a kernel differs or fails to build or trace."""
import argparse
import ctypes as C
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import tempfile

# IR spelling of the simulator's dtype names (asc_sim_dtype_name)
IR_ELEM = {"u8": "ui8", "u16": "ui16", "u32": "ui32", "u64": "ui64", "bool": "i1"}
CTYPE = {"i8": C.c_int8, "i16": C.c_int16, "i32": C.c_int32, "i64": C.c_int64, "u8": C.c_uint8, "u16": C.c_uint16,
         "u32": C.c_uint32, "u64": C.c_uint64, "bool": C.c_bool, "f32": C.c_float, "f64": C.c_double}
COL = re.compile(r"^(.*?:\d+):\d+:")
# The examples whose launches round-trip byte-identically today (docs/emit.md says why the others do not).
ROUND_TRIP = ["examples/01_add/add.py", "examples/01_add/add_double_buffer.py",
              "examples/02_add_framework/add_framework.py", "examples/03_leaky_relu/leaky_relu.py",
              "examples/05_matmul_cube/matmul_cube.py"]
# The sanitizer build preloads the ASan runtime for Python (which loads libasc); the compiler runs without it.
NATIVE_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


def op_streams(profile_dir):
    """{(core, pipe): [(op, file:line, amount), ...]} of the non-scalar instructions of trace.json (per pipe: the
    order in which different pipes' instructions are recorded follows the timing, which scalar code changes)."""
    with open(os.path.join(profile_dir, "trace.json")) as fh:
        events = json.load(fh)["traceEvents"]
    out = {}
    for e in events:
        if e.get("ph") != "X" or e.get("tid") == 0:  # PIPE_S: scalars
            continue
        a = e.get("args", {})
        out.setdefault((e["pid"], e["tid"]), []).append((e["name"], a.get("loc"), a.get("repeats", a.get("bytes"))))
    return out


def findings(rep):
    return [(sev, COL.sub(r"\1:", text.strip())) for sev, text in rep["diagnostics"]]


class RoundTrip:
    def __init__(self, args, lib_mod, tmp):
        self.a, self.L, self.tmp = args, lib_mod, tmp
        self.sources = {}  # kernel name -> Ascend C of its last compile
        self.results = []  # (kernel, ok, message)
        self.n = 0

    def dtype_fns(self):
        """sim.h's dtype name and size (a handle of our own: asc._lib declares only what it uses)."""
        h = C.CDLL(os.environ["ASC_LIBRARY"])
        h.asc_sim_dtype_name.restype, h.asc_sim_dtype_name.argtypes = C.c_char_p, [C.c_int]
        h.asc_sim_dtype_size.restype, h.asc_sim_dtype_size.argtypes = C.c_int, [C.c_int]
        return h.asc_sim_dtype_name, h.asc_sim_dtype_size

    def compile_hook(self, orig):
        from asc.runtime import compiler

        def run(comp, traced, func_name, stacklevel=5):
            ck = orig(comp, traced, func_name, stacklevel)
            try:
                self.sources[func_name] = compiler.translate(traced, func_name)
            except compiler.CompilationError as e:
                self.sources[func_name] = e
            return ck
        return run

    def launch_hook(self, orig):
        from asc.runtime import config, launcher
        rt = self

        def run(lself, kernel, function_name, user_args, stacklevel=5, marshalled=None):
            largs = marshalled if marshalled is not None else launcher.marshal_args(kernel, user_args)
            gms = [x for x in largs if x[0] in ("gm", "gm_ro")]
            before = [C.string_at(x[1], x[2]) for x in gms]
            opts = kernel.options
            common = dict(platform=config.current_platform().value, blocks=lself.options.core_num,
                          sanitize=int(opts.get("sanitize", True)), strict_gm=launcher.strict_gm(opts),
                          kernel_type=launcher.kernel_type(opts), race_warn=launcher.race_warn(opts))
            rt.n += 1
            tag = f"{function_name}.{rt.n}"
            p1 = os.path.join(rt.tmp, tag + ".py")
            rc1, rep1 = rt.L.launch(kernel.module, function_name, largs, profile=p1, **common)
            config._set_last_report(rep1)
            after1 = [C.string_at(x[1], x[2]) for x in gms]
            msg = rt.cxx_path(tag, kernel, function_name, largs, gms, before, common, rc1, rep1, after1, p1)
            rt.results.append((tag, msg is None, msg or "identical"))
            print(f"{tag}: {msg or 'identical'}", flush=True)
            # the example goes on with the Python path's outcome
            if rc1 != 0 or rep1["errors"]:
                raise launcher.kernel_error(function_name, rep1["diagnostics"], False, rep1["kernel_warnings"])
            return None
        return run

    def cxx_path(self, tag, kernel, name, largs, gms, before, common, rc1, rep1, after1, p1):
        src = self.sources.get(name)
        if src is None or isinstance(src, Exception):
            return f"no Ascend C: {src}"
        cpp = os.path.join(self.tmp, tag + ".cpp")
        so = os.path.join(self.tmp, tag + ".so")
        with open(cpp, "w") as fh:
            fh.write(src)
        inc = os.path.join(self.a.root, "include", "ascendc")
        r = subprocess.run([self.a.cxx, "-std=c++17", "-Wall", "-Werror", "-O1", "-shared", "-fPIC", "-DASC_RUN",
                            "-I", inc, cpp, "-o", so], capture_output=True, text=True, env=NATIVE_ENV)
        if r.returncode:
            return "does not build:\n" + r.stderr[-3000:]
        k = C.CDLL(so)
        k.asc_run_ir.restype = C.c_void_p
        k.asc_run_error.restype = C.c_char_p
        bufs = [C.create_string_buffer(b, len(b)) for b in before]
        dtname, dtsize = self.dtype_fns()
        k.asc_run_begin(name.encode())
        cargs, gi = [], 0
        for x in largs:
            if x[0] in ("gm", "gm_ro"):
                d = dtname(x[3]).decode()
                k.asc_run_gm(C.cast(bufs[gi], C.c_void_p), C.c_size_t(x[2]), IR_ELEM.get(d, d).encode(),
                             C.c_size_t(dtsize(x[3])))
                cargs.append(C.cast(bufs[gi], C.c_void_p))
                gi += 1
            else:
                cargs.append(CTYPE[dtname(x[1]).decode()](x[2]))
        ffts = C.c_uint64(0)
        cargs.append(C.byref(ffts))
        fn = getattr(k, name)
        fn.restype = None
        blocks = common["blocks"]
        for b in range(blocks):
            k.asc_run_block(b, blocks)
            fn(*cargs)
        p = k.asc_run_ir()
        if not p:
            return "trace failed: " + k.asc_run_error().decode()
        ir = C.string_at(p).decode()
        k.asc_run_free(C.c_void_p(p))
        with open(os.path.join(self.tmp, tag + ".traced.mlir"), "w") as fh:
            fh.write(ir)
        # the simulator's pipeline as the compiler chooses it for this module (the C++ has the syncs the emit
        # pipeline placed; insert-sync and auto-sync decide from the traced ops, as bisheng from the C++)
        o = kernel.options
        mod = self.L.Module(name, ir, {}, self.L.PipelineChoice(run_passes=o.get("run_passes", True),
                                                                insert_sync=o.get("insert_sync"),
                                                                auto_sync=o.get("auto_sync", True)))
        if not mod.m:
            return "traced IR rejected:\n" + "".join(mod.diags.errors)[-3000:]
        targs = [("gm", C.cast(bufs[i], C.c_void_p).value, x[2], x[3], x[4]) for i, x in enumerate(gms)]
        p2 = os.path.join(self.tmp, tag + ".cxx")
        rc2, rep2 = self.L.launch(mod, name, targs, profile=p2, **common)
        after2 = [b.raw for b in bufs]
        bad = []
        if rc1 != rc2:
            bad.append(f"launch rc {rc1} vs {rc2}")
        for i, (u, v) in enumerate(zip(after1, after2)):
            if u != v:
                first = next(j for j in range(len(u)) if u[j] != v[j])
                bad.append(f"GM argument {i} ({gms[i][-1]}) differs from byte {first}")
        f1, f2 = findings(rep1), findings(rep2)
        if f1 != f2:
            bad.append("findings differ:\n  python: " + "\n  python: ".join(map(str, f1)) +
                       "\n  c++:    " + "\n  c++:    ".join(map(str, f2)))
        if os.path.exists(os.path.join(p1, "trace.json")) and os.path.exists(os.path.join(p2, "trace.json")):
            s1, s2 = op_streams(p1), op_streams(p2)
            for core in sorted(set(s1) | set(s2)):
                a, b = s1.get(core, []), s2.get(core, [])
                if a != b:
                    j = next((j for j in range(min(len(a), len(b))) if a[j] != b[j]), min(len(a), len(b)))
                    bad.append(f"core {core[0]} pipe {core[1]}: op streams differ at instruction {j} of {len(a)}/{len(b)}: "
                               f"{a[j] if j < len(a) else None} vs {b[j] if j < len(b) else None}")
                    break
        else:
            bad.append("no trace.json")
        return "; ".join(bad) if bad else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--keep", help="keep the C++, the .so, the traced IR and the profiles here")
    ap.add_argument("examples", nargs="*")
    a = ap.parse_args()
    if not a.examples:
        a.examples = [os.path.join(a.root, ex) for ex in ROUND_TRIP]
    if len(a.examples) > 1:  # one process per example: a crash is that example's failure
        bad = 0
        for ex in a.examples:
            cmd = [sys.executable, __file__, "--lib", a.lib, "--root", a.root, "--cxx", a.cxx, ex]
            if a.keep:
                cmd += ["--keep", os.path.join(a.keep, os.path.basename(ex)[:-3])]
            r = subprocess.run(cmd, capture_output=True, text=True)
            sys.stdout.write("".join(ln + "\n" for ln in r.stdout.splitlines() if ln.startswith(("PASS", "FAIL"))))
            if r.returncode and "FAIL" not in r.stdout:
                print(f"FAIL {ex}: exit {r.returncode}\n{r.stderr[-2000:]}")
            bad += r.returncode != 0
        print(f"{len(a.examples) - bad}/{len(a.examples)} examples round-trip identically")
        return 1 if bad else 0
    os.environ["ASC_LIBRARY"] = os.path.abspath(a.lib)
    sys.path.insert(0, os.path.join(a.root, "python"))
    from asc import _lib
    from asc.runtime import compiler, launcher
    tmp = a.keep or tempfile.mkdtemp(prefix="emit-roundtrip-")
    os.makedirs(tmp, exist_ok=True)
    rt = RoundTrip(a, _lib, tmp)
    compiler.Compiler.run = rt.compile_hook(compiler.Compiler.run)
    launcher.Launcher.run = rt.launch_hook(launcher.Launcher.run)
    failed = 0
    for ex in a.examples:
        before = len(rt.results)
        argv, path = sys.argv, list(sys.path)
        sys.argv = [ex]
        sys.path.insert(0, os.path.dirname(os.path.abspath(ex)))  # as `python3 ex` has it
        try:
            import contextlib
            import io
            with contextlib.redirect_stdout(io.StringIO()):
                runpy.run_path(ex, run_name="__main__")
        except SystemExit as e:
            if e.code:
                rt.results.append((ex, False, f"exited {e.code}"))
        except Exception as e:  # the example's own failure
            rt.results.append((ex, False, f"{type(e).__name__}: {e}"))
        finally:
            sys.argv, sys.path[:] = argv, path
        if len(rt.results) == before:
            rt.results.append((ex, False, "no launch"))
        for tag, ok, msg in rt.results[before:]:
            print(f"{'PASS' if ok else 'FAIL'} {os.path.relpath(ex, a.root)} {tag}: {msg}", flush=True)
            failed += not ok
    if not a.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(rt.results) - failed}/{len(rt.results)} launches of {a.examples[0]} round-trip identically")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
