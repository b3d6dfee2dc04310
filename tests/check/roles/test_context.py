"""Paragraph context: lets, derived values, recomputations, cases."""

from __future__ import annotations

import sympy as sp

from lnsym.check.judges.numbers.evaluate import Vec, evaluate
from lnsym.check.judges.proofs.lemmas import Bound
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.roles.context import Context, is_literal, listed_bounds


def trees(*srcs):
    return [parse_term(tokenize(s)) for s in srcs]


def test_literals():
    assert [is_literal(t) for t in trees("2", "-0.5", r"\frac{1}{3}", r"\sqrt{2}", "[1,-1]", r"10^{-5}")] == [True] * 6
    assert [is_literal(t) for t in trees("1+1", r"\frac{4+0}{4}", "x", r"\sqrt{x}")] == [False] * 4
    # a coefficient against a root or pi is written out; two numbers side by side are multiplied
    assert [is_literal(t) for t in trees(r"2\sqrt{3}", r"5\pi", r"\frac{5\pi}{6}", r"-2\sqrt{3}")] == [True] * 4
    assert [is_literal(t) for t in trees("720(24)", "(2)(3)", "2(-3)")] == [False] * 3


def test_a_name_computed_by_juxtaposition_is_a_new_computation_not_a_restatement():
    from lnsym.check.pipeline import check_text

    text = "\\[ T = 720(24) \\times 120(6) \\]\n\\[ T = 720(24) = 17280 \\]\n"
    assert [f.verdict.value for f in check_text(text, "k").findings] == ["unchecked", "unchecked", "correct"]


def test_a_let_can_be_restated_a_derived_value_is_checked():
    ctx = Context()
    plan = ctx.plan(trees("x", "2"), ["="])
    assert plan.defined == "x" and plan.kind == "let"
    ctx.after(plan, {1: sp.Integer(2)})
    assert ctx.plan(trees("x", "-2"), ["="]).defined == "x"  # a new case
    plan = ctx.plan(trees(r"\sigma^2", r"\frac{1+1}{2}", "1"), ["=", "="])
    assert plan.kind == "derived"
    ctx.after(plan, {1: sp.Integer(1)})
    assert ctx.env["\\sigma"] == 1 and ctx.kind["\\sigma"] == "derived"
    assert ctx.plan(trees(r"\sigma", "0.5"), ["="]).defined == ""  # checked against the binding
    recompute = ctx.plan(trees(r"\sigma^2", r"\frac{4+4}{2}", "4"), ["=", "="])
    assert recompute.defined == "\\sigma^2"  # a recomputation rebinds


def test_chains_of_names_and_cases():
    ctx = Context()
    ctx.after(ctx.plan(trees("x_1", "[1,-1]"), ["="]), {1: Vec([1, -1])})
    assert ctx.plan(trees("x_1", "x_2", "[1,1]"), ["=", "="]).defined == ""
    ctx.plan(trees("x_1", "3"), ["="], hypothetical=True)
    assert "x_{1}" not in ctx.env  # "if x_1 = 3": a case, forget the binding


def test_flashcards_never_bind():
    ctx = Context(frozen=True)
    plan = ctx.plan(trees("y", "2"), ["="])
    ctx.after(plan, {1: sp.Integer(2)})
    assert ctx.env == {}


def test_a_case_forgets_a_binding_that_was_really_made():
    ctx = Context()
    ctx.after(ctx.plan(trees("x_1", "[1,-1]"), ["="]), {1: Vec([sp.Integer(1), sp.Integer(-1)])})
    assert ctx.env["x_{1}"] == Vec([sp.Integer(1), sp.Integer(-1)])  # bound: the test below is not vacuous
    plan = ctx.plan(trees("x_1", "3"), ["="], hypothetical=True)
    assert "x_{1}" not in ctx.env and plan.bind == []
    ctx.after(plan, {1: sp.Integer(3)})
    assert "x_{1}" not in ctx.env  # and the case binds nothing either


def test_a_chain_of_names_does_not_rebind_a_bound_name():
    ctx = Context()
    ctx.after(ctx.plan(trees("x", "3"), ["="]), {1: sp.Integer(3)})
    plan = ctx.plan(trees("y", "x", "5"), ["=", "="])
    assert plan.bind == ["y"] and plan.defined == ""  # every link of the chain is checked
    ctx.after(plan, {2: sp.Integer(5)})
    assert ctx.env["x"] == 3 and ctx.env["y"] == 5


def test_cases_and_chains_end_to_end():
    from lnsym.check import check_answer_key

    def verdicts(text):
        return {f.source: f.verdict.value for f in check_answer_key(text).findings}

    # "if x = 5" is a case: it neither keeps x = 3 (x + 1 = 6 would be wrong) nor binds x = 5
    case = verdicts("$x=3$. If $x=5$, then $x+1=6$.")
    assert case["x+1=6"] != "wrong"
    bound_five = verdicts("$x=3$. If $x=5$, then $y=1$. So $x+1=4$.")
    assert bound_five["x+1=4"] != "wrong"  # wrong only if the case had bound x = 5
    plain = verdicts("$x=3$. Then $x=5$ and $x+1=6$.")  # without "if": a new value of a let
    assert plain["x+1=6"] == "correct"
    chain = verdicts("$x=3$, so $y=x=5$ and $x+1=4$ and $y+1=6$.")
    # y is 5; the link x = 5 is never correct, and since the text says x is 5, it speaks of another value of x than
    # 3: x + 1 = 4 rests on neither (statement_check._leave_other_values)
    assert chain["x=5"] != "correct" and chain["x+1=4"] == "unchecked" and chain["y+1=6"] == "correct"
    assert verdicts("$x=3$, so $y=5$ and $x+1=4$ and $y+1=6$.")["x+1=4"] == "correct"


