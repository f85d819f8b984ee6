"""asc.adv.Matmul (issue 16).  Thin: a Matmul object records what its setters were given (IR
values) and each computing call emits one op of src/ops/ops.def ("asc.adv.Matmul" block) with
that state as operands; src/passes/expand_matmul.c turns the ops into the cube instructions of
the tiling (MTE2 / MTE1 / M / FIX) before the other passes run, so timing, trace, sanitizers
and auto-sync see them.  See docs/hardware.md, "asc.adv.Matmul"."""
from ... import _lib
from ..._core import DTYPES, PlainValue, builder, to_value
from ..._record import Record
from .. import core as _c
from ..core.enums import CubeFormat, Hardware, LayoutMode, TPosition
from . import _matmul_batch as _batch
from . import _matmul_offset as _offset
from ._matmul_misuse import NO_TILING, misuse
from ._matmul_offset import MatrixOffset  # noqa: F401

_I32 = DTYPES["int32"]

# tiling fields the ops take, in the operand order of expand_matmul.c
_ATTRS = ("trans_a", "trans_b", "bias")


class MatmulType(Record, frozen=True):
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
        if isinstance(matmul_config, MatmulApiStaticTiling):
            # Matmul<..., staticTiling>: the config is the tiling's; a fully constant tiling (base and
            # single-core shape fixed) is the tiling until init / register_matmul gives one (Ascend C's
            # GetMatmulApiTiling page: REGIST_MATMUL_OBJ may then pass a null tiling)
            self.config = matmul_config.cfg
            if all(getattr(matmul_config, f) > 0 for f in ("single_core_m", "single_core_n", "single_core_k",
                                                            "base_m", "base_n", "base_k")):
                self.tiling = matmul_config
        self.a = self.b = self.bias = None
        self.trans_a, self.trans_b = bool(a.is_trans), bool(b.is_trans)
        self.tail = None   # (tm, tn, tk) values
        self.org = None    # (orgM, orgN, orgKa, orgKb)
        self.single = None
        self.tile = None   # the current iterate() count
        self.workspace = None
        self.a_scalar = self.b_scalar = None  # set_tensor_a/b(scalar): the i32 value
        self.quant, self.quant_scalar, self.quant_vector = 0, None, None  # 0 none, 1 scalar, 2 vector
        self.sparse_index = None
        self.self_define_data = self.user_def_info = None
        self._misplaced = {}  # operand -> the error of a tensor not where its MatmulType says (raised when used)

    # ---- set-up ----
    def init(self, tiling):
        builder("Matmul.init")
        self.tiling = tiling

    def _operand(self, which, args, kwargs):
        """set_tensor_a/b(scalar) or (tensor, transpose=False): (tensor, transpose, scalar)."""
        fn = f"set_tensor_{which}"
        mt = self.a_type if which == "a" else self.b_type
        if len(args) + len(kwargs) == 1 and ("scalar" in kwargs or (args and isinstance(args[0], (int, float,
                                                                                                      PlainValue)))):
            v = kwargs["scalar"] if "scalar" in kwargs else args[0]
            if getattr(mt.dtype, "name", str(mt.dtype)) not in ("float16", "half", "float32", "float"):
                raise TypeError(f"Matmul.{fn}(scalar): a scalar {which.upper()} needs a half or float MatmulType, "
                                f"this Matmul's is {mt.dtype}")
            if isinstance(v, float):
                raise TypeError(f"Matmul.{fn}(scalar): the scalar is an int (pyasc's RuntimeInt), got float")
            return None, False, _i32(v)
        names = ("tensor", "transpose")
        vals = dict(zip(names, args))
        for k, v in kwargs.items():
            if k not in names or k in vals:
                raise TypeError(f"Matmul.{fn}(): unexpected argument '{k}'")
            vals[k] = v
        if len(args) > 2 or "tensor" not in vals:
            raise TypeError(f"Matmul.{fn}() takes (scalar) or (tensor, transpose=False)")
        tensor = vals["tensor"]
        if not isinstance(tensor, (_c.GlobalTensor, _c.LocalTensor)) or tensor.value is None:
            raise TypeError(f"Matmul.{fn}(): {which.upper()} must be a GlobalTensor, a LocalTensor or an int scalar, "
                            f"got {type(tensor).__name__}")
        self._misplaced[which] = _check_position(mt, tensor, fn, which.upper())
        return tensor, _static_bool(vals.get("transpose", False), fn, "transpose"), None

    def set_tensor_a(self, *args, **kwargs):
        """set_tensor_a(tensor, transpose=False), or set_tensor_a(scalar): A is filled with the scalar."""
        builder("Matmul.set_tensor_a")
        self._misplaced.pop("a", None)
        self.a, self.trans_a, self.a_scalar = self._operand("a", args, kwargs)

    def set_tensor_b(self, *args, **kwargs):
        """set_tensor_b(tensor, transpose=False), or set_tensor_b(scalar): B is filled with the scalar."""
        builder("Matmul.set_tensor_b")
        self._misplaced.pop("b", None)
        self.b, self.trans_b, self.b_scalar = self._operand("b", args, kwargs)

    def set_bias(self, tensor):
        """set_bias(tensor): the bias row (singleN elements), a GlobalTensor or a LocalTensor in the
        position of the bias MatmulType (UB in a MIX kernel, L1 in a cube-only one)."""
        builder("Matmul.set_bias")
        if not isinstance(tensor, (_c.GlobalTensor, _c.LocalTensor)) or tensor.value is None:
            raise TypeError(f"Matmul.set_bias(): the bias must be a GlobalTensor or a LocalTensor, got "
                            f"{type(tensor).__name__}")
        self._misplaced["bias"] = _check_position(self.bias_type or self.c_type, tensor, "set_bias", "the bias")
        self.bias = tensor

    def set_quant_scalar(self, quant_scalar):
        """The FIX pipe's quantisation scale for every column of C: a uint64 whose low 32 bits are
        an f32 scale (int8 A/B -> f16 C: DEQF16; -> int8 C: REQ8; f16/f32 A/B -> int8 C: QF322B8_PRE)."""
        builder("Matmul.set_quant_scalar")
        if isinstance(quant_scalar, float):
            raise TypeError("Matmul.set_quant_scalar(): the quant scalar is a uint64 word (an f32 scale's bits in "
                            "its low 32 bits), got float")
        if isinstance(quant_scalar, int):
            if not 0 <= quant_scalar < 1 << 64:
                raise ValueError(f"Matmul.set_quant_scalar(): {quant_scalar} is not a uint64")
            lo = quant_scalar & 0xFFFFFFFF
            quant_scalar = lo - (1 << 32) if lo >= 1 << 31 else lo
        elif isinstance(quant_scalar, PlainValue) and quant_scalar.dtype.size == 8:
            quant_scalar = PlainValue(builder("Matmul.set_quant_scalar").op(
                "arith.trunci", [quant_scalar.value], ["i32"])[0], _I32)
        self.quant, self.quant_scalar = 1, _i32(quant_scalar)

    def set_quant_vector(self, quant_vector):
        """Per-column quantisation words of C (uint64, one per column of the original N)."""
        builder("Matmul.set_quant_vector")
        if not isinstance(quant_vector, _c.GlobalTensor) or quant_vector.value is None:
            raise TypeError("Matmul.set_quant_vector(): the quant vector must be a GlobalTensor of uint64, got "
                            f"{type(quant_vector).__name__}")
        self.quant, self.quant_vector = 2, quant_vector

    def set_self_define_data(self, data_ptr):
        """Data for a user-defined Matmul callback (Ascend C's SetSelfDefineData): recorded; openasc's
        Matmul has no callbacks (MatmulCallBackFunc), so nothing reads it.  Returns data_ptr."""
        builder("Matmul.set_self_define_data")
        if not isinstance(data_ptr, (_c.GlobalAddress, _c.GlobalTensor, int, PlainValue)):
            raise TypeError("Matmul.set_self_define_data(): expected a GlobalAddress or an int, got "
                            f"{type(data_ptr).__name__}")
        self.self_define_data = data_ptr
        return data_ptr

    def set_user_def_info(self, tiling_ptr):
        """The user tiling pointer of a Matmul callback (Ascend C's SetUserDefInfo): recorded, as
        set_self_define_data.  Returns tiling_ptr."""
        builder("Matmul.set_user_def_info")
        if not isinstance(tiling_ptr, _c.GlobalAddress):
            raise TypeError(f"Matmul.set_user_def_info(): expected a GlobalAddress, got {type(tiling_ptr).__name__}")
        self.user_def_info = tiling_ptr
        return tiling_ptr

    def set_sparse_index(self, index_global):
        """The 2-bit index matrix of a sparse B (Ascend C's SetSparseIndex, MatmulWithSparse): uint8, four
        indices a byte from the low bits, in Nz (16 x 8-byte fractals); B is then the 4:2 dense form of B
        transposed (N x K/2 int8).  docs/adv.md, "Matmul modes"."""
        builder("Matmul.set_sparse_index")
        if not isinstance(index_global, _c.GlobalTensor) or index_global.value is None:
            raise TypeError("Matmul.set_sparse_index(): the index must be a GlobalTensor of uint8, got "
                            f"{type(index_global).__name__}")
        self.sparse_index = index_global

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
        """orgM, orgN, orgKa (orgKb, orgKc).  org_kc, C's N when it differs from B's (the page), is taken when
        it is 0 or N; a C row length of its own is not implemented yet (a NotImplementedError, not ignored)."""
        builder("Matmul.set_org_shape")
        if org_kc is not None and not (isinstance(org_kc, int) and (org_kc == 0 or org_kc is org_n or
                                                                     (isinstance(org_n, int) and org_kc == org_n))):
            if not (isinstance(org_kc, PlainValue) and org_kc is org_n):
                raise NotImplementedError("asc.adv.Matmul.set_org_shape(org_kc=...): an output C whose N differs "
                                          "from B's is not implemented yet in openasc (org_kc may be 0 or org_n)")
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
    def _scalars(self, dbuf=True):
        """The op's i32 scalars; dbuf False: S_DBUF 0 (a MIX kernel's calls: the AIC's server keeps one L1
        buffer, docs/timing.md "Cube, Matmul and MIX")."""
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
        zero = b.const(0, _I32)
        return [tm, tn, tk, *org, f("base_m"), f("base_n"), f("base_k"), f("iterate_order"),
                f("is_bias"), self.quant_scalar if self.quant == 1 else zero,
                self.a_scalar if self.a_scalar is not None else zero,
                self.b_scalar if self.b_scalar is not None else zero,
                self._mdl_word(f) if dbuf and self._mdl() else self._double_buffered(f) if dbuf else zero]

    def _mdl(self):
        """The MDL template (get_mdl_config, CONFIG_MDL: do_multi_data_load): A and B come into L1 in
        packets of stepKa / stepKb base slices, one copy each (expand_matmul.c's kloop_mdl)."""
        return bool(getattr(self.config, "do_multi_data_load", False))

    def _mdl_word(self, f):
        """S_DBUF of an MDL Matmul: _double_buffered + 2 x the packet's base slices, min(stepKa, stepKb)
        (an unset step counting as 1)."""
        b = builder("Matmul")
        one = b.const(1, _I32)
        ka = b.op("arith.maxsi", [f("step_k_a"), one], ["i32"])[0]
        kb = b.op("arith.maxsi", [f("step_k_b"), one], ["i32"])[0]
        step = b.op("arith.minsi", [ka, kb], ["i32"])[0]
        return b.op("arith.addi", [self._double_buffered(f), b.op("arith.muli", [step, b.const(2, _I32)],
                                                                  ["i32"])[0]], ["i32"])[0]

    @staticmethod
    def _double_buffered(f):
        """i32 1 when the tiling's L1 depths hold two packets of A and of B (depthA1 >= 2 stepM stepKa,
        depthB1 >= 2 stepN stepKb, an unset step counting as 1: the library's ping-pong L1) and K has more
        than one base slice, else 0 (expand_matmul.c's S_DBUF)."""
        b = builder("Matmul")
        one = b.const(1, _I32)

        def ge(depth, *steps):
            need = b.const(2, _I32)
            for st in steps:
                need = b.op("arith.muli", [need, b.op("arith.maxsi", [f(st), one], ["i32"])[0]], ["i32"])[0]
            return b.op("arith.cmpi", [f(depth), need], ["i1"], {"predicate": "5 : i64"})[0]

        both = b.op("arith.andi", [ge("depth_a1", "step_m", "step_k_a"), ge("depth_b1", "step_n", "step_k_b")],
                    ["i1"])[0]
        slices = b.op("arith.cmpi", [f("single_core_k"), f("base_k")], ["i1"], {"predicate": "4 : i64"})[0]
        both = b.op("arith.andi", [both, slices], ["i1"])[0]
        return b.op("arith.select", [both, one, b.const(0, _I32)], ["i32"])[0]

    def _placeholder(self, mt):
        """An unbound GM tensor of mt's element type: the operand of a scalar A / B (never read)."""
        dt = mt.dtype
        return builder("Matmul").op("asc.global_tensor", [], [f"!asc.global_tensor<{dt.ir}>"])[0]

    def _emit(self, name, c=None, tile=None, scalars_only=False, next=0, seq=False, result=None, atomic=0,
              psum=False):
        """One asc.matmul_* op: (c, a, b, bias, workspace, quant vector, scalars..., [tile]); the
        operand order is expand_matmul.c's (OP_*, S_*)."""
        b = builder(name)
        why = None
        if self.tiling is None:
            why = NO_TILING
        elif not scalars_only and ((self.a is None and self.a_scalar is None) or
                                   (self.b is None and self.b_scalar is None)):
            why = "no A or B: call set_tensor_a and set_tensor_b first"
        if why:  # pyasc compiles the call; running it is an error at this line
            misuse(name[11:], why)
            return b.const(0, _I32) if scalars_only else None
        opts = getattr(b, "options", None) or {}
        kt = opts.get("kernel_type")
        kt = getattr(kt, "value", kt)
        mix = not opts.get("matmul_cube_only") and kt in (None, -1, 7)
        s = self._scalars(dbuf=not mix)
        if scalars_only:
            return b.op(name, s, ["i32"])[0]
        for k, err in self._misplaced.items():  # pyasc traces such a setter; computing with it is an error
            if err and (self.bias if k == "bias" else self.a if k == "a" else self.b) is not None and \
                    (k != "a" or self.a_scalar is None) and (k != "b" or self.b_scalar is None):
                raise err[0](err[1])
        av = self.a.value if self.a_scalar is None else self._placeholder(self.a_type)
        bv = self.b.value if self.b_scalar is None else self._placeholder(self.b_type)
        gms = [t for t in (self.a, self.b, c) if isinstance(t, _c.GlobalTensor) and t.value is not None]
        if self.workspace is not None:
            ws = self.workspace
            if mix and getattr(self, "_msg_workspace", None) is not None:
                # the vector cores' calls stay in register_matmul's workspace (the AIC reads them from that
                # kernel argument); set_workspace's buffer is the results' (set_workspace's page)
                ws = self._msg_workspace
        elif gms and self.a_scalar is None:
            ws = gms[0].get_phy_addr()  # a cube-only Matmul without messages: any GM address will do
        else:
            raise RuntimeError("Matmul with a scalar A (or no GM operand): give register_matmul a workspace")
        if next and self.workspace is None:
            raise RuntimeError(f"Matmul.{name[11:]}: outside `with matmul.iterate()` the Matmul counts its tiles in "
                               "the workspace of register_matmul(pipe, workspace, ...); give one")
        gv = av if isinstance(self.a, _c.GlobalTensor) and self.a_scalar is None else self._placeholder(self.a_type)
        qv = self.quant_vector.value if self.quant == 2 else gv
        if self.sparse_index is not None:  # MatmulWithSparse: the index takes the quant vector's place
            qv = _sparse_operand(self, name)
        ops = [c.value if c is not None else av, av, bv, self.bias.value if self.bias is not None else av,
               ws.value, qv] + s + ([tile] if tile is not None else [])
        if not opts.get("matmul_cube_only") and kt not in (None, -1, 1, 7):
            raise NotImplementedError(f"asc.adv.Matmul with kernel_type {kt}: openasc runs Matmul in AIC_ONLY (1) "
                                      "and MIX_AIC_1_2 (7) kernels")
        attrs = {"trans_a": f"{int(self.trans_a)} : i64", "trans_b": f"{int(self.trans_b)} : i64",
                 "bias": f"{int(self.bias is not None)} : i64", "mix": f"{int(bool(mix))} : i64",
                 "a_scalar": f"{int(self.a_scalar is not None)} : i64",
                 "b_scalar": f"{int(self.b_scalar is not None)} : i64", "quant": f"{self.quant} : i64",
                 "next": f"{next} : i64", "seq": f"{int(seq)} : i64",
                 "a_nz": f"{_is_nz(self.a_type)} : i64", "b_nz": f"{_is_nz(self.b_type)} : i64"}
        attrs.update(_mode_attrs(atomic, psum or getattr(self, "_psum", False) and name != "asc.matmul_iterate_all"))
        if self.sparse_index is not None:
            attrs["sparse"] = "1 : i64"
        if self._mdl():  # the template: cube-only, S_DBUF carries the packet step (_mdl_word); MIX, its server's charge
            attrs["mdl"] = "1 : i64"
        r = b.op(name, ops, [result] if result else [], attrs)
        return r[0] if result else None

    def iterate_all(self, tensor, en_atomic=0, sync=True, en_sequential_write=None, wait_iterate_all=None,
                    fake_msg=None):
        """C := A * B (+ bias), every tile.  C in GM (the tile at its place, row stride orgN) or, in a MIX
        kernel, a LocalTensor of singleM x singleN (row-major).  sync=False (with wait_iterate_all) runs
        the same: the call has completed when it returns."""
        builder("Matmul.iterate_all")
        atomic = _atomic(en_atomic, "iterate_all", tensor)
        if isinstance(tensor, _c.LocalTensor):
            for k, v in (("en_sequential_write", en_sequential_write), ("wait_iterate_all", wait_iterate_all),
                         ("fake_msg", fake_msg)):
                if v is not None:
                    raise ValueError(f"Matmul.iterate_all(): C is a LocalTensor: '{k}' is for C in GM")
        elif not isinstance(tensor, _c.GlobalTensor) or tensor.value is None:
            raise TypeError(f"Matmul.iterate_all(): C must be a GlobalTensor or LocalTensor, got {type(tensor).__name__}")
        if wait_iterate_all is True and sync is True:
            raise ValueError("Matmul.iterate_all(): wait_iterate_all=True needs sync=False")
        seq = en_sequential_write is not None and _static_bool(en_sequential_write, "iterate_all", "en_sequential_write")
        self._emit("asc.matmul_iterate_all", c=tensor, seq=seq, atomic=atomic)

    def iterate(self, en_partial_sum=False, sync=True, local_c_matrix=None):
        """`with matmul.iterate() as count:` runs its body once per tile; a bare `matmul.iterate()` (and
        sync=False) starts the tiles over: each get_tensor_c after it computes and writes the next tile."""
        builder("Matmul.iterate")
        self._psum = _partial_sum(en_partial_sum, "iterate")
        self._co1 = None
        if local_c_matrix is not None:  # the kernel manages CO1: each tile goes into this tensor
            if not isinstance(local_c_matrix, _c.LocalTensor) or local_c_matrix.value is None:
                raise TypeError(f"Matmul.iterate(): local_c_matrix must be a LocalTensor in CO1, got "
                                f"{type(local_c_matrix).__name__}")
            if TPosition(int(self.c_type.position)) != TPosition.CO1 or not _is_nz(self.c_type):
                raise TypeError("Matmul.iterate(local_c_matrix=...): the Matmul's C MatmulType must be "
                                "(TPosition.CO1, CubeFormat.NZ, float32 or int32) when the kernel manages CO1")
            self._co1 = local_c_matrix
        if self.workspace is not None and (self.a is not None or self.a_scalar is not None) and \
                (self.b is not None or self.b_scalar is not None) and self.tiling is not None:
            self._emit("asc.matmul_iterate", tile=_i32(-1), next=1)  # the counter of the next form := 0
        return _Iterate(self)

    def _iterate_at(self, count):
        self.tile = count
        self._emit("asc.matmul_iterate", c=getattr(self, "_co1", None), tile=_i32(count))

    def get_tensor_c(self, tensor=None, en_atomic=0, en_sequential_write=False, sync=True, optional_tensor=None):
        """get_tensor_c(tensor, ...): the current tile into tensor (GM: at its place; a LocalTensor in a
        MIX kernel: baseM x baseN row-major).  In `with iterate()` the loop's tile; elsewhere the next
        tile since the last bare iterate() (computed then).  optional_tensor: the tile into that
        LocalTensor as well (tensor in GM)."""
        builder("Matmul.get_tensor_c")
        atomic = _atomic(en_atomic, "get_tensor_c", tensor)
        if getattr(self, "_co1", None) is not None:
            raise TypeError("Matmul.get_tensor_c(): iterate(local_c_matrix=...) put the tile in the kernel's CO1 "
                            "tensor: read it from there (fixpipe)")
        seq = _static_bool(en_sequential_write, "get_tensor_c", "en_sequential_write")
        if seq and isinstance(tensor, _c.LocalTensor):
            seq = False  # a local C is always the tile alone (baseM x baseN)
        if tensor is None:  # the tile in the workspace, returned
            if sync is True:
                raise ValueError("Matmul.get_tensor_c() returning a GlobalTensor needs sync=False")
            if optional_tensor is not None:
                raise TypeError("Matmul.get_tensor_c(): optional_tensor needs the tensor")
            return self._emit_result(seq)
        if not isinstance(tensor, (_c.GlobalTensor, _c.LocalTensor)) or tensor.value is None:
            raise TypeError(f"Matmul.get_tensor_c(): C must be a tensor, got {type(tensor).__name__}")
        if optional_tensor is not None and (not isinstance(tensor, _c.GlobalTensor) or
                                            not isinstance(optional_tensor, _c.LocalTensor)):
            raise TypeError("Matmul.get_tensor_c(): with optional_tensor, tensor must be a GlobalTensor and "
                            "optional_tensor a LocalTensor")
        if self.tile is not None:
            self._emit("asc.matmul_get_tensor_c", c=tensor, tile=_i32(self.tile), seq=seq, atomic=atomic)
            if optional_tensor is not None:
                self._emit("asc.matmul_get_tensor_c", c=optional_tensor, tile=_i32(self.tile))
        else:
            self._emit("asc.matmul_get_tensor_c", c=tensor, tile=_i32(-1), next=1, seq=seq, atomic=atomic)
            if optional_tensor is not None:
                self._emit("asc.matmul_get_tensor_c", c=optional_tensor, tile=_i32(-1), next=2)

    def _emit_result(self, seq):
        if self.workspace is None:
            raise RuntimeError("Matmul.get_tensor_c() returns the tile in the workspace of register_matmul(pipe, "
                               "workspace, ...) / set_workspace; give one")
        dt = self.c_type.dtype
        res = _c.GlobalTensor()
        res.dtype = dt
        tile, nxt = (_i32(self.tile), 0) if self.tile is not None else (_i32(-1), 1)
        r = self._emit("asc.matmul_get_tensor_c", tile=tile, next=nxt, result=f"!asc.global_tensor<{dt.ir}>")
        if r is None:  # no tiling: the call fails when it runs
            return res
        return res._rebind(r)

    def wait_iterate_all(self):
        """iterate_all has completed when it returns (the AIV waits for the AIC's reply; on the AIC the
        next use of C is synchronised by flags): nothing to wait for."""
        builder("Matmul.wait_iterate_all")

    def wait_get_tensor_c(self):
        builder("Matmul.wait_get_tensor_c")  # get_tensor_c completes when it returns (as above)

    def async_get_tensor_c(self, c):
        """get_tensor_c(c, sync=False)."""
        self.get_tensor_c(c, sync=False)

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



