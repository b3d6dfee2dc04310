"""Chains of numeric steps, true as written, and the same chains with one link mutated: the generator of the
soundness property (a link that is false beyond every rounding is never ``correct`` or ``imprecise``).

It knows nothing of lnsym. A chain is a list of terms joined by ``=`` or ``\\approx``; each term is a small tree
that renders to LaTeX and evaluates, with mpmath, to a point or to an interval. The first term is the
problem: its decimals are data, exact. A decimal written in a later term may be a rounding of what it
stands for, so it stands for the interval of half a unit of its last digit around it; so does a bare
integer after ``\\approx``. A link is *false beyond rounding* when the two intervals are disjoint: no
reading of its roundings makes it hold, so a checker that calls it ``correct`` (or ``imprecise``, a right
value with wrong digits) is wrong. Mutations are the slips people make: a digit dropped or doubled, a
decimal point moved, an exponent changed, two operands swapped.

Used by ``tests/check/test_soundness.py`` (a fast profile in CI) and ``bench/soundness.py`` (a large one).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import mpmath

mpmath.mp.dps = 50
iv = mpmath.iv
iv.dps = 50


@dataclass(frozen=True)
class Num:
    text: str

    @property
    def decimal(self) -> bool:
        return "." in self.text


@dataclass(frozen=True)
class Op:
    op: str  # + - * / ^ sqrt exp ln %
    args: tuple


def num(x: str) -> Num:
    return Num(x)


def op(name: str, *args) -> Op:
    return Op(name, tuple(a if isinstance(a, (Num, Op)) else Num(str(a)) for a in args))


_TIGHT = {"^", "sqrt", "exp", "ln", "%", "/"}  # need no brackets as a factor or a summand


def latex(t) -> str:
    if isinstance(t, Num):
        return t.text
    a = t.args
    if t.op in ("+", "-"):
        right = latex(a[1])
        if isinstance(a[1], Op) and a[1].op in ("+", "-"):
            right = f"({right})"
        return f"{latex(a[0])} {t.op} {right}"
    if t.op == "*":
        return " \\times ".join(f"({latex(x)})" if isinstance(x, Op) and x.op in ("+", "-") else latex(x) for x in a)
    if t.op == "/":
        return f"\\frac{{{latex(a[0])}}}{{{latex(a[1])}}}"
    if t.op == "^":
        base = latex(a[0])
        if isinstance(a[0], Op) or a[0].text.startswith("-"):
            base = f"({base})"
        return f"{base}^{{{latex(a[1])}}}"
    if t.op == "sqrt":
        return f"\\sqrt{{{latex(a[0])}}}"
    if t.op == "exp":
        return f"e^{{{latex(a[0])}}}"
    if t.op == "ln":
        return f"\\ln({latex(a[0])})"
    if t.op == "%":
        return f"{latex(a[0])}\\%"
    raise ValueError(t.op)


def _leaf(t: Num, rounded: bool, bare_approx: bool, cut: bool = False):
    """A literal as a point (data) or as the interval it may round (or, with ``cut``, be the value cut after)."""
    v = mpmath.mpf(t.text)
    if rounded and t.decimal:
        unit = mpmath.mpf(10) ** -len(t.text.split(".", 1)[1])
        low, high = v - unit / 2, v + unit / 2
        if cut:
            low, high = (low, v + unit) if v >= 0 else (v - unit, high)
        return iv.mpf([low, high])
    if bare_approx and not t.decimal:
        return iv.mpf([v - mpmath.mpf(1) / 2, v + mpmath.mpf(1) / 2])
    return iv.mpf(t.text)


def interval(t, rounded: bool, bare_approx: bool = False, cut: bool = False):
    """The interval a term stands for; ``rounded``: its decimals may be roundings; ``cut``: a bare decimal may
    also be its value cut after the digits shown."""
    if isinstance(t, Num):
        return _leaf(t, rounded, bare_approx, cut)
    a = [interval(x, rounded) for x in t.args]
    if t.op == "+":
        return a[0] + a[1]
    if t.op == "-":
        return a[0] - a[1]
    if t.op == "*":
        out = a[0]
        for x in a[1:]:
            out = out * x
        return out
    if t.op == "/":
        return a[0] / a[1]
    if t.op == "^":
        return a[0] ** a[1]
    if t.op == "sqrt":
        return iv.sqrt(a[0])
    if t.op == "exp":
        return iv.exp(a[0])
    if t.op == "ln":
        return iv.log(a[0])
    if t.op == "%":
        return a[0] / 100
    raise ValueError(t.op)


def value(t) -> mpmath.mpf:
    """The exact reading's value (every literal as written), to 50 digits."""
    x = interval(t, rounded=False)
    return mpmath.mpf(x.mid)


