"""Tests of pyasc's API reference, one or more per documented entry.

Each test names the entries it proves with ``@pytest.mark.api("asc.language.basic.add", ...)``:
the dotted name of the entry's generated page in pyasc's docs/python-api (for a method,
``asc.language.fwk.TQue.enque``).  tools/api_status.py reads these markers to link every entry
of docs/api-status.md to its tests.  Expected values come from the entry's page (its example,
its stated semantics) or from an independent reference (numpy float64, values worked out by
hand), never from openasc's own output.
"""


def pytest_configure(config):
    config.addinivalue_line("markers", "api(*names): the pyasc API entries this test proves from their pages")
