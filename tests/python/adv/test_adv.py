"""asc.adv's vector library (issue 18): each call is one IR op that expand-adv turns into basic vector
instructions; results against independent float64 references (numpy, math)."""
import math
import os

import numpy as np
import pytest

import asc
import asc.runtime.config as config

VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def k_map(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int], fn: asc.ConstExpr,
          tmp_bytes: asc.ConstExpr[int], y: asc.ConstExpr = None):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, n * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, n * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, n)
    qx.enque(xl)
    xl = qx.deque(x.dtype)
    zl = qz.alloc_tensor(z.dtype)
    if tmp_bytes > 0:
        tb = asc.TBuf(VECCALC)
        pipe.init_buffer(buf=tb, num=tmp_bytes)
        fn(zl, xl, count=n, temp_buffer=tb.get(asc.uint8))
    else:
        fn(zl, xl, count=n)
    qz.enque(zl)
    qx.free_tensor(xl)
    zl = qz.deque(z.dtype)
    asc.data_copy(zg, zl, n)
    qz.free_tensor(zl)


def ulps(r, ref, dtype):
    """|r - ref| in ulp of dtype at the rounded reference (NaN == NaN; equal infinities 0)."""
    r = r.astype(np.float64)
    with np.errstate(all="ignore"):
        rd = ref.astype(dtype)
        e = np.abs(r - ref) / np.spacing(np.abs(rd).astype(dtype)).astype(np.float64)
    e = np.where(np.isnan(r) & np.isnan(ref), 0, e)
    e = np.where(np.isnan(r) ^ np.isnan(ref), np.inf, e)
    e = np.where(r == ref, 0, e)
    return e


V = np.vectorize
# name: (reference, domain lo, hi, max ulp half, max ulp float)
MATH = {
    "tanh": (np.tanh, -10, 10, 1, 4), "erf": (V(math.erf), -5, 5, 1, 4), "erfc": (V(math.erfc), -3, 9, 1, 4),
    "sin": (np.sin, -100, 100, 1, 4), "cos": (np.cos, -100, 100, 1, 4), "tan": (np.tan, -1.5, 1.5, 1, 4),
    "asin": (np.arcsin, -1, 1, 1, 4), "acos": (np.arccos, -1, 1, 1, 4), "atan": (np.arctan, -50, 50, 1, 4),
    "sinh": (np.sinh, -10, 10, 1, 4), "cosh": (np.cosh, -10, 10, 1, 4), "asinh": (np.arcsinh, -100, 100, 1, 4),
    "acosh": (np.arccosh, 1, 100, 1, 4), "atanh": (np.arctanh, -0.99, 0.99, 1, 4), "log": (np.log, 1e-3, 1e3, 1, 1),
    "floor": (np.floor, -100, 100, 0, 0), "ceil": (np.ceil, -100, 100, 0, 0), "trunc": (np.trunc, -100, 100, 0, 0),
    "round": (np.rint, -100, 100, 0, 0), "frac": (lambda v: v - np.trunc(v), -100, 100, 0, 0),
    "sign": (np.sign, -5, 5, 0, 0), "lgamma": (V(math.lgamma), 0.01, 30, 1, 4),
}


@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("name", sorted(MATH))
def test_math(name, dtype):
    ref, lo, hi, uh, uf = MATH[name]
    n = 1000 if dtype == "float32" else 992
    rng = np.random.default_rng(7)
    x = rng.uniform(lo, hi, n).astype(dtype)
    if name == "sign":
        x[:4] = [0, -0.0, 3, -3]
    z = np.zeros(n, dtype)
    k_map[1](x, z, n, getattr(asc.adv, name), 0)
    e = ulps(z, ref(x.astype(np.float64)), np.dtype(dtype).type)
    assert e.max() <= (uh if dtype == "float16" else uf), (name, float(e.max()), x[np.argmax(e)])


def test_math_specials():
    x = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 1e-45, -1e-45, 3e38] * 8, np.float32)
    for name, ref in [("tanh", np.tanh), ("erf", V(math.erf)), ("atan", np.arctan), ("exp", np.exp),
                      ("log", np.log), ("sinh", np.sinh), ("cosh", np.cosh)]:
        z = np.zeros_like(x)
        if name == "exp":
            fn = asc.adv.exp
        else:
            fn = getattr(asc.adv, name)
        k_map[1](x, z, x.size, fn, 0)
        with np.errstate(all="ignore"):
            r = ref(x.astype(np.float64))
        assert ulps(z, r, np.float32).max() <= 4, (name, z[:8], r[:8])


