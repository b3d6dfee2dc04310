import sympy as sp
R = sp.Rational
th0, g, eta, lam, b1, b2 = R(2), R(2, 5), R(1, 1000), R(1, 100), R(9, 10), R(999, 1000)
m1 = (1 - b1) * g; v1 = (1 - b2) * g**2
mh, vh = m1 / (1 - b1), v1 / (1 - b2)
assert mh == g and vh == g**2 and mh / sp.sqrt(vh) == 1
th1 = th0 - eta * (mh / sp.sqrt(vh) + lam * th0)
assert lam * th0 == R("0.02") and th1 == R("1.99898") and 2 - R(1, 1000) * (1 + R("0.02")) == th1
assert eta * lam * th0 == R(2, 10**5)
gp = g + lam * th0
assert gp == R("0.42")
m1 = (1 - b1) * gp; v1 = (1 - b2) * gp**2
step = eta * (m1 / (1 - b1)) / sp.sqrt(v1 / (1 - b2))
assert step == R(1, 1000)
assert th0 - step == R("1.999")
print("021 ok")
