import sympy as sp
from _check import eq, mat_eq
N, p = 3, 2
yh = sp.symbols(f"yh0:{N}"); y = sp.Matrix(sp.symbols(f"y0:{N}"))
L = sum((yh[n] - y[n]) ** 2 for n in range(N)) / N
for n in range(N): eq(sp.diff(L, yh[n]), sp.Rational(2, N) * (yh[n] - y[n]))
X = sp.Matrix(N, p, sp.symbols(f"X0:{N*p}")); w = sp.Matrix(sp.symbols(f"w0:{p}"))
Lw = sum(((X * w)[n] - y[n]) ** 2 for n in range(N)) / N
g = sp.Matrix([sp.diff(Lw, v) for v in w])
for j in range(p): eq(g[j], sp.Rational(2, N) * sum(X[n, j] * ((X * w)[n] - y[n]) for n in range(N)))
mat_eq(g, sp.Rational(2, N) * X.T * (X * w - y))
mat_eq(sp.hessian(Lw, list(w)), sp.Rational(2, N) * X.T * X)
# normal equations on concrete data
Xv = sp.Matrix([[1, 0], [1, 1], [1, 2]]); yv = sp.Matrix([1, 2, 4])
ws = (Xv.T * Xv).solve(Xv.T * yv)
mat_eq(g.subs({**dict(zip(X, Xv)), **dict(zip(y, yv)), **dict(zip(w, ws))}), sp.zeros(p, 1))
L2 = sum(((X * w)[n] - y[n]) ** 2 for n in range(N)) / (2 * N)
mat_eq(sp.Matrix([sp.diff(L2, v) for v in w]), X.T * (X * w - y) / N)
print("049 ok")
