"""Consequences: does a step follow from the equations and inequalities its paragraph stated before?

An equation with unknowns is not wrong on its own (it may be an equation being solved); it is
*correct* when it follows from earlier facts: the previous equation rearranged, its roots, the
linear system or the polynomial ideal of the last equations, or an earlier inequality rearranged.
A contradictory set of facts proves nothing.

Each step is compared with every fact of its paragraph, and each fact with every later step, so the
comparisons use the cached forms of :mod:`lnsym.check.judges.proofs.linear_forms` (a hash for "the same
equation rearranged", exact rational elimination for linear systems) and SymPy's slow general tools
only where those do not apply; the cost of a step does not grow with the paragraph.
"""

from __future__ import annotations

import functools
from typing import Any

import sympy as sp
from sympy.core.function import AppliedUndef

from lnsym.check.judges.numbers.evaluate import PmPair, Vec
from lnsym.check.judges.numbers.exact import exact_equal, is_undefined
from lnsym.check.judges.proofs.facts import Inequality, contradictory, superseded
from lnsym.check.judges.proofs.linear_forms import affine, in_span, monic

__all__ = ["FOLLOWS", "NOT_FOLLOWING", "Inequality", "conditions_met", "does_not_follow", "follows",
           "follows_from_facts", "ideal_follows", "inequality_follows", "system_follows"]


FOLLOWS = "follows from the previous equation"


@functools.lru_cache(maxsize=1024)  # an equation's roots are asked for at every later step
def _poly_roots(expr: sp.Expr, x: sp.Symbol) -> list | None:
    """All roots of a rational function of degree 1..4 in x (None when it is not one, or when a factor of
    degree 3 or 4 does not split: Cardano's and Ferrari's radicals are huge, and putting them into the next
    step took minutes where a step has 2 s)."""
    num, den = sp.together(expr).as_numer_denom()
    if not num.is_polynomial(x) or not den.is_polynomial(x):
        return None
    poly = sp.Poly(num, x)
    if not 1 <= poly.degree() <= 4:
        return None
    found = sp.roots(poly, cubics=False, quartics=False)  # rational and quadratic factors only
    if sum(found.values()) != poly.degree():
        return None
    return [r for r in found if exact_equal(den.subs(x, r), sp.S.Zero) is False]


def follows(previous: Any, current: Any, roots: bool = True) -> bool:
    """Does every solution of ``previous = 0`` solve ``current = 0``? Proved when ``current`` is a nonzero
    multiple of ``previous`` (the same equation rearranged), or, with one unknown, when the roots of
    ``previous`` (a polynomial of degree at most 4 after clearing denominators) all solve ``current``."""
    same = _rearranged(previous, current)
    if same is not None:
        return same
    return roots and _by_roots(previous, current)


def _rearranged(previous: Any, current: Any) -> bool | None:
    """The first half of :func:`follows`: True when ``current`` is ``previous`` rearranged, False when
    :func:`follows` cannot prove anything (no unknowns, functions, ``i``, a failure of SymPy), None when only
    the roots of ``previous`` can still tell. Split out so that a fact met twice in one
    :func:`follows_from_facts` (first without, then with its roots) is not cancelled against the step twice."""
    if previous is None or isinstance(previous, Vec) or isinstance(current, Vec):
        return False
    syms = current.free_symbols
    if not syms or current.atoms(AppliedUndef) or previous.atoms(AppliedUndef) or not syms <= previous.free_symbols:
        return False
    if sp.Symbol("i") in syms | previous.free_symbols:
        return False
    mc, mp = monic(current), monic(previous)
    if mc is not None and mp is not None:  # polynomials: the same monic form is a nonzero multiple
        if mc == mp:
            return True
    else:
        if _ratio_varies(current, previous):
            return None  # not a multiple: `cancel` (10 ms a pair, and most pairs are not) would find the same
        try:  # the same equation rearranged: current = k * previous, k a nonzero number
            ratio = sp.cancel(sp.together(current / previous))
            if ratio.is_number and ratio != 0 and ratio.is_finite:
                return True
        except Exception:
            return False
    return None


# two points far from the usual roots and poles (0, ±1, small integers); exact rationals, then 30 digits
_SCREEN = ((sp.Rational(7, 5), sp.Rational(13, 7), sp.Rational(5, 3), sp.Rational(11, 4), sp.Rational(17, 9)),
           (sp.Rational(23, 9), sp.Rational(8, 11), sp.Rational(31, 13), sp.Rational(9, 7), sp.Rational(29, 6)))


