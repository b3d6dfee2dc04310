import sympy as sp
from _check import approx
R = sp.Rational
K, eps = 4, R(1, 10)
p = [R(7, 10), R(1, 10), R(1, 10), R(1, 10)]
q = [(1 - eps) * (1 if k == 0 else 0) + eps / K for k in range(K)]
assert q == [R("0.925"), R("0.025"), R("0.025"), R("0.025")] and R("0.9") + R("0.025") == R("0.925")
approx(sp.log(R(7, 10)), "-0.356675"); approx(sp.log(R(1, 10)), "-2.302585")
L = -sum(qk * sp.log(pk) for qk, pk in zip(q, p))
assert sp.simplify(L - (-R("0.925") * sp.log(R(7, 10)) - 3 * R("0.025") * sp.log(R(1, 10)))) == 0
approx(-R("0.925") * sp.log(R(7, 10)), "0.329924")
approx(-3 * R("0.025") * sp.log(R(1, 10)), "0.172694")
assert R("0.329924") + R("0.172694") == R("0.502618")
approx(L, "0.502618")
approx(-sp.log(R(7, 10)), "0.356675")
# minimised at p = q: check gradient of L(p) on simplex via softmax param
z = sp.symbols("z0:4")
E = [sp.exp(t) for t in z]; S = sum(E); ps = [e / S for e in E]
Lz = -sum(qk * sp.log(pk) for qk, pk in zip(q, ps))
grad = [sp.simplify(sp.diff(Lz, zi) - (pi - qi)) for zi, pi, qi in zip(z, ps, q)]
assert all(g == 0 for g in grad)
gp = [pk - qk for pk, qk in zip(p, q)]
assert gp == [R("-0.225"), R("0.075"), R("0.075"), R("0.075")] and sum(gp) == 0
print("018 ok")
