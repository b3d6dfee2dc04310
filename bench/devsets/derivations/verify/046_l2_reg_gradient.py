import sympy as sp
from _check import eq, mat_eq
w = sp.Matrix(sp.symbols("w0:3")); lam, eta = sp.symbols("lambda eta", positive=True)
Lf = sp.Function("L")(*w)
Lt = Lf + lam / 2 * sum(v**2 for v in w)
for i in range(3):
    eq(sp.diff(lam / 2 * sum(v**2 for v in w), w[i]), lam * w[i])
    eq(sp.diff(Lt, w[i]), sp.diff(Lf, w[i]) + lam * w[i])
    eq(sp.diff(lam * sum(v**2 for v in w), w[i]), 2 * lam * w[i])
g = sp.Matrix(sp.symbols("g0:3"))
mat_eq(w - eta * (g + lam * w), (1 - eta * lam) * w - eta * g)
t = sp.Symbol("t", integer=True, nonnegative=True); w0 = sp.Symbol("w_0")
# pure decay recursion
seq = [w0]
for _ in range(5): seq.append((1 - eta * lam) * seq[-1])
for tt, v in enumerate(seq): eq(v, (1 - eta * lam) ** tt * w0)
# geometric decay iff |1 - eta*lam| < 1 iff 0 < eta*lam < 2
q = sp.Symbol("q", real=True)
assert sp.solve_univariate_inequality(sp.Abs(1 - q) < 1, q, relational=False) == sp.Interval.open(0, 2)
W = sp.Matrix(2, 3, sp.symbols("V0:6"))
eq((W.T * W).trace(), sum(v**2 for v in W))
mat_eq(sp.Matrix(2, 3, lambda i, j: sp.diff(lam / 2 * (W.T * W).trace(), W[i, j])), lam * W)
print("046 ok")
