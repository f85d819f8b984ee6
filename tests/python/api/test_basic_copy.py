"""Data movement and layout entries of asc.language.basic, from their pages: data_copy,
data_copy_pad, set_pad_value, copy, duplicate, brcb, gather, gatherb, transpose,
trans_data_to_5hd, bilinear_interpolation.

Units the pages leave to Ascend C (GM<->UB data movement pages): DataCopyParams counts blocks and
gaps in 32-byte blocks; DataCopy(Ext)Params of data_copy_pad count the block length in bytes and
the GM-side gap in bytes, the UB-side gap in blocks; each padded UB block is rounded up to 32 bytes.
The slice form follows the worked example of 'GM与UB切片数据搬运(DataCopy)' (a 3 x 87 float source,
rows 0 and 2, slices [16, 40) and [47, 71), into 2 x 48)."""
import numpy as np
import pytest

import asc
from kit import U64, api, data, gm_run, lanes, mask_bits, quarters, run, same


# ---- data_copy --------------------------------------------------------------------------------------------------
@api("data_copy")
def test_data_copy_count_example():
    """The page's basic example: GM -> VECIN, VECIN -> VECOUT, VECOUT -> GM with count=512."""
    x = data(512, "float16", -50, 50, 1)
    z = np.zeros(512, np.float16)

    def op(dst, a, _):
        asc.data_copy(dst, a, count=512)
    same(run(op, x, x[:16], z), x)


@api("data_copy")
@pytest.mark.parametrize("dtype", ["float16", "float32", "int16", "int32"])
def test_data_copy_params_gm_to_ub(dtype):
    """DataCopyParams(block_count=3, block_len=2, src_stride=1, dst_stride=2): blocks of 64 bytes,
    one block skipped between them in GM and two in UB."""
    per = 32 // np.dtype(dtype).itemsize
    x = data(12 * per, dtype, -100, 100, 2)
    ub = 16 * per

    def op_in(t, xg):
        asc.data_copy(t, xg, repeat_params=asc.DataCopyParams(3, 2, 1, 2))

    def op_out(zg, t):
        asc.data_copy(zg, t, ub)
    fill = 7 if np.dtype(dtype).kind != "f" else 7.0
    got = gm_run(x, ub, ub, fill, op_in, op_out)
    want = np.full(ub, 7, dtype)
    for b in range(3):
        want[4 * b * per:(4 * b + 2) * per] = x[3 * b * per:(3 * b + 2) * per]
    same(got, want)


@api("data_copy")
def test_data_copy_params_ub_to_gm_and_ub_to_ub():
    """DataCopyParams out of UB (UB -> GM gathers blocks 0-1, 3-4 and 6-7) and inside UB."""
    x = data(256, "float32", -100, 100, 3)
    per = 8

    def op_in(t, xg):
        asc.data_copy(t, xg, 256)

    def op_out(zg, t):
        asc.data_copy(zg, t, asc.DataCopyParams(3, 2, 1, 0))
    got = gm_run(x, 48, 256, 0.0, op_in, op_out)
    want = np.concatenate([x[3 * b * per:(3 * b + 2) * per] for b in range(3)])
    same(got, want)

    z = np.zeros(256, np.float32)
    got = run(lambda dst, a, _: asc.data_copy(dst, a, asc.DataCopyParams(4, 1, 3, 1)), x, x[:8], z)
    want = z.copy()
    for b in range(4):
        want[2 * b * per:(2 * b + 1) * per] = x[4 * b * per:(4 * b + 1) * per]
    same(got, want)


