"""Inequalities as an instructor writes them in an answer key, true as written or with one planted slip: the
generator of the soundness property of inequality checking (a false inequality is never called correct, a true
one never called wrong).

It knows nothing of lnsym and does not use SymPy. Each case is a short Markdown paragraph with exactly one claimed
inequality, or one chain ``A \\le B = C < D``, between ``$...$``, after its hypotheses (``For $x > 0$, ...``,
``Since $0 \\le a \\le 2$ and $0 \\le b \\le 3$, ...``, ``By Bernoulli's inequality, ...``). A true claim is an
instance of a known theorem by construction (1 + x <= e^x, Bernoulli, AM-GM, the triangle inequality,
Cauchy-Schwarz, ...); a false one carries one slip people make: the direction flipped, a constant or a
coefficient changed, a hypothesis dropped or changed, an exponent or a sign changed, a term dropped, a wrong digit,
a numeric bound too tight.

The oracle reads the LaTeX itself (a small reader of the plain LaTeX written here: ``\\frac``, ``\\sqrt``,
``\\sqrt[3]``, ``e^{...}``, ``\\ln``, ``|...|``, ``n!``, ``\\cdot``, implicit products) and evaluates it with mpmath
at 50 digits on a sample of the hypothesis region (a grid of simple values, the boundary, random points; integers
where the hypothesis says integer). A false case ships only with a witness: a point inside the stated hypotheses
where the claim (the slipped link of a chain) fails by more than 1e-9 relative (absolute below 1). A true case
ships only if no sample point violates it; if one does, the construction is wrong and ``generate`` raises.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
import zlib
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from fractions import Fraction

import mpmath

mpmath.mp.dps = 50


@dataclass(frozen=True)
class Case:
    """A paragraph and the one statement in it that is checked (its LaTeX as written), true or slipped."""

    text: str
    claim: str
    true: bool
    family: str
    slip: str  # "" for a true case
    witness: dict  # variable -> decimal string, inside the hypotheses, where the claim fails; {} if true
    link: int = -1  # the 0-based link of the claim that is false (0 for a single inequality); -1 if true
    hypotheses: tuple = ()  # the hypotheses as LaTeX relations ("x > 0", "0 \\le a \\le 2", "|u| \\le 1")
    integers: tuple = ()  # the variables the hypotheses say are integers


# --- a reader of the plain LaTeX written here -------------------------------------------------------------------

RELATIONS = {"\\le": "le", "\\leq": "le", "\\ge": "ge", "\\geq": "ge", "<": "lt", ">": "gt", "=": "eq"}
GREEK = {"\\delta", "\\epsilon", "\\varepsilon", "\\theta", "\\lambda", "\\alpha", "\\beta"}
_TOKEN = re.compile(r"\\[a-zA-Z]+|\\[,;! ]|\d+(?:\.\d+)?|[a-zA-Z]|\S")
_SKIP = {"\\left", "\\right", "\\,", "\\;", "\\!", "\\ "}


class _Undefined(Exception):
    """The expression has no real value at the point (a logarithm of 0, a division by 0, ...)."""


class _Reader:
    def __init__(self, text: str):
        self.toks = [t for t in _TOKEN.findall(text) if t not in _SKIP]
        self.i = 0
        self.bars = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, want=None):
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise ValueError(f"expected {want!r}, got {tok!r} in {' '.join(self.toks)}")
        self.i += 1
        return tok

    def chain(self):
        terms, rels = [self.expr()], []
        while self.peek() in RELATIONS:
            rels.append(RELATIONS[self.take()])
            terms.append(self.expr())
        if self.peek() is not None:
            raise ValueError(f"unread {self.toks[self.i:]}")
        return terms, rels

    def expr(self):
        sign = None
        if self.peek() in ("+", "-"):
            sign = self.take()
        t = self.term()
        if sign == "-":
            t = ("neg", t)
        while self.peek() in ("+", "-"):
            op = self.take()
            t = (op, t, self.term())
        return t

    def _starts(self, tok) -> bool:
        if tok is None:
            return False
        if tok == "|":
            return self.bars == 0
        return (len(tok) == 1 and tok.isalpha()) or tok in GREEK or tok in (
            "(", "\\frac", "\\sqrt", "\\ln", "\\log", "\\exp", "\\pi")

    def term(self):
        f = self.factor()
        while True:
            if self.peek() in ("\\cdot", "\\times"):
                self.take()
                f = ("*", f, self.factor())
            elif self._starts(self.peek()):
                f = ("*", f, self.factor())
            else:
                return f

    def factor(self):
        a = self.atom()
        while self.peek() in ("^", "!"):
            a = ("!", a) if self.take() == "!" else ("^", a, self.exponent())
        return a

    def exponent(self):
        if self.peek() == "{":
            self.take()
            e = self.expr()
            self.take("}")
            return e
        tok = self.take()
        if re.fullmatch(r"\d", tok):
            return ("num", tok)
        if len(tok) == 1 and tok.isalpha():
            return ("e",) if tok == "e" else ("var", tok)
        raise ValueError(f"exponent {tok!r} without braces")

    def group(self):
        self.take("{")
        e = self.expr()
        self.take("}")
        return e

    def atom(self):
        tok = self.take()
        if re.fullmatch(r"\d+(?:\.\d+)?", tok):
            return ("num", tok)
        if tok == "e":
            return ("e",)
        if tok == "\\pi":
            return ("pi",)
        if (len(tok) == 1 and tok.isalpha()) or tok in GREEK:
            return ("var", tok)
        if tok == "(":
            e = self.expr()
            self.take(")")
            return e
        if tok == "{":
            e = self.expr()
            self.take("}")
            return e
        if tok == "\\frac":
            return ("/", self.group(), self.group())
        if tok == "\\sqrt":
            n = "2"
            if self.peek() == "[":
                self.take()
                n = self.take()
                self.take("]")
            return ("root", int(n), self.group())
        if tok in ("\\ln", "\\log", "\\exp"):
            arg = self.atom() if self.peek() == "(" else self.factor()
            return ("exp" if tok == "\\exp" else "ln", arg)
        if tok == "|":
            self.bars += 1
            e = self.expr()
            self.take("|")
            self.bars -= 1
            return ("abs", e)
        raise ValueError(f"cannot read {tok!r}")


@functools.lru_cache(maxsize=4096)
def parse(text: str):
    """The terms and the relations (``le``, ``lt``, ``ge``, ``gt``, ``eq``) of a chain written in LaTeX (tuples:
    read once, a hypothesis is read again at every sample point)."""
    terms, rels = _Reader(text).chain()
    return tuple(terms), tuple(rels)


@functools.cache
def _mpf(text: str):
    """``mpmath.mpf(text)`` at the module's 50 digits, read once (mpf is immutable): reading decimal strings was
    a third of the generator's time."""
    return mpmath.mpf(text)


def variables(tree) -> set:
    if tree[0] == "var":
        return {tree[1]}
    return set().union(*(variables(a) for a in tree[1:] if isinstance(a, tuple)))


def value(tree, at: dict):
    """The value of a tree at a point (names -> mpf), with mpmath; raises _Undefined where it has none."""
    op = tree[0]
    if op == "num":
        return _mpf(tree[1])
    if op == "var":
        return at[tree[1]]
    if op == "e":
        return mpmath.e
    if op == "pi":
        return mpmath.pi
    if op == "neg":
        return -value(tree[1], at)
    if op == "abs":
        return abs(value(tree[1], at))
    if op == "!":
        n = value(tree[1], at)
        if n < 0 or n != int(n):
            raise _Undefined
        return mpmath.factorial(n)
    if op == "ln":
        x = value(tree[1], at)
        if x <= 0:
            raise _Undefined
        return mpmath.log(x)
    if op == "exp":
        return mpmath.exp(value(tree[1], at))
    if op == "root":
        x = value(tree[2], at)
        if tree[1] % 2 == 0 and x < 0:
            raise _Undefined
        return mpmath.sign(x) * mpmath.root(abs(x), tree[1])
    a, b = value(tree[1], at), value(tree[2], at)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        if b == 0:
            raise _Undefined
        return a / b
    if op == "^":
        if tree[1] == ("e",):
            return mpmath.exp(b)
        if a == 0 and b <= 0:
            raise _Undefined
        if a < 0 and b != int(b):
            raise _Undefined
        if b == int(b):
            return a ** int(b)
        return mpmath.power(a, b)
    raise ValueError(op)


