"""The examples: each kernel with numpy arrays and with torch CPU tensors in-process, and each
script as a subprocess (the two [INFO] lines, the timing report, the CLI errors)."""
import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
EXAMPLES = os.path.join(ROOT, "examples")


def load(rel):
    """Import an example script as a module (its main() does not run)."""
    name = "example_" + os.path.splitext(os.path.basename(rel))[0]
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, os.path.join(EXAMPLES, rel))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


def torch_or_skip():
    try:
        import torch
    except ImportError as e:  # pragma: no cover - torch is a project dependency (scripts/deps.sh)
        pytest.skip(f"torch cannot be imported: {e}")
    return torch


def inputs(lib, n, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, n).astype(dtype)
    y = rng.uniform(-1, 1, n).astype(dtype)
    if lib == "numpy":
        return x, y, np.zeros(n, dtype)
    torch = torch_or_skip()
    return torch.from_numpy(x).clone(), torch.from_numpy(y).clone(), torch.zeros(n, dtype=getattr(torch, dtype))


def check_add(x, y, z):
    as_np = (lambda t: t.numpy()) if type(z).__module__.startswith("torch") else (lambda t: t)
    xf, yf, zf = (as_np(t).astype(np.float32) for t in (x, y, z))
    np.testing.assert_allclose(zf, xf + yf, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("lib", ["numpy", "torch"])
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_01_add(lib, dtype):
    ex = load("01_add/add.py")
    block_length = ex.TILE_NUM * ex.BUFFER_NUM * 96  # 96-element tiles: 192 / 384 bytes
    n = ex.USE_CORE_NUM * block_length
    x, y, z = inputs(lib, n, dtype)
    ex.add_kernel[ex.USE_CORE_NUM](x, y, z, block_length)
    check_add(x, y, z)


@pytest.mark.parametrize("lib", ["numpy", "torch"])
@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("n", [8 * 2048 + 3 * 256,  # the script's size: a ragged last core
                               8 * 256,             # one tile per core
                               3 * 256])            # fewer tiles than cores: idle cores
def test_02_add_framework(lib, dtype, n):
    ex = load("02_add_framework/add_framework.py")
    x, y, z = inputs(lib, n, dtype)
    ex.add_kernel[ex.USE_CORE_NUM](x, y, z, n)
    check_add(x, y, z)


@pytest.mark.parametrize("lib", ["numpy", "torch"])
def test_03_leaky_relu(lib):
    ex = load("03_leaky_relu/leaky_relu.py")
    block_length = 2 * ex.TILE
    n = ex.USE_CORE_NUM * block_length
    x, _, z = inputs(lib, n, "float16")
    ex.leaky_relu_kernel[ex.USE_CORE_NUM](x, z, block_length)
    xf = (x.numpy() if lib == "torch" else x).astype(np.float32)
    zf = (z.numpy() if lib == "torch" else z).astype(np.float32)
    np.testing.assert_allclose(zf, np.where(xf >= 0, xf, xf * ex.ALPHA), rtol=1e-3, atol=1e-3)


def test_torch_tensor_results_land_in_the_tensor():
    torch = torch_or_skip()
    ex = load("02_add_framework/add_framework.py")
    x = torch.ones(2048, dtype=torch.float16)
    z = torch.zeros(2048, dtype=torch.float16)
    ex.add_kernel[ex.USE_CORE_NUM](x, x, z, 2048)
    assert bool((z == 2).all())
    with pytest.raises(ValueError, match="contiguous"):
        ex.add_kernel[ex.USE_CORE_NUM](x[::2], x[::2], z[::2], 1024)


@pytest.mark.parametrize("example,name", [("01_add/add.py", "add"),
                                          ("01_add/add_autosync.py", "add_autosync"),
                                          ("01_add/add_double_buffer.py", "add_double_buffer"),
                                          ("02_add_framework/add_framework.py", "add_framework"),
                                          ("03_leaky_relu/leaky_relu.py", "leaky_relu"),
                                          ("04_local_tensor_auto/add_auto.py", "add_auto")])
def test_example_scripts(example, name):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    path = os.path.join(ROOT, "examples", example)
    out = subprocess.run([sys.executable, path], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"[INFO] start process sample {name}.")
    assert out.stdout.rstrip().endswith(f"[INFO] Sample {name} run success.")
    assert "cycles" in out.stdout
    bad = subprocess.run([sys.executable, path, "-v", "Ascend310"], env=env, capture_output=True, text=True)
    assert "Unsupported Platform! Supported: ['Ascend910B1'" in bad.stderr
    bad = subprocess.run([sys.executable, path, "-r", "Sim"], env=env, capture_output=True, text=True)
    assert "ValueError: Unsupported Backend! Supported: ['Model', 'NPU']" in bad.stderr


