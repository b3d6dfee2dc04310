"""A statement asserted under a hypothesis on one variable is judged on the hypothesis's region (issue 28).

"If $t \\ge 1$, then $|t - 1| = t - 1$. If $t < 1$, then $|t - 1| = t - 1$ as well." left both equations
``unchecked`` ("not an identity (perhaps an equation to solve)"): the first holds for every t of its case, the
second for none. The pairs below are generated (seeded): a statement in one variable whose truth depends on the
side of a number the variable is on (an absolute value, a max or a min, the root of a square, a sign, an
inequality true on one range), written under the case where it holds and under one where it fails everywhere.
The first must be ``correct`` and never ``wrong``; the second ``wrong`` and never ``correct``, with a point of
its case and both sides' values as the evidence.
"""

from __future__ import annotations

import random
import re

import pytest
import sympy as sp

from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text

# (statement, the case where it holds for every value, a case where it fails for every value), in the variable
# {v} and the positive number {c}
FAMILIES = [
    ("|{v} - {c}| = {v} - {c}", "{v} \\ge {c}", "{v} < {c}"),
    ("|{v} - {c}| = {c} - {v}", "{v} \\le {c}", "{v} > {c}"),
    ("\\max({v}, {c}) = {v}", "{v} \\ge {c}", "{v} < {c}"),
    ("\\max({v}, {c}) = {c}", "{v} \\le {c}", "{v} > {c}"),
    ("\\min({v}, {c}) = {v}", "{v} < {c}", "{v} > {c}"),
    ("\\sqrt{{({v} - {c})^2}} = {v} - {c}", "{v} > {c}", "{v} < {c}"),
    ("\\frac{{|{v} - {c}|}}{{{v} - {c}}} = 1", "{v} > {c}", "{v} < {c}"),
    ("\\frac{{|{v} - {c}|}}{{{v} - {c}}} = -1", "{v} < {c}", "{v} > {c}"),
    ("{v}^2 \\ge {c}{v}", "{v} \\ge {c}", "0 < {v} < {c}"),
    ("{v}^3 > {c}^2 {v}", "{v} > {c}", "0 < {v} < {c}"),
    ("\\sqrt{{{v}}} \\le {v}", "{v} \\ge 1", "0 < {v} < 1"),
]
# how a text opens a case and joins what holds in it: (before the case, between the case and the statement)
OPENINGS = [("If", ", then"), ("Suppose", "; then"), ("Assume", ". Then"), ("Case 1:", ". Then"), ("For", ","),
            ("When", ", we get"), ("Now suppose instead", ". Hence")]
NAMES = ["t", "x", "u", "y"]


@pytest.fixture(scope="module")
def worker():
    with Worker() as w:
        yield w


def _texts(n: int, seed: int = 28, swapped: bool = False):
    """``n`` texts: the statement under its true case, then under a false one (the same formula under the other
    case), with the statement as written; ``swapped``: under the false case first."""
    rng = random.Random(seed)
    for k in range(n):
        statement, good, bad = FAMILIES[k % len(FAMILIES)]
        v, c = rng.choice(NAMES), rng.randint(1, 5)
        (o1, j1), (o2, j2) = rng.sample(OPENINGS, 2)
        s, first, second = (x.format(v=v, c=c) for x in (statement, good, bad))
        first, second = (second, first) if swapped else (first, second)
        yield f"{o1} ${first}${j1} ${s}$. {o2} ${second}${j2} ${s}$ as well.\n", s


def _two(text: str, statement: str, worker) -> list:
    found = [f for f in check_text(text, worker=worker).findings
             if f.source.replace(" ", "") == statement.replace(" ", "")]
    assert len(found) == 2, [(f.source, f.verdict.value) for f in check_text(text, worker=worker).findings]
    return found


