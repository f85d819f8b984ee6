"""Helpers of the Matmul page tests: host tilings (asc.lib.host, as the pages' host code builds them),
small-integer operands (every product and sum exact, so C is compared with numpy bit for bit), and two
kernels that run a page's call sequence given as a jit function `body(ag, bg, cg, biasg, tiling, ws)`:
cube-only (`matmul_cube_only=True`) and MIX (the vector cores call, the cube core computes)."""
import numpy as np

import asc
import asc.lib.host as host
import asc.runtime.config as config

config.set_platform(config.Backend.Model, config.Platform("Ascend910B1"))

GM, ND, NZ = asc.TPosition.GM, asc.CubeFormat.ND, asc.CubeFormat.NZ
VECIN, VECOUT, VECCALC = asc.TPosition.VECIN, asc.TPosition.VECOUT, asc.TPosition.VECCALC
HDT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT, np.int8: host.DataType.DT_INT8,
       np.int32: host.DataType.DT_INT32}
HPOS = {GM: host.TPosition.GM, VECIN: host.TPosition.VECIN, VECOUT: host.TPosition.VECOUT,
        VECCALC: host.TPosition.VECCALC}
WS_BYTES = 16 << 20  # the usual system workspace


def acc_type(din):
    return np.int32 if din == np.int8 else np.float32


def tiling(m, n, k, din=np.float16, dc=None, cores=0, bias=False, ta=False, tb=False, fix=None, c_pos=GM,
           extra=None):
    """A TCubeTiling of asc.lib.host: MatmulApiTiling (cores=0) or MultiCoreMatmulTiling.set_dim(cores);
    A/B/bias in GM, ND; fix: set_fix_split's (base_m, base_n, base_k); extra(api) runs before get_tiling."""
    dc = dc or acc_type(din)
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform()) if cores else \
        host.MatmulApiTiling(host.get_ascendc_platform())
    if cores:
        assert api.set_dim(cores) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], ta)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HDT[din], tb)
    api.set_c_type(HPOS[c_pos], host.CubeFormat.ND, HDT[dc])
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, HDT[acc_type(din)])
    api.set_shape(m, n, k)
    api.set_org_shape(m, n, k)
    api.enable_bias(bias)
    if fix:
        assert api.set_fix_split(*fix) == 0
    api.set_buffer_space(-1, -1, -1)
    if extra:
        extra(api)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0, api.error
    return t


def operands(m, n, k, din=np.float16, seed=0, ta=False, tb=False):
    """A (m x k), B (k x n), bias (n) of small integers, and the arrays the kernel gets (transposed
    when ta / tb)."""
    rng = np.random.default_rng(seed)
    a = rng.integers(-4, 5, (m, k)).astype(din)
    b = rng.integers(-4, 5, (k, n)).astype(din)
    bias = rng.integers(-9, 10, n).astype(acc_type(din))
    ga = np.ascontiguousarray(a.T) if ta else a
    gb = np.ascontiguousarray(b.T) if tb else b
    return a, b, bias, ga, gb


def ref(a, b, bias=None):
    r = a.astype(np.int64) @ b.astype(np.int64)
    return r if bias is None else r + bias.astype(np.int64)


def mm_types(ag, bg, cg, biasg, ta=False, tb=False, c_pos=GM):
    """The four MatmulTypes of the page examples: A, B and bias in GM (ND), C in c_pos (ND)."""
    return (asc.adv.MatmulType(GM, ND, ag.dtype, ta), asc.adv.MatmulType(GM, ND, bg.dtype, tb),
            asc.adv.MatmulType(c_pos, ND, cg.dtype), asc.adv.MatmulType(GM, ND, biasg.dtype))


@asc.jit(matmul_cube_only=True)
def cube_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress, body: asc.ConstExpr):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    biasg.set_global_buffer(bias)
    body(ag, bg, cg, biasg, tiling, ws)


@asc.jit
def mix_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress, body: asc.ConstExpr):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    biasg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    biasg.set_global_buffer(bias)
    body(ag, bg, cg, biasg, tiling, ws)


def launch(body, ga, gb, c, bias, t, mix=False, blocks=1, ws=None):
    """Runs body in a cube-only (blocks cores) or MIX (blocks AIC + 2 x blocks AIV) kernel; returns c."""
    ws = np.zeros(WS_BYTES, np.uint8) if ws is None else ws
    (mix_kernel if mix else cube_kernel)[blocks](ga, gb, c, bias, t, ws, body)
    return c
