import sympy as sp
from _check import approx
z = sp.symbols("z1:4")
E = [sp.exp(t) for t in z]; S = sum(E); p = sp.Matrix([e / S for e in E])
J = p.jacobian(z)
Jf = sp.diag(*p) - p * p.T
assert (J - Jf).applyfunc(sp.simplify) == sp.zeros(3, 3)
sub = dict(zip(z, [1, 2, 3]))
pv = p.subs(sub); Jv = J.subs(sub)
for a, s in zip(pv, ["0.0900", "0.2447", "0.6652"]): approx(a, s)
vals = {(0, 0): "0.0819", (1, 1): "0.1848", (2, 2): "0.2227", (0, 1): "-0.0220", (0, 2): "-0.0599", (1, 2): "-0.1628"}
for (i, j), s in vals.items():
    approx(Jv[i, j], s); approx(Jv[j, i], s)
assert sp.simplify(Jv - Jv.T) == sp.zeros(3, 3)
for i in range(3): assert abs(sp.N(sum(Jv[i, :]))) < 1e-30
assert sp.Rational("0.0819") - sp.Rational("0.0220") - sp.Rational("0.0599") == 0
assert (Jf * sp.ones(3, 1)).applyfunc(sp.simplify) == sp.zeros(3, 1)
assert max(range(3), key=lambda i: float(Jv[i, i])) == 2
P = sp.Symbol("P"); assert sp.solve(sp.diff(P * (1 - P), P), P) == [sp.Rational(1, 2)]
print("028 ok")
