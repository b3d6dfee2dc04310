import sympy as sp
from _check import eq
a = sp.Symbol("a", real=True); s = sp.Symbol("s", positive=True)
dens = sp.exp(-a**2 / (2 * s**2)) / (sp.sqrt(2 * sp.pi) * s)
eq(sp.integrate(a**2 * dens, (a, 0, sp.oo)), s**2 / 2)
eq(sp.integrate(a**2 * dens, (a, -sp.oo, sp.oo)), s**2)
# variance of sum with independent w (mean 0), x: Var(wx) = E[w^2]E[x^2]
sw, Ex2, mx, n = sp.symbols("sigma_w E_x2 m_x n", positive=True)
E_wx = 0 * mx; Var_wx = sw**2 * Ex2 - E_wx**2
eq(Var_wx, sw**2 * Ex2)
eq(n * Var_wx, n * sw**2 * Ex2)
# ReLU of a symmetric variable: E[x^2] = Var(a)/2 (also check Laplace)
b = sp.Symbol("b", positive=True)
lap = sp.exp(-sp.Abs(a) / b) / (2 * b)
eq(sp.integrate((a**2 * sp.exp(-a / b) / (2 * b)), (a, 0, sp.oo)), sp.integrate(a**2 * lap, (a, -sp.oo, sp.oo)) / 2)
va = sp.Symbol("v_a", positive=True)
eq(n * sw**2 * (va / 2), n / 2 * sw**2 * va)
assert sp.solve(sp.Eq(n / 2 * sw**2, 1), sw) == [sp.sqrt(2) / sp.sqrt(n)]
assert sp.solve(sp.Eq(n * sw**2, 1), sw) == [1 / sp.sqrt(n)]
# E[x^2] differs from Var(x) for ReLU outputs
Ex = sp.integrate(a * dens, (a, 0, sp.oo)); assert sp.simplify(Ex) != 0
print("062 ok")
