"""pyasc's asc.language.adv.Matmul method pages, one group of tests per page.

The pages' examples are fragments of one flow (register_matmul, set_tensor_a / set_tensor_b /
set_bias, iterate_all or `iterate` + get_tensor_c); each test completes its page's fragment into a
kernel (cube-only, or MIX where the page puts a tensor in UB) and compares C with numpy.  Operands are
small integers, so every product and sum is exact and C must equal numpy's bit for bit (quantised C:
one rounding of the page's scale).  Where a page's example is not valid Python (`while mm.iterate()
as count:`, `for i in range(...)` of get_tensor_c), the tests use pyasc's form (`with mm.iterate() as
count:`, as pyasc's own kernels do).  Semantics the pages leave open are taken from the Ascend C page
of the same name (device kit docs/zh/api/SIMD-API/高阶API/矩阵计算/Matmul-Kernel侧接口/), cited at the
test."""
import numpy as np
import pytest

import asc
import asc.lib.host as host
from _mm import GM, ND, VECIN, launch, mm_types, operands, ref, tiling

M_ = "asc.language.adv.Matmul."
api = pytest.mark.api


def body_of(fn):
    """fn(ag, bg, cg, biasg, t, ws) as the jit body the kernels of _mm run."""
    return asc.jit(fn)


def f32(shape, v=-1):
    return np.full(shape, v, np.float32)


# ---- set_tensor_a / set_tensor_b / set_bias / iterate_all: the shared example ----
def basic_body(ta=False, tb=False, bias=True, c_pos=GM):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg, ta, tb))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag, ta)
        mm.set_tensor_b(bg, tb)
        if bias:
            mm.set_bias(biasg)
        mm.iterate_all(cg)
        mm.end()
    return body


@api(M_ + "set_tensor_a", M_ + "set_tensor_b", M_ + "set_bias", M_ + "iterate_all")
@pytest.mark.parametrize("m,n,k,mix", [(64, 64, 64, False), (100, 70, 90, False), (48, 80, 64, True)])
def test_page_example(m, n, k, mix):
    """register_matmul; set_tensor_a(gm_a); set_tensor_b(gm_b); set_bias(gm_bias); iterate_all(gm_c):
    C = A B + bias (a row of N broadcast), with tails."""
    a, b, bv, ga, gb = operands(m, n, k, seed=m)
    t = tiling(m, n, k, bias=True)
    c = launch(basic_body(), ga, gb, f32((m, n)), bv, t, mix=mix)
    np.testing.assert_array_equal(c, ref(a, b, bv))


@api(M_ + "set_tensor_a", M_ + "set_tensor_b")
@pytest.mark.parametrize("ta,tb,din", [(True, False, np.float16), (False, True, np.float16),
                                       (True, True, np.float32), (False, True, np.int8)])
def test_set_tensor_transpose(ta, tb, din):
    """Non-default: transpose=True (A given K x M, B given N x K), float and int8 (into int32) inputs."""
    m, n, k = 48, 40, 64
    a, b, bv, ga, gb = operands(m, n, k, din, seed=3, ta=ta, tb=tb)
    t = tiling(m, n, k, din=din, ta=ta, tb=tb)
    acc = np.int32 if din == np.int8 else np.float32
    c = launch(basic_body(ta, tb, bias=False), ga, gb, np.full((m, n), -1, acc), bv, t)
    np.testing.assert_array_equal(c, ref(a, b))


def local_body(which):
    """Example two of set_tensor_a's page (the left matrix in Local Memory), for A, B or the bias in UB
    (a MIX kernel: the vector cores own UB)."""
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(VECIN, 1)
        pipe.init_buffer(q, 1, 64 * 64 * 4)
        loc = q.alloc_tensor(ag.dtype if which == "a" else bg.dtype if which == "b" else biasg.dtype)
        if which == "a":
            asc.data_copy(loc, ag, t.m * t.k_a)
        elif which == "b":
            asc.data_copy(loc, bg, t.k_b * t.n)
        else:
            asc.data_copy(loc, biasg, t.n)
        q.enque(loc)
        loc = q.deque(loc.dtype)
        ta_, tb_, tc_, tbias = mm_types(ag, bg, cg, biasg)
        if which == "a":
            ta_ = asc.adv.MatmulType(VECIN, ND, ag.dtype)
        elif which == "b":
            tb_ = asc.adv.MatmulType(VECIN, ND, bg.dtype)
        else:
            tbias = asc.adv.MatmulType(VECIN, ND, biasg.dtype)
        mm = asc.adv.Matmul(ta_, tb_, tc_, tbias)
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(loc if which == "a" else ag)
        mm.set_tensor_b(loc if which == "b" else bg)
        mm.set_bias(loc if which == "bias" else biasg)
        mm.iterate_all(cg)
        q.free_tensor(loc)
        mm.end()
    return body


@api(M_ + "set_tensor_a", M_ + "set_tensor_b", M_ + "set_bias")
@pytest.mark.parametrize("which", ["a", "b", "bias"])
def test_operand_in_local_memory(which):
    """Non-default: A, B or the bias a LocalTensor (VECIN) rather than a GlobalTensor."""
    m, n, k = 32, 48, 64
    a, b, bv, ga, gb = operands(m, n, k, seed=4)
    t = tiling(m, n, k, bias=True)
    c = launch(local_body(which), ga, gb, f32((m, n)), bv, t, mix=True)
    np.testing.assert_array_equal(c, ref(a, b, bv))


