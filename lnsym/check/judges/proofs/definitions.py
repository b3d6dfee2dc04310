"""A claim about names the paragraph defined by expressions, false for every value of the rest (issue 27).

"Let $a = 2m + 1$. Then $a^2 = 4m^2 + 4m + 3$." With ``a`` replaced by what the paragraph says it is, the claim is
``(2m + 1)^2 = 4m^2 + 4m + 3``: its two sides differ by ``-2`` whatever ``m`` is. No reading saves it. As a
rewriting of ``a^2`` it is false; as an equation to solve it has no solution, so no argument can have produced it
from the definitions (unless they contradict each other, which :mod:`.facts` tells). ``wrong``, with the
substitutions and both sides at the simplest value of the rest (``m = 0``: 1 against 3), a refutation a reader
checks in seconds.

Only the shape no case split can save is read: the difference, after the substitutions, is a nonzero *number*. A
difference that still depends on the rest (``a^2 = 4m^2 + 2m + 1``: ``2m``) is false only at some values, and the
text may mean an equation for ``m``: it stays as the judges left it. A definition is an equation fact of the
paragraph, ``name = expression`` with the name to the first degree with coefficient ±1 and an expression of other
names (``a = 2m + 1``, ``2m + 1 = a``); a number (``x = 3``) is a value, bound and cased elsewhere, and never used
here. A definition a later fact contradicts (:func:`~.facts.superseded`) gives nothing; the definitions used, one per
name and none written with another, cannot contradict each other. Modulo ``m`` the difference must also be nonzero
modulo ``m`` (``x + 4 = x`` is a true congruence modulo 4).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import sympy as sp
from sympy.core.function import AppliedUndef

from lnsym.check.judges.proofs.facts import Inequality, superseded

__all__ = ["DefinitionRefutation", "refuted_by_definitions"]


class DefinitionRefutation(NamedTuple):
    """The substitutions used (name, expression, in the order of the names), the constant difference of the two
    sides after them, and both sides at the simplest point of the names left (all 0, else all 1, 2 or 3: the first
    where every definition has a value)."""

    used: tuple[tuple[sp.Symbol, sp.Expr], ...]
    difference: sp.Rational
    point: dict[sp.Symbol, sp.Integer]
    left: sp.Expr
    right: sp.Expr


def _definition(fact: Any, name: sp.Symbol) -> sp.Expr | None:
    """What ``fact`` (``lhs - rhs``, meaning ``= 0``) says ``name`` is: an expression of other names, when the fact
    has ``name`` to the first degree with coefficient ±1 and nowhere else; None otherwise (a number is a value)."""
    if not isinstance(fact, sp.Expr) or isinstance(fact, Inequality) or name not in fact.free_symbols:
        return None
    try:
        expanded = sp.expand(fact)
        coefficient = expanded.coeff(name, 1)
        rest = sp.expand(expanded - coefficient * name)
    except (TypeError, ValueError, sp.PolynomialError):
        return None
    if coefficient not in (1, -1) or name in rest.free_symbols:
        return None
    value = -rest / coefficient
    if not value.free_symbols or value.atoms(AppliedUndef) or value.has(sp.Indexed, sp.Sum, sp.Product):
        return None
    return value


def refuted_by_definitions(previous: Any, L: Any, R: Any, defined: frozenset[str],
                           modulus: int | None = None) -> DefinitionRefutation | None:
    """``L = R`` refuted by the paragraph's definitions among its facts ``previous`` (a tuple of facts, or one): the
    latest standing definition of each name of the claim that the paragraph defined (``defined``: the names its
    statements ``NAME = ...`` gave a meaning, once), substituted at once, leaves a nonzero number as ``L - R``
    (nonzero modulo ``modulus`` too, when given). None when no definition is used, when a definition is written in
    terms of another defined name, or when the difference depends on anything. (``y = ax + c`` defines y, not c.)"""
    if not isinstance(L, sp.Expr) or not isinstance(R, sp.Expr) or L.atoms(AppliedUndef) or R.atoms(AppliedUndef):
        return None
    facts = previous if isinstance(previous, tuple) else (previous,)
    equations = tuple(f for f in facts if isinstance(f, sp.Expr) and not isinstance(f, Inequality) and f.free_symbols)
    names = sorted((s for s in L.free_symbols | R.free_symbols if str(s) in defined), key=str)
    if not equations or not names or sp.Symbol("i") in L.free_symbols | R.free_symbols:
        return None
    used: dict[sp.Symbol, sp.Expr] = {}
    for name in names:
        for k in range(len(equations) - 1, -1, -1):  # the latest definition of the name
            value = _definition(equations[k], name)
            if value is not None:
                if not superseded(equations[k], equations[k + 1 :]):
                    used[name] = value
                break
    if not used or any(v.free_symbols & used.keys() for v in used.values()):
        return None  # (a definition in terms of another defined name: the order of substitution would matter)
    # (one definition per name, none of them written with another substituted name: they cannot contradict each
    # other, so no test of the facts used together is needed)
    try:
        difference = sp.nsimplify(sp.expand(sp.together((L - R).xreplace(used))))
    except Exception:
        return None
    if not isinstance(difference, sp.Rational) or difference == 0:
        return None
    if modulus is not None and (not difference.is_Integer or int(difference) % modulus == 0):
        return None
    rest = sorted((L.free_symbols | R.free_symbols | set().union(*(v.free_symbols for v in used.values())))
                  - used.keys(), key=str)
    for k in (0, 1, 2, 3):  # the simplest point where every definition has a value (`x = -2/m`: not m = 0)
        at = {s: sp.Integer(k) for s in rest}
        try:
            if not all(v.xreplace(at).is_finite for v in used.values()):
                continue
            left, right = (sp.nsimplify(x.xreplace(used).xreplace(at)) for x in (L, R))
        except Exception:
            continue
        if left.is_number and right.is_number and left.is_finite and right.is_finite:
            return DefinitionRefutation(tuple(sorted(used.items(), key=lambda kv: str(kv[0]))), difference, at,
                                        left, right)
    return None
