"""Edges of the named lemmas (lnsym/check/judges/proofs/lemmas.py), written against the mutants that survived its
tests.

Each test states a rule: which links of a chain of bounds are refuted on the stated ranges of their names, at which
points (inside a range, never at its edge; the smallest whole number inside it), and which links a lemma proves.
"""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.proofs.lemmas import Bound, lemma_of, refuted_on_domain, refuted_reverse

m, n, x, k = sp.symbols("m n x k")
A, B = sp.IndexedBase("a"), sp.IndexedBase("b")
M_AT_LEAST_2 = (Bound(sp.Integer(2), m, r"2 \le m", 1),)
X_FROM_1_TO_5 = (Bound(sp.Integer(1), x, r"1 \le x", 1), Bound(x, sp.Integer(5), r"x \le 5", 2))


@pytest.mark.parametrize(("low", "rel", "high", "shown"), [
    (2 * m, "≤", m + 2, "6 against 5"), (2 * m, "<", m + 2, "6 against 5"),
    (m + 2, "≥", 2 * m, "5 against 6"), (m + 2, ">", 2 * m, "5 against 6"),
])
def test_a_link_false_on_its_names_range_is_refuted_in_every_orientation(low, rel, high, shown):
    # m >= 2: 2m <= m + 2 fails at every m > 2 (m = 2 is the edge, not tried)
    found = refuted_on_domain(low, high, rel, M_AT_LEAST_2)
    assert found is not None and found.holds is False
    assert (found.lemma, found.point) == (r"2 \le m (line 1)", f"m = 3: {shown} (false at all 4 points tried)")


def test_an_equation_or_a_side_that_is_no_expression_is_not_refuted():
    assert refuted_on_domain(2 * m, m + 2, "=", M_AT_LEAST_2) is None
    assert refuted_on_domain(2 * m, m + 2, "≠", M_AT_LEAST_2) is None
    assert refuted_on_domain(sp.Matrix([2 * m]), m + 2, "≤", M_AT_LEAST_2) is None


@pytest.mark.parametrize("low", [
    2 * sp.Abs(m),  # an absolute value: |m| = m here, yet no scalar link of a chain of bounds
    sp.Sum(m * k, (k, 1, 2)),  # 3m, written as a sum
    sp.Product(m, (k, 1, 2)) + m,  # m^2 + m, written with a product
])
def test_a_side_with_an_absolute_value_a_sum_or_a_product_is_not_refuted(low):
    # the same link without them (3m <= m + 2) is refuted: only the guard keeps these out
    assert refuted_on_domain(3 * m, m + 2, "≤", M_AT_LEAST_2) is not None
    assert refuted_on_domain(low, m + 2, "≤", M_AT_LEAST_2) is None


def test_a_name_on_one_side_only_is_still_a_name_of_the_link():
    found = refuted_on_domain(2 * m, sp.Integer(3), "≤", M_AT_LEAST_2)
    assert found is not None and found.point == "m = 3: 6 against 3 (false at all 4 points tried)"
    found = refuted_on_domain(m + x, sp.Integer(1), "≤", (*M_AT_LEAST_2, Bound(sp.Integer(0), x, r"0 \le x", 2)))
    assert found is not None and found.point.startswith("m = 3, x = 1: 4 against 1")


def test_a_bound_without_a_line_is_cited_by_its_text_alone():
    found = refuted_on_domain(2 * m, m + 2, "≤", (Bound(sp.Integer(2), m, r"2 \le m"),))
    assert found is not None and found.lemma == r"2 \le m"


def test_a_count_is_tried_above_its_stated_lower_end_only():
    # n a count with 2 <= n: tried at 3 and 10 (n = 2 is the edge, where n^2 <= 2n holds by accident)
    found = refuted_on_domain(n**2, 2 * n, "≤", (Bound(sp.Integer(2), n, r"2 \le n", 1),), frozenset({"n"}))
    assert found is not None and found.point == "n = 3: 9 against 6 (false at all 3 points tried)"


def test_a_count_is_tried_below_its_stated_upper_end_only():
    # n a count with n <= 3: tried at 2 only (3 is the edge, where 3 <= n holds)
    found = refuted_on_domain(sp.Integer(3), n, "≤", (Bound(n, sp.Integer(3), r"n \le 3", 1),), frozenset({"n"}))
    assert found is not None and found.point == "n = 2: 3 against 2 (false at all 2 points tried)"
    # with n <= 2 no count is inside: nothing tried, nothing refuted
    assert refuted_on_domain(sp.Integer(3), n, "≤", (Bound(n, sp.Integer(2), r"n \le 2", 1),),
                             frozenset({"n"})) is None