NOISE = mpmath.mpf("1e-35")  # below this, relative, two values at 50 digits are equal
MARGIN = mpmath.mpf("1e-9")  # a false link fails by more than this, relative (absolute below 1)


def excess(lhs, rel: str, rhs):
    """How far ``lhs rel rhs`` is from holding, relative to max(|lhs|, |rhs|, 1): <= 0 when it holds with room."""
    scale = max(abs(lhs), abs(rhs), mpmath.mpf(1))
    if rel in ("le", "lt"):
        return (lhs - rhs) / scale
    if rel in ("ge", "gt"):
        return (rhs - lhs) / scale
    return abs(lhs - rhs) / scale


def holds(lhs, rel: str, rhs) -> bool:
    """Does the relation hold, up to the noise of 50 digits (a strict one with room beyond it)?"""
    d = excess(lhs, rel, rhs)
    return d < -NOISE if rel in ("lt", "gt") else d <= NOISE


def fails(lhs, rel: str, rhs) -> bool:
    """Does the relation fail by a clear margin?"""
    return excess(lhs, rel, rhs) > MARGIN


def link_values(parsed, at: dict):
    terms, rels = parsed
    vals = [value(t, at) for t in terms]
    return [(vals[i], rels[i], vals[i + 1]) for i in range(len(rels))]


def inside(hypotheses, at: dict) -> bool:
    """Does the point satisfy every hypothesis exactly (at 50 digits)?"""
    for h in hypotheses:
        for lhs, rel, rhs in link_values(parse(h), at):
            ok = {"le": lhs <= rhs, "lt": lhs < rhs, "ge": lhs >= rhs, "gt": lhs > rhs, "eq": lhs == rhs}[rel]
            if not ok:
                return False
    return True


def point(witness: dict) -> dict:
    return {k: _mpf(v) for k, v in witness.items()}


# --- the sample of a hypothesis region ---------------------------------------------------------------------------

_NICE = ["0", "1", "-1", "0.5", "-0.5", "2", "-2", "3", "-3", "0.25", "-0.25", "1.5", "-1.5", "0.1", "-0.1",
         "4", "-4", "5", "-5", "10", "-10", "0.75", "-0.75", "0.01", "-0.01", "0.9", "1.1", "-0.9", "6", "7", "8",
         "9", "-6", "-8", "2.5", "-2.5", "20", "-20", "50", "-50", "100", "-100", "0.001", "-0.001", "1e-6"]
SPAN = 12  # an unbounded side is sampled to here at random (and to 100 by the simple values)


def _bounds(hypotheses, name: str):
    """The interval [lo, hi] (Fractions or None) a variable is confined to by hypotheses of the form
    ``x rel c``, ``c rel x``, ``c1 rel x rel c2`` or ``|x| \\le c``."""
    lo = hi = None

    def const(t):
        if variables(t):
            return None
        return Fraction(str(mpmath.nstr(value(t, {}), 30)))

    def clip(low=None, high=None):
        nonlocal lo, hi
        if low is not None and (lo is None or low > lo):
            lo = low
        if high is not None and (hi is None or high < hi):
            hi = high

    for h in hypotheses:
        terms, rels = parse(h)
        for i, rel in enumerate(rels):
            left, right = terms[i], terms[i + 1]
            if rel in ("ge", "gt"):
                left, right = right, left
            if rel == "eq":
                continue
            if left == ("var", name) and (c := const(right)) is not None:
                clip(high=c)
            elif right == ("var", name) and (c := const(left)) is not None:
                clip(low=c)
            elif left == ("abs", ("var", name)) and (c := const(right)) is not None:
                clip(-c, c)
    return lo, hi


def _decimal(q) -> str:
    d = Decimal(q.numerator) / Decimal(q.denominator) if isinstance(q, Fraction) else Decimal(q)
    s = format(d.normalize(), "f")
    return "0" if s in ("-0", "0") else s


def _values(lo, hi, integer: bool, rng: random.Random) -> list[str]:
    """Simple values first, then the boundary and its neighbours, then random ones, all in [lo, hi]."""
    low = Fraction(-SPAN) if lo is None else lo
    high = Fraction(SPAN) if hi is None else hi
    out: list[str] = []

    def add(q):
        q = Fraction(q)
        if (lo is None or q >= lo) and (hi is None or q <= hi) and (not integer or q.denominator == 1):
            s = _decimal(q)
            if s not in out:
                out.append(s)

    if integer:
        start = int(low) if lo is not None else -SPAN
        for k in range(start, start + 26):
            add(k)
        for k in (30, 40, 50, -30, -50):
            add(k)
        for _ in range(10):
            add(rng.randint(int(low), int(high)))
        return out
    for s in _NICE:
        add(Fraction(Decimal(s)))
    for b in (lo, hi):
        if b is not None:
            for step in (0, Fraction(1, 10**6), Fraction(1, 1000), Fraction(1, 10)):
                add(b + step)
                add(b - step)
    add((low + high) / 2)
    add((3 * low + high) / 4)
    add((low + 3 * high) / 4)
    for _ in range(20):
        add(Fraction(round(rng.uniform(float(low), float(high)), 3)).limit_denominator(1000))
    return out


def sample(hypotheses, integers, names, rng: random.Random, budget: int = 700) -> list[dict]:
    """Points (name -> decimal string) of the hypothesis region: a grid of the first values, then random
    combinations; not yet filtered by the hypotheses."""
    names = sorted(names)
    lists = {v: _values(*_bounds(hypotheses, v), v in integers, rng) for v in names}
    if not names:
        return [{}]
    m = max(2, round((budget / 2) ** (1 / len(names))))
    points = [dict(zip(names, combo, strict=False)) for combo in itertools.product(*(lists[v][:m] for v in names))]
    points += [{v: rng.choice(lists[v]) for v in names} for _ in range(budget - len(points))]
    return points


class ConstructionError(AssertionError):
    """A case built as true fails somewhere in its hypotheses: the generator is wrong, not the case."""


def links(claim: str) -> list[str]:
    """The links ``A \\le B`` of a claim written ``A \\le B = C < D`` (its relations outside braces), each as
    ``A rel B``: the statements a checker reports one by one."""
    rel = re.compile(r"\\leq?(?![a-zA-Z])|\\geq?(?![a-zA-Z])|<|>|=")
    terms, rels, depth, start, k = [], [], 0, 0, 0
    while k < len(claim):
        c = claim[k]
        depth += (c == "{") - (c == "}")
        m = rel.match(claim, k) if depth == 0 else None
        if m is not None:
            terms.append(claim[start:k].strip())
            rels.append(m.group())
            start = k = m.end()
            continue
        k += 1
    terms.append(claim[start:].strip())
    return [f"{a} {r} {b}" for a, r, b in zip(terms, rels, terms[1:], strict=False)]


def judge(claim: str, hypotheses, integers, slipped: int, seed_text: str):
    """For a true claim (slipped == -1) None after checking every sample point; for a slipped one the witness
    (a dict of decimal strings) where that link fails by a margin while every other link holds everywhere, or
    None if there is none (the slip is not false, or a second link is)."""
    parsed = parse(claim)
    names = set().union(*(variables(t) for t in parsed[0]))
    for h in hypotheses:
        names |= set().union(*(variables(t) for t in parse(h)[0]))
    rng = random.Random(zlib.crc32(seed_text.encode()))
    witness = None
    for p in sample(hypotheses, integers, names, rng):
        at = point(p)
        if not inside(hypotheses, at):
            continue
        try:
            links = link_values(parsed, at)
        except _Undefined:
            if slipped < 0:
                raise ConstructionError(f"{claim} undefined at {p} under {hypotheses}") from None
            continue
        for i, (lhs, rel, rhs) in enumerate(links):
            if i == slipped:
                if witness is None and fails(lhs, rel, rhs):
                    witness = p
            elif not holds(lhs, rel, rhs):
                if slipped < 0:
                    raise ConstructionError(f"{claim} fails at {p} under {hypotheses} (link {i})")
                return None
    return witness


