import sympy as sp
from _check import approx
x = sp.Symbol("x")
Phi = (1 + sp.erf(x / sp.sqrt(2))) / 2
phi = sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)
assert sp.simplify(sp.diff(Phi, x) - phi) == 0
h = sp.Rational(1, 2)
approx(Phi.subs(x, h), "0.691462")
gelu = x * Phi
approx(gelu.subs(x, h), "0.345731")
approx(h * sp.Rational("0.691462"), "0.345731")
approx(phi.subs(x, h), "0.352065")
approx(sp.exp(-sp.Rational(1, 8)) / sp.sqrt(2 * sp.pi), "0.352065")
d = sp.diff(gelu, x)
assert sp.simplify(d - (Phi + x * phi)) == 0
approx(d.subs(x, h), "0.867495")
approx(sp.Rational("0.691462") + h * sp.Rational("0.352065"), "0.867495")
tanh_approx = x / 2 * (1 + sp.tanh(sp.sqrt(2 / sp.pi) * (x + sp.Rational("0.044715") * x**3)))
approx(tanh_approx.subs(x, h), "0.345714")
err = gelu.subs(x, h) - tanh_approx.subs(x, h)
approx(abs(err) * 10**5, "1.7")
print("007 ok")