@pytest.mark.parametrize(("low", "high", "shown"), [
    (x, sp.Rational(3, 2), r"x = 2: 2 against \frac{3}{2}"),  # true near 1, the lower end: not tried there
    (sp.Integer(5), x, "x = 2: 5 against 2"),  # true at 5 and beyond: not tried there
])
def test_a_bounded_range_is_tried_inside_between_its_ends(low, high, shown):
    # 1 <= x <= 5: tried at 2, 3 and 4 (a quarter, half and three quarters of the way) and at 2, the first whole number
    found = refuted_on_domain(low, high, "≤", X_FROM_1_TO_5)
    assert found is not None and found.point == f"{shown} (false at all 4 points tried)"
    assert found.lemma == r"1 \le x (line 1), x \le 5 (line 2)"


def test_a_range_bounded_above_only_is_tried_below_its_end():
    # x <= 4: tried at 3.99, 3.5 and 3, and shown at 3, the largest whole number below 4
    at_most_4 = (Bound(x, sp.Integer(4), r"x \le 4", 2),)
    found = refuted_on_domain(sp.Integer(5), x, "≤", at_most_4)
    assert found is not None and found.point == "x = 3: 5 against 3 (false at all 4 points tried)"
    # 4 <= x holds at the end 4 only (not tried), so it is false at every point tried
    found = refuted_on_domain(sp.Integer(4), x, "≤", at_most_4)
    assert found is not None and found.point.startswith("x = 3: 4 against 3")
    # 3.5 <= x holds at 3.99: not refuted
    assert refuted_on_domain(sp.Rational(7, 2), x, "≤", at_most_4) is None


def test_a_range_with_no_whole_number_inside_is_not_refuted():
    # 1 <= x <= 2: 2 is its edge, and x may be an integer: no point shows a whole-number counterexample
    one_to_two = (Bound(sp.Integer(1), x, r"1 \le x", 1), Bound(x, sp.Integer(2), r"x \le 2", 1))
    assert refuted_on_domain(sp.Integer(3), x, "≤", one_to_two) is None


def test_a_product_is_no_sum_for_the_cauchy_schwarz_inequality():
    i = sp.Symbol("i", integer=True)
    low = sp.Product(A[i] * B[i], (i, 1, n)) ** 2
    high = sp.Product(A[i] ** 2, (i, 1, n)) * sp.Product(B[i] ** 2, (i, 1, n))
    assert lemma_of(low, high, "≤") is None
    as_sums = (sp.Sum(A[i] * B[i], (i, 1, n)) ** 2, sp.Sum(A[i] ** 2, (i, 1, n)) * sp.Sum(B[i] ** 2, (i, 1, n)))
    assert lemma_of(*as_sums, "≤").lemma == "the Cauchy-Schwarz inequality"


def test_a_link_in_at_most_three_names_is_tried():
    names = sp.symbols("p q r s")
    positive = tuple(Bound(sp.Integer(1), s, f"1 \\le {s}", 1) for s in names)
    # p + q + r <= 1 fails for all p, q, r >= 1: refuted (27 points and the whole numbers 2, 2, 2)
    found = refuted_on_domain(sum(names[:3]), sp.Integer(1), "≤", positive)
    assert found is not None and found.point == "p = 2, q = 2, r = 2: 6 against 1 (false at all 28 points tried)"
    # four names would be 81 points: not tried
    assert refuted_on_domain(sum(names), sp.Integer(1), "≤", positive) is None


def test_a_square_scaled_by_an_irrational_number_is_nonnegative():
    # sqrt(2) (a - b)^2 >= 0: of degree 2 in a and in b (sqrt(2) is a number, no letter of odd degree)
    a, b = sp.symbols("a b")
    found = lemma_of(2 * sp.sqrt(2) * a * b, sp.sqrt(2) * (a**2 + b**2), "≤")
    assert found is not None and found.lemma == "a square is nonnegative (AM-GM for two numbers)"
    assert lemma_of(2 * sp.sqrt(2) * a * b, sp.sqrt(2) * (a**2 + b), "≤") is None


