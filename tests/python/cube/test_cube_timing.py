"""The cube's timing against the device kit's cube appendix (docs/zh/api/附录/Cube指令理论性能汇总.md,
arch 2201): an mmad takes ceil(m/16) ceil(n/16) ceil(k/k0) fractal steps at 16 x 16 x 16 f16 MACs per
cycle (f32 16 x 16 x 4, HF32 16 x 16 x 8) plus its head cycles; a load_data takes bytes / bandwidth
(L1 -> L0A 256, L1 -> L0B 128 B/cycle) plus its fixed cycles.  The fixed cycles are hw.def's
(mmad_head from anchor C1; MTE1's from C1): read from the docs' table here, not from today's output.
Also asc.adv.Matmul's library work: a cube-only Matmul's scalar unit spends at least the
initialisation and per-tile cycles of hw.def's HW_LIBWORK rows."""
import re

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))
P = asc.TPosition
E = asc.HardEvent


def hwdef():
    """The hw.def rows of arch 2201 the test needs: {name: value} for HW_COST (and the default platform's
    gm_core_write, aic_gm_core), (rate, dT) for HW_RATE, HW_LIBWORK."""
    import os
    text = open(os.path.join(os.path.dirname(__file__), "..", "..", "..", "src", "hw", "hw.def")).read()
    cost = {m[0]: int(m[1]) for m in re.findall(r"^HW_COST\(2201, (\w+), (\d+),", text, re.M)}
    rate = {(m[0], m[1]): (int(m[2]), int(m[3]))
            for m in re.findall(r"^HW_RATE\(2201,\s*(\w+),\s*(\w+),\s*(\d+),\s*(\d+)\)", text, re.M)}
    lib = {m[0]: int(m[1]) for m in re.findall(r"^HW_LIBWORK\(2201, (\w+), (\d+),", text, re.M)}
    # the platform's GM rates, its columns named by the table's own #define
    cols = [c.strip() for c in re.search(r"^#define HW_PLATFORM\(([^)]*)\)", text, re.M)[1].replace("\\", "").split(",")]
    row = [v.strip() for v in re.search(r'^HW_PLATFORM\((2201, "Ascend910B1",[^)]*)\)', text, re.M)[1].split(",")]
    plat = dict(zip(cols, row))
    cost["gm_core_write"], cost["aic_gm_core"] = int(float(plat["gm_core_write"])), int(float(plat["aic_gm_core"]))
    return cost, rate, lib


