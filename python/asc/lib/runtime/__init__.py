"""asc.lib.runtime (imported as `rt` in pyasc programs): streams, device and the last launch's timing.
Everything is synchronous on the Model backend, so streams are opaque handles."""
import ctypes
import enum
import os

from ..._core import not_yet_names

from ...runtime import config


class CoreType(enum.Enum):
    AiCore = "AiCore"
    VectorCore = "VectorCore"
    CubeCore = "CubeCore"
    AiCpu = "AiCpu"


class DeviceModuleType(enum.Enum):
    RT_MODULE_TYPE_SYSTEM = 0
    RT_MODULE_TYPE_AICPU = 1
    RT_MODULE_TYPE_CCPU = 2
    RT_MODULE_TYPE_DCPU = 3
    RT_MODULE_TYPE_AICORE = 4
    RT_MODULE_TYPE_TSCPU = 5
    RT_MODULE_TYPE_PCIE = 6
    RT_MODULE_TYPE_VECTOR_CORE = 7


class DeviceInfoType(enum.Enum):
    INFO_TYPE_ENV = 0
    INFO_TYPE_VERSION = 1
    INFO_TYPE_MASTERID = 2
    INFO_TYPE_CORE_NUM = 3

_STREAM = ctypes.c_void_p(0x5354524D)  # one opaque stream handle


def use_model():
    config._state["backend"] = config.Backend.Model


def use_npu():
    raise RuntimeError(config.NPU_MESSAGE)


def is_model():
    return config.current_backend() == config.Backend.Model


def is_available():
    """The Model backend runs on libasc's simulator: available when libasc loads and models the platform."""
    from ... import _lib
    try:
        return _lib.platform_known(config.current_platform().value)
    except RuntimeError:
        return False


def set_soc_version(p):
    config._state["platform"] = config.modelled_platform(p)


def get_soc_version():
    """The current platform (a config.Platform, as in pyasc)."""
    return config.current_platform()


def is_initialized():
    return True


def current_device():
    return config._state["device"]


def default_device():
    return 0


def current_platform():
    return config.current_platform()


def device_count():
    return 1


def device_info(module_type=None, info_type=None):
    """Only INFO_TYPE_CORE_NUM is known: the current platform's vector (or cube) core count."""
    from ... import _lib
    if info_type is not None and DeviceInfoType(info_type) != DeviceInfoType.INFO_TYPE_CORE_NUM:
        raise NotImplementedError(f"asc.lib.runtime.device_info({info_type}) is not implemented yet in openasc")
    field = "aic" if module_type == DeviceModuleType.RT_MODULE_TYPE_AICORE else "aiv"
    return _lib.platform_fact(config.current_platform().value, field)


def set_device(device_id=0):
    config._state["device"] = device_id


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
    from ... import _lib
    pipes = _lib.hw_pipes()  # the pipes of arch 2201, from the hardware table
    used = [p for p, _ in pipes if any(c["busy"].get(p) for c in rep["cores"])] or \
        [p for p, cores in pipes if cores & 1]  # nothing ran: the AIV's pipes
    lines = [f"[timing] {rep['platform']} @ {rep['mhz']:.0f} MHz: {rep['cycles']} cycles = {rep['us']:.3f} us"
             f" on {len(rep['cores'])} core(s), including {rep.get('launch_cycles', 0)} launch cycles",
             "  core  blocks    cycles  " + "  ".join(f"{p:>10}" for p in used)]
    for i, c in enumerate(rep["cores"]):
        lines.append(f"  {i:>4}  {c['blocks']:>6}  {c['cycles']:>8}  " +
                     "  ".join(f"{c['busy'].get(p, 0):>10}" for p in used))
    import linecache  # only here, for the source lines: not part of `import asc`
    total = rep.get("core_cycles") or 0
    start = sum(c.get("start_cycles", 0) for c in rep["cores"])
    if start and rep.get("lines"):  # the cores' start-up: scalar work of no line (docs/profile.md)
        lines.append(f"  start-up   {start} cycles ({100.0 * start / total if total else 0.0:.1f}%) of the cores'"
                     " time: no line")
    for k, ln in enumerate(rep.get("lines", [])[:3]):  # cycles attributed to lines (docs/profile.md)
        share = 100.0 * ln["cycles"] / total if total else 0.0
        lines.append(f"  {'top lines:' if k == 0 else '':<10} {os.path.basename(ln['file'] or '?')}:{ln['line']}"
                     f"  {ln['cycles']} cycles ({share:.1f}%), {ln['calls']} calls"
                     + (f"  | {linecache.getline(ln['file'], ln['line']).strip()}" if ln['file'] else ""))
    if rep.get("profile"):
        lines.append(f"  profile: {os.path.join(rep['profile'], 'timeline.html')}")
    return "\n".join(lines)


not_yet_names(globals(), "asc.lib.runtime", "malloc memcpy copy_data_to_device copy_data_from_device free "
              "free_mem register_device_binary_kernel register_function launch_kernel",
              " (launch kernels with kernel[core_num](...))")


not_yet_names(globals(), __name__, "Function Kernel Memory MemorySizes MsprofTaskType ProfilingCommandHandle "
              "acl_init acl_finalize call_print_interface check_device_handle magic_elf_value msprof_task_type "
              "npu_utils set_pro_switch unregister_device_binary_kernel", " (NPU runtime)")
