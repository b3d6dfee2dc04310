r"""Finite sums compared up to the order of summation and the names of their indices.

``u^\top W v`` read entry by entry is ``\sum_k v_k \sum_l W_{lk} u_l``; written in index notation it is
``\sum_{i,j} u_i W_{ij} v_j``. The two are one sum over a rectangle (every range runs from 1 to a size that no
other index changes), summed in another order and with other letters. :func:`same_sums` expands both sides into
terms ``\sum_{b_1 \dots b_r} monomial``, renames each term's indices in the order that writes it first (trying
every order of at most :data:`MAX_INDICES` indices), and compares the coefficients of the terms: equal coefficients
prove the sides equal (the order of a finite sum does not matter, nor the name of its index). Anything it cannot
put in that form answers None (not shown), never False.
"""

from __future__ import annotations

import itertools

import sympy as sp

__all__ = ["MAX_INDICES", "same_sums"]

MAX_INDICES = 4  # 4! renamings per term; a step of matrix notation sums over two or three indices
MAX_TERMS = 200


class _NotFlat(ValueError):
    pass


def same_sums(lhs: sp.Expr, rhs: sp.Expr) -> bool | None:
    """True when ``lhs`` and ``rhs`` are the same sums of monomials up to order and names; None when not shown."""
    try:
        a, b = _canonical(lhs), _canonical(rhs)
    except _NotFlat:
        return None
    keys = set(a) | set(b)
    return True if all(sp.simplify(a.get(k, 0) - b.get(k, 0)) == 0 for k in keys) else None


def _canonical(expr: sp.Expr) -> dict:
    out: dict = {}
    for limits, body in _flatten(sp.sympify(expr)):
        for term in sp.Add.make_args(sp.expand(body)):
            coeff, mono = term.as_coeff_Mul()
            key, factor = _key(limits, mono)
            out[key] = out.get(key, 0) + coeff * factor
            if len(out) > MAX_TERMS:
                raise _NotFlat("too many terms")
    return out


def _flatten(e: sp.Expr) -> list[tuple[tuple, sp.Expr]]:
    """``e`` as a list of (limits, body): ``e`` is the sum over the list of ``Sum(body, *limits)``, each bound
    index a fresh symbol."""
    if isinstance(e, sp.Add):
        return [t for a in e.args for t in _flatten(a)]
    if isinstance(e, sp.Mul):
        parts = [_flatten(a) for a in e.args]
        out = []
        for combo in itertools.product(*parts):
            out.append((tuple(x for lim, _ in combo for x in lim), sp.Mul(*[b for _, b in combo])))
            if len(out) > MAX_TERMS:
                raise _NotFlat("too many terms")
        return out
    if isinstance(e, sp.Pow) and e.exp.is_Integer and 1 < e.exp <= 4 and e.base.has(sp.Sum):
        return _flatten(sp.Mul(*([e.base] * int(e.exp)), evaluate=False))
    if isinstance(e, sp.Sum):
        body, limits = e.function, []
        for var, lo, hi in e.limits:
            if any(var in x.free_symbols for _, a, b in limits for x in (a, b)) or lo.has(*[v for v, _, _ in e.limits]):
                raise _NotFlat("a range that depends on another index")
            fresh = sp.Dummy(var.name, integer=True)
            body = body.xreplace({var: fresh})
            limits.append((fresh, lo, hi))
        return [(tuple(limits) + lim, b) for lim, b in _flatten(body)]
    return [((), e)]


def _key(limits: tuple, mono: sp.Expr) -> tuple[str, sp.Expr]:
    """The term's form with its indices renamed canonically, and the factor of the indices it does not use."""
    used = [(v, lo, hi) for v, lo, hi in limits if v in mono.free_symbols]
    factor = sp.Mul(*[hi - lo + 1 for v, lo, hi in limits if v not in mono.free_symbols])
    if len(used) > MAX_INDICES:
        raise _NotFlat("too many indices")
    best = None
    for order in itertools.permutations(used):
        names = {v: sp.Symbol(f"b{n}_", integer=True) for n, (v, _, _) in enumerate(order)}
        renamed = mono.xreplace(names)
        if any(isinstance(s, sp.Dummy) for s in renamed.free_symbols):
            raise _NotFlat("an index the renaming does not reach")
        key = sp.sstr((tuple((lo, hi) for _, lo, hi in order), renamed), order=None)
        best = key if best is None or key < best else best
    return best or sp.sstr(((), mono)), factor
