"""LocalTensor.to_file (pyasc: dump a LocalTensor's data to a file of the working directory): the file
holds the tensor's bytes as they are at the call, after every pipe drains; checked against numpy."""
import numpy as np
import pytest

import asc


@asc.jit
def tofile_kernel(x: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    t.to_file("before.bin")
    asc.adds(t, t, 1.5, n)
    t.to_file("after.bin")  # waits for the adds (every pipe drains first)
    asc.adds(t, t, 1.0, n)  # later changes do not reach the files
    q.free_tensor(t)


def test_to_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    x = np.arange(64, dtype=np.float32) * 0.25
    tofile_kernel[1](x, 64)
    before = np.fromfile(tmp_path / "before.bin", dtype=np.float32)
    after = np.fromfile(tmp_path / "after.bin", dtype=np.float32)
    np.testing.assert_array_equal(before, x)
    np.testing.assert_array_equal(after, x + np.float32(1.5))


def test_to_file_bad_name():
    @asc.jit
    def bad(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        t.to_file("")

    with pytest.raises(Exception, match="file_name must be a non-empty str"):
        bad[1](np.zeros(4, np.float32))


def test_to_file_unwritable(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    @asc.jit
    def nodir(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        asc.duplicate(t, 0.0, 64)
        t.to_file("no_such_dir/t.bin")
        q.free_tensor(t)

    with pytest.warns(Warning, match="cannot write 'no_such_dir/t.bin'"):
        nodir[1](np.zeros(4, np.float32))
