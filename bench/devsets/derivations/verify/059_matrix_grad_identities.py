import sympy as sp
from _check import eq, mat_eq
m, n = 2, 3
W = sp.Matrix(m, n, sp.symbols(f"W0:{m*n}")); A = sp.Matrix(n, m, sp.symbols(f"A0:{n*m}"))
grad = lambda f: sp.Matrix(m, n, lambda i, j: sp.diff(f, W[i, j]))
eq((A * W).trace(), sum(A[k, l] * W[l, k] for k in range(n) for l in range(m)))
for i in range(m):
    for j in range(n): eq(sp.diff((A * W).trace(), W[i, j]), A[j, i])
mat_eq(grad((A * W).trace()), A.T)
u = sp.Matrix(sp.symbols(f"u0:{m}")); v = sp.Matrix(sp.symbols(f"v0:{n}"))
mat_eq(grad((u.T * W * v)[0]), u * v.T)
eq((W.T * W).trace(), sum(t**2 for t in W))
mat_eq(grad((W.T * W).trace()), 2 * W)
x = sp.Matrix(sp.symbols(f"x0:{n}")); y = sp.Matrix(sp.symbols(f"y0:{m}"))
r = W * x - y
for i in range(m):
    for j in range(n): eq(sp.diff(r[i], W[i, j]), x[j])
mat_eq(grad(sum(t**2 for t in r)), 2 * r * x.T)
print("059 ok")