@dataclass(frozen=True)
class Chain:
    terms: tuple
    rels: tuple  # between consecutive terms: "=" or "\\approx"

    def text(self) -> str:
        parts = [latex(self.terms[0])]
        for rel, t in zip(self.rels, self.terms[1:], strict=True):
            parts.append(f" {rel} {latex(t)}")
        return "".join(parts)

    def links(self) -> list[tuple[str, str, str]]:
        return [(latex(a), rel, latex(b)) for a, rel, b in zip(self.terms[:-1], self.rels, self.terms[1:], strict=True)]

    def false_beyond_rounding(self, k: int, cut: bool = False) -> bool:
        """Is link ``k`` (terms k and k+1) false under every reading of the roundings it is written with? With
        ``cut``, a bare decimal may also be the value cut after its digits: right value, wrong digits, what
        a checker calls ``imprecise``."""
        spans = []
        for j in (k, k + 1):
            t = self.terms[j]
            bare = isinstance(t, Num) and j > 0 and self.rels[j - 1] == "\\approx"
            try:
                spans.append(interval(t, rounded=j > 0, bare_approx=bare, cut=cut))
            except (ZeroDivisionError, ValueError):
                return False
        a, b = spans
        # a relative margin far above mpmath's own rounding at 50 digits
        eps = mpmath.mpf(10) ** -30 * (1 + abs(mpmath.mpf(a.mid)) + abs(mpmath.mpf(b.mid)))
        return bool(a.b + eps < b.a or b.b + eps < a.a)


def _round(x: mpmath.mpf, digits: int) -> str:
    """``x`` rounded half up to ``digits`` decimals, as written (trailing zeros kept)."""
    q = mpmath.mpf(10) ** digits
    n = int(mpmath.floor(abs(x) * q + mpmath.mpf(1) / 2))
    s = f"{n:0{digits + 1}d}"
    out = f"{s[:-digits]}.{s[-digits:]}" if digits else s
    return f"-{out}" if x < 0 and n else out


# ---------------------------------------------------------------------------------------------------------
# true chains, one generator a shape


def _rate(rng: random.Random) -> str:
    return rng.choice(["0.05", "0.02", "0.035", "0.08", "0.1", "0.045", "0.07", "0.015", "0.25", "0.5"])


def _power(rng: random.Random) -> Chain:
    r, n = _rate(rng), rng.randint(2, 40)
    base = str(mpmath.mpf(1) + mpmath.mpf(r)).rstrip("0")
    t0 = op("^", op("+", "1", r), str(n))
    t1 = op("^", base, str(n))
    return Chain((t0, t1, Num(_round(value(t1), rng.randint(2, 5)))), ("=", "\\approx"))


def _money(rng: random.Random) -> Chain:
    p, r, n = rng.choice(["1000", "2500", "500", "12000", "750"]), _rate(rng), rng.randint(2, 30)
    base = str(mpmath.mpf(1) + mpmath.mpf(r)).rstrip("0")
    power = op("^", base, str(n))
    t0 = op("*", p, op("^", op("+", "1", r), str(n)))
    t1 = op("*", p, power)
    t2 = op("*", p, _round(value(power), 4))
    return Chain((t0, t1, t2, Num(_round(value(t2), 2))), ("=", "\\approx", "="))