@pytest.mark.parametrize(("text", "statement"), list(_texts(22)))
def test_a_statement_is_judged_on_the_region_of_its_case(worker, text, statement):
    held, failed = _two(text, statement, worker)
    assert held.verdict.value == "correct", (text, held.reason)
    assert "holds for every" in held.reason
    assert failed.verdict.value == "wrong", (text, failed.reason)
    # the evidence: a point of the case, and both sides' values there
    assert "which satisfies it" in failed.reason and failed.evidence.left and failed.evidence.right


@pytest.mark.parametrize(("text", "statement"), list(_texts(11, seed=7, swapped=True)))
def test_under_the_false_case_first_it_is_still_wrong(worker, text, statement):
    """The same families, the false case written first: it is wrong, and the true one after it still correct."""
    failed, held = _two(text, statement, worker)
    assert failed.verdict.value == "wrong", (text, failed.reason)
    assert held.verdict.value == "correct", (text, held.reason)


def test_the_example_of_the_issue(worker):
    text = "If $t \\ge 1$, then $|t - 1| = t - 1$. If $t < 1$, then $|t - 1| = t - 1$ as well.\n"
    held, failed = _two(text, "|t - 1| = t - 1", worker)
    assert held.verdict.value == "correct" and "for every t with t \\ge 1" in held.reason
    assert failed.verdict.value == "wrong"
    assert "at t = 0" in failed.reason and (failed.evidence.left, failed.evidence.right) == ("1", "-1")


def test_a_value_fixed_by_another_hypothesis_still_refutes(worker):
    """The older example of issue 28: the new hypothesis fixes a = 4, and a^2 = 9 carried over is wrong."""
    text = "Suppose $a = 3$. Then $a^2 = 9$. Now suppose instead $a = 4$; then $a^2 = 9$ as before.\n"
    findings = [f for f in check_text(text, worker=worker).findings if f.source.replace(" ", "") == "a^2=9"]
    assert [f.verdict.value for f in findings] == ["correct", "wrong"], [f.reason for f in findings]


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("t \\ge 2", "t^2 < 1", "wrong"), ("t > 3", "-1 < t < 1", "wrong"),
    ("t \\ge 2", "t^2 \\le 1", "unchecked"),  # it holds at t = 1: an equation the case may solve
])
def test_an_equation_of_another_case_proves_nothing_in_this_one(worker, first, second, expected):
    """"If $t \\ge 2$, then $|t - 1| = t - 1$. If $t^2 < 1$, then $|t - 1| = t - 1$." marked the second
    ``correct`` ("follows from the previous equation"): the rule that drops another case's facts compared linear
    ranges only, and the region did not decide a step proved by them."""
    text = f"If ${first}$, then $|t - 1| = t - 1$. If ${second}$, then $|t - 1| = t - 1$.\n"
    held, other = _two(text, "|t - 1| = t - 1", worker)
    assert held.verdict.value == "correct", held.reason
    assert other.verdict.value == expected, other.reason


@pytest.mark.parametrize("text", [
    # the text dismisses the case, or goes on to solve the equation in it
    "If $t < 1$, then $|t - 1| = t - 1$, which is impossible.\n",
    "Case 2: $x < 0$. Then $\\sqrt{x^2} = x$ has no solution here.\n",
    "Suppose $t < 1$; then $|t - 1| = t - 1$, a contradiction.\n",
    "If $x > 2$, then $\\sqrt{x - 2} = -1$, so $x = 3$ is ruled out.\n",
    # a rational equation with no root in the case is the case having no solution, what a case analysis writes
    "Case 2: $x < 0$. Then $x^2 + 3x + 5 = 0$. The discriminant is negative.\n",
    # a linear condition or equation false on the case: the case being dismissed
    "If $x \\ge 2$, then $x < 1$.\n",
    "If $x \\ge 2$, then $2x + 1 = 0$.\n",
    # holds on part of the case: an equation the case may solve
    "If $t > 0$, then $|t - 3| = 1$.\n",
    # a bound on part of the case: solved for the variable in the same sentence, or one that counts (n^2 > 10 holds
    # for every integer n > 3), or linear (the case's condition rewritten)
    "If $t > 0$, then $t^2 \\ge 4$, so $t \\ge 2$.\n",
    "If $t > 0$, then $t^2 \\ge 4$ exactly when $t \\ge 2$.\n",
    "Suppose $n > 3$. Then $n^2 - 10 > 0$.\n",
    "Suppose $x > 3$ is an integer. Then $x^2 - 10 > 0$.\n",
    "If $x \\ge 1$, then $x - 1 < 2$.\n",
    # the statement speaks of another name too
    "If $t \\ge 1$, then $|t - 1| = s - 1$.\n",
    # joined by "or": not asserted under the case
    "If $t < 1$, then $|t - 1| = t - 1$ or $t = 0$.\n",
])
def test_what_is_not_refuted_on_a_region(worker, text):
    findings = check_text(text, worker=worker).findings
    assert len(findings) >= 2 and all(f.verdict.value != "wrong" for f in findings), \
        [(f.source, f.reason) for f in findings]