def test_digamma():
    x = np.linspace(0.6, 20, 512).astype(np.float32)
    z = np.zeros_like(x)
    k_map[1](x, z, x.size, asc.adv.digamma, 0)
    # independent reference: psi(x) = -gamma + sum_k (1/(k+1) - 1/(k+x)), in float64 with the tail summed
    k = np.arange(200000, dtype=np.float64)[:, None]
    xs = x.astype(np.float64)
    ref = -0.5772156649015329 + np.sum(1 / (k + 1) - 1 / (k + xs), axis=0) + (xs - 1) / 200000
    np.testing.assert_allclose(z, ref, rtol=2e-5, atol=2e-5)


def test_temp_buffer_form():
    n = 1024
    x = np.random.default_rng(3).uniform(-4, 4, n).astype(np.float32)
    z = np.zeros_like(x)
    k_map[1](x, z, n, asc.adv.tanh, 6 * 4 * 64)  # tanh's six f32 slots of one 64-lane chunk
    assert ulps(z, np.tanh(x.astype(np.float64)), np.float32).max() <= 4


def test_temp_buffer_too_small():
    n = 256
    x = np.ones(n, np.float32)
    z = np.zeros_like(x)
    with pytest.raises(asc.KernelError, match=r"asc.adv.erf: the temp buffer holds 512 bytes; it needs at least "
                                              r"3328 bytes"):
        k_map[1](x, z, n, asc.adv.erf, 512)


@asc.jit(kernel_type=config.KernelType.AIV_ONLY, auto_sync="full")
def k_full_ub(z: asc.GlobalAddress):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    tb = asc.TBuf(VECCALC)
    pipe.init_buffer(tb, 190 * 1024)  # the TPipe takes UB up to 2 KiB below the top
    t = tb.get(asc.float32)
    asc.duplicate(t, 1.0, 64)
    asc.adv.tanh(t, t, count=64)  # no temp_buffer: the library scratch at the top of UB
    asc.data_copy(zg, t, 64)


def test_library_scratch_overlapping_the_tpipe():
    z = np.zeros(64, np.float32)
    with pytest.raises(asc.KernelError, match=r"asc.adv.tanh: the library scratch, UB bytes \[188928, 196608\), "
                                              r"overlaps the TPipe's buffers \(they end at byte 194560\)"):
        k_full_ub[1](z)


