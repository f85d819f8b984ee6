"""Fit the polynomial coefficients of the asc.adv math expansions (src/passes/expand_adv.c).

Each fit is a weighted least-squares polynomial (relative error) in float64 on Chebyshev nodes;
the script prints C tables and the max relative error of each fit in float64.
    /usr/bin/python3 bench/adv_fit.py
Uses numpy and the standard library's math (erf/erfc/lgamma) only."""
import math

import numpy as np

FITS = {}


def fit(name, f, var, lo, hi, deg, n=4000):
    """f(x) ~= P(var(x)) on [lo, hi]; minimise max relative error (least squares, then reweighted)."""
    k = np.arange(n)
    x = (lo + hi) / 2 + (hi - lo) / 2 * np.cos(np.pi * (k + 0.5) / n)
    y, t = f(x), var(x)
    w = 1 / np.abs(y)
    for _ in range(20):  # Lawson iterations towards minimax
        A = np.vander(t, deg + 1, increasing=True) * w[:, None]
        c = np.linalg.lstsq(A, y * w, rcond=None)[0]
        err = np.abs(np.polyval(c[::-1], t) - y) / np.abs(y)
        w = w * np.maximum(err / err.max(), 1e-3) ** 0.5
    FITS[name] = (c, err.max(), lo, hi)


v_erf = np.vectorize(math.erf)
v_erfc = np.vectorize(math.erfc)
sq = lambda x: x * x  # noqa: E731
fit("tanh", lambda x: (np.tanh(x) - x) / x ** 3, sq, 0.02, 0.55, 6)
fit("erf", lambda x: v_erf(x) / x, sq, 1e-4, 0.85, 8)
fit("erfc1", lambda x: v_erfc(x) * np.exp(x * x), lambda x: x - 1.22, 0.45, 2.0, 13)
fit("erfc2", lambda x: v_erfc(x) * np.exp(x * x), lambda x: x - 3.0, 2.0, 4.0, 12)
fit("erfc3", lambda x: v_erfc(x) * np.exp(x * x) * x, lambda x: 1 / (x * x), 4.0, 10.2, 8)
fit("atan", lambda x: (np.arctan(x) - x) / x ** 3, sq, 0.02, 0.4143, 7)
fit("asin", lambda x: (np.arcsin(x) - x) / x ** 3, sq, 0.02, 0.5, 9)
fit("sin", lambda x: (np.sin(x) - x) / x ** 3, sq, 0.02, np.pi / 4 + 1e-3, 4)
fit("cos", lambda x: (np.cos(x) - 1 + x * x / 2) / x ** 4, sq, 0.05, np.pi / 4 + 1e-3, 4)
fit("sinpi", lambda x: np.sin(np.pi * x) / x, sq, 1e-4, 0.5, 7)
v_lgam = np.vectorize(math.lgamma)
fit("lgamma1", lambda t: v_lgam(1 + t) / t, lambda t: t, -0.25, 0.75, 11)
fit("lgamma2", lambda t: v_lgam(2 + t) / t, lambda t: t, -0.5, 0.5, 10)
X0 = 1.4616321449683622  # the positive root of digamma


def _psi(v):
    import mpmath
    return float(mpmath.digamma(v))


v_psi = np.vectorize(_psi)
fit("digamma", lambda t: v_psi(X0 + t) / t, lambda t: t, 1 - X0, 2 - X0, 12, n=1000)
fit("cospi", lambda x: np.cos(np.pi * x), sq, 0, 0.4999, 8)

if __name__ == "__main__":
    for name, (c, e, lo, hi) in FITS.items():
        print(f"/* {name}: [{lo:g}, {hi:g}], max relative error {e:.2e} */")
        print(f"static const double P_{name.upper()}[] = {{" + ", ".join(f"{v:.17g}" for v in c) + "};")
