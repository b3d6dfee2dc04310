import sympy as sp
from _check import eq
x = sp.Symbol("x", real=True); be = sp.Symbol("beta", positive=True)
sp_ = sp.log(1 + sp.exp(x)); s = 1 / (1 + sp.exp(-x))
d1 = sp.diff(sp_, x)
eq(d1, sp.exp(x) / (1 + sp.exp(x))); eq(d1, s)
eq(sp.diff(sp_, x, 2), s * (1 - s))
diffodd = sp_ - sp_.subs(x, -x)
for v in (sp.Rational(-7, 3), sp.Rational(1, 2), 5):
    assert abs(sp.N(diffodd.subs(x, v) - v, 40)) < 1e-35
spb = sp.log(1 + sp.exp(be * x)) / be
eq(sp.diff(spb, x), (1 / be) * be * sp.exp(be * x) / (1 + sp.exp(be * x)))
eq(sp.diff(spb, x), 1 / (1 + sp.exp(-be * x)))
assert sp.limit(spb.subs(x, 2), be, sp.oo) == 2 and sp.limit(spb.subs(x, -2), be, sp.oo) == 0
eq(spb.subs(x, 0), sp.log(2) / be)
z = sp.Symbol("z", real=True)
for v in (sp.Rational(-3, 2), 2):
    assert abs(sp.N((-sp.log(1 / (1 + sp.exp(-z))) - sp.log(1 + sp.exp(-z))).subs(z, v), 40)) < 1e-35
print("053 ok")
