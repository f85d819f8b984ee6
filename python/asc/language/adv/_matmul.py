"""asc.adv.Matmul (issue 16).  Thin: a Matmul object records what its setters were given (IR
values) and each computing call emits one op of src/ops/ops.def ("asc.adv.Matmul" block) with
that state as operands; src/passes/expand_matmul.c turns the ops into the cube instructions of
the tiling (MTE2 / MTE1 / M / FIX) before the other passes run, so timing, trace, sanitizers
and auto-sync see them.  See docs/hardware.md, "asc.adv.Matmul"."""
from dataclasses import dataclass

from ..._core import DTYPES, PlainValue, builder, not_yet, to_value
from .. import core as _c
from ..core.enums import CubeFormat, LayoutMode, TPosition
from . import _matmul_batch as _batch

_I32 = DTYPES["int32"]

# tiling fields the ops take, in the operand order of expand_matmul.c
_ATTRS = ("trans_a", "trans_b", "bias")


@dataclass(frozen=True)
class MatmulType:
    """The position, format, element type, transposition and layout of one Matmul operand."""
    position: TPosition
    format: CubeFormat
    dtype: object
    is_trans: bool = False
    layout: LayoutMode = LayoutMode.NONE


def _i32(x):
    return to_value(x, _I32)


class _Iterate:
    """`with matmul.iterate() as count:` - the body runs once per baseM x baseN tile of C (count
    from 0), after the tile is computed into L0C; get_tensor_c in the body writes it out."""

    def __init__(self, mm):
        self.mm = mm

    def _asc_loop(self):
        return PlainValue(self.mm._emit("asc.matmul_tile_count", scalars_only=True), _I32), self.mm._iterate_at