def scalar_body(which, v):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        if which == "a":
            mm.set_tensor_a(v)
            mm.set_tensor_b(bg)
        else:
            mm.set_tensor_a(ag)
            mm.set_tensor_b(v)
        mm.iterate_all(cg)
        mm.end()
    return body


@api(M_ + "set_tensor_a", M_ + "set_tensor_b")
@pytest.mark.parametrize("which", ["a", "b"])
def test_set_tensor_scalar(which):
    """Example three (set_tensor_a(scalar_a); set_tensor_b's scalar form): the matrix is the scalar in
    every element, so C = 3 x (column sums of B), or 3 x (row sums of A)."""
    m, n, k = 32, 48, 64
    a, b, _, ga, gb = operands(m, n, k, seed=5)
    t = tiling(m, n, k)
    c = launch(scalar_body(which, 3), ga, gb, f32((m, n)), np.zeros(n, np.float32), t)
    want = ref(np.full((m, k), 3), b) if which == "a" else ref(a, np.full((k, n), 3))
    np.testing.assert_array_equal(c, want)


# ---- disable_bias ----
def disable_body(first_with_bias):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        if first_with_bias:
            mm.set_bias(biasg)
            mm.iterate_all(cg)
        mm.disable_bias()  # clears the tiling's bias flag
        mm.iterate_all(cg[t.m * t.n:])
        mm.end()
    return body


@api(M_ + "disable_bias")
@pytest.mark.parametrize("first_with_bias", [False, True])
def test_disable_bias(first_with_bias):
    """The page's example (a tiling with is_bias = 1, no set_bias, disable_bias: C = A B) and, non-default,
    a call with the bias then one after disable_bias on the same object."""
    m, n, k = 32, 32, 48
    a, b, bv, ga, gb = operands(m, n, k, seed=6)
    t = tiling(m, n, k, bias=True)
    c = launch(disable_body(first_with_bias), ga, gb, f32((2, m, n)), bv, t)
    if first_with_bias:
        np.testing.assert_array_equal(c[0], ref(a, b, bv))
    np.testing.assert_array_equal(c[1], ref(a, b))


# ---- iterate_all: atomic, local C, asynchronous ----
def iterate_all_body(form):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        if form == "local":
            q = asc.TQue(asc.TPosition.VECOUT, 1)
            pipe.init_buffer(q, 1, 64 * 64 * 4)
            mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg, c_pos=VECIN))
        else:
            mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_bias(biasg)
        if form == "atomic":
            mm.iterate_all(cg, en_atomic=1)
        elif form == "async":
            mm.iterate_all(tensor=cg, en_atomic=0, sync=False, en_sequential_write=False, wait_iterate_all=True)
            mm.wait_iterate_all()
        else:
            loc = q.alloc_tensor(cg.dtype)
            mm.iterate_all(loc)
            q.enque(loc)
            loc = q.deque(cg.dtype)
            if asc.get_block_idx() == 0:
                asc.data_copy(cg, loc, t.m * t.n)
            q.free_tensor(loc)
        mm.end()
    return body


@api(M_ + "iterate_all")
def test_iterate_all_atomic():
    """en_atomic=1: the result is added onto what C holds (AtomicAdd)."""
    m, n, k = 48, 32, 64
    a, b, bv, ga, gb = operands(m, n, k, seed=7)
    c0 = np.random.default_rng(1).integers(-50, 50, (m, n)).astype(np.float32)
    c = launch(iterate_all_body("atomic"), ga, gb, c0.copy(), bv, tiling(m, n, k, bias=True))
    np.testing.assert_array_equal(c, c0 + ref(a, b, bv))


@api(M_ + "iterate_all")
def test_iterate_all_into_local_tensor():
    """C a LocalTensor (the prototype IterateAll(ubCmatrix)): singleCoreM x singleCoreN, row-major."""
    m, n, k = 32, 48, 32
    a, b, bv, ga, gb = operands(m, n, k, seed=8)
    t = tiling(m, n, k, bias=True, c_pos=VECIN)
    c = launch(iterate_all_body("local"), ga, gb, f32((m, n)), bv, t, mix=True)
    np.testing.assert_array_equal(c, ref(a, b, bv))


@api(M_ + "iterate_all", M_ + "wait_iterate_all")
@pytest.mark.parametrize("mix", [False, True])
def test_iterate_all_async_wait(mix):
    """wait_iterate_all's page example: iterate_all(sync=False, wait_iterate_all=True), then
    wait_iterate_all(): C complete after the wait."""
    m, n, k = 64, 48, 32
    a, b, bv, ga, gb = operands(m, n, k, seed=9)
    c = launch(iterate_all_body("async"), ga, gb, f32((m, n)), bv, tiling(m, n, k, bias=True), mix=mix)
    np.testing.assert_array_equal(c, ref(a, b, bv))


# ---- iterate + get_tensor_c ----
@asc.jit
def tile_out(cg: asc.GlobalTensor, loc: asc.LocalTensor, t: asc.adv.TCubeTiling, count: int):
    """Copy a baseM x baseN tile (row-major in loc) to its place in C (M-first order)."""
    rows = t.single_core_m // t.base_m
    start = count % rows * t.base_m * t.n + count // rows * t.base_n
    p = asc.DataCopyParams(block_count=t.base_m, block_len=t.base_n * 4 // 32, src_stride=0,
                           dst_stride=(t.n - t.base_n) * 4 // 32)
    if asc.get_block_idx() == 0:
        asc.data_copy(cg[start:], loc, repeat_params=p)


@asc.jit
def landed():
    """The tile get_tensor_c put in UB (MTE2) is complete before the kernel's copy out (MTE3)."""
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)


