"""The boundary-value appendix of the Ascend C device kit (Memory vector APIs, Atlas A2 / A3): every row
of its INF/NAN-mode column is one test here (the rows are in boundary_rows.py, one tuple each, named in
the test id by table and source line).

How a row becomes a kernel run.  Rows of one entry and data type share a launch: their inputs are the
lanes of one tensor, each row then checks its lanes (every alternative of a row's "a/b/c" cells is
checked).  MIN / MAX are the operand type's extremes; exact values compare bit for bit (the sign of a
zero included, any nan equal to any nan), the rounded decimals the appendix prints (ln(65504) = 11.09)
within half a unit of their last printed digit.  Where a row lists several input pairs that reach the
intermediate value of its middle column (the composite tables), a pair whose IEEE product / sum is not
that intermediate is a misprint of the appendix and is left out; the other pairs are all checked.

Where the appendix and a pyasc page disagree, the page wins (the project's rule): half block / whole sums
keep an overflowing pair sum at +-65504 (the pages of block_reduce_sum and whole_reduce_sum); the rows
that differ are in PAGE_WINS.  Rows whose printed value contradicts the precision-conversion rules of
Ascend C's Cast (a lossless conversion, a saturating one) are corrected in CAST_FIX with the rule.  Rows
of int4b_t (pyasc has no such type) are skipped.  The int32 rows of Adds / Muls / Maxs / Mins print MAX as
2147483648, one past it: that is read as MAX.  The printed results of exp / ln / sqrt / rsqrt / reciprocal are
IEEE values rounded for print (sqrt(65504) shows as 256.0): within one unit in the last place."""
import functools
import re

import numpy as np
import pytest

import asc
from boundary_rows import (BINARY, CAST, CASTDEQ, COMPARE, COMPOSITE, MULCAST, REDUCE, RELU2, RELUCAST, SCALAR,
                           UNARY)
from basic_kernels import io_kernel
from kit import api, run

NP = {"float16": np.float16, "float32": np.float32, "int16": np.int16, "int32": np.int32, "int8": np.int8,
      "uint8": np.uint8, "int64": np.int64}
ASC_T = {"float16": asc.float16, "float32": asc.float32, "int16": asc.int16, "int32": asc.int32, "int8": asc.int8,
         "uint8": asc.uint8, "int64": asc.int64}


def extreme(dtype, which):
    t = np.dtype(NP[dtype])
    info = np.finfo(t) if t.kind == "f" else np.iinfo(t)
    return info.max if which == "MAX" else info.min


def value(tok, dtype):
    """A token of boundary_rows as a Python number of `dtype`'s kind."""
    tok = tok.strip()
    if tok in ("MIN", "MAX"):
        return float(extreme(dtype, tok)) if np.dtype(NP[dtype]).kind == "f" else int(extreme(dtype, tok))
    if np.dtype(NP[dtype]).kind in "iu":
        return int(float(tok))
    low = tok.lower()
    if low in ("nan", "+nan", "-nan"):
        return float("nan")
    if low in ("inf", "+inf"):
        return float("inf")
    if low == "-inf":
        return float("-inf")
    if low in ("+0", "0", "+0.0"):
        return 0.0
    if low in ("-0", "-0.0"):
        return -0.0
    return float(tok)


def check(got, tok, dtype, what, approx=False):
    """got (a numpy scalar of dtype) against the row's token: exactly, or to the printed precision.  approx: the
    token is a printed (rounded) value of a transcendental function -- within one unit in the last place too."""
    want = value(tok, dtype)
    g = got.item() if hasattr(got, "item") else got
    if np.dtype(NP[dtype]).kind in "iu":
        info = np.iinfo(NP[dtype])
        if want == int(info.max) + 1:  # the int32 rows print MAX as 2147483648: the appendix's misprint of MAX
            want = int(info.max)
        if "e" in tok.lower():  # a rounded print (9.22337E+18)
            assert abs(g - float(tok)) <= printed_tol(tok, float(tok), "float32"), f"{what}: got {g}, the appendix {tok}"
            return
        assert g == want, f"{what}: got {g}, the appendix {tok}"
        return
    if tok == "0" and g == 0:  # an unsigned 0: either zero
        return
    if approx and np.isfinite(want) and want != 0 and np.isfinite(g):
        with np.errstate(over="ignore"):
            ulp = float(np.spacing(NP[dtype](abs(want))))
        assert abs(g - want) <= max(ulp, printed_tol(tok, want, dtype)), f"{what}: got {g!r}, the appendix {tok}"
        return
    if np.isnan(want):
        assert np.isnan(g), f"{what}: got {g}, the appendix nan"
        return
    if tok in ("MIN", "MAX") or np.isinf(want) or float(NP[dtype](want)) == want and "e" not in tok.lower() \
            and len(tok.split(".")[-1]) <= 2:
        exact = NP[dtype](want)
        ok = (np.array(g, NP[dtype]).view(f"u{np.dtype(NP[dtype]).itemsize}") ==
              np.array(exact, NP[dtype]).view(f"u{np.dtype(NP[dtype]).itemsize}"))
        assert ok, f"{what}: got {g!r}, the appendix {tok}"
        return
    assert abs(g - want) <= printed_tol(tok, want, dtype), f"{what}: got {g!r}, the appendix {tok}"


