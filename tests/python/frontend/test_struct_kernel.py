"""Structs inside a kernel (issue 13): assigning a field of a Struct kernel argument and reading it
back, building a user Struct or asc.adv.TCubeTiling in the kernel body (keyword fields,
defaults, nested structs), passing it to a jit callee, and field assignments inside runtime
if / for / while (for user structs and the parameter structs such as DataCopyParams).  Every
result is compared with a value computed by hand here."""
import numpy as np
import pytest

import asc
from asc.language.core.struct import Field, Struct, StructField


class Tile(Struct):
    length = Field(dtype=asc.int32, default=8)
    count = Field(dtype=asc.int32, default=2)


class Cfg(Struct):
    scale = Field(dtype=asc.float32, default=1.5)
    tile = StructField(Tile)
    base = Field(dtype=asc.int32)  # no default


def _out(z):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    return zg


# ---- 1. assigning a field of a Struct kernel argument ----
@asc.jit
def _assign_arg(z: asc.GlobalAddress, cfg: Cfg, n: int):
    zg = _out(z)
    zg.set_value(0, cfg.base)
    cfg.base = cfg.base + n  # a runtime value
    zg.set_value(1, cfg.base)
    cfg.tile.length = 100  # a constant into a nested field
    zg.set_value(2, cfg.tile.length + cfg.tile.count)
    cfg.base *= 2
    zg.set_value(3, cfg.base)


def test_assign_field_of_kernel_argument():
    z = np.zeros(4, np.int32)
    cfg = Cfg(base=5, tile=Tile(length=3, count=4))
    _assign_arg[1](z, cfg, 7)
    assert z.tolist() == [5, 12, 104, 24]
    assert (cfg.base, cfg.tile.length) == (5, 3)  # the host struct is not written back


@asc.jit
def _tcube_arg(z: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)
    tiling.base_m = tiling.base_m * 2
    zg = _out(z)
    zg.set_value(0, tiling.share_l1_size)
    zg.set_value(1, tiling.base_m * tiling.base_n)


def test_assign_tcube_tiling_argument():
    """What pyasc's matmul kernels do to their tiling argument (the L1 size is the platform's)."""
    z = np.zeros(2, np.int32)
    t = asc.adv.TCubeTiling(base_m=16, base_n=32)
    _tcube_arg[1](z, t)
    assert z.tolist() == [512 * 1024, (16 * 2) * 32]


# ---- 2. building structs in the kernel ----
@asc.jit
def _build(z: asc.GlobalAddress, n: int):
    zg = _out(z)
    cfg = Cfg(base=n, scale=2.0)  # keyword fields; tile and its fields take their defaults
    zg.set_value(0, cfg.base)
    zg.set_value(1, cfg.tile.length * cfg.tile.count)
    zg.set_value(2, cfg.scale * 10.0)  # a compile-time constant float
    c2 = Cfg(tile=Tile(count=n))  # base has no default: value-initialised (0)
    zg.set_value(3, c2.base + c2.tile.count + c2.tile.length)
    t = asc.adv.TCubeTiling(m=n, base_m=16, share_l0c_size=asc.property(asc.TOTAL_L0C_SIZE))
    zg.set_value(4, t.m + t.base_m + t.k_a)
    zg.set_value(5, t.share_l0c_size)
    zg.set_value(6, Tile(length=10, count=4).length.ceildiv(4))  # a field read is a runtime value (pyasc's)


def test_build_struct_in_kernel():
    z = np.zeros(7, np.int32)
    _build[1](z, 9)
    assert z.tolist() == [9, 16, 20, 0 + 9 + 8, 9 + 16 + 0, 128 * 1024, 3]


@asc.jit
def _tile_sum(t: Tile, k: asc.ConstExpr[int]) -> int:
    t.count = t.count + k  # by value: the caller's struct keeps its fields
    return t.length * t.count


@asc.jit
def _call(z: asc.GlobalAddress, n: int):
    zg = _out(z)
    t = Tile(length=n)  # count stays the constant 2
    zg.set_value(0, _tile_sum(t, 1))
    zg.set_value(1, t.count)
    t.length = 3
    zg.set_value(2, _tile_sum(t, 1))


@asc.jit
def _make_cfg(n: int, k: asc.ConstExpr[int]) -> Cfg:
    c = Cfg(base=n * k)
    c.tile.count = n + 1
    return c


