"""Decide the steps of one statement: exact equality, honest rounding, inequalities, identities.

Three-valued throughout: a step is ``correct`` only when proved, ``wrong`` only when refuted, and
``unchecked`` (with the reason) otherwise. ``bool()`` is never called on a SymPy relational.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from typing import Any

import sympy as sp
from sympy.core.function import AppliedUndef
from sympy.printing.latex import LatexPrinter

from lnsym.check.findings import Verdict
from lnsym.check.judges.judgement import FAULTS, SKIP, Judgement, ParseFault, StatementJob, failure
from lnsym.check.judges.notation.matrix_algebra import decide_matrix_identity
from lnsym.check.judges.numbers.evaluate import (
    RADIANS,
    TRIG,
    DivisionByZero,
    GradientOf,
    Mat,
    NotEvaluated,
    PmPair,
    Reading,
    UnknownNames,
    Vec,
    count_pm,
    dependence_key,
    evaluate,
    evaluate_pm,
    mentions,
    name_of,
    partial_variables,
    tree_names,
    written_as,
)
from lnsym.check.judges.numbers.exact import exact_equal, free_of, is_undefined, near_zero, remembered, shown_zero
from lnsym.check.judges.numbers.expansion import LARGE, counted_terms, estimated_terms
from lnsym.check.judges.numbers.linear_algebra import describe, is_array, sizes_differ
from lnsym.check.judges.numbers.modular import decide_modular
from lnsym.check.judges.numbers.precision import decimals_in, float_noise, truncates_to, within_rounding
from lnsym.check.judges.numbers.rounding import (
    Literal,
    count_cut,
    cut_inside,
    format_rounded,
    format_value,
    literal_of,
    repeating_value,
    rounds_to,
    with_repeating,
)
from lnsym.check.judges.numbers.sign_cases import proved_by_cases
from lnsym.check.judges.proofs.consequences import (
    FOLLOWS,
    NOT_FOLLOWING,
    Inequality,
    does_not_follow,
    follows_from_facts,
    inequality_follows,
)
from lnsym.check.judges.proofs.definitions import refuted_by_definitions
from lnsym.check.judges.proofs.lemmas import identity_norm, lemma_of, refuted_on_domain, refuted_reverse
from lnsym.check.judges.proofs.region import decide_on_region, refuted_on_box
from lnsym.check.parse.nodes import (
    Add,
    Based,
    Const,
    Deriv,
    Div,
    Entry,
    Frac,
    Func,
    Group,
    Log,
    Matrix,
    Mul,
    Neg,
    Node,
    Num,
    Pow,
    Prime,
    Product,
    Quotient,
    Repeating,
    Sqrt,
    Sum,
    Sym,
    UFunc,
    Vector,
    rebuilt,
)
from lnsym.check.reasons import NOT_AN_IDENTITY, Reason

__all__ = ["NO_COMMON_SOLUTION", "ROUNDING_NOTE", "check_statement", "decide_pair", "decide_pm", "held_readings"]

ROUNDING_NOTE = "'=' joins a value and its rounding; '≈' is meant"
_ROUNDING_EQUALS = Judgement(Verdict.IMPRECISE, "", ROUNDING_NOTE, code=Reason.ROUNDING_EQUALS)
NOT_DECIMALS = "'≈' between two values that are not written as decimals"
TRUNCATED = "cut after its last digit, not rounded"
_POINTS = [sp.Rational(7, 5), sp.Rational(13, 7), sp.Rational(5, 3), sp.Rational(11, 4), sp.Rational(17, 9)]
_INSIDE_POINTS = [sp.Rational(1, 3), sp.Rational(2, 5), sp.Rational(3, 4)]  # in (0, 1): logit, arcsin, log(1-x)
_FLOAT_POINTS = [sp.Float(p, 15) for p in _POINTS]  # for a quick look in double precision, never for a verdict


@remembered
def _identity(a: sp.Expr, b: sp.Expr) -> bool | None:
    """Symbolic: True proved, False refuted at sample points, None undecided (remembered, as
    :func:`~lnsym.check.judges.numbers.exact.exact_equal` is: a statement's other readings ask again)."""
    return _decide_identity(a, b)


def _two_roundings(left, right) -> bool:
    """``35.74 \\approx 35.75``: two written decimals, the left no more precise than the right and one unit in the
    last place from it. Each is a rounding (of one value reached by two paths, "the difference is rounding"), and
    neither is the rounding of the other: '≈' says they are close, which they are."""
    return (left is not None and right is not None and left.has_point and right.has_point
            and left.exponent is None and right.exponent is None and left.decimals <= right.decimals
            and abs(left.value - right.value) <= left.unit)


def _decide_identity(a: sp.Expr, b: sp.Expr) -> bool | None:
    d = a - b
    try:
        if d == 0 or sp.expand(d) == 0:
            return True
    except Exception:
        return None
    syms = sorted(d.free_symbols, key=str)
    imag = sp.Symbol("i")
    numeric = not syms and not d.atoms(AppliedUndef) and d.is_number
    sampled = bool(syms) and imag not in syms and not (d.atoms(AppliedUndef) or d.has(sp.Sum, sp.Product, sp.Indexed))
    # Refute before trying to prove: a difference that is clearly nonzero (a number, or at the three sample
    # points) is no identity, and ``simplify`` (the slowest judge: most equations of a solution are not
    # identities) cannot make it zero. The verdicts are those of proving first.
    if numeric and near_zero(d, sp.S.One) is False:
        return False  # the sides differ by a constant
    if sampled and _differs_at_points(d, syms):
        return False
    try:
        if shown_zero(d) or (sampled and (_real_zero(d, syms) or proved_by_cases(d, lambda e: shown_zero(e) is True))):
            return True
    except Exception:
        return None
    if numeric or sampled:
        return None  # not refuted above
    if imag in syms:  # `i` may be the imaginary unit: prove with it, never refute
        try:
            d2 = d.subs(imag, sp.I)
            return True if (sp.expand(d2) == 0 or shown_zero(d2)) else None
        except Exception:
            return None
    return None


_COMPLEX_PARTS = (sp.Abs, sp.conjugate, sp.re, sp.im, sp.arg)


def _real_zero(d: sp.Expr, syms: list) -> bool:
    """``\\log(1 + e^x) - \\log(1 + e^{-x}) = x``, ``\\tanh x = 2\\sigma(2x) - 1``: zero for every real value of its
    letters, which is what they are in a derivation (a logit, an activation), though not for every complex one (the
    branch of the logarithm), so ``simplify`` of :func:`shown_zero` does not show it. Tried only where that
    matters, a logarithm or an exponential with letters, and never with a modulus, a conjugate or a real or
    imaginary part, which speak of complex numbers; SymPy then proves it with the letters declared real, for every
    real value (``\\sqrt{x^2} = x`` is not proved: it fails for x < 0)."""
    if not d.has(sp.log, sp.exp) or d.has(*_COMPLEX_PARTS):
        return False
    real = {s: sp.Dummy(s.name, real=True) for s in syms}
    e = sp.expand_log(d.xreplace(real))
    if e == 0:
        return True
    if _differs_below_zero(d, syms):
        return False
    if sp.simplify(e) == 0:
        return True
    # powers and hyperbolic functions written with exponentials (`(1 + \\delta)^n = e^{n \\ln(1 + \\delta)}`,
    # `\\tanh x = \\frac{2}{1 + e^{-2x}} - 1`): their definitions, so 0 is still a proof
    written = e.rewrite(sp.exp)
    return written != e and sp.simplify(written) == 0


def _differs_below_zero(d: sp.Expr, syms: list) -> bool:
    """Is ``d`` clearly not 0 with its letters at the negatives of the sample points? Then it is not 0 for every
    real value, and :func:`_real_zero` need not ask ``simplify`` (tens of milliseconds) what a real value refutes:
    the sample points of :func:`_decide_identity` are positive, where ``\\log(a^b) = b \\log a`` holds (57 of the 90
    differences :func:`_real_zero` did not show to be 0 on ProcessBench dev)."""
    point = {s: -_POINTS[i % len(_POINTS)] for i, s in enumerate(syms)}
    try:
        return near_zero(d.subs(point), sp.S.One) is False
    except Exception:
        return False


def _identity_with_a_constant(L: Any, R: Any, rel: str) -> bool:
    r"""``\cosh^2 x - \sinh^2 x = 1``: sides with different unknowns whose difference is zero for every value,
    proved (never sampled). Only plain expressions of letters: an unknown function, a sum or an entry on a side
    leaves the equation to its other readings (an equation to solve, a definition)."""
    if rel != "=" or isinstance(L, Vec) or isinstance(R, Vec) or not isinstance(L, sp.Expr) \
            or not isinstance(R, sp.Expr) or _letter_of_one_side(L, R):
        return False
    return _constant_identity(L, R)


def _letter_of_one_side(L: sp.Expr, R: sp.Expr) -> bool:
    """``x = 5``, ``2x + 3 = 7``, ``a^2 + b = c``: a letter that one side has and the other has not, in a single term
    of it that is a rational number times a positive power of the letter. The difference of the sides then changes
    with that letter: no identity, without forming the difference (most equations with different unknowns)."""
    for side, other in ((L, R), (R, L)):
        terms = sp.Add.make_args(side)
        names: list[set] | None = None  # each term's letters and entries, gathered once for all the letters
        for x in side.free_symbols - other.free_symbols:
            if isinstance(x, sp.Symbol | sp.Indexed):
                # (a term has x exactly when x is among them: `has` looks at every node, and so does `atoms`; a term
                # walked once per letter made a sum of 50 entries cost 2,500 walks)
                names = names or [t.atoms(sp.Symbol, sp.Indexed) for t in terms]
                with_x = [t for t, n in zip(terms, names, strict=True) if x in n]
            else:
                with_x = [t for t in terms if t.has(x)]
            if len(with_x) == 1:
                coeff, rest = with_x[0].as_coeff_Mul()
                if coeff.is_Rational and (rest == x or (rest.is_Pow and rest.base == x and rest.exp.is_Integer
                                                        and rest.exp > 0)):
                    return True
    return False


@remembered
def _constant_identity(L: sp.Expr, R: sp.Expr) -> bool:
    """:func:`_identity_with_a_constant` of two plain expressions (remembered: a statement's other readings ask
    again)."""
    d = L - R
    if d == 0:
        return True
    if d.atoms(AppliedUndef) or d.has(sp.Sum, sp.Product, sp.Indexed) or sp.Symbol("i") in d.free_symbols:
        return False
    if not d.atoms(sp.Function) and d.is_polynomial():  # `2x + 3 = 7`, `(a+b)^2 - a^2 - 2ab = b^2`
        if not any(term.has(sp.Add) for term in sp.Add.make_args(d)):
            return False  # already a sum of monomials, which SymPy collects: not 0, so not identically 0
        try:
            return sp.expand(d) == 0  # a polynomial is identically 0 exactly when it expands to 0
        except Exception:
            return False
    # with functions (`\cosh^2 x - \sinh^2 x - 1`): one point where the difference is clearly not 0 in double
    # precision says it is no identity (never that it is one), which spares most equations to solve the sample
    # points and ``simplify`` of :func:`_identity`
    point = {s: _FLOAT_POINTS[k % len(_FLOAT_POINTS)] for k, s in enumerate(sorted(d.free_symbols, key=str))}
    try:
        at = complex(d.xreplace(point))
    except Exception:
        at = None
    if at is not None and abs(at) > 1e-6:
        return False
    return _identity(L, R) is True


def _differs_at_points(d: sp.Expr, syms: list) -> bool:
    """Is ``d`` clearly nonzero at each of three rational sample points?"""
    for k in range(3):
        subs = {s: _POINTS[(i + k) % len(_POINTS)] + k for i, s in enumerate(syms)}
        try:
            v = d.subs(subs)
        except Exception:
            return False
        if near_zero(v, sp.S.One) is not False:
            return False
    return True


def symbolic_bounds(trees) -> set[str]:
    """The names in the limits of the sums and products of a step (``n`` in ``\\prod_{i=1}^n``)."""
    out: set[str] = set()
    stack = list(trees)
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, Sum | Product):
                out |= tree_names(t.lo) | tree_names(t.hi)
            stack.extend(x for x in t if isinstance(x, tuple))
    return out


_BOUND_POINTS = (2, 3, 5)
_INTEGER_PARTS = (sp.floor, sp.ceiling, sp.Mod, sp.frac)


def _closed_form(L: sp.Expr, R: sp.Expr, bounds: set[str]) -> Judgement:
    """A sum or a product with a symbolic limit equated to a closed form (``\\prod_{i=1}^n (1+\\delta) =
    (1+\\delta)^n``) claims an identity in its limits: refuted when the sides differ at three points (the limits
    positive integers), proved never by sampling."""
    # the symbols of both sides: `\sum_{i=m}^{n} 1 = n - m` differs by a constant, and its difference has none
    syms = sorted(L.free_symbols | R.free_symbols, key=str)
    if any(x.name not in bounds for x in syms) and any(e.has(*_INTEGER_PARTS) for e in (L, R)):
        # `\sum_{k=1}^{q-1} \lfloor pk/q \rfloor = \frac{(p-1)(q-1)}{2}` holds for coprime integers p and q: a
        # floor of another letter says the letters are integers under conditions the prose states, not any value
        return Judgement(Verdict.UNCHECKED, "", "a closed form with integer parts of letters other than its limits: "
                                                 "their conditions (integers, coprime) are in the prose")
    tried = []
    for k, n in enumerate(_BOUND_POINTS):
        point = {x: sp.Integer(n + j) if x.name in bounds else _POINTS[(j + k) % len(_POINTS)]
                 for j, x in enumerate(syms)}
        try:
            lv, rv = sp.nsimplify(sp.sympify(L.subs(point)).doit()), sp.nsimplify(sp.sympify(R.subs(point)).doit())
        except Exception:
            return Judgement(Verdict.UNCHECKED, "", "a closed form that could not be evaluated")
        if free_of(lv) or free_of(rv) or exact_equal(lv, rv) is not False:
            return Judgement(Verdict.UNCHECKED, "", "a closed form that holds at a sample point (not proved)")
        tried.append((point, lv, rv))
    point, lv, rv = tried[0]
    where = ", ".join(f"{x} = {v}" for x, v in point.items())
    return Judgement(Verdict.WRONG, "", f"not an identity in its limits: at {where} the left side is "
                                         f"{format_value(lv)} and the right side {format_value(rv)}",
                      left=format_value(lv), right=format_value(rv), code=Reason.NOT_AN_IDENTITY)


