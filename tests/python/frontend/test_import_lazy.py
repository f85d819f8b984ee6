"""`import asc` stays cheap (issue 32: <= 60 ms): OpenSSL's hashlib / hmac (asc._digest has SHA-256 and
HMAC-SHA256 built in), typing (only pyasc's typing aliases need it), dataclasses and inspect (the option
classes are asc._record.Record), tempfile (the disk cache makes its own temporary files) and linecache
(only an error quotes a source line) are not imported; nor are the subpackages and enums a kernel
launch does not need (docs/python.md, "Front-end cost")."""
import os
import subprocess
import sys

LAZY = ("hashlib", "hmac", "_hashlib", "typing", "dataclasses", "inspect", "tempfile", "linecache")


def test_import_asc_leaves_the_lazy_modules_out():
    code = f"import sys, asc; print(' '.join(m for m in {LAZY!r} if m in sys.modules))"
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == [], f"`import asc` imported {out.stdout.strip()}"


def test_the_lazy_aliases_still_resolve():
    import typing

    import asc.language.core.constexpr as ce
    import asc.language.core.ir_value as iv
    assert ce.Numeric == typing.Union[bool, int, float]
    assert iv.RuntimeInt == iv.RuntimeNumeric
    assert isinstance(ce.T_co, typing.TypeVar)


def test_the_option_records_are_dataclasses_on_use():
    """dataclasses' functions take the option records as the dataclasses they stand for."""
    import dataclasses

    import asc
    o = asc.LaunchOptions(4)
    assert dataclasses.is_dataclass(o) and dataclasses.asdict(o) == {"core_num": 4, "stream": None}
    assert dataclasses.replace(o, stream=7) == asc.LaunchOptions(4, 7) != o
    try:
        o.core_num = 5
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a frozen record took an assignment")
    assert repr(asc.LaunchOptions(core_num=2)) == "LaunchOptions(core_num=2, stream=None)"


def test_import_asc_leaves_the_subpackages_and_static_enums_for_first_use():
    """asc.language.adv / basic / fwk, asc.lib and the enums no basic op takes are not loaded by `import asc`;
    each resolves on first use to the same object from every path."""
    code = ("import sys, asc\n"
            "from asc.language.core import enums\n"
            "mods = ('asc.language.adv', 'asc.language.basic', 'asc.language.fwk', 'asc.lib', 'asc.codegen')\n"
            "print(' '.join(m for m in mods if m in sys.modules), '|',"
            " ' '.join(n for n in sorted(enums.ON_USE) if n in vars(enums)))")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ), capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["|"], f"`import asc` loaded {out.stdout.strip()}"
    import asc
    import asc.adv
    import asc.language.adv
    import asc.language.basic.vec_binary as vb
    assert asc.adv is asc.language.adv and asc.basic.vec_binary is vb and asc.lib.runtime.get_soc_version()
    assert asc.CubeFormat is asc.language.CubeFormat is asc.language.core.CubeFormat
    assert asc.CubeFormat.NZ == 1 and "TransposeType" in dir(asc) and "TransposeType" in asc.__all__