def _ratio_varies(current: sp.Expr, previous: sp.Expr) -> bool:
    """Is ``current / previous`` seen to take two clearly different values at two rational points? Then it is
    not a constant, and ``current`` is not ``previous`` rearranged. False whenever the screen cannot tell (a
    side zero or not a number at a point, more unknowns than points have values): the exact test decides."""
    syms = sorted(current.free_symbols | previous.free_symbols, key=str)
    if len(syms) > len(_SCREEN[0]) or not (_elementary(current) and _elementary(previous)):
        return False  # evalf of a sum with a symbolic limit, at a fractional limit, ran for minutes
    ratios = []
    key = tuple(syms)
    for k in range(len(_SCREEN)):
        c, p = _screened(current, key, k), _screened(previous, key, k)
        if c is None or p is None:
            return False
        if not (abs(p) > 1e-12 and all(map(_finite, (c, p)))):
            return False
        ratios.append(c / p)
    r1, r2 = ratios
    return abs(r1 - r2) > 1e-8 * (abs(r1) + abs(r2))


@functools.lru_cache(maxsize=1024)  # a fact is screened again against every later step of its paragraph
def _screened(e: sp.Expr, syms: tuple, k: int) -> complex | None:
    """``e`` at the ``k``-th point of :data:`_SCREEN` (``syms`` taking its values in order), to 30 digits; None
    when that is not a number there."""
    at = dict(zip(syms, _SCREEN[k], strict=False))
    try:
        v = e.xreplace(at).evalf(30)
        if not v.is_number or v.free_symbols:
            return None
        return complex(v)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None


_ELEMENTARY = (sp.Add, sp.Mul, sp.Pow, sp.Symbol, sp.Number, sp.NumberSymbol, sp.core.numbers.ImaginaryUnit,
               sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc, sp.asin, sp.acos, sp.atan, sp.exp, sp.log, sp.Abs)


def _elementary(e: sp.Expr) -> bool:
    """Built only of arithmetic and elementary functions, whose evalf at a point is fast and reliable."""
    return all(isinstance(node, _ELEMENTARY) for node in sp.preorder_traversal(e))


def _finite(z: complex) -> bool:
    return abs(z.real) < float("inf") and abs(z.imag) < float("inf") and z == z


def _by_roots(previous: Any, current: Any) -> bool:
    """The second half of :func:`follows` (after :func:`_rearranged` gave None): with one unknown, do all
    the roots of ``previous`` solve ``current``?"""
    syms = current.free_symbols
    if len(syms) != 1 or previous.free_symbols != syms:
        return False
    (x,) = syms  # never `i`: _rearranged, asked first, gave up on it
    roots = _poly_roots(previous, x)
    if not roots:
        return False
    for r in roots:
        try:
            v = current.subs(x, r)
        except Exception:
            return False
        if is_undefined(v) or exact_equal(v, sp.S.Zero) is not True:
            return False
    return True


NOT_FOLLOWING = "does not follow from the equation it is derived from"


def does_not_follow(previous: Any, current: Any) -> dict | None:
    """Refute ``current = 0`` as a consequence of ``previous = 0``: both in one unknown x, ``previous`` a
    polynomial (or rational) equation of degree 1 to 4, and no solution of it solves ``current``. Returns
    ``{x: r}`` for a solution r of the previous equation that this one loses, or None (it may follow, or
    lnsym cannot tell). Losing every solution is never a legitimate step (dividing by a factor loses one)."""
    if previous is None or isinstance(previous, (Vec, PmPair)) or not isinstance(current, sp.Expr):
        return None
    syms = previous.free_symbols
    if len(syms) != 1 or not current.free_symbols <= syms:
        return None
    if previous.atoms(AppliedUndef) or current.atoms(AppliedUndef):
        return None
    (x,) = syms
    if x.name == "i":
        return None
    try:
        roots = _poly_roots(previous, x)
        if not roots:
            return None
        for r in roots:
            v = current.subs(x, r)
            if is_undefined(v) or exact_equal(v, sp.S.Zero) is not False:
                return None
    except Exception:
        return None
    return {x: roots[0]}


