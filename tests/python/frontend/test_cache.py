"""The compile caches (api.md §2.5): memory per JITFunction, disk under $PYASC_CACHE_DIR.
Traces are counted by asc.runtime.jit.stats["traces"]."""
import importlib
import json
import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import asc
from asc import _lib
from asc.runtime import cache as disk_cache
from asc.runtime import jit as jitmod

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("PYASC_CACHE_DIR", str(d))
    return d


@pytest.fixture
def modules(tmp_path, monkeypatch):
    """write(name, text) creates tmp_path/name.py and (re)imports it; bytecode is not cached so a
    rewrite of the same size within one second is still seen by reload."""
    src = tmp_path / "mods"
    src.mkdir()
    monkeypatch.syspath_prepend(str(src))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    written = []

    def write(name, text, reload=True):
        (src / f"{name}.py").write_text(textwrap.dedent(text))
        importlib.invalidate_caches()
        if name in sys.modules:
            return importlib.reload(sys.modules[name]) if reload else sys.modules[name]
        written.append(name)
        return importlib.import_module(name)

    yield write
    for name in written:
        sys.modules.pop(name, None)


def traces():
    return jitmod.stats["traces"]


def run1(kernel, *args):
    out = np.zeros(4, np.int32)
    kernel[1](out, *args)
    return int(out[0])


def entries(d):
    return sorted(p for p in d.rglob("*.json"))


KERNEL = """
import asc
import cmod

SCALE = 3

@asc.jit
def k(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, cmod.helper(SCALE) + cmod.OFFSET)
"""

CALLEE = """
import asc

OFFSET = 0

@asc.jit
def helper(x):
    return x * {factor}
"""


def test_second_launch_does_not_retrace(cache_dir, modules):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    n = traces()
    assert run1(kmod.k) == 30
    assert traces() == n + 1
    hits = jitmod.stats["memory_hits"]
    for _ in range(3):
        assert run1(kmod.k) == 30
    assert traces() == n + 1 and jitmod.stats["memory_hits"] == hits + 3
    assert len(kmod.k.cache) == 1


def test_disk_cache_hit_for_a_fresh_jit_function(cache_dir, modules):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    assert run1(kmod.k) == 30
    assert len(entries(cache_dir)) == 1  # written under $PYASC_CACHE_DIR
    n, disk = traces(), jitmod.stats["disk_hits"]
    kmod.k.cache.clear()  # as in a new process: the memory cache is empty
    assert run1(kmod.k) == 30
    fresh = asc.jit(kmod.k.fn)  # a new JITFunction object for the same function
    assert run1(fresh) == 30
    assert traces() == n and jitmod.stats["disk_hits"] == disk + 2
    assert "func.call" in fresh.last_ir  # the stored artifact is the front-end IR


def test_editing_a_callee_retraces(cache_dir, modules):
    cmod = modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    k = kmod.k
    assert run1(k) == 30
    n = traces()
    # the same kernel object; cmod.helper is looked up through the module, so a reload is seen
    modules("cmod", CALLEE.format(factor=100))
    assert run1(k) == 300 and traces() == n + 1
    # a reloaded kernel module: new JITFunction objects, checked against the disk cache
    kmod = modules("kmod", KERNEL)
    assert run1(kmod.k) == 300 and traces() == n + 1  # disk hit: same sources, same globals
    modules("cmod", CALLEE.format(factor=7))
    kmod = modules("kmod", KERNEL)
    assert run1(kmod.k) == 21 and traces() == n + 2
    # back to the first source: that entry is still on disk
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    assert run1(kmod.k) == 30 and traces() == n + 2
    assert cmod is sys.modules["cmod"]


def test_editing_a_callee_imported_by_name_retraces(cache_dir, modules):
    modules("cmod2", "import asc\n\n@asc.jit\ndef helper(x):\n    return x + 1\n")
    text = ("import asc\nfrom cmod2 import helper\n\n@asc.jit\ndef k(out: asc.GlobalAddress):\n"
            "    g = asc.GlobalTensor()\n    g.set_global_buffer(out)\n    g.set_value(0, helper(5))\n")
    kmod = modules("kmod2", text)
    assert run1(kmod.k) == 6
    n = traces()
    modules("cmod2", "import asc\n\n@asc.jit\ndef helper(x):\n    return x + 2\n")
    kmod = modules("kmod2", text)  # the kernel's source is unchanged, its callee's is not
    assert run1(kmod.k) == 7 and traces() == n + 1


