"""asc.lib.host.wrappers (pyasc's path): PlatformAscendC and the matmul tiling classes, thin
bindings of libasc's host side (include/asc/host.h, src/host/).  The tiling is computed in C;
the methods return CANN's codes (0 success, -1 failure)."""
import ctypes as C
import enum
import logging

from . import _native

_log = logging.getLogger("asc.lib.host")

globals().update({n: enum.IntEnum(n, members, module=__name__) for n, members in _native.host_enums().items()})
_ENUM_NAMES = list(_native.host_enums())


def _enum(value, cls, what):
    if isinstance(value, enum.Enum) and not isinstance(value, cls):
        raise TypeError(f"{what} must be a {cls.__name__}, got {type(value).__name__}.{value.name}")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a {cls.__name__}, got {value!r}") from None


def _int(v, what):
    if isinstance(v, bool) or not isinstance(v, int) and not hasattr(v, "__index__"):
        raise TypeError(f"{what} must be an int, got {v!r}")
    v = int(v)
    if not -2**31 <= v < 2**31:
        raise ValueError(f"{what} = {v} does not fit int32")
    return v


# ---- platform ------------------------------------------------------------------------------------------------------
class PlatformAscendC:
    """The hardware facts of one platform (src/hw platform table): core counts and memory sizes."""

    def __init__(self, soc_version):
        L = _native.lib()
        name = str(getattr(soc_version, "value", soc_version))
        if L.asc_bind_platform(name.encode(), b"aic") < 0:
            raise ValueError(f"unknown platform {name!r}")
        self._name = name
        self._facts = {f: int(L.asc_bind_platform(name.encode(), f.encode()))
                       for f in ("aic", "aiv", "ub_bytes", "l1_bytes", "l0a_bytes", "l0b_bytes", "l0c_bytes")}

    @property
    def soc_version(self):
        return self._name

    def get_soc_version(self):
        return SocVersion.ASCEND910B  # noqa: F821  every pyasc platform is of the Ascend910B family

    def get_core_num(self):
        """Vector cores on this split (AIC/AIV) architecture, as CANN's GetCoreNum."""
        return self._facts["aiv"]

    def get_core_num_aic(self):
        return self._facts["aic"]

    def get_core_num_aiv(self):
        return self._facts["aiv"]

    def get_core_mem_size(self, mem_type):
        field = {0: "l0a_bytes", 1: "l0b_bytes", 2: "l0c_bytes", 3: "l1_bytes", 5: "ub_bytes"}.get(
            _enum(mem_type, CoreMemType, "mem_type"))  # noqa: F821
        if field is None:
            raise ValueError(f"get_core_mem_size: {mem_type!r} is not in openasc's platform table")
        return self._facts[field]

    def calc_tsch_block_dim(self, slice_num, aic_core_num, aiv_core_num):
        """CANN's CalcTschBlockDim: the launch's block count for slice_num slices."""
        slice_num, aic, aiv = (_int(v, n) for v, n in ((slice_num, "slice_num"), (aic_core_num, "aic_core_num"),
                                                      (aiv_core_num, "aiv_core_num")))
        if aic == 0 or aiv == 0 or aic == aiv:
            return slice_num
        ratio = max(aic, aiv) // min(aic, aiv)
        return (slice_num + ratio - 1) // ratio

    def __repr__(self):
        return f"PlatformAscendC({self._name!r})"


class PlatformAscendCManager:
    _instances = {}

    @staticmethod
    def get_instance(soc_version=None):
        """The PlatformAscendC of soc_version (a Platform or its value string; None: the current platform)."""
        if soc_version is None:
            from ...runtime import config
            soc_version = config.current_platform()
        name = str(getattr(soc_version, "value", soc_version))
        inst = PlatformAscendCManager._instances.get(name)
        if inst is None:
            inst = PlatformAscendCManager._instances[name] = PlatformAscendC(name)
        return inst