def inequality_follows(facts: tuple, current: Inequality) -> bool:
    """Does ``current`` follow from one earlier inequality ``e < 0`` (or ``<= 0``) by a rearrangement:
    ``current.expr = k e + c`` with k a positive number and c a number (c <= 0, and c < 0 or a strict
    premise when ``current`` is strict)? Never from one that later facts contradict (:func:`~.facts.superseded`)."""
    d = sp.expand(current.expr)
    for fact in reversed(facts):
        if not isinstance(fact, Inequality) or not fact.expr.free_symbols >= d.free_symbols:
            continue
        e = sp.expand(fact.expr)
        try:
            terms = [t for t in sp.Add.make_args(e) if t.free_symbols]
            if not terms:
                continue
            coeff, mono = terms[0].as_coeff_Mul()
            k = d.as_coefficients_dict().get(mono, sp.S.Zero) / coeff if mono != 1 else None
            if k is None or not k.is_number or not k.is_positive:
                continue
            c = sp.expand(d - k * e)
        except Exception:
            continue
        if not c.is_number or not c.is_real:
            continue
        if c.is_positive or (current.strict and not fact.strict and not c.is_negative):
            continue
        if c.is_nonpositive and not superseded(fact, _after(facts, fact)):
            return True
    return False


def _after(facts: tuple, fact: Any) -> tuple:
    """The facts of the same kind (equations, or inequalities) stated after ``fact``: a paragraph keeps each kind
    in the order stated, one kind after the other."""
    kind = isinstance(fact, Inequality)
    at = len(facts) - 1 - facts[::-1].index(fact)
    return tuple(f for f in facts[at + 1 :] if isinstance(f, Inequality) is kind)


_MAX_SYSTEM_SYMBOLS = 8
_CACHE = 4096  # a paragraph's facts, met again at every later step, and the steps that become facts


def _linear_rows(eqs: list, syms: list) -> list | None:
    """Coefficient rows ``[c_1, ..., c_n, constant]`` of linear equations ``eq = 0`` (None if one is not linear)."""
    rows = []
    for e in eqs:
        row = _linear_row(e, tuple(syms))
        if row is None:
            return None
        rows.append(list(row))
    return rows


@functools.lru_cache(maxsize=_CACHE)  # a fact is met again at every later step of its paragraph
def _linear_row(e: Any, syms: tuple) -> tuple | None:
    try:
        poly = sp.Poly(sp.expand(e), *syms)
    except Exception:
        return None
    if poly.total_degree() > 1 or any(not c.is_number for c in poly.coeffs()):
        return None
    return (*(poly.coeff_monomial(s) for s in syms), poly.coeff_monomial(1))


def system_follows(previous: tuple, current: Any) -> bool:
    """Does ``current = 0`` follow from the linear system ``previous[k] = 0`` (the linear ones among
    them)? Proved when ``current`` is a linear combination of the equations (the same rank with and
    without it), the system being consistent (a contradiction would make anything follow, so it
    proves nothing)."""
    if isinstance(current, Vec) or any(isinstance(p, Vec) for p in previous):
        return False
    syms_cur = current.free_symbols
    if not syms_cur or current.atoms(AppliedUndef) or sp.Symbol("i") in syms_cur:
        return False
    eqs = [p for p in previous if p.free_symbols and not p.atoms(AppliedUndef) and sp.Symbol("i") not in p.free_symbols]
    syms = sorted(set().union(*(p.free_symbols for p in eqs)) | syms_cur, key=str) if eqs else []
    if not eqs or len(syms) > _MAX_SYSTEM_SYMBOLS:
        return False
    fast = _affine_system(eqs, current)
    if fast is not None:
        return fast
    row = _linear_rows([current], syms)
    rows = [r for r in (_linear_rows([e], syms) for e in eqs) if r is not None]  # the linear premises
    if not rows or row is None:
        return False
    rows = [r[0] for r in rows]
    a = sp.Matrix(rows)
    coeffs = a[:, : len(syms)]
    rank = a.rank()
    if coeffs.rank() != rank:
        return False  # inconsistent
    return sp.Matrix(rows + row).rank() == rank


def _affine_system(eqs: list, current: Any) -> bool | None:
    """:func:`system_follows` by exact rational elimination; None when an equation has coefficients that
    are not rational (then SymPy's matrices decide)."""
    cur = affine(current)
    if cur is None:
        return None
    premises = []
    for e in eqs:
        form = affine(e)
        if form is None:
            if monic(e) is None:
                return None  # not a rational polynomial: perhaps linear with irrational coefficients
            continue  # a polynomial of higher degree: not a premise of the linear system
        premises.append(form)
    return in_span(premises, cur) if premises else False


