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


# the cases below pin each condition of refuted_by_definitions down (written against the survivors of
# `python bench/mutation.py --modules lnsym/check/judges/proofs/definitions.py`)

k = sp.Symbol("k", integer=True)
i = sp.Symbol("i")
ABC = frozenset({"a", "b", "c"})


def test_one_fact_alone_and_several_definitions_in_the_order_of_the_names():
    one = refuted_by_definitions(a - 2 * m - 1, a, 2 * m + 3, AB)  # one fact, not in a tuple
    assert one is not None and one.used == ((a, 2 * m + 1),) and one.difference == -2
    # a is defined with n and b with m: the substitutions come in the order of the names, not of their values
    two = refuted_by_definitions((b - 2 * m - 1, a - 2 * n - 1), a + b, 2 * m + 2 * n + 5, AB)
    assert two.used == ((a, 2 * n + 1), (b, 2 * m + 1)) and two.difference == -3
    assert two.point == {m: 0, n: 0} and (two.left, two.right) == (2, 5)
    # a name of the rest that only the claim has is set at the point too
    rest = refuted_by_definitions((a - 2 * m - 1,), a + x, 2 * m + x + 5, AB)
    assert rest.point == {m: 0, x: 0} and (rest.left, rest.right) == (1, 5) and rest.difference == -4
    # ... even when it vanishes with the substitution, on either side
    gone = x * (a - 2 * m - 1)
    for L, R in ((gone + a, 2 * m + 5), (a, gone + 2 * m + 5)):
        assert refuted_by_definitions((a - 2 * m - 1,), L, R, AB).point == {m: 0, x: 0}
    # and a name only the definitions have (a - b = 1 whatever m is)
    only = refuted_by_definitions((a - 2 * m - 1, b - 2 * m), a - b, sp.Integer(3), AB)
    assert only.difference == -2 and only.point == {m: 0} and (only.left, only.right) == (1, 3)


def test_the_latest_definition_of_a_name_is_the_one_used():
    # a = m + n, then a = 2m (consistent, n = m): a = 2m, and the earlier one is not looked at
    latest = refuted_by_definitions((a - m - n, a - 2 * m), a, 2 * m + 5, AB)
    assert latest.used == ((a, 2 * m),) and latest.difference == -5
    # a = 2m + 3, then a = 2m + 1 (the earlier given up): the later one stands
    anew = refuted_by_definitions((a - 2 * m - 3, a - 2 * m - 1), a, 2 * m + 5, AB)
    assert anew.used == ((a, 2 * m + 1),) and anew.difference == -4
    # a later fact with a squared is no definition of a, and does not contradict a = 2m + 1
    kept = refuted_by_definitions((a - 2 * m - 1, a ** 2 + a - m), a, 2 * m + 5, AB)
    assert kept.used == ((a, 2 * m + 1),) and kept.difference == -4


def test_a_definition_a_later_fact_contradicts_gives_nothing():
    # 2a = 4m + 4 defines nothing (coefficient 2) but contradicts a = 2m + 1
    assert refuted_by_definitions((a - 2 * m - 1, 2 * a - 4 * m - 4), a, 2 * m + 5, AB) is None
    assert refuted_by_definitions((a - 2 * m - 1, 2 * a - 4 * m - 2), a, 2 * m + 5, AB).difference == -4  # agrees


def test_a_value_makes_no_refutation_even_when_the_claim_would_be_a_number():
    assert refuted_by_definitions((a - 3,), a, sp.Integer(5), AB) is None
    assert refuted_by_definitions((a - 3, b - 2 * m), a + b, 2 * m + 5, AB) is None  # a, a value, stays a


def test_a_defined_name_with_no_definition_among_the_facts_refutes_nothing():
    assert refuted_by_definitions((a - 2 * m - 1,), b + 1, b, AB) is None


def test_definitions_in_terms_of_another_defined_name_of_the_claim_refute_nothing():
    # a = b + 1, c = b + 3, b = 2m: c - a + b = 2m + 2, not 2m, but substituting at once would mix the orders
    assert refuted_by_definitions((a - b - 1, c - b - 3, b - 2 * m), c - a + b, 2 * m, ABC) is None