Matmul.iterate_batch._asc_status = _batch.PARTLY
Matmul.set_org_shape._asc_status = ("partly implemented: org_kc (C's N) other than 0 or org_n raises "
                                    "NotImplementedError")
Matmul.set_sparse_index._asc_status = ("partly implemented: cube-only (AIC_ONLY) kernels, int8 A (M x K) and "
                                       "the dense B (N x K/2), iterate_all / iterate + get_tensor_c; a bias, MIX "
                                       "kernels and the batch forms raise NotImplementedError")

Matmul.get_offset_c = _offset.get_offset_c


def _atomic(en_atomic, fn, c):
    """en_atomic's kind: 0 none, 1 AtomicAdd, 2 AtomicMax, 3 AtomicMin (the fixpipe's store of C into GM)."""
    if isinstance(en_atomic, PlainValue):
        raise TypeError(f"Matmul.{fn}(): 'en_atomic' must be a compile-time int (the cube program depends on it)")
    if isinstance(en_atomic, bool) or not isinstance(en_atomic, int) or not 0 <= en_atomic <= 3:
        raise ValueError(f"Matmul.{fn}(): en_atomic must be 0 (none), 1 (add), 2 (max) or 3 (min), got {en_atomic!r}")
    if en_atomic and not isinstance(c, _c.GlobalTensor):
        raise NotImplementedError(f"asc.adv.Matmul.{fn}(en_atomic={en_atomic}) with C not in GM (a LocalTensor C, or "
                                  "the tile returned in the workspace) is not implemented yet in openasc")
    return en_atomic


