import sympy as sp
from _check import eq
K = 3
z = sp.symbols("z1:4", real=True); y1, y2 = sp.symbols("y1 y2", positive=True); y = [y1, y2, 1 - y1 - y2]
S = sum(sp.exp(t) for t in z); p = [sp.exp(t) / S for t in z]
logp = [t - sp.log(S) for t in z]
KL = sum(y[k] * (sp.log(y[k]) - logp[k]) for k in range(K))
H = -sum(y[k] * sp.log(y[k]) for k in range(K)); CE = -sum(y[k] * logp[k] for k in range(K))
eq(KL, -H + CE)
for j in range(K):
    eq(sp.diff(KL, z[j]), p[j] - y[j]); eq(sp.diff(CE, z[j]), p[j] - y[j])
# gradient zero at z = log y + c
c = sp.Symbol("c", real=True)
sub = {z[k]: sp.log(y[k]) + c for k in range(K)}
for j in range(K): eq(sp.simplify((p[j] - y[j]).subs(sub)), 0)
# Gibbs numerically
import numpy as np
rng = np.random.default_rng(0)
for _ in range(200):
    a = rng.dirichlet(np.ones(3)); b = rng.dirichlet(np.ones(3)); assert (a * np.log(a / b)).sum() >= -1e-15
# reverse KL
yy = [sp.Rational(1, 2), sp.Rational(1, 3), sp.Rational(1, 6)]
RK = sum(p[k] * (logp[k] - sp.log(yy[k])) for k in range(K))
ell = [logp[k] - sp.log(yy[k]) for k in range(K)]; lbar = sum(p[k] * ell[k] for k in range(K))
for j in range(K): eq(sp.diff(RK, z[j]), p[j] * (ell[j] - lbar))
print("057 ok")
