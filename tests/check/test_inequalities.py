"""Inequalities between known numbers are decided like equations (issue 28), Euler's number included:
``0.3660 \\le e^{-1}`` is correct and its mutants (a digit, the direction, the exponent's sign) are wrong."""

from __future__ import annotations

import pytest

from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text


@pytest.fixture(scope="module")
def worker():
    with Worker() as w:
        yield w


def verdict(text: str, worker: Worker) -> str:
    (finding,) = check_text(f"We have ${text}$.\n", worker=worker).findings
    return finding.verdict.value


@pytest.mark.parametrize(("text", "expected"), [
    ("0.3660 \\le e^{-1}", "correct"),
    ("0.3690 \\le e^{-1}", "wrong"),  # a digit: e^{-1} = 0.36788
    ("0.3660 \\ge e^{-1}", "wrong"),  # the direction
    ("0.3660 \\le e^{1}", "correct"), ("3 \\le e^{1}", "wrong"),  # the exponent's sign
    ("(1+0.02)^{48} \\le e^{0.96}", "correct"),  # 1 + x <= e^x, 48 times
    ("(1+0.02)^{48} \\ge e^{0.96}", "wrong"),
    ("1.02^{48} < 3", "correct"), ("1.02^{48} < 2.5", "wrong"),
    ("e^{-1} < 0.36", "wrong"), ("e^{2} > 7.38", "correct"), ("e^{2} > 7.39", "wrong"),
])
def test_an_inequality_between_numbers_is_decided(worker, text, expected):
    assert verdict(text, worker) == expected


def test_a_letter_e_the_key_gives_a_value_is_not_eulers_number(worker):
    """With $e = 3$ bound, e is a name with a (candidate) value, and a condition on it stays unchecked."""
    findings = check_text("Let $e = 3$. Then $e^2 > 5$.\n", worker=worker).findings
    assert [f.verdict.value for f in findings] == ["defined", "unchecked"]


@pytest.mark.parametrize("text", [
    # olympiad solutions compare a variable e far more often than Euler's number: never refuted with 2.718...
    "Since $a + b + c + d + e = 8$, we get $e^2 \\le \\frac{16}{5}$.\n",
    "So $5e^2 - 16e \\le 0$ and $e^{2} < 7$.\n",
    "With the unit vector $e_1$ we have $e^{2} < 7$.\n",
])
def test_a_text_that_uses_e_as_a_name_keeps_its_comparisons_unchecked(worker, text):
    findings = check_text(text, worker=worker).findings
    assert findings and all(f.verdict.value == "unchecked" for f in findings), [(f.source, f.verdict) for f in findings]


def test_euler_is_read_only_where_every_e_is_a_power_base():
    from lnsym.check.roles.conventions import Conventions

    assert Conventions.of("We have $e^{-1} < 0.37$ and $\\mathrm{e}^{x}$, e.g. here, i.e. there.").euler
    assert not Conventions.of("We have $e^{-1} < 0.37$ and $a + e = 3$.").euler
    assert not Conventions.of("$16e \\le 5$").euler
    assert not Conventions.of("the basis $e_1$").euler


@pytest.mark.parametrize(("text", "expected"), [
    ("2^{2.8854\\ldots} = e^{2}", "unchecked"),  # 2/ln 2 = 2.88539..., its last digit rounded before the ellipsis
    ("2^{2.8856\\ldots} = e^{2}", "wrong"),  # no continuation, cut or rounded, reaches e^2
    ("\\pi + 1 = 3.14159\\ldots + 1", "correct"),
])
def test_a_cut_decimal_may_end_in_a_rounded_digit(worker, text, expected):
    assert verdict(text, worker) == expected


def test_an_inequality_in_one_variable_that_holds_for_every_real_value_is_correct():
    from lnsym.check.pipeline import check_text

    text = ("With $\\sigma$ the sigmoid, $\\sigma(x)(1 - \\sigma(x)) \\le \\tfrac14$ and "
            "$\\sigma(x)(1 - \\sigma(x)) \\le \\tfrac15$.\n\n"
            "Also $a^2 - a + 1 > 0$, $a^2 - 5a + 6 < 0$, $z^2 + 1 \\ne 0$ and $x^2 + y^2 \\ge 3xy$.\n")
    got = {f.source: (f.verdict.value, f.reason) for f in check_text(text).findings}
    assert got["\\sigma(x)(1 - \\sigma(x)) \\le \\tfrac14"] == (
        "correct", "holds for every real x where both sides are defined")
    assert got["a^2 - a + 1 > 0"][0] == "correct"
    # what fails somewhere is a condition, never refuted (the text may be solving it); so is ≠ (z may be complex)
    # and an inequality in two variables (not read)
    for step in ("\\sigma(x)(1 - \\sigma(x)) \\le \\tfrac15", "a^2 - 5a + 6 < 0", "z^2 + 1 \\ne 0",
                 "x^2 + y^2 \\ge 3xy"):
        assert got[step][0] == "unchecked", step


