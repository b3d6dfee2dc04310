"""Named lemmas: a symbolic inequality that is an instance of a lemma lnsym knows is ``correct``, citing it.

A proof chains links such as ``\\Vert I+B_i\\Vert \\le \\Vert I\\Vert + \\Vert B_i\\Vert = 1 + \\Vert B_i\\Vert``.
Each link is judged on its own: it holds when it is an instance of one of the lemmas below (matched on the
values of its two sides, ``norm(...)`` for ``\\Vert ... \\Vert``), stated with their conditions:

- the triangle inequality ``\\Vert \\sum a_k\\Vert \\le \\sum \\Vert a_k\\Vert`` (``|c a| = |c| |a|`` for a number
  c), for absolute values too;
- the reverse triangle inequality ``\\Vert a\\Vert - \\Vert b\\Vert \\le \\Vert a - b\\Vert``;
- submultiplicativity ``\\Vert MN\\Vert \\le \\Vert M\\Vert \\Vert N\\Vert`` (operator norms), for products
  ``\\Vert \\prod_i A_i\\Vert \\le \\prod_i \\Vert A_i\\Vert`` too;
- ``1 + x \\le e^x``;
- a square is nonnegative: ``2ab \\le a^2 + b^2`` (AM-GM for two numbers, squared), any polynomial link whose two
  sides differ by a positive number times even powers of real polynomials;
- Cauchy-Schwarz ``(\\sum_i a_i b_i)^2 \\le (\\sum_i a_i^2)(\\sum_i b_i^2)``;
- ``\\Vert I\\Vert = 1`` for an operator norm, in a rewriting;
- monotonicity of a product of nonnegative factors under a bound the paragraph stated earlier
  (``\\prod_i \\Vert I + B_i\\Vert \\le \\prod_i (1 + \\delta)`` after ``\\Vert I + B_i\\Vert \\le 1 + \\delta``).

A link that is the *reverse* of a lemma is refuted where a scalar (a 1 x 1 matrix, ``I`` = 1) makes it false,
and the point is the evidence; with a bound on its names stated earlier in the paragraph (a hypothesis the
point may break) it stays undecided, and so does reversed submultiplicativity (an equality for scalars: its
reverse needs matrices). Nothing here is evaluated from text: the values come from the judges' own evaluator.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import sympy as sp
from sympy.core.function import AppliedUndef

__all__ = ["Bound", "LemmaVerdict", "identity_norm", "lemma_of", "refuted_reverse"]

_IDENTITY = sp.Symbol("I")
_POINTS = (sp.Rational(-2), sp.Rational(3), sp.Rational(1, 2), sp.Rational(-5, 3))


@dataclass(frozen=True)
class Bound:
    """``low <= high``, stated earlier in the paragraph (a chain's first and last terms), with its line."""

    low: Any
    high: Any
    text: str = ""  # as the key wrote it
    line: int = 0


@dataclass(frozen=True)
class LemmaVerdict:
    """A link decided by a lemma: ``holds`` with the lemma's name, or refuted at ``point``."""

    holds: bool
    lemma: str
    point: str = ""


def _is_norm(x: Any) -> bool:
    return isinstance(x, AppliedUndef) and x.func.__name__ == "norm" and len(x.args) == 1


def _scaled_norm(term: Any) -> Any:
    """The norm of one summand with its number factor taken out: ``-2 b`` -> ``2 norm(b)``."""
    coeff, rest = term.as_coeff_Mul()
    return abs(coeff) * sp.Function("norm")(rest)


def _same_terms(a: list, b: list) -> bool:
    return Counter(sp.expand(x) for x in a) == Counter(sp.expand(x) for x in b)


def _triangle(low: Any, high: Any) -> bool:
    if _is_norm(low) and isinstance(low.args[0], sp.Add):
        return _same_terms([_scaled_norm(t) for t in low.args[0].args], list(sp.Add.make_args(high)))
    if isinstance(low, sp.Abs) and isinstance(low.args[0], sp.Add):
        return _same_terms([abs(t) for t in low.args[0].args], list(sp.Add.make_args(high)))
    if isinstance(low, sp.Abs) and isinstance(low.args[0], sp.Sum) and isinstance(high, sp.Sum):
        inner = low.args[0]
        if len(inner.limits) != 1 or len(high.limits) != 1 or inner.limits[0][1:] != high.limits[0][1:]:
            return False
        return sp.Abs(_free_index(inner.function, inner.limits[0][0])) == \
            _free_index(high.function, high.limits[0][0])
    return False


def _reverse_triangle(low: Any, high: Any) -> bool:
    inner = low.args[0] if isinstance(low, sp.Abs) else low
    terms = sp.Add.make_args(inner)
    if len(terms) != 2 or not _is_norm(high):
        return False
    plus = [t for t in terms if _is_norm(t)]
    minus = [-t for t in terms if _is_norm(-t)]
    if len(plus) != 1 or len(minus) != 1:
        return False
    a, b = plus[0].args[0], minus[0].args[0]
    return sp.expand(high.args[0] - (a - b)) == 0 or sp.expand(high.args[0] - (b - a)) == 0


def _letters(x: Any) -> list[str] | None:
    """``MN`` (one name of capital letters, as the evaluator reads a product of matrices written together)."""
    name = getattr(x, "name", "")
    return list(name) if len(name) > 1 and name.isalpha() and name.isupper() else None


def _submultiplicative(low: Any, high: Any) -> bool:
    if not _is_norm(low):
        return False
    inner = low.args[0]
    if isinstance(inner, sp.Product) and isinstance(high, sp.Product):
        if len(inner.limits) != 1 or len(high.limits) != 1 or inner.limits[0][1:] != high.limits[0][1:]:
            return False
        return sp.Function("norm")(_free_index(inner.function, inner.limits[0][0])) == \
            _free_index(high.function, high.limits[0][0])
    letters = _letters(inner)
    factors = [sp.Symbol(c) for c in letters] if letters else list(sp.Mul.make_args(inner))  # one if no product
    if len(factors) < 2:
        return False
    coeff = [f for f in factors if f.is_number]
    rest = [sp.Function("norm")(f) for f in factors if not f.is_number]
    want = list(sp.Mul.make_args(high))
    return Counter([*[abs(c) for c in coeff], *rest]) == Counter(want)


def _exponential(low: Any, high: Any) -> bool:
    return isinstance(high, sp.exp) and sp.expand(low - 1 - high.args[0]) == 0


def _even_square(low: Any, high: Any) -> bool:
    """``2ab \\le a^2 + b^2``, ``(a + b)^2 \\le 2(a^2 + b^2)``: high - low factors into a positive number times
    squares of real polynomials (every factor to an even power), so it is nonnegative for all real values. Norms
    and functions are not polynomials here: only names, numbers, sums, products and powers."""
    difference = sp.expand(high - low)
    symbols = difference.free_symbols
    if not symbols or difference.has(AppliedUndef, sp.Abs, sp.Sum, sp.Product, sp.Indexed):
        return False
    if not difference.is_polynomial():
        return False
    coeff, factors = sp.factor_list(difference)
    return bool(coeff.is_positive) and bool(factors) and all(m % 2 == 0 for _, m in factors)


_K = sp.Dummy("k")  # the index of every sum, once the sums are compared (each sum has a dummy of its own)


def _summand(term: Any) -> tuple[tuple, Any] | None:
    """A sum over one index as ((first, last), its term with the index written :data:`_K`), or None."""
    if not isinstance(term, sp.Sum) or len(term.limits) != 1:
        return None
    index, first, last = term.limits[0]
    return (first, last), term.function.xreplace({index: _K})


def _cauchy_schwarz(low: Any, high: Any) -> bool:
    """``(\\sum_i a_i b_i)^2 \\le (\\sum_i a_i^2)(\\sum_i b_i^2)``, over one index and the same range."""
    if not (isinstance(low, sp.Pow) and low.exp == 2):
        return False
    inner = _summand(low.base)
    if inner is None or len(sp.Mul.make_args(inner[1])) != 2:
        return False
    a, b = sp.Mul.make_args(inner[1])
    squares = [_summand(x) for x in sp.Mul.make_args(high)]
    return len(squares) == 2 and all(x is not None and x[0] == inner[0] for x in squares) and \
        {x[1] for x in squares} == {a**2, b**2}


_SUBMULTIPLICATIVITY = "submultiplicativity of the operator norm"
_LEMMAS = (("the triangle inequality", _triangle), ("the reverse triangle inequality", _reverse_triangle),
           (_SUBMULTIPLICATIVITY, _submultiplicative), ("1 + x \\le e^x", _exponential),
           ("a square is nonnegative (AM-GM for two numbers)", _even_square),
           ("the Cauchy-Schwarz inequality", _cauchy_schwarz))


def _low_high(L: Any, R: Any, rel: str) -> tuple[Any, Any] | None:
    """The link as ``low \\le high``; None for any other relation (a lemma gives ≤, so a strict link is none)."""
    if rel == "≤":
        return L, R
    if rel == "≥":
        return R, L
    return None


def _free_index(term: Any, index: Any) -> Any:
    """A product's term with its bound index written free, as the paragraph wrote it outside the product
    (``norm(I + B[_i])`` -> ``norm(I + B_{i})``)."""
    name = sp.Symbol(index.name)
    swap = {ix: sp.Symbol(f"{ix.base}_{{{index.name}}}") for ix in term.atoms(sp.Indexed) if ix.indices == (index,)}
    return term.xreplace(swap).xreplace({index: name})


def _nonnegative(x: Any) -> bool:
    return _is_norm(x) or isinstance(x, sp.Abs) or x.is_nonnegative is True


def _monotone_product(low: Any, high: Any, bounds: tuple[Bound, ...]) -> Bound | None:
    """``\\prod_i f_i \\le \\prod_i g_i`` with ``f_i \\le g_i`` stated earlier and ``f_i \\ge 0`` (a norm or an
    absolute value); the right side may have been evaluated (``\\prod_{i=1}^n (1 + \\delta) = (1 + \\delta)^n``)."""
    if not isinstance(low, sp.Product) or len(low.limits) != 1:
        return None
    index, start, stop = low.limits[0]
    f = _free_index(low.function, index)
    if isinstance(high, sp.Product) and len(high.limits) == 1 and high.limits[0][1:] == (start, stop):
        g = _free_index(high.function, high.limits[0][0])
    elif start == 1 and isinstance(high, sp.Pow) and high.exp == stop:
        g = high.base
    else:
        return None
    if not _nonnegative(f):
        return None
    for b in bounds:
        if sp.expand(b.low - f) == 0 and sp.expand(b.high - g) == 0:
            return b
    return None


def lemma_of(L: Any, R: Any, rel: str, bounds: tuple[Bound, ...] = ()) -> LemmaVerdict | None:
    """The lemma ``L rel R`` is an instance of (``rel`` one of ≤ ≥ < >; a lemma gives ≤, so a strict link is
    none), or None."""
    pair = _low_high(L, R, rel)
    if pair is None or not all(isinstance(x, sp.Expr) for x in pair):
        return None
    low, high = pair
    for name, test in _LEMMAS:
        try:
            if test(low, high):
                return LemmaVerdict(True, name)
        except (TypeError, ValueError, AttributeError):
            continue
    try:
        bound = _monotone_product(low, high, bounds)
    except (TypeError, ValueError, AttributeError, IndexError):
        bound = None
    if bound is not None:
        where = f" (line {bound.line})" if bound.line else ""
        return LemmaVerdict(True, f"monotonicity of a product of nonnegative factors, with {bound.text}{where}")
    return None


def identity_norm(L: Any, R: Any) -> LemmaVerdict | None:
    """``\\Vert I\\Vert + \\Vert B\\Vert = 1 + \\Vert B\\Vert``: equal once ``\\Vert I\\Vert = 1`` (operator norms)."""
    norm_i = sp.Function("norm")(_IDENTITY)
    if not all(isinstance(x, sp.Expr) for x in (L, R)) or not (L.has(norm_i) or R.has(norm_i)):
        return None
    if sp.expand(L.subs(norm_i, 1) - R.subs(norm_i, 1)) == 0:
        return LemmaVerdict(True, "\\Vert I\\Vert = 1 for an operator norm")
    return None


def _scalar(x: Any, point: dict) -> Any:
    """``x`` with its names at ``point`` and every norm an absolute value (1 x 1 matrices)."""
    y = x.replace(lambda e: _is_norm(e), lambda e: sp.Abs(e.args[0]))
    return y.xreplace(point)


def refuted_reverse(L: Any, R: Any, rel: str, bounds: tuple[Bound, ...] = ()) -> LemmaVerdict | None:
    """A link that reverses a lemma (``\\Vert I+B\\Vert \\ge \\Vert I\\Vert + \\Vert B\\Vert``), refuted at a
    scalar point where it fails; None when it is no reversed lemma, a bound stated earlier constrains its names,
    or no point tried refutes it."""
    lemma_rel = {"≤": "≥", "<": "≥", "≥": "≤", ">": "≤"}.get(rel, "")  # the lemma this link reverses: L lemma_rel R
    # lemma_of is None for any other relation or a side that is no expression; without the bounds it never gives
    # monotonicity, whose reverse no scalar refutes
    found = lemma_of(L, R, lemma_rel)
    if found is None or found.lemma == _SUBMULTIPLICATIVITY:
        return None  # scalars make submultiplicativity an equality: its reverse needs matrices (and MN stands for
        # M times N, not for a third number)
    if any(x.has(sp.Product, sp.Sum, sp.Indexed) for x in (L, R)):
        return None  # a point must give a family B_i and a range n meaning: not tried
    names = sorted((L.free_symbols | R.free_symbols) - {_IDENTITY}, key=str)
    if any(set(names) & (b.low.free_symbols | b.high.free_symbols) for b in bounds):
        return None
    for k in range(len(_POINTS)):
        point = {s: _POINTS[(k + j) % len(_POINTS)] for j, s in enumerate(names)} | {_IDENTITY: sp.Integer(1)}
        try:
            a, b = _scalar(L, point), _scalar(R, point)
            holds = {"≤": a <= b, "≥": a >= b, "<": a < b, ">": a > b}[rel]
        except TypeError:
            continue
        if holds is sp.false:
            shown = ", ".join(f"{s} = {point[s]}" for s in names)
            scalars = "scalars, I = 1" if _IDENTITY in L.free_symbols | R.free_symbols else "scalars"
            return LemmaVerdict(False, found.lemma, f"{shown} ({scalars}): {sp.latex(a)} against {sp.latex(b)}")
    return None
