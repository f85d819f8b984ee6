"""blasinfo.py - which BLAS numpy and torch actually run (not what they were built against) and
with how many threads, so a bench's reference is named honestly and gets the simulator's thread
count.  Debian's numpy and torch link libblas.so.3, which update-alternatives points at the
reference BLAS or, once libopenblas0-pthread is installed (scripts/deps.sh), at OpenBLAS.

  import blasinfo
  blasinfo.set_threads(2)      # OpenBLAS (and torch, if imported) use 2 threads
  print(blasinfo.describe())   # "OpenBLAS 0.3.21 (OpenBLAS 0.3.21 DYNAMIC_ARCH ... Zen), 2 threads"
"""
import ctypes
import os
import sys


def _loaded():
    """Real paths of the BLAS / LAPACK libraries mapped into this process."""
    out = []
    try:
        with open("/proc/self/maps") as fh:
            for line in fh:
                path = line.split()[-1] if "/" in line else ""
                if ("blas" in path or "lapack" in path) and path not in out:
                    out.append(path)
    except OSError:
        pass
    return sorted({os.path.realpath(p) for p in out})


def _warm():
    """Make numpy (and torch, if imported) load their BLAS: they map it on first use."""
    import numpy as np
    a = np.ones((8, 8), np.float32)
    a @ a
    if "torch" in sys.modules:
        t = sys.modules["torch"].ones(8, 8)
        t @ t


def _openblas():
    for p in _loaded():
        if "openblas" in os.path.basename(p):
            try:
                lib = ctypes.CDLL(p)
                lib.openblas_get_config.restype = ctypes.c_char_p
                return lib
            except (OSError, AttributeError):
                return None
    return None


def set_threads(n):
    """Run numpy's and torch's BLAS on n threads (OpenBLAS: openblas_set_num_threads)."""
    _warm()
    lib = _openblas()
    if lib is not None:
        lib.openblas_set_num_threads(int(n))
    if "torch" in sys.modules:
        sys.modules["torch"].set_num_threads(int(n))


def threads():
    lib = _openblas()
    return lib.openblas_get_num_threads() if lib is not None else 1


def describe():
    """The BLAS numpy runs and its thread count, e.g. 'OpenBLAS (...config...), 2 threads'."""
    _warm()
    lib = _openblas()
    if lib is not None:
        return f"OpenBLAS ({lib.openblas_get_config().decode()}), {lib.openblas_get_num_threads()} threads"
    libs = _loaded()
    name = "reference BLAS (libblas, single-threaded)" if any("/blas/" in p for p in libs) else \
        (", ".join(libs) or "unknown BLAS")
    return f"{name}: install libopenblas0-pthread (scripts/deps.sh) for an optimised one"