# --- writing -----------------------------------------------------------------------------------------------------

REALS = ["x", "t", "u", "s", "y", "z", "v", "w"]
PAIRS = [("a", "b"), ("x", "y"), ("u", "v"), ("s", "t"), ("p", "q")]
INTS = ["n", "k", "m"]


def br(s) -> str:
    return "{" + str(s) + "}"


def pw(base: str, p) -> str:
    """``x^2``, ``x^{12}``, ``(1 + x)^{n}``; the power 1 is the base."""
    if str(p) == "1":
        return str(base)
    p = str(p)
    return f"{base}^{p}" if len(p) == 1 and p.isdigit() else f"{base}^{br(p)}"


def times(c, x: str) -> str:
    """``3x``, ``x``, ``-x``."""
    return x if c == 1 else "-" + x if c == -1 else f"{c}{x}"


def plus(*terms) -> str:
    """A sum of LaTeX terms and integers, with ``- 3`` for ``+ -3`` and zeros left out."""
    out = ""
    for t in terms:
        t = str(t)
        if t in ("0", ""):
            continue
        if not out:
            out = t
        elif t.startswith("-"):
            out += " - " + t[1:]
        else:
            out += " + " + t
    return out or "0"


def frac(q: Fraction) -> str:
    if q.denominator == 1:
        return str(q.numerator)
    sign = "-" if q < 0 else ""
    return f"{sign}\\frac{br(abs(q.numerator))}{br(q.denominator)}"


def up(x, digits: int) -> str:
    """The decimal with ``digits`` significant digits just above ``x`` (> 0)."""
    return _cut(x, digits, ROUND_CEILING)


def down(x, digits: int) -> str:
    return _cut(x, digits, ROUND_FLOOR)


def _cut(x, digits, rounding) -> str:
    d = Decimal(mpmath.nstr(x, 45, min_fixed=-mpmath.inf, max_fixed=mpmath.inf))
    q = Decimal(1).scaleb(d.adjusted() - digits + 1)
    return _decimal(d.quantize(q, rounding=rounding))


FLIP = {"\\le": "\\ge", "\\ge": "\\le", "<": ">", ">": "<"}


def hyp_clause(rng: random.Random, shown: str, claim: str) -> str:
    """A sentence stating ``claim`` under the hypotheses ``shown`` (Markdown with its own ``$...$``)."""
    forms = ["For {h}, we have ${c}$.", "Since {h}, ${c}$.", "Assume {h}. Then ${c}$.", "If {h}, then ${c}$.",
             "For {h}: ${c}$.", "Whenever {h}, it follows that ${c}$.", "Let {h}. Then ${c}$."]
    return rng.choice(forms).format(h=shown, c=claim)


def all_clause(rng: random.Random, names, claim: str) -> str:
    """A sentence stating ``claim`` for all real values of ``names``."""
    v = ", ".join(f"${n}$" for n in names) if len(names) == 1 else "$" + ", ".join(names) + "$"
    forms = ["For every real {v}, ${c}$.", "For all real {v} we have ${c}$.", "${c}$ for all real {v}.",
             "Whatever the real number{s} {v}, ${c}$."]
    return rng.choice(forms).format(v=v, c=claim, s="s" if len(names) > 1 else "")


def by(theorem: str, rng: random.Random, sentence: str) -> str:
    """The sentence with ``By <theorem>,`` in front, at random, where that reads well."""
    if not theorem or rng.random() < 0.4 or not sentence.startswith(("For ", "If ", "Since ", "$")):
        return sentence
    return f"By {theorem}, " + (sentence if sentence[0] == "$" else sentence[0].lower() + sentence[1:])


@dataclass(frozen=True)
class Draft:
    """A case before the oracle: the paragraph, the claim, its hypotheses and the slip (and its link)."""

    family: str
    text: str
    claim: str
    hypotheses: tuple = ()
    integers: tuple = ()
    slip: str = ""
    link: int = 0


def _pick(rng, slips: dict, true: bool):
    """The true claim (slip "") or a slip chosen at random from those offered."""
    if true:
        return "", slips[""]
    kinds = [k for k in slips if k]
    others = [k for k in kinds if k != "direction"]
    # the direction is a slip of every family: drawn less often, so that the others are seen
    kind = rng.choice(others if others and rng.random() < 0.7 else kinds)
    return kind, slips[kind]


# --- the families ------------------------------------------------------------------------------------------------


def numeric(rng: random.Random, true: bool) -> Draft:
    form = rng.choice(["bound", "bound", "powers", "roots", "euler"])
    if form == "bound":
        b = rng.choice(["1.01", "1.02", "1.03", "1.05", "1.1", "0.99", "0.98", "0.95", "0.9"])
        x = rng.choice([
            pw(b, rng.randint(10, 99)), f"\\sqrt{br(rng.choice([2, 3, 5, 6, 7, 10, 11, 13, 17, 19, 23, 30, 50]))}",
            f"\\sqrt[3]{br(rng.choice([2, 3, 4, 5, 7, 9, 10, 20]))}", f"\\ln {rng.choice([2, 3, 5, 7, 10, 20])}",
            pw("e", rng.choice(["-1", "-2", "0.5", "-0.5", "2", "3", "0.1", "1.5", "-0.3"])), "e", "\\pi",
            "\\pi^2", f"(1 + {rng.choice(['0.1', '0.05', '0.02', '0.01'])})^{br(rng.choice([10, 20, 50, 100]))}"])
        v = value(parse(x)[0][0], {})
        digits = rng.randint(3, 6)
        upper = rng.random() < 0.5
        rel = rng.choice(["<", "\\le"] if upper else [">", "\\ge"])

        def bound(gap, right):  # a bound `gap` (relative) away from v, on the side where `rel` holds if right
            above = upper == right
            return up(v * (1 + gap), digits) if above else down(v * (1 - gap), digits)

        def stated(r, bnd):
            return f"{x} {r} {bnd}" if rng.random() < 0.75 else f"{bnd} {FLIP[r]} {x}"

        if true:
            return Draft("numeric", "", stated(rel, bound(rng.choice([2e-6, 1e-5, 1e-4, 1e-3, 1e-2]), True)))
        kind = rng.choice(["direction", "tight", "digit"])
        if kind == "direction":
            return Draft("numeric", "", stated(FLIP[rel], bound(rng.choice([1e-4, 1e-3, 1e-2]), True)), slip=kind)
        if kind == "tight":
            return Draft("numeric", "", stated(rel, bound(rng.choice([1e-5, 1e-4, 1e-3]), False)), slip=kind)
        good = bound(rng.choice([1e-5, 1e-4, 1e-3]), True)
        code = {"<": "lt", "\\le": "le", ">": "gt", "\\ge": "ge"}[rel]
        wrong = [good[:i] + d + good[i + 1:] for i, ch in enumerate(good) if ch.isdigit() and (i or len(good) == 1)
                 for d in "0123456789" if d != ch]
        wrong = [w for w in wrong if excess(v, code, mpmath.mpf(w)) > 1e-5]
        if not wrong:
            return Draft("numeric", "", stated(rel, bound(1e-4, False)), slip="tight")
        return Draft("numeric", "", stated(rel, rng.choice(wrong)), slip="digit")
    if form == "powers":  # 2^{10} > 10^{3}
        while True:
            p, q = rng.sample([2, 3, 5, 6, 7, 10, 11, 12], 2)
            m = rng.randint(3, 12)
            k = max(1, round(m * mpmath.log(p) / mpmath.log(q)))
            if p**m != q**k:
                break
        rel = rng.choice(["<", "\\le"]) if p**m < q**k else rng.choice([">", "\\ge"])
        kind, (mm, r) = _pick(rng, {"": (m, rel), "direction": (m, FLIP[rel]),
                                    "exponent": (m + (1 if p**m < q**k else -1) * rng.randint(1, 2), rel)}, true)
        return Draft("numeric", "", f"{pw(p, mm)} {r} {pw(q, k)}", slip=kind)
    if form == "roots":  # \sqrt{2} + \sqrt{3} > \pi
        while True:
            a, b = rng.sample([2, 3, 5, 6, 7, 8, 10, 11, 12, 13], 2)
            left = f"\\sqrt{br(a)} + \\sqrt{br(b)}"
            v = mpmath.sqrt(a) + mpmath.sqrt(b)
            right = rng.choice(["\\pi", f"\\sqrt{br(a + b)}", str(int(mpmath.nint(v))),
                                f"\\sqrt{br(int(mpmath.nint(v * v)))}", f"2\\sqrt{br(int(mpmath.nint(v * v / 4)))}"])
            w = value(parse(right)[0][0], {})
            if 1e-4 < abs(v - w) / v < 0.3:
                break
        rel = rng.choice(["<", "\\le"]) if v < w else rng.choice([">", "\\ge"])
        kind, r = _pick(rng, {"": rel, "direction": FLIP[rel]}, true)
        return Draft("numeric", "", f"{left} {r} {right}", slip=kind)
    n = rng.choice([5, 10, 20, 50, 100])  # (1 + 0.1)^{10} < e < (1 + 0.1)^{11}
    h = _decimal(Fraction(1, n))
    minus = rng.random() < 0.3
    base = f"(1 - {h})" if minus else f"(1 + {h})"
    e = "e^{-1}" if minus else "e"
    if minus:  # (1 - 1/n)^n < 1/e < (1 - 1/n)^{n - 1}
        kind, (pp, r) = _pick(rng, {"": (n, "\\le"), "direction": (n, "\\ge"), "exponent": (n - 1, "\\le")}, true)
        claim = f"{pw(base, pp)} {r} {e}"
    elif rng.random() < 0.5:
        kind, (pp, r) = _pick(rng, {"": (n, "\\le"), "direction": (n, "\\ge"), "exponent": (n + 1, "\\le")}, true)
        claim = f"{pw(base, pp)} {r} {e}"
    else:
        kind, (pp, r) = _pick(rng, {"": (n + 1, ">"), "direction": (n + 1, "<"), "exponent": (n - 1, ">")}, true)
        claim = f"{pw(base, pp)} {r} {e}"
    return Draft("numeric", "", claim, slip=kind)