def test_changing_a_module_global_retraces(cache_dir, modules):
    cmod = modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    assert run1(kmod.k) == 30
    n = traces()
    kmod.SCALE = 4  # a global of the kernel's module
    assert run1(kmod.k) == 40 and traces() == n + 1
    cmod.OFFSET = 5  # a global read through another module
    assert run1(kmod.k) == 45 and traces() == n + 2
    kmod.SCALE, cmod.OFFSET = 3, 0  # the first specialisation: back from the disk cache
    assert run1(kmod.k) == 30 and traces() == n + 2
    assert len(kmod.k.cache) == 1  # one memory entry per specialisation key, replaced when stale


def test_changing_a_global_read_by_a_callee_retraces(cache_dir, modules):
    cmod = modules("cmod3", "import asc\n\nSTEP = 2\n\n@asc.jit\ndef helper(x):\n    return x + STEP\n")
    kmod = modules("kmod3", "import asc\nfrom cmod3 import helper\n\n@asc.jit\ndef k(out: asc.GlobalAddress):\n"
                            "    g = asc.GlobalTensor()\n    g.set_global_buffer(out)\n    g.set_value(0, helper(1))\n")
    assert run1(kmod.k) == 3
    n = traces()
    cmod.STEP = 9
    assert run1(kmod.k) == 10 and traces() == n + 1
    kmod.k.cache.clear()
    cmod.STEP = 2
    assert run1(kmod.k) == 3 and traces() == n + 1  # disk


def test_constexpr_and_argument_types_are_part_of_the_key(cache_dir):
    @asc.jit
    def k(out: asc.GlobalAddress, a, c: asc.ConstExpr[int]):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, a + c)

    n = traces()
    assert run1(k, 1, 2) == 3
    assert run1(k, 5, 2) == 7 and traces() == n + 1  # runtime value: same specialisation
    assert run1(k, 1, 3) == 4 and traces() == n + 2  # ConstExpr value
    assert run1(k, np.int16(1), 3) == 4 and traces() == n + 3  # argument dtype
    out = np.zeros(4, np.int16)
    k[1](out, 1, 3)
    assert out[0] == 4 and traces() == n + 4  # pointer dtype
    assert len(k.cache) == 4


def test_always_compile_bypasses_both_caches_and_stores_nothing(cache_dir, modules):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    n = traces()
    out = np.zeros(4, np.int32)
    kmod.k[1](out, always_compile=True)
    kmod.k[1](out, always_compile=True)
    assert out[0] == 30 and traces() == n + 2
    assert not kmod.k.cache and not entries(cache_dir)
    run1(kmod.k)
    kmod.k[1](out, always_compile=True)  # an entry exists now; still retraced
    assert traces() == n + 4 and len(entries(cache_dir)) == 1


def test_always_compile_reuses_the_module_of_an_identical_trace(cache_dir, modules, monkeypatch):
    """always_compile retraces every call; libasc's parse and passes run again only when the trace
    (or the pipeline choice, or a source file) differs.  A change of a global the kernel reads
    changes the trace, so it is compiled and seen."""
    from asc.runtime import compiler
    monkeypatch.setattr(compiler, "_modules", compiler._ModuleMemo())
    built = []
    real = _lib.Module

    def spy(*a, **kw):
        built.append(a[1])
        return real(*a, **kw)

    monkeypatch.setattr(_lib, "Module", spy)
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    out = np.zeros(4, np.int32)
    n = traces()
    kmod.k[1](out, always_compile=True)
    kmod.k[1](out, always_compile=True)
    assert out[0] == 30 and traces() == n + 2 and len(built) == 1
    kmod.SCALE = 4  # a different trace: compiled again
    kmod.k[1](out, always_compile=True)
    assert out[0] == 40 and len(built) == 2 and built[0] != built[1]
    kmod.k[1](out, insert_sync=True, always_compile=True)  # another pipeline choice: compiled again
    assert out[0] == 40 and len(built) == 3


