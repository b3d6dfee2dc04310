"""A statement asserted under a hypothesis on one real variable, decided on the hypothesis's region.

"If $t \\ge 1$, then $|t - 1| = t - 1$" claims the equation for every t of the region t >= 1, not for every
real t, and not at one t to be solved for. SymPy's ``solveset`` gives the set of the region where the statement
holds: the whole region proves it (``correct``); none of it refutes it (``wrong``, with a point of the region and
both sides' exact values there, checked at that point); anything in between (part of the region) may be an
equation the case solves, and the step stays as the judge left it. A set SymPy cannot describe (a
``ConditionSet``) decides nothing.

An *inequality* false on part of the region is a bound claimed for the whole region that fails at some of it
("Suppose $x > 3$. Then $x^2 - 10 > 0$": false at x = 3.1): ``wrong`` at a simple exact point of the region where
it fails (:func:`_failing_point`), with both sides' values there. Not a linear one (``x - 1 < 2`` under ``x \\ge 1``
is the case's condition being solved, as a case analysis of an inequality writes it), nor where the text goes on
to dismiss the case or solve for the variable, and only at integers where the variable may count
(:attr:`Region.integer`: ``n^2 > 10`` under ``n > 3`` holds for every integer n). An equation true on part of
the region stays as it was: a case solves equations.

The region itself (:func:`region_of`) is read from the hypothesis's statement: each link a polynomial condition
of degree at most 2 in the one variable, with rational coefficients (``0 < x < 1``, ``t \\ge 1``, ``t^2 > 1``).

A case of a proof often compares two variables ("Case 2: $a < b$. Then $|a - b| = b - a$"): a condition on their
difference (:func:`difference_region`, each link linear in ``a - b``) is a region of ``u = a - b``, and a statement
under it is decided with ``a`` written as ``b + u``, by SymPy's assumptions only (the sides' difference must lose
``b`` on every piece of the region), never by sampling; a refutation names a point ``a``, ``b`` of the case.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, NamedTuple

import sympy as sp
from sympy.core.function import AppliedUndef

from lnsym.check.findings import Verdict
from lnsym.check.judges.judgement import Judgement
from lnsym.check.judges.numbers.exact import exact_equal, is_undefined
from lnsym.check.judges.numbers.rounding import format_value
from lnsym.check.reasons import Reason

__all__ = ["REGION_FALSE", "REGION_POINT", "Region", "decide_on_region", "difference_region", "link_regions",
           "refuted_on_box", "region_of", "solved_inequality"]

REGION_FALSE = "false at every point of the hypothesis"
REGION_POINT = "false at a point of the hypothesis"
_OPS = {"<": "<", ">": ">", "≤": "<=", "≥": ">=", "=": "==", "≠": "!="}
_CONDITIONS = ("<", ">", "≤", "≥")
_MAX_OPS = 40
# a hypothesis of several variables: at most this many, each tried at its region's first few points
_MAX_BOX, _BOX_PROBES = 3, 5
# where a point of the region is looked for first: small integers (t = 0 reads at once), then halves
_PROBES = (0, 1, -1, 2, -2, 3, -3, 5, -5, 10, -10, sp.Rational(1, 2), sp.Rational(-1, 2))


class Region(NamedTuple):
    """The hypothesis a statement is asserted under: its variable, the set of its values, how the text wrote
    it, and whether a statement false on it may be refuted (not when the text goes on to dismiss or solve it)."""

    symbol: sp.Symbol
    where: sp.Set
    source: str
    refute: bool = True
    #: (a, b) when the region is of the difference u = a - b (:func:`difference_region`): a is b + u
    shift: tuple[sp.Symbol, sp.Symbol] | None = None
    #: the variable may count (a letter such as n or k, or the text speaks of integers): a bound false on part of
    #: the region is refuted at an integer only
    integer: bool = False


def region_of(values: dict, rels: list[str]) -> tuple[sp.Symbol, sp.Set] | None:
    """The variable and the set a hypothesis ``a rel b rel c ...`` (every link ``<``, ``>``, ``≤``, ``≥``)
    describes, when it is a condition on one real variable: each link polynomial of degree 1 or 2 in it with
    rational coefficients (or a comparison of numbers). None otherwise, or for an empty region or a point."""
    if not rels or any(r not in _CONDITIONS for r in rels):
        return None
    terms = [values.get(j) for j in range(len(rels) + 1)]
    if not all(isinstance(v, sp.Expr) for v in terms):
        return None
    names = set().union(*(v.free_symbols for v in terms))
    if len(names) != 1:
        return None
    (s,) = names
    where: sp.Set = sp.S.Reals
    for j, rel in enumerate(rels):
        d = terms[j] - terms[j + 1]
        # (this runs outside the judges' time limit: a small polynomial only, seen before it is expanded)
        if sp.count_ops(d) > _MAX_OPS or d.atoms(AppliedUndef) or not d.is_polynomial(s) \
                or any(p.exp > 2 for p in d.atoms(sp.Pow)):
            return None
        poly = sp.Poly(sp.expand(d), s)
        if poly.degree() > 2 or not all(c.is_Rational for c in poly.all_coeffs()):
            return None
        if poly.degree() < 1:  # a comparison of numbers: true leaves the region as it is
            if sp.Rel(poly.as_expr(), 0, _OPS[rel]) is not sp.true:
                return None
            continue
        where = where.intersect(solved_inequality(d, s, _OPS[rel]))
    if where is sp.S.EmptySet or isinstance(where, sp.FiniteSet):
        return None
    return s, where


def solved_inequality(d: sp.Expr, s: sp.Symbol, op: str) -> sp.Set:
    """The values of ``s`` where ``d op 0`` holds, for ``d`` a polynomial of degree 1 or 2 in ``s`` with rational
    coefficients: the set SymPy's ``solve_univariate_inequality`` gives, found from the exact real roots
    (``solve_poly_inequality``) in a twentieth of its time (it first searched the polynomial for a period: 50 ms
    a quadratic). Where the condition holds on the whole line, which that solver writes as ``S.Reals`` or as
    ``Interval(-oo, oo)`` depending on the polynomial, it is asked itself, and for a variable with assumptions
    (positive, integer: that solver decides ``n + 1 > 0`` from them): the set is always the one it gives."""
    if set(s.assumptions0) <= {"commutative"}:
        found = sp.Union(*sp.solve_poly_inequality(sp.Poly(d, s), op))
        if found is not sp.S.Reals and found != sp.Interval(-sp.oo, sp.oo):
            return found
    return sp.solve_univariate_inequality(sp.Rel(d, 0, op), s, relational=False)


def link_regions(values: dict, rels: list[str]) -> list[tuple[sp.Symbol, sp.Set]]:
    """``a \\ge 0 > b``: a hypothesis of several variables whose links each bound one (:func:`region_of` of each
    link), as one region per variable, each a condition every point of the case meets; [] when a link is no such
    condition or two bound the same variable."""
    out = [region_of({0: values.get(j), 1: values.get(j + 1)}, [rel]) for j, rel in enumerate(rels)]
    if len(out) < 2 or any(r is None for r in out) or len({r[0] for r in out}) != len(out):
        return []
    return out


def difference_region(values: dict, rels: list[str]) -> tuple[sp.Symbol, sp.Set, tuple[sp.Symbol, sp.Symbol]] | None:
    """``a \\ge b``, ``x < y``, ``a - b > 2``: a hypothesis on two real variables through their difference only
    (every link ``c(a - b) + k`` with rational c and k), as the region of ``u = a - b``: (u, its set, (a, b)), the
    variables in alphabetical order. None for any other hypothesis."""
    if not rels or any(r not in _CONDITIONS for r in rels):
        return None
    terms = [values.get(j) for j in range(len(rels) + 1)]
    if not all(isinstance(v, sp.Expr) for v in terms):
        return None
    names = sorted(set().union(*(v.free_symbols for v in terms)), key=str)
    if len(names) != 2:
        return None
    a, b = names
    u = sp.Symbol(f"{a} - {b}")
    where: sp.Set = sp.S.Reals
    for j, rel in enumerate(rels):
        d = terms[j] - terms[j + 1]
        if sp.count_ops(d) > _MAX_OPS or d.atoms(AppliedUndef) or not d.is_polynomial(a, b):
            return None
        poly = sp.Poly(sp.expand(d), a, b)
        ca, cb, k = poly.coeff_monomial(a), poly.coeff_monomial(b), poly.coeff_monomial(1)
        if poly.total_degree() != 1 or ca != -cb or not all(c.is_Rational for c in (ca, k)):
            return None
        ranged = region_of({0: ca * u + k, 1: sp.S.Zero}, [rel])  # the link as a condition on u
        if ranged is None:
            return None
        where = where.intersect(ranged[1])
    if where is sp.S.EmptySet or isinstance(where, sp.FiniteSet):
        return None
    return u, where, (a, b)


def _usable(L: Any, R: Any, s: sp.Symbol) -> bool:
    """Sides that speak of the region's variable and of numbers only (no function the text names)."""
    if not (isinstance(L, sp.Expr) and isinstance(R, sp.Expr)):
        return False
    names = L.free_symbols | R.free_symbols
    return names == {s} and not (L.atoms(AppliedUndef) or R.atoms(AppliedUndef))


