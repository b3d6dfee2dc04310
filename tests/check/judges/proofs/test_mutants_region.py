"""Edges of the region judge (lnsym/check/judges/proofs/region.py), written against the mutants that survived its tests.

Each test states a rule of how a statement under a hypothesis on one variable is decided: which hypotheses
describe a region, which points of it are tried, which sides may be compared there, and what a refutation reads.
"""

from __future__ import annotations

import pytest
import sympy as sp

from lnsym.check.findings import Verdict
from lnsym.check.judges.proofs.region import REGION_FALSE, Region, decide_on_region, region_of
from lnsym.check.judges.worker import Worker
from lnsym.check.pipeline import check_text
from lnsym.check.reasons import Reason

t, y = sp.Symbol("t"), sp.Symbol("y")
H = sp.Rational(1, 2)


def _region(where: sp.Set, source: str = "the case", refute: bool = True) -> Region:
    return Region(t, where, source, refute)


@pytest.mark.parametrize(("values", "rels", "expected"), [
    ({0: t**2 - 3 * t, 1: sp.S.Zero}, ["<"], sp.Interval.open(0, 3)),  # degree 2 is read
    ({0: t / 2, 1: sp.S.One}, [">"], sp.Interval.open(2, sp.oo)),  # a rational coefficient
    ({0: sp.S.Zero, 1: sp.S.One, 2: t}, ["<", "≤"], sp.Interval(1, sp.oo)),  # a true comparison of numbers
    ({0: t, 1: sp.S.One}, ["≤"], sp.Interval(-sp.oo, 1)),
])
def test_hypotheses_that_describe_a_region(values, rels, expected):
    assert region_of(values, rels) == (t, expected)


@pytest.mark.parametrize(("values", "rels"), [
    ({0: t**3, 1: sp.S.One}, [">"]),  # degree 3
    ({0: sp.sqrt(2) * t, 1: sp.S.One}, ["<"]),  # an irrational coefficient
    ({0: sp.S.One, 1: sp.S.Zero, 2: t}, ["<", "<"]),  # a false comparison of numbers
    ({0: t**2, 1: sp.S.Zero}, ["≤"]),  # a point
    ({0: t, 1: sp.S.One}, ["≠"]),  # not a condition the judge reads
    ({0: t, 1: sp.S.One}, []),
    ({0: t}, ["<"]),  # a side missing
    ({0: sp.S.One, 1: sp.S(2)}, ["<"]),  # no variable
    ({0: sp.Function("f")(t), 1: sp.S.One}, ["<"]),
])
def test_hypotheses_that_describe_no_region(values, rels):
    assert region_of(values, rels) is None


def test_a_false_statement_is_refuted_at_a_point_of_the_region_with_both_values():
    step = decide_on_region(sp.Abs(t - 1), t - 1, "=", _region(sp.Interval.open(-sp.oo, 1), "t < 1"))
    assert step.verdict is Verdict.WRONG and step.code == Reason.REGION_FALSE
    assert step.reason == (f"{REGION_FALSE} t < 1: at t = 0, which satisfies it, the left side is 1 and the right "
                           "side -1")
    assert (step.left, step.right) == ("1", "-1")


def test_the_point_is_the_first_probe_inside_the_region():
    # 0, 1, -1 lie outside (2, oo): the refutation is read at t = 2
    step = decide_on_region(sp.Abs(t - 2), 2 - t, "=", _region(sp.Interval.open(2, sp.oo)))
    assert step.verdict is Verdict.WRONG and "at t = 3," in step.reason  # 2 itself is not in the open region
    step = decide_on_region(sp.Abs(t - 2), 2 - t, "=", _region(sp.Interval(2, sp.oo)))
    assert step is None or step.verdict is not Verdict.WRONG  # holds at t = 2: not false on all of it


def test_a_region_with_no_small_probe_is_refuted_inside_its_interval():
    where = sp.Interval.open(sp.Rational(101, 10), sp.Rational(102, 10))
    step = decide_on_region(sp.Abs(t - 1), 1 - t, "=", _region(where))
    assert step.verdict is Verdict.WRONG and "at t = 203/20," in step.reason
    step = decide_on_region(sp.Abs(t - 1), 1 - t, "=", _region(sp.Interval.open(sp.Rational(203, 10), sp.oo)))
    assert step.verdict is Verdict.WRONG and "at t = 21," in step.reason
    step = decide_on_region(sp.Abs(t + 1), t + 1, "=", _region(sp.Interval.open(-sp.oo, sp.Rational(-203, 10))))
    assert step.verdict is Verdict.WRONG and "at t = -21," in step.reason


