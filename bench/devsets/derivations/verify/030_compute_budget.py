import sympy as sp
from _check import approx
N, D = sp.Integer(10)**9, 2 * sp.Integer(10)**10
assert D == 20 * N
C = 6 * N * D; assert C == sp.Rational(12, 10) * sp.Integer(10)**20
thr = 312 * sp.Integer(10)**12 * sp.Rational(40, 100)
assert thr == sp.Rational("1.248e14")
secs = C / thr
approx(secs, "961538"); approx(secs / 3600, "267.1")
n = sp.Symbol("n", positive=True)
assert sp.expand(6 * n * (20 * n)) == 120 * n**2
Nopt = sp.sqrt(sp.Integer(10)**21 / 120)
approx(Nopt, "2.887e9"); approx(20 * Nopt, "5.774e10")
approx(sp.sqrt(10), "3.16")
assert sp.simplify(sp.sqrt(10 * sp.Integer(10)**21 / 120) / Nopt - sp.sqrt(10)) == 0
print("030 ok")
