"""SHA-256 and HMAC-SHA256 for the compile cache's keys and seals, without loading OpenSSL.

`import hashlib` (and hmac, which imports it) loads the OpenSSL binding and libcrypto: 10-20 ms,
a third of what `import asc` may take (issue 32), for digests CPython also has built in.  The
digests are SHA-256's either way (tests/python/test_digest.py checks them against hashlib)."""
try:  # CPython's built-in implementation: _sha2 from 3.12, _sha256 before
    from _sha2 import sha256
except ImportError:
    try:
        from _sha256 import sha256
    except ImportError:  # a build without them
        from hashlib import sha256
try:
    from _operator import _compare_digest as compare_digest  # what hmac.compare_digest is
except ImportError:
    from hmac import compare_digest

_BLOCK = 64  # SHA-256's block size in bytes (RFC 2104's B)
_IPAD = bytes(x ^ 0x36 for x in range(256))
_OPAD = bytes(x ^ 0x5C for x in range(256))


def hmac_sha256(key, msg):
    """RFC 2104 HMAC with SHA-256, as hex bytes (hmac.new(key, msg, "sha256").hexdigest().encode())."""
    if len(key) > _BLOCK:
        key = sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    inner = sha256(key.translate(_IPAD) + msg).digest()
    return sha256(key.translate(_OPAD) + inner).hexdigest().encode()


__all__ = ["sha256", "hmac_sha256", "compare_digest"]
