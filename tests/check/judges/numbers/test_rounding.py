"""Rounding: a written decimal claims a value within half its last unit."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers.evaluate import Vec
from lnsym.check.judges.numbers.rounding import format_rounded, format_value, literal_of, rounds_to
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


# -- issue 15: what each written form claims, and how values are shown in messages -----------------------
@pytest.mark.parametrize(("src", "value", "unit", "decimals", "exponent", "has_point", "open_ended"), [
    ("1000", 1000, 1000, 0, None, False, False),  # trailing zeros of an integer are not significant
    ("120", 120, 10, 0, None, False, False), ("0", 0, 1, 0, None, False, False), ("007", 7, 1, 0, None, False, False),
    ("-0.50", sp.Rational(-1, 2), sp.Rational(1, 100), 2, None, True, False),  # a decimal's zeros are
    ("(2.5)", sp.Rational(5, 2), sp.Rational(1, 10), 1, None, True, False),
    (r"-(1.25)", sp.Rational(-5, 4), sp.Rational(1, 100), 2, None, True, False),
    (r"33\%", sp.Rational(33, 100), sp.Rational(1, 100), 2, None, True, False),
    (r"1.2\times 10^{-3}", sp.Rational(12, 10**4), sp.Rational(1, 10**4), 1, -3, True, False),
    (r"1.2 \cdot 10^{4}", 12000, 1000, 1, 4, True, False), (r"3 \times 10^{2}", 300, 100, 0, 2, True, False),
    (r"10^{-5}", sp.Rational(1, 10**5), sp.Rational(1, 10**5), 0, -5, True, False),
    (r"10^{(-2)}", sp.Rational(1, 100), sp.Rational(1, 100), 0, -2, True, False),
    (r"10^{-(2)}", sp.Rational(1, 100), sp.Rational(1, 100), 0, -2, True, False),
    (r"-10^{2}", -100, 100, 0, 2, True, False),
    (r"0.333\ldots", sp.Rational(333, 1000), sp.Rational(1, 1000), 3, None, True, True),  # digits cut, not rounded
])
def test_what_a_written_number_claims(src, value, unit, decimals, exponent, has_point, open_ended):
    got = lit(src)
    assert (got.value, got.unit, got.decimals, got.exponent, got.has_point, got.open_ended) == (
        value, unit, decimals, exponent, has_point, open_ended)


@pytest.mark.parametrize("src", ["2^{3}", "x", r"1.5\times 10^{x}", r"1.5\times 2^{3}", "10^{2.5}", "10^{-1000}"])
def test_not_a_written_number(src):
    assert lit(src) is None


@pytest.mark.parametrize(("src", "value"), [
    (r"0.999\ldots", 1), (r"0.1666\ldots", sp.Rational(1, 6)), (r"0.142857142857\ldots", sp.Rational(1, 7)),
    (r"-0.333\ldots", sp.Rational(-1, 3)), (r"0.1212\ldots", sp.Rational(4, 33)), (r"2.5000\ldots", sp.Rational(5, 2)),
    (r"12.34545\ldots", sp.Rational(679, 55)),  # the shortest block, 45: 12.3 + 45/990
    (r"3.14159\ldots", None), (r"0.9\ldots", None), ("0.999", None), (r"1.5\times 10^{-3}", None),
])
def test_an_ellipsis_after_a_repeated_block_repeats_it(src, value):
    from lnsym.check.judges.numbers.rounding import repeating_value

    assert repeating_value(lit(src)) == value


def test_an_ellipsis_under_a_minus_sign_still_means_cut_digits():
    assert lit(r"-0.333\ldots").open_ended is True
    from lnsym.check import check_answer_key

    (f,) = check_answer_key(r"$-\frac{2}{3} = -0.666\ldots$").findings
    assert f.verdict.value == "correct"


@pytest.mark.parametrize(("x", "src", "ok"), [
    (sp.pi * 1000, "3000", True), (sp.pi * 1000, "3100", True), (sp.pi * 1000, "3142", True),  # 3141.59...
    (sp.pi * 1000, "3141", False), (sp.sqrt(2), "1", True), (sp.sqrt(2), "2", False),
    (sp.sqrt(2) * 10**6, r"1.414\times 10^{6}", True), (sp.sqrt(2) * 10**6, r"1.415\times 10^{6}", False),
    (sp.I, "1", None), (sp.oo, "1", None),  # no real value: no rounding, undecided
    # 50 decimals need more than the 40 digits of a default evaluation: 1/3 + 1.4e-60
    (sp.Rational(1, 3) + sp.sqrt(2) / 10**60, "0." + "3" * 50, True),
    (sp.Rational(1, 3) + sp.sqrt(2) / 10**60, "0." + "3" * 49 + "4", False),
    # 1.45 + 1.4e-20 is on the half as far as 1e-12 of a unit tells (either rounding is honest);
    # 1.45 + 1.4e-13 is past it: 1.5, not 1.4
    (sp.Rational(145, 100) + sp.sqrt(2) / 10**20, "1.4", True),
    (sp.Rational(145, 100) + sp.sqrt(2) / 10**13, "1.4", False),
    (sp.Rational(145, 100) + sp.sqrt(2) / 10**13, "1.5", True),
])
def test_rounding_of_values_that_are_not_rational(x, src, ok):
    assert rounds_to(x, lit(src)) is ok


@pytest.mark.parametrize(("x", "src", "shown"), [
    (sp.pi * 1000, "3000", "3000"), (sp.pi * 10**6, r"3.1\times 10^{6}", r"3.1\times 10^{6}"),
    (-sp.pi / 1000, r"-3.14\times 10^{-3}", r"-3.14\times 10^{-3}"), (sp.Rational(5, 2), "1", "3"),  # half: up
    (sp.I, "1", "I"), (sp.I, "1.5", "I"),  # no real value: shown as it is
    # 10^17 + 5.0014...: to the nearest 10, which needs all 18 digits (a double has 16)
    (10**17 + 5 + sp.sqrt(2) / 1000, "100000000000000010", "100000000000000010"),
])
def test_the_shown_rounding_follows_the_written_form(x, src, shown):
    assert format_rounded(x, lit(src)) == shown


@pytest.mark.parametrize(("x", "shown"), [
    (Vec([sp.Integer(1), sp.Rational(1, 4)]), "[1, 0.25]"), (sp.Integer(-7), "-7"), (sp.Rational(-3, 8), "-0.375"),
    (sp.Rational(3, 20), "0.15"), (sp.Rational(1, 3), "1/3 = 0.333333..."), (sp.Rational(-1, 3), "-1/3 = -0.333333..."),
    (sp.Rational(1, 7), "1/7 = 0.142857..."),
    (sp.Rational(1, 2**40), "1/1099511627776 = 0.000000..."),  # terminating, but too long to write out
    (sp.Rational(1, 10**10), "0.0000000001"),  # a denominator of 11 digits is written out...
    (sp.Rational(1, 10**11), "1/100000000000 = 0.000000..."),  # ...one of 12 is not
    (sp.sqrt(2), r"\sqrt{2} = 1.414214..."), (sp.sqrt(2) / 2, r"\frac{\sqrt{2}}{2} = 0.707107..."),
    (sp.sqrt(2) + sp.sqrt(3) + sp.sqrt(5) + sp.sqrt(7) + sp.sqrt(11), "11.344708..."),  # long: decimals only
])
def test_a_value_in_a_message(x, shown):
    assert format_value(x) == shown


def test_a_matrix_entry_written_as_a_decimal_may_be_a_rounding_as_a_column_vector_entry_may():
    """Entries of a matrix are judged as those of a column vector: row after row, a decimal entry that
    rounds the exact entry is imprecise ('=' for '≈'), and one that does not is wrong, with its value."""
    from lnsym.check import check_answer_key

    def finding(rhs: str):
        lhs = r"\frac{1}{3}\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}"
        (f,) = check_answer_key(rf"\[ {lhs} = \begin{{pmatrix}} {rhs} \end{{pmatrix}} \]").findings
        return f

    rounded = finding(r"0.33 & 0.67 \\ 1 & 1.33")
    assert rounded.verdict.value == "imprecise" and "entry (2, 1)" not in rounded.reason
    assert [f"entry {k}: '=' joins a value and its rounding" in rounded.reason
            for k in ("(1, 1)", "(1, 2)", "(2, 2)")] == [True] * 3
    wrong = finding(r"0.33 & 0.67 \\ 1 & 1.23")  # the last entry, row 2 column 2, is 4/3
    assert wrong.verdict.value == "wrong"
    assert wrong.reason == "entry (2, 2) should be 4/3 = 1.333333..., not 1.23"
    column = finding(r"0.33 & 0.67 \\ 1.33 & 1")  # the entries of row 2 swapped: both are wrong
    assert column.reason == "entry (2, 1) should be 1, not 1.33; entry (2, 2) should be 4/3 = 1.333333..., not 1"


def test_a_huge_exact_value_is_shown_by_its_leading_digits_and_its_size():
    """A value of more than SHOWN_DIGITS digits is shown as its first 12 digits and its exact size: the
    message stays readable, and Python's limit on str() of an integer (4,300 digits) is never met."""
    from math import factorial

    assert format_value(sp.factorial(1000)) == "4.02387260077E+2567 (exactly, a 2568-digit integer)"
    assert format_value(sp.Integer(10) ** 999) == "1" + "0" * 999  # 1,000 digits: at the limit, exact
    assert format_value(sp.Integer(10) ** 1000) == "1.00000000000E+1000 (exactly, a 1001-digit integer)"
    tiny = sp.Rational(1, factorial(2000))
    assert format_value(1 + tiny) == "1.00000000000 (exactly, a ratio of 5736- and 5736-digit integers)"
    assert format_value(sp.factorial(100)) == str(factorial(100))  # 158 digits: exact


