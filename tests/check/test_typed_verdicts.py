"""Verdicts are compared as the enum, never as text, outside the emitters (which write them out)."""

from __future__ import annotations

import re
from pathlib import Path

from source_lines import lines_matching

import lnsym

PACKAGE = Path(lnsym.__file__).resolve().parent
# `.verdict == "wrong"`, `.verdict.value != "correct"`, `.verdict in ("wrong", ...)`
TEXT_COMPARISON = re.compile(r"\.verdict(?:\.value)?\s*(?:==|!=|(?:not\s+)?in)\s*\(?\s*[\"']")


def comparisons(root: Path) -> list[str]:
    return lines_matching(root, TEXT_COMPARISON)


def test_no_verdict_is_compared_as_text_outside_the_emitters():
    assert comparisons(PACKAGE) == []


def test_the_check_finds_a_comparison_as_text(tmp_path):
    """The pattern is not vacuous: each form it forbids is found in a module written for the test."""
    (tmp_path / "m.py").write_text('a = r.verdict == "wrong"\nb = r.verdict.value != "correct"\n'
                                   'c = r.verdict in ("wrong", "imprecise")\nd = r.verdict is Verdict.WRONG\n')
    (tmp_path / "emit").mkdir()
    (tmp_path / "emit" / "e.py").write_text('x = f.verdict.value == "wrong"\n')
    assert [line.split(":")[1] for line in comparisons(tmp_path)] == ["1", "2", "3"]
