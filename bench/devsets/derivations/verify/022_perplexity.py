import sympy as sp
from _check import approx
R = sp.Rational
approx(sp.exp(2), "7.3891")
approx(sp.log(2), "0.693147")
approx(2 / sp.log(2), "2.8854")
approx(2 / R("0.693147"), "2.8854")
assert sp.simplify(2 ** (2 / sp.log(2)) - sp.exp(2)) == 0
approx(sp.exp(R(7, 2)), "33.1155")
approx(sp.log(50257), "10.8249")
assert sp.exp(sp.log(50257)) == 50257
approx(sp.exp(2), "7.39"); approx(sp.exp(2), "7.4")
H = sp.Symbol("H")
assert sp.simplify(sp.exp(H - R(1, 10)) / sp.exp(H) - sp.exp(-R(1, 10))) == 0
approx(sp.exp(-R(1, 10)), "0.9048")
print("022 ok")
