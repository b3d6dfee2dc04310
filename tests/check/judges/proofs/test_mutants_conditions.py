"""Tests written against the survivors of mutation testing of lnsym.check.judges.proofs.conditions (bench/mutation.py):
a condition on one variable derived from the one before it, refuted at a rational point. Each example is written
from the rule: "so" claims every point of the previous condition meets the new one, "i.e." that both have the
same points; the point is a simple number near the edges of both conditions."""

from __future__ import annotations

import sympy as sp

from lnsym.check.judges.proofs.conditions import refuting_point
from lnsym.check.judges.proofs.consequences import Inequality

x = sp.Symbol("x")


def lt(left, right) -> Inequality:
    return Inequality.of(sp.sympify(left), sp.sympify(right), "<")


def le(left, right) -> Inequality:
    return Inequality.of(sp.sympify(left), sp.sympify(right), "≤")


def anywhere(c) -> bool:
    return True


def test_a_weaker_condition_follows_and_a_stronger_one_is_refuted_at_its_edge():
    # 2x + 1 > 10 is x > 9/2: "so x > 4" follows; "so x >= 5" fails between 9/2 and 5, first at 5 - 1/4 (the integers
    # and the halves tried before it meet both, or neither)
    assert refuting_point([lt(10, 2 * x + 1)], [lt(4, x)], [], False, anywhere) is None
    assert refuting_point([lt(10, 2 * x + 1)], [le(5, x)], [], False, anywhere) == (x, sp.Rational(19, 4), True)


def integer(c) -> bool:
    return bool(c.is_integer)


def test_an_equivalence_is_refuted_by_a_point_the_new_condition_adds():
    # |1 - 4x| < 1 is 0 < x < 1/2: "i.e. 0 < x < 1" adds x = 1/2 (lost False: the new one holds, the old one not)
    assert refuting_point([lt(abs(1 - 4 * x), 1)], [lt(0, x), lt(x, 1)], [], True, anywhere) == (x, sp.Rational(1, 2),
                                                                                                   False)
    assert refuting_point([lt(abs(1 - 4 * x), 1)], [lt(0, x), lt(x, sp.Rational(1, 2))], [], True, anywhere) is None
    # read as "so", the weaker condition follows
    assert refuting_point([lt(abs(1 - 4 * x), 1)], [lt(0, x), lt(x, 1)], [], False, anywhere) is None


def test_the_paragraphs_other_facts_on_the_variable_restrict_the_points():
    # x^2 > 4, so x > 2: false at x = -3, unless the paragraph says x > 0 (or x = 3)
    assert refuting_point([lt(4, x**2)], [lt(2, x)], [], False, anywhere) == (x, -3, True)
    assert refuting_point([lt(4, x**2)], [lt(2, x)], [lt(0, x)], False, anywhere) is None
    assert refuting_point([lt(4, x**2)], [lt(2, x)], [x - 3], False, anywhere) is None
    assert refuting_point([lt(4, x**2)], [lt(2, x)], [x + 3], False, anywhere) == (x, -3, True)
    # a fact on another variable says nothing of x
    y = sp.Symbol("y")
    assert refuting_point([lt(4, x**2)], [lt(2, x)], [lt(0, y), y], False, anywhere) == (x, -3, True)


def test_only_points_allowed_are_tried():
    # b^2 > 30 and b >= 0, so b >= 6: false at b = 11/2, true for every integer
    assert refuting_point([lt(30, x**2)], [le(6, x)], [le(0, x)], False, anywhere) == (x, sp.Rational(11, 2), True)
    assert refuting_point([lt(30, x**2)], [le(6, x)], [le(0, x)], False, integer) is None


def test_a_point_where_a_condition_is_undefined_is_skipped():
    # 1/x > 1 is 0 < x < 1: at x = 0 nothing holds or fails; "so x < 1/2" fails at 1/2
    assert refuting_point([lt(1, 1 / x)], [lt(x, sp.Rational(1, 2))], [], False, anywhere) == (x, sp.Rational(1, 2),
                                                                                                 True)
    assert refuting_point([lt(1, 1 / x)], [lt(0, x)], [], False, anywhere) is None
    # x < 1, so 1/x < 0: x = 0 is tried first but refutes nothing (1/0 is no number); x = 1/2 does
    assert refuting_point([lt(x, 1)], [lt(1 / x, 0)], [], False, anywhere) == (x, sp.Rational(1, 2), True)


def test_strict_and_non_strict_edges():
    assert refuting_point([le(x, 2)], [lt(x, 2)], [], False, anywhere) == (x, 2, True)
    assert refuting_point([lt(x, 2)], [le(x, 2)], [], False, anywhere) is None
    assert refuting_point([lt(x, 2)], [le(x, 2)], [], True, anywhere) == (x, 2, False)
    assert refuting_point([le(x, 2)], [le(x, 2)], [], True, anywhere) is None


def test_an_edge_of_degree_six_is_tried():
    # x^6 > 10^6 is |x| > 10: "so x > 10" fails at x = -11, a point only the edges of x^6 - 10^6 give
    assert refuting_point([lt(10**6, x**6)], [lt(10, x)], [], False, anywhere) == (x, -11, True)