def _numeric_text(rng, d: Draft) -> Draft:
    say = rng.choice(["Numerically, ${c}$.", "Note that ${c}$.", "We will use the estimate ${c}$.",
                      "A direct computation gives ${c}$.", "Recall that ${c}$.", "In particular, ${c}$."])
    return Draft(d.family, say.format(c=d.claim), d.claim, slip=d.slip)


def exp(rng: random.Random, true: bool) -> Draft:
    x = rng.choice(REALS)
    ex = pw("e", x)
    form = rng.randrange(5)
    hyps: tuple = ()
    if form == 0:
        k = rng.choice([2, 3])
        kind, claim = _pick(rng, {"": rng.choice([f"1 + {x} \\le {ex}", f"{ex} \\ge 1 + {x}"]),
                                  "coefficient": f"1 + {k}{x} \\le {ex}", "direction": f"1 + {x} \\ge {ex}",
                                  "exponent": f"1 + {x}^2 \\le {ex}", "constant": f"{k} + {x} \\le {ex}"}, true)
    elif form == 1:
        good = f"{ex} \\ge 1 + {x} + \\frac{br(x + '^2')}{br(2)}"
        kind, claim = _pick(rng, {"": good, "dropped-hypothesis": good,
                                  "coefficient": f"{ex} \\ge 1 + {x} + {x}^2",
                                  "direction": f"{ex} \\le 1 + {x} + \\frac{br(x + '^2')}{br(2)}"}, true)
        hyps = () if kind == "dropped-hypothesis" else (f"{x} \\ge 0",)
    elif form == 2:
        kind, claim = _pick(rng, {"": f"{pw('e', '-' + x)} \\ge 1 - {x}", "sign": f"{pw('e', '-' + x)} \\ge 1 + {x}",
                                  "direction": f"{pw('e', '-' + x)} \\le 1 - {x}"}, true)
    elif form == 3:
        c = rng.randint(2, 5)
        kind, claim = _pick(rng, {"": f"{pw('e', f'{c}{x}')} \\ge 1 + {c}{x}",
                                  "coefficient": f"{pw('e', f'{c}{x}')} \\ge 1 + {c + 1}{x}",
                                  "direction": f"{pw('e', f'{c}{x}')} \\le 1 + {c}{x}"}, true)
    else:
        kind, claim = _pick(rng, {"": f"{ex} \\le \\frac{br(1)}{br('1 - ' + x)}",
                                  "hypothesis": f"{ex} \\le \\frac{br(1)}{br('1 - ' + x)}",
                                  "direction": f"{ex} \\ge \\frac{br(1)}{br('1 - ' + x)}"}, true)
        hyps = (f"{x} > -1",) if kind == "hypothesis" else (f"{x} < 1",)
    text = hyp_clause(rng, f"${hyps[0]}$", claim) if hyps else all_clause(rng, [x], claim)
    return Draft("exp", text, claim, hyps, slip=kind)


def log(rng: random.Random, true: bool) -> Draft:
    x = rng.choice(REALS)
    form = rng.randrange(4)
    if form == 0:
        hyp = f"{x} > -1"
        kind, claim = _pick(rng, {"": f"\\ln(1 + {x}) \\le {x}", "direction": f"\\ln(1 + {x}) \\ge {x}",
                                  "coefficient": f"\\ln(1 + {x}) \\le \\frac{br(x)}{br(2)}"}, true)
    elif form == 1:
        hyp = f"{x} > 0"
        kind, claim = _pick(rng, {"": f"\\ln {x} \\le {x} - 1", "constant": f"\\ln {x} \\le {x} - 2",
                                  "direction": f"\\ln {x} \\ge {x} - 1"}, true)
    elif form == 2:
        hyp = f"{x} > -1"
        kind, claim = _pick(rng, {"": f"\\ln(1 + {x}) \\ge \\frac{br(x)}{br('1 + ' + x)}",
                                  "direction": f"\\ln(1 + {x}) \\le \\frac{br(x)}{br('1 + ' + x)}",
                                  "term": f"\\ln(1 + {x}) \\ge {x}"}, true)
    else:
        hyp = f"{x} > 0"
        kind, claim = _pick(rng, {"": f"\\ln {x} < \\sqrt{br(x)}",
                                  "coefficient": f"\\ln {x} < \\frac{br(1)}{br(2)}\\sqrt{br(x)}",
                                  "direction": f"\\ln {x} > \\sqrt{br(x)}"}, true)
    return Draft("log", hyp_clause(rng, f"${hyp}$", claim), claim, (hyp,), slip=kind)


