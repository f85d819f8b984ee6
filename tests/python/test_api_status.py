"""docs/api-status.md is generated from the asc package (tools/api_status.py, `make docs`): the
committed page must be current, and nothing in pyasc's basic/core/fwk API is 'not implemented yet'."""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def generated():
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "api_status.py")], capture_output=True,
                          text=True, check=True, env=os.environ).stdout


def test_committed_page_is_current():
    with open(os.path.join(ROOT, "docs", "api-status.md")) as f:
        assert f.read() == generated(), "docs/api-status.md is stale: run `make docs`"


def test_basic_core_fwk_have_nothing_not_implemented():
    page, section = generated(), None
    for line in page.splitlines():
        if line.startswith("## "):
            section = line
        elif "not implemented yet" in line and "|" in line:
            assert "asc.language.adv" in section or "asc.lib.host" in section, (section, line)
