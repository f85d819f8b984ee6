"""Kernels written as a pyasc user would write them (TPipe/TQue, count and mask forms), each
checked against numpy or a hand-computed value.  Each test names the openasc gap it found."""
import numpy as np
import pytest

import asc
import asc.runtime.config as config


def setup_function():
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)


@asc.jit
def _ternary_uninit_dst(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int], masked: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi, qo = asc.TQue(asc.TPosition.VECIN, 1), asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, n * 4)
    pipe.init_buffer(qo, 1, 2 * n * 4)
    a = qi.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, n)
    qi.enque(a)
    a = qi.deque(asc.float32)
    o = qo.alloc_tensor(asc.float32)
    asc.duplicate(o, 2.0, n)
    if masked:
        asc.mul_add_dst(o[n:], a, o, 64, n // 64, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    else:
        asc.fused_mul_add(o[n:], a, o, n)  # dst = a * dst + o: dst o[n:] was never written
    qo.enque(o)
    qi.free_tensor(a)
    o = qo.deque(asc.float32)
    asc.data_copy(zg, o, 2 * n)
    qo.free_tensor(o)


@pytest.mark.parametrize("masked", [0, 1])
def test_ternary_ops_read_their_dst(monkeypatch, masked):
    """fused_mul_add / mul_add_dst read dst: reading a dst nothing wrote is the uninitialised
    read the sanitizer reports (it was silent: only dst's write was declared to it)."""
    monkeypatch.delenv("ASC_STRICT", raising=False)
    x, z = np.ones(128, np.float32), np.zeros(256, np.float32)
    with pytest.warns(asc.KernelWarning, match=r"read of uninitialized UB bytes \[1024, 1536\)"):
        _ternary_uninit_dst[1](x, z, 128, masked)
    monkeypatch.setenv("ASC_STRICT", "1")
    with pytest.raises(asc.KernelError, match=r"read of uninitialized UB bytes \[1024, 1536\)"):
        _ternary_uninit_dst[1](x, z, 128, masked)


@asc.jit
def _counter_mode_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg, yg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 3 * 256 * 4)
    a = buf.get(asc.float32)
    b, o = a[256:], a[512:]
    asc.data_copy(a, xg, 256)
    asc.data_copy(b, yg, 256)
    asc.duplicate(o, 0.0, 256)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.set_mask_count()
    asc.set_vector_mask(n, dtype=asc.float32, mode=asc.MaskMode.COUNTER)
    asc.add(o, a, b, asc.MASK_PLACEHOLDER, 1, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8), False)
    asc.set_mask_norm()
    asc.reset_mask()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, o, 256)


def test_mask_placeholder_with_counter_mode():
    """pyasc's docs say a call with is_set_mask=False takes asc.MASK_PLACEHOLDER as its mask
    (the mask comes from set_vector_mask); the name was missing."""
    assert asc.MASK_PLACEHOLDER == 0
    rng = np.random.default_rng(1)
    x, y = rng.standard_normal(256).astype(np.float32), rng.standard_normal(256).astype(np.float32)
    z = np.zeros(256, np.float32)
    _counter_mode_add[1](x, y, z, 200)
    ref = np.zeros(256, np.float32)
    ref[:200] = x[:200] + y[:200]
    np.testing.assert_array_equal(z, ref)


@asc.jit
def _tbuf_offsets(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    calc_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(calc_buf, 1024)
    head = calc_buf.get_with_offset(16, 0, asc.int32)       # the signature's order
    body = calc_buf.get_with_offset(asc.int32, 128, 64)     # the order of pyasc's doc example
    asc.data_copy(body, xg, 128)
    asc.data_copy(head, xg[128:], 16)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.adds(body, body, 1, 128)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, head, 16)
    asc.data_copy(zg[16:], body, 128)


def test_tbuf_get_with_offset_both_argument_orders():
    """TBuf.get_with_offset(size, buf_offset, dtype), and the dtype-first call of pyasc's doc
    example (it was "Unsupported DataType name: 64")."""
    x, z = np.arange(144, dtype=np.int32), np.zeros(144, np.int32)
    _tbuf_offsets[1](x, z)
    np.testing.assert_array_equal(z[:16], x[128:])
    np.testing.assert_array_equal(z[16:], x[:128] + 1)



