"""select's register forms in SELMODE 1 and 2 (Select.md: "不传入mask参数"), against references
computed lane by lane: the mask register as set_vector_mask left it; mode 1 takes its scalar from
CMPMASK's low bytes (set_cmp_mask) and consumes sel_mask progressively (bit r * lanes + k); mode 2
reads the sel_mask at the UB byte address held in CMPMASK[31:0]."""
import numpy as np
import pytest

import asc
from basic_kernels import data, run


def bitsof(m, n):
    return np.unpackbits(m, bitorder="little")[:n].astype(bool)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_select_mode1_register(dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    x = data(2 * lanes, dtype, -5, 5, seed=1)
    sel = np.random.default_rng(2).integers(0, 256, 64).astype(np.uint8)
    z = np.full(2 * lanes, 9, dtype)
    t = getattr(asc, dtype)

    def op(dst, a, sm):
        tmp = dst[2 * lanes - 16:]  # a scratch block holding the scalar for set_cmp_mask
        tmp.set_value(0, asc.number(-2.5, t))
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.set_cmp_mask(tmp)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.set_vector_mask(lanes - 3, dtype=t, mode=asc.MaskMode.NORMAL)
        asc.select(dst, sm, a, repeat_times=2, repeat_params=asc.BinaryRepeatParams())
        asc.reset_mask()
    got = run(op, x, sel, z)
    b = bitsof(sel, 2 * lanes)
    want = z.copy()
    want[2 * lanes - 16] = -2.5
    for r in range(2):
        for k in range(lanes - 3):
            i = r * lanes + k
            want[i] = x[i] if b[i] else -2.5
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_select_mode2_register(dtype):
    lanes = 256 // np.dtype(dtype).itemsize
    x, y = data(3 * lanes, dtype, -5, 5, seed=3), data(3 * lanes, dtype, -5, 5, seed=4)
    z = np.full(3 * lanes, 7, dtype)
    t = getattr(asc, dtype)
    rng = np.random.default_rng(5)
    sel = rng.integers(0, 256, 3 * lanes // 8).astype(np.uint8)

    def op(dst, a, b):
        # the selection bits, then a block holding their UB address (CMPMASK[31:0] in mode 2)
        sm = b[2 * lanes:].reinterpret_cast(asc.int8)
        for i in asc.static_range(3 * lanes // 8):
            sm.set_value(i, asc.number(int(sel.view(np.int8)[i]), asc.int8))
        addr = b[lanes:].reinterpret_cast(asc.int32)
        addr.set_value(0, sm.get_phy_addr().cast(asc.int32))
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.set_cmp_mask(addr)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.set_vector_mask(0x8000000000000001, 0x00FF00FF00FF00FF, dtype=t, mode=asc.MaskMode.NORMAL)
        asc.select(dst, a, a[lanes:], repeat_times=2, repeat_params=asc.BinaryRepeatParams(),
                   sel_mode=asc.SelMode.VSEL_TENSOR_TENSOR_MODE)
        asc.reset_mask()
    got = run(op, x, y, z)
    words = [0x00FF00FF00FF00FF, 0x8000000000000001]
    on = [(words[k // 64] >> (k % 64)) & 1 for k in range(lanes)]
    b = bitsof(sel, 2 * lanes)
    want = z.copy()
    for r in range(2):
        for k in range(lanes):
            if on[k]:
                i = r * lanes + k
                want[i] = x[i] if b[i] else x[lanes + i]
    np.testing.assert_array_equal(got, want)


def test_select_mode1_register_with_sel_mode_is_a_clear_error():
    def op(dst, a, b):
        asc.select(dst, a, b, repeat_times=1, repeat_params=asc.BinaryRepeatParams(),
                   sel_mode=asc.SelMode.VSEL_TENSOR_SCALAR_MODE)
    with pytest.raises(ValueError, match=r"register form is select\(dst, sel_mask, src0"):
        run(op, data(64, "float32"), data(64, "float32"), np.zeros(64, np.float32))
