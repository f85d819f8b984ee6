#!/usr/bin/env python3
"""The round trip of docs/emit.md: for each Python kernel, Python -> IR -> simulator and
Python -> IR -> Ascend C -> g++ -> openasc's kernel_operator.h (running mode) -> IR -> simulator must give
byte-identical GM contents, identical per-core op streams and identical sanitizer findings.

    emit_roundtrip.py --lib build/lib/libasc.so --root . [--cxx g++] [--keep DIR] [example.py...]
    emit_roundtrip.py --lib build/lib/libasc.so --root . --upstream /path/to/pyasc [path/in/pyasc.py...]

Without examples it runs the kernels of ROUND_TRIP (the ctest emit-roundtrip).

An IR file (a tutorial of examples/ir, a clean corpus kernel of tests/sim/clean) is launched with random inputs
of the sizes its launch line names (`// RUN: --blocks N a=a.npy:f32:64 n=i32:8`, or the tutorial's asc-run usage)
and its Ascend C is asc-opt --emit-pipeline --emit-ascendc's; the rest is as for a Python example.

Each example runs in this process as its own main would (its inputs, its launch); every launch it makes
is intercepted (asc.runtime.launcher.Launcher.run):
  1. the launch runs as usual, with a profile directory for its trace.json (the Python path);
  2. the kernel's Ascend C (asc.runtime.compiler.translate of the traced IR the launch compiled, with the
     kernel's sync stages: sync_split) is built with `g++ -DASC_RUN -shared` against
     include/ascendc/kernel_operator.h;
  3. a copy of the launch's GM arguments as they were before it is handed to the built kernel, which is
     called once per block (asc_run_block) with those pointers and the scalar arguments, tracing its calls;
  4. the traced IR goes through the simulator's pipeline without the sync stages the C++ already states and
     is launched on the same platform and block count, with the same sanitizer options, on the copy;
  5. compared: every GM argument byte for byte; the return code; per core and pipe, the instructions issued
     in order with their source line and amount (trace.json: op, core, pipe, file:line, repeats or bytes;
     on the scalar pipe without the instructions that only compute a value, VALUE_ONLY); the launch's
     diagnostics, whole but for the column (the C++ call's, not the Python one) and the caret line.
Hand-written kernels (tests/ascendc/*.cpp) are traced on random inputs and compared with numpy and their
Python twins (tests/ascendc/twins.py); `file.cpp:race` deletes a sync from one and expects the race at its
C++ line; tests/ascendc/host/*.cpp are host mains built with their kernel and include/ascendc/acl_shim.h.
--upstream REPO round-trips upstream pyasc's tutorials and kernel tests (UPSTREAM), read from REPO.
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

import emit_upstream  # (tests/: the upstream tree extracted as docs/conformance.md runs it)

# IR spelling of the simulator's dtype names (asc_sim_dtype_name)
IR_ELEM = {"u8": "ui8", "u16": "ui16", "u32": "ui32", "u64": "ui64", "bool": "i1"}
CTYPE = {"i8": C.c_int8, "i16": C.c_int16, "i32": C.c_int32, "i64": C.c_int64, "u8": C.c_uint8, "u16": C.c_uint16,
         "u32": C.c_uint32, "u64": C.c_uint64, "bool": C.c_bool, "f32": C.c_float, "f64": C.c_double}
COL = re.compile(r"^(.*?:\d+):\d+:")
# The examples whose launches round-trip byte-identically today (docs/emit.md says why the others do not).
ROUND_TRIP = ["examples/01_add/add.py", "examples/01_add/add_double_buffer.py", "examples/01_add/add_autosync.py",
              "examples/04_local_tensor_auto/add_auto.py",
              "examples/02_add_framework/add_framework.py", "examples/03_leaky_relu/leaky_relu.py",
              "examples/05_matmul_cube/matmul_cube.py", "examples/07_softmax/softmax.py", "examples/08_rmsnorm/rmsnorm.py",
              "examples/ir/tutorial01_add.mlir", "examples/ir/add_framework_bn1.mlir", "examples/ir/add_framework_bn2.mlir",
              "examples/ir/anchor_add.mlir", "examples/ir/anchor_add_db.mlir",
              "tests/sim/clean/add_framework.mlir", "tests/sim/clean/cube_mm.mlir",
              "tests/sim/clean/scalar_write_round_trip.mlir", "tests/sim/clean/tutorial01_add.mlir",
              "tests/sim/clean/tutorial01_add_barrier.mlir", "tests/ascendc/add_tque.cpp",
              "tests/ascendc/vector_mask.cpp", "tests/ascendc/matmul_basic.cpp", "tests/ascendc/vector_mask.cpp:race",
              "tests/ascendc/host/add_tque_main.cpp",
              # the Matmul object: cube-only (one tile), MIX iterate_all into GM, MIX `with iterate()` into UB
              "tests/python/adv/test_matmul_adv.py::test_one_tile",
              "tests/python/adv/test_matmul_adv.py::test_double_buffered_l1",  # L1's halves chosen at run time
              "tests/python/adv/test_matmul_adv.py::test_mix_iterate_all",
              "tests/python/adv/test_matmul_adv.py::test_mix_iterate_to_ub",
              # cross-core: the atomic add into GM and SyncAll before block 0 reads the sum back
              "tests/python/sync/test_xcore.py::test_reduction_atomic_add_and_sync_all_matches_numpy"]
# The sanitizer build preloads the ASan runtime for Python (which loads libasc); the compiler runs without it.
NATIVE_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


# Scalar-pipe instructions that only compute a value: the C++ computes it natively (the trace holds the
# constant or pointer), and the traced module's cse merges the unrolled iterations' equal views and structs;
# a library call's check of a count the kernel computes at run time (asc.adv.check_count) is made when the
# trace is expanded, where that count is a constant.
VALUE_ONLY = ("arith.", "scf.", "asc.lt_subview", "asc.gt_subview", "asc.lt_reinterpret_cast", "asc.get_block_idx",
              "asc.get_block_num", "asc.gm_offset", "asc.struct", "asc.lt_get_size", "asc.ascend_is_aic",
              "asc.ascend_is_aiv", "asc.local_tensor", "asc.adv.check_count")


def gm_copy(data):
    """A GM argument's bytes in a buffer followed by as many spare bytes (at least a page): a pointer the kernel
    computes past the argument's end (a tail block's) stays in its allocation, which the header's tracer then
    attributes to that argument rather than to whichever other argument the allocator put next to it."""
    buf = C.create_string_buffer(2 * len(data) + 4096)
    C.memmove(buf, data, len(data))
    return buf


def op_streams(profile_dir):
    """{(core, pipe): [(op, file:line, amount), ...]} of the instructions of trace.json, per pipe (the order
    in which different pipes' instructions are recorded follows the timing, which scalar code changes); on
    the scalar pipe without the instructions that only compute a value (VALUE_ONLY)."""
    with open(os.path.join(profile_dir, "trace.json")) as fh:
        events = json.load(fh)["traceEvents"]
    out = {}
    for e in events:
        if e.get("ph") != "X" or (e.get("tid") == 0 and e["name"].startswith(VALUE_ONLY)):
            continue
        a = e.get("args", {})
        # the kernel's end has no C++ statement: the trace gives it the kernel's line, IR files their return's
        loc = None if e["name"] == "func.return" else a.get("loc")
        out.setdefault((e["pid"], e["tid"]), []).append((e["name"], loc, a.get("repeats", a.get("bytes"))))
    return out


CARET = re.compile(r"\n *\^ *$")
# a location inside a finding's text ("block 0 at f.py:61:9"): its column too
LOCCOL = re.compile(r"(\.(?:py|mlir|cpp):\d+):\d+")


def findings(rep):
    """The launch's diagnostics without their column (the C++ call's, not the Python one: #line carries no
    column), that is without the column of the location and the caret line under the source."""
    return [(sev, LOCCOL.sub(r"\1", CARET.sub("", COL.sub(r"\1:", text.strip())))) for sev, text in rep["diagnostics"]]


def has_library_calls(ir):
    """asc.adv.* and the Matmul object's asc.matmul_* calls: the simulator's pipeline expands them before its
    sync stages, the emit pipeline does not."""
    return '"asc.adv.' in ir or '"asc.matmul_' in ir


def sync_split(lib_mod, opts, ir):
    """(the sync stages for the Ascend C, the auto-sync policy for its trace).  The Ascend C the round trip
    builds states every sync the Python launch's pipeline placed on the structured IR (loops as loops), so
    its trace (loops unrolled) runs without insert-sync and auto-sync (traced_module).  Not auto-sync for a
    kernel with library calls (asc.adv): the Python launch's auto-sync ran over their expansion, whose body
    the C++ does not have; the trace's auto-sync places those (with the policy the kernel's pipeline used:
    every sync for planned LocalTensorAuto tensors), and where it decides otherwise over the unrolled loops
    the op streams differ (docs/emit.md)."""
    auto, ins = opts.get("auto_sync", True), opts.get("insert_sync")
    if not has_library_calls(ir) or auto is False:
        trace = False
    elif auto is True and (ins is True or (ins is None and '"asc.local_tensor_auto"' in ir)):
        trace = "full"
    else:
        trace = auto
    emitted = lib_mod.PipelineChoice(run_passes=opts.get("run_passes", True), insert_sync=ins,
                                     auto_sync=False if trace else auto)
    return emitted, trace


class RoundTrip:
    def __init__(self, args, lib_mod, tmp):
        self.a, self.L, self.tmp = args, lib_mod, tmp
        # compiled module (an IR file's: kernel name) -> its Ascend C, and the auto-sync its trace runs (sync_split):
        # a launch may reuse an earlier compile of the kernel (the jit cache), not its last
        self.sources = {}
        self.trace_sync = {}
        self.results = []  # (kernel, ok, message)
        self.n = 0

    def dtype_fns(self):
        """sim.h's dtype name and size (a handle of our own: asc._lib declares only what it uses)."""
        h = C.CDLL(os.environ["ASC_LIBRARY"])
        h.asc_sim_dtype_name.restype, h.asc_sim_dtype_name.argtypes = C.c_char_p, [C.c_int]
        h.asc_sim_dtype_size.restype, h.asc_sim_dtype_size.argtypes = C.c_int, [C.c_int]
        return h.asc_sim_dtype_name, h.asc_sim_dtype_size

    FLUSH = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_char_p, C.c_void_p, C.c_size_t)

    def flush_fn(self, kernel, name, gms, before, common):
        """The header's flush (GetValue): the partial module on a copy of the GM arguments as they were before
        the launch plus a scratch argument, one block, the sanitizers off; the scratch's bytes into out.  The
        simulator reaches an argument only through its size (bytes past it read as zeros), so the copies need
        none of gm_copy's spare bytes, which are for the header's tracer."""
        def flush(_user, ir, out, nbytes):
            mod = self.traced_module(kernel, name, ir.decode())
            if not mod.m:
                return 1
            bufs = [C.create_string_buffer(b, len(b)) for b in before]
            scratch = C.create_string_buffer(nbytes)
            dt = self.L.sim_dtype({1: "i8", 2: "f16", 4: "f32", 8: "i64"}[nbytes])
            args = [("gm", C.cast(b, C.c_void_p).value, x[2], x[3], x[4]) for b, x in zip(bufs, gms)]
            args.append(("gm", C.cast(scratch, C.c_void_p).value, nbytes, dt, "scratch"))
            opts = dict(common, blocks=1, sanitize=0, race_warn=True)
            self.L.launch(mod, name, args, **opts)
            C.memmove(out, scratch, nbytes)
            return 0
        self._flush = self.FLUSH(flush)  # alive while the kernel runs
        return self._flush

    def traced_module(self, kernel, name, ir):
        """The simulator's pipeline for the traced module without its sync stages: the C++ states the syncs
        the kernel's sync stages placed on the structured IR (emit_choice), as the Python launch ran them."""
        o = kernel.options
        return self.L.Module(name, ir, {}, self.L.PipelineChoice(run_passes=o.get("run_passes", True),
                                                                 insert_sync=False,
                                                                 auto_sync=self.trace_sync.get(kernel.module, False)))

    def compile_hook(self, orig):
        from asc.runtime import compiler

        def run(comp, traced, func_name, stacklevel=5):
            ck = orig(comp, traced, func_name, stacklevel)
            try:
                emitted, self.trace_sync[ck.module] = sync_split(self.L, comp.options, traced.text)
                self.sources[ck.module] = compiler.translate(traced, func_name, syncs=emitted)
            except compiler.CompilationError as e:
                self.sources[ck.module] = e
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
        src = self.sources.get(kernel.module)
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
        bufs = [gm_copy(b) for b in before]
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
        flush = self.flush_fn(kernel, name, gms, before, common)
        k.asc_run_set_flush(flush, None)
        ffts = C.c_uint64(0)
        cargs.append(C.byref(ffts))
        fn = getattr(k, name)
        fn.restype = None
        blocks, b = common["blocks"], 0
        while b < blocks * k.asc_run_ratio():  # a MIX kernel's body: once per vector core (docs/emit.md)
            k.asc_run_block(b, blocks)
            fn(*cargs)
            b += 1
        p = k.asc_run_ir()
        if not p:
            return "trace failed: " + k.asc_run_error().decode()
        ir = C.string_at(p).decode()
        k.asc_run_free(C.c_void_p(p))
        with open(os.path.join(self.tmp, tag + ".traced.mlir"), "w") as fh:
            fh.write(ir)
        mod = self.traced_module(kernel, name, ir)
        if not mod.m:
            return "traced IR rejected:\n" + "".join(mod.diags.errors)[-3000:]
        targs = [("gm", C.cast(bufs[i], C.c_void_p).value, x[2], x[3], x[4]) for i, x in enumerate(gms)]
        p2 = os.path.join(self.tmp, tag + ".cxx")
        rc2, rep2 = self.L.launch(mod, name, targs, profile=p2, **common)
        after2 = [b.raw[:len(x)] for b, x in zip(bufs, before)]
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


