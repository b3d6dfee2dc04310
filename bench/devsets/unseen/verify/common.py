"""Shared helpers for the independent verification scripts (SymPy exact / mpmath 50 digits).

Every check is anchored to a line of the key by one or more literal substrings that must occur
on that line, so a check cannot silently drift away from the text it verifies.  Doc.finish()
then insists that every line carrying mathematics ($, \\, digits after '=') was covered.
"""
import pathlib, random
from decimal import Decimal, ROUND_HALF_UP
import sympy as sp
import mpmath as mp

mp.mp.dps = 50
ROOT = pathlib.Path(__file__).resolve().parent.parent
RNG = random.Random(20261206)
# identities that SymPy could not simplify to 0 and that were therefore confirmed by 50-digit
# evaluation at random points instead (reported by run_all.py)
POINT_CHECKED = []


class CheckFailed(AssertionError):
    pass


def rhu(value, places):
    """Half-up (away from zero at a tie) rounding of an exact/50-digit value to `places` decimals."""
    if isinstance(value, sp.Basic):
        s = sp.N(value, 60)
        d = Decimal(str(s))
    else:
        d = Decimal(mp.nstr(mp.mpf(value), 55, strip_zeros=False))
    q = Decimal(1).scaleb(-places)
    return str(d.quantize(q, rounding=ROUND_HALF_UP))


def is_zero(expr, syms=(), domain=None, n=12, numeric=False):
    """True if expr == 0: SymPy simplification first (unless numeric=True), else 50-digit evaluation
    at n random points (a point identity check; used only where SymPy cannot simplify)."""
    expr = sp.sympify(expr)
    if isinstance(expr, sp.MatrixBase):
        return all(is_zero(e, syms, domain, n, numeric) for e in expr)
    if not numeric:
        try:
            if sp.simplify(expr) == 0:
                return True
        except Exception:
            pass
    if not syms:
        POINT_CHECKED.append('const')
        return abs(sp.N(expr, 50)) < sp.Float('1e-40')
    POINT_CHECKED.append('pts')
    f = sp.lambdify(list(syms), expr, 'mpmath')
    for _ in range(n):
        pt = [(domain(s) if domain else sp.Rational(RNG.randint(-300, 300), 100)) for s in syms]
        v = f(*[mp.mpf(q.p) / q.q for q in map(sp.Rational, pt)])
        if abs(v) > mp.mpf('1e-40'):
            return False
    return True


class Doc:
    def __init__(self, rel):
        self.rel = rel
        text = (ROOT / rel).read_text(encoding='utf-8')
        self.lines = text.split('\n')
        if self.lines and self.lines[-1] == '':
            self.lines.pop()
        self.covered = set()
        self.count = 0

    def fail(self, n, msg):
        raise CheckFailed(f"{self.rel}:{n}: {msg}\n    line: {self.lines[n-1] if 0 < n <= len(self.lines) else '?'}")

    def at(self, n, *subs):
        if not (0 < n <= len(self.lines)):
            self.fail(n, 'no such line')
        L = self.lines[n - 1]
        for s in subs:
            if s not in L:
                self.fail(n, f'expected text {s!r} not on line')
        self.covered.add(n)
        return L

    def note(self, n, *subs):
        """A line that only defines names / states a hypothesis: no relation to check."""
        self.at(n, *subs)

    def eq(self, n, subs, lhs, rhs, syms=(), domain=None, msg='', numeric=False):
        self.at(n, *subs)
        self.count += 1
        before = len(POINT_CHECKED)
        ok = is_zero(sp.sympify(lhs) - sp.sympify(rhs), syms, domain, numeric=numeric)
        if len(POINT_CHECKED) > before:
            self.point_checked = getattr(self, 'point_checked', 0) + 1
        if not ok:
            self.fail(n, f'identity false: {msg}')

    def true(self, n, subs, cond, msg=''):
        self.at(n, *subs)
        self.count += 1
        if not bool(cond):
            self.fail(n, f'claim false: {msg}')

    def approx(self, n, subs, value, text, msg=''):
        """text (e.g. '0.6652', '-0.31') must be the half-up rounding of value to its decimals."""
        self.at(n, *subs, text)
        self.count += 1
        places = len(text.split('.')[1]) if '.' in text else 0
        got = rhu(value, places)
        if got != text:
            self.fail(n, f'rounding: exact value rounds to {got}, line says {text} {msg}')

    def forall(self, n, subs, pred, sampler, N=3000, msg=''):
        """pred(point) must hold at N sampled points of the hypothesis region."""
        self.at(n, *subs)
        self.count += 1
        for _ in range(N):
            pt = sampler()
            if not pred(*pt):
                self.fail(n, f'counterexample {pt}: {msg}')

    def finish(self):
        import re
        missing = [i + 1 for i, L in enumerate(self.lines)
                   if ('$' in L or '\\' in L or re.search(r'=\s*-?\d', L)) and (i + 1) not in self.covered]
        if missing:
            raise CheckFailed(f'{self.rel}: lines with mathematics not covered by any check: {missing}')
        return self.count


def false_at(doc, n, subs, value_is_true, witness):
    """Slip helper: the planted relation on line n of the slipped copy must be FALSE at witness."""
    doc.at(n, *subs)
    if value_is_true:
        raise CheckFailed(f'{doc.rel}:{n}: planted relation is not false at witness {witness}')
    return witness


def urand(a, b):
    return mp.mpf(a) + (mp.mpf(b) - mp.mpf(a)) * mp.rand()


def qrand(a, b, den=97):
    """Random rational in [a, b]."""
    return sp.Rational(RNG.randint(int(a * den), int(b * den)), den)