def _not_an_identity(L: sp.Expr, R: sp.Expr, domain: sp.Expr | None = None,
                     variable: sp.Symbol | tuple[sp.Symbol, ...] | None = None) -> Judgement:
    """``wrong`` for a rewriting that changes the value, with a point where both sides have values and differ;
    ``unchecked`` when none of the sample points is one. ``domain``: a claim's differentiated function, which must
    be a real number at the point too (then points in (0, 1) are tried after the usual ones). ``variable``: the
    claim's variable; any other symbol is a constant of the function it differentiates (the label y of a loss
    L(z)), tried at 0 and 1 only: a label may be binary, and a rational identity that fails at 0 or 1 fails on
    every interval too."""
    # the symbols of both sides: `x + 1 = x` differs by a constant, and its difference has none
    syms = L.free_symbols | R.free_symbols
    if isinstance(variable, tuple) and domain is not None:
        # a function of several variables has a value where each has one: ∂g/∂x = y^3 of g(x, y) = x y^2
        syms |= domain.free_symbols & set(variable)
    syms = sorted(syms, key=str)
    variables = [v for v in (variable if isinstance(variable, tuple) else (variable,)) if v in syms]
    others = [s for s in syms if s not in variables]
    if variables and others:
        xs = _POINTS + (_INSIDE_POINTS if domain is not None else [])
        # the variables at the sample points (each its own, when there are several), the constants at 0 and 1
        points = [{**{v: xs[(k + j) % len(xs)] for j, v in enumerate(variables)},
                   **dict(zip(others, bits, strict=True))}
                  for bits in itertools.islice(itertools.product((0, 1), repeat=len(others)), 8)
                  for k in range(len(xs))]
    else:
        # the evidence is a point where both sides have values and they differ: the first sample point may be a
        # pole of both (x + 1/(7y-13) = 2x + 1/(7y-13) at y = 13/7), where the difference -x is still defined
        points = [{x: _POINTS[(j + k) % len(_POINTS)] + k for j, x in enumerate(syms)} for k in range(len(_POINTS))]
        if domain is not None:
            points += [{x: p for x in syms} for p in _INSIDE_POINTS]
    for point in points:
        try:
            if domain is not None:
                at = domain.subs(point)
                if is_undefined(at) or at.is_extended_real is not True:
                    continue
            lv, rv = sp.nsimplify(L.subs(point)), sp.nsimplify(R.subs(point))
            if is_undefined(lv) or is_undefined(rv) or near_zero(lv - rv, sp.S.One) is not False:
                continue
            left, right = format_value(lv), format_value(rv)
        except Exception:
            continue
        where = ", ".join(f"{x} = {v}" for x, v in point.items())
        return Judgement(Verdict.WRONG, sp.sstr(sp.simplify(L)),
                          f"not an identity: at {where} the left side is {left} and the right side {right}",
                          left=left, right=right, code=Reason.NOT_AN_IDENTITY)
    return Judgement(Verdict.UNCHECKED, "", "the sides differ at sample points, but at none of them do both sides "
                                             "have values to show")


def _rational(d: sp.Expr) -> bool:
    """Is ``d`` free of functions and roots of its unknowns (powers with unknown exponents allowed: 2^{n+1},
    (\\sqrt{3})^{k-1})? Only such identities are refuted at sample points: a logarithm or a sine of an
    unknown is far more often an equation being solved (``\\log_{2x} 48 = \\log_{3x} 162``) than a rewriting."""
    try:
        for a in sp.preorder_traversal(d):
            if isinstance(a, sp.Function) and a.free_symbols:
                return False  # log x, sin x, e^x
            if isinstance(a, sp.Pow) and a.base.free_symbols and not a.exp.is_Integer:
                return False  # a root of an unknown: \sqrt{a^2+b^2} is often a length the text knows
        return True
    except Exception:
        return False


def _compare(a: sp.Expr, b: sp.Expr, rel: str) -> bool | None:
    eq = exact_equal(a, b)
    if eq is None:
        return None
    if eq:
        return rel in ("≤", "≥")
    try:
        d = (a - b).evalf(50)
        if not d.is_real:
            return None
        positive = bool(d > 0)
    except (TypeError, ValueError):
        return None
    return positive if rel in (">", "≥") else not positive


def _digits_off(value: Any, lit: Literal | None, written: str) -> Judgement | None:
    """The verdict ``imprecise`` for a decimal that is not the rounding of ``value`` but is its truncation or
    float noise; None otherwise."""
    if lit is None or not lit.has_point:
        return None
    if lit.open_ended and truncates_to(value, lit):
        return Judgement(Verdict.CORRECT, "", "cut after the digits shown, as its ellipsis says")
    repeating = repeating_value(lit)
    if repeating is not None and exact_equal(value, repeating) is True:
        return Judgement(Verdict.CORRECT, "", "the decimal repeats its last digits, as its ellipsis says")
    if truncates_to(value, lit):
        shown = format_rounded(value, lit)
        return Judgement(Verdict.IMPRECISE, shown,
                          f"{written} is {format_value(value)} {TRUNCATED}: it rounds to {shown}",
                          code=Reason.TRUNCATED)
    if float_noise(value, lit):
        return Judgement(Verdict.IMPRECISE, "", f"{written} shows more digits than a double carries; the value is "
                                                 f"{sp.N(value, 20)}... (float noise in the last digits)")
    return None


def _power_of_ten(lit: Literal) -> bool:
    """Is the literal a bare power of ten, `10^{11}`, `10^{-3}` (or `1 \\times 10^{11}`)? After '≈' it gives an order of
    magnitude, not a number rounded to one significant figure: "$2^{64} \\approx 10^{19}$" (probe 4, P4-FW-I)."""
    return lit.exponent is not None and abs(lit.exponent) >= 2 and lit.value == sp.Integer(10) ** lit.exponent


def _order_of_magnitude(value: Any, lit: Literal, source: str) -> Judgement:
    """``value \\approx 10^k``: `correct` when k is the nearest power of ten (log10 of the value within 1/2 of k),
    `wrong` when it is a whole order or more away, and `unchecked` in between (a writer may round 3.2 x 10^5 up to
    10^6)."""
    try:
        gap = float(sp.N(sp.log(abs(value), 10), 15)) - lit.exponent
    except (TypeError, ValueError, OverflowError):
        return Judgement(Verdict.UNCHECKED, "", "an order of magnitude could not be decided")
    order = round(lit.exponent + gap)
    where = f"{source} = {format_value(value)}, of order 10^{{{order}}} (log10 = {lit.exponent + gap:.2f})"
    if abs(gap) < 0.5:
        return Judgement(Verdict.CORRECT, "", f"an order of magnitude: {where}")
    if abs(gap) >= 1:
        return Judgement(Verdict.WRONG, f"10^{{{order}}}", f"{where}, not 10^{{{lit.exponent}}}",
                         code=Reason.MISROUNDED)
    return Judgement(Verdict.UNCHECKED, "", f"an order of magnitude between two powers of ten: {where}")


def _scalar(L, R, rel: str, lit_l: Literal | None, lit_r: Literal | None, true_l, sources,
            integer_part: bool = True) -> Judgement:
    lsrc, rsrc = sources
    cands = [L] if true_l is None or true_l == L else [true_l, L]
    best = cands[0]
    if rel == "=":
        results = [exact_equal(c, R) for c in cands]
        if any(r is True for r in results):
            return Judgement(Verdict.CORRECT)
        # a rounding joined by '=' is one the exact comparison refutes: a value that agrees with the decimal to
        # 30 digits and is not shown equal (the sines of 89 angles summed, against 44.5) is undecided, not rounded
        if lit_r is not None and lit_r.has_point and any(r is False and rounds_to(c, lit_r)
                                                         for c, r in zip(cands, results, strict=True)):
            return Judgement(Verdict.CORRECT) if lit_r.open_ended else _ROUNDING_EQUALS
        if lit_l is not None and lit_l.has_point and results[-1] is False and rounds_to(R, lit_l):
            # `0.333\ldots = \frac13` as on the right (the last candidate is the left side as written)
            return Judgement(Verdict.CORRECT) if lit_l.open_ended else _ROUNDING_EQUALS
        if all(r is False for r in results):
            off = _digits_off(best, lit_r, rsrc) or _digits_off(R, lit_l, lsrc)
            if off is not None:
                return off
            if integer_part and lit_r is not None and not lit_r.has_point and R.is_Integer and L.is_Rational \
                    and not L.is_Integer and abs(L) > 2 and R in (sp.floor(L), sp.ceiling(L)):
                return Judgement(Verdict.UNCHECKED, "", "an integer part or a rounding to a whole number may be meant")
            right = "" if lit_r is not None else f", but {rsrc} = {format_value(R)}"
            return Judgement(Verdict.WRONG, format_value(best), f"{lsrc} = {format_value(best)}{right}")
        return Judgement(Verdict.UNCHECKED, "", "equality could not be decided")
    if rel == "≈":
        if lit_r is not None and _power_of_ten(lit_r) and best.is_number and best.is_real and best != 0:
            return _order_of_magnitude(best, lit_r, lsrc)
        if lit_r is not None:
            res = [rounds_to(c, lit_r) for c in cands]
            if any(r is True for r in res):
                return Judgement(Verdict.CORRECT)
            if all(r is False for r in res):
                off = _digits_off(best, lit_r, rsrc)
                if off is not None:
                    return off
                if _two_roundings(lit_l, lit_r):
                    return Judgement(Verdict.UNCHECKED, "", "two decimals of the same precision one unit in the last "
                                                             "place apart: '≈' joins two roundings of one value")
                shown = format_rounded(best, lit_r)
                return Judgement(Verdict.WRONG, shown, f"{lsrc} = {format_value(best)}, which rounds to {shown}",
                                  code=Reason.MISROUNDED)
            return Judgement(Verdict.UNCHECKED, "", "rounding could not be decided")
        if lit_l is not None:
            r = rounds_to(R, lit_l)
            if r is True:
                return Judgement(Verdict.CORRECT)
            if r is False:
                off = _digits_off(R, lit_l, lsrc)
                if off is not None:
                    return off
                shown = format_rounded(R, lit_l)
                return Judgement(Verdict.WRONG, shown, f"{rsrc} = {format_value(R)}, which rounds to {shown}",
                                  code=Reason.MISROUNDED)
        if any(exact_equal(c, R) is True for c in cands):
            return Judgement(Verdict.CORRECT)
        return Judgement(Verdict.UNCHECKED, "", NOT_DECIMALS, code=Reason.NOT_DECIMALS)
    if rel == "≠":
        eq = exact_equal(L, R)
        if eq is None:
            return Judgement(Verdict.UNCHECKED, "", "could not be decided")
        if eq:
            return Judgement(Verdict.WRONG, format_value(L), "the sides are equal")
        return Judgement(Verdict.CORRECT)
    res = [_compare(c, R, rel) for c in cands]
    if any(r is True for r in res):
        return Judgement(Verdict.CORRECT)
    if all(r is False for r in res):
        right = "" if lit_r is not None else f" and {rsrc} = {format_value(R)}"
        return Judgement(Verdict.WRONG, format_value(best),
                          f"{lsrc} = {format_value(best)}{right}, so '{rel}' is false")
    return Judgement(Verdict.UNCHECKED, "", "the comparison could not be decided")


def _as_written(value: sp.Expr, lit: Literal | None) -> str:
    """An entry for a message as the key writes it: a decimal as its digits (``0.666``, not ``333/500``)."""
    if lit is not None and lit.has_point and lit.exponent is None:
        return format_rounded(value, lit)
    return sp.sstr(value)


def _vec_literals(tree: tuple | None, n: int) -> list:
    """The literal of each entry of a vector or matrix as written (None where an entry is computed), in the
    order in which :func:`~lnsym.check.judges.numbers.evaluate.evaluate` flattens a matrix: row after row."""
    match _strip(tree):
        case Vector(items):
            pass
        case Matrix(rows):
            items = tuple(x for row in rows for x in row)
        case _:
            items = ()
    if len(items) == n:
        return [literal_of(x) for x in items]
    return [None] * n


CONDITION = "a condition on a variable is not checked"
# the reasons a later look takes up only as they are given, never with a note added (other_readings adds one)
_WHOLE = frozenset({Reason.CONDITION, Reason.NOT_DECIMALS})
EARLIER_INEQUALITY = "follows from an earlier inequality"


class _ConditionPrinter(LatexPrinter):
    """LaTeX of a condition's sides, with a norm written as the key writes it (``\\Vert B_i\\Vert``)."""

    def _print_Function(self, expr, exp=None):
        if expr.func.__name__ == "norm" and len(expr.args) == 1:
            return rf"\Vert {self._print(expr.args[0])}\Vert"
        return super()._print_Function(expr, exp)


_ORDERS = frozenset({"<", "≤", ">", "≥"})


def _condition(L: Any, R: Any, rel: str) -> str:
    """Why an inequality with a variable is not decided, and, where terms on its two sides cancel, the condition
    it comes down to (``1 + \\Vert B_i\\Vert \\le 1 + \\delta`` holds exactly when ``\\Vert B_i\\Vert \\le
    \\delta``): the hypothesis a reader would have to find stated before it."""
    if rel not in _ORDERS or not (isinstance(L, sp.Expr) and isinstance(R, sp.Expr)) or L.has(sp.pi) or R.has(sp.pi):
        return CONDITION  # (an angle in degrees is computed in radians: its condition would read π/2 for 90°)
    try:
        written = sum(1 for side in (L, R) for t in sp.Add.make_args(side) if t != 0)
        if written <= 1 or _too_many_terms(L - R, written):
            return CONDITION  # (an expansion has a term at least: nothing can cancel in one written term)
        d = sp.expand(L - R)
        terms = sp.Add.make_args(d)
        if len(terms) >= written or len(terms) > 4 or not d.free_symbols:
            return CONDITION  # nothing cancels: the condition is the statement itself (`x \\ge 0`, `x - 9 < 0`)
        big = sp.Add(*(t for t in terms if t.could_extract_minus_sign() is False))
        small = -sp.Add(*(t for t in terms if t.could_extract_minus_sign() is not False))
        printer = _ConditionPrinter()
        return f"{CONDITION}; it holds exactly when {printer.doprint(big)} {rel} {printer.doprint(small)}"
    except Exception:  # a side SymPy cannot expand or print: the plain reason
        return CONDITION


def _too_many_terms(d: sp.Expr, written: int) -> bool:
    """Is ``d`` a large polynomial (:func:`~lnsym.check.judges.numbers.expansion.estimated_terms`) whose expansion,
    counted in a polynomial ring, has at least ``written`` or more than 4 terms, so that :func:`_condition` names
    no condition? The square of a sum of 50 products took ``expand`` a second."""
    return estimated_terms(d) > LARGE and (count := counted_terms(d)) is not None and (count >= written or count > 4)