class Matmul:
    """Matmul(a=MatmulType, b=MatmulType, c=MatmulType, bias=MatmulType|None, matmul_config=None)."""

    def __init__(self, a=None, b=None, c=None, bias=None, matmul_config=None, matmul_policy=0):
        builder("Matmul")
        for name, v in (("a", a), ("b", b), ("c", c)):
            if not isinstance(v, MatmulType):
                raise TypeError(f"Matmul(): argument '{name}' must be a MatmulType, got {type(v).__name__}")
        if bias is not None and not isinstance(bias, MatmulType):
            raise TypeError(f"Matmul(): argument 'bias' must be a MatmulType or None, got {type(bias).__name__}")
        self.a_type, self.b_type, self.c_type, self.bias_type = a, b, c, bias
        self.config = matmul_config
        self.tiling = None
        self.a = self.b = self.bias = None
        self.trans_a, self.trans_b = bool(a.is_trans), bool(b.is_trans)
        self.tail = None   # (tm, tn, tk) values
        self.org = None    # (orgM, orgN, orgKa, orgKb)
        self.single = None
        self.tile = None   # the current iterate() count
        self.workspace = None

    # ---- set-up ----
    def init(self, tiling):
        builder("Matmul.init")
        self.tiling = tiling

    def set_tensor_a(self, tensor, transpose=False):
        builder("Matmul.set_tensor_a")
        if not isinstance(tensor, _c.GlobalTensor) or tensor.value is None:
            raise TypeError("Matmul.set_tensor_a(): A must be a GlobalTensor (a scalar or local A is not "
                            f"supported yet), got {type(tensor).__name__}")
        self.a, self.trans_a = tensor, _static_bool(transpose, "set_tensor_a", "transpose")

    def set_tensor_b(self, tensor, transpose=False):
        builder("Matmul.set_tensor_b")
        if not isinstance(tensor, _c.GlobalTensor) or tensor.value is None:
            raise TypeError("Matmul.set_tensor_b(): B must be a GlobalTensor (a scalar or local B is not "
                            f"supported yet), got {type(tensor).__name__}")
        self.b, self.trans_b = tensor, _static_bool(transpose, "set_tensor_b", "transpose")

    def set_bias(self, tensor):
        builder("Matmul.set_bias")
        if not isinstance(tensor, _c.GlobalTensor) or tensor.value is None:
            raise TypeError(f"Matmul.set_bias(): the bias must be a GlobalTensor, got {type(tensor).__name__}")
        self.bias = tensor

    def disable_bias(self):
        builder("Matmul.disable_bias")
        self.bias = None

    def set_tail(self, tail_m=-1, tail_n=-1, tail_k=-1):
        builder("Matmul.set_tail")
        self.tail = tuple(_i32(x) for x in (tail_m, tail_n, tail_k))

    def set_single_shape(self, single_m, single_n, single_k):
        builder("Matmul.set_single_shape")
        self.tail = tuple(_i32(x) for x in (single_m, single_n, single_k))

    def set_org_shape(self, org_m, org_n, org_ka, org_kb=None, org_kc=None):
        builder("Matmul.set_org_shape")
        self.org = tuple(_i32(x) for x in (org_m, org_n, org_ka, org_ka if org_kb is None else org_kb))

    def set_workspace(self, addr, size=None):
        builder("Matmul.set_workspace")
        if isinstance(addr, _c.GlobalTensor):
            addr = addr.get_phy_addr()
        if not isinstance(addr, _c.GlobalAddress):
            raise TypeError(f"Matmul.set_workspace(): expected a GlobalAddress or GlobalTensor, got {type(addr).__name__}")
        if self.workspace is not None and getattr(self, "_msg_workspace", None) is None:
            self._msg_workspace = self.workspace  # register_matmul's: the batch forms' MIX messages
        self.workspace = addr
        self._user_workspace = addr  # iterate_n_batch writes C here

    def set_hf32(self, enable_hf32=False, trans_mode=0):
        from ... import _cube_ops
        _cube_ops.set_hf32_mode(enable_hf32)
        _cube_ops.set_hf32_trans_mode(trans_mode)

    def end(self):
        builder("Matmul.end")

    # ---- computing ----
    def _scalars(self):
        t = self.tiling
        if t is None:
            raise RuntimeError("Matmul: no tiling; call asc.adv.register_matmul(pipe, workspace, mm, tiling) or "
                               "mm.init(tiling) first")
        f = lambda n: _i32(getattr(t, n))  # noqa: E731
        b = builder("Matmul")
        tm, tn, tk = (f("single_core_m"), f("single_core_n"), f("single_core_k"))
        if self.tail is not None:  # -1 keeps the tiling's value
            minus1 = b.const(-1, _I32)
            tm, tn, tk = (b.op("arith.select", [b.op("arith.cmpi", [v, minus1], ["i1"], {"predicate": "0 : i64"})[0],
                                                 d, v], ["i32"])[0] for v, d in zip(self.tail, (tm, tn, tk)))
        org = self.org or (f("m"), f("n"), f("k_a"), f("k_b"))
        return [tm, tn, tk, *org, f("base_m"), f("base_n"), f("base_k"), f("iterate_order"),
                f("is_bias")]

    def _emit(self, name, c=None, tile=None, scalars_only=False):
        b = builder(name)
        s = self._scalars()
        if scalars_only:
            return b.op(name, s, ["i32"])[0]
        if self.a is None or self.b is None:
            raise RuntimeError(f"Matmul: {name[11:]} before set_tensor_a and set_tensor_b")
        ws = self.workspace if self.workspace is not None else self.a.get_phy_addr()
        ops = [c.value if c is not None else self.a.value, self.a.value, self.b.value,
               (self.bias or self.a).value, ws.value] + s + ([tile] if tile is not None else [])
        opts = getattr(b, "options", None) or {}
        kt = opts.get("kernel_type")
        kt = getattr(kt, "value", kt)
        mix = not opts.get("matmul_cube_only") and kt in (None, -1, 7)
        if not opts.get("matmul_cube_only") and kt not in (None, -1, 1, 7):
            raise NotImplementedError(f"asc.adv.Matmul with kernel_type {kt}: openasc runs Matmul in AIC_ONLY (1) "
                                      "and MIX_AIC_1_2 (7) kernels")
        attrs = {"trans_a": f"{int(self.trans_a)} : i64", "trans_b": f"{int(self.trans_b)} : i64",
                 "bias": f"{int(self.bias is not None)} : i64", "mix": f"{int(bool(mix))} : i64"}
        b.op(name, ops, [], attrs)

    def iterate_all(self, tensor, en_atomic=0, sync=True, en_sequential_write=False, wait_iterate_all=False,
                    fake_msg=False):
        builder("Matmul.iterate_all")
        _no_atomic(en_atomic, "iterate_all")
        if not isinstance(tensor, _c.GlobalTensor) or tensor.value is None:
            raise TypeError(f"Matmul.iterate_all(): C must be a GlobalTensor, got {type(tensor).__name__}")
        self._emit("asc.matmul_iterate_all", c=tensor)

    def iterate(self, en_partial_sum=False, sync=True, local_c_matrix=None):
        builder("Matmul.iterate")
        if isinstance(en_partial_sum, PlainValue) or en_partial_sum:
            raise NotImplementedError("asc.adv.Matmul.iterate(en_partial_sum=True) is not implemented yet in openasc")
        if local_c_matrix is not None:
            raise NotImplementedError("asc.adv.Matmul.iterate(local_c_matrix=...) is not implemented yet in openasc")
        return _Iterate(self)

    def _iterate_at(self, count):
        self.tile = count
        self._emit("asc.matmul_iterate", tile=_i32(count))

    def get_tensor_c(self, tensor, en_atomic=0, en_sequential_write=False, sync=True, optional_tensor=None):
        builder("Matmul.get_tensor_c")
        _no_atomic(en_atomic, "get_tensor_c")
        if self.tile is None:
            raise RuntimeError("Matmul.get_tensor_c() outside `with matmul.iterate() as count:`")
        if not isinstance(tensor, (_c.GlobalTensor, _c.LocalTensor)) or tensor.value is None:
            raise TypeError(f"Matmul.get_tensor_c(): C must be a tensor, got {type(tensor).__name__}")
        self._emit("asc.matmul_get_tensor_c", c=tensor, tile=_i32(self.tile))


    def wait_iterate_all(self):
        """iterate_all has completed when it returns (the AIV waits for the AIC's reply; on the AIC the
        next use of C is synchronised by flags): nothing to wait for."""
        builder("Matmul.wait_iterate_all")

    def wait_get_tensor_c(self):
        builder("Matmul.wait_get_tensor_c")  # get_tensor_c completes when it returns (as above)

    def async_get_tensor_c(self, c):
        self.get_tensor_c(c)


    # ---- batch forms: python/asc/language/adv/_matmul_batch.py ----
    def set_batch_num(self, batch_a, batch_b):
        _batch.set_batch_num(self, batch_a, batch_b)

    def iterate_batch(self, tensor, *args, **kwargs):
        _batch.iterate_batch(self, tensor, *args, **kwargs)

    def iterate_n_batch(self, batch_loop, batch_a, batch_b, en_sequential_write, matrix_stride_a=0, matrix_stride_b=0,
                        matrix_stride_c=0, sync=True, wait_iterate_batch=False):
        _batch.iterate_n_batch(self, batch_loop, batch_a, batch_b, en_sequential_write, matrix_stride_a,
                               matrix_stride_b, matrix_stride_c, sync, wait_iterate_batch)

    def get_batch_tensor_c(self, *args, **kwargs):
        return _batch.get_batch_tensor_c(self, *args, **kwargs)

    def wait_iterate_batch(self):
        _batch.wait_iterate_batch(self)

    iterate_batch._asc_status = _batch.PARTLY