def test_the_regions_of_hypotheses():
    import sympy as sp

    from lnsym.check.judges.proofs.region import region_of

    t, y = sp.Symbol("t"), sp.Symbol("y")
    assert region_of({0: sp.S.Zero, 1: t, 2: sp.S.One}, ["<", "<"]) == (t, sp.Interval.open(0, 1))
    assert region_of({0: t, 1: sp.S.One}, ["≥"]) == (t, sp.Interval(1, sp.oo))
    assert region_of({0: t**2, 1: sp.S.One}, [">"]) == (t, sp.Union(sp.Interval.open(-sp.oo, -1),
                                                                       sp.Interval.open(1, sp.oo)))
    assert region_of({0: t, 1: y}, ["<"]) is None  # two variables
    assert region_of({0: t, 1: sp.S.One}, ["="]) is None  # a value, not a range
    assert region_of({0: t, 1: sp.S.One, 2: sp.S.Zero}, ["<", "<"]) is None  # empty
    assert region_of({0: sp.Abs(t), 1: sp.S.One}, ["<"]) is None  # not a polynomial condition


# -- a case on two variables: a condition on their difference ("Case 2: $a < b$") ------------------------------
PAIR_FAMILIES = [
    ("|{v} - {w}| = {v} - {w}", "{v} \\ge {w}", "{v} < {w}"),
    ("|{v} - {w}| = {w} - {v}", "{v} \\le {w}", "{v} > {w}"),
    ("\\max({v}, {w}) = {v}", "{v} \\ge {w}", "{v} < {w}"),
    ("\\min({v}, {w}) = {w}", "{v} \\ge {w}", "{v} < {w}"),
    ("\\max({v}, {w}) - \\min({v}, {w}) = {v} - {w}", "{v} > {w}", "{v} < {w}"),
    ("|{v} - {w} - 1| = {v} - {w} - 1", "{v} - {w} \\ge 1", "{v} - {w} < 1"),
]
PAIRS = [("a", "b"), ("x", "y"), ("p", "q"), ("u", "v")]


def _pair_texts(n: int, seed: int = 5):
    rng = random.Random(seed)
    for k in range(n):
        statement, good, bad = PAIR_FAMILIES[k % len(PAIR_FAMILIES)]
        v, w = rng.choice(PAIRS)
        (o1, j1), (o2, j2) = rng.sample(OPENINGS, 2)
        s, first, second = (x.format(v=v, w=w) for x in (statement, good, bad))
        yield f"{o1} ${first}${j1} ${s}$. {o2} ${second}${j2} ${s}$ as well.\n", s


@pytest.mark.parametrize(("text", "statement"), list(_pair_texts(12)))
def test_a_statement_is_judged_on_a_case_of_two_variables(worker, text, statement):
    held, failed = _two(text, statement, worker)
    assert held.verdict.value == "correct" and "holds for every" in held.reason, (text, held.reason)
    assert failed.verdict.value == "wrong", (text, failed.reason)
    assert "which satisfy it" in failed.reason and failed.evidence.left != failed.evidence.right


