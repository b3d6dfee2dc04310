r"""A formula first, then its inputs, then a value (``F = m a``; ``m = 2`` and ``a = 3``; ``F = 5``): the value is a
claim about the formula's value, not a new definition of F. It is ``wrong`` with the formula, the values used and the
right value (6), and binds nothing, so what the text computes from it is not ``correct`` either (probe 3, P3-N)."""

import pytest
import sympy as sp

from lnsym.check.judges.arithmetic import _formula_value
from lnsym.check.pipeline import check_text


def found(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text + "\n").findings}


@pytest.mark.parametrize(("text", "step", "value", "used"), [
    ("Let $F = m a$. With $m = 2$ and $a = 3$: $F = 5$, so $2F = 10$.", "F = 5", "6", "a = 3, m = 2"),
    ("The area is $A = \\frac{1}{2} b h$. For $b = 4$ and $h = 3$, $A = 12$.", "A = 12", "6", "b = 4, h = 3"),
    ("Let $g = 2(w - 3)$. At $w = 1$, $g = 4$.", "g = 4", "-4", "w = 1"),
    ("Let $E = \\frac{1}{2} m v^2$. For $m = 2$ and $v = 3$, $E = 18$.", "E = 18", "9", "m = 2, v = 3"),
    # the formula's second case: S(20) = 210
    ("Let $S = \\frac{n(n+1)}{2}$. For $n = 10$, $S = 55$. For $n = 20$, $S = 110$.", "S = 110", "210", "n = 20"),
])
def test_a_value_against_the_formula_is_wrong_with_the_formula_and_the_values(text, step, value, used):
    verdict, reason = found(text)[step]
    assert verdict == "wrong", reason
    assert reason.endswith(f"the paragraph's formula, with {used} gives {value}"), reason


@pytest.mark.parametrize(("text", "after"), [
    ("Let $F = m a$. With $m = 2$ and $a = 3$: $F = 5$, so $2F = 10$.", "2F = 10"),
    ("Let $g = 2(w - 3)$. At $w = 1$, $g = 4$, so the update is $w - 0.1 g = 0.6$.", "w - 0.1 g = 0.6"),
])
def test_the_refuted_value_proves_nothing_after_it(text, after):
    assert found(text)[after][0] == "unchecked", found(text)


@pytest.mark.parametrize(("text", "step", "expected"), [
    ("Let $F = m a$. With $m = 2$ and $a = 3$: $F = 6$, so $2F = 12$.", "F = 6", "correct"),
    # given anew: "let" defines F again
    ("Let $F = m a$. With $m = 2$ and $a = 3$, let $F = 5$.", "F = 5", None),
    # t = (3 + n)/4 is a formula for t, not for n: n = 1 is a new case, t = 1 its value
    ("We use $t = \\frac{3 + n}{4}$. For $n = 0$, $t = \\frac{3}{4}$. For $n = 1$, $t = 1$.", "n = 1", None),
    ("We use $t = \\frac{3 + n}{4}$. For $n = 0$, $t = \\frac{3}{4}$. For $n = 1$, $t = 1$.", "t = 1", "correct"),
    # an input with no value: nothing to compare
    ("Let $F = m a$. With $m = 2$: $F = 5$.", "F = 5", None),
])
def test_what_the_formula_does_not_give_is_judged_as_before(text, step, expected):
    verdict = found(text)[step][0]
    assert verdict == expected if expected else verdict in ("unchecked", "defined"), found(text)


F, m, a, t, n = sp.symbols("F m a t n")


@pytest.mark.parametrize(("facts", "name", "env", "expected"), [
    ((F - m * a,), F, {"m": sp.Integer(2), "a": sp.Integer(3)}, (m * a, 6, "a = 3, m = 2")),
    ((m - 2, F - m * a), F, {"m": sp.Integer(2), "a": sp.Integer(3)}, (m * a, 6, "a = 3, m = 2")),
    ((t - (3 + n) / 4,), n, {"t": sp.Rational(3, 4)}, None),  # n's coefficient is -1/4
    ((2 * F - m * a,), F, {"m": sp.Integer(2), "a": sp.Integer(3)}, None),  # 2F = m a: not F written alone
    ((F - m * a, F - 5), F, {"m": sp.Integer(2), "a": sp.Integer(3)}, None),  # two equations of F
    ((F - m * a,), F, {"m": sp.Integer(2)}, None),  # a has no value
    ((F - m * a,), F, {"m": sp.Integer(2), "a": sp.Symbol("b")}, None),  # nor a number
    ((F - 6,), F, {}, None),  # no other name: a value, not a formula
    ((F**2 - m,), F, {"m": sp.Integer(4)}, None),  # F squared
    ((F - m * a,), sp.Integer(3), {"m": sp.Integer(2), "a": sp.Integer(3)}, None),  # no symbol
])
def test_formula_value(facts, name, env, expected):
    got = _formula_value(facts, name, env)
    if expected is None:
        assert got is None
    else:
        assert got is not None and sp.simplify(got[0] - expected[0]) == 0 and got[1] == expected[1] \
            and got[2] == expected[2]
