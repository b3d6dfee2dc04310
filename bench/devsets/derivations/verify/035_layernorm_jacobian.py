import sympy as sp
from _check import eq, mat_eq
eps = sp.Symbol("epsilon", positive=True)
for d in (2, 3, 4):
    x = sp.Matrix(sp.symbols(f"x1:{d+1}", real=True))
    gam = sp.Matrix(sp.symbols(f"gamma1:{d+1}")); bet = sp.Matrix(sp.symbols(f"beta1:{d+1}"))
    mu = sum(x) / d
    var = sum((xi - mu) ** 2 for xi in x) / d
    s = sp.sqrt(var + eps)
    xh = (x - mu * sp.ones(d, 1)) / s
    y = gam.multiply_elementwise(xh) + bet
    for j in range(d):
        eq(sp.diff(mu, x[j]), sp.Rational(1, d))
        eq(sp.diff(var, x[j]), sp.Rational(2, d) * (x[j] - mu))
        eq(sp.diff(s, x[j]), (x[j] - mu) / (d * s))
    J = xh.jacobian(x)
    for i in range(d):
        for j in range(d):
            dij = 1 if i == j else 0
            eq(J[i, j], (dij - sp.Rational(1, d)) / s - (x[i] - mu) * (x[j] - mu) / (d * s**3))
            eq(J[i, j], (dij - sp.Rational(1, d) - xh[i] * xh[j] / d) / s)
    Jm = (sp.eye(d) - sp.ones(d, d) / d - xh * xh.T / d) / s
    mat_eq(J, Jm)
    mat_eq(y.jacobian(x), sp.diag(*gam) * Jm)
    g = sp.Matrix(sp.symbols(f"g1:{d+1}"))
    gbar = sum(g) / d; gxbar = sum(g[i] * xh[i] for i in range(d)) / d
    mat_eq(J.T * g, (g - gbar * sp.ones(d, 1) - gxbar * xh) / s)
print("035 ok")
