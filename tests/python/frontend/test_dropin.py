"""pyasc drop-in compatibility (issue 13): pyasc's import paths, its launch boundary
(Launcher.run once per launch), MockTensor, user Struct kernel arguments, out-of-bounds
accesses as KernelWarning (lenient default) or KernelError (strict), compile warnings for
what the hardware rejects only when it runs, and pyasc's environment variables."""
import ctypes
import importlib
import os
import subprocess
import sys
import warnings
from unittest.mock import patch

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime import config

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

# pyasc's public modules and, per module, names a pyasc program or test imports from it.
UPSTREAM_PATHS = {
    "asc": ["jit", "CodegenOptions", "CompileOptions", "LaunchOptions", "GlobalAddress", "TPosition", "add"],
    "asc.codegen.errors": ["CodegenError", "UnsupportedSyntaxError"],
    "asc.codegen.function_visitor": ["CodegenOptions", "FunctionVisitor"],
    "asc.codegen.function": ["Function", "FunctionLocation"],
    "asc.codegen.specialization": [],
    "asc.codegen.name_scope": [],
    "asc.codegen.dependencies_finder": ["PYASC_MODULE"],
    "asc.language": ["adv", "basic", "core", "fwk"],
    "asc.language.core": ["ConstExpr", "GlobalTensor", "LocalTensor", "DataCopyParams", "TOTAL_L1_SIZE", "property",
                          "range", "static_range", "array", "number", "pad_t", "AtomicOp"],
    "asc.language.core.dtype": ["DataType", "KnownTypes", "int32", "float16", "bool_", "void", "half", "double"],
    "asc.language.core.tensor": ["GlobalTensor", "LocalTensor", "LocalTensorAuto", "BaseTensor", "MrgSortSrcList"],
    "asc.language.core.enums": ["TPosition", "HardEvent", "PipeID", "AtomicDtype", "TransposeType", "pad_t"],
    "asc.language.core.types": ["BinaryRepeatParams", "DataCopyParams", "DataCopyExtParams", "ShapeInfo"],
    "asc.language.core.struct": ["Struct", "Field", "StructField", "BaseField", "dtype_ctype", "missing"],
    "asc.language.core.utils": ["global_builder", "require_jit", "ceildiv", "static_assert", "check_type"],
    "asc.language.core.constexpr": ["ConstExpr", "Numeric", "require_constexpr"],
    "asc.language.core.ir_value": ["PlainValue", "GlobalAddress", "materialize_ir_value"],
    "asc.language.core.range": ["range", "static_range"],
    "asc.language.core.array": ["array", "Array"],
    "asc.language.core.ops": ["inline", "number"],
    "asc.language.core.properties": ["Property", "property", "TOTAL_L1_SIZE", "ONE_BLK_SIZE"],
    "asc.language.core.memory_allocator": ["LocalMemAllocator"],
    "asc.language.core.aipp_types": ["AippParams"],
    "asc.language.basic": ["add", "data_copy", "pipe_barrier", "set_flag"],
    "asc.language.basic.vec_binary": ["add", "sub", "mul", "div", "max", "min"],
    "asc.language.basic.block_sync": ["set_flag", "wait_flag", "pipe_barrier"],
    "asc.language.basic.data_copy": ["data_copy", "data_copy_pad"],
    "asc.language.basic.sys_var": ["get_block_idx", "get_block_num"],
    "asc.language.fwk": ["TPipe", "TQue", "TQueBind", "TBuf", "TBufPool", "get_tpipe_ptr"],
    "asc.language.fwk.tpipe": ["TPipe", "TQue", "TQueBind", "TBuf", "TBufPool"],
    "asc.language.adv": ["Matmul", "softmax", "TCubeTiling"],
    "asc.language.adv.matmul": ["Matmul", "MatmulType", "register_matmul"],
    "asc.language.adv.tiling": ["TCubeTiling"],
    "asc.runtime.jit": ["JITFunction", "MockTensor", "MockValue", "jit"],
    "asc.runtime.compiler": ["Compiler", "CompileOptions", "CompiledKernel"],
    "asc.runtime.launcher": ["Launcher", "LaunchOptions"],
    "asc.runtime.config": ["Backend", "Platform", "KernelType", "set_platform", "rt"],
    "asc.runtime.cache": ["CacheOptions", "cache_options", "CacheManager", "FileCacheManager", "get_cache_manager",
                          "pyasc_key", "get_file_cache_key", "get_mem_cache_key"],
    "asc.lib.runtime": ["CoreType", "get_soc_version", "current_stream", "synchronize", "set_soc_version"],
    "asc.lib.host": ["PlatformAscendCManager", "MatmulApiTiling", "get_ascendc_platform"],
    "asc.lib.host.wrappers": ["PlatformAscendCManager", "MatmulApiTiling"],
    "asc.lib.host.loader": ["Loader"],
    "asc.lib.runtime.support": ["CoreType", "DeviceInfoType", "DeviceModuleType", "Stream"],
    "asc.lib.runtime.interface": ["get_soc_version", "current_stream", "acl_init"],
    "asc.lib.runtime.state": ["load_lib"],
    "asc.lib.runtime.print_utils": ["print_interface"],
    "asc.lib.runtime.build_utils": ["build_npu_ext"],
    "asc.lib.utils": ["get_ascend_path"],
    "asc.runtime.memory_handle": ["MemoryHandle"],
    "asc.runtime.utils": ["FileUtils"],
    "asc.common.compat": ["get_annotations", "merge_dict"],
    "asc.language.adv.utils": [],
    "asc.language.basic.utils": ["check_type"],
    "asc.language.fwk.utils": [],
}