def test_always_compile_writes_what_every_compile_writes(modules, tmp_path, monkeypatch):
    """A module taken from the memo of identical traces writes the files a compile writes, as pyasc
    writes them at every compile: PYASC_DUMP_PATH's codegen.mlir, ascir.mlir and ascendc.cpp (read
    at each compile: a new directory gets all three) and one ASC_EMIT_DIR file per compile."""
    from asc.runtime import compiler
    monkeypatch.setattr(compiler, "_modules", compiler._ModuleMemo())
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    out = np.zeros(4, np.int32)
    emit = tmp_path / "emit"
    monkeypatch.setenv("ASC_EMIT_DIR", str(emit))
    for i in range(2):
        monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / f"dump{i}"))
        kmod.k[1](out, always_compile=True)
        assert {"codegen.mlir", "ascir.mlir", "ascendc.cpp"} <= set(os.listdir(tmp_path / f"dump{i}")), i
    assert out[0] == 30 and len(os.listdir(emit)) == 2
    for f in ("codegen.mlir", "ascir.mlir", "ascendc.cpp"):
        assert (tmp_path / "dump0" / f).read_text() == (tmp_path / "dump1" / f).read_text(), f


def read_entry(path):
    """(seal line or None, JSON body text) of a cache entry, sealed or plain JSON."""
    text = path.read_text()
    if text.startswith("{"):
        return None, text
    head, _, body = text.partition("\n")
    return head, body


def write_entry(path, head, body):
    path.write_text(body if head is None else head + "\n" + body)


def sealed(cache_dir, body):
    """The seal line the cache itself would write for body (as if the secret had leaked)."""
    key = json.loads(body)["key"] if body.startswith("{") else ""
    secret = (cache_dir / ".secret").read_bytes()
    return (disk_cache._MAGIC + disk_cache._seal(secret, key, body.encode())).decode()


def rebuilt_with_one_warning(kernel, expect=30, what="compile cache entry"):
    """Run kernel from an empty memory cache: it must be traced again, give expect, and warn
    exactly once about the cache; a second fresh run is a clean disk hit."""
    kernel.cache.clear()
    n = traces()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert run1(kernel) == expect
    msgs = [str(x.message) for x in w if what in str(x.message)]
    assert len(msgs) == 1, [str(x.message) for x in w]
    assert traces() == n + 1
    kernel.cache.clear()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert run1(kernel) == expect
    assert traces() == n + 1 and not [x for x in w if "cache" in str(x.message)]
    return msgs[0]


def test_corrupt_entry_is_ignored_and_rewritten(cache_dir, modules):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    (path,) = entries(cache_dir)
    for junk in ("{not json", json.dumps({"format": disk_cache.FORMAT, "key": "x"}), "", "\x00" * 100):
        path.write_text(junk)
        rebuilt_with_one_warning(kmod.k)
        assert entries(cache_dir) == [path] and json.loads(read_entry(path)[1])["ir"].startswith('"builtin.module"')
    # an entry whose IR does not parse is dropped and rebuilt too
    head, body = read_entry(path)
    e = json.loads(body)
    e["ir"] = '"builtin.module"() ({ "nonsense.op"() : () -> () }) : () -> ()'
    body = json.dumps(e)
    write_entry(path, None if head is None else sealed(cache_dir, body), body)
    rebuilt_with_one_warning(kmod.k)
    assert "nonsense" not in path.read_text()
    assert not [p for p in cache_dir.rglob("*") if p.name.startswith(".tmp-")]


def test_edited_constant_in_an_entry_is_refused(cache_dir, modules):
    """Someone who can write the cache changes a constant of the stored IR: never run."""
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    (path,) = entries(cache_dir)
    head, body = read_entry(path)
    assert "value = 10 : i32" in body
    write_entry(path, head, body.replace("value = 10 : i32", "value = 99 : i32"))
    assert "seal" in rebuilt_with_one_warning(kmod.k)  # 30, not 3 * 99
    # the same edit with the seal recomputed under another key (an entry copied between keys)
    head, body = read_entry(path)
    e = json.loads(body)
    other = os.path.join(os.path.dirname(path), "..", "0" * 64)
    os.makedirs(other)
    write_entry(path, sealed(cache_dir, json.dumps(dict(e, key="0" * 64))), body.replace("value = 10", "value = 99"))
    assert "seal" in rebuilt_with_one_warning(kmod.k)


@pytest.mark.parametrize("seal", [False, True])
def test_deeply_nested_json_entry_is_ignored(cache_dir, modules, seal):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    (path,) = entries(cache_dir)
    head, _ = read_entry(path)
    body = "[" * 200000 + "]" * 200000
    write_entry(path, sealed(cache_dir, body) if seal and head else head, body)
    rebuilt_with_one_warning(kmod.k)