for _n in ("set_quant_scalar "
           "set_quant_vector set_self_define_data set_sparse_index set_user_def_info get_offset_c").split():
    setattr(Matmul, _n, staticmethod(not_yet(f"asc.adv.Matmul.{_n}")))


def _no_atomic(en_atomic, fn):
    if isinstance(en_atomic, PlainValue) or en_atomic:
        raise NotImplementedError(f"asc.adv.Matmul.{fn}(en_atomic=...) (C accumulated atomically) is not implemented "
                                  "yet in openasc")


def _static_bool(x, fn, arg):
    if isinstance(x, PlainValue):
        raise TypeError(f"Matmul.{fn}(): '{arg}' must be a compile-time bool (the cube program depends on it)")
    return bool(x)


def register_matmul(pipe, workspace, matmul, tiling=None):
    builder("register_matmul")
    if not isinstance(matmul, Matmul):
        raise TypeError(f"register_matmul(): argument 'matmul' must be a Matmul, got {type(matmul).__name__}")
    if isinstance(workspace, _c.GlobalAddress):
        matmul.workspace = workspace
    if tiling is not None:
        matmul.init(tiling)


# ---- MatmulConfig (CANN's MatmulConfig: which Matmul variant the header library instantiates) ----
# The fields are recorded for the API; the expansion (expand_matmul.c) currently runs every
# configuration with the same ordering (docs/hardware.md, "asc.adv.Matmul").
_CFG_FIELDS = (
    ("do_norm", True), ("do_basic_block", False), ("do_multi_data_load", False), ("basic_m", 0), ("basic_n", 0),
    ("basic_k", 0), ("intrinsics_check", False), ("is_n_batch", False), ("en_vec_nd2nz", False),
    ("do_special_basic_block", False), ("do_mte2_preload", 0), ("single_core_m", 0), ("single_core_n", 0),
    ("single_core_k", 0), ("step_m", 0), ("step_n", 0), ("base_mn", 0), ("single_core_mn", 0),
    ("en_unit_flag", True), ("is_per_tensor", False), ("has_anti_quant_offset", False), ("do_ib_share_norm", False),
    ("do_special_mdl", False), ("enable_init", True), ("batch_mode", 1), ("enable_end", True),
    ("enable_get_tensor_c", True), ("enable_set_org_shape", True), ("enable_set_bias", True),
    ("enable_set_tail", True), ("enable_quant_vector", True), ("enable_set_define_data", True),
    ("iterate_mode", 0), ("enable_reuse", True), ("enable_ub_reuse", False), ("enable_l1_cache_ub", False),
    ("intra_block_part_sum", False), ("iterate_order", 2), ("schedule_type", 0), ("enable_double_cache", 0),
    ("is_bias_batch", True), ("enable_static_pad_zeros", False), ("is_partial_output", False),
    ("enable_mix_dual_master", False), ("is_a2b2_shared", False), ("is_enable_channel_split", False),
    ("enable_kdim_reorder_load", False), ("is_co1_shared", False), ("shared_co1_buffer_size", 64 * 1024),
    ("batch_out_mode", 0),
)