@asc.jit
def copied():
    """The copy out has read the tile before the next get_tensor_c writes the buffer again."""
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def iterate_body(form):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        local = form in ("ub", "both", "async", "async_c", "global")
        if local:
            q = asc.TQue(VECIN, 1)
            pipe.init_buffer(q, 1, t.base_m * t.base_n * 4)
            mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg, c_pos=VECIN if form != "both" else GM))
        else:
            mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        if form in ("async", "async_c", "global"):
            mm.set_workspace(ws + (8 << 20))  # the asynchronous forms' buffer of C tiles (set_workspace's page)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_bias(biasg)
        if form == "gm":
            with mm.iterate() as count:
                mm.get_tensor_c(tensor=cg)
        elif form == "atomic":
            with mm.iterate() as count:
                mm.get_tensor_c(cg, en_atomic=1)
        elif form == "ub":
            with mm.iterate() as count:
                loc = q.alloc_tensor(cg.dtype)
                mm.get_tensor_c(tensor=loc)
                landed()
                tile_out(cg, loc, t, count)
                copied()
                q.free_tensor(loc)
        elif form == "both":  # C to GM and the tile to VECIN as well; the copy goes to the second C
            with mm.iterate() as count:
                loc = q.alloc_tensor(cg.dtype)
                mm.get_tensor_c(tensor=cg, optional_tensor=loc)
                landed()
                tile_out(cg[t.m * t.n:], loc, t, count)
                copied()
                q.free_tensor(loc)
        else:  # the asynchronous forms: iterate(sync=False), then one get_tensor_c per tile
            mm.iterate(sync=False)
            tiles = (t.single_core_m // t.base_m) * (t.single_core_n // t.base_n)
            for i in range(tiles):
                loc = q.alloc_tensor(cg.dtype)
                if form == "async":
                    mm.get_tensor_c(tensor=loc, sync=False)
                    mm.wait_get_tensor_c()
                elif form == "async_c":
                    mm.async_get_tensor_c(loc)
                    mm.wait_get_tensor_c()
                else:  # the tile in the workspace, returned as a GlobalTensor, copied by hand
                    g = mm.get_tensor_c(sync=False)
                    asc.data_copy(loc, g, t.base_m * t.base_n)
                landed()
                tile_out(cg, loc, t, i)
                copied()
                q.free_tensor(loc)
        mm.end()
    return body


def run_iterate(form, m, n, k, fix, mix, c_shape=None, c0=None):
    a, b, bv, ga, gb = operands(m, n, k, seed=m + k)
    t = tiling(m, n, k, bias=True, fix=fix, c_pos=VECIN if form in ("ub", "async", "async_c", "global") else GM)
    c = f32(c_shape or (m, n)) if c0 is None else c0.copy()
    c = launch(iterate_body(form), ga, gb, c, bv, t, mix=mix)
    return c, ref(a, b, bv)


@api(M_ + "iterate", M_ + "get_tensor_c")
@pytest.mark.parametrize("m,n,k,fix,mix", [(64, 64, 32, (32, 32, -1), False), (80, 96, 48, (32, 64, -1), False),
                                           (64, 64, 32, (32, 32, -1), True)])
def test_iterate_get_tensor_c_gm(m, n, k, fix, mix):
    """`with mm.iterate() as count: mm.get_tensor_c(tensor=gm)`: one baseM x baseN tile per step, each to
    its place in C (tails included)."""
    c, want = run_iterate("gm", m, n, k, fix, mix)
    np.testing.assert_array_equal(c, want)


@api(M_ + "get_tensor_c")
def test_get_tensor_c_atomic():
    """Non-default en_atomic=1 on get_tensor_c: each tile added onto C."""
    m, n, k = 64, 64, 32
    c0 = np.random.default_rng(2).integers(-20, 20, (m, n)).astype(np.float32)
    c, want = run_iterate("atomic", m, n, k, (32, 32, -1), False, c0=c0)
    np.testing.assert_array_equal(c, c0 + want)


@api(M_ + "iterate", M_ + "get_tensor_c")
def test_get_tensor_c_to_vecin():
    """The page's first example, synchronous: each tile into a VECIN tensor (baseM x baseN), which the
    kernel copies to its place."""
    c, want = run_iterate("ub", 64, 128, 32, (32, 64, -1), True)
    np.testing.assert_array_equal(c, want)


@api(M_ + "get_tensor_c")
def test_get_tensor_c_gm_and_vecin():
    """The page's third example: get_tensor_c(tensor=gm, optional_tensor=ub_cmatrix): the tile in GM and
    in VECIN."""
    m, n = 64, 64
    c, want = run_iterate("both", m, n, 32, (32, 32, -1), True, c_shape=(2, m, n))
    np.testing.assert_array_equal(c[0], want)
    np.testing.assert_array_equal(c[1], want)


@api(M_ + "iterate", M_ + "get_tensor_c", M_ + "wait_get_tensor_c", M_ + "set_workspace")
def test_iterate_async_get_tensor_c():
    """The asynchronous example: iterate(sync=False), then for each of the single_m / base_m x single_n /
    base_n tiles get_tensor_c(tensor=ub_cmatrix, sync=False) and wait_get_tensor_c (its page: before the
    vector unit uses UB); set_workspace gives the buffer of C tiles."""
    c, want = run_iterate("async", 64, 96, 32, (32, 32, -1), True)
    np.testing.assert_array_equal(c, want)


@api(M_ + "async_get_tensor_c", M_ + "wait_get_tensor_c")
def test_async_get_tensor_c():
    """async_get_tensor_c(c): the result tile of the asynchronous iterate into c (as get_tensor_c(c,
    sync=False))."""
    c, want = run_iterate("async_c", 64, 64, 48, (32, 32, -1), True)
    np.testing.assert_array_equal(c, want)


@api(M_ + "get_tensor_c", M_ + "set_workspace")
def test_get_tensor_c_returns_global_tensor():
    """The page's fourth example: get_tensor_c(sync=False) returns the tile in GM (the workspace), which the
    kernel copies to UB by hand."""
    c, want = run_iterate("global", 64, 64, 32, (32, 32, -1), True)
    np.testing.assert_array_equal(c, want)


def psum_body():
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        with mm.iterate() as count:
            pass
        mm.set_tensor_a(ag[t.m * t.k_a:])
        mm.set_tensor_b(bg[t.k_b * t.n:])
        with mm.iterate(en_partial_sum=True) as count:
            mm.get_tensor_c(cg)
        mm.end()
    return body


@api(M_ + "iterate")
def test_iterate_en_partial_sum():
    """en_partial_sum=True: the product is added onto what L0C holds (one tile): A0 B0 + A1 B1."""
    m, n, k = 32, 32, 64
    rng = np.random.default_rng(10)
    a = rng.integers(-4, 5, (2, m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (2, k, n)).astype(np.float16)
    t = tiling(m, n, k)
    c = launch(psum_body(), a, b, f32((m, n)), np.zeros(n, np.float32), t)
    np.testing.assert_array_equal(c, ref(a[0], b[0]) + ref(a[1], b[1]))


# ---- get_offset_c ----
def offset_body():
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, ag.dtype), asc.adv.MatmulType(GM, ND, bg.dtype),
                            asc.adv.MatmulType(GM, ND, cg.dtype))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        with mm.iterate() as count:
            mm.get_tensor_c(cg)
            o = mm.get_offset_c()
            biasg.set_value(5 * count, o.offset)
            biasg.set_value(5 * count + 1, o.row)
            biasg.set_value(5 * count + 2, o.col)
            biasg.set_value(5 * count + 3, o.height)
            biasg.set_value(5 * count + 4, o.width)
        mm.end()
    return body