def test_a_statement_true_on_the_region_is_proved():
    step = decide_on_region(sp.Abs(t - 1), t - 1, "=", _region(sp.Interval(1, sp.oo), "t \\ge 1"))
    assert step.verdict is Verdict.CORRECT
    assert step.reason == "holds for every t with t \\ge 1, the hypothesis it is asserted under"


@pytest.mark.parametrize(("L", "R", "rel", "where"), [
    (sp.Abs(t), t, "≠", sp.Interval.open(0, sp.oo)),
    (sp.Abs(t), -t, "<", sp.Interval.open(0, sp.oo)),
    (t**2, t, "≤", sp.Interval.open(1, sp.oo)),
    (t**2, t, "≥", sp.Interval.open(0, 1)),
    (t**2, t, ">", sp.Interval(0, 1)),  # the closed edges count
])
def test_each_relation_is_refuted_where_it_fails_everywhere(L, R, rel, where):
    step = decide_on_region(L, R, rel, _region(where))
    assert step is not None and step.verdict is Verdict.WRONG, step


@pytest.mark.parametrize(("L", "R", "rel", "where"), [
    (sp.Abs(t), t, "=", sp.Interval(0, sp.oo)),
    (sp.Abs(t), -t, "≠", sp.Interval.open(0, sp.oo)),
    (t**2, t, "<", sp.Interval.open(0, 1)),
    (t**2, t, "≤", sp.Interval(0, 1)),
    (t**2, t, ">", sp.Interval.open(1, sp.oo)),
    (t**2, t, "≥", sp.Union(sp.Interval(-2, 0), sp.Interval(1, 2))),
])
def test_each_relation_is_proved_where_it_holds_everywhere(L, R, rel, where):
    step = decide_on_region(L, R, rel, _region(where))
    assert step is not None and step.verdict is Verdict.CORRECT, step


def test_a_case_the_text_dismisses_is_unchecked_with_its_reason():
    step = decide_on_region(sp.Abs(t - 1), t - 1, "=", _region(sp.Interval.open(-sp.oo, 1), "t < 1", refute=False))
    assert step.verdict is Verdict.UNCHECKED and step.code == Reason.REGION_FALSE
    assert step.reason == f"{REGION_FALSE} t < 1, but the text goes on to solve or dismiss it"


@pytest.mark.parametrize(("L", "R", "rel"), [
    (t**2 + 3 * t + 5, sp.S.Zero, "="),  # a rational equation with no root: the case has no solution
    (1 / t, sp.S.Zero, "="),
    (t, sp.S.One, "<"),  # a linear condition false on the case
    (2 * t, sp.S.One, "≤"),
])
def test_what_a_case_analysis_writes_on_its_way_is_not_refuted(L, R, rel):
    assert decide_on_region(L, R, rel, _region(sp.Interval(2, sp.oo))) is None


@pytest.mark.parametrize(("L", "R", "rel"), [
    (sp.Abs(t - 1), y, "="),  # another name
    (sp.Function("f")(t), t, "="),  # a function the text names
    (sp.Matrix([t]), t, "="),
    (t, t, "≈"),  # not a relation the judge reads
    (sp.Abs(t - 3), sp.S.One, "="),  # holds at t = 2 and t = 4 only: an equation the case may solve
])
def test_what_the_region_does_not_decide(L, R, rel):
    assert decide_on_region(L, R, rel, _region(sp.Interval.open(0, sp.oo))) is None


def test_a_side_undefined_at_the_probes_is_not_evidence():
    # sqrt(t - 3) is real on t > 3 only: the first point of the region is t = 5
    step = decide_on_region(sp.sqrt(t - 3), -sp.S.One, "=", _region(sp.Interval.open(3, sp.oo)))
    assert step.verdict is Verdict.WRONG and "at t = 5," in step.reason


def test_a_long_hypothesis_is_not_expanded():
    # (this runs outside the judges' time limit): a condition of many operations is not read, even of degree 1
    long = sp.Add(*[(t + k) ** 2 - (t - k) ** 2 for k in range(1, 9)])
    assert sp.count_ops(long) > 40 and sp.Poly(sp.expand(long), t).degree() == 1
    assert region_of({0: long, 1: sp.S.Zero}, [">"]) is None
    assert region_of({0: (t + 1) ** 2 - (t - 1) ** 2, 1: sp.S.Zero}, [">"]) == (t, sp.Interval.open(0, sp.oo))


def test_a_cubic_written_as_a_product_is_not_a_region():
    assert region_of({0: t**2 * (t + 1), 1: sp.S.Zero}, [">"]) is None