_MAX_IDEAL_DEGREE = 6


@functools.lru_cache(maxsize=256)
def _basis(polys: tuple, syms: tuple):
    return sp.groebner(list(polys), *syms, order="grevlex", domain="QQ")


def _polynomial(e: Any, syms: list) -> sp.Poly | None:
    """The numerator of e as a polynomial with rational coefficients (its denominator must be a number)."""
    return _polynomial_in(e, tuple(syms))


@functools.lru_cache(maxsize=_CACHE)  # a fact is met again at every later step of its paragraph
def _polynomial_in(e: Any, syms: tuple) -> sp.Poly | None:
    try:
        num = _numerator(e)
        if num is None:
            return None
        poly = sp.Poly(num, *syms, domain="QQ")
    except Exception:
        return None
    if poly.is_zero or poly.total_degree() > _MAX_IDEAL_DEGREE:
        return None
    return poly


@functools.lru_cache(maxsize=_CACHE)  # the same fact is asked with the symbols of each later step
def _numerator(e: Any) -> sp.Expr | None:
    """The expanded numerator of ``e`` when its denominator is a number, else None (up to a nonzero number,
    which changes no ideal)."""
    if e.is_polynomial():  # most facts: `together` costs ms and finds no denominator
        return sp.expand(e)
    num, den = sp.together(e).as_numer_denom()
    return None if den.free_symbols else sp.expand(num)


def _outside(current: sp.Expr, known: set) -> bool:
    """Is ``current`` a polynomial in the unknowns that no fact mentions with a nonzero number among its
    coefficients (``n - 6`` when no fact has ``n``)? Then ``current = 0`` follows from none of the proofs
    of :func:`follows_from_facts`: a multiple of the facts has, in those unknowns, coefficients that are
    themselves multiples of the facts, and a nonzero number is one only when the facts contradict each
    other, which proves nothing. (``n (x - 1)`` after ``x = 1`` is not such a case: it does follow.)"""
    new = sorted(current.free_symbols - known, key=str)
    if not new:
        return False
    terms = sp.Add.make_args(current)
    for z in new:  # the common case first, without a Poly: `n - 6`, `3 n^2 + x - 1`
        with_z = [t for t in terms if t.has(z)]
        if len(with_z) == 1:
            rest = with_z[0].as_coeff_Mul()[1]  # a nonzero number times rest
            if rest == z or (rest.is_Pow and rest.base == z and rest.exp.is_Integer and rest.exp > 0):
                return True
    try:
        poly = sp.Poly(current, *new)
    except Exception:
        return False
    return any(c.is_Number and c != 0 for c in poly.coeffs())


def ideal_follows(previous: tuple, current: Any) -> bool:
    """Does ``current = 0`` follow from the polynomial equations ``previous[k] = 0``? Proved when
    ``current`` is in the ideal they generate (it reduces to 0 by their Groebner basis): it is then a
    sum of multiples of them. A basis ``[1]`` (the equations contradict each other) proves nothing."""
    if isinstance(current, Vec) or not isinstance(current, sp.Expr) or current.atoms(AppliedUndef):
        return False
    eqs = [p for p in previous if isinstance(p, sp.Expr) and p.free_symbols and not p.atoms(AppliedUndef)
           and sp.Symbol("i") not in p.free_symbols]
    syms = sorted(set().union(*(p.free_symbols for p in eqs)) | current.free_symbols, key=str) if eqs else []
    if not eqs or not current.free_symbols or len(syms) > _MAX_SYSTEM_SYMBOLS or sp.Symbol("i") in syms:
        return False
    cur = _polynomial(current, syms)
    polys = [q for q in (_polynomial(p, syms) for p in eqs) if q is not None]
    if cur is None or not polys:
        return False
    if cur.total_degree() <= 1 and all(q.total_degree() <= 1 for q in polys):
        # linear: the ideal's members of degree 1 are the combinations of the equations
        forms = [affine(q.as_expr()) for q in polys]
        form = affine(cur.as_expr())
        if form is not None and all(f is not None for f in forms):
            return in_span(forms, form)
    basis = _basis(tuple(q.as_expr() for q in polys), tuple(syms))
    if basis.exprs == [1]:
        return False
    _, rem = basis.reduce(cur.as_expr())
    return rem == 0