# (not ≠: `z^2 + 1 \\ne 0` holds for every real z, and the text's z may be complex; an order's sides are real)
_NEGATED = {"<": sp.Ge, "≤": sp.Gt, ">": sp.Le, "≥": sp.Lt}
# where d = L - R fails the relation, by the sign of a SymPy Float (a Python float would round e^{-2^{100}} to -0.0)
_FAILS = {"<": lambda v: not v.is_negative, "≤": lambda v: v.is_positive, ">": lambda v: not v.is_positive,
          "≥": lambda v: v.is_negative}
# the real points an inequality proved everywhere must hold at too: a check of the solver's answer, never a proof,
# and a quick way out for a condition (the small integers first: `x > 3` fails at 0)
_CHECK_POINTS = [sp.Integer(k) for k in (0, 1, -1, 2, -2, 3, 5, -5, 10, -10, 30, -30, 100, -100)] + \
    [sp.Rational(k, 4) for k in range(-39, 40, 6)]


@remembered
def _holds_everywhere(L: Any, R: Any, rel: str) -> str | None:
    """The variable of an inequality in one real variable that holds for every value where both sides are defined
    (``\\sigma(x)(1 - \\sigma(x)) \\le \\tfrac14``, ``x^2 + 1 > 0``), proved by SymPy's ``solveset`` finding no real
    value where it fails; None otherwise (another answer, a set SymPy cannot describe, more variables). Whether the
    text claims it for every x or states it as a condition to solve, it is true then. A point of
    :data:`_CHECK_POINTS` where it fails (a solver's slip) leaves it undecided. Remembered
    (:func:`~lnsym.check.judges.numbers.exact.remembered`): the same bound comes back in a statement's other
    readings and in other solutions of the same problem (2 in 5 calls on ProcessBench)."""
    if rel not in _NEGATED or not (isinstance(L, sp.Expr) and isinstance(R, sp.Expr)) or is_array(L) or is_array(R):
        return None
    d = L - R
    syms = d.free_symbols
    if len(syms) != 1 or d.count_ops() > 40 or d.has(AppliedUndef, sp.Indexed):
        return None
    (x,) = syms
    t = sp.Dummy(str(x), real=True)
    d = d.xreplace({x: t})
    if _odd_root_of_any_sign(d):
        return None
    try:
        # the points first: most inequalities with a variable are conditions (`x > 3`) that fail at one of them,
        # in microseconds; the solver takes tens of milliseconds
        fails = _FAILS[rel]
        for point in _CHECK_POINTS:
            value = d.xreplace({t: point}).evalf(20)
            if value.is_real and value.is_Number and fails(value):
                return None
        if _odd_degree(d, t):
            return None
        if sp.solveset(_NEGATED[rel](d, 0), t, sp.S.Reals) is not sp.S.EmptySet:
            return None
    except Exception:  # NotImplementedError, a recursion in the solver: undecided
        return None
    return str(x)


def _odd_root_of_any_sign(d: sp.Expr) -> bool:
    """Does ``d`` take an odd root (``\\sqrt[3]{x}``, ``x^{1/5}``) of what may be negative? SymPy's root is the
    principal one, not real there, so "holds where both sides are defined" would mean only where the base is
    nonnegative, while the text means the real root, defined and negative for a negative base (``\\sqrt[3]{x} \\ge
    0`` was proved so, false at x = -1)."""
    return any(p.exp.is_Rational and not p.exp.is_Integer and p.exp.q % 2 == 1 and p.base.is_nonnegative is not True
               for p in d.atoms(sp.Pow))


def _odd_degree(d: sp.Expr, t: sp.Symbol) -> bool:
    """Is ``d`` a polynomial in ``t`` of odd degree with real coefficients? It takes every real value then, so an
    inequality ``d < 0`` (or any other order) fails somewhere: :func:`_holds_everywhere` needs no solver for a bound
    beyond its check points (``n \\le 180``), which took it tens of milliseconds."""
    if not d.is_polynomial(t):
        return False
    try:
        poly = sp.Poly(d, t)
    except Exception:
        return False
    return poly.degree() % 2 == 1 and all(c.is_real is True for c in poly.all_coeffs())


def decide_pair(L, R, rel: str, trees, true_l, sources, symbolic_wrong: bool,
                computed: frozenset = frozenset(), claimed: bool = False, domain: Any = None,
                variable: sp.Symbol | tuple[sp.Symbol, ...] | None = None) -> Judgement:
    """``claimed``: the step is claimed for every value of its variable (a derivative as a function, see
    :func:`~lnsym.check.roles.forms.derivative_claims`), so it is refuted at a sample point even with functions
    of the variable in it."""
    if rel not in ("=", "≈") and (tree_names(trees[0]) | tree_names(trees[1])) - computed:
        return Judgement(Verdict.UNCHECKED, "", _condition(L, R, rel), code=Reason.CONDITION)
    fl, fr = free_of(L), free_of(R)
    imag = sp.Symbol("i")
    if imag in fl | fr and fl | fr == {imag} and not isinstance(L, Vec) and not isinstance(R, Vec) and rel == "=":
        # `i` alone: proved with the imaginary unit, never refuted (it may be an index)
        try:
            if exact_equal(L.subs(imag, sp.I), R.subs(imag, sp.I)) is True:
                return Judgement(Verdict.CORRECT, "", "with i the imaginary unit")
        except Exception:
            pass
        return Judgement(Verdict.UNCHECKED, "", "free symbol(s) i", code=Reason.FREE_SYMBOLS)
    if fl or fr:
        if fl != fr:
            if _identity_with_a_constant(L, R, rel):
                return Judgement(Verdict.CORRECT, "", "an identity: it holds for every value")
            if claimed and rel == "=" and not isinstance(L, Vec) and not isinstance(R, Vec) \
                    and _identity(L, R) is False:
                # a derivative claimed for every value of its variables: `\frac{\partial g}{\partial y} = y` of
                # g(x, y) = xy + 1 is x on the left
                return _not_an_identity(L, R, domain, variable)
            names = ", ".join(sorted({str(s) for s in (fl ^ fr)}))
            return Judgement(Verdict.UNCHECKED, "", f"free symbol(s) {names}", code=Reason.FREE_SYMBOLS)
        if (isinstance(L, Vec) and isinstance(R, Vec) and len(L) == len(R) and rel == "="
                and all(_identity(a, b) is True for a, b in zip(L.items, R.items, strict=True))):
            return Judgement(Verdict.CORRECT)  # entry by entry identities (never refuted: one may be an equation)
        if isinstance(L, Vec) or isinstance(R, Vec) or rel != "=":
            return Judgement(Verdict.UNCHECKED, "", "a symbolic step of this form is not checked",
                              code=Reason.SYMBOLIC_FORM)
        ident = _identity(L, R)
        if ident is True:
            return Judgement(Verdict.CORRECT)
        bounds = symbolic_bounds(trees)
        if bounds:  # a limit of a sum or product is an integer: refuted only at integer limits, never at 7/5
            return _closed_form(L, R, bounds)
        if ident is False and claimed:
            return _not_an_identity(L, R, domain, variable)
        if ident is False and symbolic_wrong and _rational(L - R):
            return _not_an_identity(L, R)
        why = "not an identity" if ident is False else "not shown to be an identity"
        return Judgement(Verdict.UNCHECKED, "", f"{why} (perhaps an equation to solve)", code=Reason.NOT_AN_IDENTITY)
    if is_undefined(L) or is_undefined(R):
        return Judgement(Verdict.UNCHECKED, "", "an infinite or undefined value")
    differ = sizes_differ(L, R)
    if differ is not None:  # a matrix against a value of another size (both sides known: no free symbol)
        return _sizes_differ(L, R, rel, trees, *differ)
    if isinstance(L, Vec) != isinstance(R, Vec):
        return Judgement(Verdict.UNCHECKED, "", "a vector and a scalar")
    if rel == "≡":
        return Judgement(Verdict.UNCHECKED, "", "'≡' is not checked")
    if not isinstance(L, Vec):
        return _scalar(L, R, rel, literal_of(trees[0]), literal_of(trees[1]), true_l, sources)
    if rel == "≠":  # two vectors differ when one entry does (or their lengths)
        same = [exact_equal(a, b) for a, b in zip(L.items, R.items, strict=False)]
        if len(L) != len(R) or any(s is False for s in same):
            return Judgement(Verdict.CORRECT)
        if all(s is True for s in same):
            return Judgement(Verdict.WRONG, format_value(L), "the sides are equal")
        return Judgement(Verdict.UNCHECKED, "", "could not be decided")
    if len(L) != len(R):
        return Judgement(Verdict.WRONG, format_value(L), f"vectors of lengths {len(L)} and {len(R)}")
    lits_l, lits_r = _vec_literals(trees[0], len(L)), _vec_literals(trees[1], len(R))
    trues = true_l.items if isinstance(true_l, Vec) and len(true_l) == len(L) else [None] * len(L)
    results = [
        _scalar(a, b, rel, ll, lr, t, (sp.sstr(a), _as_written(b, lr)), integer_part=False)
        for a, b, ll, lr, t in zip(L.items, R.items, lits_l, lits_r, trues, strict=False)
    ]
    verdicts = {r.verdict for r in results}
    if Verdict.WRONG in verdicts:
        shown = [r.expected if r.verdict is Verdict.WRONG else _as_written(b, lr)
                 for r, b, lr in zip(results, R.items, lits_r, strict=True)]
        bad = [_entry_should_be(L, i, r.expected, _as_written(b, lr))
               for i, (r, b, lr) in enumerate(zip(results, R.items, lits_r, strict=True)) if r.verdict is Verdict.WRONG]
        return Judgement(Verdict.WRONG, "[" + ", ".join(shown) + "]", "; ".join(bad))
    if verdicts == {Verdict.CORRECT}:
        return Judgement(Verdict.CORRECT)
    if verdicts <= {Verdict.CORRECT, Verdict.IMPRECISE}:
        imprecise = [(i, r) for i, r in enumerate(results) if r.verdict is Verdict.IMPRECISE]
        codes = {r.code for _, r in imprecise}  # entries imprecise for one reason: the vector is, for that one
        return Judgement(Verdict.IMPRECISE, "", "; ".join(f"entry {_place(L, i)}: {r.reason}" for i, r in imprecise),
                          code=codes.pop() if len(codes) == 1 else Reason.OTHER)
    first = next(r for r in results if r.verdict is Verdict.UNCHECKED)
    return Judgement(Verdict.UNCHECKED, "", first.reason, code=first.code)


def _written_square(tree: Node | None) -> bool:
    tree = _strip(tree)
    return isinstance(tree, Matrix) and len(tree.rows) == len(tree.rows[0])


def _sizes_differ(L, R, rel: str, trees, refuted: bool, why: str) -> Judgement:
    """Two known sides of sizes that differ (:func:`~lnsym.check.judges.numbers.linear_algebra.sizes_differ`): wrong for
    '=' and '≈', except where a number faces a square matrix written out whose determinant it is (``\\begin{pmatrix}
    2 & 3 \\\\ 1 & 4 \\end{pmatrix} = 5``: bars may have been meant), which is unchecked."""
    if not refuted or rel not in ("=", "≈"):
        return Judgement(Verdict.UNCHECKED, "", why)
    for matrix, number in ((L, R), (R, L)):
        if rel == "=" and isinstance(matrix, Mat) and not isinstance(number, Vec) and number == 0:
            return _zero_matrix(matrix)  # `AB = 0`: the zero matrix, written as a number
    for matrix, number, tree in ((L, R, trees[0]), (R, L, trees[1])):
        if isinstance(matrix, Mat) and not isinstance(number, Vec) and _written_square(tree):
            det = matrix.matrix().det(method="berkowitz")
            if exact_equal(det, number) is not False:
                return Judgement(Verdict.UNCHECKED, "", f"{why}, but the number is the determinant of the matrix "
                                  "written out (|A| may be meant)")
            why = f"{why}; nor is the number the determinant of the matrix written out, {format_value(det)}"
    return Judgement(Verdict.WRONG, format_value(L), why)


def _zero_matrix(matrix: Mat) -> Judgement:
    """``A B = 0`` with both matrices known: 0 is the zero matrix of the product's size, as every text on matrices
    writes it. ``correct`` when every entry is exactly 0; ``wrong`` with the entries that are not."""
    same = [exact_equal(v, sp.S.Zero) for v in matrix.items]
    if all(s is True for s in same):
        return Judgement(Verdict.CORRECT, "", f"{describe(matrix)} whose every entry is 0: the zero matrix")
    if not any(s is False for s in same):
        return Judgement(Verdict.UNCHECKED, "", "the entries of the matrix could not be compared with 0")
    bad = "; ".join(f"entry {matrix.entry(i)} is {format_value(v)}, not 0"
                    for i, (v, s) in enumerate(zip(matrix.items, same, strict=True)) if s is False)
    return Judgement(Verdict.WRONG, format_value(matrix), f"0 beside a matrix is the zero matrix, but {bad}")


def _entry_should_be(value: Vec, i: int, expected: str, written: str) -> str:
    """What a wrong entry should be: ``entry 4 should be 3.8284`` in a vector; in a matrix, its row and column and
    the value written, ``entry (1, 2) should be 0, not 12``."""
    if isinstance(value, Mat) and not value.is_vector:
        return f"entry {value.entry(i)} should be {expected}, not {written}"
    return f"entry {i + 1} should be {expected}"


def _place(value: Vec, i: int) -> str:
    """The ``i``-th entry (from 0) as a reader counts it: 4 in a vector, (2, 2) in a 2×2 matrix."""
    return value.entry(i) if isinstance(value, Mat) and not value.is_vector else str(i + 1)


_NO_LITERAL = Sym("±", None)  # the sides of a ± step are not literals (no rounding is judged)


def decide_pm(L: Any, R: Any, rel: str, trees, sources, computed: frozenset = frozenset()) -> Judgement:
    """``a ± b = c ± d``: both sides are two values; the step is correct when the two pairs are equal
    (in the same order or swapped), wrong when neither order can hold. One side with ± and the other
    without is left unchecked (``x = ±1`` is a pair of cases)."""
    if not (isinstance(L, PmPair) and isinstance(R, PmPair)):
        return Judgement(Verdict.UNCHECKED, "", "± gives two values on one side only")
    if rel not in ("=", "≈"):
        return Judgement(Verdict.UNCHECKED, "", f"'{rel}' between values with ±")

    def pair(a, b) -> Judgement:
        return decide_pair(a, b, rel, (_NO_LITERAL, _NO_LITERAL), None, sources, False, computed)

    orders = [(pair(L.plus, R.plus), pair(L.minus, R.minus)), (pair(L.plus, R.minus), pair(L.minus, R.plus))]
    for order in orders:
        if all(r.verdict is Verdict.CORRECT for r in order):
            return Judgement(Verdict.CORRECT, "", next((r.reason for r in order if r.reason), ""))
    if all(any(r.verdict is Verdict.WRONG for r in order) for order in orders):
        if all(not free_of(x) for x in (L.plus, L.minus)):
            shown = f"{format_value(L.plus)} and {format_value(L.minus)}"
            return Judgement(Verdict.WRONG, shown, f"{sources[0]} has the values {shown}")
        return Judgement(Verdict.UNCHECKED, "", "the two values of ± differ (not checked with unknowns)")
    return Judgement(Verdict.UNCHECKED, "", "the two values of ± could not be decided")