SPEC_ARG = re.compile(r"(\w+)=(\w+\.npy(?::\w+:\d+)?|\w+:-?\d+)")
NP_DT = {"f16": "float16", "f32": "float32", "i32": "int32", "i16": "int16", "i8": "int8", "u8": "uint8"}


# Launch lines for IR files that name none (the anchors: bench/calibrate.py's interface and tile, fewer elements)
IR_LAUNCH = {f"examples/ir/{k}.mlir": "// RUN: --blocks 4 x=x.npy:f16:65536 y=y.npy:f16:65536 z=z.npy:f16:65536 "
             "n=i32:65536 tile=i32:4096" for k in ("anchor_add", "anchor_add_db")}


def ir_launch_spec(text):
    """(blocks, [(name, kind, dtype, count or value)]) of an IR file's launch line: the corpus's
    `// RUN: --blocks N a=a.npy:f32:64 n=i32:8` or a tutorial's `asc-run FILE --blocks N ...` usage (an array
    without dtype and count has the dtype of the parameter and the count of another array of that dtype)."""
    head = "\n".join(ln[2:] for ln in text.splitlines() if ln.startswith("//")).replace("\\\n", " ")
    m = re.search(r"(?:RUN:|asc-run \S+)((?:\s+(?:--blocks\s+\d+|\w+=\S+))+)", head)
    if not m:
        return None
    b = re.search(r"--blocks\s+(\d+)", m.group(1))
    args = []
    for name, v in SPEC_ARG.findall(m.group(1)):
        if ".npy" in v:
            parts = v.split(":")
            args.append((name, "gm", parts[1] if len(parts) > 1 else None, int(parts[2]) if len(parts) > 2 else None))
        else:
            dt, val = v.split(":")
            args.append((name, "int", dt, int(val)))
    return (int(b.group(1)) if b else 1), args


