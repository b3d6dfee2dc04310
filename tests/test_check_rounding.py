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