OTHER_BASE = "numbers may be in another base"  # the engine's reason for a paragraph that speaks of bases


def _digit_numerals(tree: Any) -> bool:
    """Is every numeral of the term a single digit (so that it means the same in any base)?"""
    if tree is None:
        return False
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, Num):
                if len(t.digits) != 1:
                    return False
                continue
            if isinstance(t, Repeating | Based):
                return False
            stack.extend(x for x in t if isinstance(x, tuple))
    return True


def _mentions(tree: Any, approx: dict[str, Any]) -> bool:
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, Num) and t.tail is None and t.digits in approx:
                return True
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def _percent_number(tree: Any) -> Any:
    """``50\\%`` alone (also boxed): the tree of the number 50, for reading the percent sign as a label."""
    match _strip(tree):
        case Mul(Num() as number, Sym("%", None), _):
            return number
    return None


_PERCENT = Sym("%", None)


def _is_percent(term: Any) -> bool:
    term = _strip(term)
    while isinstance(term, Neg):
        term = _strip(term.operand)
    return isinstance(term, Mul) and term.right == _PERCENT


def _unpercent(term: Node) -> Node:
    """``45\\%`` (a percent term, see :func:`_is_percent`) as its number 45."""
    return _strip(term).left


def _percent_of_amount(tree: Any) -> Any:
    """``50 - 20\\%`` as shops and calculators write it, 50 less 20% of 50: each sum of an amount and a
    percent (``a \\pm b\\%``) with the percent taken of the amount; None when the tree has no such sum."""
    if not isinstance(tree, tuple) or not tree:
        return None
    if isinstance(tree, Add) and len(tree.terms) == 2:
        first, second = tree.terms
        if _is_percent(second) and not _is_percent(first) and not mentions(first, _PERCENT):
            neg = isinstance(second, Neg)
            part = Mul(Group(first), second.operand if neg else second, "·")
            return Add((first, Neg(part) if neg else part))
    changed, out = False, []
    for x in tree:
        new = _percent_of_amount(x) if isinstance(x, tuple) else None
        changed |= new is not None
        out.append(new if new is not None else x)
    return rebuilt(tree, out) if changed else None


def _readings(job: StatementJob, i: int) -> list[Reading]:
    """The other readings the notation of step i allows (see :class:`~evaluate.Reading`)."""
    trees = (job.trees[i], job.trees[i + 1])
    degrees = any(mentions(t, ("sym", "°")) for t in trees)
    # `\\cos 60`: a trigonometric argument without a unit may be degrees whatever the text (nobody means
    # 60 radians there); a value that holds in radians (`\\sin 1 \\approx 0.8415`) is proved first anyway
    trig = any(mentions(t, *(("func", f) for f in TRIG)) for t in trees)
    # but a derivative claimed as a function (`\frac{d}{dx}\sin(2x) = 2\cos(2x)`) is calculus, in radians
    trig = trig and (degrees or i not in job.claims)
    out = [Reading(degrees_as_numbers=True)] if degrees else []
    if trig:
        out.append(Reading(trig_in_degrees=True))
        if degrees:
            out.append(Reading(degrees_as_numbers=True, trig_in_degrees=True))
    if job.floor_brackets and any(_square_bracket(t) for t in trees):
        out.append(Reading(square_brackets_floor=True))
    if any(_log_without_base(t) for t in trees):
        # `\\log` with no base is natural in machine learning, 10 in many textbooks, 2 in information theory
        out.extend(Reading(log_base=b) for b in (10, 2))
    return out


def _log_without_base(tree: Any) -> bool:
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, Log) and t.base is None:
                return True
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def _square_bracket(tree: Any) -> bool:
    """Does the tree hold ``[x]``, one term in square brackets?"""
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, tuple) and t:
            if isinstance(t, Group) and t.bracket is not None:
                return True
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


# Conventions a text keeps from one statement to the next, each with its readings (the default first): the unit
# of a trigonometric argument written without one, the base of a `\\log` written without one
_CONVENTIONS = {
    "angles": ((RADIANS, "angles in radians"), (Reading(trig_in_degrees=True), "angles in degrees")),
    "log": ((RADIANS, "the natural \\log"), (Reading(log_base=10), "\\log in base 10"),
            (Reading(log_base=2), "\\log in base 2")),
}


def held_readings(job: StatementJob, i: int, res: Judgement) -> tuple[tuple[str, frozenset[str]], ...]:
    """Under which readings of the one convention step i's notation leaves open (``\\sin 90`` without a unit,
    ``\\log 100`` without a base) the step, decided ``res`` (correct or imprecise), holds, where not under all of
    them: ``(("angles", {"angles in degrees"}),)`` for ``\\sin(90) = 1``. A reading that cannot be decided may
    hold; a step that leaves two conventions open, or whose own reading no plain comparison confirms, says
    nothing (``()``). A text reads its notation one way throughout (:mod:`lnsym.check.roles.readings`)."""
    trees = (job.trees[i], job.trees[i + 1])
    open_ = []
    if i not in job.claims and not any(mentions(t, ("sym", "°")) for t in trees) \
            and any(mentions(t, *(("func", f) for f in TRIG)) for t in trees):
        open_.append("angles")
    if any(_log_without_base(t) for t in trees):
        open_.append("log")
    percent = _lone_percent(trees)
    if percent is not None:
        open_.append("percent")
    if len(open_) != 1:
        return ()
    if percent is not None:  # (the label is no Reading of the evaluator: the percent's number is put in its place)
        held = {label for k, label in enumerate(_PERCENT_READINGS)
                if (res.rule != READING if k == 0 else _label_may_hold(job, i, *percent))}
        return (("percent", frozenset(held)),) if len(held) == 1 else ()
    options = _CONVENTIONS[open_[0]]
    held = {label for k, (reading, label) in enumerate(options)
            if (k == 0 and res.rule != READING) or _may_hold(job, i, reading)}
    return ((open_[0], frozenset(held)),) if 0 < len(held) < len(options) else ()


_PERCENT_READINGS = ("the percent sign as a hundredth", "the percent sign as a label (50% is 50)")


def _lone_percent(trees: tuple[Any, Any]) -> tuple[int, Any] | None:
    """``0.5 = 50\\%``: which side is a percent alone, against a side without one, and the percent's number."""
    for k, tree in enumerate(trees):
        number = _percent_number(tree)
        if number is not None and not mentions(trees[1 - k], _PERCENT):
            return k, number
    return None


def _label_may_hold(job: StatementJob, i: int, k: int, number: Any) -> bool:
    """Is step i not refuted with its lone percent (side ``k``, the percent's ``number``) read as a label
    (``20\\% = 20``)?"""
    trees = (job.trees[i], job.trees[i + 1])
    read = (trees[0], number) if k == 1 else (number, trees[1])
    try:
        L, R = (evaluate_pm(t, job.env, job.approx) for t in read)
        if isinstance(L, PmPair) or isinstance(R, PmPair):
            return True
        return decide_pair(L, R, job.rels[i], read, None, (job.sources[i], job.sources[i + 1]), False,
                           job.computed).verdict is not Verdict.WRONG
    except Exception:
        return True


def _may_hold(job: StatementJob, i: int, reading: Reading) -> bool:
    """Is step i not refuted when read with ``reading``?"""
    trees, sources = (job.trees[i], job.trees[i + 1]), (job.sources[i], job.sources[i + 1])
    try:
        L, R = (evaluate_pm(t, job.env, job.approx, reading) for t in trees)
        if isinstance(L, PmPair) or isinstance(R, PmPair):
            return True
        return decide_pair(L, R, job.rels[i], trees, None, sources, False, job.computed).verdict is not Verdict.WRONG
    except Exception:
        return True


def other_readings(job: StatementJob, i: int, res: Judgement, true_l: Any) -> Judgement:
    """A wrong step under the default reading, judged again under the others its notation allows: correct
    (or imprecise) under one of them is enough; it stays wrong only when every reading refutes it, and an
    undecided reading makes it unchecked. ``50\\%`` alone may be the number 50 (``0.5 \\times 100 = 50\\%``)."""
    trees, rel, sources = (job.trees[i], job.trees[i + 1]), job.rels[i], (job.sources[i], job.sources[i + 1])
    env = job.env
    tries: list[tuple[str, Any, Any]] = []
    for reading in _readings(job, i):
        try:
            tries.append((reading.note, evaluate_pm(trees[0], env, job.approx, reading),
                          evaluate_pm(trees[1], env, job.approx, reading)))
        except Exception:
            return Judgement(Verdict.UNCHECKED, "", f"not evaluated when {reading.note}")
    for k, tree in enumerate(trees):
        number = _percent_number(tree)
        # (`5\% > 10\%`: both sides percents, read one way; the label is for a percent against a plain number)
        if number is not None and not mentions(trees[1 - k], _PERCENT):
            other = evaluate_pm(trees[1 - k], env, job.approx)
            pair = (other, evaluate(number)) if k == 1 else (evaluate(number), other)
            label_trees = (trees[0], number) if k == 1 else (number, trees[1])
            tries.append(("read with the percent sign as a label (50% is 50)", *pair, label_trees))
    for k, tree in enumerate(trees):  # `45\% - 40\% = 5` percentage points: the percents' numbers
        side = _strip(tree)
        if isinstance(side, Add) and all(_is_percent(t) for t in side.terms) \
                and not mentions(trees[1 - k], _PERCENT):
            numbers = Add(tuple(Neg(_unpercent(t.operand)) if isinstance(t, Neg) else _unpercent(t)
                                for t in side.terms))
            other = evaluate_pm(trees[1 - k], env, job.approx)
            pair = (other, evaluate(numbers)) if k == 1 else (evaluate(numbers), other)
            tries.append(("read in percentage points (45% - 40% = 5)", *pair,
                          (trees[0], numbers) if k == 1 else (numbers, trees[1])))
    shop = [_percent_of_amount(t) for t in trees]
    if any(t is not None for t in shop):
        shop = [new if new is not None else old for new, old in zip(shop, trees, strict=True)]
        try:
            tries.append(("with a + b% read as a plus b% of a, as shops write it (50 - 20% = 40)",
                          evaluate_pm(shop[0], env, job.approx), evaluate_pm(shop[1], env, job.approx), shop))
        except Exception:
            return Judgement(Verdict.UNCHECKED, "", "not evaluated with a + b% read as a plus b% of a")
    also = []
    claimed = i in job.claims  # a derivative claimed as a function is refuted under each reading alike
    for note, L, R, *read_trees in tries:
        if isinstance(L, PmPair) or isinstance(R, PmPair):
            return Judgement(Verdict.UNCHECKED, "", f"± {note}")
        got = decide_pair(L, R, rel, read_trees[0] if read_trees else trees, None, sources, False, job.computed,
                          claimed=claimed, domain=_differentiated(job) if claimed else None,
                          variable=_claim_variable(job) if claimed else None)
        if got.verdict in (Verdict.CORRECT, Verdict.IMPRECISE):
            return replace(got, reason=f"{got.reason}; {note}" if got.reason else note, rule=READING)
        if got.verdict is not Verdict.WRONG:
            # (a note in brackets: no longer the bare reason that a later look takes up whole)
            return Judgement(Verdict.UNCHECKED, "", f"{got.reason} ({note})",
                              code=Reason.OTHER if got.code in _WHOLE else got.code)
        also.append(f"{note}: {shown(L)} against {shown(R)}")
    return replace(res, reason="; ".join([res.reason, *also])) if also else res


ROUNDED_INPUTS = "consistent with the rounded decimals it computes with"
READING = "reading"  # Judgement.rule of a step decided under another reading of its notation (Reading)


def _one_of_two_rounded(right: Any, L: Any, R: Any, rel: str, rounded: dict) -> None:
    """``x = \\frac{3 \\pm \\sqrt5}{2} \\approx 2.618`` (or 0.382): the decimal rounds one of the two values, and
    a later step that computes with it (``2.618^5 \\approx 122.99``) is judged against that value too."""
    right = _strip(right)
    if rel not in ("=", "≈") or not isinstance(L, PmPair) or isinstance(R, (PmPair, Vec)) \
            or not isinstance(right, Num) or "." not in right.digits:
        return
    lit = literal_of(right)
    try:
        near = [v for v in (L.plus, L.minus) if not free_of(v) and rounds_to(v, lit) is True]
    except Exception:
        return
    if len(near) == 1:
        rounded[right.digits] = near[0]


def _formulas(tree: Any) -> set[str]:
    """The functions and constants a term applies (``sin``, ``log``, ``e^{...}``, ``\\pi``, a function the text names):
    a side that recomputes another with its decimals rounded applies no function the other does not."""
    out: set[str] = set()
    stack = [tree]
    while stack:
        t = stack.pop()
        if not isinstance(t, tuple):
            continue
        match t:
            case Func(name, _) | UFunc(name, _):
                out.add(str(name))
            case Log():
                out.add("log")
            case Sqrt():
                out.add("sqrt")
            case Const(name):
                out.add(str(name))
            case Pow(base, _) if _strip(base) == Sym("e", None):
                out.add("e^{...}")
        stack.extend(x for x in t if isinstance(x, tuple))
    return out


