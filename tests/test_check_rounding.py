"""Rounding: a written decimal claims a value within half its last unit."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.rounding import format_rounded, format_value, literal_of, rounds_to
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize


def lit(src):
    return literal_of(parse_term(tokenize(src)))


@pytest.mark.parametrize(
    ("x", "src", "ok"),
    [
        (sp.sqrt(2), "1.4142", True),
        (sp.sqrt(2), "1.414", True),
        (sp.sqrt(2), "1.4124", False),
        (sp.Rational(1, 3), "0.334", False),
        (sp.Rational(1, 3), "0.333", True),
        (sp.Rational(1, 8), "0.12", True),  # exactly on the half: either way
        (sp.Rational(1, 8), "0.13", True),
        (sp.Rational(1, 8), "0.14", False),
        (sp.sqrt(10) / 1000, r"3.162\times 10^{-3}", True),
        (sp.sqrt(10) / 1000, r"3.163\times 10^{-3}", False),
        (sp.Integer(1024), "1000", True),
        (sp.Rational(57, 10), "6", True),
        (sp.Rational(66, 10), "6", False),
        (-sp.sqrt(2), "-1.41", True),
    ],
)
def test_rounds_to(x, src, ok):
    assert rounds_to(x, lit(src)) is ok


def test_formats():
    assert format_rounded(sp.Rational(1, 3), lit("0.334")) == "0.333"
    assert format_rounded(sp.sqrt(10) / 1000, lit(r"3.16\times 10^{-3}")) == r"3.16\times 10^{-3}"
    assert format_value(sp.Rational(7, 4)) == "1.75"
    assert format_value(sp.Rational(1, 3)) == "1/3 = 0.333333..."
    assert literal_of(parse_term(tokenize(r"\sqrt{2}"))) is None


# -- the value shown for a wrong rounding is itself rounded honestly (issue 15: it could truncate) --------
from fractions import Fraction  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _lit(src: str):
    return literal_of(parse_term(tokenize(src)))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.fractions(min_value=-10**6, max_value=10**6), st.integers(0, 7))
def test_the_shown_rounding_is_within_half_a_unit(x, decimals):
    shown = format_rounded(sp.Rational(x.numerator, x.denominator), _lit("1." + "0" * decimals if decimals else "1"))
    digits = shown.lstrip("-").split(".")
    assert len(digits[1] if len(digits) > 1 else "") == decimals  # as many digits as the key wrote
    assert abs(Fraction(shown) - x) <= Fraction(1, 10**decimals) / 2  # nearest, never truncated


@pytest.mark.parametrize(("x", "src", "shown"), [
    (sp.Rational(2, 3), "0.66", "0.67"), (-sp.Rational(2, 3), "0.66", "-0.67"), (sp.Rational(1, 3), "0.334", "0.333"),
    (sp.sqrt(2), "1.41", "1.41"), (sp.sqrt(3), "1.7", "1.7"), (sp.Rational(199999, 100000), "1.9", "2.0"),
    (sp.Rational(2, 3) / 1000, "6.6\\times 10^{-4}", "6.7\\times 10^{-4}"), (sp.Rational(123456, 10), "12000", "12000"),
    (sp.Rational(12550, 1), "12000", "13000"), (sp.pi * 10**6, "3141000", "3142000"),
])
def test_the_shown_rounding_of_known_values(x, src, shown):
    assert format_rounded(x, _lit(src)) == shown
    assert rounds_to(x, _lit(shown)) is True  # what is shown is what the value rounds to


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.integers(2, 10**6), st.integers(0, 9))
def test_the_shown_rounding_of_roots(k, decimals):
    x = sp.sqrt(k)
    shown = format_rounded(x, _lit("1." + "0" * decimals if decimals else "1"))
    exact = Fraction(str(sp.N(x, 60)))
    assert abs(Fraction(shown) - exact) <= Fraction(1, 10**decimals) / 2
