import sympy as sp
from _check import approx
R = sp.Rational
d = 4
w = [sp.Integer(10000) ** R(-2 * i, d) for i in range(2)]
assert w == [1, R(1, 100)] and sp.Integer(10000) ** R(-1, 2) == R("0.01")
def pe(m):
    return [sp.sin(m * w[0]), sp.cos(m * w[0]), sp.sin(m * w[1]), sp.cos(m * w[1])]
for a, s in zip(pe(1), ["0.8415", "0.5403", "0.0100", "1.0000"]): approx(a, s)
for a, s in zip(pe(2), ["0.9093", "-0.4161", "0.0200", "0.9998"]): approx(a, s)
a, b = sp.symbols("a b")
assert sp.simplify(sp.sin(a) * sp.sin(b) + sp.cos(a) * sp.cos(b) - sp.cos(a - b)) == 0
dot = sum(u * v for u, v in zip(pe(1), pe(2)))
assert sp.simplify(dot - (sp.cos(1) + sp.cos(R(1, 100)))) == 0
approx(sp.cos(1), "0.540302"); approx(sp.cos(R(1, 100)), "0.999950")
assert R("0.540302") + R("0.999950") == R("1.540252")
approx(dot, "1.540252")
m = sp.Symbol("m")
assert sp.simplify(sum(v**2 for v in pe(m)) - 2) == 0
print("026 ok")
