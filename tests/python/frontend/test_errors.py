"""Errors: exception type, message and the Python line they point at."""
import inspect
import re

import numpy as np
import pytest

import asc
import asc.runtime.config as config

HERE = __file__


def line_of(fn, marker):
    """Absolute line number of the first source line of fn containing marker."""
    lines, start = inspect.getsourcelines(getattr(fn, "fn", fn))
    for i, ln in enumerate(lines):
        if marker in ln:
            return start + i
    raise AssertionError(marker)


def check(excinfo, cls, msg, fn, marker):
    e = excinfo.value
    assert isinstance(e, cls), type(e)
    if cls is not asc.KernelError:
        assert isinstance(e, asc.CompilationError), type(e)  # pyasc's CodegenError
    text = str(e)
    assert msg in text, text
    assert f"{HERE}:{line_of(fn, marker)}:" in text, text
    assert "_codegen.py" not in text and "jit.py" not in text
    assert "^" in text


def launch(kernel, *args, cores=1):
    kernel[cores](np.zeros(64, np.float32), *args)


def _syntax_kernels():
    @asc.jit
    def k_break(x: asc.GlobalAddress, n: int):
        for i in range(n):
            break  # MARK

    @asc.jit
    def k_continue(x: asc.GlobalAddress, n: int):
        for i in range(n):
            continue  # MARK

    @asc.jit
    def k_nested_def(x: asc.GlobalAddress):
        def inner():  # MARK
            pass

    @asc.jit
    def k_lambda(x: asc.GlobalAddress):
        f = lambda v: v  # MARK  # noqa: E731

    @asc.jit
    def k_try(x: asc.GlobalAddress):
        try:  # MARK
            pass
        except Exception:
            pass

    @asc.jit
    def k_with(x: asc.GlobalAddress):
        with x:  # MARK
            pass

    @asc.jit
    def k_global(x: asc.GlobalAddress):
        global HERE  # MARK

    @asc.jit
    def k_chained_cmp(x: asc.GlobalAddress, n: int):
        y = 0 < n < 5  # MARK

    @asc.jit
    def k_chained_bool(x: asc.GlobalAddress, n: int):
        y = n > 0 and n > 1 and n > 2  # MARK

    @asc.jit
    def k_return_value(x: asc.GlobalAddress, n: int):
        return n  # MARK

    @asc.jit
    def k_return_in_if(x: asc.GlobalAddress, n: int):
        if n > 0:
            return  # MARK

    @asc.jit
    def k_print(x: asc.GlobalAddress, n: int):
        print(n)  # MARK

    @asc.jit
    def k_undefined(x: asc.GlobalAddress):
        y = not_defined_anywhere + 1  # MARK  # noqa: F821

    @asc.jit
    def k_runtime_assert(x: asc.GlobalAddress, n: int):
        assert n > 0  # MARK

    @asc.jit
    def k_fstring_runtime(x: asc.GlobalAddress, n: int):
        assert 1 < 0, f"failed for {n}"  # MARK

    @asc.jit
    def k_for_list(x: asc.GlobalAddress):
        for v in [1, 2]:  # MARK
            pass

    @asc.jit
    def k_pow(x: asc.GlobalAddress, n: int):
        y = n ** 2  # MARK

    return [
        (k_break, "unsupported Python construct `Break`"),
        (k_continue, "unsupported Python construct `Continue`"),
        (k_nested_def, "unsupported Python construct `FunctionDef`"),
        (k_lambda, "unsupported Python construct `Lambda`"),
        (k_try, "unsupported Python construct `Try`"),
        (k_with, "only `with matmul.iterate() as count:` is supported"),
        (k_global, "unsupported Python construct `Global`"),
        (k_chained_cmp, "chained comparisons are not supported"),
        (k_chained_bool, "Chained boolean operators are not supported, group pairs with parentheses"),
        (k_return_value, "a kernel cannot return a value"),
        (k_return_in_if, "`return` inside if/for/while is not supported"),
        (k_print, "print is not supported"),
        (k_undefined, "name 'not_defined_anywhere' is not defined"),
        (k_runtime_assert, "assert needs a compile-time condition"),
        (k_fstring_runtime, "failed for <runtime int32>"),
        (k_for_list, "a for loop must iterate over range()"),
        (k_pow, "operator ** is not supported on runtime values"),
    ]