class MatmulConfig:
    """MatmulConfig(**fields): every field of CANN's MatmulConfig, by keyword, with its default."""

    def __init__(self, **kw):
        known = dict(_CFG_FIELDS)
        for k in kw:
            if k not in known:
                raise TypeError(f"MatmulConfig(): unknown field '{k}'")
        for k, d in _CFG_FIELDS:
            v = kw.get(k, d)
            setattr(self, k, d if v is None else v)

    def __repr__(self):
        return "MatmulConfig(" + ", ".join(f"{k}={getattr(self, k)!r}" for k, _ in _CFG_FIELDS) + ")"


def get_normal_config(intrinsics_limit=False, batch_loop=False, is_vec_nd2_nz=False, bmm_mode=1, is_msg_reuse=True,
                      iterate_order=0, schedule_type=0, en_unit_flag=True):
    return MatmulConfig(intrinsics_check=intrinsics_limit, is_n_batch=batch_loop, en_vec_nd2nz=is_vec_nd2_nz,
                        batch_mode=bmm_mode, enable_reuse=is_msg_reuse, iterate_order=iterate_order,
                        schedule_type=schedule_type, en_unit_flag=en_unit_flag)


def get_mdl_config(intrinsics_limit=False, batch_loop=False, do_mte2_preload=0, is_vec_nd2_nz=False,
                   is_per_tensor=False, has_anti_quant_offset=False, en_unit_flag=False, is_msg_reuse=True,
                   enable_ub_reuse=True, enable_l1_cache_ub=False, enable_mix_dual_master=False,
                   enable_kdim_reorder_load=False):
    return MatmulConfig(do_norm=False, do_multi_data_load=True, intrinsics_check=intrinsics_limit,
                        is_n_batch=batch_loop, do_mte2_preload=do_mte2_preload, en_vec_nd2nz=is_vec_nd2_nz,
                        is_per_tensor=is_per_tensor, has_anti_quant_offset=has_anti_quant_offset,
                        en_unit_flag=en_unit_flag, enable_reuse=is_msg_reuse, enable_ub_reuse=enable_ub_reuse,
                        enable_l1_cache_ub=enable_l1_cache_ub, enable_mix_dual_master=enable_mix_dual_master,
                        enable_kdim_reorder_load=enable_kdim_reorder_load)


