"""asc.array and get_shape_size at trace time (compile-time values only).  A ShapeInfo (_basic_ops.py)
is metadata the library calls of asc.adv pass to libasc as attributes (softmax derives its shape
from it); no IR is emitted."""
from ..._core import PlainValue


class Array(list):
    """asc.array(dtype, length[, fill_value]) or asc.array(dtype, values): a compile-time array (a list of
    its values, so whatever takes a list of ints takes it)."""

    def __init__(self, dtype, length_or_values, fill_value=None):
        if isinstance(length_or_values, int):
            if length_or_values <= 0:
                raise RuntimeError("Array length must be a positive integer")
            vals = [0 if fill_value is None else fill_value] * length_or_values
        else:
            vals = list(length_or_values)
        if any(isinstance(v, PlainValue) for v in vals):
            raise NotImplementedError("asc.array with runtime values is not implemented yet in openasc "
                                      "(its values must be known at trace time)")
        super().__init__(vals)
        self.dtype = dtype

    def __repr__(self):
        return f"asc.array({self.dtype!r}, {list(self)!r})"


def array(dtype, length_or_values, fill_value=None):
    return Array(dtype, length_or_values, fill_value)


def get_shape_size(info):
    n = 1
    for d in info.shape:
        n *= d
    return n
