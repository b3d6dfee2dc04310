import sympy as sp
from _check import mat_eq
x = sp.Matrix(sp.symbols("x1:4")); d = 3
F = sp.Matrix([sp.sin(x[0]) * x[1], x[2] ** 3 + x[0] * x[1], sp.exp(x[0] - x[2])])
y = x + F
JF = F.jacobian(x)
mat_eq(y.jacobian(x), sp.eye(d) + JF)
gy = sp.Matrix(sp.symbols("g1:4"))
L_lin = (gy.T * y)[0]    # L with dL/dy = g
mat_eq(sp.Matrix([sp.diff(L_lin, xi) for xi in x]), (sp.eye(d) + JF).T * gy)
mat_eq((sp.eye(d) + JF).T * gy, gy + JF.T * gy)
# two-block stack
F1 = F; F2 = lambda v: sp.Matrix([v[1] ** 2, sp.cos(v[2]), v[0] * v[2]])
x1 = x + F1; x2 = x1 + F2(x1)
J1 = F1.jacobian(x); z = sp.Matrix(sp.symbols("z1:4")); J2 = F2(z).jacobian(z).subs(dict(zip(z, x1)))
mat_eq(x2.jacobian(x), (sp.eye(d) + J2) * (sp.eye(d) + J1))
A = sp.Matrix(3, 3, sp.symbols("a0:9")); Bm = sp.Matrix(3, 3, sp.symbols("b0:9"))
mat_eq((sp.eye(3) + Bm) * (sp.eye(3) + A), sp.eye(3) + A + Bm + Bm * A)
# pre-LN chain rule: F = G(LN(x))
mu = sum(x) / d; s = sp.sqrt(sum((xi - mu) ** 2 for xi in x) / d + sp.Rational(1, 100))
ln = (x - mu * sp.ones(d, 1)) / s
G = lambda v: sp.Matrix([v[0] * v[1], sp.tanh(v[2]), v[0] + v[2] ** 2])
JG = G(z).jacobian(z).subs(dict(zip(z, ln)))
mat_eq(G(ln).jacobian(x), JG * ln.jacobian(x))
# norm bound: ||prod (I+J_l)|| <= prod ||I+J_l|| <= (1+delta)^L (numeric spot check)
import numpy as np
rng = np.random.default_rng(0)
for _ in range(200):
    L = 5; delta = 0.3; P = np.eye(4)
    for _ in range(L):
        M = rng.normal(size=(4, 4)); M *= delta * rng.random() / np.linalg.norm(M, 2)
        P = (np.eye(4) + M) @ P
    assert np.linalg.norm(P, 2) <= (1 + delta) ** L + 1e-12
print("041 ok")
