"""asc.runtime.launcher (pyasc's path): runs a CompiledKernel on the backend.

A launch `kernel[core_num](*args)` calls Launcher.run exactly once (tests patch it to count
launches and skip the simulation).  run() turns the user's arguments into simulator
arguments, calls libasc's simulator and turns its report into Python: errors raise
KernelError; out-of-bounds accesses the NPU would let through (GM beyond an array, UB past a
tensor) are asc.KernelWarning, other findings RuntimeWarning."""
import dataclasses
import os
import warnings
from typing import Optional

from .. import _lib
from .._core import KernelError, KernelWarning
from . import config


@dataclasses.dataclass(frozen=True)
class LaunchOptions:
    core_num: int = 0
    stream: Optional[object] = None


def strict_gm(options):
    """Out-of-bounds accesses are errors: jit option strict_gm=True or ASC_STRICT=1."""
    env = os.environ.get("ASC_STRICT", "")
    return bool(options.get("strict_gm")) or env not in ("", "0")


def profile_dir(option, kernel):
    """The launch's profile directory (docs/profile.md): the profile= option as given, else a
    fresh $ASC_PROFILE_DIR/<kernel>_<n> (asc-prof sets it), else None."""
    if option:
        return os.fspath(option)
    root = os.environ.get("ASC_PROFILE_DIR")
    if not root:
        return None
    n = 1
    while os.path.exists(os.path.join(root, f"{kernel}_{n}")):
        n += 1
    return os.path.join(root, f"{kernel}_{n}")


def marshal_args(kernel, user_args):
    """The simulator's argument list for the user's runtime arguments (Struct arguments give
    one scalar per leaf field, read from their ctypes struct)."""
    from ..language.core.struct import Struct
    from .jit import MockTensor, MockValue, _int_arg, _marshal, _sim_dt
    out = []
    for n, x in zip(kernel.arg_names, user_args):
        if isinstance(x, Struct):
            for (path, d), v in zip(x.leaves(), x.leaf_values()):
                name = f"{n}.{path}"
                out.append(("float", _sim_dt(d), float(v), name) if d.is_float() else _int_arg(name, v, d))
        elif isinstance(x, (MockTensor, MockValue)):
            raise TypeError(f"argument '{n}' is a {type(x).__name__}: it can be traced and compiled, not run "
                            "(patch asc.runtime.launcher.Launcher.run to skip the launch)")
        else:
            out.append(_marshal(n, x)[2])
    return out


class Launcher:
    def __init__(self, options=None):
        self.options = options or LaunchOptions()

    @staticmethod
    def get_core_num(device_id=None):
        return _lib.platform_fact(config.current_platform().value, "aiv")

    def run(self, kernel, function_name, user_args, stacklevel=5, marshalled=None):
        """marshalled: the simulator arguments, when the caller has them already (asc.jit)."""
        if os.environ.get("DRY_RUN"):
            return None
        if self.options.core_num <= 0:
            raise ValueError("Core number should be large than 0")
        opts = kernel.options
        largs = marshalled if marshalled is not None else marshal_args(kernel, user_args)
        rc, rep = _lib.launch(kernel.module, function_name, largs, config.current_platform().value,
                              self.options.core_num, int(opts.get("sanitize", True)), strict_gm=strict_gm(opts),
                              profile=profile_dir(opts.get("profile"), function_name))
        config._set_last_report(rep)
        kw = rep["kernel_warnings"]  # (not .get(): that would read the per-core part of the report)
        if opts.get("verify_sync"):
            rep["errors"] += [w for w in rep["warnings"] if w not in kw]
        for w in rep["warnings"]:
            if w in kw:
                warnings.warn(KernelWarning(w.rstrip()), stacklevel=stacklevel)
            elif not opts.get("verify_sync"):
                warnings.warn(w.rstrip(), RuntimeWarning, stacklevel=stacklevel)
        if rc != 0 or rep["errors"]:
            raise KernelError("".join(rep["errors"]).rstrip() or f"kernel {function_name} failed")
        return None


class MsprofLauncher:
    """pyasc's profiler hook; the simulator's timing report is asc.lib.runtime.last_report()."""

    def __init__(self, is_model=True):
        self.is_model = is_model

    def start(self):
        pass

    def process(self, kernel_name, block_num, task_type):
        pass
