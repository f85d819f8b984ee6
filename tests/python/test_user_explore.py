"""Kernels written as a pyasc user would write them (TPipe/TQue, count and mask forms), each
checked against numpy or a hand-computed value.  Each test names the openasc gap it found."""
import numpy as np
import pytest

import asc
import asc.runtime.config as config


def setup_function():
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)


@asc.jit
def _ternary_uninit_dst(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int], masked: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi, qo = asc.TQue(asc.TPosition.VECIN, 1), asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, n * 4)
    pipe.init_buffer(qo, 1, 2 * n * 4)
    a = qi.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, n)
    qi.enque(a)
    a = qi.deque(asc.float32)
    o = qo.alloc_tensor(asc.float32)
    asc.duplicate(o, 2.0, n)
    if masked:
        asc.mul_add_dst(o[n:], a, o, 64, n // 64, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    else:
        asc.fused_mul_add(o[n:], a, o, n)  # dst = a * dst + o: dst o[n:] was never written
    qo.enque(o)
    qi.free_tensor(a)
    o = qo.deque(asc.float32)
    asc.data_copy(zg, o, 2 * n)
    qo.free_tensor(o)


@pytest.mark.parametrize("masked", [0, 1])
def test_ternary_ops_read_their_dst(monkeypatch, masked):
    """fused_mul_add / mul_add_dst read dst: reading a dst nothing wrote is the uninitialised
    read the sanitizer reports (it was silent: only dst's write was declared to it)."""
    monkeypatch.delenv("ASC_STRICT", raising=False)
    x, z = np.ones(128, np.float32), np.zeros(256, np.float32)
    with pytest.warns(asc.KernelWarning, match=r"read of uninitialized UB bytes \[1024, 1536\)"):
        _ternary_uninit_dst[1](x, z, 128, masked)
    monkeypatch.setenv("ASC_STRICT", "1")
    with pytest.raises(asc.KernelError, match=r"read of uninitialized UB bytes \[1024, 1536\)"):
        _ternary_uninit_dst[1](x, z, 128, masked)