@asc.jit
def _ret(z: asc.GlobalAddress, n: int):
    zg = _out(z)
    c = _make_cfg(n, 3)
    zg.set_value(0, c.base)
    zg.set_value(1, c.tile.count * c.tile.length)
    c.base += 1
    zg.set_value(2, c.base)
    a, b = _pair(c)
    zg.set_value(3, a.base + b)


@asc.jit
def _pair(c: Cfg):
    return c, c.tile.length


def test_struct_returned_by_jit_callee():
    z = np.zeros(4, np.int32)
    _ret[1](z, 4)
    assert z.tolist() == [12, 5 * 8, 13, 13 + 8]


def test_struct_passed_to_jit_callee():
    z = np.zeros(3, np.int32)
    _call[1](z, 5)
    assert z.tolist() == [5 * 3, 2, 3 * 3]


# ---- 3. field assignment inside runtime control flow ----
@asc.jit
def _regions(z: asc.GlobalAddress, n: int):
    zg = _out(z)
    t = Tile(length=1)
    if n > 3:
        t.length = n
    else:
        t.count = 7
    zg.set_value(0, t.length)
    zg.set_value(1, t.count)
    acc = Tile(length=0, count=0)
    for i in range(n):
        acc.length += i
        if i % 2 == 0:
            acc.count += 1
    zg.set_value(2, acc.length)
    zg.set_value(3, acc.count)
    w = Cfg(base=1)
    while w.base < n * 10:
        w.base = w.base * 3
        w.tile.count += 1
    zg.set_value(4, w.base)
    zg.set_value(5, w.tile.count)


@pytest.mark.parametrize("n", [2, 5])
def test_field_assignment_in_runtime_regions(n):
    z = np.zeros(6, np.int32)
    _regions[1](z, n)
    length, count = (n, 2) if n > 3 else (1, 7)
    base, cnt = 1, 2
    while base < n * 10:
        base, cnt = base * 3, cnt + 1
    assert z.tolist() == [length, count, sum(range(n)), len(range(0, n, 2)), base, cnt]