def test_a_ratio_of_long_integers_is_shown_by_its_leading_digits_and_its_size():
    """1.02^96 is exactly a ratio of 164-digit integers: the evidence is its value to 12 digits and that size, not
    330 digits a reader cannot compare (a ratio of up to 24-digit integers, and any integer, stay whole); a
    rounding of it is shown as the literal is written."""
    from lnsym.check import check_answer_key

    x = sp.Rational(102, 100) ** 96
    assert format_value(x) == "6.69293317953 (exactly, a ratio of 164- and 164-digit integers)"
    assert format_rounded(x, _lit("6.6929")) == "6.6929"
    assert format_rounded(x ** sp.Rational(3, 2) / x, _lit("2.59")) == "2.59"  # 1.02^48 = 2.587070...
    # 10^23 + 1 has 24 digits: whole; 10^24 + 1 has 25: by its size (neither is a multiple of 3)
    assert format_value(sp.Rational(10**23 + 1, 3)) == "100000000000000000000001/3 = 33333333333333333333333.666667..."
    assert format_value(sp.Rational(10**24 + 1, 3)) == \
        "3.33333333333E+23 (exactly, a ratio of 25- and 1-digit integers)"
    (f, g) = check_answer_key(r"$1.02^{96} = (1.02^{48})^3 \approx 6.6929$").findings
    assert (f.verdict.value, g.verdict.value) == ("wrong", "wrong")
    assert f.reason == "1.02^{96} = 6.69293317953 (exactly, a ratio of 164- and 164-digit integers), but " \
                       "(1.02^{48})^3 = 17.3150892209 (exactly, a ratio of 246- and 245-digit integers)"
    assert g.expected == "17.3151"