def rounded_inputs(job: StatementJob, i: int, res: Judgement, L: Any, R: Any) -> Judgement:
    """A wrong step whose right side recomputes the exact left side with decimals that are roundings
    (``\\frac{-6 \\pm \\sqrt{42068}}{2} = \\frac{-6 \\pm 205.1}{2}``): consistent when the left side lies within
    what rounding those decimals can move the right. With ``≈`` that is correct; with ``=`` imprecise (``≈``
    is meant). Only the right side's decimals count as roundings, and only those of a computed value: the
    decimals given in the left side (``1.02^{48}``) are data, and so is a right-side decimal that rounds one of
    them (``1.41 \\times 2 = 1.4 \\times 2`` rounds the datum: wrong; ``\\frac{5000}{1.06^4} =
    \\frac{5000}{1.26248}`` rounds the power). A left-side decimal the paragraph wrote earlier after '≈', as
    the rounding of a value lnsym does not know, is a rounding too (``\\hat x \\approx (1.225, -1.225)``, then
    ``2 \\cdot (-1.225) \\approx -2.449``)."""
    data, written = decimals_in(job.trees[i]), decimals_in(job.trees[i + 1])
    fixed = frozenset(d for d in written
                      if d in data or any(rounds_to(sp.Rational(x), literal_of(Num(d))) for x in data))
    pairs = [(L, R)] if not isinstance(L, PmPair) else [(L.plus, R.plus), (L.minus, R.minus)]
    if isinstance(L, PmPair) != isinstance(R, PmPair) or any(isinstance(x, Vec) for pair in pairs for x in pair):
        return res
    ok, note = False, ""
    if not (data and set(written) <= fixed):
        consistent = [within_rounding(job.trees[i + 1], a, job.env, job.approx, sign, fixed)
                      for sign, (a, _) in zip((1, -1), pairs, strict=False)]
        if any(c is False for c in consistent) and res.code is Reason.NOT_DECIMALS:
            other, refuted = _rounded_in_other_readings(job, i, R, fixed)
            if other is None:
                return res
            if not other:
                added = _formulas(job.trees[i + 1]) - _formulas(job.trees[i])
                if added:  # (`(1.02)^{48} \approx e^{0.96}`: no rounding writes e^{...}; '≈' is another formula's)
                    return Judgement(Verdict.UNCHECKED, "", f"an approximation by another formula (it writes "
                                                            f"{', '.join(sorted(added))}): its error is not a "
                                                            f"rounding's ({shown(L)} against {shown(R)})")
                return Judgement(Verdict.WRONG, shown(L), "; ".join([
                    f"{job.sources[i]} = {shown(L)}, {job.sources[i + 1]} = {shown(R)}: farther apart than rounding "
                    "its decimals explains", *refuted]))
            consistent, note = [True], other
        ok = all(c is True for c in consistent)
    # written earlier after '≈' as roundings of values lnsym does not know (those it knows are in job.approx,
    # and the step is judged with them exactly): roundings, not data
    loose = frozenset(d for d in data if d in job.rounded and d not in job.approx)
    if not ok and loose and not isinstance(L, PmPair):
        lit = literal_of(job.trees[i + 1]) if job.trees[i + 1] is not None else None
        ok = within_rounding(job.trees[i], R, job.env, job.approx, 1, frozenset(data) - loose,
                             slack=lit.unit / 2 if lit is not None else 0) is True
    if not ok:
        return res
    flipped = "" if note else _sign_flipped_term(job, i)  # (terms are valued in the default reading only)
    if flipped:  # the sum agrees within rounding, but a term of it does not: no rounding flips a sign
        return Judgement(Verdict.UNCHECKED, "", f"{ROUNDED_INPUTS} as a whole, but not term by term: {flipped}")
    rule = READING if note else ""
    if job.rels[i] == "≈":
        return Judgement(Verdict.CORRECT, "", f"{ROUNDED_INPUTS}; {note}" if note else ROUNDED_INPUTS, rule=rule)
    return Judgement(Verdict.IMPRECISE, "", f"{ROUNDED_INPUTS}; '≈' is meant" + (f"; {note}" if note else ""),
                      rule=rule)


def _sign_flipped_term(job: StatementJob, i: int) -> str:
    """Both sides of step i sums of as many terms, and a term of the right, in the order written, of the other sign
    than the left's term it stands for (``w_0 - a + b \\approx 2 - 0.1 - 0.002`` with b = 0.002), or a number alone
    that is no rounding of it (``\\frac{1}{500} \\approx 0.02``, ten times the term): the sum's
    agreement within what rounding its decimals explains (``0.1`` may move by 0.05) does not stand for the terms',
    and the step is not ``correct``. The term written, and both values, or "" (no such term, or a term not
    evaluated)."""
    left, right = job.trees[i], job.trees[i + 1]
    while isinstance(left, Group):
        left = left.inner
    while isinstance(right, Group):
        right = right.inner
    if not (isinstance(left, Add) and isinstance(right, Add)) or len(left.terms) != len(right.terms) \
            or len(left.terms) > 8:
        return ""
    for a, b in zip(left.terms, right.terms, strict=True):
        try:
            va, vb = evaluate(a, job.env, job.approx), evaluate(b, job.env, job.approx)
        except Exception:
            return ""
        if not (isinstance(va, sp.Expr) and isinstance(vb, sp.Expr) and va.is_real and vb.is_real):
            return ""
        if va.is_nonzero and vb.is_nonzero and (va > 0) != (vb > 0):
            return f"a term is {shown(va)}, the right side writes {shown(vb)}"
        places = _decimal_places(b)  # `\frac{1}{500} \approx 0.02`: a term's decimal that is no rounding of it
        if places is not None and abs(va - vb) > sp.Rational(1, 2 * 10**places):
            return f"a term is {shown(va)}, the right side writes {shown(vb)}"
    return ""


def _decimal_places(term: Any) -> int | None:
    """The places of a term written as a number alone (``0.02``, ``-0.1``), else None."""
    while isinstance(term, Group | Neg):
        term = term.inner if isinstance(term, Group) else term.operand
    if not isinstance(term, Num) or term.tail is not None or not term.digits.replace(".", "", 1).isdigit():
        return None
    return len(term.digits.split(".", 1)[1]) if "." in term.digits else 0


def _rounded_in_other_readings(job: StatementJob, i: int, R: Any, fixed: frozenset) -> tuple[str | None, list[str]]:
    """The note of another reading of step i's left side (``\\log`` in base 10) under which the right side is
    its value with rounded decimals; "" when every reading refutes it (with the value under each); None when
    one cannot be decided. Only readings that leave the right side's value as it is count (its decimals are
    judged as written)."""
    refuted = []
    for reading in _readings(job, i):
        try:
            if not exact_equal(evaluate_pm(job.trees[i + 1], job.env, job.approx, reading), R):
                continue
            value = evaluate_pm(job.trees[i], job.env, job.approx, reading)
        except Exception:
            return None, []
        if isinstance(value, (PmPair, Vec)):
            return None, []
        verdict = within_rounding(job.trees[i + 1], value, job.env, job.approx, 1, fixed)
        if verdict is None:
            return None, []
        if verdict:
            return reading.note, []
        refuted.append(f"{reading.note}: {shown(value)}")
    return "", refuted


def _running(job: StatementJob, i: int, L: Any) -> bool:
    """``738^\\circ - 360^\\circ = 378^\\circ - 360^\\circ = 18^\\circ``: the right side starts from the value of
    the left side, as a running computation does (it means 378, then 378 - 360)."""
    if _one_bracket(job.sources[i + 1]):
        return False  # `... = ((-3 - 8) - (5 + 5))`: a right side in its own brackets is one value, not a next step
    left, right = _strip(job.trees[i]), _strip(job.trees[i + 1])
    explicit = isinstance(right, Add | Div) or (isinstance(right, Mul) and right.mark in ("×", "·"))
    if not explicit or isinstance(L, (Vec, PmPair)) or not isinstance(left, Add | Div | Mul | Frac):
        return False  # `49 = 7^2 - 1` is a claim about 49, not a computation going on
    first = right.terms[0] if isinstance(right, Add) else right.left  # (of a quotient or a product)
    if _last_operation(left) == _last_operation(right):
        return False  # `\frac{10 \cdot 11 \cdot 21}{6} = 385/6`: the same operation twice is a slip, not a next step
    try:
        return exact_equal(evaluate(first, job.env, job.approx), L) is True
    except Exception:
        return False


def _one_bracket(source: str) -> bool:
    """Is the whole term one pair of round brackets (``((-3 - 8) - (5 + 5))``, ``\\left( a - b \\right)``)?"""
    text = source.strip().replace("\\left(", "(").replace("\\right)", ")")
    if not (text.startswith("(") and text.endswith(")")):
        return False
    depth = 0
    for k, c in enumerate(text):
        depth += (c == "(") - (c == ")")
        if depth == 0 and k < len(text) - 1:
            return False  # `(a) - (b)`: the first bracket closes before the end
    return True


def _last_operation(tree: Node) -> tuple:
    """The outermost operation of a term and its last operand: ``(Add, Neg(360))`` for ``a - 360`` (a quotient
    written with ``/`` or ``\\frac`` alike)."""
    match tree:
        case Add(terms):
            return (Add, terms[-1])
        case Div(_, right) | Frac(_, right):
            return (Div, _strip(right))
        case Mul(_, right, _):
            return (Mul, _strip(right))
    return (type(tree),)


def _same_base(left: Any, right: Any) -> bool:
    """``41_{(5)} = 131_{(5)}``: nobody equates two different numerals of one base; the notation means 41 written
    in base 5."""
    left, right = _strip(left), _strip(right)
    return (isinstance(left, Based) and isinstance(right, Based) and left.base == right.base
            and left.digits != right.digits)


def _strip(tree: Any) -> Any:
    while isinstance(tree, Group):
        tree = tree.inner
    return tree


def _integers(tree: Any, env: dict[str, Any]) -> int | None:
    try:
        v = evaluate(tree, env)
    except Exception:
        return None
    return int(v) if isinstance(v, sp.Basic) and v.is_Integer else None


def decide_quotient(left: Any, right: Any, env: dict[str, Any]) -> Judgement:
    """``a \\div b = q \\text{ remainder } r``: correct when a = bq + r with 0 <= r < |b|."""
    match _strip(left):
        case Div(top, bottom) | Frac(top, bottom):
            pass
        case _:
            return Judgement(Verdict.UNCHECKED, "", "a remainder without a division")
    right = _strip(right)
    a, b, q, r = (_integers(t, env) for t in (top, bottom, right.quotient, right.remainder))
    if None in (a, b, q, r) or b == 0:
        return Judgement(Verdict.UNCHECKED, "", "a quotient with a remainder of numbers that are not integers")
    q_true, r_true = divmod(a, abs(b))
    q_true *= 1 if b > 0 else -1
    if (q, r) == (q_true, r_true):
        return Judgement(Verdict.CORRECT)
    return Judgement(Verdict.WRONG, f"{q_true} remainder {r_true}", f"{a} = {b} \\cdot {q_true} + {r_true}",
                      left=f"{a} = {b} \\cdot {q_true} + {r_true}", right=f"{b} \\cdot {q} + {r} = {b * q + r}")


def integer_quotient(tree: Any, L: Any, R: Any) -> bool:
    """``175 \\div 119 = 1``: a division of integers equated to the integer part of its value, which an
    integer quotient (with a remainder not written) may mean."""
    tree = _strip(tree)
    return (isinstance(tree, Div) and isinstance(L, sp.Basic) and L.is_Rational
            and not L.is_Integer and isinstance(R, sp.Basic) and R.is_Integer and sp.floor(L) == R)


def shown(value: Any) -> str:
    """A side's exact value for the evidence of a finding (empty when it has none)."""
    if value is None or isinstance(value, PmPair):
        return ""
    try:
        return format_value(value)
    except Exception:  # a value SymPy cannot print is no evidence
        return ""


def _lost_solutions(job: StatementJob, L: Any, R: Any) -> Judgement | None:
    """``wrong`` for an equation derived from the one before it ("Simplifying, we get") that none of that
    equation's solutions solves (:func:`~consequences.does_not_follow`)."""
    if not isinstance(L, sp.Expr) or not isinstance(R, sp.Expr):
        return None
    lost = does_not_follow(job.derived_from, L - R)
    if lost is None:
        return None
    (x, r), = lost.items()
    if x.name not in tree_names(job.trees[0]) | tree_names(job.trees[1]):
        return None  # a statement without the unknown is a computation, not the equation derived
    lv, rv = shown(sp.nsimplify(L.subs(x, r))), shown(sp.nsimplify(R.subs(x, r)))
    return Judgement(Verdict.WRONG, "", f"{NOT_FOLLOWING}: {x} = {shown(r)} solves that equation, but here the "
                                         f"left side is {lv} and the right side {rv}", left=lv, right=rv,
                      code=Reason.NOT_FOLLOWING)


NO_COMMON_SOLUTION = "not an identity, and no solution of the rest of the chain"
_LETTER = re.compile(r"(?:[A-Za-z]|\\[A-Za-z]+)(?:_\{.*\})?")  # x, \omega, x_{1}: a name that is an unknown


def _no_common_solution(job: StatementJob, i: int, L: Any, R: Any, value) -> Judgement | None:
    """``-2b + b = -3b = 9``: a link with the unknown on both sides that is no identity (``-2b + b`` is ``-b``),
    in a chain of '=' whose terms all have the unknown but the last, a number. Read as a rewriting it is false;
    read as an equation it must hold with the rest of the chain, and every solution of the chain's last equation
    (``-3b = 9``: b = -3) fails it. Either way the chain cannot hold: ``wrong``, with that solution as the
    evidence."""
    if job.prose or any(r != "=" for r in job.rels) or not (isinstance(L, sp.Expr) and isinstance(R, sp.Expr)):
        return None  # (a chain read from prose may join lines the text kept apart: `... = 1600 x^2 + ...`)
    syms = L.free_symbols
    if len(syms) != 1 or R.free_symbols != syms or not _rational(L - R):
        return None
    (x,) = syms
    if not _LETTER.fullmatch(x.name):
        return None  # `\text{Units digit of } 3^{20}`: a phrase, not an unknown
    # every term but the last has the unknown: `3x + 2 = x + 10 = 2x = 8 = x = 4`, a number in between, is a row
    # of equations written with '=' for "gives", whose links across two equations are no claims
    k = len(job.trees) - 2
    if any(not (isinstance(value(j), sp.Expr) and x in value(j).free_symbols) for j in range(k + 1)):
        return None
    last = value(k + 1)
    if not isinstance(last, sp.Expr) or last.free_symbols or is_undefined(last):
        return None
    lost = does_not_follow(value(k) - last, L - R)
    if lost is None:
        return None
    r = lost[x]
    lv, rv = shown(sp.nsimplify(L.subs(x, r))), shown(sp.nsimplify(R.subs(x, r)))
    rest = f"{job.sources[k]} = {job.sources[k + 1]}"
    return Judgement(Verdict.WRONG, sp.sstr(sp.simplify(L)),
                      f"{NO_COMMON_SOLUTION}: {job.sources[i]} - ({job.sources[i + 1]}) is "
                      f"{sp.sstr(sp.simplify(L - R))}, not 0; and {x} = {shown(r)}, the solution of {rest}, gives "
                      f"{lv} on the left and {rv} on the right", left=lv, right=rv, code=Reason.NO_COMMON_SOLUTION)


