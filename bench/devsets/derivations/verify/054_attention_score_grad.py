import sympy as sp
from _check import mat_eq
n, d, dv = 2, 2, 2
Q = sp.Matrix(n, d, sp.symbols("q0:4")); K = sp.Matrix(n, d, sp.symbols("k0:4")); V = sp.Matrix(n, dv, sp.symbols("v0:4"))
G = sp.Matrix(n, dv, sp.symbols("G0:4"))
S = Q * K.T / sp.sqrt(d)
P = sp.zeros(n, n)
for i in range(n):
    Z = sum(sp.exp(S[i, k]) for k in range(n))
    for j in range(n): P[i, j] = sp.exp(S[i, j]) / Z
O = P * V
L = sum(G[i, j] * O[i, j] for i in range(n) for j in range(dv))   # dL/dO = G
vals = {s: sp.Rational(r) for s, r in zip(list(Q) + list(K) + list(V) + list(G),
        ["1/2", "-1", "3/4", "1/3", "-2/3", "1/5", "1", "-1/2", "2", "-1", "1/4", "3", "1", "-2", "1/2", "1/3"])}
def grad(M): return sp.Matrix(M.shape[0], M.shape[1], lambda i, j: sp.diff(L, M[i, j]))
def close(A, B):
    D = (A - B).subs(vals).evalf(40)
    assert all(abs(v) < 1e-30 for v in D), D
close(grad(V), P.T * G)
# dP and dS via symbolic P/S placeholders
Ps = sp.Matrix(n, n, sp.symbols("p0:4")); Lp = sum(G[i, j] * (Ps * V)[i, j] for i in range(n) for j in range(dv))
dP = sp.Matrix(n, n, lambda i, j: sp.diff(Lp, Ps[i, j]))
mat_eq(dP, G * V.T)
Ss = sp.Matrix(n, n, sp.symbols("s0:4")); Pf = sp.zeros(n, n)
for i in range(n):
    Z = sum(sp.exp(Ss[i, k]) for k in range(n))
    for j in range(n): Pf[i, j] = sp.exp(Ss[i, j]) / Z
Ls = sum(G[i, j] * (Pf * V)[i, j] for i in range(n) for j in range(dv))
dS_true = sp.Matrix(n, n, lambda i, j: sp.diff(Ls, Ss[i, j]))
dPf = G * V.T
D = sp.Matrix([sum(Pf[i, k] * dPf[i, k] for k in range(n)) for i in range(n)])
dS_formula = sp.Matrix(n, n, lambda i, j: Pf[i, j] * (dPf[i, j] - D[i]))
mat_eq(dS_true, dS_formula)
mat_eq(dS_formula, Pf.multiply_elementwise(dPf - D * sp.ones(1, n)))
Of = Pf * V
mat_eq(D, sp.Matrix([sum(G[i, m] * Of[i, m] for m in range(dv)) for i in range(n)]))
# dQ, dK
sub = dict(zip(Ss, S))
dS = dS_formula.subs(sub)
close(grad(Q), dS * K / sp.sqrt(d)); close(grad(K), dS.T * Q / sp.sqrt(d))
print("054 ok")