@api(M_ + "get_offset_c")
def test_get_offset_c():
    """'The position of the current tile in the whole C matrix': MatrixOffset (offset, row, col, height,
    width) of each tile of a 40 x 50 C in 16 x 32 tiles (M first; tails 8 rows and 18 columns), offset =
    row x N + col; worked out by hand."""
    m, n, k = 40, 50, 32
    a, b, _, ga, gb = operands(m, n, k, seed=11)
    t = tiling(m, n, k, fix=(16, 32, -1))
    out = np.full(30, -1, np.int32)
    c = launch(offset_body(), ga, gb, f32((m, n)), out, t)
    np.testing.assert_array_equal(c, ref(a, b))
    want = [(0, 0, 0, 16, 32), (800, 16, 0, 16, 32), (1600, 32, 0, 8, 32),
            (32, 0, 32, 16, 18), (832, 16, 32, 16, 18), (1632, 32, 32, 8, 18)]
    assert [tuple(out[5 * i:5 * i + 5]) for i in range(6)] == want


# ---- set_org_shape / set_single_shape / set_tail ----
def org_body(forms):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        tb = forms == "kb"
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg, False, tb))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg, tb)
        mm.iterate_all(cg)  # the tiling's own shape first
        if forms == "mnk":  # reuse: the 32 x 32 block at (32, 48) of a 64 x 96 C, K 32 of A's 80
            mm.set_org_shape(64, 96, 80)
            mm.set_tensor_a(ag[32 * 80:])
            mm.set_tensor_b(bg[48:])
            mm.iterate_all(cg[t.m * t.n + 32 * 96 + 48:])
        else:  # org_ka != org_kb: A rows 80 apart, B (transposed, N x Kb) rows 64 apart
            mm.set_org_shape(64, 96, 80, 64)
            mm.set_tensor_a(ag[32 * 80:])
            mm.set_tensor_b(bg[48 * 64:], True)
            mm.iterate_all(cg[t.m * t.n + 32 * 96 + 48:])
        mm.end()
    return body


@api(M_ + "set_org_shape")
@pytest.mark.parametrize("forms", ["mnk", "kb"])
def test_set_org_shape(forms):
    """The page's example: iterate_all on the tiling's shape (32 x 32 x 32, C 32 x 32), then the same object
    reused after set_org_shape on a block of larger matrices (A 64 x 80, B 80 x 96 or, with org_kb,
    B stored N x Kb = 96 x 64, C 64 x 96): C[32:64, 48:80] = A[32:64, :32] B[:32, 48:80], the rest of that C
    untouched."""
    rng = np.random.default_rng(12)
    A = rng.integers(-4, 5, (64, 80)).astype(np.float16)
    B = rng.integers(-4, 5, (80, 96)).astype(np.float16)
    if forms == "kb":
        B = rng.integers(-4, 5, (64, 96)).astype(np.float16)
        gb = np.ascontiguousarray(B.T)  # N x Kb
    else:
        gb = B
    t = tiling(32, 32, 32, tb=forms == "kb")
    c = launch(org_body(forms), A, gb, f32(32 * 32 + 64 * 96), np.zeros(96, np.float32), t)
    if forms == "kb":  # the first call: A rows 32 apart read from A's buffer, B (N x K) rows 32 apart
        first = ref(A.reshape(-1)[:1024].reshape(32, 32), gb.reshape(-1)[:1024].reshape(32, 32).T)
    else:
        first = ref(A.reshape(-1)[:1024].reshape(32, 32), B.reshape(-1)[:1024].reshape(32, 32))
    np.testing.assert_array_equal(c[:1024].reshape(32, 32), first)
    big = c[1024:].reshape(64, 96)
    want = np.full((64, 96), -1.0)
    want[32:64, 48:80] = ref(A[32:64, :32], B[:32, 48:80])
    np.testing.assert_array_equal(big, want)


