"""AIPP (issue 17 part 5): set_aipp_functions + load_image_to_local against a numpy model of the steps
docs/python.md ("AIPP") states: read and swap, colour space conversion, data type conversion, H/W padding,
channel padding, HWC output in L1.  Each kernel reads the L1 result back element by element into GM."""
import numpy as np
import pytest

import asc

P = asc.TPosition
F = asc.AippInputFormat


def reference(fmt, y, uv, w, hs, vs, hp, vp, pads=(0, 0, 0, 0), pad_mode=0, padv=(0, 0, 0, 0), swap=(0, 0, 0),
              csc=None, mean=(0, 0, 0), vmin=(0, 0, 0), var=(1, 1, 1), out=np.int8, cpm=0, cpv=0, single=False):
    """pads = (top, bottom, left, right); csc = (matrix 3x3, bias_in, bias_out) or None."""
    rows = 1 if single else vs

    def pix(x, r):
        if fmt == F.RGB888_U8:
            p = [int(v) for v in y[(r * w + x) * 3:(r * w + x) * 3 + 3]]
            if swap[0]:
                p = [p[2], p[1], p[0]]
        elif fmt == F.XRGB8888_U8:
            q = [int(v) for v in y[(r * w + x) * 4:(r * w + x) * 4 + 4]]
            if swap[0]:
                q = [q[0], q[3], q[2], q[1]]
            p = q[1:4] if swap[2] else q[0:3]
        elif fmt == F.YUV400_U8:
            p = [int(y[r * w + x])]
        else:
            o = (r // 2) * w + (x // 2) * 2
            u, v = int(uv[o]), int(uv[o + 1])
            p = [int(y[r * w + x])] + ([v, u] if swap[1] else [u, v])
        if csc is not None:
            m, bi, bo = csc
            if fmt == F.YUV420SP_U8:
                p = [min(max(sum(m[i][j] * (p[j] - bi[j]) for j in range(3)) // 256, 0), 255) for i in range(3)]
            else:
                p = [min(max(sum(m[i][j] * p[j] for j in range(3)) // 256 + bo[i], 0), 255) for i in range(3)]
        if out == np.int8:
            return [min(max(p[k] - mean[k], -128), 127) for k in range(len(p))]
        return [float(np.float16((p[k] - mean[k] - float(np.float16(vmin[k]))) * float(np.float16(var[k]))))
                for k in range(len(p))]

    def idx(i, n):
        if 0 <= i < n:
            return i
        if pad_mode == 1:
            return 0 if i < 0 else n - 1
        if pad_mode == 2:
            return i + n if i < 0 else i - n
        if pad_mode == 3:
            return -i - 1 if i < 0 else 2 * n - 1 - i
        return None

    t, b, left, right = pads
    ch = (32 if out == np.int8 else 16) if cpm == 0 else 4
    res = np.full((t + rows + b, left + hs + right, ch), cpv, dtype=out)
    for r in range(t + rows + b):
        for x in range(left + hs + right):
            ir, ic = idx(r - t, rows), idx(x - left, hs)
            n = 1 if fmt == F.YUV400_U8 else 3
            vals = list(padv[:n]) if ir is None or ic is None else pix(hp + ic, vp + ir)
            res[r, x, :len(vals)] = vals
    return res


@asc.jit
def readback(dst: asc.LocalTensor, og: asc.GlobalTensor, n: asc.ConstExpr[int]):
    for i in range(n):
        og.set_value(i, dst.get_value(i))


# ---- RGB888 -> int8: crop, R/B swap, mean subtraction (saturating), 32-channel padding with -1 ----
@asc.jit
def k_rgb(img: asc.GlobalAddress, out: asc.GlobalAddress, n: asc.ConstExpr[int]):
    ig = asc.GlobalTensor()
    ig.set_global_buffer(img)
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    dst = asc.LocalTensor(asc.int8, P.A1, 0, n)
    cfg = asc.AippParams(asc.int8, swap_params=asc.AippSwapParams(is_swap_rb=True),
                         dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=10, dtc_mean_ch1=200, dtc_mean_ch2=0),
                         c_padding_params=asc.AippChannelPaddingParams(0, -1))
    asc.set_aipp_functions(ig, asc.AippInputFormat.RGB888_U8, cfg)
    asc.load_image_to_local(dst, asc.LoadImageToLocalParams(4, 3, 2, 1, 8, 0, 0, 0, 0))
    readback(dst, og, n)


def test_rgb888_int8_crop_swap_mean_channel_padding():
    img = np.random.default_rng(1).integers(0, 256, 8 * 5 * 3, dtype=np.uint8)
    want = reference(F.RGB888_U8, img, None, 8, 4, 3, 2, 1, swap=(1, 0, 0), mean=(10, 200, 0), cpv=-1)
    out = np.zeros(want.size, np.int8)
    k_rgb[1](img, out, want.size)
    np.testing.assert_array_equal(out.reshape(want.shape), want)
    # hand-checked pixel: source (x=2, y=1) bytes 3*(8+2).. = (R, G, B); swapped (B, G, R) minus (10, 200, 0)
    r, g, b = (int(v) for v in img[30:33])
    sat = lambda v: min(max(v, -128), 127)  # noqa: E731
    assert list(want[0, 0, :4]) == [sat(b - 10), sat(g - 200), sat(r), -1]


# ---- YUV420SP -> RGB (CSC, input biases) -> half with mean / min / var, 4-channel padding ----
CSC_YUV = [[256, 0, 359], [256, -88, -183], [256, 454, 0]]  # BT.601 full range, x256


@asc.jit
def k_yuv(y: asc.GlobalAddress, uv: asc.GlobalAddress, out: asc.GlobalAddress, n: asc.ConstExpr[int]):
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    ug = asc.GlobalTensor()
    ug.set_global_buffer(uv)
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    dst = asc.LocalTensor(asc.float16, P.B1, 0, n)
    csc = asc.AippColorSpaceConvParams(True, 256, 0, 359, 256, -88, -183, 256, 454, 0, 0, 128, 128, 0, 0, 0)
    dtc = asc.AippDataTypeConvParams(dtc_mean_ch0=100, dtc_mean_ch1=110, dtc_mean_ch2=120, dtc_min_ch0=1.5,
                                     dtc_min_ch1=-2.0, dtc_min_ch2=0.25, dtc_var_ch0=0.0039215, dtc_var_ch1=0.5,
                                     dtc_var_ch2=2.0)
    cfg = asc.AippParams(asc.float16, swap_params=asc.AippSwapParams(is_swap_uv=True), dtc_params=dtc, csc_params=csc,
                         c_padding_params=asc.AippChannelPaddingParams(c_padding_mode=1, c_padding_value=7.5))
    asc.set_aipp_functions(yg, ug, asc.AippInputFormat.YUV420SP_U8, cfg)
    asc.load_image_to_local(dst, asc.LoadImageToLocalParams(4, 4, 2, 2, 8, 0, 0, 0, 0))
    readback(dst, og, n)


def test_yuv420sp_csc_to_rgb_half_dtc():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 256, 8 * 6, dtype=np.uint8)
    uv = rng.integers(0, 256, 8 * 3, dtype=np.uint8)
    want = reference(F.YUV420SP_U8, y, uv, 8, 4, 4, 2, 2, swap=(0, 1, 0), csc=(CSC_YUV, (0, 128, 128), (0, 0, 0)),
                     mean=(100, 110, 120), vmin=(1.5, -2.0, 0.25), var=(0.0039215, 0.5, 2.0), out=np.float16,
                     cpm=1, cpv=7.5)
    out = np.zeros(want.size, np.float16)
    k_yuv[1](y, uv, out, want.size)
    np.testing.assert_array_equal(out.reshape(want.shape), want)
    assert (want[..., 3] == 7.5).all() and want.shape == (4, 4, 4)


# ---- XRGB8888: X moved last, R/B swapped, RGB -> YUV (CSC with output biases) -> int8 ----
CSC_RGB = [[77, 150, 29], [-43, -85, 128], [128, -107, -21]]


@asc.jit
def k_xrgb(img: asc.GlobalAddress, out: asc.GlobalAddress, n: asc.ConstExpr[int]):
    ig = asc.GlobalTensor()
    ig.set_global_buffer(img)
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    dst = asc.LocalTensor(asc.int8, P.A1, 0, n)
    csc = asc.AippColorSpaceConvParams(is_enable_csc=True, csc_matrix_r0_c0=77, csc_matrix_r0_c1=150,
                                       csc_matrix_r0_c2=29, csc_matrix_r1_c0=-43, csc_matrix_r1_c1=-85,
                                       csc_matrix_r1_c2=128, csc_matrix_r2_c0=128, csc_matrix_r2_c1=-107,
                                       csc_matrix_r2_c2=-21, csc_bias_out_0=0, csc_bias_out_1=128,
                                       csc_bias_out_2=128)
    cfg = asc.AippParams(asc.int8, swap_params=asc.AippSwapParams(True, False, True), csc_params=csc,
                         dtc_params=asc.AippDataTypeConvParams(128, 128, 128))
    asc.set_aipp_functions(ig, asc.AippInputFormat.XRGB8888_U8, cfg)
    asc.load_image_to_local(dst, asc.LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0))
    readback(dst, og, n)


def test_xrgb8888_swaps_and_rgb_to_yuv():
    img = np.random.default_rng(3).integers(0, 256, 2 * 2 * 4, dtype=np.uint8)
    want = reference(F.XRGB8888_U8, img, None, 2, 2, 2, 0, 0, swap=(1, 0, 1),
                     csc=(CSC_RGB, (0, 0, 0), (0, 128, 128)), mean=(128, 128, 128))
    out = np.zeros(want.size, np.int8)
    k_xrgb[1](img, out, want.size)
    np.testing.assert_array_equal(out.reshape(want.shape), want)


# ---- YUV400 -> half: every padding mode; single-line copy ----
@asc.jit
def k_pad(img: asc.GlobalAddress, out: asc.GlobalAddress, n: asc.ConstExpr[int], mode: asc.ConstExpr[int],
          t: asc.ConstExpr[int], b: asc.ConstExpr[int], le: asc.ConstExpr[int], ri: asc.ConstExpr[int],
          single: asc.ConstExpr[int]):
    ig = asc.GlobalTensor()
    ig.set_global_buffer(img)
    og = asc.GlobalTensor()
    og.set_global_buffer(out)
    dst = asc.LocalTensor(asc.float16, P.A1, 0, n)
    cfg = asc.AippParams(asc.float16, padding_params=asc.AippPaddingParams(mode, -3.5, 0, 0, 0),
                         single_line_params=asc.AippSingleLineParams(single == 1),
                         dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=1, dtc_var_ch0=0.5))
    asc.set_aipp_functions(ig, asc.AippInputFormat.YUV400_U8, cfg)
    asc.load_image_to_local(dst, asc.LoadImageToLocalParams(4, 3, 2, 1, 7, t, b, le, ri))
    readback(dst, og, n)


@pytest.mark.parametrize("mode,pads,single", [(0, (0, 0, 2, 3), 0), (1, (2, 1, 1, 2), 0), (2, (2, 3, 4, 1), 0),
                                              (3, (3, 1, 2, 4), 0), (1, (1, 1, 1, 1), 1)])
def test_yuv400_padding_modes(mode, pads, single):
    img = np.arange(7 * 5, dtype=np.uint8) * 7
    want = reference(F.YUV400_U8, img, None, 7, 4, 3, 2, 1, pads=pads, pad_mode=mode, padv=(-3.5, 0, 0, 0),
                     mean=(1, 0, 0), var=(0.5, 1, 1), out=np.float16, single=bool(single))
    out = np.zeros(want.size, np.float16)
    k_pad[1](img, out, want.size, mode, *pads, single)
    np.testing.assert_array_equal(out.reshape(want.shape), want)
    if mode == 3:  # mirror: the column left of the image repeats image column 0
        np.testing.assert_array_equal(want[:, pads[2] - 1, 0], want[:, pads[2], 0])


# ---- errors ----
@asc.jit
def k_err(img: asc.GlobalAddress, case: asc.ConstExpr[int]):
    ig = asc.GlobalTensor()
    ig.set_global_buffer(img)
    dst = asc.LocalTensor(asc.int8, P.A1, 0, 4096)
    if case == 1:
        asc.load_image_to_local(dst, asc.LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0))
    else:
        dt = asc.float16 if case == 2 else asc.int8
        csc = asc.AippColorSpaceConvParams(is_enable_csc=case == 5)
        cfg = asc.AippParams(dt, csc_params=csc)
        asc.set_aipp_functions(ig, asc.AippInputFormat.YUV400_U8, cfg)
        hp = 1 if case == 4 else 0
        top = 1 if case == 3 else 0
        asc.load_image_to_local(dst, asc.LoadImageToLocalParams(2, 2, hp, 0, 4, top, 0, 0, 0))


@pytest.mark.parametrize("case,msg", [
    (1, "the AIPP is not configured: call set_aipp_functions first"),
    (2, "dst holds int8, but set_aipp_functions' AippParams output f16|dst holds i8"),
    (3, "padding_mode 0 \\(constant\\) pads left and right only"),
    (4, "horiz_start_pos 1 must be even"),
    (5, "colour space conversion is not available for YUV400_U8"),
])
def test_aipp_errors(case, msg):
    with pytest.raises(asc.KernelError, match=msg):
        k_err[1](np.zeros(64, np.uint8), case)


def test_aipp_python_errors():
    with pytest.raises(TypeError, match="dtype must be asc.int8 or asc.float16"):
        @asc.jit
        def k(img: asc.GlobalAddress):
            asc.AippParams(asc.float32)
        k[1](np.zeros(4, np.uint8))


@asc.jit
def k_vec(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """A vector kernel: on an AIV set_aipp_functions has no effect (Ascend C on arch 2201)."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    asc.set_aipp_functions(xg, asc.AippInputFormat.RGB888_U8, asc.AippParams(asc.int8))
    t = asc.LocalTensor(asc.int8, P.VECIN, 0, 64)
    asc.data_copy(t, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, t, 64)


def test_set_aipp_functions_on_aiv_is_no_op():
    x = np.arange(64, dtype=np.int8)
    z = np.zeros(64, np.int8)
    k_vec[1](x, z)
    np.testing.assert_array_equal(z, x)


@asc.jit
def k_align(img: asc.GlobalAddress):
    ig = asc.GlobalTensor()
    ig.set_global_buffer(img)
    asc.set_aipp_functions(ig[2], asc.AippInputFormat.XRGB8888_U8, asc.AippParams(asc.int8))


def test_xrgb_source_alignment():
    with pytest.raises(asc.KernelError, match="XRGB8888_U8 sources must be 4-byte aligned in GM \\(src0 at byte 2"):
        k_align[1](np.zeros(64, np.uint8))
