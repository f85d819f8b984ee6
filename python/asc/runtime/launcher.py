"""asc.runtime.launcher (pyasc's path): runs a CompiledKernel on the backend.

A launch `kernel[core_num](*args)` calls Launcher.run exactly once (tests patch it to count
launches and skip the simulation).  run() turns the user's arguments into simulator
arguments, calls libasc's simulator and turns its report into Python: errors raise
KernelError; out-of-bounds accesses the NPU would let through (GM beyond an array, UB past a
tensor) are asc.KernelWarning, other findings RuntimeWarning."""
from __future__ import annotations  # the annotations stay strings: `import asc` need not import typing
import os
import warnings

from .. import _lib
from .._core import Finding, KernelError, KernelWarning
from .._record import Record
from . import config
from .marshal import marshal_args  # noqa: F401  (its callers' path)


class LaunchOptions(Record, frozen=True):
    core_num: int = 0
    stream: Optional[object] = None


def kernel_type(options):
    """pyasc KernelType value of the launch, -1 to let libasc infer it from the ops; matmul_cube_only
    picks AIC_ONLY as pyasc's compiler does."""
    kt = options.get("kernel_type")
    if kt is not None:
        return int(getattr(kt, "value", kt))
    return 1 if options.get("matmul_cube_only") else -1


def strict_gm(options):
    """Out-of-bounds accesses are errors: jit option strict_gm=True or ASC_STRICT=1."""
    env = _lib.env("ASC_STRICT", "")
    return bool(options.get("strict_gm")) or env not in ("", "0")


def race_warn(options):
    """Races are KernelWarnings and the run finishes, as on an NPU (whose outcome then depends on
    timing): jit option race_warn=True or ASC_RACE_WARN=1.  Default: a race is a KernelError."""
    env = _lib.env("ASC_RACE_WARN", "")
    return bool(options.get("race_warn")) or env not in ("", "0")


def profile_lines(options, pdir):
    """Whether the launch attributes cycles to Python lines (the report's top lines; it costs
    1.5-2x the launch's time, docs/profile.md): the profile_lines option, else on with a profile
    directory or $ASC_PROFILE_LINES set to anything but 0."""
    opt = options.get("profile_lines")
    if opt is not None:
        return bool(opt)
    return pdir is not None or _lib.env("ASC_PROFILE_LINES", "") not in ("", "0")


def profile_dir(option, kernel):
    """The launch's profile directory (docs/profile.md): the profile= option as given, else a
    fresh $ASC_PROFILE_DIR/<kernel>_<n> (asc-prof sets it), else None."""
    if option:
        return os.fspath(option)
    root = _lib.env("ASC_PROFILE_DIR")
    if not root:
        return None
    n = 1
    while os.path.exists(os.path.join(root, f"{kernel}_{n}")):
        n += 1
    return os.path.join(root, f"{kernel}_{n}")


def max_instructions(options):
    """The watchdog limit of a launch: the option, else $ASC_MAX_INSTRUCTIONS, else None (the
    library's default)."""
    mi = options.get("max_instructions")
    if mi is None:
        env = _lib.env("ASC_MAX_INSTRUCTIONS")
        if env:
            try:
                mi = int(env)
            except ValueError:
                mi = -1
            if mi < 0:
                raise ValueError(f"ASC_MAX_INSTRUCTIONS must be an integer >= 0 (0: no limit), not {env!r}")
    return mi


def kernel_error(name, diags, warnings_are_errors, kernel_warnings):
    """KernelError of a failed launch: the first error (with verify_sync also a warning other
    than a KernelWarning) as the message, then every other finding of the launch (errors and
    warnings, in order); all of them in .findings."""
    found = [Finding(text.rstrip(), sev) for sev, text in diags]
    if not found:
        return KernelError(f"kernel {name} failed")
    first = next((f for f, (_, text) in zip(found, diags) if f.severity == "error" or
                  (warnings_are_errors and text not in kernel_warnings)), found[0])
    rest = [f for f in found if f is not first]
    msg = str(first)
    if rest:
        msg += f"\n\n{len(rest)} more finding{'s' if len(rest) > 1 else ''} of this launch:\n" + "\n".join(rest)
    return KernelError(msg, found)


class Launcher:
    def __init__(self, options=None):
        self.options = options or LaunchOptions()

    @staticmethod
    def get_core_num(device_id=None):
        return _lib.platform_fact(config.current_platform().value, "aiv")

    def run(self, kernel, function_name, user_args, stacklevel=5, marshalled=None):
        """marshalled: the simulator arguments, when the caller has them already (asc.jit)."""
        if _lib.env("DRY_RUN"):
            return None
        if self.options.core_num <= 0:
            raise ValueError("Core number should be large than 0")
        if self.options.core_num > _lib.MAX_BLOCKS:
            raise ValueError(f"Core number {self.options.core_num} is larger than the hardware's limit of "
                             f"{_lib.MAX_BLOCKS} blocks")
        opts = kernel.options
        largs = marshalled if marshalled is not None else marshal_args(kernel, user_args)
        pdir = profile_dir(opts.get("profile"), function_name)
        rc, rep = _lib.launch(kernel.module, function_name, largs, config.current_platform().value,
                              self.options.core_num, int(opts.get("sanitize", True)), strict_gm=strict_gm(opts),
                              kernel_type=kernel_type(opts), threads=int(opts.get("sim_threads") or 0),
                              profile=pdir, lines=profile_lines(opts, pdir),
                              max_instructions=max_instructions(opts), race_warn=race_warn(opts))
        config._set_last_report(rep)
        kw = rep["kernel_warnings"]  # (not .get(): that would read the per-core part of the report)
        if opts.get("verify_sync"):
            rep["errors"] += [w for w in rep["warnings"] if w not in kw]
        if rc != 0 or rep["errors"]:  # every finding goes into the error
            raise kernel_error(function_name, rep["diagnostics"], bool(opts.get("verify_sync")), kw)
        for w in rep["warnings"]:
            if w in kw:
                warnings.warn(KernelWarning(w.rstrip()), stacklevel=stacklevel)
            else:
                warnings.warn(w.rstrip(), RuntimeWarning, stacklevel=stacklevel)
        return None


class MsprofLauncher:
    """pyasc's profiler hook; the simulator's timing report is asc.lib.runtime.last_report()."""

    def __init__(self, is_model=True):
        self.is_model = is_model

    def start(self):
        pass

    def process(self, kernel_name, block_num, task_type):
        pass
