"""`imprecise`: the value is right, its digits are not (lnsym.check.judges.numbers.precision). Each rule has a
counterpart that stays `wrong`: a digit that no rounding, truncation or float noise explains."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check import check_text
from lnsym.check.judges.numbers.precision import decimals_in, float_noise, truncates_to, within_rounding
from lnsym.check.judges.numbers.rounding import literal_of
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.nodes import Add, Num


def tree(tex: str):
    return parse_term(tokenize(tex))


def test_truncation_against_rounding():
    x = 4 * sp.sqrt(2)  # 5.65685...
    assert truncates_to(x, literal_of(tree("5.656"))) is True
    assert truncates_to(x, literal_of(tree("5.657"))) is False  # that is the rounding
    assert truncates_to(-x, literal_of(tree("-5.656"))) is True  # toward zero
    assert truncates_to(x, literal_of(tree("6"))) is None  # an integer claims no truncation


def test_float_noise_needs_more_digits_than_a_double():
    x = sp.log(sp.Rational(105, 100))  # 0.048790164169432003...
    assert float_noise(x, literal_of(tree("0.04879016416943231"))) is True
    assert float_noise(x, literal_of(tree("0.0487901641694323"))) is False  # 15 digits: a double holds them
    assert float_noise(x, literal_of(tree("0.04879016416953231"))) is False  # off in the 12th digit


def test_rounded_inputs():
    assert decimals_in(tree(r"\frac{-6 + 205.1}{2.5} + 205.1")) == ["205.1", "2.5"]
    exact = -6 + sp.sqrt(42068)
    assert within_rounding(tree("-6 + 205.1"), exact, {}, {}) is True
    assert within_rounding(tree("-6 + 205.2"), exact, {}, {}) is False
    assert within_rounding(tree("11.5098 \\times 720"), sp.Rational("8286.656"), {}, {}) is False
    assert within_rounding(tree("0.334"), sp.Rational(1, 3), {}, {}) is None  # a bare decimal is a rounding


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (r"$4\sqrt{2} \approx 5.656$", "imprecise"),  # truncated, not rounded
        (r"$4\sqrt{2} \approx 5.657$", "correct"),
        (r"$4\sqrt{2} \approx 5.658$", "wrong"),
        (r"$\ln(1.05) \approx 0.04879016416943231$", "imprecise"),  # float noise in the 16th decimal
        (r"$\ln(1.05) \approx 0.04879016416953231$", "wrong"),
        (r"$\sqrt{2} = 1.414$", "imprecise"),  # '=' for a rounding
        (r"$\frac{-6 \pm \sqrt{42068}}{2} = \frac{-6 \pm 205.1}{2}$", "imprecise"),  # rounded inside, with '='
        (r"$\frac{-6 + \sqrt{42068}}{2} \approx \frac{-6 + 205.1}{2}$", "correct"),
        (r"$\frac{-6 + \sqrt{42068}}{2} \approx \frac{-6 + 215.1}{2}$", "wrong"),
        # these stay caught: a rounding that is not one, a product off by 0.4, a factorisation
        (r"$\frac{199}{156}\approx 1.279$", "wrong"),
        (r"$11.5098\times 720 = 8286.656$", "wrong"),
        (r"$360 = 2^3\times 3\times 5$", "wrong"),
        (r"$1.02^{48}\approx 2.578$", "wrong"),  # 1.02 is data, not a rounding to perturb
    ],
)
def test_severities(worker, text, verdict):
    (f,) = check_text(text, "k", worker).findings
    assert f.verdict.value == verdict, (f.verdict, f.reason)
    if verdict in ("wrong", "imprecise"):
        assert f.evidence.left or f.reason  # a reader can check it


def test_strict_makes_imprecise_fail(tmp_path, capsys):
    from lnsym.cli import main

    key = tmp_path / "k.md"
    key.write_text("$\\sqrt{2} = 1.414$\n", encoding="utf-8")
    assert main(["check", str(key)]) == 0
    assert main(["check", "--strict", str(key)]) == 1
    assert "1 imprecise" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        # an ellipsis says the digits go on: cut or rounded, both honest; a wrong digit is still wrong
        (r"$\frac13 = 0.333\ldots$", "correct"),
        (r"$\frac16 = 0.1666...$", "correct"),
        (r"$\frac16 = 0.1667\ldots$", "correct"),
        (r"$\frac16 = 0.1766\ldots$", "wrong"),
        # digits that end in a repeated block go on repeating it: 0.999... is 1, not 0.999 cut
        (r"$0.999\ldots = 1$", "correct"),
        (r"$1 = 0.99\ldots$", "correct"),
        (r"$\frac17 = 0.142857142857\ldots$", "correct"),
        (r"$-0.999\ldots = -1$", "correct"),
        (r"$0.998\ldots = 1$", "wrong"),
        (r"$0.1414\ldots = \frac17$", "wrong"),  # 0.1414... is 14/99
        (r"$0.9\ldots = 1$", "wrong"),  # one digit is no repetition: 0.9 cut
        # a percent keeps its ellipsis: 1/24 is 4.1666...%
        (r"$\frac{100}{2400} = 4.166\ldots\%$", "correct"), (r"$\frac{100}{2400} = 4.176\ldots\%$", "wrong"),
        # a cut decimal computed with: repeating, or in the range its digits allow, else wrong only when no digits
        # that could follow make the step hold
        (r"$0.2 + \frac{0.008}{3} = 0.2 + 0.002666\ldots$", "correct"),  # 0.002666... = 1/375
        (r"$0.5 + \frac{1}{3} = 0.5 + 0.333\ldots$", "correct"),
        (r"$\pi + 1 = 3.14159\ldots + 1$", "correct"), (r"$1 - \sqrt{2} = 1 - 1.4142\ldots$", "correct"),
        (r"$0.5 + \frac{1}{3} = 0.5 + 0.444\ldots$", "wrong"),  # 0.944 to 0.945 whatever follows, against 0.8333
        (r"$\pi + 1 = 3.15159\ldots + 1$", "wrong"), (r"$\pi + 1 = 3.14158\ldots + 1$", "wrong"),
        (r"$\frac{1}{3} + \frac{1}{7} = 0.333\ldots + 0.142\ldots$", "unchecked"),  # two cut, one not repeating
        (r"$\frac{1}{3} + \frac{1}{6} = 0.333\ldots + 0.1666\ldots$", "correct"),  # both repeat
        (r"$\frac{1}{3} + \frac{1}{6} = 0.333\ldots + 0.1766\ldots$", "unchecked"),  # two cut: no single range
        # "approximately" makes '=' a rounding, cut or not
        (r"which is approximately $\frac{1}{6} = 0.1666$", "correct"),
        (r"$\frac{1}{6} = 0.17$ (rounded)", "correct"),
        (r"which is approximately $\frac{1}{6} = 0.1766$", "wrong"),
        (r"$\frac{1}{6} = 0.1666$", "imprecise"),
    ],
)
def test_ellipsis_and_approximately(worker, text, verdict):
    (f,) = check_text(text, "k", worker).findings
    assert f.verdict.value == verdict, (f.verdict, f.reason)


# -- issue 15: each rule of `imprecise` at its edges --------------------------------------------------------
def lit(tex: str):
    return literal_of(tree(tex))


def test_truncation_applies_to_plain_decimals_with_a_real_value():
    x = 4 * sp.sqrt(2)  # 5.656854...
    assert truncates_to(x, lit("5.65")) is True  # cut after two decimals
    assert truncates_to(sp.Rational(5656, 1000), lit("5.656")) is True  # exact: cut and rounded alike
    assert truncates_to(sp.Rational(-56569, 10000), lit("-5.656")) is True  # toward zero...
    assert truncates_to(sp.Rational(-56569, 10000), lit("-5.657")) is False  # ...not toward -infinity
    assert truncates_to(sp.Rational(56, 10000), lit("0.00")) is True  # 0.0056 cut after two decimals
    assert truncates_to(sp.Rational(56, 10000), lit("0.01")) is False  # that is its rounding
    assert truncates_to(x, lit(r"5.656\times 10^{0}")) is None  # scientific notation: not judged
    assert truncates_to(sp.I, lit("5.656")) is None  # no real value
    from lnsym.check.judges.numbers.evaluate import Vec

    assert truncates_to(Vec([x]), lit("5.656")) is None


def test_float_noise_is_relative_to_the_size_of_the_value():
    x = sp.sqrt(2) * 10**5  # 141421.35623730950488...
    assert float_noise(x, lit("141421.3562373095")) is True  # 16 digits, off by 5e-11 < 10 * 1.4e5 * 1e-15
    assert float_noise(x, lit("141421.35623730960")) is True  # off by 1e-10
    assert float_noise(x, lit("141421.35623731950")) is False  # off by 1e-8: more than a double's noise
    assert float_noise(sp.Integer(0), lit("0.0000000000000000")) is False  # zero shows no significant digit
    # at most 10 units of the 15th digit of max(1, |x|): for x = 1, 1e-14
    assert float_noise(sp.Integer(1), lit("1.0000000000000001")) is True
    assert float_noise(sp.Integer(1), lit("1.000000000000010")) is True  # exactly 10 units
    assert float_noise(sp.Integer(1), lit("1.000000000000011")) is False  # 11 units
    assert float_noise(sp.I, lit("0.04879016416943231")) is False  # no real value


def test_decimals_each_once_and_not_the_open_ended_ones():
    assert decimals_in(tree("1.5 + 2.5 + 1.5 + 3")) == ["1.5", "2.5"]
    assert decimals_in(tree(r"0.333\ldots + 1.5")) == ["1.5"]  # digits that go on are no rounded input
    assert decimals_in(tree("3 + 4")) == []


@pytest.mark.parametrize(("tex", "target", "sign", "within"), [
    ("1.5 + 1", sp.Rational(255, 100), 1, True),  # 1.5 may be 1.45..1.55: the result 2.45..2.55, ends included
    ("1.5 + 1", sp.Rational(245, 100), 1, True),
    ("1.5 + 1", sp.Rational(2551, 1000), 1, False),  # beyond the range
    ("1.5 + 1", sp.Rational(25504, 10000), 1, False),  # the range is exact: no slack beyond it (issue 30)
    ("1.5 + 1", sp.Rational(24496, 10000), 1, False),  # the same below
    (r"1.41 \times 1.41", sp.Integer(2), 1, True),  # 1.415^2 = 2.002
    (r"1.41 \times 1.41", sp.Rational(201, 100), 1, False),
    (r"3 \pm 1.41", 3 + sp.sqrt(2), 1, True), (r"3 \pm 1.41", 3 - sp.sqrt(2), -1, True),
    (r"3 \pm 1.41", 3 - sp.sqrt(2), 1, False),  # the sign picks the value
    ("1.1+1.2+1.3+1.4+1.5+1.6", sp.Rational(81, 10), 1, True),  # six rounded inputs: still judged
    ("1.1+1.2+1.3+1.4+1.5+1.6+1.7", sp.Rational(98, 10), 1, None),  # seven: too many to perturb
    ("[1.5, 2]", sp.Integer(1), 1, None), ("2.5 + 1", sp.I, 1, None),  # a vector, no real gap
    ("2.5 x", sp.Integer(1), 1, None),  # x has no value: not evaluated
    ("1.5 + 2.5", sp.Rational(409, 100), 1, True),  # two inputs: their reaches add up (0.05 + 0.05)
    ("1.5 + 2.5", sp.Rational(412, 100), 1, False),
    # 1/1.45 - 1/1.5 = 0.02299 but 1/1.5 - 1/1.55 = 0.0215: the larger move of each input counts
    (r"\frac{1}{1.5}", sp.Rational(2, 3) + sp.Rational(22, 1000), 1, True),
    # only in the direction the result moves: 1.45^30 = 69,7xx to 1.55^30 = 515,xxx around 191,751 (issue 30)
    ("1.5^{30}", sp.Rational(432, 100), 1, False),
    ("1.5^{30}", sp.Rational(15, 10) ** 30 - 120_000, 1, True),
    ("1.5^{30}", sp.Rational(15, 10) ** 30 - 125_000, 1, False),
    ("1.5^{30}", sp.Rational(15, 10) ** 30 + 320_000, 1, True),
    (r"\frac{1}{1.5}", sp.Rational(2, 3) - sp.Rational(22, 1000), 1, False),  # down by at most 0.0215
    # two inputs, every corner: 1.55 x 2.55 = 3.9525, 1.45 x 2.45 = 3.5525 around 3.75
    (r"1.5 \times 2.5", sp.Rational(395, 100), 1, True), (r"1.5 \times 2.5", sp.Rational(399, 100), 1, False),
    # not monotone: sin is largest inside [1.5705, 1.5715], so both moves go down, and 1 is still reached
    (r"\sin(1.571)", sp.Integer(1), 1, True),
])
def test_within_rounding_of_the_inputs(tex, target, sign, within):
    assert within_rounding(tree(tex), target, {}, {}, sign) is within


def test_within_rounding_uses_the_values_of_names():
    assert within_rounding(tree("a + 1.5"), sp.Rational(255, 100), {"a": sp.Integer(1)}, {}) is True
    assert within_rounding(tree("a + 1.5"), sp.Rational(255, 100), {}, {}) is None  # a has no value


def test_a_value_that_is_exactly_zero_has_no_float_noise():
    """Float noise is judged around a non-zero value: 1.234...e-19 shown with 16 digits for a true value of
    exactly 0 is not excused (for 1e-19 it is: it agrees to 10 units of the 15th digit of max(1, |x|))."""
    shown = lit("0.0000000000000000001234567890123456")
    assert float_noise(sp.Integer(0), shown) is False
    assert float_noise(sp.Rational(1, 10**19), shown) is True


def test_truncation_is_judged_at_every_decimal_shown():
    """sqrt 2 = 1.414213562373095048801|688...: cut after 21 decimals it is ...801 (rounded, ...802), which a
    double's 16 digits cannot tell; the value is evaluated to 30 digits beyond those shown."""
    assert truncates_to(sp.sqrt(2), lit("1.414213562373095048801")) is True
    assert truncates_to(sp.sqrt(2), lit("1.414213562373095048802")) is False


