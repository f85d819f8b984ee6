#!/usr/bin/env python3
"""run_corpus.py - the sanitizer corpus: every kernel under clean/ must run with no error
and no warning; every kernel under bugs/ carries one seeded bug and states what it must
produce:

    // ERRORS: n          exactly n error diagnostics (and exit status 1 iff n > 0)
    // WARNINGS: n        (optional) asc-run's summary counts exactly n warnings
    // EXPECT: text       text appears in the output (diagnostics carry file:line:col)
    // RUN: args          asc-run arguments; name=file.npy:dtype:count arrays are created
                          zero-filled in a fresh directory, so GM reads are defined

usage: run_corpus.py --asc-run build/bin/asc-run tests/sim
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

DIAG = re.compile(r'^\S+:\d+:\d+: (error|warning): ', re.M)
SUMMARY = re.compile(r'^\d+ errors?, (\d+) warnings?$', re.M)


def directives(text):
    d = {'EXPECT': [], 'ERRORS': None, 'WARNINGS': None, 'RUN': ''}
    for m in re.finditer(r'^// (EXPECT|ERRORS|WARNINGS|RUN): ?(.*)$', text, re.M):
        key, val = m.group(1), m.group(2).rstrip()
        if key == 'EXPECT':
            d['EXPECT'].append(val)
        elif key in ('ERRORS', 'WARNINGS'):
            d[key] = int(val)
        else:
            d['RUN'] = val
    return d


def run(asc_run, path, args):
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([asc_run, os.path.abspath(path)] + shlex.split(args), cwd=tmp,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    return p.returncode, p.stdout


def check(asc_run, path, clean):
    d = directives(open(path).read())
    rc, out = run(asc_run, path, d['RUN'])
    kinds = DIAG.findall(out)
    nerr, nwarn = kinds.count('error'), kinds.count('warning')
    want = 0 if clean else d['ERRORS']
    problems = []
    if want is None:
        problems.append('no // ERRORS: line')
    elif nerr != want:
        problems.append('%d error(s), expected %d' % (nerr, want))
    if clean and nwarn:
        problems.append('%d warning(s) in a clean kernel' % nwarn)
    if clean and d['EXPECT']:
        problems.append('a clean kernel must not have EXPECT lines')
    if not clean and not d['EXPECT']:
        problems.append('no // EXPECT: lines')
    summary = SUMMARY.search(out)
    if d['WARNINGS'] is not None and (not summary or int(summary.group(1)) != d['WARNINGS']):
        problems.append('summary %r, expected %d warning(s)' % (summary and summary.group(0), d['WARNINGS']))
    for e in d['EXPECT']:
        if e not in out:
            problems.append('missing: %s' % e)
    if want is not None and (rc != 0) != (want > 0):
        problems.append('exit status %d' % rc)
    return problems, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--asc-run', required=True)
    ap.add_argument('dir')
    o = ap.parse_args()
    failed = total = nbugs = 0
    for sub, clean in (('clean', True), ('bugs', False)):
        folder = os.path.join(o.dir, sub)
        for name in sorted(os.listdir(folder)):
            if not name.endswith('.mlir'):
                continue
            total += 1
            nbugs += not clean
            problems, out = check(o.asc_run, os.path.join(folder, name), clean)
            print('%s %s/%s' % ('FAIL' if problems else 'ok  ', sub, name))
            if problems:
                failed += 1
                for p in problems:
                    print('    ' + p)
                print('    output:\n' + ''.join('      ' + l + '\n' for l in out.splitlines()))
    print('%d kernels (%d seeded bugs), %d failed' % (total, nbugs, failed))
    return 1 if failed or nbugs < 15 else 0


if __name__ == '__main__':
    sys.exit(main())
