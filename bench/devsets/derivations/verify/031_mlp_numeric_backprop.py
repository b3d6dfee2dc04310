import sympy as sp
R = sp.Rational
x = sp.Matrix([1, 2]); t = 1
W1s = sp.Matrix(2, 2, sp.symbols("a0:4")); w2s = sp.Matrix(1, 2, sp.symbols("c0:2")); xs = sp.Matrix(sp.symbols("x0:2"))
W1v = sp.Matrix([[1, -1], [R(1, 2), 1]]); w2v = sp.Matrix([[1, -2]])
a = W1v * x; assert list(a) == [-1, R(5, 2)]
h = a.applyfunc(lambda v: max(v, 0)); assert list(h) == [0, R(5, 2)]
y = (w2v * h)[0]; assert y == -5
L = R(1, 2) * (y - t) ** 2; assert L == 18
# symbolic autodiff with the ReLU pattern fixed (unit 1 inactive, unit 2 active)
hs = sp.Matrix([0 * (W1s * xs)[0], (W1s * xs)[1]])
Ls = R(1, 2) * ((w2s * hs)[0] - t) ** 2
sub = {**dict(zip(W1s, W1v)), **dict(zip(w2s, w2v)), **dict(zip(xs, x))}
assert Ls.subs(sub) == 18
d2 = y - t; assert d2 == -6
gw2 = [sp.diff(Ls, c).subs(sub) for c in w2s]; assert gw2 == [0, -15]
assert list(d2 * h.T) == [0, -15]
dh = w2v.T * d2; assert list(dh) == [-6, 12]
d1 = sp.Matrix([dh[i] * (1 if a[i] > 0 else 0) for i in range(2)]); assert list(d1) == [0, 12]
gW1 = sp.Matrix(2, 2, [sp.diff(Ls, s).subs(sub) for s in W1s])
assert gW1 == sp.Matrix([[0, 0], [12, 24]]) == d1 * x.T
gx = sp.Matrix([sp.diff(Ls, s).subs(sub) for s in xs])
assert gx == sp.Matrix([6, 12]) == W1v.T * d1
print("031 ok")
