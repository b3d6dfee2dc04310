import sympy as sp
from _check import approx
R = sp.Rational
a = R(102, 100)
approx(sp.log(a), "0.0198026")
approx(48 * sp.log(a), "0.950526")
approx(a**48, "2.5871")
assert sp.N(sp.exp(48 * sp.log(a)) - a**48, 40) == 0 or abs(sp.N(sp.exp(48 * sp.log(a)) - a**48, 40)) < 1e-35
assert 48 * R(2, 100) == R(96, 100)
approx(sp.exp(R(96, 100)), "2.6117")
assert a**48 <= sp.exp(R(96, 100))
# "about 1%" overestimate
ratio = sp.N(sp.exp(R(96, 100)) / a**48 - 1)
assert 0.005 < ratio < 0.015
assert a**96 == (a**48) ** 2
approx(a**96, "6.6929")
approx(a**24, "1.6084")
assert a**24 == sp.sqrt(a**48)
approx(R(98, 100) ** 48, "0.3792")
# 1+delta <= e^delta
x = sp.Symbol("x", positive=True)
assert sp.N(sp.exp(R(2, 100)) - a) > 0
print("012 ok")
