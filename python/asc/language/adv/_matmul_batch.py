"""asc.adv.Matmul's batch forms (issue 16 part A): iterate_batch, iterate_n_batch,
get_batch_tensor_c, set_batch_num, wait_iterate_batch.  Thin: each call emits one
asc.matmul_iterate_batch op (src/ops/ops.def) with the Matmul's state, the batch counts, the matrix
strides and the tiling's layout info as operands; src/passes/expand_matmul_batch.c gives it its
meaning (loops of single matmuls, expanded further by expand_matmul.c).  docs/hardware.md,
"asc.adv.Matmul", batch part."""
from ..._core import DTYPES, PlainValue, builder, to_value
from .. import core as _c
from ._matmul_misuse import misuse

_I32 = DTYPES["int32"]
# docs/api-status.md: iterate_batch with en_partial_sum raises NotImplementedError
PARTLY = "partly implemented: en_partial_sum=True raises NotImplementedError"
_LAYOUT_FIELDS = tuple(f"{o}_layout_info_{x}"
                       for o, xs in (("a", "bsngd"), ("b", "bsngd"), ("c", ("b", "s1", "n", "g", "s2"))) for x in xs)


def _i32(x):
    return to_value(x, _I32)


def _pv(x):
    return PlainValue(_i32(x), _I32)


def _static(x, fn, arg):
    if isinstance(x, PlainValue):
        raise TypeError(f"Matmul.{fn}(): '{arg}' must be a compile-time value")
    return x


def _no_partial_sum(fn, en_partial_sum):
    if isinstance(en_partial_sum, PlainValue) or en_partial_sum:
        raise NotImplementedError(f"asc.adv.Matmul.{fn}(en_partial_sum=True) (every batch's C kept in L0C across "
                                  "calls) is not implemented yet in openasc")


def _base_operands(mm, c, atomic=0):
    """The operands and attributes Matmul._emit gives asc.matmul_iterate_all with C = c (taken, not
    emitted): the batch op carries them, then its own scalars (expand_matmul_batch.c)."""
    b = builder("Matmul")
    got = {}
    orig = b.op

    def op(name, operands=(), results=(), attrs=None, regions=None):
        if name == "asc.matmul_iterate_all" and not got:
            got["ops"], got["attrs"] = list(operands), dict(attrs or {})
            return []
        return orig(name, operands, results, attrs, regions)

    b.op = op
    saved = mm.workspace
    if getattr(mm, "_msg_workspace", None) is not None:  # set_workspace's buffer holds results, not messages
        mm.workspace = mm._msg_workspace
    try:
        mm._emit("asc.matmul_iterate_all", c=c, atomic=atomic)
    finally:
        del b.op
        mm.workspace = saved
    return got["ops"], got["attrs"]


def _emit(mm, fn, c, batch_a, batch_b, loop, strides, atomic=0):
    b = builder(fn)
    if mm.a is None or mm.b is None:
        raise RuntimeError(f"Matmul.{fn.split('.')[-1]}() before set_tensor_a and set_tensor_b")
    if mm.sparse_index is not None:
        raise NotImplementedError(f"asc.adv.Matmul.{fn.split('.')[-1]} with set_sparse_index (MatmulWithSparse) is "
                                  "not implemented yet in openasc")
    ops, attrs = _base_operands(mm, c, atomic)
    t = mm.tiling
    ops += [_i32(batch_a), _i32(batch_b), _i32(loop)] + [_i32(x) for x in strides]
    ops += [_i32(getattr(t, f)) for f in _LAYOUT_FIELDS]
    lay = lambda ty: f"{int(getattr(ty.layout, 'value', ty.layout) or 0)} : i64"  # noqa: E731
    attrs.update(layout_a=lay(mm.a_type), layout_b=lay(mm.b_type), layout_c=lay(mm.c_type))
    if mm.config is not None and not getattr(mm.config, "is_bias_batch", True):
        attrs["bias_batch"] = "0 : i64"  # MatmulConfig.is_bias_batch False: one bias row for every batch
    b.op("asc.matmul_iterate_batch", ops, [], attrs)


def _org_mn(mm):
    """orgM * orgN (set_org_shape's, else the tiling's), the NORMAL distance of two C matrices."""
    if mm.org is not None:
        return PlainValue(mm.org[0], _I32) * PlainValue(mm.org[1], _I32)
    return PlainValue(_i32(mm.tiling.m), _I32) * PlainValue(_i32(mm.tiling.n), _I32)


