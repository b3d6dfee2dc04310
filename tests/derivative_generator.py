"""Derivatives, right as written, and the same derivatives with one slip: the generator of the soundness property
of derivations (a derivative that is false as a function is never ``correct``).

It knows nothing of lnsym, and it does not use SymPy: a function is a small tree of sums, products, quotients,
powers and the standard functions of a first course (exp, log, sin, cos, tanh, the square root and the logistic
sigmoid); its derivative is taken here by the sum, product, quotient and chain rules, written as people write it
(``2x e^{3x} + 3x^{2} e^{3x}``, not simplified); both render to LaTeX and evaluate with mpmath. A slip is one of
those people make: a sign flipped, a term of the product rule dropped, the inner derivative of the chain rule
forgotten, a coefficient or an exponent changed, sine for cosine. A slipped derivative is *false* when it differs
from the true one, at 50 digits, at one of the sample points where both are defined: no reading of it holds, so a
checker that calls it ``correct`` tells an instructor to publish a slip.

Statements come in the forms of answer keys: ``f'(x) = …`` after ``Let $f(x) = …$``, ``\\frac{d}{dx}(…) = …``,
a partial derivative of ``g(x, y)``, a second derivative, and the value ``f'(a) \\approx v`` at a point.

Used by ``tests/check/test_derivation_soundness.py`` (a fast profile in CI) and ``bench/soundness.py
--derivatives`` (a large one).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import mpmath

mpmath.mp.dps = 50

FUNCTIONS = ("exp", "log", "sin", "cos", "tanh", "sqrt", "sigmoid")
SIGMOID_WORDS = "Here $\\sigma$ is the logistic sigmoid. "


@dataclass(frozen=True)
class T:
    """A node: ``c`` (a constant ``value``), ``v`` (a variable ``value``), ``+``, ``*``, ``/``, ``neg``, ``^`` (an
    argument and a constant exponent ``value``) or a function of FUNCTIONS, with its arguments."""

    op: str
    args: tuple = ()
    value: object = None


def c(x) -> T:
    return T("c", value=Fraction(x))


def v(name: str) -> T:
    return T("v", value=name)


def add(*a: T) -> T:
    return T("+", tuple(a))


def mul(*a: T) -> T:
    return T("*", tuple(a))


def div(a: T, b: T) -> T:
    return T("/", (a, b))


def neg(a: T) -> T:
    return T("neg", (a,))


def power(a: T, n) -> T:
    return T("^", (a,), Fraction(n))


def fn(name: str, a: T) -> T:
    return T(name, (a,))


# --- light simplification: what a person would not write (0 terms, factors 1, nested sums) -----------------


def tidy(t: T) -> T:
    if t.op in ("c", "v"):
        return t
    args = tuple(tidy(a) for a in t.args)
    if t.op == "+":
        flat = [b for a in args for b in (a.args if a.op == "+" else (a,))]
        flat = [a for a in flat if not (a.op == "c" and a.value == 0)]
        return c(0) if not flat else flat[0] if len(flat) == 1 else add(*flat)
    if t.op == "*":
        flat = [b for a in args for b in (a.args if a.op == "*" else (a,))]
        sign = 1
        for k, a in enumerate(flat):
            if a.op == "neg":
                sign, flat[k] = -sign, a.args[0]
        const = Fraction(sign)
        rest = []
        for a in flat:
            if a.op == "c":
                const *= a.value
            else:
                rest.append(a)
        if const == 0:
            return c(0)
        body = rest[0] if len(rest) == 1 else mul(*rest) if rest else c(abs(const))
        if rest and abs(const) != 1:
            body = mul(c(abs(const)), *rest)
        return neg(body) if const < 0 else body
    if t.op == "neg":
        a = args[0]
        if a.op == "neg":
            return a.args[0]
        if a.op == "c":
            return c(-a.value) if a.value <= 0 else T("neg", (a,))
        return T("neg", (a,))
    if t.op == "^":
        if t.value == 1:
            return args[0]
        if t.value == 0:
            return c(1)
        return T("^", args, t.value)
    if t.op == "/":
        if args[1].op == "c" and args[1].value == 1:
            return args[0]
        if args[0].op == "c" and args[0].value == 0:
            return c(0)
    return T(t.op, args, t.value)


# --- the rules of differentiation -----------------------------------------------------------------------------


def diff(t: T, x: str) -> T:
    return tidy(_d(t, x))


def _d(t: T, x: str) -> T:
    a = t.args
    if t.op == "c":
        return c(0)
    if t.op == "v":
        return c(1 if t.value == x else 0)
    if t.op == "+":
        return add(*(_d(b, x) for b in a))
    if t.op == "neg":
        return neg(_d(a[0], x))
    if t.op == "*":
        return add(*(mul(*(_d(b, x) if k == j else b for k, b in enumerate(a))) for j in range(len(a))))
    if t.op == "/":
        num, den = a
        return div(add(mul(_d(num, x), den), neg(mul(num, _d(den, x)))), power(den, 2))
    inner = _d(a[0], x)
    if t.op == "^":
        n = t.value
        if n == Fraction(1, 2):
            return div(inner, mul(c(2), fn("sqrt", a[0])))
        return mul(c(n), power(a[0], n - 1), inner)
    outer = {
        "exp": lambda u: fn("exp", u),
        "log": lambda u: div(c(1), u),
        "sin": lambda u: fn("cos", u),
        "cos": lambda u: neg(fn("sin", u)),
        "tanh": lambda u: add(c(1), neg(power(fn("tanh", u), 2))),
        "sqrt": lambda u: div(c(1), mul(c(2), fn("sqrt", u))),
        "sigmoid": lambda u: mul(fn("sigmoid", u), add(c(1), neg(fn("sigmoid", u)))),
    }[t.op](a[0])
    if t.op == "log":
        return div(inner, a[0])
    return mul(outer, inner)


# --- values ---------------------------------------------------------------------------------------------------


def value(t: T, at: dict) -> mpmath.mpf | None:
    """The value at a point, or None where the function is not defined (a log or root of a negative, a division
    by 0)."""
    try:
        return _value(t, at)
    except (ZeroDivisionError, ValueError):
        return None


def _value(t: T, at: dict):
    if t.op == "c":
        return mpmath.mpf(t.value.numerator) / t.value.denominator
    if t.op == "v":
        return at[t.value]
    vals = [_value(a, at) for a in t.args]
    if t.op == "+":
        return mpmath.fsum(vals)
    if t.op == "*":
        return mpmath.fprod(vals)
    if t.op == "neg":
        return -vals[0]
    if t.op == "/":
        if vals[1] == 0:
            raise ZeroDivisionError
        return vals[0] / vals[1]
    u = vals[0]
    if t.op == "^":
        n = t.value
        if (n.denominator != 1 and u <= 0) or (n < 0 and u == 0):
            raise ValueError
        return u ** (mpmath.mpf(n.numerator) / n.denominator)
    if t.op in ("log", "sqrt") and u <= 0:
        raise ValueError
    return {"exp": mpmath.exp, "log": mpmath.log, "sin": mpmath.sin, "cos": mpmath.cos, "tanh": mpmath.tanh,
            "sqrt": mpmath.sqrt, "sigmoid": lambda w: 1 / (1 + mpmath.exp(-w))}[t.op](u)


# --- LaTeX ----------------------------------------------------------------------------------------------------


def _number(q: Fraction) -> str:
    if q.denominator == 1:
        return str(q.numerator)
    return f"\\frac{{{q.numerator}}}{{{q.denominator}}}"


def _atomic(t: T) -> bool:
    """Needs no brackets as a base of a power."""
    return t.op == "v" or (t.op == "c" and t.value.denominator == 1 and t.value >= 0) or t.op == "sqrt"


def latex(t: T) -> str:
    a = t.args
    if t.op == "c":
        return _number(t.value) if t.value >= 0 else f"-{_number(-t.value)}"
    if t.op == "v":
        return t.value
    if t.op == "+":
        out = latex(a[0])
        for b in a[1:]:
            out += f" - {_factor(b.args[0])}" if b.op == "neg" else f" + {latex(b)}"
        return out
    if t.op == "neg":
        return f"-{_factor(a[0])}"
    if t.op == "*":
        parts = [_factor(b) for b in a]
        out = parts[0]
        for prev, b, text in zip(a, a[1:], parts[1:], strict=False):
            # a number after anything, or anything after a fraction, is joined by \cdot: 2 \cdot 3, x \cdot 2
            # (and a fraction after a number: 2 \frac{1}{3} is a mixed number)
            joint = " \\cdot " if b.op in ("c", "/") or text[0].isdigit() or prev.op == "/" else " "
            out += joint + text
        return out
    if t.op == "/":
        return f"\\frac{{{latex(a[0])}}}{{{latex(a[1])}}}"
    if t.op == "^":
        n = t.value
        base = a[0]
        if n == Fraction(1, 2):
            return f"\\sqrt{{{latex(base)}}}"
        exponent = _number(n) if n > 0 else f"-{_number(-n)}"
        if base.op in ("sin", "cos", "tanh") and n > 0 and n.denominator == 1:
            return f"\\{base.op}^{{{exponent}}}({latex(base.args[0])})"
        text = latex(base) if _atomic(base) else f"\\left({latex(base)}\\right)"
        return f"{text}^{{{exponent}}}"
    u = latex(a[0])
    if t.op == "exp":
        return f"e^{{{u}}}"
    if t.op == "sqrt":
        return f"\\sqrt{{{u}}}"
    if t.op == "sigmoid":
        return f"\\sigma({u})"
    return f"\\{t.op}({u})"


def _factor(t: T) -> str:
    """LaTeX of t as a factor of a product (a sum or a negative in brackets)."""
    text = latex(t)
    if t.op in ("+", "neg") or (t.op == "c" and t.value < 0):
        return f"\\left({text}\\right)"
    return text


# --- random functions -----------------------------------------------------------------------------------------


def _coef(rng: random.Random) -> T:
    return c(rng.choice([2, 3, 4, 5, Fraction(1, 2), 3]))


def _inner(rng: random.Random, x: str) -> T:
    """A simple argument: x, ax, ax + b, x^2 + b."""
    k = rng.randrange(4)
    if k == 0:
        return v(x)
    if k == 1:
        return mul(_coef(rng), v(x))
    if k == 2:
        return add(mul(_coef(rng), v(x)), c(rng.randint(1, 3)))
    return add(power(v(x), 2), c(rng.randint(1, 3)))


def _atom(rng: random.Random, x: str) -> T:
    k = rng.randrange(3)
    if k == 0:
        return power(v(x), rng.randint(2, 4))
    if k == 1:
        return mul(_coef(rng), v(x))
    name = rng.choice(FUNCTIONS)
    u = _inner(rng, x)
    if name in ("log", "sqrt") and u.op == "v":
        u = add(v(x), c(1))
    return fn(name, u)


def function(rng: random.Random, x: str = "x") -> T:
    """A function of x of one of the shapes of a first course: a product, a quotient, a composition, a sum."""
    k = rng.randrange(5)
    if k == 0:
        return mul(_atom(rng, x), _atom(rng, x))
    if k == 1:
        return div(_atom(rng, x), add(_atom(rng, x), c(rng.randint(1, 3))))
    if k == 2:
        return fn(rng.choice(("exp", "sin", "tanh", "sigmoid")), add(_atom(rng, x), c(rng.randint(1, 2))))
    if k == 3:
        return add(_atom(rng, x), mul(_coef(rng), _atom(rng, x)))
    return power(add(_atom(rng, x), c(rng.randint(1, 3))), rng.choice([2, 3, Fraction(1, 2)]))


def function_of_two(rng: random.Random) -> T:
    k = rng.randrange(3)
    if k == 0:
        return mul(power(v("x"), rng.randint(1, 3)), power(v("y"), rng.randint(2, 3)))
    if k == 1:
        return fn(rng.choice(("exp", "sin", "tanh")), mul(_coef(rng), v("x"), v("y")))
    return add(mul(_atom(rng, "x"), v("y")), _atom(rng, "y"))


# --- slips ----------------------------------------------------------------------------------------------------


def _paths(t: T, path=()):
    yield path, t
    for k, a in enumerate(t.args):
        yield from _paths(a, (*path, k))


def _put(t: T, path, new: T) -> T:
    if not path:
        return new
    args = list(t.args)
    args[path[0]] = _put(args[path[0]], path[1:], new)
    return T(t.op, tuple(args), t.value)


def slips(t: T) -> list[tuple[str, T]]:
    """Every single slip of the kinds people make, with its kind."""
    out = []
    for path, node in _paths(t):
        if node.op == "+" and len(node.args) >= 2:
            for k, b in enumerate(node.args):
                rest = node.args[:k] + node.args[k + 1:]
                out.append(("dropped term", _put(t, path, rest[0] if len(rest) == 1 else add(*rest))))
                out.append(("sign", _put(t, path, add(*node.args[:k], neg(b), *node.args[k + 1:]))))
        if node.op == "neg":
            out.append(("sign", _put(t, path, node.args[0])))
        if node.op == "*" and len(node.args) >= 2:
            for k in range(len(node.args)):
                rest = node.args[:k] + node.args[k + 1:]
                out.append(("dropped factor", _put(t, path, rest[0] if len(rest) == 1 else mul(*rest))))
        if node.op == "c" and node.value not in (0,):
            for new in {node.value + 1, 2 * node.value, node.value - 1} - {node.value, Fraction(0)}:
                out.append(("coefficient", _put(t, path, c(new))))
        if node.op == "^":
            for new in (node.value + 1, node.value - 1):
                if new not in (0, 1):
                    out.append(("exponent", _put(t, path, T("^", node.args, new))))
        if node.op in ("sin", "cos"):
            out.append(("function", _put(t, path, fn("cos" if node.op == "sin" else "sin", node.args[0]))))
        if node.op == "exp":
            out.append(("function", _put(t, path, fn("exp", neg(node.args[0])))))
    return [(kind, tidy(m)) for kind, m in out]


POINTS = (mpmath.mpf("0.37"), mpmath.mpf("0.81"), mpmath.mpf("1.23"), mpmath.mpf("1.9"), mpmath.mpf("2.6"))


def differ(a: T, b: T, variables=("x",)) -> bool | None:
    """True when a and b differ at a sample point where both are defined, False when they agree at every one
    (at least three defined), None when too few points are defined to tell."""
    agreed = 0
    for k, p in enumerate(POINTS):
        at = {name: POINTS[(k + j * 2) % len(POINTS)] + j * mpmath.mpf("0.11") for j, name in enumerate(variables)}
        at[variables[0]] = p
        va, vb = value(a, at), value(b, at)
        if va is None or vb is None:
            continue
        if abs(va - vb) > mpmath.mpf(10) ** -30 * (1 + abs(va)):
            return True
        agreed += 1
    return False if agreed >= 3 else None


# --- statements -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A paragraph and the statement in it that is checked (its LaTeX as written), true or slipped."""

    form: str
    text: str
    statement: str
    slip: str | None  # the kind of slip, None for the true derivative


