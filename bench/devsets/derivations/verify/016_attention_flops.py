import sympy as sp
from _check import approx
n, d = 1024, 768
proj = 4 * 2 * n * d * d
assert proj == 8 * 1024 * 768**2 == 4831838208
sc = 2 * n * n * d
assert sc == 2 * 1024**2 * 768 == 1610612736
hh = sp.Symbol("h", positive=True)
assert sp.simplify(hh * 2 * n**2 * (d / hh) - 2 * n**2 * d) == 0
r = sp.Rational(4 * n * n * d, 8 * n * d * d)
assert r == sp.Rational(n, 2 * d) == sp.Rational(1024, 1536)
approx(r, "0.6667")
N = sp.Symbol("N", positive=True)
assert sp.solve(sp.Eq(4 * N**2 * d, 8 * N * d**2), N) == [2 * d] and 2 * d == 1536
assert proj + 2 * sc == 8053063680
print("016 ok")
