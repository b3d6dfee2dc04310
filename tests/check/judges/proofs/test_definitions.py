"""A claim about names the paragraph defined by expressions, false for every value of the rest
(lnsym.check.judges.proofs.definitions, and its use by the arithmetic judge): refuted only when the difference after
the substitutions is a nonzero number, never from a value, a definition given up, definitions in terms of each other,
a difference that depends on anything, or an update written with '='."""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.judges.proofs.definitions import refuted_by_definitions
from lnsym.check.judges.proofs.facts import Inequality
from lnsym.check.pipeline import check_text

a, b, c, m, n, x, y = sp.symbols("a b c m n x y")
AB = frozenset({"a", "b"})  # the names the paragraph defined


def test_a_claim_off_by_a_number_after_the_definitions_is_refuted():
    found = refuted_by_definitions((a - (2 * m + 1),), a ** 2, 4 * m ** 2 + 4 * m + 3, AB)
    assert found is not None
    assert found.used == ((a, 2 * m + 1),) and found.difference == -2
    assert found.point == {m: 0} and (found.left, found.right) == (1, 3)
    two = refuted_by_definitions((a - 2 * m - 1, b - 2 * n - 1), a ** 2 + b ** 2, 4 * (m ** 2 + m + n ** 2 + n) + 1,
                                 AB)
    assert two is not None and two.difference == 1 and (two.left, two.right) == (2, 1)
    assert refuted_by_definitions((2 * m + 1 - a,), a, 2 * m + 3, AB).difference == -2  # (written the other way round)
    at = refuted_by_definitions((a + 2 / m,), m * a + 3, sp.S(0), AB)  # a = -2/m: 1 for every m but 0
    assert at.difference == 1 and at.point == {m: 1}  # (not m = 0, where a has no value)


def test_a_claim_that_holds_or_depends_on_the_rest_is_not_refuted():
    assert refuted_by_definitions((a - 2 * m - 1,), a ** 2, 4 * m ** 2 + 4 * m + 1, AB) is None  # it holds
    assert refuted_by_definitions((a - 2 * m - 1,), a ** 2, 4 * m ** 2 + 2 * m + 1, AB) is None  # 2m: an equation in m?
    assert refuted_by_definitions((a - 2 * m - 1,), x + 1, x + 2, AB) is None  # no definition used
    # `y = ax + c` defines y: c is no defined name, and is not solved for out of it
    assert refuted_by_definitions((y - a * x - c,), c, a * x + 1, frozenset({"y"})) is None
    assert refuted_by_definitions((y - a * x - c,), y - c, a * x + 1, frozenset({"y"})).difference == -1


@pytest.mark.parametrize("facts", [
    (a - 3,),  # a value, not a definition by an expression
    (2 * a - 2 * m - 1,),  # the name not with coefficient ±1
    (a ** 2 - m,),  # nor to the first degree
    (a - 2 * m - 1, a - 2 * m),  # given up: the later fact contradicts it
    (a - b - 1, b - a),  # in terms of each other
    (Inequality(a - m, True),),  # an inequality defines nothing
])
def test_what_is_no_standing_definition_refutes_nothing(facts):
    assert refuted_by_definitions(facts, a, m + 5, AB) is None


def test_modulo_a_number_the_difference_must_not_vanish():
    assert refuted_by_definitions((a - 2 * m - 1,), a + 3, 2 * m + 4, AB, 4) is None  # the difference 0
    assert refuted_by_definitions((a - 2 * m - 1,), a + 7, 2 * m + 4, AB, 4) is None  # 4: 0 modulo 4
    assert refuted_by_definitions((a - 2 * m - 1,), a + 6, 2 * m + 4, AB, 4).difference == 3


def wrong(text: str, worker) -> list[tuple[str, str]]:
    found = check_text(text, "k.md", worker).findings
    assert found
    return [(f.source, f.reason) for f in found if f.verdict.value == "wrong"]


def test_a_slip_in_expanding_a_definition_is_wrong_with_the_substitution(worker):
    (found,) = wrong("Let $a = 2m + 1$. Then $a^2 = 4m^2 + 4m + 3$.\n", worker)
    assert found[0] == "a^2 = 4m^2 + 4m + 3"
    assert "a = 2 m + 1" in found[1] and "is -2 whatever m is" in found[1]
    assert "at m = 0 the left side is 1 and the right side 3" in found[1]


def test_modulo_four_the_slip_is_wrong_and_the_right_expansion_correct(worker):
    text = "Suppose $a = 2m + 1$ and $b = 2n + 1$.\nThen $a^2 + b^2 = 4(m^2 + m + n^2 + n) + {} \\equiv {} \\pmod 4$.\n"
    (found,) = wrong(text.format(1, 1), worker)
    assert found[0] == "a^2 + b^2 = 4(m^2 + m + n^2 + n) + 1" and "not 0 modulo 4" in found[1]
    right = check_text(text.format(2, 2), "k.md", worker).findings
    assert [f.verdict.value for f in right if f.source.startswith("a^2")] == ["correct"]


@pytest.mark.parametrize("text", [
    "Let $a = 2m + 1$. Then $a^2 = 4m^2 + 4m + 1$.\n",  # it holds
    "Let $a = 2m + 1$. If $a^2 = 4m^2 + 4m + 3$, then nothing follows.\n",  # a hypothesis
    "Let $t = s + 1$. Then set $t = t + 1$.\n",  # an update written with '='
    "Let $a = 2m + 1$. Now let $a = 2m$. Then $a^2 = 4m^2$.\n",  # given anew
    "Let $a = 2m + 1$. Then $a^2 = 4m^2 + 2m + 1$ gives $m = 0$.\n",  # false only at some m: an equation in m
])
def test_no_false_alarm(text, worker):
    assert not wrong(text, worker)


def test_an_equation_claimed_for_every_value_is_refuted_at_a_point(worker):
    (found,) = wrong("For all real $x$, $(x + 1)^2 = x^2 + 1$.\n", worker)
    assert found == ("(x + 1)^2 = x^2 + 1", "claimed for every value its sentence quantifies, but false at x = 1: 4 "
                                             "against 2")
    assert not wrong("For all real $x$, $(x + 1)^2 = x^2 + 2x + 1$.\n", worker)
    assert not wrong("For all real $x$ with $x^2 = 1$, $(x + 1)^2 = 2x + 2$.\n", worker)  # a restriction