def test_not_implemented_names_say_so():
    import asc.lib.runtime.support as support
    with pytest.raises(NotImplementedError, match="asc.lib.runtime.support.Stream is not implemented yet"):
        support.Stream()
    from asc.common.compat import merge_dict
    assert merge_dict({"a": 1}, {"a": 2, "b": 3}) == {"a": 2, "b": 3}


@pytest.mark.parametrize("path", sorted(UPSTREAM_PATHS))
def test_upstream_import_paths(path):
    m = importlib.import_module(path)
    missing = [n for n in UPSTREAM_PATHS[path] if not hasattr(m, n)]
    assert not missing, f"{path} lacks {missing}"


def test_submodule_import_does_not_shadow_functions():
    import asc.language.core.array  # noqa: F401
    import asc.language.core.range  # noqa: F401
    assert asc.language.core.range is asc.range and callable(asc.language.core.array)


def test_soc_version_core_type_and_config_rt():
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B3)
    try:
        assert rt.get_soc_version() is config.Platform.Ascend910B3
        assert config.rt is rt
        assert {c.name for c in rt.CoreType} >= {"AiCore", "VectorCore", "CubeCore"}
    finally:
        config.set_platform(config.Backend.Model)


def test_set_platform_reports_an_unavailable_runtime_through_rt():
    with patch.object(config.rt, "is_available", return_value=False):
        with pytest.raises(RuntimeError, match="simulator/Ascend910B2/lib"):
            config.set_platform(config.Backend.Model, config.Platform.Ascend910B2)
    config.set_platform(config.Backend.Model)


@asc.jit
def _copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 0, 256)
    asc.data_copy(t, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, 256)


def test_launcher_run_is_called_once_per_launch():
    x, z = np.arange(256, dtype=np.float32), np.zeros(256, np.float32)
    with patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        _copy_kernel[1](x, z, 256)
        _copy_kernel[4](x, z, 256)  # compiled once, launched twice
        assert run.call_count == 2
        kernel, name, args = run.call_args.args
        assert name == "_copy_kernel" and args[0] is x and args[2] == 256
    assert not z.any()  # the patched launcher ran nothing
    _copy_kernel[1](x, z, 256)
    assert np.array_equal(z, x)


def test_mock_tensor_traces_and_compiles_but_does_not_run():
    with patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        _copy_kernel[1](asc.runtime.jit.MockTensor(asc.float16), asc.runtime.jit.MockTensor(asc.float16), 256)
        assert run.call_count == 1
    with pytest.raises(TypeError, match="MockTensor"):
        _copy_kernel[1](asc.runtime.jit.MockTensor(asc.float32), np.zeros(256, np.float32), 256)


def test_compiler_hooks_can_be_patched():
    """pyasc's tests patch JITFunction._run_compiler / _run_launcher: tracing still runs."""
    with patch("asc.runtime.jit.JITFunction._run_launcher", return_value=None) as launch, \
            patch("asc.runtime.jit.JITFunction._run_compiler", return_value=None) as comp:
        _copy_kernel[1](np.zeros(256, np.int16), np.zeros(256, np.int16), 256, always_compile=True)
        assert comp.call_count == 1 and launch.call_count == 1


