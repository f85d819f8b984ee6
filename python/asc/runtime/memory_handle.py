"""asc.runtime.memory_handle (pyasc's path): device memory for kernel arguments on the NPU.  On the
Model backend numpy arrays and torch CPU tensors are passed zero-copy (asc.runtime.marshal)."""
from .._core import not_yet_names

not_yet_names(globals(), __name__, "MemoryHandle ByteArrayHandle NumpyArrayHandle TorchCpuTensorHandle "
              "TorchNpuTensorArgument resolve_memory_handle", " (NPU runtime)")