@pytest.mark.parametrize("deps", [[[["cmod"], "OFFSET", "0"]], [[1, 2, 3]], "abc", [{"a": 1}], [["cmod", "OFFSET"]]])
def test_wrong_types_in_deps_are_ignored(cache_dir, modules, deps):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    (path,) = entries(cache_dir)
    head, body = read_entry(path)
    body = json.dumps(dict(json.loads(body), deps=deps))
    write_entry(path, None if head is None else sealed(cache_dir, body), body)  # even with a valid seal
    rebuilt_with_one_warning(kmod.k)


OOB = """
import asc

@asc.jit
def k(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 4)
    g.set_value(9, 1)
"""


def test_crafted_loc_never_quotes_another_file(cache_dir, modules, tmp_path):
    """A location in a stored IR pointing at another readable file must not make the error
    message quote that file: the entry is refused (unsealed, or sealed but naming a file that
    is not one of the kernel's sources)."""
    secret = tmp_path / "private.txt"
    secret.write_text("TOP-SECRET-LINE\n" * 20)
    kmod = modules("kmod5", OOB)
    with pytest.raises(asc.KernelError) as first:
        run1(kmod.k)
    assert "g.set_value(9, 1)" in str(first.value)
    (path,) = entries(cache_dir)
    kfile = kmod.__file__
    for variant in ("unsealed", "sealed-loc", "sealed-sources"):
        head, body = read_entry(path)
        e = json.loads(body)
        e["ir"] = e["ir"].replace(f'"{kfile}"', json.dumps(str(secret)).replace("\\", "\\\\"))
        assert str(secret) in e["ir"]
        if variant == "sealed-sources":
            e["sources"] = [str(secret)]
        body = json.dumps(e)
        write_entry(path, head if variant == "unsealed" or head is None else sealed(cache_dir, body), body)
        kmod.k.cache.clear()
        n = traces()
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            with pytest.raises(asc.KernelError) as again:
                run1(kmod.k)
        assert "TOP-SECRET" not in str(again.value), variant
        assert str(again.value) == str(first.value) and traces() == n + 1, variant
        assert len([x for x in w if "compile cache entry" in str(x.message)]) == 1, variant


def test_cache_directory_is_private(cache_dir, modules):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    (path,) = entries(cache_dir)
    assert cache_dir.stat().st_mode & 0o777 == 0o700
    assert path.parent.stat().st_mode & 0o777 == 0o700
    assert path.stat().st_mode & 0o777 == 0o600
    assert (cache_dir / ".secret").stat().st_mode & 0o777 == 0o600


def test_existing_open_cache_directory_is_made_private(tmp_path, monkeypatch):
    d = tmp_path / "open"
    d.mkdir()
    os.chmod(d, 0o777)
    monkeypatch.setenv("PYASC_CACHE_DIR", str(d))

    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, 12)

    assert run1(k) == 12
    assert d.stat().st_mode & 0o777 == 0o700 and entries(d)


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="chown to another user needs root")


@needs_root
def test_entry_not_owned_by_the_user_is_refused(cache_dir, modules):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    (path,) = entries(cache_dir)
    os.chown(path, 65534, 65534)
    assert "owned by uid 65534" in rebuilt_with_one_warning(kmod.k)
    assert path.stat().st_uid == os.geteuid()


@needs_root
def test_cache_directory_of_another_user_is_not_used(tmp_path, monkeypatch):
    d = tmp_path / "theirs"
    d.mkdir()
    os.chown(d, 65534, 65534)
    monkeypatch.setenv("PYASC_CACHE_DIR", str(d))

    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, 13)

    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert run1(k) == 13
        k.cache.clear()
        assert run1(k) == 13
    assert len([x for x in w if "is not used" in str(x.message)]) == 1
    assert not list(d.iterdir())


def test_symlinked_entry_is_refused(cache_dir, modules, tmp_path):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    (path,) = entries(cache_dir)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(elsewhere)
    rebuilt_with_one_warning(kmod.k)
    assert not path.is_symlink()


def test_rebuilt_library_invalidates(cache_dir, modules, monkeypatch):
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    kmod.k.cache.clear()
    monkeypatch.setattr(_lib, "_lib_fp", _lib.library_fingerprint() + ":rebuilt")
    n = traces()
    run1(kmod.k)
    assert traces() == n + 1 and len(entries(cache_dir)) == 2
    assert _lib.library_fingerprint().startswith("openasc-0.")


