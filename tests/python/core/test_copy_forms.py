"""The other data_copy / data_copy_pad forms against numpy references: data_copy_pad with
DataCopyParams + DataCopyPadParams, set_pad_value (the padding when is_pad is false),
data_copy with DataCopyEnhancedParams (GM / UB copies take its defaults) and the slice form
(SliceInfo lists; the worked example of the API page "GM与UB切片数据搬运(DataCopy)")."""
import numpy as np
import pytest

import asc

E = asc.HardEvent


@asc.jit
def gm_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, nub: asc.ConstExpr[int], fill: asc.ConstExpr,
              op_in: asc.ConstExpr, op_out: asc.ConstExpr):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=nub * x.dtype.sizeof())
    t = buf.get(x.dtype)
    asc.duplicate(t, fill, nub)  # known bytes everywhere (the copies fill parts)
    asc.set_flag(E.V_MTE2, 0)
    asc.wait_flag(E.V_MTE2, 0)
    op_in(t, xg)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    op_out(zg, t)


def run(x, nz, nub, fill, op_in, op_out, zfill=0):
    z = np.full(nz, zfill, x.dtype)
    gm_kernel[1](x, z, nub, fill, op_in, op_out)
    return z


def test_data_copy_pad_datacopyparams():
    # 3 blocks of 20 halves (40 bytes) from GM rows 24 halves apart; UB: 2 left + 20 + 6 right padding
    # (28 halves, padded to 32 = 64 bytes per block) filled with 7; back out without the padding
    x = np.arange(3 * 24, dtype=np.float16)
    def op_in(t, xg):
        asc.data_copy_pad(t, xg, asc.DataCopyParams(3, 40, 8, 0), asc.DataCopyPadParams(True, 2, 6, 7))

    def op_out(zg, t):
        asc.data_copy_pad(zg, t, asc.DataCopyParams(3, 64, 0, 0))
    z = run(x, 96, 96, -1.0, op_in, op_out)
    want = np.full(96, 0, np.float16)
    for b in range(3):
        row = np.full(32, 7, np.float16)
        row[2:22] = x[24 * b: 24 * b + 20]
        want[32 * b: 32 * b + 32] = row
    np.testing.assert_array_equal(z, want)


@pytest.mark.parametrize("with_value", [True, False])
def test_set_pad_value(with_value):
    x = np.arange(1, 41, dtype=np.float32)
    def op_in(t, xg):
        if with_value:
            asc.set_pad_value(-5.0)
        asc.data_copy_pad(t, xg, asc.DataCopyExtParams(2, 80, 0, 0, 0), asc.DataCopyPadExtParams(False, 0, 4, 0))

    def op_out(zg, t):
        asc.data_copy(zg, t, 48)
    z = run(x, 48, 48, 9.0, op_in, op_out)
    for b in range(2):
        np.testing.assert_array_equal(z[24 * b: 24 * b + 20], x[20 * b: 20 * b + 20])
        if with_value:
            np.testing.assert_array_equal(z[24 * b + 20: 24 * b + 24], [-5.0] * 4)
        else:  # undefined on hardware: the model's poison pattern, not the value
            assert not np.any(z[24 * b + 20: 24 * b + 24] == -5.0)


def test_data_copy_enhanced_defaults():
    x = np.arange(128, dtype=np.float32)
    def op_in(t, xg):
        asc.data_copy(t, xg, asc.DataCopyParams(2, 4, 4, 0), asc.DataCopyEnhancedParams())

    def op_out(zg, t):
        asc.data_copy(zg, t, 64)
    z = run(x, 64, 64, 0.0, op_in, op_out)
    np.testing.assert_array_equal(z, np.concatenate([x[0:32], x[64:96]]))


def test_data_copy_enhanced_non_default_is_an_error():
    x = np.arange(64, dtype=np.float32)
    def op_in(t, xg):
        asc.data_copy(t, xg, asc.DataCopyParams(1, 8, 0, 0),
                      asc.DataCopyEnhancedParams(asc.BlockMode.BLOCK_MODE_NORMAL, asc.DeqScale.DEQ_NONE, 0, 0, True))

    with pytest.raises(Exception, match="is_relu_in = 1 applies to the L0C"):
        run(x, 64, 64, 0.0, op_in, lambda zg, t: asc.data_copy(zg, t, 64))


