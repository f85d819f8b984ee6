"""asc.lib.runtime (imported as `rt` in pyasc programs): streams, device and the last launch's timing.
Everything is synchronous on the Model backend, so streams are opaque handles."""
import ctypes
import linecache
import os

from ..runtime import config

_STREAM = ctypes.c_void_p(0x5354524D)  # one opaque stream handle


def use_model():
    config.set_platform(config.Backend.Model, config.current_platform())


def use_npu():
    config.set_platform(config.Backend.NPU)


def is_model():
    return config.current_backend() == config.Backend.Model


def is_available():
    return True


def set_soc_version(p):
    config.set_platform(config.current_backend(), p)


def get_soc_version():
    return config.current_platform().value


def current_platform():
    return config.current_platform()


def device_count():
    return 1


def set_device(device_id=0):
    pass


def reset_device(device_id=0):
    pass


def current_stream(dev=None):
    return _STREAM


def create_stream(priority=0):
    return _STREAM


def destroy_stream(stream=None):
    pass


def synchronize(stream=None, timeout=0):
    """Launches are synchronous: nothing to wait for."""


def synchronize_device():
    pass


def c2c_ctrl_addr():
    return 0xE7FFE8064000


def current_tick():
    """Simulated cycles of the last kernel launch (0 before any launch)."""
    rep = config.last_report()
    return rep["cycles"] if rep else 0


def last_report():
    """The last launch's report: dict with cycles, us, mhz, platform, cores (cycles, blocks, busy per pipe)."""
    return config.last_report()


def report_text(rep=None):
    """A printable timing table of the last launch (or of rep)."""
    rep = rep or config.last_report()
    if not rep:
        return "no kernel launched yet"
    pipes = ["PIPE_S", "PIPE_V", "PIPE_MTE2", "PIPE_MTE3", "PIPE_MTE1", "PIPE_M", "PIPE_FIX"]
    used = [p for p in pipes if any(c["busy"].get(p) for c in rep["cores"])] or pipes[:4]
    lines = [f"[timing] {rep['platform']} @ {rep['mhz']:.0f} MHz: {rep['cycles']} cycles = {rep['us']:.3f} us"
             f" on {len(rep['cores'])} core(s), including {rep.get('launch_cycles', 0)} launch cycles",
             "  core  blocks    cycles  " + "  ".join(f"{p:>10}" for p in used)]
    for i, c in enumerate(rep["cores"]):
        lines.append(f"  {i:>4}  {c['blocks']:>6}  {c['cycles']:>8}  " +
                     "  ".join(f"{c['busy'].get(p, 0):>10}" for p in used))
    total = rep.get("core_cycles") or 0
    for k, ln in enumerate(rep.get("lines", [])[:3]):  # cycles attributed to lines (docs/profile.md)
        share = 100.0 * ln["cycles"] / total if total else 0.0
        lines.append(f"  {'top lines:' if k == 0 else '':<10} {os.path.basename(ln['file'] or '?')}:{ln['line']}"
                     f"  {ln['cycles']} cycles ({share:.1f}%), {ln['calls']} calls"
                     + (f"  | {_source(ln['file'], ln['line'])}" if ln['file'] else ""))
    if rep.get("profile"):
        lines.append(f"  profile: {os.path.join(rep['profile'], 'timeline.html')}")
    return "\n".join(lines)


def _source(file, line):
    return linecache.getline(file, line).strip()


def _not_yet(name):
    def f(*args, **kwargs):
        raise NotImplementedError(f"asc.lib.runtime.{name} is not implemented yet in openasc "
                                  "(launch kernels with kernel[core_num](...))")
    f.__name__ = name
    return f


for _n in ("device_info malloc memcpy copy_data_to_device copy_data_from_device free free_mem "
           "register_device_binary_kernel register_function launch_kernel").split():
    globals()[_n] = _not_yet(_n)
