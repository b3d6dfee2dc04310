"""Named lemmas: a symbolic inequality that is an instance of a lemma lnsym knows is ``correct``, citing it.

A proof chains links such as ``\\Vert I+B_i\\Vert \\le \\Vert I\\Vert + \\Vert B_i\\Vert = 1 + \\Vert B_i\\Vert``.
Each link is judged on its own: it holds when it is an instance of one of the lemmas below (matched on the
values of its two sides, ``norm(...)`` for ``\\Vert ... \\Vert``), stated with their conditions:

- the triangle inequality ``\\Vert \\sum a_k\\Vert \\le \\sum \\Vert a_k\\Vert`` (``|c a| = |c| |a|`` for a number
  c), for absolute values too;
- the reverse triangle inequality ``\\Vert a\\Vert - \\Vert b\\Vert \\le \\Vert a - b\\Vert``;
- submultiplicativity ``\\Vert MN\\Vert \\le \\Vert M\\Vert \\Vert N\\Vert`` (operator norms), for products
  ``\\Vert \\prod_i A_i\\Vert \\le \\prod_i \\Vert A_i\\Vert`` too;
- ``1 + x \\le e^x``, and raised to a power: ``(1 + x)^n \\le e^{nx}`` for ``1 + x \\ge 0`` and ``n \\ge 0``; its
  logarithm ``\\ln y \\le y - 1`` (``\\ln(1 + x) \\le x``);
- Bernoulli's inequality ``1 + nx \\le (1 + x)^n`` for ``x \\ge -1`` and ``n`` a natural number (or ``n \\ge 1``);
- a bound stated earlier with the same terms added to both sides (``1 + \\Vert B_i\\Vert \\le 1 + \\delta`` after
  ``\\Vert B_i\\Vert \\le \\delta``) or multiplied by a positive number;
- a square is nonnegative: ``2ab \\le a^2 + b^2`` (AM-GM for two numbers, squared), any polynomial link whose two
  sides differ by a positive number times even powers of real polynomials;
- Cauchy-Schwarz ``(\\sum_i a_i b_i)^2 \\le (\\sum_i a_i^2)(\\sum_i b_i^2)``;
- the signs of its letters, each stated to be at least 0: AM-GM ``\\frac{u + v}{2} \\ge \\sqrt{uv}``, ``x +
  \\frac1x \\ge 2``, any link whose difference factors (a letter under a root written as a square) into a form
  SymPy's assumptions show nonnegative for positive letters;
- ``\\Vert I\\Vert = 1`` for an operator norm, in a rewriting;
- monotonicity of a product of nonnegative factors under a bound the paragraph stated earlier
  (``\\prod_i \\Vert I + B_i\\Vert \\le \\prod_i (1 + \\delta)`` after ``\\Vert I + B_i\\Vert \\le 1 + \\delta``).

A link an increasing function (``e^x``) or a factor ``n \\ge 0`` on both sides reduces to one of these holds by
it (``e^{n \\ln(1 + \\delta)} \\le e^{n\\delta}``).

The conditions come from what the paragraph stated (``\\delta \\ge 0``, a bound ``\\Vert B_i\\Vert \\le \\delta`` of a
norm, which makes ``\\delta \\ge 0``) and from the statement itself (``n`` is a count when it is the last index of a
sum or a product there); a lemma whose conditions are not stated does not apply, and the evidence names the
hypothesis used, with its line.

A scalar link of a chain of bounds whose names all have a stated domain (the same sources) is refuted where it is
false at every point tried: three values per name near the domain's lower end but not at it (a count: 2, 3 and
10), and the smallest whole numbers of the domain (a name may be an integer: "m > 2" may mean m >= 3). Both
sides are shown at the whole numbers. False near the end and at the first whole numbers, it is false under the
conditions the prose most often adds without writing them down ("for small ``\\delta``"); one true at a point
tried stays undecided ("for large ``n``"). The caller gives only links of chains of bounds: an inequality alone
is as often a condition to solve (``x^2 - 5x + 6 < 0``) as a claim.

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

__all__ = ["Bound", "LemmaVerdict", "identity_norm", "lemma_of", "refuted_on_domain", "refuted_reverse"]

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


def _logarithm(low: Any, high: Any) -> bool:
    """``\\ln y \\le y - 1`` (``1 + x \\le e^x``, its logarithm: ``\\ln(1 + x) \\le x``), on its sides or moved
    across (``x - \\ln(1 + x) \\ge 0``), scaled by a positive number: ``high - low`` is a positive number times
    ``y - 1 - \\ln y`` for a logarithm ``\\ln y`` it holds. Where ``y \\le 0`` neither side is defined."""
    if not (low.has(sp.log) or high.has(sp.log)):
        return False  # (most links have no logarithm: nothing to expand)
    gap = sp.expand(high - low)
    for log in gap.atoms(sp.log):
        if len(log.args) != 1:
            continue
        y = log.args[0]
        ratio = sp.cancel(gap / (y - 1 - log))
        if ratio.is_number and ratio.is_positive:
            return True
    return False


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
    if _odd_degree(difference, symbols):
        return False
    coeff, factors = sp.factor_list(difference)
    return bool(coeff.is_positive) and bool(factors) and all(m % 2 == 0 for _, m in factors)


def _odd_degree(difference: sp.Expr, symbols: set) -> bool:
    """Is ``difference`` of odd degree in one of its letters? A number times squares has an even degree in each
    (its degree is the sum of the factors' degrees times their even powers), so :func:`_even_square` turns it down
    without factoring: most links it sees are bounds (``x \\le 5``, 9 in 10 on ProcessBench), and factoring took a
    third of a millisecond each. False when SymPy gives no polynomial (factoring decides then)."""
    try:
        degrees = sp.Poly(difference, *sorted(symbols, key=str)).degree_list()
    except Exception:
        return False
    return any(k % 2 for k in degrees)


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
           ("\\ln y \\le y - 1 (1 + x \\le e^x, its logarithm)", _logarithm),
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


@dataclass(frozen=True)
class _Range:
    """What the paragraph and the statement say of one name: a lower and an upper bound (numbers, or None), each
    with the hypothesis that states it, and whether the name is a count (the last index of a sum or product)."""

    low: Any = None
    high: Any = None
    why: tuple[str, ...] = ()
    count: bool = False

    def at_least(self, c: Any) -> bool:
        return self.low is not None and bool(self.low >= c)


def _stated(b: Bound) -> str:
    return f"{b.text} (line {b.line})" if b.line else b.text


def _ranges(names: set, bounds: tuple[Bound, ...], counts: frozenset[str]) -> dict:
    """Each name's :class:`_Range`: from the stated bounds between it and a number (``0 \\le \\delta``), from a
    bound of a norm or an absolute value by it (``\\Vert B_i\\Vert \\le \\delta``: then ``\\delta \\ge 0``, and any
    ``\\delta \\ge 0`` is possible, with ``B_i = 0``), and from ``counts`` (natural numbers)."""
    out = {}
    for s in names:
        low, high, why = None, None, []
        for b in bounds:
            if b.high == s and b.low.is_number and b.low.is_real and (low is None or b.low > low):
                low, why = b.low, [*why, _stated(b)]
            elif b.low == s and b.high.is_number and b.high.is_real and (high is None or b.high < high):
                high, why = b.high, [*why, _stated(b)]
            elif b.high == s and _nonnegative(b.low) and not b.low.is_number and (low is None or low < 0):
                low, why = sp.Integer(0), [*why, _stated(b)]
        count = s.name in counts
        if count and (low is None or low < 0):
            low = sp.Integer(0)
        out[s] = _Range(low, high, tuple(why), count)
    return out


def _conditions(ranges: dict, *names: Any) -> str:
    """The hypotheses a lemma used, as the evidence names them."""
    why = [w for n in names for w in ranges[n].why]
    counts = [f"{n} a count (the last index of a sum or product)" for n in names if ranges[n].count]
    return ", ".join(dict.fromkeys([*why, *counts]))


def _power_of_exponential(low: Any, high: Any, ranges: dict) -> str | None:
    """``(1 + x)^n \\le e^{nx}`` (``1 + x \\le e^x`` raised to the power n), for ``1 + x \\ge 0`` and ``n \\ge 0``."""
    if not (isinstance(low, sp.Pow) and isinstance(high, sp.exp)):
        return None
    n, x = low.exp, low.base - 1
    if not (isinstance(n, sp.Symbol) and isinstance(x, sp.Symbol) and n in ranges and x in ranges):
        return None
    if sp.expand(high.args[0] - n * x) != 0 or not (ranges[x].at_least(-1) and ranges[n].at_least(0)):
        return None
    return f"1 + x \\le e^x raised to the power {n}, with {_conditions(ranges, x, n)}"


def _bernoulli(low: Any, high: Any, ranges: dict) -> str | None:
    """``1 + nx \\le (1 + x)^n`` for ``x \\ge -1`` and n a natural number (or ``n \\ge 1``)."""
    if not isinstance(high, sp.Pow):
        return None
    n, x = high.exp, high.base - 1
    if not (isinstance(n, sp.Symbol) and isinstance(x, sp.Symbol) and n in ranges and x in ranges):
        return None
    if sp.expand(low - 1 - n * x) != 0 or not ranges[x].at_least(-1):
        return None
    if not (ranges[n].count or ranges[n].at_least(1)):
        return None
    return f"Bernoulli's inequality, with {_conditions(ranges, x, n)}"


# the letters and the size of a difference :func:`_by_signs` factors (SymPy's ``factor`` grows fast with both), and
# the functions it may hold: continuous where they are defined, which its argument at 0 needs
_SIGN_LETTERS, _SIGN_OPS = 4, 60
_CONTINUOUS = (sp.exp, sp.log, sp.sin, sp.cos, sp.tanh, sp.sinh, sp.cosh, sp.atan, sp.erf)


def _by_signs(low: Any, high: Any, ranges: dict) -> str | None:
    """``\\frac{u + v}{2} \\ge \\sqrt{uv}``, ``\\frac{2ab}{a + b} \\le \\sqrt{ab}``, ``x + \\frac1x \\ge 2``: every
    letter is stated to be at least 0, and ``high - low``, with each letter under a root written as a square
    (``u = s^2``, ``s > 0``: the same values), factors into a form SymPy's assumptions show nonnegative for positive
    letters (``\\frac{(s - t)^2}{2}``, ``\\frac{(x - 1)^2}{x}``). Positive, not nonnegative: a non-strict bound that
    holds where the letters are positive holds by continuity where one is 0 and both sides are defined (roots,
    rational functions and the elementary functions are continuous where they are defined)."""
    names = sorted(low.free_symbols | high.free_symbols, key=str)
    if not names or len(names) > _SIGN_LETTERS or not all(s in ranges and ranges[s].at_least(0) for s in names):
        return None
    gap = high - low
    if sp.count_ops(gap) > _SIGN_OPS or any(not isinstance(f, _CONTINUOUS) for f in gap.atoms(sp.Function)) \
            or gap.has(sp.Sum, sp.Product):
        return None  # (only functions continuous where defined: `\\lceil x\\rceil \\ge 1` holds for x > 0, not at 0)
    _, rest = sp.expand(gap).as_coeff_Mul()
    if rest in names:  # (`v \\ge 0` after `v \\ge 0` is the hypothesis again, not a step its sign proves)
        return None
    rooted = {s for p in gap.atoms(sp.Pow) if p.exp.is_Rational and not p.exp.is_Integer for s in p.base.free_symbols}
    positive = {s: (sp.Dummy(s.name, positive=True) ** 2 if s in rooted else sp.Dummy(s.name, positive=True))
                for s in names}
    factored = sp.factor(sp.together(gap.xreplace(positive)))
    if factored.is_nonnegative is not True:
        return None
    # the evidence in the text's letters (a root's letter written back: s^2 -> u)
    back = {d: s for s, d in positive.items() if not d.is_Pow} | \
           {d.base: sp.sqrt(s) for s, d in positive.items() if d.is_Pow}
    shown = sp.latex(factored.xreplace(back))
    letters = ", ".join(sp.latex(s) for s in names)
    return f"the signs of {letters}: the difference is {shown} \\ge 0 for positive {letters} (and by continuity " \
           f"where one is 0), with {_conditions(ranges, *names)}"


def _constant_ratio_at_points(a: Any, b: Any) -> bool:
    """May ``a / b`` be a constant? Its values at two points agree (a cheap look before :func:`sympy.cancel`)."""
    names = sorted(a.free_symbols | b.free_symbols, key=str)
    seen = set()
    for k in (0, 1):
        point = {s: _POINTS[(k + j) % len(_POINTS)] for j, s in enumerate(names)}
        try:
            denominator = b.xreplace(point)
            if denominator == 0 or not denominator.is_number:
                return True  # not a number here: let the algebra decide
            seen.add(a.xreplace(point) / denominator)
        except (TypeError, ValueError, ZeroDivisionError):
            return True
    return len(seen) == 1


def _shifted_bound(low: Any, high: Any, bounds: tuple[Bound, ...]) -> str | None:
    """A stated bound ``a \\le b`` with the same terms added to both sides, or both sides multiplied by a positive
    number: ``high - low`` is a positive number times ``b - a``."""
    gap = sp.expand(high - low)
    for b in reversed(bounds):
        stated = sp.expand(b.high - b.low)
        if not stated.free_symbols or not _constant_ratio_at_points(gap, stated):
            continue
        ratio = sp.cancel(gap / stated)
        # the bound itself written again (or one side rewritten) is no step of this kind: an earlier line
        # restated is not checked by restating it
        moved = sp.expand(low - ratio * b.low) != 0
        if ratio.is_number and ratio.is_positive and moved:
            return (f"the bound {_stated(b)}, with the same terms added to both sides or both scaled by a positive "
                    "number")
    return None


def _conditional(low: Any, high: Any, bounds: tuple[Bound, ...], counts: frozenset[str]) -> LemmaVerdict | None:
    """The lemmas whose conditions come from what the paragraph states about the link's names: ``(1 + x)^n \\le
    e^{nx}``, Bernoulli's inequality, a stated bound with the same terms on both sides."""
    ranges = _ranges(low.free_symbols | high.free_symbols, bounds, counts)
    for conditional in (_power_of_exponential, _bernoulli, _by_signs):
        try:
            found = conditional(low, high, ranges)
        except (TypeError, ValueError, AttributeError):
            found = None
        if found is not None:
            return LemmaVerdict(True, found)
    try:
        shifted = _shifted_bound(low, high, bounds)
    except (TypeError, ValueError, AttributeError, ZeroDivisionError):
        shifted = None
    return LemmaVerdict(True, shifted) if shifted is not None else None


def _stated_conditions(low: Any, high: Any, bounds: tuple[Bound, ...], counts: frozenset[str]) -> LemmaVerdict | None:
    names = low.free_symbols | high.free_symbols
    related = tuple(b for b in bounds if isinstance(b.low, sp.Expr) and isinstance(b.high, sp.Expr)
                    and names & (b.low.free_symbols | b.high.free_symbols))
    found = _conditional(low, high, related, counts) if related or counts else None
    if found is not None:
        return found
    try:
        bound = _monotone_product(low, high, bounds)
    except (TypeError, ValueError, AttributeError, IndexError):
        bound = None
    if bound is not None:
        where = f" (line {bound.line})" if bound.line else ""
        return LemmaVerdict(True, f"monotonicity of a product of nonnegative factors, with {bound.text}{where}")
    return None


def _increasing(low: Any, high: Any, ranges: dict) -> tuple[Any, Any, str] | None:
    """``e^a \\le e^b`` from ``a \\le b`` (the exponential is increasing); ``n a \\le n b`` from ``a \\le b`` for a
    name ``n \\ge 0`` the text states (or a count): the link to prove instead, and why it is enough."""
    if isinstance(low, sp.exp) and isinstance(high, sp.exp):
        return low.args[0], high.args[0], "e^x is increasing"
    for n in sorted(set(sp.Mul.make_args(low)) & set(sp.Mul.make_args(high)) & set(ranges), key=str):
        if isinstance(n, sp.Symbol) and (ranges[n].at_least(0) or ranges[n].count):
            return sp.cancel(low / n), sp.cancel(high / n), f"both sides carry the factor {n} \\ge 0 " \
                f"({_conditions(ranges, n)})"
    return None


def _monotone(low: Any, high: Any, bounds: tuple[Bound, ...], counts: frozenset[str]) -> LemmaVerdict | None:
    """A link that an increasing function or a nonnegative factor (:func:`_increasing`) reduces to a link a lemma
    decides: ``e^{n \\ln(1 + \\delta)} \\le e^{n\\delta}`` is ``\\ln(1 + \\delta) \\le \\delta`` for ``n \\ge
    0``. Two reductions at most."""
    steps: list[str] = []
    for _ in range(2):
        reduced = _increasing(low, high, _ranges(low.free_symbols | high.free_symbols, bounds, counts))
        if reduced is None:
            return None
        low, high, why = reduced
        steps.append(why)
        found = lemma_of(low, high, "≤", bounds, counts, monotone=False)
        if found is not None and found.holds:
            return LemmaVerdict(True, f"{found.lemma}, as {', and '.join(steps)}")
    return None


def lemma_of(L: Any, R: Any, rel: str, bounds: tuple[Bound, ...] = (),
             counts: frozenset[str] = frozenset(), monotone: bool = True) -> LemmaVerdict | None:
    """The lemma ``L rel R`` is an instance of (``rel`` one of ≤ ≥ < >; a lemma gives ≤, so a strict link is
    none), or None. ``bounds``: what the paragraph stated; ``counts``: the names that are the last index of a sum
    or a product in the statement (natural numbers)."""
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
    if bounds or counts:  # the lemmas whose conditions come from what is stated
        found = _stated_conditions(low, high, bounds, counts)
        if found is not None:
            return found
    if monotone:
        try:
            return _monotone(low, high, bounds, counts)
        except (TypeError, ValueError, AttributeError, ZeroDivisionError):
            return None
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
    # a bound between two expressions is a hypothesis a point may break; one against a number (`\delta \ge 0`)
    # is checked at each point
    if any(set(names) & (b.low.free_symbols | b.high.free_symbols) for b in bounds
           if b.low.free_symbols and b.high.free_symbols):
        return None
    numeric = [b for b in bounds if not (b.low.free_symbols and b.high.free_symbols)
               and set(names) & (b.low.free_symbols | b.high.free_symbols)]
    for k in range(len(_POINTS)):
        point = {s: _POINTS[(k + j) % len(_POINTS)] for j, s in enumerate(names)} | {_IDENTITY: sp.Integer(1)}
        try:
            if any(sp.Le(q.low.xreplace(point), q.high.xreplace(point)) is not sp.true for q in numeric):
                continue  # the point breaks a stated bound
            a, b = _scalar(L, point), _scalar(R, point)
            holds = {"≤": a <= b, "≥": a >= b, "<": a < b, ">": a > b}[rel]
        except TypeError:
            continue
        if holds is sp.false:
            shown = ", ".join(f"{s} = {point[s]}" for s in names)
            scalars = "scalars, I = 1" if _IDENTITY in L.free_symbols | R.free_symbols else "scalars"
            return LemmaVerdict(False, found.lemma, f"{shown} ({scalars}): {sp.latex(a)} against {sp.latex(b)}")
    return None


_INSIDE = (sp.Rational(1, 4), sp.Rational(1, 2), sp.Rational(3, 4))  # where in a bounded range
_AWAY = (sp.Rational(1, 100), sp.Rational(1, 2), sp.Integer(1))  # how far from a range's one end
_COUNTS = (2, 3, 10)


def _samples(r: _Range) -> tuple | None:
    """Three points inside a name's stated range, none at its edge (where a link may hold by accident); None
    when the paragraph states no range for it."""
    if r.count:
        return tuple(sp.Integer(k) for k in _COUNTS if (r.low is None or k > r.low) and (r.high is None or k < r.high))
    if r.low is not None and r.high is not None:
        return tuple(r.low + t * (r.high - r.low) for t in _INSIDE) if r.high > r.low else None
    if r.low is not None:
        return tuple(r.low + t for t in _AWAY)
    if r.high is not None:
        return tuple(r.high - t for t in _AWAY)
    return None


def _whole(r: _Range) -> Any:
    """The smallest whole number inside a name's range (above its lower end; a count's first sample), or None."""
    if r.count:
        samples = _samples(r)
        return samples[0] if samples else None
    if r.low is not None:
        k = sp.floor(r.low) + 1
    elif r.high is not None:
        k = sp.ceiling(r.high) - 1
    else:
        return None
    return k if r.high is None or k < r.high else None


def refuted_on_domain(L: Any, R: Any, rel: str, bounds: tuple[Bound, ...] = (),
                      counts: frozenset[str] = frozenset()) -> LemmaVerdict | None:
    """A scalar inequality between expressions in names whose ranges the paragraph states, false at every point
    tried in those ranges (see the module's docstring): refuted at their smallest whole numbers, with both sides'
    values. None when a name has no stated range, a side is no scalar (norms, sums, functions), or it holds (or
    is undecided) at a point tried. The caller gives only links of a chain of bounds."""
    if rel not in ("≤", "<", "≥", ">") or not all(isinstance(x, sp.Expr) for x in (L, R)):
        return None
    if any(x.has(AppliedUndef, sp.Sum, sp.Product, sp.Indexed, sp.Abs) for x in (L, R)):
        return None
    names = sorted(L.free_symbols | R.free_symbols, key=str)
    if not 1 <= len(names) <= 3:
        return None
    ranges = _ranges(set(names), bounds, counts)
    grids = [_samples(ranges[s]) for s in names]
    if any(not g for g in grids):
        return None
    compare = {"≤": sp.Le, "<": sp.Lt, "≥": sp.Ge, ">": sp.Gt}[rel]
    # the smallest whole numbers of the ranges too: a name may be an integer ("m > 2" means m >= 3), and a link
    # true there is not refuted by a fraction
    whole = [_whole(ranges[s]) for s in names]
    if any(w is None for w in whole):
        return None
    at_whole = dict(zip(names, whole, strict=True))
    a, b = L.xreplace(at_whole), R.xreplace(at_whole)
    if compare(a, b) is not sp.false:
        return None
    points = _product(grids)
    for values in points:
        point = dict(zip(names, values, strict=True))
        if compare(L.xreplace(point), R.xreplace(point)) is not sp.false:
            return None  # true (or undecided) somewhere: not false throughout
    point = at_whole
    shown = ", ".join(f"{s} = {sp.latex(point[s])}" for s in names)
    why = _conditions(ranges, *names)
    return LemmaVerdict(False, why, f"{shown}: {sp.latex(a)} against {sp.latex(b)} (false at all {len(points) + 1} "
                                    "points tried)")


def _product(grids: list) -> list:
    out: list = [()]
    for g in grids:
        out = [(*p, v) for p in out for v in g]
    return out