SYNTAX = _syntax_kernels()


@pytest.mark.parametrize("kernel,msg", SYNTAX, ids=[k.__name__ for k, _ in SYNTAX])
def test_unsupported_syntax(kernel, msg):
    args = [3] if "n" in kernel.signature.parameters else []
    cls = AssertionError if kernel.__name__ == "k_fstring_runtime" else asc.CompilationError
    with pytest.raises(cls) as ei:
        launch(kernel, *args)
    check(ei, cls, msg, kernel, "# MARK")


def test_static_assert_fails_with_message():
    @asc.jit
    def k(x: asc.GlobalAddress, size: asc.ConstExpr[int]):
        assert size % 32 == 0, f"size {size} must be a multiple of 32"  # MARK

    with pytest.raises(AssertionError) as ei:
        launch(k, 33)
    check(ei, AssertionError, "size 33 must be a multiple of 32", k, "# MARK")


def test_wrong_argument_type_to_vector_op():
    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(x.dtype)
        asc.add(t, t, 5, 64)  # MARK

    with pytest.raises(TypeError) as ei:
        launch(k)
    check(ei, TypeError, "add(): argument 'src1' must be a LocalTensor, got int", k, "# MARK")


def test_unsupported_dtype_is_refused_at_the_call():
    """As pyasc's bindings do (issue 29): a TypeError at the call, from the registry's dtypes column."""
    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.int32)
        asc.exp(t, t, 64)  # MARK

    with pytest.raises(TypeError) as ei:
        launch(k)
    check(ei, TypeError, "exp(): element type int32 is not supported (supported: float16, float32)", k, "# MARK")


def test_mixed_dtypes_rejected():
    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECOUT, 2)
        pipe.init_buffer(q, 2, 256)
        a = q.alloc_tensor(asc.float32)
        b = q.alloc_tensor(asc.float16)
        asc.add(a, a, b, 64)  # MARK

    with pytest.raises(asc.CompilationError) as ei:
        launch(k)
    check(ei, asc.CompilationError, "element type", k, "# MARK")


def test_second_tpipe():
    @asc.jit
    def k(x: asc.GlobalAddress):
        p1 = asc.TPipe()
        p2 = asc.TPipe()  # MARK

    with pytest.raises(RuntimeError) as ei:
        launch(k)
    check(ei, RuntimeError, "TPipe instance is already created, use get_tpipe_ptr() to obtain it", k, "# MARK")


def test_ub_overflow():
    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 2)
        pipe.init_buffer(q, 2, 256 * 1024)  # MARK

    with pytest.raises(asc.KernelError) as ei:
        launch(k)
    check(ei, asc.KernelError, "UB overflow", k, "# MARK")
    assert isinstance(ei.value, RuntimeError)


def test_out_of_bounds_gm():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 1024)
        asc.data_copy(t, g[32:], 64)  # MARK

    with pytest.raises(asc.KernelError) as ei:
        launch(k)
    check(ei, asc.KernelError, "out-of-bounds read of GM array 'x'", k, "# MARK")


def test_deadlock_names_the_waiting_line():
    @asc.jit
    def k(x: asc.GlobalAddress):
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)  # MARK

    with pytest.raises(asc.KernelError) as ei:
        launch(k)
    text = str(ei.value)
    assert "deadlock" in text and f"{HERE}:{line_of(k, '# MARK')}" in text


def test_exhausted_queue():
    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 256)
        a = q.alloc_tensor(x.dtype)
        b = q.alloc_tensor(x.dtype)  # MARK

    with pytest.raises(asc.KernelError) as ei:
        launch(k)
    check(ei, asc.KernelError, "alloc on exhausted queue", k, "# MARK")


def test_launch_errors():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        pass

    x = np.zeros(8, np.float32)
    with pytest.raises(ValueError, match="Core number should be large than 0"):
        k[0](x, 1)
    with pytest.raises(TypeError, match="Parse user launch options failed"):
        k["a"](x, 1)
    with pytest.raises(TypeError, match="Argument type in JIT function is not supported: object"):
        k[1](x, object())
    with pytest.raises(ValueError, match="contiguous"):
        k[1](np.zeros((8, 8), np.float32)[:, 1], 1)
    with pytest.raises(OverflowError, match="does not fit int32"):
        k[1](x, 1 << 40)
    with pytest.raises(RuntimeError, match="The following option names are unknown: bogus, other"):
        k[1](x, 1, bogus=1, other=2)