@asc.jit
def _param_struct_if(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    p = asc.DataCopyParams(block_count=1, block_len=1)
    if n > 3:
        p.block_len = 2
    for i in range(n):
        p.block_count = 1
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    asc.data_copy(xl, xg, p)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(yg, xl, p)


@pytest.mark.parametrize("n,blocks", [(2, 1), (5, 2)])
def test_param_struct_field_in_runtime_if(n, blocks):
    """Before: the field written in the if was an IR value of the if's region used after it
    ("use of undeclared SSA value")."""
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    _param_struct_if[1](x, y, n)
    k = 8 * blocks  # 32-byte blocks of float32
    assert np.array_equal(y[:k], x[:k]) and not y[k:].any()


@asc.jit
def _nested_alias(z: asc.GlobalAddress, n: int):
    c = Cfg(base=0)
    u = c.tile  # the nested struct itself
    for i in range(n):
        u.length += i
    _out(z).set_value(0, c.tile.length)


def test_nested_struct_name_assigned_in_loop():
    z = np.zeros(1, np.int32)
    _nested_alias[1](z, 5)
    assert z[0] == 8 + sum(range(5))


@asc.jit
def _nested_regions(z: asc.GlobalAddress, n: int, cfg: Cfg):
    zg = _out(z)
    t = Tile(length=0, count=0)
    for i in range(n):
        if i % 3 == 0:
            t.length += i
            cfg.tile.count += 1
        elif i % 3 == 1:
            t = Tile(length=t.length * 2, count=t.count)
        else:
            j = 0
            while j < i:
                t.count += 1
                j += 1
    zg.set_value(0, t.length)
    zg.set_value(1, t.count)
    zg.set_value(2, cfg.tile.count)


@pytest.mark.parametrize("n", [0, 1, 5, 9])
def test_struct_in_nested_runtime_regions(n):
    length, count, cc = 0, 0, 4
    for i in range(n):
        if i % 3 == 0:
            length, cc = length + i, cc + 1
        elif i % 3 == 1:
            length *= 2
        else:
            count += i
    z = np.zeros(3, np.int32)
    _nested_regions[1](z, n, Cfg(base=0, tile=Tile(count=4)))
    assert z.tolist() == [length, count, cc]


@asc.jit
def _if_untouched_and_replaced(z: asc.GlobalAddress, cfg: Cfg, n: int):
    zg = _out(z)
    other = Cfg(base=9)  # no branch changes it: the tracer skips its leaves
    t = cfg.tile  # an alias of the nested struct the then-branch replaces
    if n > 3:
        cfg.tile = Tile(length=n, count=1)
        cfg.base = 5  # assigned the value it has
    else:
        other.base = 9  # the same
    zg.set_value(0, cfg.tile.length)
    zg.set_value(1, cfg.tile.count)
    zg.set_value(2, t.length)
    zg.set_value(3, cfg.base)
    zg.set_value(4, other.base)


@pytest.mark.parametrize("n", [2, 5])
def test_runtime_if_with_untouched_and_replaced_structs(n):
    """A runtime if with structs that one branch leaves alone, one replaces a nested struct of and
    one assigns an equal value to (the tracer tells them apart by the fields' identity, then by
    their leaves): the merged fields as Python reads them, the alias keeping the old nested struct."""
    z = np.zeros(5, np.int32)
    _if_untouched_and_replaced[1](z, Cfg(base=5, tile=Tile(length=3, count=4)), n)
    assert z.tolist() == ([n, 1] if n > 3 else [3, 4]) + [3, 5, 9]


# ---- a name bound to another struct inside a runtime region ----
@asc.jit
def _rebind(z: asc.GlobalAddress, n: int):
    zg = _out(z)
    t = Tile()
    for i in range(n):
        t = Tile(length=t.length + i, count=i)
    zg.set_value(0, t.length)
    zg.set_value(1, t.count)
    c = Cfg(base=5)
    if n > 3:
        c = Cfg(base=n, tile=Tile(count=9))
    zg.set_value(2, c.base)
    zg.set_value(3, c.tile.count)
    zg.set_value(4, c.tile.length)
    w = Tile(length=1, count=0)
    while w.length < n * 5:
        w = Tile(length=w.length * 2, count=w.count + 1)
    zg.set_value(5, w.count)


@pytest.mark.parametrize("n", [2, 5])
def test_struct_rebound_in_runtime_regions(n):
    z = np.zeros(6, np.int32)
    _rebind[1](z, n)
    length, w, cnt = 8 + sum(range(n)), 1, 0
    while w < n * 5:
        w, cnt = w * 2, cnt + 1
    assert z.tolist() == [length, n - 1, n if n > 3 else 5, 9 if n > 3 else 2, 8, cnt]


def _copy_with(p, x, y):
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    asc.data_copy(xl, xg, p)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(yg, xl, p)


@asc.jit
def _widen(p: asc.DataCopyParams):
    p.block_len = 2  # by value: the caller's p keeps block_len


@asc.jit
def _param_struct_rebound(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    p = asc.DataCopyParams(block_count=1, block_len=1)
    if n > 3:
        p = asc.DataCopyParams(block_count=1, block_len=2)
    _widen(p)
    p.src_stride = 0  # rebuilds p from its fields: they must be the merged ones
    _copy_with(p, x, y)


@pytest.mark.parametrize("n,blocks", [(2, 1), (5, 2)])
def test_param_struct_rebound_in_runtime_if(n, blocks):
    """Before: after the if, p's fields were the first struct's (block_len=1) and a field write
    rebuilt p from them; and a callee's field write changed the caller's fields."""
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    _param_struct_rebound[1](x, y, n)
    k = 8 * blocks
    assert np.array_equal(y[:k], x[:k]) and not y[k:].any()


# ---- errors at the kernel line ----
def _compile_error(kernel, *args):
    with pytest.raises(Exception) as e:
        kernel[1](*args)
    return e.value


@asc.jit
def _bad_field(z: asc.GlobalAddress):
    t = Tile(lenght=3)  # BAD-FIELD
    _out(z).set_value(0, t.length)


@asc.jit
def _bad_value(z: asc.GlobalAddress, cfg: Cfg):
    cfg.base = 1 << 40  # BAD-VALUE
    _out(z).set_value(0, cfg.base)


@asc.jit
def _bad_retype(z: asc.GlobalAddress, n: int):
    t = Tile()
    if n > 1:  # BAD-RETYPE
        t = Cfg(base=1)
    _out(z).set_value(0, t.base)


@asc.jit
def _bad_alias(z: asc.GlobalAddress, n: int):
    c = Cfg(base=0)
    for i in range(n):  # BAD-ALIAS
        u = c.tile
        u.length = i
    _out(z).set_value(0, c.tile.length)


@asc.jit
def _returns_list(n: int):
    return [n, n]  # BAD-RETURN


@asc.jit
def _bad_return(z: asc.GlobalAddress, n: int):
    _out(z).set_value(0, _returns_list(n)[0])


def _line(marker):
    with open(__file__) as fh:
        return next(i for i, l in enumerate(fh, 1) if marker in l and "_line(" not in l)


@pytest.mark.parametrize("kernel,args,marker,msg", [
    (_bad_field, (np.zeros(1, np.int32),), "BAD-FIELD", "Tile does not have a field 'lenght'"),
    (_bad_value, (np.zeros(1, np.int32), Cfg(base=1)), "BAD-VALUE", "Cfg.base is int32: 1099511627776 is out of"),
    (_bad_retype, (np.zeros(1, np.int32), 3), "BAD-RETYPE", "'t' changes from a Tile to a Cfg in a branch"),
    (_bad_alias, (np.zeros(1, np.int32), 3), "BAD-ALIAS", "field 'tile.length' of a Cfg"),
    (_bad_return, (np.zeros(1, np.int32), 3), "BAD-RETURN", "_returns_list returns an unsupported value of type list"),
])
def test_struct_errors_at_kernel_line(kernel, args, marker, msg):
    e = _compile_error(kernel, *args)
    text = str(e)
    assert msg in text
    assert f"{__file__}:{_line(marker)}:" in text
    assert "^" in text


# ---- pyasc's Struct class surface ----
def test_struct_pack_keyword_and_bytes():
    import ctypes

    class Packed(Struct, pack=1):
        a = Field(dtype=asc.int8, default=1)
        b = Field(dtype=asc.int32, default=2)

    class Ref(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("a", ctypes.c_int8), ("b", ctypes.c_int32)]

    p = Packed(b=0x01020304)
    assert ctypes.sizeof(Packed.ctypes_class) == 5
    assert p.pack() == bytes(Ref(1, 0x01020304))
    assert p.addressof() == ctypes.addressof(p.ctypes_struct)
    assert Tile(length=3).pack() == bytes(Tile.ctypes_class(3, 2))  # natural alignment by default
    assert Cfg.get_field("tile").struct_cls is Tile
    with pytest.raises(RuntimeError, match="does not have a field 'x'"):
        Cfg.get_field("x")
    with pytest.raises(RuntimeError, match="must have at least one field"):
        class Empty(Struct):
            pass


# ---- the disk compile cache and a kernel that builds a user Struct ----
def test_disk_cache_hits_for_a_kernel_using_a_struct_class(tmp_path):
    """Before: the class's fingerprint held its Fields' default reprs (addresses), so a kernel
    naming a Struct class was traced again in every process."""
    import os
    import subprocess
    import sys
    import textwrap

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    script = tmp_path / "proc.py"

    def run(default):
        script.write_text(textwrap.dedent(f"""
            import numpy as np
            import asc
            from asc.language.core.struct import Field, Struct
            from asc.runtime.jit import stats

            class T(Struct):
                a = Field(dtype=asc.int32, default={default})
                b = Field(dtype=asc.int32, default=3)

            @asc.jit
            def k(out: asc.GlobalAddress, n: int):
                g = asc.GlobalTensor()
                g.set_global_buffer(out)
                t = T(b=n)
                g.set_value(0, t.a * t.b)

            out = np.zeros(1, np.int32)
            k[1](out, 5)
            print(int(out[0]), stats["traces"], stats["disk_hits"])
            """))
        env = dict(os.environ, PYTHONPATH=os.path.join(root, "python"), PYASC_CACHE_DIR=str(tmp_path / "cache"))
        o = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300)
        assert o.returncode == 0, o.stderr
        return o.stdout.split()

    assert run(8) == ["40", "1", "0"]
    assert run(8) == ["40", "0", "1"]  # served from the disk cache
    assert run(9) == ["45", "1", "0"]  # a changed default is a new trace


@asc.jit
def _handle_arg(x: asc.GlobalAddress, y: asc.GlobalAddress):
    p = asc.DataCopyParams(1, 2, 0, 0, None)  # pyasc's trailing `handle` parameter: accepted, ignored
    q = asc.DataCopyParams(block_count=1, block_len=1, handle=None)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    xg, yg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    asc.data_copy(xl, xg, p)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(yg, xl, q)


def test_param_struct_takes_pyasc_handle_parameter():
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    _handle_arg[1](x, y)
    assert np.array_equal(y[:8], x[:8]) and not y[8:].any()  # q: one 32-byte block, p's fields as given
    with pytest.raises(TypeError, match="takes 4 arguments, 6 given"):
        _handle_bad[1](x, y)


@asc.jit
def _handle_bad(x: asc.GlobalAddress, y: asc.GlobalAddress):
    asc.DataCopyParams(1, 2, 0, 0, None, None)