def single_body(kind):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_bias(biasg)
        if kind == "single":
            mm.set_single_shape(40, 24, 48)
        elif kind == "tail":
            mm.set_tail(40, 24, 48)
        else:  # only tail_m: N and K keep the tiling's (the -1 defaults)
            mm.set_tail(20)
        mm.iterate_all(cg)
        mm.end()
    return body


@api(M_ + "set_single_shape", M_ + "set_tail")
@pytest.mark.parametrize("kind", ["single", "tail", "tail_m"])
def test_set_single_shape_and_tail(kind):
    """A tail core's shape (the pages' use): a tiling of 64 x 64 x 64; set_single_shape(40, 24, 48) (or
    set_tail with the same values) computes C[:40, :24] = A[:40, :48] B[:48, :24] + bias; set_tail(20) only
    M.  The rest of C is untouched."""
    m = n = k = 64
    a, b, bv, ga, gb = operands(m, n, k, seed=13)
    t = tiling(m, n, k, bias=True)
    c = launch(single_body(kind), ga, gb, f32((m, n)), bv, t)
    tm, tn, tk = (20, 64, 64) if kind == "tail_m" else (40, 24, 48)
    want = np.full((m, n), -1.0)
    want[:tm, :tn] = ref(a[:tm, :tk], b[:tk, :tn], bv[:tn])
    np.testing.assert_array_equal(c, want)


# ---- the batch forms ----
L = asc.LayoutMode


def batch_tiling(m, n, k, nb, bias=False):
    def info(api_):
        assert api_.set_batch_info_for_normal(nb, nb, m, n, k) == 0
    return tiling(m, n, k, bias=bias, extra=info)


def batch_body(form, batch_a, batch_b):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, ag.dtype, False, L.NORMAL),
                            asc.adv.MatmulType(GM, ND, bg.dtype, False, L.NORMAL),
                            asc.adv.MatmulType(GM, ND, cg.dtype, False, L.NORMAL),
                            asc.adv.MatmulType(GM, ND, biasg.dtype))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_bias(biasg)
        if form == "counts":
            mm.iterate_batch(tensor=cg, batch_a=batch_a, batch_b=batch_b, en_sequential_write=False)
        elif form == "atomic":
            mm.iterate_batch(cg, batch_a, batch_b, False, en_atomic=1)
        elif form == "set_batch_num":  # the cube-only form: counts from set_batch_num
            mm.set_batch_num(batch_a, batch_b)
            mm.iterate_batch(tensor=cg, en_partial_sum=False, en_atomic=0, en_sequential_write=False)
        else:
            mm.iterate_batch(cg, batch_a, batch_b, False, sync=False, wait_iterate_batch=True)
            mm.wait_iterate_batch()
        mm.end()
    return body