def test_float_noise_is_measured_against_the_exact_value():
    """|sqrt 2 - 1.41421356237308091| = 1.41388e-14 is within 10 units of the 15th digit of sqrt 2
    (1.41421e-14); measured from the double nearest sqrt 2 (1e-16 higher) it would be 1.4235e-14, outside."""
    assert float_noise(sp.sqrt(2), lit("1.41421356237308091")) is True
    assert float_noise(sp.sqrt(2), lit("1.41421356237307091")) is False  # 1e-14 farther: 2.4139e-14


def test_within_rounding_perturbs_around_the_value_the_decimals_stand_for():
    """1.414 written for sqrt 2 (approx): 1.414 x 2 is 2 sqrt 2 = 2.8284271 unperturbed, and rounding 1.414
    reaches 2 x 1.4135 = 2.827 below (0.0014271 away) and 2 x 1.4145 = 2.829 above (0.0005729 away), each
    only in its own direction (issue 30): 2 sqrt 2 - 0.0014 is within reach and 2 sqrt 2 + 0.0014 is not.
    (The ends are the same, 2.827 and 2.829, around 2.828 itself: where the decimal stands for makes a difference
    only to a value outside its rounding, below.)"""
    approx = {"1.414": sp.sqrt(2)}
    target = 2 * sp.sqrt(2)
    assert within_rounding(tree(r"1.414 \times 2"), target - sp.Rational(14, 10000), {}, approx) is True
    assert within_rounding(tree(r"1.414 \times 2"), target - sp.Rational(15, 10000), {}, approx) is False
    assert within_rounding(tree(r"1.414 \times 2"), target + sp.Rational(5, 10000), {}, approx) is True
    assert within_rounding(tree(r"1.414 \times 2"), target + sp.Rational(14, 10000), {}, approx) is False