def printed_tol(tok, want, dtype):
    """Half a unit of the token's last printed digit, plus one unit in the last place of dtype."""
    mant = tok.lower().split("e")[0]
    digits = len(mant.split(".")[1]) if "." in mant else 0
    scale = 10.0 ** int(tok.lower().split("e")[1]) if "e" in tok.lower() else 1.0
    with np.errstate(over="ignore"):
        return 0.5 * 10.0 ** -digits * scale + float(np.spacing(NP[dtype](abs(want))))


def rk(r):
    """A row's key: its table and source line."""
    return r[0], r[1]


def row_id(r):
    return f"t{r[0]}-L{r[1]}-{r[2]}"


def params(rows, dt_index=3):
    return [pytest.param(r, id=f"{row_id(r)}-{r[dt_index] if isinstance(r[dt_index], str) else '-'.join(r[dt_index])}",
                         marks=api(r[2])) for r in rows]


def pad32(vals, dtype):
    """The lanes as an array of dtype, padded with zeros to a whole number of 32-byte blocks."""
    t = NP[dtype]
    per = 32 // np.dtype(t).itemsize
    n = -(-max(len(vals), 1) // per) * per
    out = np.zeros(n, t)
    with np.errstate(over="ignore", invalid="ignore"):
        out[:len(vals)] = np.array(vals, np.float64 if np.dtype(t).kind == "f" else np.int64).astype(t)
    return out


# ---- one-operand, two-operand and scalar tables ------------------------------------------------------------
def lanes_of(rows, key, width):
    """{row: [lane index, ...]} and the lane tuples of all rows of one (entry, dtype)."""
    index, lanes_ = {}, []
    for r in rows:
        if (r[2], r[3]) != key:
            continue
        idx = []
        for combo in width(r):
            idx.append(len(lanes_))
            lanes_.append(combo)
        index[rk(r)] = idx
    return index, lanes_


@functools.lru_cache(maxsize=None)
def unary_run(name, dtype):
    index, ls = lanes_of(UNARY, (name, dtype), lambda r: [(a,) for a in r[4]])
    x = pad32([value(a, dtype) for (a,) in ls], dtype)
    got = run(lambda dst, a, _: getattr(asc, name)(dst, a, x.size), x, x[:32 // x.itemsize], np.zeros_like(x))
    return index, got


@pytest.mark.parametrize("row", params(UNARY))
def test_unary(row):
    index, got = unary_run(row[2], row[3])
    approx = row[2] in ("exp", "ln", "sqrt", "rsqrt", "reciprocal")
    for k, a in zip(index[rk(row)], row[4]):
        check(got[k], row[5], row[3], f"{row[2]}({a})", approx)


@functools.lru_cache(maxsize=None)
def binary_run(name, dtype):
    index, ls = lanes_of(BINARY, (name, dtype), lambda r: [(a, b) for a in r[4] for b in r[5]])
    x = pad32([value(a, dtype) for a, _ in ls], dtype)
    y = pad32([value(b, dtype) for _, b in ls], dtype)
    got = run(lambda dst, a, b: getattr(asc, name)(dst, a, b, x.size), x, y, np.zeros_like(x))
    return index, got


@pytest.mark.parametrize("row", params(BINARY))
def test_binary(row):
    index, got = binary_run(row[2], row[3])
    pairs = [(a, b) for a in row[4] for b in row[5]]
    for k, (a, b) in zip(index[rk(row)], pairs):
        check(got[k], row[6], row[3], f"{row[2]}({a}, {b})")


@functools.lru_cache(maxsize=None)
def scalar_run(name, dtype):
    """One launch per (entry, dtype); each distinct scalar its own call on its own 32-byte-aligned slice."""
    rows = [r for r in SCALAR if (r[2], r[3]) == (name, dtype)]
    per = 32 // np.dtype(NP[dtype]).itemsize
    by_scalar = {}
    for r in rows:
        for s in r[5]:
            for a in r[4]:
                by_scalar.setdefault(s, []).append((rk(r), a))
    segs, xs, where, off = [], [], {}, 0
    for s, items in by_scalar.items():
        n = -(-len(items) // per) * per
        for i, (r, a) in enumerate(items):
            where[(r, a, s)] = off + i
        xs.append(pad32([value(a, dtype) for _, a in items], dtype)[:n] if n else [])
        segs.append((off, value(s, dtype), n))
        off += n
    x = np.concatenate(xs)

    def op(dst, a, _):
        for o, s, n in segs:
            getattr(asc, name)(dst[o], a[o], s, n)
    got = run(op, x, x[:per], np.zeros_like(x))
    return where, got


@pytest.mark.parametrize("row", params(SCALAR))
def test_scalar(row):
    where, got = scalar_run(row[2], row[3])
    for s in row[5]:
        for a in row[4]:
            check(got[where[(rk(row), a, s)]], row[6], row[3], f"{row[2]}({a}, scalar {s})")


# ---- composite tables: axpy, mul_add_dst, fused_mul_add, fused_mul_add_relu, add_relu, sub_relu ------------------
def pair_values(p, dtype, op):
    """The input pairs of a pair cell: 'a/b', 'nan/任意值' (a few partners), 'src0*src1=MAX' and the like."""
    big = extreme(dtype, "MAX")
    m = re.match(r".*[=]\s*(MAX|MIN)$", p)
    if m:
        target = float(extreme(dtype, m.group(1)))
        if op == "*":
            return [(target, 1.0)]
        return [(target / 2, target / 2)] if op == "+" else [(target / 2, -target / 2)]
    a, b = p.split("/")
    if b in ("任意值", "任意数"):
        return [(value(a, dtype), 1.0), (value(a, dtype), -float(big)), (value(a, dtype), float("inf"))]
    return [(value(a, dtype), value(b, dtype))]


def ieee(op, a, b, dtype):
    t = NP[dtype]
    with np.errstate(all="ignore"):
        return {"*": t(a) * t(b), "+": t(a) + t(b), "-": t(a) - t(b)}[op]


def same_token(v, tok, dtype):
    w = value(tok, dtype)
    if np.isnan(w):
        return bool(np.isnan(v))
    return float(v) == w and np.signbit(v) == np.signbit(w)


COMPOSITE_OP = {"axpy": "*", "mul_add_dst": "*", "fused_mul_add": "*", "fused_mul_add_relu": "*", "add_relu": "+",
                "sub_relu": "-"}
FLOATS = ["float16", "float32"]


def composite_cases(row, dtype):
    """(a, b, third) lanes of a row: its pairs that reach the row's intermediate, with the third operand."""
    name = row[2]
    op = COMPOSITE_OP[name]
    third = row[5] if name in COMPOSITE_OP and len(row) == 7 else None
    mid = row[4] if len(row) == 7 else row[4]
    out = []
    for p in row[3]:
        for a, b in pair_values(p, dtype, op):
            if same_token(ieee(op, a, b, dtype), mid, dtype):
                out.append((a, b, value(third, dtype) if third is not None else 0.0))
    return out


def composite_kernel_call(name, dtype, cases):
    """Runs the entry once over all cases; returns the outputs."""
    t = NP[dtype]
    a = pad32([c[0] for c in cases], dtype)
    b = pad32([c[1] for c in cases], dtype)
    d = pad32([c[2] for c in cases], dtype)
    n = a.size
    if name == "axpy":  # dst = src * scalar + dst: one call per distinct scalar, on its own lane
        per = 32 // np.dtype(t).itemsize
        a2 = np.zeros(n * per, t)
        d2 = np.zeros(n * per, t)
        a2[::per], d2[::per] = a, d
        scalars = [float(v) for v in b]

        def op(dst, x, _):
            for i, s in enumerate(scalars):
                asc.axpy(dst[i * per], x[i * per], s, 1)
        return run(op, a2, a2[:per], d2)[::per]
    if name == "mul_add_dst":  # dst = src0 * src1 + dst
        return run(lambda dst, x, y: asc.mul_add_dst(dst, x, y, n), a, b, d)
    if name in ("fused_mul_add", "fused_mul_add_relu"):  # dst = src0 * dst + src1 (the pair is src0 / dst)
        return run(lambda dst, x, y: getattr(asc, name)(dst, x, y, n), a, d, b)
    return run(lambda dst, x, y: getattr(asc, name)(dst, x, y, n), a, b, np.zeros_like(a))


@functools.lru_cache(maxsize=None)
def composite_run(table, dtype):
    rows = [r for r in (COMPOSITE if table != "relu2" else RELU2) if table == "relu2" or r[2] == table]
    by_name = {}
    for r in rows:
        by_name.setdefault(r[2], []).append(r)
    res = {}
    for name, rs in by_name.items():
        cases, index = [], {}
        for r in rs:
            cs = composite_cases(r, dtype)
            index[rk(r)] = list(range(len(cases), len(cases) + len(cs)))
            cases += cs
        got = composite_kernel_call(name, dtype, cases)
        res.update({k: (got[v], [cases[i] for i in v]) for k, v in index.items()})
    return res


# A product of MAX plus a dst (or src1) of MAX: the appendix prints MAX, but its own statement (the INF/NAN column is
# IEEE 754's) and the mirror rows (a product of MIN plus MIN: -inf) give +inf.
COMPOSITE_FIX = {(20, 842): "+inf", (21, 899): "+inf", (22, 956): "+inf", (23, 1013): "+inf"}


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("row", [pytest.param(r, id=row_id(r), marks=api(r[2])) for r in COMPOSITE])
def test_composite(row, dtype):
    got, cases = composite_run(row[2], dtype)[rk(row)]
    assert cases, "no input pair of the row reaches its intermediate value"
    for g, c in zip(got, cases):
        check(g, COMPOSITE_FIX.get(rk(row), row[6]), dtype, f"{row[2]}{c}")


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("row", [pytest.param(r, id=row_id(r), marks=api(r[2])) for r in RELU2])
def test_add_sub_relu(row, dtype):
    got, cases = composite_run("relu2", dtype)[rk(row)]
    assert cases, "no input pair of the row reaches its intermediate value"
    for g, c in zip(got, cases):
        check(g, row[5], dtype, f"{row[2]}{c[:2]}")


# ---- the converting composites ---------------------------------------------------------------------------------
# SubReluCast's half row for an intermediate of -0 lists the pair -0/-0 (whose difference is +0); its float row
# lists -0/+0, the pair that gives -0.
PAIR_FIX = {(27, 1101): ["-0/+0"]}


def relucast_pairs(row):
    s, _, d = row[3]
    op = "+" if row[2] == "add_relu_cast" else "-"
    out = []
    for p in PAIR_FIX.get(rk(row), row[4]):
        m = re.match(r".*=\s*(MAX|MIN)$", p)
        if m:  # a result of the destination type's extreme, reached in the source type
            target = float(extreme(d, m.group(1)))
            out.append((target, 0.0) if op == "+" else (target, -0.0))
            continue
        for a, b in pair_values(p, s, op):
            v = ieee(op, a, b, s) if np.dtype(NP[s]).kind == "f" else None
            if v is None or same_token(v, row[5], s):
                out.append((a, b))
    return out


@pytest.mark.parametrize("row", [pytest.param(r, id=row_id(r) + "-" + "-".join(r[3]), marks=api(r[2]))
                                 for r in RELUCAST])
def test_relu_cast(row):
    s, _, d = row[3]
    pairs = relucast_pairs(row)
    assert pairs
    a, b = pad32([p[0] for p in pairs], s), pad32([p[1] for p in pairs], s)
    z = np.zeros(max(a.size, 32 // np.dtype(NP[d]).itemsize), NP[d])
    got = run(lambda dst, x, y: getattr(asc, row[2])(dst, x, y, len(pairs)), a, b, z)
    for k, p in enumerate(pairs):
        check(got[k], row[6], d, f"{row[2]}{p}")


@pytest.mark.parametrize("row", [pytest.param(r, id=row_id(r), marks=api("mul_cast")) for r in MULCAST])
def test_mul_cast(row):
    """half x half -> int8 (the A2's MulCast pairs are half -> int8 / uint8; MAX / MIN of the output: int8)."""
    pairs = []
    for p in row[3]:
        for a, b in pair_values(p, "float16", "*"):
            if same_token(ieee("*", a, b, "float16"), row[4], "float16"):
                pairs.append((a, b))
    assert pairs
    a, b = pad32([p[0] for p in pairs], "float16"), pad32([p[1] for p in pairs], "float16")
    got = run(lambda dst, x, y: asc.mul_cast(dst, x, y, len(pairs)), a, b, np.zeros(32, np.int8))
    for k, p in enumerate(pairs):
        check(got[k], row[5], "int8", f"mul_cast{p}")


# CastDequant's own page: "the output's overflow saturates" (with its overflow protection of the int32 -> half
# path); the appendix's INF/NAN column gives +-inf for INT32_MAX / MIN, its saturation column MAX / MIN.  The API
# page is followed.
CASTDEQ_FIX = {(29, 1136): "MAX", (29, 1137): "MIN"}


@pytest.mark.parametrize("row", [pytest.param(r, id=row_id(r) + f"-{r[3]}-{r[4]}", marks=api("cast_deq"))
                                 for r in CASTDEQ])
def test_cast_deq(row):
    """scale 1, offset 0 (the table's title): int32 -> half through set_deq_scale(1.0); int16 -> int8 through
    set_deq_scale(1.0, 0, True) (the first half of each 32-byte block holds a block's results)."""
    s, d = row[3], row[4]
    x = pad32([value(row[5], s)], s)
    if s == "int32":
        def op(dst, a, _):
            asc.set_deq_scale(1.0)
            asc.cast_deq(dst, a, count=x.size, is_vec_deq=False, half_block=False)
        got = run(op, x, x, np.zeros(max(16, x.size), np.float16))
    else:
        def op(dst, a, _):
            asc.set_deq_scale(1.0, 0, True)
            asc.cast_deq(dst, a, count=x.size, is_vec_deq=False, half_block=False)
        got = run(op, x, x, np.zeros(2 * x.size, np.int8))
    check(got[0], CASTDEQ_FIX.get(rk(row), row[6]), d, f"cast_deq({row[5]})")


# ---- compare / compares -----------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def compare_run(name, dtype, mode):
    rows = [r for r in COMPARE if (r[2], r[3], r[4]) == (name, dtype, mode)]
    nl = 256 // np.dtype(NP[dtype]).itemsize
    if name == "compare":
        xs, ys, where = [], [], {}
        for r in rows:
            for j, b in enumerate(r[6]):
                where[(rk(r), j)] = len(xs)
                xs.append(value(r[5], dtype))
                ys.append(value(b, dtype))
        n = -(-len(xs) // nl) * nl
        x, y = pad32(xs + [0] * (n - len(xs)), dtype), pad32(ys + [0] * (n - len(ys)), dtype)
        got = run(lambda dst, a, b: asc.compare(dst, a, b, getattr(asc.CMPMODE, mode), n), x, y, np.zeros(64, np.uint8))
        bits = np.unpackbits(got, bitorder="little")
        return {k: int(bits[i]) for k, i in where.items()}
    # compare_scalar: one call per distinct scalar, each on its own slice of 256 elements (32 bytes of bits)
    scal = sorted({b for r in rows for b in r[6]})
    slots, fill = {}, {}
    x = np.zeros(len(scal) * 256, NP[dtype])
    for r in rows:
        for j, b in enumerate(r[6]):
            s_i = scal.index(b)
            k = fill.get(s_i, 0)
            fill[s_i] = k + 1
            x[s_i * 256 + k] = value(r[5], dtype)
            slots[(rk(r), j)] = s_i * 256 + k
    segs = [(i * 256, i * 32, value(s, dtype)) for i, s in enumerate(scal)]

    def op(dst, a, _):
        for o, ob, s in segs:
            asc.compare_scalar(dst[ob], a[o], s, getattr(asc.CMPMODE, mode), 256)
    got = run(op, x, x[:32 // x.itemsize], np.zeros(len(scal) * 32, np.uint8))
    bits = np.unpackbits(got, bitorder="little")
    return {k: int(bits[i]) for k, i in slots.items()}


@pytest.mark.parametrize("row", [pytest.param(r, id=f"{row_id(r)}-{r[3]}-{r[4]}", marks=api(r[2])) for r in COMPARE])
def test_compare(row):
    res = compare_run(row[2], row[3], row[4])
    got = [res[(rk(row), j)] for j in range(len(row[6]))]
    assert got == [int(v) for v in row[7]], f"{row[2]} {row[4]} {row[5]} vs {row[6]}: got {got}"


# ---- cast ----------------------------------------------------------------------------------------------------------
# Ascend C Cast (A2): the modes each pair takes; the first one listed is used unless CAST_MODE says otherwise.
CAST_MODES = {("int8", "float16"): "CAST_NONE", ("uint8", "float16"): "CAST_NONE", ("float16", "int8"): "CAST_NONE",
              ("float16", "uint8"): "CAST_NONE", ("float16", "int16"): "CAST_RINT", ("float16", "int32"): "CAST_RINT",
              ("float16", "float32"): "CAST_NONE", ("int16", "float16"): "CAST_NONE",
              ("int16", "float32"): "CAST_NONE", ("int32", "int16"): "CAST_NONE", ("int32", "float32"): "CAST_NONE",
              ("int32", "int64"): "CAST_NONE", ("float32", "int16"): "CAST_RINT", ("float32", "float16"): "CAST_NONE",
              ("float32", "int32"): "CAST_RINT", ("float32", "float32"): "CAST_RINT", ("float32", "int64"): "CAST_RINT",
              ("int64", "int32"): "CAST_NONE", ("int64", "float32"): "CAST_RINT", ("int16", "int8"): "CAST_NONE",
              ("int16", "uint8"): "CAST_NONE", ("bfloat16", "int32"): "CAST_RINT", ("bfloat16", "float32"): "CAST_NONE",
              ("float32", "bfloat16"): "CAST_RINT"}
# (table, line): (round mode, value, why) for rows whose printed value needs a stated round mode or
# contradicts the precision-conversion rules (Ascend C 'precision_conversion': conversions that fit are exact,
# an overflow saturates).
CAST_FIX = {
    (32, 1404): (None, "32767", "int16 -> float is exact: 32767 (the appendix prints the half row's 32768.00)"),
    (32, 1383): (None, "32767", "half -> int16 saturates: 65504 does not fit int16 (the appendix prints 65504)"),
    (32, 1384): (None, "-32768", "half -> int16 saturates (the appendix prints -65504)"),
    (32, 1387): (None, "32767", "half -> int16 saturates (the appendix prints 65504)"),
    (32, 1388): (None, "-32768", "half -> int16 saturates (the appendix prints -65504)"),
    (32, 1423): ("CAST_TRUNC", None, "2147483520 is INT32_MAX rounded toward zero: the row's mode is a truncation"),
    (32, 1467): (None, "9223372036854775808.0", "the appendix labels 2**63 (INT64_MAX rounded) as MAX (of the source)"),
    (32, 1468): (None, "-9223372036854775808.0", "the appendix labels -2**63 as MIN (of the source)"),
}


def cast_case(row):
    src, dst = row[3], row[4]
    mode = CAST_MODES.get((src, dst))
    fix = CAST_FIX.get((row[0], row[1]))
    want = row[6][0]
    if fix:
        mode = fix[0] or mode
        want = fix[1] or want
    return src, dst, mode, want


def cast_rows():
    out = []
    for r in CAST:
        marks = [api("cast")]
        if "int4" in (r[3], r[4]):
            marks.append(pytest.mark.skip(reason="pyasc has no int4b_t type"))
        elif r[5] == ["/"] or not r[5]:
            continue
        out.append(pytest.param(r, id=f"{row_id(r)}-{r[3]}-{r[4]}", marks=marks))
    return out


def bf16_in(vals):
    torch = pytest.importorskip("torch")
    return torch.tensor(np.array(vals, np.float32)).to(torch.bfloat16)


@pytest.mark.parametrize("row", cast_rows())
def test_cast(row):
    src, dst, mode, want = cast_case(row)
    assert mode, f"no A2 round mode for {src} -> {dst}"
    vals = []
    for a in row[5]:
        if src == "bfloat16":
            v = value(a, "float32")
            if a in ("MIN", "MAX"):
                v = 3.3895314e38 * (1 if a == "MAX" else -1)
            vals.append(v)
        else:
            vals.append(value(a, src))
    dt_out = "float32" if dst == "bfloat16" else dst
    if src == "bfloat16":  # torch carries bfloat16; io_kernel takes it as a GM array
        x = bf16_in(vals + [0.0] * (16 - len(vals)))
        z = np.zeros(16, NP[dst])
        io_kernel[1](x, x, z, 16, 16, 16, lambda o, a, _: asc.cast(o, a, getattr(asc.RoundMode, mode), 16))
        got = z
    elif dst == "bfloat16":
        torch = pytest.importorskip("torch")
        x = pad32(vals, src)
        n = max(16, x.size)
        z = torch.zeros(n, dtype=torch.bfloat16)
        io_kernel[1](x, x, z, x.size, x.size, n, lambda o, a, _: asc.cast(o, a, getattr(asc.RoundMode, mode), x.size))
        got = z.float().numpy()
        if row[5][0] in ("MAX", "MIN") and want in ("MAX", "MIN"):  # the saturation column's MAX / MIN: bf16's
            want = {"MAX": "3.3895314e+38", "MIN": "-3.3895314e+38"}[want]
    else:
        x = pad32(vals, src)
        z = np.zeros(max(32 // np.dtype(NP[dst]).itemsize, x.size), NP[dst])
        got = run(lambda o, a, _: asc.cast(o, a, getattr(asc.RoundMode, mode), x.size), x, x, z)
    for k, a in enumerate(row[5]):
        check(np.asarray(got)[k], want, dt_out, f"cast {src}->{dst} of {a} ({mode})")


# ---- reductions --------------------------------------------------------------------------------------------------
SIZE = {"block": {"float16": 16, "float32": 8}, "whole": {"float16": 128, "float32": 64},
        "reduce": {"float16": 256, "float32": 64}}


def pattern(text, n, dtype):
    """The input described by a reduction row: all one value, values alternating, k ones plus values."""
    text = text.replace("（MIN）", "").replace("（MAX）", "")
    m = re.fullmatch(r"全为(.+)", text)
    if m:
        return [value(m.group(1), dtype)] * n
    m = re.fullmatch(r"(.+)交替", text)
    if m:
        vals = [value(v, dtype) for v in m.group(1).split("，")]
        return [vals[i % len(vals)] for i in range(n)]
    m = re.fullmatch(r"(\d+)个1\.0加(?:1|一)个(.+)", text)
    if m:
        assert int(m.group(1)) + 1 == n, (text, n)
        return [1.0] * (n - 1) + [value(m.group(2), dtype)]
    m = re.fullmatch(r"(.+)加(\d+)个1\.0", text)
    if m:
        vals = [value(v, dtype) for v in m.group(1).split("，")]
        assert len(vals) + int(m.group(2)) == n, (text, n)
        return vals + [1.0] * int(m.group(2))
    raise AssertionError(f"pattern {text!r}")


def reduce_kind(name):
    return "block" if name.startswith("block") else "whole" if name.startswith("whole") else "reduce"


# The pyasc pages of block_reduce_sum and whole_reduce_sum: in half, a pair sum above 65504 is kept as 65504
# (and, symmetrically, one below -65504 as -65504); the appendix's INF/NAN column gives +-inf.  Inputs of inf stay
# inf (the pages speak of a computed result exceeding 65504).
PAGE_WINS = {(35, 1557): "-65504.0", (35, 1558): "65504.0", (38, 1665): "-65504.0", (38, 1666): "65504.0"}


def reduce_run(row):
    name, dtype = row[2], row[3]
    n = SIZE[reduce_kind(name)][dtype]
    x = pad32(pattern(row[4], n, dtype), dtype)
    z = np.full(max(32 // x.itemsize, 16), 3, NP[dtype])
    kind = reduce_kind(name)
    fn = getattr(asc, name)

    def op(dst, a, _):
        if kind == "block":
            fn(dst, a, 1, n, 8, 1, 8)
        elif kind == "whole":
            fn(dst, a, n, 1, 1, 1, 8)
        else:
            tmp = a[n]
            fn(dst, a, tmp, n)
    xin = np.concatenate([x, np.zeros(n, x.dtype)]) if kind == "reduce" else x
    return run(op, xin, xin[:32 // x.itemsize], z)[0]


def reduce_params():
    out = []
    for r in REDUCE:
        out.append(pytest.param(r, id=f"{row_id(r)}-{r[3]}", marks=[api(r[2])]))
    return out


@pytest.mark.parametrize("row", reduce_params())
def test_reduce(row):
    want = PAGE_WINS.get((row[0], row[1]), row[5])
    check(reduce_run(row), want, row[3], f"{row[2]} of {row[4]}")