def _holds_at(L: sp.Expr, R: sp.Expr, rel: str, s: sp.Symbol, p: sp.Expr) -> tuple[bool | None, Any, Any]:
    """Whether ``L rel R`` holds at ``s = p``, exactly (None when a side is not a real number there or the
    comparison is not decided), and both sides' values."""
    lv, rv = L.subs(s, p), R.subs(s, p)
    if is_undefined(lv) or is_undefined(rv) or lv.is_real is not True or rv.is_real is not True:
        return None, lv, rv
    if rel in ("=", "≠"):
        same = exact_equal(lv, rv)
        return (None if same is None else same == (rel == "=")), lv, rv
    truth = sp.Rel(lv, rv, _OPS[rel])
    if truth not in (sp.true, sp.false):
        return None, lv, rv
    return truth is sp.true, lv, rv


def _refutable(d: sp.Expr, rel: str, s: sp.Symbol) -> bool:
    """May a statement whose sides differ by ``d``, false on the whole region, be refuted? An equation of rational
    functions with no root in the region (``x^2 + 3x + 5 = 0`` under ``x < 0``) is the case having no solution,
    what a case analysis writes on its way, and so is a linear condition (``x < 1`` under ``x \\ge 2``); an
    equation with a function the case is split on (``|t - 1| = t - 1`` under ``t < 1``) or an inequality of
    higher degree (``t^2 \\ge t`` under ``0 < t < 1``) claims a value or a bound of the case, and is a slip."""
    if rel in ("=", "≠"):
        return not d.is_rational_function(s)
    return not (d.is_polynomial(s) and sp.Poly(d, s).degree() <= 1)