@asc.jit(matmul_cube_only=True)
def one_mmad(a: asc.GlobalAddress, M: asc.ConstExpr[int], N: asc.ConstExpr[int], K: asc.ConstExpr[int],
             f32: asc.ConstExpr[bool], hf32: asc.ConstExpr[bool]):
    dt = asc.float32 if f32 else asc.float16
    a2 = asc.LocalTensor(dt, P.A2, 0, M * K)
    b2 = asc.LocalTensor(dt, P.B2, 0, K * N)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, M * N)
    asc.init_const_value(a2, asc.InitConstValueParams(1, M * K * (4 if f32 else 2) // 512, 0, 0))
    asc.init_const_value(b2, asc.InitConstValueParams(1, K * N * (4 if f32 else 2) // 512, 0, 0))
    if hf32:
        asc.set_hf32_mode(True)
    asc.set_flag(E.MTE2_M, 0)
    asc.wait_flag(E.MTE2_M, 0)
    asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))


@pytest.mark.parametrize("m,n,k,f32,hf32,macs_k", [(128, 256, 64, False, False, 16), (64, 64, 64, True, False, 4),
                                                    (64, 64, 64, True, True, 8), (16, 16, 16, False, False, 16)])
def test_mmad_cycles_are_the_appendix_formula(m, n, k, f32, hf32, macs_k):
    cost, _, _ = hwdef()
    one_mmad[1](np.zeros(16, np.float32), m, n, k, f32, hf32)
    busy = rt.last_report()["cores"][0]["busy"]["PIPE_M"]
    assert busy == (m // 16) * (n // 16) * (k // macs_k) + cost["mmad_head"]


@asc.jit(matmul_cube_only=True)
def one_load(a: asc.GlobalAddress, to_b: asc.ConstExpr[bool], fractals: asc.ConstExpr[int]):
    a1 = asc.LocalTensor(asc.float16, P.A1, 0, 256 * fractals)
    asc.init_const_value(a1, asc.InitConstValueParams(1, 16 * fractals, 0, 0))
    asc.set_flag(E.MTE2_MTE1, 0)
    asc.wait_flag(E.MTE2_MTE1, 0)
    if to_b:
        b2 = asc.LocalTensor(asc.float16, P.B2, 0, 256 * fractals)
        asc.load_data(b2, a1, asc.LoadData2DParams(0, fractals, 1, 0, 0, False, 0))
    else:
        a2 = asc.LocalTensor(asc.float16, P.A2, 0, 256 * fractals)
        asc.load_data(a2, a1, asc.LoadData2DParams(0, fractals, 1, 0, 0, False, 0))


@pytest.mark.parametrize("to_b,bandwidth", [(False, 256), (True, 128)])
def test_load_data_takes_bytes_over_the_appendix_bandwidth(to_b, bandwidth):
    _, rate, _ = hwdef()
    dt = rate[("L1", "L0B" if to_b else "L0A")][1]
    one_load[1](np.zeros(16, np.float32), to_b, 32)  # 32 fractals of 512 bytes
    busy = rt.last_report()["cores"][0]["busy"]["PIPE_MTE1"]
    assert busy == 32 * 512 // bandwidth + dt


@asc.jit
def iterate_all_of(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, t: asc.adv.TCubeTiling,
                   ws: asc.GlobalAddress, n0, mdl: asc.ConstExpr[bool]):
    """C[:, n0:] := A B[:, n0:] (row strides from t) by one iterate_all of the template's Matmul, all in GM."""
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b + n0)
    cg.set_global_buffer(c + n0)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype),
                        matmul_config=asc.adv.get_mdl_config() if mdl else asc.adv.get_normal_config())
    asc.adv.register_matmul(pipe, ws, mm, t)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()


@asc.jit(matmul_cube_only=True)
def cube_mm_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, t: asc.adv.TCubeTiling,
                   ws: asc.GlobalAddress, mdl: asc.ConstExpr[bool]):
    iterate_all_of(a, b, c, t, ws, 0, mdl)


@pytest.mark.parametrize("mdl", [False, True])
def test_matmul_scalar_unit_spends_the_library_work(mdl):
    """The library's per-tile bookkeeping is the template's (docs/timing.md, "Cube, Matmul and MIX"):
    MM_TILE for NORM (the default), MM_TILE_MDL for get_mdl_config's Matmul."""
    _, _, lib = hwdef()
    t = asc.adv.TCubeTiling(used_core_num=1, m=64, n=128, k_a=32, k_b=32, single_core_m=64, single_core_n=128,
                            single_core_k=32, base_m=64, base_n=64, base_k=32, depth_a1=1, depth_b1=1, step_m=1,
                            step_n=1)
    a = np.ones((64, 32), np.float16)
    b = np.ones((32, 128), np.float16)
    c = np.zeros((64, 128), np.float32)
    cube_mm_kernel[1](a, b, c, t, np.zeros(1 << 20, np.uint8), mdl)
    np.testing.assert_array_equal(c, np.full((64, 128), 32, np.float32))
    scalar = rt.last_report()["cores"][0]["busy"]["PIPE_S"]
    tile = lib["MM_TILE_MDL" if mdl else "MM_TILE"]
    assert scalar >= lib["MM_INIT"] + 2 * tile  # two 64 x 64 tiles
    assert scalar < lib["MM_INIT"] + 2 * tile + 2000  # and the instructions' own issue cycles