def test_a_comparison_of_numbers_is_true_or_false_against_zero():
    # 1 > 1/2 holds: the region is the second link's
    assert region_of({0: sp.S.One, 1: H, 2: t}, [">", "≥"]) == (t, sp.Interval(-sp.oo, H))


def test_another_name_in_the_statement_is_decided_only_where_it_cancels():
    # whatever y is (even a function of t), |t - 1| + y and t - 1 + y differ by |t - 1| - (t - 1): the region decides
    step = decide_on_region(sp.Abs(t - 1) + y, t - 1 + y, "=", _region(sp.Interval(1, sp.oo)))
    assert step is not None and step.verdict is Verdict.CORRECT
    step = decide_on_region(sp.Abs(t - 1) + y, 1 - t + y, "≥", _region(sp.Interval.open(-sp.oo, 1)), chain=True)
    assert step.verdict is Verdict.CORRECT
    wrong = decide_on_region(t + y, y - 1, "≤", _region(sp.Interval.open(0, sp.oo)), chain=True)
    assert wrong.verdict is Verdict.WRONG and "the left side minus the right side, t + 1, is 2" in wrong.reason
    # a link alone that is linear is a condition the case may have no solution of (not refuted); y y: no decision
    assert decide_on_region(t + y, y - 1, "≤", _region(sp.Interval.open(0, sp.oo))) is None
    assert decide_on_region(y * sp.Abs(t - 1), y * (t - 1), "=", _region(sp.Interval(1, sp.oo))) is None


def test_sides_that_are_not_real_at_any_point_are_no_refutation():
    # sqrt(t) is not a real number on t < 0: no point gives both sides' values to compare
    assert decide_on_region(sp.sqrt(t), -sp.S.One, "=", _region(sp.Interval.open(-sp.oo, 0))) is None


def test_a_refutation_is_read_at_the_simplest_point_of_the_region():
    step = decide_on_region(sp.Abs(t - 1), t - 1, "=", _region(sp.Interval.open(sp.Rational(1, 4), 1)))
    assert step.verdict is Verdict.WRONG and "at t = 1/2," in step.reason


@pytest.mark.parametrize("where", [
    sp.Union(sp.Interval.open(sp.Rational(101, 10), sp.Rational(102, 10)),
             sp.Interval.open(sp.Rational(201, 10), sp.Rational(202, 10))),
    sp.Union(sp.FiniteSet(-30), sp.Interval.open(sp.Rational(101, 10), sp.Rational(102, 10))),
])
def test_a_region_of_several_pieces_far_from_the_probes_is_refuted_inside_a_piece(where):
    step = decide_on_region(sp.Abs(t + 40), -t - 40, "=", _region(where))
    assert step.verdict is Verdict.WRONG and "at t = 203/20," in step.reason


@pytest.mark.parametrize(("L", "R", "where"), [
    # solveset leaves these as a ConditionSet: the sign of L - R on the region, written through a positive
    # parameter, decides them
    (sp.Abs(t - 1) ** t, (1 - t) ** t, sp.Interval.open(-1, 1)),
    (sp.Abs(t - 1) ** t, (1 - t) ** t, sp.Interval(H, 1)),  # its closed edges too
    (sp.Abs(2 * t - 1) ** t, (2 * t - 1) ** t, sp.Interval.open(H, 1)),
    (sp.Abs(t**2 - 1) ** t, (t**2 - 1) ** t, sp.Union(sp.Interval.open(-sp.oo, -1), sp.Interval.open(1, sp.oo))),
])
def test_a_statement_solveset_cannot_solve_is_proved_by_the_sign_on_the_region(L, R, where):
    assert sp.solveset(sp.Eq(L, R), t, where).atoms(sp.ConditionSet)
    step = decide_on_region(L, R, "=", _region(where))
    assert step is not None and step.verdict is Verdict.CORRECT, step


@pytest.mark.parametrize(("L", "R", "rel", "where"), [
    (3 * t, sp.S.One, ">", sp.Interval(sp.Rational(1, 3), 2)),  # fails at the closed edge t = 1/3 only
    (sp.Abs(t - 8), 1, "=", sp.Interval.open(0, sp.oo)),  # holds at 7 and 9, none of the first points
    (sp.Abs(t - 8), 8 - t, "=", sp.Interval.open(0, sp.oo)),  # holds at the first points, fails past 8
])
def test_a_statement_true_on_part_of_the_region_is_neither_proved_nor_refuted(L, R, rel, where):
    assert decide_on_region(L, sp.S(R), rel, _region(where)) is None