# Constants whose roundings stand for them in worked solutions (`0.6931` for ln 2, `3.1416` for π)
_CONSTANTS = ((sp.pi, "π"), (sp.E, "e"), (sp.sqrt(2), "√2"), (sp.sqrt(3), "√3"), (sp.sqrt(5), "√5"),
              (sp.log(2), "ln 2"), (sp.log(3), "ln 3"), (sp.log(10), "ln 10"), (sp.GoldenRatio, "φ"),
              (sp.sqrt(2) / 2, "√2/2"), (sp.sqrt(3) / 2, "√3/2"), (sp.pi / 2, "π/2"), (2 * sp.pi, "2π"),
              (sp.log(2) / sp.log(10), "log10 2"))


def _constants_in(tree: Any) -> dict[str, tuple[Any, str]]:
    """The decimals of ``tree`` with three or more significant digits that round a well-known constant."""
    out: dict[str, tuple[Any, str]] = {}
    for text in decimals_in(tree):
        if len(text.replace(".", "").lstrip("0")) < 3:
            continue  # `3.1` or `0.7` is too short to stand for anything
        lit = literal_of(Num(text))
        for value, name in _CONSTANTS:
            if rounds_to(value, lit) is True:
                out[text] = (value, name)
                break
    return out


def _with_constants(job: StatementJob, i: int, L: Any, R: Any, rel: str) -> Judgement | None:
    """``10.825/0.6931 \\approx 15.617``: a wrong step whose left side has decimals that round well-known constants
    (0.6931 for ln 2), judged again with the constants: the result may be the true value the writer knew."""
    consts = _constants_in(job.trees[i])
    if not consts:
        return None
    try:
        alt = evaluate(job.trees[i], job.env, {**job.approx, **{k: v for k, (v, _) in consts.items()}})
        res = decide_pair(alt, R, rel, (job.trees[i], job.trees[i + 1]), None, (job.sources[i], job.sources[i + 1]),
                          False, job.computed)
    except Exception:
        return None
    if res.verdict not in (Verdict.CORRECT, Verdict.IMPRECISE) or res.code is Reason.TRUNCATED:
        return None  # a constant's reading and a cut digit on top (71.4 x 2.72 = 194.08 as 71.4 e cut) explain a slip
    names = ", ".join(f"{k} for {name}" for k, (_, name) in consts.items())
    if rel == "=" and res.verdict is Verdict.CORRECT:
        # `1.41^2 = 2`: '=' claims the value exactly, and the decimal as written does not give it
        return Judgement(Verdict.IMPRECISE, "", f"it holds with {names}; as written, {job.sources[i]} = "
                          f"{format_value(L)}; '≈' is meant", code=Reason.ROUNDING_EQUALS,
                          left=format_value(L), right=shown(R))
    return replace(res, reason=f"with {names}" + (f"; {res.reason}" if res.reason else ""))


CUT_INSIDE = "a decimal cut after its digits (its ellipsis) is computed with: its exact value is not known"


def _cut_decimals(job: StatementJob, i: int, L: Any, R: Any) -> Judgement:
    """Link ``i``, found wrong with a decimal cut after its digits inside a computation, computed as written
    (``0.2 + \\frac{0.008}{3} = 0.2 + 0.002666\\ldots``). Its digits go on. The step is correct when the decimals
    read as repeating their last digits make it hold exactly, or when one such decimal is all there is and the
    other side lies in the range its digits allow (``\\pi + 1 = 3.14159\\ldots + 1``). It stays wrong when no digits
    that could follow that one decimal make the step hold, its last digit read as cut or as rounded
    (``0.5 + \\frac13 = 0.5 + 0.444\\ldots``: that side is between 0.9435 and 0.945 whatever they are, the other
    0.8333...; ``2^{2.8854\\ldots} = e^2`` holds with 2.88539..., rounded). Otherwise it is unchecked."""
    env = job.env
    if i == 0 and job.defined:
        env = {k: v for k, v in env.items() if k != job.defined}

    def number(x: Any) -> bool:
        return isinstance(x, sp.Expr) and not free_of(x) and x.is_real is True

    try:
        trees = [with_repeating(job.trees[i]), with_repeating(job.trees[i + 1])]
        if None not in trees:
            left, right = evaluate(trees[0], env), evaluate(trees[1], env)
            if number(left) and number(right) and exact_equal(left, right) is True:
                return Judgement(Verdict.CORRECT, "", "the decimal repeats its last digits, as its ellipsis says")
        cuts = (count_cut(job.trees[i]), count_cut(job.trees[i + 1]))
        if sorted(cuts) == [0, 1]:
            k = i if cuts[0] else i + 1
            low, other = (L, R) if k == i else (R, L)
            high = evaluate(with_repeating(job.trees[k], last=True), env)
            order = _compare(low, high, "<") if number(low) and number(high) and number(other) else None
            if order is not None:  # the two ends in a known order (a negative decimal's is reversed)
                lo, hi = (low, high) if order else (high, low)
                if _compare(other, lo, "≥") is True and _compare(other, hi, "<") is True:
                    return Judgement(Verdict.CORRECT, "", "cut after the digits shown, as its ellipsis says")
                rounded = _rounded_down(job.trees[k], env)  # its last digit may be a rounding (2.8854... for 2.88539)
                if rounded is None or not number(rounded):
                    return Judgement(Verdict.UNCHECKED, "", CUT_INSIDE)
                lo, hi = min(lo, rounded, key=lambda v: sp.N(v, 30)), max(hi, rounded, key=lambda v: sp.N(v, 30))
                if _compare(other, lo, "<") is True or _compare(other, hi, ">") is True:
                    span = f"from {format_value(lo)} to {format_value(hi)}"
                    o = i + 1 if k == i else i
                    shown = {k: span, o: format_value(other)}
                    return Judgement(Verdict.WRONG, format_value(other),
                                      f"whatever digits follow its cut decimal (its last digit rounded or not), "
                                      f"{job.sources[k]} is {span}, and {job.sources[o]} is {format_value(other)}",
                                      left=shown[i], right=shown[i + 1])
    except Exception:  # SymPy could not tell: the digits are still not known
        pass
    return Judgement(Verdict.UNCHECKED, "", CUT_INSIDE)


def _rounded_down(tree: tuple, env: dict[str, Any]) -> Any:
    """The term with its one cut decimal half a unit of its last digit lower: the other end of what its digits
    may stand for when the last one was rounded before the ellipsis was written (``2.8854\\ldots`` for 2.88539...)."""
    stack, cut = [tree], None
    while stack:
        t = stack.pop()
        if isinstance(t, Num) and t.tail is not None:
            cut = t.digits
        elif isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    if cut is None or "." not in cut:
        return None
    half = sp.Rational(1, 2 * 10 ** len(cut.split(".", 1)[1]))
    return evaluate(tree, env, {cut: sp.Rational(cut) - half})


def _chain_of_bounds(job: StatementJob) -> bool:
    """Is the statement a chain of bounds (``A \\le B = C \\le D``, two links or more, one direction), none of its
    terms a bare number or name? A condition to solve is written alone or between numbers (``2 < x < 3``)."""
    rels = set(job.rels)
    return len(job.rels) >= 2 and (rels <= {"=", "≤", "<"} or rels <= {"=", "≥", ">"}) and rels - {"="} != set() \
        and all(t is not None and tree_names(t) and name_of(t) is None for t in job.trees)


def _by_lemma(job: StatementJob, L: Any, R: Any, rel: str) -> Judgement | None:
    """A symbolic link decided by a named lemma (:mod:`~lnsym.check.judges.proofs.lemmas`): an instance of it is
    ``correct``; its reverse, refuted at a scalar point, ``wrong``; ``\\Vert I\\Vert = 1`` in a rewriting."""
    counts = frozenset(symbolic_bounds(job.trees))  # `n` in `\prod_{i=1}^n`: a natural number
    try:
        found = identity_norm(L, R) if rel == "=" else lemma_of(L, R, rel, job.bounds, counts) or \
            refuted_reverse(L, R, rel, job.bounds)
        refuted = None if found is not None or not _chain_of_bounds(job) else \
            refuted_on_domain(L, R, rel, job.bounds, counts)
    except Exception as exc:  # SymPy could not tell: undecided; lnsym's own fault is an error
        return failure(exc, "lemma") if isinstance(exc, FAULTS) else None
    if refuted is not None:
        return Judgement(Verdict.WRONG, "", f"false where {refuted.lemma}: at {refuted.point}", rule="lemma")
    if found is None:
        return None
    if found.holds:
        return Judgement(Verdict.CORRECT, "", f"by {found.lemma}", rule="lemma")
    return Judgement(Verdict.WRONG, "", f"the reverse of {found.lemma} holds; false at {found.point}", rule="lemma")


def check_statement(job: StatementJob, emit) -> None:
    """Decide every step of ``job`` from ``job.start``, calling ``emit(index, Judgement)``; last
    ``emit(-1, values)``, the values of the terms (and at ``-2`` the decimals written as roundings)."""
    chain = _Chain(job, emit)
    for i in range(job.start, len(job.trees) - 1):
        chain.emit(i, _entries_prove_only(chain.job, i, _decide_step(chain, i)))
    chain.finish()


class _Chain:
    """What deciding one statement's steps in turn learns: each term's value (evaluated once, when a step first
    needs it) or why it has none, the exact values that later terms go on from, and the decimals written as
    roundings."""

    def __init__(self, job: StatementJob, emit) -> None:
        self.job = job
        self.values: dict[int, Any] = {}
        self.failures: dict[int, str] = {}  # why a term has no value
        self.by_zero: set[int] = set()  # the terms that have none for a division by zero
        self.unknown: set[int] = set()  # the terms that have none for names without a value
        self.faults: dict[int, Judgement] = {}  # a term whose evaluation was lnsym's own fault
        self.true: dict[int, Any] = {}  # a term's exact value where it differs from the value written
        # the terms whose exact value has an earlier statement's roundings undone -> which (`0.33 for 1/3`)
        self.alternatives: dict[int, str] = {}
        self.rounded: dict[str, Any] = {}  # a decimal written as a rounding -> the exact value it rounds
        self.refute = True  # False for the step being decided: it may be proved, never refuted
        self._emit = emit
        # `\frac{90}{123} < k < \frac{180}{123} \approx 0.732 < k < 1.463`: a name twice in a chain of inequalities
        # is the inequality restated, and its '≈' links belong to the bounds, not to their neighbours
        names = [name_of(t) for t in job.trees if t is not None]
        self.restated_bounds = any(r in ("<", ">", "≤", "≥") for r in job.rels) and any(
            n is not None and names.count(n) > 1 for n in names)

    def value(self, i: int) -> Any:
        values, failures, job = self.values, self.failures, self.job
        if i in values or i in failures:
            return values.get(i)
        if i in job.skip_terms:
            failures[i] = "the evaluation of a side timed out"
            return None
        tree = job.trees[i]
        if tree is None:
            failures[i] = f"not parsed: {job.errors[i]}"
            if isinstance(job.errors[i], ParseFault):
                self.faults[i] = Judgement(Verdict.ERROR, "", job.errors[i])
            return None
        env = job.env
        if i == 0 and job.defined:
            env = {k: v for k, v in env.items() if k != job.defined}
        try:
            values[i] = evaluate_pm(tree, env)
        except NotEvaluated as exc:
            failures[i] = ("too large to evaluate: " if type(exc).__name__ == "TooLarge" else "") + str(exc)
            if isinstance(exc, DivisionByZero):
                self.by_zero.add(i)
            if isinstance(exc, UnknownNames):
                self.unknown.add(i)
        except Exception as exc:
            res = failure(exc, "evaluation")
            failures[i] = res.reason
            if res.verdict is Verdict.ERROR:
                self.faults[i] = res
        return values.get(i)

    def missing(self, i: int) -> Judgement:
        """The result of a step one of whose sides has no value: a fault of lnsym, or why not."""
        k = i if self.failures.get(i) else i + 1
        code = Reason.FREE_SYMBOLS if k in self.unknown else Reason.OTHER
        return self.faults.get(i) or self.faults.get(i + 1) or \
            Judgement(Verdict.UNCHECKED, "", self.failures.get(k, ""), code=code)

    def exact_alternative(self, i: int) -> Any:
        """The term's value with earlier roundings replaced by the exact values they round."""
        job = self.job
        tree = job.trees[i]
        if tree is None or not job.approx or not _mentions(tree, job.approx):
            return None
        try:
            return evaluate(tree, job.env, job.approx)
        except Exception:
            return None

    def emit(self, i: int, res: Judgement) -> None:
        """Step ``i``'s result, with the exact values of its sides as the evidence of a wrong or imprecise one."""
        if not self.refute and res.verdict is Verdict.WRONG:
            # a carry in base b (5+4=1) must not be refuted
            res = Judgement(Verdict.UNCHECKED, "", OTHER_BASE, code=Reason.OTHER_BASE)
        if res.verdict in (Verdict.WRONG, Verdict.IMPRECISE) and not res.left:
            res = replace(res, left=shown(self.true.get(i, self.values.get(i))), right=shown(self.values.get(i + 1)))
        self._emit(i, res)

    def finish(self) -> None:
        """The values bound, last (``emit(-1, ...)``)."""
        values = self.values
        for k in [k for k, v in values.items() if isinstance(v, PmPair)]:
            del values[k]  # two values: nothing to bind
        values[-2] = self.rounded
        self._emit(-1, values)


def _entries_prove_only(job: StatementJob, i: int, res: Judgement) -> Judgement:
    """A step that reads an entry of an expression at a whole number (``(Wx)_2``, counted from 1) proves, and
    refutes nothing: the text may count from 0, as for the entries of a name (``p_2``)."""
    if res.verdict in (Verdict.WRONG, Verdict.IMPRECISE) and any(
            t is not None and _numbered_entry(t) for t in (job.trees[i], job.trees[i + 1])):
        return Judgement(Verdict.UNCHECKED, "", "an entry counted from 1 refutes nothing (the text may count from "
                                                 f"0): {res.reason}")
    return res


def _numbered_entry(tree: Any) -> bool:
    stack = [tree]
    while stack:
        t = stack.pop()
        if isinstance(t, Entry) and any(c.isdigit() for c in t.sub[0]):
            return True
        if isinstance(t, tuple):
            stack.extend(x for x in t if isinstance(x, tuple))
    return False


