"""What a judge that raised returns: a fault of lnsym is an error, mathematics SymPy could not handle is unchecked."""

from __future__ import annotations

import pytest

from lnsym.check.judges.judgement import FAULTS, StatementJob, StepResult, failure


@pytest.mark.parametrize("exc", [ImportError("no module sympy.foo"), NameError("x"), AttributeError("a.b"),
                                 AssertionError(), SyntaxError("bad"), UnboundLocalError("y")])
def test_a_fault_of_lnsym_is_an_error_to_report(exc):
    res = failure(exc, "evaluation")
    assert isinstance(exc, FAULTS)
    assert res.verdict == "error"
    assert res.reason.startswith(f"evaluation: lnsym failed ({type(exc).__name__}")
    assert res.reason.endswith("please report this")
    if str(exc):
        assert str(exc) in res.reason


def test_an_error_message_is_one_short_line():
    res = failure(NameError("first line\nsecond line " + "x" * 500), "step")
    assert "second line" not in res.reason and len(res.reason) < 200


@pytest.mark.parametrize(("exc", "reason"), [
    (RecursionError("maximum recursion depth exceeded"), "step: too deeply nested"),
    (MemoryError(), "step: ran out of memory"),
    (ValueError("polynomial"), "step not decided (ValueError)"),
    (TypeError("cannot compare"), "step not decided (TypeError)"),
    (ZeroDivisionError(), "step not decided (ZeroDivisionError)"),
])
def test_mathematics_that_could_not_be_handled_is_unchecked(exc, reason):
    assert failure(exc, "step") == StepResult("unchecked", "", reason)


def test_a_statement_job_starts_at_its_first_step_with_nothing_skipped():
    job = StatementJob([None, None], ["", ""], ["1", "1"], ["="])
    assert (job.start, job.skip_terms, job.defined, job.name_chain, job.previous) == (0, frozenset(), "", False, None)