def _points(where: sp.Set) -> list:
    """A few exact points of the region: small integers first, then the middle or the edges of its pieces."""
    pieces = list(where.args) if isinstance(where, sp.Union) else [where]
    found = [sp.Integer(p) if isinstance(p, int) else p for p in _PROBES]
    for piece in pieces:
        if not isinstance(piece, sp.Interval):
            continue
        lo, hi = piece.inf, piece.sup
        if lo.is_finite and hi.is_finite:
            found.append((lo + hi) / 2)
        elif lo.is_finite:
            found.append(sp.floor(lo) + 1)
        elif hi.is_finite:
            found.append(sp.ceiling(hi) - 1)
    return [p for p in found if p.is_Rational and where.contains(p) is sp.true]


# the claim ``e rel 0`` (e = L - R) holds, and fails, for a value e of which SymPy's assumptions decide the sign
_HOLDS = {"=": lambda e: e.is_zero, "≠": lambda e: e.is_nonzero, "<": lambda e: e.is_negative,
          "≤": lambda e: e.is_nonpositive, ">": lambda e: e.is_positive, "≥": lambda e: e.is_nonnegative}
_FAILS = {"=": "≠", "≠": "=", "<": "≥", "≤": ">", ">": "≤", "≥": "<"}


def _parametrised(piece: sp.Set, s: sp.Symbol) -> tuple[sp.Expr, list] | None:
    """``s`` written on an interval through a positive parameter (``s = a + p`` on ``s > a``, ``s = (a + bp)/(1 + p)``
    on ``a < s < b``), and the closed edges, which the parameter does not reach; None for another set."""
    if not isinstance(piece, sp.Interval):
        return None
    p = sp.Dummy("p", positive=True)
    lo, hi = piece.inf, piece.sup
    if lo.is_finite and hi.is_finite:
        at = (lo + hi * p) / (1 + p)
    elif lo.is_finite:
        at = lo + p
    elif hi.is_finite:
        at = hi - p
    else:
        at = sp.Dummy("r", real=True)
    edges = [e for e, open_ in ((lo, piece.left_open), (hi, piece.right_open)) if e.is_finite and not open_]
    return at, edges


