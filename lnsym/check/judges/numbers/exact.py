"""Exact comparison of SymPy numbers, three-valued: True proved, False refuted, None undecided.

``bool()`` is never called on a SymPy relational; a difference is zero when SymPy shows it, and
nonzero only when a 50-digit evaluation puts it clearly away from zero.
"""

from __future__ import annotations

import functools
from typing import Any

import sympy as sp
from sympy.core.function import AppliedUndef

from lnsym.check.judges.numbers.evaluate import Vec

__all__ = ["exact_equal", "free_of", "holds_at", "is_undefined", "near_zero", "remembered", "shown_zero"]


def free_of(x: Any) -> set:
    items = x.items if isinstance(x, Vec) else (x,)
    out: set = set()
    for v in items:
        out |= v.free_symbols | v.atoms(AppliedUndef)
    return out


def is_undefined(x: Any) -> bool:
    items = x.items if isinstance(x, Vec) else (x,)
    return any(v.has(sp.oo, -sp.oo, sp.zoo, sp.nan) for v in items)


def near_zero(d: sp.Expr, scale: sp.Expr) -> bool | None:
    """Is the number d zero? None when evalf cannot tell."""
    try:
        v = d.evalf(50)
        s = abs(complex(scale.evalf(15))) + 1
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    if not v.is_Number and not (v.is_number and v.as_real_imag()[0].is_Number):
        return None
    mag = abs(complex(v))
    return not mag > 1e-30 * s


_TRIG = (sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc)
MAX_TRIG_VALUES = 8  # distinct trigonometric values in a number that ``simplify`` is asked to show is 0
MAX_PI_DENOMINATOR = 18  # sin(p pi/q) with q up to 18 (multiples of 10 degrees) is proved by its minimal polynomial
_X = sp.Dummy("x")


def shown_zero(d: sp.Expr) -> bool | None:
    """Is ``d`` shown to be 0? True when it is; None when it is not ("not shown" is never "nonzero": the
    caller's answer is undecided).

    A number built from rationals, ``i``, square, cube and fourth roots, trigonometric values at rational
    multiples of pi (denominator at most :data:`MAX_PI_DENOMINATOR`) and ``e^{i pi r}`` is an algebraic
    number: it is 0 exactly when its minimal polynomial is ``x`` (SymPy's ``minimal_polynomial``, the proof
    ``Expr.equals`` uses). That proves what ``simplify`` does not (``\\tan 60^\\circ = \\frac{3 \\tan 20^\\circ -
    \\tan^3 20^\\circ}{1 - 3 \\tan^2 20^\\circ}``), in half its time on ProcessBench's numbers. Everything else is
    given to ``simplify``, except what it does not prove but spends seconds on (a tenth of the CPU of a
    ProcessBench run):

    - a difference with a ``Piecewise``: the value of a series where it converges
      (``\\sum_{i\\ge0} x^{3i}`` is ``1/(1-x^3)`` for ``|x^3| < 1``). ``simplify`` splits it by cases and
      leaves a ``Piecewise``, never 0; the same series on both sides is cancelled before it is called;
    - a number with more than :data:`MAX_TRIG_VALUES` distinct trigonometric values (the sines of 44
      angles): its search over their rewritings grows with their number."""
    if d.has(sp.Piecewise):
        return None
    algebraic = _algebraic(d)
    if not algebraic and not d.free_symbols and len(d.atoms(*_TRIG)) > MAX_TRIG_VALUES:
        return None
    # the rewritings first, also for an algebraic number: they take milliseconds where the minimal polynomial of
    # a sum of roots takes tens of them (`\frac{1 + \sqrt{3}}{\sqrt{3} - 1} = 2 + \sqrt{3}`); both prove only 0
    if _rewritten_zero(d):
        return True
    if algebraic:
        try:
            return True if sp.minimal_polynomial(d, _X) == _X else None  # another polynomial: d is not 0
        except Exception:  # NotAlgebraic, or a case SymPy does not implement: simplify may still show it
            pass
    return True if sp.simplify(d) == 0 else None


