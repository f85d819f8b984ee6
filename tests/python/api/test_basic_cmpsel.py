"""Compare and select entries of asc.language.basic, from their pages: compare, compare_scalar,
select, set_cmp_mask, get_cmp_mask, gather_mask.

compare / compare_scalar write one bit per element, little-endian (bit i % 8 of byte i // 8 is
element i; the Ascend C example: GT of [2 3 5 7 11 13 17 19] and [2 4 6 8 10 12 14 16] is
0b11110000).  The register form of compare writes 128 bits to CMPMASK, which get_cmp_mask copies
out.  select takes src0 where the selection bit is 1 and src1 (a tensor or a scalar) where it is 0
(Ascend C Select): mode 0 (VSEL_CMPMASK_SPR) reuses the first 256 / sizeof(T) bits for every repeat,
modes 1 and 2 consume them repeat after repeat; lanes the mask leaves out keep dst.  gather_mask
packs the elements whose pattern bit is 1 (built-in patterns 1..7 of the page, or a user tensor)
and returns how many it kept."""
import numpy as np
import pytest

import asc
from kit import U64, api, data, lanes, mask_bits, param, quarters, run, same

MODES = {"LT": np.less, "GT": np.greater, "GE": np.greater_equal, "EQ": np.equal, "NE": np.not_equal,
         "LE": np.less_equal}


def bits_of(b):
    """Bytes -> the bit per element (little-endian inside each byte)."""
    return np.unpackbits(np.asarray(b, np.uint8), bitorder="little")


def pack(v):
    return np.packbits(np.asarray(v, bool), bitorder="little")


def cmp_operands(n, dtype, seed):
    """Values from a small set, so that every mode meets equal pairs."""
    rng = np.random.default_rng(seed)
    vals = np.array([-3, -1, 0, 1, 2, 5], dtype)
    return vals[rng.integers(0, 6, n)], vals[rng.integers(0, 6, n)]


def cases_of_types():
    """Ascend C Compare / Compares (A2): half and float in every mode, int32 with EQ only."""
    return [(m, dt) for dt in ("float16", "float32") for m in sorted(MODES)] + [("EQ", "int32")]


@api("compare")
@pytest.mark.parametrize("mode,dtype", cases_of_types())
def test_compare_count(mode, dtype):
    """The page's count form (count=512: 512 bits = 64 bytes); count covers whole 256-byte groups."""
    x, y = cmp_operands(512, dtype, 1)
    z = np.full(128, 0xAA, np.uint8)

    def op(dst, a, b):
        asc.compare(dst, a, b, cmp_mode=getattr(asc.CMPMODE, mode), count=512)
    got = run(op, x, y, z)
    same(got[:64], pack(MODES[mode](x, y)))
    same(got[64:], z[64:])


@api("compare")
def test_compare_ascend_c_example():
    """Ascend C Compare's GT example: [2 3 5 7 11 13 17 19] vs [2 4 6 8 10 12 14 16] -> 0b11110000."""
    x = np.tile(np.array([2, 3, 5, 7, 11, 13, 17, 19], np.float32), 8)
    y = np.tile(np.array([2, 4, 6, 8, 10, 12, 14, 16], np.float32), 8)
    got = run(lambda dst, a, b: asc.compare(dst, a, b, asc.CMPMODE.GT, 64), x, y, np.zeros(32, np.uint8))
    assert (got[:8] == 0b11110000).all()
    ge = run(lambda dst, a, b: asc.compare(dst, a, b, asc.CMPMODE.GE, 64), x, y, np.zeros(32, np.uint8))
    assert (ge[:8] == 0b11110001).all()