def test_a_slip_whose_sides_add_up_to_a_polynomial_is_still_refuted():
    # |t - 1| = t - |t - 1| solves to t = 2 only: false on t > 2, and not an equation of rational functions
    step = decide_on_region(sp.Abs(t - 1), t - sp.Abs(t - 1), "=", _region(sp.Interval.open(2, sp.oo)))
    assert step.verdict is Verdict.WRONG and "at t = 3," in step.reason


def test_a_hypothesis_true_for_every_real_is_a_region_too():
    assert region_of({0: t**2 + 1, 1: sp.S.Zero}, [">"]) == (t, sp.S.Reals)
    step = decide_on_region(sp.Abs(t**2 + 1), t**2 + 1, "=", _region(sp.S.Reals))
    assert step.verdict is Verdict.CORRECT


def test_a_statement_false_at_every_point_and_at_the_closed_edges_is_refuted():
    # solveset leaves |t - 1|^t + 1 = (t - 1)^t as a ConditionSet: the sign inside and at each closed edge decides
    L, R, where = sp.Abs(t - 1) ** t + 1, (t - 1) ** t, sp.Interval(2, 3)
    assert sp.solveset(sp.Eq(L, R), t, where).atoms(sp.ConditionSet)
    step = decide_on_region(L, R, "=", _region(where))
    assert step is not None and step.verdict is Verdict.WRONG and "at t = 2," in step.reason, step


@pytest.mark.parametrize(("text", "verdict"), [
    ("If $t \\ge 1$, then $|t - 1| = t - 1$.\n", "correct"),
    ("If $t < 1$, then $|t - 1| = t - 1$.\n", "wrong"),
    ("If $t < 1$, then $|t - 1| = t - 1$, which is impossible.\n", "unchecked"),
])
def test_a_verdict_on_a_region_states_no_expected_value(text, verdict):
    """A statement under a hypothesis has no one value it should have had: the evidence is the point and both
    sides' values there, and the report's "expected" field stays empty."""
    with Worker() as worker:
        found = [f for f in check_text(text, worker=worker).findings if f.source.replace(" ", "") == "|t-1|=t-1"]
    assert [f.verdict.value for f in found] == [verdict], [(f.verdict.value, f.reason) for f in found]
    assert found[0].to_json()["expected"] == ""


# -- a bound under conditions on several variables, each bounded on its own (refuted_on_box) ----------------------
from lnsym.check.judges.proofs.region import refuted_on_box  # noqa: E402

a_, b_, c_ = sp.Symbol("a"), sp.Symbol("b"), sp.Symbol("c")
_POSITIVE = sp.Interval.open(0, sp.oo)


def _box(*symbols, refute: bool = True):
    return tuple(Region(s, _POSITIVE, "the conditions", refute) for s in symbols)


def test_a_bound_false_at_a_point_of_every_range_is_wrong_with_its_evidence():
    res = refuted_on_box(a_**2 + b_**2, 3 * a_ * b_, "≥", _box(a_, b_))
    assert res is not None and res.verdict is Verdict.WRONG and res.code is Reason.REGION_POINT
    assert res.expected == "" and (res.left, res.right) == ("2", "3")  # at a = b = 1
    assert res.reason == ("false at a point of the hypothesis the conditions: at a = 1, b = 1, which satisfy it, "
                          "the left side is 2 and the right side 3")
    # three variables are tried too (the most a box has)
    res = refuted_on_box(a_ * b_ * c_, sp.Integer(2), "≥", _box(a_, b_, c_))
    assert res is not None and res.verdict is Verdict.WRONG


@pytest.mark.parametrize(("L", "R", "rel", "regions"), [
    (a_**2 + b_**2, 3 * a_ * b_, "=", _box(a_, b_)),  # an equation: a case may solve it
    (a_ * b_ * c_ * y, sp.Integer(2), "≥", _box(a_, b_, c_, y)),  # four variables: more than a box is tried for
    (sp.Function("f")(a_) * b_, sp.Integer(3), "≥", _box(a_, b_)),  # a function the text names, either side
    (sp.Integer(3), sp.Function("f")(a_) * b_, "≤", _box(a_, b_)),
    (a_**2 * b_, sp.Integer(3), "≥", _box(a_)),  # b has no range
    (a_**2, sp.Integer(3), "≥", _box(a_, b_)),  # one variable: the range of a alone decides it
    (a_**2 + a_ + b_, a_**2 + 5, "≥", _box(a_, b_)),  # the sides differ by a + b - 5: linear, a condition
    (a_**2 * b_, sp.Integer(3), "≥", _box(a_, b_, refute=False)),  # a case the text dismisses
    (sp.sqrt(-a_) * b_, sp.Integer(3), "≥", _box(a_, b_)),  # not real at any point tried: never compared
])
def test_what_a_box_does_not_refute(L, R, rel, regions):
    assert refuted_on_box(L, R, rel, regions) is None


