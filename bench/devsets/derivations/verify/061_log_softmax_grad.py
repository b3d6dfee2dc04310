import sympy as sp
from _check import eq, mat_eq
for K in (2, 3, 4):
    z = sp.symbols(f"z1:{K+1}", real=True); S = sum(sp.exp(t) for t in z)
    p = sp.Matrix([sp.exp(t) / S for t in z])
    ell = sp.Matrix([t - sp.log(S) for t in z])
    for i in range(K): eq(sp.expand_log(sp.log(p[i]), force=True), ell[i])
    J = ell.jacobian(z)
    for i in range(K):
        for j in range(K): eq(J[i, j], (1 if i == j else 0) - p[j])
    mat_eq(J, sp.eye(K) - sp.ones(K, 1) * p.T)
    if K >= 2: assert (J - J.T).applyfunc(sp.simplify) != sp.zeros(K, K)
    u = sp.Matrix(sp.symbols(f"u1:{K+1}"))
    Lu = (u.T * ell)[0]
    mat_eq(sp.Matrix([sp.diff(Lu, t) for t in z]), u - sum(u) * p)
    ys = list(sp.symbols(f"y1:{K}")); y = sp.Matrix(ys + [1 - sum(ys)])
    mat_eq(sp.Matrix([sp.diff(-(y.T * ell)[0], t) for t in z]), p - y)
    mat_eq(sp.diag(*p).inv() * (sp.diag(*p) - p * p.T), sp.eye(K) - sp.ones(K, 1) * p.T)
print("061 ok")