def test_the_case_of_a_proof_by_cases_goes_on_in_words():
    """"Then $|a - b| = a - b$, and the right side is ...": the words after the statement do not take it out of its
    case (an "and" before more math, or an "or", does)."""
    text = ("Case 1: $a \\ge b$. Then $|a - b| = a - b$, and the right side is $a$.\n"
            "Case 2: $a < b$. Then $|a - b| = a - b$, and the right side is $b$.\n")
    with Worker() as w:
        got = [(f.source, f.verdict.value) for f in check_text(text, worker=w).findings if "|" in f.source]
    assert got == [("|a - b| = a - b", "correct"), ("|a - b| = a - b", "wrong")]


@pytest.mark.parametrize("text", [
    "If $a \\ge b$, then $a \\ge 0$.\n",  # depends on b, not only on the difference
    "If $a < b$, then $|a - b| = a - b$ or $a = b$.\n",
    "If $a < b$, then $|a - b| = a - b$ and $a = 0$.\n",
    "If $a < b$, then $|a - b| = a - b$, which is impossible.\n",
    "If $a < b$, then $f(a) = f(b)$.\n",
])
def test_what_is_not_decided_on_a_case_of_two_variables(worker, text):
    findings = check_text(text, worker=worker).findings
    under_the_case = findings[1:]  # the hypothesis itself is findings[0]
    assert under_the_case and all(f.verdict.value != "wrong" for f in under_the_case), \
        [(f.source, f.reason) for f in findings]


def test_the_regions_of_a_difference():
    import sympy as sp

    from lnsym.check.judges.proofs.region import difference_region

    a, b = sp.symbols("a b")
    u, where, shift = difference_region({0: a, 1: b}, ["≥"])
    assert (str(u), where, shift) == ("a - b", sp.Interval(0, sp.oo), (a, b))
    assert difference_region({0: b, 1: a}, [">"])[1] == sp.Interval.open(-sp.oo, 0)  # b > a: a - b < 0
    assert difference_region({0: sp.S.Zero, 1: a - b, 2: sp.S.One}, ["<", "≤"])[1] == sp.Interval.Lopen(0, 1)
    assert difference_region({0: a, 1: b, 2: sp.Integer(3)}, ["<", "<"]) is None  # b < 3 is not on the difference
    assert difference_region({0: 2 * a, 1: b}, [">"]) is None
    assert difference_region({0: a**2, 1: b}, [">"]) is None
    assert difference_region({0: a, 1: b}, ["="]) is None
    assert difference_region({0: a, 1: a + 1}, ["<"]) is None  # one variable: region_of's


@pytest.mark.parametrize(("link", "expected"), [
    ("x \\le x - y", "correct"), ("x \\ge x - y", "wrong"),  # y < 0 in the case: x - y exceeds x
    ("x - y \\ge -y", "correct"), ("x - y < -y", "wrong"),  # x >= 0 in the case
])
def test_a_case_whose_links_each_bound_one_variable(worker, link, expected):
    # "Case 2: $x \ge 0 > y$": x >= 0 and y < 0; a link of the chain after it whose sides differ by an expression of
    # one of them is decided on that variable's range, whatever the other is
    text = f"Assume $x \\ge y$. Case 2: $x \\ge 0 > y$. Then $|x| = {link} = |x - y| - 0$.\n"
    got = {f.source: f for f in check_text(text, "k", worker).findings}
    assert got[link].verdict.value == expected, got[link].reason
    if expected == "wrong":
        assert "false at every point of the hypothesis x \\ge 0 > y: at " in got[link].reason
        assert "the left side minus the right side, " in got[link].reason


def test_a_link_alone_under_a_case_of_several_variables_is_not_refuted_when_linear(worker):
    # a lone linear inequality false on the case is the case having no solution, written on the way
    text = "Case 2: $x \\ge 0 > y$. Then $x \\ge x - y$ is impossible here.\n"
    got = {f.source: f.verdict.value for f in check_text(text, "k", worker).findings}
    assert got["x \\ge x - y"] != "wrong"