def _by_assumptions(L: sp.Expr, R: sp.Expr, rel: str, s: sp.Symbol, where: sp.Set) -> str | None:
    """"all" when the claim holds on every piece of ``where``, "none" when it fails on every one, decided by the
    sign of ``L - R`` with ``s`` written through a positive parameter on each (``|t - 1|`` on ``t < 1`` is ``|-p|
    = p``), and exactly at each closed edge; None when that does not decide it."""
    answers = set()
    for piece in (where.args if isinstance(where, sp.Union) else (where,)):
        written = _parametrised(piece, s)
        if written is None:
            return None
        at, edges = written
        e = sp.simplify((L - R).subs(s, at))
        if _HOLDS[rel](e) is True:
            answers.add("all")
        elif _HOLDS[_FAILS[rel]](e) is True:
            answers.add("none")
        else:
            return None
        answers.update("all" if ok else "none" if ok is False else "?" for ok in
                       (_holds_at(L, R, rel, s, edge)[0] for edge in edges))
    return answers.pop() if len(answers) == 1 and "?" not in answers else None


def _by_solveset(L: sp.Expr, R: sp.Expr, rel: str, s: sp.Symbol, where: sp.Set) -> str | None:
    """"all" or "none" from the set of the region where the claim holds, as ``solveset`` gives it (not a
    ``ConditionSet``); None when that set is part of the region."""
    claim = sp.Rel(L, R, _OPS[rel])
    holds = where if claim is sp.true else sp.S.EmptySet if claim is sp.false else sp.solveset(claim, s, where)
    if holds.atoms(sp.ConditionSet) or isinstance(holds, sp.ConditionSet):
        return None
    if sp.Complement(where, holds) is sp.S.EmptySet:
        return "all"
    return "none" if holds.intersect(where) is sp.S.EmptySet else None