def test_within_rounding_takes_every_corner_of_two_or_more_decimals():
    """1.5 x 2.5: the moves one decimal at a time reach 3.75 + 0.2 (0.125 + 0.075), the corner 1.55 x 2.55 reaches
    3.9525 = 3.75 + 0.2025, which is where the product of two roundings can be."""
    t = tree(r"1.5 \times 2.5")
    assert within_rounding(t, sp.Rational(375, 100) + sp.Rational(2024, 10000), {}, {}) is True  # past 0.2 + 1%
    low = sp.Rational(145, 100) * sp.Rational(245, 100) - sp.Rational(375, 100)  # -0.1975 at the other corner
    assert within_rounding(t, sp.Rational(375, 100) + low, {}, {}) is True
    assert within_rounding(t, sp.Rational(375, 100) + low * sp.Rational(1001, 1000), {}, {}) is False
    # four decimals: still every corner (1.55 x 2.55 x 1.05 x 1.05 = 4.35...); the additive bound falls short
    t4 = tree(r"1.5 \times 2.5 \times 1.0 \times 1.0")
    top = sp.Rational(155, 100) * sp.Rational(255, 100) * sp.Rational(105, 100) ** 2
    assert within_rounding(t4, top, {}, {}) is True


def test_within_rounding_ends_are_inclusive_and_exact():
    """The range of one decimal that moves the result one way is its two moves exactly, ends included, and
    nothing beyond them; the slack a caller gives (the target's own rounding) widens both ends by itself."""
    t = tree(r"\frac{1}{1.5}")  # moves: 1/1.45 - 2/3 = +0.022988..., 1/1.55 - 2/3 = -0.021505...
    base = sp.Rational(2, 3)
    up, down = 1 / sp.Rational(145, 100) - base, 1 / sp.Rational(155, 100) - base
    assert within_rounding(t, base + up, {}, {}) is True
    assert within_rounding(t, base + down, {}, {}) is True
    assert within_rounding(t, base + up + sp.Rational(1, 10**12), {}, {}) is False
    assert within_rounding(t, base + down - sp.Rational(1, 10**12), {}, {}) is False
    assert within_rounding(t, base + down - sp.Rational(1, 1000), {}, {}, slack=sp.Rational(1, 1000)) is True
    assert within_rounding(t, base + up + sp.Rational(1, 1000), {}, {}, slack=sp.Rational(1, 1000)) is True


