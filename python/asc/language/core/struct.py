"""asc.language.core.struct (pyasc's path): user-defined structs.

    class TileConfig(Struct):
        tile_length = Field(dtype=asc.int32, default=0)
    class KernelConfig(Struct):
        tile = StructField(TileConfig)

On the host a Struct holds a ctypes.Structure (`ctypes_struct`, class `ctypes_class`) with the
fields in declaration order, so its bytes have the C layout pyasc gives it.  Passed to a kernel,
each leaf field becomes one scalar kernel argument (asc.runtime.launcher reads the values out
of the ctypes struct).  Inside a kernel (an argument, or built in the kernel body) a Struct is a
kernel struct: `_vals` maps each field to its traced value or nested kernel struct; assigning a
field rebinds it (docs/python.md, "User structs"; the tracer carries assigned fields through
runtime regions with the _agg_* methods).
"""
import ctypes
import enum

from ..._core import Builder, DataType, PlainValue, int_range, to_value

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

    def __repr__(self):  # what the compile cache fingerprints a Struct class by: no addresses
        return f"Field({self.dtype.name}, default={self.default!r}, name={self.name!r}, enum={self.enum_name!r})"


class StructField(BaseField):
    """A nested struct field; the default is struct_cls() with its own defaults."""

    def __init__(self, struct_cls, default=None, name=None):
        if not (isinstance(struct_cls, type) and issubclass(struct_cls, Struct)):
            raise TypeError("StructField takes a Struct subclass")
        super().__init__(struct_cls() if default is None else default, name)
        self.struct_cls = struct_cls

    def ctypes_cls(self):
        return self.struct_cls.ctypes_class

    def __repr__(self):
        c = self.struct_cls
        return (f"StructField({c.__module__}.{c.__qualname__}{c.struct_fields!r}, default={self.default!r}, "
                f"name={self.name!r})")


class Struct:
    """Base of user structs (see the module docstring).  An instance is a host struct (its bytes
    in `ctypes_struct`) or, inside a kernel, a kernel struct: its leaf fields are traced values
    (PlainValue: a field read is a runtime value, as in pyasc)."""
    struct_fields = {}
    ctypes_class = None

    def __init_subclass__(cls, pack=8, **kw):
        """pack: the ctypes struct's _pack_ (pyasc's keyword, default 8: natural alignment)."""
        super().__init_subclass__(**kw)
        fields = dict(getattr(cls, "struct_fields", {}))
        for k, v in list(vars(cls).items()):
            if isinstance(v, BaseField):
                fields[k] = v
                delattr(cls, k)
        if not fields:
            raise RuntimeError(f"Struct '{cls.__name__}' must have at least one field")
        cls.struct_fields = fields
        cls.ctypes_class = type(cls.__name__, (ctypes.Structure,),
                                {"_fields_": [(k, f.ctypes_cls()) for k, f in fields.items()], "_pack_": pack})

    @classmethod
    def get_field(cls, name):
        f = cls.struct_fields.get(name)
        if f is None:
            raise RuntimeError(f"{cls.__name__} does not have a field '{name}'")
        return f

    def _host(self, what):
        if "ctypes_struct" not in self.__dict__:
            raise TypeError(f"{type(self).__name__}.{what}() is for a host struct, not one inside a kernel")
        return self.ctypes_struct

    def addressof(self):
        """The address of the host struct's bytes."""
        return ctypes.addressof(self._host("addressof"))

    def pack(self):
        """The host struct's bytes (its ctypes layout)."""
        c = self._host("pack")
        return ctypes.string_at(ctypes.addressof(c), ctypes.sizeof(c))

    def __init__(self, **fields):
        for k in fields:
            if k not in self.struct_fields:
                raise RuntimeError(f"{type(self).__name__} does not have a field '{k}'")
        b = Builder.current()
        if b is not None:  # built inside a kernel: a kernel struct
            object.__setattr__(self, "_vals", {})
            b.aggregates.append(self)
            for k, f in self.struct_fields.items():
                if k in fields:
                    v = fields[k]
                else:  # no default: value-initialised, as a C++ local `T x{}` (pyasc does not refuse it)
                    v = 0 if f.default is missing else f.default
                setattr(self, k, v)
            return
        object.__setattr__(self, "ctypes_struct", type(self).ctypes_class())
        for k, f in self.struct_fields.items():
            v = fields.get(k, f.default)
            if v is missing:
                raise RuntimeError(f"{type(self).__name__}: field '{k}' has no default and was not given")
            setattr(self, k, v)

    @classmethod
    def _kernel(cls, register=True):
        """An empty kernel struct of cls (the fields are set by _set)."""
        s = object.__new__(cls)
        object.__setattr__(s, "_vals", {})
        if register:
            Builder.current("Struct").aggregates.append(s)
        return s

    def _in_kernel(self):
        return "_vals" in self.__dict__

    def __getattr__(self, k):
        f = type(self).struct_fields.get(k)
        if f is None or k.startswith("_"):
            raise AttributeError(f"{type(self).__name__} has no field '{k}'")
        if self._in_kernel():
            return self._vals[k]
        if "ctypes_struct" not in self.__dict__:
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
        if self._in_kernel():
            self._vals[k] = _kernel_field_value(type(self), k, f, v)
            return
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
        # made once per class (a launch of a kernel taking a tiling struct asks for them dozens of
        # times): a class's fields are fixed when __init_subclass__ makes it
        c = cls.__dict__.get("_leaves_made")
        if c is None:
            c = []
            for k, f in cls.struct_fields.items():
                if isinstance(f, StructField):
                    c += f.struct_cls.leaves(k + ".")
                else:
                    c.append((k, f.dtype))
            type.__setattr__(cls, "_leaves_made", c)
        return [(prefix + p, d) for p, d in c] if prefix else list(c)

    def leaf_values(self):
        """The values of leaves(), read from the ctypes struct (or, in a kernel, the traced values)."""
        if "_vals" in self.__dict__:
            out = []
            self._kernel_leaf_values(out)
            return out
        out = []
        for path, _ in self.leaves():
            v = self
            for part in path.split("."):
                v = getattr(v, part)
            out.append(v)
        return out

    def _kernel_leaf_values(self, out):
        """leaf_values of a kernel struct into out: its _vals read directly (what getattr gives a
        field of a kernel struct) except where plain attribute lookup would find something else."""
        cls, vals, d = type(self), self._vals, self.__dict__
        c = cls.__dict__.get("_fields_read")  # made once per class, as leaves()
        if c is None:
            c = [(k, f, not k.startswith("_") and not hasattr(cls, k)) for k, f in cls.struct_fields.items()]
            type.__setattr__(cls, "_fields_read", c)
        for k, f, direct in c:
            v = vals[k] if direct and k not in d else getattr(self, k)
            if not isinstance(f, StructField):
                out.append(v)
            elif "_vals" in getattr(v, "__dict__", ()):
                v._kernel_leaf_values(out)
            else:
                for p, _ in f.struct_cls.leaves():
                    x = v
                    for part in p.split("."):
                        x = getattr(x, part)
                    out.append(x)

    # ---- a kernel struct's leaves (the tracer carries them through runtime if/for/while) ----
    def _set(self, path, value):
        """Set leaf path of a kernel struct to a traced value, creating nested structs on the way."""
        head, _, rest = path.partition(".")
        if rest:
            sub = self._vals.get(head)
            if sub is None:
                sub = self._vals[head] = self.struct_fields[head].struct_cls._kernel(register=False)
            sub._set(rest, value)
        else:
            self._vals[head] = value
        return self

    def _agg_leaves(self):
        """{path: value} of every leaf."""
        return {p: v for (p, _), v in zip(self.leaves(), self.leaf_values())}

    def _agg_dtype(self, path):
        f, cls = None, type(self)
        for part in path.split("."):
            f = cls.struct_fields[part]
            cls = getattr(f, "struct_cls", None)
        return f.dtype

    def _agg_update(self, vals):
        for p, v in vals.items():
            self._set(p, v)

    _agg_state = _agg_leaves
    _agg_restore = _agg_update

    def _agg_owners(self, path):
        """[(struct, subpath)]: leaf path of this struct as a leaf of each struct on the way."""
        out, obj, parts = [], self, path.split(".")
        for i in range(len(parts)):
            out.append((obj, ".".join(parts[i:])))
            obj = obj._vals.get(parts[i]) if i + 1 < len(parts) else None
        return out

    def _agg_fresh(self, vals):
        """A new kernel struct of this class with the leaves vals (the rest as this one's)."""
        s = type(self)._kernel()
        s._agg_update(dict(self._agg_leaves(), **vals))
        return s