def _quotient(rng: random.Random) -> Chain:
    a, b = rng.randint(1, 999), rng.randint(2, 97)
    t0 = op("/", str(a), str(b))
    return Chain((t0, Num(_round(value(t0), rng.randint(2, 6)))), ("\\approx",))


def _discount(rng: random.Random) -> Chain:
    p, r, n = rng.choice(["5000", "10000", "800"]), _rate(rng), rng.randint(2, 12)
    base = str(mpmath.mpf(1) + mpmath.mpf(r)).rstrip("0")
    power = op("^", base, str(n))
    t1 = op("/", p, power)
    t2 = op("/", p, _round(value(power), 5))
    return Chain((t1, t2, Num(_round(value(t2), 2))), ("\\approx", "\\approx"))


def _exponential(rng: random.Random) -> Chain:
    a, r, t = rng.choice(["100", "2", "50", "1"]), rng.choice(["0.05", "0.3", "0.12", "1.5"]), rng.randint(1, 9)
    exponent = str(mpmath.mpf(r) * t).rstrip("0").rstrip(".")
    t0 = op("*", a, op("exp", op("*", r, str(t))))
    t1 = op("*", a, op("exp", exponent))
    return Chain((t0, t1, Num(_round(value(t1), rng.randint(2, 4)))), ("=", "\\approx"))


def _root(rng: random.Random) -> Chain:
    n = rng.choice([2, 3, 5, 6, 7, 10, 11, 13, 42, 50, 200, 1234])
    m = rng.randint(2, 12)
    t0 = op("*", str(m), op("sqrt", str(n)))
    t1 = op("*", str(m), _round(value(op("sqrt", str(n))), 4))
    return Chain((t0, t1, Num(_round(value(t1), 3))), ("\\approx", "="))


def _logarithm(rng: random.Random) -> Chain:
    a, b = rng.randint(2, 30), rng.randint(2, 30)
    t0 = op("+", op("ln", str(a)), op("ln", str(b)))
    t1 = op("ln", str(a * b))
    return Chain((t0, t1, Num(_round(value(t1), rng.randint(3, 5)))), ("=", "\\approx"))


def _percent(rng: random.Random) -> Chain:
    p, x = rng.choice(["15", "12.5", "8", "35", "2.5"]), rng.choice(["240", "80", "1250", "64"])
    frac = str(mpmath.mpf(p) / 100).rstrip("0")
    t0 = op("*", op("%", p), x)
    t1 = op("*", frac, x)
    exact = value(t1)
    text = _round(exact, 0) if exact == int(exact) else _round(exact, 3).rstrip("0")
    return Chain((t0, t1, Num(text)), ("=", "="))


def _product(rng: random.Random) -> Chain:
    a, b = f"{rng.randint(1, 99)}.{rng.randint(1, 9)}", f"{rng.randint(1, 9)}.{rng.randint(10, 99)}"
    t0 = op("*", a, b)
    exact = mpmath.mpf(a) * mpmath.mpf(b)
    return Chain((t0, Num(_round(exact, 3).rstrip("0").rstrip("."))), ("=",))


def _fractions(rng: random.Random) -> Chain:
    a, b = rng.randint(2, 19), rng.randint(2, 19)
    t0 = op("+", op("/", "1", str(a)), op("/", "1", str(b)))
    t1 = op("/", str(a + b), str(a * b))
    return Chain((t0, t1, Num(_round(value(t1), rng.randint(2, 5)))), ("=", "\\approx"))


SHAPES = {"power": _power, "money": _money, "quotient": _quotient, "discount": _discount,
          "exponential": _exponential, "root": _root, "logarithm": _logarithm, "percent": _percent,
          "product": _product, "fractions": _fractions}


