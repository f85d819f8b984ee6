"""LocalTensorAuto and insert_sync (docs/sync.md, docs/pyasc-passes.md, sync.md A.0-A.6, B.9):
kernels written with compiler-managed local tensors run exactly and race-free through openasc's
pipeline (plan-auto-tensors, auto-sync-full) and through pyasc's (insert_sync="pyasc":
input-output-tensor ... insert-sync); insert_sync=None turns it on iff the kernel uses
LocalTensorAuto; without it such a kernel fails with a clear message."""
import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

TILE = 256
ALPHA = 0.125


@asc.jit
def auto_add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    for i in range(block_length // TILE):
        x_local = asc.LocalTensorAuto(x.dtype, TILE)
        y_local = asc.LocalTensorAuto(y.dtype, [TILE])
        z_local = asc.LocalTensorAuto(z.dtype, TILE)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        asc.data_copy(y_local, y_gm[i * TILE:], TILE)
        asc.add(z_local, x_local, y_local, TILE)
        asc.data_copy(z_gm[i * TILE:], z_local, TILE)


@asc.jit
def auto_leaky_relu_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int, tile: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    for i in range(block_length // tile):
        x_local = asc.LocalTensorAuto(x.dtype, tile)          # dynamic: sized by a kernel argument
        wide = asc.LocalTensorAuto(asc.float32, tile)          # temporaries: TBufs
        act = asc.LocalTensorAuto(asc.float32, tile)
        z_local = asc.LocalTensorAuto(z.dtype, tile)
        asc.data_copy(x_local, x_gm[i * tile:], tile)
        asc.cast(wide, x_local, asc.RoundMode.CAST_NONE, tile)
        asc.leaky_relu(act, wide, ALPHA, tile)
        asc.cast(z_local, act, asc.RoundMode.CAST_RINT, tile)
        asc.data_copy(z_gm[i * tile:], z_local, tile)


def clean(rep):
    assert rep["errors"] == [] and rep["warnings"] == [], (rep["errors"], rep["warnings"])


def leaky(x):
    w = x.astype(np.float32)
    return np.where(w >= 0, w, w * np.float32(ALPHA)).astype(np.float16)


@pytest.mark.parametrize("cores", [1, 8])
def test_auto_add_is_exact_and_clean(cores):
    n = 4 * TILE
    rng = np.random.default_rng(3)
    x = rng.uniform(-1, 1, cores * n).astype(np.float16)
    y = rng.uniform(-1, 1, cores * n).astype(np.float16)
    z = np.zeros_like(x)
    auto_add_kernel[cores](x, y, z, n)
    assert np.array_equal(z, x + y)
    clean(rt.last_report())


def test_auto_leaky_relu_with_temporaries_is_exact_and_clean():
    cores, n = 4, 8 * TILE
    x = np.random.default_rng(4).uniform(-4, 4, cores * n).astype(np.float16)
    z = np.zeros_like(x)
    auto_leaky_relu_kernel[cores](x, z, n, TILE)
    assert np.array_equal(z, leaky(x))
    clean(rt.last_report())


@pytest.mark.parametrize("kernel,args", [("add", ()), ("leaky", (TILE,))])
def test_planned_tensors_beat_pyasc_queues(kernel, args):
    """openasc's lowering double-buffers what pyasc gives depth-1 queues: same results, no
    reports, fewer simulated cycles."""
    k = auto_add_kernel if kernel == "add" else auto_leaky_relu_kernel
    n = 16 * TILE
    rng = np.random.default_rng(5)
    ins = [rng.uniform(-1, 1, 4 * n).astype(np.float16) for _ in range(2 if kernel == "add" else 1)]
    cycles, outs = {}, {}
    for mode in (True, "pyasc"):
        z = np.zeros_like(ins[0])
        k[4](*ins, z, n, *args, insert_sync=mode)
        clean(rt.last_report())
        cycles[mode], outs[mode] = rt.last_report()["cycles"], z
    want = ins[0] + ins[1] if kernel == "add" else leaky(ins[0])
    assert np.array_equal(outs[True], want) and np.array_equal(outs["pyasc"], want)
    assert cycles[True] < cycles["pyasc"], cycles


def test_insert_sync_true_is_the_default_for_auto_tensors():
    n = 2 * TILE
    x = np.arange(n, dtype=np.float16) / 64
    y = np.ones(n, np.float16)
    z = np.zeros_like(x)
    auto_add_kernel[1](x, y, z, n, insert_sync=True)
    assert np.array_equal(z, x + y)
    clean(rt.last_report())


def test_insert_sync_false_on_auto_tensors_is_a_clear_error():
    n = 2 * TILE
    x = np.zeros(n, np.float16)
    with pytest.raises((asc.KernelError, asc.CompilationError)) as e:
        auto_add_kernel[1](x, x.copy(), np.zeros_like(x), n, insert_sync=False)
    assert "local_tensor_auto needs materialize-tensor" in str(e.value)
    assert "test_local_tensor_auto.py" in str(e.value)  # at the Python line of the tensor


def test_local_tensor_auto_ir():
    """The traced op: static shapes in the type, dynamic dims as i64 operands."""
    n = TILE
    x = np.zeros(n, np.float16)
    auto_leaky_relu_kernel[1](x, np.zeros_like(x), n, TILE)
    ir = auto_leaky_relu_kernel.last_ir
    assert '"asc.local_tensor_auto"' in ir
    assert "(i64) -> !asc.local_tensor<f16>" in ir
    auto_add_kernel[1](x, x.copy(), np.zeros_like(x), n)
    assert '"asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>' in auto_add_kernel.last_ir


OURS = ["input-output-tensor", "plan-auto-tensors", "canonicalize", "cse", "auto-sync-full"]
PYASC = ["input-output-tensor", "hoist-ub-allocation", "materialize-tensor", "unify-pipe", "canonicalize",
         "cse", "hoist-que-bind", "insert-sync", "unify-pipe", "canonicalize", "auto-sync"]


@pytest.mark.parametrize("which,insert_sync,expect", [
    ("auto", None, OURS), ("auto", True, OURS), ("auto", "pyasc", PYASC), ("tque", None, None),
    ("tque", True, OURS), ("tque", "pyasc", PYASC)])
def test_insert_sync_rule_picks_the_pipeline(monkeypatch, which, insert_sync, expect):
    """pyasc's rule: insert_sync=None means "on iff the kernel uses LocalTensorAuto".  On, auto
    tensors are planned and auto-sync-full orders everything; "pyasc" runs pyasc's passes in
    pyasc's order instead.  Neither erases user sync (no strip-user-sync).  libasc's pipeline
    table (src/passes/pipelines.c) makes the choice; Module.pipeline is what it chose."""
    from asc import _lib
    from asc.runtime import compiler
    from test_examples import load
    seen = []
    real = _lib.Module

    def spy(name, text, sources, pipeline, *a, **kw):
        m = real(name, text, sources, pipeline, *a, **kw)
        seen.append(m.pipeline)
        return m

    monkeypatch.setattr(_lib, "Module", spy)
    # an identical earlier trace would be served from the compiler's module memo: start empty
    monkeypatch.setattr(compiler, "_modules", compiler._ModuleMemo())
    x = np.ones(8 * 2048, np.float16)
    z = np.zeros_like(x)
    if which == "auto":
        auto_add_kernel[1](x, x.copy(), z, x.size, insert_sync=insert_sync, always_compile=True)
    else:
        fw = load("02_add_framework/add_framework.py")
        fw.add_kernel[1](x, x.copy(), z, x.size, insert_sync=insert_sync, always_compile=True)
    assert np.array_equal(z, x + x)
    clean(rt.last_report())
    (pipeline,) = seen
    passes = pipeline.split(",")
    if expect:
        i = passes.index("input-output-tensor")
        assert passes[i:i + len(expect)] == expect
    else:
        assert "insert-sync" not in passes and "materialize-tensor" not in passes
    assert "strip-user-sync" not in passes


def test_local_tensor_auto_rejects_bad_shapes():
    @asc.jit
    def k(x: asc.GlobalAddress):
        asc.LocalTensorAuto(x.dtype, [0])

    with pytest.raises(Exception) as e:
        k[1](np.zeros(16, np.float16))
    assert "dimensions must be positive" in str(e.value)
