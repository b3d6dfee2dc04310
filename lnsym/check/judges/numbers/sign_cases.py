"""Identities of maxima, minima and moduli of real numbers, proved case by case.

``\\max(a, b) = \\frac{a + b + |a - b|}{2}`` and ``\\max(x, 0) + \\min(x, 0) = x`` hold for every real value,
but SymPy's algebra does not show it: a maximum is no rational function. Each of ``\\max(p, q)``, ``\\min(p, q)``
and ``|u|`` is a rational function on each side of one sign condition (``p - q \\ge 0`` or ``\\le 0``, ``u \\ge 0``
or ``\\le 0``), and at the boundary both sides agree (``p = q``, ``u = 0``). So a difference that is identically 0
after each choice of sides, for every combination of its conditions, is 0 at every real point: every point lies
on some side of each condition, and there the difference is that choice's expression. A combination no point
satisfies (``x \\ge 0`` and ``x \\le 0`` both strict) is asked for too, which can only leave an identity unproved,
never prove a false one; the conditions of one expression up to a positive factor and a sign are one condition
(``\\max(x, 0)`` and ``\\min(0, x)`` split on the same ``x``), so that such combinations are few.

This speaks of real numbers, so it is tried only where the text's own notation says its letters are real: every
letter of the difference is inside a maximum or a minimum (``|x|^2 = x^2`` alone is false for complex x). It only
proves: a difference that is not 0 is refuted at sample points elsewhere
(:func:`lnsym.check.judges.arithmetic._decide_identity`), never here.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

# at most this many sign conditions along one path (2**4 = 16 choices): a key's identities of maxima have one or
# two, and each choice costs an algebraic test
MAX_CONDITIONS = 4

_PIECEWISE = (sp.Max, sp.Min, sp.Abs)


def _condition(atom: sp.Expr) -> sp.Expr | None:
    """The expression whose sign chooses the side of ``atom``: ``p - q`` for ``\\max(p, q)`` and ``\\min(p, q)``,
    ``u`` for ``|u|``; None for a maximum of three or more (not split)."""
    if isinstance(atom, sp.Abs):
        return atom.args[0]
    if len(atom.args) != 2:
        return None
    p, q = atom.args
    return p - q


def _canonical(d: sp.Expr) -> tuple[sp.Expr, int]:
    """``d`` as a sign times a primitive expression that one condition and its negative share: (``e``, ±1) with
    ``d = ±c·e`` for a positive number c (``2x`` and ``-x`` are the condition ``x``)."""
    _, e = sp.expand(d).as_content_primitive()  # (the content is positive: a sign stays in e)
    return (-e, -1) if e.could_extract_minus_sign() else (e, 1)


def _side(atom: sp.Expr, nonnegative: bool) -> sp.Expr:
    """``atom``'s value where its condition is >= 0 (``nonnegative``) or <= 0."""
    if isinstance(atom, sp.Abs):
        u = atom.args[0]
        return u if nonnegative else -u
    p, q = atom.args
    if isinstance(atom, sp.Max):
        return p if nonnegative else q
    return q if nonnegative else p


def zero_in_every_case(d: sp.Expr, zero: Callable[[sp.Expr], bool], left: int = MAX_CONDITIONS,
                       decided: dict[sp.Expr, bool] | None = None) -> bool:
    """Is ``d`` (real letters) 0 at every real point, shown by ``zero`` (an algebraic test, True only when it shows
    the expression is identically 0) on each choice of sides of its maxima, minima and moduli? False means "not
    shown". ``decided``: the conditions chosen on the way here (condition -> is it >= 0), which an outer atom
    meets again once its arguments are chosen (``|\\max(a, b) - \\min(a, b)|`` where ``a \\ge b``)."""
    decided = decided or {}
    innermost = [a for a in d.atoms(*_PIECEWISE) if not any(x.has(*_PIECEWISE) for x in a.args)]
    if not innermost:
        return zero(d)
    conditions: dict[sp.Expr, list[tuple[sp.Expr, int]]] = {}
    for atom in sorted(innermost, key=sp.default_sort_key):
        c = _condition(atom)
        if c is None:
            return False  # (a maximum of three)
        e, sign = _canonical(c)
        conditions.setdefault(e, []).append((atom, sign))
    known = [e for e in conditions if e in decided]
    if known:  # sides already chosen: no new case
        sides = {atom: _side(atom, decided[e] == (sign > 0)) for e in known for atom, sign in conditions[e]}
        return zero_in_every_case(d.xreplace(sides), zero, left, decided)
    if left <= 0:
        return False
    e = min(conditions, key=sp.default_sort_key)
    for e_nonnegative in (True, False):
        # where e >= 0, an atom whose condition is -c·e has its condition <= 0
        sides = {atom: _side(atom, e_nonnegative == (sign > 0)) for atom, sign in conditions[e]}
        if not zero_in_every_case(d.xreplace(sides), zero, left - 1, {**decided, e: e_nonnegative}):
            return False
    return True


def proved_by_cases(d: sp.Expr, zero: Callable[[sp.Expr], bool]) -> bool:
    """Is the difference ``d`` of a step 0 for every real value of its letters, where its notation makes them real
    (each inside a maximum or a minimum), by :func:`zero_in_every_case`?"""
    extrema = d.atoms(sp.Max, sp.Min)
    if not extrema:
        return False
    letters = d.free_symbols
    real_letters = set().union(*(arg.free_symbols for m in extrema for arg in m.args))
    if not letters or not letters <= real_letters:
        return False
    return zero_in_every_case(d, zero)
