"""docs/api-status.md is generated from the asc package and the api markers of tests/python/api
(tools/api_status.py, `make docs`): the committed page must be current, nothing in pyasc's basic/core/fwk API is
'not implemented yet', every marker names an entry, and no entry is listed as implemented without a doc-derived
test."""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import api_status  # noqa: E402


def generated():
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "api_status.py")], capture_output=True,
                          text=True, check=True, env=os.environ).stdout


def rows(page):
    section = None
    for line in page.splitlines():
        if line.startswith("## "):
            section = line
        elif line.startswith("| `"):
            yield section, [c.strip() for c in line.strip("|").split("|")]


def test_committed_page_is_current():
    with open(os.path.join(ROOT, "docs", "api-status.md")) as f:
        assert f.read() == generated(), "docs/api-status.md is stale: run `make docs`"


def test_basic_core_fwk_have_nothing_not_implemented():
    for section, (name, kind, status, tests) in rows(generated()):
        if "not implemented yet" in status:
            assert "asc.language.adv" in section or "asc.lib.host" in section, (section, name)


def test_implemented_only_with_a_doc_derived_test():
    page = generated()
    for section, (name, kind, status, tests) in rows(page):
        if status in ("implemented", api_status.UNTESTED):  # a test may also prove an entry is unavailable
            assert (status == "implemented") == bool(tests), (section, name, status, tests)
    # every page of pyasc's API reference has its test
    assert [name for _, (name, _, status, _) in rows(page) if status == api_status.UNTESTED] == []


def test_every_page_has_a_doc_derived_test():
    marks = api_status.api_markers()
    assert len(api_status.pages()) > 300
    assert [p for p in api_status.pages() if p not in marks] == []


def test_every_marker_names_an_entry():
    assert api_status.unknown_markers() == []
    marks = api_status.api_markers()
    assert "asc.language.fwk.TQue.enque" in marks and "asc.language.core.LocalTensor.get_size" in marks


def test_markers_of_a_scratch_folder(tmp_path):
    """The reader: decorators with several names, classes' constructors as their page `X.__init__`."""
    (tmp_path / "test_x.py").write_text(
        "import pytest\n\n\n@pytest.mark.api('asc.language.fwk.TBuf.__init__', 'asc.language.fwk.TBuf.get')\n"
        "def test_a():\n    pass\n\n\n@pytest.mark.api('asc.language.core.get_shape_size')\ndef test_b():\n    pass\n")
    marks = api_status.api_markers(str(tmp_path))
    assert marks == {"asc.language.fwk.TBuf.__init__": [("test_x.py", "test_a")],
                     "asc.language.fwk.TBuf.get": [("test_x.py", "test_a")],
                     "asc.language.core.get_shape_size": [("test_x.py", "test_b")]}
    assert api_status.entry_of("asc.language.fwk.TBuf.__init__") == ("asc.language.fwk", "TBuf")
