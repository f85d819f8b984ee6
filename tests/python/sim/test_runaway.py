"""Runaway kernels, block counts and the findings of a launch (issue 12, items 5, 6, 7):
the watchdog stops an endless loop with an error at its line, Ctrl-C interrupts a launch,
asc.static_range cannot unroll without bound, block counts are validated and a launch's
memory does not grow with its block count, and a failed launch's error carries every
finding."""
import inspect
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import asc

HERE = __file__
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def line_of(fn, marker):
    lines, start = inspect.getsourcelines(getattr(fn, "fn", fn))
    for i, ln in enumerate(lines):
        if marker in ln:
            return start + i
    raise AssertionError(marker)


def child_env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(ROOT, "python") + os.pathsep + env.get("PYTHONPATH", "")
    return env


# ---- item 5: the watchdog --------------------------------------------------------------------
@asc.jit
def endless_while(x: asc.GlobalAddress, n: int):
    i = 0
    while i < n:  # MARK
        i = i * 1


@asc.jit
def endless_outer(x: asc.GlobalAddress, n: int):
    i = 0
    while i < n:  # MARK
        for j in range(4):  # a finite inner loop: the report names the outer one
            i = i * 1


@asc.jit
def long_for(x: asc.GlobalAddress, n: int):
    s = 0
    for i in range(n):  # MARK
        s = s + i


def test_watchdog_stops_an_endless_loop_at_its_line():
    x = np.zeros(8, np.float32)
    t0 = time.perf_counter()
    with pytest.raises(asc.KernelError) as ei:
        endless_while[1](x, 1, max_instructions=200_000)
    assert time.perf_counter() - t0 < 10
    text = str(ei.value)
    assert "watchdog: the block executed more than 200000 instructions" in text, text
    assert f"{HERE}:{line_of(endless_while, '# MARK')}:5: error:" in text, text
    assert "while i < n:  # MARK\n    ^" in text, text
    assert [f.severity for f in ei.value.findings] == ["error"]
    # the loop that iterates most is named, not the finite one inside it
    with pytest.raises(asc.KernelError) as ei:
        endless_outer[2](x, 1, max_instructions=100_000)
    assert f"{HERE}:{line_of(endless_outer, '# MARK')}:5: error: watchdog" in str(ei.value), str(ei.value)


def test_watchdog_limit_from_the_environment(monkeypatch):
    x = np.zeros(8, np.float32)
    monkeypatch.setenv("ASC_MAX_INSTRUCTIONS", "5000")
    with pytest.raises(asc.KernelError, match="more than 5000 instructions"):
        long_for[1](x, 100_000)
    long_for[1](x, 100_000, max_instructions=0)  # the option wins; 0: no limit
    monkeypatch.setenv("ASC_MAX_INSTRUCTIONS", "lots")
    with pytest.raises(ValueError, match="ASC_MAX_INSTRUCTIONS"):
        long_for[1](x, 10)
    monkeypatch.delenv("ASC_MAX_INSTRUCTIONS")
    long_for[1](x, 1_000_000)  # the default is far above a real kernel
    with pytest.raises(RuntimeError, match="max_instructions must be"):
        long_for[1](x, 10, max_instructions=-1)


SIGINT_CHILD = textwrap.dedent("""
    import os, signal, sys, numpy as np, asc
    if sys.argv[2] == "wakeup":  # another wakeup fd in use (asyncio does this)
        r, w = os.pipe()
        os.set_blocking(w, False)
        signal.set_wakeup_fd(w)

    from asc.runtime import config
    # "group": a MIX kernel, whose blocks run as AIC + 2 AIV core groups on one timeline each
    kt = config.KernelType.MIX_AIC_1_2 if sys.argv[2] == "group" else None

    @asc.jit(kernel_type=kt)
    def spin(x: asc.GlobalAddress, n: int):
        i = 0
        while i < n:
            i = i * 1

    x = np.zeros(8, np.float32)
    blocks = int(sys.argv[1])
    spin[blocks](x, 0)  # compiled; the next launch would run until the watchdog (seconds)
    print("launching", flush=True)
    try:
        spin[blocks](x, 1)
    except KeyboardInterrupt:
        spin[1](x, 0)  # the simulator's threads stopped cleanly: it still runs
        print("interrupted", flush=True)
        raise
""")


@pytest.mark.parametrize("blocks,mode", [(1, "plain"), (40, "plain"), (40, "wakeup"), (1, "group"), (24, "group")])
def test_ctrl_c_interrupts_a_launch(tmp_path, blocks, mode):
    script = tmp_path / "spin.py"
    script.write_text(SIGINT_CHILD)
    p = subprocess.Popen([sys.executable, str(script), str(blocks), mode], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=child_env())
    try:
        assert p.stdout.readline().strip() == "launching"
        time.sleep(0.5)  # well inside the endless launch
        t0 = time.perf_counter()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
        latency = time.perf_counter() - t0
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert "interrupted" in out, (out, err)
    assert err.rstrip().endswith("KeyboardInterrupt"), err
    assert p.returncode == -signal.SIGINT, p.returncode  # KeyboardInterrupt reached the top level
    assert latency < 5, latency


def test_static_range_is_bounded(monkeypatch):
    @asc.jit
    def huge(x: asc.GlobalAddress, n: int):
        s = n
        for i in asc.static_range(10**9):  # MARK
            s = s + i

    with pytest.raises(asc.CompilationError) as ei:
        huge[1](np.zeros(8, np.float32), 1)
    text = str(ei.value)
    assert "asc.static_range of 1000000000 iterations traces more than" in text, text
    assert f"{HERE}:{line_of(huge, '# MARK')}:" in text and "^" in text, text


