"""asc.runtime.config: backend and platform selection (api.md §4)."""
import os
from enum import Enum

from .. import _lib


class Backend(Enum):
    Model = "Model"
    NPU = "NPU"


class Platform(Enum):
    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"
    Ascend910_9362 = "Ascend910_9362"
    Ascend910_9372 = "Ascend910_9372"
    Ascend910_9381 = "Ascend910_9381"
    Ascend910_9382 = "Ascend910_9382"
    Ascend910_9391 = "Ascend910_9391"
    Ascend910_9392 = "Ascend910_9392"
    # pyasc's newer development tree: Ascend 950 (arch 3510), not modelled by openasc (set_platform refuses them)
    Ascend950PR_950z = "Ascend950PR_950z"
    Ascend950PR_9579 = "Ascend950PR_9579"
    Ascend950PR_957b = "Ascend950PR_957b"
    Ascend950PR_957c = "Ascend950PR_957c"
    Ascend950PR_957d = "Ascend950PR_957d"
    Ascend950PR_9589 = "Ascend950PR_9589"
    Ascend950PR_958b = "Ascend950PR_958b"
    Ascend950PR_9599 = "Ascend950PR_9599"


class KernelType(Enum):
    AIV_ONLY = 0
    AIC_ONLY = 1
    MIX_AIV_HARD_SYNC = 2
    MIX_AIC_HARD_SYNC = 3
    MIX_AIV_1_0 = 4
    MIX_AIC_1_0 = 5
    MIX_AIC_1_1 = 6
    MIX_AIC_1_2 = 7


NPU_MESSAGE = ("Runtime library is not available! The NPU backend needs the CANN toolkit and an Ascend "
               "device; Backend.Model (the openasc simulator) runs everywhere.")

_state = {"backend": Backend.Model, "platform": Platform.Ascend910B1, "device": 0, "report": None}


def _cann_available():
    import shutil  # only for the NPU backend: not part of `import asc`
    return bool(os.environ.get("ASCEND_HOME_PATH")) and shutil.which("npu-smi") is not None


def modelled_platform(p):
    """Platform(p), refused with a ValueError naming the modelled platforms when the simulator's platform table
    (src/hw/hw.def) has no row for it (pyasc's newer Ascend 950 names)."""
    p = Platform(p)
    if not _lib.platform_known(p.value):
        raise ValueError(f"platform {p.value} is not modelled by openasc (its simulator models the Atlas A2/A3 "
                         f"cores, arch 2201); the modelled platforms: "
                         f"{', '.join(q.value for q in Platform if _lib.platform_known(q.value))}")
    return p


def set_platform(backend, soc_version=None, device_id=None, check=True):
    """Select the backend and SoC (pyasc's flow, through asc.lib.runtime as `rt`).  Model: the
    SoC defaults to Ascend910B1; NPU needs CANN and a device, which openasc does not drive."""
    from ..lib import runtime as rt
    backend = Backend(backend)
    if soc_version is not None:
        soc_version = modelled_platform(soc_version)
    if backend == Backend.NPU:
        rt.use_npu()  # raises: the emitted Ascend C needs CANN and a device
    rt.use_model()
    soc = soc_version or Platform.Ascend910B1
    rt.set_soc_version(soc)
    if device_id is not None:
        rt.set_device(device_id)
    if check and not rt.is_available():
        raise RuntimeError(f"Runtime library is not available! Platform {soc.value} is not modelled by the "
                           f"openasc simulator (libasc); pyasc's Model backend would look for "
                           f"$ASCEND_HOME_PATH/tools/simulator/{soc.value}/lib")


def current_backend():
    return _state["backend"]


def current_platform():
    return _state["platform"]


def _set_last_report(rep):
    _state["report"] = rep


def last_report():
    return _state["report"]


def __getattr__(name):
    """pyasc's config.rt: asc.lib.runtime, imported on first use (it imports this module)."""
    if name == "rt":
        from ..lib import runtime
        return runtime
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