def _partial_sum(en_partial_sum, fn):
    """en_partial_sum as a compile-time bool (the cube program depends on it)."""
    return _static_bool(en_partial_sum, fn, "en_partial_sum")


def _sparse_operand(mm, name):
    """The index tensor of set_sparse_index, as the op's quant-vector operand (attribute sparse)."""
    opts = getattr(builder("Matmul"), "options", None) or {}
    kt = getattr(opts.get("kernel_type"), "value", opts.get("kernel_type"))
    if not opts.get("matmul_cube_only") and kt in (None, -1, 7):
        raise NotImplementedError(f"asc.adv.Matmul.{name[11:]} with set_sparse_index (MatmulWithSparse) in a MIX "
                                  "kernel is not implemented yet in openasc; as in Ascend C it runs in cube-only "
                                  "(AIC_ONLY) kernels")
    if mm.quant == 2:
        raise ValueError("Matmul: set_sparse_index and set_quant_vector do not go together (a sparse Matmul's C is "
                         "int32)")
    if mm.bias is not None:
        raise NotImplementedError(f"asc.adv.Matmul.{name[11:]} with set_sparse_index and a bias (MatmulWithSparse "
                                  "with set_bias) is not implemented yet in openasc")
    return mm.sparse_index.value


def _mode_attrs(atomic, psum):
    """The op attributes of en_atomic / en_partial_sum (absent when off)."""
    attrs = {}
    if atomic:
        attrs["atomic"] = f"{atomic} : i64"
    if psum:
        attrs["psum"] = "1 : i64"
    return attrs




