#!/usr/bin/python3
"""C1: the device kit's basic-API matmul best practice (cannmirror/asc-devkit, examples/01_simd_cpp_api/
05_best_practices/01_matrix_compute/matmul_basic_api_high_performance, README scenario 1): C = A B,
8192^3, A f16 M x K ND, B f16 given transposed (N x K ND), C f16 ND, on 24 AIC split 4 x 6
(singleCore 2048 x 1536; the last column of cores takes the 512 columns left), base 128 x 256 x 64,
large packets of stepKa 8 / stepKb 4 base-K slices into L1 ping-pong halves (A 0-256 KiB,
B 256-512 KiB), L0A / L0B ping-pong, one load per slice (A: load_data_3d; B, given transposed, a 2-D load: its Nz
fractals are already L0B's), B's next packet copied before A's
after the compute, C converted f32 -> f16 in the fixpipe.  Published on the 910B1 (msprof):
Task Duration 4121.16 us; mean per core mac 3081.664, mte1 2538.348, mte2 3552.248, fixp 160.405,
scalar 337.343 us.

Written here in pyasc from the README's description (nothing of the device kit is copied).  The kernel
also serves the validation anchors C1-L2 (ROUNDS = 2: c1l2.py) and G1 (F32: C in f32; MIX: GELU on the
block's AIVs, tile by tile: g1.py).  The
mmad -> fixpipe hand-over is UnitFlag, as in the original (mmad unit_flag 2, 3 on a tile's last
slice; fixpipe unit_flag 3; no flag between them: docs/timing.md, "UnitFlag").

  /usr/bin/python3 bench/anchors/c1.py            # full size (minutes: 550 G MACs are computed)
  /usr/bin/python3 bench/anchors/c1.py --small    # the same kernel on 512 x 2816 x 1024 (singleCore 128 x 512), checked
"""
import os
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _cube  # noqa: E402

BM, BN, BK, SKA, SKB = 128, 256, 64, 8, 4
PUBLISHED = {"total": 4121.16, "mac": 3081.664, "mte1": 2538.348, "mte2": 3552.248, "fixp": 160.405,
             "scalar": 337.343}