def run_batch(form, batch_a, batch_b, mix=False):
    m, n, k = 32, 48, 32
    nb = max(batch_a, batch_b)
    rng = np.random.default_rng(14)
    a = rng.integers(-4, 5, (batch_a, m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (batch_b, k, n)).astype(np.float16)
    bias = rng.integers(-9, 10, (nb, n)).astype(np.float32)
    c0 = rng.integers(-20, 20, (nb, m, n)).astype(np.float32)
    t = batch_tiling(m, n, k, nb, bias=True)
    c = launch(batch_body(form, batch_a, batch_b), a, b, c0.copy(), bias, t, mix=mix)
    # broadcast: one A serves nb / batch_a consecutive batches, B likewise (the batch counts are multiples)
    want = np.stack([ref(a[j // (nb // batch_a)], b[j // (nb // batch_b)], bias[j]) for j in range(nb)])
    np.testing.assert_array_equal(c, want + (c0 if form == "atomic" else 0))


@api(M_ + "iterate_batch")
@pytest.mark.parametrize("batch_a,batch_b,mix", [(3, 3, False), (4, 2, False), (2, 2, True)])
def test_iterate_batch(batch_a, batch_b, mix):
    """iterate_batch(tensor=gm_c, batch_a, batch_b, en_sequential_write=False) on NORMAL batches (set up
    with set_batch_info_for_normal): batch_a x / batch_b x (m x k) (k x n) products, a bias row per batch
    (the default is_bias_batch); batch counts in a multiple relation broadcast the smaller."""
    run_batch("counts", batch_a, batch_b, mix)


@api(M_ + "iterate_batch")
def test_iterate_batch_en_atomic():
    """Non-default en_atomic=1: every batch's C added onto what GM holds.  (Cube-only: in a MIX kernel each
    of the two vector cores making the call would add its own product.)"""
    run_batch("atomic", 2, 2)


@api(M_ + "set_batch_num", M_ + "iterate_batch")
def test_set_batch_num():
    """set_batch_num's page example: set_batch_num(batch_a, batch_b), then iterate_batch(tensor=gm_c,
    en_partial_sum=False, en_atomic=0, en_sequential_write=False) (pure Cube mode)."""
    run_batch("set_batch_num", 2, 2)


@api(M_ + "wait_iterate_batch", M_ + "iterate_batch")
@pytest.mark.parametrize("mix", [False, True])
def test_wait_iterate_batch(mix):
    """iterate_batch(..., sync=False, wait_iterate_batch=True) then wait_iterate_batch(): C complete."""
    run_batch("async", 2, 2, mix)


def bsngd_body():
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, ag.dtype, False, L.BSNGD),
                            asc.adv.MatmulType(GM, ND, bg.dtype, True, L.BSNGD),
                            asc.adv.MatmulType(GM, ND, cg.dtype, False, L.BNGS1S2),
                            asc.adv.MatmulType(GM, ND, biasg.dtype))
        asc.adv.register_matmul(pipe, ws, mm)
        mm.init(t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg, True)
        mm.iterate_batch(tensor=cg, batch_a=2, batch_b=2, en_sequential_write=False)
        mm.end()
    return body


@api(M_ + "iterate_batch")
def test_iterate_batch_page_layouts():
    """The page's example layouts: A BSNGD, B BSNGD transposed, C BNGS1S2 (A [B=1, S=32, N=2, G=1, D=32],
    B [1, S=48, 2, 1, 32] read as N x K per head, C [1, 2, 1, S1=32, S2=48]): per head j,
    C_j = A_j B_j^T, where A_j is A[:, :, j, :, :] (rows n·g·d apart)."""
    s, h, d, s2 = 32, 2, 32, 48
    rng = np.random.default_rng(15)
    A = rng.integers(-4, 5, (1, s, h, 1, d)).astype(np.float16)
    Bt = rng.integers(-4, 5, (1, s2, h, 1, d)).astype(np.float16)

    def layouts(api_):
        assert api_.set_a_layout(1, s, h, 1, d) == 0 and api_.set_b_layout(1, s2, h, 1, d) == 0
        assert api_.set_c_layout(1, s, h, 1, s2) == 0 and api_.set_batch_num(2) == 0
    t = tiling(s, s2, d, tb=True, extra=layouts)
    c = launch(bsngd_body(), A, Bt, f32((1, h, 1, s, s2)), np.zeros(s2, np.float32), t)
    for j in range(h):
        np.testing.assert_array_equal(c[0, j, 0], ref(A[0, :, j, 0, :], Bt[0, :, j, 0, :].T))


def nbatch_body(form, loops, nb):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        cfg = asc.adv.get_normal_config(batch_loop=True)  # isNBatch (iterate_n_batch's page)
        mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, ag.dtype, False, L.NORMAL),
                            asc.adv.MatmulType(GM, ND, bg.dtype, False, L.NORMAL),
                            asc.adv.MatmulType(GM, ND, cg.dtype, False, L.NORMAL), None, cfg)
        asc.adv.register_matmul(pipe, ws, mm, t)
        size = t.m * t.n * nb
        mm.set_workspace(ws + (8 << 20))  # iterate_n_batch's results
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        if form == "sync":
            mm.iterate_n_batch(loops, nb, nb, False)
            mm.wait_iterate_batch()
            buf = asc.TBuf(VECIN)
            pipe.init_buffer(buf, size * 4)
            for i in asc.static_range(loops):
                loc = buf.get(asc.float32)
                g = mm.get_batch_tensor_c(nb, nb)
                asc.data_copy(loc, g, size)
                asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
                asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
                if asc.get_block_idx() == 0:
                    asc.data_copy(cg[i * size:], loc, size)
                asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
                asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        else:  # the page's asynchronous form with the LocalTensor get_batch_tensor_c
            mm.iterate_n_batch(loops, nb, nb, False, sync=False)
            buf = asc.TBuf(VECIN)
            pipe.init_buffer(buf, size * 4)
            for i in asc.static_range(loops):
                loc = buf.get(asc.float32)
                mm.get_batch_tensor_c(tensor=loc, batch_a=nb, batch_b=nb, sync=False)
                asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
                asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
                if asc.get_block_idx() == 0:
                    asc.data_copy(cg[i * size:], loc, size)
                asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
                asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        mm.end()
    return body


@api(M_ + "iterate_n_batch", M_ + "get_batch_tensor_c", M_ + "set_workspace")
@pytest.mark.parametrize("form", ["sync", "async"])
def test_iterate_n_batch_get_batch_tensor_c(form):
    """iterate_n_batch(batch_loop, batch_a, batch_b, False): batch_loop x (batch_a, batch_b) batch products
    into set_workspace's buffer; each get_batch_tensor_c takes the next max(batch_a, batch_b) x
    singleCoreM x singleCoreN of them (as a GlobalTensor, or into a LocalTensor)."""
    m, n, k, nb, loops = 16, 32, 32, 2, 2
    rng = np.random.default_rng(16)
    a = rng.integers(-4, 5, (loops * nb, m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (loops * nb, k, n)).astype(np.float16)
    t = batch_tiling(m, n, k, nb)
    c = launch(nbatch_body(form, loops, nb), a, b, f32((loops * nb, m, n)), np.zeros(n, np.float32), t, mix=True)
    np.testing.assert_array_equal(c, np.stack([ref(a[j], b[j]) for j in range(loops * nb)]))


# ---- quantised C ----
def quant_body(kind, word):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, ag.dtype), asc.adv.MatmulType(GM, ND, bg.dtype),
                            asc.adv.MatmulType(GM, ND, cg.dtype))
        asc.adv.register_matmul(pipe, ws, mm, t)
        if kind == "scalar":
            mm.set_quant_scalar(word)
        else:
            mm.set_quant_vector(biasg)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
        mm.end()
    return body