def _decide_step(chain: _Chain, i: int) -> Judgement:
    """The result of step ``i``, the link between terms ``i`` and ``i + 1``: the first reading that applies."""
    job = chain.job
    chain.refute = True
    if not job.sources[i].strip() or not job.sources[i + 1].strip():
        return Judgement(SKIP)
    modulus = job.modulus
    if job.poison_code is Reason.OTHER_BASE and _digit_numerals(job.trees[i]) and _digit_numerals(job.trees[i + 1]):
        chain.refute = False  # one-digit numerals mean the same in any base: proved, never refuted
    elif job.poison and modulus is None:
        return Judgement(Verdict.UNCHECKED, "", job.poison, code=job.poison_code)
    if modulus is not None:
        return _congruence_step(chain, i, modulus)
    if i == 0 and job.derived_from is not None and job.rels == ["="]:
        lost = _lost_solutions(job, chain.value(0), chain.value(1))
        if lost is not None:
            return lost
    if i == 0 and job.defined:
        return _definition_step(chain)
    right = _strip(job.trees[i + 1])
    if job.remainder and i == len(job.trees) - 2 and right is not None:
        right = Quotient(right, Num(job.remainder))
    if isinstance(right, Quotient) and job.rels[i] == "=":
        return decide_quotient(job.trees[i], right, job.env)
    L, R = chain.value(i), chain.value(i + 1)
    if L is None or R is None:
        return _without_value(chain, i, L, R)
    rel = job.rels[i]
    if job.approximate and rel == "=":
        rel = "≈"  # "approximately $\\frac{1}{6} = 0.1666$": the text says the value is a rounding
    if isinstance(L, PmPair) or isinstance(R, PmPair):
        return _pm_step(chain, i, L, R, rel)
    return _pair_step(chain, i, L, R, rel)


def _congruence_step(chain: _Chain, i: int, modulus: int) -> Judgement:
    job = chain.job
    if i == 0 and job.defined:
        return Judgement(Verdict.UNCHECKED, "", f"defines {job.defined}", code=Reason.DEFINES)
    L, R = chain.value(i), chain.value(i + 1)
    if L is None or R is None:
        return chain.missing(i)
    try:
        res = Judgement(*decide_modular(L, R, job.rels[i], modulus, free_of))
    except Exception as exc:
        return failure(exc, "congruence")
    if res.verdict is Verdict.UNCHECKED and isinstance(L, sp.Expr) and isinstance(R, sp.Expr) \
            and job.previous is not None and job.rels[i] in ("=", "≡") and free_of(L) | free_of(R):
        # `a^2 + b^2 = 4(m^2 + m + n^2 + n) + 2 \equiv 2` after `a = 2m + 1`, `b = 2n + 1`: an equation that follows
        # from the paragraph's facts holds modulo anything; one its definitions make false by a number that is not
        # 0 modulo the modulus is false under both readings of '='
        if follows_from_facts(job.previous, L, R):
            return Judgement(Verdict.CORRECT, "", FOLLOWS, code=Reason.FOLLOWS)
        return against_definitions(job, i, L, R, modulus) or res
    return res


def _definition_step(chain: _Chain) -> Judgement:
    """The first step of ``NAME = ...`` defines NAME: not checked, unless the paragraph's earlier equations give it."""
    job = chain.job
    L, R = chain.value(0), chain.value(1)
    if job.previous is not None and L is not None and R is not None and follows_from_facts(job.previous, L, R):
        return Judgement(Verdict.CORRECT, "", FOLLOWS, code=Reason.FOLLOWS)
    given = None if job.introduced or job.previous is None else _formula_value(job.previous, L, job.env)
    if given is not None and isinstance(R, sp.Expr) and R.is_number and exact_equal(given[1], R) is False:
        formula, value, used = given
        return Judgement(Verdict.WRONG, shown(value), f"{job.sources[0]} = {sp.sstr(formula)}, the paragraph's "
                                                       f"formula, with {used} gives {shown(value)}", shown(value),
                          shown(R), code=Reason.FORMULA_VALUE)
    return Judgement(Verdict.UNCHECKED, "", f"defines {job.defined}", code=Reason.DEFINES)


def _formula_value(previous: Any, name: Any, env: dict) -> tuple[Any, Any, str] | None:
    """The value of ``name`` (a symbol no value is bound to) that the paragraph's formula for it gives with the
    values bound to its other names (``F = m a``, then ``m = 2`` and ``a = 3``: the formula ``m a``, 6 and the
    values used, ``"a = 3, m = 2"``). None unless exactly one of the paragraph's equations mentions ``name``, it is
    ``name`` written alone on its left and equal to an expression of other names (``name`` to the first degree with
    the coefficient 1: ``t = \\frac{3 + n}{4}`` is a formula for t, not for n), and each of those names has a number
    bound."""
    if not isinstance(name, sp.Symbol):
        return None
    facts = previous if isinstance(previous, tuple) else (previous,)
    mentions = [f for f in facts if not isinstance(f, Inequality) and isinstance(f, sp.Expr) and name in f.free_symbols]
    if len(mentions) != 1:
        return None
    fact = sp.expand(mentions[0])
    try:
        coefficient = fact.coeff(name, 1)
        rest = fact - coefficient * name
    except (TypeError, ValueError, sp.PolynomialError):
        return None
    others = rest.free_symbols
    if not others or name in others or coefficient != 1:
        return None
    values = {s: env.get(str(s)) for s in others}
    if any(not isinstance(v, sp.Expr) or not v.is_number for v in values.values()):
        return None
    formula = name - mentions[0]
    value = sp.simplify(formula.xreplace(values))
    used = ", ".join(f"{s} = {shown(v)}" for s, v in sorted(values.items(), key=lambda kv: str(kv[0])))
    return (formula, value, used) if value.is_number and value.is_finite else None


def _without_value(chain: _Chain, i: int, L: Any, R: Any) -> Judgement:
    """A step with a side that has no value: wrong when that side divides by zero and the other is a number."""
    job = chain.job
    zero = [k for k in (i, i + 1) if k in chain.by_zero]
    other = R if L is None else L
    if len(zero) == 1 and other is not None and not isinstance(other, Vec) and other.is_number \
            and not is_undefined(other) and job.rels[i] in ("=", "≈"):
        src = job.sources[zero[0]]
        return Judgement(Verdict.WRONG, "undefined", f"{src} divides by zero: it has no value")
    return chain.missing(i)


def _pm_step(chain: _Chain, i: int, L: Any, R: Any, rel: str) -> Judgement:
    """A step with ``\\pm`` on a side: decided for both signs."""
    job = chain.job
    if rel == "=" and job.previous is not None and follows_from_facts(job.previous, L, R):
        return Judgement(Verdict.CORRECT, "", FOLLOWS, code=Reason.FOLLOWS)
    try:
        res = decide_pm(L, R, rel, (job.trees[i], job.trees[i + 1]), (job.sources[i], job.sources[i + 1]),
                        job.computed)
    except Exception as exc:
        res = failure(exc, "step")
    if res.verdict is Verdict.WRONG and max(count_pm(job.trees[i]), count_pm(job.trees[i + 1])) > 1:
        # `\frac{\pm 2}{\pm 1} = \pm 2`: several signs on one side may each be free (a set of values)
        res = Judgement(Verdict.UNCHECKED, "", "several ± on one side: their signs may be independent")
    if res.verdict is Verdict.WRONG and rel in ("=", "≈"):
        res = rounded_inputs(job, i, res, L, R)
    _one_of_two_rounded(job.trees[i + 1], L, R, rel, chain.rounded)
    return res


def _differentiated(job: StatementJob) -> sp.Expr | None:
    """What the derivative a claim's chain starts with differentiates, as a function of its variable: the body of
    ``\\frac{d}{dx} T``, the ``f(x)`` of ``f'(x)``; None where it has no plain value. A refutation of the claim
    is shown only at a point where it is a real number (``\\operatorname{logit}(p)`` is not, at p = 7/5)."""
    first = _strip(job.trees[0] if job.trees else None)
    several = partial_variables(first, job.env) if isinstance(first, Deriv) else None
    match first:
        case Deriv(_, var, body) if several is not None and isinstance(_strip(body), Sym):
            # `\frac{\partial g}{\partial x}` of `g(x, y) = ...`: g(x, y)
            tree = UFunc(_strip(body).name, tuple(Sym(p, None) for p in several))
        case Deriv(_, var, body):
            tree = written_as(body, var, job.env) or body  # `\frac{dy}{dx}` after `y = x^3`: x^3
        case Prime(name, _, args):
            tree = UFunc(name, args)
        case _:
            return None
    try:
        value = _through_dependences(job, evaluate(tree, job.env))
    except Exception:
        return None
    return value if isinstance(value, sp.Expr) and not value.atoms(AppliedUndef) else None


def _claim_variable(job: StatementJob) -> sp.Symbol | tuple[sp.Symbol, ...] | None:
    """The variable of the derivative a claim's chain starts with: the x of ``\\frac{d}{dx}``, of ``f'(x)``; the
    variables of a partial derivative (:func:`~lnsym.check.judges.numbers.evaluate.partial_variables`)."""
    first = _strip(job.trees[0] if job.trees else None)
    several = partial_variables(first, job.env) if isinstance(first, Deriv) else None
    if several is not None:
        return tuple(sp.Symbol(n) for n in several)
    match first:
        case Deriv(_, var, _) if isinstance(var, str):
            return sp.Symbol(var)
        case Prime(_, _, (arg,)) if isinstance(_strip(arg), Sym) and _strip(arg).sub is None:
            return sp.Symbol(_strip(arg).name)
    return None


def _dependences(job: StatementJob, *values: Any) -> dict[sp.Symbol, sp.Expr]:
    """For a derivative claimed as a function of x: each name of ``values`` the text writes as an expression of x
    (``h = \\frac{500}{\\pi r^2}``), with that expression. Such a name is no constant of the claim (``A'(r) = 4\\pi r
    - 2\\pi h`` holds), and must not be tried at 0 and 1 as one."""
    variable = _claim_variable(job)
    if not isinstance(variable, sp.Symbol):
        return {}
    names = {s for v in values if isinstance(v, sp.Expr) for s in v.free_symbols
             if isinstance(s, sp.Symbol) and s != variable}
    reps = {}
    for s in sorted(names, key=str):
        through = written_as(Sym(s.name, None), variable.name, job.env, (dependence_key,))
        if through is None:
            continue
        try:
            expr = evaluate(through, {k: v for k, v in job.env.items() if k != variable.name})
        except Exception:
            continue
        if isinstance(expr, sp.Expr) and expr.free_symbols <= {variable}:
            reps[s] = expr
    return reps


def _through_dependences(job: StatementJob, value: Any) -> Any:
    """``value`` with the names :func:`_dependences` finds standing for their expressions."""
    reps = _dependences(job, value)
    return value.xreplace(reps) if reps else value


def _pair_step(chain: _Chain, i: int, L: Any, R: Any, rel: str) -> Judgement:
    """A step between two values: decided by :func:`decide_pair`, then given each second look of
    :data:`_SECOND_LOOKS` in turn."""
    job, true = chain.job, chain.true
    reps = _dependences(job, L, R) if i in job.claims else {}
    if reps:  # (a name written as an expression of the claim's variable: the evidence names the expression)
        L, R = (v.xreplace(reps) if isinstance(v, sp.Expr) else v for v in (L, R))
    through = "; ".join(f"with {s} = {sp.sstr(e)}" for s, e in reps.items())
    if i not in true and rel in ("=", "≈"):
        alt = chain.exact_alternative(i)
        if alt is not None and isinstance(alt, Vec) == isinstance(L, Vec) and not free_of(alt):
            true[i] = alt
            # (a decimal written after '=' with its ellipsis, `\frac13 = 0.333\ldots`, is the exact value)
            undone = [text for text in decimals_in(job.trees[i]) if text in job.approx]
            if any(text in job.rounded for text in undone):
                chain.alternatives[i] = ", ".join(f"{text} for {format_value(job.approx[text])}" for text in undone)
    try:
        res = decide_pair(L, R, rel, (job.trees[i], job.trees[i + 1]), true.get(i),
                          (job.sources[i], job.sources[i + 1]),
                          symbolic_wrong=(i > 0 and job.name_chain) or job.assigned,
                          computed=job.computed | (job.constants - job.env.keys()), claimed=i in job.claims,
                          domain=_differentiated(job) if i in job.claims else None,
                          variable=_claim_variable(job) if i in job.claims else None)
    except Exception as exc:
        res = failure(exc, "step")
    res = _exact_only(chain, i, L, R, rel, res)
    res = _rounded_only(chain, i, L, R, rel, res)
    for look in _SECOND_LOOKS:
        res = look(chain, i, L, R, rel, res)
    res = _gradient_unread(L, R, res)
    if through and res.verdict is Verdict.WRONG:  # the substitution is part of the evidence
        res = replace(res, reason=f"{res.reason} ({through})")
    if res.verdict in (Verdict.CORRECT, Verdict.IMPRECISE):
        held = held_readings(job, i, res)
        res = replace(res, held=held) if held else res
    _go_on_from(chain, i, L, R, rel, res)
    return res


