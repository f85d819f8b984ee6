"""printf / dump_tensor / print_time_stamp (api.md §13): the text each block prints, behind its dump
header, reaches stdout after the launch in block order; values are checked against the inputs."""
import re

import numpy as np
import pytest

import asc


@asc.jit
def print_kernel(x: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, asc.get_block_idx().cast(asc.float32), n)  # dump_tensor waits for every pipe
    b = asc.get_block_idx()
    asc.printf("block %d: n=%d, %s, %5.2f, %x, %u%%\n", b, n, "text", 2.5, 255, 7)
    asc.dump_tensor(t, 3, 4)
    asc.dump_tensor(t, 4, 6, asc.ShapeInfo([2, 4]))
    asc.dump_tensor(xg, 5, 4, asc.ShapeInfo([1, 2]))
    q.free_tensor(t)


def test_printf_and_dump_tensor(capsys):
    x = np.arange(8, dtype=np.float32) * 0.5
    print_kernel[3](x, 8)
    out = capsys.readouterr().out
    heads = re.findall(r"opType=print_kernel, DumpHead: AIV-(\d+), CoreType=AIV, block dim=3, total_block_num=3, "
                       r"block_remain_len=(\d+), block_initial_space=1048576, rsv=0, magic=5aa5bccd\n"
                       r"CANN Version: openasc \S+, TimeStamp: 0\n", out)
    assert [h[0] for h in heads] == ["0", "1", "2"]  # block order
    blocks = re.split(r"opType=.*\nCANN Version:.*\n", out)[1:]
    for b, text in enumerate(blocks):
        v = x + b
        want = (f"block {b}: n=8, text,  2.50, ff, 7%\n"
                f"DumpTensor: desc=3, addr=0x0, data_type=float32, position=UB, dump_size=4\n"
                f"[{', '.join(f'{e:f}' for e in v[:4])}]\n"
                f"DumpTensor: desc=4, addr=0x0, data_type=float32, position=UB, dump_size=6\n"
                f"shape is [2, 4], dumpSize is 6, data is not enough.\n"
                f"[[{','.join(f'{e:f}' for e in v[:4])}],\n[{','.join(f'{e:f}' for e in v[4:6])},-,-]]\n"
                f"DumpTensor: desc=5, addr=0x0, data_type=float32, position=GM, dump_size=4\n"
                f"shape is [1, 2], dumpSize is 4, dumpSize is greater than shapeSize.\n"
                f"[[{','.join(f'{e:f}' for e in x[:2])}]]\n")
        assert text == want
        assert int(heads[b][1]) == 1048576 - len(want.encode())


@asc.jit
def int_kernel(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    asc.dump_tensor(xg, 1, 3)
    asc.print_time_stamp(9)


def test_dump_int_and_time_stamp(capsys):
    int_kernel[1](np.array([-3, 0, 2**31 - 1, 5], np.int32))
    out = capsys.readouterr().out
    assert "data_type=int32, position=GM, dump_size=3\n[-3, 0, 2147483647]\n" in out
    assert re.search(r"descId is 9, timeStamp is \d+, pc is \d+\n", out)


def test_ascendc_dump_0_silences(capsys, monkeypatch):
    monkeypatch.setenv("ASCENDC_DUMP", "0")
    int_kernel[1](np.zeros(8, np.int32))
    assert capsys.readouterr().out == ""


def test_printf_errors():
    @asc.jit
    def k1(x: asc.GlobalAddress):
        asc.printf("%d %d\n", 1)  # MARK

    with pytest.raises(TypeError, match="the format has 2 conversions but 1 values are given"):
        k1[1](np.zeros(8, np.int32))

    @asc.jit
    def k2(x: asc.GlobalAddress):
        asc.printf("%d\n", "a string")

    with pytest.raises(TypeError, match="a str value needs %s"):
        k2[1](np.zeros(8, np.int32))


@asc.jit
def shape_kernel(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    xg.set_shape_info(asc.ShapeInfo([2, 2]))
    asc.dump_tensor(xg, 1, 4, xg.get_shape_info())  # the ShapeInfo set on the tensor is the one read back


def test_tensor_shape_info(capsys):
    shape_kernel[1](np.arange(8, dtype=np.int32))
    assert "dump_size=4\n[[0,1],\n[2,3]]\n" in capsys.readouterr().out


@asc.jit
def metrics_kernel(x: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    asc.metrics_prof_start()
    for i in asc.static_range(n):
        xg.set_value(i, xg.get_value(i) + 1)
    asc.metrics_prof_stop()


def test_metrics_prof_region():
    from asc.lib.runtime import last_report
    x = np.zeros(64, np.int32)
    metrics_kernel[1](x, 4)
    small = last_report()["cores"][0]["metrics_cycles"]
    metrics_kernel[1](x, 40)
    big = last_report()["cores"][0]["metrics_cycles"]
    assert 0 < small < big and list(x[:4]) == [2, 2, 2, 2]


def test_metrics_prof_stop_without_start_is_an_error():
    @asc.jit
    def k(x: asc.GlobalAddress):
        asc.metrics_prof_stop()

    with pytest.raises(Exception, match="no metrics_prof_start before it"):
        k[1](np.zeros(8, np.int32))


@asc.jit
def chk_kernel(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    asc.dump_acc_chk_point(xg, 56, 3, 2)


def test_dump_acc_chk_point(capsys):
    chk_kernel[1](np.arange(8, dtype=np.int32) * 10)
    assert "DumpTensor: desc=56, addr=0xc, data_type=int32, position=GM, dump_size=2\n[30, 40]\n" in \
        capsys.readouterr().out


@asc.jit
def ltprint_kernel(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=64)
    t = buf.get(asc.float16)
    asc.data_copy(t, xg, 32)
    t.print(20)
    t.reinterpret_cast(asc.int32).print()


def test_local_tensor_print(capsys):
    x = np.arange(32, dtype=np.float16) / 2
    ltprint_kernel[1](x)
    out = capsys.readouterr().out
    want = ("0000: " + " ".join(f"{v:g}" for v in x[:16]) + "\n0016: " + " ".join(f"{v:g}" for v in x[16:20]) + "\n")
    ints = x.view(np.int32)
    want += "0000: " + " ".join(str(v) for v in ints[:8]) + "\n0008: " + " ".join(str(v) for v in ints[8:]) + "\n"
    assert out.endswith(want)
