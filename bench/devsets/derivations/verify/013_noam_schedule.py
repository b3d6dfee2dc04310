import sympy as sp
from _check import approx
d, w = 512, 4000
def eta(s):
    return sp.Integer(d) ** R(-1, 2) * sp.Min(sp.Integer(s) ** R(-1, 2), s * sp.Integer(w) ** R(-3, 2))
R = sp.Rational
approx(sp.Integer(512) ** R(-1, 2), "0.0441942")
approx(sp.Integer(4000) ** R(-1, 2), "0.0158114")
# branches equal at s = w
s = sp.Symbol("s", positive=True)
sol = sp.solve(sp.Eq(s ** R(-1, 2), s * sp.Integer(w) ** R(-3, 2)), s)
assert sol == [w]
approx(eta(4000), "6.988e-4")
approx(sp.Rational("0.0441942") * sp.Rational("0.0158114"), "6.988e-4")
approx(1000 * sp.Integer(4000) ** R(-3, 2), "0.00395285")
assert sp.N(1000 * sp.Integer(4000) ** R(-3, 2)) < sp.N(sp.Integer(1000) ** R(-1, 2))
approx(eta(1000), "1.747e-4")
assert sp.simplify(eta(1000) / eta(4000) - R(1, 4)) == 0
approx(eta(16000), "3.494e-4")
assert sp.simplify(eta(16000) / eta(4000) - R(1, 2)) == 0
print("013 ok")
