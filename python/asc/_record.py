"""Record: a class written like a dataclass (annotated fields, defaults) that behaves like one
(keyword or positional construction, repr, eq, hash and immutability when frozen) and that
dataclasses.fields / asdict / replace / is_dataclass accept, without importing dataclasses at
`import asc`: the module brings inspect, and each @dataclass compiles its methods with exec, which
for the eight option classes was about a tenth of `import asc`.  __dataclass_fields__ is made on first
use, by dataclasses itself, from the same fields.

    class LaunchOptions(Record, frozen=True):
        core_num: int = 0
        stream: Optional[object] = None
"""

_REQUIRED = object()


class _DataclassFields:
    """The class's __dataclass_fields__, built on first read by decorating a shadow class with the
    same fields; then stored on the class itself."""

    def __get__(self, obj, cls):
        import dataclasses
        ns = {"__annotations__": {n: cls.__annotations__[n] for n, _ in cls._fields}, "__qualname__": cls.__qualname__,
              "__module__": cls.__module__}
        ns.update((n, d) for n, d in cls._fields if d is not _REQUIRED)
        shadow = dataclasses.dataclass(frozen=cls._frozen)(type(cls.__name__, (), ns))
        fields = shadow.__dataclass_fields__
        type.__setattr__(cls, "__dataclass_fields__", fields)
        return fields


class Record:
    _fields = ()  # ((name, default or _REQUIRED), ...) in declaration order
    _frozen = False
    __dataclass_fields__ = _DataclassFields()

    def __init_subclass__(cls, frozen=False, **kw):
        super().__init_subclass__(**kw)
        names = list(cls.__annotations__)  # its own (Python >= 3.10), also where PEP 649 defers them
        cls._fields = tuple((n, cls.__dict__.get(n, _REQUIRED)) for n in names)
        cls._frozen = frozen
        cls.__match_args__ = tuple(names)
        if not frozen:
            cls.__hash__ = None  # as a dataclass with eq and without frozen

    def __init__(self, *args, **kw):
        fields, cls = self._fields, type(self)
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}.__init__() takes {len(fields) + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        put = object.__setattr__
        for (name, _), v in zip(fields, args):
            if name in kw:
                raise TypeError(f"{cls.__name__}.__init__() got multiple values for argument '{name}'")
            put(self, name, v)
        for name, default in fields[len(args):]:
            v = kw.pop(name, default)
            if v is _REQUIRED:
                raise TypeError(f"{cls.__name__}.__init__() missing 1 required positional argument: '{name}'")
            put(self, name, v)
        if kw:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument '{next(iter(kw))}'")

    def _values(self):
        return tuple(getattr(self, n) for n, _ in self._fields)

    def __repr__(self):
        return f"{type(self).__qualname__}(" + ", ".join(f"{n}={getattr(self, n)!r}" for n, _ in self._fields) + ")"

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self):
        return hash(self._values())

    def __setattr__(self, name, value):
        if self._frozen:
            import dataclasses
            raise dataclasses.FrozenInstanceError(f"cannot assign to field '{name}'")
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if self._frozen:
            import dataclasses
            raise dataclasses.FrozenInstanceError(f"cannot delete field '{name}'")
        object.__delattr__(self, name)
