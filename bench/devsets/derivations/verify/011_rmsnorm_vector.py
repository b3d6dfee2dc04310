import sympy as sp
from _check import approx
R = sp.Rational
x = [1, 2, 2, 4]; g = [1, 1, R(1, 2), R(1, 2)]
ms = R(sum(v * v for v in x), 4)
assert 1 + 4 + 4 + 16 == 25 and ms == R(25, 4) == R("6.25")
rms = sp.sqrt(ms); assert rms == R(5, 2)
xn = [v / rms for v in x]
assert xn == [R("0.4"), R("0.8"), R("0.8"), R("1.6")]
assert [R(v) / R("2.5") for v in x] == xn
y = [gi * v for gi, v in zip(g, xn)]
assert y == [R("0.4"), R("0.8"), R("0.4"), R("0.8")]
assert R(sum(x), 4) == R("2.25")
assert R("0.16") + R("0.64") + R("0.64") + R("2.56") == 4
assert sum(v * v for v in xn) / 4 == 1
assert R("0.4") ** 2 == R("0.16") and R("1.6") ** 2 == R("2.56")
approx(sp.sqrt(R("6.250001")), "2.5000002")
print("011 ok")
