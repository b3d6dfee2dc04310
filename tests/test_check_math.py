"""False alarms on 500 correct human-written MATH solutions (../shared/external)."""

from __future__ import annotations

import json

from _check_helpers import MATH, need

from lnsym.check.engine import check_text
from lnsym.check.worker import Worker


def test_false_alarms_at_most_one_in_a_hundred_solutions():
    rows = [json.loads(line) for line in need(MATH).read_text(encoding="utf-8").splitlines() if line.strip()]
    alarms = []
    with Worker() as w:
        for k, row in enumerate(rows):
            report = check_text(row["solution"], f"#{k}", w)
            alarms += [(k, f.source) for f in report.findings if f.verdict.value == "wrong"]
    solutions = len({k for k, _ in alarms})
    assert solutions <= len(rows) // 100, alarms
