"""The definitions of the Tier 0-1 language API (api.md §6-§9).  Every function is trace-only: it emits IR ops
through the current builder; the op semantics live in libasc."""
import builtins

from ... import _lib
from ..._core import Builder as _Builder, DTYPES, DataType, Handle, PlainValue, builder, dtype_of, not_yet_names, to_value
from . import enums as _enums
from .enums import CacheMode, CacheRwMode, HardEvent, PipeID, RoundMode, TPosition

globals().update({_n: getattr(_enums, _n) for _n in _enums.EAGER})  # asc.language.core exports the enums
I1, I32, I64 = DTYPES["int1"], DTYPES["int32"], DTYPES["int64"]
_REGISTRY = _lib.registry_ops()


def _posname(pos):
    return TPosition(int(pos)).name


def _i32(x):
    return to_value(x, I32)


def _need(x, cls, fn, arg):
    if not isinstance(x, cls) or x.value is None:
        raise TypeError(f"{fn}(): argument '{arg}' must be a {cls.__name__}, got {type(x).__name__}")
    return x


# ---- ConstExpr ----------------------------------------------------------------------------------------
class _ConstExprMeta(type):
    def __getitem__(cls, t):
        return type(f"ConstExpr[{getattr(t, '__name__', t)}]", (ConstExpr,), {"type": t})


class ConstExpr(metaclass=_ConstExprMeta):
    """Annotation of a compile-time kernel parameter: `n: asc.ConstExpr[int]`."""
    type = None


def _set_shape_info(t, shape_info, fn):
    """A tensor's ShapeInfo is compile-time metadata (its dims are Python ints): kept on the tensor object."""
    from ..._basic_ops import ShapeInfo
    builder(fn)
    if not isinstance(shape_info, ShapeInfo):
        raise TypeError(f"{fn}(): expected a ShapeInfo, got {type(shape_info).__name__}")
    t._shape_info = shape_info


def _get_shape_info(t, fn):
    from ..._basic_ops import ShapeInfo
    builder(fn)
    return getattr(t, "_shape_info", None) or ShapeInfo()


# ---- GM ------------------------------------------------------------------------------------------------
class GlobalAddress(Handle):
    """A typed __gm__ pointer (kernel pointer argument)."""

    def __init__(self, value, dtype):
        self.value, self.dtype = value, dtype

    def __add__(self, off):
        b = builder("GlobalAddress.__add__")
        return GlobalAddress(b.op("asc.gm_offset", [self.value, _i32(off)], [self.value.type])[0], self.dtype)

    __radd__ = __add__


def _subview(t, s, cls, op):
    """t[s] of a cls (GlobalTensor, LocalTensor) by op: from offset s, or t[a:b], b - a elements (get_size and
    every check see them)."""
    name = cls.__name__
    _no_step(s, name)
    off = s.start if isinstance(s, slice) else s
    b = builder(f"{name}.__getitem__")
    _need(t, cls, f"{name}.__getitem__", "self")
    ops = [t.value, _i32(0 if off is None else off)]
    if isinstance(s, slice) and s.stop is not None:
        ops.append(_i32(s.stop))
    return t._rebind(b.op(op, ops, [t.value.type])[0])


class GlobalTensor(Handle):
    """GlobalTensor(); set_global_buffer(ga[, n]) binds it.  The asc.global_tensor op is placed
    where the GlobalTensor was created, with the element type learnt from the buffer."""

    def __init__(self):
        b = builder("GlobalTensor")
        self.value, self.dtype = None, None
        self._at = (b.blocks[-1], len(b.blocks[-1]), b.loctext())

    def set_global_buffer(self, buffer=None, buffer_size=None):
        b = builder("set_global_buffer")
        _need(buffer, GlobalAddress, "set_global_buffer", "buffer")
        if self.value is None:
            self.dtype = buffer.dtype
            self.value = b.fresh(f"!asc.global_tensor<{self.dtype.ir}>")
            blk, idx, loc = self._at
            blk.insert(idx, f'{self.value.name} = "asc.global_tensor"() : () -> {self.value.type}{loc}')
        ops = [self.value, buffer.value] + ([] if buffer_size is None else [_i32(buffer_size)])
        b.op("asc.set_global_buffer", ops)

    def __getitem__(self, s):
        return _subview(self, s, GlobalTensor, "asc.gt_subview")

    def get_size(self):
        _need(self, GlobalTensor, "GlobalTensor.get_size", "self")
        return PlainValue(builder("get_size").op("asc.gt_get_size", [self.value], [I64.ir])[0], I64)

    def set_l2_cache_hint(self, mode=CacheMode.CACHE_MODE_NORMAL, rw_mode=CacheRwMode.RW):
        _need(self, GlobalTensor, "GlobalTensor.set_l2_cache_hint", "self")
        attrs = {"mode": f"{int(CacheMode(int(mode)))} : i64", "rw": f"{int(CacheRwMode(int(rw_mode)))} : i64"}
        builder("set_l2_cache_hint").op("asc.gt_set_l2_cache_hint", [self.value], [], attrs)

    def get_phy_addr(self, offset=0):
        _need(self, GlobalTensor, "GlobalTensor.get_phy_addr", "self")
        t = f"!asc.gm_ptr<{self.dtype.ir}>"
        return GlobalAddress(builder("get_phy_addr").op("asc.gt_get_phy_addr", [self.value, _i32(offset)], [t])[0],
                             self.dtype)

    __call__ = __getitem__

    def get_value(self, offset):  # pyasc's parameter name (LocalTensor's is index)
        return _get_value(self, offset)

    def set_value(self, offset, value):
        _set_value(self, offset, value)

    def set_shape_info(self, shape_info):
        _set_shape_info(self, shape_info, "GlobalTensor.set_shape_info")

    def get_shape_info(self):
        return _get_shape_info(self, "GlobalTensor.get_shape_info")


def _bind_empty(t):
    """An empty LocalTensor(dtype) used as a tensor (set_value, get_value, an address table): pyasc's default
    LocalTensor, a tensor of no bytes (at UB address 0): any element access is out of bounds at run time."""
    if isinstance(t, LocalTensor) and t.value is None and t.dtype is not None:
        b = builder("LocalTensor")
        t.value = b.op("asc.local_tensor", [_i32(0), _i32(0)], [_lt_type(t.dtype, t.pos)],
                       {"pos": f"#asc.pos<{_posname(t.pos)}>"})[0]
    return t


def _no_step(s, what):
    """t[a:] / t[a:b] is the contiguous view from element a; a step has no tensor view to give."""
    if isinstance(s, slice) and s.step is not None and not (isinstance(s.step, int) and s.step == 1):
        raise TypeError(f"{what} slicing with a step is not supported: a sub-tensor is contiguous (t[start:] or "
                        f"t[start:stop])")


