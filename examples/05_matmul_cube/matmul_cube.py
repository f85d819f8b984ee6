#!/usr/bin/env python3
"""A raw-cube matmul C = A @ B (A: M x K f16, B: K x N f16, C: M x N f32) on the AIC cores,
written with the basic API only: data_copy GM -> L1 with Nd2NzParams (MTE2), load_data
L1 -> L0A / L0B (MTE1; B through the transposing load), mmad into L0C (M), fixpipe L0C -> GM
as row-major f32 (FIX).  No TPipe: static tensors in each memory, synchronised by hand.

Each block takes the BM x BN tiles of C with index block_idx, block_idx + block_num, ...;
a tile walks K in KL-deep L1 chunks (two L1 slots: MTE2 fills chunk c + 1 while the cube
works on chunk c), and each chunk in BK-deep slices (two L0A/L0B slots: MTE1 loads slice
s + 1 while M multiplies slice s).  Forward flags say "this slot is filled" (MTE2_MTE1,
MTE1_M, M_FIX); backward flags say "this slot may be refilled" (MTE1_MTE2, M_MTE1, FIX_M),
set once per slot before the loops and drained after them, as in
examples/01_add/add_double_buffer.py.

    PYTHONPATH=<repo>/python /usr/bin/python3 examples/05_matmul_cube/matmul_cube.py [-r Model] [-v Ascend910B1]
"""
import argparse

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

BM, BN, BK = 128, 128, 64  # C tile and L0 slice; f16 fractals are 16 x 16
KL_MAX = 256  # deepest L1 chunk: two slots of A (BM x KL) and B (KL x BN) are 256 KiB
E = asc.HardEvent