def _copy_kernel(s):
    """A kernel struct with s's leaf values (C++ struct assignment copies)."""
    c = type(s)._kernel(register=False)
    c._agg_update(s._agg_leaves())
    return c


def _kernel_field_value(cls, k, f, v):
    """v as the value of field k of a kernel struct: a nested struct is copied; a scalar is cast to
    the field's dtype (a Python number, range-checked, becomes a constant of that dtype)."""
    if isinstance(f, StructField):
        if not (isinstance(v, f.struct_cls) and v._in_kernel()):
            if isinstance(v, f.struct_cls):  # a host struct given to a kernel struct (a default)
                out = f.struct_cls._kernel(register=False)
                for (p, d), x in zip(f.struct_cls.leaves(), v.leaf_values()):
                    out._set(p, PlainValue(to_value(x, d), d))
                return out
            raise TypeError(f"{cls.__name__}.{k} must be a {f.struct_cls.__name__}, not {type(v).__name__}")
        return _copy_kernel(v)
    if isinstance(v, enum.Enum):
        v = v.value
    if isinstance(v, PlainValue):
        return v if v.dtype == f.dtype else v.cast(f.dtype)
    if isinstance(v, (bool, int, float)):
        if f.dtype.is_int():
            if isinstance(v, float):
                if v != v or v in (float("inf"), float("-inf")) or v != int(v):
                    raise TypeError(f"{cls.__name__}.{k} is {f.dtype.name}: {v} is not an integer")
                v = int(v)
            lo, hi = int_range(f.dtype)
            if not lo <= int(v) <= hi:
                raise TypeError(f"{cls.__name__}.{k} is {f.dtype.name}: {v} is out of its range [{lo}, {hi}]")
            v = int(v)
        # a runtime value, as in pyasc (a field read is a value: `t.m.ceildiv(t.base_m)`)
        return PlainValue(to_value(v, f.dtype), f.dtype)
    raise TypeError(f"{cls.__name__}.{k} is a {f.dtype.name} field: cannot assign a {type(v).__name__}")
