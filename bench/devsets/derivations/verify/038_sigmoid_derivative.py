import sympy as sp
from _check import eq
x = sp.Symbol("x", real=True)
s = 1 / (1 + sp.exp(-x))
d1 = sp.diff(s, x)
eq(d1, sp.exp(-x) / (1 + sp.exp(-x)) ** 2)
eq(d1, 1 / (1 + sp.exp(-x)) * sp.exp(-x) / (1 + sp.exp(-x)))
eq(1 - s, sp.exp(-x) / (1 + sp.exp(-x)))
eq(d1, s * (1 - s))
d2 = sp.diff(s, x, 2)
eq(d2, d1 * (1 - s) - s * d1); eq(d2, d1 * (1 - 2 * s))
assert d2.subs(x, 0) == 0 and d1.subs(x, 0) == sp.Rational(1, 4)
P = sp.Symbol("P", real=True)
eq(sp.Rational(1, 4) - P * (1 - P), (P - sp.Rational(1, 2)) ** 2)   # <= 1/4 with equality iff P = 1/2
n = sp.Symbol("n", positive=True, integer=True)
eq(sp.Rational(1, 4) ** n, 4 ** (-n))
print("038 ok")