def _is_nz(mt):
    return int(getattr(mt.format, "value", mt.format) == CubeFormat.NZ.value)


def _check_position(mt, tensor, fn, what):
    """A tensor given to a Matmul setter must be where its MatmulType says (Ascend C: a GlobalTensor
    needs position GM, a LocalTensor a UB or L1 position): None, or (exception class, message) for
    the computing call to raise (pyasc traces the setter itself).  Which kernel type can use which
    memory is decided by expand-matmul (src/passes/expand_matmul.c)."""
    pos = TPosition(int(mt.position))
    if isinstance(tensor, _c.GlobalTensor):
        if pos != TPosition.GM:
            return TypeError, (f"Matmul.{fn}(): {what}'s MatmulType has position {pos.name}: give a LocalTensor "
                               "there, or declare the MatmulType with TPosition.GM for a GlobalTensor")
        return None
    if pos == TPosition.GM:
        return TypeError, (f"Matmul.{fn}(): {what} is a LocalTensor but its MatmulType has position GM: declare "
                           "MatmulType(TPosition.VECIN/VECOUT/VECCALC (UB) or A1/B1/C1 (L1), ...)")
    mem = _lib.pos_memory(pos)  # pyasc's Hardware value (src/hw/hw.def HW_POS)
    if mem not in (Hardware.UB, Hardware.L1):
        return ValueError, (f"Matmul.{fn}(): {what} in {pos.name}: a Matmul operand in local memory is in UB "
                            "(VECIN, VECOUT, VECCALC) or L1 (A1, B1, C1)")
    tpos = getattr(tensor, "pos", None)
    if tpos is not None and _lib.pos_memory(tpos) != mem:
        return TypeError, (f"Matmul.{fn}(): {what} is a LocalTensor in {TPosition(int(tpos)).name} but its "
                           f"MatmulType has position {pos.name} ({Hardware(mem).name})")
    return None


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
# The fields are recorded for the API; the expansion (expand_matmul.c) reads do_multi_data_load (the MDL
# template's packets of stepK slices, Matmul._mdl) and runs the others with NORM's ordering
# (docs/hardware.md, "asc.adv.Matmul").
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
    def __init__(self, is_b_batch=False, batch_mode=1, is_bias_batch=True, *, is_n_batch=None):
        # is_bias_batch defaults to True (get_mm_config's page); is_n_batch: the page's name of is_b_batch
        if is_n_batch is not None:
            is_b_batch = is_n_batch
        self.is_b_batch, self.batch_mode, self.is_bias_batch = is_b_batch, batch_mode, is_bias_batch


