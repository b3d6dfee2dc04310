import sympy as sp
from _check import eq
d, sq, sk, c = sp.symbols("d sigma_q sigma_k c", positive=True)
V = d * sq**2 * sk**2
eq(V / d, sq**2 * sk**2)
eq((V / d).subs({sq: 1, sk: 1}), 1)
eq(V / d**2, sq**2 * sk**2 / d)
assert sp.limit(V / d**2, d, sp.oo) == 0
sig = 1 / (1 + sp.exp(-c))
p = sp.exp(c) / (sp.exp(c) + sp.exp(0))
eq(p, sig)
dp = sp.diff(p, c)
eq(dp, sig * (1 - sig)); eq(dp, sp.exp(-c) / (1 + sp.exp(-c)) ** 2)
# bound: e^{-c}/(1+e^{-c})^2 <= e^{-c} since (1+e^{-c})^2 >= 1
eq(sp.exp(-c) - dp, sp.exp(-c) * (1 - 1 / (1 + sp.exp(-c)) ** 2))
import numpy as np
for cc in range(0, 301):
    cc = sp.Rational(cc, 10)
    assert sp.N(sp.exp(-cc) - dp.subs(c, cc), 60) >= 0
# temperature view
l = sp.symbols("l1:4")
sm = lambda v: [sp.exp(t) / sum(sp.exp(u) for u in v) for u in [0] for t in v]
T = sp.sqrt(d)
for a, b in zip(sm([t / sp.sqrt(d) for t in l]), sm([t / T for t in l])): eq(a, b)
print("043 ok")