@api("compare")
@pytest.mark.parametrize("form", ["mask", "bits"])
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_compare_level0(form, dtype):
    """The page's level-0 examples (mask=128 or [u64max, u64max], repeat_times=1,
    BinaryRepeatParams(1, 1, 1, 8, 8, 8)); for float a repeat is 64 lanes; then 2 repeats."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    x, y = cmp_operands(2 * nl, dtype, 2)
    z = np.full(64, 0x5A, np.uint8)
    mask = nl if form == "mask" else ([U64, U64] if nl == 128 else [U64])

    def op(dst, a, b):
        params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
        asc.compare(dst, a, b, cmp_mode=asc.CMPMODE.LT, mask=mask, repeat_times=1, repeat_params=params)
    got = run(op, x, y, z)
    same(got[:nl // 8], pack(x[:nl] < y[:nl]))

    def op2(dst, a, b):
        asc.compare(dst, a, b, asc.CMPMODE.EQ, mask, 2, asc.BinaryRepeatParams())
    got = run(op2, x, y, z)
    same(got[:2 * nl // 8], pack(x == y))


@api("compare", "get_cmp_mask")
@pytest.mark.parametrize("form", ["mask", "bits"])
@pytest.mark.parametrize("mode", ["LT", "GE", "NE"])
def test_compare_into_register(form, mode):
    """The page's register form (mask=128 / [u64max]*2, BinaryRepeatParams(1, 1, 1, 8, 8, 8)): 128
    result bits in CMPMASK; get_cmp_mask copies them out (its page: dst of at least 128 bytes)."""
    x, y = cmp_operands(128, "float16", 3)
    z = np.full(128, 0x33, np.uint8)
    mask = 128 if form == "mask" else [U64, U64]

    def op(dst, a, b):
        params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
        asc.compare(a, b, cmp_mode=getattr(asc.CMPMODE, mode), mask=mask, repeat_params=params)
        asc.get_cmp_mask(dst)
    got = run(op, x, y, z)
    same(got[:16], pack(MODES[mode](x, y)))


@api("compare", "compare_scalar")
@pytest.mark.parametrize("scalar", [False, True])
def test_compare_int32_other_modes_are_refused(scalar):
    """int32 compares with EQ only on the A2 (Ascend C Compare / Compares): LT is a clear error."""
    x = np.arange(64, dtype=np.int32)

    def op(dst, a, b):
        if scalar:
            asc.compare_scalar(dst, a, 3, asc.CMPMODE.LT, 64)
        else:
            asc.compare(dst, a, b, asc.CMPMODE.LT, 64)
    with pytest.raises(asc.KernelError, match="EQ only"):
        run(op, x, x, np.zeros(32, np.uint8))


@api("compare_scalar")
@pytest.mark.parametrize("mode,dtype", cases_of_types())
def test_compare_scalar_count(mode, dtype):
    x, _ = cmp_operands(512, dtype, 4)
    s = 1 if dtype == "int32" else 1.0
    z = np.full(128, 0xAA, np.uint8)

    def op(dst, a, _):
        asc.compare_scalar(dst, a, s, cmp_mode=getattr(asc.CMPMODE, mode), count=512)
    got = run(op, x, x[:16], z)
    same(got[:64], pack(MODES[mode](x, x.dtype.type(s))))
    same(got[64:], z[64:])


@api("compare_scalar")
@pytest.mark.parametrize("form", ["mask", "bits"])
@pytest.mark.parametrize("params", ["binary", "unary"])
def test_compare_scalar_level0(form, params):
    """The page's level-0 examples (mask=128 / [u64max]*2, repeat_times=1); they pass
    BinaryRepeatParams(1, 1, 1, 8, 8, 8) where the signature says UnaryRepeatParams: both."""
    x, _ = cmp_operands(256, "float16", 5)
    z = np.full(64, 0x5A, np.uint8)
    mask = 128 if form == "mask" else [U64, U64]

    def op(dst, a, _):
        p = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8) if params == "binary" else asc.UnaryRepeatParams(1, 1, 8, 8)
        asc.compare_scalar(dst, a, 2.0, cmp_mode=asc.CMPMODE.LT, mask=mask, repeat_times=2, repeat_params=p)
    got = run(op, x, x[:16], z)
    same(got[:32], pack(x < 2))


# ---- select ---------------------------------------------------------------------------------------------------------
SEL_T = ["float16", "float32"]


def sel_bits(nbits, seed):
    return np.random.default_rng(seed).integers(0, 2, nbits).astype(bool)


@api("select")
@pytest.mark.parametrize("dtype", SEL_T)
@pytest.mark.parametrize("mode", ["VSEL_CMPMASK_SPR", "VSEL_TENSOR_TENSOR_MODE", "VSEL_TENSOR_SCALAR_MODE"])
def test_select_count(dtype, mode):
    """The page's count examples (count=512) in the three modes; mode 0 repeats the first
    256 / sizeof(T) selection bits over every repeat, modes 1 and 2 read one bit per element."""
    n = 512
    nl = 256 // np.dtype(dtype).itemsize
    x, p = quarters(n, dtype, seed=6), quarters(n, dtype, seed=7)
    sel = sel_bits(n, 8)
    selb = pack(sel)  # 64 bytes
    selb = np.concatenate([selb, np.zeros(32 - len(selb) % 32 if len(selb) % 32 else 0, np.uint8)])
    z = np.full(n, 9, dtype)
    m = getattr(asc.SelMode, mode)

    def op(dst, a, b):  # a = src0 and the selection bytes behind it (see below), b = src1
        s = b[n].reinterpret_cast(asc.uint8)
        if mode == "VSEL_TENSOR_SCALAR_MODE":
            asc.select(dst, s, a, 0.0, sel_mode=m, count=n)
        else:
            asc.select(dst, s, a, b, sel_mode=m, count=n)
    y = np.concatenate([p, selb.view(dtype)])
    got = run(op, x, y, z)
    if mode == "VSEL_CMPMASK_SPR":
        sel = np.tile(sel[:nl], n // nl)
    other = np.zeros(n, dtype) if mode == "VSEL_TENSOR_SCALAR_MODE" else p
    same(got, np.where(sel, x, other))


@api("select")
@pytest.mark.parametrize("mode", ["VSEL_CMPMASK_SPR", "VSEL_TENSOR_TENSOR_MODE", "VSEL_TENSOR_SCALAR_MODE"])
@pytest.mark.parametrize("form", ["example-bits", "short-mask"])
def test_select_level0(mode, form):
    """The page's level-0 examples (mask=[u64max]*2, repeat_times=1, BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    and a non-default form: 2 repeats, mask 100, scalar -2.5 (mode 1); masked-off lanes keep dst."""
    n, nl = 256, 128
    x, p = quarters(n, "float16", seed=9), quarters(n, "float16", seed=10)
    sel = sel_bits(n, 11)
    y = np.concatenate([p, pack(sel).view(np.float16)])
    z = np.full(n, 9, np.float16)
    m = getattr(asc.SelMode, mode)
    mask, rep = ([U64, U64], 1) if form == "example-bits" else (100, 2)
    scalar = 0.0 if form == "example-bits" else -2.5

    def op(dst, a, b):
        s = b[n].reinterpret_cast(asc.uint8)
        params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
        if mode == "VSEL_TENSOR_SCALAR_MODE":
            asc.select(dst, s, a, scalar, sel_mode=m, mask=mask, repeat_times=rep, repeat_params=params)
        else:
            asc.select(dst, s, a, b, sel_mode=m, mask=mask, repeat_times=rep, repeat_params=params)
    got = run(op, x, y, z)
    if mode == "VSEL_CMPMASK_SPR":
        sel = np.tile(sel[:nl], 2)
    other = np.full(n, scalar, np.float16) if mode == "VSEL_TENSOR_SCALAR_MODE" else p
    want = z.copy()
    idx = lanes(mask, rep, 2, 1, 8).ravel()
    want[idx] = np.where(sel, x, other)[idx]
    same(got, want)