def _get_value(t, index):
    _bind_empty(t)
    b = builder("get_value")
    return PlainValue(b.op("asc.get_value", [t.value, _i32(index)], [t.dtype.ir])[0], t.dtype)


def _set_value(t, index, value):
    _bind_empty(t)
    b = builder("set_value")
    if t.dtype is not None and t.dtype.kind == "u" and isinstance(t, LocalTensor) and t.value is not None:
        # runtime scalars are signless: an unsigned element is written as the bits of the same-width signed
        # integer, through a signed view of the tensor (e.g. a UB address from get_phy_addr into a uint64 table)
        s = DTYPES[f"int{8 * t.dtype.size}"]
        view = b.op("asc.lt_reinterpret_cast", [t.value], [_lt_type(s, t.pos)])[0]
        if isinstance(value, (int, bool)) and not isinstance(value, bool):
            if not 0 <= value < 1 << (8 * t.dtype.size):
                raise TypeError(f"set_value(): {value} does not fit {t.dtype.name}")
            v = to_value(value, s, wrap=True)
        else:
            v = to_value(value, s)
        b.op("asc.set_value", [view, _i32(index), v])
        return
    b.op("asc.set_value", [t.value, _i32(index), to_value(value, t.dtype)])


# ---- local tensors ---------------------------------------------------------------------------------------
def _lt_type(dtype, pos):
    return f"!asc.local_tensor<{dtype.ir}, {_posname(pos)}>" if pos is not None else f"!asc.local_tensor<{dtype.ir}>"


class LocalTensor(Handle):
    """LocalTensor(dtype) (empty) or LocalTensor(dtype, pos, addr, tile_size): a static tensor at
    byte address addr of the position's buffer with tile_size elements."""

    def __init__(self, dtype=None, pos=TPosition.VECIN, addr=None, tile_size=None, *, _value=None):
        self.dtype, self.pos, self.value = dtype_of(dtype) if dtype is not None else None, pos, _value
        if _value is None and addr is not None:
            b = builder("LocalTensor")
            size = _i32(0 if tile_size is None else tile_size)
            self.value = b.op("asc.local_tensor", [_i32(addr), size], [_lt_type(self.dtype, pos)],
                              {"pos": f"#asc.pos<{_posname(pos)}>"})[0]

    def __getitem__(self, s):
        return _subview(self, s, LocalTensor, "asc.lt_subview")

    __call__ = __getitem__

    def get_value(self, index):
        return _get_value(self, index)

    def set_value(self, index, value):
        _set_value(self, index, value)

    def get_position(self):
        return self.pos

    def print(self, data_len=None, len=None):  # noqa: A002 - data_len: pyasc's name; len: openasc's former one
        """Print the first data_len elements (default: the whole tensor), one 32-byte block a line, with the
        device printing output (api.md §13)."""
        _need(self, LocalTensor, "LocalTensor.print", "self")
        b = builder("LocalTensor.print")
        if data_len is None:
            data_len = len
        n = data_len if data_len is not None else PlainValue(b.op("asc.lt_get_size", [self.value], [I32.ir])[0], I32)
        b.op("asc.lt_print", [self.value, _i32(n)])

    def to_file(self, file_name):
        """Write the tensor's bytes (at this point of the kernel, after every pipe drains) to the host file
        file_name, relative to the working directory, when the block finishes (pyasc: CPU debugging)."""
        from ..._basic_ops import _ir_string
        _need(self, LocalTensor, "LocalTensor.to_file", "self")
        if not isinstance(file_name, str) or not file_name or "\0" in file_name:
            raise TypeError(f"LocalTensor.to_file(): file_name must be a non-empty str, got {file_name!r}")
        builder("LocalTensor.to_file").op("asc.lt_to_file", [self.value], [], {"file": _ir_string(file_name)})

    def set_shape_info(self, shape_info):
        _set_shape_info(self, shape_info, "LocalTensor.set_shape_info")

    def get_shape_info(self):
        return _get_shape_info(self, "LocalTensor.get_shape_info")

    # accessors (semantics: src/sim/resource.c)
    def _acc(self, name, operands=(), result=None):
        _need(self, LocalTensor, f"LocalTensor.{name}", "self")
        b = builder(name)
        r = b.op(f"asc.lt_{name}", [self.value, *operands], [result.ir] if result else [])
        return PlainValue(r[0], result) if result else None

    def get_phy_addr(self, offset=0):
        return self._acc("get_phy_addr", [_i32(offset)], I64)

    def get_size(self):
        return self._acc("get_size", (), I32)

    def get_length(self):
        return self._acc("get_length", (), I32)

    def set_size(self, size=0):
        self._acc("set_size", [_i32(size)])

    def set_buffer_len(self, data_len):
        self._acc("set_buffer_len", [_i32(data_len)])

    def get_user_tag(self):
        return self._acc("get_user_tag", (), I32)

    def set_user_tag(self, tag=0):
        self._acc("set_user_tag", [_i32(tag)])

    def reinterpret_cast(self, dtype):
        _need(self, LocalTensor, "LocalTensor.reinterpret_cast", "self")
        d = dtype_of(dtype)
        v = builder("reinterpret_cast").op("asc.lt_reinterpret_cast", [self.value], [_lt_type(d, self.pos)])[0]
        return LocalTensor(d, self.pos, _value=v)

    def set_addr_with_offset(self, src, offset):
        _need(src, LocalTensor, "LocalTensor.set_addr_with_offset", "src")
        if self.value is None:  # an empty LocalTensor(dtype): bind it to a view first
            d = self.dtype or src.dtype
            self.dtype, self.pos = d, src.pos
            self.value = builder("set_addr_with_offset").op("asc.lt_reinterpret_cast", [src.value],
                                                            [_lt_type(d, src.pos)])[0]
        self._acc("set_addr_with_offset", [src.value, _i32(offset)])


class LocalTensorAuto(LocalTensor):
    """LocalTensorAuto(dtype, shape): a UB tensor whose buffer the compiler provides (pyasc).  shape
    is an int, a runtime int, or a sequence of them; all compile-time ints give a static shape.
    The kernel is then compiled with insert_sync (see @asc.jit): input-output-tensor and
    materialize-tensor turn it into a depth-1 TQue (loaded or stored) or a TBuf (temporary)."""

    def __init__(self, dtype, shape):
        b = builder("LocalTensorAuto")
        dtype = dtype_of(dtype)
        dims = list(shape) if isinstance(shape, (list, tuple)) else [shape]
        if not dims:
            raise ValueError("LocalTensorAuto(): shape must have at least one dimension")
        if all(not isinstance(d, PlainValue) for d in dims):
            dims = [int(d) for d in dims]
            if any(d <= 0 for d in dims):
                raise ValueError(f"LocalTensorAuto(): dimensions must be positive, got {dims}")
            ty = f"!asc.local_tensor<{'x'.join(map(str, dims))}x{dtype.ir}>"
            v = b.op("asc.local_tensor_auto", [], [ty])[0]
        else:  # dynamic: the dims are operands, as int64 (pyasc)
            v = b.op("asc.local_tensor_auto", [to_value(d, I64) for d in dims], [_lt_type(dtype, None)])[0]
        super().__init__(dtype, None, _value=v)


