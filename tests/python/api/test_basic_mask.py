"""The mask register entries of asc.language.basic, from their pages: set_vector_mask, reset_mask,
set_mask_count, set_mask_norm.

set_vector_mask's page: the register applies to vector calls made with is_set_mask=False (mask
argument MASK_PLACEHOLDER); in Normal mode it is the per-repeat lane mask (a length, or mask_high /
mask_low bits), in Counter mode (set_mask_count) the total element count of the call, repeats
following from it; reset_mask restores all lanes; set_mask_norm returns to Normal mode."""
import numpy as np
import pytest

import asc
from kit import U64, api, lanes, quarters, run, same


def operands(n, dtype):
    return quarters(n, dtype, seed=1), quarters(n, dtype, seed=2), np.full(n, 9, dtype)


@api("set_vector_mask", "set_mask_norm", "reset_mask")
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_normal_length(dtype):
    """The page's Normal example (set_mask_norm, then a length: 64 lanes of float), applied to a
    2-repeat add with is_set_mask=False; the length 37 for half."""
    x, y, z = operands(512, dtype)
    n = 64 if dtype == "float32" else 37
    t = asc.float32 if dtype == "float32" else asc.float16

    def op(dst, a, b):
        asc.set_mask_norm()
        asc.set_vector_mask(n, dtype=t, mode=asc.MaskMode.NORMAL)
        asc.add(dst, a, b, asc.MASK_PLACEHOLDER, 2, asc.BinaryRepeatParams(), is_set_mask=False)
        asc.reset_mask()
    idx = lanes(n, 2, np.dtype(dtype).itemsize, 1, 8).ravel()
    want = z.copy()
    want[idx] = x[idx] + y[idx]
    same(run(op, x, y, z), want)


@api("set_vector_mask", "set_mask_norm", "reset_mask")
def test_normal_bits():
    """The page's bit form: set_vector_mask(mask_high, mask_low, dtype=float16, mode=NORMAL); the
    example's all-ones, then a sparse pair (mask_low = lanes 0-63)."""
    x, y, z = operands(256, "float16")
    for hi, lo in ((U64, U64), (0x8000000000000001, 0x00000000FFFF0003)):
        def op(dst, a, b):
            asc.set_mask_norm()
            asc.set_vector_mask(hi, lo, dtype=asc.float16, mode=asc.MaskMode.NORMAL)
            asc.mul(dst, a, b, asc.MASK_PLACEHOLDER, 2, asc.BinaryRepeatParams(), is_set_mask=False)
            asc.reset_mask()
        idx = lanes([lo, hi], 2, 2, 1, 8).ravel()
        want = z.copy()
        want[idx] = x[idx] * y[idx]
        same(run(op, x, y, z), want)


@api("set_vector_mask", "set_mask_count", "set_mask_norm", "reset_mask")
@pytest.mark.parametrize("count", [128, 300])
def test_counter_mode(count):
    """The page's Counter example (set_mask_count, set_vector_mask(128, dtype=float16, mode=COUNTER)),
    and 300: the call covers that many elements whatever its repeat argument (here 1)."""
    x, y, z = operands(512, "float16")

    def op(dst, a, b):
        asc.set_mask_count()
        asc.set_vector_mask(count, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
        asc.sub(dst, a, b, asc.MASK_PLACEHOLDER, 1, asc.BinaryRepeatParams(), is_set_mask=False)
        asc.set_mask_norm()
        asc.reset_mask()
    want = z.copy()
    want[:count] = x[:count] - y[:count]
    same(run(op, x, y, z), want)


@api("reset_mask", "set_vector_mask")
def test_reset_mask_restores_all_lanes():
    """reset_mask's page: back to all ones -- every lane of each repeat takes part."""
    x, y, z = operands(256, "float32")

    def op(dst, a, b):
        asc.set_vector_mask(5, dtype=asc.float32, mode=asc.MaskMode.NORMAL)
        asc.reset_mask()
        asc.max(dst, a, b, asc.MASK_PLACEHOLDER, 4, asc.BinaryRepeatParams(), is_set_mask=False)
    same(run(op, x, y, z), np.maximum(x, y))


@api("set_mask_norm", "set_mask_count")
def test_mask_norm_after_count_restores_repeat_masks():
    """After Counter mode, set_mask_norm makes a level-0 call's mask per repeat again (set_mask_count's page:
    return to Normal mode after the vector computation)."""
    x, y, z = operands(256, "float16")

    def op(dst, a, b):
        asc.set_mask_count()
        asc.set_vector_mask(50, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
        asc.add(dst, a, b, asc.MASK_PLACEHOLDER, 1, asc.BinaryRepeatParams(), is_set_mask=False)
        asc.set_mask_norm()
        asc.add(dst[128], a[128], b[128], 10, 1, asc.BinaryRepeatParams())
    want = z.copy()
    want[:50] = x[:50] + y[:50]
    want[128:138] = x[128:138] + y[128:138]
    same(run(op, x, y, z), want)