def bernoulli(rng: random.Random, true: bool) -> Draft:
    x = rng.choice(["x", "t", "u", "h", "y"])
    form = rng.randrange(5)
    theorem = "Bernoulli's inequality"
    if form == 0:  # general n
        n = rng.choice(INTS)
        lhs, rhs = pw(f"(1 + {x})", n), f"1 + {n}{x}"
        kind, claim = _pick(rng, {"": f"{lhs} \\ge {rhs}", "direction": f"{lhs} \\le {rhs}",
                                  "exponent": f"{lhs} \\ge 1 + {n}{x}^2", "sign": f"{lhs} \\ge 1 - {n}{x}",
                                  "hypothesis": f"{lhs} \\ge {rhs}"}, true)
        low = "-4" if kind == "hypothesis" else "-1"
        hyps = (f"{x} \\ge {low}", f"{n} \\ge 1")
        text = rng.choice([f"For ${hyps[0]}$ and every integer ${hyps[1]}$, ${claim}$.",
                           f"For every integer ${hyps[1]}$ and every real ${hyps[0]}$, we have ${claim}$.",
                           f"Let ${hyps[0]}$ and let ${n}$ be an integer with ${hyps[1]}$. Then ${claim}$.",
                           f"If ${hyps[0]}$ and ${n}$ is an integer with ${hyps[1]}$, then ${claim}$."])
        return Draft("bernoulli", by(theorem, rng, text), claim, hyps, (n,), kind)
    if form in (1, 2):
        odd = not true and rng.random() < 0.5
        n = rng.choice([3, 5, 7]) if odd else rng.randint(2, 9)
        lhs, rhs = pw(f"(1 + {x})", n), f"1 + {n}{x}"
        slips = {"": f"{lhs} \\ge {rhs}", "direction": f"{lhs} \\le {rhs}", "exponent": f"{lhs} \\ge 1 + {n}{x}^2",
                 "sign": f"{lhs} \\ge 1 - {n}{x}", "constant": f"{lhs} \\ge 2 + {n}{x}"}
        if odd:
            slips = {"hypothesis": slips[""], "dropped-hypothesis": slips[""]}
        kind, claim = _pick(rng, slips, true)
        if kind == "dropped-hypothesis" or (true and n % 2 == 0 and rng.random() < 0.3):
            return Draft("bernoulli", all_clause(rng, [x], claim), claim, (), slip=kind)
        low = rng.choice(["-4", "-5", "-10"]) if kind == "hypothesis" else "-1"
        if true and rng.random() < 0.25:
            low = "-2"  # Bernoulli's inequality holds for x >= -2 too
        hyp = f"{x} \\ge {low}"
        return Draft("bernoulli", by(theorem, rng, hyp_clause(rng, f"${hyp}$", claim)), claim, (hyp,), slip=kind)
    if form == 3:
        n = rng.randint(2, 9)
        lhs, rhs = pw(f"(1 - {x})", n), f"1 - {n}{x}"
        kind, claim = _pick(rng, {"": f"{lhs} \\ge {rhs}", "direction": f"{lhs} \\le {rhs}",
                                  "sign": f"{lhs} \\ge 1 + {n}{x}"}, true)
        hyp = f"{x} \\le 1"
        return Draft("bernoulli", by(theorem, rng, hyp_clause(rng, f"${hyp}$", claim)), claim, (hyp,), slip=kind)
    half = f"1 + \\frac{br(x)}{br(2)}"
    kind, claim = _pick(rng, {"": f"\\sqrt{br('1 + ' + x)} \\le {half}",
                              "direction": f"\\sqrt{br('1 + ' + x)} \\ge {half}",
                              "coefficient": f"\\sqrt{br('1 + ' + x)} \\le 1 + \\frac{br(x)}{br(3)}"}, true)
    hyp = f"{x} \\ge -1"
    return Draft("bernoulli", by(theorem, rng, hyp_clause(rng, f"${hyp}$", claim)), claim, (hyp,), slip=kind)


def _nonneg(rng, names) -> tuple[str, tuple]:
    hyps = tuple(f"{v} \\ge 0" for v in names)
    shown = rng.choice(["$" + ", ".join(names) + " \\ge 0$",
                        ", ".join(f"${h}$" for h in hyps[:-1]) + f" and ${hyps[-1]}$"])
    return shown, hyps


def am_gm(rng: random.Random, true: bool) -> Draft:
    form = rng.randrange(7)
    theorem = rng.choice(["AM-GM", "the AM-GM inequality"])
    if form in (0, 1):
        x = rng.choice(REALS)
        if form == 0:
            c = rng.randint(2, 9)
            lhs, m = f"{x} + \\frac{br(c * c)}{br(x)}", 2 * c
        else:
            p, q = rng.randint(2, 5), rng.randint(1, 7)
            lhs, m = f"{p * p}{x} + \\frac{br(q * q)}{br(x)}", 2 * p * q
        kind, claim = _pick(rng, {"": f"{lhs} \\ge {m}", "constant": f"{lhs} \\ge {m + rng.randint(1, 2)}",
                                  "direction": f"{lhs} \\le {m}", "hypothesis": f"{lhs} \\ge {m}"}, true)
        hyp = f"{x} < 0" if kind == "hypothesis" else f"{x} > 0"
        return Draft("am-gm", by(theorem, rng, hyp_clause(rng, f"${hyp}$", claim)), claim, (hyp,), slip=kind)
    a, b = rng.choice(PAIRS)
    if form == 2:
        g = f"\\frac{br(a + ' + ' + b)}{br(2)}"
        kind, claim = _pick(rng, {"": f"{g} \\ge \\sqrt{br(a + b)}", "direction": f"{g} \\le \\sqrt{br(a + b)}",
                                  "dropped-hypothesis": f"{g} \\ge \\sqrt{br(a + b)}", "exponent": f"{g} \\ge {a}{b}"},
                            true)
        if kind == "dropped-hypothesis":
            return Draft("am-gm", all_clause(rng, [a, b], claim), claim, (), slip=kind)
        shown, hyps = _nonneg(rng, [a, b])
        return Draft("am-gm", by(theorem, rng, hyp_clause(rng, shown, claim)), claim, hyps, slip=kind)
    if form == 3:
        kind, claim = _pick(rng, {"": f"{a}^2 + {b}^2 \\ge 2{a}{b}", "constant": f"{a}^2 + {b}^2 \\ge 3{a}{b}",
                                  "direction": f"{a}^2 + {b}^2 \\le 2{a}{b}"}, true)
        return Draft("am-gm", all_clause(rng, [a, b], claim), claim, (), slip=kind)
    if form == 4:
        kind, claim = _pick(rng, {"": f"{a}{b} \\le \\frac{br(f'({a} + {b})^2')}{br(4)}",
                                  "constant": f"{a}{b} \\le \\frac{br(f'({a} + {b})^2')}{br(5)}",
                                  "direction": f"{a}{b} \\ge \\frac{br(f'({a} + {b})^2')}{br(4)}"}, true)
        return Draft("am-gm", all_clause(rng, [a, b], claim), claim, (), slip=kind)
    a, b, c = rng.choice([("a", "b", "c"), ("x", "y", "z"), ("p", "q", "r"), ("u", "v", "w")])
    if form == 5:
        good = f"{a}^3 + {b}^3 + {c}^3 \\ge 3{a}{b}{c}"
        kind, claim = _pick(rng, {"": good, "dropped-hypothesis": good,
                                  "constant": f"{a}^3 + {b}^3 + {c}^3 \\ge 4{a}{b}{c}"}, true)
        if kind == "dropped-hypothesis":
            return Draft("am-gm", all_clause(rng, [a, b, c], claim), claim, (), slip=kind)
        shown, hyps = _nonneg(rng, [a, b, c])
        return Draft("am-gm", by(theorem, rng, hyp_clause(rng, shown, claim)), claim, hyps, slip=kind)
    mean = f"\\frac{br(a + ' + ' + b + ' + ' + c)}{br(3)}"
    kind, claim = _pick(rng, {"": f"{mean} \\ge \\sqrt[3]{br(a + b + c)}",
                              "direction": f"{mean} \\le \\sqrt[3]{br(a + b + c)}",
                              "exponent": f"{mean} \\ge \\sqrt{br(a + b + c)}"}, true)
    shown, hyps = _nonneg(rng, [a, b, c])
    return Draft("am-gm", by(theorem, rng, hyp_clause(rng, shown, claim)), claim, hyps, slip=kind)


