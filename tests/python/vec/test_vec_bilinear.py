"""bilinear_interpolation against a numpy reference written from BilinearInterpolation(ISASI).md's
worked example: gather 8 src0 blocks per iteration at byte offsets, multiply (in half) by one src1
value per iteration or one per block (repeat_mode), sum the h_repeat iterations (in half) into dst
per vertical repeat; lanes the mask switches off keep dst."""
import numpy as np
import pytest

import asc
from basic_kernels import mask_bits, run


def reference(src0, offs, src1, mask, h, mode, dblk, voff, v, z):
    out = z.copy()
    on = mask_bits(mask, 128)
    prods = np.zeros((v * h, 128), np.float16)
    for i in range(v * h):
        for b in range(8):
            blk = src0[offs[8 * i + b] // 2: offs[8 * i + b] // 2 + 16]
            w = src1[8 * i + b] if mode else src1[i]
            prods[i, 16 * b:16 * b + 16] = blk * w  # numpy rounds the half product
    for r in range(v):
        acc = prods[r * h].copy()
        for k in range(1, h):
            acc = acc + prods[r * h + k]
        for k in range(128):
            if on[k]:
                out[r * voff + 16 * (k // 16) * dblk + k % 16] = acc[k]
    return out


@pytest.mark.parametrize("mode", [False, True])
@pytest.mark.parametrize("mask,dblk,h,v", [(128, 1, 2, 2), (100, 2, 3, 2), ([0xFFFF0000FFFF00FF, 0x8000000000000001], 1,
                                                                               1, 3)])
def test_bilinear_interpolation(mode, mask, dblk, h, v):
    rng = np.random.default_rng(7)
    src0 = rng.uniform(-4, 4, 1024).astype(np.float16)
    iters = h * v
    offs = (rng.permutation(64)[:8 * iters] * 32).astype(np.uint32)  # any 32-byte block of src0, in any order
    src1 = rng.uniform(-2, 2, 8 * iters).astype(np.float16)
    y = np.concatenate([offs, src1.view(np.uint32)])  # offsets, then the half weights
    y = np.concatenate([y, np.zeros((-len(y)) % 8, np.uint32)])
    voff = 128 * dblk + 64
    ndst = voff * v + 128
    tmp_bytes = 256 * iters + 32 * len(src1)
    z = np.full(ndst + tmp_bytes // 2, -3, np.float16)

    def op(dst, a, b):
        w = b[8 * iters].reinterpret_cast(asc.float16)
        tmp = dst[ndst].reinterpret_cast(asc.uint8)
        asc.bilinear_interpolation(dst, a, b, w, mask, h, mode, dblk, voff, v, tmp)
    got = run(op, src0, y, z)
    want = reference(src0, offs, src1, mask, h, mode, dblk, voff, v, z)
    np.testing.assert_array_equal(got[:ndst], want[:ndst])


def test_bilinear_interpolation_errors():
    x = np.zeros(256, np.float16)
    y = np.zeros(64, np.uint32)
    with pytest.raises(Exception, match="v_r_offset 100 must be in 128..65534"):
        run(lambda d, a, b: asc.bilinear_interpolation(d, a, b, a, 128, 1, False, 1, 100, 1,
                                                       d[128].reinterpret_cast(asc.uint8)), x, y, x)
    y[0] = 6
    with pytest.raises(Exception, match=r"src0_offset\[0\] = 6 is not a multiple of 32"):
        run(lambda d, a, b: asc.bilinear_interpolation(d[0], a, b, a, 128, 1, False, 1, 128, 1,
                                                       d[128].reinterpret_cast(asc.uint8)), x, y, np.zeros(1024,
                                                                                                           np.float16))