def _rewritten_zero(d: sp.Expr) -> bool:
    """Is ``d`` 0 after the rewritings that prove most textbook identities, in milliseconds where
    ``simplify`` takes a tenth of a second: multiple angles and sums of angles expanded (``\\tan 3x``,
    ``\\sin(A + B)``), binomials and similar functions written out (``\\binom{n}{2} = n(n-1)/2``), the
    result brought over one denominator and cancelled, and even powers of ``\\cos u`` written with
    ``1 - \\sin^2 u`` (``\\sin^6 x + \\cos^6 x = 1 - 3 \\sin^2 x \\cos^2 x``)? False means "not shown": ``simplify``
    is tried next. Each rewriting is an identity, so 0 is a proof."""
    try:
        e = d
        if all(_small_angle(t.args[0]) for t in d.atoms(*_TRIG)):
            e = sp.expand_trig(e)
        e = sp.cancel(sp.together(sp.expand(sp.expand_func(e))))
        if e == 0:
            return True
        squares = e.replace(lambda t: t.is_Pow and isinstance(t.base, sp.cos) and t.exp.is_Integer and t.exp >= 2
                            and t.exp % 2 == 0, lambda t: (1 - sp.sin(t.base.args[0]) ** 2) ** (t.exp // 2))
        return squares != e and sp.cancel(sp.expand(squares)) == 0
    except Exception:
        return False


def _small_angle(arg: sp.Expr) -> bool:
    """An angle whose expansion stays small: at most 3 terms, each at most 6 times a letter (``\\tan(3x + 2y)``;
    ``\\sin 100x`` expanded is a polynomial of degree 100)."""
    terms = sp.Add.make_args(arg)
    return len(terms) <= 3 and all(abs(t.as_coeff_Mul()[0]) <= 6 for t in terms if t.free_symbols)


def _algebraic(d: sp.Expr) -> bool:
    """Is ``d`` a number :func:`shown_zero` gives to ``minimal_polynomial`` (at most :data:`MAX_TRIG_VALUES`
    roots and trigonometric values, the cost of the polynomial growing with their number)?"""
    if d.free_symbols:
        return False
    values = set()
    stack = [d]
    while stack:
        e = stack.pop()
        if e.is_Rational or e is sp.I:
            continue
        if e.is_Add or e.is_Mul:
            stack.extend(e.args)
        elif e.is_Pow and e.exp.is_Integer:
            stack.append(e.base)
        elif e.is_Pow and e.exp.is_Rational and e.exp.q <= 4:
            values.add(e)
            stack.append(e.base)
        elif (isinstance(e, _TRIG) and _pi_multiple(e.args[0] / sp.pi)) or (
                isinstance(e, sp.exp) and _pi_multiple(e.args[0] / (sp.I * sp.pi))):
            values.add(e)
        else:
            return False
    return 0 < len(values) <= MAX_TRIG_VALUES


def _pi_multiple(r: sp.Expr) -> bool:
    return r.is_Rational and r.q <= MAX_PI_DENOMINATOR


def remembered(decide):
    """``decide(a, b, ...)`` remembered for the last 512 calls with hashable SymPy values (a mutable matrix is
    not remembered). The judges ask the same question again: a statement compares the same values under its
    other readings (the true value and the written one, a running computation), and an undecided
    comparison costs a ``simplify`` each time. SymPy's ``==`` is structural (``Float(2.0) != Integer(2)``),
    so a remembered answer is never one for another value."""
    cached = functools.lru_cache(maxsize=512)(decide)

    @functools.wraps(decide)
    def ask(*args):
        try:
            hash(args)
        except TypeError:
            return decide(*args)
        return cached(*args)

    return ask


@remembered
def exact_equal(a: sp.Expr, b: sp.Expr) -> bool | None:
    """Is ``a == b``? True proved, False refuted, None undecided."""
    return _exact_equal(a, b)


def _exact_equal(a: sp.Expr, b: sp.Expr) -> bool | None:
    d = a - b
    if d == 0:
        return True
    if d.is_Rational:
        return False
    near = near_zero(d, a)
    if near is False:
        return False
    try:
        return True if sp.expand(d) == 0 else shown_zero(d)
    except Exception:
        return None


def holds_at(left: Any, right: Any, point: dict) -> bool:
    """Do ``left`` and ``right`` agree to 20 significant digits at ``point`` (symbols to numbers)? A numeric
    test with a bounded precision, for the parent process, where no time limit stops a runaway ``simplify``:
    agreement is no proof, only a reason not to call a step wrong."""
    try:
        lv = sp.sympify(left).xreplace(point).evalf(40)
        rv = sp.sympify(right).xreplace(point).evalf(40)
        if not (lv.is_number and rv.is_number):
            return False
        a, b = complex(lv), complex(rv)
    except Exception:
        return False
    return abs(a - b) <= 1e-20 * max(1.0, abs(a), abs(b))