# ---- matmul tiling -------------------------------------------------------------------------------------------------
class MatmulConfigParams:
    def __init__(self, mm_config_type=1, enable_l1_cache_ub=False, schedule_type=None, traverse=None,
                 en_vec_nd2nz=False):
        self.mm_config_type = mm_config_type
        self.enable_l1_cache_ub = enable_l1_cache_ub
        self.schedule_type = ScheduleType.INNER_PRODUCT if schedule_type is None else schedule_type  # noqa: F821
        self.traverse = MatrixTraverse.NOSET if traverse is None else traverse  # noqa: F821
        self.en_vec_nd2nz = en_vec_nd2nz

    def __repr__(self):
        return (f"MatmulConfigParams(mm_config_type={self.mm_config_type}, enable_l1_cache_ub="
                f"{self.enable_l1_cache_ub}, schedule_type={self.schedule_type!r}, traverse={self.traverse!r}, "
                f"en_vec_nd2nz={self.en_vec_nd2nz})")


class MatmulApiTilingBase:
    _kind = 0

    def __init__(self, ascendc_platform=None):
        if ascendc_platform is None:
            ascendc_platform = PlatformAscendCManager.get_instance()
        if not isinstance(ascendc_platform, PlatformAscendC):
            raise TypeError(f"{type(self).__name__}() takes a PlatformAscendC, got {type(ascendc_platform).__name__}")
        self._L = _native.lib()
        self._h = self._L.asc_mm_new(self._kind, ascendc_platform.soc_version.encode())
        if not self._h:
            raise RuntimeError(f"{type(self).__name__}: cannot create a tiling for {ascendc_platform!r}")
        self.platform = ascendc_platform
        self.error = ""

    def __del__(self):
        h = getattr(self, "_h", None)
        if h:
            self._L.asc_mm_free(h)
            self._h = None

    def _call(self, fn, *args):
        return getattr(self._L, fn)(self._h, *args)

    def _ints(self, fn, names, values):
        return self._call(fn, *(_int(v, n) for n, v in zip(names, values)))

    def _type(self, operand, pos, type, data_type, is_trans=False):
        return self._call("asc_mm_set_type", operand, _enum(pos, TPosition, "pos"),  # noqa: F821
                          _enum(type, CubeFormat, "type"), _enum(data_type, DataType, "data_type"),  # noqa: F821
                          bool(is_trans))

    def set_a_type(self, pos, type, data_type, is_trans=False):
        return self._type(0, pos, type, data_type, is_trans)

    def set_b_type(self, pos, type, data_type, is_trans=False):
        return self._type(1, pos, type, data_type, is_trans)

    def set_c_type(self, pos, type, data_type):
        return self._type(2, pos, type, data_type)

    def set_bias_type(self, pos, type, data_type):
        return self._type(3, pos, type, data_type)

    def _layout(self, operand, b, s, n, g, d):
        return self._call("asc_mm_set_layout", operand, *(_int(v, "layout") for v in (b, s, n, g, d)))

    def set_a_layout(self, b, s, n, g, d):
        return self._layout(0, b, s, n, g, d)

    def set_b_layout(self, b, s, n, g, d):
        return self._layout(1, b, s, n, g, d)

    def set_c_layout(self, b, s, n, g, d):
        return self._layout(2, b, s, n, g, d)

    def set_shape(self, m, n, k):
        return self._ints("asc_mm_set_shape", "mnk", (m, n, k))

    def set_org_shape(self, org_m_in, org_n_in, org_k_in=None, org_kb_in=None, *, org_ka_in=None):
        """(org_m_in, org_n_in, org_k_in) or (org_m_in, org_n_in, org_ka_in, org_kb_in): the page's two
        forms, by position or by its keyword names."""
        if (org_k_in is None) == (org_ka_in is None):
            raise TypeError("set_org_shape() takes (org_m_in, org_n_in, org_k_in) or (org_m_in, org_n_in, org_ka_in, "
                            "org_kb_in)")
        ka = org_k_in if org_ka_in is None else org_ka_in
        return self._ints("asc_mm_set_org_shape", ("org_m", "org_n", "org_ka", "org_kb"),
                          (org_m_in, org_n_in, ka, -1 if org_kb_in is None else org_kb_in))

    def set_batch_num(self, batch):
        return self._ints("asc_mm_set_batch_num", ("batch",), (batch,))

    def set_batch_info_for_normal(self, batch_a, batch_b, m, n, k):
        return self._ints("asc_mm_set_batch_info_for_normal", ("batch_a", "batch_b", "m", "n", "k"),
                          (batch_a, batch_b, m, n, k))

    def enable_bias(self, is_bias_in=False):
        return self._call("asc_mm_enable_bias", bool(is_bias_in))

    set_bias = enable_bias  # CANN's SetBias

    def set_buffer_space(self, l1_size=-1, l0_c_size=-1, ub_size=-1, bt_size=-1):
        return self._ints("asc_mm_set_buffer_space", ("l1_size", "l0_c_size", "ub_size", "bt_size"),
                          (l1_size, l0_c_size, ub_size, bt_size))

    def set_fix_split(self, base_m_in=-1, base_n_in=-1, base_k_in=-1):
        return self._ints("asc_mm_set_fix_split", ("base_m", "base_n", "base_k"), (base_m_in, base_n_in, base_k_in))

    def get_base_m(self):
        return self._call("asc_mm_get_base", 0)

    def get_base_n(self):
        return self._call("asc_mm_get_base", 1)

    def get_base_k(self):
        return self._call("asc_mm_get_base", 2)

    def set_traverse(self, traverse):
        return self._call("asc_mm_set_traverse", _enum(traverse, MatrixTraverse, "traverse"))  # noqa: F821

    def set_mad_type(self, mad_type):
        return self._call("asc_mm_set_mad_type", _enum(mad_type, MatrixMadType, "mad_type"))  # noqa: F821

    def set_split_range(self, max_base_m=-1, max_base_n=-1, max_base_k=-1, min_base_m=-1, min_base_n=-1,
                        min_base_k=-1):
        return self._ints("asc_mm_set_split_range", ("max_base_m", "max_base_n", "max_base_k", "min_base_m",
                                                     "min_base_n", "min_base_k"),
                          (max_base_m, max_base_n, max_base_k, min_base_m, min_base_n, min_base_k))

    def set_double_buffer(self, a, b, c, bias, trans_nd2nz=True, trans_nz2nd=True):
        return self._call("asc_mm_set_double_buffer", *(bool(v) for v in (a, b, c, bias, trans_nd2nz, trans_nz2nd)))

    def set_dequant_type(self, dequant_type):
        return self._call("asc_mm_set_dequant_type", _enum(dequant_type, DequantType, "dequant_type"))  # noqa: F821

    def set_sparse(self, is_sparce_in=False):  # the page's (and pyasc's) spelling of the keyword
        return self._call("asc_mm_set_sparse", bool(is_sparce_in))

    def set_matmul_config_params(self, mm_config_type=1, enable_l1_cache_ub=False, schedule_type=0, traverse=0,
                                 en_vec_nd2nz=False, *, config_params=None, **page_names):
        """(mm_config_type=1, enable_l1_cache_ub=False, schedule_type=INNER_PRODUCT, traverse=NOSET,
        en_vec_nd2nz=False) or (MatmulConfigParams); the page's keyword names (mm_config_type_in, ...,
        config_params) as well; returns None as CANN's does."""
        given = {"mm_config_type": mm_config_type, "enable_l1_cache_ub": enable_l1_cache_ub,
                 "schedule_type": schedule_type, "traverse": traverse, "en_vec_nd2nz": en_vec_nd2nz}
        for k, v in page_names.items():
            if not k.endswith("_in") or k[:-3] not in given:
                raise TypeError(f"set_matmul_config_params() got an unexpected keyword argument '{k}'")
            given[k[:-3]] = v
        mm_config_type, enable_l1_cache_ub, schedule_type, traverse, en_vec_nd2nz = given.values()
        if config_params is not None:
            mm_config_type = config_params
        if isinstance(mm_config_type, MatmulConfigParams):
            p = mm_config_type
            mm_config_type, enable_l1_cache_ub, schedule_type, traverse, en_vec_nd2nz = (
                p.mm_config_type, p.enable_l1_cache_ub, p.schedule_type, p.traverse, p.en_vec_nd2nz)
        if self._call("asc_mm_set_config_params", _int(mm_config_type, "mm_config_type"), bool(enable_l1_cache_ub),
                      _enum(schedule_type, ScheduleType, "schedule_type"),  # noqa: F821
                      _enum(traverse, MatrixTraverse, "traverse"), bool(en_vec_nd2nz)) != 0:  # noqa: F821
            raise ValueError(f"set_matmul_config_params: bad mm_config_type {mm_config_type} (0 Norm, 1 MDL)")

    def get_tiling(self, tiling):
        """Fill tiling (an asc.adv.TCubeTiling); 0 on success, -1 if no tiling exists (self.error
        says why; also logged as a warning of logger 'asc.lib.host')."""
        from ...language.adv.tiling import TCubeTiling
        if not isinstance(tiling, TCubeTiling):
            raise TypeError(f"get_tiling() takes an asc.adv.TCubeTiling, got {type(tiling).__name__}")
        ret = self._call("asc_mm_get_tiling", C.addressof(tiling.ctypes_struct))
        self.error = self._L.asc_mm_error(self._h).decode()
        if ret != 0:
            _log.warning("%s", self.error)
        return ret

    def _result(self):
        out = (C.c_int32 * 10)()
        return None if self._call("asc_mm_result", C.byref(out)) != 0 else list(out)