def test_within_rounding_reaches_the_same_values_whatever_a_decimal_stands_for():
    """1.414 written for sqrt 2 (approx): the value is 2 sqrt 2, not 2.828, but 1.414 stands for 1.4135..1.4145
    either way, so 1.414 x 2 reaches 2.827..2.829, ends included."""
    approx = {"1.414": sp.sqrt(2)}
    for given in (approx, {}):
        assert within_rounding(tree(r"1.414 \times 2"), sp.Rational(2827, 1000), {}, given) is True
        assert within_rounding(tree(r"1.414 \times 2"), sp.Rational(2826999, 10**6), {}, given) is False


def test_within_rounding_caps_the_slack_at_one_percent_of_the_end_itself():
    """1.1^{260} reaches down to 1.05^{260} (3.3e5), 5.9e10 below its value. Alone its range is exact; added up
    with four more decimals (past the corners' limit) it gets 1% of slack, but never more than 1% of the end
    itself: 1% of the distance would reach any number near 0 (the large soundness profile's find was 11.9)."""
    far = sp.Rational(105, 100) ** 260
    assert within_rounding(tree("1.1^{260}"), far, {}, {}) is True
    assert within_rounding(tree("1.1^{260}"), far * sp.Rational(999, 1000), {}, {}) is False
    t = tree("1.1^{260} + 1.0 + 2.0 + 3.0 + 4.0")  # five decimals: the moves added up
    end = far + 10 - sp.Rational(2, 10)  # each of the four moves down by 0.05
    assert within_rounding(t, end * sp.Rational(995, 1000), {}, {}) is True  # within 1% of the end
    assert within_rounding(t, end * sp.Rational(98, 100), {}, {}) is False
    assert within_rounding(t, sp.Rational(219, 10), {}, {}) is False


