"""`import asc` stays cheap (issue 32: <= 60 ms): OpenSSL's hashlib / hmac (asc._digest has SHA-256 and
HMAC-SHA256 built in) and typing (only pyasc's typing aliases need it) are not imported."""
import os
import subprocess
import sys

LAZY = ("hashlib", "hmac", "_hashlib", "typing")


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