def test_a_side_that_is_no_expression_is_not_compared():
    from lnsym.check.judges.numbers.values import Vec

    assert refuted_on_box(Vec([a_, b_]), sp.Integer(3), "≥", _box(a_, b_)) is None
    assert refuted_on_box(sp.Integer(3), Vec([a_, b_]), "≤", _box(a_, b_)) is None


# -- written against the survivors of a full mutation run (2026-12-07) ------------------------------------------------
from lnsym.check.judges.proofs.region import (  # noqa: E402
    REGION_POINT,
    _by_assumptions,
    _holds_at,
    _inside,
    _on_a_difference,
    _refutable,
    _usable,
    difference_region,
    link_regions,
)

n_ = sp.Symbol("n")
_TAN = sp.tan(sp.pi / 9)
# tan 60° written through tan 20° (the triple-angle formula): exactly sqrt(3), which SymPy's Eq and Ge leave unevaluated
_TRIPLE = (3 * _TAN - _TAN**3) / (1 - 3 * _TAN**2)


def _difference(rel: str = ">", source: str = "a > b") -> Region:
    """The case ``a rel b`` as a region of u = a - b (difference_region's own reading)."""
    u, where, shift = difference_region({0: a_, 1: b_}, [rel])
    return Region(u, where, source, True, shift)


def test_a_condition_of_exactly_the_most_operations_is_still_read():
    # region_of / difference_region: the limit on a hypothesis's size is inclusive (40 operations are read, 41 not)
    one = sp.Add(*[(t + k) ** 2 - (t - k) ** 2 for k in range(1, 7)]) + (t + 9) ** 2 - t**2  # 102t + 81
    assert sp.count_ops(one) == 40
    assert region_of({0: one, 1: sp.S.Zero}, [">"]) == (t, sp.Interval.open(sp.Rational(-27, 34), sp.oo))
    two = sp.Add(*[(a_ - b_ + k) ** 2 - (a_ - b_ - k) ** 2 for k in range(1, 6)]) + 1  # 60(a - b) + 1
    assert sp.count_ops(two) == 40
    assert difference_region({0: two, 1: sp.S.Zero}, [">"])[1] == sp.Interval.open(sp.Rational(-1, 60), sp.oo)
    # and a longer one on the difference is not read, even of degree 1 (difference_region's count_ops guard)
    longer = sp.Add(*[(a_ - b_ + k) ** 2 - (a_ - b_ - k) ** 2 for k in range(1, 9)])
    assert sp.count_ops(longer) > 40 and difference_region({0: longer, 1: sp.S.Zero}, [">"]) is None


@pytest.mark.parametrize("cube", [(t + 1) ** 3 - t**3, t**3 - (t - 2) ** 3])
def test_a_cube_in_a_hypothesis_is_not_expanded_even_when_it_cancels(cube):
    # region_of: a power above the square is refused as written (before any expansion), though (t + 1)^3 - t^3 is
    # the quadratic 3t^2 + 3t + 1 (survivors of the Pow guard)
    assert sp.Poly(sp.expand(cube), t).degree() == 2
    assert region_of({0: cube, 1: sp.S.Zero}, [">"]) is None


@pytest.mark.parametrize(("values", "rels", "expected"), [
    ({0: a_, 1: sp.S.Zero, 2: b_}, ["≥", ">"], [(a_, sp.Interval(0, sp.oo)), (b_, sp.Interval.open(-sp.oo, 0))]),
    ({0: sp.S.Zero, 1: t, 2: sp.S.One}, ["<", "<"], []),  # both links bound t: one range, not one per variable
    ({0: a_, 1: sp.S.Zero}, [">"], []),  # one link: a hypothesis of one variable
    ({0: a_, 1: sp.S.Zero, 2: sp.Abs(b_)}, ["≥", ">"], []),  # 0 > |b| is no polynomial condition
])
def test_the_links_of_a_hypothesis_each_bounding_one_variable(values, rels, expected):
    # link_regions: one region per variable, or [] (survivors of its guard's and/or)
    assert link_regions(values, rels) == expected