def test_exp_taylor():
    n = 512
    x = np.random.default_rng(4).uniform(-5, 5, n).astype(np.float32)
    z = np.zeros_like(x)

    def exp10(dst, src, count):
        asc.adv.exp(dst, src, count, taylor_expand_level=10)
    k_map[1](x, z, n, exp10, 0)
    np.testing.assert_allclose(z, np.exp(x.astype(np.float64)), rtol=1e-6)


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def k_binary(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int],
             fn: asc.ConstExpr):
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
    pipe.init_buffer(qx, 1, n * x.dtype.sizeof())
    pipe.init_buffer(qy, 1, n * y.dtype.sizeof())
    pipe.init_buffer(qz, 1, n * z.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    yl = qy.alloc_tensor(y.dtype)
    zl = qz.alloc_tensor(z.dtype)
    asc.data_copy(xl, xg, n)
    asc.data_copy(yl, yg, n)
    asc.data_copy(zl, zg, n)
    qx.enque(xl)
    qy.enque(yl)
    qz.enque(zl)
    xl = qx.deque(x.dtype)
    yl = qy.deque(y.dtype)
    zl = qz.deque(z.dtype)
    fn(zl, xl, yl, n)
    qz.enque(zl)
    zl = qz.deque(z.dtype)
    asc.data_copy(zg, zl, n)
    qx.free_tensor(xl)
    qy.free_tensor(yl)
    qz.free_tensor(zl)


def test_power():
    n = 512
    rng = np.random.default_rng(5)
    x = rng.uniform(0.1, 4, n).astype(np.float32)
    y = rng.uniform(-3, 3, n).astype(np.float32)
    x[:6], y[:6] = [-2, -2, -2, 0, 1, 5], [3, 2, 0.5, 0, 7, 0]
    z = np.zeros_like(x)
    k_binary[1](x, y, z, n, asc.adv.power)
    with np.errstate(all="ignore"):
        ref = np.power(x.astype(np.float64), y.astype(np.float64))
    np.testing.assert_allclose(z, ref, rtol=2e-6, equal_nan=True)


def test_xor():
    n = 512
    rng = np.random.default_rng(6)
    x = rng.integers(-2 ** 15, 2 ** 15, n).astype(np.int16)
    y = rng.integers(-2 ** 15, 2 ** 15, n).astype(np.int16)
    z = np.zeros_like(x)
    k_binary[1](x, y, z, n, asc.adv.xor)
    np.testing.assert_array_equal(z, x ^ y)


def test_axpy():
    n = 512
    rng = np.random.default_rng(8)
    x = rng.uniform(-2, 2, n).astype(np.float32)
    d = rng.uniform(-2, 2, n).astype(np.float32)
    z = d.copy()

    def axpy3(dst, src, _unused, count):
        asc.adv.axpy(dst, src, 3.0, count)
    k_binary[1](x, d, z, n, axpy3)
    np.testing.assert_allclose(z, d + np.float32(3) * x, rtol=1e-6)


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def k_quant(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int], scale: asc.ConstExpr,
            offset: asc.ConstExpr):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, tile * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, tile)
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, tile)
    qx.enque(xl)
    xl = qx.deque(x.dtype)
    zl = qz.alloc_tensor(asc.int8)
    asc.adv.quant(zl, xl, scale, offset, n)
    qz.enque(zl)
    qx.free_tensor(xl)
    zl = qz.deque(asc.int8)
    asc.data_copy(zg, zl, n)
    qz.free_tensor(zl)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_quant(dtype):
    tile = 4096
    n = 2976  # runtime count: several chunks and a tail
    x = np.random.default_rng(9).uniform(-60, 60, tile).astype(dtype)
    z = np.zeros(tile, np.int8)
    k_quant[1](x, z, n, tile, 2.5, 0.5)
    # numpy: in the source type, ties to even, saturated to int8
    v = x[:n] * np.array(2.5, dtype) + np.array(0.5, dtype)
    ref = np.clip(np.rint(v.astype(np.float64)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(z[:n], ref)
    assert not z[n:].any()


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def k_softmax(x: asc.GlobalAddress, z: asc.GlobalAddress, s: asc.GlobalAddress, mx: asc.GlobalAddress,
              m: asc.ConstExpr[int], k: asc.ConstExpr[int], from_shape: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    mg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    sg.set_global_buffer(s)
    mg.set_global_buffer(mx)
    blk = 32 // s.dtype.sizeof()
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    qs = asc.TQue(VECOUT, 1)
    qm = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, m * k * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, m * k * x.dtype.sizeof())
    pipe.init_buffer(qs, 1, m * 32)
    pipe.init_buffer(qm, 1, m * 32)
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, m * k)
    qx.enque(xl)
    xl = qx.deque(x.dtype)
    zl = qz.alloc_tensor(z.dtype)
    sl = qs.alloc_tensor(s.dtype)
    ml = qm.alloc_tensor(s.dtype)
    if from_shape:
        xl.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, (m, k))))
        tiling = asc.adv.SoftmaxTiling()
    else:
        tiling = asc.adv.SoftmaxTiling(src_m=m, src_k=k, src_size=m * k)
    asc.adv.softmax(zl, sl, ml, xl, tiling)
    qz.enque(zl)
    qs.enque(sl)
    qm.enque(ml)
    qx.free_tensor(xl)
    zl = qz.deque(z.dtype)
    sl = qs.deque(s.dtype)
    ml = qm.deque(s.dtype)
    asc.data_copy(zg, zl, m * k)
    asc.data_copy(sg, sl, m * blk)
    asc.data_copy(mg, ml, m * blk)
    qz.free_tensor(zl)
    qs.free_tensor(sl)
    qm.free_tensor(ml)


