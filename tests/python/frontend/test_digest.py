"""asc._digest: the compile cache's SHA-256 and HMAC-SHA256 without OpenSSL must give the standard digests
(FIPS 180-4 / RFC 4231 test vectors, and hashlib / hmac on random inputs)."""
import hashlib
import hmac
import random

from asc._digest import compare_digest, hmac_sha256, sha256


def test_sha256_fips_vector():
    # FIPS 180-4 example "abc"
    assert sha256(b"abc").hexdigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_hmac_rfc4231_case1_and_2():
    assert hmac_sha256(b"\x0b" * 20, b"Hi There") == \
        b"b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
    assert hmac_sha256(b"Jefe", b"what do ya want for nothing?") == \
        b"5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"


def test_hmac_matches_hmac_module_long_and_short_keys():
    rng = random.Random(32)
    for n in (0, 1, 31, 32, 63, 64, 65, 200):
        key = bytes(rng.randrange(256) for _ in range(n))
        msg = bytes(rng.randrange(256) for _ in range(rng.randrange(300)))
        assert hmac_sha256(key, msg) == hmac.new(key, msg, hashlib.sha256).hexdigest().encode()


def test_compare_digest():
    assert compare_digest(b"ab", b"ab") and not compare_digest(b"ab", b"ac")
