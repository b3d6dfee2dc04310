"""Paragraph context: lets, derived values, recomputations, cases."""

from __future__ import annotations

import sympy as sp

from lnsym.check.judges.evaluate import Vec
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.roles.context import Context, is_literal


def trees(*srcs):
    return [parse_term(tokenize(s)) for s in srcs]


def test_literals():
    assert all(is_literal(t) for t in trees("2", "-0.5", r"\frac{1}{3}", r"\sqrt{2}", "[1,-1]", r"10^{-5}"))
    assert not any(is_literal(t) for t in trees("1+1", r"\frac{4+0}{4}", "x", r"\sqrt{x}"))


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