# A bound asserted under a hypothesis on one variable, false on part of its region (REGION_POINT): the statement,
# the hypothesis as a predicate, the claim as a predicate (both recomputed here with mpmath, not by lnsym)
_PART_FALSE = [
    ("Suppose $x > 3$. Then $x^2 - 10 > 0$.\n", lambda x: x > 3, lambda x: x**2 - 10 > 0),
    ("For $h \\ge -1$: $(1 + h)^8 \\ge 2 + 8h$.\n", lambda h: h >= -1, lambda h: (1 + h) ** 8 >= 2 + 8 * h),
    ("If $y \\ge -10$, then $(1 + y)^5 \\ge 1 + 5y$.\n", lambda y: y >= -10, lambda y: (1 + y) ** 5 >= 1 + 5 * y),
    ("For $t \\ge 0$, we have $t^2 + t > 0$.\n", lambda t: t >= 0, lambda t: t**2 + t > 0),
    ("Assume $0 < u < 4$. Then $u^2 \\le 2u$.\n", lambda u: 0 < u < 4, lambda u: u**2 <= 2 * u),
    ("If $s < 2$, then $2 - \\frac{2}{s} > 2$.\n", lambda s: s < 2, lambda s: s != 0 and 2 - 2 / s > 2),
]


@pytest.mark.parametrize(("text", "hypothesis", "claim"), _PART_FALSE)
def test_a_bound_false_on_part_of_its_hypothesis_is_wrong_at_a_point_of_it(worker, text, hypothesis, claim):
    import mpmath

    (found,) = [f for f in check_text(text, worker=worker).findings if f.verdict.value == "wrong"]
    assert found.reason.startswith("false at a point of the hypothesis"), found.reason
    point = re.search(r"at \w = (-?[\d./]+), which satisfies it", found.reason)
    assert point is not None, found.reason
    p = mpmath.mpf(sp.Rational(point.group(1)))  # the point the evidence names: in the region, the claim false
    assert hypothesis(p) and not claim(p), (found.reason, p)
    assert found.evidence.left and found.evidence.right


@pytest.mark.parametrize("text", [
    # the same shapes, true on the whole region: never wrong, proved where the solver decides it
    "Suppose $x > 4$. Then $x^2 - 10 > 0$.\n",
    "For $h \\ge -1$: $(1 + h)^8 \\ge 1 + 8h$.\n",
    "Assume $0 < u < 2$. Then $u^2 \\le 2u$.\n",
    "If $s > 0$, then $2 - \\frac{2}{s} < 2$.\n",
])
def test_a_bound_true_on_its_hypothesis_is_not_refuted(worker, text):
    findings = check_text(text, worker=worker).findings
    assert findings and all(f.verdict.value != "wrong" for f in findings), [(f.source, f.reason) for f in findings]
    assert any(f.verdict.value == "correct" for f in findings), [(f.source, f.reason) for f in findings]


def test_bounds_joined_by_and_are_asserted_on_the_same_range(worker):
    """"Then $x^2 < x$ and $\\sqrt{x} < x$": both bounds are asserted under the hypothesis, the second as much as
    the first ("and so", "hence" too); equations joined by "and" stay one system being solved."""
    def got(text):
        return {f.source: f for f in check_text(text, worker=worker).findings}

    found = got("Suppose $0 < x < 1$. Then $x^2 < x$ and $\\sqrt{x} < x$.\n")
    assert found["x^2 < x"].verdict.value == "correct" and "0 < x < 1" in found["x^2 < x"].reason
    assert found["\\sqrt{x} < x"].verdict.value == "wrong"
    found = got("Suppose $x > 3$. Then $x^2 > 9$ and so $x^2 - 10 > 0$.\n")
    assert found["x^2 > 9"].verdict.value == "correct"
    assert found["x^2 - 10 > 0"].verdict.value == "wrong" and "at x = 3.1" in found["x^2 - 10 > 0"].reason
    found = got("Assume $0 \\le a \\le 2$. Then $a^2 \\le 2a$, hence $a^2 \\le 4$.\n")
    assert found["a^2 \\le 4"].verdict.value == "correct", found["a^2 \\le 4"].reason
    # a new hypothesis in the sentence opens its own range: "and for $x > 4$" is no bound on the first
    found = got("If $x > 3$, then $x^2 > 9$, and for $x > 4$, $x^2 > 16$.\n")
    assert "x^2 > 16" in found and found["x^2 > 16"].verdict.value != "wrong", found["x^2 > 16"].reason