def get_special_mdl_config(intrinsics_limit=False, batch_loop=False, do_mte2_pre_load=0, is_vec_nd2_nz=False,
                           is_per_tensor=False, has_anti_quant_offset=False):
    return MatmulConfig(do_norm=False, do_special_mdl=True, intrinsics_check=intrinsics_limit,
                        is_n_batch=batch_loop, do_mte2_preload=do_mte2_pre_load, en_vec_nd2nz=is_vec_nd2_nz,
                        is_per_tensor=is_per_tensor, has_anti_quant_offset=has_anti_quant_offset)


def get_basic_config(basic_m, basic_n, basic_k, intrinsics_limit=False, batch_loop=False, bmm_mode=1):
    return MatmulConfig(do_norm=False, do_basic_block=True, basic_m=basic_m, basic_n=basic_n, basic_k=basic_k,
                        intrinsics_check=intrinsics_limit, is_n_batch=batch_loop, batch_mode=bmm_mode)


def get_special_basic_config(basic_m, basic_n, basic_k, single_core_m, single_core_n, single_core_k, step_m, step_n,
                             intrinsics_limit=False, batch_loop=False, bmm_mode=1):
    return MatmulConfig(do_norm=False, do_special_basic_block=True, basic_m=basic_m, basic_n=basic_n,
                        basic_k=basic_k, single_core_m=single_core_m, single_core_n=single_core_n,
                        single_core_k=single_core_k, step_m=step_m, step_n=step_n,
                        intrinsics_check=intrinsics_limit, is_n_batch=batch_loop, batch_mode=bmm_mode)


def get_ib_share_norm_config(intrinsics_limit=False, batch_loop=False, is_vec_nd2_nz=False, bmm_mode=1,
                             is_double_cache=False, en_unit_flag=True):
    return MatmulConfig(do_norm=False, do_ib_share_norm=True, intrinsics_check=intrinsics_limit,
                        is_n_batch=batch_loop, en_vec_nd2nz=is_vec_nd2_nz, batch_mode=bmm_mode,
                        enable_double_cache=is_double_cache, en_unit_flag=en_unit_flag)