@asc.jit
def _shape_dump(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    shape = asc.ShapeInfo(asc.array(asc.uint32, [4, 16]))   # as pyasc's debugging guide builds it
    asc.dump_tensor(x_gm, 0, 32, shape)


def test_unsigned_shape_array(capsys):
    """asc.array(asc.uint32, [4, 16]) of pyasc's debugging guide traces (it was a TypeError:
    compile-time elements were built as unsigned IR constants)."""
    _shape_dump[1](np.arange(64, dtype=np.float32))
    rows = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("[")]
    assert rows[0].startswith("[[0.000000,1.000000,") and rows[1].startswith("[16.000000,")
    assert rows[2].startswith("[-,-") and rows[3].startswith("[-,-")


def test_unsigned_array_constants_are_range_checked():
    """Compile-time elements of an unsigned asc.array are still refused when they do not fit."""

    @asc.jit
    def bad():
        a = asc.array(asc.uint8, [1, 256])
        asc.printf("%d\n", a[0])

    with pytest.raises(TypeError, match=r"the constant 256 does not fit uint8 \(0\.\.255\)"):
        bad[1]()


@asc.jit
def _debug_print(tiles: int):
    asc.printf("Before calculating.\\n")        # pyasc's docs escape the newline
    for i in range(tiles):
        asc.printf("current index is %d.\\n", i)
    asc.printf("tab\\there, backslash \\\\, %s, real newline\n", "a\\tb")


def test_printf_format_is_a_c_string_literal(capsys):
    """pyasc writes printf's format into C++ source: "\\\\n" in Python prints a newline (pyasc's
    debugging guide writes it so); it printed a backslash and an n."""
    _debug_print[1](2)
    out = capsys.readouterr().out
    assert "Before calculating.\ncurrent index is 0.\ncurrent index is 1.\n" in out
    assert "tab\there, backslash \\, a\tb, real newline\n" in out


@asc.jit
def _flag_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, flag: bool):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi, qo = asc.TQue(asc.TPosition.VECIN, 1), asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, 256 * 4)
    pipe.init_buffer(qo, 1, 256 * 4)
    t = qi.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, 256)
    qi.enque(t)
    t = qi.deque(asc.float32)
    o = qo.alloc_tensor(asc.float32)
    if flag:
        asc.muls(o, t, 3.0, n)
    else:
        asc.adds(o, t, 3.0, n)
    qo.enque(o)
    qi.free_tensor(t)
    o = qo.deque(asc.float32)
    asc.data_copy(zg, o, 256)
    qo.free_tensor(o)


@pytest.mark.parametrize("flag", [np.bool_(True), np.bool_(False), True])
def test_numpy_bool_scalar_argument(flag):
    """A numpy bool scalar (what `arr.any()` or `x > 0` on a numpy scalar give) is a bool
    argument like Python's bool; it was "Unsupported DataType name: bool"."""
    x = np.arange(256, dtype=np.float32)
    z = np.zeros(256, np.float32)
    _flag_kernel[1](x, z, np.int32(256), flag)
    np.testing.assert_array_equal(z, x * 3 if flag else x + 3)


@asc.jit
def _gm_scalar_then_dma(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, form: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    for i in range(n):
        zg.set_value(i, xg.get_value(i) * 2.0)
    if form == 0:    # pyasc's own parameter order: (entire_type, dst, dcci_dst)
        asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, zg, asc.DcciDst.CACHELINE_OUT)
    elif form == 1:  # the order of the documented overload
        asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, asc.DcciDst.CACHELINE_OUT, zg)
    elif form == 2:
        asc.data_cache_clean_and_invalid(entire_type=asc.CacheLine.SINGLE_CACHE_LINE,
                                         dcci_dst=asc.DcciDst.CACHELINE_OUT, dst=zg)
    else:
        asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, zg)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 64 * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, zg, 64)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.adds(t, t, 1.0, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg[64:], t, 64)
    q.free_tensor(t)


@pytest.mark.parametrize("form", [0, 1, 2, 3])
def test_data_cache_clean_and_invalid_call_forms(form):
    """pyasc defines data_cache_clean_and_invalid(entire_type, dst, dcci_dst=None); its docs show
    (entire_type, dcci_dst, dst).  Both positional orders and the keywords work (pyasc's order was a
    TypeError naming dcci_dst)."""
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(128, np.float32)
    _gm_scalar_then_dma[1](x, z, 64, form)
    np.testing.assert_array_equal(z[:64], x * 2)
    np.testing.assert_array_equal(z[64:], x * 2 + 1)