@pytest.mark.parametrize("text", [
    "If $x > 0$, then $x + 1 > 1$, hence $x^2 + x > 0$ for every real $x$.\n",
    "If $x > 0$, then $x^2 + x > 0$ for all real $x$.\n",
])
def test_a_claim_beyond_the_range_is_not_proved_on_it(worker, text):
    """`x^2 + x > 0` holds for x > 0, but the sentence claims it for every real x (false at x = -1/2): the range does
    not prove it (it was `correct`, "holds for every x with x > 0")."""
    (found,) = [f for f in check_text(text, worker=worker).findings if f.source == "x^2 + x > 0"]
    assert found.verdict.value != "correct", found.reason


# A bound asserted under a hypothesis of several variables, each bounded on its own ("for $\delta \ge 0$ and $n \ge
# 1$"): wrong at a point of every range where it fails. The hypothesis and the claim as predicates of the point the
# evidence names, recomputed here with mpmath
_BOX_FALSE = [
    ("For $\\delta \\ge 0$ and $n \\ge 1$, $(1+\\delta)^n \\ge e^{n\\delta}$.\n",
     lambda d, n: d >= 0 and n >= 1, lambda d, n: (1 + d) ** n >= mpmath.e ** (n * d)),
    ("If $a > 0$ and $b > 0$, then $a^2 + b^2 \\ge 3ab$.\n",
     lambda a, b: a > 0 and b > 0, lambda a, b: a**2 + b**2 >= 3 * a * b),
    ("If $0 \\le a \\le 1$ and $0 \\le b \\le 1$, then $ab \\ge a$.\n",
     lambda a, b: 0 <= a <= 1 and 0 <= b <= 1, lambda a, b: a * b >= a),
    ("For $x > 0$, $y > 0$: $\\frac{x}{y} + \\frac{y}{x} \\ge 3$.\n",
     lambda x, y: x > 0 and y > 0, lambda x, y: x / y + y / x >= 3),
    ("Suppose $u \\ge 1$ and $v \\ge 2$. Then $u v^2 \\ge 5$.\n",
     lambda u, v: u >= 1 and v >= 2, lambda u, v: u * v**2 >= 5),
]

mpmath = pytest.importorskip("mpmath")


@pytest.mark.parametrize(("text", "hypothesis", "claim"), _BOX_FALSE)
def test_a_bound_under_conditions_on_several_variables_is_wrong_at_a_point_of_all(worker, text, hypothesis, claim):
    (found,) = [f for f in check_text(text, worker=worker).findings if f.verdict.value == "wrong"]
    assert found.reason.startswith("false at a point of the hypothesis"), found.reason
    point = re.search(r"at (\\?\w+) = (-?[\d./]+), (\\?\w+) = (-?[\d./]+), which satisfy it", found.reason)
    assert point is not None, found.reason
    first, second = (mpmath.mpf(sp.Rational(point.group(k))) for k in (2, 4))
    assert hypothesis(first, second) and not claim(first, second), (found.reason, first, second)
    assert found.evidence.left and found.evidence.right


