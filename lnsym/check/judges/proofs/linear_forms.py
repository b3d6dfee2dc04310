"""Cheap, cached forms of a paragraph's equations, so that "follows from the earlier equations" costs the
same at the thousandth step of a paragraph as at the first.

Every step of a paragraph is compared with the paragraph's last equations, and each equation is met
again at every later step: its forms are computed once (cached by the expression) and compared by
hashing or exact rational elimination instead of SymPy's ``cancel``, ``Matrix.rank`` or a Groebner
basis (measured: 25-85 ms a step before, on the 1,000 equations of one paragraph).

- :func:`monic` is the equation ``e = 0`` with its numerator a polynomial over the rationals, scaled to
  leading coefficient 1: two equations are the same rearranged (one a nonzero multiple of the other)
  exactly when their monic forms are equal.
- :func:`affine` is a linear equation as a map ``symbol -> coefficient`` plus a constant, in
  :class:`~fractions.Fraction`; :func:`in_span` decides with exact elimination whether one linear
  equation is a combination of others that do not contradict each other.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

import sympy as sp

__all__ = ["affine", "in_span", "monic"]

_CACHE = 4096  # equations remembered: the facts of a paragraph and the steps that become facts


def _key(symbols) -> tuple:
    return tuple(sorted(symbols, key=str))


@functools.lru_cache(maxsize=_CACHE)
def _poly(e: sp.Expr) -> sp.Poly | None:
    """The numerator of ``e`` as a polynomial over QQ when its denominator is a number, else None."""
    if not isinstance(e, sp.Expr) or not e.free_symbols:
        return None
    try:
        if e.is_polynomial():
            poly = sp.Poly(e, *_key(e.free_symbols), domain="QQ")
        else:
            num, den = sp.together(e).as_numer_denom()
            if den.free_symbols:
                return None
            poly = sp.Poly(num, *_key(e.free_symbols), domain="QQ")
    except Exception:  # irrational coefficients, functions of the unknowns: no cheap form
        return None
    return None if poly.is_zero else poly


@functools.lru_cache(maxsize=_CACHE)
def monic(e: Any) -> tuple | None:
    """A hashable form of ``e = 0`` that is the same for every nonzero multiple of ``e``; None when ``e``
    is not a polynomial with rational coefficients (after clearing a numeric denominator).

    >>> a, b = sp.symbols("a b")
    >>> monic(2*a + 3*b - 12) == monic(a - (12 - 3*b)/2) != monic(a + b - 12)
    True
    """
    poly = _poly(e)
    if poly is None:
        return None
    poly = poly.monic()
    return (poly.gens, tuple(poly.terms()))


@functools.lru_cache(maxsize=_CACHE)
def affine(e: Any) -> tuple[dict, Fraction] | None:
    """``e = 0`` as ``({symbol: coefficient}, constant)`` when it is linear with rational coefficients."""
    poly = _poly(e)
    if poly is None or poly.total_degree() > 1:
        return None
    coeffs: dict = {}
    constant = Fraction(0)
    for monom, c in poly.terms():
        value = Fraction(int(c.p), int(c.q))
        if sum(monom) == 0:
            constant = value
        else:
            coeffs[poly.gens[monom.index(1)]] = value
    return coeffs, constant


def _rank(rows: list[list[Fraction]], width: int) -> int:
    """The rank of the first ``width`` columns of ``rows`` (exact Gaussian elimination)."""
    rows = [r[:width] for r in rows]
    rank = 0
    for col in range(width):
        pivot = next((k for k in range(rank, len(rows)) if rows[k][col] != 0), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        p = rows[rank]
        for k in range(len(rows)):
            if k != rank and rows[k][col] != 0:
                f = rows[k][col] / p[col]
                rows[k] = [x - f * y for x, y in zip(rows[k], p, strict=True)]
        rank += 1
    return rank


def in_span(premises: list[tuple[dict, Fraction]], current: tuple[dict, Fraction]) -> bool:
    """Is the linear equation ``current`` a combination of the ``premises``, the premises being
    consistent (a contradiction would make anything follow, so it proves nothing)?"""
    syms = _key(set().union(*(p[0] for p in premises), current[0]))
    rows = [[p[0].get(s, Fraction(0)) for s in syms] + [p[1]] for p in premises]
    width = len(syms)
    rank = _rank(rows, width + 1)
    if _rank(rows, width) != rank:
        return False  # inconsistent
    extra = [current[0].get(s, Fraction(0)) for s in syms] + [current[1]]
    return _rank([*rows, extra], width + 1) == rank
