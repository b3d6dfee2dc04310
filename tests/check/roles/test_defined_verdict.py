r"""The verdict ``defined``: a statement the text introduces as a definition ("Let", "Take", "where", ...) that gives
a new name its meaning has nothing to check. Every other statement of the form ``NAME = ...`` stays ``unchecked``
("defines x"): the name may already have a meaning the statement is a claim about, which lnsym may not read."""

import pytest

from lnsym.check.findings import SEVERITY_ORDER, Verdict
from lnsym.check.pipeline import check_text


def verdicts(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}


@pytest.mark.parametrize("text", [
    "Let $d = 768$ and $h = 12$.",
    "Take $x = (5, 5, 5, 5)$.",
    "We write $S = \\sum_{k=1}^3 k$ for the total.",
    "Define $g = 9.81$.",
])
def test_a_name_the_text_introduces_is_defined(text):
    found = verdicts(text + "\n")
    assert found and {v for v, _ in found.values()} == {"defined"}, found
    assert [r for _, r in found.values() if not r.startswith("defines ")] == []


@pytest.mark.parametrize(("text", "step"), [
    ("So $x = 27$.", "x = 27"),  # a result, maybe of solving what lnsym did not read
    ("We have $x^2 = 49$, so let $x = \\pm 6$.", "x = \\pm 6"),  # an unknown of the paragraph's equation
    ("Let $z = 1$. Now let $z = 2$.", "z = 2"),  # bound before in the paragraph
    ("Let $y = 2w + 1$.\n\nLater, let $y = 7$.", "y = 7"),  # a claim about what a formula defined
    ("Let $\\theta_t = \\theta_{t-1} - g_t$.\n\nLet $\\theta_3 = 1$.", "\\theta_3 = 1"),  # an entry of a rule
    # a statistic: the mean of the shifted vector?
    ("Take $x = (1, 3)$. Shift it by 10: $x + 10 = (11, 13)$, and let $\\mu = 12$.", "\\mu = 12"),
    ("Take $x = (1, 3)$. Let $\\bar{y} = 5$.", "\\bar{y} = 5"),
    ("Let $b = 3^{10} b$.", "b = 3^{10} b"),  # an equation in b
])
def test_a_name_with_a_meaning_already_or_not_introduced_stays_unchecked(text, step):
    found = verdicts(text + "\n")
    assert found[step][0] == "unchecked", found


def test_a_defined_step_is_never_a_correct_or_wrong_one_and_its_chain_is_still_checked():
    found = verdicts("Let $A = 3 \\times 4 = 13$.\n")
    assert found["A = 3 \\times 4"][0] == "defined"
    assert found["3 \\times 4 = 13"][0] == "wrong"


def test_an_operation_the_text_defines_is_defined():
    found = verdicts("Let $a \\star b = 2a + b$. Then $3 \\star 4 = 10$.\n")
    assert found["a \\star b = 2a + b"][0] == "defined"
    assert found["3 \\star 4 = 10"][0] == "correct"


def test_the_verdict_is_counted_and_marked_on_its_own():
    report = check_text("Let $x = 2$. Then $x + 1 = 3$ and $y = x$.\n")
    assert SEVERITY_ORDER == ("correct", "wrong", "imprecise", "unchecked", "defined", "error")
    assert report.summary["defined"] == 1 and report.summary["correct"] == 1
    assert Verdict.DEFINED.mark == "≔" and Verdict("defined") is Verdict.DEFINED
