"""The ctypes signatures of libasc's host side (include/asc/host.h): platform facts, host enums,
the TCubeTiling field table and the matmul tiling objects.  Nothing here computes anything."""
import ctypes as C

from ... import _lib

_I32 = C.c_int32
_SIGS = {
    "asc_tcube_field_count": (C.c_int, []),
    "asc_tcube_field": (C.c_int, [C.c_int, C.POINTER(C.c_char_p), C.POINTER(C.c_char_p), C.POINTER(C.c_size_t)]),
    "asc_host_enum_count": (C.c_int, []),
    "asc_host_enum_name": (C.c_char_p, [C.c_int]),
    "asc_host_enum_member": (C.c_int, [C.c_int, C.c_int, C.POINTER(C.c_char_p), C.POINTER(C.c_int64)]),
    "asc_mm_new": (C.c_void_p, [C.c_int, C.c_char_p]),
    "asc_mm_free": (None, [C.c_void_p]),
    "asc_mm_error": (C.c_char_p, [C.c_void_p]),
    "asc_mm_set_type": (_I32, [C.c_void_p, C.c_int, C.c_int, C.c_int, C.c_int, C.c_int]),
    "asc_mm_set_layout": (_I32, [C.c_void_p, C.c_int] + [_I32] * 5),
    "asc_mm_set_shape": (_I32, [C.c_void_p] + [_I32] * 3),
    "asc_mm_set_org_shape": (_I32, [C.c_void_p] + [_I32] * 4),
    "asc_mm_set_batch_num": (_I32, [C.c_void_p, _I32]),
    "asc_mm_set_batch_info_for_normal": (_I32, [C.c_void_p] + [_I32] * 5),
    "asc_mm_enable_bias": (_I32, [C.c_void_p, C.c_int]),
    "asc_mm_set_buffer_space": (_I32, [C.c_void_p] + [_I32] * 4),
    "asc_mm_set_fix_split": (_I32, [C.c_void_p] + [_I32] * 3),
    "asc_mm_get_base": (_I32, [C.c_void_p, C.c_int]),
    "asc_mm_set_traverse": (_I32, [C.c_void_p, C.c_int]),
    "asc_mm_set_mad_type": (_I32, [C.c_void_p, C.c_int]),
    "asc_mm_set_split_range": (_I32, [C.c_void_p] + [_I32] * 6),
    "asc_mm_set_double_buffer": (_I32, [C.c_void_p] + [C.c_int] * 6),
    "asc_mm_set_dequant_type": (_I32, [C.c_void_p, C.c_int]),
    "asc_mm_set_sparse": (_I32, [C.c_void_p, C.c_int]),
    "asc_mm_set_config_params": (_I32, [C.c_void_p, _I32, C.c_int, C.c_int, C.c_int, C.c_int]),
    "asc_mm_set_dim": (_I32, [C.c_void_p, _I32]),
    "asc_mm_set_single_shape": (_I32, [C.c_void_p] + [_I32] * 3),
    "asc_mm_set_single_range": (_I32, [C.c_void_p] + [_I32] * 6),
    "asc_mm_set_align_split": (_I32, [C.c_void_p] + [_I32] * 3),
    "asc_mm_enable_split_k": (_I32, [C.c_void_p, C.c_int]),
    "asc_mm_get_tiling": (C.c_int64, [C.c_void_p, C.c_void_p]),
    "asc_mm_result": (_I32, [C.c_void_p, C.POINTER(_I32 * 10)]),
    "asc_bind_platform": (C.c_double, [C.c_char_p, C.c_char_p]),
    "asc_mm_static_field_count": (C.c_int, []),
    "asc_mm_static_field": (C.c_char_p, [C.c_int]),
    "asc_mm_static_tiling": (C.c_int, [C.POINTER(_I32 * 16), C.POINTER(_I32 * 8), _I32, C.c_char_p, C.c_void_p,
                                       C.c_char_p, C.c_size_t]),
}

_L = None


def lib():
    global _L
    if _L is None:
        L = _lib.lib()
        for name, (res, args) in _SIGS.items():
            f = getattr(L, name)
            f.restype, f.argtypes = res, args
        _L = L
    return _L


def tcube_fields():
    """[(C name, Python name, byte offset)] of TCubeTiling, in CANN's order."""
    L, c, py, off = lib(), C.c_char_p(), C.c_char_p(), C.c_size_t()
    out = []
    for i in range(L.asc_tcube_field_count()):
        L.asc_tcube_field(i, C.byref(c), C.byref(py), C.byref(off))
        out.append((c.value.decode(), py.value.decode(), off.value))
    return out


def host_enums():
    """{enum name: [(member, value)]} in declaration order (aliases included)."""
    L, out = lib(), {}
    name, val = C.c_char_p(), C.c_int64()
    for k in range(L.asc_host_enum_count()):
        members, j = [], 0
        while L.asc_host_enum_member(k, j, C.byref(name), C.byref(val)) == 0:
            members.append((name.value.decode(), val.value))
            j += 1
        out[L.asc_host_enum_name(k).decode()] = members
    return out


def static_tiling_fields():
    """The Python names of MatmulApiStaticTiling's int32 fields, in order."""
    L = lib()
    return [L.asc_mm_static_field(i).decode() for i in range(L.asc_mm_static_field_count())]


def static_tiling(types, cfg, l1_size, platform):
    """asc_mm_static_tiling: types = 4 x (pos, format, bytes, trans), cfg = 8 ints -> [fields] or ValueError."""
    L = lib()
    n = L.asc_mm_static_field_count()
    t = (_I32 * 16)(*[v for row in types for v in row])
    c = (_I32 * 8)(*cfg)
    out = (_I32 * n)()
    err = C.create_string_buffer(256)
    if L.asc_mm_static_tiling(C.byref(t), C.byref(c), l1_size, platform.encode() if platform else None,
                              C.cast(out, C.c_void_p), err, 256):
        raise ValueError(err.value.decode())
    return list(out)