# Hand-written Ascend C (tests/ascendc/) run through the header's running mode: kernel, blocks, GM arguments
# (name, dtype, count) and the expected outputs from the inputs, computed by numpy.
def vector_mask_numpy(a):
    """vector_mask.cpp step by step: b = x + x (64 lanes x 8 repeats); c = 0, then b * x on the first 32
    lanes of each 64 (bit mask); c *= -0.5; b = |c|; counter mode: c = b + 1 on the first 200 elements."""
    import numpy as np
    x = a["x"]
    b = x + x
    c = np.zeros_like(x)
    lanes = np.arange(x.size) % 64 < 32
    c[lanes] = (b * x)[lanes]
    c = c * np.float32(-0.5)
    b = np.abs(c)
    c[:200] = b[:200] + np.float32(1)
    return {"z": c}


HAND_WRITTEN = {
    "tests/ascendc/add_tque.cpp": ("add_custom", 8, [("x", "f16", 16384), ("y", "f16", 16384), ("z", "f16", 16384)],
                                   lambda a: {"z": a["x"] + a["y"]}),
    "tests/ascendc/vector_mask.cpp": ("vec_mask", 1, [("x", "f32", 512), ("z", "f32", 512)], vector_mask_numpy),
    "tests/ascendc/matmul_basic.cpp": ("matmul_basic", 1, [("a", "f16", 1024), ("b", "f16", 1024), ("c", "f32", 1024)],
                                       lambda a: {"c": a["a"].reshape(32, 32).astype("float32")
                                                  @ a["b"].reshape(32, 32).astype("float32")}),
}
# kernels whose float inputs are small integers (products and sums exact in any order)
SMALL_INTS = {"tests/ascendc/vector_mask.cpp", "tests/ascendc/matmul_basic.cpp"}


