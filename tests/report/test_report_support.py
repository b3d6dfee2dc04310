"""The report tests' factories (tests/report_support.py) build what they say."""

from __future__ import annotations

from report_support import synthetic_run

from lnsym.claims import Status


def test_synthetic_run_has_every_status():
    run = synthetic_run()
    assert {r.status for r in run.results} == set(Status)
    assert run.load_errors
