import sympy as sp
from _check import eq, mat_eq
m, n = 2, 3
W = sp.Matrix(m, n, sp.symbols(f"W0:{m*n}")); x = sp.Matrix(sp.symbols(f"x0:{n}")); b = sp.Matrix(sp.symbols(f"b0:{m}"))
y = W * x + b
# a generic loss with arbitrary upstream gradient: L = u^T y + 1/2 y^T A y
u = sp.Matrix(sp.symbols(f"u0:{m}")); A = sp.Matrix(m, m, sp.symbols(f"A0:{m*m}")); A = (A + A.T) / 2
Ly = lambda yy: (u.T * yy)[0] + (yy.T * A * yy)[0] / 2
L = Ly(y)
delta = u + A * y
for i in range(m):
    for j in range(n):
        for k in range(m):
            eq(sp.diff(y[k], W[i, j]), (1 if k == i else 0) * x[j])
        eq(sp.diff(L, W[i, j]), delta[i] * x[j])
mat_eq(sp.Matrix(m, n, lambda i, j: sp.diff(L, W[i, j])), delta * x.T)
mat_eq(sp.Matrix([sp.diff(L, bi) for bi in b]), delta)
for k in range(m):
    for j in range(n): eq(sp.diff(y[k], x[j]), W[k, j])
mat_eq(sp.Matrix([sp.diff(L, xi) for xi in x]), W.T * delta)
# batch
B = 2
X = sp.Matrix(B, n, sp.symbols(f"X0:{B*n}"))
Y = X * W.T + sp.ones(B, 1) * b.T
Lb = sum(Ly(Y[r, :].T) for r in range(B))
Delta = sp.Matrix(B, m, lambda r, k: (u + A * Y[r, :].T)[k])
mat_eq(sp.Matrix(m, n, lambda i, j: sp.diff(Lb, W[i, j])), Delta.T * X)
mat_eq(sp.Matrix([sp.diff(Lb, bi) for bi in b]), Delta.T * sp.ones(B, 1))
mat_eq(sp.Matrix(B, n, lambda r, j: sp.diff(Lb, X[r, j])), Delta * W)
assert (Delta.T * X).shape == (m, n)
print("040 ok")