def decide_on_region(L: Any, R: Any, rel: str, region: Region, chain: bool = False) -> Judgement | None:
    """The step ``L rel R`` decided on ``region`` (see the module's docstring), or None where it does not apply
    or is not decided (a refutation only where :func:`_refutable`, or of a link of a ``chain`` of two links or
    more, which asserts and does not solve). Either SymPy answer is checked at points of the region first: one
    that contradicts it (``solveset`` finds no solution of ``|u - 5|/(u - 5) = -1`` on u < 5, where every u solves
    it) decides nothing. Sides that speak of other names too are decided when their difference speaks only of the
    region's variable (``a \\ge a - b`` under ``b < 0``: the difference is b, whatever a is)."""
    if region.shift is not None:
        return _on_a_difference(L, R, rel, region, chain)
    s, where = region.symbol, region.where
    if rel not in _OPS:
        return None
    if _usable(L, R, s):
        extent = _by_assumptions(L, R, rel, s, where) or _by_solveset(L, R, rel, s, where)
        return _verdict(L, R, rel, s, region, extent, str(s), lambda p: (f"{s} = {p}", "satisfies"), chain) \
            or (_refuted_at_a_point(L, R, rel, region, chain) if extent is None else None)
    d = sp.expand(L - R) if isinstance(L, sp.Expr) and isinstance(R, sp.Expr) else None
    if d is None or not _usable(d, sp.S.Zero, s) or not (L.free_symbols | R.free_symbols) - {s}:
        return None
    extent = _by_assumptions(d, sp.S.Zero, rel, s, where) or _by_solveset(d, sp.S.Zero, rel, s, where)
    return _verdict(d, sp.S.Zero, rel, s, region, extent, str(s), lambda p: (f"{s} = {p}", "satisfies"), chain,
                    sides=f"the left side minus the right side, {sp.sstr(d)}, is")


def _integer_edges(where: sp.Set) -> list[sp.Integer]:
    """The integers nearest the finite edges inside each interval of ``where`` (11 and 12 in 10.2 < n < 12.8)."""
    out = []
    for piece in where.args if isinstance(where, sp.Union) else (where,):
        if not isinstance(piece, sp.Interval):
            continue
        for edge in (sp.ceiling(piece.inf), sp.floor(piece.sup)):
            if edge.is_Integer and piece.contains(edge) is sp.true and edge not in out:
                out.append(edge)
    return out


def _verdict(L: sp.Expr, R: sp.Expr, rel: str, s: sp.Symbol, region: Region, extent: str | None, every: str,
             at: Callable[[Any], tuple[str, str]], chain: bool = False, sides: str = "") -> Judgement | None:
    """The step's verdict from where SymPy says it holds (``extent``: "all", "none" or None), checked at points of
    the region first; ``every`` names the variables for a proof, ``at(p)`` the point of a refutation and its verb;
    ``sides``: how a refutation names the value of ``L`` (when ``R`` is 0 for the written sides' difference)."""
    points = _points(region.where)
    seen = {_holds_at(L, R, rel, s, p)[0] for p in points[:4]}
    if extent == "all" and False not in seen:
        return Judgement(Verdict.CORRECT, "", f"holds for every {every} with {region.source}, the hypothesis it is "
                                               "asserted under")
    if extent != "none" or True in seen:
        return None  # it holds on part of the region (an equation the case may solve), or SymPy is contradicted
    if not region.refute:
        return Judgement(Verdict.UNCHECKED, "", f"{REGION_FALSE} {region.source}, but the text goes on to solve "
                                                 "or dismiss it", code=Reason.REGION_FALSE)
    if not (chain or _refutable(sp.expand(L - R), rel, s)):
        return None
    if region.integer:  # a variable that counts is refuted at an integer of the region only: it may hold none
        points = [p for p in [*points, *_integer_edges(region.where)] if getattr(p, "is_integer", False) is True]
    for p in points:
        ok, lv, rv = _holds_at(L, R, rel, s, p)
        if ok is False:
            left, right = format_value(lv), format_value(rv)
            point, verb = at(p)
            values = f"{sides} {left}" if sides else f"the left side is {left} and the right side {right}"
            return Judgement(Verdict.WRONG, "", f"{REGION_FALSE} {region.source}: at {point}, which {verb} it, "
                                                 f"{values}", left=left, right=right, code=Reason.REGION_FALSE)
    return None


