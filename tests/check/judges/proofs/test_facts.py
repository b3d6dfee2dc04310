"""Facts that contradict each other: decided by SymPy, and then they prove nothing (judges/proofs/facts.py)."""

from __future__ import annotations

import sympy as sp

from lnsym.check.judges.proofs import facts
from lnsym.check.judges.proofs.consequences import follows_from_facts, inequality_follows
from lnsym.check.judges.proofs.facts import Inequality, contradictory, contradicts, fact_region, superseded

x, y, k = sp.symbols("x y k")


def _above(e, c):  # e > c as a fact: c - e < 0
    return Inequality(c - e, True)


def _below(e, c):  # e < c
    return Inequality(e - c, True)


def test_two_values_of_one_name_contradict():
    assert contradictory((k - 3, k - 7), frozenset({k})) is True
    assert contradictory((k - 3, 2 * k - 6), frozenset({k})) is False  # the same value twice
    assert contradictory((x**2 - 9, x - 3), frozenset({x})) is False  # a root of the equation
    assert contradictory((x**2 - 9, x - 5), frozenset({x})) is True  # no root of it


def test_an_inequality_and_a_value_or_two_inequalities_contradict():
    assert contradictory((_above(x, 0), x + 3), frozenset({x})) is True  # x > 0 and x = -3
    assert contradictory((_above(x, 0), x - 3), frozenset({x})) is False
    assert contradictory((_above(x, 3), _below(x, 1)), frozenset({x})) is True  # x > 3 and x < 1
    assert contradictory((_above(x, 3), _below(x, 5)), frozenset({x})) is False
    # the edge: x >= 3 and x <= 3 hold together at 3, x > 3 and x <= 3 nowhere
    assert contradictory((Inequality(3 - x, False), Inequality(x - 3, False)), frozenset({x})) is False
    assert contradictory((Inequality(3 - x, True), Inequality(x - 3, False)), frozenset({x})) is True


def test_a_system_without_a_common_solution_contradicts():
    facts = (x + y - 5, x - y - 1, x - 3, y - 4)  # x + y = 5 and x - y = 1 give y = 2, not 4
    assert contradictory(facts, frozenset({x})) is True
    assert contradictory((x + y - 5, x - y - 1, x - 3, y - 2), frozenset({x})) is False


def test_only_the_facts_that_bear_on_the_step_count():
    facts = (k - 3, k - 7, x - 1)  # k has two values; x is another matter
    assert contradictory(facts, frozenset({x})) is False
    assert contradictory(facts, frozenset({k})) is True
    # through another fact: y is tied to k by the third
    assert contradictory((k - 3, k - 7, y - k), frozenset({y})) is True


def test_what_sympy_cannot_decide_is_no_contradiction():
    assert contradictory((sp.sin(x) - y, x - y), frozenset({x})) is False
    assert contradictory((x, ), frozenset({x})) is False


def test_contradicts_compares_one_fact_with_a_new_hypothesis():
    assert contradicts(x - 3, x - 4, None, x) is True
    assert contradicts(x - 3, x - 3, None, x) is False
    assert contradicts(_above(x, 0), x + 1, None, x) is True
    assert contradicts(_above(x, 0), None, _below(x, -1), x) is True
    assert contradicts(x - 3, None, _below(x, 5), x) is False
    assert fact_region(_above(x, 2), x) == sp.Interval.open(2, sp.oo)


def test_a_contradiction_proves_no_equation():
    # "From $3y - 1 = 5$, $y = 2$. From $3y - 1 = 8$, $y = 2$": the second y = 2 is not proved by the first case
    assert follows_from_facts((3 * y - 6,), y, sp.Integer(2)) is True
    assert follows_from_facts((3 * y - 6, y - 2, 3 * y - 9), y, sp.Integer(2)) is False
    # "Trying $k = 3$ and $k = 7$, only $k = 3$ works, so $2k = 14$": k = 7 is superseded by the later k = 3
    assert follows_from_facts((k - 7, k - 3), 2 * k, sp.Integer(14)) is False
    assert follows_from_facts((k - 7,), 2 * k, sp.Integer(14)) is True
    assert follows_from_facts((k - 3, k - 7), 2 * k, sp.Integer(14)) is True  # the last value stands
    # several facts together prove nothing when they contradict each other
    assert follows_from_facts((x + y - 5, x - y - 1), x, sp.Integer(3)) is True
    assert follows_from_facts((x + y - 5, x - y - 1, y - 4), x, sp.Integer(3)) is False
    # one fact proves a step amid the facts of other cases, unless a later one contradicts it
    assert follows_from_facts((2 * x - 6, y - 1, y - 2), x, sp.Integer(3)) is True
    assert follows_from_facts((2 * x - 6, x - 4, y - 2), x, sp.Integer(3)) is False
    # a contradiction about another name leaves the step's own proof standing
    assert follows_from_facts((k - 3, k - 7, y - 2), y + 1, sp.Integer(3)) is True


