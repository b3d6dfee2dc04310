import sympy as sp
from _check import approx
g = sp.Matrix([3, 4, 12])
assert 9 + 16 + 144 == 169 and g.dot(g) == 169 and g.norm() == 13
c = 1
f = sp.Min(1, sp.Rational(c, 13)); assert f == sp.Rational(1, 13)
gt = g * f
assert list(gt) == [sp.Rational(3, 13), sp.Rational(4, 13), sp.Rational(12, 13)]
for a, s in zip(gt, ["0.2308", "0.3077", "0.9231"]): approx(a, s)
assert gt.norm() == 1
assert sp.Min(1, sp.Rational(20, 13)) == 1
vc = sp.Matrix([max(-5, min(5, t)) for t in g]); assert list(vc) == [3, 4, 5]
assert g.dot(vc) == 85 and vc.norm() == sp.sqrt(50)
cos = g.dot(vc) / (g.norm() * vc.norm())
assert sp.simplify(cos - sp.Rational(85, 13) / sp.sqrt(50)) == 0
approx(cos, "0.9247")
print("024 ok")
