"""Peak memory of a MIX launch against its block count (issue 30, item 9; docs/hardware.md).

    PYTHONPATH=python /usr/bin/python3 bench/launch_memory.py BLOCKS [nosan]

One launch per process (peak RSS only grows): tests/python/sync/test_xcore.py's mix_pc kernel (one AIC
and two AIVs per block, n = 16 elements each), sanitizers on unless `nosan`.  Prints the peak RSS
and the wall time."""
import os
import resource
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "tests", "python", "sync")]


def main():
    import test_xcore as X
    blocks = int(sys.argv[1]) if len(sys.argv) > 1 else 48
    opts = {"sanitize": False} if "nosan" in sys.argv[2:] else {}
    t0 = time.perf_counter()
    X.run_mix(blocks=blocks, n=16, **opts)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{blocks} blocks{' (no sanitizers)' if opts else ''}: peak RSS {rss:.1f} MiB, "
          f"{time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
