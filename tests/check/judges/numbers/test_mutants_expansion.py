"""The estimate and the count of terms of an expansion, by the rules of the module's docstrings: a sum adds its
terms' counts, a product multiplies them, an integer power raises them, capped just above LARGE; only polynomials
with rational coefficients in commuting letters and entries are counted (tests written against mutmut's survivors)."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers.expansion import LARGE, counted_terms, estimated_terms

x, y, z = sp.symbols("x y z")
v = sp.IndexedBase("v")


def _sum(count: int, start: int = 0) -> sp.Expr:
    return sp.Add(*(v[i] for i in range(start, start + count)))


@pytest.mark.parametrize(("e", "expected"), [
    (x, 1),  # a letter is one term
    (sp.sin(x), 1),  # so is anything that is no sum, product or power
    (x + y, 2),
    (x * y, 1),  # a product of single terms stays one
    (x * (y + 1), 2),
    ((x + y) * (z + 1), 4),
    ((x + y + z) * (x + 1) * (y + 1), 12),
    ((x + y) ** 2, 4),
    ((x + y + z) ** 3, 27),
    ((x + y) ** -2, 1),  # a negative power is no expansion
    (sp.sqrt(x + y), 1),
])
def test_the_estimate_adds_multiplies_and_raises_the_counts(e, expected):
    assert estimated_terms(e) == expected


@pytest.mark.parametrize("e", [
    _sum(100),  # a sum of more terms than LARGE
    _sum(10) * _sum(10, 10),  # 100 products
    (x + y) ** 7,  # 2^7 = 128
    _sum(3) ** 40,
])
def test_the_estimate_is_capped_just_above_large(e):
    assert estimated_terms(e) == LARGE + 1


def test_the_threshold_is_64_terms():
    # a sum of 65 terms is above it, one of 64 is not
    assert LARGE == 64
    assert estimated_terms(_sum(65)) > LARGE
    assert estimated_terms(_sum(64)) == LARGE
    assert estimated_terms(_sum(8) * _sum(8, 8)) == LARGE


def test_letters_that_do_not_commute_are_not_counted():
    a, b = sp.symbols("A B", commutative=False)
    assert counted_terms((a + b) ** 2) is None
    assert counted_terms(a * x + x) is None


def test_a_sum_whose_first_term_is_a_letter_is_counted():
    assert counted_terms(x + y + sp.Rational(1, 2)) == 3
    assert counted_terms((x + y) * (x - y)) == 2
