"""The asc.adv examples (GELU erf/tanh, softmax, RMSNorm, LayerNorm) on 1 and 8 blocks: results against
the examples' float64 numpy references, and no sanitizer finding (errors raise, warnings are made errors);
each script as a subprocess."""
import importlib.util
import os
import subprocess
import sys
import warnings

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def load(rel):
    name = "adv_example_" + os.path.splitext(os.path.basename(rel))[0]
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "examples", rel))
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


CASES = {"gelu-erf": ("06_gelu/gelu.py", dict(use_tanh=False), 1e-6),
         "gelu-tanh": ("06_gelu/gelu.py", dict(use_tanh=True), 1e-6),
         "softmax": ("07_softmax/softmax.py", {}, 1e-5),
         "rmsnorm": ("08_rmsnorm/rmsnorm.py", {}, 1e-5),
         "layernorm": ("09_layernorm/layernorm.py", {}, 1e-5)}


@pytest.mark.parametrize("blocks", [1, 8])
@pytest.mark.parametrize("case", sorted(CASES))
def test_adv_example(case, blocks):
    rel, kw, tol = CASES[case]
    ex = load(rel)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a sanitizer warning (double set, copy length, ...) fails the test
        _, _, err = ex.run(blocks, **kw)
    assert err <= tol, err


@pytest.mark.parametrize("rel,name", [("06_gelu/gelu.py", "gelu"), ("07_softmax/softmax.py", "softmax"),
                                      ("08_rmsnorm/rmsnorm.py", "rmsnorm"), ("09_layernorm/layernorm.py", "layernorm")])
def test_adv_example_scripts(rel, name):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "examples", rel), "--blocks", "8"], env=env,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"[INFO] start process sample {name}.")
    assert out.stdout.rstrip().endswith(f"[INFO] Sample {name} run success.")
    assert "cycles" in out.stdout and "asc.adv." in out.stdout or name == "layernorm"