def triangle(rng: random.Random, true: bool) -> Draft:
    form = rng.randrange(6)
    a, b = rng.choice(PAIRS)
    theorem = rng.choice(["the triangle inequality", ""])
    if form == 0:
        kind, claim = _pick(rng, {"": f"|{a} + {b}| \\le |{a}| + |{b}|", "direction": f"|{a} + {b}| \\ge |{a}| + |{b}|",
                                  "sign": f"|{a} - {b}| \\le |{a}| - |{b}|"}, true)
        return Draft("triangle", by(theorem, rng, all_clause(rng, [a, b], claim)), claim, (), slip=kind)
    if form == 1:
        theorem = rng.choice(["the reverse triangle inequality", ""])
        kind, claim = _pick(rng, {"": f"||{a}| - |{b}|| \\le |{a} - {b}|",
                                  "direction": f"||{a}| - |{b}|| \\ge |{a} - {b}|",
                                  "term": f"||{a}| - |{b}|| \\le |{a}| - |{b}|",
                                  "sign": f"|{a} - {b}| \\le |{a}| - |{b}|"}, true)
        return Draft("triangle", by(theorem, rng, all_clause(rng, [a, b], claim)), claim, (), slip=kind)
    x = rng.choice(REALS)
    if form == 2:
        p, q = rng.randint(2, 5), rng.choice([-1, 1]) * rng.randint(1, 9)
        inner = plus(times(p, x), q) if rng.random() < 0.6 else plus(q, times(-p, x))
        rhs = f"{p}|{x}| + {abs(q)}"
        kind, claim = _pick(rng, {"": f"|{inner}| \\le {rhs}", "direction": f"|{inner}| \\ge {rhs}",
                                  "constant": f"|{inner}| \\le {p}|{x}| + {abs(q) - 1}"}, true)
        return Draft("triangle", by(theorem, rng, all_clause(rng, [x], claim)), claim, (), slip=kind)
    if form == 3:
        c = rng.randint(1, 9)
        kind, claim = _pick(rng, {"": f"|{x} - {c}| \\ge |{x}| - {c}", "direction": f"|{x} - {c}| \\le |{x}| - {c}",
                                  "constant": f"|{x} - {c}| \\ge |{x}| - {c - 1}"}, true)
        return Draft("triangle", by(theorem, rng, all_clause(rng, [x], claim)), claim, (), slip=kind)
    if form == 4:
        r = rng.choice([1, 2, 3, Fraction(1, 2)])
        p, q = rng.randint(1, 5), rng.choice([-1, 1]) * rng.randint(1, 9)
        inner = plus(times(p, x), q)
        m = p * r + abs(q)
        kind, claim = _pick(rng, {"": f"|{inner}| \\le {frac(Fraction(m))}",
                                  "constant": f"|{inner}| \\le {frac(Fraction(m) - rng.choice([1, Fraction(1, 2)]))}",
                                  "direction": f"|{inner}| \\ge {frac(Fraction(m))}"}, true)
        hyp = f"|{x}| \\le {frac(Fraction(r))}"
        return Draft("triangle", hyp_clause(rng, f"${hyp}$", claim), claim, (hyp,), slip=kind)
    z = rng.choice([v for v in REALS if v not in (a, b)])
    kind, claim = _pick(rng, {"": f"|{a} - {b}| \\le |{a} - {z}| + |{z} - {b}|",
                              "term": f"|{a} - {b}| \\le |{a} - {z}| + |{b}|",
                              "direction": f"|{a} - {b}| \\ge |{a} - {z}| + |{z} - {b}|"}, true)
    return Draft("triangle", by(theorem, rng, all_clause(rng, [a, b, z], claim)), claim, (), slip=kind)


def cauchy_schwarz(rng: random.Random, true: bool) -> Draft:
    form = rng.randrange(5)
    theorem = rng.choice(["Cauchy-Schwarz", "the Cauchy-Schwarz inequality"])
    if form == 0:
        a, b, c, d = rng.choice([("a", "b", "c", "d"), ("p", "q", "r", "s"), ("x", "y", "u", "v")])
        lhs, rhs = f"({a}{b} + {c}{d})^2", f"({a}^2 + {c}^2)({b}^2 + {d}^2)"
        kind, claim = _pick(rng, {"": f"{lhs} \\le {rhs}", "direction": f"{lhs} \\ge {rhs}",
                                  "exponent": rng.choice([f"{lhs} \\le ({a}^2 + {c})({b}^2 + {d}^2)",
                                                          f"{a}{b} + {c}{d} \\le {rhs}"])}, true)
        names = [a, b, c, d]
    elif form == 1:
        a, b, c, x, y, z = rng.choice([("a", "b", "c", "x", "y", "z"), ("p", "q", "r", "u", "v", "w")])
        lhs, rhs = f"({a}{x} + {b}{y} + {c}{z})^2", f"({a}^2 + {b}^2 + {c}^2)({x}^2 + {y}^2 + {z}^2)"
        kind, claim = _pick(rng, {"": f"{lhs} \\le {rhs}", "direction": f"{lhs} \\ge {rhs}"}, true)
        names = [a, b, c, x, y, z]
    elif form == 2:
        x, y = rng.choice(PAIRS)
        p, q = rng.randint(1, 5), rng.randint(1, 5)
        lhs = f"({plus(times(p, x), times(q, y))})^2"
        m = p * p + q * q
        kind, claim = _pick(rng, {"": f"{lhs} \\le {m}({x}^2 + {y}^2)", "direction": f"{lhs} \\ge {m}({x}^2 + {y}^2)",
                                  "constant": f"{lhs} \\le {m - 1}({x}^2 + {y}^2)"}, true)
        names = [x, y]
    elif form == 3:
        x, y, z = rng.choice([("x", "y", "z"), ("a", "b", "c"), ("u", "v", "w")])
        lhs = f"({x} + {y} + {z})^2"
        kind, claim = _pick(rng, {"": f"{lhs} \\le 3({x}^2 + {y}^2 + {z}^2)",
                                  "constant": f"{lhs} \\le 2({x}^2 + {y}^2 + {z}^2)",
                                  "direction": f"{lhs} \\ge 3({x}^2 + {y}^2 + {z}^2)"}, true)
        names = [x, y, z]
    else:
        a, b, c, d = rng.choice([("a", "b", "c", "d"), ("p", "q", "r", "s")])
        rhs = f"\\sqrt{br(f'{a}^2 + {c}^2')} \\cdot \\sqrt{br(f'{b}^2 + {d}^2')}"
        kind, claim = _pick(rng, {"": f"|{a}{b} + {c}{d}| \\le {rhs}", "direction": f"|{a}{b} + {c}{d}| \\ge {rhs}"},
                            true)
        names = [a, b, c, d]
    return Draft("cauchy-schwarz", by(theorem, rng, all_clause(rng, names, claim)), claim, (), slip=kind)


def polynomial(rng: random.Random, true: bool) -> Draft:
    form = rng.randrange(6)
    x, n = rng.choice(REALS), rng.choice(INTS)
    ints: tuple = ()
    if form == 0:
        q = rng.randint(1, 3)
        p = q + rng.randint(1, 3)
        kind, claim = _pick(rng, {"": f"{pw(x, p)} \\ge {pw(x, q)}", "hypothesis": f"{pw(x, p)} \\ge {pw(x, q)}",
                                  "direction": f"{pw(x, p)} \\le {pw(x, q)}"}, true)
        hyps = (f"{x} \\ge 0",) if kind == "hypothesis" else (f"{x} \\ge 1",)
    elif form == 1:
        q = rng.randint(1, 3)
        p = q + rng.randint(1, 3)
        kind, claim = _pick(rng, {"": f"{pw(x, p)} \\le {pw(x, q)}", "hypothesis": f"{pw(x, p)} \\le {pw(x, q)}",
                                  "direction": f"{pw(x, p)} \\ge {pw(x, q)}"}, true)
        hyps = (f"{x} \\ge 0",) if kind == "hypothesis" else (f"0 \\le {x} \\le 1",)
    elif form == 2:
        k = rng.randint(2, 5)
        lin = plus(times(k - 1, n), 1)
        kind, claim = _pick(rng, {"": f"{pw(k, n)} \\ge {lin}",
                                  "constant": f"{pw(k, n)} \\ge {plus(times(k - 1, n), 2)}",
                                  "coefficient": f"{pw(k, n)} \\ge {plus(times(k, n), 1)}",
                                  "direction": f"{pw(k, n)} \\le {lin}"}, true)
        hyps, ints = (f"{n} \\ge 0",), (n,)
    elif form == 3:
        kind, claim = _pick(rng, {"": f"{n}! \\ge {pw(2, n + ' - 1')}", "exponent": f"{n}! \\ge {pw(2, n)}",
                                  "constant": f"{n}! \\ge {pw(3, n + ' - 1')}"}, true)
        hyps, ints = (f"{n} \\ge 1",), (n,)
    elif form == 4:
        kind, claim = _pick(rng, {"": f"{pw(2, n)} \\ge {n}^2", "hypothesis": f"{pw(2, n)} \\ge {n}^2"}, true)
        hyps, ints = (f"{n} \\ge {1 if kind else 4}",), (n,)
    else:
        c, k = rng.randint(1, 6), rng.randint(1, 4)
        if rng.random() < 0.5:
            kind, claim = _pick(rng, {"": f"{x}^2 + {c * c} \\ge {2 * c}{x}",
                                      "coefficient": f"{x}^2 + {c * c} \\ge {2 * c + 1}{x}",
                                      "direction": f"{x}^2 + {c * c} \\le {2 * c}{x}"}, true)
        else:
            kind, claim = _pick(rng, {"": f"{plus(x + '^2', times(-2 * c, x), c * c + k)} > 0",
                                      "constant": f"{plus(x + '^2', times(-2 * c, x), c * c - k)} > 0",
                                      "direction": f"{plus(x + '^2', times(-2 * c, x), c * c + k)} < 0"}, true)
        return Draft("polynomial", all_clause(rng, [x], claim), claim, (), slip=kind)
    if ints:
        text = rng.choice(["For every integer ${h}$, ${c}$.", "For all integers ${h}$ we have ${c}$.",
                           "${c}$ for every integer ${h}$."]).format(h=hyps[0], c=claim)
    else:
        text = hyp_clause(rng, f"${hyps[0]}$", claim)
    return Draft("polynomial", text, claim, hyps, ints, kind)


