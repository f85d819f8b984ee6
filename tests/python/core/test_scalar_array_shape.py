"""asc.array, ShapeInfo built from an asc.array, get_shape_size (issue 17): values checked against
hand-computed products."""
import numpy as np
import pytest

import asc


@asc.jit
def shape_kernel(out: asc.GlobalAddress, k: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    a = asc.array(asc.int32, [3, 5, 7])
    g.set_value(0, asc.get_shape_size(asc.ShapeInfo(a)))
    a[1] = k  # a runtime element
    g.set_value(1, asc.get_shape_size(asc.ShapeInfo(a, data_format=asc.DataFormat.ND)))
    g.set_value(2, asc.get_shape_size(asc.ShapeInfo()))
    z = asc.array(asc.int32, 2, 4)  # length + fill value
    g.set_value(3, asc.get_shape_size(asc.ShapeInfo(z)))
    if k > 10:  # a runtime branch assigns an element: merged like a struct field
        z[0] = 10
    else:
        z[0] = 2
    g.set_value(4, z[0] * z[1])
    g.set_value(5, asc.get_shape_size(asc.ShapeInfo([2, 3, 4])))
    e = asc.array(asc.int32, 3)  # zero-filled
    g.set_value(6, e[2] + e[-1])


@pytest.mark.parametrize("k", [11, 4])
def test_shape_size(k):
    out = np.full(8, -1, dtype=np.int32)
    shape_kernel[1](out, k)
    want = [3 * 5 * 7, 3 * k * 7, 1, 16, (10 if k > 10 else 2) * 4, 24, 0, -1]
    assert out.tolist() == want


def test_array_errors():
    @asc.jit
    def bad_index(out: asc.GlobalAddress, k: int):
        a = asc.array(asc.int32, [1, 2])
        a[k] = 3      # a runtime index: checked when it runs (issue 29)

    bad_index[1](np.zeros(2, np.int32), 1)
    with pytest.raises(asc.KernelError, match="index 2 is outside the asc.array of 2 elements"):
        bad_index[1](np.zeros(2, np.int32), 2)

    @asc.jit
    def bad_range(out: asc.GlobalAddress):
        a = asc.array(asc.int32, [1, 2])
        a[2] = 3

    with pytest.raises(Exception, match="out of range"):
        bad_range[1](np.zeros(2, np.int32))

    @asc.jit
    def bad_shape():
        asc.get_shape_size([1, 2])

    with pytest.raises(Exception, match="expected a ShapeInfo"):
        bad_shape[1]()


@asc.jit
def loop_kernel(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    a = asc.array(asc.int32, [1, 2])
    for i in range(n):  # the loop carries the elements it assigns
        a[0] = a[0] + i
        a[1] = a[1] * 2
    g.set_value(0, a[0])
    g.set_value(1, a[1])
    g.set_value(2, asc.get_shape_size(asc.ShapeInfo(a)))


@pytest.mark.parametrize("n", [0, 1, 5])
def test_array_in_loop(n):
    out = np.zeros(4, dtype=np.int32)
    loop_kernel[1](out, n)
    a0, a1 = 1 + sum(range(n)), 2 * 2 ** n
    assert out.tolist() == [a0, a1, a0 * a1, 0]


def test_compile_time_size_is_an_int():
    seen = {}

    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        n = asc.get_shape_size(asc.ShapeInfo(asc.array(asc.int32, [2, 8])))
        seen["n"] = n
        g.set_value(0, n)

    out = np.zeros(2, dtype=np.int32)
    k[1](out)
    assert seen["n"] == 16 and type(seen["n"]) is int
    assert out[0] == 16


def test_array_element_must_fit():
    @asc.jit
    def k():
        asc.array(asc.int8, [300])

    with pytest.raises(Exception, match="does not fit int8"):
        k[1]()