def slice_ref(shape_src, sl_src, shape_dst, sl_dst, esz, src):
    def idx(sl, shape):
        per_dim = []
        for d, (st, en, stride, burst, _) in enumerate(sl):
            seg = burst * 32 // esz if d == 0 else 1
            n = (en - st + 1 + stride) // (seg + stride)
            per_dim.append([st + k * (seg + stride) + e for k in range(n) for e in range(seg)])
        pitch = np.cumprod([1] + [s[4] for s in sl[:-1]])
        grids = np.meshgrid(*per_dim[::-1], indexing="ij")  # outer dims outermost
        return sum(g * p for g, p in zip(grids, pitch[::-1])).ravel()
    return idx(sl_src, shape_src), idx(sl_dst, shape_dst)


def test_data_copy_slice_api_example():
    # src 3 x 87 floats, rows 0 and 2, elements 16..70 in bursts of 3 blocks 7 apart -> dst 2 x 48
    src_sl = [(16, 70, 7, 3, 87), (0, 2, 1, 1, 3)]
    dst_sl = [(0, 47, 0, 3, 48), (0, 1, 0, 1, 2)]
    x = np.arange(3 * 87 + 5, dtype=np.float32)  # a GM array is any length

    def op_in(t, xg):
        asc.data_copy(t, xg, [asc.SliceInfo(*s) for s in dst_sl], [asc.SliceInfo(*s) for s in src_sl], 2)

    def op_out(zg, t):
        asc.data_copy(zg, t, 96)
    z = run(x, 96, 96, -1.0, op_in, op_out)
    si, di = slice_ref(None, src_sl, None, dst_sl, 4, x)
    want = np.full(96, -1, np.float32)
    want[di] = x[si]
    np.testing.assert_array_equal(z, want)
    assert list(z[:3]) == [16, 17, 18] and z[24] == 47  # the second burst starts 24 + 7 after the first


def test_data_copy_slice_ub_to_gm_and_errors():
    x = np.arange(64, dtype=np.float16)

    def op_out(zg, t):
        asc.data_copy(zg, t, [asc.SliceInfo(16, 47, 0, 2, 64)], [asc.SliceInfo(0, 31, 0, 2, 64)], 1)
    z = run(x, 64, 64, 0.0, lambda t, xg: asc.data_copy(t, xg, 64), op_out, zfill=-2)
    want = np.full(64, -2, np.float16)
    want[16:48] = x[0:32]
    np.testing.assert_array_equal(z, want)
    with pytest.raises(Exception, match=r"is not \(N - 1\) \* stride \+ N \* 16"):
        run(x, 64, 64, 0.0, lambda t, xg: asc.data_copy(t, xg, [asc.SliceInfo(0, 20, 0, 1, 64)],
                                                        [asc.SliceInfo(0, 20, 0, 1, 64)], 1),
            lambda zg, t: asc.data_copy(zg, t, 64))
    with pytest.raises(ValueError, match="slice_list1 has 1 SliceInfo, dim_value is 2"):
        run(x, 64, 64, 0.0, lambda t, xg: asc.data_copy(t, xg, [asc.SliceInfo(0, 63, 0, 4, 64)],
                                                        [asc.SliceInfo(0, 63, 0, 4, 64)], 2), lambda zg, t: None)


def test_pad_ext_params_dtype_keyword():
    """pyasc's DataCopyPadExtParams takes the element type first, positionally or as dtype=."""
    x = np.arange(1, 41, dtype=np.float32)
    def op_in(t, xg):
        pad = asc.DataCopyPadExtParams(dtype=asc.float32, is_pad=True, left_padding=0, right_padding=4,
                                       padding_value=-3.0)
        asc.data_copy_pad(t, xg, asc.DataCopyExtParams(2, 80, 0, 0, 0), pad)

    def op_out(zg, t):
        asc.data_copy(zg, t, 48)
    z = run(x, 48, 48, 9.0, op_in, op_out)
    for b in range(2):
        np.testing.assert_array_equal(z[24 * b: 24 * b + 20], x[20 * b: 20 * b + 20])
        np.testing.assert_array_equal(z[24 * b + 20: 24 * b + 24], [-3.0] * 4)