# ---- TPipe / TQue / TBuf ------------------------------------------------------------------------------------
class TPipe(Handle):
    def __init__(self):
        b = builder("TPipe")
        if b.state.get("tpipe") and not b.state.get("tpipe_destroyed"):
            raise RuntimeError("TPipe instance is already created, use get_tpipe_ptr() to obtain it (or destroy() "
                               "it before creating another)")
        b.state["tpipe"], b.state["tpipe_destroyed"] = self, False
        self.value = b.op("asc.tpipe", [], ["!asc.pipe"])[0]

    def init_buffer(self, que=None, num=0, len=0, **kw):
        b = builder("init_buffer")
        que = kw.pop("buf", que)
        if kw:
            raise TypeError(f"init_buffer() got an unexpected keyword argument '{next(iter(kw))}'")
        if isinstance(que, TBuf):
            # the byte length: init_buffer(buf, n), or pyasc's keyword form init_buffer(buf=b, len=n)
            n = num if not (isinstance(num, int) and num == 0) else len
            que.length = n
            b.op("asc.init_tbuf", [self.value, que.value, _i32(n)])
        else:
            _need(que, TQueBind, "init_buffer", "que")
            b.op("asc.init_buffer", [self.value, que.value, _i32(num), _i32(len)])

    # life cycle and event ids (semantics: src/sim/resource.c)
    def init(self):
        builder("init").op("asc.tpipe_init", [self.value])

    def destroy(self):
        b = builder("destroy")
        b.op("asc.tpipe_destroy", [self.value])
        b.state["tpipe_destroyed"] = True  # a new TPipe() may follow (the simulator checks the order it runs in)

    def reset(self):
        builder("reset").op("asc.tpipe_reset", [self.value])

    def _event_op(self, opname, event, operands=(), results=(I32,)):
        attrs = {"event": f"#asc.event<{HardEvent(event).name}>"}
        r = builder(opname).op(f"asc.tpipe_{opname}", [self.value, *operands], [t.ir for t in results], attrs)
        return PlainValue(r[0], I32) if results else None

    def alloc_event_id(self, event=HardEvent.V_S):
        return self._event_op("alloc_event_id", event)

    def fetch_event_id(self, event=HardEvent.V_S):
        return self._event_op("fetch_event_id", event)

    def release_event_id(self, id, event=HardEvent.V_S):
        self._event_op("release_event_id", event, [_i32(id)], ())

    def init_buf_pool(self, buf_pool, len=0, share_buf=None):  # noqa: A002 - pyasc's name
        """Carve len bytes for a TBufPool (or give it the first len bytes of share_buf's memory)."""
        b = builder("init_buf_pool")
        _need(buf_pool, TBufPool, "init_buf_pool", "buf_pool")
        if share_buf is not None:
            b.op("asc.tbufpool_share", [buf_pool.value, _need(share_buf, TBufPool, "init_buf_pool", "share_buf").value,
                                        _i32(len)])
        else:
            b.op("asc.init_tbuf", [self.value, buf_pool.value, _i32(len)])

    def get_base_addr(self, logic_pos=TPosition.VECIN):
        b = builder("get_base_addr")
        r = b.op("asc.tpipe_get_base_addr", [self.value], [I32.ir], {"pos": f"#asc.pos<{_posname(logic_pos)}>"})
        return PlainValue(r[0], I32)


def get_tpipe_ptr():
    b = builder("get_tpipe_ptr")
    return b.state.get("tpipe") or TPipe()


class TQueBind(Handle):
    def __init__(self, src=TPosition.VECIN, dst=TPosition.VECIN, depth=0, mask=0):
        self.src, self.dst, self.depth = src, dst, _const_depth(depth, "TQueBind")
        self._make(f"!asc.queue<{_posname(src)}, {_posname(dst)}, {self.depth}>")

    def _make(self, t):
        self.value = builder(type(self).__name__).op("asc.tque", [], [t])[0]

    def _lt(self, dtype, pos, opname):
        v = builder(opname).op(opname, [self.value], [_lt_type(dtype_of(dtype), pos)])[0]
        return LocalTensor(dtype, pos, _value=v)

    def _into(self, t, pos, opname):
        """The in-place form alloc_tensor(tensor) / deque(tensor): the argument is bound to the
        result (and returned, as the value form returns it)."""
        r = self._lt(t.dtype, pos, opname)
        t.value, t.pos = r.value, r.pos
        return t

    def _end(self, at_dst):
        return TPosition(_lib.queue_tensor_pos(self.src, self.dst, at_dst))

    @staticmethod
    def _inplace(dtype, more, fn):
        """The in-place form: (tensor) or, as the pages' examples write it, (dtype, tensor); None otherwise."""
        if isinstance(dtype, LocalTensor):
            return dtype
        if more and isinstance(more[0], LocalTensor):
            t = more[0]
            if t.dtype is not None and dtype_of(dtype) != t.dtype:
                raise TypeError(f"{fn}(): dtype {dtype_of(dtype).name} differs from the tensor's {t.dtype.name}")
            t.dtype = t.dtype or dtype_of(dtype)
            return t
        return None

    def alloc_tensor(self, dtype, *tensor):
        t = self._inplace(dtype, tensor, "alloc_tensor")
        if t is not None:
            return self._into(t, self._end(False), "asc.alloc_tensor")
        return self._lt(dtype, self._end(False), "asc.alloc_tensor")

    def enque(self, tensor, *_user_pos):
        builder("enque").op("asc.enque", [self.value, _need(tensor, LocalTensor, "enque", "tensor").value])

    def deque(self, dtype, *more):
        """deque(dtype), deque(tensor), deque(dtype, tensor), deque(dtype, src_user_pos, dst_user_pos)."""
        t = self._inplace(dtype, more, "deque")
        if t is not None:
            return self._into(t, self._end(True), "asc.deque")
        return self._lt(dtype, self._end(True), "asc.deque")

    def free_tensor(self, tensor):
        builder("free_tensor").op("asc.free_tensor",
                                  [self.value, _need(tensor, LocalTensor, "free_tensor", "tensor").value])

    def free_all_event(self):
        builder("free_all_event").op("asc.free_all_event", [self.value])

    def _query(self, opname, dtype):
        return PlainValue(builder(opname).op(f"asc.{opname}", [self.value], [dtype.ir])[0], dtype)

    def get_tensor_count_in_que(self):
        return self._query("get_tensor_count_in_que", I32)

    def has_idle_buffer(self):
        return self._query("has_idle_buffer", I1)

    def has_tensor_in_que(self):
        return self._query("has_tensor_in_que", I1)

    def vacant_in_que(self):
        return self._query("vacant_in_que", I1)


