import sympy as sp
from _check import eq
b = sp.Symbol("beta_1", positive=True); gbar = sp.Symbol("gbar")
T = 6
g = sp.symbols(f"g1:{T+1}")
m = 0
for t in range(1, T + 1):
    m = b * m + (1 - b) * g[t - 1]
    eq(m, (1 - b) * sum(b ** (t - k) * g[k - 1] for k in range(1, t + 1)))
    Em = m.subs({gi: gbar for gi in g})
    eq(Em, (1 - b) * gbar * (1 - b**t) / (1 - b)); eq(Em, (1 - b**t) * gbar)
    eq(Em / (1 - b**t), gbar)
t, k = sp.symbols("t k", integer=True, positive=True)
res = sp.summation(b ** (t - k), (k, 1, t))
res = res.args[-1][0] if isinstance(res, sp.Piecewise) else sp.piecewise_fold(res)
if res.has(sp.Piecewise): res = res.replace(lambda e: isinstance(e, sp.Piecewise), lambda e: e.args[-1][0])
eq(res, (1 - b**t) / (1 - b))
R = sp.Rational
assert 1 / (1 - R(9, 10)) == 10 and 1 / (1 - R(999, 1000)) == 1000
assert sp.limit(R(9, 10) ** t, t, sp.oo) == 0
print("051 ok")
