#!/usr/bin/env python3
"""Browser test of timeline.html (docs/profile.md): profile examples/02_add_framework, load its
timeline.html from disk in headless Chromium (Debian's `chromium`), and check
  - no console errors (Chromium logs console messages with --enable-logging=stderr),
  - the DOM after the page's scripts ran has one row per core and pipe (--dump-dom),
  - a screenshot whose timeline area has drawn pixel rows for every pipe row (the PNG is read
    with zlib, no imaging library).

    test_timeline.py [--chromium chromium] [--keep-png out.png] [--page timeline.html]

Exit 0 passed, 1 failed, 77 skipped (no Chromium: CTest's SKIP_RETURN_CODE)."""
import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "02_add_framework", "add_framework.py")
W, H = 1400, 900


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def find_chromium(name):
    for n in ([name] if name else ["chromium", "chromium-browser", "google-chrome"]):
        p = shutil.which(n)
        if p:
            return p
    return None


def chrome(browser, url, *extra, timeout=120):
    args = [browser, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--hide-scrollbars",
            "--enable-logging=stderr", "--v=0", f"--window-size={W},{H}", *extra, url]
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS")}
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env)


def read_png(path):
    """(width, height, rows of RGB(A) tuples) of an 8-bit RGB or RGBA non-interlaced PNG."""
    with open(path, "rb") as fh:
        data = fh.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                fail(f"unexpected PNG format depth {depth} color type {ctype} interlace {interlace}")
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM"))
    ap.add_argument("--keep-png")
    ap.add_argument("--page", help="check this timeline.html (of example 02) instead of profiling the example")
    a = ap.parse_args()
    browser = find_chromium(a.chromium)
    if not browser:
        print("browser test skipped: Chromium is not installed (scripts/deps.sh installs Debian's chromium as root)")
        return 77
    tmp = tempfile.mkdtemp(prefix="openasc-browser-")
    try:
        env = dict(os.environ, ASC_PROFILE_DIR=tmp, PYTHONPATH=os.path.join(ROOT, "python"),
                   PYASC_CACHE_DIR=os.path.join(tmp, "cache"))
        page = os.path.abspath(a.page) if a.page else os.path.join(tmp, "add_kernel_1", "timeline.html")
        if not a.page:
            r = subprocess.run([sys.executable, EXAMPLE], env=env, capture_output=True, text=True, timeout=300)
            if r.returncode:
                fail("example 02 failed:\n" + r.stdout + r.stderr)
        if not os.path.exists(page):
            fail(f"no {page}")
        url = "file://" + page
        # 1. DOM after the scripts ran: one .row per core and pipe, the ready mark
        d = chrome(browser, url, "--virtual-time-budget=5000", "--dump-dom")
        dom = d.stdout
        logs = d.stderr
        if 'data-ready="1"' not in dom:
            fail("the page's script did not finish (no data-ready on <body>)\n" +
                 "\n".join(l for l in logs.splitlines() if "CONSOLE" in l))
        rows = re.findall(r'<div class="row[^"]*" data-core="(\d+)" data-pipe="([A-Z0-9]+)"', dom)
        cores = sorted({int(c) for c, _ in rows})
        pipes = [p for c, p in rows if c == "0"]
        if pipes != ["VECTOR", "SCALAR", "MTE2", "MTE3"]:
            fail(f"rows of core 0 are {pipes}")
        if cores != list(range(8)) or len(rows) != 8 * len(pipes):
            fail(f"expected 8 cores x {len(pipes)} pipe rows, got {len(rows)} rows on cores {cores}")
        if dom.count('class="src') < 20:
            fail("the source pane has fewer than 20 lines")
        # hover (the page's #hover=CORE,PIPE,CYCLE hook calls the mousemove handler's code): an
        # MTE2 copy of core 0 shows its op, Python line and text, cycles and bytes
        with open(page) as fh:
            data = json.loads(re.search(r"const D = (\{.*?\});\n", fh.read(), re.S).group(1))
        ev = data["ev"]
        rec = next(ev[i:i + 8] for i in range(0, len(ev), 8)
                   if ev[i] == 0 and ev[i + 1] == 4 and ev[i + 5] == 0 and ev[i + 6] > 0)
        hov = chrome(browser, url + f"#hover=0,MTE2,{(rec[2] + rec[3]) // 2}", "--virtual-time-budget=5000",
                     "--dump-dom").stdout
        tipm = re.search(r'<div id="tip"[^>]*>(.*?)</div>', hov, re.S)
        tiptext = re.sub(r"<[^>]+>", "", tipm.group(1)) if tipm else ""
        for want in ("data_copy", "on MTE2, core 0", "Python line", "asc.data_copy(", "cycles: ", "bytes: "):
            if want not in tiptext.replace("&amp;", "&"):
                fail(f"hover text lacks {want!r}: {tiptext!r}")
        # 2. screenshot
        png = os.path.join(tmp, "shot.png")
        s = chrome(browser, url, "--virtual-time-budget=5000", f"--screenshot={png}")
        logs += s.stderr
        bad = [l for l in logs.splitlines() if "CONSOLE" in l or "Uncaught" in l]
        if bad:
            fail("console messages:\n" + "\n".join(bad))
        if not os.path.exists(png):
            fail("no screenshot\n" + s.stderr[-3000:])
        w, h, bpp, img = read_png(png)
        # every row of the timeline must have pixels of its pipe's colour (the page says where
        # its canvas is)
        m = re.search(r'data-canvas="(\d+),(\d+),(\d+),(\d+)"', dom)
        if not m:
            fail("no data-canvas on <body>")
        left, top, axis, rowh = map(int, m.groups())

        def px(x, y):
            return img[y][x * bpp:x * bpp + 3]

        colour = {"VECTOR": (0x2c, 0xa0, 0x2c), "SCALAR": (0x7f, 0x8f, 0xa6), "MTE2": (0x1f, 0x77, 0xb4),
                  "MTE3": (0xff, 0x7f, 0x0e)}  # timeline.html's pipe colours

        def drawn(p, want):
            return all(abs(p[j] - want[j]) <= 24 for j in range(3))

        empty, checked = [], 0
        for i, (core, pipe) in enumerate(rows):
            y0 = top + axis + i * rowh
            if y0 + rowh > h:
                break
            checked += 1
            n = sum(drawn(px(x, y), colour[pipe]) for y in range(y0 + 4, y0 + rowh - 4)
                    for x in range(left + 1, min(w, left + 900), 3))
            if n < 20:
                empty.append(f"core {core} {pipe} ({n} drawn pixels)")
        if empty:
            fail("pipe rows without drawn pixels: " + ", ".join(empty))
        if checked < 16:
            fail(f"only {checked} rows are inside the screenshot")
        if a.keep_png:
            shutil.copyfile(png, a.keep_png)
        print(f"browser test passed: {len(rows)} pipe rows in the DOM, {checked} rows drawn in the screenshot, "
              "no console errors")
        return 0
    finally:
        shutil.rmtree(tmp, True)


if __name__ == "__main__":
    sys.exit(main())