def _retyped(gt, dtype):
    """gt as a GlobalTensor of dtype over the same bytes (the Matmul message ops' handle pair)."""
    b = builder("Matmul")
    h, n = b.op("asc.matmul_gt_handle", [gt.value], ["i64", "i64"])
    t = _c.GlobalTensor()
    t.value = b.op("asc.matmul_gt_from_handle", [h, n], [f"!asc.global_tensor<{dtype.ir}>"])[0]
    t.dtype = dtype
    return t


def set_batch_num(mm, batch_a, batch_b):
    builder("Matmul.set_batch_num")
    mm._batch_num = (_pv(batch_a), _pv(batch_b))


def iterate_batch(mm, tensor, *args, **kw):
    """iterate_batch(tensor, batch_a, batch_b, en_sequential_write, matrix_stride_a=0, matrix_stride_b=0,
    matrix_stride_c=0, en_partial_sum=False, en_atomic=0, sync=True, wait_iterate_batch=False), or the
    cube-only form iterate_batch(tensor, en_partial_sum, en_atomic, en_sequential_write, matrix_stride_a=0,
    matrix_stride_b=0, matrix_stride_c=0) with the batch counts of set_batch_num."""
    builder("Matmul.iterate_batch")
    if "batch_a" in kw or (args and not isinstance(args[0], bool) and "en_partial_sum" not in kw):
        names = ("batch_a", "batch_b", "en_sequential_write", "matrix_stride_a", "matrix_stride_b", "matrix_stride_c",
                 "en_partial_sum", "en_atomic", "sync", "wait_iterate_batch")
        defaults = dict(matrix_stride_a=0, matrix_stride_b=0, matrix_stride_c=0, en_partial_sum=False, en_atomic=0,
                        sync=True, wait_iterate_batch=False)
    else:
        names = ("en_partial_sum", "en_atomic", "en_sequential_write", "matrix_stride_a", "matrix_stride_b",
                 "matrix_stride_c")
        defaults = dict(matrix_stride_a=0, matrix_stride_b=0, matrix_stride_c=0)
    if len(args) > len(names):
        raise TypeError(f"Matmul.iterate_batch() takes at most {len(names) + 1} arguments")
    p = dict(defaults)
    p.update(zip(names, args))
    for k, v in kw.items():
        if k not in names:
            raise TypeError(f"Matmul.iterate_batch() got an unexpected keyword argument '{k}'")
        p[k] = v
    missing = [n for n in names if n not in p]
    if missing:
        raise TypeError(f"Matmul.iterate_batch() missing argument '{missing[0]}'")
    if "batch_a" in p:
        ba, bb = p["batch_a"], p["batch_b"]
    else:
        if getattr(mm, "_batch_num", None) is None:
            raise RuntimeError("Matmul.iterate_batch(tensor, en_partial_sum, en_atomic, ...) needs set_batch_num("
                               "batch_a, batch_b) first")
        ba, bb = mm._batch_num
    _no_partial_sum("iterate_batch", p["en_partial_sum"])
    if p.get("wait_iterate_batch") is True and p.get("sync") is True:
        raise ValueError("Matmul.iterate_batch(): wait_iterate_batch can be True only when sync is False")
    if isinstance(tensor, _c.LocalTensor):
        # C in UB (MIX): the batches' C matrices one after another, singleM x singleN row-major each
        if p.get("sync", True) is not True:
            raise ValueError("Matmul.iterate_batch(): C in a LocalTensor needs sync=True (Ascend C has no "
                             "asynchronous iterate_batch into UB)")
        _static(p["en_sequential_write"], "iterate_batch", "en_sequential_write")
    elif not isinstance(tensor, _c.GlobalTensor) or tensor.value is None:
        raise TypeError(f"Matmul.iterate_batch(): C must be a GlobalTensor or a LocalTensor, got "
                        f"{type(tensor).__name__}")
    elif _static(p["en_sequential_write"], "iterate_batch", "en_sequential_write") is True:
        raise ValueError("Matmul.iterate_batch(): when C is in GM, en_sequential_write must be False")
    from ._matmul import _atomic
    atomic = _atomic(p["en_atomic"], "iterate_batch", tensor)
    _emit(mm, "Matmul.iterate_batch", tensor, ba, bb, 1,
          (p["matrix_stride_a"], p["matrix_stride_b"], p["matrix_stride_c"]), atomic)


