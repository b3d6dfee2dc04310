"""Verdicts are compared as the enum, never as text, outside the emitters (which write them out)."""

from __future__ import annotations

import re
from pathlib import Path

import lnsym

PACKAGE = Path(lnsym.__file__).resolve().parent
# `.verdict == "wrong"`, `.verdict.value != "correct"`, `.verdict in ("wrong", ...)`
TEXT_COMPARISON = re.compile(r"\.verdict(?:\.value)?\s*(?:==|!=|(?:not\s+)?in)\s*\(?\s*[\"']")


def comparisons(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if "emit" in path.relative_to(root).parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TEXT_COMPARISON.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_no_verdict_is_compared_as_text_outside_the_emitters():
    assert comparisons(PACKAGE) == []


def test_the_check_finds_a_comparison_as_text(tmp_path):
    """The pattern is not vacuous: each form it forbids is found in a module written for the test."""
    (tmp_path / "m.py").write_text('a = r.verdict == "wrong"\nb = r.verdict.value != "correct"\n'
                                   'c = r.verdict in ("wrong", "imprecise")\nd = r.verdict is Verdict.WRONG\n')
    (tmp_path / "emit").mkdir()
    (tmp_path / "emit" / "e.py").write_text('x = f.verdict.value == "wrong"\n')
    assert [line.split(":")[1] for line in comparisons(tmp_path)] == ["1", "2", "3"]