@asc.jit
def matmul_cube_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                       M: asc.ConstExpr[int], N: asc.ConstExpr[int], K: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    A1, B1, A2, B2, CO1 = (asc.TPosition.A1, asc.TPosition.B1, asc.TPosition.A2, asc.TPosition.B2,
                           asc.TPosition.CO1)
    KL = K if K < KL_MAX else KL_MAX
    a_chunk, b_chunk = BM * KL, KL * BN  # elements of one L1 slot
    a_slice, b_slice = BM * BK, BK * BN  # elements of one L0 slot
    a1 = asc.LocalTensor(asc.float16, A1, 0, 2 * a_chunk)  # L1: two A slots, then two B slots
    b1 = asc.LocalTensor(asc.float16, B1, 4 * a_chunk, 2 * b_chunk)
    # L0A, L0B: two slots each, one tensor per slot (their extents tell verify-sync they are apart)
    a2 = (asc.LocalTensor(asc.float16, A2, 0, a_slice), asc.LocalTensor(asc.float16, A2, a_slice * 2, a_slice))
    b2 = (asc.LocalTensor(asc.float16, B2, 0, b_slice), asc.LocalTensor(asc.float16, B2, b_slice * 2, b_slice))
    c1 = asc.LocalTensor(asc.float32, CO1, 0, BM * BN)  # L0C: one tile
    tiles_n = N // BN
    for s in range(2):  # every slot starts free
        asc.set_flag(E.MTE1_MTE2, s)
        asc.set_flag(E.M_MTE1, s)
    asc.set_flag(E.FIX_M, 0)
    for t in range(asc.get_block_idx(), (M // BM) * tiles_n, asc.get_block_num()):
        m0 = (t // tiles_n) * BM
        n0 = (t % tiles_n) * BN
        asc.wait_flag(E.FIX_M, 0)  # the previous tile's fixpipe has read L0C
        for kc in range(K // KL):
            ls = kc % 2
            # MTE2: the A and B chunks into L1 slot ls, ND -> Nz
            asc.wait_flag(E.MTE1_MTE2, ls)
            asc.data_copy(a1[ls * a_chunk:], a_gm[m0 * K + kc * KL:], asc.Nd2NzParams(1, BM, KL, 0, K, BM, 1, 0))
            asc.data_copy(b1[ls * b_chunk:], b_gm[kc * KL * N + n0:], asc.Nd2NzParams(1, KL, BN, 0, N, KL, 1, 0))
            asc.set_flag(E.MTE2_MTE1, ls)
            asc.wait_flag(E.MTE2_MTE1, ls)
            for ks in asc.static_range(KL // BK):
                slot = ks % 2
                # MTE1: L1 Nz -> L0A Zz (a row of fractals per call), L0B Zn (each fractal transposed)
                asc.wait_flag(E.M_MTE1, slot)
                for i in asc.static_range(BM // 16):
                    asc.load_data(a2[slot][i * BK * 16:], a1[ls * a_chunk:],
                                  asc.LoadData2DParams(ks * (BK // 16) * (BM // 16) + i, BK // 16, BM // 16,
                                                       0, 0, False, 0))
                for i in asc.static_range(BK // 16):
                    asc.load_data(b2[slot][i * BN * 16:], b1[ls * b_chunk:],
                                  asc.LoadData2DParams(ks * (BK // 16) + i, BN // 16, KL // 16, 0, 0, True, 0))
                asc.set_flag(E.MTE1_M, slot)
                # M: C (+)= A_s @ B_s; the tile's first slice starts C from zero
                asc.wait_flag(E.MTE1_M, slot)
                p = asc.MmadParams(BM, BN, BK)
                if ks == 0:
                    p.cmatrix_init_val = kc == 0
                else:
                    p.cmatrix_init_val = False
                asc.mmad(c1, a2[slot], b2[slot], p)
                asc.set_flag(E.M_MTE1, slot)
            asc.set_flag(E.MTE1_MTE2, ls)  # MTE1 is done with L1 slot ls
        # FIX: L0C Nz -> C rows m0.., columns n0.. as f32 ND
        asc.set_flag(E.M_FIX, 0)
        asc.wait_flag(E.M_FIX, 0)
        asc.fixpipe(c_gm[m0 * N + n0:], c1, asc.FixpipeParamsV220(BN, BM, BM, N))
        asc.set_flag(E.FIX_M, 0)
    for s in range(2):  # consume the last sets
        asc.wait_flag(E.MTE1_MTE2, s)
        asc.wait_flag(E.M_MTE1, s)
    asc.wait_flag(E.FIX_M, 0)


def inputs(M, N, K, seed=0):
    """Small integers: every product and sum is exact in f32, so C is exact against numpy."""
    rng = np.random.default_rng(seed)
    a = rng.integers(-8, 9, (M, K)).astype(np.float16)
    b = rng.integers(-8, 9, (K, N)).astype(np.float16)
    return a, b


def reference(a, b):
    return (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)


def run(a, b, blocks, kernel=matmul_cube_kernel, **opts):
    M, K = a.shape
    N = b.shape[1]
    assert M % BM == 0 and N % BN == 0 and K % BK == 0 and (K < KL_MAX or K % KL_MAX == 0), \
        "the example takes whole tiles"
    c = np.zeros((M, N), np.float32)
    kernel[blocks](a, b, c, M, N, K, **opts)
    return c


def parse_args():
    p = argparse.ArgumentParser(description="raw-cube matmul sample")
    p.add_argument("-r", "--run-mode", default="Model")
    p.add_argument("-v", "--soc-version", default="Ascend910B1")
    p.add_argument("-b", "--blocks", type=int, default=8)
    p.add_argument("--shape", type=int, nargs=3, default=(256, 512, 256), metavar=("M", "N", "K"))
    a = p.parse_args()
    return config.Backend(a.run_mode), config.Platform(a.soc_version), a.blocks, a.shape


def main(kernel=matmul_cube_kernel, name="matmul_cube"):
    backend, platform, blocks, (M, N, K) = parse_args()
    print(f"[INFO] start process sample {name}.")
    config.set_platform(backend, platform)
    a, b = inputs(M, N, K)
    c = run(a, b, blocks, kernel)
    if not np.array_equal(c, reference(a, b)):
        raise RuntimeError("[ERROR] result mismatch")
    rep = rt.last_report()
    peak = 2 * M * N * K / (rep["us"] * 1e-6) / 1e12
    print(rt.report_text())
    print(f"[INFO] {M}x{N}x{K} f16 -> f32 on {blocks} blocks: {rep['us']:.3f} us simulated = {peak:.1f} TFLOP/s")
    print(f"[INFO] Sample {name} run success.")


if __name__ == "__main__":
    main()