def hand_key(rt, path):
    return next((k for k in HAND_WRITTEN if os.path.abspath(os.path.join(rt.a.root, k)) == os.path.abspath(path)), None)


def run_twin(key, blocks, arrays):
    """The outputs of key's Python twin (tests/ascendc/twins.py) on copies of arrays."""
    import asc.lib.runtime as rtm
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "ascendc"))
    import twins
    copies = {n: a.copy() for n, a in arrays.items()}
    twins.TWINS[key][blocks, rtm.current_stream()](*copies.values())
    return copies


def trace_cpp(rt, path, name, blocks, spec, arrays, drop=None):
    """Build the kernel (without the lines containing `drop`), trace it on arrays, launch the trace;
    (message or None, rc, report)."""
    from asc.runtime import config
    src = path
    if drop:
        src = os.path.join(rt.tmp, os.path.basename(path))  # same name: findings name the file
        with open(path) as fh, open(src, "w") as out:
            out.write("".join(ln if drop not in ln else "\n" for ln in fh))
    so = os.path.join(rt.tmp, name + ".so")
    r = subprocess.run([rt.a.cxx, "-std=c++17", "-Wall", "-Werror", "-O1", "-shared", "-fPIC", "-DASC_RUN", "-I",
                        os.path.join(rt.a.root, "include", "ascendc"), src, "-o", so], capture_output=True,
                       text=True, env=NATIVE_ENV)
    if r.returncode:
        return "does not build:\n" + r.stderr[-3000:], None, None
    k = C.CDLL(so)
    k.asc_run_ir.restype = C.c_void_p
    k.asc_run_error.restype = C.c_char_p
    k.asc_run_begin(name.encode())
    for n, dt, c in spec:
        a = arrays[n]
        k.asc_run_gm(C.c_void_p(a.ctypes.data), C.c_size_t(a.nbytes), IR_ELEM.get(dt, dt).encode(),
                     C.c_size_t(a.itemsize))
    fn = getattr(k, name)
    fn.restype = None
    b = 0
    while b < blocks * k.asc_run_ratio():  # a MIX kernel's body: once per vector core
        k.asc_run_block(b, blocks)
        fn(*[C.c_void_p(arrays[n].ctypes.data) for n, _, _ in spec])
        b += 1
    p = k.asc_run_ir()
    if not p:
        return "trace failed: " + k.asc_run_error().decode(), None, None
    ir = C.string_at(p).decode()
    k.asc_run_free(C.c_void_p(p))
    mod = rt.L.Module(name, ir, {}, rt.L.PipelineChoice())
    if not mod.m:
        return "traced IR rejected:\n" + "".join(mod.diags.errors)[-3000:], None, None
    largs = [("gm", arrays[n].ctypes.data, arrays[n].nbytes, rt.L.sim_dtype(dt), n) for n, dt, _ in spec]
    rc, rep = rt.L.launch(mod, name, largs, platform=config.current_platform().value, blocks=blocks)
    return None, rc, rep


