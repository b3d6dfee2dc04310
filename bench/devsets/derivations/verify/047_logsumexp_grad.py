import sympy as sp, numpy as np
from _check import eq, mat_eq
for K in (2, 3, 4):
    z = sp.symbols(f"z1:{K+1}", real=True)
    S = sum(sp.exp(t) for t in z); lse = sp.log(S)
    p = sp.Matrix([sp.exp(t) / S for t in z])
    mat_eq(sp.Matrix([sp.diff(lse, t) for t in z]), p)
    H = sp.hessian(lse, z)
    mat_eq(H, sp.diag(*p) - p * p.T)
    c = sp.Symbol("c", real=True)
    shifted = sp.log(sum(sp.exp(t + c) for t in z))
    eq(sp.log(sp.exp(c) * S), shifted)
    for _ in range(5):
        vals = np.random.default_rng(K).normal(size=K) * 3
        cc = sp.Rational(17, 10)
        sub = dict(zip(z, [sp.Float(v, 30) for v in vals]))
        assert abs(sp.N(shifted.subs(sub).subs(c, cc) - lse.subs(sub) - cc, 30)) < 1e-20
        M = max(vals)
        L = sp.N(lse.subs(sub), 30)
        assert M <= L <= M + np.log(K) + 1e-12
        ev = np.linalg.eigvalsh(np.array(H.subs(sub).evalf(), dtype=float)); assert ev.min() > -1e-12
print("047 ok")