def test_a_contradiction_proves_no_inequality():
    assert inequality_follows((_above(x, 3),), _above(x, 2)) is True
    assert inequality_follows((_above(x, 3), _below(x, 1)), _above(x, 2)) is False  # x > 3 superseded
    # a case analysis: x > 2 follows from 2 - x < 0 whatever the earlier case said
    assert inequality_follows((_below(x, 0), _below(2 - x, 0)), _above(x, 2)) is True


def test_superseded_needs_later_facts_that_agree():
    assert superseded(k - 7, (k - 3,)) is True
    assert superseded(k - 7, ()) is False
    assert superseded(k - 7, (2 * k - 14,)) is False
    assert superseded(k - 7, (k - 3, k - 5)) is True  # each later one contradicts it
    # all later ones together, agreeing among themselves: x + y = 5 and x - y = 1 leave no room for y = 4
    assert superseded(y - 4, (x + y - 5, x - y - 1)) is True
    assert superseded(y - 4, (x + y - 5, x - y - 1, x - 7)) is False  # they disagree among themselves


def test_an_inequality_of_the_paragraph_is_solved_once_for_every_later_hypothesis(monkeypatch):


    s = sp.Symbol("s_solved_once")  # a name no other test solves for: nothing remembered yet
    solved = []
    solve = sp.solve_poly_inequality
    monkeypatch.setattr(sp, "solve_poly_inequality", lambda *a, **k: solved.append(a) or solve(*a, **k))
    fact = Inequality(s**2 - 4, True)  # s^2 < 4
    # two later hypotheses, s > 3 (none of its values) and s > 1 (some): the fact is solved once
    assert facts.contradicts(fact, None, Inequality(3 - s, True), s)
    assert not facts.contradicts(Inequality(s**2 - 4, True), None, Inequality(1 - s, True), s)
    assert len(solved) == 1


def test_a_quadratic_inequality_is_solved_from_its_roots_as_the_general_solver_solves_it(monkeypatch):


    s = sp.Symbol("s_from_roots")  # (nothing remembered for it)
    general = sp.solve_univariate_inequality
    cases = [(s**2 - 4, True), (s**2 - 4, False), (s**2 - 2, True), (2 * s**2 - 3 * s - 2, False),
             (-(s**2) + s + sp.Rational(3, 4), True), (s**2 + 1, True), (s**2 - 2 * s + 1, False),
             (s**2 - 2 * s + 1, True), (-(s**2) - 1, False), (-(s**2) + 2 * s - 1, True)]
    expected = [general(sp.Rel(e, 0, "<" if strict else "<="), s, relational=False) for e, strict in cases]
    # (that solver first looked for a period of the quadratic: 50 ms each time, a twentieth of that from its roots)
    asked = []
    monkeypatch.setattr(sp, "solve_univariate_inequality", lambda *a, **k: asked.append(a) or general(*a, **k))
    got = [facts.fact_region(Inequality(e, strict), s) for e, strict in cases]
    assert [sp.srepr(g) for g in got] == [sp.srepr(e) for e in expected]
    assert len(asked) == 1  # only for -s^2 - 1 <= 0, the whole line, which it writes in one of two ways
    assert got[0] == sp.Interval.open(-2, 2) and got[5] is sp.S.EmptySet and got[8] is sp.S.Reals
    assert got[2] == sp.Interval.open(-sp.sqrt(2), sp.sqrt(2)) and got[6] == sp.FiniteSet(1)
