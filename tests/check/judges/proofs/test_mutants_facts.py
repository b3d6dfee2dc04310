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


def test_a_fact_not_polynomial_in_its_variable_tells_no_value():
    # sqrt(x) = 4 (x = 16) and x > 10 agree; SymPy cannot read a root of sqrt(x) - 4 in x itself, so nothing is decided
    # (4, the value of sqrt(x), is no value of x to test against the range)
    assert facts.contradicts(sp.sqrt(x) - 4, None, Inequality(10 - x, True), x) is False
    assert facts.contradictory((sp.sqrt(x) - 4, Inequality(10 - x, True)), frozenset({x})) is False


def test_an_equation_with_an_irrational_coefficient_leaves_the_basis_and_the_others_still_decide():
    # x + y = 5 and x - y = 1 give y = 2, not 4; sqrt(2) x = 1 is no equation with rational coefficients
    system = (x + y - 5, x - y - 1, y - 4)
    assert facts.contradictory((*system, sp.sqrt(2) * x - 1), frozenset({x})) is True
    assert facts.contradictory((*system, sp.pi * x * y - 1), frozenset({x})) is True
    assert facts.contradictory((x + y - 5, x - y - 1, y - 2, sp.sqrt(2) * x - 1), frozenset({x})) is False


def test_an_equation_of_the_highest_degree_allowed_enters_the_basis():
    # (xy)^3 = 8 and xy = 3: 27 is not 8 (degree 6, the highest the basis takes; no pair of one variable here)
    assert facts.contradictory((x**3 * y**3 - 8, x * y - 3), frozenset({x})) is True
    assert facts.contradictory((x**3 * y**3 - 27, x * y - 3), frozenset({x})) is False
    assert facts.superseded(x * y - 3, (x**3 * y**3 - 8,)) is True


def test_a_fact_that_is_no_sympy_expression_bears_on_no_unknown():
    # a plain number among the facts (the callers keep facts that are not SymPy objects): it is passed over
    assert facts.contradictory((a - 3, a - 7, 2), frozenset({a})) is True
    assert facts.contradictory((a - 3, 2, a - 3), frozenset({a})) is False
    assert facts.superseded(2, (a - 3,)) is False
    assert facts.superseded(a - 7, (2, a - 3)) is True


def test_an_inequality_is_read_from_its_two_sides_and_its_relation():
    assert Inequality.of(x, sp.Integer(3), "<") == Inequality(x - 3, True)
    assert Inequality.of(x, sp.Integer(3), ">") == Inequality(3 - x, True)  # x > 3 is 3 - x < 0
    assert Inequality.of(x, sp.Integer(3), "≤") == Inequality(x - 3, False)
    assert Inequality.of(x, sp.Integer(3), "≥") == Inequality(3 - x, False)
    assert Inequality.of(sp.Integer(2), y, "<") == Inequality(2 - y, True)
    assert Inequality.of(x, y, "≥") == Inequality(y - x, False)


def test_what_is_no_inequality_with_unknowns_gives_none():
    assert Inequality.of(x, sp.Integer(3), "=") is None
    assert Inequality.of(x, sp.Integer(3), "≠") is None
    assert Inequality.of(x, 3, "<") is None  # a side that is no SymPy expression
    assert Inequality.of(3, x, "<") is None
    assert Inequality.of(sp.Integer(2), sp.Integer(3), "<") is None  # no unknown
    assert Inequality.of(x + 1, x, ">") is None  # the unknown cancels
    assert Inequality.of(sp.Function("f")(x), sp.Integer(3), "<") is None
    assert Inequality.of(x + sp.Symbol("i"), sp.Integer(3), "<") is None  # i is the imaginary unit
    assert Inequality.of(x + sp.zoo, sp.Integer(3), "<") is None
    assert Inequality.of(x, sp.oo, "<") is None


def test_distinct_inequalities_are_told_apart_by_their_hash():
    # (fact_region remembers its answers by them: one hash for all would make every look-up a scan)
    made = [Inequality(x - n, strict) for n in range(8) for strict in (True, False)]
    assert len({hash(q) for q in made}) > len(made) // 2
    assert hash(Inequality(x - 3, True)) == hash(Inequality(x - 3, True))
    assert len({Inequality(x - 3, True), Inequality(x - 3, True), Inequality(x - 3, False)}) == 2
