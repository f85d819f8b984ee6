"""Ascend C emission from Python (docs/emit.md): kernel.ascendc(...) and the ascendc.cpp dump.

Expected spellings come from the Ascend C API documentation (AscendC::Add(dst, src0, src1, count),
TQue<TPosition::VECIN, depth>, SetFlag<HardEvent::...>) and pyasc's kernel conventions (extern "C"
__global__ __aicore__, a trailing ffts_addr)."""
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@asc.jit
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qx, 1, 256 * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, 256 * x.dtype.sizeof())
    a = qx.alloc_tensor(x.dtype)
    asc.data_copy(a, xg, 256)
    qx.enque(a)
    b = qx.deque(x.dtype)
    c = qz.alloc_tensor(x.dtype)
    asc.add(c, b, b, 256)
    qz.enque(c)
    qx.free_tensor(b)
    d = qz.deque(x.dtype)
    asc.data_copy(zg, d, 256)
    qz.free_tensor(d)


def test_ascendc_returns_the_kernel_source():
    x = np.zeros(256, np.float16)
    src = vadd.ascendc(x, x, x, 256, line_mode=0)
    assert '#include "kernel_operator.h"' in src
    assert re.search(r'extern "C" __global__ __aicore__ void vadd\(__gm__ half\* v0, __gm__ half\* v1, '
                     r'__gm__ half\* v2, int32_t v3, __gm__ uint64_t\* ffts_addr\) \{', src)
    assert "AscendC::TQue<AscendC::TPosition::VECIN, 1>" in src
    assert re.search(r"AscendC::Add\((v\d+), (v\d+), \2, (v\d+)\);", src)
    assert "#line" not in src


@asc.jit
def vcopy(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    zg.set_global_buffer(z, 256)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)  # MTE2 in, MTE3 out
    pipe.init_buffer(q, 1, 512)
    a = q.alloc_tensor(x.dtype)
    asc.data_copy(a, xg, 256)
    q.enque(a)
    b = q.deque(x.dtype)
    asc.data_copy(zg, b, 256)
    q.free_tensor(b)


def test_bf16_is_bfloat16_t_not_half():
    torch = pytest.importorskip("torch")
    x = torch.zeros(256, dtype=torch.bfloat16)
    src = vcopy.ascendc(x, x, line_mode=0)
    assert "__gm__ bfloat16_t* v0" in src and "LocalTensor<bfloat16_t>" in src
    assert "half" not in src


def test_line_directives_name_the_python_line():
    x = np.zeros(256, np.float32)
    src = vadd.ascendc(x, x, x, 256)
    here = os.path.abspath(__file__)
    add_line = next(i for i, l in enumerate(open(here), 1) if "asc.add(c, b, b, 256)" in l)
    lines = src.splitlines()
    k = next(i for i, l in enumerate(lines) if "AscendC::Add(" in l)
    # the line a C++ compiler gives the call: the last #line's plus the lines after it (docs/emit.md)
    d = next(i for i in range(k - 1, -1, -1) if lines[i].startswith("#line"))
    n, f = lines[d].split(" ", 2)[1:]
    assert (int(n) + k - d - 1, f) == (add_line, f'"{here}"')


def test_dump_path_keeps_ascendc_cpp(tmp_path):
    env = dict(os.environ, PYASC_DUMP_PATH=str(tmp_path), PYTHONPATH=os.path.join(ROOT, "python"))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "01_add", "add.py")], env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    cpp = (tmp_path / "ascendc.cpp").read_text()
    assert 'extern "C" __global__ __aicore__ void add_kernel(' in cpp
    assert "AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(" in cpp
    assert "AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(" in cpp
    assert (tmp_path / "ascir.mlir").exists()


def test_op_without_ascendc_form_is_a_compilation_error():
    from asc.runtime.compiler import TracedModule, translate
    text = ('"builtin.module"() ({\n"func.func"() ({\n'
            '  "asc.matmul_misuse"() {reason = "x"} : () -> () loc("k.py":7:3)\n'
            '  "func.return"() : () -> ()\n}) {function_type = () -> (), sym_name = "k"} : () -> ()\n}) : () -> ()\n')
    with pytest.raises(asc.CompilationError if hasattr(asc, "CompilationError") else Exception) as e:
        translate(TracedModule(text, []), "k")
    assert "k.py:7:3: error: 'asc.matmul_misuse' has no Ascend C form" in str(e.value)


def test_emit_dir_keeps_every_kernel(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_EMIT_DIR", str(tmp_path))
    x = np.arange(256, dtype=np.int16)
    z = np.zeros(256, dtype=np.int16)
    vcopy[1, rt.current_stream()](x, z)
    np.testing.assert_array_equal(z, x)
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["vcopy.0.cpp"], kept
    text = (tmp_path / "vcopy.0.cpp").read_text()
    assert "__gm__ int16_t* v0" in text
    assert "AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1>" in text