def test_traced_ops_are_bounded(monkeypatch):
    @asc.jit
    def many(x: asc.GlobalAddress, n: int):
        s = n
        for i in asc.static_range(600):
            s = s * 3 + i  # MARK

    monkeypatch.setenv("ASC_MAX_TRACE_OPS", "1000")
    with pytest.raises(asc.CompilationError) as ei:
        many[1](np.zeros(8, np.float32), 1)
    text = str(ei.value)
    assert "the kernel traces more than 1000 ops (ASC_MAX_TRACE_OPS)" in text, text
    assert f"{HERE}:{line_of(many, '# MARK')}:" in text, text


# ---- item 6: block counts ------------------------------------------------------------------------
@asc.jit
def tiny(x: asc.GlobalAddress, n: int):
    i = 0


@pytest.mark.parametrize("blocks", [65536, 10**8, 10**9, 2**32 + 1])
def test_block_count_beyond_the_hardware_is_a_value_error(blocks):
    with pytest.raises(ValueError, match="larger than the hardware's limit of 65535 blocks"):
        tiny[blocks](np.zeros(8, np.float32), 1)
    with pytest.raises(ValueError, match="should be large than 0"):
        tiny[0](np.zeros(8, np.float32), 1)


MEMORY_CHILD = textwrap.dedent("""
    import resource, numpy as np, asc
    from asc.lib import runtime

    @asc.jit
    def mark(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_value(asc.get_block_idx(), 7)

    x = np.zeros(65535, np.int32)
    mark[1](x)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mark[65535](x)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(int((x == 7).sum()), after - before)
""")


def test_65535_blocks_run_in_bounded_memory(tmp_path):
    script = tmp_path / "blocks.py"
    script.write_text(MEMORY_CHILD)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=child_env(),
                         timeout=300)
    assert out.returncode == 0, out.stderr
    written, grown_kb = map(int, out.stdout.split())
    assert written == 65535  # every block ran
    if "asan" in os.environ.get("LD_PRELOAD", ""):
        return  # ASan's quarantine keeps freed memory: RSS says nothing there
    # peak RSS growth of the launch: per-block state is per host thread, findings and GM
    # writes are what the blocks produce (65535 one-element writes): about 4 MB (45 MB before)
    assert grown_kb < 12 * 1024, grown_kb


MIX_MEMORY_CHILD = textwrap.dedent("""
    import resource, numpy as np, asc
    from asc.runtime import config

    @asc.jit(kernel_type=config.KernelType.MIX_AIC_1_2)
    def mark(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        if asc.ascend_is_aic():
            g.set_value(asc.get_block_idx(), 7)

    x = np.zeros(6000, np.int32)
    mark[1](x)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mark[6000](x)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(int((x == 7).sum()), after - before)
""")


def test_mix_launch_memory_is_bounded(tmp_path):
    """Core groups are committed as they finish, a window of them in flight: 6000 MIX blocks (18000
    cores) grew the peak RSS by ~12 MB when every core's result waited for the end, ~2 MB now."""
    if "asan" in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("ASan's quarantine keeps freed memory: RSS says nothing there")
    script = tmp_path / "mix.py"
    script.write_text(MIX_MEMORY_CHILD)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=child_env(),
                         timeout=300)
    assert out.returncode == 0, out.stderr
    written, grown_kb = map(int, out.stdout.split())
    assert written == 6000  # every block's AIC ran
    assert grown_kb < 6 * 1024, grown_kb


# ---- item 7: every finding of a launch -----------------------------------------------------------
@asc.jit(auto_sync=False)
def lost_set(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    yl = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 1024, 256)
    zl = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 2048, 256)
    wl = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 4096, 40960)
    asc.data_copy(xl, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.data_copy(yl, yg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)  # DOUBLE (V is still busy: the first set is not consumed)
    asc.duplicate(wl, 1.0, 40960)
    asc.add(zl, xl, yl, 256)  # RACE (no wait before it)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)  # the second set was lost
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, zl, 256)


def test_error_carries_every_finding_of_the_launch():
    x = np.ones(256, np.float32)
    with pytest.warns(RuntimeWarning):  # verify-sync's static warnings at compile time
        with pytest.raises(asc.KernelError) as ei:
            lost_set[1](x, x.copy(), np.zeros(256, np.float32))
    e = ei.value
    kinds = [(f.severity, f.split(": ")[2].split(" ")[0].rstrip(":")) for f in e.findings]
    assert kinds == [("error", "race"), ("warning", "double-set"), ("error", "deadlock")], e.findings
    race, double, deadlock = e.findings
    assert race.startswith(f"{HERE}:{line_of(lost_set, '# RACE')}:5: error: race (RAW)"), race
    assert double.startswith(f"{HERE}:{line_of(lost_set, '# DOUBLE')}:5: warning: double-set: flag MTE2_V"), double
    assert deadlock.startswith(f"{HERE}:{line_of(lost_set, 'def lost_set')}:1: error: deadlock"), deadlock
    assert f"wait_flag waiting for flag MTE2_V id 0 ({HERE}:{line_of(lost_set, 'was lost')})" in deadlock
    text = str(e)
    assert text.startswith(race + "\n\n2 more findings of this launch:\n"), text
    assert double in text and deadlock in text