@api("select", "set_cmp_mask")
def test_select_register_mode0():
    """The page's register form (no sel_mask, sel_mode=VSEL_CMPMASK_SPR): the selection bits come
    from set_cmp_mask (its page: sets the compare register for a select without a mask argument)."""
    n, nl = 256, 128
    x, p = quarters(n, "float16", seed=12), quarters(n, "float16", seed=13)
    sel = sel_bits(nl, 14)
    y = np.concatenate([p, pack(sel).view(np.float16), np.zeros(8, np.float16)])
    z = np.full(n, 9, np.float16)

    def op(dst, a, b):
        asc.set_cmp_mask(b[n].reinterpret_cast(asc.uint8))
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
        asc.select(dst, a, b, repeat_times=2, repeat_params=params, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)
    same(run(op, x, y, z), np.where(np.tile(sel, 2), x, p))


@api("select", "set_cmp_mask", "compare")
def test_select_after_compare_into_register():
    """compare into CMPMASK then the register select (mode 0): dst = where(src0 < src1, src0, src1)."""
    x, p = quarters(128, "float16", seed=15), quarters(128, "float16", seed=16)
    z = np.full(128, 9, np.float16)

    def op(dst, a, b):
        params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
        asc.compare(a, b, asc.CMPMODE.LT, 128, params)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.select(dst, a, b, repeat_times=1, repeat_params=params, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)
    same(run(op, x, p, z), np.minimum(x, p))


@api("select", "set_cmp_mask")
def test_select_register_mode1_scalar():
    """The page's register form of mode 1 (select(dst, sel_mask, src0, repeat_times, repeat_params)):
    the scalar src1 comes from the tensor given to set_cmp_mask (Ascend C SetCmpMask: mode 1 takes
    the src1 LocalTensor)."""
    n = 256
    x = quarters(n, "float16", seed=17)
    sel = sel_bits(n, 18)
    y = np.concatenate([np.full(16, -6.5, np.float16), pack(sel).view(np.float16)])
    z = np.full(n, 9, np.float16)

    def op(dst, a, b):
        asc.set_cmp_mask(b)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
        asc.select(dst, b[16].reinterpret_cast(asc.uint8), a, repeat_times=2, repeat_params=params)
    same(run(op, x, y, z), np.where(sel, x, np.float16(-6.5)))