@pytest.mark.parametrize("value", [
    sp.Function("f", real=True)(m),  # an unknown function of m
    sp.Sum(k, (k, 1, m)),
    sp.Product(k, (k, 1, m)),
    sp.IndexedBase("X")[m],
])
def test_a_definition_by_a_function_a_sum_a_product_or_an_entry_is_not_used(value):
    # a = v and b = v + 1 would make a - b = -1 for every m
    assert refuted_by_definitions((a - value, b - value - 1), a - b, sp.Integer(0), AB) is None


def test_a_claim_with_an_unknown_function_or_the_name_i_or_no_expression_is_not_refuted():
    f = sp.Function("f")
    vanishing = f(m) * (a - 2 * m - 1)  # 0 once a = 2m + 1
    assert refuted_by_definitions((a - 2 * m - 1,), vanishing + 3, sp.Integer(1), AB) is None
    assert refuted_by_definitions((a - 2 * m - 1,), sp.Integer(1), vanishing + 3, AB) is None
    assert refuted_by_definitions((a - 2 * m - 1,), a + i, 2 * m + i + 5, AB) is None  # i: perhaps the unit
    assert refuted_by_definitions((a - 2 * m - 1 - i,), a - i, 2 * m + 5, AB) is None  # i on one side only
    assert refuted_by_definitions((a - 2 * m - 1,), 3, a, AB) is None  # 3: a Python int, not an expression
    assert refuted_by_definitions((a - 2 * m - 1,), a, 2 * m + 3, AB) is not None  # (with SymPy's 3: refuted)
    assert refuted_by_definitions((a - 2 * m - 1,), a, 5, AB) is None


def test_only_a_rational_difference_refutes_and_modulo_only_an_integer_one():
    assert refuted_by_definitions((a - m - sp.sqrt(2),), a, m, AB) is None  # sqrt(2): not a rational number
    half = refuted_by_definitions((a - m - sp.Rational(5, 2),), a, m, AB)
    assert half.difference == sp.Rational(5, 2) and (half.left, half.right) == (sp.Rational(5, 2), 0)
    assert refuted_by_definitions((a - m - sp.Rational(5, 2),), a, m, AB, 4) is None  # 5/2: no congruence
    assert refuted_by_definitions((a - 2 * m - 1,), a + 5, 2 * m, AB, 4).difference == 6  # 6 = 2 modulo 4


def test_the_point_is_the_first_of_0_1_2_3_where_the_definitions_and_both_sides_have_values():
    two = refuted_by_definitions((a - 1 / (m ** 2 - m),), a * (m ** 2 - m), sp.Integer(5), AB)  # none at 0, 1
    assert two.difference == -4 and two.point == {m: 2} and (two.left, two.right) == (1, 5)
    poles = m ** 3 - 3 * m ** 2 + 2 * m  # m(m - 1)(m - 2): a = 1/poles has no value at 0, 1, 2
    three = refuted_by_definitions((a - 1 / poles,), a * poles, sp.Integer(5), AB)
    assert three.difference == -4 and three.point == {m: 3} and (three.left, three.right) == (1, 5)
    four = sp.expand(poles * (m - 3))  # no value at 0, 1, 2, 3: no point to show
    assert refuted_by_definitions((a - 1 / four,), a * four, sp.Integer(5), AB) is None
    # a = 2m + 1 has a value at m = 0, but a side has none there (0/0, 1/0): m = 1
    nan = (a ** 2 - 4 * m ** 2 - 4 * m - 1) / m + 3  # 3 once a = 2m + 1, 0/0 + 3 at m = 0
    left = refuted_by_definitions((a - 2 * m - 1,), nan, sp.Integer(1), AB)
    assert left.difference == 2 and left.point == {m: 1} and (left.left, left.right) == (3, 1)
    right = refuted_by_definitions((a - 2 * m - 1,), sp.Integer(1), nan, AB)
    assert right.difference == -2 and right.point == {m: 1} and (right.left, right.right) == (1, 3)
    pole = refuted_by_definitions((a - 2 * m - 1,), a + 1 / m, 1 / m + 2 * m + 5, AB)
    assert pole.difference == -4 and pole.point == {m: 1} and (pole.left, pole.right) == (4, 8)
    # a side that cannot be evaluated at m = 0 (the remainder modulo 0): m = 1
    remainder = refuted_by_definitions((a - 2 * m - 1,), a + sp.Mod(3, m), 2 * m + 5 + sp.Mod(3, m), AB)
    assert remainder.difference == -4 and remainder.point == {m: 1} and (remainder.left, remainder.right) == (3, 7)
