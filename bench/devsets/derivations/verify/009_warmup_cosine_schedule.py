import sympy as sp
from _check import approx
R = sp.Rational
emax, emin, W, T = R(3, 10**4), 0, 1000, 10000
def eta(t):
    if t <= W:
        return emax * R(t, W)
    u = R(t - W, T - W)
    return emin + R(1, 2) * (emax - emin) * (1 + sp.cos(sp.pi * u))
assert eta(500) == R(15, 10**5) and emax * R(1, 2) == R(15, 10**5)
assert eta(1000) == emax
assert T - W == 9000
rows = {3250: (R(1, 4), "0.853553", "2.5607e-4"), 5500: (R(1, 2), "0.5", "1.5e-4"), 10000: (1, "0", "0")}
for t, (u, f, e) in rows.items():
    assert R(t - W, T - W) == u
    approx(R(1, 2) * (1 + sp.cos(sp.pi * u)), f)
    approx(eta(t), e)
assert R(2250, 9000) == R(1, 4)
approx(sp.cos(sp.pi / 4), "0.707107")
assert sp.simplify(eta(3250) - emax * R(1, 2) * (1 + sp.cos(sp.pi / 4))) == 0
# continuity at W
assert sp.simplify(emin + R(1, 2) * (emax - emin) * (1 + sp.cos(0)) - eta(W)) == 0
print("009 ok")