def kernel(mix=False):
    import asc
    E = asc.HardEvent

    @asc.jit
    def gelu_tiles(c: asc.GlobalAddress, M: asc.ConstExpr[int], N: asc.ConstExpr[int], SCM: asc.ConstExpr[int],
                   SCN: asc.ConstExpr[int], ROUNDS: asc.ConstExpr[int]):
        """An AIV of a MIX block: for each of its AIC's tiles (the AIC's order), once the AIC's flag says the
        tile is in GM, its half (BM / 2 rows x BN f32) GM -> UB, GELU(x) = x / (1 + exp(-1.595769 (x +
        0.044715 x^3))) in eight whole-tile vector ops with a barrier between them (the source's MemBase
        form for A2), UB -> GM in place."""
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c)
        HM = BM // 2
        n = HM * BN
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, n)
        y = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, n * 4, n)
        blk = asc.get_block_idx() // 2  # the AIC's block (on an AIV: block * 2 + sub-block)
        sub = asc.get_block_idx() % 2
        mpr = M // SCM // ROUNDS
        ni = blk // mpr
        n_len = N - ni * SCN
        if n_len > SCN:
            n_len = SCN
        tiles_n = n_len // BN
        for t in range(0, ROUNDS * (SCM // BM) * tiles_n):
            mi = blk % mpr + (t // ((SCM // BM) * tiles_n)) * mpr
            m0 = mi * SCM + (t // tiles_n) % (SCM // BM) * BM + sub * HM
            n0 = ni * SCN + (t % tiles_n) * BN
            asc.cross_core_wait_flag(8, 2, asc.PipeID.PIPE_S)
            asc.data_copy_pad(x, c_gm[m0 * N + n0:], asc.DataCopyExtParams(HM, BN * 4, (N - BN) * 4, 0, 0),
                              asc.DataCopyPadExtParams(False, 0, 0, 0.0))
            asc.set_flag(asc.HardEvent.MTE2_V, 0)
            asc.wait_flag(asc.HardEvent.MTE2_V, 0)
            asc.mul(y, x, x, n)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.mul(y, y, x, n)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.muls(y, y, 0.044715, n)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.add(y, x, y, n)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.muls(y, y, -1.595769, n)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.exp(y, y, n)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.adds(y, y, 1.0, n)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.div(y, x, y, n)
            asc.set_flag(asc.HardEvent.V_MTE2, 0)  # the next tile's copy-in overwrites x once Div has read it
            asc.wait_flag(asc.HardEvent.V_MTE2, 0)
            asc.set_flag(asc.HardEvent.V_MTE3, 0)
            asc.wait_flag(asc.HardEvent.V_MTE3, 0)
            asc.data_copy_pad(c_gm[m0 * N + n0:], y, asc.DataCopyExtParams(HM, BN * 4, 0, (N - BN) * 4, 0))
            asc.set_flag(asc.HardEvent.MTE3_V, 0)  # the next tile's GELU overwrites y once it is out
            asc.wait_flag(asc.HardEvent.MTE3_V, 0)
            if t < ROUNDS * (SCM // BM) * tiles_n - 8:
                asc.cross_core_set_flag(9, 2, asc.PipeID.PIPE_MTE3)  # tile t done (the AIC's tile t + 8 waits)

    def c1_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, M: asc.ConstExpr[int],
                  N: asc.ConstExpr[int], K: asc.ConstExpr[int], SCM: asc.ConstExpr[int], SCN: asc.ConstExpr[int],
                  ROUNDS: asc.ConstExpr[int] = 1, F32: asc.ConstExpr[bool] = False, MIX: asc.ConstExpr[bool] = False):
        # F32: C f32 (no conversion in the fixpipe); MIX: each tile's C then goes through GELU on the
        # block's two AIVs (G1-mix: the device kit's matmul_gelu_high_performance)
        if asc.ascend_is_aic():
            a_gm = asc.GlobalTensor()
            b_gm = asc.GlobalTensor()
            c_gm = asc.GlobalTensor()
            a_gm.set_global_buffer(a)
            b_gm.set_global_buffer(b)
            c_gm.set_global_buffer(c)
            A1, B1, A2, B2, CO1 = (asc.TPosition.A1, asc.TPosition.B1, asc.TPosition.A2, asc.TPosition.B2,
                                   asc.TPosition.CO1)
            ACH, BCH = BM * BK * SKA, BN * BK * SKB  # elements of one L1 packet (128 KiB each)
            a1 = asc.LocalTensor(asc.float16, A1, 0, 2 * ACH)  # ping, pong (element offsets 0, ACH)
            b1 = asc.LocalTensor(asc.float16, B1, 4 * ACH, 2 * BCH)
            a2 = (asc.LocalTensor(asc.float16, A2, 0, BM * BK), asc.LocalTensor(asc.float16, A2, 32 * 1024, BM * BK))
            b2 = (asc.LocalTensor(asc.float16, B2, 0, BN * BK), asc.LocalTensor(asc.float16, B2, 32 * 1024, BN * BK))
            c1 = asc.LocalTensor(asc.float32, CO1, 0, BM * BN)
            mpr = M // SCM // ROUNDS  # M blocks a round (C1-L2: the L2 split's two rounds of 4 x 6 cores)
            ni = asc.get_block_idx() // mpr
            n_len = N - ni * SCN
            if n_len > SCN:
                n_len = SCN
            tiles_n = n_len // BN
            na, nb = K // (BK * SKA), K // (BK * SKB)  # packets of A and of B along K
            for i in range(4):  # L1 packets A ping/pong (0, 1), B ping/pong (2, 3): all free
                asc.set_flag(E.MTE1_MTE2, i)
            for s in range(2):
                asc.set_flag(E.M_MTE1, s)
            for t in range(0, ROUNDS * (SCM // BM) * tiles_n):
                mi = asc.get_block_idx() % mpr + (t // ((SCM // BM) * tiles_n)) * mpr
                m0 = mi * SCM + (t // tiles_n) % (SCM // BM) * BM
                n0 = ni * SCN + (t % tiles_n) * BN
                # the first packets of A and B into the ping halves
                asc.wait_flag(E.MTE1_MTE2, 0)
                asc.data_copy(a1, a_gm[m0 * K:], asc.Nd2NzParams(1, BM, BK * SKA, 0, K, BM, 1, 0))
                asc.set_flag(E.MTE2_MTE1, 0)
                asc.wait_flag(E.MTE1_MTE2, 2)
                asc.data_copy(b1, b_gm[n0 * K:], asc.Nd2NzParams(1, BN, BK * SKB, 0, K, BN, 1, 0))
                asc.set_flag(E.MTE2_MTE1, 2)
                for kc in range(na):  # one A packet: SKA slices, two B packets
                    ai = kc % 2
                    for ka in asc.static_range(SKA):
                        bi = ka // SKB  # B packets alternate within an A packet (SKA = 2 SKB)
                        kb = ka % SKB
                        l0 = ka % 2
                        asc.wait_flag(E.M_MTE1, l0)
                        if ka == 0:
                            asc.wait_flag(E.MTE2_MTE1, ai)
                        if kb == 0:
                            asc.wait_flag(E.MTE2_MTE1, bi + 2)
                        # MTE1: one 3-D load per slice (channels = K, width = the rows), Nz -> L0 fractals
                        asc.load_data(a2[l0], a1[ai * ACH + ka * BK * BM:],
                                      asc.LoadData3DParamsV2((0, 0, 0, 0), 1, BM, BK, BK, BM, 0, 0, 1, 1, 1, 1, 1, 1,
                                                             False))
                        # B's packet is Nz of B^T (n-major fractals, column blocks BN x 16 apart): the slice's
                        # 4 x 16 fractals are contiguous and already in L0B's order, one untransposed 2-D load
                        asc.load_data(b2[l0], b1[bi * BCH:],
                                      asc.LoadData2DParams(kb * (BK // 16) * (BN // 16), (BK // 16) * (BN // 16), 1, 0, 0,
                                                           False, 0))
                        if ka == SKA - 1:
                            asc.set_flag(E.MTE1_MTE2, ai)
                        if kb == SKB - 1:
                            asc.set_flag(E.MTE1_MTE2, bi + 2)
                        asc.set_flag(E.MTE1_M, l0)
                        asc.wait_flag(E.MTE1_M, l0)
                        p = asc.MmadParams(BM, BN, BK)
                        if ka == 0:
                            p.cmatrix_init_val = kc == 0
                        else:
                            p.cmatrix_init_val = False
                        # UnitFlag: L0C goes to the fixpipe unit by unit (3 on the tile's last slice); the
                        # first mmad of a tile writes a unit once the previous tile's fixpipe has read it
                        p.unit_flag = 2
                        if ka == SKA - 1:
                            if kc == na - 1:
                                p.unit_flag = 3
                        asc.mmad(c1, a2[l0], b2[l0], p)
                        asc.set_flag(E.M_MTE1, l0)
                        # the next packets, B before A: after the first slice the pong halves, after a
                        # packet's last slice the packet two ahead into the half it freed
                        if ka == 0:
                            if kc == 0:
                                asc.wait_flag(E.MTE1_MTE2, 3)
                                asc.data_copy(b1[BCH:], b_gm[n0 * K + BK * SKB:],
                                              asc.Nd2NzParams(1, BN, BK * SKB, 0, K, BN, 1, 0))
                                asc.set_flag(E.MTE2_MTE1, 3)
                                asc.wait_flag(E.MTE1_MTE2, 1)
                                asc.data_copy(a1[ACH:], a_gm[m0 * K + BK * SKA:],
                                              asc.Nd2NzParams(1, BM, BK * SKA, 0, K, BM, 1, 0))
                                asc.set_flag(E.MTE2_MTE1, 1)
                        if kb == SKB - 1:
                            nxb = kc * 2 + bi + 2
                            if nxb < nb:
                                asc.wait_flag(E.MTE1_MTE2, bi + 2)
                                asc.data_copy(b1[bi * BCH:], b_gm[n0 * K + nxb * BK * SKB:],
                                              asc.Nd2NzParams(1, BN, BK * SKB, 0, K, BN, 1, 0))
                                asc.set_flag(E.MTE2_MTE1, bi + 2)
                        if ka == SKA - 1:
                            nxa = kc + 2
                            if nxa < na:
                                asc.wait_flag(E.MTE1_MTE2, ai)
                                asc.data_copy(a1[ai * ACH:], a_gm[m0 * K + nxa * BK * SKA:],
                                              asc.Nd2NzParams(1, BM, BK * SKA, 0, K, BM, 1, 0))
                                asc.set_flag(E.MTE2_MTE1, ai)
                # FIX: L0C f32 -> C f16 rows m0.., columns n0.. (ND), streaming from the mmads (UnitFlag 3)
                fp = asc.FixpipeParamsV220(BN, BM, BM, N, 0 if F32 else 1)
                fp.unit_flag = 3
                asc.fixpipe(c_gm[m0 * N + n0:], c1, fp)  # C's element type is the argument's (f16 or f32)
                if MIX:
                    # the tile is in GM: its AIVs may read it.  The source sets the flag with no reverse
                    # synchronisation (its AIVs keep up in time); the simulator runs the AIC ahead of them in
                    # its functional order and refuses more than 15 outstanding sets, so the AIC waits here
                    # for its AIVs to have finished tile t - 8 (long done by then in the timing model)
                    if t >= 8:
                        asc.cross_core_wait_flag(9, 2, asc.PipeID.PIPE_FIX)
                    asc.cross_core_set_flag(8, 2, asc.PipeID.PIPE_FIX)
            for i in range(4):
                asc.wait_flag(E.MTE1_MTE2, i)
            for s in range(2):
                asc.wait_flag(E.M_MTE1, s)

        else:
            if MIX:
                gelu_tiles(c, M, N, SCM, SCN, ROUNDS)

    if mix:
        return asc.jit(c1_kernel)
    return asc.jit(matmul_cube_only=True)(c1_kernel)


def run(M, N, K, SCM, SCN, check_rows=None, rounds=1, f32=False, mix=False):
    import numpy as np

    import asc.lib.runtime as rt
    _cube.platform()
    rng = np.random.default_rng(1)
    a = rng.integers(-2, 3, (M, K)).astype(np.float16)
    bt = rng.integers(-2, 3, (N, K)).astype(np.float16)  # B transposed: N x K
    c = np.zeros((M, N), np.float32 if f32 else np.float16)
    k = kernel(mix)
    t0 = time.perf_counter()
    with warnings.catch_warnings():  # verify-sync cannot follow the flag ids computed at run time (kc % 2)
        warnings.simplefilter("ignore")
        # 8192^3: each block's 2.6e10 multiply-adds are more work than the default watchdog allows
        k[24](a, bt, c, M, N, K, SCM, SCN, rounds, f32, mix, max_instructions=0)
    wall = time.perf_counter() - t0
    rep = rt.last_report()
    rows = range(M) if check_rows is None else check_rows
    for r in rows:  # small integers: exact in f32, then rounded to f16 as the fixpipe does
        ref = a[r].astype(np.float32) @ bt.astype(np.float32).T
        if mix:  # GELU in f32 (exp's rounding: not bit-exact)
            with np.errstate(over="ignore"):
                ref = ref / (np.float32(1) + np.exp(np.float32(-1.595769) * (ref + np.float32(0.044715) * ref ** 3)))
            if not np.allclose(c[r], ref, rtol=1e-5, atol=1e-5):
                raise SystemExit(f"c1: row {r} of GELU(C) differs from numpy")
        elif not np.array_equal(c[r], ref.astype(c.dtype)):
            raise SystemExit(f"c1: row {r} of C differs from numpy")
    return rep, wall


def rows(small=False):
    if small:
        rep, wall = run(512, 2816, 1024, 128, 512)
    else:
        rep, wall = run(8192, 8192, 8192, 2048, 1536, check_rows=[0, 2047, 2048, 5000, 8191])
    out = [_cube.row("C1", "total", PUBLISHED["total"], rep["us"], wall)]
    for m in ("mac", "mte1", "mte2", "fixp", "scalar"):
        out.append(_cube.row("C1", m, PUBLISHED[m], _cube.pipe_us(rep, m), wall))
    return out


if __name__ == "__main__":
    _cube.show(rows(small="--small" in sys.argv))
