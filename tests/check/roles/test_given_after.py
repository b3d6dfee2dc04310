r"""Values given after the statement they are for ("$V = s^3 = 64$ where $s = 3$"): the statement is judged with them
(roles.cues.where_values, statement_check._given_after). Before, it was unchecked for a free name, and its wrong
value then proved what followed (probe 3, P3-F)."""

import pytest

from lnsym.check.pipeline import check_text
from lnsym.check.roles.cues import where_values


def found(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text + "\n").findings}


@pytest.mark.parametrize(("words", "given"), [
    (" where $s = 3$, so", [("s", "3")]),
    (", where $x = 2$.", [("x", "2")]),
    (" (with $k = 3$ and $n = 10$)", [("k", "3"), ("n", "10")]),
    (", where $k = 3$, $n = 10$ and $m = 2.5$.", [("k", "3"), ("n", "10"), ("m", "2.5")]),
    (". Here $s = 3$.", [("s", "3")]),
    (" where $\\lambda = 0$", [("\\lambda", "0")]),
])
def test_values_given_after_a_statement(words, given):
    text = "$V = s^3 = 64$" + words
    assert [(n, v) for n, v, _ in where_values(text, text.index("$", 1))] == given


@pytest.mark.parametrize("words", [
    " where $f(x) = x^2 + 1$",  # a function, not a value
    " where $s = 3$ or $s = -3$",  # two values: "or" is no list of givens
    " where $s = t + 1$",  # an expression
    " where $s$ is the side",
    ". With $s = 3$, the volume",  # a new sentence opened by "With": a hypothesis for what follows
    ", so $s = 3$",
])
def test_words_that_give_no_value_after_a_statement(words):
    text = "$V = s^3 = 64$" + words
    assert where_values(text, text.index("$", 1)) == []


def test_the_offset_is_that_of_the_values_math():
    text = "$V = s^3 = 64$ where $s = 3$."
    ((_, _, at),) = where_values(text, text.index("$", 1))
    assert text[at : at + 5] == "s = 3"


@pytest.mark.parametrize(("text", "step", "value"), [
    ("$V = s^3 = 64$ where $s = 3$, so $2V = 128$.", "s^3 = 64", "27"),
    ("We get $y = 3x + 1 = 8$, where $x = 2$. Hence $y^2 = 64$.", "3x + 1 = 8", "7"),
    ("The loss is $L = (w - 3)^2 = 4$ where $w = 0$, so $2L = 8$.", "(w - 3)^2 = 4", "9"),
    ("Here $p = \\frac{k}{n} = 0.4$, where $k = 3$ and $n = 10$. So $1 - p = 0.6$.", "\\frac{k}{n} = 0.4", "0.3"),
    ("$V = s^3 = 64$ (with $s = 3$), so $2V = 128$.", "s^3 = 64", "27"),
])
def test_a_wrong_value_is_refuted_with_the_values_given_after_it(text, step, value):
    got = found(text)
    verdict, reason = got[step]
    assert verdict == "wrong" and f"= {value}" in reason, got
    assert len(got) >= 3 and "correct" not in [v for v, _ in got.values()], got  # nothing proved from the value


def test_the_evidence_names_the_value_given_after():
    (first, *_) = [f for f in check_text("$V = s^3 = 64$ where $s = 3$.\n").findings if f.source == "s^3 = 64"]
    assert [(s.name, s.value, s.line) for s in first.evidence.substitutions] == [("s", "3", 1)]


@pytest.mark.parametrize(("text", "step"), [
    ("$V = s^3 = 27$ where $s = 3$, so $2V = 54$.", "2V = 54"),
    ("$A = \\pi r^2 = 9\\pi$, where $r = 3$.", "\\pi r^2 = 9\\pi"),
])
def test_a_right_value_is_proved(text, step):
    assert found(text)[step][0] == "correct", found(text)