# ---------------------------------------------------------------------------------------------------------
# mutations


def _paths(t, path=()):
    """Every node's path in a term (the term itself first)."""
    yield path
    if isinstance(t, Op):
        for k, a in enumerate(t.args):
            yield from _paths(a, (*path, k))


def _get(t, path):
    for k in path:
        t = t.args[k]
    return t


def _put(t, path, new):
    if not path:
        return new
    args = list(t.args)
    args[path[0]] = _put(args[path[0]], path[1:], new)
    return replace(t, args=tuple(args))


def _digit_mutants(text: str, rng: random.Random) -> list[str]:
    """A digit dropped or doubled, the decimal point moved, one digit changed."""
    sign, body = ("-", text[1:]) if text.startswith("-") else ("", text)
    digits = [k for k, c in enumerate(body) if c.isdigit()]
    out = []
    k = rng.choice(digits)
    out.append(body[:k] + body[k + 1:])  # dropped
    out.append(body[:k] + body[k] + body[k:])  # doubled
    out.append(body[:k] + str((int(body[k]) + rng.randint(1, 9)) % 10) + body[k + 1:])  # changed
    if "." in body:
        p = body.index(".")
        bare = body.replace(".", "")
        q = p + rng.choice([-1, 1])
        if 0 < q < len(bare):
            out.append(bare[:q] + "." + bare[q:])  # the point moved
        if body.startswith("1.0") and len(body) > 3:
            out.append("1." + body[3:])  # the zero after the point dropped (1.05 -> 1.5)
    else:
        out.append(body + "0")
    good = []
    for m in out:
        m = m.lstrip("0") or "0"
        if m.startswith("."):
            m = "0" + m
        if m.endswith("."):
            m = m[:-1]
        if m and m != body and any(c.isdigit() for c in m):
            good.append(sign + m)
    return good


def mutants(chain: Chain, rng: random.Random) -> list[tuple[int, Chain, str]]:
    """Chains with one term (never the first: the problem as given) changed, with the index of that term and
    the kind of slip."""
    out = []
    for j in range(1, len(chain.terms)):
        t = chain.terms[j]
        for path in _paths(t):
            node = _get(t, path)
            if isinstance(node, Num):
                for m in _digit_mutants(node.text, rng):
                    out.append((j, _put(t, path, Num(m)), "digit"))
            elif node.op in ("/", "^", "-") and node.args[0] != node.args[1]:
                out.append((j, _put(t, path, replace(node, args=node.args[::-1])), "swap"))
            if isinstance(node, Op) and node.op == "^" and isinstance(node.args[1], Num):
                e = node.args[1].text
                if e.isdigit():
                    # (sorted: a set of strings iterates in an order that changes with the process's hash seed, and the
                    # same seed must give the same chains)
                    for m in sorted({str(int(e) + 1), str(max(int(e) - 1, 0)), e + "0"} - {e}):
                        out.append((j, _put(t, path, replace(node, args=(node.args[0], Num(m)))), "exponent"))
    return [(j, replace(chain, terms=(*chain.terms[:j], new, *chain.terms[j + 1:])), kind) for j, new, kind in out]


def generate(seed: int, count: int, shapes=None) -> list[tuple[str, Chain, int, str]]:
    """``count`` mutated chains: (shape, chain, the mutated term's index, the kind of slip), each with at least
    one link false beyond rounding."""
    rng = random.Random(seed)
    names = sorted(shapes or SHAPES)
    out = []
    while len(out) < count:
        shape = rng.choice(names)
        chain = SHAPES[shape](rng)
        candidates = mutants(chain, rng)
        rng.shuffle(candidates)
        for j, mutant, kind in candidates:
            try:
                false = [k for k in range(len(mutant.rels)) if mutant.false_beyond_rounding(k)]
            except Exception:
                continue
            if false and len(latex(mutant.terms[j])) < 80:
                out.append((shape, mutant, j, kind))
                break
    return out
