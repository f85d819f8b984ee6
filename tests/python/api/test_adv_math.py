"""pyasc's asc.language.adv math pages (acos ... xor, exp, power, axpy), one test group per page.

Each page's example is `asc.adv.Xxx(dst, src, count=512, temp_buffer=shared_tmp_buffer)` on a
1024-element half tensor with the temp buffer a uint8 tensor of a TQue(VECCALC) (the page spells
the call with a capital, `asc.adv.Acos`; pyasc defines only the lower-case names the page is
titled with, so the tests call those).  The pages state the function and the argument forms but
no precision, so the references are numpy / math / mpmath in float64 with docs/adv.md's bounds:
at most 1 ulp in half and 4 ulp in float (0 for floor, ceil, trunc, round, frac, sign).  Where a
page leaves a value open (ties of round, exp's Taylor split, power's dtypes), the test cites the
Ascend C page of the device kit (docs/zh/api/SIMD-API/高阶API/数学计算/<Name>接口/) and uses
its stated rule and example data."""
import math

import numpy as np
import pytest

import asc
import asc.runtime.config as config

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC
TMP_BYTES = 32 * 1024  # the page's buffer_size "from the host tiling": ample for 1024 elements


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def k_unary(x: asc.GlobalAddress, z: asc.GlobalAddress, total: asc.ConstExpr[int], tmp_bytes: asc.ConstExpr[int],
            op: asc.ConstExpr):
    """dst starts as z (so elements past count keep known values); op(dst, src, tmp) with tmp the
    page's shared_tmp_buffer (a uint8 tensor of a TQue(VECCALC)) or None."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qd = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(que=qx, num=1, len=total * x.dtype.sizeof())
    pipe.init_buffer(que=qd, num=1, len=total * z.dtype.sizeof())
    pipe.init_buffer(que=qz, num=1, len=total * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    dl = qd.alloc_tensor(z.dtype)
    asc.data_copy(xl, xg, total)
    asc.data_copy(dl, zg, total)
    qx.enque(xl)
    qd.enque(dl)
    xl = qx.deque(x.dtype)
    dl = qd.deque(z.dtype)
    zl = qz.alloc_tensor(z.dtype)
    asc.data_copy(zl, dl, total)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    if tmp_bytes > 0:
        tmp_que = asc.TQue(VECCALC, 1)
        pipe.init_buffer(que=tmp_que, num=1, len=tmp_bytes)
        shared_tmp_buffer = tmp_que.alloc_tensor(asc.uint8)
        op(zl, xl, shared_tmp_buffer)
        tmp_que.free_tensor(shared_tmp_buffer)
    else:
        op(zl, xl, None)
    qz.enque(zl)
    qx.free_tensor(xl)
    qd.free_tensor(dl)
    zl = qz.deque(z.dtype)
    asc.data_copy(zg, zl, total)
    qz.free_tensor(zl)


def run_unary(op, x, z0, tmp_bytes=TMP_BYTES):
    z = z0.copy()
    k_unary[1](x, z, x.size, tmp_bytes, op)
    return z


def ulps(r, ref, dtype):
    """|r - ref| in ulps of dtype at the reference rounded to dtype; NaN == NaN and equal infinities are 0,
    a NaN on one side only or a wrong infinity is inf."""
    r = r.astype(np.float64)
    with np.errstate(all="ignore"):
        rd = np.abs(ref).astype(dtype)
        sp = np.spacing(np.where(np.isfinite(rd), rd, np.finfo(dtype).max).astype(dtype)).astype(np.float64)
        e = np.abs(r - ref) / sp
    e = np.where(np.isnan(r) & np.isnan(ref), 0.0, e)
    e = np.where(np.isnan(r) ^ np.isnan(ref), np.inf, e)
    e = np.where(r == ref, 0.0, e)
    return np.nan_to_num(e, nan=np.inf)


def digamma64(v):
    import mpmath
    return np.array([float(mpmath.digamma(float(t))) for t in v])


V = np.vectorize
# page: (float64 reference, random domain, exact?)  Domains keep float sin/cos/tan inside the range
# docs/adv.md states the 4-ulp bound for (|x| < 2^16) and lgamma/digamma at x > 0.
UNARY = {
    "acos": (np.arccos, (-1, 1), False), "acosh": (np.arccosh, (1, 100), False),
    "asin": (np.arcsin, (-1, 1), False), "asinh": (np.arcsinh, (-100, 100), False),
    "atan": (np.arctan, (-50, 50), False), "atanh": (np.arctanh, (-0.99, 0.99), False),
    "ceil": (np.ceil, (-100, 100), True), "cos": (np.cos, (-100, 100), False),
    "cosh": (np.cosh, (-10, 10), False), "digamma": (digamma64, (0.6, 20), False),
    "erf": (V(math.erf), (-5, 5), False), "erfc": (V(math.erfc), (-3, 9), False),
    "floor": (np.floor, (-100, 100), True), "frac": (lambda v: v - np.trunc(v), (-100, 100), True),
    "lgamma": (V(math.lgamma), (0.01, 30), False), "log": (np.log, (1e-3, 1e3), False),
    "round": (np.rint, (-100, 100), True), "sign": (np.sign, (-5, 5), True),
    "sin": (np.sin, (-100, 100), False), "sinh": (np.sinh, (-10, 10), False),
    "tan": (np.tan, (-1.5, 1.5), False), "tanh": (np.tanh, (-10, 10), False),
    "trunc": (np.trunc, (-100, 100), True),
}
API = "asc.language.adv."


def pages(names):
    """Parameters of a test over several pages, each case marked with its page."""
    return [pytest.param(n, marks=pytest.mark.api(API + n), id=n) for n in names]


def check(z, x, name, dtype, count):
    ref, _, exact = UNARY[name]
    bound = 0 if exact else (1 if dtype == np.float16 else 4)
    e = ulps(z[:count], ref(x[:count].astype(np.float64)), dtype)
    assert e.max() <= bound, (name, float(e.max()), x[np.argmax(e)], z[np.argmax(e)])


def sample(name, dtype, n, seed):
    lo, hi = UNARY[name][1]
    x = np.random.default_rng(seed).uniform(lo, hi, n).astype(dtype)
    if name == "sign":
        x[:3] = [0, 2, -2]
    return x


@pytest.mark.parametrize("name", pages(sorted(UNARY)))
def test_page_example(name):
    """The page's example: half, a 1024-element tensor, count=512, temp_buffer from a TQue(VECCALC);
    the 512 elements after count are untouched."""
    x = sample(name, np.float16, 1024, 1)
    z0 = np.full(1024, 7.0, np.float16)
    fn = getattr(asc.adv, name)

    def op(dst, src, shared_tmp_buffer):
        fn(dst, src, count=512, temp_buffer=shared_tmp_buffer)
    z = run_unary(op, x, z0)
    check(z, x, name, np.float16, 512)
    np.testing.assert_array_equal(z[512:], z0[512:])


@pytest.mark.parametrize("name", pages(sorted(UNARY)))
def test_float_whole_tensor_no_tmp(name):
    """Non-default form: float32, no count (the whole tensor: the prototype without calCount) and no
    temp_buffer (the framework's scratch)."""
    x = sample(name, np.float32, 1024, 2)
    fn = getattr(asc.adv, name)
    if name == "ceil":  # Ceil's page has only the count forms (with or without the buffer)
        def op(dst, src, shared_tmp_buffer):
            fn(dst, src, 1024)
    else:
        def op(dst, src, shared_tmp_buffer):
            fn(dst, src)
    z = run_unary(op, x, np.zeros(1024, np.float32), 0)
    check(z, x, name, np.float32, 1024)


@pytest.mark.parametrize("name", pages(sorted(UNARY)))
def test_float_tail_count(name):
    """Non-default form: float32 with a count that is no multiple of a repeat (1000 of 1024: 15 full
    64-element repeats and a 40-element tail), temp_buffer given, is_reuse_source=True; elements past
    count keep their values."""
    x = sample(name, np.float32, 1024, 3)
    z0 = np.full(1024, -3.0, np.float32)
    fn = getattr(asc.adv, name)

    def op(dst, src, shared_tmp_buffer):
        fn(dst, src, count=1000, temp_buffer=shared_tmp_buffer, is_reuse_source=True)
    z = run_unary(op, x, z0)
    check(z, x, name, np.float32, 1000)
    np.testing.assert_array_equal(z[1000:], z0[1000:])



# Values stated on the Ascend C pages of these functions (result examples and the worked cases of
# 功能说明 / 约束说明), float32.
PAGE_VALUES = {
    "acos": ([-1.0, 1.0, 0.0], [math.pi, 0.0, math.pi / 2]),
    "acosh": ([-1.0, 0.0, 1.0, 2.0, 3.0, 4.0], [np.nan, np.nan, 0.0, 1.316958, 1.762747, 2.063437]),
    "asin": ([-1.0, 1.0, 0.0], [-math.pi / 2, math.pi / 2, 0.0]),
    "atanh": ([0.0, 0.01, 0.99, 1.0, 1.01], [0.0, 0.010000333, 2.646650, np.inf, np.nan]),
    "ceil": ([-1.1, 0.0, 0.9, 1.9, 2.9, 3.9, 4.9, 5.9, -3.9], [-1, 0, 1, 2, 3, 4, 5, 6, -3]),
    "floor": ([-1.5, -0.5, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 3.9, -3.9], [-2, -1, 0, 1, 2, 3, 4, 5, 3, -4]),
    "frac": ([-258.41888, 5592.625, 9.5, -8.25], [-0.41888428, 0.625, 0.5, -0.25]),
    # Round's constraint: exactly halfway rounds to the even integer
    "round": ([3.5, -3.4, 2.5, -2.5, 0.5, 1.5, 6.6, -8.6], [4, -3, 2, -2, 0, 2, 7, -9]),
    "trunc": ([3.9, -3.9, 0.5, -0.5], [3, -3, 0, 0]),
    "sign": ([0.0, 2.5, -2.5, 1e-30, -1e-30], [0, 1, -1, 1, -1]),
    "cosh": ([11.089, -11.089, 0.0], [32723.625, 32723.625, 1.0]),
    "erf": ([2.5, -2.5, 0.0], [0.9995931, -0.9995931, 0.0]),
    "erfc": ([0.0, 1.0, 2.0, 3.0], [1.0, 0.15729921, 4.6777348e-03, 2.2090497e-05]),
    "digamma": ([5.3675685, 0.26528683, -2.872628, 2.9387941, 9.001339],
                [1.5843406, -3.978809, -6.2081366, 0.8983184, 2.1407988]),
}


@pytest.mark.parametrize("name", pages(sorted(PAGE_VALUES)))
def test_ascend_c_page_values(name):
    xs, want = PAGE_VALUES[name]
    x = np.zeros(64, np.float32)
    x[:len(xs)] = xs
    fn = getattr(asc.adv, name)

    def op(dst, src, shared_tmp_buffer):
        fn(dst, src, count=64, temp_buffer=shared_tmp_buffer)
    z = run_unary(op, x, np.zeros(64, np.float32))[:len(xs)]
    want = np.array(want, np.float64)
    np.testing.assert_array_equal(np.isnan(z), np.isnan(want), err_msg=name)
    ok = ~np.isnan(want)
    np.testing.assert_allclose(z[ok], want[ok], rtol=2e-6, atol=1e-7, err_msg=name)


# ---- exp ----
@pytest.mark.api(API + "exp")
def test_exp_page_example():
    """exp(dst, src, count=512, taylor_expand_level=0, temp_buffer=...): e^x, the 512 after count untouched;
    Ascend C's result example: e^0.01 = 1.0100503, e^5.11 = 165.67036."""
    x = np.random.default_rng(4).uniform(-8, 8, 1024).astype(np.float16)
    x[:2] = [0.01, 5.11]
    z0 = np.full(1024, 2.0, np.float16)

    def op(dst, src, shared_tmp_buffer):
        asc.adv.exp(dst, src, count=512, taylor_expand_level=0, temp_buffer=shared_tmp_buffer)
    z = run_unary(op, x, z0)
    assert ulps(z[:512], np.exp(x[:512].astype(np.float64)), np.float16).max() <= 1
    np.testing.assert_allclose(z[:2].astype(np.float64), [1.0100503, 165.67036], rtol=1e-3)
    np.testing.assert_array_equal(z[512:], z0[512:])


@pytest.mark.api(API + "exp")
@pytest.mark.parametrize("level", [1, 2, 5])
def test_exp_taylor_level(level):
    """taylor_expand_level L > 0 (non-default).  The pyasc page: fewer terms lose precision.  Ascend C's
    Exp page pins the formula: e^x = e^xA * sum_{i<=L} xB^i / i!, xA the integer part taken with
    floor(x), xB = x - xA the fractional part (so xB in [0, 1) also for negative x)."""
    x = np.random.default_rng(5).uniform(-6, 6, 1024).astype(np.float32)
    x[:6] = [-0.5, -1.25, -2.75, 0.5, 2.75, -3.0]

    def op(dst, src, shared_tmp_buffer):
        asc.adv.exp(dst, src, 1024, level, shared_tmp_buffer)
    z = run_unary(op, x, np.zeros(1024, np.float32))
    xa = np.floor(x.astype(np.float64))
    xb = x.astype(np.float64) - xa
    ref = np.exp(xa) * sum(xb ** i / math.factorial(i) for i in range(level + 1))
    # float arithmetic of the L+1 terms and the product: a few ulp, far below the truncation error
    np.testing.assert_allclose(z, ref, rtol=4e-6, atol=0)


# ---- power ----
@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def k_binary(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total: asc.ConstExpr[int],
             tmp_bytes: asc.ConstExpr[int], op: asc.ConstExpr):
    """op(dst, src0, src1, tmp); dst starts as z."""
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qy = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, total * x.dtype.sizeof())
    pipe.init_buffer(qy, 1, total * y.dtype.sizeof())
    pipe.init_buffer(qz, 1, total * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    yl = qy.alloc_tensor(y.dtype)
    zl = qz.alloc_tensor(z.dtype)
    asc.data_copy(xl, xg, total)
    asc.data_copy(yl, yg, total)
    asc.data_copy(zl, zg, total)
    qx.enque(xl)
    qy.enque(yl)
    qz.enque(zl)
    xl = qx.deque(x.dtype)
    yl = qy.deque(y.dtype)
    zl = qz.deque(z.dtype)
    if tmp_bytes > 0:
        tb = asc.TBuf(VECCALC)
        pipe.init_buffer(buf=tb, num=tmp_bytes)
        op(zl, xl, yl, tb.get(asc.uint8))
    else:
        op(zl, xl, yl, None)
    qz.enque(zl)
    zl = qz.deque(z.dtype)
    asc.data_copy(zg, zl, total)
    qx.free_tensor(xl)
    qy.free_tensor(yl)
    qz.free_tensor(zl)


def run_binary(op, x, y, z0, tmp_bytes=0):
    z = z0.copy()
    k_binary[1](x, y, z, x.size, tmp_bytes, op)
    return z


@pytest.mark.api(API + "power")
def test_power_page_example():
    """asc.adv.power(dst, src0, src1): dst = src0 ** src1 over the whole tensor (float32)."""
    rng = np.random.default_rng(6)
    x = rng.uniform(0.1, 4, 256).astype(np.float32)
    y = rng.uniform(-3, 3, 256).astype(np.float32)
    x[:5], y[:5] = [-2, -2, 2, 1, 0.5], [3, 2, 0, 7.5, -1]
    z = run_binary(lambda d, a, b, t: asc.adv.power(d, a, b), x, y, np.zeros(256, np.float32))
    ref = np.power(x.astype(np.float64), y.astype(np.float64))
    # Ascend C: exp(y * ln x); its relative error is about (1 + |y ln x|) float roundings (|y ln x| <= 5 here)
    np.testing.assert_allclose(z, ref, rtol=4e-6)


@pytest.mark.api(API + "power")
def test_power_half_count_tmp():
    """Non-default: half, count=200 of 256, temp_buffer; elements past count untouched."""
    rng = np.random.default_rng(7)
    x = rng.uniform(0.5, 3, 256).astype(np.float16)
    y = rng.uniform(-2, 2, 256).astype(np.float16)
    z0 = np.full(256, 5.0, np.float16)
    z = run_binary(lambda d, a, b, t: asc.adv.power(d, a, b, count=200, temp_buffer=t), x, y, z0, 16384)
    ref = np.power(x[:200].astype(np.float64), y[:200].astype(np.float64))
    assert ulps(z[:200], ref, np.float16).max() <= 1
    np.testing.assert_array_equal(z[200:], z0[200:])


@pytest.mark.api(API + "power")
def test_power_int32():
    """Non-default dtype: int32, which Ascend C's Power page lists for Atlas A2/A3, with its example data:
    [2 3 4 5 6 7 8 9] ** [4 3 2 1 4 3 2 1] = [16 27 16 5 1296 343 64 9]."""
    x = np.tile(np.array([2, 3, 4, 5, 6, 7, 8, 9], np.int32), 8)
    y = np.tile(np.array([4, 3, 2, 1, 4, 3, 2, 1], np.int32), 8)
    # and exact integer powers over the whole exponent range of int32 results
    x[8:16], y[8:16] = [3, -2, 0, 7, -1, -1, 1, 46340], [19, 31, 0, 0, 5, 6, 1000, 2]
    z = run_binary(lambda d, a, b, t: asc.adv.power(d, a, b), x, y, np.zeros(64, np.int32))
    np.testing.assert_array_equal(z[:8], [16, 27, 16, 5, 1296, 343, 64, 9])
    np.testing.assert_array_equal(z, [int(a) ** int(b) for a, b in zip(x, y)])


# ---- xor ----
@pytest.mark.api(API + "xor")
def test_xor_page_example():
    """asc.adv.xor(z_local, x_local, y_local): bitwise xor of int16 over the whole tensors
    (Ascend C's example: 3 ^ 5 = 6)."""
    rng = np.random.default_rng(8)
    x = rng.integers(-2 ** 15, 2 ** 15, 256).astype(np.int16)
    y = rng.integers(-2 ** 15, 2 ** 15, 256).astype(np.int16)
    x[0], y[0] = 3, 5
    z = run_binary(lambda d, a, b, t: asc.adv.xor(d, a, b), x, y, np.zeros(256, np.int16))
    assert z[0] == 6
    np.testing.assert_array_equal(z, x ^ y)


@pytest.mark.api(API + "xor")
def test_xor_uint16_count_tmp():
    """Non-default: uint16 (Ascend C: int16_t / uint16_t), count=100 of 256 with a temp_buffer; the rest
    of dst untouched."""
    rng = np.random.default_rng(9)
    x = rng.integers(0, 2 ** 16, 256).astype(np.uint16)
    y = rng.integers(0, 2 ** 16, 256).astype(np.uint16)
    z0 = np.full(256, 0xBEEF, np.uint16)
    z = run_binary(lambda d, a, b, t: asc.adv.xor(d, a, b, count=100, temp_buffer=t), x, y, z0, 4096)
    np.testing.assert_array_equal(z[:100], x[:100] ^ y[:100])
    np.testing.assert_array_equal(z[100:], z0[100:])


# ---- axpy ----
@pytest.mark.api(API + "axpy")
def test_axpy_page_example():
    """asc.adv.axpy(dst, src, 3.0, count=512, temp_buffer=...) on 1024 halves: dst += 3 * src for the first
    512 (Ascend C's example: src 1..512, dst 0 -> 3, 6, ..., 1536), the rest untouched."""
    x = np.zeros(1024, np.float16)
    x[:512] = np.arange(1, 513)
    x[512:] = 1
    z0 = np.zeros(1024, np.float16)
    z0[512:] = 9

    def op(dst, src, shared_tmp_buffer):
        asc.adv.axpy(dst, src, 3.0, count=512, temp_buffer=shared_tmp_buffer)
    z = run_unary(op, x, z0)
    np.testing.assert_array_equal(z[:512], 3 * np.arange(1, 513))
    np.testing.assert_array_equal(z[512:], 9)


@pytest.mark.api(API + "axpy")
@pytest.mark.parametrize("src_dtype,dst_dtype", [(np.float32, np.float32), (np.float16, np.float16),
                                                 (np.float16, np.float32)])
def test_axpy_precision_combinations(src_dtype, dst_dtype):
    """The page's three precision combinations (half; float; mix: half src and scalar into a float dst),
    no temp buffer, a tail count (300 of 320).  The page: Muls then Add, so scalar * src is rounded in
    the computing type and then the sum: numpy's arithmetic in that type gives the same bits.  The
    mix combination computes in float (the page gives it PAR=64, float's lanes per repeat)."""
    rng = np.random.default_rng(10)
    x = rng.uniform(-4, 4, 320).astype(src_dtype)
    d = rng.uniform(-4, 4, 320).astype(dst_dtype)
    x[:2], d[:2] = [2.0, -1.0], [1.0, 1.5]  # 1 + 1.5 * 2 = 4, 1.5 - 1.5 = 0

    def op(dst, src, shared_tmp_buffer):
        asc.adv.axpy(dst, src, 1.5, 300)
    z = run_unary(op, x, d, 0)
    t = np.dtype(dst_dtype).type
    ref = (x[:300].astype(t) * t(1.5)).astype(t) + d[:300]
    assert list(z[:2]) == [4.0, 0.0]
    np.testing.assert_array_equal(z[:300], ref)
    np.testing.assert_array_equal(z[300:], d[300:])
