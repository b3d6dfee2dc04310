import sympy as sp, numpy as np
from _check import approx
d = 64
# symbolic: Var(q_i k_i) = E[q^2]E[k^2] - (E q E k)^2 = 1 for independent zero-mean unit-variance
Eq2, Ek2, Eq, Ek = 1, 1, 0, 0
assert Eq2 * Ek2 - (Eq * Ek) ** 2 == 1
assert sum([1] * d) == 64 and sp.sqrt(64) == 8
assert sp.Rational(64, 64) == 1
# Monte Carlo sanity check
rng = np.random.default_rng(0)
q = rng.standard_normal((200000, d)); k = rng.standard_normal((200000, d))
s = (q * k).sum(1)
assert abs(s.var() - 64) < 1.0 and abs((s / 8).var() - 1) < 0.02
p8 = sp.exp(8) / (sp.exp(8) + 1)
assert sp.simplify(p8 - 1 / (1 + sp.exp(-8))) == 0
approx(p8, "0.999665")
approx(sp.exp(8), "2980.96")
p1 = 1 / (1 + sp.exp(-1))
approx(p1, "0.731059")
approx(p1 * (1 - p1), "0.196612")
approx(p8 * (1 - p8), "0.000335")
print("010 ok")