def test_cache_dir_default_and_override(monkeypatch, tmp_path):
    monkeypatch.delenv("PYASC_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert disk_cache.cache_dir() == str(tmp_path / "xdg" / "openasc")
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert disk_cache.cache_dir() == os.path.join(str(tmp_path), ".cache", "openasc")
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "mine"))
    assert disk_cache.cache_dir() == str(tmp_path / "mine")


def test_unwritable_cache_dir_is_not_an_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("PYASC_CACHE_DIR", str(blocker / "sub"))  # a directory under a file

    @asc.jit
    def k(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, 11)

    assert run1(k) == 11


def test_runtime_error_from_a_disk_hit_keeps_the_python_line(cache_dir):
    @asc.jit
    def oob(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 4)
        g.set_value(9, 1)

    line = oob.fn.__code__.co_firstlineno + 4
    with pytest.raises(asc.KernelError) as first:
        run1(oob)
    n = traces()
    with pytest.raises(asc.KernelError) as again:
        run1(asc.jit(oob.fn))
    assert traces() == n
    assert f"test_cache.py:{line}:" in str(first.value)
    assert str(again.value) == str(first.value)


def test_disk_cache_across_processes(cache_dir, tmp_path):
    script = tmp_path / "proc.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import asc
        from asc.runtime.jit import stats

        TILE = 8

        @asc.jit
        def k(out: asc.GlobalAddress):
            g = asc.GlobalTensor()
            g.set_global_buffer(out)
            g.set_value(0, TILE * 2)

        out = np.zeros(1, np.int32)
        k[1](out)
        print(int(out[0]), stats["traces"], stats["disk_hits"])
        """))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    outs = [subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
            for _ in range(2)]
    assert [o.returncode for o in outs] == [0, 0], outs[0].stderr + outs[1].stderr
    assert outs[0].stdout.split() == ["16", "1", "0"]
    assert outs[1].stdout.split() == ["16", "0", "1"]


def test_large_numpy_global_is_fingerprinted_by_content(cache_dir, modules):
    kmod = modules("kmod4", "import numpy as np\nimport asc\n\nLUT = np.zeros(5000, np.int32)\n\n"
                            "@asc.jit\ndef k(out: asc.GlobalAddress):\n    g = asc.GlobalTensor()\n"
                            "    g.set_global_buffer(out)\n    g.set_value(0, int(LUT[2500]))\n")
    assert run1(kmod.k) == 0
    kmod.LUT[2500] = 9  # not visible in repr(LUT), which elides the middle
    assert run1(kmod.k) == 9


# ---- stale kernels (issue 12 item 4): values read through classes, objects and plain helpers ----
CFG_KERNEL = """
import asc
import cfgmod
from cfgmod import Cfg, CFG, bias, scaled, Derived

@asc.jit
def k(out: asc.GlobalAddress, which: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    if which == 0:
        g.set_value(0, Cfg.BIAS)
    elif which == 1:
        g.set_value(0, cfgmod.Cfg.BIAS)
    elif which == 2:
        g.set_value(0, bias())
    elif which == 3:
        g.set_value(0, scaled(2))
    elif which == 4:
        g.set_value(0, CFG.bias)
    elif which == 5:
        g.set_value(0, Derived.BIAS)
    else:
        g.set_value(0, Cfg.get())
"""

CFG_MOD = """
import other

BASE = 1


class Cfg:
    BIAS = 1

    @staticmethod
    def get():
        return BASE * 100


class Derived(Cfg):
    pass


class Obj:
    def __init__(self):
        self.bias = 1


CFG = Obj()


def bias():
    return BASE + Cfg.BIAS * 10


def scaled(x):
    return x * other.FACTOR
"""


def test_class_attributes_and_plain_helper_globals_are_dependencies(cache_dir, modules):
    """Values a kernel folds through a class attribute, an object's attribute, or a plain
    helper's module globals: changing them must never serve the old kernel, from memory or disk."""
    other = modules("other", "FACTOR = 3\n")
    cfg = modules("cfgmod", CFG_MOD)
    kmod = modules("kmodcfg", CFG_KERNEL)
    k = kmod.k

    def each():
        return [run1(k, w) for w in range(7)]

    assert each() == [1, 1, 11, 6, 1, 1, 100]
    cfg.Cfg.BIAS = 2  # a class attribute (read directly, through the module, by a helper, inherited)
    assert each() == [2, 2, 21, 6, 1, 2, 100]
    cfg.BASE = 4  # a global read by a plain helper and by a static method
    assert each() == [2, 2, 24, 6, 1, 2, 400]
    other.FACTOR = 5  # `other.FACTOR` inside a plain helper of another module
    assert each() == [2, 2, 24, 10, 1, 2, 400]
    cfg.CFG.bias = 7  # an attribute of a global object
    assert each() == [2, 2, 24, 10, 7, 2, 400]
    cfg.Derived.BIAS = 9  # shadowing in a subclass
    assert each() == [2, 2, 24, 10, 7, 9, 400]
    n = traces()
    assert each() == [2, 2, 24, 10, 7, 9, 400] and traces() == n  # nothing changed: memory hits
    k.cache.clear()
    assert each() == [2, 2, 24, 10, 7, 9, 400] and traces() == n  # and disk hits
    cfg.Cfg.BIAS = 1
    k.cache.clear()
    assert each()[:3] == [1, 1, 14]


def test_mutated_constexpr_object_is_a_new_specialisation(cache_dir):
    class Tiling:
        def __init__(self, n):
            self.n = n

    @asc.jit
    def k(out: asc.GlobalAddress, t: asc.ConstExpr):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, t.n)

    t = Tiling(3)
    assert run1(k, t) == 3
    t.n = 8
    assert run1(k, t) == 8