def hand_inputs(key, spec):
    import numpy as np
    rng = np.random.default_rng(0)
    return {n: (rng.uniform(-1, 1, c) if dt[0] == "f" and key not in SMALL_INTS else rng.integers(-4, 5, c))
            .astype(NP_DT[dt]) for n, dt, c in spec}


def compare_outputs(arrays, want, label):
    import numpy as np
    return [f"{n} differs from {label}" + (f" (first at {np.flatnonzero(arrays[n].ravel() != v.ravel())[:3]})"
                                           if arrays[n].size == v.size else "")
            for n, v in want.items() if arrays[n].tobytes() != v.astype(arrays[n].dtype).tobytes()]


def run_cpp(rt, path):
    """A hand-written kernel: built with -DASC_RUN, traced once per block on random inputs, launched on the
    simulator; its outputs must equal numpy's and its Python twin's (tests/ascendc/twins.py) byte for byte and
    the launch must report nothing."""
    key = hand_key(rt, path)
    if key is None:
        rt.results.append((path, False, "not in HAND_WRITTEN"))
        return
    name, blocks, spec, expect = HAND_WRITTEN[key]
    arrays = hand_inputs(key, spec)
    want = expect(arrays)
    twin = run_twin(key, blocks, arrays)
    msg, rc, rep = trace_cpp(rt, path, name, blocks, spec, arrays)
    if msg:
        rt.results.append((name, False, msg))
        return
    bad = [f"launch rc {rc}"] if rc else []
    bad += [f"finding: {t.strip()}" for _, t in rep["diagnostics"]]
    bad += compare_outputs(arrays, want, "numpy")
    bad += compare_outputs(arrays, {n: twin[n] for n in want}, "the Python twin")
    rt.results.append((name, not bad, "; ".join(bad) or "equal to numpy and to the Python twin, no findings"))


# A race seeded into a hand-written kernel (the lines containing `drop` deleted) must be reported at the
# C++ line of the access that races: kernel file, text to drop, the line's text and the finding's kind.
SEEDED_RACES = {
    "tests/ascendc/vector_mask.cpp": ("WaitFlag<AscendC::HardEvent::V_MTE3>", "AscendC::DataCopy(zGm, c, 512);", "race"),
}