def _const_depth(depth, what):
    if isinstance(depth, PlainValue):
        raise TypeError(f"{what}(): depth must be a compile-time int (a ConstExpr argument or a constant), "
                        f"got a runtime value")
    return int(depth)


class TQue(TQueBind):
    def __init__(self, pos=TPosition.VECIN, depth=1, mask=0):  # mask: pyasc's (Ascend C's template) parameter, unused
        self.src = self.dst = pos
        self.depth = _const_depth(depth, "TQue")
        self._make(f"!asc.queue<{_posname(pos)}, {self.depth}>")


class TBuf(Handle):
    def __init__(self, pos=TPosition.VECCALC):
        self.pos, self.length = pos, None
        self.value = builder("TBuf").op("asc.tbuf", [], [f"!asc.tbuf<{_posname(pos)}>"])[0]

    def get(self, dtype, len=None, shape=None):
        dtype = dtype_of(dtype)
        if len is None:  # the whole buffer: its byte length from init_buffer when that is a compile-time
            b = builder("TBuf.get")  # multiple of 32 bytes, else asc.tbuf_get_all (the length the buffer has
            # when it runs: init_buffer rounds it up to 32 bytes)
            if isinstance(self.length, int) and self.length % 32 == 0:
                len = self.length // dtype.size
            else:
                v = b.op("asc.tbuf_get_all", [self.value], [_lt_type(dtype, self.pos)])[0]
                return LocalTensor(dtype, self.pos, _value=v)
        v = builder("TBuf.get").op("asc.tbuf_get", [self.value, _i32(len)], [_lt_type(dtype, self.pos)])[0]
        return LocalTensor(dtype, self.pos, _value=v)

    def alloc_tensor(self, dtype):
        """Ascend C's TBuf::AllocTensor: the whole buffer, as get(dtype); the in-place form binds the argument."""
        if isinstance(dtype, LocalTensor):
            r = self.get(dtype.dtype)
            dtype.value, dtype.pos = r.value, r.pos
            return dtype
        return self.get(dtype)

    def free_tensor(self, tensor):
        """Ascend C's TBuf::FreeTensor has no effect (a TBuf has one buffer and no queue events)."""
        _need(tensor, LocalTensor, "TBuf.free_tensor", "tensor")

    def get_with_offset(self, size, buf_offset, dtype):
        if isinstance(size, DataType) and not isinstance(dtype, DataType):
            # pyasc's docs show get_with_offset(asc.int32, 128, 64): dtype first, then size and offset
            size, buf_offset, dtype = buf_offset, dtype, size
        dtype = dtype_of(dtype)
        v = builder("TBuf.get_with_offset").op("asc.tbuf_get_with_offset", [self.value, _i32(size), _i32(buf_offset)],
                                               [_lt_type(dtype, self.pos)])[0]
        return LocalTensor(dtype, self.pos, _value=v)


class TBufPool(Handle):
    """TBufPool(pos, buf_id_size): a region of the TPipe's memory (TPipe.init_buf_pool) that init_buffer carves
    for queues and TBufs, reset() frees for reuse, and nested pools subdivide (src/sim/resource.c)."""

    def __init__(self, pos=TPosition.VECCALC, buf_id_size=4):
        self.pos, self.buf_id_size = pos, buf_id_size
        self.value = builder("TBufPool").op("asc.tbuf", [], [f"!asc.tbuf<{_posname(pos)}>"])[0]

    def init_buf_pool(self, buf_pool, len=0, share_buf=None):  # noqa: A002 - pyasc's name
        b = builder("TBufPool.init_buf_pool")
        _need(buf_pool, TBufPool, "TBufPool.init_buf_pool", "buf_pool")
        if share_buf is not None:
            b.op("asc.tbufpool_share", [buf_pool.value,
                                        _need(share_buf, TBufPool, "TBufPool.init_buf_pool", "share_buf").value,
                                        _i32(len)])
        else:
            b.op("asc.tbufpool_init_tbuf", [self.value, buf_pool.value, _i32(len)])

    def init_buffer(self, que=None, num=0, len=0, buf=None):  # noqa: A002 - pyasc's name
        b = builder("TBufPool.init_buffer")
        if buf is not None or isinstance(que, TBuf):
            t = buf if buf is not None else que
            n = len if buf is not None else (num or len)
            t.length = n
            b.op("asc.tbufpool_init_tbuf", [self.value, _need(t, TBuf, "TBufPool.init_buffer", "buf").value, _i32(n)])
            return
        _need(que, TQueBind, "TBufPool.init_buffer", "que")
        b.op("asc.tbufpool_init_buffer", [self.value, que.value, _i32(num), _i32(len)])

    def reset(self):
        builder("TBufPool.reset").op("asc.tbufpool_reset", [self.value])


class LocalMemAllocator(Handle):
    """LocalMemAllocator(hard=Hardware.UB): hands out LocalTensors of UB from address 0 upward, each 32-byte
    aligned (no TPipe); get_cur_addr() is the next address."""

    def __init__(self, hard=None):
        from .enums import Hardware
        b = builder("LocalMemAllocator")
        if hard is not None and int(hard) != int(Hardware.UB):
            raise NotImplementedError(f"LocalMemAllocator(): only Hardware.UB is modelled, got {Hardware(int(hard)).name}")
        self.value = b.op("asc.local_mem_allocator", [], [I32.ir])[0]

    def get_cur_addr(self):
        return PlainValue(builder("get_cur_addr").op("asc.local_mem_allocator.get_cur_addr", [self.value], [I32.ir])[0],
                          I32)

    def alloc(self, pos, data_type, tile_size):
        d = dtype_of(data_type)
        v = builder("alloc").op("asc.local_mem_allocator.alloc", [self.value, _i32(tile_size)], [_lt_type(d, pos)],
                                {"pos": f"#asc.pos<{_posname(pos)}>"})[0]
        return LocalTensor(d, pos, _value=v)


# ---- parameter structs (from structs.def) -------------------------------------------------------------------
class ParamStruct(Handle):
    """Base of the parameter structs of src/ops/structs.def; fields in declaration order with
    pyasc's defaults.  (User structs, pyasc's asc.language.core.struct.Struct, are kernel
    arguments: see struct.py.)"""
    _fields = ()


def _struct_params(fields):
    """pyasc's parameter names of a struct: a run of fields x0, x1, ... (structs.def spells a tuple
    parameter such as LoadData3DParamsV1's pad_list that way) is the one parameter x."""
    out, names = [], [f for f, _ in fields]
    for f in names:
        base = f[:-1]
        if f[-1:].isdigit() and f"{base}0" in names and f"{base}1" in names:
            if base not in out:
                out.append(base)
        else:
            out.append(f)
    return out


