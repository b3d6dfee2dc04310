import sympy as sp
R = sp.Rational
mu, eta = R(9, 10), R(1, 10)
v = 0; th = 0; vs = []; ths = []
for t in range(3):
    v = mu * v + 1; th = th - eta * v; vs.append(v); ths.append(th)
assert vs == [1, R("1.9"), R("2.71")]
assert ths == [R("-0.1"), R("-0.29"), R("-0.561")]
t = sp.Symbol("t", integer=True, positive=True); k = sp.Symbol("k", integer=True)
closed = (1 - mu**t) / (1 - mu)
assert sp.simplify(sp.summation(mu**k, (k, 0, t - 1)) - closed) == 0
assert closed.subs(t, 3) == R("2.71") and mu**3 == R("0.729") and (1 - R("0.729")) / R("0.1") == R("2.71")
assert sp.limit(closed, t, sp.oo) == 10
assert eta / (1 - mu) == 1
print("020 ok")