def _corners(f, a1, a2, b1, b2):
    return [f(a, b) for a in (a1, a2) for b in (b1, b2)]


def monotone(rng: random.Random, true: bool) -> Draft:
    a, b = rng.choice(PAIRS)
    form = rng.randrange(7)
    if form == 6:  # one variable, a monotone function
        t = rng.choice(REALS)
        lo, hi = rng.choice([(0, 1), (1, 4), (0, 2), (1, 9), (2, 5)])
        shape = rng.randrange(3)
        if shape == 0:
            good, endpoint = f"{pw('e', t)} \\le {pw('e', hi)}", f"{pw('e', t)} \\le {pw('e', lo)}"
            tight = f"{pw('e', t)} \\le {down(mpmath.exp(hi) * (1 - 1e-3), 3)}"
            flip = f"{pw('e', t)} \\ge {pw('e', hi)}"
        elif shape == 1:
            s = mpmath.sqrt(hi)

            def root(k):
                return str(int(mpmath.sqrt(k))) if k in (0, 1, 4, 9) else f"\\sqrt{br(k)}"

            top = root(hi)
            good, endpoint = f"\\sqrt{br(t)} \\le {top}", f"\\sqrt{br(t)} \\le {root(lo)}"
            tight = f"\\sqrt{br(t)} \\le {down(s * (1 - 1e-3), 3)}"
            flip = f"\\sqrt{br(t)} \\ge {top}"
        else:
            lo, hi = rng.choice([(1, 2), (1, 4), (2, 5), (2, 10), (1, 3)])
            good = f"\\frac{br(1)}{br(t)} \\ge {frac(Fraction(1, hi))}"
            endpoint = f"\\frac{br(1)}{br(t)} \\ge {frac(Fraction(1, lo))}"
            tight = f"\\frac{br(1)}{br(t)} \\ge {up(mpmath.mpf(1) / hi * (1 + 1e-3), 3)}"
            flip = f"\\frac{br(1)}{br(t)} \\le {frac(Fraction(1, hi))}"
        kind, claim = _pick(rng, {"": good, "endpoint": endpoint, "tight": tight, "direction": flip}, true)
        hyp = f"{lo} \\le {t} \\le {hi}"
        return Draft("monotone", hyp_clause(rng, f"${hyp}$", claim), claim, (hyp,), slip=kind)
    if form in (0, 1, 2):
        a1, b1 = rng.randint(0, 2), rng.randint(0, 2)
    else:
        a1, b1 = rng.randint(-4, 1), rng.randint(-4, 1)
    a2, b2 = a1 + rng.randint(1, 5), b1 + rng.randint(1, 5)
    if form == 0:
        m = a2 + b2
        kind, claim = _pick(rng, {"": f"{a} + {b} \\le {m}", "constant": f"{a} + {b} \\le {m - 1}",
                                  "direction": f"{a} + {b} \\ge {m}"}, true)
    elif form == 1:
        kind, claim = _pick(rng, {"": f"{a} - {b} \\le {a2 - b1}", "sign": f"{a} - {b} \\le {a2 - b2}",
                                  "constant": f"{a} - {b} \\le {a2 - b1 - 1}"}, true)
    elif form == 2:
        kind, claim = _pick(rng, {"": f"{a}{b} \\le {a2 * b2}", "constant": f"{a}{b} \\le {a2 * b2 - 1}",
                                  "direction": f"{a}{b} \\ge {a2 * b2}"}, true)
    elif form == 3:
        if not true:
            a1, b1 = rng.randint(-5, -2), rng.randint(-5, -2)
            a2, b2 = rng.randint(1, 3), rng.randint(1, 3)
            while a1 * b1 <= a2 * b2:
                a1 -= 1
        m = max(_corners(lambda p, q: p * q, a1, a2, b1, b2))
        kind, claim = _pick(rng, {"": f"{a}{b} \\le {m}", "sign": f"{a}{b} \\le {a2 * b2}"}, true)
    elif form == 4:
        if not true:  # a^2 \le a2^2 is false at a = a1 when |a1| > a2 > 0
            a2 = rng.randint(1, 4)
            a1 = -a2 - rng.randint(1, 3)
        m = max(a1 * a1, a2 * a2)
        kind, claim = _pick(rng, {"": f"{a}^2 \\le {m}", "sign": f"{a}^2 \\le {a2 * a2}"}, true)
        hyp = f"{a1} \\le {a} \\le {a2}"
        return Draft("monotone", hyp_clause(rng, f"${hyp}$", claim), claim, (hyp,), slip=kind)
    else:
        a1, b1 = rng.randint(0, 3), rng.randint(1, 3)
        a2, b2 = a1 + rng.randint(1, 4), b1 + rng.randint(1, 4)
        good = f"\\frac{br(a)}{br(b)} \\le {frac(Fraction(a2, b1))}"
        kind, claim = _pick(rng, {"": good, "endpoint": f"\\frac{br(a)}{br(b)} \\le {frac(Fraction(a2, b2))}",
                                  "direction": f"\\frac{br(a)}{br(b)} \\ge {frac(Fraction(a2, b1))}"}, true)
    hyps = (f"{a1} \\le {a} \\le {a2}", f"{b1} \\le {b} \\le {b2}")
    shown = f"${hyps[0]}$ and ${hyps[1]}$"
    text = rng.choice([hyp_clause(rng, shown, claim), f"Because {shown}, we get ${claim}$.",
                       f"With {shown}, ${claim}$."])
    return Draft("monotone", text, claim, hyps, slip=kind)