def follows_from_facts(previous: Any, L: Any, R: Any) -> bool:
    """Does ``L = R`` follow from the paragraph's facts ``previous`` (a tuple of equations ``lhs - rhs`` and
    :class:`Inequality`, or one equation): one of them rearranged, its roots, the linear system or the polynomial
    ideal of the equations? Never from one fact that later facts contradict, nor from several that contradict each
    other (:mod:`.facts`): from those, anything would follow ("Trying $k = 3$ and $k = 7$, only $k = 3$ works, so
    $2k = 14$")."""
    if isinstance(R, PmPair) and not isinstance(L, PmPair) and not isinstance(L, Vec) \
            and not isinstance(R.plus, Vec) and not isinstance(R.minus, Vec):
        try:  # `x = ±7` is (x - 7)(x + 7) = 0: one of the two
            return follows_from_facts(previous, (L - R.plus) * (L - R.minus), sp.S.Zero)
        except Exception:
            return False
    if isinstance(L, (Vec, PmPair)) or isinstance(R, (Vec, PmPair)):
        return False
    system = previous if isinstance(previous, tuple) else (previous,)
    system = tuple(p for p in system if not isinstance(p, Inequality))
    if not system:
        return False
    try:
        return _follows_from_system(system, L - R)
    except Exception:
        return False


def _follows_from_system(system: tuple, cur: Any) -> bool:
    if isinstance(cur, sp.Expr) and _outside(cur, set().union(*(p.free_symbols for p in system
                                                               if isinstance(p, sp.Basic)))):
        return False

    def standing(k: int) -> bool:  # the k-th fact, not contradicted by the facts after it
        return not superseded(system[k], system[k + 1 :])

    # the cheap proofs first: the last equation (also by its roots), any earlier one rearranged
    if follows(system[-1], cur):
        return True
    by_roots = []  # the earlier facts only their roots can still prove it from (tried last)
    for k, p in enumerate(system[:-1]):
        same = _rearranged(p, cur)
        if same and standing(k):
            return True
        if same is None:
            by_roots.append(k)
    together = not contradictory(system, frozenset(getattr(cur, "free_symbols", ())))
    if len(system) > 1 and together and system_follows(system, cur):
        return True
    if together and ideal_follows(system, cur):  # one fact too: (a + 1)^2 = 4b^2 is (a + 1 - 2b)(a + 1 + 2b) = 0
        return True
    return any(_by_roots(system[k], cur) and standing(k) for k in reversed(by_roots))


def _rational_at(expr: Any, x: sp.Symbol, value: Any) -> Any:
    """``expr`` at ``x = value`` when that is a rational number (decided exactly), else None."""
    try:
        v = sp.nsimplify(expr.subs(x, value), rational=False)
    except Exception:
        return None
    return v if isinstance(v, sp.Rational) else None


def conditions_met(facts: tuple | None, name: str, value: Any) -> list[tuple[Any, Any]] | None:
    """The paragraph's conditions on ``name`` alone that ``value`` satisfies, each with its value there: every
    inequality in that one unknown (``expr < 0`` or ``<= 0``) and every equation in it that is no mere binding
    (degree 2 or more, or not a polynomial: ``x = 2`` written for a trial states no condition). None unless there
    is one and ``value`` satisfies them all, each decided exactly on rationals: a candidate the text rejects
    although it meets every condition the text set is the text's slip; one that fails any of them, or that
    lnsym cannot evaluate exactly, proves nothing."""
    if not facts or not isinstance(value, sp.Rational):
        return None
    met = []
    for fact in facts:
        expr = fact.expr if isinstance(fact, Inequality) else fact
        syms = getattr(expr, "free_symbols", set())
        if isinstance(expr, (Vec, PmPair)) or len(syms) != 1 or next(iter(syms)).name != name:
            continue
        (x,) = syms
        if not isinstance(fact, Inequality):
            try:
                if sp.Poly(expr, x).degree() <= 1:
                    continue
            except sp.PolynomialError:
                pass
        v = _rational_at(expr, x, value)
        if v is None or not (v < 0 or (v == 0 and not fact.strict) if isinstance(fact, Inequality) else v == 0):
            return None
        met.append((fact, v))
    return met or None