class MatmulApiTiling(MatmulApiTilingBase):
    """Single-core matmul tiling: set_shape is the core's singleCoreM/N/K."""
    _kind = 0


class MultiCoreMatmulTiling(MatmulApiTilingBase):
    """Matmul tiling split over set_dim cores (default: the platform's cube cores)."""
    _kind = 1

    def set_dim(self, dim):
        return self._ints("asc_mm_set_dim", ("dim",), (dim,))

    def set_single_shape(self, single_m_in=-1, single_n_in=-1, single_k_in=-1):
        return self._ints("asc_mm_set_single_shape", ("single_m", "single_n", "single_k"),
                          (single_m_in, single_n_in, single_k_in))

    def set_single_range(self, max_m=-1, max_n=-1, max_k=-1, min_m=-1, min_n=-1, min_k=-1):
        return self._ints("asc_mm_set_single_range", ("max_m", "max_n", "max_k", "min_m", "min_n", "min_k"),
                          (max_m, max_n, max_k, min_m, min_n, min_k))

    def set_align_split(self, align_m, align_n, align_k):
        return self._ints("asc_mm_set_align_split", ("align_m", "align_n", "align_k"), (align_m, align_n, align_k))

    def enable_multi_core_split_k(self, flag):
        self._call("asc_mm_enable_split_k", bool(flag))

    set_split_k = enable_multi_core_split_k

    def get_core_num(self):
        """(dim, m_dim, n_dim) after get_tiling (dim = used cores), else None."""
        r = self._result()
        return None if r is None else (r[0], r[1], r[2])

    def get_single_shape(self):
        """(single_core_m, single_core_n, single_core_k) after get_tiling, else None."""
        r = self._result()
        return None if r is None else (r[7], r[8], r[9])


class BatchMatmulTiling(MatmulApiTilingBase):
    """Batched matmul tiling: each batch is one single-core matmul of set_shape."""
    _kind = 2

    def get_core_num(self):
        """(dim, m_dim, n_dim, batch_core_m, batch_core_n) after get_tiling, else None."""
        r = self._result()
        return None if r is None else (r[0], r[1], r[2], r[5], r[6])


__all__ = ["PlatformAscendC", "PlatformAscendCManager", "MatmulConfigParams", "MatmulApiTilingBase",
           "MatmulApiTiling", "MultiCoreMatmulTiling", "BatchMatmulTiling"] + _ENUM_NAMES
