"""asc.adv's sort utilities (issue 18): concat prepares the scores for asc.sort, extract splits the
sorted 8-byte records (score at byte 0, uint32 index at byte 4) into scores and indices.  Each call is
one IR op that expand-adv turns into basic instructions (a UB -> UB data_copy; two gather_mask with
built-in patterns).  References: numpy (argsort, stable where the hardware sort is)."""
import numpy as np
import pytest

import asc
from basic_kernels import run

FLOATS = ["float16", "float32"]


def records(scores, idx, dtype):
    """Byte image of (score, index) records, as an array of dtype (bytes 2-3 of a half record zero)."""
    n = len(scores)
    buf = np.zeros((n, 8), np.uint8)
    es = np.dtype(dtype).itemsize
    buf[:, :es] = np.ascontiguousarray(scores, dtype).view(np.uint8).reshape(n, es)
    buf[:, 4:] = np.ascontiguousarray(idx, np.uint32).view(np.uint8).reshape(n, 4)
    return buf.reshape(-1).view(dtype)


def sort_pipeline(n, dtype, full):
    """op for run(): scores a, uint32 indices b -> z = [values n | indices n (uint32) | scratch]."""
    es = np.dtype(dtype).itemsize
    per = 8 // es
    iw = 4 // es  # dtype elements per uint32

    def op(dst, a, b):
        idx = dst[n].reinterpret_cast(asc.uint32)
        cat = dst[n + iw * n]
        srt = dst[2 * n + iw * n]
        tmp = dst[2 * n + iw * n + per * n]
        ctmp = dst[2 * n + iw * n + 2 * per * n]
        asc.adv.concat(cat, a, ctmp, n // 16)
        asc.sort(srt, cat, b.reinterpret_cast(asc.uint32), tmp, n // 32, is_full_sort=full)
        asc.adv.extract(dst, idx, srt, n // 32)
    return op, 3 * n + iw * n + 2 * per * n


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("full", [True, False])
def test_full_sort_random(dtype, full):
    n = 128
    rng = np.random.default_rng(7)
    sc = rng.uniform(-100, 100, n).astype(dtype)
    idx = rng.permutation(1000)[:n].astype(np.uint32)
    op, size = sort_pipeline(n, dtype, full)
    got = run(op, sc, idx.view(dtype), np.zeros(size, dtype))
    groups = [np.arange(n)] if full else [np.arange(32 * r, 32 * r + 32) for r in range(n // 32)]
    order = np.concatenate([g[np.argsort(-sc[g].astype(np.float64), kind="stable")] for g in groups])
    np.testing.assert_array_equal(got[:n].view(np.uint8), sc[order].view(np.uint8))
    iw = 4 // np.dtype(dtype).itemsize
    np.testing.assert_array_equal(got[n:n + iw * n].view(np.uint32), idx[order])


@pytest.mark.parametrize("dtype", FLOATS)
def test_full_sort_ties_stable(dtype):
    n = 96
    sc = np.random.default_rng(3).integers(-5, 5, n).astype(dtype)  # many equal scores
    idx = np.arange(n, dtype=np.uint32)
    op, size = sort_pipeline(n, dtype, True)
    got = run(op, sc, idx.view(dtype), np.zeros(size, dtype))
    order = np.argsort(-sc.astype(np.float64), kind="stable")
    iw = 4 // np.dtype(dtype).itemsize
    np.testing.assert_array_equal(got[n:n + iw * n].view(np.uint32), order.astype(np.uint32))
    np.testing.assert_array_equal(got[:n], sc[order])


@pytest.mark.parametrize("dtype", FLOATS)
def test_concat_copies_16_per_repeat(dtype):
    x = np.array([-0.0, np.inf, -np.inf, 1.5] * 12, dtype)  # 48: repeat 2 copies the first 32 only
    z = np.full(48, 7, dtype)

    def op(dst, a, b):
        asc.adv.concat(dst, a, b, 2)
    got = run(op, x, np.zeros(48, dtype), z)
    want = z.copy()
    want[:32] = x[:32]
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))  # -0.0 kept bit for bit


@pytest.mark.parametrize("dtype", FLOATS)
def test_extract_records(dtype):
    n = 64  # repeat 2
    rng = np.random.default_rng(1)
    sc = rng.uniform(-3, 3, n).astype(dtype)
    ids = rng.integers(0, 2**32 - 1, n, dtype=np.uint64).astype(np.uint32)
    recs = records(sc, ids, dtype)
    iw = 4 // np.dtype(dtype).itemsize
    z = np.full(n + iw * n + 16 * iw, 9, dtype)

    def op(dst, a, b):
        asc.adv.extract(dst, dst[n].reinterpret_cast(asc.uint32), a, 2)
    got = run(op, recs, recs, z)
    np.testing.assert_array_equal(got[:n].view(np.uint8), sc.view(np.uint8))
    np.testing.assert_array_equal(got[n:n + iw * n].view(np.uint32), ids)
    np.testing.assert_array_equal(got[n + iw * n:], z[n + iw * n:])  # nothing written past 32 * repeat


def test_calls_expanded_and_errors():
    x = np.zeros(64, np.float32)
    with pytest.raises(Exception, match="index tensor must be uint32"):
        run(lambda d, a, b: asc.adv.extract(d, b, a, 1), x, x, x)
    with pytest.raises(Exception, match="not supported"):
        i = np.zeros(64, np.int32)
        run(lambda d, a, b: asc.adv.concat(d, a, b, 1), i, i, i)


def test_expanded_instruction_stream(tmp_path, monkeypatch):
    """Each call is one op in the front end's IR and basic instructions after the passes."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    n = 32
    op, size = sort_pipeline(n, "float32", True)
    run(op, np.arange(n, dtype=np.float32), np.arange(n, dtype=np.uint32).view(np.float32),
        np.zeros(size, np.float32))
    front = (tmp_path / "codegen.mlir").read_text()
    after = (tmp_path / "ascir.mlir").read_text()
    for name in ("concat", "extract"):
        assert f'"asc.adv.{name}"' in front and f'"asc.adv.{name}"(' not in after, name
    assert after.count('"asc.gather_mask.pattern"') == 2 and '"asc.data_copy"' in after


@pytest.mark.parametrize("dtype", FLOATS)
def test_runtime_repeat(dtype):
    """repeat_time read when the kernel runs (a scalar from UB), not a compile-time constant."""
    n = 64
    rng = np.random.default_rng(5)
    sc = rng.uniform(-1, 1, n).astype(dtype)
    ids = np.arange(n, dtype=np.uint32) + 7
    recs = records(sc, ids, dtype)
    iw = 4 // np.dtype(dtype).itemsize
    reps = np.zeros(16, np.int32)
    reps[0] = 1  # only the first 32 records
    z = np.full(n + iw * n, 3, dtype)

    def op(dst, a, b):
        r = b.reinterpret_cast(asc.int32).get_value(0)
        asc.adv.extract(dst, dst[n].reinterpret_cast(asc.uint32), a, r)
    got = run(op, recs, reps.view(dtype), z)
    np.testing.assert_array_equal(got[:32].view(np.uint8), sc[:32].view(np.uint8))
    np.testing.assert_array_equal(got[32:n], z[32:n])
    np.testing.assert_array_equal(got[n:n + 32 * iw].view(np.uint32), ids[:32])


@pytest.mark.parametrize("fn", ["concat", "extract"])
def test_repeat_out_of_range(fn):
    x = np.zeros(64, np.float32)
    i = np.zeros(64, np.uint32).view(np.float32)

    def op(d, a, b):
        if fn == "concat":
            asc.adv.concat(d, a, a, 256)
        else:
            asc.adv.extract(d, b.reinterpret_cast(asc.uint32), a, -1)
    with pytest.raises(asc.CompilationError, match=f"asc.adv.{fn}: repeat_time .* is outside 0..255"):
        run(op, x, i, x)