def _refuted_at_a_point(L: sp.Expr, R: sp.Expr, rel: str, region: Region, chain: bool) -> Judgement | None:
    """An inequality asserted on the region, ``wrong`` at a point of it where it fails (:func:`_failing_point`: the
    region's probes, else points of the set where it fails, when the solver describes it): see the module's
    docstring for where this applies."""
    s = region.symbol
    if rel not in _CONDITIONS or not region.refute or region.shift is not None \
            or not (chain or _refutable(sp.expand(L - R), rel, s)):
        return None
    found = _failing_point(L, R, rel, region, ()) or _failing_point(L, R, rel, region,
                                                                     _failing_set(L, R, rel, s, region.where))
    if found is None:
        return None
    p, lv, rv = found
    left, right = format_value(lv), format_value(rv)
    return Judgement(Verdict.WRONG, "", f"{REGION_POINT} {region.source}: at {s} = {format_value(p)}, which "
                                         f"satisfies it, the left side is {left} and the right side {right}",
                      left=left, right=right, code=Reason.REGION_POINT)


def refuted_on_box(L: Any, R: Any, rel: str, regions: tuple[Region, ...], chain: bool = False) -> Judgement | None:
    """A bound asserted under a hypothesis of several variables, each bounded on its own ("For $\\delta \\ge 0$ and
    $n \\ge 1$, $(1 + \\delta)^n \\ge e^{n\\delta}$"), ``wrong`` at a simple exact point of every region where it
    fails (each variable at one of its region's probes, :func:`_points`; integers only for one that may count), with
    both sides' values there. Under the cautions of one variable (:func:`_refuted_at_a_point`): an inequality only,
    not a linear one unless a link of a ``chain``, no case the text dismisses or solves, and sides that speak of the
    regions' variables and numbers only, at least two of them. Nothing is proved here: the points are tried, not
    the box."""
    if rel not in _CONDITIONS or len(regions) > _MAX_BOX or not all(r.refute and r.shift is None for r in regions):
        return None
    if not (isinstance(L, sp.Expr) and isinstance(R, sp.Expr)) or L.atoms(AppliedUndef) or R.atoms(AppliedUndef):
        return None
    by_symbol = {r.symbol: r for r in regions}
    names = L.free_symbols | R.free_symbols
    if len(names) < 2 or not names <= set(by_symbol):
        return None
    symbols = sorted(names, key=str)
    d = sp.expand(L - R)
    if not chain and d.is_polynomial(*symbols) and sp.Poly(d, *symbols).total_degree() <= 1:
        return None  # a linear condition: the case's condition being solved, as for one variable
    choices = [[p for p in _points(by_symbol[s].where) if p.is_Integer or not by_symbol[s].integer][:_BOX_PROBES]
               for s in symbols]
    for point in itertools.product(*choices):
        at = dict(zip(symbols, point, strict=True))
        ok, lv, rv = _holds_at_point(L, R, rel, at)
        if ok is False:
            left, right = format_value(lv), format_value(rv)
            where = ", ".join(f"{s} = {format_value(p)}" for s, p in at.items())
            return Judgement(Verdict.WRONG, "", f"{REGION_POINT} {regions[0].source}: at {where}, which satisfy "
                                                 f"it, the left side is {left} and the right side {right}",
                              left=left, right=right, code=Reason.REGION_POINT)
    return None


def _holds_at_point(L: sp.Expr, R: sp.Expr, rel: str, at: dict) -> tuple[bool | None, Any, Any]:
    """Whether ``L rel R`` (an inequality) holds at the point ``at``, exactly (None when a side is not a real number
    there or SymPy does not decide the comparison), and both sides' values."""
    lv, rv = L.subs(at), R.subs(at)
    if is_undefined(lv) or is_undefined(rv) or lv.is_real is not True or rv.is_real is not True:
        return None, lv, rv
    truth = sp.Rel(lv, rv, _OPS[rel])
    return (None if truth not in (sp.true, sp.false) else truth is sp.true), lv, rv


