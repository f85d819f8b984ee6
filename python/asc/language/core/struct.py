"""asc.language.core.struct (pyasc's path): user-defined structs as kernel arguments.

    class TileConfig(Struct):
        tile_length = Field(dtype=asc.int32, default=0)
    class KernelConfig(Struct):
        tile = StructField(TileConfig)

On the host a Struct holds a ctypes.Structure (`ctypes_struct`, class `ctypes_class`) with the
fields in declaration order, so its bytes have the C layout pyasc gives it.  Passed to a kernel,
each leaf field becomes one scalar kernel argument (asc.runtime.launcher reads the values out
of the ctypes struct); inside the kernel `cfg.tile.tile_length` is that argument's value.
"""
import ctypes

from ..._core import Builder, DataType

dtype_ctype = {
    "int1": ctypes.c_bool, "int8": ctypes.c_int8, "int16": ctypes.c_int16, "int32": ctypes.c_int32,
    "int64": ctypes.c_int64, "uint8": ctypes.c_uint8, "uint16": ctypes.c_uint16, "uint32": ctypes.c_uint32,
    "uint64": ctypes.c_uint64, "float32": ctypes.c_float, "float64": ctypes.c_double,
}


class _Missing:
    def __repr__(self):
        return "<missing>"


missing = _Missing()


class BaseField:
    def __init__(self, default=missing, name=None):
        self.default, self.name = default, name

    def ctypes_cls(self):
        raise NotImplementedError

    def ir_name(self, default):
        return default if self.name is None else self.name


class Field(BaseField):
    """A scalar field of dtype."""

    def __init__(self, dtype, default=missing, name=None, enum=None):
        super().__init__(default, name)
        if not isinstance(dtype, DataType):
            raise TypeError(f"Field dtype must be an asc DataType, got {type(dtype).__name__}")
        if dtype.name not in dtype_ctype:
            raise TypeError(f"Field of {dtype.name} is not supported in a Struct")
        self.dtype, self.enum_name = dtype, enum

    def ctypes_cls(self):
        return dtype_ctype[self.dtype.name]


class StructField(BaseField):
    """A nested struct field; the default is struct_cls() with its own defaults."""

    def __init__(self, struct_cls, default=None, name=None):
        if not (isinstance(struct_cls, type) and issubclass(struct_cls, Struct)):
            raise TypeError("StructField takes a Struct subclass")
        super().__init__(struct_cls() if default is None else default, name)
        self.struct_cls = struct_cls

    def ctypes_cls(self):
        return self.struct_cls.ctypes_class


class Struct:
    """Base of user structs (see the module docstring)."""
    struct_fields = {}
    ctypes_class = None

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        fields = dict(getattr(cls, "struct_fields", {}))
        for k, v in list(vars(cls).items()):
            if isinstance(v, BaseField):
                fields[k] = v
                delattr(cls, k)
        cls.struct_fields = fields
        cls.ctypes_class = type(cls.__name__, (ctypes.Structure,),
                                {"_fields_": [(k, f.ctypes_cls()) for k, f in fields.items()]})

    def __init__(self, **fields):
        if Builder.current() is not None:
            raise NotImplementedError(f"creating a {type(self).__name__} inside a kernel is not implemented yet "
                                      "in openasc: pass it as a kernel argument")
        object.__setattr__(self, "ctypes_struct", type(self).ctypes_class())
        for k in fields:
            if k not in self.struct_fields:
                raise RuntimeError(f"{type(self).__name__} does not have a field '{k}'")
        for k, f in self.struct_fields.items():
            v = fields.get(k, f.default)
            if v is missing:
                raise RuntimeError(f"{type(self).__name__}: field '{k}' has no default and was not given")
            setattr(self, k, v)

    def __getattr__(self, k):
        f = type(self).struct_fields.get(k)
        if f is None:
            raise AttributeError(f"{type(self).__name__} has no field '{k}'")
        v = getattr(self.ctypes_struct, k)
        if isinstance(f, StructField):
            s = object.__new__(f.struct_cls)
            object.__setattr__(s, "ctypes_struct", v)  # a view into this struct's bytes
            return s
        return v

    def __setattr__(self, k, v):
        f = type(self).struct_fields.get(k)
        if f is None:
            raise AttributeError(f"{type(self).__name__} has no field '{k}'")
        if isinstance(f, StructField):
            if not isinstance(v, f.struct_cls):
                raise TypeError(f"{type(self).__name__}.{k} must be a {f.struct_cls.__name__}")
            v = v.ctypes_struct
        setattr(self.ctypes_struct, k, v)

    def __repr__(self):
        return f"{type(self).__name__}(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.struct_fields) + ")"

    @classmethod
    def leaves(cls, prefix=""):
        """[(path, DataType)] of the scalar fields, depth first in declaration order."""
        out = []
        for k, f in cls.struct_fields.items():
            if isinstance(f, StructField):
                out += f.struct_cls.leaves(prefix + k + ".")
            else:
                out.append((prefix + k, f.dtype))
        return out

    def leaf_values(self):
        """The values of leaves(), read from the ctypes struct."""
        out = []
        for path, _ in self.leaves():
            v = self
            for part in path.split("."):
                v = getattr(v, part)
            out.append(v)
        return out


class StructView:
    """A Struct kernel argument inside the kernel: attribute access gives the traced leaf
    values (PlainValue) or nested views."""

    def __init__(self, struct_cls):
        object.__setattr__(self, "_cls", struct_cls)
        object.__setattr__(self, "_vals", {})

    def _set(self, path, value):
        head, _, rest = path.partition(".")
        if rest:
            sub = self._vals.get(head)
            if sub is None:
                sub = self._vals[head] = StructView(self._cls.struct_fields[head].struct_cls)
            sub._set(rest, value)
        else:
            self._vals[head] = value
        return self

    def __getattr__(self, k):
        try:
            return self._vals[k]
        except KeyError:
            raise AttributeError(f"{self._cls.__name__} has no field '{k}'") from None

    def __setattr__(self, k, v):
        raise TypeError(f"the fields of kernel argument struct {self._cls.__name__} are read-only")
