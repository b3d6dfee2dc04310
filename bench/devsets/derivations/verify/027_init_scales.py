import sympy as sp
from _check import approx
nin, nout = 768, 3072
assert nin + nout == 3840
v = sp.Rational(2, 3840)
approx(v, "5.2083e-4"); approx(sp.sqrt(v), "0.022822")
a = sp.sqrt(sp.Rational(6, 3840))
assert sp.Rational(6, 3840) == sp.Rational("0.0015625")
assert a**2 / 3 == v
approx(a, "0.039528")
approx(sp.sqrt(sp.Rational(2, 768)), "0.051031")
assert 2 * 12 == 24
approx(sp.Rational(2, 100) / sp.sqrt(24), "0.004082")
approx(sp.sqrt(v), "0.0228")
print("027 ok")
