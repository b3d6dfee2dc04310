"""The search for a value where a claim made for every value fails (lnsym.check.judges.proofs.universal): the
simplest point of the domain that refutes, inside the domain only (whole numbers, ends, strict ends, 0 left out),
none for a true claim or where no side has a real value, and nothing for what it cannot evaluate."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from lnsym.check.judges.proofs.universal import Domain, counterexample

x, y, n = sp.symbols("x y n")
REAL = Domain()


def test_the_simplest_point_of_the_reals_that_refutes():
    found = counterexample((1 + x) ** 7, 1 + 7 * x, "≥", {"x": REAL})
    assert found is not None and found.point == {"x": -3}  # (-2)^7 = -128 < -20; 0, ±1, ±2 hold
    assert (found.left, found.right) == (-128, -20)
    assert counterexample(1 + 2 * x, sp.exp(x), "≤", {"x": REAL}).point == {"x": 1}  # 3 > e


def test_a_true_claim_has_no_counterexample():
    assert counterexample(1 + x, sp.exp(x), "≤", {"x": REAL}) is None
    assert counterexample((x + y) ** 2, 4 * x * y, "≥", {"x": REAL, "y": REAL}) is None
    assert counterexample(sp.Abs(x + y), sp.Abs(x) + sp.Abs(y), "≤", {"x": REAL, "y": REAL}) is None


def test_only_points_of_the_domain_are_tried():
    positive = Domain(lo=Fraction(0), lo_strict=True)
    assert counterexample(x + 1 / x, sp.S(2), "≥", {"x": positive}) is None  # false at every x < 0, none tried
    assert counterexample(x + 1 / x, sp.S(3), "≥", {"x": positive}).point == {"x": 1}
    whole = Domain(integer=True, lo=Fraction(1))
    assert counterexample(2 ** n, n ** 2, "≥", {"n": whole}).point == {"n": 3}  # 8 < 9; 1, 2 hold, 1/2 is no n
    assert counterexample(sp.factorial(n), 3 ** n, "≥", {"n": Domain(integer=True, lo=Fraction(7))}) is None
    assert counterexample(x ** 2, x, "≥", {"x": Domain(lo=Fraction(1))}) is None
    assert counterexample(x ** 2, x, "≥", {"x": Domain(lo=Fraction(0))}).point == {"x": Fraction(1, 2)}
    assert counterexample(x, sp.S(1), "<", {"x": Domain(hi=Fraction(1), hi_strict=True)}) is None  # the end left out
    assert counterexample(x, sp.S(1), "<", {"x": Domain(hi=Fraction(1))}).point == {"x": 1}  # (1 < 1 is false)
    assert counterexample(1 / x ** 2, sp.S(0), ">", {"x": Domain(nonzero=True)}) is None


def test_points_where_a_side_has_no_real_value_are_skipped():
    # ln x <= x - 1 holds wherever it is defined; x <= 0 gives no real logarithm, and no refutation
    assert counterexample(sp.log(x), x - 1, "≤", {"x": REAL}) is None
    assert counterexample(sp.log(x), x - 2, "≤", {"x": REAL}).point == {"x": 1}  # 0 > -1


def test_nothing_is_decided_for_what_has_no_value_at_a_point():
    f = sp.Function("f")
    assert counterexample(f(x), x, "≤", {"x": REAL}) is None  # a function the text names
    assert counterexample(x, y, "≤", {"x": REAL}) is None  # a symbol with no domain
    assert counterexample(x, 2 * x, "≠", {"x": REAL}) is None  # neither an order nor '='


def test_an_equation_is_refuted_where_its_sides_differ_exactly():
    assert counterexample(x, 2 * x, "=", {"x": REAL}).point == {"x": 1}  # 0 = 0 holds; 1 against 2
    assert counterexample((x + 1) ** 2, x ** 2 + 2 * x + 1, "=", {"x": REAL}) is None
    assert counterexample(sp.sqrt(x ** 2), x, "=", {"x": Domain(lo=Fraction(0))}) is None  # true on the domain
