#!/usr/bin/python3
"""bench_import.py - what `import asc` costs a program (issue #32: <= 60 ms; "import lazily what a launch
does not need").

  PYTHONPATH=python /usr/bin/python3 bench/bench_import.py [--procs 15] [--profile]

Each figure is the median over --procs fresh interpreters, with the package's bytecode cached (as `pip
install` leaves it; a first interpreter writes python/asc's __pycache__ if it is missing), of the time
`import asc` takes inside the interpreter (its start-up is not counted), as the process's CPU time (the
verdict: on the shared 2-core machine the wall time mostly measures the other processes) and as wall time:
after numpy  `import numpy` ran first, as in every program that passes arrays to a kernel: the target
             applies to this figure (numpy's own import is the program's, not asc's)
alone        nothing imported before: asc's share of the standard library (ctypes, enum, re, json,
             threading) is counted too
numpy        `import numpy` alone, for scale
--profile prints `python -X importtime` of `import asc` after numpy (the slowest modules).
"""
import argparse
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET_MS = 60.0

CHILD = r"""
import time
{pre}
c0, w0 = time.process_time(), time.perf_counter()
{stmt}
print((time.perf_counter() - w0) * 1e3, (time.process_time() - c0) * 1e3)
"""  # nothing but time (built in) before: json or re imported here would hide their share


def _env():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its bytecode
    return env


def child(pre, stmt):
    out = subprocess.run([sys.executable, "-c", CHILD.format(pre=pre, stmt=stmt)], env=_env(), capture_output=True,
                         text=True, check=True)
    wall, cpu = out.stdout.split()[-2:]
    return {"wall": float(wall), "cpu": float(cpu)}


def measure(procs, pre, stmt):
    runs = [child(pre, stmt) for _ in range(procs)]
    return statistics.median(r["wall"] for r in runs), statistics.median(r["cpu"] for r in runs)


def profile():
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import numpy, asc"], env=_env(),
                         capture_output=True, text=True, check=True).stderr.splitlines()
    rows = [line.split("|") for line in out if "|" in line and "self" not in line]
    after = [r for r in rows[next(i for i, r in enumerate(rows) if r[2].strip() == "numpy") + 1:]]
    print("  slowest modules of `import asc` after numpy (-X importtime, self us | cumulative us | module):")
    for r in sorted(after, key=lambda r: -int(r[0].split(":")[1]))[:15]:
        print(f"    {r[0].split(':')[1].strip():>8} | {r[1].strip():>8} | {r[2].strip()}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--procs", type=int, default=15, help="fresh interpreters per figure")
    ap.add_argument("--profile", action="store_true", help="-X importtime of import asc after numpy")
    a = ap.parse_args()
    child("", "import asc, asc.codegen, asc.adv, asc.lib.runtime")  # writes the bytecode if it is missing
    after = measure(a.procs, "import numpy", "import asc")
    alone = measure(a.procs, "", "import asc")
    numpy = measure(a.procs, "", "import numpy")
    print(f"import asc (python {sys.version.split()[0]}; median of {a.procs} fresh interpreters, bytecode cached; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    ok = after[1] <= TARGET_MS
    print(f"  after numpy     : {after[1]:7.1f} ms CPU  {after[0]:7.1f} ms wall   target <= {TARGET_MS:.0f} ms CPU   "
          f"{'OK' if ok else 'OVER'}")
    print(f"  alone           : {alone[1]:7.1f} ms CPU  {alone[0]:7.1f} ms wall   "
          f"{'(within the target too)' if alone[1] <= TARGET_MS else '(over the target without numpy)'}")
    print(f"  numpy, for scale: {numpy[1]:7.1f} ms CPU  {numpy[0]:7.1f} ms wall")
    if a.profile:
        profile()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