# ---- user structs ----
from asc.language.core.struct import Field, Struct, StructField  # noqa: E402


class Tile(Struct):
    length = Field(dtype=asc.int32, default=0)
    count = Field(dtype=asc.int16, default=1)


class Config(Struct):
    scale = Field(dtype=asc.float32, default=1.0)
    tile = StructField(Tile)
    offset = Field(dtype=asc.int64, default=0)


def test_struct_has_pyasc_ctypes_layout():
    class Ref(ctypes.Structure):
        _fields_ = [("length", ctypes.c_int32), ("count", ctypes.c_int16)]

    class RefCfg(ctypes.Structure):
        _fields_ = [("scale", ctypes.c_float), ("tile", Ref), ("offset", ctypes.c_int64)]

    assert ctypes.sizeof(Config.ctypes_class) == ctypes.sizeof(RefCfg) == 24
    assert Config.ctypes_class.offset.offset == RefCfg.offset.offset == 16
    c = Config(offset=7)
    t = Tile(length=64)
    t.count = 3
    c.tile = t
    assert (c.scale, c.tile.length, c.tile.count, c.offset) == (1.0, 64, 3, 7)
    assert bytes(c.ctypes_struct) == bytes(RefCfg(1.0, Ref(64, 3), 7))
    with pytest.raises(RuntimeError, match="does not have a field 'nope'"):
        Config(nope=1)


@asc.jit
def _struct_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, cfg: Config):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x + cfg.offset)
    zg.set_global_buffer(z)
    for i in range(cfg.tile.count):
        zg.set_value(i, xg.get_value(i * cfg.tile.length) * cfg.scale)


def test_struct_kernel_argument():
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(4, np.float32)
    cfg = Config(scale=2.0, offset=3, tile=Tile(length=10, count=4))
    _struct_kernel[1](x, z, cfg)
    assert np.array_equal(z, 2.0 * x[3 + 10 * np.arange(4)])
    cfg.tile = Tile(length=1, count=2)
    z[:] = 0
    _struct_kernel[1](x, z, cfg)  # same specialisation, new values
    assert np.array_equal(z, [6.0, 8.0, 0.0, 0.0])


# ---- out-of-bounds like an NPU ----
@asc.jit
def _tail_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Copies 64 elements per block, even for the last block: reads and writes past the arrays
    when n is not a multiple of 64 (what the generalization suite's kernels do)."""
    off = asc.get_block_idx() * 64
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 0, 64)
    asc.data_copy(t, xg, 64)  # LINE-READ
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, 64)  # LINE-WRITE


def _line(marker):
    with open(__file__) as fh:
        return next(i for i, l in enumerate(fh, 1) if marker in l and "_line(" not in l)


def test_out_of_bounds_gm_is_a_kernel_warning_by_default(monkeypatch):
    monkeypatch.delenv("ASC_STRICT", raising=False)
    assert issubclass(asc.KernelWarning, UserWarning)
    backing = np.full(200, 9.0, np.float32)  # the arrays are views of a bigger buffer:
    x, z = backing[:100], np.zeros(100, np.float32)  # bytes beyond them must stay untouched
    x[:] = np.arange(100)
    guard = np.full(64, 5.0, np.float32)
    zbuf = np.concatenate([z, guard])
    z = zbuf[:100]
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        _tail_kernel[2](x, z, 100)
    kw = [str(x.message) for x in w if issubclass(x.category, asc.KernelWarning)]
    assert len(kw) == 2, kw  # once per op site (the read and the write), not per block or access
    read = next(m for m in kw if "read" in m)
    write = next(m for m in kw if "write" in m)
    assert f"{__file__}:{_line('LINE-READ')}:" in read and "GM array 'x'" in read and "[256, 512)" in read
    assert f"{__file__}:{_line('LINE-WRITE')}:" in write and "GM array 'z'" in write and "[256, 512)" in write
    assert all(x.filename == __file__ for x in w if issubclass(x.category, asc.KernelWarning))
    assert np.array_equal(z[:64], np.arange(64)) and np.array_equal(z[64:], np.arange(64, 100))
    assert (zbuf[100:] == 5.0).all(), "a write beyond the array reached the caller's memory"
    assert (backing[100:] == 9.0).all()


@asc.jit
def _read_past_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    for i in range(8):
        zg.set_value(i, xg.get_value(i + 4))


