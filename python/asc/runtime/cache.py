"""The on-disk compile cache (api.md §2.5).

Layout: ``<dir>/<key>/<deps>.json`` where ``dir`` is ``$PYASC_CACHE_DIR`` (pyasc's variable),
else ``$PYASC_HOME/.pyasc/cache`` (pyasc's), else ``${XDG_CACHE_HOME:-~/.cache}/openasc``.

``key`` is the sha256 of everything known before tracing: the kernel's module, name, file, first
line and source text, its ConstExpr values, argument kinds and dtypes, closure values, the
compile options, the library (ASC_VERSION + libasc.so path, size, mtime, inode), the
front-end (path, size and mtime of each python/asc/**/*.py) and this file's FORMAT.  What the trace reads is only
known after it: each entry records ``(module, name, fingerprint)`` of every module global the
kernel and its jit callees read (jit callees by source fingerprint, plain functions by code
fingerprint and the globals they name, classes and plain objects by their attributes, other
values by ``repr``).  A lookup takes the first entry of the key's directory whose recorded
globals all still have the same fingerprint, so an edited callee or a changed global misses.

The artifact is the front-end's IR text (before passes): passes cost well under a millisecond,
and re-running them re-emits their diagnostics exactly as a fresh compile would.

Trust.  The directory is the user's own: created 0700, and not used at all (one warning) when it
belongs to someone else; a directory or entry that is not the user's, not a regular file, a
symbolic link or too large is refused.  Every entry is sealed: its first line is
``openasc-cache <FORMAT> <hmac>``, an HMAC-SHA256 of ``key`` and the JSON body under a random
secret (``<dir>/.secret``, 0600, made on first use), so an entry only verifies under the key it
was written for and with the bytes it was written with; the JSON is parsed only after that.  An
entry that fails any check (seal, JSON, field types, an IR location in a file that is not one of
its sources, a source that is not a loaded module's file) is ignored with one RuntimeWarning,
deleted and rebuilt.

Writes go to a temporary file in the same directory and are renamed into place (atomic on
POSIX); any OSError makes the cache a no-op rather than an error.
"""
import json
import os
import re
import stat
import sys
import warnings

from .. import _lib
from .._digest import compare_digest, hmac_sha256, sha256

FORMAT = 2
MAX_ENTRY_BYTES = 256 << 20
_MAGIC = b"openasc-cache %d " % FORMAT
_frontend_fp = None
_secrets = {}  # cache directory -> ((dev, inode, mtime) of its secret file, secret bytes)
_warned = set()  # paths already warned about in this process


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
    """sha256 of the identity of the asc package's own sources (path, size, mtime of each .py, as
    Python's bytecode cache and _lib's library fingerprint judge staleness): a front-end change
    changes the traced IR.  Stat, not read: hashing the package's ~0.8 MB took ~5 ms of a
    cold compile, the stats ~1.5 ms (half of it os.path.relpath, hence the slice: every path
    walked starts with root and a separator)."""
    global _frontend_fp
    if _frontend_fp is None:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        cut = len(os.path.join(root, ""))
        h = sha256()
        for d, dirs, files in os.walk(root):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                if f.endswith(".py"):
                    p = os.path.join(d, f)
                    st = os.stat(p)
                    h.update(f"{p[cut:]}:{st.st_size}:{st.st_mtime_ns}\n".encode())
        _frontend_fp = h.hexdigest()
    return _frontend_fp


def make_key(parts):
    """sha256 (hex) of a JSON-able description of the specialisation."""
    blob = json.dumps([FORMAT, _lib.library_fingerprint(), frontend_fingerprint(), sys.version_info[:2], parts],
                      sort_keys=True, default=repr)
    return sha256(blob.encode()).hexdigest()


def _deps_key(deps):
    return sha256(json.dumps(deps, sort_keys=True).encode()).hexdigest()[:32]


def _warn_once(path, reason):
    if path in _warned:
        return
    _warned.add(path)
    warnings.warn(f"openasc: {reason}", RuntimeWarning, stacklevel=5)


def _mine(st):
    return st.st_uid == os.geteuid()


def _root():
    """The cache directory, made private if need be; None (after one warning) if it cannot be
    trusted: not a directory, or another user's."""
    d = cache_dir()
    try:
        os.makedirs(d, mode=0o700, exist_ok=True)
        st = os.stat(d)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or not _mine(st):
        _warn_once(d, f"the compile cache directory {d} is not a directory of user {os.geteuid()}: "
                      "the disk cache is not used")
        return None
    if st.st_mode & 0o077:
        try:
            os.chmod(d, 0o700)
        except OSError:
            return None
    return d


