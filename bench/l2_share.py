#!/usr/bin/python3
"""l2_share.py - a lockstep estimate of what a shared L2 changes for anchor C1, made before the model had one
(docs/timing.md, "L2 shared between cores", has the model's own figures).

Replays C1's GM reads (bench/anchors/c1.py: 24 AIC split 4 x 6, 128 x 256 tiles, A packets of 128 rows
x 1 KiB, B packets of 256 rows x 512 B, two B packets per A packet; its tiles in the order c1.py had until
2026-12-07, N tiles inner; c1.py now runs M tiles inner, as its source) through least-recently-used caches
of 512-byte units, the cores in lockstep (each takes its next copy in turn): once with a private part of
192 MiB / 24 per core, as src/sim/l2.c models it today, and once with the 192 MiB shared by all cores.
Prints the fraction of the read bytes that hit, overall and the range over cores.  Pure Python, no
simulation: an address-level model of the kernel's traffic, to size the mechanism before building it.

  /usr/bin/python3 bench/l2_share.py            # C1 full size, 8192^3 (~30 s)
  /usr/bin/python3 bench/l2_share.py --small    # c1.py --small's 512 x 2816 x 1024
"""
import sys
from collections import OrderedDict

CORES, L2_BYTES, UNIT = 24, 192 * 2**20, 512
BM, BN, KA, KB = 128, 256, 512, 256  # tile rows / columns; K elements of an A / B packet (f16)


def shape(small):
    return (512, 2816, 1024, 128, 512) if small else (8192, 8192, 8192, 2048, 1536)  # M N K SCM SCN


def copies(b, M, N, K, SCM, SCN):
    """Core b's copies in issue order, each a list of the 512-byte units it reads."""
    mi, ni = b % (M // SCM), b // (M // SCM)
    tn = min(SCN, N - ni * SCN) // BN
    for t in range((SCM // BM) * tn):
        m0, n0 = mi * SCM + (t // tn) * BM, ni * SCN + (t % tn) * BN
        for ka in range(K // KA):
            yield [("A", r, ka * 2 + j) for r in range(m0, m0 + BM) for j in range(KA * 2 // UNIT)]
            for kb in (2 * ka, 2 * ka + 1):
                yield [("B", r, kb) for r in range(n0, n0 + BN)]


def replay(dims, shared):
    streams = [copies(b, *dims) for b in range(CORES)]
    caches = [OrderedDict()] if shared else [OrderedDict() for _ in range(CORES)]
    cap = L2_BYTES // UNIT // (1 if shared else CORES)
    hit, tot, live = [0] * CORES, [0] * CORES, list(range(CORES))
    while live:
        still = []
        for b in live:
            units = next(streams[b], None)
            if units is None:
                continue
            still.append(b)
            lru = caches[0 if shared else b]
            for u in units:
                tot[b] += 1
                if u in lru:
                    hit[b] += 1
                    lru.move_to_end(u)
                else:
                    lru[u] = True
                    if len(lru) > cap:
                        lru.popitem(last=False)
        live = still
    per = [h / t for h, t in zip(hit, tot)]
    return sum(hit) / sum(tot), min(per), max(per), sum(tot) * UNIT


def main():
    dims = shape("--small" in sys.argv)
    for shared in (False, True):
        h, lo, hi, nbytes = replay(dims, shared)
        print(f"{'shared 192 MiB' if shared else 'private 8 MiB a core':22} hits {100 * h:5.1f} % of "
              f"{nbytes / 1e9:.2f} GB read (cores {100 * lo:.1f} - {100 * hi:.1f} %)")


if __name__ == "__main__":
    main()
