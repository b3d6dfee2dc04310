"""The facts a paragraph has stated, and when they contradict each other.

A fact is an equation with unknowns, kept as ``lhs - rhs`` (a SymPy expression meaning ``lhs - rhs = 0``), or an
:class:`Inequality`. Later steps are proved from them (:mod:`.consequences`), and a set of facts that cannot all hold
proves anything at all: "From $3y - 1 = 5$, $y = 2$. From $3y - 1 = 8$, $y = 2$" would prove the second ``y = 2``
from the first case's facts, and "Trying $k = 3$ and $k = 7$, only $k = 3$ works, so $2k = 14$" would prove
``2k = 14`` from the candidate the text rejects. :func:`contradictory` tells such a set, so that it proves nothing.

Only what SymPy decides counts as a contradiction: two facts of one real variable whose solution sets are disjoint
(``x = 3`` and ``x = 7``, ``x > 0`` and ``x = -3``, ``x > 3`` and ``x < 1``), or polynomial equations with rational
coefficients without a common solution, even a complex one (their Groebner basis is ``[1]``). A set SymPy cannot
decide is not called contradictory; the proofs of :mod:`.consequences` then stand as before.

A proof from one fact stands amid facts of other cases (a case analysis states ``x > 0`` and later ``x < 0``; ``x > 2``
follows from ``2 - x < 0`` whatever else was said), unless a later fact contradicts that one fact
(:func:`superseded`); a proof from several facts together stands only when they agree.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import sympy as sp
from sympy.core.function import AppliedUndef

from lnsym.check.judges.numbers.exact import is_undefined
from lnsym.check.judges.proofs.region import solved_inequality

__all__ = ["Inequality", "contradictory", "contradicts", "fact_expr", "fact_region", "root_of", "superseded"]

_MAX_SYMBOLS = 8  # a Groebner basis in more unknowns may take seconds
_MAX_DEGREE = 6


class Inequality:
    """``expr < 0`` (``strict``) or ``expr <= 0``: an inequality with unknowns a paragraph stated."""

    __slots__ = ("expr", "strict")

    def __init__(self, expr: Any, strict: bool) -> None:
        self.expr, self.strict = expr, strict

    def __getstate__(self):
        return (self.expr, self.strict)

    def __setstate__(self, state) -> None:
        self.expr, self.strict = state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Inequality) and (self.expr, self.strict) == (other.expr, other.strict)

    def __hash__(self) -> int:
        return hash((self.expr, self.strict))

    def __repr__(self) -> str:
        return f"Inequality({self.expr} {'<' if self.strict else '<='} 0)"

    @classmethod
    def of(cls, L: Any, R: Any, rel: str) -> Inequality | None:
        if rel not in ("<", ">", "≤", "≥") or not isinstance(L, sp.Expr) or not isinstance(R, sp.Expr):
            return None
        d = L - R if rel in ("<", "≤") else R - L
        if not d.free_symbols or d.atoms(AppliedUndef) or sp.Symbol("i") in d.free_symbols or is_undefined(d):
            return None
        return cls(d, rel in ("<", ">"))


def fact_expr(fact: Any) -> Any:
    """The expression of a fact: ``lhs - rhs`` of an equation, the ``expr`` of an :class:`Inequality`."""
    return fact.expr if isinstance(fact, Inequality) else fact


@functools.lru_cache(maxsize=256)
def fact_region(q: Inequality, s: sp.Symbol) -> sp.Set | None:
    """The values of ``s`` where ``q`` (``expr < 0`` or ``<= 0``) holds, for an ``expr`` linear in ``s``, or
    quadratic with rational coefficients (``t^2 < 1``). Remembered: a paragraph's inequality is solved again for
    each later hypothesis it is compared with (milliseconds each time for a quadratic)."""
    poly = sp.Poly(q.expr, s)
    if poly.degree() == 2 and all(c.is_Rational for c in poly.all_coeffs()):
        return solved_inequality(q.expr, s, "<" if q.strict else "<=")  # (from its roots: milliseconds)
    if poly.degree() != 1:
        return None
    a, b = poly.all_coeffs()
    if not (a.is_number and b.is_number and a.is_real and b.is_real) or a == 0:
        return None
    edge = -b / a
    if a > 0:
        return sp.Interval(-sp.oo, edge, right_open=q.strict)
    return sp.Interval(edge, sp.oo, left_open=q.strict)


def root_of(equation: Any, s: sp.Symbol) -> Any:
    """The one solution of an equation linear in ``s``, or None."""
    poly = sp.Poly(equation, s)
    if poly.degree() != 1:
        return None
    a, b = poly.all_coeffs()
    return -b / a if a.is_number and b.is_number and a != 0 else None


def contradicts(fact: Any, equation: Any, inequality: Inequality | None, s: sp.Symbol) -> bool:
    """Can ``fact`` (about ``s`` alone) and the new ``equation`` (``lhs - rhs``, linear in ``s``) or ``inequality``
    not both hold? Only what is decided counts: a question SymPy cannot answer (a fact not polynomial in ``s``) is no
    contradiction."""
    try:
        return _decided_contradiction(fact, equation, inequality, s)
    except (TypeError, ValueError, AttributeError, NotImplementedError, sp.PolynomialError):
        return False


def _decided_contradiction(fact: Any, equation: Any, inequality: Inequality | None, s: sp.Symbol) -> bool:
    if fact_expr(fact).free_symbols != {s}:
        return False
    if equation is not None:
        r = root_of(equation, s)
        if r is None:
            return False
        value = fact_expr(fact).subs(s, r)
        if not value.is_number or not value.is_real:
            return False
        if isinstance(fact, Inequality):
            return bool(value > 0 or (fact.strict and value == 0))
        return bool(value != 0)
    new = fact_region(inequality, s)
    if new is None:
        return False
    if isinstance(fact, Inequality):
        old = fact_region(fact, s)
        return old is not None and old.intersect(new) is sp.S.EmptySet
    r = root_of(fact, s)
    return r is not None and new.contains(r) is sp.S.false


def _pair_contradicts(a: Any, b: Any) -> bool:
    """Do two facts of one and the same variable, one of them linear in it or both inequalities, contradict?"""
    syms = fact_expr(b).free_symbols
    if len(syms) != 1 or fact_expr(a).free_symbols != syms:
        return False
    (s,) = syms
    if isinstance(b, Inequality):
        return contradicts(a, None, b, s)
    if contradicts(a, b, None, s):
        return True
    return not isinstance(a, Inequality) and contradicts(b, a, None, s)


def _connected(facts: tuple, symbols: frozenset) -> list:
    """The facts that share an unknown with ``symbols``, directly or through other such facts."""
    reach, chosen, rest = set(symbols), [], list(facts)
    grew = True
    while grew:
        grew = False
        for f in list(rest):
            found = getattr(fact_expr(f), "free_symbols", set())
            if found & reach:
                chosen.append(f)
                rest.remove(f)
                reach |= found
                grew = True
    return chosen


def _polynomial(e: Any, syms: tuple) -> sp.Poly | None:
    try:
        if not isinstance(e, sp.Expr) or e.atoms(AppliedUndef) or not e.is_polynomial(*syms):
            return None
        poly = sp.Poly(sp.expand(e), *syms, domain="QQ")
    except Exception:
        return None
    return None if poly.is_zero or poly.total_degree() > _MAX_DEGREE else poly


@functools.lru_cache(maxsize=1024)  # a paragraph's facts are asked again at every later step they prove
def contradictory(facts: tuple, symbols: frozenset) -> bool:
    """Do the facts that bear on ``symbols`` (those sharing an unknown with them, directly or through other facts)
    contradict each other, decided by SymPy? See the module's docstring. False when it cannot tell."""
    chosen = _connected(facts, symbols)
    if len(chosen) < 2:
        return False
    if any(_pair_contradicts(a, b) or _pair_contradicts(b, a) for a, b in itertools.combinations(chosen, 2)):
        return True
    equations = [f for f in chosen if not isinstance(f, Inequality)]
    syms = tuple(sorted(set().union(*(getattr(f, "free_symbols", set()) for f in equations)), key=str))
    if len(equations) < 2 or not syms or len(syms) > _MAX_SYMBOLS or sp.Symbol("i") in syms:
        return False
    polys = [p for p in (_polynomial(f, syms) for f in equations) if p is not None]
    if len(polys) < 2:
        return False
    try:
        basis = sp.groebner([p.as_expr() for p in polys], *syms, order="grevlex", domain="QQ")
    except Exception:  # (SymPy's own failures: no decision)
        return False
    return basis.exprs == [1]


def superseded(fact: Any, later: tuple) -> bool:
    """Do facts stated after ``fact`` contradict it: one of them, or all of them together while they agree among
    themselves? Then ``fact`` belongs to a case, a candidate or a value the text has left ("Trying $k = 3$ and
    $k = 7$, only $k = 3$ works": k = 7 is superseded), and proves nothing about what follows."""
    symbols = frozenset(getattr(fact_expr(fact), "free_symbols", ()))
    if not later or not symbols:
        return False
    if any(contradictory((q, fact), symbols) for q in later):
        return True
    return contradictory((*later, fact), symbols) and not contradictory(tuple(later), symbols)
