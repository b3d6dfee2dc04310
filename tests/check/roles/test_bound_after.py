"""The bound a statement is claimed under, written right after it ("... for $u, v \\ge 0$"): read as the
statement's own hypotheses, for the lemmas that take their conditions from what the text states."""

from __future__ import annotations

import pytest

from lnsym.check.pipeline import check_text
from lnsym.check.roles.cues import bound_after


@pytest.mark.parametrize(("after", "expected"), [
    (" for $u, v \\ge 0$.", (["u", "v"], True, "0")),
    ("$ for $x > 0$", (["x"], True, "0")),
    ("$, for every real $x \\le 1$", (["x"], False, "1")),
    (" for all $n \\geq 2$", (["n"], True, "2")),
    (" for any positive $x_1, x_2 > -1.5$", (["x_1", "x_2"], True, "-1.5")),
    ("$ for each $\\delta < 1$", (["\\delta"], False, "1")),
])
def test_a_bound_written_after_a_statement(after, expected):
    assert bound_after("$a" + after, 2) == expected


@pytest.mark.parametrize("after", [
    " when $x > 0$",            # another word (a condition, not a domain: condition_after's business)
    " for $x^2 \\ge 0$",        # not a bare name
    " for $x \\ge y$",          # not a number
    ", and for $x \\ge 0$",     # words between
    " for $f(x) > 0$",
    "",
])
def test_words_that_are_no_bound_after_a_statement(after):
    assert bound_after("$a" + after, 2) is None


def test_amgm_under_the_bound_after_it_is_proved_and_its_slip_is_not(worker):
    text = ("By AM-GM, $\\frac{u + v}{2} \\ge \\sqrt{uv}$ for $u, v \\ge 0$.\n\n"
            "By AM-GM, $\\frac{u + v}{2} \\ge 2\\sqrt{uv}$ for $u, v \\ge 0$.\n\n"
            "By AM-GM, $\\frac{u + v}{2} \\ge \\sqrt{uv}$ for $u \\ge 0$.\n")
    findings = [f for f in check_text(text, "k.md", worker).findings if "sqrt" in f.source]
    assert [f.verdict.value for f in findings] == ["correct", "unchecked", "unchecked"]
    assert "0 \\le u (line 1), 0 \\le v (line 1)" in findings[0].reason