@asc.jit
def _keyword_names(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(pos=asc.TPosition.VECIN, depth=1, mask=0)
    pipe.init_buffer(que=q, num=1, len=64 * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, 64)
    q.enque(t)
    t = q.deque(asc.float32)
    t.print(data_len=8)
    zg.set_value(offset=1, value=xg.get_value(offset=3) + t.get_value(index=2))
    q.free_tensor(t)


def test_pyasc_keyword_names(capsys):
    """pyasc's keyword names: GlobalTensor.get_value/set_value(offset=...), LocalTensor.print(data_len=...),
    TQue(pos, depth, mask) (each was a TypeError)."""
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, np.float32)
    _keyword_names[1](x, z)
    assert z[1] == 5.0
    out = capsys.readouterr().out
    assert out.endswith("0000: 0 1 2 3 4 5 6 7\n")


@asc.jit
def _repeat_spellings(x: asc.GlobalAddress, z: asc.GlobalAddress, which: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2048)
    src = buf.get_with_offset(256, 0, asc.float32)
    dst = buf.get_with_offset(256, 1024, asc.float32)
    asc.data_copy(src, xg, 256)
    asc.duplicate(dst, 1.0, 256)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    if which == 0:    # pyasc's axpy docs: repeat_time
        asc.axpy(dst, src, 2.0, mask=64, repeat_time=4, repeat_params=params)
    elif which == 1:  # and for a unary op
        asc.abs(dst, src, mask=64, repeat_time=4, repeat_params=params)
    elif which == 2:  # block_reduce_sum's own name is repeat
        asc.block_reduce_sum(dst, src, repeat_times=4, mask=64, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    else:             # pair_reduce_sum's is repeat_time
        asc.pair_reduce_sum(dst, src, repeat_times=4, mask=64, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, dst, 256)


@pytest.mark.parametrize("which", [0, 1, 2, 3])
def test_repeat_keyword_spellings(which):
    """repeat_times / repeat_time / repeat name the same parameter (pyasc's docs call axpy with
    repeat_time=, its code names it repeat_times): each was "unexpected argument"."""
    x = np.random.default_rng(which).standard_normal(256).astype(np.float32)
    z = np.zeros(256, np.float32)
    _repeat_spellings[1](x, z, which)
    if which == 0:
        np.testing.assert_allclose(z, x * 2 + 1, rtol=1e-6)
    elif which == 1:
        np.testing.assert_array_equal(z, np.abs(x))
    elif which == 2:
        np.testing.assert_allclose(z[:32], x.reshape(32, 8).sum(1), rtol=1e-5, atol=1e-6)
    else:
        np.testing.assert_allclose(z[:128], x.reshape(128, 2).sum(1), rtol=1e-6)


@asc.jit
def _doc_keywords(x: asc.GlobalAddress, z: asc.GlobalAddress, which: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 6144)
    src = buf.get_with_offset(512, 0, asc.float32)
    dst = buf.get_with_offset(512, 2048, asc.float32)
    tmp = buf.get_with_offset(512, 4096, asc.float32)
    asc.data_copy(src, xg, params=asc.DataCopyParams(1, 64, 0, 0))
    asc.duplicate(dst, 0.0, 512)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if which == 0:
        asc.reduce_sum(dst, src, shared_tmp_buffer=tmp, count=512, cal_index=True)
    else:
        asc.cast(dst.reinterpret_cast(asc.int32), src, asc.RoundMode.CAST_CEIL, mask=64, repeat_times=8,
                 params=asc.UnaryRepeatParams(1, 1, 8, 8))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, dst, params=asc.DataCopyParams(1, 64, 0, 0))


@pytest.mark.parametrize("which", [0, 1])
def test_doc_example_keywords(which):
    """Keywords of pyasc's doc examples: data_copy(..., params=DataCopyParams), cast(..., params=
    UnaryRepeatParams), reduce_sum(..., cal_index=True) (ignored, as Ascend C's ReduceSum does);
    each was refused ("missing argument 'count'", "unexpected argument")."""
    x = (np.random.default_rng(7).standard_normal(512) * 10).astype(np.float32)
    z = np.zeros(512, np.float32)
    _doc_keywords[1](x, z, which)
    if which == 0:
        np.testing.assert_allclose(z[0], x.astype(np.float64).sum(), rtol=1e-4)
    else:
        np.testing.assert_array_equal(z.view(np.int32), np.ceil(x).astype(np.int32))


def test_data_copy_refuses_unknown_keywords():
    @asc.jit
    def bad(x: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.data_copy(t, xg, count=64, cnt=64)

    with pytest.raises(TypeError, match="unexpected keyword argument 'cnt'"):
        bad[1](np.zeros(64, np.float32))


@asc.jit
def _cmp_scalar_binary_params(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    src0 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
    dst = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECOUT, addr=1024, tile_size=64)
    asc.data_copy(src0, xg, 256)
    asc.duplicate(dst.reinterpret_cast(asc.int16), 0, 32)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)   # as pyasc's compare_scalar doc example
    asc.compare_scalar(dst, src0, 0.5, cmp_mode=asc.CMPMODE.LT, mask=128, repeat_times=2, repeat_params=params)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, dst, 64)


