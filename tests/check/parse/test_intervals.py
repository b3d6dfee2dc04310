"""Membership in an interval read as its chain of bounds (lnsym/check/parse/intervals.py), and what the stages after
the parser make of it: a range a statement is asserted on."""

from __future__ import annotations

import pytest

from lnsym.check.parse.intervals import as_bounds
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.statements import split_statements
from lnsym.check.pipeline import check_text


def _chains(tex: str) -> list[str]:
    """Each statement of ``tex`` as its terms' text joined by its relations."""
    out = []
    for st in split_statements(tokenize(tex)):
        parts = []
        for k, term in enumerate(st.terms):
            parts.append(" ".join(t.value for t in term))
            if k < len(st.rels):
                parts.append(st.rels[k].value)
        out.append(" ".join(parts))
    return out


@pytest.mark.parametrize(("tex", "expected"), [
    ("x \\in (0, 1)", ["0 < x < 1"]),
    ("x \\in [0, 1]", ["0 ≤ x ≤ 1"]),
    ("t \\in [1, 2)", ["1 ≤ t < 2"]),
    ("t \\in (-1, 2]", ["- 1 < t ≤ 2"]),
    ("t \\in [1, \\infty)", ["1 ≤ t"]),
    ("t \\in (-\\infty, 3)", ["t < 3"]),
    ("\\theta \\in (0, \\pi)", ["0 < theta < pi"]),
    ("x \\in (0, 1), y = 2", ["0 < x < 1", "y = 2"]),
])
def test_membership_in_an_interval_is_its_chain_of_bounds(tex, expected):
    assert _chains(tex) == expected


@pytest.mark.parametrize("tex", [
    "x \\in \\mathbb{R}",  # a set, not an interval
    "v \\in (1, 2, 3)",  # three entries: a vector
    "p \\in (0, 1)^n",  # a power of an interval
    "x \\in (0, 1) \\times (0, 1)",
    "x \\in (-\\infty, \\infty)",  # no bound at all
    "2x \\in (0, 1)",  # not a name alone
    "x \\in \\{1, 2\\}",
    "t \\in [0, x]",  # a variable's range inside an argument: ends that are letters
    "t \\in (x, 0)",
])
def test_anything_else_after_in_stays_a_separator(tex):
    toks = as_bounds(tokenize(tex))
    assert toks == tokenize(tex) and not any(t.kind == "REL" for t in toks)


def test_each_bound_keeps_its_place_in_the_text():
    toks = as_bounds(tokenize("x \\in (0, 1]"))
    assert [t.value for t in toks] == ["0", "<", "x", "≤", "1"]
    rels = [t for t in toks if t.kind == "REL"]
    assert [(t.start, t.end) for t in rels] == [(2, 12), (2, 12)]  # `\in (0, 1]`
    assert [t.start for t in toks if t.kind != "REL"] == [7, 0, 10]


def _findings(text: str) -> list[tuple[str, str, str]]:
    return [(f.source, f.verdict.value, f.reason) for f in check_text(text).findings]


def test_a_statement_asserted_on_an_interval_is_decided_there():
    found = _findings("For $x \\in (0, 1)$, we have $x^2 < x$.\n")
    assert ("x \\in (0, 1)", "unchecked", "a condition on a variable is not checked") in found
    assert found[-1][:2] == ("x^2 < x", "correct") and "x \\in (0, 1)" in found[-1][2]
    found = _findings("For $t \\in [1, \\infty)$, $|t - 1| = t - 1$.\n")
    assert found[-1][:2] == ("|t - 1| = t - 1", "correct")


@pytest.mark.parametrize("text", [
    # probe 4, P4-J: the case before proved the claim on a range where it is false
    "If $x > 1$, then $x^2 > x$. For $x \\in (0, 1)$, $x^2 > x$.\n",
    # a range that contradicts the standing assumption is another case: what was derived under it goes
    "Let $x \\ge 0$. Then $\\sqrt{x^2} = x$. For $x \\in [-1, 0)$, $\\sqrt{x^2} = x$.\n",
])
def test_a_claim_on_a_new_interval_is_not_proved_by_the_case_before(text):
    _, verdict, reason = _findings(text)[-1]
    assert verdict == "wrong" and "false at every point of the hypothesis x \\in" in reason, reason