def test_reads_beyond_an_array_give_zeros(monkeypatch):
    monkeypatch.delenv("ASC_STRICT", raising=False)
    backing = np.full(16, 7, np.int32)
    x = backing[:8]
    x[:] = np.arange(1, 9)
    z = np.full(8, -1, np.int32)
    with pytest.warns(asc.KernelWarning, match=r"asc.get_value: out-of-bounds read of GM array 'x': bytes \[32, 36\)"):
        _read_past_kernel[1](x, z)
    assert list(z) == [5, 6, 7, 8, 0, 0, 0, 0]


def test_out_of_bounds_is_an_error_when_strict(monkeypatch):
    x, z = np.arange(100, dtype=np.float32), np.zeros(100, np.float32)
    monkeypatch.setenv("ASC_STRICT", "1")
    with pytest.raises(asc.KernelError, match="out-of-bounds read of GM array 'x'"):
        _tail_kernel[2](x, z, 100)
    monkeypatch.delenv("ASC_STRICT")
    with pytest.raises(asc.KernelError, match="out-of-bounds read of GM array 'x'"):
        _tail_kernel[2](x, z, 100, strict_gm=True)


def test_minus_w_error_makes_the_warning_an_error(tmp_path):
    script = tmp_path / "k.py"
    script.write_text(
        "import numpy as np, asc\n"
        "@asc.jit\n"
        "def k(x: asc.GlobalAddress):\n"
        "    g = asc.GlobalTensor()\n"
        "    g.set_global_buffer(x)\n"
        "    g.set_value(8, 1)\n"
        "k[1](np.zeros(8, np.int32))\n"
        "print('ran')\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    env.pop("ASC_STRICT", None)
    ok = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert ok.returncode == 0 and "ran" in ok.stdout and "KernelWarning" in ok.stderr, ok.stderr
    bad = subprocess.run([sys.executable, "-W", "error::asc.KernelWarning", str(script)], env=env,
                         capture_output=True, text=True)
    assert bad.returncode != 0 and "ran" not in bad.stdout
    assert "asc._core.KernelWarning" in bad.stderr and "out-of-bounds write of GM array 'x'" in bad.stderr


@asc.jit
def _ub_past_tensor_kernel(z: asc.GlobalAddress):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 8)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 32, 8)
    asc.duplicate(b, 2.0, 8)
    asc.duplicate(a, 1.0, 16)  # 64 bytes into a 32-byte tensor: overwrites b, stays inside UB
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, b, 8)


def test_ub_access_past_a_tensor_inside_ub(monkeypatch):
    z = np.zeros(8, np.float32)
    monkeypatch.delenv("ASC_STRICT", raising=False)
    with pytest.warns(asc.KernelWarning, match="outside its local tensor"):
        _ub_past_tensor_kernel[1](z)
    assert (z == 1.0).all()
    monkeypatch.setenv("ASC_STRICT", "1")
    with pytest.raises(asc.KernelError, match="outside the local tensor"):
        _ub_past_tensor_kernel[1](z)


# ---- compile-time leniency ----
@asc.jit
def _barrier_s_kernel(x: asc.GlobalAddress):
    asc.pipe_barrier(asc.PipeID.PIPE_S)


def test_pipe_barrier_pipe_s_compiles_with_a_warning():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        with patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
            _barrier_s_kernel[1](np.zeros(8, np.float32), always_compile=True)
        assert run.call_count == 1
    msgs = [str(x.message) for x in w]
    assert any("S007" in m and "pipe_barrier(PIPE_S)" in m for m in msgs), msgs
    with pytest.raises(asc.KernelError, match="PIPE_S is illegal"):  # the hardware rejects it when it runs
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _barrier_s_kernel[1](np.zeros(8, np.float32))


@asc.jit
def _event_id_9_kernel(x: asc.GlobalAddress):
    asc.set_flag(asc.HardEvent.MTE2_V, 9)  # LENIENT-ID
    asc.wait_flag(asc.HardEvent.MTE2_V, 9)


@asc.jit
def _no_core_event_kernel(x: asc.GlobalAddress):
    asc.set_flag(asc.HardEvent.M_V, 0)  # LENIENT-EVENT
    asc.wait_flag(asc.HardEvent.M_V, 0)


@asc.jit
def _missing_pipe_kernel(x: asc.GlobalAddress):
    asc.pipe_barrier(asc.PipeID.PIPE_MTE4)  # LENIENT-PIPE


