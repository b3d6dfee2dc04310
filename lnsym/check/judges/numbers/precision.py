"""Right value, wrong digits: the judgements behind the verdict ``imprecise``.

A written decimal claims a value to the digits it shows (:mod:`~lnsym.check.judges.numbers.rounding`). When
it is not the rounding of the true value, three honest reasons remain before calling it ``wrong``:

- it is the value *truncated* at the digits shown (``4\\sqrt2 \\approx 5.656``: 5.65685... rounds to
  5.657);
- it shows more significant digits than a double carries (16 or more) and agrees with the true value
  to the precision of a double computation (``\\ln(1.05) \\approx 0.04879016416943231``: float noise
  in the 16th decimal);
- the other side computes with decimals that are themselves roundings (``\\frac{-6 \\pm 205.1}{2}``
  for ``\\frac{-6 \\pm \\sqrt{42068}}{2}``): the step is consistent when the true value lies within
  what rounding those decimals can move the result.

Each test is three-valued where SymPy may not decide (None), and a value it cannot evaluate is
never evidence.
"""

from __future__ import annotations

from itertools import product
from typing import Any

import sympy as sp

from lnsym.check.judges.numbers.evaluate import NotEvaluated, PmPair, Vec, evaluate_pm
from lnsym.check.judges.numbers.rounding import Literal, as_real, literal_of
from lnsym.check.parse.nodes import Num

__all__ = ["DOUBLE_DIGITS", "decimals_in", "float_noise", "significant_figures", "truncates_to", "within_rounding"]

DOUBLE_DIGITS = 15  # significant decimal digits a double always carries
MAX_ROUNDED_INPUTS = 6  # decimals of one side perturbed one at a time
MAX_CORNERS = 4  # up to this many, every corner of their box is evaluated (16 values)
_DIGITS = 30  # working precision of a difference: far beyond the digits a decimal shows


def _real(x: Any, digits: int) -> sp.Float | sp.Rational | None:
    return as_real(x, digits) if isinstance(x, sp.Expr) else None


def truncates_to(x: Any, lit: Literal) -> bool | None:
    """Is ``lit`` the value ``x`` cut (toward zero) after the digits it shows? (Decimals only.)"""
    if not lit.has_point or lit.exponent is not None:
        return None
    v = _real(x, lit.decimals + _DIGITS)
    if v is None:
        return None
    cut = int(sp.Rational(v) / lit.unit)  # int() of a Rational cuts toward zero
    return bool(cut * lit.unit == lit.value)


def significant_figures(lit: Literal) -> int:
    """Digits a nonzero decimal shows from its first nonzero one (``0.0487901`` shows 6)."""
    value = abs(lit.value)
    lead = int(sp.floor(sp.log(value, 10)))
    last = int(sp.floor(sp.log(lit.unit, 10)))
    return lead - last + 1


def float_noise(x: Any, lit: Literal) -> bool:
    """Does ``lit`` show more digits than a double carries and agree with ``x`` to those it carries?"""
    if not lit.has_point or lit.value == 0 or significant_figures(lit) <= DOUBLE_DIGITS:  # zero shows no digit
        return False
    v = _real(x, 40)
    if v is None or v == 0:
        return False
    # a double's rounding error is relative to the numbers a result was computed from, which can be near 1
    # when it is small (ln(1.05) = log of a number near 1): allow 10 units of the 15th digit of max(1, |x|)
    scale = max(sp.S.One, abs(sp.Rational(v)))
    return bool(abs(sp.Rational(v) - lit.value) <= 10 * scale * sp.Rational(1, 10**DOUBLE_DIGITS))


def decimals_in(tree: Any, *, cut: bool = False) -> list[str]:
    """The decimal literals a term is written with, in order, each once (``205.1`` in ``-6 \\pm 205.1``); with
    ``cut``, those written with their digits going on instead (``0.333`` of ``0.333\\ldots``)."""
    out: list[str] = []
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, Num) and (t.tail is not None) == cut and "." in t.digits and t.digits not in out:
                out.append(t.digits)
                continue
            stack.extend(reversed([x for x in t if isinstance(x, tuple)]))
    return out


def _value(tree: Any, env: dict[str, Any], approx: dict[str, Any], sign: int) -> Any:
    v = evaluate_pm(tree, env, approx)
    if isinstance(v, PmPair):
        return v.plus if sign >= 0 else v.minus
    return v


