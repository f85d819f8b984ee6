"""@asc.jit syntax: C-like scalars, folding, control flow, jit-to-jit calls, ConstExpr, caching."""
import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

SCALE = 3


def run(kernel, n, *args, dtype=np.int32, cores=1):
    out = np.zeros(n, dtype)
    kernel[cores](out, *args)
    return out


@asc.jit
def arith_kernel(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, a / b)
    g.set_value(1, a // b)
    g.set_value(2, a % b)
    g.set_value(3, a << 2)
    g.set_value(4, a >> 1)
    g.set_value(5, (a & 6) | (b ^ 3))
    g.set_value(6, -a + b * SCALE)
    g.set_value(7, 7 // 2 + 7 % 4)  # folded by Python
    g.set_value(8, a.ceildiv(b))
    g.set_value(9, (a < b) + 0)
    g.set_value(10, (a != b and b > 0) + 0)
    g.set_value(11, (not a) + 0)
    g.set_value(12, a if a > b else b)


@pytest.mark.parametrize("a,b", [(-7, 2), (7, 2), (9, -4), (5, 5)])
def test_c_like_integer_arithmetic(a, b):
    o = run(arith_kernel, 13, a, b)
    trunc = int(a / b)
    rem = a - trunc * b
    ceil = -((-a) // b) if b > 0 else int(np.ceil(a / b))
    assert list(o) == [trunc, trunc, rem, a << 2, a >> 1, (a & 6) | (b ^ 3), -a + b * 3, 6, ceil,
                       int(a < b), int(a != b and b > 0), int(not a), max(a, b)]


def test_float_scalars_and_casts():
    @asc.jit
    def k(out: asc.GlobalAddress, x: float, i: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, x / 2)
        g.set_value(1, x // 2)  # true division on floats
        g.set_value(2, i.cast(asc.float32) * 0.5)
        g.set_value(3, (x * 4).cast(asc.int32).cast(asc.float32))
        g.set_value(4, x.cast(asc.float16).cast(asc.float32))
        g.set_value(5, asc.number(2, asc.float32) + x)

    o = run(k, 8, 3.0, 5, dtype=np.float32)
    np.testing.assert_allclose(o[:6], [1.5, 1.5, 2.5, 12, 3.0, 5.0])


def test_if_elif_else_runtime_and_folded():
    @asc.jit
    def k(out: asc.GlobalAddress, a: int, mode: asc.ConstExpr[int]):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        y = 0
        z = 100
        if a > 10:
            y = 1
        elif a > 5:
            y = 2
            z = z + a
        else:
            y = 3
        if mode == 1:  # folded
            g.set_value(2, 11)
        else:
            g.set_value(2, 22)
        g.set_value(0, y)
        g.set_value(1, z)

    assert list(run(k, 3, 20, 1)) == [1, 100, 11]
    assert list(run(k, 3, 7, 2)) == [2, 107, 22]
    assert list(run(k, 3, 0, 1)) == [3, 100, 11]


def test_loops_carried_values():
    @asc.jit
    def k(out: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        total = 0
        prod = 1
        for i in range(n):
            total += i
        for i in asc.range(1, n, 2):
            prod = prod * i
        w = 1
        while w < n:
            w = w * 3
        for j in asc.static_range(3):
            g.set_value(4 + j, j * j)
        g.set_value(0, total)
        g.set_value(1, prod)
        g.set_value(2, w)
        g.set_value(3, n)

    assert list(run(k, 7, 8)) == [28, 105, 9, 8, 0, 1, 4]
    assert list(run(k, 7, 0)) == [0, 1, 1, 0, 0, 1, 4]


@asc.jit
def offsets(idx, size: asc.ConstExpr[int]):
    return idx * size, idx * size + size


@asc.jit
def store(g: asc.GlobalTensor, i, v):
    g.set_value(i, v)


def test_jit_calls_with_tuple_return_and_specialisation():
    @asc.jit
    def k(out: asc.GlobalAddress, i: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        a, b = offsets(i, 4)
        c, d = offsets(i, 10)  # another ConstExpr: another specialisation
        store(g, 0, a)
        store(g, 1, b)
        store(g, 2, c)
        store(g, 3, d)

    assert list(run(k, 4, 2)) == [8, 12, 20, 30]
    assert "offsets_" in k.last_ir and k.last_ir.count('sym_visibility = "private"') == 3


def test_fstring_assert_and_dtype_sizeof():
    @asc.jit
    def k(out: asc.GlobalAddress, tag: asc.ConstExpr[str]):
        name = f"{tag}-{out.dtype.sizeof()}"
        assert name == "t-4", f"bad name {name}"
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, len(name))

    assert run(k, 1, "t")[0] == 3


def test_loc_on_every_op_and_strip_loc():
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, 1)

    run(k, 1)
    ops = [ln for ln in k.last_ir.splitlines() if '"' in ln and "= \"" in ln or ln.strip().startswith('"asc')]
    assert ops and all("loc(" in ln and "test_syntax.py" in ln for ln in ops)
    k2 = asc.jit(strip_loc=True)(k.fn)
    run(k2, 1)
    assert "loc(" not in k2.last_ir


def test_cache_and_globals_change():
    global SCALE
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, SCALE)

    assert run(k, 1)[0] == 3
    assert run(k, 1)[0] == 3 and len(k.cache) == 1
    SCALE = 5
    try:
        assert run(k, 1)[0] == 5  # the global changed: retraced
    finally:
        SCALE = 3
    assert len(k.cache) == 1  # the stale entry was replaced
    k[1](np.zeros(1, np.int32), always_compile=True)


def test_current_tick_and_report():
    from kernels import binary_kernel
    x = np.ones(256, np.float32)
    z = np.zeros(256, np.float32)
    binary_kernel[1](x, x, z, 256, asc.add, 256)
    assert rt.current_tick() > 0
    text = rt.report_text()
    assert "cycles" in text and "PIPE_V" in text
    assert rt.last_report()["cores"][0]["busy"]["PIPE_V"] > 0


def test_global_tensor_bound_inside_runtime_branch_and_ifexp_constants():
    @asc.jit
    def k(out: asc.GlobalAddress, a: int):
        g = asc.GlobalTensor()
        if a > 0:
            g.set_global_buffer(out)
        else:
            g.set_global_buffer(out + 1)
        g.set_value(0, 10 if a > 0 else 20)

    assert list(run(k, 2, 1)) == [10, 0]
    assert list(run(k, 2, -1)) == [0, 20]


def test_nested_loops_with_branch_carried_values_and_tensor_handles():
    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        pipe = asc.TPipe()
        q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 2)
        pipe.init_buffer(q, 2, 256)
        t = q.alloc_tensor(x.dtype)
        asc.data_copy(t, xg, 64)
        q.enque(t)
        t = q.deque(x.dtype)
        acc = 0.0
        cnt = 0
        for i in range(n):
            for j in range(2):
                v = t.get_value(i * 2 + j)
                if v > 0.0:
                    acc = acc + v
                    cnt += 1
        q.free_tensor(t)
        zg.set_value(0, acc)
        zg.set_value(1, cnt.cast(asc.float32))
        last = q.alloc_tensor(x.dtype)
        q.free_tensor(last)
        for i in range(3):  # a tensor handle carried through a loop
            last = q.alloc_tensor(x.dtype)
            q.free_tensor(last)

    x = np.random.default_rng(0).uniform(-1, 1, 64).astype(np.float32)
    z = np.zeros(8, np.float32)
    k[1](x, z, 32)
    assert z[0] == pytest.approx(x[x > 0].sum(), rel=1e-5)
    assert z[1] == (x > 0).sum()


def test_kernel_closing_over_local_values():
    def make(scale):
        @asc.jit
        def k(out: asc.GlobalAddress, a: int):
            g = asc.GlobalTensor()
            g.set_global_buffer(out)
            g.set_value(0, a * scale)
        return k

    assert run(make(3), 1, 5)[0] == 15
    assert run(make(7), 1, 5)[0] == 35


def test_remaining_syntax_features():
    """api.md §2.3 rows not covered above: annotated assignment, augmented assignment on a
    subscript, tuple targets, list/tuple literals, `is`/`is not`, `not`, unary minus, runtime
    IfExp, BoolOp with a folded operand, `pass`, static asserts and compile-time builtins."""
    @asc.jit
    def k(out: asc.GlobalAddress, a: int, opt: asc.ConstExpr = None):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        x: int = a + 1
        table = [1, 2, 3]
        table[1] += 40
        (p, q), r = (table[0], table[1]), table[2]
        assert len(table) == 3 and isinstance(p, int)
        if opt is None:
            pass
        flag = 1 if opt is not None else 0
        g.set_value(0, x)
        g.set_value(1, p + q + r)
        g.set_value(2, -a)
        g.set_value(3, (not a) + 0)
        g.set_value(4, a if a > 2 else -1)
        g.set_value(5, flag)
        g.set_value(6, (True and a > 0) + 0)
        g.set_value(7, max(table) + min(4, 5) + abs(-2))

    assert list(run(k, 8, 5)) == [6, 46, -5, 0, 5, 0, 1, 48]
    assert list(run(k, 8, 0, 7)) == [1, 46, 0, 1, -1, 1, 0, 48]
