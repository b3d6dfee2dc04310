"""How many terms ``sympy.expand`` gives a polynomial, counted with polynomial arithmetic instead of expanding.

``expand`` of a product of long sums (the square of a sum of 50 products, ``(\\sum_i x_i x_{i+2})^2``) builds each
of the thousands of products as a SymPy object and took seconds; the same product in a polynomial ring over the
rationals takes milliseconds. Counted only for polynomials with rational coefficients in letters and entries with
plain indices (``x_{3}``, ``x_{i}``), where the two counts agree: each monomial of the ring is one term of the
expansion, and the expansion collects equal monomials as the ring does.
"""

from __future__ import annotations

from typing import Any

import sympy as sp
from sympy.polys.domains import QQ
from sympy.polys.rings import ring

__all__ = ["LARGE", "counted_terms", "estimated_terms"]

LARGE = 64  # an expansion estimated above this many terms is worth counting in a ring first


def estimated_terms(e: sp.Expr) -> int:
    """An upper bound of the number of terms of ``e`` expanded, capped just above :data:`LARGE` (only whether it
    is above that matters): a sum adds its terms' counts, a product multiplies them, an integer power raises them."""
    if e.is_Add:
        return min(sum(estimated_terms(a) for a in e.args), LARGE + 1)
    if e.is_Mul:
        total = 1
        for a in e.args:
            total = min(total * estimated_terms(a), LARGE + 1)
        return total
    if e.is_Pow and e.exp.is_Integer and e.exp > 1:
        return min(estimated_terms(e.base) ** min(int(e.exp), 7), LARGE + 1)
    return 1


def counted_terms(e: sp.Expr) -> int | None:
    """The number of terms of ``sp.expand(e)`` (``Add.make_args`` of it: 1 for 0), or None when ``e`` is not a
    polynomial with rational coefficients in letters and plainly indexed entries."""
    gens: set = set()
    if not _collect(e, gens):
        return None
    order = sorted(gens, key=sp.default_sort_key)
    if not order:
        return 1  # a rational number
    domain, *xs = ring(order, QQ)
    poly = _in_ring(e, domain, dict(zip(order, xs, strict=True)))
    return max(len(poly), 1)


def _collect(e: sp.Expr, gens: set) -> bool:
    """Gather the generators of ``e`` into ``gens``; False when ``e`` is no polynomial of the kind counted."""
    stack = [e]
    while stack:
        t = stack.pop()
        if t.is_Rational:
            continue
        if isinstance(t, sp.Symbol) or (isinstance(t, sp.Indexed) and all(
                i.is_Integer or isinstance(i, sp.Symbol) for i in t.indices)):
            if not t.is_commutative:
                return False
            gens.add(t)
        elif t.is_Add or t.is_Mul:
            stack.extend(t.args)
        elif t.is_Pow and t.exp.is_Integer and t.exp >= 0:
            stack.append(t.base)
        else:
            return False
    return True


def _in_ring(e: sp.Expr, domain: Any, gens: dict) -> Any:
    if e.is_Rational:
        return domain(e)
    if e in gens:
        return gens[e]
    if e.is_Add:
        total = domain.zero
        for a in e.args:
            total += _in_ring(a, domain, gens)
        return total
    if e.is_Mul:
        total = domain.one
        for a in e.args:
            total *= _in_ring(a, domain, gens)
        return total
    return _in_ring(e.base, domain, gens) ** int(e.exp)  # a nonnegative integer power (_collect saw to it)
