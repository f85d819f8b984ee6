"""trans_data_to_5hd's address forms (a list of 16 + 16 UB byte addresses, and two uint64 tensors
of addresses) against a numpy reference of the transform: for r < repeat_times, j, e < 16:
dst_j[16 r dst_rep_stride + e] = src_e[16 r src_rep_stride + j]."""
import numpy as np
import pytest

import asc
from basic_kernels import run


def reference(x, z, repeat, drep, srep, dbase, sbase):
    out = z.copy()
    for r in range(repeat):
        for j in range(16):
            for e in range(16):
                out[dbase[j] + 16 * r * drep + e] = x[sbase[e] + 16 * r * srep + j]
    return out


# source e starts at element 16 * e * 2 of x (blocks interleaved), destination j at 16 * j of z
SB = [32 * e for e in range(16)]
DB = [16 * j for j in range(16)]


@pytest.mark.parametrize("form", ["list", "tensor"])
def test_trans_data_to_5hd_address_forms(form):
    repeat, drep, srep = 2, 16, 1
    x = np.arange(1024, dtype=np.float16)
    z = np.full(1024 + 128, -1, np.float16)  # the last 128 halves: scratch for the two address tensors

    def op(dst, a, b):
        params = asc.TransDataTo5HDParams(False, False, repeat, drep, srep)
        dsts = [dst[d].get_phy_addr() for d in DB]
        srcs = [a[s].get_phy_addr() for s in SB]
        if form == "list":
            asc.trans_data_to_5hd(dsts, srcs, params)
        else:
            ta = dst[1024].reinterpret_cast(asc.int64)  # 16 addresses = 128 bytes each
            tb = dst[1024 + 64].reinterpret_cast(asc.int64)  # (runtime uint64 values are not supported)
            for i in asc.static_range(16):
                ta.set_value(i, dsts[i])
                tb.set_value(i, srcs[i])
            asc.set_flag(asc.HardEvent.S_V, 0)
            asc.wait_flag(asc.HardEvent.S_V, 0)
            asc.trans_data_to_5hd(ta.reinterpret_cast(asc.uint64), tb.reinterpret_cast(asc.uint64), params)
    got = run(op, x, x, z)
    want = reference(x, z, repeat, drep, srep, DB, SB)
    np.testing.assert_array_equal(got[:1024], want[:1024])


def test_trans_data_to_5hd_address_errors():
    x = np.zeros(512, np.float16)
    with pytest.raises(Exception, match="src address 0 is UB byte 2, not a 32-byte aligned place"):
        run(lambda d, a, b: asc.trans_data_to_5hd([d.get_phy_addr()] * 16, [a[1].get_phy_addr()] * 16,
                                                  asc.TransDataTo5HDParams(False, False, 1, 0, 0)), x, x, x)
    with pytest.raises(TypeError, match="uint64 tensors of 16 UB addresses; dst is float16"):
        run(lambda d, a, b: asc.trans_data_to_5hd(d, a, asc.TransDataTo5HDParams(False, False, 1, 0, 0)), x, x, x)


def test_set_value_on_unsigned_tensor_writes_the_bits():
    # runtime scalars are signless: a uint64 / uint8 element takes the bits of the same-width signed value
    from basic_kernels import run as run3

    def op(dst, a, b):
        u = dst.reinterpret_cast(asc.uint64)
        u.set_value(0, a.get_phy_addr(4))          # an int64 UB address
        u.set_value(1, 2**64 - 1)                  # a Python int in uint64's range
        dst.reinterpret_cast(asc.uint8).set_value(16, 200)
    got = run3(op, np.zeros(16, np.float16), np.zeros(16, np.float16), np.zeros(16, np.float16))
    raw = got.view(np.uint8)
    assert raw[:8].view(np.uint64)[0] < 2**20 and raw[8:16].view(np.uint64)[0] == 2**64 - 1 and raw[16] == 200