@pytest.mark.parametrize(("values", "rels"), [
    ({0: a_ - b_}, []),  # no condition at all
    ({0: a_, 1: 1 / b_}, [">"]),  # not polynomial in b
    ({0: b_, 1: 1 / a_}, [">"]),  # not polynomial in a
    ({0: a_ - b_, 1: sp.S.Zero, 2: a_ - b_}, ["≥", "≥"]),  # a - b = 0: a point
    ({0: sp.S.One, 1: a_ - b_, 2: sp.S.Zero}, ["<", "<"]),  # 1 < a - b < 0: empty
])
def test_hypotheses_that_are_no_range_of_a_difference(values, rels):
    # difference_region: None unless every link is c(a - b) + k and the range is an interval of positive length
    assert difference_region(values, rels) is None


@pytest.mark.parametrize(("L", "R", "usable"), [
    (sp.Abs(t - 1), t - 1, True),
    (sp.Function("f")(t), t, False),  # a function the text names on the left
    (t, sp.Function("f")(t), False),  # or on the right
    (t + sp.Function("g")(1), t, False),  # even at a number
    (t, y, False),
])
def test_sides_the_region_may_compare(L, R, usable):
    # _usable: the region's variable and numbers only, no function the text names on either side
    assert _usable(L, R, t) is usable


def test_equality_at_a_point_is_decided_exactly():
    # _holds_at: "=" and "≠" are decided by exact_equal (tan 60° from tan 20° is sqrt(3), which Eq/Ne leave open)
    third = sp.tan(t)
    left = (3 * third - third**3) / (1 - 3 * third**2)
    assert _holds_at(left, sp.sqrt(3), "=", t, sp.pi / 9)[0] is True
    assert _holds_at(left, sp.sqrt(3), "≠", t, sp.pi / 9)[0] is False


@pytest.mark.parametrize("rel", ["=", "≠"])
def test_an_equality_that_cannot_be_decided_at_a_point_is_no_answer(rel):
    # _holds_at: a difference of e^-100 is beyond what exact_equal tells from 0: None (not decided), never False
    assert _holds_at(t + sp.exp(-100), t, rel, t, sp.S.Zero)[0] is None


@pytest.mark.parametrize(("d", "rel", "refutable"), [
    (sp.S(-1), "<", False),  # sides that differ by a number: degree 0, a condition like a linear one
    (2 * t - 1, "≥", False),
    (t**2 - t, "≥", True),
    (t**2 + 1, "≠", False),  # an equation (or its negation) of rational functions: the case having no solution
    (1 / t, "≠", False),
    (sp.Abs(t - 1) - t, "≠", True),
])
def test_which_statements_false_on_a_region_are_slips(d, rel, refutable):
    # _refutable (survivors: "≠" read as an inequality, the Poly of a number)
    assert _refutable(d, rel, t) is refutable


def test_sides_that_differ_by_a_number_are_not_refuted_on_a_region():
    # _refutable through decide_on_region: t > t + 1 is false everywhere, but no bound of the case (degree 0)
    assert decide_on_region(t, t + 1, ">", _region(sp.Interval(2, sp.oo), "t \\ge 2")) is None


def test_a_closed_edge_where_a_side_is_undefined_leaves_the_sign_open():
    # _by_assumptions: 1/t = -1 fails inside [0, 1] and at t = 1, but at t = 0 the left side is undefined: not decided
    assert _by_assumptions(1 / t, -sp.S.One, "=", t, sp.Interval(0, 1)) is None
    assert _by_assumptions(1 / t, -sp.S.One, "=", t, sp.Interval.Lopen(0, 1)) == "none"


def test_a_link_of_a_chain_is_refuted_even_when_linear():
    # decide_on_region passes `chain` on: a linear bound false on the case is a slip in a chain (REGION_FALSE), and
    # one false on part of it too (REGION_POINT, _refuted_at_a_point)
    step = decide_on_region(t, sp.S.One, "<", _region(sp.Interval(2, sp.oo), "t \\ge 2"), chain=True)
    assert step.verdict is Verdict.WRONG and step.code == Reason.REGION_FALSE and "at t = 2," in step.reason
    step = decide_on_region(t, sp.S.One, "<", _region(sp.Interval.open(0, sp.oo), "t > 0"), chain=True)
    assert step.verdict is Verdict.WRONG and step.code == Reason.REGION_POINT and "at t = 1," in step.reason
    assert decide_on_region(t, sp.S.One, "<", _region(sp.Interval.open(0, sp.oo), "t > 0")) is None


def test_sides_whose_difference_is_linear_are_a_condition_however_written():
    # _refuted_at_a_point: t^2 + t < t^2 + 1 is t < 1 (false on t >= 1 of t > 0): the difference decides, not the sum
    assert decide_on_region(t**2 + t, t**2 + 1, "<", _region(sp.Interval.open(0, sp.oo), "t > 0")) is None