@pytest.mark.parametrize(("text", "step", "verdict"), [
    # the value given after the statement is the one it is claimed at, whatever the name was bound to before
    # (probe 4, P4-D: these were correct with the old value; before, a name bound before kept it)
    ("Let $s = 2$. Then $s^3 = 8$ where $s = 3$.", "s^3 = 8", "wrong"),
    ("$t^2 = 1$ where $t = 1$. Also $t^3 = 1$ where $t = 2$.", "t^3 = 1", "wrong"),
    ("Let $s = 2$. Then $s^3 = 27$ where $s = 3$.", "s^3 = 27", "correct"),
    # "where" restating the value changes nothing
    ("Let $s = 3$. Then $s^3 = 27$ where $s = 3$.", "s^3 = 27", "correct"),
])
def test_a_value_given_after_wins_over_the_value_bound_before(text, step, verdict):
    got = found(text)
    assert got[step][0] == verdict, got


def test_a_formula_of_names_only_is_not_judged_at_the_value_given_after():
    """"the general formula $\\sum_{k=1}^{2n} (-1)^{k+1} k^2 = -n(2n+1)$ with $n = 50$" is claimed for every n: a
    formula that held at n = 50 only would be proved by it (this one, wrong at n = 1: -3 against -52)."""
    got = found("the general formula $\\sum_{k=1}^{2n} (-1)^{k+1} k^2 = (n - 50) - n(2n+1)$ with $n = 50$.")
    assert got["\\sum_{k=1}^{2n} (-1)^{k+1} k^2 = (n - 50) - n(2n+1)"][0] not in ("correct", "imprecise"), got


@pytest.mark.parametrize(("tex", "given"), [
    # a value given in a display after a space (probe 4, P4-X: the name's old value proved the claim)
    ("$$x^2 = 4 \\quad (x = 3)$$", [("x", "3")]),
    ("$$2^n = 16 \\qquad (n = 5)$$", [("n", "5")]),
    ("$$x^2 = 4 \\quad \\text{for } x = 3$$", [("x", "3")]),
    ("\\[ s^3 = 27 \\quad (s = 3) \\]", [("s", "3")]),
    # not one value: an equation's number, two values, a range
    ("$$x^2 = 4 \\quad (1)$$", []),
    ("$$x^2 = 4 \\quad (x = 3, y = 2)$$", []),
    ("$$x^2 > 4 \\quad (x > 3)$$", []),
])
def test_values_given_in_a_display_after_the_statement(tex, given):
    end = tex.index(" \\q")
    assert [(n, v) for n, v, _ in where_values(tex, end)] == given


@pytest.mark.parametrize(("text", "step", "value"), [
    ("Let $x = 2$, so $x^2 = 4$.\n$$x^2 = 4 \\quad (x = 3)$$", "x^2 = 4", "9"),
    ("Let $n = 4$, so $2^n = 16$.\n$$2^n = 16 \\qquad (n = 5)$$", "2^n = 16", "32"),
])
def test_a_claim_with_a_value_given_in_its_display_is_judged_with_it(text, step, value):
    findings = [f for f in check_text(text + "\n").findings if f.source == step]
    assert findings[-1].verdict.value == "wrong" and f"= {value}" in findings[-1].expected + findings[-1].reason, \
        [(f.verdict.value, f.reason, f.expected) for f in findings]


@pytest.mark.parametrize("text", [
    # a value that opens a clause of its own is a trial for what follows, not the value of the statement before
    # (probe 4, P4-FW-G: each was refuted at the trial value)
    "We need $2^n = 16$.\n\nHere $n = 5$ is the next case, and $2^n = 32$.",
    "The equation is $2^n = 16$.\nHere $n = 5$ gives $2^n = 32$.",
    "Solve $x^2 = 9$. Here $x = 4$ is too large, since $x^2 = 16$.",
    "Find $n$ with $n! = 120$; with $n = 4$ we get $4! = 24$, too small.",
    "The optimum satisfies $f'(x) = 2x - 6 = 0$; with $x = 2$ the slope is $2 \\cdot 2 - 6 = -2$.",
])
def test_a_value_that_opens_its_own_clause_is_no_value_of_the_statement_before(text):
    got = found(text)
    assert got and "wrong" not in [v for v, _ in got.values()], got  # (read, not silent)
