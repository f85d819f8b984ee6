"""Builds libasc (CMake) into the `asc` package: the library lands next to asc/_lib.py as
asc/_libasc*.so, which asc._lib loads when ASC_LIBRARY is not set.  Configuration is in
pyproject.toml; this file only adds the CMake step (a build_ext command, so that
`pip install -e .` puts the library into python/asc/ as well)."""
import importlib.util
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


def check_build_python():
    """pip builds a wheel with setuptools' bdist_wheel (the `wheel` package before setuptools 70.1).  A venv
    of a Python that lacks it (a pyenv `python3` first on PATH, not Debian's /usr/bin/python3 with
    python3-wheel) fails with pip's bare "invalid command 'bdist_wheel'": say what to do instead."""
    if importlib.util.find_spec("wheel") or importlib.util.find_spec("setuptools.command.bdist_wheel"):
        return
    sys.exit(f"openasc: {sys.executable} cannot build a wheel (it has no 'wheel' package), and most likely no "
             f"numpy either.\nMake the venv from Debian's Python, which sees python3-wheel, python3-numpy and "
             f"python3-torch (README.md, Install):\n"
             f"  /usr/bin/python3 -m venv --system-site-packages .venv && "
             f".venv/bin/pip install --no-build-isolation .\n"
             f"(or install 'wheel' and 'numpy' into this Python's environment first)")


check_build_python()


class CMakeLibrary(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class BuildLibasc(build_ext):
    def build_extension(self, ext):
        build = os.path.join(os.path.abspath(self.build_temp), "cmake")
        cmake = shutil.which("cmake")
        if not cmake:
            raise RuntimeError("openasc needs cmake to build libasc (Debian: apt-get install cmake gcc make)")
        subprocess.check_call([cmake, "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                               f"-DASC_PYTHON={sys.executable}", "-DASC_FUZZ=OFF"])
        subprocess.check_call([cmake, "--build", build, "--target", "asc_shared", "-j",
                               os.environ.get("JOBS", "2")])
        lib = os.path.realpath(os.path.join(build, "lib", "libasc.so"))
        dest = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(lib, dest)


setup(ext_modules=[CMakeLibrary("asc._libasc")], cmdclass={"build_ext": BuildLibasc})