def run_race(rt, path):
    key = hand_key(rt, path)
    name, blocks, spec, _ = HAND_WRITTEN[key]
    drop, at, kind = SEEDED_RACES[key]
    with open(path) as fh:
        line = next(i for i, ln in enumerate(fh, 1) if at in ln)
    want = f"{os.path.basename(path)}:{line}:"
    msg, rc, rep = trace_cpp(rt, path, name, blocks, spec, hand_inputs(key, spec), drop=drop)
    if msg:
        rt.results.append((name + " (seeded race)", False, msg))
        return
    hits = [t for _, t in rep["diagnostics"] if want in t and kind in t]
    rt.results.append((name + " (seeded race)", bool(hits), f"reported at {want} {hits[0].splitlines()[0]!r}" if hits
                       else f"no {kind} at {want}: " + " | ".join(t.splitlines()[0] for _, t in rep["diagnostics"])))


# Hand-written kernels with a host main in the samples' style (tests/ascendc/host/), launched through
# include/ascendc/acl_shim.h: main, kernel, the GM arrays the main writes to argv[1] (name, dtype, count).
HOST_MAINS = {
    "tests/ascendc/host/add_tque_main.cpp": ("tests/ascendc/add_tque.cpp",
                                             [("x", "f16", 16384), ("y", "f16", 16384), ("z", "f16", 16384)]),
}


def run_host(rt, path):
    """A kernel and its host main built into one program with g++ against the header and libasc, run: it must
    exit 0 (its own check), and its outputs must equal the Python twin's on the inputs it used."""
    import numpy as np
    rel = next(k for k in HOST_MAINS if os.path.abspath(os.path.join(rt.a.root, k)) == os.path.abspath(path))
    kernel, spec = HOST_MAINS[rel]
    name, blocks = HAND_WRITTEN[kernel][:2]
    exe = os.path.join(rt.tmp, name + ".host")
    lib = os.path.dirname(os.path.abspath(rt.a.lib))
    # the sanitizer tree's libasc needs the sanitizer runtimes linked into the program (the Python
    # checks preload them instead: LD_PRELOAD names libasan there)
    san = ["-fsanitize=address,undefined"] if "asan" in os.environ.get("LD_PRELOAD", "") else []
    r = subprocess.run([rt.a.cxx, *san, "-std=c++17", "-Wall", "-Werror", "-O1", "-DASC_RUN", "-I",
                        os.path.join(rt.a.root, "include", "ascendc"), "-I", os.path.join(rt.a.root, "include"),
                        os.path.join(rt.a.root, kernel), path, "-L", lib, "-lasc", "-Wl,-rpath," + lib, "-o", exe],
                       capture_output=True, text=True, env=NATIVE_ENV)
    if r.returncode:
        rt.results.append((name + " (host)", False, "does not build:\n" + r.stderr[-3000:]))
        return
    out = os.path.join(rt.tmp, name + ".bin")
    r = subprocess.run([exe, out], capture_output=True, text=True, env=NATIVE_ENV)
    if r.returncode:
        rt.results.append((name + " (host)", False, f"exit {r.returncode}: {r.stdout}{r.stderr[-2000:]}"))
        return
    raw = np.fromfile(out, dtype=np.uint8)
    arrays, off = {}, 0
    for n, dt, c in spec:
        nb = c * np.dtype(NP_DT[dt]).itemsize
        arrays[n] = raw[off:off + nb].view(NP_DT[dt]).copy()
        off += nb
    inputs = {n: (a if n != spec[-1][0] else np.zeros_like(a)) for n, a in arrays.items()}
    twin = run_twin(kernel, blocks, inputs)
    bad = compare_outputs({spec[-1][0]: arrays[spec[-1][0]]}, {spec[-1][0]: twin[spec[-1][0]]}, "the Python twin")
    rt.results.append((name + " (host)", not bad, "; ".join(bad) or r.stdout.strip() + "; equal to the Python twin"))


class IrKernel:
    """What the launch hook needs of a compiled kernel, for an IR file."""
    def __init__(self, module, options):
        self.module, self.options = module, options