def _make_struct(name, fields):
    params, names = _struct_params(fields), [f for f, _ in fields]

    def put(vals, k, v):
        if k in vals:
            vals[k] = v
        elif f"{k}0" in vals:  # a tuple parameter
            parts = tuple(v) if isinstance(v, (tuple, list)) else None
            n = sum(1 for f in names if f[:-1] == k and f[-1:].isdigit())
            if parts is None or len(parts) != n:
                raise TypeError(f"{name}(): '{k}' must be a tuple of {n} values, got {v!r}")
            for i, x in enumerate(parts):
                vals[f"{k}{i}"] = x
        else:
            raise TypeError(f"{name}() got an unexpected keyword argument '{k}'")

    def __init__(self, *args, **kw):
        host = name in _HOST_TILINGS and _Builder.current() is None
        if not host:
            builder(name)
        if name == "DataCopyPadExtParams":  # pyasc takes the dtype first (positional or dtype=)
            if args and isinstance(args[0], DataType):
                args = args[1:]
            elif isinstance(kw.get("dtype"), DataType):
                kw = {k: v for k, v in kw.items() if k != "dtype"}
        # pyasc's constructors end in `handle`, its own IR value ("not to be called by user"):
        # accepted and ignored, so a call passing one more argument traces as in pyasc
        if len(args) == len(params) + 1 or "handle" in kw:
            args, kw = args[:len(params)], {k: v for k, v in kw.items() if k != "handle"}
        if len(args) > len(params):
            raise TypeError(f"{name}() takes {len(params)} arguments, {len(args)} given")
        vals = dict(fields)
        for k, a in zip(params, args):
            put(vals, k, a)
        for k, v in kw.items():
            put(vals, k, v)
        object.__setattr__(self, "fields", vals)
        if host:  # built on the host: a launch-time constant of the kernel it is passed to
            for k, v in vals.items():
                if not isinstance(v, (bool, int, float)):
                    raise TypeError(f"{name}(): field '{k}' of a tiling built on the host must be a number, got "
                                    f"{type(v).__name__}")
            object.__setattr__(self, "value", None)
            return
        self._emit()

    def __repr__(self):  # deterministic: a host-built tiling is part of a kernel's specialisation key
        return f"asc.{name}({', '.join(f'{k}={v!r}' for k, v in self.fields.items())})"
    return type(name, (ParamStruct,), {"__init__": __init__, "__repr__": __repr__, "_fields": tuple(names)})


# The library tilings pyasc defines as Structs, so a host computes them and passes them to a kernel
# (asc.adv.SoftmaxTiling(src_m=..., ...) as a kernel argument).  openasc's library expansion needs
# their shape fields at compile time: a host-built one is a launch-time constant (it specialises the
# kernel, as a ConstExpr does) and becomes the in-kernel struct where it is used.
_HOST_TILINGS = ("SoftmaxTiling", "RmsNormTiling")


def _is_host_tiling(v):
    return type(v).__name__ in _HOST_TILINGS and isinstance(v, ParamStruct) and getattr(v, "value", 0) is None


def _kernel_tiling(v):
    """The in-kernel struct of a tiling (a host-built one is emitted into the current trace)."""
    return type(v)(**v.fields) if _is_host_tiling(v) else v


def _field_value(v):
    """A struct field as an IR value: floats (numpy's too) f32; bools and enums their integer;
    integers i32, or i64 when they do not fit (bit patterns such as filter_config)."""
    if isinstance(v, PlainValue):
        return to_value(v, DTYPES["float32"] if v.dtype.is_float() else I32)
    if not isinstance(v, (bool, int, float)) and hasattr(v, "dtype") and hasattr(v, "item"):
        v = v.item()  # a numpy scalar (np.float16(2.2), np.int32(4))
    if isinstance(v, float):
        return to_value(v, DTYPES["float32"])
    if isinstance(v, int):  # bool and IntEnum too
        v = int(v)
        return to_value(v, I32) if -2**31 <= v < 2**31 else to_value(v, DTYPES["int64"], wrap=True)
    return to_value(v, I32)


def _struct_emit(self):
    ops = [_field_value(v) for v in self.fields.values()]
    object.__setattr__(self, "value", builder(type(self).__name__).op("asc.struct", ops,
                                                                     [f"!asc.struct<{type(self).__name__}>"])[0])


def _struct_setattr(self, key, v):
    """Writing a field rebuilds the struct value (asc.struct is pure)."""
    if key in self._fields:
        object.__setattr__(self, "fields", dict(self.fields, **{key: v}))  # copies (_rebind) share the old dict
        if not _is_host_tiling(self):  # a host-built tiling is emitted where a kernel uses it
            self._emit()
    else:
        object.__setattr__(self, key, v)


def _struct_getattr(self, key):
    fields = self.__dict__.get("fields", {})
    if key in fields:
        return fields[key]
    raise AttributeError(f"{type(self).__name__} has no field '{key}'")


ParamStruct._emit, ParamStruct.__setattr__, ParamStruct.__getattr__ = _struct_emit, _struct_setattr, _struct_getattr


# A parameter struct's fields as the tracer sees them (it carries assigned fields through runtime
# if/for/while as it does user structs, struct.py): each field is a leaf.
def _pstruct_dtype(self, key):
    v = self.fields[key]
    return v.dtype if isinstance(v, PlainValue) else DTYPES["float32"] if isinstance(v, float) else I32


def _pstruct_update(self, vals):
    object.__setattr__(self, "fields", dict(self.fields, **vals))
    self._emit()


def _pstruct_restore(self, state):
    fields, value = state
    object.__setattr__(self, "fields", dict(fields))
    object.__setattr__(self, "value", value)


ParamStruct._agg_leaves = lambda self: dict(self.fields)
ParamStruct._agg_dtype, ParamStruct._agg_update = _pstruct_dtype, _pstruct_update
def _pstruct_new(cls, *args, **kw):
    """Every parameter struct built in a kernel is registered with the builder (the tracer
    carries the fields a runtime region assigns)."""
    h = object.__new__(cls)
    b = builder()
    if b is not None:
        b.aggregates.append(h)
    return h


def _pstruct_fresh(self, vals):
    """A new struct of this kind with fields vals (a name bound to a struct in a runtime region)."""
    h = object.__new__(type(self))
    object.__setattr__(h, "fields", dict(self.fields, **vals))
    h._emit()
    builder(type(self).__name__).aggregates.append(h)
    return h


