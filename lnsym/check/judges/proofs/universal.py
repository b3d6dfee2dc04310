"""A claim made for every value of its variables, refuted at one value where it is false (issue 28).

"For every real $t$, $(1 + t)^7 \\ge 1 + 7t$" claims the inequality at each real t; one t where it fails (t = -3:
-64 against -20) refutes it, whatever the text meant to do with it next. What the text quantifies, and over which
values, is read from its words (:mod:`lnsym.check.roles.quantifiers`); this module only looks for the value: the
domain of each variable (the reals, the integers, a ray or an interval) is sampled at simple points (0, ±1, ±2,
halves, thirds, the ends of the domain and points just inside them), each point screened in double precision and a
point that fails confirmed exactly: SymPy must decide the relation false there, with a margin that mpmath at 40
digits agrees with. A point where a side has no real value (a logarithm of 0, a division by 0) is skipped. No
point found decides nothing: the claim may still be false elsewhere, and stays as it was.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import NamedTuple

import sympy as sp
from sympy.core.function import AppliedUndef

__all__ = ["Domain", "Refutation", "counterexample"]

# the values tried first, in order: a refutation names the simplest point that refutes
_SIMPLE = (0, 1, -1, 2, -2, Fraction(1, 2), Fraction(-1, 2), 3, -3, 4, -4, 5, -5, Fraction(3, 2), Fraction(-3, 2),
           Fraction(1, 3), Fraction(-1, 3), 7, -7, 10, -10, Fraction(1, 10), Fraction(-1, 10), 20, -20, 50, 100)
_MAX_POINTS = 1200  # points screened for one claim (the product over its variables is cut to this)
_OPS = {"<": sp.Lt, "≤": sp.Le, ">": sp.Gt, "≥": sp.Ge, "=": sp.Eq}
# the functions a side may apply: those the screen (Python's math module) computes
_SCREENED = (sp.exp, sp.log, sp.sin, sp.cos, sp.tan, sp.Abs, sp.sqrt, sp.tanh, sp.sinh, sp.cosh, sp.atan, sp.asin,
             sp.acos, sp.factorial, sp.floor, sp.ceiling)


class Domain(NamedTuple):
    """The values a variable ranges over: whole numbers or reals, between optional ends (``strict``: the end
    itself excluded), and whether 0 is excluded (``nonzero``)."""

    integer: bool = False
    lo: Fraction | None = None
    lo_strict: bool = False
    hi: Fraction | None = None
    hi_strict: bool = False
    nonzero: bool = False

    def holds(self, v: Fraction) -> bool:
        if self.integer and v.denominator != 1:
            return False
        if self.nonzero and v == 0:
            return False
        if self.lo is not None and (v < self.lo or (self.lo_strict and v == self.lo)):
            return False
        return self.hi is None or not (v > self.hi or (self.hi_strict and v == self.hi))

    def samples(self) -> list[Fraction]:
        """Simple values of the domain, the simplest first; its ends and points just inside them too."""
        ends = [e for e in (self.lo, self.hi) if e is not None]
        near = [e + d for e in ends for d in (0, 1, -1, Fraction(1, 2), Fraction(-1, 2), Fraction(1, 100),
                                              Fraction(-1, 100), 10, -10)]
        out: list[Fraction] = []
        for v in [*map(Fraction, _SIMPLE), *near]:
            if self.holds(v) and v not in out:
                out.append(v)
        return out


class Refutation(NamedTuple):
    """A point of the domain where the claim is false, and both sides' exact values there."""

    point: dict[str, sp.Rational]
    left: sp.Expr
    right: sp.Expr


def counterexample(L: sp.Expr, R: sp.Expr, rel: str, domains: dict[str, Domain]) -> Refutation | None:
    """A point of ``domains`` (a domain for each free symbol of ``L`` and ``R``, by name) where ``L rel R`` is
    false, or None: none found among the points tried, or a symbol with no domain, or a relation that is neither an
    order nor '='."""
    if rel not in _OPS or not isinstance(L, sp.Expr) or not isinstance(R, sp.Expr):
        return None
    if any(x.has(AppliedUndef, sp.Sum, sp.Product, sp.Indexed, sp.Integral, sp.Derivative, sp.Limit, sp.Piecewise)
           or x.atoms(sp.Function) - {f for f in x.atoms(sp.Function) if type(f) in _SCREENED}
           for x in (L, R)):
        return None  # (a function the text names, a sum, an entry: no number at a point of the variables alone)
    symbols = sorted(L.free_symbols | R.free_symbols, key=str)
    if not symbols or any(str(s) not in domains for s in symbols):
        return None
    grids = [domains[str(s)].samples() for s in symbols]
    if any(not g for g in grids):
        return None
    per = max(2, int(_MAX_POINTS ** (1 / len(symbols))))
    try:
        screen = sp.lambdify(symbols, L - R, modules="math")
    except Exception:  # (a function the math module lacks): no screen, nothing decided
        return None
    strict = rel in ("<", ">")
    below = rel in ("<", "≤")
    for values in itertools.islice(itertools.product(*(g[:per] for g in grids)), _MAX_POINTS):
        try:
            d = float(screen(*(int(v) if v.denominator == 1 else float(v) for v in values)))
        except (ValueError, ZeroDivisionError, OverflowError, TypeError):
            continue
        if not isinstance(d, float) or math.isnan(d) or math.isinf(d):
            continue
        # ('=': any difference; the exact test then decides, so a rounding error of an identity refutes nothing)
        order = (d >= 0 if strict else d > 0) if below else (d <= 0 if strict else d < 0)
        fails = d != 0 if rel == "=" else order
        if fails:
            found = _confirmed(L, R, rel, dict(zip(symbols, values, strict=True)))
            if found is not None:
                return found
    return None


def _confirmed(L: sp.Expr, R: sp.Expr, rel: str, values: dict) -> Refutation | None:
    """The refutation at ``values`` when SymPy decides the relation false there, both sides real, and mpmath at
    40 digits sees the sides apart by more than 1e-12 of their size (or equal, against a strict relation)."""
    point = {s: sp.Rational(v.numerator, v.denominator) for s, v in values.items()}
    a, b = L.xreplace(point), R.xreplace(point)
    if not (a.is_real and b.is_real and a.is_finite and b.is_finite):
        return None
    if _OPS[rel](a, b) is not sp.false:
        return None
    x, y = sp.N(a, 40), sp.N(b, 40)
    gap = abs(x - y)
    if not (gap > sp.Float("1e-12", 40) * max(1, abs(x), abs(y)) or (gap == 0 and rel in ("<", ">"))):
        return None
    return Refutation({str(s): v for s, v in point.items()}, a, b)
