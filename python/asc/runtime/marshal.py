"""The marshalling of a kernel's runtime arguments, in one place: what each Python argument (numpy
array, torch tensor, int, float, numpy / torch scalar, Struct, MockTensor / MockValue) is to the
kernel's specialisation (asc.jit) and to the simulator's launch (the launcher)."""
import ctypes
import sys

from .. import _lib
from .._core import DTYPES, dtype_of
from ..language.core.struct import Struct

_DT = {}  # numpy / torch dtype object -> DataType
_SIM_DT = {}  # DataType name -> simulator dtype id


def _dt(obj):
    d = _DT.get(obj)
    if d is None:
        d = _DT[obj] = dtype_of(getattr(obj, "name", None) if type(obj).__module__.startswith("numpy") else str(obj))
    return d


def _sim_dt(d):
    v = _SIM_DT.get(d.name)
    if v is None:
        v = _SIM_DT[d.name] = _lib.sim_dtype(d.name)
    return v


def _arg_dt(n, obj):
    try:
        return _dt(obj)
    except ValueError as e:
        raise ValueError(f"argument '{n}': {e}") from None


def _data_address(x, writable):
    """The address of numpy array x's data: through a ctypes view of its buffer when it is writable and not
    empty (~0.4 us), else numpy's x.ctypes.data (~1.7 us: it builds a helper object; a launch reads one
    address per array argument)."""
    if writable and x.nbytes:
        try:
            return ctypes.addressof(ctypes.c_char.from_buffer(x))
        except (TypeError, ValueError, BufferError):  # a dtype numpy does not export as a buffer
            pass
    return x.ctypes.data


def _gm_info(n, x):
    """(dtype, pointer, nbytes, read-only) of argument n if it is a numpy array (subclasses such
    as np.memmap and np.matrix included) or a torch CPU tensor, else None."""
    np = sys.modules.get("numpy")
    if np is not None and isinstance(x, np.ndarray):
        flags = x.flags
        if not flags.c_contiguous:
            raise ValueError(f"argument '{n}': numpy array arguments must be C-contiguous (use np.ascontiguousarray)")
        if not x.dtype.isnative:
            raise ValueError(f"argument '{n}': the array's byte order is not the machine's ({x.dtype.str}); "
                             f"convert it with x.astype(x.dtype.newbyteorder('='))")
        writable = flags.writeable
        return _arg_dt(n, x.dtype), _data_address(x, writable), x.nbytes, not writable
    if type(x).__module__.startswith("torch") and hasattr(x, "data_ptr"):
        if x.device.type != "cpu":
            raise ValueError(f"argument '{n}': torch tensors must be on the CPU for the Model backend, got {x.device}")
        if str(x.layout) != "torch.strided":
            raise ValueError(f"argument '{n}': torch tensor arguments must be dense (strided), got {x.layout}")
        if not x.is_contiguous():
            raise ValueError(f"argument '{n}': torch tensor arguments must be contiguous (use .contiguous())")
        return _arg_dt(n, x.dtype), x.data_ptr(), x.numel() * x.element_size(), False
    return None


def _int_arg(n, v, d):
    iv, bits = int(v), 8 * d.size
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if d.kind == "i" else (0, (1 << bits) - 1)
    if not lo <= iv <= hi:
        raise OverflowError(f"argument '{n}' = {iv} does not fit {d.name}")
    return ("int", _sim_dt(d), iv, n)


_I8, _I32, _F32 = DTYPES["int8"], DTYPES["int32"], DTYPES["float32"]


def _marshal(n, x):
    """(kind, DataType, launch argument for _lib.launch) of runtime argument n = x:
    kind 'gm' | 'int' | 'float'; ints must fit their parameter type (api.md §3)."""
    np = sys.modules.get("numpy")
    if np is not None and type(x) is np.ndarray:  # the common case first: a plain numpy array
        d, ptr, nbytes, readonly = _gm_info(n, x)
        return "gm", d, ("gm_ro" if readonly else "gm", ptr, nbytes, _sim_dt(d), n)
    if isinstance(x, bool):
        return "int", _I8, _int_arg(n, x, _I8)
    if isinstance(x, int):
        return "int", _I32, _int_arg(n, x, _I32)
    if isinstance(x, float):
        return "float", _F32, ("float", _sim_dt(_F32), x, n)
    if hasattr(x, "dtype"):
        if np is not None and isinstance(x, np.generic):  # numpy scalar
            if x.dtype.kind == "b":  # np.bool_ is a Python bool's value
                return "int", _I8, _int_arg(n, bool(x), _I8)
            d = _arg_dt(n, x.dtype)
            if d.is_float():
                return "float", d, ("float", _sim_dt(d), float(x), n)
            return "int", d, _int_arg(n, x, d)
        if type(x).__module__.startswith("torch") and hasattr(x, "dim") and x.dim() == 0:
            # a 0-dim torch tensor is a scalar of its dtype (pyasc's newer tree), as a numpy scalar is
            if str(x.dtype) == "torch.bool":
                return "int", _I8, _int_arg(n, bool(x.item()), _I8)
            d = _arg_dt(n, x.dtype)
            if x.dtype.is_floating_point:
                return "float", d, ("float", _sim_dt(d), float(x.item()), n)
            return "int", d, _int_arg(n, int(x.item()), d)
        info = _gm_info(n, x)
        if info:
            d, ptr, nbytes, readonly = info
            return "gm", d, ("gm_ro" if readonly else "gm", ptr, nbytes, _sim_dt(d), n)
    raise TypeError(f"Argument type in JIT function is not supported: {type(x).__name__}")


class MockTensor:
    """Stands for a GM array of dtype when a kernel is only traced and compiled (pyasc's test
    helper): kernel[n](MockTensor(asc.float16)) with Launcher.run patched."""

    def __init__(self, dtype):
        self.dtype = dtype_of(dtype)


class MockValue:
    """Stands for a scalar argument of dtype (see MockTensor)."""

    def __init__(self, dtype):
        self.dtype = dtype_of(dtype)


def _arg_kind(n, x):
    """(kind, DataType or Struct class, simulator argument or None) of runtime argument n = x: what
    the kernel is specialised on, and (for plain arguments) what the launcher passes."""
    if isinstance(x, Struct):
        return "struct", type(x), None
    if isinstance(x, MockTensor):
        return "gm", x.dtype, None
    if isinstance(x, MockValue):
        return ("float" if x.dtype.is_float() else "int"), x.dtype, None
    return _marshal(n, x)


def marshal_args(kernel, user_args):
    """The simulator's argument list for the user's runtime arguments (Struct arguments give
    one scalar per leaf field, read from their ctypes struct)."""
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
