import sympy as sp
from _check import approx
z = [sp.Integer(2), sp.Integer(1), sp.Rational(1, 10)]
E = [sp.exp(v) for v in z]
approx(E[0], "7.3891"); approx(E[1], "2.7183"); approx(E[2], "1.1052")
S = sum(E); approx(S, "11.2125")
p = [e / S for e in E]
for a, s in zip(p, ["0.6590", "0.2424", "0.0986"]):
    approx(a, s)
L = -sp.log(p[0])
approx(L, "0.4170")
approx(-sp.log(sp.Rational("0.6590")), "0.4170")
approx(sp.log(S) - 2, "0.4170"); approx(sp.log(S), "2.4170")
approx(sp.log(sp.Rational("11.2125")), "2.4170")
assert sp.Rational("2.4170") - 2 == sp.Rational("0.4170")
t = [1, 0, 0]
grad = [sp.diff(sp.log(sum(sp.exp(w) for w in sp.symbols("w0:3"))) - sp.Symbol("w0"), w) for w in sp.symbols("w0:3")]
grad = [gi.subs(dict(zip(sp.symbols("w0:3"), z))) for gi in grad]
for gi, pi, ti, s in zip(grad, p, t, ["-0.3410", "0.2424", "0.0986"]):
    assert abs(sp.N(gi - (pi - ti))) < 1e-30
    approx(gi, s)
assert abs(sp.N(sum(grad))) < 1e-30
print("003 ok")