@asc.jit
def mix_mm_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, t: asc.adv.TCubeTiling,
                  ws: asc.GlobalAddress, mdl: asc.ConstExpr[bool]):
    """A MIX kernel: each AIV's iterate_all of its 64 x 128 columns is a message to the AIC's server."""
    iterate_all_of(a, b, c, t, ws, asc.get_block_idx() * 128, mdl)


def test_mix_matmul_server_spends_the_templates_library_work():
    """A MIX Matmul's AIC serves its AIVs' calls with the template's per-tile bookkeeping too: the same
    kernel with get_mdl_config and with get_normal_config runs the same instructions, so the AIC's scalar
    time differs by the four tiles (two AIVs, two 64 x 64 tiles each) times MM_TILE_MDL - MM_TILE."""
    _, _, lib = hwdef()
    t = asc.adv.TCubeTiling(used_core_num=2, m=64, n=256, k_a=32, k_b=32, single_core_m=64, single_core_n=128,
                            single_core_k=32, base_m=64, base_n=64, base_k=32, depth_a1=1, depth_b1=1, step_m=1,
                            step_n=1)
    a = np.ones((64, 32), np.float16)
    b = np.ones((32, 256), np.float16)
    scalar = {}
    for mdl in (False, True):
        c = np.zeros((64, 256), np.float32)
        mix_mm_kernel[1](a, b, c, t, np.zeros(1 << 20, np.uint8), mdl)
        np.testing.assert_array_equal(c, np.full((64, 256), 32, np.float32))
        aic = [k for k in rt.last_report()["cores"] if k["kind"] == "AIC"]
        scalar[mdl] = aic[0]["busy"]["PIPE_S"]
    assert scalar[True] - scalar[False] == 4 * (lib["MM_TILE_MDL"] - lib["MM_TILE"])


def test_matmul_tile_loop_streams_l0c_between_mmad_and_fixpipe(tmp_path):
    """UnitFlag (docs/timing.md, "Cube, Matmul and MIX"): in iterate_all's tile loop the next tile's mmad
    starts while this tile's fixpipe still reads L0C, and the fixpipe streaming from an mmad does not end
    before it.  Read from the trace of a cube-only Matmul of four tiles with a long fixpipe (f32 C)."""
    import json

    @asc.jit(matmul_cube_only=True)
    def mm4(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, t: asc.adv.TCubeTiling,
            ws: asc.GlobalAddress):
        ag = asc.GlobalTensor()
        bg = asc.GlobalTensor()
        cg = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg.set_global_buffer(b)
        cg.set_global_buffer(c)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ag.dtype),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bg.dtype),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, cg.dtype))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
        mm.end()

    t = asc.adv.TCubeTiling(used_core_num=1, m=128, n=1024, k_a=32, k_b=32, single_core_m=128, single_core_n=1024,
                            single_core_k=32, base_m=128, base_n=256, base_k=32, depth_a1=1, depth_b1=1, step_m=1,
                            step_n=1)
    a = np.ones((128, 32), np.float16)
    b = np.ones((32, 1024), np.float16)
    c = np.zeros((128, 1024), np.float32)
    mm4[1](a, b, c, t, np.zeros(1 << 20, np.uint8), profile=str(tmp_path))
    np.testing.assert_array_equal(c, np.full((128, 1024), 32, np.float32))
    tr = json.load(open(tmp_path / "trace.json"))
    ev = tr["traceEvents"] if isinstance(tr, dict) else tr
    rows = {(e["pid"], e["tid"]): e["args"]["name"] for e in ev if e.get("ph") == "M" and e.get("name") == "thread_name"}
    spans = {"asc.mmad": [], "asc.fixpipe": []}
    for e in ev:  # the CUBE and FIXP rows (the SCALAR row has the issue slices of the same ops)
        if e.get("ph") == "X" and rows.get((e["pid"], e["tid"])) in ("CUBE", "FIXP") and \
                e.get("args", {}).get("op") in spans:
            spans[e["args"]["op"]].append((e["ts"], e["ts"] + e["dur"]))
    mm, fx = sorted(spans["asc.mmad"]), sorted(spans["asc.fixpipe"])
    assert len(mm) == 4 and len(fx) == 4
    for i in range(3):
        assert mm[i + 1][0] < fx[i][1], f"tile {i + 1}'s mmad waited for tile {i}'s whole fixpipe"
    for i in range(4):
        assert fx[i][1] >= mm[i][1], f"tile {i}'s fixpipe ended before its mmad"


