import sympy as sp
from _check import approx
z = sp.Symbol("z"); y = sp.Symbol("y")
sig = 1 / (1 + sp.exp(-z))
h = sp.Rational(1, 2)
approx(sig.subs(z, h), "0.622459")
approx(sp.exp(-h), "0.606531")
L1 = -sp.log(sig)
for zz in [sp.Rational(1, 2), sp.Rational(-3, 7), sp.Integer(4)]:
    assert abs(sp.N((L1 - sp.log(1 + sp.exp(-z))).subs(z, zz), 40)) < 1e-35
approx(L1.subs(z, h), "0.474077")
approx(sp.log(sp.Rational("1.606531")), "0.474077")
L = -y * sp.log(sig) - (1 - y) * sp.log(1 - sig)
assert sp.simplify(sp.diff(L, z) - (sig - y)) == 0
approx((sig - 1).subs(z, h), "-0.377541")
assert sp.Rational("0.622459") - 1 == sp.Rational("-0.377541")
L0 = -sp.log(1 - sig)
assert sp.simplify(sp.expand_log(L0 - sp.log(1 + sp.exp(z)), force=True)) == 0 or abs(sp.N((L0 - sp.log(1 + sp.exp(z))).subs(z, h), 30)) < 1e-25
assert sp.simplify(sp.log(1 + sp.exp(z)) - z - sp.log(1 + sp.exp(-z))) == 0 or abs(sp.N((sp.log(1 + sp.exp(z)) - z - sp.log(1 + sp.exp(-z))).subs(z, sp.Rational(37, 10)), 30)) < 1e-25
approx(L0.subs(z, h), "0.974077")
approx(sig.subs(z, h), "0.622459")
stable = sp.log(1 + sp.exp(-abs(h))) + max(h, 0) - h * 1
approx(stable, "0.474077")
assert abs(sp.N(stable - L1.subs(z, h), 30)) < 1e-25
print("025 ok")
