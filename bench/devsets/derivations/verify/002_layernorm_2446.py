import sympy as sp
from _check import approx, eq
x = [sp.Integer(v) for v in (2, 4, 4, 6)]
mu = sum(x) / 4
eq(mu, 4)
var = sum((xi - mu) ** 2 for xi in x) / 4
eq(var, sp.Rational(8, 4)); eq(var, 2)
sig = sp.sqrt(var)
approx(sig, "1.4142")
xh = [(xi - mu) / sig for xi in x]
for a, b in zip(xh, [-sp.sqrt(2), 0, 0, sp.sqrt(2)]):
    eq(a, b)
eq(-2 / sp.sqrt(2), -sp.sqrt(2))
approx(xh[0], "-1.4142"); approx(xh[3], "1.4142")
g, b = 2, 1
y = [g * v + b for v in xh]
for a, e in zip(y, [1 - 2 * sp.sqrt(2), 1, 1, 1 + 2 * sp.sqrt(2)]):
    eq(a, e)
approx(y[0], "-1.8284"); approx(y[3], "3.8284")
approx(-2 / sp.sqrt(2 + sp.Rational(1, 10**5)), "-1.414210")
eq(sum(xh), 0)
eq(sum(v**2 for v in xh) / 4, 1)
print("002 ok")