# ---- gather_mask ----------------------------------------------------------------------------------------------
PATTERNS = {1: lambda i: i % 2 == 0, 2: lambda i: i % 2 == 1, 3: lambda i: i % 4 == 0, 4: lambda i: i % 4 == 1,
            5: lambda i: i % 4 == 2, 6: lambda i: i % 4 == 3, 7: lambda i: np.ones_like(i, bool)}


def gm_run(x, z, call):
    """Runs call(dst, src0, ...) -> count; the count lands in dst's last element."""
    def op(dst, a, b):
        cnt = call(dst, a, b)
        dst.set_value(z.size - 1, cnt)
    return run(op, x, x[:16] if x.nbytes >= 32 else x, z)


@api("gather_mask")
@pytest.mark.parametrize("pattern", sorted(PATTERNS))
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_gather_mask_builtin(pattern, dtype):
    """The page's example form (normal mode, mask 0, GatherMaskParams(1, repeat_times, 0, 0)) with each
    built-in pattern over 2 repeats; the return value is the number of kept elements."""
    nl = 256 // np.dtype(dtype).itemsize
    x = data(2 * nl, dtype, -100, 100, 19)
    z = np.zeros(3 * nl, dtype)
    params_kw = dict(src0_block_stride=1, repeat_times=2, src0_repeat_stride=8, src1_repeat_stride=0)

    def call(dst, a, _):
        params = asc.GatherMaskParams(**params_kw)
        return asc.gather_mask(dst, a, pattern, False, 0, params, asc.GatherMaskMode.DEFAULT)
    got = gm_run(x, z, call)
    keep = x[PATTERNS[pattern](np.arange(2 * nl))]
    same(got[:keep.size], keep)
    assert int(got[-1]) == keep.size


@api("gather_mask")
def test_gather_mask_page_example():
    """The page's example verbatim: pattern 2 (odd indices), one repeat of half, src0_repeat_stride 0."""
    x = data(128, "float16", -100, 100, 20)
    z = np.zeros(256, np.float16)

    def call(dst, a, _):
        params = asc.GatherMaskParams(src0_block_stride=1, repeat_times=1, src0_repeat_stride=0, src1_repeat_stride=0)
        return asc.gather_mask(dst, a, 2, False, 0, params, asc.GatherMaskMode.DEFAULT)
    got = gm_run(x, z, call)
    same(got[:64], x[1::2])
    assert int(got[-1]) == 64


@api("gather_mask")
@pytest.mark.parametrize("dtype", ["float16", "float32", "int32", "uint16"])
def test_gather_mask_user_pattern(dtype):
    """A user pattern tensor (uint16 bits for 16-bit data, uint32 for 32-bit: Ascend C GatherMask) over
    2 repeats; src1_repeat_stride 1 block moves to the next 256 bits for the second repeat."""
    esz = np.dtype(dtype).itemsize
    nl = 256 // esz
    x = data(2 * nl, dtype, 0, 1000, 21)
    bits = sel_bits(2 * nl, 22)
    patt = pack(bits)  # nl / 8 bytes per repeat; each repeat's bits start on a 32-byte block
    rep_bytes = nl // 8
    blocks = [np.concatenate([patt[r * rep_bytes:(r + 1) * rep_bytes], np.zeros(32 - rep_bytes, np.uint8)])
              for r in range(2)]
    src = np.concatenate([x.view(np.uint8), blocks[0], blocks[1]]).view(dtype)
    z = np.zeros(3 * nl, dtype)

    def op(dst, a, _):
        pattern = a[2 * nl].reinterpret_cast(asc.uint16 if esz == 2 else asc.uint32)
        params = asc.GatherMaskParams(1, 2, 8, 1)
        cnt = asc.gather_mask(dst, a, pattern, False, 0, params)
        dst.set_value(3 * nl - 1, cnt)
    got = run(op, src, src[:16], z)
    keep = x[bits]
    same(got[:keep.size], keep)
    assert int(got[-1]) == keep.size


@api("gather_mask")
def test_gather_mask_counter_mode():
    """reduce_mode True (counter).  The Atlas A2 takes the page's configuration one (Ascend C
    GatherMask): mask elements per repeat, repeat_times repeats; its figure: mask=70, 2 repeats,
    pattern 2 (odd indices) keeps 35 of each repeat."""
    x = data(256, "float16", -100, 100, 23)
    z = np.zeros(256, np.float16)

    def call(dst, a, _):
        params = asc.GatherMaskParams(1, 2, 8, 0)
        return asc.gather_mask(dst, a, 2, True, 70, params)
    got = gm_run(x, z, call)
    same(got[:70], np.concatenate([x[1:70:2], x[129:198:2]]))
    assert int(got[-1]) == 70
