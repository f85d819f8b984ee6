"""Front-end defects of issue 12 (items 9, 10, 12): each is a clear error of the right type at
the kernel's line (or works), never an internal error or a silently different kernel."""
import inspect
import warnings

import numpy as np
import pytest

import asc

HERE = __file__


def line_of(fn, marker):
    lines, start = inspect.getsourcelines(getattr(fn, "fn", fn))
    return start + next(i for i, ln in enumerate(lines) if marker in ln)


def at_line(excinfo, cls, msg, fn, marker):
    e = excinfo.value
    assert isinstance(e, cls), (type(e), str(e))
    if cls is not asc.KernelError:
        assert isinstance(e, asc.CompilationError), type(e)  # pyasc's CodegenError
    text = str(e)
    assert msg in text, text
    assert f"{HERE}:{line_of(fn, marker)}:" in text, text
    assert "^" in text and "_codegen.py" not in text and "object has no attribute" not in text


def out32():
    return np.zeros(8, np.int32)


# ---- item 9: internal errors ---------------------------------------------------------------------------
def test_matmul_operator_is_a_compilation_error_at_the_line():
    @asc.jit
    def k(out: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, n @ n)  # MARK

    with pytest.raises(asc.CompilationError) as e:
        k[1](out32(), 3)
    at_line(e, asc.CompilationError, "operator @ is not supported", k, "# MARK")

    @asc.jit
    def k2(out: asc.GlobalAddress, n: int):
        m = n
        m @= n  # MARK

    with pytest.raises(asc.CompilationError) as e:
        k2[1](out32(), 3)
    at_line(e, asc.CompilationError, "operator @= is not supported", k2, "# MARK")


@asc.jit
def set0(out: asc.GlobalAddress, n):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, n + 1)  # ARITH


@asc.jit
def store0(out: asc.GlobalAddress, n):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, n)


@pytest.mark.parametrize("t", [np.uint8, np.uint16, np.uint32, np.uint64])
def test_unsigned_runtime_argument(t):
    """Unsigned scalars pass through (stored unchanged); arithmetic on them, which the signless IR
    cannot express, is a TypeError at the line (was: 'arith.addi' op operand #0 must be a
    signless integer)."""
    with pytest.raises(TypeError) as e:
        set0[1](out32(), t(3))
    at_line(e, TypeError, f"operator `add` on a runtime value of type {np.dtype(t).name} is not supported", set0,
            "# ARITH")
    big = np.iinfo(t).max
    out = np.zeros(4, t)
    store0[1](out, t(big))
    assert out[0] == big


def test_kernel_defined_through_exec():
    ns = {"asc": asc}
    exec("def k(out: asc.GlobalAddress):\n    pass\n", ns)  # noqa: S102
    with pytest.raises(asc.CompilationError, match=r"the source of 'k' is not available \(it was defined in <string>"):
        asc.jit(ns["k"])


def test_kernel_defined_through_exec_with_a_source_file(tmp_path):
    """exec of code compiled from a real file has a source: it works."""
    src = tmp_path / "kexec.py"
    src.write_text("def k(out: asc.GlobalAddress):\n    g = asc.GlobalTensor()\n    g.set_global_buffer(out)\n"
                   "    g.set_value(0, 5)\n")
    ns = {"asc": asc}
    exec(compile(src.read_text(), str(src), "exec"), ns)  # noqa: S102
    out = out32()
    asc.jit(ns["k"])[1](out)
    assert out[0] == 5


@pytest.mark.parametrize("obj", [len, print, np.add, int, 3])
def test_jit_of_a_non_function_is_a_type_error(obj):
    with pytest.raises(TypeError, match="asc.jit applies to Python functions, not"):
        asc.jit(obj)


def test_bound_method_is_a_type_error_naming_it():
    class Holder:
        def k(self, out: asc.GlobalAddress):
            pass

    line = Holder.k.__code__.co_firstlineno
    with pytest.raises(TypeError, match=rf"'.*Holder.k' \({HERE}:{line}\) is a bound method"):
        asc.jit(Holder().k)
    with pytest.raises(TypeError, match="is a bound method"):
        asc.jit(debug=True)(Holder().k)