def f32_word(x):
    return int(np.array(x, np.float32).view(np.uint32))


@api(M_ + "set_quant_scalar")
@pytest.mark.parametrize("scale", [0.1, 0.25, 3.0])
def test_set_quant_scalar(scale):
    """The page's example (the scale 0.1 as its float32 bits in the uint64 word) on int8 A / B with a half C
    (host set_dequant_type(SCALAR)): every element of C is the int32 result times the scale, rounded to
    half (within half an ulp of the exact product, once rounded)."""
    m, n, k = 32, 48, 64
    a, b, _, ga, gb = operands(m, n, k, np.int8, seed=17)

    def deq(api_):
        assert api_.set_dequant_type(host.DequantType.SCALAR) == 0
    t = tiling(m, n, k, din=np.int8, dc=np.float16, extra=deq)
    c = launch(quant_body("scalar", f32_word(scale)), ga, gb, np.zeros((m, n), np.float16),
               np.zeros(n, np.int32), t)
    exact = ref(a, b) * np.float64(np.float32(scale))
    hulp = np.spacing(np.abs(exact).astype(np.float16)).astype(np.float64)
    assert (np.abs(c.astype(np.float64) - exact) <= hulp / 2 + 1e-12).all()


@api(M_ + "set_quant_vector")
def test_set_quant_vector():
    """A [1, N] vector of uint64 quant words (an f32 scale in each low half): column j of C is scaled by
    word j (int8 A / B, half C, host set_dequant_type(TENSOR))."""
    m, n, k = 32, 48, 64
    a, b, _, ga, gb = operands(m, n, k, np.int8, seed=18)
    scales = (np.arange(n, dtype=np.float32) % 7 + 1) / 8
    words = scales.view(np.uint32).astype(np.uint64)

    def deq(api_):
        assert api_.set_dequant_type(host.DequantType.TENSOR) == 0
    t = tiling(m, n, k, din=np.int8, dc=np.float16, extra=deq)
    c = launch(quant_body("vector", 0), ga, gb, np.zeros((m, n), np.float16), words, t)
    exact = ref(a, b) * scales.astype(np.float64)  # eighths: exact in half for these magnitudes
    np.testing.assert_array_equal(c, exact.astype(np.float16))


# ---- user data of callbacks ----
def user_body(which):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        if which == "self":
            mm.set_self_define_data(ws)
        elif which == "self_int":
            mm.set_self_define_data(1234)
        else:
            mm.set_user_def_info(ws)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
        mm.end()
    return body


@api(M_ + "set_self_define_data", M_ + "set_user_def_info")
@pytest.mark.parametrize("which", ["self", "self_int", "user"])
def test_callback_data(which):
    """set_self_define_data(data_ptr) (a GM address or an int) and set_user_def_info(tiling_ptr) before
    set_tensor_a / set_tensor_b (their pages' order): data for a MatmulCallBackFunc; with no callback the
    product is unchanged."""
    m, n, k = 32, 32, 32
    a, b, _, ga, gb = operands(m, n, k, seed=19)
    c = launch(user_body(which), ga, gb, f32((m, n)), np.zeros(n, np.float32), tiling(m, n, k))
    np.testing.assert_array_equal(c, ref(a, b))


# ---- set_hf32 ----
def hf32_body(mode):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_bias(biasg)
        mm.set_hf32(True, mode)
        mm.iterate_all(cg)
        mm.set_hf32(False)
        mm.iterate_all(cg[t.m * t.n:])
        mm.end()
    return body


@api(M_ + "set_hf32")
@pytest.mark.parametrize("mode", [0, 1])
def test_set_hf32(mode):
    """The page's example (float A / B / C / bias, pure Cube mode): set_hf32(True) rounds the float inputs
    to hf32 (a precision loss), set_hf32(False) restores float.  A holds 1 + 2^-20 (and small integers)
    and B ones: hf32 keeps far fewer than 20 mantissa bits, so with hf32 each product is 1 (or the
    integer), without it 1 + 2^-20 exactly.  trans_mode 0 and 1 (Ascend C's SetHF32: ties to even / away
    from zero) agree here (no ties)."""
    m, n, k = 32, 32, 32
    rng = np.random.default_rng(20)
    a = np.zeros((m, k), np.float32)  # |partial sums| < 8: float keeps 2^-20 whatever the order of the adds
    a[:, 0] = 1 + 2.0 ** -20
    a[:, 1] = rng.integers(-2, 3, m)
    b = np.ones((k, n), np.float32)
    bias = rng.integers(-2, 3, n).astype(np.float32)
    t = tiling(m, n, k, din=np.float32, bias=True)
    c = launch(hf32_body(mode), a, b, f32((2, m, n)), bias, t)
    a_hf32 = a.copy()
    a_hf32[:, 0] = 1.0
    np.testing.assert_array_equal(c[0], (a_hf32.astype(np.float64) @ b + bias).astype(np.float32))
    np.testing.assert_array_equal(c[1], (a.astype(np.float64) @ b + bias).astype(np.float32))
    assert (c[0] != c[1]).any()


