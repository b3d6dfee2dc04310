import sympy as sp
from _check import eq
b, eta, th0 = sp.symbols("beta eta theta_0")
T = 6; g = sp.symbols(f"g1:{T+1}")
v = 0; th = th0; vs = []
for t in range(1, T + 1):
    v = b * v + g[t - 1]; vs.append(v); th = th - eta * v
    eq(v, sum(b ** (t - k) * g[k - 1] for k in range(1, t + 1)))
    eq(th, th0 - eta * sum(vs))
    eq(th, th0 - eta * sum((1 - b ** (t - k + 1)) / (1 - b) * g[k - 1] for k in range(1, t + 1)))
assert vs[0] == g[0]
t, k, j = sp.symbols("t k j", integer=True, positive=True)
eq(b * sp.Sum(b ** (t - 1 - k) * sp.Symbol("G"), (k, 1, t - 1)).doit(), sp.Sum(b ** (t - k) * sp.Symbol("G"), (k, 1, t - 1)).doit())
Tt = sp.Symbol("T", integer=True, positive=True)
res = sp.summation(b ** j, (j, 0, Tt - k))
res = res.replace(lambda e: isinstance(e, sp.Piecewise), lambda e: e.args[-1][0])
eq(res, (1 - b ** (Tt - k + 1)) / (1 - b))
eq(((1 - b ** (Tt - k + 1)) / (1 - b)).subs(k, Tt), 1)
assert sp.limit((1 - sp.Rational(9, 10) ** (Tt - 1 + 1)) / (1 - sp.Rational(9, 10)), Tt, sp.oo) == 10
print("058 ok")
