"""Helpers of the API-reference tests: the api marker, operand data, the level-0 lane addressing
of a masked repeat form, and exact comparisons (nan equal to nan, the sign of zero significant).

Kernels come from tests/python/basic_kernels.py: run(op, x, y, z) loads x, y and z into UB, starts
dst as a copy of z (lanes an op leaves alone keep z's values), calls op(dst, x, y) and returns dst."""
import numpy as np
import pytest

import asc

from basic_kernels import lane_offsets, mask_bits, run  # noqa: F401  (re-exported for the tests)

U64 = 2 ** 64 - 1
MAXS = {"float16": 65504.0, "float32": float(np.finfo(np.float32).max)}


def api(*names):
    """The marker linking a test to the pyasc API entries (short names of asc.language.basic) it proves."""
    return pytest.mark.api(*("asc.language.basic." + n for n in names))


def param(name, *values, id=None):
    """One parametrization of a shared test, marked as proving entry `name`."""
    return pytest.param(name, *values, marks=api(name), id=id or name)


def data(n, dtype, lo=-10, hi=10, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "f":
        return rng.uniform(lo, hi, n).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(max(lo, info.min), min(hi, info.max), n, endpoint=True).astype(dtype)


def quarters(n, dtype, lo=-40, hi=40, seed=0):
    """Multiples of 1/4 in [lo/4, hi/4]: sums and products of two are exact in half and float."""
    rng = np.random.default_rng(seed)
    return (rng.integers(lo, hi, n, endpoint=True) / 4).astype(dtype)


def lanes(mask, repeat, esz, blk, rep, nlanes=None):
    """Element indices, shape [repeat, k], of the k lanes `mask` enables in each repeat of an
    operand of element size esz with block stride blk and repeat stride rep (in 32-byte blocks).
    nlanes: lanes per repeat (256 bytes of the widest operand); default 256 // esz."""
    nlanes = nlanes or 256 // esz
    on = np.nonzero(mask_bits(mask, nlanes))[0]
    return lane_offsets(repeat, nlanes, esz, blk, rep)[:, on]


def cast_to(v, dtype):
    """float64 values rounded to dtype (numpy rounds to nearest even); integers wrap."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        with np.errstate(over="ignore", invalid="ignore"):
            return np.asarray(v, np.float64).astype(dtype)
    return np.asarray(v).astype(np.int64).astype(dtype)


def same(got, want):
    """Exact equality: bit for bit, except that every nan equals every nan."""
    got, want = np.asarray(got), np.asarray(want, dtype=np.asarray(got).dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    if got.dtype.kind == "f":
        nan_g, nan_w = np.isnan(got), np.isnan(want)
        bits = got.dtype.str.replace("f", "u")
        eq = (got.view(bits) == want.view(bits)) | (nan_g & nan_w)
    else:
        eq = got == want
    if not eq.all():
        bad = np.nonzero(~eq)[0][:8]
        raise AssertionError(f"{(~eq).sum()} of {eq.size} differ, first at {bad.tolist()}: got "
                             f"{got[bad].tolist()} want {want[bad].tolist()}")


def close(got, want, ulps=2):
    """Equal within `ulps` units in the last place of got's dtype (nan equal to nan, inf to inf)."""
    got = np.asarray(got)
    want64 = np.asarray(want, np.float64)
    eps = np.finfo(got.dtype).eps
    tiny = np.finfo(got.dtype).tiny
    tol = ulps * eps * np.maximum(np.abs(want64), tiny)
    with np.errstate(invalid="ignore"):
        ok = (np.abs(got.astype(np.float64) - want64) <= tol) | (np.isnan(got) & np.isnan(want64)) | \
             (np.isinf(want64) & (got.astype(np.float64) == want64))
    if not ok.all():
        bad = np.nonzero(~ok)[0][:8]
        raise AssertionError(f"{(~ok).sum()} of {ok.size} off by more than {ulps} ulp, first at {bad.tolist()}: "
                             f"got {got[bad].tolist()} want {want64[bad].tolist()}")


E = asc.HardEvent


@asc.jit
def gm_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, nub: asc.ConstExpr[int], fill: asc.ConstExpr,
              op_in: asc.ConstExpr, op_out: asc.ConstExpr):
    """A UB tile of nub elements of x's type filled with `fill`, then op_in(tile, x) (GM -> UB) and
    op_out(z, tile) (UB -> GM), ordered by flags."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=nub * x.dtype.sizeof())
    t = buf.get(x.dtype)
    asc.duplicate(t, fill, nub)
    asc.set_flag(E.V_MTE2, 0)
    asc.wait_flag(E.V_MTE2, 0)
    op_in(t, xg)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    op_out(zg, t)


def gm_run(x, nz, nub, fill, op_in, op_out, zfill=0):
    """z (nz elements of x's type, starting as zfill) after gm_kernel."""
    z = np.full(nz, zfill, x.dtype)
    gm_kernel[1](x, z, nub, fill, op_in, op_out)
    return z
