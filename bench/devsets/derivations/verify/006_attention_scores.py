import sympy as sp
from _check import approx
q = sp.Matrix([1, 0, 1, 0])
K = [sp.Matrix(v) for v in ([1, 1, 0, 0], [0, 1, 1, 1], [1, 0, 1, 1])]
V = [sp.Matrix(v) for v in ([1, 0], [0, 1], [1, 1])]
raw = [q.dot(k) for k in K]
assert raw == [1, 1, 2]
assert sp.sqrt(4) == 2
s = [r / sp.sqrt(4) for r in raw]
assert s == [sp.Rational(1, 2), sp.Rational(1, 2), 1]
approx(sp.exp(sp.Rational(1, 2)), "1.6487"); approx(sp.E, "2.7183")
Z = sum(sp.exp(v) for v in s); approx(Z, "6.0157")
a = [sp.exp(v) / Z for v in s]
for ai, st in zip(a, ["0.2741", "0.2741", "0.4519"]):
    approx(ai, st)
o = sum((ai * vi for ai, vi in zip(a, V)), sp.zeros(2, 1))
assert sp.simplify(o[0] - (a[0] + a[2])) == 0 and sp.simplify(o[1] - (a[1] + a[2])) == 0
approx(o[0], "0.7259"); approx(o[1], "0.7259")
assert sp.simplify(sum(a) - 1) == 0
assert max(a, key=lambda t: float(t)) == a[2]
print("006 ok")