def test_option_errors():
    with pytest.raises(RuntimeError, match="The following option names are unknown: fast"):
        asc.jit(fast=True)
    with pytest.raises(RuntimeError, match="argument names conflict with JIT configuration options: debug"):
        @asc.jit
        def k(x, debug):
            pass

    @asc.jit
    def c(x: asc.GlobalAddress, n: asc.ConstExpr[int]):
        pass

    with pytest.raises(RuntimeError, match=re.escape("ConstExpr[int] is required")):
        c[1](np.zeros(8, np.float32), "s")


def test_trace_only_functions_outside_a_kernel():
    with pytest.raises(RuntimeError, match="'TPipe' cannot be called without initialization of global builder"):
        asc.TPipe()
    with pytest.raises(RuntimeError, match="cannot be called without initialization of global builder"):
        asc.get_block_idx()


def test_npu_backend_without_cann():
    with pytest.raises(RuntimeError, match="needs the CANN toolkit and an Ascend device.*Backend.Model"):
        config.set_platform(config.Backend.NPU)
    with pytest.raises(ValueError, match="'Foo' is not a valid Backend"):
        config.set_platform("Foo")
    config.set_platform(config.Backend.Model)


@asc.jit
def racy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    zl = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 1024, 256)
    asc.data_copy(xl, xg, 256)
    asc.add(zl, xl, xl, 256)  # MARK (no MTE2_V flag before)
    asc.set_flag(asc.HardEvent.V_MTE3)
    asc.wait_flag(asc.HardEvent.V_MTE3)
    asc.data_copy(zg, zl, 256)


def test_race_missing_flag():
    x, z = np.ones(256, np.float32), np.zeros(256, np.float32)
    with pytest.raises(asc.KernelError) as ei:
        racy_kernel[1](x, z)
    check(ei, asc.KernelError, "race (RAW) on UB bytes", racy_kernel, "# MARK")
    assert "set_flag(MTE2_V)" in str(ei.value)


def _chain(dst, a, b, n):
    asc.add(dst, a, b, n)
    asc.mul(dst, dst, a, n)  # needs pipe_barrier(PIPE_V): auto_sync inserts it


def test_auto_sync_inserts_vector_barrier():
    from kernels import binary_kernel
    x, y, z = np.full(256, 2, np.float32), np.ones(256, np.float32), np.zeros(256, np.float32)
    binary_kernel[1](x, y, z, 256, _chain, 256)
    assert (z == 6).all()
    with pytest.raises(asc.KernelError, match=r"race \((RAW|WAW)\).*pipe_barrier\(PIPE_V\)"):
        binary_kernel[1](x, y, z, 256, _chain, 256, auto_sync=False)


def test_unpaired_set_is_a_warning_and_verify_sync_makes_it_an_error():
    @asc.jit
    def k(x: asc.GlobalAddress):
        asc.set_flag(asc.HardEvent.V_MTE3)  # MARK

    x = np.zeros(8, np.float32)
    with pytest.warns(RuntimeWarning, match="unpaired set: flag V_MTE3") as w:
        k[1](x)
    assert f"{HERE}:{line_of(k, '# MARK')}" in str(w[0].message)
    # verify_sync=True: the static verify-sync pass reports it at compile time (S004 unpaired
    # set, a CompilationError); without that pass, the simulator's report becomes the error.
    with pytest.raises((asc.KernelError, asc.CompilationError), match="unpaired set"):
        k[1](x, verify_sync=True)


def test_not_yet_implemented_api_names_itself():
    @asc.jit
    def k(x: asc.GlobalAddress):
        asc.inline("int a = 1;")  # MARK (an API openasc cannot provide raises NotImplementedError with its reason)

    with pytest.raises(NotImplementedError) as ei:
        launch(k)
    check(ei, NotImplementedError, "asc.inline is not available in openasc", k, "# MARK")