def test_a_reversed_lemma_with_a_name_on_one_side_only_is_refuted():
    a, b = sp.symbols("a b")
    # (a - b)^2 < 0 reverses "a square is nonnegative"; 0 has no names, a and b still take values
    found = refuted_reverse(a**2 - 2 * a * b + b**2, sp.Integer(0), "<")
    assert found is not None and found.holds is False
    assert found.point == "a = -2, b = 3 (scalars): 25 against 0"


@pytest.mark.parametrize("family", [sp.Product(x, (k, 1, n)), sp.Sum(x, (k, 1, n))])
def test_a_reversed_triangle_inequality_over_a_product_or_a_sum_is_not_tried(family):
    # |a + P| >= |a| + |P| reverses the triangle inequality, but a point gives n no meaning as a range (n = 1/2)
    a = sp.Symbol("a")
    assert refuted_reverse(sp.Abs(a + family), sp.Abs(a) + sp.Abs(family), "≥") is None
    assert refuted_reverse(sp.Abs(a + x), sp.Abs(a) + sp.Abs(x), "≥") is not None


def test_a_reversed_lemma_is_refuted_at_a_point_that_keeps_the_stated_bound_of_a_number():
    # 1 + x >= e^x with 0 <= x stated: x = -2 breaks the bound and is skipped; x = 3 refutes it
    x_nonnegative = (Bound(sp.Integer(0), x, r"0 \le x", 1),)
    found = refuted_reverse(1 + x, sp.exp(x), "≥", x_nonnegative)
    assert found is not None and found.point == "x = 3 (scalars): 4 against e^{3}"
    assert refuted_reverse(1 + x, sp.exp(x), "≥").point == "x = -2 (scalars): -1 against e^{-2}"
    # a bound between two expressions on other names is no hypothesis on x
    other = (Bound(sp.Function("norm")(sp.Symbol("C")), sp.Symbol("y"), r"\Vert C\Vert \le y", 1),)
    assert refuted_reverse(1 + x, sp.exp(x), "≥", other).point == "x = -2 (scalars): -1 against e^{-2}"
    # one between x and an expression may be broken by any point: not tried
    assert refuted_reverse(1 + x, sp.exp(x), "≥", (Bound(x, sp.Symbol("y"), r"x \le y", 1),)) is None


def _at_least(c, name, line=1):
    return Bound(sp.Integer(c), name, f"{c} \\le {name}", line)


def test_one_plus_x_below_e_to_the_x_raised_to_a_power_cites_both_conditions():
    found = lemma_of((1 + x) ** n, sp.exp(n * x), "≤", (_at_least(0, x), _at_least(0, n, 2)))
    assert found is not None and found.lemma == r"1 + x \le e^x raised to the power n, with 0 \le x (line 1), " \
        r"0 \le n (line 2)"


@pytest.mark.parametrize(("low", "high", "bounds"), [
    ((1 + x) ** n, sp.Symbol("y"), (_at_least(0, x), _at_least(0, n), _at_least(0, sp.Symbol("y")))),  # no e^{nx}
    ((1 + x) ** 2, sp.exp(2 * x), (_at_least(0, x),)),  # a number for n: no power of a name
    ((1 + 2 * sp.Symbol("y")) ** n, sp.exp(2 * n * sp.Symbol("y")),  # 2y for x: no name
     (_at_least(0, sp.Symbol("y")), _at_least(0, n))),
])
def test_one_plus_x_below_e_to_the_x_is_raised_to_the_power_of_a_name_only(low, high, bounds):
    assert lemma_of(low, high, "≤", bounds) is None


@pytest.mark.parametrize(("low", "high", "bounds", "counts"), [
    (1 + 3 * x, (1 + x) ** 3, (_at_least(-1, x),), frozenset()),  # a number for n
    (1 + 2 * n * sp.Symbol("y"), (1 + 2 * sp.Symbol("y")) ** n, (_at_least(0, sp.Symbol("y")),),
     frozenset({"n"})),  # 2y for x
    (1 + n * x, (1 + x) ** n, (_at_least(-2, x),), frozenset({"n"})),  # x >= -2 is not x >= -1
])
def test_bernoulli_needs_names_and_x_at_least_minus_one(low, high, bounds, counts):
    assert lemma_of(low, high, "≤", bounds, counts) is None
    found = lemma_of(1 + n * x, (1 + x) ** n, "≤", (_at_least(-1, x),), frozenset({"n"}))
    assert found is not None and found.lemma.startswith("Bernoulli's inequality, with -1 \\le x (line 1)")