@pytest.mark.parametrize("text", [
    # true on the whole box: never wrong
    "For $\\delta \\ge 0$ and $n \\ge 1$, $(1+\\delta)^n \\le e^{n\\delta}$.\n",
    "If $a > 0$ and $b < 0$, then $a b < 0$.\n",
    "If $0 \\le a \\le 1$ and $0 \\le b \\le 1$, then $ab \\le a$.\n",
    "For $x > 0$ and $y > 0$, $\\frac{x}{y} + \\frac{y}{x} \\ge 2$.\n",
    # false at points of the box, but not a bound this rule refutes: linear (a condition being solved), two
    # conditions on one variable, a condition of two variables, a claim of "or", a case the text goes on to solve
    "If $a > 0$ and $b > 0$, then $a + b \\ge 3$.\n",
    "If $x > 0$ and $x < 4$, then $x^2 \\ge 9$.\n",
    "If $a > 0$ and $a + b > 1$, then $a b^2 \\ge 1$.\n",
    "If $a > 0$ and $b > 0$, then $a b > 1$ or $a = b$.\n",
    "If $a > 0$ and $b > 0$, then $a^2 b > 4$, so $a = 2$ works.\n",
    # conditions joined by "or" are no box
    "If $a > 0$ or $b > 0$, then $a^2 + b^2 \\ge 3ab$.\n",
])
def test_what_is_not_refuted_under_conditions_on_several_variables(worker, text):
    findings = check_text(text, worker=worker).findings
    assert findings and all(f.verdict.value != "wrong" for f in findings), [(f.source, f.reason) for f in findings]


def test_a_variable_that_counts_is_tried_at_integers_only(worker):
    # (n^2 - n)δ ≥ 0 under 0 < n < 3 and δ ≥ 1: true at the integers n = 1, 2, false at n = 1/2 (-δ/4); n counts, so
    # it is not refuted; the same claim of a real x is, at x = 1/2
    text = "For $0 < {v} < 3$ and $\\delta \\ge 1$, $({v}^2 - {v})\\delta \\ge 0$.\n"
    findings = check_text(text.format(v="n"), worker=worker).findings
    assert findings and all(f.verdict.value != "wrong" for f in findings), [(f.source, f.reason) for f in findings]
    found = {f.source: f for f in check_text(text.format(v="x"), worker=worker).findings}
    wrong = found["(x^2 - x)\\delta \\ge 0"]
    assert wrong.verdict.value == "wrong" and "\\delta = 1, x = 0.5" in wrong.reason, wrong.reason


@pytest.mark.parametrize("opening", [
    "Let $s$ be the number of students.", "Let $s \\in \\{1, 2, \\ldots, 10\\}$.", "We count the heads: $s$ of them.",
    "How many pages does the book have? Call it $s$.",
])
def test_a_variable_the_text_counts_is_refuted_at_integers_only(worker, opening):
    # s^2 ≥ s under s > 0 holds at every integer s ≥ 1, fails at s = 1/2: refuted only where s may be fractional
    claim = " If $s > 0$, then $s^2 \\ge s$.\n"
    found = {f.source: f for f in check_text(opening + claim, worker=worker).findings}
    assert found["s^2 \\ge s"].verdict.value != "wrong", (opening, found["s^2 \\ge s"].reason)
    alone = {f.source: f for f in check_text(claim.strip() + "\n", worker=worker).findings}
    assert alone["s^2 \\ge s"].verdict.value == "wrong" and "s = 0.5" in alone["s^2 \\ge s"].reason


@pytest.mark.parametrize(("high", "refuted_at"), [
    (sp.Rational(54, 5), None),  # 10.2 < n < 10.8 holds no integer: for a variable that counts, nothing to refute
    (sp.Rational(64, 5), "n = 11"),  # 10.2 < n < 12.8: refuted at an integer of it, not at 23/2
    (sp.oo, "n = 11"),
])
def test_a_counting_variable_is_refuted_at_an_integer_of_its_region_only(high, refuted_at):
    from lnsym.check.judges.proofs.region import Region, decide_on_region

    n = sp.Symbol("n")
    where = sp.Interval.open(sp.Rational(51, 5), high)
    step = decide_on_region(sp.Abs(n - 1), 1 - n, "=", Region(n, where, "10.2 < n", integer=True))
    if refuted_at is None:
        assert step is None
    else:
        assert step.verdict.value == "wrong" and f"at {refuted_at}," in step.reason, step
