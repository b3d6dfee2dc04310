"""What a judge that raised returns: a fault of lnsym is an error, mathematics SymPy could not handle is unchecked."""

from __future__ import annotations

import json
import pickle

import pytest

from lnsym.check.findings import Verdict
from lnsym.check.judges.judgement import FAULTS, SKIP, Judgement, StatementJob, failure


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
    assert failure(exc, "step") == Judgement("unchecked", "", reason)


def test_printing_a_number_python_refuses_to_print_is_a_fault_of_lnsym():
    """str() of an integer past 4,300 digits raises ValueError: lnsym should have shortened the number, so the
    step is an error to report, not mathematics SymPy could not handle."""
    exc = ValueError("Exceeds the limit (4300 digits) for integer string conversion; use "
                     "sys.set_int_max_str_digits() to increase the limit")  # Python's own words (3.11+)
    res = failure(exc, "step")
    assert res.verdict == "error" and res.reason.startswith("step: lnsym failed (ValueError: Exceeds the limit")


def test_a_statement_job_starts_at_its_first_step_with_nothing_skipped():
    job = StatementJob([None, None], ["", ""], ["1", "1"], ["="])
    assert (job.start, job.skip_terms, job.defined, job.name_chain, job.previous) == (0, frozenset(), "", False, None)


# -- issue 15: an error names what failed and where, so that it can be reported ------------------------------
def _innermost():
    raise NameError("name 'q' is not defined")


def _middle():
    _innermost()


def test_an_error_names_the_exception_its_first_line_and_the_innermost_frame():
    """The reason of an `error` is the exception, the first line of its message (at most 120 characters) and
    the file and line of the frame that raised it (not of a caller): what a bug report needs."""
    try:
        _middle()
    except NameError as exc:
        res = failure(exc, "evaluation")
    line = _innermost.__code__.co_firstlineno + 1
    assert res == Judgement("error", "", "evaluation: lnsym failed (NameError: name 'q' is not defined at "
                                          f"test_judgement.py:{line}); please report this")


def test_an_error_without_message_or_traceback_names_the_exception_alone():
    """An exception never raised has no frame, and one without a message shows no detail."""
    assert failure(AssertionError(), "step") == Judgement(
        "error", "", "step: lnsym failed (AssertionError); please report this")


def test_an_error_message_keeps_exactly_its_first_120_characters():
    res = failure(AttributeError("y" * 130 + "\nsecond line"), "step")
    assert res.reason == f"step: lnsym failed (AttributeError: {'y' * 120}); please report this"


@pytest.mark.parametrize("verdict", list(Verdict))
def test_a_verdict_reads_writes_and_hashes_as_its_value(verdict):
    """Outputs format verdicts (f-strings, JSON): the enum must give the bytes the bare strings gave, and code still
    comparing with the strings (or keeping them in a set) must agree with it."""
    assert (str(verdict), f"{verdict}", f"{verdict:>10}") == (verdict.value, verdict.value, f"{verdict.value:>10}")
    assert json.dumps({verdict: [verdict]}) == json.dumps({verdict.value: [verdict.value]})
    assert verdict == verdict.value and verdict.value in {verdict} and {verdict.value: 1}[verdict] == 1
    assert pickle.loads(pickle.dumps(verdict)) is verdict is Verdict(verdict.value)


def test_a_step_result_holds_the_enum_even_when_given_the_bare_string():
    """A judge not yet converted still writes ``Judgement("wrong")``: the result holds Verdict.WRONG, and the
    judges' own "skip" (no finding for the step) its own member, equal to "skip" and to no Verdict."""
    assert Judgement("wrong").verdict is Verdict.WRONG and Judgement(Verdict.WRONG).verdict is Verdict.WRONG
    assert Judgement("skip").verdict is SKIP and SKIP == "skip" and f"{SKIP}" == "skip"
    assert SKIP not in set(Verdict)
    assert Judgement("no such verdict").verdict == "no such verdict"  # left for the pipeline to refuse, as before