def test_a_bound_false_on_part_of_the_region_reads_its_evidence():
    # _refuted_at_a_point: the refutation's fields (no expected value; both sides' values at the point)
    step = decide_on_region(t**2 - 10, sp.S.Zero, ">", _region(sp.Interval.open(3, sp.oo), "t > 3"))
    assert step.verdict is Verdict.WRONG and step.code == Reason.REGION_POINT and step.expected == ""
    assert (step.left, step.right) == ("-0.39", "0")
    assert step.reason == (f"{REGION_POINT} t > 3: at t = 3.1, which satisfies it, the left side is -0.39 and the "
                           "right side 0")


def test_another_name_that_cancels_within_one_side_is_decided():
    # decide_on_region: y(t + 1) - yt - y is 0 whatever y is; only one side names y, and the difference decides
    left = y * (t + 1) - y * t - y + sp.Abs(t - 1)
    assert y in left.free_symbols
    step = decide_on_region(left, t - 1, "=", _region(sp.Interval(1, sp.oo), "t \\ge 1"))
    assert step is not None and step.verdict is Verdict.CORRECT


def test_a_difference_that_only_solveset_decides_is_proved_and_named():
    # decide_on_region, sides with another name: t^2 - t + 1 > 0 for every real t, which the assumptions do not
    # tell (the sign of r^2 - r + 1) but solveset does; the proof names the region's variable
    assert _by_assumptions(t**2 - t + 1, sp.S.Zero, ">", t, sp.S.Reals) is None
    step = decide_on_region(t**2 + y, t - 1 + y, ">", _region(sp.S.Reals, "t^2 + 1 > 0"))
    assert step is not None and step.verdict is Verdict.CORRECT
    assert step.reason == "holds for every t with t^2 + 1 > 0, the hypothesis it is asserted under"


def test_a_difference_false_on_the_region_reads_its_evidence():
    # decide_on_region, sides with another name: the refutation names the point and the difference's value there
    wrong = decide_on_region(t + y, y - 1, "≤", _region(sp.Interval.open(0, sp.oo), "t > 0"), chain=True)
    assert wrong.reason == (f"{REGION_FALSE} t > 0: at t = 1, which satisfies it, the left side minus the right "
                            "side, t + 1, is 2")


@pytest.mark.parametrize("integer", [False, True])
def test_a_bound_failing_at_one_point_of_the_region_is_refuted_there(integer):
    # _failing_point / _failing_set: (t - 7)^2 > 0 fails at t = 7 only, none of the probes; the solver's finite
    # failing set gives it, past the probes a counting variable skips (1/2)
    region = Region(t, sp.Interval.open(0, sp.oo), "t > 0", integer=integer)
    step = decide_on_region((t - 7) ** 2, sp.S.Zero, ">", region)
    assert step.verdict is Verdict.WRONG and step.code == Reason.REGION_POINT and "at t = 7," in step.reason


def test_a_bound_failing_on_two_pieces_far_from_the_probes_is_refuted_inside_one():
    # _failing_set / _inside: t^2 > 102 under t^2 > 100 fails on [-sqrt(102), -10) and (10, sqrt(102)]: no probe,
    # and the first piece's simplest decimal of fewest places, -10.09, is the point
    where = region_of({0: t**2, 1: sp.Integer(100)}, [">"])[1]
    step = decide_on_region(t**2, sp.Integer(102), ">", _region(where, "t^2 > 100"))
    assert step.verdict is Verdict.WRONG and step.code == Reason.REGION_POINT and "at t = -10.09," in step.reason


@pytest.mark.parametrize(("piece", "integer", "expected"), [
    (sp.Interval(5, sp.oo), False, [5, 6, 7]),  # the integers from the finite lower edge
    (sp.Interval.open(5, sp.oo), False, [6, 7]),  # the open edge itself is not inside
    (sp.Interval(-sp.oo, 5), False, [3, 4, 5]),  # up to the finite upper edge
    (sp.S.Reals, False, [0]),
    (sp.Interval(H, 3), False, [1, 2, 3, sp.Rational(3, 5), sp.Rational(51, 100), sp.Rational(501, 1000)]),
    (sp.Interval(H, 3), True, [1, 2, 3]),  # a variable that counts: integers only
    (sp.Interval.open(sp.Rational(1, 20), H), False, [sp.Rational(1, 10), sp.Rational(3, 50), sp.Rational(51, 1000)]),
    (sp.Interval.open(sp.Rational(1, 20), H), True, []),
])
def test_the_simple_points_inside_a_piece(piece, integer, expected):
    # _inside: integers nearest the finite edge, then decimals of one, two and three places past the lower edge
    assert _inside(piece, integer) == expected


