import atexit
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
# The tests live in area folders (vec/, cube/, adv/, sync/, ...; docs/python.md "Where the tests
# are"); the shared kernels here and the test modules other tests import are found from any of them.
_HERE = os.path.dirname(os.path.abspath(__file__))
for _d in sorted(os.listdir(_HERE)):
    if os.path.isdir(os.path.join(_HERE, _d)) and not _d.startswith(("_", ".")) and _d != "api":
        sys.path.insert(0, os.path.join(_HERE, _d))
sys.path.insert(0, _HERE)

# The disk compile cache of every test (and of the scripts the tests run) lives in a private
# directory, never in the user's ~/.cache/openasc.
_CACHE = tempfile.mkdtemp(prefix="openasc-pytest-cache-")
os.environ["PYASC_CACHE_DIR"] = _CACHE
# openasc's own suite runs strict: an out-of-bounds access is a KernelError, not a KernelWarning
# (tests of the lenient default clear it with monkeypatch).
os.environ.setdefault("ASC_STRICT", "1")
# Tests run scripts from other directories: a relative ASC_LIBRARY (as a user may give it) must
# name the same library there.
if os.environ.get("ASC_LIBRARY"):
    os.environ["ASC_LIBRARY"] = os.path.abspath(os.environ["ASC_LIBRARY"])
atexit.register(shutil.rmtree, _CACHE, True)