def chain(rng: random.Random, true: bool) -> Draft:
    form = rng.randrange(7)
    if form == 0:  # (1 + \delta)^{48} \le e^{48\delta} \le e^{0.48} < 1.62
        d = rng.choice(["\\delta", "\\epsilon", "h", "t"])
        h = Fraction(Decimal(rng.choice(["0.01", "0.02", "0.005", "0.1", "0.05"])))
        n = rng.choice([12, 24, 36, 48, 60, 100])
        nh = n * h
        top = mpmath.exp(mpmath.mpf(nh.numerator) / nh.denominator)
        digits = rng.randint(3, 4)
        spelled = rng.random() < 0.4  # e^{48 \cdot 0.01} = e^{0.48}, one link more
        links = [pw(f"(1 + {d})", n), "\\le", pw("e", f"{n}{d}"), "\\le"]
        links += [pw("e", f"{n} \\cdot {_decimal(h)}"), "="] if spelled else []
        links += [pw("e", _decimal(nh)), "<", up(top * (1 + 1e-4), digits)]
        if not spelled and rng.random() < 0.3 and up(top * (1 + 1e-4), digits - 1) != links[-1]:
            links += ["<", up(top * (1 + 1e-4), digits - 1)]
        last = links.index("<") + 1  # the position of the numeric bound; its link is (position // 2) - 1

        def swap(i, new):
            return [*links[:i], new, *links[i + 1:]], i // 2 - 1

        slips = {"": (links, -1), "direction": (swap(1, "\\ge")[0], 0),
                 "constant": swap(last - 2, pw("e", _decimal(nh * Fraction(rng.choice([5, 8, 9]), 10)))),
                 "tight": swap(last, down(top * (1 - 0.001), digits))}
        if not spelled:  # e^{48\delta} \le e^{0.24}: the exponent halved, false at the top of the range
            slips["constant"] = (swap(last - 2, pw("e", _decimal(nh / 2)))[0], 1)
        hyp = f"0 \\le {d} \\le {_decimal(h)}"
        kind, (parts, link) = _pick(rng, slips, true)
        claim = " ".join(parts)
        return Draft("chain", hyp_clause(rng, f"${hyp}$", claim), claim, (hyp,), slip=kind, link=link)
    if form == 1:  # x + \frac{9}{x} \ge 2\sqrt{x \cdot \frac{9}{x}} = 2\sqrt{9} = 6
        x = rng.choice(REALS)
        c = rng.randint(2, 9)
        inner = f"{x} \\cdot \\frac{br(c * c)}{br(x)}"
        parts = [f"{x} + \\frac{br(c * c)}{br(x)}", "\\ge", f"2\\sqrt{br(inner)}",
                 "=", f"2\\sqrt{br(c * c)}", "=", str(2 * c)]
        kind, (parts, link) = _pick(rng, {"": (parts, -1), "direction": ([*parts[:1], "\\le", *parts[2:]], 0),
                                          "constant": ([*parts[:6], str(2 * c + rng.choice([-1, 1, 2]))], 2)}, true)
        claim = " ".join(parts)
        hyp = f"{x} > 0"
        return Draft("chain", by("AM-GM", rng, hyp_clause(rng, f"${hyp}$", claim)), claim, (hyp,), slip=kind,
                     link=link)
    if form == 2:  # 2^{10} = 1024 > 1000 = 10^{3}
        while True:
            p, q = rng.sample([2, 3, 5, 6, 7, 10, 11], 2)
            m = rng.randint(3, 9)
            k = max(1, round(m * mpmath.log(p) / mpmath.log(q)))
            if p**m != q**k and min(p**m, q**k) >= 10 and k >= 2:
                break
        rel = "<" if p**m < q**k else ">"
        big = str(p**m)
        parts = [pw(p, m), "=", big, rel, str(q**k), "=", pw(q, k)]
        i = rng.randrange(1, len(big))
        digit = big[:i] + str((int(big[i]) + rng.randint(1, 9)) % 10) + big[i + 1:]
        kind, (parts, link) = _pick(rng, {"": (parts, -1), "direction": ([*parts[:3], FLIP[rel], *parts[4:]], 1),
                                          "digit": ([*parts[:2], digit, *parts[3:]], 0)}, true)
        claim = " ".join(parts)
        text = rng.choice(["Numerically, ${c}$.", "Compare: ${c}$.", "Indeed ${c}$."]).format(c=claim)
        return Draft("chain", text, claim, slip=kind, link=link)
    if form == 3:  # |u + v| \le |u| + |v| \le 3
        u, v = rng.choice(PAIRS)
        r, s = rng.randint(1, 4), rng.randint(1, 4)
        parts = [f"|{u} + {v}|", "\\le", f"|{u}| + |{v}|", "\\le", str(r + s)]
        if rng.random() < 0.4:  # ... \le 2 + 3 = 5
            parts[4:] = [f"{r} + {s}", "=", str(r + s)]
        wrong = [*parts[:-1], str(r + s - 1)]
        kind, (parts, link) = _pick(rng, {"": (parts, -1), "constant": (wrong, len(parts) // 2 - 1),
                                          "sign": ([f"|{u} - {v}|", "\\le", f"|{u}| - |{v}|", *parts[3:]], 0)}, true)
        claim = " ".join(parts)
        hyps = (f"|{u}| \\le {r}", f"|{v}| \\le {s}")
        return Draft("chain", hyp_clause(rng, f"${hyps[0]}$ and ${hyps[1]}$", claim), claim, hyps, slip=kind,
                     link=link)
    if form == 4:  # e^x \ge 1 + x + x^2/2 \ge 1 + x \ge 1
        x = rng.choice(REALS)
        parts = [pw("e", x), "\\ge", f"1 + {x} + \\frac{br(x + '^2')}{br(2)}", "\\ge", f"1 + {x}"]
        if rng.random() < 0.5:
            parts += ["\\ge", "1"]
        kind, (parts, link) = _pick(rng, {"": (parts, -1), "direction": ([*parts[:1], "\\le", *parts[2:]], 0),
                                          "coefficient": ([*parts[:4], f"1 + 2{x}", *parts[5:]], 1)}, true)
        claim = " ".join(parts)
        hyp = f"{x} \\ge 0"
        return Draft("chain", hyp_clause(rng, f"${hyp}$", claim), claim, (hyp,), slip=kind, link=link)
    if form == 5:  # ab + a \le 2b + 2 \le 2 \cdot 3 + 2 = 8
        a, b = rng.choice(PAIRS)
        big_a, big_b = rng.randint(2, 5), rng.randint(2, 6)
        parts = [f"{a}{b} + {a}", "\\le", f"{big_a}{b} + {big_a}", "\\le", f"{big_a} \\cdot {big_b} + {big_a}", "=",
                 str(big_a * big_b + big_a)]
        kind, (parts, link) = _pick(rng, {"": (parts, -1), "constant": ([*parts[:6], str(big_a * big_b + big_a - 1)],
                                                                        2),
                                          "term": ([*parts[:2], f"{big_a}{b} + 1", *parts[3:]], 0)}, true)
        claim = " ".join(parts)
        hyps = (f"0 \\le {a} \\le {big_a}", f"1 \\le {b} \\le {big_b}")
        return Draft("chain", hyp_clause(rng, f"${hyps[0]}$ and ${hyps[1]}$", claim), claim, hyps, slip=kind,
                     link=link)
    h = rng.choice(["0.01", "0.02", "0.05", "0.1"])  # (1 + 0.02)^{10} \ge 1 + 10 \cdot 0.02 = 1.2 > 1.19
    n = rng.choice([5, 10, 20])
    s = _decimal(1 + n * Fraction(Decimal(h)))
    lower = _decimal(Fraction(Decimal(s)) - Fraction(1, 100))
    parts = [pw(f"(1 + {h})", n), "\\ge", f"1 + {n} \\cdot {h}", "=", s, ">", lower]
    kind, (parts, link) = _pick(rng, {"": (parts, -1), "direction": ([*parts[:1], "\\le", *parts[2:]], 0),
                                      "constant": ([*parts[:6], _decimal(Fraction(Decimal(s)) + Fraction(1, 100))], 2)},
                                true)
    claim = " ".join(parts)
    text = by("Bernoulli's inequality", rng, rng.choice(["${c}$.", "We get ${c}$."]).format(c=claim))
    return Draft("chain", text, claim, slip=kind, link=link)


FAMILIES = {"numeric": numeric, "exp": exp, "log": log, "bernoulli": bernoulli, "am-gm": am_gm,
            "triangle": triangle, "cauchy-schwarz": cauchy_schwarz, "polynomial": polynomial, "monotone": monotone,
            "chain": chain}


def case(rng: random.Random, family: str, true: bool) -> Case:
    """One case of the family, true or slipped; the oracle has the last word (a slip it cannot refute is drawn
    again)."""
    for _ in range(200):
        d = FAMILIES[family](rng, true)
        if d.family == "numeric":
            d = _numeric_text(rng, d)
        if f"${d.claim}$" not in d.text:
            raise ConstructionError(f"claim not in text: {d}")
        link = -1 if not d.slip else d.link
        w = judge(d.claim, d.hypotheses, d.integers, link, d.text)
        if d.slip and w is None:
            continue
        return Case(d.text, d.claim, not d.slip, d.family, d.slip, w or {}, link, d.hypotheses, d.integers)
    raise ConstructionError(f"no refutable slip for {family}")


def generate(n: int, seed: int) -> list[Case]:
    """``n`` cases, deterministic in ``seed``: the families in turn (shuffled each round), half of them true
    (shuffled)."""
    rng = random.Random(seed)
    truths = [i % 2 == 0 for i in range(n)]
    rng.shuffle(truths)
    names = list(FAMILIES)
    order: list[str] = []
    while len(order) < n:
        rnd = names[:]
        rng.shuffle(rnd)
        order += rnd
    return [case(rng, family, truth) for family, truth in zip(order, truths, strict=False)]