def test_an_inequality_is_proved_everywhere_only_when_the_check_points_agree_with_the_solver(monkeypatch):
    import sympy as sp

    from lnsym.check.judges import arithmetic

    x = sp.Symbol("x")
    assert arithmetic._holds_everywhere(x**2 + 1, sp.Integer(0), ">") == "x"
    # a value too small for a float at a check point (e^{-2^{100}}) keeps its sign
    assert arithmetic._holds_everywhere(sp.Integer(0), sp.exp(-(2**x)), "<") == "x"
    assert arithmetic._holds_everywhere(x**2, sp.Integer(0), ">") is None  # fails at 0
    # a solver that answers "nowhere" for a false inequality is caught at a point
    monkeypatch.setattr(sp, "solveset", lambda *a, **k: sp.S.EmptySet)
    assert arithmetic._holds_everywhere(x**2 - 1, sp.Integer(0), ">") is None
    assert arithmetic._holds_everywhere(x**2 + 1, sp.Integer(0), ">") == "x"
    # vectors, entries, unknown functions, two variables: not read
    assert arithmetic._holds_everywhere(x**2 + sp.Symbol("y") ** 2, sp.Integer(-1), ">") is None
    assert arithmetic._holds_everywhere(sp.Function("f")(x) ** 2, sp.Integer(-1), ">") is None


def test_a_bound_of_odd_degree_fails_somewhere_without_the_solver(monkeypatch):
    import sympy as sp

    from lnsym.check.judges import arithmetic

    n = sp.Symbol("n")
    solved = []
    solveset = sp.solveset
    monkeypatch.setattr(sp, "solveset", lambda *a, **k: solved.append(a) or solveset(*a, **k))
    # beyond every check point, yet a polynomial of odd degree: it takes every value, so it fails somewhere
    assert arithmetic._holds_everywhere(n, sp.Integer(180), "≤") is None
    assert arithmetic._holds_everywhere(n**3 / 2, sp.Integer(10**6), "<") is None
    assert solved == []
    # even degree, or not a polynomial: the solver decides
    assert arithmetic._holds_everywhere(n**2 + 1, sp.Integer(0), ">") == "n"
    assert arithmetic._holds_everywhere(n ** sp.Rational(1, 6), sp.Integer(6), "<") is None
    assert len(solved) == 2


def test_an_inequality_asked_again_is_solved_once(monkeypatch):
    import sympy as sp

    from lnsym.check.judges import arithmetic

    w = sp.Symbol("w_asked_again")  # a name no other test asks about: nothing remembered yet
    solved = []
    solveset = sp.solveset
    monkeypatch.setattr(sp, "solveset", lambda *a, **k: solved.append(a) or solveset(*a, **k))
    assert arithmetic._holds_everywhere(w**2 + 7, sp.Integer(0), ">") == "w_asked_again"
    assert arithmetic._holds_everywhere(w**2 + 7, sp.Integer(0), ">") == "w_asked_again"
    assert arithmetic._holds_everywhere(w**2 + 7, sp.Integer(0), "≥") == "w_asked_again"  # another relation
    assert len(solved) == 2


@pytest.mark.parametrize(("text", "expected"), [
    # the real cube root of a negative number is negative: these fail at x = -1 (-1 ≥ 0; -1 + 1/8... at x = -1/8)
    ("$\\sqrt[3]{x} \\ge 0$.", "unchecked"),
    ("$x^{1/3} \\ge 0$.", "unchecked"),
    ("$\\sqrt[3]{x} + |x| \\ge 0$.", "unchecked"),
    ("If $x < 0$, then $x^{1/5} \\ge 0$.", "unchecked"),
    # an odd root of what is never negative, and an even root: the principal root is the real one
    ("$\\sqrt[3]{x^2} \\ge 0$.", "correct"),
    ("$\\sqrt[3]{x^2 + 1} > 0$.", "correct"),
    ("$\\sqrt{x} \\ge 0$.", "correct"),
])
def test_an_odd_root_of_what_may_be_negative_is_not_proved_where_the_principal_root_is_defined(text, expected):
    """SymPy's x^{1/3} is the principal root, not real for x < 0: "holds where both sides are defined" proved
    `\\sqrt[3]{x} \\ge 0` for x ≥ 0 only, while the text means the real root, -1 at x = -1."""
    from lnsym.check.pipeline import check_text

    (claim,) = [f for f in check_text(text + "\n").findings if "root" in f.source or "^{1/" in f.source
                or "sqrt" in f.source]
    assert claim.verdict.value == expected, claim.reason