def _uses_sigmoid(*ts: T) -> bool:
    return any(node.op == "sigmoid" for t in ts for _, node in _paths(t))


def _round(x, digits: int = 4) -> str:
    return mpmath.nstr(x, digits, strip_zeros=False, min_fixed=-6, max_fixed=9)


def _far_from(written: str, true) -> bool:
    """Is the decimal ``written`` more than one unit of its last digit away from ``true`` (no rounding and no cut
    of the true value)?"""
    if "e" in written.lower():
        return abs(mpmath.mpf(written) - true) > mpmath.mpf("0.02") * abs(true)
    decimals = len(written.split(".")[1]) if "." in written else 0
    return abs(mpmath.mpf(written) - true) > mpmath.mpf(10) ** -decimals


FORMS = ("prime", "leibniz", "partial", "second", "at a point")


def cases(rng: random.Random, form: str) -> list[Case]:
    """A true statement of the form and its false slips (those that differ as functions; at a point, those whose
    rounded value is not a rounding of the true one)."""
    if form == "partial":
        f, variables = tidy(function_of_two(rng)), ("x", "y")
        wrt = rng.choice(variables)
        d = diff(f, wrt)
        head = f"Let $g(x, y) = {latex(f)}$."
        lhs = f"\\frac{{\\partial g}}{{\\partial {wrt}}}"
    else:
        f, variables = tidy(function(rng)), ("x",)
        d = diff(f, "x")
        head = f"Let $f(x) = {latex(f)}$."
        lhs = "f'(x)"
        if form == "second":
            d, lhs = diff(d, "x"), "f''(x)"
        elif form == "leibniz":
            head, lhs = "We differentiate.", f"\\frac{{d}}{{dx}}\\left({latex(f)}\\right)"
    if d.op == "c" and d.value == 0:
        return []
    words = SIGMOID_WORDS if _uses_sigmoid(f) else ""
    out: list[Case] = []
    if form == "at a point":
        a = rng.choice(["0.5", "1", "2", "1.5"])
        true = value(d, {"x": mpmath.mpf(a)})
        if true is None or abs(true) < mpmath.mpf("1e-3"):
            return []
        stmt = f"f'({a}) \\approx {_round(true)}"
        out.append(Case(form, f"{words}{head} Then ${stmt}$.", stmt, None))
        for kind, m in slips(d):
            wrong = value(m, {"x": mpmath.mpf(a)})
            if wrong is None or abs(wrong - true) <= mpmath.mpf("0.02") * abs(true):
                continue  # a slip that moves the value by less than 2% may pass as a rounding: not a clear case
            if not _far_from(_round(wrong), true):
                continue  # `0.0` for 0.0625: a cut of the true value, which `imprecise` may rightly call it
            stmt = f"f'({a}) \\approx {_round(wrong)}"
            out.append(Case(form, f"{words}{head} Then ${stmt}$.", stmt, kind))
        return out
    stmt = f"{lhs} = {latex(d)}"
    out.append(Case(form, f"{words}{head} Then ${stmt}$.", stmt, None))
    for kind, m in slips(d):
        if differ(m, d, variables):
            stmt = f"{lhs} = {latex(m)}"
            out.append(Case(form, f"{words}{head} Then ${stmt}$.", stmt, kind))
    return out


def generate(seed: int, count: int, forms=FORMS) -> list[Case]:
    """``count`` cases: for each, a random form, and either its true statement (one in four) or one of its
    slips, chosen at random."""
    rng = random.Random(seed)
    out: list[Case] = []
    while len(out) < count:
        group = cases(rng, rng.choice(forms))
        if len(group) < 2:
            continue
        out.append(group[0] if rng.random() < 0.25 else rng.choice(group[1:]))
    return out
