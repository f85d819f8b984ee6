"""CTest pip-install: pip installs the checkout into a fresh venv (Debian's tools, offline:
python3 -m venv --system-site-packages; pip install --no-build-isolation), then, from a
directory outside the checkout and with no PYTHONPATH / ASC_LIBRARY, imports asc and runs
the add_framework example.  usage: pip_install.py SOURCE_DIR WORK_DIR"""
import os
import shutil
import subprocess
import sys
import tempfile

src, work = sys.argv[1], sys.argv[2]
venv = os.path.join(work, "pip-venv")
shutil.rmtree(venv, ignore_errors=True)
subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
py = os.path.join(venv, "bin", "python")
env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ASC_LIBRARY")}
subprocess.run([py, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-index", src], check=True, env=env)
with tempfile.TemporaryDirectory(prefix="openasc-outside-") as out:
    assert not os.path.realpath(out).startswith(os.path.realpath(src))
    r = subprocess.run([py, "-c", "import asc, asc._lib as l; l.lib(); print(asc.__file__)"], cwd=out, env=env,
                       capture_output=True, text=True)
    print(r.stdout, r.stderr)
    assert r.returncode == 0 and os.path.realpath(venv) in os.path.realpath(r.stdout.strip()), "asc not from the venv"
    shutil.copy(os.path.join(src, "examples", "02_add_framework", "add_framework.py"), out)
    r = subprocess.run([py, "add_framework.py"], cwd=out, env=env, capture_output=True, text=True)
    print(r.stdout[-2000:], r.stderr[-2000:])
    assert r.returncode == 0 and "Sample add_framework run success" in r.stdout + r.stderr
print("pip-install: installed, imported and ran an example outside the checkout")
