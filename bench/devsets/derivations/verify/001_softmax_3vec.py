import sympy as sp
from _check import approx, eq
z = [1, 2, 3]
E = [sp.exp(v) for v in z]
approx(E[0], "2.7183"); approx(E[1], "7.3891"); approx(E[2], "20.0855")
S = sum(E)
approx(S, "30.1929")
p = [e / S for e in E]
for pi, s in zip(p, ["0.0900", "0.2447", "0.6652"]):
    approx(pi, s)
approx(sp.exp(-2), "0.1353"); approx(sp.exp(-1), "0.3679")
Sp = sp.exp(-2) + sp.exp(-1) + 1
approx(Sp, "1.5032")
approx(1 / Sp, "0.6652")
eq(Sp, S * sp.exp(-3))
eq(1 / Sp, p[2])
assert sp.Rational("0.0900") + sp.Rational("0.2447") + sp.Rational("0.6652") == sp.Rational("0.9999")
eq(sum(p), 1)
print("001 ok")
