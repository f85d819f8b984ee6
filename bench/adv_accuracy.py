"""Accuracy of asc.adv's math functions: max error in ulp per function and dtype against a float64
reference, over the whole input range.

    PYTHONPATH=python /usr/bin/python3 bench/adv_accuracy.py [--f32 N] [--only tanh,erf] [--markdown]

half: every one of the 65536 bit patterns (±0, subnormals, ±inf, NaN included).  float: N random bit
patterns over the whole 2^32 range plus N/4 uniform in [-10, 10] and the specials (±0, smallest
subnormal, largest finite, ±inf, NaN).  The kernel runs each function in the simulator (the library
call expanded into basic vector instructions); the reference is numpy / the math module in float64
(mpmath for digamma).  An ulp is the spacing of the dtype at the correctly rounded reference; a NaN
where the reference is a number (or the reverse), or a wrong infinity, counts as infinitely wrong.
The second float column restricts sin/cos/tan to |x| <= 2^16 (the range of the four-part pi/2
reduction, exact for |k| < 2^16), lgamma and digamma to x > 0 (for x < 0 their reflection is
stated in docs/adv.md)."""
import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
import asc  # noqa: E402
import asc.runtime.config as config  # noqa: E402

TILE = 4096


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def adv_map(x: asc.GlobalAddress, z: asc.GlobalAddress, ntiles: int, fn: asc.ConstExpr, tile: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qx, 1, tile * x.dtype.sizeof())
    pipe.init_buffer(qz, 1, tile * z.dtype.sizeof())
    for i in asc.range(ntiles):
        xl = qx.alloc_tensor(x.dtype)
        asc.data_copy(xl, xg[i * tile:], tile)
        qx.enque(xl)
        xl = qx.deque(x.dtype)
        zl = qz.alloc_tensor(z.dtype)
        fn(zl, xl, tile)
        qz.enque(zl)
        qx.free_tensor(xl)
        zl = qz.deque(z.dtype)
        asc.data_copy(zg[i * tile:], zl, tile)
        qz.free_tensor(zl)


def _vec(f):
    return np.vectorize(f, otypes=[np.float64])


def _lgamma(v):
    try:
        return math.lgamma(v)
    except (ValueError, OverflowError):
        return math.inf if not math.isnan(v) else math.nan


def _digamma(v):
    import mpmath
    if math.isnan(v) or v == -math.inf:
        return math.nan
    if v == math.inf:
        return math.inf
    if v <= 0 and v == int(v):
        return math.nan
    return float(mpmath.digamma(v))


def _erfc(v):
    return math.erfc(v)


REF = {
    "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh, "atan": np.arctan,
    "atanh": np.arctanh, "ceil": np.ceil, "cos": np.cos, "cosh": np.cosh, "digamma": _vec(_digamma),
    "erf": _vec(math.erf), "erfc": _vec(_erfc), "floor": np.floor, "frac": lambda v: v - np.trunc(v),
    "lgamma": _vec(_lgamma), "log": np.log, "round": np.rint, "sign": np.sign, "sin": np.sin, "sinh": np.sinh,
    "tan": np.tan, "tanh": np.tanh, "trunc": np.trunc, "exp": np.exp,
}


def ulp_error(r, ref, dtype):
    """Per element error in ulp of dtype (inf for a wrong NaN / infinity)."""
    r = r.astype(np.float64)
    with np.errstate(all="ignore"):
        rd = ref.astype(dtype)
        err = np.abs(r - ref) / np.spacing(np.abs(rd).astype(dtype)).astype(np.float64)
    nan_r, nan_ref = np.isnan(r), np.isnan(ref)
    err = np.where(nan_r & nan_ref, 0.0, err)
    err = np.where(nan_r ^ nan_ref, np.inf, err)
    same_inf = np.isinf(r) & (r == rd.astype(np.float64))
    err = np.where(same_inf, 0.0, err)
    err = np.where(np.isinf(r) & ~same_inf & ~nan_ref, np.inf, err)
    err = np.where((r == ref) & ~nan_r, 0.0, err)
    return err


def inputs(dtype, nf32, seed=2026):
    if dtype == np.float16:
        return np.arange(65536, dtype=np.uint16).view(np.float16)
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 2 ** 32, nf32, dtype=np.uint64).astype(np.uint32).view(np.float32)
    uni = rng.uniform(-10, 10, nf32 // 4).astype(np.float32)
    spec = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 3.4028235e38, -3.4028235e38, 1, -1, 0.5,
                     -0.5, 2, -2], np.float32)
    return np.concatenate([spec, uni, bits])


def run(name, x):
    n = -(-x.size // TILE) * TILE
    xp = np.zeros(n, x.dtype)
    xp[:x.size] = x
    z = np.zeros(n, x.dtype)
    adv_map[1](xp, z, n // TILE, getattr(asc.adv, name), TILE)
    return z[:x.size]


def measure(name, dtype, nf32):
    x = inputs(dtype, nf32)
    z = run(name, x)
    with np.errstate(all="ignore"):
        ref = REF[name](x.astype(np.float64))
    err = ulp_error(z, ref, dtype)
    worst = int(np.argmax(err))
    mask = np.ones(x.size, bool)
    if name in ("sin", "cos", "tan"):
        mask = np.abs(x.astype(np.float64)) <= 2.0 ** 16
    elif name == "lgamma":
        mask = x.astype(np.float64) > 0
    elif name == "digamma":
        mask = x.astype(np.float64) > 0
    restricted = float(np.max(err[mask])) if mask.any() else 0.0
    return float(err[worst]), float(x[worst]), restricted


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--f32", type=int, default=1 << 18, help="random float bit patterns (default 262144)")
    ap.add_argument("--only", default="", help="comma-separated function names")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    config.set_platform(config.Backend.Model, check=False)
    names = [n for n in REF if not a.only or n in a.only.split(",")]
    if a.markdown:
        print("| function | half: max ulp (worst x) | float: max ulp (worst x) | float, restricted |")
        print("|---|---|---|---|")
    for name in names:
        cols = []
        for dt in (np.float16, np.float32):
            e, wx, r = measure(name, dt, a.f32)
            cols.append((e, wx, r))
        (h, hx, _), (f, fx, fr) = cols
        if a.markdown:
            print(f"| {name} | {h:.3g} ({hx:.4g}) | {f:.3g} ({fx:.4g}) | {fr:.3g} |")
        else:
            print(f"{name:8s} half {h:10.3g} at {hx:<12.5g} float {f:10.3g} at {fx:<14.6g} restricted {fr:.3g}",
                  flush=True)


if __name__ == "__main__":
    main()