class MatmulFuncParams:
    def __init__(self, intrinsics_limit=False, en_vec_nd2_nz=False, enable_double_cache=False, enable_l1_cache=False,
                 do_mte2_pre_load=0, iterate_order=0, schedule_type=0, enable_reuse=True, enable_ub_reuse=False,
                 is_partial_output=False, is_a2_b2_shared=False, is_enable_channel_split=False,
                 enable_kdim_reorder_load=False, *, do_mte2_preload=None):
        if do_mte2_preload is not None:  # get_mm_config's page spells it do_mte2_preload
            do_mte2_pre_load = do_mte2_preload
        for k, v in dict(locals()).items():
            if k not in ("self", "do_mte2_preload"):
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


# ---- MatmulApiStaticTiling / get_matmul_api_tiling (Ascend C's GetMatmulApiTiling) ----
class MatmulApiStaticTiling:
    """A Matmul tiling fixed at compile time (CANN's MatmulApiStaticTiling): TCubeTiling's int32 fields
    without the four batch ones, plus mx_type_para (all default -1: not fixed), and cfg, the
    MatmulConfig it was made from.  Its fields are compile-time ints; it can be given to
    register_matmul / Matmul.init as the tiling."""

    def __init__(self, cfg=None, **fields):
        from ...lib.host import _native
        names = _native.static_tiling_fields()
        for k in fields:
            if k not in names:
                raise TypeError(f"MatmulApiStaticTiling(): unknown field '{k}'")
        for n in names:
            setattr(self, n, fields.get(n, -1))
        self.cfg = cfg if cfg is not None else MatmulConfig()

    def __repr__(self):
        from ...lib.host import _native
        return "MatmulApiStaticTiling(" + ", ".join(f"{n}={getattr(self, n)}" for n in _native.static_tiling_fields()) + ")"