def test_a_chain_link_on_a_difference_is_refuted_even_when_linear():
    # decide_on_region / _on_a_difference pass `chain` on: "a < b" under a > b is refuted as a link of a chain, not
    # alone (the case having no solution), also when _on_a_difference is asked without it
    step = decide_on_region(a_, b_, "<", _difference(), chain=True)
    assert step.verdict is Verdict.WRONG and "at a = 1, b = 0, which satisfy it" in step.reason
    assert decide_on_region(a_, b_, "<", _difference()) is None
    assert _on_a_difference(a_, b_, "<", _difference()) is None


def test_a_statement_proved_on_a_difference_names_both_variables():
    # _on_a_difference: the proof is for every a, b of the case
    step = decide_on_region(sp.Abs(a_ - b_), a_ - b_, "=", _difference("≥", "a \\ge b"))
    assert step.reason == "holds for every a, b with a \\ge b, the hypothesis it is asserted under"


def test_a_statement_on_a_difference_of_several_pieces_is_decided_on_each():
    # _on_a_difference: |a - b| > 1 as a region of a - b (two pieces): |a - b| >= 1 holds on both
    where = sp.Union(sp.Interval.open(-sp.oo, -1), sp.Interval.open(1, sp.oo))
    u = sp.Symbol("a - b")
    step = decide_on_region(sp.Abs(a_ - b_), sp.S.One, "≥", Region(u, where, "|a - b| > 1", True, (a_, b_)))
    assert step is not None and step.verdict is Verdict.CORRECT


_F = sp.Function("f", real=True)


@pytest.mark.parametrize(("L", "R", "rel"), [
    (sp.Abs(a_ - b_), sp.Integer(20), "="),  # holds where a - b = 20: an equation the case may solve
    (sp.Abs(a_ - b_), a_ - b_, "≈"),  # not a relation the judge reads
    (sp.Matrix([a_]), a_ - b_, "="),  # a side that is no expression
    (sp.Abs(a_ - b_) + _F(1) ** 2, a_ - b_, "≥"),  # a function the text names, on one side only
    (a_ - b_, sp.Abs(a_ - b_) + _F(1) ** 2, "≤"),
])
def test_what_a_difference_does_not_decide(L, R, rel):
    # _on_a_difference: no verdict (survivors of its guard, and of an undecided sign read as "none")
    assert decide_on_region(L, R, rel, _difference("≥", "a \\ge b")) is None


@pytest.mark.parametrize(("L", "R", "rel"), [
    (a_ * b_ - 3, _F(a_) ** 2, "≥"),  # false at a = b = 1 for any real f, but f is the text's: not evaluated
    (_F(a_) ** 2, a_ * b_ - 3, "≤"),
    (a_ * b_ + 1, a_ * b_, "≥"),  # sides that differ by a number: a condition, not a bound of the box
    (a_ * b_, a_ * b_ + 1, "≥"),
    (a_ * b_ * _TRIPLE, a_ * b_ * sp.sqrt(3), "≥"),  # holds with equality, which Ge cannot tell at the points
])
def test_more_of_what_a_box_does_not_refute(L, R, rel):
    # refuted_on_box (survivors of its function guard, of the Poly of a number, and of an undecided comparison)
    assert refuted_on_box(L, R, rel, _box(a_, b_)) is None


@pytest.mark.parametrize(("rel", "op", "holds_at_the_edge"), [(">", ">", False), ("≤", "<=", True)])
def test_a_difference_whose_closed_edge_differs_from_its_inside_is_not_decided(rel, op, holds_at_the_edge):
    # _on_a_difference: under a - b >= 7/2, (a - b)^2 > 49/4 holds inside but fails at a - b = 7/2, and
    # (a - b)^2 <= 49/4 the reverse; the edge is none of the probes (4, 5, 10): inside and edge must agree to decide
    u, where, shift = difference_region({0: a_ - b_, 1: sp.Rational(7, 2)}, ["≥"])
    assert where == sp.Interval(sp.Rational(7, 2), sp.oo)
    L, R = (a_ - b_) ** 2, sp.Rational(49, 4)
    at_the_edge = sp.Rel(L, R, op).subs({a_: sp.Rational(7, 2), b_: 0})
    assert (at_the_edge is sp.true) is holds_at_the_edge
    assert decide_on_region(L, R, rel, Region(u, where, "a - b \\ge 7/2", True, shift)) is None