@pytest.mark.parametrize("from_shape", [True, False])
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_softmax(dtype, from_shape):
    m, k = 8, 192
    blk = 32 // np.dtype(dtype).itemsize
    x = np.random.default_rng(10).uniform(-6, 6, (m, k)).astype(dtype)
    z = np.zeros_like(x)
    s = np.zeros(m * blk, dtype)
    mx = np.zeros(m * blk, dtype)
    k_softmax[1](x, z, s, mx, m, k, from_shape)
    xf = x.astype(np.float64)
    rmax = xf.max(axis=1, keepdims=True)
    e = np.exp(xf - rmax)
    tol = dict(rtol=2e-3, atol=1e-5) if dtype == "float16" else dict(rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(z, e / e.sum(axis=1, keepdims=True), **tol)
    np.testing.assert_allclose(mx.reshape(m, blk), np.repeat(rmax, blk, axis=1), rtol=1e-3)
    np.testing.assert_allclose(s.reshape(m, blk), np.repeat(e.sum(axis=1, keepdims=True), blk, axis=1), rtol=2e-3)


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def k_rmsnorm(x: asc.GlobalAddress, g: asc.GlobalAddress, z: asc.GlobalAddress, b: asc.ConstExpr[int],
              s: asc.ConstExpr[int], h: asc.ConstExpr[int], eps: asc.ConstExpr):
    xg = asc.GlobalTensor()
    gg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    gg.set_global_buffer(g)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(VECIN, 1)
    qg = asc.TQue(VECIN, 1)
    qz = asc.TQue(VECOUT, 1)
    pipe.init_buffer(qx, 1, b * s * h * x.dtype.sizeof())
    pipe.init_buffer(qg, 1, h * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, b * s * h * x.dtype.sizeof())
    xl = qx.alloc_tensor(x.dtype)
    gl = qg.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, b * s * h)
    asc.data_copy(gl, gg, h)
    qx.enque(xl)
    qg.enque(gl)
    xl = qx.deque(x.dtype)
    gl = qg.deque(x.dtype)
    zl = qz.alloc_tensor(z.dtype)
    tiling = asc.adv.RmsNormTiling(b_length=b, s_length=s, h_length=h)
    asc.adv.rmsnorm(zl, xl, gl, eps, tiling)
    qz.enque(zl)
    qx.free_tensor(xl)
    qg.free_tensor(gl)
    zl = qz.deque(z.dtype)
    asc.data_copy(zg, zl, b * s * h)
    qz.free_tensor(zl)


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_rmsnorm(dtype):
    b, s, h = 2, 3, 96
    rng = np.random.default_rng(11)
    x = rng.uniform(-3, 3, (b, s, h)).astype(dtype)
    g = rng.uniform(0.5, 1.5, h).astype(dtype)
    z = np.zeros_like(x)
    k_rmsnorm[1](x, g, z, b, s, h, 1e-5)
    xf = x.astype(np.float64)
    ref = xf / np.sqrt((xf * xf).mean(axis=-1, keepdims=True) + 1e-5) * g.astype(np.float64)
    tol = dict(rtol=2e-3, atol=2e-3) if dtype == "float16" else dict(rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(z, ref, **tol)


def test_expanded_instruction_stream(tmp_path, monkeypatch):
    """The library call is gone after the passes: its basic vector instructions are in its place."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.linspace(-1, 1, 256).astype(np.float32)
    z = np.zeros_like(x)
    k_map[1](x, z, 256, asc.adv.erf, 0)
    front = (tmp_path / "codegen.mlir").read_text()
    after = (tmp_path / "ascir.mlir").read_text()
    assert '"asc.adv.erf"' in front
    assert '"asc.adv.erf"(' not in after and '"asc.adv.check_tmp"' in after
    for op in ('"asc.exp"', '"asc.compare_scalar"', '"asc.select"', '"asc.cast"', '"scf.for"'):
        assert op in after, op


def test_softmax_row_not_block_aligned():
    @asc.jit
    def bad():
        t = asc.LocalTensor(asc.float16, VECCALC, 0, 800)
        asc.adv.softmax(t, t, t, t, asc.adv.SoftmaxTiling(src_m=4, src_k=200))
    with pytest.raises(asc.CompilationError, match="a row of 200 elements is not a whole number of 32-byte"):
        bad[1]()


def test_softmax_needs_shape_or_tiling_fields():
    @asc.jit
    def bad():
        t = asc.LocalTensor(asc.float32, VECCALC, 0, 256)
        asc.adv.softmax(t, t, t, t, asc.adv.SoftmaxTiling(src_m=2, src_k=0))
    with pytest.raises(asc.CompilationError, match="tiling's shape fields must be compile-time positive"):
        bad[1]()


if __name__ == "__main__":
    os.sys.exit(pytest.main([__file__, "-q"]))