def ones_in_l0(c):
    """The UnitFlag kernels' set-up (run at trace time): A2 and B2 of f16 ones for a 128 x 256 x 64 mmad, ready
    for the cube, its L0C and the GM tensor of c: (a2, b2, c1, c_gm)."""
    a2 = asc.LocalTensor(asc.float16, P.A2, 0, 128 * 64)
    b2 = asc.LocalTensor(asc.float16, P.B2, 0, 64 * 256)
    c1 = asc.LocalTensor(asc.float32, P.CO1, 0, 128 * 256)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    asc.init_const_value(a2, asc.InitConstValueParams(1, 128 * 64 * 2 // 512, 0, 1.0))
    asc.init_const_value(b2, asc.InitConstValueParams(1, 64 * 256 * 2 // 512, 0, 1.0))
    asc.set_flag(E.MTE2_M, 0)
    asc.wait_flag(E.MTE2_M, 0)
    return a2, b2, c1, c_gm


def mmad_fixpipe_params(unit, fm=16, fn=16):
    """That mmad's parameters and a fixpipe's of its first fm rows x fn columns; unit: both with UnitFlag
    (unit_flag 3, as the device kit's basic-API matmul does)."""
    p = asc.MmadParams(128, 256, 64)
    fp = asc.FixpipeParamsV220(fn, fm, 128, 256, 0)
    if unit:
        p.unit_flag = 3
        fp.unit_flag = 3
    return p, fp


@asc.jit(matmul_cube_only=True)
def mmad_then_fixpipe(c: asc.GlobalAddress, unit: asc.ConstExpr[bool], fm: asc.ConstExpr[int],
                      fn: asc.ConstExpr[int]):
    """A 128 x 256 x 64 f16 mmad of ones, its first fm rows x fn columns out through the fixpipe, twice
    (the second mmad overwrites L0C the first fixpipe reads).  unit: UnitFlag (mmad_fixpipe_params), no flag
    between them; else flag pairs."""
    a2, b2, c1, c_gm = ones_in_l0(c)
    for t in asc.static_range(2):
        p, fp = mmad_fixpipe_params(unit, fm, fn)
        if not unit and t == 1:
            asc.wait_flag(E.FIX_M, 0)
        asc.mmad(c1, a2, b2, p)
        if not unit:
            asc.set_flag(E.M_FIX, 0)
            asc.wait_flag(E.M_FIX, 0)
        asc.fixpipe(c_gm[t * fm * 256:], c1, fp)
        if not unit and t == 0:
            asc.set_flag(E.FIX_M, 0)


def test_unit_flag_fixpipe_streams_from_the_mmad():
    """Mmad / Fixpipe pages (unitFlag): with UnitFlag the fixpipe needs no wait_flag, so it starts when
    issued, right behind the mmad, and reads L0C unit by unit as the mmad writes it: it is under way for
    the whole mmad (522 cycles by the appendix formula) and ends one unit after it; with a flag pair it
    starts after the mmad and takes only its own time (16 x 16 f32 = 1 KiB).  The race detector takes
    the hand-over as synchronisation (no finding under ASC_STRICT), and the results are the same."""
    cost, _, _ = hwdef()
    mm = 8 * 16 * 4 + cost["mmad_head"]
    out = {}
    for unit in (False, True):
        c = np.zeros((2 * 16, 256), np.float32)
        mmad_then_fixpipe[1](c, unit, 16, 16)
        np.testing.assert_array_equal(c[:, :16], np.full((32, 16), 64.0, np.float32))  # K ones
        out[unit] = rt.last_report()["cores"][0]["busy"]
    assert out[False]["PIPE_FIX"] < mm // 2  # two fixpipes of their own ~50 cycles each
    assert out[True]["PIPE_FIX"] >= 2 * (mm + cost["unit_chunk"]) - 64  # each covers its mmad (issue gap)
    assert out[True]["PIPE_M"] == out[False]["PIPE_M"] == 2 * mm  # the fixpipes are shorter than an mmad


def test_unit_flag_mmad_waits_for_the_fixpipe_to_read_l0c():
    """The second mmad overwrites L0C: with UnitFlag it writes a unit once the first fixpipe has read it, so
    with a fixpipe longer than the mmad (the whole 128 x 256 f32 = 128 KiB to GM, at the AIC's GM rate
    aic_gm_core) the second mmad ends one unit after that fixpipe: the cube is busy from the first mmad's
    start to then, and after that for no more than the second mmad's own cycles."""
    cost, _, _ = hwdef()
    mm = 8 * 16 * 4 + cost["mmad_head"]
    fix = 128 * 256 * 4 // cost["aic_gm_core"]  # at least: its bytes at the AIC's GM rate
    c = np.zeros((2 * 128, 256), np.float32)
    mmad_then_fixpipe[1](c, True, 128, 256)
    np.testing.assert_array_equal(c, np.full((256, 256), 64.0, np.float32))
    busy = rt.last_report()["cores"][0]["busy"]
    assert fix > mm
    assert busy["PIPE_M"] >= fix + cost["unit_chunk"]


@asc.jit(matmul_cube_only=True, auto_sync=False)
def unit_flag_deadlock(c: asc.GlobalAddress):
    a2, b2, c1, c_gm = ones_in_l0(c)
    p, fp = mmad_fixpipe_params(True)
    asc.wait_flag(E.FIX_M, 0)  # set only after the fixpipe, which streams from this mmad: never
    asc.mmad(c1, a2, b2, p)
    asc.fixpipe(c_gm, c1, fp)
    asc.set_flag(E.FIX_M, 0)


def test_unit_flag_deadlock_names_the_partner():
    """A UnitFlag fixpipe waits for its mmad without a flag: a deadlock through it says so."""
    with pytest.raises(Exception, match=r"PIPE_FIX is blocked at asc.fixpipe waiting for the mmad it hands L0C over "
                                        r"with \(UnitFlag\)"):
        unit_flag_deadlock[1](np.zeros((16, 256), np.float32))


@asc.jit(matmul_cube_only=True, auto_sync=False)
def mmad_fixpipe_unsynced(c: asc.GlobalAddress, unit: asc.ConstExpr[bool]):
    """mmad_then_fixpipe with no flag between the mmads and the fixpipes, auto-sync off: with UnitFlag
    the hand-over orders them; without it the L0C read and overwrite are unordered."""
    a2, b2, c1, c_gm = ones_in_l0(c)
    for t in asc.static_range(2):
        p, fp = mmad_fixpipe_params(unit)
        asc.mmad(c1, a2, b2, p)
        asc.fixpipe(c_gm[t * 16 * 256:], c1, fp)


def s001_warnings(unit):
    import warnings
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        try:
            mmad_fixpipe_unsynced[1](np.zeros((32, 256), np.float32), unit, always_compile=True)
        except Exception:  # the unordered control may also stop at the race detector: the warning came first
            if unit:
                raise
    return [w for w in got if "S001" in str(w.message)]


def test_verify_sync_takes_unit_flag_as_order():
    """verify-sync (S001) takes the UnitFlag hand-over as the flag pair it replaces: the mmad -> fixpipe
    read (RAW) and the next mmad's overwrite (WAR) of L0C are ordered (auto-sync off, so nothing else
    orders them); the same kernel without UnitFlag is reported."""
    assert not s001_warnings(True)
    assert s001_warnings(False)