def _secret(root):
    """The directory's secret, read once per file (a directory deleted and made again gets a
    new secret, and the process follows it)."""
    path = os.path.join(root, ".secret")
    try:
        st = os.lstat(path)
        ident = (st.st_dev, st.st_ino, st.st_mtime_ns)
    except OSError:
        ident = None
    cached = _secrets.get(root)
    if cached is not None and cached[0] == ident:
        return cached[1]
    for _ in range(2):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except FileNotFoundError:
            _make_secret(root, path)
            continue
        except OSError:
            break
        try:
            st = os.fstat(fd)
            data = os.read(fd, 64)
        finally:
            os.close(fd)
        if stat.S_ISREG(st.st_mode) and _mine(st) and not st.st_mode & 0o077 and len(data) == 32:
            _secrets[root] = ((st.st_dev, st.st_ino, st.st_mtime_ns), data)
            return data
        break
    _warn_once(path, f"the compile cache secret {path} is not a private 32-byte file of this user: "
                     "the disk cache is not used (delete the directory to reset it)")
    return None


def _make_secret(root, path):
    """Create the secret atomically: written to a temporary file, then linked into place (a
    concurrent process that linked first wins and both use its secret)."""
    try:
        fd, tmp = _mkstemp(root, ".tmp-secret-")
        try:
            os.write(fd, os.urandom(32))
            os.close(fd)
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            discard(tmp)
    except OSError:
        pass


def _seal(secret, key, body):
    return hmac_sha256(secret, key.encode() + b"\0" + body)


def _key_dir(root, key, create):
    """root/key if it is a real directory of this user (made 0700 if create), else None."""
    d = os.path.join(root, key)
    try:
        if create:
            os.makedirs(d, mode=0o700, exist_ok=True)
        st = os.lstat(d)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or not _mine(st):
        _warn_once(d, f"ignoring the compile cache directory {d}: not a directory of this user")
        return None
    return d