def test_within_rounding_with_a_decimal_that_does_not_move_the_result():
    """\\lfloor 1.5 \\rfloor is 1 whatever 1.5 rounds: both moves are 0, and the range is the value alone."""
    t = tree(r"\lfloor 1.5 \rfloor")
    assert within_rounding(t, sp.Integer(1), {}, {}) is True
    assert within_rounding(t, sp.Rational(101, 100), {}, {}) is False



# -- issue 30: the range of within_rounding at its edges ------------------------------------------------------
def test_within_rounding_perturbs_around_a_value_the_decimal_does_not_round():
    """5.656 written for 4 sqrt 2 = 5.65685 (cut, not rounded): 5.6555..5.6565 lies below it, so both moves of
    5.656 x 2 go down from 8 sqrt 2 (not monotone there) and the range widens both ways by the larger, which keeps
    8 sqrt 2 itself; perturbed around 11.312 it would be 11.311..11.313, and 8 sqrt 2 = 11.3137 beyond it."""
    t = tree(r"5.656 \times 2")
    assert within_rounding(t, 8 * sp.sqrt(2), {}, {"5.656": 4 * sp.sqrt(2)}) is True
    assert within_rounding(t, 8 * sp.sqrt(2), {}, {}) is False


def test_within_rounding_keeps_irrational_ends_to_thirty_digits():
    """1.5 x 2 pi moves by exactly pi/10 (0.31415926535897932...): the end is reached, and 1e-20 beyond it is
    not; at 15 digits (0.314159265358979) the end itself would fall outside and 1e-20 beyond it inside."""
    t, base = tree(r"1.5 \times 2\pi"), 3 * sp.pi
    assert within_rounding(t, base + sp.pi / 10, {}, {}) is True
    assert within_rounding(t, base - sp.pi / 10, {}, {}) is True
    assert within_rounding(t, base + sp.pi / 10 + sp.Rational(1, 10**20), {}, {}) is False