def test_compare_scalar_takes_the_doc_examples_binary_repeat_params():
    """pyasc's compare_scalar example passes BinaryRepeatParams (its signature: UnaryRepeatParams):
    taken as the UnaryRepeatParams of its dst and src0 strides (was a TypeError)."""
    x = np.random.default_rng(3).standard_normal(256).astype(np.float16)
    z = np.zeros(64, np.uint8)
    _cmp_scalar_binary_params[1](x, z)
    bits = np.unpackbits(z[:32], bitorder="little").astype(bool)
    np.testing.assert_array_equal(bits, x < np.float16(0.5))


@asc.jit
def _tbuf_len_keyword(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi, qo = asc.TQue(asc.TPosition.VECIN, 1), asc.TQue(asc.TPosition.VECOUT, 1)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=qi, num=1, len=n * 4)
    pipe.init_buffer(que=qo, num=1, len=n * 4)
    pipe.init_buffer(buf=tb, len=n * 4)          # pyasc's keywords for a TBuf
    t = asc.LocalTensor(asc.float32)
    qi.alloc_tensor(t)                            # the in-place forms of alloc_tensor / deque
    asc.data_copy(t, xg, n)
    qi.enque(t)
    t2 = asc.LocalTensor(asc.float32)
    qi.deque(t2)
    w = tb.get(asc.float32, n)
    asc.muls(w, t2, 2.0, n)
    o = qo.alloc_tensor(asc.float32)
    asc.adds(o, w, 1.0, n)
    qo.enque(o)
    qi.free_tensor(t2)
    o = qo.deque(asc.float32)
    asc.data_copy(zg, o, n)
    qo.free_tensor(o)


def test_init_buffer_tbuf_len_keyword():
    """TPipe.init_buffer(buf=tbuf, len=n) (pyasc's keywords) gives the TBuf n bytes (it gave 0:
    only the positional second argument was read)."""
    x = np.random.default_rng(5).standard_normal(256).astype(np.float32)
    z = np.zeros(256, np.float32)
    _tbuf_len_keyword[1](x, z, 256)
    np.testing.assert_allclose(z, x * 2 + 1, rtol=1e-6)


@asc.jit
def _axpy_uninit_dst(x: asc.GlobalAddress, z: asc.GlobalAddress, masked: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2048)
    a = buf.get_with_offset(256, 0, asc.float32)
    d = buf.get_with_offset(256, 1024, asc.float32)
    asc.data_copy(a, xg, 256)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if masked:
        asc.axpy(d, a, 2.0, 64, 4, asc.UnaryRepeatParams(1, 1, 8, 8))
    else:
        asc.axpy(d, a, 2.0, 256)   # d += 2 * a: d was never written
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, d, 256)


@pytest.mark.parametrize("masked", [0, 1])
def test_axpy_reads_its_dst(monkeypatch, masked):
    """axpy accumulates into dst: an unwritten dst is the uninitialised read the sanitizer reports
    (count and mask forms; it was silent)."""
    monkeypatch.delenv("ASC_STRICT", raising=False)
    x, z = np.ones(256, np.float32), np.zeros(256, np.float32)
    with pytest.warns(asc.KernelWarning, match=r"asc.axpy(.mask)?: read of uninitialized UB bytes \[1024, 2048\)"):
        _axpy_uninit_dst[1](x, z, masked)


def _kernel_line(marker):
    with open(__file__) as f:
        return next(i for i, ln in enumerate(f, 1) if ln.rstrip().endswith("# " + marker))


def test_runtime_values_where_constants_are_needed():
    """A runtime value as a TQue depth, as asc.static_range's bound, or a slice step: a clear error
    at the line (they were Python's own int() / range() errors about 'PlainValue', or, for the step,
    silently ignored)."""

    @asc.jit
    def depth(z: asc.GlobalAddress, d: int):
        asc.TPipe()
        asc.TQue(asc.TPosition.VECIN, d)  # DEPTH

    @asc.jit
    def unroll(z: asc.GlobalAddress, d: int):
        for i in asc.static_range(d):  # UNROLL
            pass

    @asc.jit
    def step(z: asc.GlobalAddress, d: int):
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        u = t[0:d:2]  # STEP

    z = np.zeros(8, np.float32)
    with pytest.raises(TypeError, match=r"TQue\(\): depth must be a compile-time int") as e:
        depth[1](z, 2)
    assert f":{_kernel_line('DEPTH')}:" in str(e.value)
    with pytest.raises(asc.CompilationError, match=r"static_range\(\) is unrolled at compile time") as e:
        unroll[1](z, 2)
    assert f":{_kernel_line('UNROLL')}:" in str(e.value)
    with pytest.raises(TypeError, match=r"slicing with a step is not supported") as e:
        step[1](z, 2)
    assert f":{_kernel_line('STEP')}:" in str(e.value)


