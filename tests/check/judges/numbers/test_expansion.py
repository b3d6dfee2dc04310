from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers.expansion import LARGE, counted_terms, estimated_terms

x, y, T = sp.symbols("x y T")
v = sp.IndexedBase("v")
n = sp.Symbol("n", integer=True)


@pytest.mark.parametrize("e", [
    (x + y) ** 2 - (x - y) ** 2,  # 4xy: terms cancel
    (x + 1) ** 3 - x**3,
    (x + y) ** 2 - x**2 - 2 * x * y - y**2,  # 0 is one term
    sp.Rational(3, 4) * x * (x - 2) + sp.Integer(7),
    (v[1] * v[3] + v[2] * v[4] + v[n]) ** 2 - T**2 / 4,
    sp.Add(*(v[i] * v[i + 2] for i in range(1, 12))) ** 2 - sp.Add(*(v[i] ** 2 for i in range(1, 14))) ** 2,
    sp.Integer(5),
])
def test_the_terms_counted_in_a_ring_are_those_of_the_expansion(e):
    assert counted_terms(e) == len(sp.Add.make_args(sp.expand(e)))


@pytest.mark.parametrize("e", [
    sp.sqrt(2) * x + sp.pi * x,  # irrational coefficients: expand keeps both terms, a ring would join them
    sp.sin(x) ** 2 + x,
    1 / (x + 1),
    x ** sp.Rational(1, 2),
    v[x + 1] * x,  # an entry whose index is a sum (expand may rewrite it)
])
def test_what_is_no_polynomial_over_the_rationals_is_not_counted(e):
    assert counted_terms(e) is None


def test_the_estimate_bounds_the_expansion_and_marks_a_large_one():
    small = (x + y + 1) ** 2 - x
    assert estimated_terms(small) >= len(sp.Add.make_args(sp.expand(small)))
    assert estimated_terms(small) <= LARGE
    assert estimated_terms(sp.Add(*(v[i] for i in range(20))) ** 2) > LARGE
