"""asc.runtime.config: backend and platform selection (api.md §4)."""
import os
import shutil
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
    return bool(os.environ.get("ASCEND_HOME_PATH")) and shutil.which("npu-smi") is not None


def set_platform(backend, soc_version=None, device_id=None, check=True):
    """Select the backend and SoC.  Model: soc defaults to Ascend910B1."""
    backend = Backend(backend)
    if soc_version is not None:
        soc_version = Platform(soc_version)
    if backend == Backend.NPU:
        # openasc has no NPU runtime of its own: the emitted Ascend C needs CANN and a device.
        raise RuntimeError(NPU_MESSAGE)
    soc = soc_version or Platform.Ascend910B1
    if check and not _lib.platform_known(soc.value):
        raise RuntimeError(f"Runtime library is not available! Platform {soc.value} is not modelled")
    _state.update(backend=backend, platform=soc, device=device_id or 0)


def current_backend():
    return _state["backend"]


def current_platform():
    return _state["platform"]


def _set_last_report(rep):
    _state["report"] = rep


def last_report():
    return _state["report"]
