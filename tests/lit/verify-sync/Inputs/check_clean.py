#!/usr/bin/env python3
"""verify-sync must find nothing in correct kernels.

    check_clean.py ASC_OPT DIR...

Runs `ASC_OPT <pipeline> --verify-sync --verify-diagnostics FILE` for every .mlir file of
the directories, for each pipeline below: the kernel as written, and after the
auto-sync passes (whose output the verifier must accept, sync.md B.11 step 1).  Files
have no expected-* comments, so any warning fails the run.  Prints one line per
failure and exits 1 if there was any, or if no file was found.
"""
import glob
import os
import subprocess
import sys

PIPELINES = [
    [],
    ["--inline", "--canonicalize", "--auto-sync"],
    ["--inline", "--canonicalize", "--auto-sync-full"],
]


def main(argv):
    asc_opt, dirs = argv[1], argv[2:]
    files = sorted(f for d in dirs for f in glob.glob(os.path.join(d, "*.mlir")))
    failed = 0
    for f in files:
        for p in PIPELINES:
            cmd = [asc_opt] + p + ["--verify-sync", "--verify-diagnostics", f]
            r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if r.returncode != 0:
                failed += 1
                print("FAIL: %s\n%s" % (" ".join(cmd), r.stderr))
    print("checked %d files x %d pipelines, %d failed" % (len(files), len(PIPELINES), failed))
    return 1 if failed or not files else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