ParamStruct._agg_owners = lambda self, path: [(self, path)]
ParamStruct._agg_state = lambda self: (dict(self.fields), self.value)
ParamStruct._agg_restore, ParamStruct._agg_fresh = _pstruct_restore, _pstruct_fresh
ParamStruct.__new__ = _pstruct_new


STRUCTS = {n: _make_struct(n, f) for n, f in _lib.registry_structs().items()}
globals().update(STRUCTS)


# ---- data movement, core ids, sync ------------------------------------------------------------------------------
def _tensor(x, fn, arg):
    if not isinstance(x, (LocalTensor, GlobalTensor)) or x.value is None:
        raise TypeError(f"{fn}(): argument '{arg}' must be a LocalTensor or GlobalTensor, got {type(x).__name__}")
    return x.value


class SliceInfo:
    """SliceInfo(start_index=0, end_index=31, stride=0, burst_len=32, shape_value=0): one dimension of a
    data_copy slice (pyasc's defaults: end_index ONE_BLK_SIZE - 1, burst_len ONE_BLK_SIZE)."""

    def __init__(self, start_index=0, end_index=None, stride=0, burst_len=None, shape_value=0):
        builder("SliceInfo")
        self.start_index, self.stride, self.shape_value = start_index, stride, shape_value
        self.end_index = 31 if end_index is None else end_index
        self.burst_len = 32 if burst_len is None else burst_len

    def _values(self):
        return [self.start_index, self.end_index, self.stride, self.burst_len, self.shape_value]


def data_copy(dst, src, count=None, repeat_params=None, *rest, **kw):
    b = builder("data_copy")
    if isinstance(count, (list, tuple)) or "slice_list1" in kw:  # the slice form
        vals = _bind_slices(count, repeat_params, rest, kw)
        ops = [_tensor(dst, "data_copy", "dst"), _tensor(src, "data_copy", "src"), _i32(vals[2])]
        for lst in vals[:2]:
            ops += [_i32(x) for s in lst for x in s._values()]
        b.op("asc.data_copy_slice", ops)
        return
    enh = kw.pop("enhanced_params", rest[0] if rest else None)
    if enh is None and isinstance(repeat_params, STRUCTS["DataCopyEnhancedParams"]):  # (dst, src, params, enhanced)
        enh, repeat_params = repeat_params, None
    if "params" in kw and "intri_params" not in kw:  # pyasc's docs: data_copy(dst, src, params=p[, enhanced_params=e])
        kw["intri_params"] = kw.pop("params")
    params = kw.pop("intri_params", repeat_params if repeat_params is not None else count)
    if kw:
        raise TypeError(f"data_copy() got an unexpected keyword argument '{next(iter(kw))}'")
    if enh is not None:
        if not isinstance(params, STRUCTS["DataCopyParams"]) or not isinstance(enh, STRUCTS["DataCopyEnhancedParams"]):
            raise TypeError("data_copy(): the enhanced form takes DataCopyParams and DataCopyEnhancedParams")
        b.op("asc.data_copy_enhanced", [_tensor(dst, "data_copy", "dst"), _tensor(src, "data_copy", "src"),
                                        params.value, enh.value])
        return
    forms = _lib.api_struct_forms("data_copy")  # DataCopyParams, and the cube unit's ND -> Nz, L0C out
    if isinstance(params, ParamStruct) and type(params).__name__ in forms:
        b.op(forms[type(params).__name__], [_tensor(dst, "data_copy", "dst"), _tensor(src, "data_copy", "src"),
                                            params.value])
    elif isinstance(params, ParamStruct):
        raise NotImplementedError(f"data_copy with {type(params).__name__} is not supported yet")
    else:
        if count is None:
            raise TypeError("data_copy(): missing argument 'count'")
        b.op("asc.data_copy", [_tensor(dst, "data_copy", "dst"), _tensor(src, "data_copy", "src"), _i32(count)])


def _bind_slices(l1, l2, rest, kw):
    """(slice_list1 (dst), slice_list2 (src), dim_value) of the slice form of data_copy."""
    l1 = kw.pop("slice_list1", l1)
    l2 = kw.pop("slice_list2", l2)
    dim = kw.pop("dim_value", rest[0] if rest else 1)
    if kw:
        raise TypeError(f"data_copy() got an unexpected keyword argument '{next(iter(kw))}'")
    for n, lst in (("slice_list1", l1), ("slice_list2", l2)):
        if not isinstance(lst, (list, tuple)) or not all(isinstance(s, SliceInfo) for s in lst):
            raise TypeError(f"data_copy(): {n} must be a list of SliceInfo")
        if isinstance(dim, int) and len(lst) != dim:
            raise ValueError(f"data_copy(): {n} has {len(lst)} SliceInfo, dim_value is {dim}")
    if not isinstance(dim, int) or not 1 <= dim <= 8:
        raise ValueError(f"data_copy(): dim_value must be a compile-time int in 1..8, got {dim!r}")
    return l1, l2, dim


def data_copy_pad(dst, src, data_copy_params, pad_params=None):
    b = builder("data_copy_pad")
    ops = [_tensor(dst, "data_copy_pad", "dst"), _tensor(src, "data_copy_pad", "src")]
    if isinstance(pad_params, STRUCTS["Nd2NzParams"]):  # VECIN/VECOUT -> TSCM with ND -> Nz (src/sim/aipp.c)
        if not isinstance(data_copy_params, (STRUCTS["DataCopyParams"], STRUCTS["DataCopyExtParams"])):
            raise TypeError(f"data_copy_pad(): with Nd2NzParams the copy parameters are a DataCopyParams or "
                            f"DataCopyExtParams, got {type(data_copy_params).__name__}")
        b.op("asc.data_copy_pad_nd2nz", ops + [data_copy_params.value, pad_params.value])
        return
    if isinstance(data_copy_params, STRUCTS["DataCopyParams"]):
        if pad_params is not None and not isinstance(pad_params, STRUCTS["DataCopyPadParams"]):
            raise TypeError(f"data_copy_pad(): with DataCopyParams the padding is a DataCopyPadParams, got "
                            f"{type(pad_params).__name__}")
        b.op("asc.data_copy_pad.v1", ops + [data_copy_params.value] + ([] if pad_params is None else [pad_params.value]))
        return
    if not isinstance(data_copy_params, STRUCTS["DataCopyExtParams"]):
        raise TypeError(f"data_copy_pad(): data_copy_params must be a DataCopyExtParams or DataCopyParams, got "
                        f"{type(data_copy_params).__name__}")
    if pad_params is not None and not isinstance(pad_params, STRUCTS["DataCopyPadExtParams"]):
        raise TypeError(f"data_copy_pad(): with DataCopyExtParams the padding is a DataCopyPadExtParams, got "
                        f"{type(pad_params).__name__}")
    ops.append(data_copy_params.value)
    if pad_params is not None:
        ops.append(pad_params.value)
    b.op("asc.data_copy_pad", ops)