def _static_tiling_args(args, kw):
    """(a_type, b_type, c_type, bias_type, l1_size) of get_matmul_api_tiling's two forms: the page's
    (mm_cfg, l1_size, a_type, b_type, c_type, bias_type=None) and pyasc's (mm_cfg, a_type, b_type, c_type,
    bias_type=None, l1_size=None); the page's form is told by a second positional that is no MatmulType."""
    names = ["a_type", "b_type", "c_type", "bias_type", "l1_size"]
    if args and not isinstance(args[0], MatmulType):
        names = ["l1_size"] + names[:4]
    if len(args) > len(names):
        raise TypeError(f"get_matmul_api_tiling() takes at most 6 arguments ({len(args) + 1} given)")
    vals = dict(zip(names, args))
    for k, v in kw.items():
        if k not in names or k in vals:
            raise TypeError(f"get_matmul_api_tiling(): unexpected or repeated argument '{k}'")
        vals[k] = v
    missing = [n for n in ("a_type", "b_type", "c_type") if n not in vals]
    if missing:
        raise TypeError(f"get_matmul_api_tiling(): missing {', '.join(missing)}")
    return vals["a_type"], vals["b_type"], vals["c_type"], vals.get("bias_type"), vals.get("l1_size")


def get_matmul_api_tiling(mm_cfg, *args, **kwargs):
    """get_matmul_api_tiling(mm_cfg, l1_size, a_type, b_type, c_type, bias_type=None) (the page's
    signature; pyasc's (mm_cfg, a_type, b_type, c_type, bias_type=None, l1_size=None) too): the
    compile-time tiling of mm_cfg for these MatmulTypes (libasc: src/host/static_tiling.c).  l1_size: the
    L1 bytes the Matmul may use (None: the platform's)."""
    from ...lib.host import _native
    from ...lib import runtime
    a_type, b_type, c_type, bias_type, l1_size = _static_tiling_args(args, kwargs)
    if not isinstance(mm_cfg, MatmulConfig):
        raise TypeError(f"get_matmul_api_tiling(): mm_cfg must be a MatmulConfig, got {type(mm_cfg).__name__}")
    bias_type = c_type if bias_type is None else bias_type
    for name, t in (("a_type", a_type), ("b_type", b_type), ("c_type", c_type), ("bias_type", bias_type)):
        if not isinstance(t, MatmulType):
            raise TypeError(f"get_matmul_api_tiling(): {name} must be a MatmulType, got {type(t).__name__}")
    if l1_size is not None and (isinstance(l1_size, bool) or not isinstance(l1_size, int)):
        raise TypeError("get_matmul_api_tiling(): l1_size must be a compile-time int (the tiling is computed "
                        f"when the kernel is compiled), got {type(l1_size).__name__}")
    cfg = [mm_cfg.single_core_m, mm_cfg.single_core_n, mm_cfg.single_core_k, mm_cfg.basic_m, mm_cfg.basic_n,
           mm_cfg.basic_k, mm_cfg.enable_set_bias, mm_cfg.enable_quant_vector]
    if any(isinstance(v, PlainValue) for v in cfg):
        raise TypeError("get_matmul_api_tiling(): the MatmulConfig's shapes must be compile-time ints")
    types = [(int(t.position), int(t.format), t.dtype.size, int(bool(t.is_trans)))
             for t in (a_type, b_type, c_type, bias_type)]
    try:
        vals = _native.static_tiling(types, [int(v) for v in cfg], -1 if l1_size is None else l1_size,
                                     runtime.get_soc_version().value)
    except ValueError as e:
        if "not implemented" in str(e):
            raise NotImplementedError(f"asc.adv.get_matmul_api_tiling: {e}") from None
        raise ValueError(f"get_matmul_api_tiling(): {e}") from None
    return MatmulApiStaticTiling(cfg=mm_cfg, **dict(zip(_native.static_tiling_fields(), vals)))
