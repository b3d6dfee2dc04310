import sympy as sp
from _check import approx
R = sp.Rational
a, b1, b2, eps = R(1, 1000), R(9, 10), R(999, 1000), R(1, 10**8)
th = sp.Integer(1); m = v = 0
# step 1
g = R(1, 2)
m = b1 * m + (1 - b1) * g; v = b2 * v + (1 - b2) * g**2
assert m == R("0.05") and v == R("0.00025")
mh, vh = m / (1 - b1), v / (1 - b2)
assert mh == R("0.5") and vh == R("0.25") and sp.sqrt(vh) == R("0.5")
step = a * mh / (sp.sqrt(vh) + eps)
approx(step, "0.001")
th = th - step
approx(th, "0.999")
# step 2
g = R(1, 10)
m = b1 * m + (1 - b1) * g; v = b2 * v + (1 - b2) * g**2
assert m == R("0.055") and v == R("0.00025975")
assert 1 - b1**2 == R("0.19") and 1 - b2**2 == R("0.001999")
mh, vh = m / (1 - b1**2), v / (1 - b2**2)
approx(mh, "0.289474"); approx(vh, "0.129940"); approx(sp.sqrt(vh), "0.360472")
approx(mh / sp.sqrt(vh), "0.803041")
step2 = a * mh / (sp.sqrt(vh) + eps)
approx(step2, "0.000803")
approx(a * mh / sp.sqrt(vh), "0.000803")
assert R("0.999") - R("0.000803") == R("0.998197")
approx(th - step2, "0.998197")
print("004 ok")
