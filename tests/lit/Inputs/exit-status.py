"""exit-status.py N CMD... : run CMD and succeed iff it exits with status N.

lit's `not` only inverts success; this checks an exact status (asc-opt: 0 ok, 1 error,
2 bad command line).  Output of CMD passes through.
"""
import subprocess
import sys

want = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:])
if rc != want:
    sys.stderr.write("exit-status.py: %s exited %d, expected %d\n" % (sys.argv[2], rc, want))
    sys.exit(1)