def test_values_of_builtin_subclasses_are_part_of_the_key(cache_dir):
    """A namedtuple (or an int / dict subclass) ConstExpr is keyed by its value, not only by its
    attributes."""
    import collections

    Tiling = collections.namedtuple("Tiling", "n m")

    class Size(int):
        pass

    class Table(dict):
        pass

    @asc.jit
    def k(out: asc.GlobalAddress, t: asc.ConstExpr, s: asc.ConstExpr, d: asc.ConstExpr):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, t.n * 100 + s * 10 + d["x"])

    assert run1(k, Tiling(1, 2), Size(3), Table(x=4)) == 134
    assert run1(k, Tiling(5, 2), Size(3), Table(x=4)) == 534
    assert run1(k, Tiling(5, 2), Size(6), Table(x=4)) == 564
    assert run1(k, Tiling(5, 2), Size(6), Table(x=7)) == 567


def test_class_attribute_change_misses_the_disk_cache_in_a_new_process(cache_dir, tmp_path):
    (tmp_path / "pmod.py").write_text(textwrap.dedent("""
        import os

        SCALE = int(os.environ["SCALE"])


        class Cfg:
            BIAS = int(os.environ["BIAS"])


        def scale():
            return SCALE
        """))
    script = tmp_path / "proc.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import asc
        from asc.runtime.jit import stats
        from pmod import Cfg, scale

        @asc.jit
        def k(out: asc.GlobalAddress):
            g = asc.GlobalTensor()
            g.set_global_buffer(out)
            g.set_value(0, Cfg.BIAS * 10 + scale())

        out = np.zeros(1, np.int32)
        k[1](out)
        print(int(out[0]), stats["traces"], stats["disk_hits"])
        """))

    def run(bias, scale):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "python"), str(tmp_path)]),
                   BIAS=str(bias), SCALE=str(scale))
        r = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        return r.stdout.split()

    assert run(1, 1) == ["11", "1", "0"]
    assert run(1, 1) == ["11", "0", "1"]
    assert run(2, 1) == ["21", "1", "0"]  # the class attribute changed: not the old kernel
    assert run(2, 3) == ["23", "1", "0"]  # a global read by a plain helper changed
    assert run(1, 1) == ["11", "0", "1"]


def test_cache_directory_deleted_while_running(cache_dir, modules):
    """rm -rf of the cache directory under a running process: the next store makes a new
    secret, and the entries written after it verify (no warning, no retrace)."""
    import shutil
    modules("cmod", CALLEE.format(factor=10))
    kmod = modules("kmod", KERNEL)
    run1(kmod.k)
    shutil.rmtree(cache_dir)
    kmod.k.cache.clear()
    n = traces()
    assert run1(kmod.k) == 30 and traces() == n + 1 and entries(cache_dir)
    kmod.k.cache.clear()
    disk_cache._secrets.clear()  # as a new process: the secret comes from the file
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert run1(kmod.k) == 30
    assert traces() == n + 1
