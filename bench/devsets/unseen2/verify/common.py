"""Shared helpers for the verification scripts (SymPy exact + mpmath 50 digits).

Each verify/NNN_*.py builds a Checker for one key file and records one check per
claimed relation, tied to the line it appears on (the check asserts that a given
substring is on that line, so a check cannot silently drift to another line).
"""
import sys, random
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path
import sympy as sp
import mpmath as mp

mp.mp.dps = 50
ROOT = Path(__file__).resolve().parent.parent


class Checker:
    def __init__(self, relpath):
        self.relpath = relpath
        self.lines = (ROOT / relpath).read_text().split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines = self.lines[:-1]
        self.n = 0
        self.fail = 0
        self.covered = set()

    def find(self, sub):
        """1-based number of the unique line containing sub"""
        hits = [i + 1 for i, t in enumerate(self.lines) if sub in t]
        if len(hits) != 1:
            raise AssertionError(f"{self.relpath}: substring {sub!r} found on lines {hits}, expected exactly one")
        return hits[0]

    def _line(self, ln, *subs):
        subs = [s for s in subs if s]
        text = self.lines[ln - 1]
        for s in subs:
            if s not in text:
                raise AssertionError(f"{self.relpath}:{ln}: expected substring {s!r} not on line: {text!r}")
        self.covered.add(ln)

    def _rec(self, ok, ln, msg):
        self.n += 1
        if not ok:
            self.fail += 1
            print(f"FAIL {self.relpath}:{ln}: {msg}")

    def eq(self, ln, subs, a, b, msg=""):
        """exact symbolic equality a == b (simplify, with numeric fallback at random points)"""
        self._line(ln, *([subs] if isinstance(subs, str) or subs is None else subs))
        a, b = sp.sympify(a), sp.sympify(b)
        d = sp.simplify(a - b)
        ok = d == 0
        if not ok:
            ok = numeric_zero(a - b)
        self._rec(ok, ln, f"{msg}: {a} != {b}")

    def meq(self, ln, subs, A, B, msg=""):
        """matrix equality"""
        self._line(ln, *([subs] if isinstance(subs, str) or subs is None else subs))
        D = (sp.Matrix(A) - sp.Matrix(B)).applyfunc(sp.simplify)
        ok = all(x == 0 for x in D) or all(numeric_zero(x) for x in D)
        self._rec(ok, ln, f"{msg}: matrices differ")

    def true(self, ln, subs, cond, msg=""):
        self._line(ln, *([subs] if isinstance(subs, str) or subs is None else subs))
        self._rec(bool(cond), ln, msg)

    def approx(self, ln, subs, exact, text, msg=""):
        """`\\approx text`: text must be the half-up rounding of exact to len(decimals) places"""
        self._line(ln, *([subs] if isinstance(subs, str) or subs is None else subs))
        ok = rounds_to(exact, text)
        self._rec(ok, ln, f"{msg}: {mp.nstr(to_mp(exact), 20)} does not round to {text}")

    def report(self):
        status = "OK" if self.fail == 0 else "FAILED"
        print(f"{status} {self.relpath}: {self.n} checks, {self.fail} failed, lines covered {sorted(self.covered)}")
        sys.exit(1 if self.fail else 0)


def to_mp(x):
    if isinstance(x, mp.mpf):
        return x
    if isinstance(x, (int, float)):
        return mp.mpf(x)
    return mp.mpf(sp.N(sp.sympify(x), 60))


def rounds_to(exact, text):
    """half-up rounding of exact (mpmath/sympy) to the number of decimals in text.
    text may be like '1.288e10' -> mantissa rounding at that exponent."""
    text = text.strip()
    exp = 0
    if "e" in text:
        text, e = text.split("e")
        exp = int(e)
    v = to_mp(exact) / mp.mpf(10) ** exp
    places = len(text.split(".")[1]) if "." in text else 0
    dv = Decimal(mp.nstr(v, 45, strip_zeros=False, min_fixed=-mp.inf, max_fixed=mp.inf))
    q = Decimal(1).scaleb(-places)
    sign = -1 if dv < 0 else 1
    r = (abs(dv)).quantize(q, rounding=ROUND_HALF_UP) * sign
    return r == Decimal(text)


def numeric_zero(e, trials=8, tol=1e-30):
    e = sp.sympify(e)
    syms = sorted(e.free_symbols, key=str)
    rng = random.Random(1)
    for _ in range(trials):
        subs = {s: sp.Rational(rng.randint(1, 97), rng.randint(1, 13)) * (1 if (s.is_positive or rng.random() < .5) else -1) for s in syms}
        try:
            v = sp.N(e.subs(subs), 60)
        except Exception:
            return False
        if not v.is_number or abs(complex(v)) > tol:
            return False
    return True


def samples(n=200, lo=-5, hi=5, seed=0):
    rng = random.Random(seed)
    return [sp.Rational(rng.randint(int(lo * 1000), int(hi * 1000)), 1000) for _ in range(n)]
