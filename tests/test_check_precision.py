"""`imprecise`: the value is right, its digits are not (lnsym.check.judges.precision). Each rule has a
counterpart that stays `wrong`: a digit that no rounding, truncation or float noise explains."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check import check_text
from lnsym.check.judges.precision import decimals_in, float_noise, truncates_to, within_rounding
from lnsym.check.judges.rounding import literal_of
from lnsym.check.judges.worker import Worker
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize


def tree(tex: str):
    return parse_term(tokenize(tex))


@pytest.fixture(scope="module")
def worker():
    with Worker(step_seconds=10) as w:
        yield w


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