def test_a_wrong_sum_of_thousands_of_exact_terms_shows_its_value_by_its_size():
    """Sum_{n=1}^{2014} n/n! is exact (a ratio of 5,779-digit integers, about e): a claim that it is 5 is wrong,
    and the message shows the value's leading digits and size."""
    from lnsym.check import check_answer_key

    (f,) = check_answer_key(r"$\sum_{n=1}^{2014} \frac{n}{n!} = 5$").findings
    assert f.verdict.value == "wrong"
    assert f.expected == "2.71828182846 (exactly, a ratio of 5779- and 5779-digit integers)"
    (f,) = check_answer_key(r"$\prod_{k=1}^{2000} k \approx 5$").findings  # 2000!, rounded as 5 is written
    assert (f.verdict.value, f.expected) == ("wrong", "3.31627509245E+5735 (exactly, a 5736-digit integer)")
    assert format_rounded(sp.sqrt(2) * sp.factorial(2000), literal_of(parse_term(tokenize("5")))) == \
        "4.68992121230E+5735 (about 5736 digits)"  # √2 · 3.31627509245E+5735


def test_a_vector_entry_is_named_in_messages_as_the_key_writes_it():
    """The decimals of a vector are shown as written (0.666, not 333/500), in the reason and in the expected
    vector, as a scalar's are."""
    from lnsym.check import check_answer_key

    (cut,) = check_answer_key(r"$[\frac{2}{3}, 1] = [0.666, 1]$").findings
    assert cut.reason == ("entry 1: 0.666 is 2/3 = 0.666667... cut after its last digit, not rounded: it rounds "
                          "to 0.667")
    (wrong,) = check_answer_key(r"$[\frac{2}{3}, 1] = [0.7, 1.5]$").findings
    assert (wrong.verdict.value, wrong.expected, wrong.reason) == ("wrong", "[0.7, 1]", "entry 2 should be 1")
