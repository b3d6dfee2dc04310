"""What a written number claims: its exact value and the unit of its last shown digit.

``1.4142`` claims a value within half of 0.0001 of 1.4142; ``3.162\\times 10^{-3}`` within half
of 0.000001 of 0.003162; ``6`` within half a unit; ``1000`` within 500 (trailing zeros of an
integer are not taken as significant). A value exactly on a half rounds either way.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import sympy as sp

from lnsym.check.parse.nodes import Div, Group, Mul, Neg, Node, Num, Pow, Sym, rebuilt

__all__ = ["Literal", "as_real", "count_cut", "cut_inside", "format_rounded", "format_value", "literal_of",
           "repeating_value", "rounds_to", "with_repeating"]


@dataclass(frozen=True)
class Literal:
    value: sp.Rational
    unit: sp.Rational
    decimals: int  # digits shown after the point (of the mantissa, for scientific notation)
    exponent: int | None = None  # the e of m x 10^e
    has_point: bool = False
    open_ended: bool = False  # 0.333\\ldots: the digits go on, the ones shown may be cut rather than rounded


@functools.lru_cache(maxsize=4096)  # pure (a Literal is frozen); every term is asked whether it is a literal, often
def _num_literal(text: str) -> Literal:
    f = Fraction(text)
    value = sp.Rational(f.numerator, f.denominator)
    if "." in text:
        decimals = len(text.split(".", 1)[1])
        return Literal(value, sp.Rational(1, 10**decimals), decimals, None, True)
    digits = text.lstrip("0")
    zeros = len(digits) - len(digits.rstrip("0")) if digits else 0
    return Literal(value, sp.Integer(10) ** zeros, 0)


def repeating_value(lit: Literal) -> sp.Rational | None:
    """The value of an open-ended decimal read as repeating: its digits end in a block written twice, and the
    ellipsis goes on with that block (``0.999\\ldots`` is 1, ``0.1666\\ldots`` is 1/6, ``0.142857142857\\ldots``
    is 1/7), the shortest block first. None when the digits end in no repeated block (``3.14159\\ldots``)."""
    if not (lit.open_ended and lit.has_point and lit.exponent is None) or lit.decimals < 2:
        return None
    magnitude = abs(lit.value)
    digits = str(int(magnitude / lit.unit) % 10**lit.decimals).zfill(lit.decimals)
    for p in range(1, lit.decimals // 2 + 1):
        if digits[-p:] == digits[-2 * p:-p]:
            tail = sp.Rational(int(digits[-p:]), 10**p - 1) * lit.unit  # 0.0...0BBB... after the digits shown
            return (magnitude + tail) * (1 if lit.value >= 0 else -1)
    return None


def _cut(t: Any) -> bool:
    return isinstance(t, Num) and t.tail is not None  # Num("0.333", "..."): 0.333\\ldots


def cut_inside(tree: tuple | None) -> bool:
    """Does the term compute with a decimal cut after its digits (``0.2 - 0.02 + 0.002666\\ldots``)? A term that
    is such a decimal alone is judged by its digits (:func:`literal_of` keeps its ellipsis) and is not counted."""
    if tree is None:
        return False
    lit = literal_of(tree)
    if lit is not None and lit.open_ended:
        return False
    stack = [tree]
    while stack:
        t = stack.pop()
        if _cut(t):
            return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def with_repeating(tree: Any, *, last: bool = False) -> Any:
    """``tree`` with every decimal cut after its digits read as repeating its last block (``0.002666\\ldots`` as
    1/375, see :func:`repeating_value`); None when one of them ends in no repeated block (``3.14159\\ldots``).
    With ``last``, each is read instead as the largest value its digits allow: one more in its last digit
    (``0.444\\ldots`` as 0.445, the end its continuation never reaches)."""
    if _cut(tree):
        lit = replace(_num_literal(tree.digits), open_ended=True)
        value = lit.value + lit.unit if last else repeating_value(lit)
        if value is None:
            return None
        return Group(Div(Num(str(value.p)), Num(str(value.q))))
    if not isinstance(tree, tuple):
        return tree
    parts = []
    for x in tree:
        y = with_repeating(x, last=last)
        if y is None and x is not None:
            return None
        parts.append(y)
    return rebuilt(tree, parts)


def count_cut(tree: Any) -> int:
    """How many decimals cut after their digits the term computes with."""
    if _cut(tree):
        return 1
    return sum(count_cut(x) for x in tree) if isinstance(tree, tuple) else 0


def _int_exponent(tree: Node) -> int | None:
    while isinstance(tree, Group):
        tree = tree.inner
    sign = 1
    if isinstance(tree, Neg):
        sign, tree = -1, tree.operand
        while isinstance(tree, Group):
            tree = tree.inner
    if isinstance(tree, Num) and tree.digits.isdigit() and len(tree.digits) < 4:
        return sign * int(tree.digits)
    return None


def _ten_power(tree: Node) -> int | None:
    if isinstance(tree, Pow) and tree.base == Num("10"):
        return _int_exponent(tree.exp)
    return None


def literal_of(tree: Node) -> Literal | None:
    """The literal a term is, if it is one: ``0.25``, ``-3``, ``1.2\\times 10^{-3}``, ``10^{-5}``."""
    while isinstance(tree, Group):
        tree = tree.inner
    match tree:
        case Neg(operand):
            inner = literal_of(operand)
            if inner is None:
                return None
            return replace(inner, value=-inner.value)  # `-0.333\ldots` keeps its cut digits
        case Num(digits, tail):
            lit = _num_literal(digits)
            return replace(lit, open_ended=True) if tail is not None else lit
        case Mul(Sym("$", None), Num() as amount, _):
            return literal_of(amount)  # `\$3.33\ldots`: an amount is the literal it shows
        case Pow():
            e = _ten_power(tree)
            if e is not None:
                return Literal(sp.Integer(10) ** e, sp.Integer(10) ** e, 0, e, True)
        case Mul(Num(digits, tail), Sym("%", None), _):
            m = _num_literal(digits)  # 33\% claims 0.33 to two decimals: a rounding may be meant
            return Literal(m.value / 100, m.unit / 100, m.decimals + 2, None, True, tail is not None)  # 4.166\ldots\%
        case Mul(Num(digits), right, "×" | "·"):
            e = _ten_power(right)
            if e is not None:
                m = _num_literal(digits)
                scale = sp.Integer(10) ** e
                return Literal(m.value * scale, sp.Rational(1, 10**m.decimals) * scale, m.decimals, e, True)
    return None


def as_real(x: sp.Expr, digits: int) -> sp.Float | sp.Rational | None:
    if x.is_Rational:
        return x
    try:
        v = x.evalf(digits)
    except Exception:
        return None
    if not v.is_Number or not v.is_real or not v.is_finite:
        return None
    return v


def rounds_to(x: sp.Expr, lit: Literal) -> bool | None:
    """True when ``x`` rounds to the literal at its shown precision; None when undecided."""
    if x.is_Rational:
        return bool(abs(x - lit.value) <= lit.unit / 2)
    shown = max(0, -int(sp.floor(sp.log(lit.unit, 10)))) if lit.unit < 1 else 0
    v = as_real(x, 30 + shown + 10)
    if v is None:
        return None
    gap = abs(v - lit.value) - lit.unit / 2
    if abs(gap) < lit.unit * sp.Rational(1, 10**12):
        return True  # on the half: either rounding is honest
    return bool(gap < 0)


def _decimal(x: sp.Expr, decimals: int) -> str:
    v = as_real(x, decimals + 25)
    if v is None:
        return sp.sstr(x)
    q = sp.Rational(v) if not v.is_Rational else v
    scaled = sp.floor(q * 10**decimals + sp.Rational(1, 2))
    sign = "-" if scaled < 0 else ""
    s = str(abs(int(scaled))).rjust(decimals + 1, "0")
    return sign + (s[:-decimals] + "." + s[-decimals:] if decimals else s)


def format_rounded(x: sp.Expr, lit: Literal) -> str:
    """``x`` rounded the way the literal is written (by its size when it has more than SHOWN_DIGITS digits)."""
    # (a ratio rounded is short, however long its numerator and denominator: only its size can make it long)
    huge = _by_size(x, ratio_digits=SHOWN_DIGITS) if lit.exponent is None else None
    if huge is not None:
        return huge
    if lit.exponent is not None and lit.has_point:
        scale = sp.Integer(10) ** lit.exponent
        return f"{_decimal(x / scale, lit.decimals)}\\times 10^{{{lit.exponent}}}"
    if lit.unit >= 1:
        u = int(lit.unit)
        v = as_real(x, 30)
        if v is None:
            return sp.sstr(x)
        return str(int(sp.floor(sp.Rational(v) / u + sp.Rational(1, 2))) * u)
    return _decimal(x, lit.decimals)


# Beyond this many digits a number is shown by its leading digits and its size: a message of thousands of
# digits helps no reader (and Python refuses str() of an integer past 4,300 digits).
SHOWN_DIGITS = 1000
# A ratio is shown whole only while its numerator and denominator are this short: `1.02^{96}` is exactly a ratio of
# 166- and 165-digit integers, which no reader compares digit by digit; its leading digits and its size are the
# evidence a reader checks in seconds (an integer, compared digit by digit with the one written, stays whole)
SHOWN_RATIO_DIGITS = 24


def _digits(n: int) -> int:
    return int(sp.integer_log(abs(n), 10)[0]) + 1 if n else 1


def _by_size(x: sp.Expr, ratio_digits: int = SHOWN_RATIO_DIGITS) -> str | None:
    """``x`` by its leading digits and its size when it is too long to show whole, else None."""
    if x.is_Rational:
        if max(_digits(int(x.p)), _digits(int(x.q))) <= (SHOWN_DIGITS if x.is_Integer else ratio_digits):
            return None
        size = f"a {_digits(int(x.p))}-digit integer" if x.is_Integer else \
            f"a ratio of {_digits(int(x.p))}- and {_digits(int(x.q))}-digit integers"
        return f"{sp.N(x, 12)} (exactly, {size})"
    v = as_real(x, 15)
    if v is None or abs(v) < sp.Integer(10) ** SHOWN_DIGITS:
        return None
    return f"{sp.N(v, 12)} (about {_digits(int(abs(v)))} digits)"


def format_value(x) -> str:
    """A value for a message: exact when short, with its decimal expansion otherwise."""
    from lnsym.check.judges.numbers.evaluate import Vec

    if isinstance(x, Vec):
        return "[" + ", ".join(format_value(v) for v in x.items) + "]"
    huge = _by_size(x)
    if huge is not None:
        return huge
    if x.is_Integer:
        return str(x)
    if x.is_Rational:
        q = int(x.q)
        while q % 2 == 0:
            q //= 2
        while q % 5 == 0:
            q //= 5
        if q == 1 and len(str(x.q)) < 12:
            d = 0
            while not (x * 10**d).is_Integer:
                d += 1
            return _decimal(x, d)
        return f"{sp.sstr(x)} = {_decimal(x, 6)}..."
    exact = sp.latex(x)  # the key's own notation: \sqrt{2}, \frac{\sqrt{2}}{2}
    approx = _decimal(x, 6)
    return f"{exact} = {approx}..." if len(exact) <= 24 else f"{approx}..."
