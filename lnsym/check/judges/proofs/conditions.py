"""A condition on one variable derived from the one before it ("$b^2 > 30$, so $b \\ge 6$"; "$|1 - 4\\eta| < 1$,
i.e. $0 < \\eta < \\frac12$"), refuted at a point.

"So" claims that every point of the previous condition satisfies the new one; "i.e." and "iff" claim that the two
have the same points. Both are refuted by one rational point, evaluated exactly: a point that meets the previous
condition (and every other fact of the paragraph on the variable) but not the new one, or, for an equivalence,
the other way round. Only conditions built from rational functions of the variable and absolute values are read
(their value at a rational point is a rational number, which a reader checks by hand); the points tried are simple
numbers around the edges of both conditions. None found: nothing is claimed (the step stays as it was).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise
from typing import Any

import sympy as sp

from lnsym.check.judges.proofs.consequences import Inequality

__all__ = ["refuting_point"]

_MAX_DEGREE = 6
_MAX_EDGES = 12
_STEPS = (Fraction(1), Fraction(1, 2), Fraction(1, 4), Fraction(1, 10))


def _readable(expr: Any, x: sp.Symbol) -> bool:
    """Is ``expr`` a rational function of ``x`` with absolute values, rational numbers its only constants?"""
    if not isinstance(expr, sp.Expr) or expr.free_symbols != {x}:
        return False
    for node in sp.preorder_traversal(expr):
        if node.is_Atom:
            if node.is_number and not node.is_Rational:
                return False
        elif isinstance(node, sp.Pow):
            if not node.exp.is_Integer:
                return False
        elif not isinstance(node, (sp.Add, sp.Mul, sp.Abs)):
            return False
    return True


def _unsigned(expr: Any) -> list[Any]:
    """``expr`` with each absolute value replaced by its argument or its negation (the pieces it is made of)."""
    pieces = [expr]
    for a in sorted(expr.atoms(sp.Abs), key=sp.default_sort_key)[:3]:
        pieces = [p.xreplace({a: s * a.args[0]}) for p in pieces for s in (1, -1)]
    return pieces


def _edges(exprs: list[Any], x: sp.Symbol) -> list[Fraction]:
    """Where the conditions may change: real roots of the numerators and denominators of their pieces, close to."""
    found: set[Fraction] = set()
    for expr in exprs:
        for piece in _unsigned(expr):
            num, den = sp.fraction(sp.together(piece))
            for part in (num, den):
                try:
                    poly = sp.Poly(part, x)
                except sp.PolynomialError:
                    continue
                if poly.degree() < 1 or poly.degree() > _MAX_DEGREE:
                    continue
                for r in poly.nroots(n=15):
                    if abs(sp.im(r)) < 1e-9:
                        found.add(Fraction(float(sp.re(r))).limit_denominator(1000))
    return sorted(found)[:_MAX_EDGES]


def _simplest_between(a: Fraction, b: Fraction) -> Fraction:
    """A number of small denominator strictly between ``a`` and ``b``."""
    for den in (1, 2, 4, 10, 100, 1000):
        k = int(a * den) + 1
        if Fraction(k, den) < b:
            return Fraction(k, den)
    return (a + b) / 2


def _candidates(edges: list[Fraction]) -> list[Fraction]:
    points = {e + s for e in edges for s in (0, *_STEPS, *(-t for t in _STEPS))}
    points |= {_simplest_between(a, b) for a, b in pairwise(edges)}
    points |= {Fraction(k) for k in range(-2, 3)}
    return sorted(points, key=lambda p: (p.denominator, abs(p), p))


def _holds(fact: Any, x: sp.Symbol, point: sp.Rational) -> bool | None:
    """Does ``fact`` (an equation ``expr = 0`` or an :class:`Inequality`) hold at ``x = point``? None: undefined."""
    expr = fact.expr if isinstance(fact, Inequality) else fact
    v = expr.xreplace({x: point})
    if not isinstance(v, sp.Rational):
        return None
    if isinstance(fact, Inequality):
        return bool(v < 0 or (v == 0 and not fact.strict))
    return bool(v == 0)


def refuting_point(previous: list[Inequality], new: list[Inequality], domain: list[Any], equivalence: bool,
                   allowed: Callable[[sp.Rational], bool]) -> tuple[sp.Symbol, sp.Rational, bool] | None:
    """A rational point ``(x, c, lost)`` where every fact of ``domain`` (equations ``expr = 0``, inequalities) holds
    and either the ``previous`` condition holds but the ``new`` one does not (``lost``), or, for an
    ``equivalence``, the new one holds but the previous one does not (``lost`` False); only a point ``allowed``
    accepts (an integer, when the variable counts). None when none is found among the points tried, or when the
    conditions are not all in one variable and readable (:func:`_readable`)."""
    exprs = [q.expr for q in (*previous, *new)]
    syms = set().union(*(e.free_symbols for e in exprs)) if exprs else set()
    if not previous or not new or len(syms) != 1:
        return None
    (x,) = syms
    domain = [f for f in domain if (f.expr if isinstance(f, Inequality) else f).free_symbols == {x}]
    if not all(_readable(e, x) for e in (*exprs, *(f.expr if isinstance(f, Inequality) else f for f in domain))):
        return None
    for p in _candidates(_edges(exprs, x)):
        c = sp.Rational(p.numerator, p.denominator)
        if not allowed(c):
            continue
        values = [_holds(f, x, c) for f in (*domain, *previous, *new)]
        if None in values or not all(values[: len(domain)]):
            continue
        was = all(values[len(domain) : len(domain) + len(previous)])
        now = all(values[len(domain) + len(previous) :])
        if was and not now:
            return x, c, True
        if equivalence and now and not was:
            return x, c, False
    return None