def set_pad_value(padding_value, pos=None, dtype=None):
    """The value data_copy_pad GM -> UB writes into its left / right padding when is_pad is false.  Its type is
    the copied element type: a Python number goes as dtype (default: float32 for a float, int32 for an int)."""
    b = builder("set_pad_value")
    if isinstance(padding_value, PlainValue):
        v = padding_value.value
    else:
        d = dtype_of(dtype) if dtype is not None else DTYPES["float32" if isinstance(padding_value, float) else "int32"]
        v = to_value(padding_value, d)
    b.op("asc.set_pad_value", [v])


def get_block_idx():
    return PlainValue(builder("get_block_idx").op("asc.get_block_idx", [], ["i32"])[0], I32)


def get_block_num():
    return PlainValue(builder("get_block_num").op("asc.get_block_num", [], ["i32"])[0], I32)


def set_flag(event, event_id=0):
    builder("set_flag").op("asc.set_flag", [_i32(event_id)], [], {"event": f"#asc.event<{HardEvent(event).name}>"})


def wait_flag(event, event_id=0):
    builder("wait_flag").op("asc.wait_flag", [_i32(event_id)], [], {"event": f"#asc.event<{HardEvent(event).name}>"})


def pipe_barrier(pipe):
    builder("pipe_barrier").op("asc.pipe_barrier", [], [], {"pipe": f"#asc.pipe<{PipeID(pipe).name}>"})


from ._xcore import *  # noqa: E402,F401,F403 - core kinds, cross-core sync, atomics


# ---- vector ops, generated from the registry --------------------------------------------------------------------
# A count-form vector op whose operand signature is one of these gets a generated wrapper; its Python
# parameters are its operands' names in ops.def (pyasc's keywords).  The signatures spell an integer
# operand `int`; ops.def spells count operands `count` (an i32), which _sig maps to `int`.
FORMS = {
    "lt@t,lt@t,lt@t,int", "lt@t,lt@t,num,int", "lt,lt,num,int", "lt@t,lt@t,int", "lt@t,num,int", "lt,lt,int",
    "lt@t,lt@t,lt,int",
    "lt,lt@s,lt@s,int",  # mixed widths: mul_cast, add_relu_cast, ...
}
# Attributes that are call parameters: attr -> (Python name, position before `count`?, formatter)
ATTR_PARAMS = {"round": ("round_mode", True, lambda v: f"#asc.round<{RoundMode(v).name}>"),
               "cal_index": ("cal_index", False, lambda v: "true" if v else "false"),
               "is_set_mask": ("is_set_mask", False, lambda v: "true" if v else "false"),
               "is_vec_deq": ("is_vec_deq", False, lambda v: "true" if v else "false"),
               "half_block": ("half_block", False, lambda v: "true" if v else "false")}
# Count-form signatures whose pyasc functions take `is_set_mask` after `count` (binary and vector-scalar ops).
COUNT_IS_SET_MASK = {"lt@t,lt@t,lt@t,int", "lt@t,lt@t,num,int", "lt,lt@s,lt@s,int"}


def _operand(kind, x, fn, name, dst):
    if kind.startswith("lt"):
        return _need(x, LocalTensor, fn, name).value
    if kind == "num":
        if dst.dtype.kind == "u":  # IR constants are signless: an unsigned element's scalar goes as its bits
            if isinstance(x, int) and not 0 <= x < 1 << (8 * dst.dtype.size):
                raise TypeError(f"{fn}(): the scalar {x!r} does not fit {dst.dtype.name}")
            return to_value(x, DTYPES[f"int{8 * dst.dtype.size}"], wrap=True)
        return to_value(x, dst.dtype)
    if kind == "i64":  # mask words: 64-bit patterns (0xFFFF_FFFF_FFFF_FFFF) keep their bits
        return to_value(x, I64, wrap=True)
    if kind.startswith("struct:"):
        if type(x).__name__ != kind[7:]:
            raise TypeError(f"{fn}(): argument '{name}' must be a {kind[7:]}, got {type(x).__name__}")
        return x.value
    return _i32(x)


def _attr_params(info):
    out = []
    for a in info["attrs"].split():
        n = a.split(":")[0].rstrip("?")
        if n in ATTR_PARAMS:
            out.append((n, a.split(":")[0].endswith("?")) + ATTR_PARAMS[n])
    return out


# pyasc spells the repeat count repeat_times (binary, unary, cast, axpy, select, ...), repeat_time
# (the reductions, sort) or repeat (block_reduce_*); its docs mix them (`asc.axpy(..., repeat_time=4,
# ...)`).  Any of the spellings binds to the function's own parameter.
# Likewise the repeat parameters' struct: repeat_params, or params (`asc.cast(..., params=p)` in its docs).
_KW_GROUPS = (("repeat_times", "repeat_time", "repeat"), ("repeat_params", "params"),
              ("load_data_params", "load_data_param"))


def _alias(k, names, kw):
    if k in names:
        return k
    for group in _KW_GROUPS:
        if k in group:
            own = [n for n in group if n in names]
            return own[0] if own and own[0] not in kw else k
    return k


def _bind(fn, names, args, kw):
    if len(args) > len(names):
        raise TypeError(f"{fn}() takes {len(names)} arguments, {len(args)} given")
    vals = dict(zip(names, args))
    for k, v in kw.items():
        k = _alias(k, names, kw)
        if k not in names or k in vals:
            raise TypeError(f"{fn}() got an unexpected or repeated argument '{k}'")
        vals[k] = v
    return vals


def _mask_words(pyname, mask):
    """pyasc's bit-mask list is Ascend C's `uint64_t mask[2]`: mask[0] = lanes 0-63, mask[1] = lanes
    64-127; 32- and 64-bit types (at most 64 lanes) pass one word.  Returns the IR's (hi, lo) pair."""
    if len(mask) == 1:
        return 0, mask[0]
    if len(mask) == 2:
        return mask[1], mask[0]
    raise ValueError(f"{pyname}(): a bit mask is a list of 1 or 2 uint64 words (mask[0] = lanes 0-63), "
                     f"got {len(mask)}")


def _sig(operands):
    """An operand signature (constraints only: registry_ops strips the names) with `i32` and `count` (an
    element count, ops.def) spelled `int`, the spelling of FORMS."""
    return ",".join("int" if k in ("i32", "count") else k for k in operands.split(","))


def _mask_params(minfo, bits):
    """(repeat parameter, parameters after it) of a mask form, from its operand names in ops.def: the
    operand after `mask` (a bit-mask form: after `mask_hi, mask_lo`) is the repeat count."""
    names = minfo["names"]
    at = names.index("mask_lo" if bits else "mask")
    return names[at + 1], names[at + 2:]