# ---- set_sparse_index ----
def densify(b):
    """The 4:2 densification of Ascend C's index-matrix page (辅助矩阵分形格式详解, 4选2稀疏索引矩阵): per
    column of B (K x N) and group of four k with its two non-zeros at p0 < p1, the two values and their
    2-bit indices (p0, p1 - 1), four indices to a uint8 from the low bits, in Zn fractals of 16 columns x
    32 dense k (K1 major, then N1; a fractal is 16 rows of 8 bytes)."""
    k, n = b.shape
    dense = np.zeros((n, k // 2), np.int8)
    idx = np.zeros((n, k // 2), np.uint8)
    for j in range(n):
        for g in range(k // 4):
            grp = b[4 * g:4 * g + 4, j]
            p0, p1 = [p for p in range(4) if grp[p] != 0]
            dense[j, 2 * g], dense[j, 2 * g + 1] = grp[p0], grp[p1]
            idx[j, 2 * g], idx[j, 2 * g + 1] = p0, p1 - 1
    n1, k1 = -(-n // 16), -(-(k // 2) // 32)
    packed = np.zeros((k1, n1 * 16, 8), np.uint8)
    for j in range(n):
        for kk in range(k // 2):
            packed[kk // 32, j, (kk % 32) // 4] |= idx[j, kk] << (2 * (kk % 4))
    return dense, packed.reshape(-1)


def sparse_body():
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, ag.dtype), asc.adv.MatmulType(GM, ND, bg.dtype, True),
                            asc.adv.MatmulType(GM, ND, cg.dtype), None, asc.adv.get_mdl_config())
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg, True)
        mm.set_sparse_index(biasg)  # set the index matrix
        mm.iterate_all(cg)
        mm.end()
    return body


@api(M_ + "set_sparse_index")
@pytest.mark.parametrize("m,n,k", [(32, 32, 64), (48, 40, 128)])
def test_set_sparse_index(m, n, k):
    """The page's example in pure Cube mode with the MDL template (its constraints): int8 A (M x K), the
    densified B (Ascend C's sparse Matmul takes it as N x K/2, transposed) and the NZ index matrix: C = A B
    for the original 4:2-sparse B (K x N)."""
    rng = np.random.default_rng(m + k)
    a = rng.integers(-4, 5, (m, k)).astype(np.int8)
    b = np.zeros((k, n), np.int8)
    for j in range(n):
        for g in range(k // 4):
            pos = rng.choice(4, 2, replace=False)
            b[4 * g + pos, j] = rng.choice([-4, -3, -2, -1, 1, 2, 3, 4], 2)
    dense, index = densify(b)

    def sparse(api_):
        assert api_.set_sparse(True) == 0
    t = tiling(m, n, k, din=np.int8, tb=True, extra=sparse)
    c = launch(sparse_body(), a, dense, np.full((m, n), -1, np.int32), index, t)
    np.testing.assert_array_equal(c, ref(a, b))


def org_kc_body(kc):
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(*mm_types(ag, bg, cg, biasg))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_org_shape(32, 32, 32, 32, kc)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
        mm.end()
    return body


@api(M_ + "set_org_shape")
def test_set_org_shape_org_kc():
    """The 5-value form: org_kc 0 (the default: B's N) and equal to N compute as the 4-value form; a C
    row length of its own (the page: 'when B's N and C's N differ') is not implemented in openasc: a
    NotImplementedError naming it, never a silently ignored argument."""
    m = n = k = 32
    a, b, _, ga, gb = operands(m, n, k, seed=21)
    t = tiling(m, n, k)
    for kc in (0, 32):
        c = launch(org_kc_body(kc), ga, gb, f32((m, n)), np.zeros(n, np.float32), t)
        np.testing.assert_array_equal(c, ref(a, b))
    with pytest.raises(NotImplementedError, match="set_org_shape\\(org_kc=...\\).*not implemented yet"):
        launch(org_kc_body(48), ga, gb, f32((m, 48)), np.zeros(n, np.float32), t)


def co1_body():
    @asc.jit
    def body(ag: asc.GlobalTensor, bg: asc.GlobalTensor, cg: asc.GlobalTensor, biasg: asc.GlobalTensor,
             t: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        pipe = asc.TPipe()
        qc = asc.TQue(asc.TPosition.CO1, 1)
        pipe.init_buffer(que=qc, num=1, len=t.base_m * t.base_n * 4)
        mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, ag.dtype), asc.adv.MatmulType(GM, ND, bg.dtype),
                            asc.adv.MatmulType(asc.TPosition.CO1, asc.CubeFormat.NZ, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, t)
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        co1 = qc.alloc_tensor(asc.float32)
        rows = t.single_core_m // t.base_m
        with mm.iterate(local_c_matrix=co1) as count:
            m0 = count % rows * t.base_m
            n0 = count // rows * t.base_n
            # the tile in the kernel's CO1 (Nz, baseM x baseN, column fractals baseM rows apart) to C
            asc.fixpipe(cg[m0 * t.n + n0:], co1, asc.FixpipeParamsV220(t.base_n, t.base_m, t.base_m, t.n))
        qc.free_tensor(co1)
        mm.end()
    return body


@api(M_ + "iterate")
def test_iterate_local_c_matrix():
    """local_c_matrix: the kernel's CO1 tensor receives each tile (the page's constraint: C's MatmulType
    TPosition.CO1, CubeFormat.NZ, float); the kernel's fixpipe writes it to GM."""
    m, n, k = 64, 96, 32
    a, b, _, ga, gb = operands(m, n, k, seed=22)
    t = tiling(m, n, k, fix=(32, 32, -1))
    c = launch(co1_body(), ga, gb, f32((m, n)), np.zeros(n, np.float32), t)
    np.testing.assert_array_equal(c, ref(a, b))
