import sympy as sp
from _check import eq, mat_eq
for K in (2, 3, 4):
    z = sp.symbols(f"z1:{K+1}", real=True); c, al = sp.symbols("c alpha", real=True)
    sm = lambda v: sp.Matrix([sp.exp(t) / sum(sp.exp(u) for u in v) for t in v])
    p = sm(z); ps = sm([t + c for t in z])
    mat_eq(ps, p)
    for i in range(K):
        eq(sp.exp(z[i] + c) / sum(sp.exp(u + c) for u in z), sp.exp(c) * sp.exp(z[i]) / (sp.exp(c) * sum(sp.exp(u) for u in z)))
    J = p.jacobian(z)
    mat_eq(ps.diff(c).subs(c, 0), sp.zeros(K, 1))
    mat_eq(J * sp.ones(K, 1), sp.zeros(K, 1))
    mat_eq(J, sp.diag(*p) - p * p.T)
    pa = sm([al * t for t in z])
    eq(pa[0] / pa[1], sp.exp(al * (z[0] - z[1])))
# concentration on argmax
al = sp.Symbol("alpha", positive=True)
pa = [sp.exp(al * t) / sum(sp.exp(al * u) for u in (1, 2, 3)) for t in (1, 2, 3)]
assert sp.limit(pa[2], al, sp.oo) == 1 and sp.limit(pa[0], al, sp.oo) == 0
# stable evaluation: max term is 1
zz = [3, -1, 7]; m = max(zz); assert max(t - m for t in zz) == 0 and sum(sp.exp(t - m) for t in zz) >= 1
print("048 ok")
