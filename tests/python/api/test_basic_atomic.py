"""Atomic store entries of asc.language.basic, from their pages: set_atomic_add, set_atomic_max,
set_atomic_min, set_atomic_none, set_atomic_type, set_store_atomic_config, get_store_atomic_config.

A copy out of VECOUT into GM, with an atomic mode on, combines with what GM holds: add, max or min
in the mode's data type (the pages: float16 / float32 / int32); set_atomic_none turns it off;
set_atomic_type changes the type of the mode in force (Ascend C SetAtomicType).  The store-atomic
configuration reads back as (atomic_type, atomic_op) with the page's codes (0 none, 1 float, 2 half,
3 int16, 4 int32, 5 int8, 6 bfloat16; op 0 = sum)."""
import numpy as np
import pytest

import asc
from kit import api, data, same


@asc.jit
def atomic_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int], before: asc.ConstExpr,
                  after: asc.ConstExpr):
    """x -> UB, then before(); data_copy(z, ub, n) (the atomic store); after()."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=n * x.dtype.sizeof())
    t = buf.get(x.dtype)
    asc.data_copy(t, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    before()
    asc.data_copy(zg, t, n)
    after()


def store(x, z0, before, after=lambda: asc.set_atomic_none()):
    z = z0.copy()
    atomic_kernel[1](x, z, x.size, before, after)
    return z


TYPES = {"float16": asc.float16, "float32": asc.float32, "int32": asc.int32}


def pair(dtype, seed):
    lo, hi = (-100, 100)
    return data(256, dtype, lo, hi, seed), data(256, dtype, lo, hi, seed + 1)


@api("set_atomic_add", "set_atomic_none")
@pytest.mark.parametrize("dtype", sorted(TYPES))
def test_atomic_add(dtype):
    """The page's example type float32, and half / int32: GM keeps z0 + x."""
    x, z0 = pair(dtype, 1)
    got = store(x, z0, lambda: asc.set_atomic_add(TYPES[dtype]))
    want = (x.astype(np.float64) + z0).astype(dtype) if dtype != "int32" else x + z0
    same(got, want)


@api("set_atomic_max")
@pytest.mark.parametrize("dtype", sorted(TYPES))
def test_atomic_max(dtype):
    """The page's example type int32, and half / float: GM keeps max(z0, x)."""
    x, z0 = pair(dtype, 3)
    same(store(x, z0, lambda: asc.set_atomic_max(TYPES[dtype])), np.maximum(x, z0))


@api("set_atomic_min")
@pytest.mark.parametrize("dtype", sorted(TYPES))
def test_atomic_min(dtype):
    x, z0 = pair(dtype, 5)
    same(store(x, z0, lambda: asc.set_atomic_min(TYPES[dtype])), np.minimum(x, z0))


@api("set_atomic_none", "set_atomic_add")
def test_atomic_none_stores_plainly():
    """After set_atomic_none the copy overwrites GM (the page: clears the atomic state)."""
    x, z0 = pair("float32", 7)

    def before():
        asc.set_atomic_add(asc.float32)
        asc.set_atomic_none()
    same(store(x, z0, before), x)


@api("set_atomic_type", "set_atomic_add")
def test_atomic_type_switches_the_mode_type():
    """set_atomic_add(int32) then set_atomic_type(float32) (the page: it sets the type the add / max /
    min in force uses): float data added as float."""
    x, z0 = pair("float32", 9)

    def before():
        asc.set_atomic_add(asc.int32)
        asc.set_atomic_type(asc.float32)
    same(store(x, z0, before), (x.astype(np.float64) + z0).astype(np.float32))


@api("set_atomic_type", "set_atomic_max")
def test_atomic_type_page_example():
    """The page's example set_atomic_type(float16), with set_atomic_max (its constraint: used with
    add / max / min)."""
    x, z0 = pair("float16", 11)

    def before():
        asc.set_atomic_max(asc.float16)
        asc.set_atomic_type(asc.float16)
    same(store(x, z0, before), np.maximum(x, z0))


# ---- store atomic configuration ------------------------------------------------------------------------------
@asc.jit
def config_kernel(z: asc.GlobalAddress, setter: asc.ConstExpr):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    setter()
    atomic_type, atomic_op = asc.get_store_atomic_config()
    asc.set_atomic_none()
    zg.set_value(0, atomic_type)
    zg.set_value(1, atomic_op)


def config_after(setter):
    z = np.full(8, -1, np.int32)
    config_kernel[1](z, setter)
    return int(z[0]), int(z[1])


@api("set_store_atomic_config", "get_store_atomic_config")
@pytest.mark.parametrize("kind,code", [("ATOMIC_F16", 2), ("ATOMIC_F32", 1), ("ATOMIC_S32", 4), ("ATOMIC_S16", 3),
                                       ("ATOMIC_S8", 5), ("ATOMIC_BF16", 6), ("ATOMIC_NONE", 0)])
def test_store_atomic_config_round_trip(kind, code):
    """The pages' example (ATOMIC_F16, ATOMIC_SUM) reads back (2, 0); every AtomicDtype code likewise."""
    assert config_after(lambda: asc.set_store_atomic_config(getattr(asc.AtomicDtype, kind),
                                                            asc.AtomicOp.ATOMIC_SUM)) == (code, 0)


@api("get_store_atomic_config", "set_atomic_add")
@pytest.mark.parametrize("dtype,code", [("float32", 1), ("float16", 2), ("int32", 4)])
def test_store_atomic_config_after_set_atomic_add(dtype, code):
    """set_atomic_add enables the sum in its type: the configuration reads (type code, 0)."""
    assert config_after(lambda: asc.set_atomic_add(TYPES[dtype])) == (code, 0)


@api("set_store_atomic_config")
def test_store_atomic_config_adds_on_store():
    """set_store_atomic_config(ATOMIC_F32, ATOMIC_SUM) makes the next store an atomic float add."""
    x, z0 = pair("float32", 13)
    same(store(x, z0, lambda: asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, asc.AtomicOp.ATOMIC_SUM)),
         (x.astype(np.float64) + z0).astype(np.float32))
