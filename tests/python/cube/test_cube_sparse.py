"""load_data_with_sparse + mmad_with_sparse (Atlas A2/A3: CANN's MmadWithSparse): B is 4:2 sparse along K,
passed dense (K/2 x N) with a 2-bit index per kept element.  The test densifies a random sparse B
in numpy with the documented encoding (first index: the position among elements 0-2 of the group,
second: among 1-3) and checks C against numpy's A @ B with the original B."""
import numpy as np
import pytest

import asc

P = asc.TPosition


def densify(b):
    """Original B (K x N, <= 2 non-zeros per 4 consecutive k) -> dense (K/2 x N), index (K/2 x N)."""
    k, n = b.shape
    dense = np.zeros((k // 2, n), np.int8)
    idx = np.zeros((k // 2, n), np.uint8)
    for g in range(k // 4):
        for j in range(n):
            nz = [p for p in range(4) if b[4 * g + p, j] != 0]
            assert len(nz) <= 2
            # pad with zeros at positions the encoding can name: first in 0..2, second in 1..3, second > first
            if len(nz) == 0:
                nz = [0, 1]
            elif len(nz) == 1:
                nz = [nz[0], nz[0] + 1] if nz[0] < 3 else [2, 3]
            p0, p1 = nz
            dense[2 * g, j], dense[2 * g + 1, j] = b[4 * g + p0, j], b[4 * g + p1, j]
            idx[2 * g, j], idx[2 * g + 1, j] = p0, p1 - 1
    return dense, idx


def test_densify_by_hand():
    # a group [0, 5, 0, 7]: 5 at position 1 (index 1), 7 at position 3 = 1 + 2 (index 2)
    b = np.array([[0], [5], [0], [7]], np.int8)
    d, i = densify(b)
    assert d[:, 0].tolist() == [5, 7] and i[:, 0].tolist() == [1, 2]


def zz(a):
    """m x k int8 (m % 16 == k % 32 == 0) -> L0A's Zz: fractals (m block, k block) row-major, 16 x 32 each."""
    m, k = a.shape
    return a.reshape(m // 16, 16, k // 32, 32).transpose(0, 2, 1, 3).reshape(-1)


def zn(bd):
    """kd x n -> L0B's layout: fractals (kd block, n block), each 16 rows of n by 32 of kd."""
    kd, n = bd.shape
    return bd.reshape(kd // 32, 32, n // 16, 16).transpose(0, 2, 3, 1).reshape(-1)


def pack(ix):
    """The per-element indices in L0B order -> four to a byte, element 4b + i at bits 2i, 2i+1."""
    e = ix.reshape(-1, 4).astype(np.uint8)
    return (e[:, 0] | e[:, 1] << 2 | e[:, 2] << 4 | e[:, 3] << 6).astype(np.uint8)


@asc.jit
def sparse_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress, c: asc.GlobalAddress,
                  m: asc.ConstExpr[int], k: asc.ConstExpr[int], n: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    ig.set_global_buffer(idx)
    cg.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.int8, P.A1, 0, m * k)
    b1 = asc.LocalTensor(asc.int8, P.B1, 64 * 1024, k // 2 * n)
    i1 = asc.LocalTensor(asc.uint8, P.B1, 128 * 1024, k // 8 * n)
    a2 = asc.LocalTensor(asc.int8, P.A2, 0, m * k)
    b2 = asc.LocalTensor(asc.int8, P.B2, 0, k // 2 * n)
    c1 = asc.LocalTensor(asc.int32, P.CO1, 0, m * n)
    asc.data_copy(a1, ag, m * k)
    asc.data_copy(b1, bg, k // 2 * n)
    asc.data_copy(i1, ig, k // 8 * n)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, (m // 16) * (k // 32), 1, 0, 0, False, 0))
    asc.load_data_with_sparse(b2, b1, i1, asc.LoadData2DParams(0, (k // 64) * (n // 16), 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad_with_sparse(c1, a2, b2, asc.MmadParams(m, n, k))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(n, m, m, n))


@pytest.mark.parametrize("m,k,n", [(16, 64, 16), (32, 128, 48)])
def test_mmad_with_sparse(m, k, n):
    rng = np.random.default_rng(m + k + n)
    a = rng.integers(-9, 10, (m, k)).astype(np.int8)
    b = np.zeros((k, n), np.int8)
    for g in range(k // 4):  # each group of 4 in a column: 0, 1 or 2 non-zeros at random places
        for j in range(n):
            cnt = rng.integers(0, 3)
            for p in rng.choice(4, cnt, replace=False):
                b[4 * g + p, j] = rng.integers(1, 10) * rng.choice([-1, 1])
    dense, ix = densify(b)
    c = np.zeros((m, n), np.int32)
    sparse_kernel[1](zz(a), zn(dense), pack(zn(ix)), c, m, k, n)
    np.testing.assert_array_equal(c, a.astype(np.int64) @ b.astype(np.int64))


def test_index_3_is_an_error():
    m, k, n = 16, 64, 16
    c = np.zeros((m, n), np.int32)
    with pytest.raises(asc.KernelError, match="is 3"):
        sparse_kernel[1](np.zeros(m * k, np.int8), np.zeros(k // 2 * n, np.int8), np.full(k // 8 * n, 3, np.uint8),
                         c, m, k, n)