def _read(path):
    """The bytes of a regular file of this user at path (no symlink, FIFO or device), or a reason."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as e:
        return None, f"cannot open it ({e.strerror})"
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return None, "not a regular file"
        if not _mine(st):
            return None, f"owned by uid {st.st_uid}, not by this user"
        if st.st_size > MAX_ENTRY_BYTES:
            return None, f"larger than {MAX_ENTRY_BYTES} bytes"
        chunks = []
        while True:
            b = os.read(fd, 1 << 20)
            if not b:
                break
            chunks.append(b)
        return b"".join(chunks), None
    except OSError as e:
        return None, f"cannot read it ({e.strerror})"
    finally:
        os.close(fd)


_LOC = re.compile(r'loc\("((?:[^"\\]|\\.)*)"')


def _check(e, key, known_source):
    """Why the parsed entry e is unusable, or None."""
    if not isinstance(e, dict) or e.get("format") != FORMAT or e.get("key") != key:
        return "wrong format or key"
    ir, deps, sources = e.get("ir"), e.get("deps"), e.get("sources")
    if not isinstance(ir, str) or not isinstance(deps, list) or not isinstance(sources, list):
        return "missing or mistyped fields"
    if not all(isinstance(x, list) and len(x) == 3 and all(isinstance(s, str) for s in x) for x in deps):
        return "malformed deps"
    if not all(isinstance(s, str) for s in sources):
        return "malformed sources"
    bad = [s for s in sources if not known_source(s)]
    if bad:
        return f"source {bad[0]!r} is not a file of the kernel or of a loaded module"
    locs = set(_LOC.findall(ir)) - set(sources)
    if locs:
        return f"its IR has a location in {sorted(locs)[0]!r}, which is not one of its sources"
    return None


def lookup(key, current, known_source=lambda f: True):
    """The cached entry (dict with 'ir', 'sources', 'deps', 'path') for key whose recorded globals
    match current(module, name) -> fingerprint or None, else None.  known_source(file): whether
    an entry may name file as a source of its IR locations."""
    root = _root()
    secret = root and _secret(root)
    d = secret and _key_dir(root, key, False)
    if not d:
        return None
    try:
        names = sorted(n for n in os.listdir(d) if n.endswith(".json") and not n.startswith("."))
    except OSError:
        return None
    for n in names:
        path = os.path.join(d, n)
        data, why = _read(path)
        e = None
        if why is None:
            head, _, body = data.partition(b"\n")
            if not head.startswith(_MAGIC) or not compare_digest(head[len(_MAGIC):], _seal(secret, key, body)):
                why = "its seal does not match its contents (edited, truncated or not written for this key)"
            else:
                try:
                    e = json.loads(body)
                except Exception as ex:  # noqa: BLE001 - ValueError, RecursionError, MemoryError ...
                    why = f"not valid JSON ({type(ex).__name__})"
                else:
                    why = _check(e, key, known_source)
        if why is not None:
            reject(path, why)
            continue
        try:
            ok = all(current(m, name) == fp for m, name, fp in e["deps"])
        except Exception as ex:  # noqa: BLE001 - a dependency that cannot be resolved
            reject(path, f"its dependencies cannot be checked ({type(ex).__name__}: {ex})")
            continue
        if ok:
            e["path"] = path
            return e
    return None


def reject(path, why):
    """Ignore the entry at path with one warning and delete it (it is rebuilt)."""
    warnings.warn(f"openasc: ignoring the compile cache entry {path}: {why}; the kernel is compiled again",
                  RuntimeWarning, stacklevel=4)
    discard(path)


def store(key, fn_name, ir, sources, deps):
    """Write one sealed entry atomically; deps = [(module, name, fingerprint)]."""
    deps = sorted([list(x) for x in deps])
    entry = {"format": FORMAT, "key": key, "fn": fn_name, "deps": deps, "sources": sorted(sources), "ir": ir}
    root = _root()
    secret = root and _secret(root)
    d = secret and _key_dir(root, key, True)
    if not d:
        return False
    body = json.dumps(entry).encode()
    try:
        fd, tmp = _mkstemp(d, ".tmp-", ".json")  # 0600
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(_MAGIC + _seal(secret, key, body) + b"\n" + body)
            os.replace(tmp, os.path.join(d, _deps_key(deps) + ".json"))
        except BaseException:
            discard(tmp)
            raise
    except OSError:
        return False
    return True


def _mkstemp(d, prefix, suffix=""):
    """(fd, path) of a new private (0600) file in d, as tempfile.mkstemp makes it: tempfile is not
    imported (it brings shutil, random, bz2 and lzma: ~10 ms of `import asc` or of a first launch)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        path = os.path.join(d, prefix + os.urandom(8).hex() + suffix)
        try:
            return os.open(path, flags, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name in {d}")


def discard(path):
    try:
        os.unlink(path)
    except OSError:
        pass


# ---- pyasc's public names (asc.runtime.cache), backed by this cache ----------------------------------------
# pyasc keeps compiled kernel files in per-key directories of its cache; openasc's jit keeps sealed
# IR entries (above).  These give a pyasc program the same names: per-key file stores in the same
# directory, under the same trust rules (0700 directories of this user, regular files only).

class CacheOptions:
    """home_dir ($PYASC_HOME or ~/) and dir (cache_dir()), read when the object is made."""

    __slots__ = ("home_dir", "dir")

    def __init__(self, home_dir=None, dir=None):  # noqa: A002 - pyasc's field name
        object.__setattr__(self, "home_dir", home_dir or os.environ.get("PYASC_HOME") or os.path.expanduser("~/"))
        object.__setattr__(self, "dir", dir or cache_dir())

    def __setattr__(self, k, v):
        raise AttributeError("CacheOptions is immutable")

    def __repr__(self):
        return f"CacheOptions(home_dir={self.home_dir!r}, dir={self.dir!r})"


def __getattr__(name):
    if name == "cache_options":  # follows PYASC_HOME / PYASC_CACHE_DIR as cache_dir() does
        return CacheOptions()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class CacheManager:
    """A store of named files for one key (abstract: get_file, put)."""

    def get_file(self, filename):
        raise NotImplementedError

    def put(self, data, filename, binary=True):
        raise NotImplementedError


def _plain_name(what, name):
    if not isinstance(name, str) or not name or name in (".", "..") or "/" in name or "\0" in name or \
            (os.altsep and os.altsep in name) or name.startswith(".tmp-"):
        raise ValueError(f"{what} must be a plain file name, not {name!r}")
    return name


class FileCacheManager(CacheManager):
    """Files of one key in <cache_dir()>/<key>/ (created 0700; refused if not this user's)."""

    def __init__(self, key):
        self.key = _plain_name("a cache key", key)
        root = _root()
        self.cache_dir = root and _key_dir(root, self.key, True)
        if not self.cache_dir:
            raise RuntimeError("Could not create or locate cache dir")
        self.lock_path = os.path.join(self.cache_dir, "lock")

    def _make_path(self, filename):
        return os.path.join(self.cache_dir, _plain_name("a cache file name", filename))

    def has_file(self, filename):
        try:
            st = os.lstat(self._make_path(filename))
        except OSError:
            return False
        return stat.S_ISREG(st.st_mode) and _mine(st)

    def get_file(self, filename):
        """The path of filename in this key's directory, or None."""
        return self._make_path(filename) if self.has_file(filename) else None

    def put(self, data, filename, binary=True):
        """Write data (bytes, or str(data)) to filename atomically; returns its path."""
        path = self._make_path(filename)
        body = data if isinstance(data, (bytes, bytearray)) else str(data).encode()
        fd, tmp = _mkstemp(self.cache_dir, ".tmp-")  # 0600
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(body)
            os.replace(tmp, path)
        except BaseException:
            discard(tmp)
            raise
        return path


def get_cache_manager(key):
    """The FileCacheManager of a hex key (its directory: the key's bytes in base32)."""
    import base64
    return FileCacheManager(base64.b32encode(bytes.fromhex(key)).decode().rstrip("="))


def pyasc_key():
    """What every compiled kernel depends on: the front-end's sources and the library."""
    return f"openasc_{FORMAT}_{frontend_fingerprint()}_{sha256(repr(_lib.library_fingerprint()).encode()).hexdigest()}"


def get_file_cache_key(fn_cache_key, cache_factors):
    """sha256 (hex) of the front-end/library key, the function's key and the cache factors."""
    return sha256(f"{pyasc_key()}__{fn_cache_key}__{cache_factors}".encode()).hexdigest()


def get_mem_cache_key(cache_factors):
    """sha256 (hex) of the cache factors."""
    return sha256(str(cache_factors).encode()).hexdigest()
