import sympy as sp
from _check import mat_eq, eq
for K in (2, 3, 4):
    z = sp.symbols(f"z1:{K+1}")
    E = [sp.exp(t) for t in z]; S = sum(E)
    for j in range(K): eq(sp.diff(S, z[j]), E[j])
    p = sp.Matrix([e / S for e in E])
    J = p.jacobian(z)
    for i in range(K):
        for j in range(K):
            d = 1 if i == j else 0
            eq(J[i, j], (d * E[i] * S - E[i] * E[j]) / S**2)
            eq(J[i, j], p[i] * (d - p[j]))
    Jf = sp.diag(*p) - p * p.T
    mat_eq(J, Jf); mat_eq(J, J.T)
    mat_eq(J * sp.ones(K, 1), sp.zeros(K, 1))
    u = sp.Matrix(sp.symbols(f"u1:{K+1}"))
    eq((u.T * J * u)[0], sum(p[i] * u[i] ** 2 for i in range(K)) - sum(p[i] * u[i] for i in range(K)) ** 2)
    g = sp.Matrix(sp.symbols(f"g1:{K+1}"))
    mat_eq(J.T * g, sp.Matrix([p[i] * (g[i] - (p.T * g)[0]) for i in range(K)]))
    # PSD numerically at a random point
    import numpy as np
    vals = dict(zip(z, np.random.default_rng(K).normal(size=K).tolist()))
    ev = np.linalg.eigvalsh(np.array(Jf.subs(vals).evalf(), dtype=float))
    assert ev.min() > -1e-12
print("033 ok")
