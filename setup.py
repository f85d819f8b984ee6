"""Builds libasc (CMake) into the `asc` package: the library lands next to asc/_lib.py as
asc/_libasc*.so, which asc._lib loads when ASC_LIBRARY is not set.  Configuration is in
pyproject.toml; this file only adds the CMake step (a build_ext command, so that
`pip install -e .` puts the library into python/asc/ as well)."""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


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
