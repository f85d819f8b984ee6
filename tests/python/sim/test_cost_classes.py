"""Issue 14 item 2: an op's cost class (ops.def) sets what its vector repeats cost (hw.def HW_VCLASS).

A reduction and an add over the same elements, with the same UB operands (so the same bank-conflict
beats), cost more cycles on PIPE_V per added repeat by the ratio of their classes' figures: PIPE_V busy =
issue + repeats x class factor x beats x vec_repeat, so the growth from N/2 to N elements cancels the
fixed issue cost (and the reduction's extra pass over its partial sums).  The expected ratio is read
from the registry's class figures (hw.def), not written here."""
import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc import _lib

N = 4096  # float32: 64 repeats of 256 bytes


@asc.jit
def one_op_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int], reduce: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    qw = asc.TQue(asc.TPosition.VECIN, 1)  # add's src1, reduce_sum's shared_tmp_buffer: the same UB bytes
    pipe.init_buffer(qx, 1, n * 4)
    pipe.init_buffer(qz, 1, n * 4)
    pipe.init_buffer(qw, 1, n * 4)
    xl = qx.alloc_tensor(x.dtype)
    asc.data_copy(xl, xg, n)
    qx.enque(xl)
    xl = qx.deque(x.dtype)
    work = qw.alloc_tensor(x.dtype)
    asc.data_copy(work, xg, n)
    qw.enque(work)
    work = qw.deque(x.dtype)
    zl = qz.alloc_tensor(z.dtype)
    if reduce:
        asc.reduce_sum(zl, xl, work, n)
    else:
        asc.add(zl, xl, work, n)
    qz.enque(zl)
    qx.free_tensor(xl)
    qw.free_tensor(work)
    zl = qz.deque(z.dtype)
    if reduce:
        asc.data_copy_pad(zg, zl, asc.DataCopyExtParams(1, 4, 0, 0, 0))  # the sum: 4 bytes
    else:
        asc.data_copy(zg, zl, n)
    qz.free_tensor(zl)


def _vec_busy(reduce, n=N):
    x = np.ones(n, np.float32)
    z = np.zeros(n, np.float32)
    one_op_kernel[1](x, z, n, reduce)
    if reduce:
        assert z[0] == n
    else:
        assert (z == 2).all()
    return rt.last_report()["cores"][0]["busy"]["PIPE_V"]


def test_registry_names_the_classes():
    ops = _lib.registry_ops()
    assert ops["asc.add"]["cost"] == "elementwise"
    assert ops["asc.reduce_sum"]["cost"] == "reduce"
    assert ops["asc.add"]["names"] == ("dst", "src0", "src1", "count")
    assert ops["asc.add"]["forms"] == {"mask": "asc.add.mask", "bitmask": "asc.add.bitmask"}
    assert ops["asc.add.mask"]["form_of"] == "asc.add"


def test_reduction_costs_more_than_add_by_its_class_figure():
    f_add, f_red = _lib.vclass_factor("elementwise"), _lib.vclass_factor("reduce")
    assert f_add >= 1 and f_red > f_add  # hardware.md §13.1: WholeReduce 2-5x an Add
    add, red = _vec_busy(False), _vec_busy(True)
    assert red > add
    d_add = add - _vec_busy(False, N // 2)
    d_red = red - _vec_busy(True, N // 2)
    assert d_add > 0 and d_red * f_add == d_add * f_red, (d_add, d_red, f_add, f_red)


@pytest.mark.parametrize("cost", ["nonsense", "scalar"])
def test_unknown_or_non_vector_class_has_no_figure(cost):
    assert _lib.vclass_factor(cost) == -1
