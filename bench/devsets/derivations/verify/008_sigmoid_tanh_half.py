import sympy as sp
from _check import approx
x = sp.Symbol("x")
sig = 1 / (1 + sp.exp(-x))
assert sp.simplify(sp.diff(sig, x) - sig * (1 - sig)) == 0
assert sp.simplify(sp.diff(sp.tanh(x), x) - (1 - sp.tanh(x) ** 2)) == 0
h = sp.Rational(1, 2)
approx(sp.exp(-h), "0.606531")
approx(sig.subs(x, h), "0.622459")
approx(1 / sp.Rational("1.606531"), "0.622459")
approx(1 - sig.subs(x, h), "0.377541")
approx(sp.diff(sig, x).subs(x, h), "0.235004")
approx(sp.Rational("0.622459") * sp.Rational("0.377541"), "0.235004")
assert sp.simplify((2 * sig.subs(x, 2 * x) - 1 - sp.tanh(x)).rewrite(sp.exp)) == 0
approx(sig.subs(x, 1), "0.7310586")
approx(sp.tanh(h), "0.462117")
approx(2 * sp.Rational("0.7310586") - 1, "0.462117")
approx(1 - sp.tanh(h) ** 2, "0.786448")
approx(1 - sp.Rational("0.462117") ** 2, "0.786448")
ds1 = sp.diff(sig, x).subs(x, 1)
approx(ds1, "0.196612")
assert abs(sp.N(4 * ds1 - (1 - sp.tanh(h) ** 2))) < 1e-40
approx(4 * sp.Rational("0.196612"), "0.786448")
assert sp.diff(sig, x).subs(x, 0) == sp.Rational(1, 4)
assert sp.diff(sp.tanh(x), x).subs(x, 0) == 1
print("008 ok")
