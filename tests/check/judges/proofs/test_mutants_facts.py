"""Tests written against the surviving mutants of lnsym/check/judges/proofs/facts.py (bench/mutation.py): each pins a
decision of a helper that contradictory() reaches only through another path as well."""

from __future__ import annotations

import sympy as sp

from lnsym.check.judges.proofs import facts
from lnsym.check.judges.proofs.facts import Inequality

x, y, a = sp.symbols("x y a")


def test_root_of_an_equation_linear_in_the_variable_with_number_coefficients_only():
    assert facts.root_of(2 * x - 6, x) == 3
    assert facts.root_of(a * x - 1, x) is None  # a coefficient that is no number: no root to test against
    assert facts.root_of(x - a, x) is None
    assert facts.root_of(x**2 - 4, x) is None


def test_a_pair_is_compared_both_ways():
    # an inequality against a value: only the first direction can tell (the fact is the inequality)
    assert facts._pair_contradicts(Inequality(-x, True), x + 3) is True  # x > 0 and x = -3
    assert facts._pair_contradicts(Inequality(-x, True), x - 3) is False
    # a value against an equation that is not linear: only the second direction can tell
    assert facts._pair_contradicts(x - 5, x**2 - 9) is True
    assert facts._pair_contradicts(x - 3, x**2 - 9) is False
    # an inequality never takes the place of the equation to be solved
    assert facts._pair_contradicts(Inequality(x**2 - 9, True), x - 5) is True  # x^2 < 9 and x = 5
    assert facts._pair_contradicts(Inequality(x**2 - 9, True), x - 2) is False
    # two variables: no pair of one variable
    assert facts._pair_contradicts(x - y, x - 3) is False


def test_only_polynomials_of_low_degree_enter_the_basis():
    assert facts._polynomial(x**2 - 2 * y, (x, y)) is not None
    assert facts._polynomial(x**7 - 1, (x,)) is None  # (a basis of high degree may take seconds)
    assert facts._polynomial(sp.sin(x) - y, (x, y)) is None
    assert facts._polynomial(sp.Function("f")(x) - 1, (x,)) is None
    assert facts._polynomial(x**2 - sp.Rational(1, 3), (x,)).domain == sp.QQ


def test_an_inequality_shows_what_it_states():
    assert repr(Inequality(x - 3, True)) == "Inequality(x - 3 < 0)"
    assert repr(Inequality(x - 3, False)) == "Inequality(x - 3 <= 0)"


def test_an_inequality_and_a_value_at_its_edge():
    # x <= 3 holds at 3, x < 3 does not
    assert facts.contradicts(Inequality(x - 3, False), x - 3, None, x) is False
    assert facts.contradicts(Inequality(x - 3, True), x - 3, None, x) is True
    # a value and a range that excludes it, the other way round
    assert facts.contradicts(x - 3, None, Inequality(x - 1, True), x) is True  # x = 3 and x < 1
    assert facts.contradicts(x - 3, None, Inequality(x - 5, True), x) is False


def test_a_value_where_the_fact_is_no_real_number_decides_nothing():
    assert facts.contradicts(sp.sqrt(x) - 1, x + 1, None, x) is False  # sqrt(-1) - 1 is not real
