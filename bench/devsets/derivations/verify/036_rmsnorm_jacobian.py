import sympy as sp
from _check import eq, mat_eq
eps = sp.Symbol("epsilon", nonnegative=True)
for d in (2, 3, 4):
    x = sp.Matrix(sp.symbols(f"x1:{d+1}", real=True)); g = sp.Matrix(sp.symbols(f"g1:{d+1}"))
    n2 = (x.T * x)[0]
    for j in range(d): eq(sp.diff(n2, x[j]), 2 * x[j])
    r = sp.sqrt(n2 / d + eps)
    y = sp.Matrix([g[i] * x[i] / r for i in range(d)])
    for j in range(d):
        eq(sp.diff(r, x[j]), x[j] / (d * r))
    J = y.jacobian(x)
    for i in range(d):
        for j in range(d):
            dij = 1 if i == j else 0
            eq(J[i, j], g[i] * (dij / r - x[i] / r**2 * x[j] / (d * r)))
            eq(J[i, j], g[i] / r * (dij - x[i] * x[j] / (d * r**2)))
    mat_eq(J, sp.diag(*g) * (sp.eye(d) - x * x.T / (d * r**2)) / r)
    J0 = J.subs(eps, 0); r0 = r.subs(eps, 0)
    eq(d * r0**2, n2)
    mat_eq(J0 * x, sp.zeros(d, 1))
    c = sp.Symbol("c", positive=True)
    y0 = y.subs(eps, 0)
    mat_eq(y0.subs({xi: c * xi for xi in x}, simultaneous=True), y0)
    u = sp.Matrix(sp.symbols(f"u1:{d+1}")); v = g.multiply_elementwise(u)
    mat_eq(J.T * u, (v - (x.T * v)[0] / (d * r**2) * x) / r)
print("036 ok")
