import sympy as sp
from _check import approx
R = sp.Rational
z = [1, 2, 3]
def sm(v):
    E = [sp.exp(t) for t in v]; S = sum(E); return [e / S for e in E]
p2 = sm([R(t, 2) for t in z]); p2b = sm([0, R(1, 2), 1])
assert all(sp.simplify(a - b) == 0 for a, b in zip(p2, p2b))
approx(sp.exp(R(1, 2)), "1.6487"); approx(sp.E, "2.7183")
assert 1 + R("1.6487") + R("2.7183") == R("5.3670")
approx(1 + sp.exp(R(1, 2)) + sp.E, "5.3670")
for a, s in zip(p2, ["0.1863", "0.3072", "0.5065"]): approx(a, s)
ph = sm([2 * t for t in z]); phb = sm([-4, -2, 0])
assert all(sp.simplify(a - b) == 0 for a, b in zip(ph, phb))
approx(sp.exp(-4), "0.01832"); approx(sp.exp(-2), "0.13534")
approx(R("0.01832") + R("0.13534") + 1, "1.1537")
approx(sp.exp(-4) + sp.exp(-2) + 1, "1.1537")
for a, s in zip(ph, ["0.0159", "0.1173", "0.8668"]): approx(a, s)
for a, s in zip(sm(z), ["0.0900", "0.2447", "0.6652"]): approx(a, s)
T = sp.Symbol("T", positive=True)
pT = sm([t / T for t in z])
assert sp.simplify(pT[2] / pT[0] - sp.exp(2 / T)) == 0
approx(sp.exp(1), "2.7183"); approx(sp.exp(4), "54.5982")
assert sp.simplify((pT[2] / pT[0]).subs(T, 2) - sp.E) == 0
# flattening/sharpening: max prob ordering
assert sp.N(p2[2]) < sp.N(sm(z)[2]) < sp.N(ph[2])
print("017 ok")