def iterate_n_batch(mm, batch_loop, batch_a, batch_b, en_sequential_write, matrix_stride_a=0, matrix_stride_b=0,
                    matrix_stride_c=0, sync=True, wait_iterate_batch=False):
    """batch_loop iterate_batch calls, A and B advancing by batch_a / batch_b matrices each; C goes to the
    workspace given by set_workspace, batch after batch as C's layout places them, read back with
    get_batch_tensor_c."""
    builder("Matmul.iterate_n_batch")
    user = getattr(mm, "_user_workspace", None)
    base = user if user is not None else mm.workspace
    if base is None:
        raise RuntimeError("Matmul.iterate_n_batch(): C goes to the workspace; call set_workspace(buffer) (or give "
                           "register_matmul a workspace) first")
    ws = _c.GlobalTensor()
    ws.set_global_buffer(base)
    cdt = mm.c_type.dtype if hasattr(mm.c_type.dtype, "ir") else DTYPES["float32"]
    if user is None:
        # register_matmul's workspace: one region of batch_loop x max(batch_a, batch_b) C matrices per
        # core, placed by C (asc.matmul_nbatch_region, src/passes/matmul_workspace.h)
        mn = _org_mn(mm)
        nb = max(batch_a, batch_b) if isinstance(batch_a, int) and isinstance(batch_b, int) else \
            _pv(batch_a) + _pv(batch_b)  # an upper bound of max(batch_a, batch_b)
        region = _pv(batch_loop) * nb * mn * 4
        at = builder("Matmul.iterate_n_batch").op("asc.matmul_nbatch_region", [region.value], ["i32"])[0]
        ws = ws[PlainValue(at, _I32)]
    c = _retyped(ws, cdt)
    mm._nbatch = {"c": c, "count": 0}
    _emit(mm, "Matmul.iterate_n_batch", c, batch_a, batch_b, batch_loop,
          (matrix_stride_a, matrix_stride_b, matrix_stride_c))


def get_batch_tensor_c(mm, *args, **kw):
    """get_batch_tensor_c(batch_a, batch_b, en_sequential_write=False, sync=True) -> GlobalTensor: the next
    max(batch_a, batch_b) C matrices iterate_n_batch wrote (NORMAL C layout: org M x N apart); or
    get_batch_tensor_c(tensor, batch_a, batch_b, ...): the same matrices copied into the LocalTensor."""
    builder("Matmul.get_batch_tensor_c")
    local = kw.pop("tensor", None)
    if local is None and args and isinstance(args[0], _c.LocalTensor):
        local, args = args[0], args[1:]
    names = ("batch_a", "batch_b", "en_sequential_write", "sync")
    p = dict(en_sequential_write=False, sync=True)
    p.update(zip(names, args))
    p.update(kw)
    st = getattr(mm, "_nbatch", None)
    if st is None:  # pyasc compiles the call; running it is an error at this line
        misuse("get_batch_tensor_c", "no C matrices to take: call iterate_n_batch first")
        return None if local is not None else mm._placeholder(mm.c_type)
    ba, bb = _static(p["batch_a"], "get_batch_tensor_c", "batch_a"), _static(p["batch_b"], "get_batch_tensor_c",
                                                                              "batch_b")
    nb = max(int(ba), int(bb))
    mn = _org_mn(mm)
    off = _pv(st["count"] * nb) * mn
    st["count"] += 1
    piece = st["c"][off]
    if local is None:
        return piece
    if not isinstance(local, _c.LocalTensor):
        raise TypeError(f"Matmul.get_batch_tensor_c(): tensor must be a LocalTensor, got {type(local).__name__}")
    # the copy and its synchronisation: src/passes/expand_matmul_batch.c
    builder("Matmul.get_batch_tensor_c").op("asc.matmul_batch_copy_c", [local.value, piece.value,
                                                                        (_pv(nb) * mn).value])
    return None


def wait_iterate_batch(mm):
    """iterate_batch / iterate_n_batch have completed when they return (as iterate_all): nothing to wait for."""
    builder("Matmul.wait_iterate_batch")