def test_conditions_not_read_claim_nothing():
    y = sp.Symbol("y")
    assert refuting_point([lt(sp.pi * x, 1)], [lt(x, -1)], [], False, anywhere) is None  # π: no rational value
    assert refuting_point([lt(sp.sqrt(x), 1)], [lt(x, -1)], [], False, anywhere) is None  # a root
    assert refuting_point([lt(sp.sin(x), 1)], [lt(x, -1)], [], False, anywhere) is None  # no rational function
    assert refuting_point([lt(x * y, 1)], [lt(x, -1)], [], False, anywhere) is None  # two variables
    assert refuting_point([lt(x, 1)], [lt(y, -1)], [], False, anywhere) is None
    assert refuting_point([], [lt(x, -1)], [], False, anywhere) is None
    assert refuting_point([lt(x, 1)], [], [], False, anywhere) is None
    # a domain fact not read (a root of x) makes the whole claim unread
    assert refuting_point([lt(x, 1)], [lt(x, -1)], [lt(sp.sqrt(x), 5)], False, anywhere) is None
    assert refuting_point([lt(x, 1)], [lt(x, -1)], [], False, anywhere) == (x, 0, True)


def test_each_absolute_value_is_split_into_its_two_signs():
    # for x > 5, |x| + x < 40 is x < 20 (the edge of the piece x + x): "so x > 30" fails at x = 19
    assert refuting_point([lt(abs(x) + x, 40)], [lt(30, x)], [lt(5, x)], False, anywhere) == (x, 19, True)
    # for x < -5, |x| - x < 40 is x > -20 (the edge of the piece -x - x): "so x < -30" fails at x = -19
    assert refuting_point([lt(abs(x) - x, 40)], [lt(x, -30)], [lt(x, -5)], False, anywhere) == (x, -19, True)
    # two absolute values: |x| + |x - 3| < 5 is -1 < x < 4, "so x < 3" fails at 3
    assert refuting_point([lt(abs(x) + abs(x - 3), 5)], [lt(x, 3)], [], False, anywhere) == (x, 3, True)


def test_the_edge_of_a_denominator_is_tried():
    # 1/(x - 10) > 0 is x > 10 (the edge is the root of the denominator): "so x < 5" fails at x = 11
    assert refuting_point([lt(0, 1 / (x - 10))], [lt(x, 5)], [], False, anywhere) == (x, 11, True)


def test_the_simplest_number_between_two_edges_comes_first():
    # x^2 - 20x + 97 < 0 is 10 - √3 < x < 10 + √3: the integer 9 between the edges comes before 11 (12 - 1)
    assert refuting_point([lt(x**2 - 20 * x + 97, 0)], [lt(12, x)], [], False, anywhere) == (x, 9, True)
    # between 8.3 and 8.45 lies no integer, half or quarter: the tenth 8.4 is the simplest
    assert refuting_point([lt((10 * x - 83) * (20 * x - 169), 0)], [lt(10, x)], [], False, anywhere) == (
        x, sp.Rational(42, 5), True)


def between(a, b) -> list[Inequality]:
    """``(x - a)(x - b) < 0``: the open interval between two edges."""
    return [lt((x - a) * (x - b), 0)]


def test_the_simplest_number_between_two_close_edges():
    # no point of the interval lies on the steps around its ends (±1, ±1/2, ±1/4, ±1/10 of edges of larger
    # denominators): the first point tried in it is the one of smallest denominator, 1, 2, 4, 10, 100 or 1000
    r = sp.Rational
    assert refuting_point(between(r(87, 10), r(44, 5)), [lt(10, x)], [], False, anywhere) == (x, r(35, 4), True)
    assert refuting_point(between(r(831, 100), r(169, 20)), [lt(10, x)], [], False, anywhere) == (x, r(42, 5), True)
    assert refuting_point(between(r(841, 100), r(849, 100)), [lt(10, x)], [], False, anywhere) == (x, r(421, 50), True)
    assert refuting_point(between(r(8411, 1000), r(8419, 1000)), [lt(10, x)], [], False, anywhere) == (
        x, r(2103, 250), True)
    # closer than 1/1000: the midpoint
    assert refuting_point(between(r(1, 2), r(500, 999)), [lt(10, x)], [], False, anywhere) == (x, r(1999, 3996), True)


def test_an_edge_itself_is_tried():
    # x <= 5, so x < 5: only x = 5 refutes it
    assert refuting_point([le(x, 5)], [lt(x, 5)], [], False, anywhere) == (x, 5, True)


def test_the_small_integers_are_tried_where_no_edge_is_near():
    # x^2 + 1 > 0 has no edge; for -5/2 < x < -3/2 (facts whose edges are not tried) "so x > 0" fails at x = -2
    r = sp.Rational
    assert refuting_point([lt(0, x**2 + 1)], [lt(0, x)], [lt(r(-5, 2), x), lt(x, r(-3, 2))], False, anywhere) == (
        x, -2, True)
