import sympy as sp
from _check import approx
R = sp.Rational
x = [1, 3, 5, 7]
mu = R(sum(x), 4); assert mu == 4
dev2 = [(t - mu) ** 2 for t in x]; assert dev2 == [9, 1, 1, 9]
var = R(sum(dev2), 4); assert var == 5
approx(sp.sqrt(5), "2.2361")
xh = [(t - mu) / sp.sqrt(var) for t in x]
for a, s in zip(xh, ["-1.3416", "-0.4472", "0.4472", "1.3416"]): approx(a, s)
assert R(9, 10) * 0 + R(1, 10) * 4 == R("0.4")
ub = R(sum(dev2), 3); assert ub == R(20, 3)
approx(ub, "6.6667")
approx(R(9, 10) * 1 + R(1, 10) * ub, "1.5667")
approx(R(9, 10) + R(1, 10) * R("6.6667"), "1.5667")
print("029 ok")