def run_ir(rt, path):
    """The round trip of an IR file (a tutorial or a clean corpus kernel): IR -> simulator against IR -> Ascend C
    -> g++ -> header -> IR -> simulator, with random inputs of the sizes its launch line gives."""
    import numpy as np
    from asc.runtime import config
    text = open(path).read()
    over = next((v for k, v in IR_LAUNCH.items() if os.path.abspath(os.path.join(rt.a.root, k)) == os.path.abspath(path)),
                None)
    spec = ir_launch_spec(over or text)
    if spec is None:
        rt.results.append((path, False, "no launch line"))
        return
    blocks, sargs = spec
    name = re.search(r'sym_name = "(\w+)"', text).group(1)
    sig = re.search(r"\^bb0\(([^)]*)\)", text).group(1)
    ptypes = re.findall(r"gm_ptr<(\w+)>", sig)
    counts = {dt: n for _, k, dt, n in sargs if k == "gm" and dt and n}
    rng = np.random.default_rng(0)
    arrays, largs, gi = [], [], 0
    for n, kind, dt, v in sargs:
        if kind == "gm":
            dt = dt or ptypes[gi]
            cnt = v or counts[dt]
            a = (rng.uniform(-1, 1, cnt) if dt[0] == "f" else rng.integers(-8, 8, cnt)).astype(NP_DT[dt])
            arrays.append(a)
            largs.append(("gm", a.ctypes.data, a.nbytes, rt.L.sim_dtype(dt), n))
            gi += 1
        else:
            largs.append(("int", rt.L.sim_dtype(dt), v, n))
    mod = rt.L.Module(name, text, {}, rt.L.PipelineChoice())
    src = rt.L.Module(name, text, {}, None).ascendc(1, rt.L.PipelineChoice())
    rt.sources[mod] = src if src is not None else Exception("no Ascend C")
    gms = [x for x in largs if x[0] == "gm"]
    before = [C.string_at(x[1], x[2]) for x in gms]
    common = dict(platform=config.current_platform().value, blocks=blocks, sanitize=1, strict_gm=True,
                  kernel_type=-1, race_warn=False)
    tag = os.path.basename(path)[:-5]
    p1 = os.path.join(rt.tmp, tag + ".ir")
    rc1, rep1 = rt.L.launch(mod, name, largs, profile=p1, **common)
    after1 = [C.string_at(x[1], x[2]) for x in gms]
    msg = rt.cxx_path(tag, IrKernel(mod, {}), name, largs, gms, before, common, rc1, rep1, after1, p1)
    rt.results.append((tag, msg is None, msg or "identical"))


# Upstream pyasc's kernels (by path in its repository) that round-trip identically today; docs/emit.md's table
# says what the other tutorials and kernel tests that run on openasc (docs/conformance.md) lack.
UPSTREAM = ["python/tutorials/01_add/add.py", "python/tutorials/02_add_framework/add_framework.py",
            "python/test/kernels/test_vadd.py", "python/test/kernels/test_bilinear_interpolation.py",
            "python/test/kernels/insert_sync/test_vadd.py", "python/test/kernels/insert_sync/test_vadd_scalar.py",
            "python/tutorials/03_matmul_mix/matmul_mix.py", "python/tutorials/04_matmul_cube_only/matmul_cube_only.py",
            "python/tutorials/05_matmul_leakyrelu/matmul_leakyrelu.py", "python/test/kernels/test_matmul.py",
            "python/test/kernels/insert_sync/test_quant_dynamic.py",
            "python/test/generalization/adv/test_matmul.py", "python/test/generalization/adv/test_matmul_iterate_all.py",
            "python/test/generalization/adv/test_matmul_iterate_batch.py", "python/test/generalization/adv/test_quant.py",
            "python/test/generalization/basic/test_axpy.py", "python/test/generalization/basic/test_copy.py",
            "python/test/generalization/basic/test_transpose.py", "python/test/generalization/basic/test_transpose_ext.py",
            "python/test/generalization/basic/test_trans_5hd_tensor_list.py", "python/test/generalization/basic/test_aipp.py",
            "python/test/generalization/basic/test_duplicate.py", "python/test/generalization/basic/test_vsqrt.py",
            "python/test/generalization/basic/test_vadd.py", "python/test/generalization/basic/test_vadd_bits.py",
            "python/test/generalization/basic/test_vadd_l0.py", "python/test/generalization/basic/test_vadd_tiling.py",
            "python/test/generalization/basic/test_vadds.py"]
# Test cases whose own reference fails on this machine's torch 1.13 after every launch ran (docs/conformance.md,
# "The 10 generalization failures": torch.dtype.itemsize, no half sqrt / round on the CPU), by the prefix of
# their pytest name: their launches are compared, their verdict is not; every other case's verdict counts.
KNOWN_FAILS = {"python/test/generalization/basic/test_copy.py": ["test_copy["],
               "python/test/generalization/basic/test_vsqrt.py": ["test_vsqrt[Backend.Model-dtype0-size0]"],
               "python/test/generalization/adv/test_quant.py": ["test_quant[True-Backend.Model-dtype1-size1]",
                                                                "test_quant[False-Backend.Model-dtype1-size1]"]}
