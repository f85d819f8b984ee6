"""The on-disk compile cache (api.md §2.5).

Layout: ``<dir>/<key>/<deps>.json`` where ``dir`` is ``$PYASC_CACHE_DIR`` (pyasc's variable),
else ``$PYASC_HOME/.pyasc/cache`` (pyasc's), else ``${XDG_CACHE_HOME:-~/.cache}/openasc``.

``key`` is the sha256 of everything known before tracing: the kernel's module, name, file, first
line and source text, its ConstExpr values, argument kinds and dtypes, closure values, the
compile options, the library (ASC_VERSION + libasc.so path, size, mtime, inode) and the
front-end (sha256 of python/asc/**/*.py).  What the trace reads is only known after it: each
entry records ``(module, name, fingerprint)`` of every module global the kernel and its jit
callees read (jit callees by source fingerprint, plain functions by code fingerprint, other
values by ``repr``).  A lookup takes the first entry of the key's directory whose recorded
globals all still have the same fingerprint, so an edited callee or a changed global misses.

The artifact is the front-end's IR text (before passes): passes cost well under a millisecond,
and re-running them re-emits their diagnostics exactly as a fresh compile would.

Writes go to a temporary file in the same directory and are renamed into place (atomic on
POSIX); an unreadable or malformed entry is deleted and rebuilt; any OSError makes the cache
a no-op rather than an error.
"""
import hashlib
import json
import os
import sys
import tempfile

from .. import _lib

FORMAT = 1
_frontend_fp = None


def cache_dir():
    d = os.environ.get("PYASC_CACHE_DIR")
    if d:
        return d
    home = os.environ.get("PYASC_HOME")  # pyasc: $PYASC_HOME/.pyasc/cache
    if home:
        return os.path.join(home, ".pyasc", "cache")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "openasc")


def frontend_fingerprint():
    """sha256 of the asc package's own sources: a front-end change changes the traced IR."""
    global _frontend_fp
    if _frontend_fp is None:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        h = hashlib.sha256()
        for d, dirs, files in os.walk(root):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                if f.endswith(".py"):
                    h.update(f.encode())
                    with open(os.path.join(d, f), "rb") as fh:
                        h.update(fh.read())
        _frontend_fp = h.hexdigest()
    return _frontend_fp


def make_key(parts):
    """sha256 (hex) of a JSON-able description of the specialisation."""
    blob = json.dumps([FORMAT, _lib.library_fingerprint(), frontend_fingerprint(), sys.version_info[:2], parts],
                      sort_keys=True, default=repr)
    return hashlib.sha256(blob.encode()).hexdigest()


def _deps_key(deps):
    return hashlib.sha256(json.dumps(deps, sort_keys=True).encode()).hexdigest()[:32]


def lookup(key, current):
    """The cached entry (dict with 'ir', 'sources', 'deps') for key whose recorded globals match
    current(module, name) -> fingerprint or None, else None."""
    d = os.path.join(cache_dir(), key)
    try:
        names = sorted(n for n in os.listdir(d) if n.endswith(".json"))
    except OSError:
        return None
    for n in names:
        path = os.path.join(d, n)
        try:
            with open(path, encoding="utf-8") as fh:
                e = json.load(fh)
            if e.get("format") != FORMAT or e.get("key") != key or not isinstance(e.get("ir"), str) \
                    or not all(isinstance(x, list) and len(x) == 3 for x in e["deps"]) \
                    or not all(isinstance(s, str) for s in e["sources"]):
                raise ValueError("malformed cache entry")
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            discard(path)
            continue
        if all(current(m, name) == fp for m, name, fp in e["deps"]):
            e["path"] = path
            return e
    return None


def store(key, fn_name, ir, sources, deps):
    """Write one entry atomically; deps = [(module, name, fingerprint)]."""
    deps = sorted([list(x) for x in deps])
    entry = {"format": FORMAT, "key": key, "fn": fn_name, "deps": deps, "sources": sorted(sources), "ir": ir}
    d = os.path.join(cache_dir(), key)
    try:
        os.makedirs(d, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(entry, fh)
            os.replace(tmp, os.path.join(d, _deps_key(deps) + ".json"))
        except BaseException:
            discard(tmp)
            raise
    except OSError:
        return False
    return True


def discard(path):
    try:
        os.unlink(path)
    except OSError:
        pass
