import sympy as sp
from _check import eq, mat_eq
for d in (2, 3, 4):
    x = sp.Matrix(sp.symbols(f"x1:{d+1}", real=True)); a = sp.Symbol("a", positive=True); b = sp.Symbol("b", real=True)
    mu = sum(x) / d; var = sum((v - mu) ** 2 for v in x) / d; s = sp.sqrt(var)
    xh = (x - mu * sp.ones(d, 1)) / s
    eq(sum(xh), 0)
    eq(sum(v**2 for v in xh) / d, 1)
    eq(sp.sqrt(sum(v**2 for v in xh)), sp.sqrt(d))
    y = a * x + b * sp.ones(d, 1)
    mu2 = sum(y) / d; var2 = sum((v - mu2) ** 2 for v in y) / d
    eq(mu2, a * mu + b); eq(sp.sqrt(var2), a * s)
    mat_eq((y - mu2 * sp.ones(d, 1)) / sp.sqrt(var2), xh)
    J = (sp.eye(d) - sp.ones(d, d) / d - xh * xh.T / d) / s
    mat_eq(J, xh.jacobian(x))
    mat_eq(J * sp.ones(d, 1), sp.zeros(d, 1)); mat_eq(J * xh, sp.zeros(d, 1))
print("055 ok")