# ---- get_mm_config(mode, *params): CANN's GetMMConfig<ConfigMode>(params...) ----
class MatmulShapeParams:
    def __init__(self, single_core_m=0, single_core_n=0, single_core_k=0, basic_m=0, basic_n=0, basic_k=0):
        self.single_core_m, self.single_core_n, self.single_core_k = single_core_m, single_core_n, single_core_k
        self.basic_m, self.basic_n, self.basic_k = basic_m, basic_n, basic_k


class MatmulQuantParams:
    def __init__(self, is_per_tensor=False, has_anti_quant_offset=False):
        self.is_per_tensor, self.has_anti_quant_offset = is_per_tensor, has_anti_quant_offset


class MatmulBatchParams:
    def __init__(self, is_b_batch=False, batch_mode=1, is_bias_batch=False):
        self.is_b_batch, self.batch_mode, self.is_bias_batch = is_b_batch, batch_mode, is_bias_batch


class MatmulFuncParams:
    def __init__(self, intrinsics_limit=False, en_vec_nd2_nz=False, enable_double_cache=False, enable_l1_cache=False,
                 do_mte2_pre_load=0, iterate_order=0, schedule_type=0, enable_reuse=True, enable_ub_reuse=False,
                 is_partial_output=False, is_a2_b2_shared=False, is_enable_channel_split=False,
                 enable_kdim_reorder_load=False):
        for k, v in dict(locals()).items():
            if k != "self":
                setattr(self, k, v)


# which MatmulConfig fields each params class sets (config field <- params attribute)
_PARAM_FIELDS = {
    MatmulShapeParams: {f: f for f in ("single_core_m", "single_core_n", "single_core_k", "basic_m", "basic_n",
                                       "basic_k")},
    MatmulQuantParams: {"is_per_tensor": "is_per_tensor", "has_anti_quant_offset": "has_anti_quant_offset"},
    MatmulBatchParams: {"is_n_batch": "is_b_batch", "batch_mode": "batch_mode", "is_bias_batch": "is_bias_batch"},
    MatmulFuncParams: {"intrinsics_check": "intrinsics_limit", "en_vec_nd2nz": "en_vec_nd2_nz",
                       "enable_double_cache": "enable_double_cache", "enable_l1_cache_ub": "enable_l1_cache",
                       "do_mte2_preload": "do_mte2_pre_load", "iterate_order": "iterate_order",
                       "schedule_type": "schedule_type", "enable_reuse": "enable_reuse",
                       "enable_ub_reuse": "enable_ub_reuse", "is_partial_output": "is_partial_output",
                       "is_a2b2_shared": "is_a2_b2_shared", "is_enable_channel_split": "is_enable_channel_split",
                       "enable_kdim_reorder_load": "enable_kdim_reorder_load"},
}


def get_mm_config(*args, **kwargs):
    """get_mm_config(MatmulConfigMode.CONFIG_*, params...): a MatmulConfig of that mode with the
    fields the Matmul*Params arguments give."""
    from ..core.enums import MatmulConfigMode
    mode_flags = {MatmulConfigMode.CONFIG_NORM: {}, MatmulConfigMode.CONFIG_MDL: {"do_norm": False,
                                                                               "do_multi_data_load": True},
                  MatmulConfigMode.CONFIG_SPECIALMDL: {"do_norm": False, "do_special_mdl": True},
                  MatmulConfigMode.CONFIG_IBSHARE: {"do_norm": False, "do_ib_share_norm": True}}
    fields = {}
    for arg in list(args) + list(kwargs.values()):
        if isinstance(arg, MatmulConfigMode):
            if arg not in mode_flags:
                raise TypeError(f"get_mm_config(): mode {arg.name} is not supported")
            fields.update(mode_flags[arg])
        elif type(arg) in _PARAM_FIELDS:
            fields.update({f: getattr(arg, p) for f, p in _PARAM_FIELDS[type(arg)].items()})
        else:
            raise TypeError(f"get_mm_config(): expected a MatmulConfigMode or Matmul*Params, got {type(arg).__name__}")
    return MatmulConfig(**fields)