# Keywords a call may give that change nothing: Ascend C's ReduceSum has a calIndex parameter it
# ignores, and pyasc's docs pass it (`asc.reduce_sum(..., count=2048, cal_index=True)`).
_IGNORED_KWS = {"reduce_sum": ("cal_index",)}


def _make_vector_op(pyname, opname, info):
    kinds = info["operands"].split(",")
    base = info["names"]
    attrs = _attr_params(info)
    front = [p for (_, _, p, pre, _) in attrs if pre]
    count_names = base[:-1] + tuple(front) + ("count",) + tuple(p for (_, _, p, pre, _) in attrs if not pre)
    if _sig(info["operands"]) in COUNT_IS_SET_MASK:
        count_names += ("is_set_mask",)
    masks = {kind: _REGISTRY[form] for kind, form in info["forms"].items()}

    def emit(name, sig, vals, attr_list):
        dst = vals["dst"]
        ops, amap = [], {}
        for kind, pname in sig:
            ops.append(_operand(kind, vals[pname], pyname, pname, dst))
        for (an, opt, pn, _, fmt) in attr_list:
            if pn in vals and vals[pn] is not None:
                amap[an] = fmt(vals[pn])
            elif not opt:
                raise TypeError(f"{pyname}(): missing argument '{pn}'")
        builder(pyname).op(name, ops, [], amap)

    def op(*args, **kw):
        builder(pyname)
        for k in _IGNORED_KWS.get(pyname, ()):
            kw.pop(k, None)
        nbase = len(base) - 1
        is_mask = len(args) > len(count_names) or "mask" in kw or "repeat_times" in kw or "repeat_time" in kw or \
            any(isinstance(a, (ParamStruct, list, tuple)) for a in args)  # cast_deq: as many arguments either way
        if not is_mask:
            vals = _bind(pyname, count_names, args, kw)
            vals.pop("is_set_mask", None)  # pyasc accepts it here and drops it (its count forms set their mask)
            for n in base:
                if n not in vals:
                    raise TypeError(f"{pyname}(): missing argument '{n}'")
            emit(opname, list(zip(kinds, base)), vals, attrs)
            return
        mask = args[nbase + len(front)] if len(args) > nbase + len(front) else kw.get("mask")
        kind = "bitmask" if isinstance(mask, (list, tuple)) else "mask"
        if kind not in masks:
            raise NotImplementedError(f"{pyname}(): the mask/repeat form is not supported yet")
        minfo = masks[kind]
        mkinds, mattrs = minfo["operands"].split(","), _attr_params(minfo)
        rep, tail = _mask_params(minfo, kind == "bitmask")
        names = base[:-1] + tuple(front) + ("mask", rep) + tail + tuple(p for (_, _, p, pre, _) in mattrs if not pre)
        vals = _bind(pyname, names, args, kw)
        if kind == "bitmask":
            vals["mask_hi"], vals["mask_lo"] = _mask_words(pyname, vals["mask"])
        emit(info["forms"][kind], list(zip(mkinds, minfo["names"])), vals, mattrs)

    op.__name__ = op.__qualname__ = pyname
    op.__doc__ = f"{pyname}({', '.join(count_names)}): {info['doc']}  (IR op {opname})"
    return op


VECTOR_OPS = {}
# Level-0 forms are reached through their count form (FORM rows); asc.adv.* ops (not Python identifiers
# here) are wrapped in asc.language.adv.  Other signatures: hand-written in asc/_basic_ops.py.
for _name, _info in _REGISTRY.items():
    if _info["family"] == "vector" and _info["form_of"] is None and _name[4:].isidentifier() and \
            _sig(_info["operands"]) in FORMS:
        VECTOR_OPS[_name[4:]] = _make_vector_op(_name[4:], _name, _info)
globals().update(VECTOR_OPS)


# ---- loops and compile-time helpers ----------------------------------------------------------------------------
class range:  # noqa: A001 - pyasc's asc.range (runtime loop); the visitor handles it
    def __init__(self, *args):
        self.args = args


class static_range:
    """Unrolled loop: iterates in Python at trace time."""

    def __init__(self, *args):
        self.args = args

    def __iter__(self):
        return iter(builtins.range(*self.args))


def ceildiv(x, y):
    if isinstance(x, PlainValue):
        return x.ceildiv(y)
    return -(-x // y)


def static_assert(cond, msg=""):
    if not cond:
        raise AssertionError(msg or "static_assert failed")


def number(value, dtype):
    builder("number")
    d = dtype_of(dtype)
    return PlainValue(to_value(value, d), d)  # a value that does not fit d is a TypeError


float16, float32, bfloat16, float64 = (DTYPES[n] for n in ("float16", "float32", "bfloat16", "float64"))
int8, int16, int32, int64 = (DTYPES[n] for n in ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (DTYPES[n] for n in ("uint8", "uint16", "uint32", "uint64"))
half = float16



# ---- not yet implemented (api.md Tier 2-4): callable names that say so -------------------------------------------

NOT_YET = []  # every documented name of asc.language.core / basic is implemented (or says why it is absent)


not_yet_names(globals(), "asc", " ".join(NOT_YET))


def get_data_block_size_in_bytes():
    return 32


# ---- hardware properties (pyasc's asc.property(asc.TOTAL_L1_SIZE)) -----------------------------------------------
class Property:
    """A hardware size read at trace time: from the platform table of libasc (src/sim/platform.c)
    for the current platform (field), or a fixed value of the architecture (value)."""

    def __init__(self, name, dtype, field=None, value=None):
        self.name, self.dtype, self.field, self.value = name, dtype, field, value

    def __repr__(self):
        return f"asc.{self.name}"


DEFAULT_C0_SIZE = Property("DEFAULT_C0_SIZE", DTYPES["int32"], value=32)
ONE_BLK_SIZE = Property("ONE_BLK_SIZE", DTYPES["int16"], value=32)
TOTAL_L1_SIZE = Property("TOTAL_L1_SIZE", DTYPES["int32"], field="l1_bytes")
TOTAL_L0C_SIZE = Property("TOTAL_L0C_SIZE", DTYPES["int32"], field="l0c_bytes")
# The mask argument of a mask-form call with is_set_mask=False (pyasc's docs name it; Ascend C's
# MASK_PLACEHOLDER is 0): the mask set by set_vector_mask applies.
MASK_PLACEHOLDER = 0


def property(prop):  # noqa: A001 - pyasc's name
    """The value of a hardware Property as a traced constant."""
    builder("property")
    if not isinstance(prop, Property):
        raise TypeError(f"property(): expected an asc Property such as asc.TOTAL_L1_SIZE, got {type(prop).__name__}")
    v = prop.value
    if v is None:
        from ...runtime import config
        v = _lib.platform_fact(config.current_platform().value, prop.field)
    return PlainValue(to_value(v, prop.dtype), prop.dtype)
