import sympy as sp
from _check import approx
R = sp.Rational
p = R(1, 10); keep = 1 - p
approx(1 / keep, "1.1111")
h = [R(2), R(-1), R(1, 2), R(3)]; m = [1, 0, 1, 1]
ht = [mi * hi / keep for mi, hi in zip(m, h)]
for a, s in zip(ht, ["2.2222", "0", "0.5556", "3.3333"]): approx(a, s)
x = sp.Symbol("x")
E = keep * (x / keep) + p * 0
assert sp.simplify(E - x) == 0
E2 = keep * (x / keep) ** 2
var = sp.simplify(E2 - x**2)
assert sp.simplify(var - x**2 * (1 / keep - 1)) == 0
assert sp.simplify(var - x**2 * p / keep) == 0
approx(var.subs(x, 2), "0.4444")
assert 4 * R("0.1111") == R("0.4444")
approx(1 / keep - 1, "0.1111")
assert R(1, 2) / (1 - R(1, 2)) == 1
print("019 ok")