def within_rounding(tree: Any, target: Any, env: dict[str, Any], approx: dict[str, Any],
                    sign: int = 1, fixed: frozenset = frozenset(), slack: Any = 0) -> bool | None:
    """Is ``target`` within the reach of rounding the decimals ``tree`` is written with (but those in
    ``fixed``, which are data)? ``slack``: how far ``target`` itself may be from what it rounds.

    ``sign`` picks the value of a term with ``\\pm`` (+1 or -1). Each decimal is moved by half a unit of
    its last digit, and the result must reach ``target`` *in the direction* it lies: ``1.5^{30}`` moves from
    69,700 (``1.45^{30}``) to 515,000 (``1.55^{30}``), and 4.32 is in neither direction, although it is
    closer to 191,751 than the largest move. Where the result is monotone in every decimal (its two moves
    have opposite signs) the range is the box's corners, exactly, for up to ``MAX_CORNERS`` decimals, and the
    moves added up per direction beyond; a decimal the result is not monotone in (a maximum inside its
    interval) widens the range by its largest move both ways. Where the range is exact (every decimal monotone,
    at most ``MAX_CORNERS`` of them) nothing beyond it is accepted; where it is the moves added up, 1% of slack
    on either end: of its distance from the value, and at most of the end itself. True: consistent;
    False: farther than any rounding explains; None: nothing to perturb, too many decimals, or not
    evaluated."""
    found = [d for d in decimals_in(tree) if d not in fixed]
    if not found or len(found) > MAX_ROUNDED_INPUTS or literal_of(tree) is not None:
        return None  # a bare decimal is judged as a rounding (rounds_to), not as a computation
    try:
        base = _value(tree, env, approx, sign)
        if isinstance(base, Vec) or isinstance(target, Vec):
            return None
        ends = {}  # each decimal's two ends, half a unit of its last digit down and up
        for text in found:
            half = sp.Rational(1, 2 * 10 ** len(text.split(".", 1)[1]))
            ends[text] = (sp.Rational(text) - half, sp.Rational(text) + half)

        known: dict[tuple, Any] = {}  # a single decimal's corners are its two moves: evaluated once

        def moved(*values: tuple[str, Any]) -> Any:
            if values not in known:
                known[values] = _real(_value(tree, env, {**approx, **dict(values)}, sign) - base, _DIGITS)
            return known[values]

        low = high = sp.S.Zero
        monotone = True
        for text, (below, above) in ends.items():
            up, down = moved((text, above)), moved((text, below))
            if up is None or down is None:
                return None  # a complex or unevaluated move: no range to compare with
            if up * down <= 0:
                low, high = low + min(up, down), high + max(up, down)
            else:  # both moves go one way: an extremum inside the interval, of unknown height
                monotone = False
                widest = max(abs(up), abs(down))
                low, high = low - widest, high + widest
        # exact where every decimal moves the result one way: the corners of the box (for one decimal, its own two
        # moves); the value as written, the box's centre, is always within them
        exact = monotone and len(ends) <= MAX_CORNERS
        if exact:
            corners = [moved(*corner) for corner in product(*[[(t, e) for e in two] for t, two in ends.items()])]
            if any(c is None for c in corners):
                return None
            low, high = min(sp.S.Zero, *corners), max(sp.S.Zero, *corners)
        gap = _real(target - base, _DIGITS)
    except (NotEvaluated, TypeError, ValueError, ZeroDivisionError):
        return None
    if gap is None:  # low and high are numbers: sums of moves, each a number or None (returned above)
        return None
    # 1% of an end's distance from the value, but never more than 1% of the end itself: 1.1^{260} reaches down
    # to 1.05^{260} = 3.3e5, 5.9e10 below its value, and 1% of that distance would reach 11.9 = (1 + 0.1)^{26}
    end_low, end_high = _real(base + low, _DIGITS), _real(base + high, _DIGITS)
    if end_low is None or end_high is None:
        return None
    if exact:  # the range is the rounding's image itself: nothing beyond it is explained
        slack_low = slack_high = slack
    else:
        slack_low = min(abs(low), abs(end_low)) / 100 + slack
        slack_high = min(abs(high), abs(end_high)) / 100 + slack
    return bool(low - slack_low <= gap <= high + slack_high)
