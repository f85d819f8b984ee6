"""Host arguments the front-end must refuse or handle (issue 12, items 3 and 9): read-only and
foreign-layout arrays, numpy subclasses, numpy scalars of every kind, torch tensors."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import asc
from kernels import binary_kernel, padded

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@asc.jit
def copy0(out: asc.GlobalAddress, x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    h = asc.GlobalTensor()
    h.set_global_buffer(x)
    g.set_value(0, h.get_value(1))


def line_of(kernel, text):
    lines = open(kernel.src.file).read().splitlines()
    return lines.index(next(ln for ln in lines if text in ln and ln.strip().startswith(text.strip()))) + 1


# ---- the data address a launch passes ----------------------------------------------------------------
def test_array_addresses_are_numpys():
    """A launch reads an array's address through a ctypes view of its buffer when it can (issue 32); numpy's
    x.ctypes.data is the reference, for views at an offset, read-only, warn-on-write (np.broadcast_arrays)
    and empty arrays, and the kernel reads the view's elements, not its base's."""
    import warnings

    from asc.runtime.marshal import _data_address
    a = np.arange(64, dtype=np.float32)
    ro = a.copy()
    ro.flags.writeable = False
    with warnings.catch_warnings():  # numpy warns when a broadcast array's writeable flag is read
        warnings.simplefilter("ignore")
        bc = np.broadcast_arrays(a[:8], np.zeros((1, 8), np.float32))[0]  # (1, 8), contiguous, warn-on-write
        for x in (a, a[5:], a.reshape(8, 8)[3], ro, bc, np.zeros(0, np.float16), np.zeros((), np.int32)):
            assert _data_address(x, x.flags.writeable) == x.ctypes.data
    out = np.zeros(4, np.float32)
    copy0[1](out, a[10:])  # out[0] = x[1]
    assert out[0] == 11.0


# ---- read-only arrays ----------------------------------------------------------------------------------
def test_read_only_inputs_run_without_a_copy():
    n = 64
    x = np.frombuffer(np.arange(n, dtype=np.float32).tobytes(), np.float32)  # bytes: read-only
    y = np.full(n, 2, np.float32)
    y.flags.writeable = False
    assert not x.flags.writeable and not y.flags.writeable
    z = np.zeros(n, np.float32)
    binary_kernel[1](x, y, z, n, asc.add, padded(n, np.float32))
    np.testing.assert_array_equal(z, np.arange(n, dtype=np.float32) + 2)


def test_writing_a_read_only_array_is_an_error_at_the_line_and_writes_nothing():
    n = 64
    x, y = np.ones(n, np.float32), np.ones(n, np.float32)
    buf = bytes(4 * n)
    z = np.frombuffer(buf, np.float32)
    with pytest.raises(asc.KernelError) as e:
        binary_kernel[1](x, y, z, n, asc.add, padded(n, np.float32))
    msg = str(e.value)
    assert "GM array 'z', which is read-only" in msg and "nothing was written" in msg
    assert f"kernels.py:{line_of(binary_kernel, 'asc.data_copy_pad(zg')}:" in msg
    assert buf == bytes(4 * n) and not z.any()
    out = np.zeros(4, np.int32)
    out.flags.writeable = False
    with pytest.raises(asc.KernelError, match="'out', which is read-only") as e:
        copy0[1](out, np.arange(4, dtype=np.int32))
    assert f"test_arguments.py:{line_of(copy0, 'g.set_value(0, h.get_value(1))')}:" in str(e.value)
    assert not out.any()


def test_read_only_memmap(tmp_path):
    """A read-only memory map as an input works; as an output it is an error (before the fix the
    process died of SIGSEGV, so this runs in a child process)."""
    path = tmp_path / "m.bin"
    np.arange(4, dtype=np.int32).tofile(path)
    script = tmp_path / "ro.py"
    script.write_text(textwrap.dedent(f"""
        import numpy as np
        import asc

        @asc.jit
        def copy0(out: asc.GlobalAddress, x: asc.GlobalAddress):
            g = asc.GlobalTensor()
            g.set_global_buffer(out)
            h = asc.GlobalTensor()
            h.set_global_buffer(x)
            g.set_value(0, h.get_value(1))

        m = np.memmap({str(path)!r}, dtype=np.int32, mode="r", shape=(4,))
        out = np.zeros(4, np.int32)
        copy0[1](out, m)
        print("in", out[0])
        try:
            copy0[1](m, np.full(4, 9, np.int32))
        except asc.KernelError as e:
            print("out", "read-only" in str(e), "ro.py:11:" in str(e))
        try:
            copy0[1](np.asarray(m), np.full(4, 9, np.int32))  # a plain ndarray over the read-only map
        except asc.KernelError as e:
            print("view", "read-only" in str(e))
        print("file", list(np.fromfile({str(path)!r}, np.int32)))
        """))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    r = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    assert r.stdout.split("\n")[:4] == ["in 1", "out True True", "view True", "file [0, 1, 2, 3]"]


# ---- foreign layouts ----------------------------------------------------------------------------------------
def test_non_native_byte_order_is_refused_naming_the_argument():
    swapped = np.arange(4, dtype=np.int32).astype(np.dtype(np.int32).newbyteorder())
    with pytest.raises(ValueError, match="argument 'x': the array's byte order is not the machine's"):
        copy0[1](np.zeros(4, np.int32), swapped)
    out = np.zeros(4, np.int32)
    copy0[1](out, swapped.astype(swapped.dtype.newbyteorder("=")))  # the suggested conversion works
    assert out[0] == 1


def test_non_contiguous_numpy_names_the_argument():
    with pytest.raises(ValueError, match="argument 'x': numpy array arguments must be C-contiguous"):
        copy0[1](np.zeros(4, np.int32), np.arange(8, dtype=np.int32)[::2])


def test_numpy_subclasses_are_arrays(tmp_path):
    out = np.zeros(4, np.int32)
    with pytest.warns(PendingDeprecationWarning):
        mat = np.matrix([[5, 6], [7, 8]], dtype=np.int32)
    copy0[1](out, mat)
    assert out[0] == 6
    m = np.memmap(tmp_path / "w.bin", dtype=np.int32, mode="w+", shape=(4,))
    m[:] = [3, 4, 5, 6]
    copy0[1](out, m)
    assert out[0] == 4
    copy0[1](m, np.full(4, 8, np.int32))  # a writable memory map is an output like any array
    m.flush()
    assert list(np.fromfile(tmp_path / "w.bin", np.int32)) == [8, 4, 5, 6]


def test_unsupported_array_dtype_names_the_argument():
    with pytest.raises(ValueError, match="argument 'x': Unsupported DataType name: complex64"):
        copy0[1](np.zeros(4, np.int32), np.zeros(4, np.complex64))


# ---- torch ---------------------------------------------------------------------------------------------------
def test_torch_cases():
    torch = pytest.importorskip("torch")
    out = torch.zeros(4, dtype=torch.int32)
    x = torch.arange(12, dtype=torch.int32)
    copy0[1](out, x[2:6])  # contiguous view with a storage offset
    assert out[0].item() == 3
    with pytest.raises(ValueError, match="argument 'x': torch tensor arguments must be contiguous"):
        copy0[1](out, x.view(3, 4).t())
    with pytest.raises(ValueError, match="argument 'x': torch tensor arguments must be contiguous"):
        copy0[1](out, torch.tensor([1], dtype=torch.int32).expand(4))
    with pytest.raises(ValueError, match="argument 'x': torch tensor arguments must be dense"):
        copy0[1](out, x.to_sparse())
    with pytest.raises(ValueError, match="argument 'x': Unsupported DataType name: torch.complex64"):
        copy0[1](out, torch.zeros(4, dtype=torch.complex64))