@pytest.mark.parametrize("kernel, marker, warning, error", [
    (_event_id_9_kernel, "LENIENT-ID", "S006 bad id: event id 9 is out of range", "event id 9 of MTE2_V is out of range"),
    (_no_core_event_kernel, "LENIENT-EVENT", "S007 bad event: M_V is valid on no core", "event M_V is not valid on an AIV core"),
    (_missing_pipe_kernel, "LENIENT-PIPE", "S007 bad event: pipe PIPE_MTE4 does not exist", "PIPE_MTE4 does not exist on an AIV core"),
])
def test_sync_legality_compiles_with_a_warning_and_fails_when_it_runs(kernel, marker, warning, error):
    """pyasc compiles an event id outside 0-7, an event no core has and a barrier of a pipe that does
    not exist: a compile warning (verify-sync) where certain, an error at the line when it runs."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        with patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
            kernel[1](np.zeros(8, np.float32), always_compile=True)
        assert run.call_count == 1
    msgs = [str(x.message) for x in w]
    assert any(warning in m for m in msgs), msgs
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(asc.KernelError, match=error) as e:
            kernel[1](np.zeros(8, np.float32))
    assert f":{_line(marker)}" in str(e.value)


# ---- asc.runtime.cache (pyasc's names) ----
def test_runtime_cache_pyasc_names(tmp_path, monkeypatch):
    import hashlib
    from asc.runtime import cache
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("PYASC_HOME", str(tmp_path))
    assert cache.cache_options.dir == str(tmp_path / "c") and cache.cache_options.home_dir == str(tmp_path)
    assert cache.CacheOptions().dir == str(tmp_path / "c")
    with pytest.raises(AttributeError):
        cache.cache_options.dir = "/elsewhere"
    assert cache.get_mem_cache_key("a,b") == hashlib.sha256(b"a,b").hexdigest()
    k1, k2 = cache.get_file_cache_key("fn", "f32"), cache.get_file_cache_key("fn", "f16")
    assert k1 == cache.get_file_cache_key("fn", "f32") and k1 != k2 and len(k1) == 64
    assert cache.pyasc_key() == cache.pyasc_key()
    m = cache.get_cache_manager(k1)
    assert isinstance(m, cache.FileCacheManager) and isinstance(m, cache.CacheManager)
    assert os.path.dirname(m.cache_dir) == str(tmp_path / "c") and os.stat(m.cache_dir).st_mode & 0o077 == 0
    assert m.get_file("k.o") is None and not m.has_file("k.o")
    path = m.put(b"\x7fELF", "k.o")
    assert m.get_file("k.o") == path and open(path, "rb").read() == b"\x7fELF"
    m.put("text", "k.json")
    assert open(m.get_file("k.json")).read() == "text"
    assert [n for n in os.listdir(m.cache_dir) if n.startswith(".tmp-")] == []  # written atomically
    os.symlink(path, os.path.join(m.cache_dir, "link.o"))
    assert m.get_file("link.o") is None  # a symlink is not an entry
    for bad in ("../x", "a/b", "", ".."):
        with pytest.raises(ValueError, match="plain file name"):
            m.put(b"", bad)
    with pytest.raises(ValueError, match="plain file name"):
        cache.FileCacheManager("../up")
    with pytest.raises(NotImplementedError):
        cache.CacheManager().get_file("x")


# ---- assume_noalias ----
def test_assume_noalias_false_is_refused():
    with pytest.raises(RuntimeError, match="assume_noalias=False is not supported"):
        asc.jit(assume_noalias=False)
    asc.jit(assume_noalias=True)  # the only value, the default


# ---- Struct inside a kernel (more in test_struct_kernel.py) ----
def test_struct_built_inside_a_kernel():
    @asc.jit
    def k(z: asc.GlobalAddress):
        c = Config(offset=4)
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z)
        zg.set_value(0, c.offset + c.tile.count)

    z = np.zeros(8, np.int32)
    k[1](z)
    assert z[0] == 4 + 1


# ---- environment variables ----
def test_pyasc_dump_path(tmp_path, monkeypatch):
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    _copy_kernel[1](np.zeros(256, np.float32), np.zeros(256, np.float32), 256, always_compile=True)
    assert '"asc.data_copy"' in (tmp_path / "codegen.mlir").read_text()
    after = (tmp_path / "ascir.mlir").read_text()
    assert '"asc.data_copy"' in after and after != (tmp_path / "codegen.mlir").read_text()  # passes ran


def test_pyasc_home_sets_the_cache_dir(tmp_path, monkeypatch):
    from asc.runtime import cache
    monkeypatch.delenv("PYASC_CACHE_DIR", raising=False)
    monkeypatch.setenv("PYASC_HOME", str(tmp_path))
    assert cache.cache_dir() == os.path.join(str(tmp_path), ".pyasc", "cache")
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "c"))
    assert cache.cache_dir() == str(tmp_path / "c")


@asc.jit
def _tbuf_whole_kernel(z: asc.GlobalAddress, nbytes: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=nbytes)  # a runtime length
    t = buf.get(asc.float32)  # the whole buffer: nbytes // 4 elements
    asc.duplicate(t, 3.0, 16)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.data_copy(zg, t, 16)


def test_tbuf_get_whole_buffer_of_a_runtime_length():
    z = np.zeros(16, np.float32)
    _tbuf_whole_kernel[1](z, 64)
    assert (z == 3.0).all()
    with pytest.raises(asc.KernelError, match="outside the local tensor of 32 bytes"):  # 8 elements, not 16
        _tbuf_whole_kernel[1](z, 32)


@asc.jit
def _tbuf_callee(buf: asc.TBuf, z: asc.GlobalAddress):
    t = buf.get(asc.float32)  # no len and no init_buffer here: the whole buffer, sized when it runs
    asc.duplicate(t, 5.0, 16)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.data_copy(zg, t, 16)


@asc.jit
def _tbuf_caller_kernel(z: asc.GlobalAddress, nbytes: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=nbytes)
    _tbuf_callee(buf, z)


def test_tbuf_get_whole_buffer_sized_in_another_function():
    z = np.zeros(16, np.float32)
    _tbuf_caller_kernel[1](z, 64)
    assert (z == 5.0).all()
    with pytest.raises(asc.KernelError, match="outside the local tensor of 32 bytes"):  # 8 elements, not 16
        _tbuf_caller_kernel[1](np.zeros(16, np.float32), 32)


@asc.jit
def _tbuf_unsized_kernel(z: asc.GlobalAddress):
    buf = asc.TBuf(asc.TPosition.VECCALC)
    t = buf.get(dtype=asc.int32)  # TBUF-UNSIZED
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.data_copy(zg, t, 8)


def test_tbuf_get_of_an_unsized_tbuf_compiles_and_fails_when_it_runs():
    z = np.zeros(8, np.int32)
    with patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:  # pyasc compiles it
        _tbuf_unsized_kernel[1](z)
    assert run.call_count == 1
    with pytest.raises(asc.KernelError, match="the TBuf has no buffer") as e:
        _tbuf_unsized_kernel[1](z)
    assert f":{_line('TBUF-UNSIZED')}" in str(e.value)
    assert (z == 0).all()


def test_struct_redefined_with_another_layout_is_another_specialisation():
    """A Struct class redefined under the same name (a notebook cell run again) with other fields
    must not reuse the kernel compiled for the old layout."""
    def make(fields):
        return type("Cfg2", (Struct,), fields)

    old = make({"a": Field(dtype=asc.int32, default=1)})

    @asc.jit
    def k(z: asc.GlobalAddress, cfg: old):
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z)
        zg.set_value(0, cfg.a)

    z = np.zeros(8, np.int32)
    k[1](z, old(a=5))
    assert z[0] == 5
    new = make({"b": Field(dtype=asc.int16, default=0), "a": Field(dtype=asc.int32, default=7)})
    k[1](z, new())
    assert z[0] == 7


@asc.jit
def _uninit_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 0, 64)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 256, 64)
    asc.data_copy(a, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.add(a, a, b, 64)  # LINE-UNINIT: b was never written
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, a, 64)


def test_uninitialised_read_is_a_kernel_warning_by_default(monkeypatch):
    """An NPU runs through a read of bytes nothing wrote (upstream's test_copy does it for a
    4-byte copy): lenient mode warns at the line and goes on; strict mode stops."""
    monkeypatch.delenv("ASC_STRICT", raising=False)
    x, z = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)
    with pytest.warns(asc.KernelWarning, match=r"asc.add: read of uninitialized UB bytes \[256, 512\)") as w:
        _uninit_kernel[1](x, z)
    assert any(f"{__file__}:{_line('LINE-UNINIT')}:" in str(m.message) for m in w)
    monkeypatch.setenv("ASC_STRICT", "1")
    with pytest.raises(asc.KernelError, match=r"read of uninitialized UB bytes \[256, 512\)"):
        _uninit_kernel[1](x, z)
