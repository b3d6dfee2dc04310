import sympy as sp
from _check import approx
def Rm(a):
    return sp.Matrix([[sp.cos(a), -sp.sin(a)], [sp.sin(a), sp.cos(a)]])
th = sp.Rational(1, 2); x = sp.Matrix([1, 2])
assert 3 * th == sp.Rational(3, 2)
approx(sp.cos(sp.Rational(3, 2)), "0.070737"); approx(sp.sin(sp.Rational(3, 2)), "0.997495")
r = Rm(3 * th) * x
assert sp.simplify(r[0] - (sp.cos(sp.Rational(3, 2)) - 2 * sp.sin(sp.Rational(3, 2)))) == 0
assert sp.simplify(r[1] - (sp.sin(sp.Rational(3, 2)) + 2 * sp.cos(sp.Rational(3, 2)))) == 0
approx(r[0], "-1.924253"); approx(r[1], "1.138969")
assert sp.simplify(r.dot(r) - 5) == 0 and x.norm() == sp.sqrt(5)
approx(sp.sqrt(5), "2.236068")
al, be = sp.symbols("alpha beta")
assert (Rm(al).T * Rm(be) - Rm(be - al)).applyfunc(sp.simplify) == sp.zeros(2, 2)
q = sp.Matrix([1, 2]); k = sp.Matrix([1, 0])
s = (Rm(3 * th) * q).dot(Rm(th) * k)
assert sp.simplify(s - (q.T * Rm(-2 * th) * k)[0]) == 0
assert sp.simplify(Rm(-2 * th) * k - sp.Matrix([sp.cos(1), -sp.sin(1)])) == sp.zeros(2, 1)
assert sp.simplify(s - (sp.cos(1) - 2 * sp.sin(1))) == 0
approx(s, "-1.142640")
# depends only on m - n: shift both positions
m = sp.Symbol("m")
s2 = (Rm((3 + m) * th) * q).dot(Rm((1 + m) * th) * k)
assert sp.simplify(s2 - s) == 0
print("032 ok")
