import sympy as sp
from _check import approx, eq
x, t = sp.symbols("x t", real=True)
phi = sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)
Phi = (1 + sp.erf(x / sp.sqrt(2))) / 2
eq(sp.diff(Phi, x), phi); eq(sp.diff(phi, x), -x * phi)
eq(sp.integrate(phi.subs(x, t), (t, -sp.oo, x)).rewrite(sp.erf), Phi)
G = x * Phi
G1 = sp.diff(G, x); eq(G1, Phi + x * phi)
assert G1.subs(x, 0) == sp.Rational(1, 2)
G2 = sp.diff(G, x, 2); eq(G2, phi + phi + x * (-x * phi)); eq(G2, phi * (2 - x**2))
eq(G2.subs(x, 0), 2 * phi.subs(x, 0)); eq(G2.subs(x, 0), sp.sqrt(2 / sp.pi))
assert sp.limit(G1, x, sp.oo) == 1 and sp.limit(G1, x, -sp.oo) == 0
assert sp.limit(x * phi, x, sp.oo) == 0
xs = sp.nsolve(G1, x, -0.75, prec=30)
approx(xs, "-0.7518"); approx(G.subs(x, xs), "-0.1700")
assert G.subs(x, xs) < 0
print("037 ok")