@pytest.mark.parametrize(("low", "high", "holds"), [
    (1 + x, 1 + sp.Symbol("y"), True), (3 + 2 * x, 3 + 2 * sp.Symbol("y"), True),  # added, scaled by 2
    (1 + 2 * x, 1 + sp.Symbol("y"), False), (1 - x, 1 - sp.Symbol("y"), False),  # no constant ratio, a negative one
])
def test_a_stated_bound_between_names_with_the_same_terms_on_both_sides(low, high, holds):
    stated = (Bound(x, sp.Symbol("y"), r"x \le y", 3),)
    found = lemma_of(low, high, "≤", stated)
    if holds:
        assert found is not None and found.lemma == (r"the bound x \le y (line 3), with the same terms added to both "
                                                     "sides or both scaled by a positive number")
    else:
        assert found is None


def test_a_bound_whose_sides_differ_by_a_number_bounds_no_name():
    # x <= x + 1 says nothing of x: it proves no link, not even y + x <= y + x + 1
    y = sp.Symbol("y")
    assert lemma_of(y + x, x + y + 1, "≤", (Bound(x, x + 1, r"x \le x + 1", 1),)) is None


def test_the_cauchy_schwarz_inequality_squares_the_sum():
    i = sp.Symbol("i", integer=True)
    products = sp.Sum(A[i] ** 2, (i, 1, n)) * sp.Sum(B[i] ** 2, (i, 1, n))
    assert lemma_of(sp.Sum(A[i] * B[i], (i, 1, n)) ** 2, products, "≤").lemma == "the Cauchy-Schwarz inequality"
    assert lemma_of(sp.Sum(A[i] * B[i], (i, 1, n)) ** 4, products, "≤") is None


def test_every_stated_bound_is_tried_not_only_the_last():
    y, z = sp.symbols("y z")
    # x <= z (the last stated) does not give 1 + x <= 1 + y; x <= y, stated before it, does
    found = lemma_of(1 + x, 1 + y, "≤", (Bound(x, y, r"x \le y", 1), Bound(x, z, r"x \le z", 2)))
    assert found is not None and found.lemma.startswith(r"the bound x \le y (line 1)")


def test_a_conditional_lemma_that_cannot_read_a_link_proves_nothing(monkeypatch):
    from lnsym.check.judges.proofs import lemmas

    def unreadable(*args):
        raise TypeError("unreadable")

    bernoulli = (1 + n * x, (1 + x) ** n, "≤", (_at_least(-1, x),), frozenset({"n"}))
    assert lemma_of(*bernoulli).lemma.startswith("Bernoulli's inequality")
    monkeypatch.setattr(lemmas, "_bernoulli", unreadable)
    assert lemma_of(*bernoulli) is None
    y = sp.Symbol("y")
    shifted = (1 + x, 1 + y, "≤", (Bound(x, y, r"x \le y", 1),))
    assert lemma_of(*shifted).lemma.startswith(r"the bound x \le y")
    monkeypatch.setattr(lemmas, "_shifted_bound", lambda *args: 1 / 0)
    assert lemma_of(*shifted) is None


def test_both_sides_are_divided_by_each_nonnegative_factor_in_turn():
    m = sp.Symbol("m")
    stated = (_at_least(0, m), _at_least(0, n, 2))
    found = lemma_of(m * n * sp.log(1 + x), m * n * x, "≤", stated)
    assert found is not None and found.lemma == (
        r"\ln y \le y - 1 (1 + x \le e^x, its logarithm), as both sides carry the factor m \ge 0 (0 \le m (line 1)), "
        r"and both sides carry the factor n \ge 0 (0 \le n (line 2))")
    # a name that is no factor of both sides (a, listed before t) is not divided out
    a, t = sp.symbols("a t")
    found = lemma_of(t * sp.log(1 + a), t * a, "≤", (_at_least(0, a), _at_least(0, t, 2)))
    assert found is not None and found.lemma.endswith(r"as both sides carry the factor t \ge 0 (0 \le t (line 2))")


def test_two_reductions_at_most():
    m = sp.Symbol("m")
    stated = (_at_least(0, m), _at_least(0, n, 2))
    assert lemma_of(sp.exp(n * sp.log(1 + x)), sp.exp(n * x), "≤", stated) is not None  # e^x, then n
    assert lemma_of(sp.exp(m * n * sp.log(1 + x)), sp.exp(m * n * x), "≤", stated) is None  # e^x, m, then n


