"""Core kinds, cross-core synchronization and atomic GM stores (hardware.md §1.1, §10, §12.1).
Trace-only like the rest of the language API: each function emits one IR op; the semantics
(core groups, counters, barriers, workspace handshakes, atomic stores) live in libasc."""
from ..._core import DTYPES, DataType, PlainValue, builder, to_value
from .enums import PipeID

I1, I32, I64 = DTYPES["int1"], DTYPES["int32"], DTYPES["int64"]

__all__ = ["ascend_is_aic", "ascend_is_aiv", "get_sub_block_idx", "get_sub_block_num", "get_task_ratio",
           "cross_core_set_flag", "cross_core_wait_flag", "sync_all", "ib_set", "ib_wait", "notify_next_block",
           "wait_pre_block", "set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_type",
           "set_atomic_none", "set_store_atomic_config", "get_store_atomic_config"]


def _i32(x):
    return to_value(x, I32)


def _tensor(x, fn, arg, kind):
    from .. import core  # the tensor classes (imported late: core imports this module)
    cls = core.GlobalTensor if kind == "gt" else core.LocalTensor
    if not isinstance(x, cls) or x.value is None:
        raise TypeError(f"{fn}(): argument '{arg}' must be a {cls.__name__}, got {type(x).__name__}")
    return x.value


def _query(name, op, dtype):
    return PlainValue(builder(name).op(op, [], [dtype.ir])[0], dtype)


def ascend_is_aic():
    return _query("ascend_is_aic", "asc.ascend_is_aic", I1)


def ascend_is_aiv():
    return _query("ascend_is_aiv", "asc.ascend_is_aiv", I1)


def get_sub_block_idx():
    return _query("get_sub_block_idx", "asc.get_sub_block_idx", I64)


def get_sub_block_num():
    return _query("get_sub_block_num", "asc.get_sub_block_num", I64)


def get_task_ratio():
    return _query("get_task_ratio", "asc.get_task_ratio", I64)


def _mode(fn, mode_id):
    if not isinstance(mode_id, int) or isinstance(mode_id, bool) or mode_id not in (0, 1, 2):
        raise ValueError(f"{fn}(): mode_id must be 0, 1 or 2 (a compile-time int), got {mode_id!r}")
    return f"{mode_id} : i32"


def cross_core_set_flag(flag_id, mode_id, pipe):
    builder("cross_core_set_flag").op("asc.cross_core_set_flag", [_i32(flag_id)], [],
                                      {"mode": _mode("cross_core_set_flag", mode_id),
                                       "pipe": f"#asc.pipe<{PipeID(pipe).name}>"})


def cross_core_wait_flag(flag_id, mode_id, pipe):
    builder("cross_core_wait_flag").op("asc.cross_core_wait_flag", [_i32(flag_id)], [],
                                       {"mode": _mode("cross_core_wait_flag", mode_id),
                                        "pipe": f"#asc.pipe<{PipeID(pipe).name}>"})


def _aiv_only(v):
    return {"aiv_only": "true" if v else "false"}


def sync_all(gm_workspace=None, ub_workspace=None, used_cores=0, is_aiv_only=True):
    b = builder("sync_all")
    if gm_workspace is None or ub_workspace is None:
        b.op("asc.sync_all", [], [], _aiv_only(is_aiv_only))
    else:
        b.op("asc.sync_all_soft", [_tensor(gm_workspace, "sync_all", "gm_workspace", "gt"),
                                   _tensor(ub_workspace, "sync_all", "ub_workspace", "lt"), _i32(used_cores)],
             [], _aiv_only(is_aiv_only))


def _ib(name, gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only):
    builder(name).op(f"asc.{name}", [_tensor(gm_workspace, name, "gm_workspace", "gt"),
                                     _tensor(ub_workspace, name, "ub_workspace", "lt"), _i32(block_idx),
                                     _i32(event_id)], [], _aiv_only(is_aiv_only))


def ib_set(gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only=True):
    _ib("ib_set", gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


def ib_wait(gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only=True):
    _ib("ib_wait", gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


def notify_next_block(gm_workspace, ub_workspace):
    builder("notify_next_block").op("asc.notify_next_block", [
        _tensor(gm_workspace, "notify_next_block", "gm_workspace", "gt"),
        _tensor(ub_workspace, "notify_next_block", "ub_workspace", "lt")])


def wait_pre_block(gm_workspace, ub_workspace):
    builder("wait_pre_block").op("asc.wait_pre_block", [
        _tensor(gm_workspace, "wait_pre_block", "gm_workspace", "gt"),
        _tensor(ub_workspace, "wait_pre_block", "ub_workspace", "lt")])


def _dtype(fn, dtype):
    if not isinstance(dtype, DataType):
        raise TypeError(f"{fn}(): dtype must be an asc data type (asc.float32, ...), got {dtype!r}")
    return {"dtype": dtype.ir}


def set_atomic_add(dtype):
    builder("set_atomic_add").op("asc.set_atomic_add", [], [], _dtype("set_atomic_add", dtype))


def set_atomic_max(dtype):
    builder("set_atomic_max").op("asc.set_atomic_max", [], [], _dtype("set_atomic_max", dtype))


def set_atomic_min(dtype):
    builder("set_atomic_min").op("asc.set_atomic_min", [], [], _dtype("set_atomic_min", dtype))


def set_atomic_type(dtype):
    builder("set_atomic_type").op("asc.set_atomic_type", [], [], _dtype("set_atomic_type", dtype))


def set_atomic_none():
    builder("set_atomic_none").op("asc.set_atomic_none")


def set_store_atomic_config(atomic_type, atomic_op):
    builder("set_store_atomic_config").op("asc.set_store_atomic_config", [], [],
                                          {"atomic_type": f"{int(atomic_type)} : i32",
                                           "atomic_op": f"{int(atomic_op)} : i32"})


def get_store_atomic_config():
    t, o = builder("get_store_atomic_config").op("asc.get_store_atomic_config", [], [I32.ir, I32.ir])
    return PlainValue(t, I32), PlainValue(o, I32)
