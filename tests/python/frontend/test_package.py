"""Package layout, options, enums, config and runtime module (api.md §1, §2.1, §4, §5, §7)."""
import dataclasses
import os
import subprocess
import sys

import numpy as np
import pytest

import asc
import asc.adv
import asc.lib.host
import asc.lib.runtime as rt
import asc.runtime.config as config

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def test_option_dataclasses_match_pyasc():
    def fields(c):
        return {f.name: f.default for f in dataclasses.fields(c)}

    assert fields(asc.CodegenOptions) == {"capture_exceptions": True, "ir_multithreading": True}
    assert fields(asc.CompileOptions) == {
        "debug": False, "strip_loc": False, "verify_sync": False, "print_ir_before_all": False, "run_passes": True,
        "kernel_type": None, "opt_level": 3, "auto_sync": True, "auto_sync_log": "", "bisheng_options": None,
        "always_compile": False, "matmul_cube_only": False, "insert_sync": None}
    assert fields(asc.LaunchOptions) == {"core_num": 0, "stream": None}


def test_dtypes():
    sizes = {"int8": 1, "int16": 2, "int32": 4, "int64": 8, "uint8": 1, "uint16": 2, "uint32": 4, "uint64": 8,
             "float16": 2, "float32": 4, "bfloat16": 2}
    for n, s in sizes.items():
        assert getattr(asc, n).sizeof() == s


def test_enums_have_pyasc_values():
    assert asc.TPosition.VECIN == 9 and asc.TPosition.VECOUT == 10 and asc.TPosition.MAX == 12
    assert asc.HardEvent.MTE2_V == 4 and asc.HardEvent.MTE3_MTE2 == 19 and asc.HardEvent.FIX_FIX == 34
    assert asc.PipeID.PIPE_V == 1 and asc.PipeID.PIPE_FIX == 10
    assert asc.RoundMode.CAST_ODD == 6
    assert asc.Hardware.UB == 1 and asc.CMPMODE.NE == 5 and asc.IterateMode.ITERATE_MODE_DEFAULT == 0xFF


MODELLED = [p for p in config.Platform if not p.value.startswith("Ascend950")]


def test_config_enums():
    assert [b.value for b in config.Backend] == ["Model", "NPU"]
    assert len(MODELLED) == 12 and config.Platform.Ascend910B4_1.value == "Ascend910B4-1"
    assert len(config.Platform) == 20  # and pyasc's newer tree's 8 Ascend950PR names, refused (test_adv_newer.py)
    assert config.KernelType.MIX_AIC_1_2.value == 7


@pytest.mark.filterwarnings("ignore:.*are not public")
@pytest.mark.parametrize("platform", MODELLED)
def test_every_platform_runs(platform):
    from kernels import binary_kernel
    config.set_platform(config.Backend.Model, platform)
    try:
        x = np.ones(256, np.float32)
        z = np.zeros(256, np.float32)
        binary_kernel[1](x, x, z, 256, asc.add, 256)
        assert (z == 2).all()
        assert rt.last_report()["platform"] == platform.value
    finally:
        config.set_platform(config.Backend.Model)


def test_set_platform_defaults():
    config.set_platform("Model")
    assert config.current_platform() == config.Platform.Ascend910B1
    assert rt.get_soc_version() == config.Platform.Ascend910B1 and rt.is_model()


def test_runtime_module():
    assert rt.current_stream() is rt.current_stream()
    rt.synchronize()
    rt.synchronize(rt.current_stream())
    assert rt.device_count() == 1 and rt.c2c_ctrl_addr() == 0xE7FFE8064000


def test_stubs_raise_not_implemented_with_name():
    # no API name is a stub now (docs/api-status.md); the mechanism (asc._core.not_yet) still names itself
    from asc._core import not_yet
    stub = not_yet("asc.adv.Matmul.example")
    with pytest.raises(NotImplementedError, match="asc.adv.Matmul.example is not implemented yet in openasc"):
        stub(None)
    assert stub._asc_status == "not implemented yet"


def test_api_generated_from_registry():
    from asc import _lib
    ops = _lib.registry_ops()
    for name, info in ops.items():
        if info["family"] == "vector" and name.count(".") == 1:
            assert callable(getattr(asc, name[4:])), name
    assert "asc.add" in asc.add.__doc__
    assert [f for f, _ in _lib.registry_structs()["BinaryRepeatParams"]][0] == "dst_blk_stride"


def test_bare_and_configured_jit_and_numpy_scalars():
    @asc.jit(always_compile=True)
    def k(out: asc.GlobalAddress, a, b, c):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, a.cast(asc.float32) + b.cast(asc.float32) + c)

    o = np.zeros(1, np.float32)
    k[1, rt.current_stream()](o, np.int16(3), True, np.float32(0.5))
    assert o[0] == 4.5
    assert not k.cache


def test_import_from_any_directory(tmp_path):
    script = tmp_path / "k.py"
    script.write_text(
        "import numpy as np\nimport asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n"
        "    g = asc.GlobalTensor()\n    g.set_global_buffer(x)\n    g.set_value(0, 42)\n\n"
        "x = np.zeros(1, np.int32)\nk[1](x)\nprint(int(x[0]))\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    out = subprocess.run([sys.executable, str(script)], cwd=str(tmp_path), env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "42"


def test_dump_ir_env(tmp_path):
    script = tmp_path / "k.py"
    script.write_text("import numpy as np\nimport asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    pass\n\n"
                      "k[1](np.zeros(1, np.int32))\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"), ASC_DUMP_IR="1")
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert out.returncode == 0 and '"builtin.module"' in out.stderr and f'loc("{script}":' in out.stderr


def test_example_03_without_auto_sync_reports_the_missing_barrier():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    path = os.path.join(ROOT, "examples", "03_leaky_relu", "leaky_relu.py")
    out = subprocess.run([sys.executable, path, "--no-auto-sync"], env=env, capture_output=True, text=True)
    assert out.returncode != 0
    assert "asc.KernelError" in out.stderr or "KernelError" in out.stderr
    assert "leaky_relu.py:" in out.stderr and "pipe_barrier(PIPE_V)" in out.stderr


def test_bench_jit_runs():
    """bench/bench_jit.py keeps working (its figures are not asserted: machines differ)."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "bench_jit.py"), "--procs", "1",
                          "--launches", "20"], env=env, capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr  # 1 = over a target
    assert "cold compile, empty disk cache" in out.stdout and "warm dispatch overhead" in out.stdout