# ---- item 10: Python literals that do not fit the operand type ----------------------------------------------
def test_int8_plus_300_is_a_type_error_at_the_line():
    @asc.jit
    def k(out: asc.GlobalAddress, v):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, v + 300)  # MARK

    out = np.zeros(8, np.int8)
    with pytest.raises(TypeError) as e:
        k[1](out, np.int8(1))
    at_line(e, TypeError, "the constant 300 does not fit int8 (-128..127); it would silently become 44", k, "# MARK")
    assert not out.any()


def test_literal_beyond_int32_is_a_type_error_at_the_line():
    @asc.jit
    def k(out: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, n + 2**32 + 5)  # MARK

    with pytest.raises(TypeError) as e:
        k[1](out32(), 1)
    at_line(e, TypeError, "the constant 4294967296 does not fit int32", k, "# MARK")

    @asc.jit
    def k2(out: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 2**33)  # MARK

    with pytest.raises(TypeError) as e:
        k2[1](out32(), 1)
    at_line(e, TypeError, "the constant 8589934592 does not fit int32", k2, "# MARK")


def test_asc_number_out_of_range_is_a_type_error_at_the_line():
    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, asc.number(-3, asc.int8).cast(asc.int32))
        g.set_value(1, asc.number(300, asc.int8).cast(asc.int32))  # MARK

    with pytest.raises(TypeError) as e:
        k[1](out32())
    at_line(e, TypeError, "the constant 300 does not fit int8", k, "# MARK")


def test_literals_that_fit_are_unchanged():
    @asc.jit
    def k(out: asc.GlobalAddress, a, b: int, c):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, (a + 127).cast(asc.int32))
        g.set_value(1, (a + -128).cast(asc.int32))
        g.set_value(2, b + 2147483647)
        g.set_value(3, (c + -(2**63) == -(2**63) + 5).cast(asc.int32))
        g.set_value(4, (c + (2**63 - 1) < 0).cast(asc.int32))  # runtime overflow wraps (C), literals fit

    out = np.zeros(8, np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        k[1](out, np.int8(0), -1, np.int64(5))
    assert list(out[:5]) == [127, -128, 2147483646, 1, 1]


def test_truncated_float_literal_still_warns_and_huge_float_is_refused():
    @asc.jit
    def k(out: asc.GlobalAddress, n: int, big: asc.ConstExpr):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, n + big)  # MARK

    out = out32()
    with pytest.warns(UserWarning, match="float constant 2.5 truncated to int32"):
        k[1](out, 1, 2.5)
    assert out[0] == 3
    with pytest.raises(TypeError) as e:
        k[1](out, 1, 1e12)
    at_line(e, TypeError, "the constant 1000000000000.0 does not fit int32", k, "# MARK")


def test_bitmask_words_keep_their_64_bits():
    """Mask words are bit patterns (0xFFFF_FFFF_FFFF_FFFF): not refused."""
    n = 128

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        xl = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, n)
        zl = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, n)
        asc.data_copy(xl, xg, n)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(zl, xl, xl, [0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF], 1, asc.BinaryRepeatParams())
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(zg, zl, n)

    x = np.arange(n, dtype=np.float16)
    z = np.zeros(n, np.float16)
    k[1](x, z)
    np.testing.assert_array_equal(z, x + x)


# ---- item 12: no GM -> GM DataCopy ---------------------------------------------------------------------------
def test_data_copy_gm_to_gm_is_an_error_at_the_line():
    @asc.jit
    def k(out: asc.GlobalAddress, x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        h = asc.GlobalTensor()
        h.set_global_buffer(x)
        asc.data_copy(g, h, 8)  # MARK

    out = np.zeros(8, np.float32)
    with pytest.raises(asc.CompilationError) as e:
        k[1](out, np.ones(8, np.float32))
    at_line(e, asc.CompilationError, "there is no GM -> GM copy path", k, "# MARK")
    assert not out.any()