def test_entries_of_a_family_are_no_names_of_a_polynomial():
    # B_1, B_2 of a family may be matrices, which do not commute: 2 B_1 B_2 <= B_1^2 + B_2^2 is no square lemma
    assert lemma_of(2 * A[1] * A[2], A[1] ** 2 + A[2] ** 2, "≤") is None
    a, b = sp.symbols("a b")
    assert lemma_of(2 * a * b, a**2 + b**2, "≤") is not None


def test_a_reduced_link_keeps_the_counts_of_the_statement():
    # e^{1 + nx} <= e^{(1 + x)^n} is Bernoulli's inequality once e^x is taken off; n is a count, x >= -1
    found = lemma_of(sp.exp(1 + n * x), sp.exp((1 + x) ** n), "≤", (_at_least(-1, x),), frozenset({"n"}))
    assert found is not None and found.lemma == (r"Bernoulli's inequality, with -1 \le x (line 1), n a count (the "
                                                 "last index of a sum or product), as e^x is increasing")
    assert lemma_of(sp.exp(1 + n * x), sp.exp((1 + x) ** n), "≤", (_at_least(-1, x),)) is None


def test_a_range_cites_the_first_of_equal_bounds_only():
    again = (Bound(sp.Integer(0), x, r"0 \le x", 1), Bound(sp.Integer(0), x, r"x \ge 0", 3))
    assert refuted_on_domain(2 * x + 1, x, "≤", again).lemma == r"0 \le x (line 1)"
    again = (Bound(x, sp.Integer(5), r"x \le 5", 1), Bound(x, sp.Integer(5), r"5 \ge x", 3))
    assert refuted_on_domain(x, sp.Integer(-1), "≤", again).lemma == r"x \le 5 (line 1)"


def test_a_bound_gives_a_range_to_the_name_it_bounds_by_a_number_only():
    y = sp.Symbol("y")
    at_least_0 = Bound(sp.Integer(0), x, r"0 \le x", 1)
    # y <= 3 bounds y, not x; x <= y bounds x by no number
    for other in (Bound(y, sp.Integer(3), r"y \le 3", 2), Bound(x, y, r"x \le y", 2)):
        found = refuted_on_domain(2 * x + 1, x, "≤", (at_least_0, other))
        assert found is not None and found.lemma == r"0 \le x (line 1)", other
        assert found.point == "x = 1: 3 against 1 (false at all 4 points tried)"
    # x <= y alone gives neither x nor y a range (x is no norm or absolute value: y may be negative)
    assert refuted_on_domain(2 * x + 1, x, "≤", (Bound(x, y, r"x \le y", 2),)) is None
    assert refuted_on_domain(2 * y + 1, y, "≤", (Bound(x, y, r"x \le y", 2),)) is None


def test_a_bound_of_a_norm_makes_its_bound_nonnegative_and_no_more():
    delta, norm_b = sp.Symbol("\\delta"), sp.Function("norm")(sp.Symbol("B"))
    norm_bound = Bound(norm_b, delta, r"\Vert B\Vert \le \delta", 2)
    # \delta >= 0: tried at 0.01, 0.5, 1, shown at 1
    found = refuted_on_domain(delta, sp.Integer(-1), "≤", (norm_bound,))
    assert found is not None and found.lemma == r"\Vert B\Vert \le \delta (line 2)"
    assert found.point == r"\delta = 1: 1 against -1 (false at all 4 points tried)"
    # a lower end stated already stays: 0 <= \delta is cited alone, \delta >= 1/2 is not lowered to 0
    found = refuted_on_domain(delta, sp.Integer(-1), "≤", (Bound(sp.Integer(0), delta, r"0 \le \delta", 1), norm_bound))
    assert found is not None and found.lemma == r"0 \le \delta (line 1)"
    half = Bound(sp.Rational(1, 2), delta, r"\frac12 \le \delta", 1)
    found = refuted_on_domain(2 * delta, sp.Integer(1), "≤", (half, norm_bound))  # true near 0, false above 1/2
    assert found is not None and found.point == r"\delta = 1: 2 against 1 (false at all 4 points tried)"


def test_a_point_names_the_identity_when_one_side_has_it():
    identity, b = sp.Symbol("I"), sp.Symbol("B")
    # (I - B)^2 < 0 reverses "a square is nonnegative"; I stands on the left only and is 1 at the point
    found = refuted_reverse(identity**2 - 2 * identity * b + b**2, sp.Integer(0), "<")
    assert found is not None and found.point == "B = -2 (scalars, I = 1): 9 against 0"