@asc.jit
def _softmax_host_tiling(x: asc.GlobalAddress, z: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling,
                         rows: asc.ConstExpr[int], cols: asc.ConstExpr[int]):
    xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi, qo = asc.TQue(asc.TPosition.VECIN, 1), asc.TQue(asc.TPosition.VECOUT, 1)
    stats, tmp = asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(qi, 1, rows * cols * 4)
    pipe.init_buffer(qo, 1, rows * cols * 4)
    pipe.init_buffer(stats, 2 * rows * 32)
    pipe.init_buffer(tmp, 8192)
    xl = qi.alloc_tensor(asc.float32)
    asc.data_copy(xl, xg, rows * cols)
    qi.enque(xl)
    xl = qi.deque(asc.float32)
    zl = qo.alloc_tensor(asc.float32)
    st = stats.get(asc.float32)
    asc.adv.softmax(zl, st, st[rows * 8:], xl, tiling, tmp.get(asc.uint8))
    qo.enque(zl)
    qi.free_tensor(xl)
    zl = qo.deque(asc.float32)
    asc.data_copy(zg, zl, rows * cols)
    qo.free_tensor(zl)


@asc.jit
def _rmsnorm_host_tiling(x: asc.GlobalAddress, g: asc.GlobalAddress, z: asc.GlobalAddress, eps: float,
                         tiling: asc.adv.RmsNormTiling, n: asc.ConstExpr[int], h: asc.ConstExpr[int]):
    xg, gg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x)
    gg.set_global_buffer(g)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qi, qg, qo = asc.TQue(asc.TPosition.VECIN, 1), asc.TQue(asc.TPosition.VECIN, 1), asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, n * 4)
    pipe.init_buffer(qg, 1, h * 4)
    pipe.init_buffer(qo, 1, n * 4)
    xl, gl = qi.alloc_tensor(asc.float32), qg.alloc_tensor(asc.float32)
    asc.data_copy(xl, xg, n)
    asc.data_copy(gl, gg, h)
    qi.enque(xl)
    qg.enque(gl)
    xl, gl = qi.deque(asc.float32), qg.deque(asc.float32)
    zl = qo.alloc_tensor(asc.float32)
    asc.adv.rmsnorm(zl, xl, gl, eps, tiling)
    qo.enque(zl)
    qi.free_tensor(xl)
    qg.free_tensor(gl)
    zl = qo.deque(asc.float32)
    asc.data_copy(zg, zl, n)
    qo.free_tensor(zl)


def test_library_tilings_built_on_the_host():
    """pyasc's SoftmaxTiling / RmsNormTiling are Structs a host fills and passes to the kernel; they
    could only be built inside a kernel ("cannot be called without initialization of global
    builder").  A host-built one specialises the kernel like a ConstExpr."""
    rng = np.random.default_rng(11)
    for rows, cols in ((4, 64), (8, 32)):   # the same kernel, two tilings
        x = rng.standard_normal((rows, cols)).astype(np.float32)
        z = np.zeros_like(x)
        t = asc.adv.SoftmaxTiling(src_m=rows, src_k=cols)
        t.src_size = rows * cols               # fields assignable on the host too
        _softmax_host_tiling[1](x, z, t, rows, cols)
        e = np.exp(x - x.max(1, keepdims=True))
        np.testing.assert_allclose(z, e / e.sum(1, keepdims=True), rtol=1e-5)
    b, s, h = 2, 3, 32
    x = rng.standard_normal(b * s * h).astype(np.float32)
    g = rng.standard_normal(h).astype(np.float32)
    z = np.zeros_like(x)
    t = asc.adv.RmsNormTiling(b_length=b, s_length=s, h_length=h, original_h_length=h, reciprocal_of_h_length=1.0 / h)
    _rmsnorm_host_tiling[1](x, g, z, 1e-5, t, b * s * h, h)
    xd = x.reshape(-1, h).astype(np.float64)
    np.testing.assert_allclose(z.reshape(-1, h), xd / np.sqrt((xd ** 2).mean(1, keepdims=True) + 1e-5) * g,
                               rtol=1e-4, atol=1e-5)
