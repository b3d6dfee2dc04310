"""Identities of maxima, minima and moduli proved case by case (lnsym/check/judges/numbers/sign_cases.py): every
true one of the forms keys write is proved, and a slip in a sign, a coefficient or an argument is not."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.numbers.sign_cases import (
    MAX_CONDITIONS,
    _canonical,
    proved_by_cases,
    zero_in_every_case,
)
from lnsym.check.pipeline import check_text

a, b, c, x = sp.symbols("a b c x")


def _zero(e: sp.Expr) -> bool:
    return sp.expand(e) == 0


TRUE = [
    (sp.Max(a, b), (a + b + sp.Abs(a - b)) / 2),
    (sp.Min(a, b), (a + b - sp.Abs(a - b)) / 2),
    (sp.Max(a, b) + sp.Min(a, b), a + b),
    (sp.Max(a, b) - sp.Min(a, b), sp.Abs(b - a)),
    (sp.Max(x, 0) + sp.Min(0, x), x),  # one condition, x, for both (else the case x >= 0 and x <= 0 fails)
    (sp.Max(x, 0) - sp.Max(-x, 0), x),
    (sp.Max(2 * x, 0), 2 * sp.Max(x, 0)),  # 2x and x: one condition
    (sp.Max(x, 0) * sp.Min(x, 0), 0),
    (sp.Abs(sp.Max(a, b) - sp.Min(a, b)), sp.Abs(a - b)),  # nested: the inner ones first
]

# each a slip of a TRUE one: a sign, a coefficient, an argument, a term dropped
FALSE = [
    (sp.Max(a, b), (a + b + sp.Abs(a + b)) / 2),
    (sp.Max(a, b), (a + b - sp.Abs(a - b)) / 2),
    (sp.Min(a, b), (a + b + sp.Abs(a - b)) / 2),
    (sp.Max(a, b), (a + b + sp.Abs(a - b)) / 3),
    (sp.Max(a, b) + sp.Min(a, b), a - b),
    (sp.Max(a, b) - sp.Min(a, b), b - a),
    (sp.Max(x, 0) + sp.Min(0, x), 2 * x),
    (sp.Max(x, 0) - sp.Max(-x, 0), sp.Abs(x)),
    (sp.Max(x, 0), x),
    (sp.Max(x, 1) + sp.Min(x, 0), x),
]


@pytest.mark.parametrize(("left", "right"), TRUE)
def test_true_identities_are_proved(left, right):
    assert proved_by_cases(left - right, _zero) is True


@pytest.mark.parametrize(("left", "right"), FALSE)
def test_slips_are_not_proved(left, right):
    assert proved_by_cases(left - right, _zero) is False


def test_a_modulus_alone_speaks_of_complex_numbers_and_is_not_split():
    # |x|^2 = x^2 fails for x = i: only a maximum or a minimum makes the letters real
    assert proved_by_cases(sp.Abs(x) ** 2 - x**2, _zero) is False
    # ... and every letter must be inside one (b is not here)
    assert proved_by_cases(sp.Max(a, 0) - (a + sp.Abs(a)) / 2 + sp.Abs(b) ** 2 - b**2, _zero) is False
    assert proved_by_cases(sp.Max(a, 0) - (a + sp.Abs(a)) / 2, _zero) is True


def test_a_maximum_of_three_is_not_split():
    # (true, but a maximum of three is more than one condition: not proved)
    assert proved_by_cases(sp.Max(a, b, c) - a - sp.Max(b - a, c - a, 0), _zero) is False
    assert proved_by_cases(sp.Max(a, b, c) - c, _zero) is False


def test_a_condition_met_again_after_a_choice_does_not_end_the_cases():
    # a - b first (its sort key), which settles |a - b| outside too; then z - y, a condition of its own
    y, z = sp.symbols("y z")
    nested = sp.Abs(sp.Max(a, b) - sp.Min(a, b)) - sp.Abs(a - b)
    assert proved_by_cases(nested + sp.Max(z - y, 0) + sp.Min(z - y, 0) - (z - y), _zero) is True
    assert proved_by_cases(nested + sp.Max(z - y, 0) + sp.Min(z - y, 0) + (z - y), _zero) is False
    assert proved_by_cases(nested + sp.Max(c, 0) + sp.Min(c, 0) - c, _zero) is True


def test_the_number_of_conditions_is_bounded():
    # five independent conditions: more than MAX_CONDITIONS, though the identity holds
    letters = sp.symbols("p1:6")
    d = sum(sp.Max(s, 0) + sp.Min(s, 0) - s for s in letters)
    assert len(letters) > MAX_CONDITIONS
    assert zero_in_every_case(d.xreplace({s: sp.Dummy(real=True) for s in letters}), _zero) is False
    assert zero_in_every_case(sum(sp.Max(s, 0) + sp.Min(s, 0) - s for s in letters[:MAX_CONDITIONS]), _zero) is True


def test_the_algebraic_test_decides_each_case():
    calls = []

    def never(e):
        calls.append(e)
        return False

    assert zero_in_every_case(sp.Max(a, b) - (a + b + sp.Abs(a - b)) / 2, never) is False
    assert calls  # the cases are given to the test, whose False is not overridden


def test_a_condition_and_its_negative_are_one():
    assert _canonical(x - a) == (_canonical(a - x)[0], -_canonical(a - x)[1])
    assert _canonical(2 * x) == (x, 1) and _canonical(-3 * x) == (x, -1)


def test_check_proves_the_identity_and_leaves_the_slip_unproved(worker):
    text = ("For real $a$ and $b$: $\\max(a, b) = \\frac{a + b + |a - b|}{2}$.\n\n"
            "For real $a$ and $b$: $\\max(a, b) = \\frac{a + b + |a + b|}{2}$.\n\n"
            "For real $x$: $|x|^2 = x^2$.\n")
    findings = check_text(text, "k.md", worker).findings
    assert [f.verdict.value for f in findings] == ["correct", "unchecked", "unchecked"]