def test_a_name_computed_twice_in_a_row_holds_candidates():
    from lnsym.check import check_answer_key

    def findings(text):
        return {f.source: f for f in check_answer_key(text).findings}

    # the two roots of a quadratic: `z = 0` picks a candidate, it does not restate the last
    roots = findings(r"$z = \frac{-1+1}{4} = 0$ and $z = \frac{-1-1}{4} = -\frac{1}{2}$. So $z = 0$.")
    assert roots["z = 0"].verdict.value == "unchecked" and "candidates" in roots["z = 0"].reason
    # one computation, then its restatement: still checked, both ways
    assert findings(r"$z = \frac{-1+1}{4} = 0$. So $z = 1$.")["z = 1"].verdict.value == "wrong"
    assert findings(r"$z = \frac{-1+1}{4} = 0$. So $z = 0$.")["z = 0"].verdict.value == "correct"
    # a recomputation after other work is a new value, and a restatement is checked against it
    later = findings(r"$z = \frac{-1+1}{4} = 0$ and $y = 2 + 1 = 3$ and $z = \frac{-1-1}{4} = -\frac{1}{2}$. "
                     r"So $z = 0$.")
    assert later["z = 0"].verdict.value == "wrong"



def test_a_new_name_written_approximately_is_given_that_value_unless_it_is_a_root():
    from lnsym.check.pipeline import check_text

    def got(text):
        return {f.source: f.verdict.value for f in check_text(text).findings}

    # "their sum is S ≈ 11.2125": S has the value the text writes, as after `S = 11.2125` (it proves, never refutes)
    read = got("Their sum is $S \\approx 11.2125$. So $\\frac{7.3891}{S} \\approx 0.6590$ and "
               "$\\frac{7.3891}{S} \\approx 0.7590$.\n")
    assert read["S \\approx 11.2125"] == "unchecked"
    assert read["\\frac{7.3891}{S} \\approx 0.6590"] == "correct"
    assert read["\\frac{7.3891}{S} \\approx 0.7590"] == "unchecked"  # S may be a candidate: no refutation by it
    # the roots of the paragraph's equation are candidates: neither is bound
    roots = got("The roots of $n^2 - 10n - 7 = 0$ are $n \\approx 10.657$ and $n \\approx -0.657$, so "
                "$n^2 = 113.57$.\n")
    assert roots["n^2 = 113.57"] == "unchecked"
    # Euler's number is no name to bind
    assert got("Here $e \\approx 2.718$ and $e^{1} \\approx 2.7183$.\n")["e^{1} \\approx 2.7183"] == "correct"


def _name(source: str):
    return evaluate(parse_term(tokenize(source)), {})


def test_names_listed_before_a_bound_are_bounded_alike():
    b, a = _name("b"), _name("a")
    found = listed_bounds("a, ", Bound(sp.Integer(0), b, "0 \\le b", 3), _name)
    assert found == [Bound(sp.Integer(0), a, "0 \\le a", 3)]
    x1, x2, x3 = _name("x_1"), _name("x_2"), _name("x_3")
    found = listed_bounds(" x_1 , x_2, ", Bound(x3, sp.Integer(1), "x_3 \\le 1", 2), _name)
    assert [(f.low, f.high) for f in found] == [(x1, sp.Integer(1)), (x2, sp.Integer(1))]
    assert [f.text for f in found] == ["x_1 \\le 1", "x_2 \\le 1"]
    delta = listed_bounds("\\delta, ", Bound(sp.Integer(-1), _name("\\epsilon"), "", 1), _name)
    assert [f.high for f in delta] == [_name("\\delta")]


def test_only_a_bare_list_of_names_before_a_bound_by_a_number_is_read():
    b, c = _name("b"), _name("c")
    zero = Bound(sp.Integer(0), b, "0 \\le b", 1)
    assert listed_bounds("f(x) = x^2, ", zero, _name) == []  # a statement before, not a list
    assert listed_bounds("a + 1, ", zero, _name) == []
    assert listed_bounds("", zero, _name) == [] and listed_bounds("a ", zero, _name) == []
    assert listed_bounds("a, ", Bound(c, b, "c \\le b", 1), _name) == []  # a bound by another name
    assert listed_bounds("a, ", None, _name) == []
    assert listed_bounds("b, ", zero, _name) == []  # the name itself
    # `x_1, \\dots, x_n \\ge 0`: a name the reader does not take is left out, the others bounded
    found = listed_bounds("x_1, \\dots, ", Bound(sp.Integer(0), _name("x_n"), "", 1), _name)
    assert [f.high for f in found] == [_name("x_1")]