@api("data_copy")
def test_data_copy_slices_ascend_c_example():
    """The Ascend C worked example of the slice form: src 3 x 87 float, src slices {16, 70, 7, 3, 87},
    {0, 2, 1, 1, 3}; dst {0, 47, 0, 3, 48}, {0, 1, 0, 1, 2}: rows 0 and 2, [16, 40) and [47, 71)."""
    x = np.arange(3 * 87 + 3, dtype=np.float32)  # 264 elements: a whole number of blocks

    def op_in(t, xg):
        src = [asc.SliceInfo(16, 70, 7, 3, 87), asc.SliceInfo(0, 2, 1, 1, 3)]
        dst = [asc.SliceInfo(0, 47, 0, 3, 48), asc.SliceInfo(0, 1, 0, 1, 2)]
        asc.data_copy(t, xg, dst, src, 2)

    def op_out(zg, t):
        asc.data_copy(zg, t, 96)
    got = gm_run(x, 96, 96, -1.0, op_in, op_out)
    row = lambda r: np.concatenate([x[87 * r + 16:87 * r + 40], x[87 * r + 47:87 * r + 71]])  # noqa: E731
    same(got, np.concatenate([row(0), row(2)]))


@asc.jit
def l1_gm_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, params: asc.ConstExpr):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(t, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    if params is None:
        asc.data_copy(zg, t, 128)
    else:
        asc.data_copy(zg, t, params())


@api("data_copy")
@pytest.mark.parametrize("form", ["count", "params"])
def test_data_copy_l1_to_gm(form):
    """The page's GM <- Local form from L1 (Ascend C 'L1ToGM' copies, supported on the Atlas A2): 128 halves, or
    DataCopyParams(2, 1, 1, 0): blocks 0 and 2 of L1 back to back in GM."""
    x = data(256, "float16", -50, 50, 30)
    z = np.zeros(128, np.float16)
    l1_gm_kernel[1](x, z, None if form == "count" else (lambda: asc.DataCopyParams(2, 1, 1, 0)))
    if form == "count":
        same(z, x[:128])
    else:
        same(z[:32], np.concatenate([x[:16], x[32:48]]))


# ---- data_copy_pad / set_pad_value ------------------------------------------------------------------------------
@api("data_copy_pad")
def test_data_copy_pad_page_example():
    """The page's example: DataCopyParams(1, 20 * sizeof(half), 0, 0), DataCopyPadParams(True, 0, 2, 0):
    20 halves then 2 padding zeros in a 32-byte-rounded UB block (the rest keeps its fill)."""
    x = data(32, "float16", 1, 50, 4)

    def op_in(t, xg):
        asc.data_copy_pad(t, xg, asc.DataCopyParams(1, 20 * asc.half.sizeof(), 0, 0), asc.DataCopyPadParams(True, 0, 2, 0))

    def op_out(zg, t):
        asc.data_copy(zg, t, 32)
    got = gm_run(x, 32, 32, -3.0, op_in, op_out)
    same(got[:22], np.concatenate([x[:20], np.zeros(2, np.float16)]))


@api("data_copy_pad")
@pytest.mark.parametrize("dtype", ["float16", "float32", "int16"])
def test_data_copy_pad_ext_blocks_and_padding(dtype):
    """DataCopyExtParams(3 blocks of 5 elements, GM gap 6 bytes per element size, UB gap 1 block) with
    DataCopyPadExtParams(True, left 2, right 1, value 9): each UB block is 2 + 5 + 1 elements, rounded
    up to 32 bytes; back out with a byte-exact data_copy_pad (UB gap 1 block, GM gap 0)."""
    esz = np.dtype(dtype).itemsize
    per = 32 // esz
    gap = 3  # elements skipped in GM between blocks
    x = data(3 * (5 + gap) + per, dtype, 1, 99, 5)

    def op_in(t, xg):
        asc.data_copy_pad(t, xg, asc.DataCopyExtParams(3, 5 * esz, gap * esz, 1, 0),
                          asc.DataCopyPadExtParams(True, 2, 1, 9))

    def op_out(zg, t):
        asc.data_copy_pad(zg, t, asc.DataCopyExtParams(3, 8 * esz, 1, 0, 0))
    got = gm_run(x, 3 * 8 + per, 6 * per, 4, op_in, op_out, zfill=0)
    want = np.zeros(3 * 8 + per, dtype)
    for b in range(3):
        want[8 * b:8 * b + 8] = np.concatenate([[9, 9], x[b * (5 + gap):b * (5 + gap) + 5], [9]])
    same(got, want)


@api("set_pad_value", "data_copy_pad")
@pytest.mark.parametrize("pos", [None, "VECIN"])
def test_set_pad_value(pos):
    """set_pad_value's page: the value data_copy_pad fills with when is_pad is False (GM -> VECIN / VECOUT;
    pos defaults to TPosition.MAX, meaning either); its example values 37."""
    x = np.arange(1, 41, dtype=np.float32)

    def op_in(t, xg):
        if pos is None:
            asc.set_pad_value(37)
        else:
            asc.set_pad_value(37, asc.TPosition.VECIN)
        asc.data_copy_pad(t, xg, asc.DataCopyExtParams(2, 20 * 4, 0, 0, 0), asc.DataCopyPadExtParams(False, 1, 3, 0))

    def op_out(zg, t):
        asc.data_copy(zg, t, 48)
    got = gm_run(x, 48, 48, -1.0, op_in, op_out)
    for b in range(2):
        same(got[24 * b:24 * b + 24], np.concatenate([[37], x[20 * b:20 * b + 20], [37] * 3]).astype(np.float32))


# ---- copy --------------------------------------------------------------------------------------------------------
@api("copy")
@pytest.mark.parametrize("dtype", ["float16", "float32", "int16", "uint32"])
@pytest.mark.parametrize("form", ["page-example", "bits"])
def test_copy(dtype, form):
    """The page's example (mask=128, repeat_time=4, CopyRepeatParams(dst_stride=1, src_stride=2,
    dst_repeat_size=8, src_repeat_size=16); the page spells the keywords in camelCase, pyasc's class
    takes them positionally or in snake_case); for 32-bit types a full repeat is 64 lanes; then a bit mask."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    x = data(4096 // esz, dtype, 0, 1000, 6)
    z = np.full(2048 // esz, 5, dtype)
    mask = nl if form == "page-example" else ([0xF0F0F0F0F0F0F0F0, 0x8000000000000001] if esz == 2
                                              else [0x0FF000000000FF01])

    def op(dst, a, _):
        params = asc.CopyRepeatParams(dst_stride=1, src_stride=2, dst_repeat_size=8, src_repeat_size=16)
        asc.copy(dst, a, mask=mask, repeat_time=4, repeat_params=params)
    od, os_ = lanes(mask, 4, esz, 1, 8), lanes(mask, 4, esz, 2, 16)
    want = z.copy()
    want[od.ravel()] = x[os_.ravel()]
    same(run(op, x, x[:32 // esz], z), want)


# ---- duplicate ---------------------------------------------------------------------------------------------------
@api("duplicate")
@pytest.mark.parametrize("dtype", ["float16", "float32", "int16", "int32"])
@pytest.mark.parametrize("form", ["mask", "bits", "count"])
def test_duplicate(dtype, form):
    """The page's examples (18.0; mask=128 / [u64max]*2 with repeat_times=2, dst_block_stride=1,
    dst_repeat_stride=8; count) and, for the level-0 forms, 3 repeats with strides 2 / 20."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    z = np.full(4096 // esz, 5, dtype)
    s = 18.0 if np.dtype(dtype).kind == "f" else -18
    want = z.copy()
    if form == "count":
        def op(dst, a, _):
            asc.duplicate(dst, s, count=1000 // esz)
        want[:1000 // esz] = s
        same(run(op, z[:16], z[:16], z), want)
        return
    mask = nl if form == "mask" else ([U64, U64] if esz == 2 else [U64])

    def op(dst, a, _):
        asc.duplicate(dst, s, mask=mask, repeat_times=2, dst_block_stride=1, dst_repeat_stride=8)
    want[:2 * nl] = s
    same(run(op, z[:16], z[:16], z), want)

    mask2 = 40 if form == "mask" else ([0x00000000FFFF0000, 1 << 63] if esz == 2 else [0xFF000000000000FF])

    def op2(dst, a, _):
        asc.duplicate(dst, s, mask2, 3, 2, 20)
    want = z.copy()
    want[lanes(mask2, 3, esz, 2, 20).ravel()] = s
    same(run(op2, z[:16], z[:16], z), want)


# ---- brcb / gather / gatherb ----------------------------------------------------------------------------------
@api("brcb")
@pytest.mark.parametrize("dtype", ["float16", "float32", "int16", "uint32"])
def test_brcb(dtype):
    """The page's example (BrcbRepeatParams(1, 8), repeat 2): each repeat spreads 8 source elements over
    8 blocks, element i filling block i; then dst_blk_stride 2, dst_rep_stride 20, repeat 3."""
    esz = np.dtype(dtype).itemsize
    per = 32 // esz
    x = data(32, dtype, 0, 100, 7)
    z = np.full(4096 // esz, 3, dtype)

    def op(dst, a, _):
        asc.brcb(dst, a, 2, asc.BrcbRepeatParams(1, 8))
    want = z.copy()
    want[:16 * per] = np.repeat(x[:16], per)
    same(run(op, x, x[:per], z), want)

    def op2(dst, a, _):
        asc.brcb(dst, a, 3, asc.BrcbRepeatParams(2, 20))
    want = z.copy()
    for r in range(3):
        for i in range(8):
            b = r * 20 + 2 * i
            want[b * per:(b + 1) * per] = x[8 * r + i]
    same(run(op2, x, x[:per], z), want)


@api("gather")
@pytest.mark.parametrize("dtype", ["float16", "float32", "int32"])
@pytest.mark.parametrize("form", ["count", "mask", "bits"])
def test_gather(dtype, form):
    """dst[i] = src[(src_base + src_offset[i]) / sizeof(T)], offsets in bytes (the page's example forms:
    src_base=0 with count, mask with repeat_times=1 and dst_rep_stride=8, the all-ones bit mask; its mask=512
    exceeds a repeat, so 128 / 64); then src_base 64 bytes."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    n = 256
    x = data(n, dtype, -1000, 1000, 8)
    idx = np.random.default_rng(9).integers(0, n - 32, nl).astype(np.uint32)
    off = (idx * esz).astype(np.uint32)
    y = np.concatenate([off, np.zeros(8, np.uint32)])
    z = np.full(n, 1, dtype)

    for base in (0, 64):
        def op(dst, a, b):
            o = b.reinterpret_cast(asc.uint32)
            if form == "count":
                asc.gather(dst, a, o, src_base=base, count=nl)
            elif form == "mask":
                asc.gather(dst, a, o, src_base=base, mask=nl, repeat_times=1, dst_rep_stride=8)
            else:
                asc.gather(dst, a, o, src_base=base, mask=[U64, U64] if esz == 2 else [U64], repeat_times=1,
                           dst_rep_stride=8)
        want = z.copy()
        want[:nl] = x[idx + base // esz]
        same(run(op, x, y.view(np.uint8).view(dtype) if esz != 4 else y.view(dtype), z), want)


@api("gatherb")
@pytest.mark.parametrize("dtype", ["float16", "float32", "uint16"])
def test_gatherb(dtype):
    """The page's example (GatherRepeatParams(1, 8), repeat_time=2): each repeat gathers 8 blocks whose byte
    offsets come from 8 uint32 offsets; then dst_blk_stride 2, dst_rep_stride 17, repeat 1."""
    esz = np.dtype(dtype).itemsize
    per = 32 // esz
    x = data(32 * per, dtype, 0, 1000, 10)
    blocks = np.random.default_rng(11).permutation(32)[:16]
    off = (blocks * 32).astype(np.uint32)
    y = np.concatenate([off, np.zeros(8, np.uint32)]).view(dtype)
    z = np.full(64 * per, 2, dtype)

    def op(dst, a, b):
        asc.gatherb(dst, a, b.reinterpret_cast(asc.uint32), repeat_time=2, repeat_params=asc.GatherRepeatParams(1, 8))
    want = z.copy()
    for j in range(16):
        want[j * per:(j + 1) * per] = x[blocks[j] * per:(blocks[j] + 1) * per]
    same(run(op, x, y, z), want)

    def op2(dst, a, b):
        asc.gatherb(dst, a, b.reinterpret_cast(asc.uint32), 1, asc.GatherRepeatParams(2, 17))
    want = z.copy()
    for j in range(8):
        want[2 * j * per:(2 * j + 1) * per] = x[blocks[j] * per:(blocks[j] + 1) * per]
    same(run(op2, x, y, z), want)


# ---- transpose / trans_data_to_5hd ------------------------------------------------------------------------------
@api("transpose")
@pytest.mark.parametrize("dtype", ["float16", "int16", "uint16"])
def test_transpose_16x16(dtype):
    """The page's basic form: a 16 x 16 two-byte matrix transposed."""
    x = data(256, dtype, 0, 1000, 12)
    got = run(lambda dst, a, _: asc.transpose(dst, a), x, x[:16], np.zeros(256, dtype))
    same(got, x.reshape(16, 16).T.ravel())


@api("transpose")
@pytest.mark.parametrize("kind", ["TRANSPOSE_NCHW2NHWC", "TRANSPOSE_NHWC2NCHW"])
def test_transpose_enhanced(kind):
    """The page's enhanced example: TransposeParamsExt(n 1, c 16, h 4, w 4) NCHW -> NHWC with a uint8
    scratch buffer, and the reverse; the scratch holds (c + 2) resp. (2c + 1) blocks of 16 x 16 halves
    (Ascend C Transpose, A2)."""
    n, c, h, w = 1, 16, 4, 4
    x = data(n * c * h * w, "float16", 0, 1000, 13)
    y = np.zeros((2 * c + 1) * 512, np.uint8).view(np.float16)

    def op(dst, a, b):
        params = asc.TransposeParamsExt(n_size=n, c_size=c, h_size=h, w_size=w,
                                        transpose_type=getattr(asc.TransposeType, kind))
        asc.transpose(dst, a, b.reinterpret_cast(asc.uint8), params)
    got = run(op, x, y, np.zeros_like(x))
    if kind == "TRANSPOSE_NCHW2NHWC":
        same(got, x.reshape(n, c, h, w).transpose(0, 2, 3, 1).ravel())
    else:
        same(got, x.reshape(n, h, w, c).transpose(0, 3, 1, 2).ravel())


@api("trans_data_to_5hd")
@pytest.mark.parametrize("form", ["tensor-list", "addr-tensor"])
@pytest.mark.parametrize("repeat", [1, 2])
def test_trans_data_to_5hd(form, repeat):
    """Two-byte data: each repeat reads one block of 16 from each of the 16 source addresses and writes
    block j of the destinations with element j of every source block (a 16 x 16 transpose); the next
    repeat moves every address by the repeat strides (blocks).  Lists of LocalTensor views, or a
    uint64 LocalTensor of addresses (the page's two list kinds)."""
    x = data(16 * 16 * repeat, "float16", 0, 1000, 14)
    z = np.zeros(16 * 16 * repeat, np.float16)
    # source i is row i of a 16 x (16 * repeat) matrix stored with rows 16 * repeat apart
    rows = x.reshape(16, 16 * repeat)

    def op(dst, a, b):
        params = asc.TransDataTo5HDParams(dst_high_half=False, src_high_half=False, repeat_times=repeat,
                                          dst_rep_stride=16 if repeat > 1 else 0, src_rep_stride=1 if repeat > 1 else 0)
        if form == "tensor-list":
            srcs = [a[16 * repeat * i] for i in range(16)]
            dsts = [dst[16 * j] for j in range(16)]
            asc.trans_data_to_5hd(dsts, srcs, params)
        else:
            table = b.reinterpret_cast(asc.uint64)  # [0, 16): source addresses, [16, 32): destinations
            for i in range(16):
                table.set_value(i, a[16 * repeat * i].get_phy_addr())
                table.set_value(16 + i, dst[16 * i].get_phy_addr())
            asc.trans_data_to_5hd(table[16], table, params)
    got = run(op, x, np.zeros(128, np.float16), z)
    want = np.zeros_like(z)
    for r in range(repeat):
        block = rows[:, 16 * r:16 * r + 16]  # [source i][element j]
        want[256 * r:256 * r + 256] = block.T.ravel()
    same(got, want)


# ---- bilinear_interpolation ------------------------------------------------------------------------------------
@api("bilinear_interpolation")
@pytest.mark.parametrize("repeat_mode", [False, True])
def test_bilinear_interpolation_ascend_c_example(repeat_mode):
    """Ascend C BilinearInterpolation's worked example: src0 = 1..512 (half), src0_offset = 0, 32, ..., 992
    (bytes), src1 = 2..33, h_repeat 2, v_repeat 2, mask 128, v_r_offset 128, dst_blk_stride 1.  Iteration
    k gathers 8 blocks; repeat_mode False weighs all 8 with src1[k], True weighs block b with src1[8k + b];
    each vertical iteration adds its h_repeat weighted iterations (Mul then Add, rounded in half)."""
    src0 = np.arange(1, 513, dtype=np.float16)
    offs = (np.arange(32) * 32).astype(np.uint32)
    src1 = np.arange(2, 34, dtype=np.float16)
    # one source operand: src0 (1024 B) | offsets (128 B) | src1 (64 B) | scratch
    x = np.concatenate([src0.view(np.uint8), offs.view(np.uint8), src1.view(np.uint8),
                        np.zeros(4096, np.uint8)]).view(np.float16)
    z = np.full(256, 7, np.float16)

    def op(dst, a, _):
        asc.bilinear_interpolation(dst, a, a[512].reinterpret_cast(asc.uint32), a[576], 128, 2, repeat_mode, 1, 128, 2,
                                   a[608].reinterpret_cast(asc.uint8))
    got = run(op, x, x[:16], z)
    blocks = src0.reshape(32, 16)
    want = np.zeros(256, np.float16)
    for v in range(2):
        acc = None
        for h in range(2):
            k = 2 * v + h
            w = np.repeat(src1[8 * k:8 * k + 8], 16) if repeat_mode else np.full(128, src1[k], np.float16)
            prod = (blocks[8 * k:8 * k + 8].ravel().astype(np.float64) * w).astype(np.float16)
            acc = prod if acc is None else (acc.astype(np.float64) + prod).astype(np.float16)
        want[128 * v:128 * v + 128] = acc
    same(got, want)


@api("scatter")
@pytest.mark.parametrize("form", ["count", "mask", "bits"])
def test_scatter_is_not_on_the_a2(form):
    """Ascend C Scatter (ISASI) lists no Atlas A2 support: the page's three calls trace, and running one is an
    error at its line saying the A2 vector unit lacks the instruction."""
    x = np.zeros(256, np.float16)
    off = np.zeros(128, np.uint32)

    def op(dst, a, b):
        o = b.reinterpret_cast(asc.uint32)
        if form == "count":
            asc.scatter(dst, a, o, dst_base=0, count=128)
        elif form == "mask":
            asc.scatter(dst, a, o, dst_base=0, mask=128, repeat_times=1, src_rep_stride=8)
        else:
            asc.scatter(dst, a, o, dst_base=0, mask=[U64, U64], repeat_times=1, src_rep_stride=8)
    with pytest.raises(asc.KernelError, match="A2|Scatter"):
        run(op, x, off.view(np.float16), np.zeros(256, np.float16))
