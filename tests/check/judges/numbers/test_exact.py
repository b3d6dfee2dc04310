"""Exact comparison of numbers (lnsym.check.judges.numbers.exact): True only when SymPy shows the difference is 0,
False only when a 50-digit value puts it clearly away from 0, None otherwise. Each test states one rule."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers import exact
from lnsym.check.judges.numbers.evaluate import Vec
from lnsym.check.judges.numbers.exact import (
    _exact_equal,
    exact_equal,
    free_of,
    is_undefined,
    near_zero,
    remembered,
    shown_zero,
)

x, y = sp.symbols("x y", real=True)
F = sp.Function("F")


def test_an_equal_value_written_otherwise_is_shown_equal():
    # (sqrt 2 + 1)^2 = 3 + 2 sqrt 2 needs expand; sin(1)^2 + cos(1)^2 = 1 needs simplify
    assert _exact_equal((sp.sqrt(2) + 1) ** 2, 3 + 2 * sp.sqrt(2)) is True
    assert _exact_equal(sp.sin(1) ** 2 + sp.cos(1) ** 2, sp.Integer(1)) is True
    assert _exact_equal(sp.sin(x) ** 2 + sp.cos(x) ** 2, sp.Integer(1)) is True  # symbolic: no number to evaluate


def test_the_same_value_is_equal():
    assert _exact_equal(sp.Integer(2), sp.Integer(2)) is True
    assert _exact_equal(sp.sqrt(2) + x, sp.sqrt(2) + x) is True  # a difference of 0 needs no evaluation


def test_a_rational_difference_refutes():
    # 1/3 - 333/1000 = 1/3000, 3 - 2 = 1: exact, no evaluation needed
    assert _exact_equal(sp.Rational(1, 3), sp.Rational(333, 1000)) is False
    assert _exact_equal(sp.Integer(3), sp.Integer(2)) is False


def test_a_difference_clearly_away_from_zero_refutes():
    # sqrt 2 - 1.414 = 0.000213...; a non-real difference by its modulus: |i sqrt 2| = 1.414...
    assert _exact_equal(sp.sqrt(2), sp.Rational(1414, 1000)) is False
    assert _exact_equal(sp.I * sp.sqrt(2), sp.Integer(0)) is False
    assert _exact_equal(1 + sp.sqrt(2) / 10**25, sp.Integer(1)) is False  # 1.4e-25 > 1e-30 * (1 + 1)


def test_a_difference_within_the_evaluation_tolerance_is_undecided_not_equal():
    # sqrt 2 / 10^40 is not 0, but below 1e-30 * (|a| + 1): neither refuted nor shown equal
    assert _exact_equal(1 + sp.sqrt(2) / 10**40, sp.Integer(1)) is None
    # the tolerance grows with |a|: 10^40 + sqrt 2 against 10^40 differs by 1.41 < 1e-30 * (10^40 + 1) = 1e10
    assert _exact_equal(10**40 + sp.sqrt(2), sp.Integer(10**40)) is None
    # ... and is 1e-30 * (|a| + 1): for a near 0, pi/10^30 = 3.1e-30 refutes, pi/10^31 = 3.1e-31 does not
    assert _exact_equal(sp.pi / 10**30, sp.Integer(0)) is False
    assert _exact_equal(sp.pi / 10**31, sp.Integer(0)) is None
    # 6 pi/10^31 = 1.9e-30: beyond 1e-30 * (0 + 1), within 1e-30 * (|-1| + 1) = 2e-30
    assert near_zero(6 * sp.pi / 10**31, sp.Integer(0)) is False
    assert near_zero(6 * sp.pi / 10**31, sp.Integer(-1)) is True
    assert near_zero(sp.Integer(0), sp.Integer(0)) is True


def test_what_cannot_be_evaluated_or_simplified_is_undecided():
    assert _exact_equal(F(x), F(y)) is None  # no number, no identity
    assert near_zero(F(x) - F(y), sp.Integer(1)) is None
    assert near_zero(sp.sqrt(2), F(x)) is None  # a scale with no numeric value
    assert near_zero(sp.I * x, sp.Integer(1)) is None  # a symbol: not a number, though its real part (0) is


def test_exact_equal_remembers_and_answers_like_the_comparison():
    pairs = [((sp.sqrt(2) + 1) ** 2, 3 + 2 * sp.sqrt(2)), (sp.Rational(1, 3), sp.Rational(333, 1000)),
             (F(x), F(y))]
    for a, b in pairs:
        assert exact_equal(a, b) is _exact_equal(a, b)
        assert exact_equal(a, b) is _exact_equal(a, b)  # the remembered answer is the same


def test_remembered_answers_a_hashable_pair_once_and_a_mutable_one_each_time():
    calls = []

    def decide(a, b):
        calls.append((a, b))
        return a == b

    ask = remembered(decide)
    assert ask.__name__ == "decide" and ask.__wrapped__ is decide
    assert ask(sp.Integer(1), sp.Integer(1)) is True and ask(sp.Integer(1), sp.Integer(1)) is True
    assert len(calls) == 1
    m = sp.Matrix([[1, 2]])  # mutable: unhashable, asked every time
    assert ask(m, m) is True and ask(m, m) is True
    assert len(calls) == 3


def test_remembered_keeps_the_last_512_pairs():
    calls = []

    def decide(a, b):
        calls.append(a)
        return None

    ask = remembered(decide)
    ask(sp.Integer(0), sp.Integer(0))
    for t in range(1, 512):  # 511 more: 512 pairs, the first still kept
        ask(sp.Integer(t), sp.Integer(0))
    ask(sp.Integer(0), sp.Integer(0))
    assert calls.count(0) == 1
    ask = remembered(decide)
    calls.clear()
    for t in range(513):  # 513 pairs: the first is forgotten
        ask(sp.Integer(t), sp.Integer(0))
    ask(sp.Integer(0), sp.Integer(0))
    assert calls.count(0) == 2


def test_free_of_collects_symbols_and_applied_functions_of_values_and_vectors():
    assert free_of(F(x) + y) == {x, y, F(x)}
    assert free_of(F(2) + 1) == {F(2)}  # an unknown function of a number is still unknown
    assert free_of(Vec([x, F(2), sp.Integer(3)])) == {x, F(2)}
    assert free_of(sp.sqrt(2)) == set()


def test_a_value_with_an_infinity_or_nan_is_undefined():
    for bad in (sp.oo, -sp.oo, sp.zoo, sp.nan, 1 + sp.zoo * x):
        assert is_undefined(bad) is True, bad
    assert is_undefined(Vec([sp.Integer(1), -sp.oo])) is True
    assert is_undefined(Vec([sp.Integer(1), x])) is False
    assert is_undefined(sp.sqrt(2) + x) is False


def _no_simplify(monkeypatch) -> list:
    """``simplify`` replaced by one that records its argument and fails, to see which differences reach it."""
    asked: list = []

    def refuse(d, *args, **kwargs):
        asked.append(d)
        raise AssertionError("simplify was called")

    monkeypatch.setattr(exact.sp, "simplify", refuse)
    return asked


def test_simplify_shows_zero_and_not_shown_is_undecided():
    assert shown_zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1) is True
    assert shown_zero(sp.sin(1) ** 2 + sp.cos(1) ** 2 - 1) is True  # a number, two trigonometric values
    assert shown_zero(sp.sin(x) - x) is None  # not an identity: undecided here, never "nonzero"


def test_a_series_summed_where_it_converges_is_not_simplified(monkeypatch):
    # sum_{i>=0} x^{3i} is 1/(1 - x^3) where |x^3| < 1: a Piecewise that simplify splits by cases and never
    # shows is 0, in seconds; the difference is undecided at once
    i = sp.Symbol("i", integer=True)
    series = sp.Sum(x ** (3 * i), (i, 0, sp.oo)).doit()
    assert series.has(sp.Piecewise)
    asked = _no_simplify(monkeypatch)
    assert shown_zero(series - 1 / (1 - x**3)) is None
    assert _exact_equal(series, 1 / (1 - x**3)) is None
    assert asked == []


@pytest.mark.parametrize(("values", "tried"), [(exact.MAX_TRIG_VALUES, True), (exact.MAX_TRIG_VALUES + 1, False)])
def test_a_number_of_many_trigonometric_values_is_not_simplified(monkeypatch, values, tried):
    # a sum of squared sines and cosines of n angles minus a number: up to MAX_TRIG_VALUES distinct values
    # simplify is asked; one more and the difference is undecided without it
    d = sum((sp.sin if k % 2 else sp.cos)(k) ** 2 for k in range(1, values + 1)) - sp.Rational(values, 2)
    assert len(d.atoms(sp.sin, sp.cos)) == values
    asked = _no_simplify(monkeypatch)
    if tried:
        with pytest.raises(AssertionError, match="simplify was called"):
            shown_zero(d)
    else:
        assert shown_zero(d) is None
    # with a letter in it, the count does not apply: an identity in x with many sines is still simplified
    with pytest.raises(AssertionError, match="simplify was called"):
        shown_zero(d * x)
    assert len(asked) == (2 if tried else 1)


def test_an_algebraic_number_is_zero_when_its_minimal_polynomial_is_x(monkeypatch):
    # tan 60° against the triple-angle form of tan 20°, and the product cos 10° cos 50° cos 70° = sqrt 3 / 8:
    # numbers of roots and trigonometric values at rational multiples of pi, which simplify does not show 0
    tan20 = sp.tan(sp.pi / 9)
    triple = sp.sqrt(3) - (3 * tan20 - tan20**3) / (1 - 3 * tan20**2)
    product = sp.cos(sp.pi / 18) * sp.cos(5 * sp.pi / 18) * sp.cos(7 * sp.pi / 18) - sp.sqrt(3) / 8
    unit = sp.exp(-sp.I * sp.pi / 4) - (sp.sqrt(2) - sp.sqrt(2) * sp.I) / 2  # e^{-i pi/4} = (1 - i)/sqrt 2
    asked = _no_simplify(monkeypatch)
    assert [shown_zero(d) for d in (triple, product, unit)] == [True, True, True]
    # one digit off: the minimal polynomial is not x, and the answer is undecided (near_zero refutes it)
    assert shown_zero(product + sp.Rational(1, 10**6)) is None
    assert asked == []


@pytest.mark.parametrize(("d", "algebraic"), [
    (sp.cos(sp.pi / exact.MAX_PI_DENOMINATOR) - 1, True),
    (sp.Integer(7), False),  # no root, no trigonometric value: nothing for the polynomial to do
    (sp.cos(sp.pi / 18) - sp.sin(4 * sp.pi / 9), True),  # cos 10° = sin 80°
    (sp.cos(sp.pi / 19) - sp.sin(sp.pi / 19), False),  # a denominator above 18: simplify decides
    (sp.cos(sp.Integer(1)) - sp.sin(sp.Integer(2)), False),  # not a multiple of pi: not algebraic
    (sp.sqrt(2) + sp.Integer(5) ** sp.Rational(1, 5), False),  # a fifth root
    (sp.sqrt(2) + x, False),  # a letter
    (sp.pi - sp.Rational(22, 7), False),  # pi itself is not algebraic
    (sum(sp.sqrt(p) for p in (2, 3, 5, 7, 11, 13, 17, 19, 23)), False),  # more than MAX_TRIG_VALUES roots
    (sum(sp.sqrt(p) for p in (2, 3, 5, 7, 11, 13, 17, 19)), True),  # exactly MAX_TRIG_VALUES
    (sum(sp.cos(k * sp.pi / 17) for k in range(1, 9)), True),  # 8 trigonometric values
    (sum(sp.cos(k * sp.pi / 17) for k in range(1, 9)) + sp.sin(sp.pi / 17), False),  # 9
    (sp.Integer(2) ** sp.Rational(1, 4) - 1, True),  # a fourth root
])
def test_which_numbers_go_to_the_minimal_polynomial(d, algebraic):
    assert exact._algebraic(d) is algebraic


def test_a_number_the_rewritings_show_zero_is_not_given_to_the_minimal_polynomial(monkeypatch):
    # (1 + sqrt 3)/(sqrt 3 - 1) = 2 + sqrt 3 over one denominator in milliseconds; its minimal polynomial took ten
    # times as long. A number they do not show still goes to the polynomial (cos 10° = sin 80°)
    asked = []
    polynomial = exact.sp.minimal_polynomial

    def recorded(d, *args, **kwargs):
        asked.append(d)
        return polynomial(d, *args, **kwargs)

    monkeypatch.setattr(exact.sp, "minimal_polynomial", recorded)
    r3 = sp.sqrt(3)
    assert shown_zero((1 + r3) / (r3 - 1) - (2 + r3)) is True
    assert asked == []
    assert shown_zero(sp.cos(sp.pi / 18) - sp.sin(4 * sp.pi / 9)) is True
    assert len(asked) == 1


def test_simplify_decides_where_the_minimal_polynomial_fails(monkeypatch):
    def not_implemented(*args, **kwargs):
        raise NotImplementedError("multiple candidates for the minimal polynomial")

    monkeypatch.setattr(exact.sp, "minimal_polynomial", not_implemented)
    assert shown_zero(sp.cos(sp.pi / 9) - sp.sin(7 * sp.pi / 18)) is True  # cos 20° = sin 70°, by simplify


def test_textbook_identities_are_shown_by_rewriting_without_simplify(monkeypatch):
    t, n, a, b = sp.symbols("theta n A B")
    identities = [
        sp.sin(x) ** 6 + sp.cos(x) ** 6 - (1 - 3 * sp.sin(x) ** 2 * sp.cos(x) ** 2),  # cos^2 = 1 - sin^2
        sp.tan(3 * t) - (3 * sp.tan(t) - sp.tan(t) ** 3) / (1 - 3 * sp.tan(t) ** 2),  # a multiple angle
        sp.sin(a + b) - sp.sin(a) * sp.cos(b) - sp.cos(a) * sp.sin(b),  # a sum of angles
        sp.binomial(n, 2) - n * (n - 1) / 2,  # a function written out
        1 / (x - 1) - 1 / (x + 1) - 2 / (x**2 - 1),  # one denominator
    ]
    asked = _no_simplify(monkeypatch)
    assert [shown_zero(d) for d in identities] == [True] * len(identities)
    assert asked == []


@pytest.mark.parametrize("d", [sp.sin(x) - x, sp.sin(100 * x) - 2 * sp.sin(50 * x) * sp.cos(50 * x)])
def test_what_rewriting_does_not_show_goes_to_simplify(monkeypatch, d):
    # sin x = x is no identity; sin 100x is not expanded (a polynomial of degree 100), so simplify decides
    asked = _no_simplify(monkeypatch)
    with pytest.raises(AssertionError, match="simplify was called"):
        shown_zero(d)
    assert asked == [d]
    assert exact._small_angle(3 * x + 2 * y) and not exact._small_angle(7 * x)
    assert exact._small_angle(6 * x - y + sp.pi / 3)  # three terms, 6 times a letter: the largest expanded
    assert not exact._small_angle(x + y + 2 * sp.Symbol("z") + 1)  # four terms: 2^4 products


def test_a_rewriting_that_fails_proves_nothing(monkeypatch):
    # an exception inside the rewritings (here expand_trig) is "not shown", and simplify decides
    def broken(*args, **kwargs):
        raise ValueError("a rewriting SymPy could not do")

    monkeypatch.setattr(exact.sp, "expand_trig", broken)
    assert exact._rewritten_zero(sp.sin(2 * x) - 2 * sp.sin(x) * sp.cos(x)) is False
    assert shown_zero(sp.sin(2 * x) - 2 * sp.sin(x) * sp.cos(x)) is True  # simplify's proof


def test_holds_at_agrees_to_twenty_digits_of_the_larger_side_or_of_one():
    from lnsym.check.judges.numbers.exact import holds_at

    x = sp.Symbol("x")
    assert holds_at(x, x + 1, {}) is False  # no number at the point: no agreement
    assert holds_at(object(), 1, {}) is False  # what SymPy cannot read agrees with nothing
    assert holds_at(sp.Integer(0), sp.Rational(5, 10**21), {}) is True  # within 1e-20 of one
    assert holds_at(sp.Integer(0), sp.Rational(15, 10**21), {}) is False
    assert holds_at(x**2, 4, {x: 2}) is True and holds_at(x**2, 5, {x: 2}) is False