def run_upstream(a):
    """Extract upstream's python/tutorials, python/test/kernels and python/test/generalization (its BACKENDS
    switched to the Model backend) into a scratch directory and round-trip each file of UPSTREAM from its own
    directory (one process each, as for the examples); exit 77 (ctest's skip) with a message if the
    repository is absent."""
    if not os.path.isdir(a.upstream):
        print(f"SKIP upstream round trip: no repository at {a.upstream}")
        return 77
    tmp = tempfile.mkdtemp(prefix="emit-roundtrip-upstream-")
    try:
        emit_upstream.extract(a.upstream, tmp)  # the generalization tests on the Model backend
        bad = 0
        for rel in a.examples or UPSTREAM:
            path = os.path.join(tmp, rel)
            cmd = [sys.executable, os.path.abspath(__file__), "--lib", os.path.abspath(a.lib), "--root",
                   os.path.abspath(a.root), "--cxx", a.cxx, path] + [f"--known-fail={k}" for k in
                                                                     KNOWN_FAILS.get(rel, [])]
            # as docs/conformance.md runs upstream's suites: openasc's lenient default, not the test suite's
            # ASC_STRICT (test_bilinear_interpolation writes past its tensor, which the hardware lets through)
            env = {k: v for k, v in os.environ.items() if k != "ASC_STRICT"}
            r = subprocess.run(cmd, capture_output=True, text=True, cwd=os.path.dirname(path), env=env)
            lines = [ln.replace(tmp + "/", "upstream:") for ln in r.stdout.splitlines()
                     if ln.startswith(("PASS", "FAIL", "  python:", "  c++:"))]
            print("\n".join(lines) if lines else f"FAIL upstream:{rel}: exit {r.returncode}\n{r.stderr[-2000:]}",
                  flush=True)
            bad += r.returncode != 0
        print(f"{len(a.examples or UPSTREAM) - bad}/{len(a.examples or UPSTREAM)} upstream files round-trip identically")
        return 1 if bad else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


class Failures:
    """pytest plugin: the failed cases not named by a --known-fail prefix."""

    def __init__(self, known):
        self.known, self.unexpected = known, []

    def pytest_runtest_logreport(self, report):
        name = report.nodeid.split("::", 1)[-1]
        if report.failed and not any(name.startswith(k) for k in self.known):
            self.unexpected.append(name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--keep", help="keep the C++, the .so, the traced IR and the profiles here")
    ap.add_argument("--upstream", metavar="REPO",
                    help="the round trip of upstream pyasc's tutorials and kernel tests, read from this git "
                         "repository (hicann/pyasc, bare or not) at run time; nothing of it is kept")
    ap.add_argument("--known-fail", action="append", default=[], metavar="PREFIX",
                    help="a test case (pytest name prefix) whose own verdict is not counted (its reference fails on "
                         "this machine): only its launches are compared")
    ap.add_argument("examples", nargs="*", help="with --upstream: paths in the upstream repository")
    a = ap.parse_args()
    if a.upstream:
        return run_upstream(a)
    if not a.examples:
        a.examples = [os.path.join(a.root, ex) for ex in ROUND_TRIP]
    if len(a.examples) > 1:  # one process per example: a crash is that example's failure
        bad = 0
        for ex in a.examples:
            cmd = [sys.executable, __file__, "--lib", a.lib, "--root", a.root, "--cxx", a.cxx, ex]
            if a.keep:
                cmd += ["--keep", os.path.join(a.keep, os.path.basename(ex).rsplit(".", 1)[0])]
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
                if ex.endswith(".mlir"):
                    run_ir(rt, ex)
                elif ex.endswith(".cpp") and "/host/" in ex:
                    run_host(rt, ex)
                elif ex.endswith(".cpp:race"):
                    run_race(rt, ex[:-5])
                elif ex.endswith(".cpp"):
                    run_cpp(rt, ex)
                elif os.path.basename(ex).startswith("test_"):  # a pytest file or test (file.py::test_name)
                    import pytest
                    failures = Failures(a.known_fail)
                    code = pytest.main([ex, "-q", "-p", "no:cacheprovider", "--import-mode=importlib"],
                                       plugins=[failures])
                    if code not in (0, 1, 5) or failures.unexpected:
                        rt.results.append((ex, False, f"pytest exited {int(code)}: {failures.unexpected}"))
                else:
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
            rel = os.path.relpath(ex, a.root)
            print(f"{'PASS' if ok else 'FAIL'} {ex if rel.startswith('..') else rel} {tag}: {msg}", flush=True)
            failed += not ok
    if not a.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{len(rt.results) - failed}/{len(rt.results)} launches of {a.examples[0]} round-trip identically")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
