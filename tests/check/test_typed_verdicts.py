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


# the result types a reader meets in both verify and check: one class each, so that an import never picks
# the wrong one (formula_claims once imported verify's Verdict inside a function beside check's)
RESULT_TYPES = ("Verdict", "Truth", "StepResult", "Judgement")


def test_each_result_type_is_defined_once():
    found = lines_matching(PACKAGE, re.compile(rf"^class ({'|'.join(RESULT_TYPES)})\b"))
    names = sorted(re.search(r"class (\w+)", line).group(1) for line in found)
    assert names == sorted(RESULT_TYPES), found


def test_verify_truth_and_check_verdict_are_different_types():
    from lnsym.check.findings import Verdict

    assert {t.value for t in lnsym.Truth} == {"true", "false", "unknown"}
    assert {"correct", "wrong", "unchecked"} <= {v.value for v in Verdict}
    assert not set(lnsym.Truth.__members__) & set(Verdict.__members__)


def test_the_old_name_of_truth_still_works_and_warns():
    import pytest

    with pytest.warns(DeprecationWarning, match="renamed lnsym.Truth"):
        assert lnsym.Verdict is lnsym.Truth
    assert "Verdict" not in lnsym.__all__ and "Truth" in lnsym.__all__
