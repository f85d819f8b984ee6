"""Host-memory safety of the simulator driven from Python (issue 12, items 1 and 8).

These tests also run in the sanitizer build: CTest's pytest preloads the ASan runtime and
loads build-asan's libasc (see docs/sanitizers.md), so a heap overflow inside libasc fails
them.  Hand-written IR goes through asc._lib (the same parse / verify / launch path as a
jit kernel) in a child process, so a crash shows as a failed test, not a dead pytest."""
import inspect
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import asc

PKG = os.path.dirname(os.path.dirname(os.path.abspath(asc.__file__)))  # the python/ directory in use

# k(x: f32[64], n: i64): a vector add (or a data_copy) whose count operand is i64.
ADD_I64 = """
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %n: i64):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c64 = "arith.constant"() {value = 64 : i32} : () -> i32
    %c256 = "arith.constant"() {value = 256 : i32} : () -> i32
    %f0 = "arith.constant"() {value = 0.0 : f32} : () -> f32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    %b = "asc.local_tensor"(%c256, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    "asc.duplicate"(%a, %f0, %c64) : (!asc.local_tensor<f32, VECIN>, f32, i32) -> ()
    BODY loc("k.py":9:4)
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i64) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
"""
LT = "!asc.local_tensor<f32, VECIN>"
BODIES = {
    "add": f'"asc.add"(%b, %a, %a, %n) : ({LT}, {LT}, {LT}, i64) -> ()',
    "data_copy": f'"asc.data_copy"(%a, %xg, %n) : ({LT}, !asc.global_tensor<f32>, i64) -> ()',
    "gm_offset": '%p = "asc.gm_offset"(%x, %n) : (!asc.gm_ptr<f32>, i64) -> !asc.gm_ptr<f32>',
}

CHILD = """
import ctypes, sys
import numpy as np
from asc import _lib
ir, n = sys.stdin.read(), int(sys.argv[1])
m = _lib.Module("k.mlir", ir, {}, "")
assert m.m, m.diags.errors
x = np.zeros(64, np.float32)
rc, rep = _lib.launch(m, "k", [("gm", x.ctypes.data_as(ctypes.c_void_p), x.nbytes, _lib.sim_dtype("f32"), "x"),
                               ("int", _lib.sim_dtype("i64"), n, "n")], "Ascend910B1", 1)
print("rc", rc)
for e in rep["errors"]:
    print("ERROR", e)
"""


def run_ir(body, n):
    env = dict(os.environ, PYTHONPATH=PKG)
    p = subprocess.run([sys.executable, "-c", CHILD, str(n)], input=ADD_I64.replace("BODY", body),
                       capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stdout + p.stderr


# 2**62 + 8 f32 elements are 2**64 + 32 bytes: 32 bytes after wrapping, which passed the
# bounds check and then ran 2**62 iterations over the 192 KB UB (segfault / heap overflow).
@pytest.mark.parametrize("op", sorted(BODIES))
def test_i64_count_is_rejected_not_run(op):
    rc, out = run_ir(BODIES[op], 2**62 + 8)
    assert rc == 0, out  # the child process survived
    assert "rc 0" not in out, out
    assert f"'asc.{op}' op operand '" in out and "' must be i32, but got 'i64'" in out, out  # named: 'count', 'offset'


def test_i64_count_is_fine_when_small_but_still_rejected():
    # the verifier rejects the type, whatever the value: what the Python API never emits
    rc, out = run_ir(BODIES["add"], 64)
    assert rc == 0 and "must be i32, but got 'i64'" in out, out


# ---- item 8: reduce_sum's shared_tmp_buffer ----------------------------------------------------------------------
@asc.jit
def reduce_tmp_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tmp_elems: asc.ConstExpr[int],
                      late_copy: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(qx, 1, 1024 * 4)
    pipe.init_buffer(qz, 1, 32)
    pipe.init_buffer(tmp, tmp_elems * 4)
    work = tmp.get(x.dtype)
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, 1024)
    qx.enque(xl)
    xl = qx.deque(x.dtype)
    if late_copy:
        asc.data_copy(work, xg, 8)  # RACE: MTE2 writes the scratch buffer the reduction writes on V
    zl = qz.alloc_tensor(z.dtype)
    asc.reduce_sum(zl, xl, work, 1024)  # MARK
    qz.enque(zl)
    qx.free_tensor(xl)
    zl = qz.deque(z.dtype)
    asc.data_copy_pad(zg, zl, asc.DataCopyExtParams(1, 4, 0, 0, 0))
    qz.free_tensor(zl)


def _line(marker):
    lines, start = inspect.getsourcelines(reduce_tmp_kernel.fn)
    return start + next(i for i, ln in enumerate(lines) if marker in ln)


def test_reduce_sum_tmp_buffer_too_small():
    # 1024 f32 = 16 repeats of 64: 16 partial sums, a whole number of 32-byte blocks -> 16 elements
    x = np.arange(1024, dtype=np.float32) % 5
    z = np.zeros(8, np.float32)
    with pytest.raises(asc.KernelError) as ei:
        reduce_tmp_kernel[1](x, z, 8, False)
    text = str(ei.value)
    assert "shared_tmp_buffer holds 8 elements, but a reduction of 1024 elements needs at least 16" in text, text
    assert f"{__file__}:{_line('# MARK')}:" in text, text
    reduce_tmp_kernel[1](x, z, 16, False)
    assert z[0] == x.sum()


def test_reduce_sum_tmp_buffer_race_is_seen():
    x = np.ones(1024, np.float32)
    z = np.zeros(8, np.float32)
    with pytest.raises(asc.KernelError) as ei:
        reduce_tmp_kernel[1](x, z, 16, True)
    text = str(ei.value)
    assert "race" in text, text
    assert f":{_line('# MARK')}:" in text and f":{_line('# RACE')}" in text, text
