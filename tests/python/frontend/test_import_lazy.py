"""`import asc` stays cheap (issue 32: <= 60 ms): OpenSSL's hashlib / hmac (asc._digest has SHA-256 and
HMAC-SHA256 built in), typing (only pyasc's typing aliases need it), dataclasses and inspect (the option
classes are asc._record.Record), tempfile (the disk cache makes its own temporary files) and linecache
(only an error quotes a source line) are not imported."""
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