def _exact_only(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    """``\\frac17 \\approx 0.14``, then ``0.14 \\cdot 7 = 1``: an '=' that holds only with the exact values of
    an earlier statement's roundings in place of its decimals is imprecise, with the value as written; the decimals
    are the numbers the text computes with, and ``0.14 \\cdot 7 = 0.98`` beside it is correct."""
    if rel != "=" or res.verdict is not Verdict.CORRECT or i not in chain.alternatives \
            or not (isinstance(L, sp.Expr) and isinstance(R, sp.Expr)) or exact_equal(L, R) is not False:
        return res
    return Judgement(Verdict.IMPRECISE, "", f"it holds only with {chain.alternatives[i]} (earlier roundings "
                      f"undone); as written, {chain.job.sources[i]} = {format_value(L)}; '≈' is meant",
                      code=Reason.ROUNDING_EQUALS, left=format_value(L), right=shown(R))


def _rounded_only(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    """The relations :func:`_exact_only` leaves, right only with roundings undone (an earlier statement's, or the
    link's before it in the chain) and refuted with the values as written. ``\\frac13 \\approx 0.33``, then ``3 \\cdot
    (0.33, 0.33) = (1, 1)``: imprecise, with the value as written, as a number is; ``\\pi \\approx 3.14 \\ge \\pi``: not
    proved (3.14 < π as written; the text may mean the value before the rounding), unchecked. An '≈' may be meant of
    the exact value (``\\sqrt2 \\approx 1.41``, so ``2 \\times 1.41 \\approx 2.83``, 2√2 rounded): left as it is."""
    job = chain.job
    if res.verdict is not Verdict.CORRECT or i not in chain.alternatives or rel == "≈" \
            or (rel == "=" and isinstance(L, sp.Expr) and isinstance(R, sp.Expr)):  # (_exact_only's)
        return res
    try:
        written = decide_pair(L, R, rel, (job.trees[i], job.trees[i + 1]), None, (job.sources[i], job.sources[i + 1]),
                              symbolic_wrong=False, computed=job.computed | (job.constants - job.env.keys()))
    except Exception as exc:
        return failure(exc, "step")
    if written.verdict is not Verdict.WRONG:  # (as written it holds, or is not decided)
        return res
    undone = f"it holds only with {chain.alternatives[i]} (earlier roundings undone)"
    if rel != "=":
        return Judgement(Verdict.UNCHECKED, "", f"{undone}; not as written ({written.reason})")
    return Judgement(Verdict.IMPRECISE, written.expected, f"{undone}; as written, {written.reason}; '≈' is meant",
                     code=Reason.ROUNDING_EQUALS, left=written.left, right=written.right)


def _gradient_unread(L: Any, R: Any, res: Judgement) -> Judgement:
    """A refutation whose sides differ by an amount that depends on the gradient of a function the text defines
    (:class:`~lnsym.check.judges.numbers.evaluate.GradientOf`): refuted at a value that gradient may not take, so
    not refuted. (One that holds whatever the gradient is stands: ``W - \\eta(\\nabla_W L + \\lambda W)`` against
    ``(1 - \\lambda) W - \\eta \\nabla_W L`` differ by ``\\lambda W (1 - \\eta)``.)"""
    if res.verdict is not Verdict.WRONG or not (isinstance(L, sp.Basic) and isinstance(R, sp.Basic)) \
            or not any(isinstance(s, GradientOf) for s in L.free_symbols | R.free_symbols):
        return res
    try:
        depends = any(isinstance(s, GradientOf) for s in sp.expand(L - R).free_symbols)
    except (TypeError, ValueError):
        depends = any(isinstance(s, GradientOf) for s in L.free_symbols | R.free_symbols)
    if not depends:
        return res
    return Judgement(Verdict.UNCHECKED, "", f"the gradient of a function the text defines, which this reading does "
                                             f"not differentiate, decides it ({res.reason})")


# The second looks at a decided step, in order; each returns the result unchanged where it does not apply.

def _rounded_twice(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    """``\\sqrt6 \\approx 2.449 \\approx 2.45 \\approx 2.5``: a decimal that rounds the one before it, itself
    written as a rounding of the chain's value ('≈' before it), but that does not round the value (2.449490...
    rounds to 2.4): rounded twice, ``imprecise``, with the rounding of the value. The chain claims its first term
    is about its last; a decimal computed exactly from roundings (``0.33 \\times 4.5 = 1.485 \\approx 1.49``)
    is no rounding, and is left as it is."""
    job = chain.job
    if res.verdict is not Verdict.CORRECT or rel != "≈" or i == 0 or job.rels[i - 1] != "≈" \
            or i not in chain.true:
        return res
    exact, lit_l, lit_r = chain.true[i], literal_of(job.trees[i]), literal_of(job.trees[i + 1])
    if lit_l is None or lit_r is None or not lit_l.has_point or lit_l.exponent is not None \
            or lit_r.exponent is not None or not lit_r.unit > lit_l.unit or not isinstance(exact, sp.Expr) \
            or not exact.is_number:
        return res
    if rounds_to(exact, lit_r) is not False or rounds_to(L, lit_r) is not True:
        return res
    shown, said = format_rounded(exact, lit_r), job.sources[i + 1].strip()
    return Judgement(Verdict.IMPRECISE, shown, f"{said} rounds {job.sources[i].strip()}, itself a rounding of "
                                                f"{format_value(exact)}, which rounds to {shown}: rounded twice",
                      code=Reason.ROUNDED_TWICE, left=shown, right=said)


def _cut_inside(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    job = chain.job
    if res.verdict is Verdict.WRONG and rel in ("=", "≈") \
            and (cut_inside(job.trees[i]) or cut_inside(job.trees[i + 1])):
        return _cut_decimals(job, i, L, R)
    return res


def _known_constants(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    if res.verdict is Verdict.WRONG and rel in ("=", "≈"):
        return _with_constants(chain.job, i, L, R, rel) or res
    return res


def _chain_without_solution(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    job = chain.job
    if res.verdict is Verdict.UNCHECKED and res.code in NOT_AN_IDENTITY \
            and not (i == 0 and job.defined):
        try:
            return _no_common_solution(job, i, L, R, chain.value) or res
        except Exception as exc:  # SymPy could not tell: the step stays as it was; lnsym's own fault is an error
            return failure(exc, "chain") if isinstance(exc, FAULTS) else res
    return res


def _quotient_meant(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    if res.verdict is Verdict.WRONG and rel == "=" and integer_quotient(chain.job.trees[i], L, R):
        return Judgement(Verdict.UNCHECKED, "", "an integer quotient may be meant (the remainder is not written)")
    return res


def _approximate_text(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    if chain.job.approximate and not chain.job.said_rounded and res.verdict is Verdict.IMPRECISE \
            and res.code is Reason.TRUNCATED:
        return Judgement(Verdict.CORRECT, "", "cut after the digits shown; the text says it is approximate")
    return res


def _base_conversion(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    job = chain.job
    if res.verdict is Verdict.WRONG and rel == "=" and _same_base(job.trees[i], job.trees[i + 1]):
        return Judgement(Verdict.UNCHECKED, "", "two different numerals in the same base: a conversion written "
                                                 "with the base on both sides")
    return res


def _bounds_restated(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    if res.verdict is Verdict.WRONG and rel in ("=", "≈") and chain.restated_bounds:
        return Judgement(Verdict.UNCHECKED, "", "an inequality written again with its bounds approximated")
    return res


def _other_readings(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    if res.verdict is Verdict.WRONG:
        return other_readings(chain.job, i, res, chain.true.get(i))
    return res


def _running_computation(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    # the next term may go on from the value as written (1.414 × 2 = 2.828 + 1) or from its exact value
    job, true = chain.job, chain.true
    if res.verdict is Verdict.WRONG and rel == "=" \
            and (_running(job, i, L) or (i in true and _running(job, i, true[i]))):
        return Judgement(Verdict.UNCHECKED, "", f"a running computation written as one chain: {job.sources[i]} "
                                                 "is the number the next term goes on from")
    return res


def _rounded_inputs(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    if (res.verdict is Verdict.WRONG and rel in ("=", "≈")) or res.code is Reason.NOT_DECIMALS:
        return rounded_inputs(chain.job, i, res, chain.true.get(i, L), R)
    return res


def _lemma(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    if res.verdict is Verdict.UNCHECKED and res.code in (Reason.CONDITION, Reason.FREE_SYMBOLS):
        return _by_lemma(chain.job, L, R, rel) or res
    return res


def _earlier_inequality(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    previous = chain.job.previous
    if res.verdict is Verdict.UNCHECKED and res.code is Reason.CONDITION and isinstance(previous, tuple):
        fact = Inequality.of(L, R, rel)
        try:
            if fact is not None and inequality_follows(previous, fact):
                return Judgement(Verdict.CORRECT, "", EARLIER_INEQUALITY, code=Reason.FOLLOWS)
        except Exception:
            pass
    return res


def _matrix_identity(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    """``(I + J_2)(I + J_1) = I + J_1 + J_2 + J_2 J_1`` in a text on matrices, left undecided with ``I`` a name:
    read with the capital letters as matrices in their order (:mod:`~lnsym.check.judges.notation.matrix_algebra`)."""
    job = chain.job
    if job.matrices and rel == "=" and res.verdict is Verdict.UNCHECKED \
            and res.code in (Reason.FREE_SYMBOLS, *NOT_AN_IDENTITY):
        try:
            return decide_matrix_identity(job.trees[i], job.trees[i + 1], job.env) or res
        except Exception as exc:  # SymPy could not tell: as it was; lnsym's own fault is an error
            return failure(exc, "matrix identity") if isinstance(exc, FAULTS) else res
    return res


def _everywhere(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    """An inequality left as a condition that holds for every value of its one variable: true whatever the text
    means by it (a condition to solve or a claim). After the lemmas, whose reason names the rule."""
    if res.verdict is Verdict.UNCHECKED and res.code is Reason.CONDITION:
        variable = _holds_everywhere(L, R, rel)
        if variable is not None:
            return Judgement(Verdict.CORRECT, "", f"holds for every real {variable} where both sides are defined")
    return res


def _earlier_equations(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    """An equation with unknowns left unchecked: ``correct`` when it follows from the paragraph's earlier facts,
    ``wrong`` when the paragraph's definitions make it false for every value (:func:`against_definitions`)."""
    previous = chain.job.previous
    if not (res.verdict is Verdict.UNCHECKED and (res.code is Reason.FREE_SYMBOLS or res.code in NOT_AN_IDENTITY)
            and rel == "=" and previous is not None):
        return res
    if follows_from_facts(previous, L, R):
        return Judgement(Verdict.CORRECT, "", FOLLOWS, code=Reason.FOLLOWS)
    return against_definitions(chain.job, i, L, R) or res


def against_definitions(job: StatementJob, i: int, L: Any, R: Any, modulus: int | None = None) -> Judgement | None:
    """``wrong`` for ``L = R`` (modulo ``modulus``, when given) that the paragraph's definitions (``a = 2m + 1``)
    make false for every value of the names left (:func:`~.proofs.definitions.refuted_by_definitions`), with the
    substitutions, the constant difference and both sides at a point. Not for an update written with '='
    (``t = t + 1``: a name alone on one side, in the other too)."""
    for k in (i, i + 1):
        if isinstance(_strip(job.trees[k]), Sym) and _strip(job.trees[k]).name in tree_names(job.trees[2 * i + 1 - k]):
            return None
    found = refuted_by_definitions(job.previous, L, R, job.definitions, modulus)
    if found is None:
        return None
    used = ", ".join(f"{sp.latex(s)} = {sp.latex(v)}" for s, v in found.used)
    at = ", ".join(f"{sp.latex(s)} = {v}" for s, v in sorted(found.point.items(), key=lambda kv: str(kv[0])))
    lv, rv = shown(found.left), shown(found.right)
    rest = ", ".join(sp.latex(s) for s in sorted(found.point, key=str))
    whatever = f"whatever {rest} {'is' if len(found.point) == 1 else 'are'}" if rest else "in any case"
    what = f"is {shown(found.difference)} {whatever}" if modulus is None \
        else f"is {shown(found.difference)}, not 0 modulo {modulus}, {whatever}"
    where = f": at {at} the left side is {lv} and the right side {rv}" if at else ""
    return Judgement(Verdict.WRONG, rv, f"with {used} (the paragraph's definitions), {job.sources[i]} - "
                                        f"({job.sources[i + 1]}) {what}{where}", left=lv, right=rv,
                      code=Reason.DEFINITIONS)


# what a step under a hypothesis on one variable may still be: a claim for the region, not for all values
_ON_ALL_VALUES = frozenset({Reason.CONDITION, Reason.FREE_SYMBOLS, Reason.SYMBOLIC_FORM, *NOT_AN_IDENTITY})


def _on_the_region(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> Judgement:
    """A step asserted under a hypothesis on one variable ("If $t \\ge 1$, then $|t - 1| = t - 1$"), left unchecked
    as a claim for all values: decided on the hypothesis's region (:mod:`~lnsym.check.judges.proofs.region`). A step
    proved by the paragraph's earlier facts but false at every point of the region was proved by facts of another
    case (a region the rule that drops them does not compare, ``t^2 < 1`` after ``t \\ge 2``): the region decides.
    (A step refuted as an identity stays so: that refutation is of rational functions, which agree on an interval
    only where they agree everywhere.)"""
    regions = chain.job.regions
    by_facts = res.verdict is Verdict.CORRECT and res.code is Reason.FOLLOWS
    for_all = res.verdict is Verdict.UNCHECKED and res.code in _ON_ALL_VALUES
    if not regions or not (by_facts or for_all):
        return res
    decided = None
    try:
        for region in regions:  # (one per variable of `a \ge 0 > b`: the step's difference speaks of one at most)
            decided = decide_on_region(L, R, rel, region, chain=len(chain.job.rels) >= 2)
            if decided is not None:
                break
        if decided is None and for_all and len(regions) > 1:  # a bound in several of the variables
            decided = refuted_on_box(L, R, rel, regions, chain=len(chain.job.rels) >= 2)
    except Exception as exc:  # SymPy could not tell: the step stays as it was; lnsym's own fault is an error
        return failure(exc, "region") if isinstance(exc, FAULTS) else res
    if by_facts and (decided is None or decided.code is not Reason.REGION_FALSE):
        return res
    return decided or res


_SECOND_LOOKS = (_rounded_twice, _cut_inside, _known_constants, _chain_without_solution, _quotient_meant,
                 _approximate_text, _base_conversion, _bounds_restated, _other_readings, _running_computation,
                 _rounded_inputs, _lemma, _earlier_inequality, _everywhere, _matrix_identity, _earlier_equations,
                 _on_the_region)


def _differs(t: Any, R: Any) -> bool:
    """Is the exact value ``t`` another value than ``R``, the term as written (False where not known)?"""
    if isinstance(t, Vec) and isinstance(R, Vec):
        return len(t) == len(R) and any(_differs(a, b) for a, b in zip(t.items, R.items, strict=True))
    if not (isinstance(t, sp.Expr) and isinstance(R, sp.Expr)):
        return False
    try:
        return exact_equal(t, R) is False
    except Exception:
        return False


def _go_on_from(chain: _Chain, i: int, L: Any, R: Any, rel: str, res: Judgement) -> None:
    """After a right step, the next term goes on from the exact value (and a decimal written there rounds it).
    Not after a step decided under another reading of its notation (``\\log`` in base 10): L is not the value the
    step was read with."""
    if res.verdict in (Verdict.CORRECT, Verdict.IMPRECISE) and rel in ("=", "≈") and res.rule != READING:
        job = chain.job
        t = chain.true.get(i, L)
        if not free_of(t):
            chain.true[i + 1] = t
            if i in chain.alternatives:  # (`0.33 \cdot 3 = 0.99 = 1`: 0.99 is 1 only with 1/3 for 0.33)
                chain.alternatives[i + 1] = chain.alternatives[i]
            elif _differs(t, R):
                # `\frac17 \cdot 7 = 0.14 \cdot 7 = 1`, `\pi \approx 3.14 \ge \pi`: the next link goes on from 1
                # (or pi), which the term as written (0.98, 3.14) is only with the rounding undone
                chain.alternatives[i + 1] = f"{job.sources[i + 1]} for {format_value(t)}"
            lit = _strip(job.trees[i + 1])
            if isinstance(lit, Num) and "." in lit.digits and not isinstance(t, Vec) and t != R:
                chain.rounded[lit.digits] = t