def _failing_set(L: sp.Expr, R: sp.Expr, rel: str, s: sp.Symbol, where: sp.Set) -> tuple:
    """The pieces of ``where`` on which ``L rel R`` fails, as ``solveset`` gives them (none it cannot describe)."""
    fails = sp.solveset(sp.Rel(L, R, _OPS[_FAILS[rel]]), s, where)
    if fails.atoms(sp.ConditionSet) or isinstance(fails, sp.ConditionSet):
        return ()
    return tuple(fails.args) if isinstance(fails, sp.Union) else (fails,)


def _failing_point(L: sp.Expr, R: sp.Expr, rel: str, region: Region, failing: tuple) -> tuple | None:
    """A simple exact point of the region where ``L rel R`` is false, and both sides' values there: the region's
    probes first (:func:`_points`), then the simplest rationals inside each piece of ``failing`` (an integer, else
    the fewest decimals); integers only for a variable that may count. None when none is found."""
    candidates = list(_points(region.where))
    for piece in failing:
        if isinstance(piece, sp.FiniteSet):
            candidates.extend(p for p in piece if p.is_Rational)
        elif isinstance(piece, sp.Interval):
            candidates.extend(_inside(piece, region.integer))
    for p in candidates:
        if (region.integer and not p.is_Integer) or region.where.contains(p) is not sp.true:
            continue
        ok, lv, rv = _holds_at(L, R, rel, region.symbol, p)
        if ok is False:
            return p, lv, rv
    return None


def _inside(piece: sp.Interval, integer: bool) -> list:
    """A few simple rationals inside ``piece`` (the integers nearest its finite edge first, then decimals of one,
    two and three places past its lower edge): the point a refutation names should read at once."""
    lo, hi = piece.inf, piece.sup
    if not (lo.is_finite or hi.is_finite):
        return [sp.Integer(0)]
    start = sp.ceiling(lo) if lo.is_finite else sp.floor(hi) - 2
    found = [start + k for k in range(3)]
    if not integer and lo.is_finite and hi.is_finite:
        found += [(sp.floor(lo * q) + 1) / q for q in (10, 100, 1000)]
    return [p for p in found if p.is_Rational and piece.contains(p) is sp.true]


def _on_a_difference(L: Any, R: Any, rel: str, region: Region, chain: bool = False) -> Judgement | None:
    """The step on the region of ``u = a - b`` (:func:`difference_region`): ``correct`` or ``wrong`` only where
    the sides' difference, ``a`` written as ``b + u`` on each piece of the region, is free of ``b`` and SymPy's
    assumptions decide its sign; a refutation is checked at a point of the case (``b = 0``, ``a = u``)."""
    u, where = region.symbol, region.where
    a, b = region.shift
    if rel not in _OPS or not (isinstance(L, sp.Expr) and isinstance(R, sp.Expr)) \
            or not (L.free_symbols | R.free_symbols) <= {a, b} or L.atoms(AppliedUndef) or R.atoms(AppliedUndef):
        return None
    answers = set()
    for piece in (where.args if isinstance(where, sp.Union) else (where,)):
        written = _parametrised(piece, u)
        if written is None:
            return None
        at, edges = written
        for value, exact in [(at, False), *((edge, True) for edge in edges)]:
            e = sp.simplify((L - R).subs(a, b + value))
            if e.free_symbols - at.free_symbols if not exact else e.free_symbols:
                return None  # the claim depends on more than the difference the case fixes
            holds = _HOLDS[rel](e)
            answers.add("all" if holds is True else "none" if _HOLDS[_FAILS[rel]](e) is True else "?")
    if len(answers) != 1 or "?" in answers:
        return None
    # checked, and refuted, at points of the case: b = 0 and a = u
    L0, R0 = L.subs(a, u).subs(b, sp.S.Zero), R.subs(a, u).subs(b, sp.S.Zero)
    return _verdict(L0, R0, rel, u, region, answers.pop(), f"{a}, {b}", lambda p: (f"{a} = {p}, {b} = 0", "satisfy"),
                    chain)
