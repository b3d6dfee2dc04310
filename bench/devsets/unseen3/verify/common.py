"""Shared helpers for the per-file verification scripts (no lnsym; sympy/mpmath only)."""
import os, sys
from decimal import Decimal, ROUND_HALF_UP
import sympy as sp
import mpmath as mp

mp.mp.dps = 50
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Checker:
    def __init__(self, relpath):
        self.relpath = relpath
        with open(os.path.join(ROOT, relpath)) as f:
            self.lines = f.read().split("\n")
        self.n = 0
        self.fail = []
        self.covered = set()

    def ck(self, line, desc, ok, must=None):
        """Record a check of a claim on 1-based `line`; `must` = substring(s) that line must contain."""
        self.n += 1
        self.covered.add(line)
        text = self.lines[line - 1]
        musts = [] if must is None else ([must] if isinstance(must, str) else list(must))
        for m in musts:
            if m not in text:
                self.fail.append(f"L{line}: text check failed, {m!r} not in line: {text!r}")
        if not bool(ok):
            self.fail.append(f"L{line}: FALSE: {desc}")

    def at(self, sub):
        """1-based number of the unique line containing `sub`."""
        hits = [i + 1 for i, l in enumerate(self.lines) if sub in l]
        if len(hits) != 1:
            raise SystemExit(f"FAIL {self.relpath}: locator {sub!r} matched lines {hits}")
        return hits[0]

    def c(self, sub, desc, ok, must=None):
        """Check a claim on the unique line containing `sub` (also required text)."""
        ln = self.at(sub)
        extra = [] if must is None else ([must] if isinstance(must, str) else list(must))
        self.ck(ln, desc, ok, [sub] + extra)

    def done(self):
        tag = "OK " if not self.fail else "FAIL"
        print(f"{tag} {self.relpath}: {self.n} checks on {len(self.covered)} lines")
        seen = set()
        for f in self.fail:
            if f not in seen:
                seen.add(f)
                print("   ", f)
        sys.exit(1 if self.fail else 0)


def zero(expr):
    """True iff the sympy expression simplifies to 0."""
    e = sp.simplify(sp.expand(expr))
    if e == 0:
        return True
    return sp.simplify(sp.together(sp.expand_trig(e))) == 0


def mat_zero(M):
    return all(zero(x) for x in M)


def rounds_to(exact, shown):
    """`shown` (a decimal string) is the half-up rounding of `exact` to as many places as shown has."""
    x = sp.N(exact, 60)
    s = str(shown).strip()
    k = len(s.split(".")[1]) if "." in s else 0
    q = Decimal(1).scaleb(-k)
    d = Decimal(str(sp.N(x, 55)))
    return d.quantize(q, rounding=ROUND_HALF_UP) == Decimal(s)


def close(a, b, tol=sp.Rational(1, 10**40)):
    return abs(sp.N(a - b, 60)) < tol