def test_within_rounding_with_a_decimal_that_moves_the_result_one_way_only():
    r"""\lfloor 2.0 \rfloor: 2.05 leaves it at 2, 1.95 takes it to 1: monotone (a move of 0 is no extremum), so
    the range is 1..2 exactly, not widened to 3."""
    t = tree(r"\lfloor 2.0 \rfloor")
    assert [within_rounding(t, sp.Integer(k), {}, {}) for k in (1, 2, 3)] == [True, True, False]


def test_within_rounding_widens_both_ways_where_a_decimal_has_an_extremum_inside():
    """(2.0 - 2)^2 + 1.5: both moves of 2.0 add 0.0025 (its minimum is inside 1.95..2.05), so the range is
    1.5 -+ (0.0025 + 0.05), with 1% of those 0.0525 as slack: 1.446975..1.553025, ends included. Its corners
    alone (1.4525..1.5525) would miss 1.45, which 2.0 itself and 1.45 for 1.5 give. A caller's slack adds to
    both ends."""
    t, r = tree(r"(2.0 - 2)^2 + 1.5"), sp.Rational
    assert within_rounding(t, r("1.45"), {}, {}) is True
    assert within_rounding(t, r("1.553025"), {}, {}) is True
    assert within_rounding(t, r("1.553026"), {}, {}) is False
    assert within_rounding(t, r("1.446975"), {}, {}) is True
    assert within_rounding(t, r("1.446974"), {}, {}) is False
    slack = r(1, 1000)
    assert within_rounding(t, r("1.554025"), {}, {}, slack=slack) is True
    assert within_rounding(t, r("1.554026"), {}, {}, slack=slack) is False
    assert within_rounding(t, r("1.445975"), {}, {}, slack=slack) is True
    assert within_rounding(t, r("1.445974"), {}, {}, slack=slack) is False


def test_within_rounding_is_exact_with_four_decimals():
    """1.5 x 2.5 x 1.1 x 1.2: four decimals (the most whose corners are taken): the top corner 1.55 x 2.55 x 1.15
    x 1.25 is reached, and a millionth of it beyond is not (no slack where the range is exact)."""
    t = tree(r"1.5 \times 2.5 \times 1.1 \times 1.2")
    assert decimals_in(t) == ["1.5", "2.5", "1.1", "1.2"]
    top = sp.Rational("1.55") * sp.Rational("2.55") * sp.Rational("1.15") * sp.Rational("1.25")
    assert within_rounding(t, top, {}, {}) is True
    assert within_rounding(t, top * sp.Rational(1000001, 1000000), {}, {}) is False


@pytest.mark.parametrize("sign", ["+", "-"])
def test_within_rounding_always_reaches_the_value_as_written(sign):
    """(1.0 - 1) + (2.0 - 2) +- 10^5 (1.0 - 1)^2 (2.0 - 2)^2 is 0 as written; each decimal alone moves it both
    ways (by 0.05), but every corner of the box lies on one side (0.525..0.725, or below -0.525): the value as
    written is within reach all the same."""
    t = tree(rf"(1.0 - 1) + (2.0 - 2) {sign} 100000 (1.0 - 1)^2 (2.0 - 2)^2")
    assert within_rounding(t, sp.Integer(0), {}, {}) is True
    assert within_rounding(t, sp.Rational(3, 4) * (1 if sign == "+" else -1), {}, {}) is False


def test_decimals_in_skips_empty_nodes():
    assert decimals_in(Add(((), Num("1.5"), Num("2")))) == ["1.5"]
