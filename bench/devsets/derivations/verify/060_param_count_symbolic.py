import sympy as sp
from _check import eq
d, L, V, n = sp.symbols("d L V n_ctx", positive=True)
attn = 4 * (d**2 + d); eq(attn, 4 * d**2 + 4 * d)
mlp = (d * 4 * d + 4 * d) + (4 * d * d + d); eq(mlp, 8 * d**2 + 5 * d)
ln = 2 * 2 * d; eq(ln, 4 * d)
blk = attn + mlp + ln; eq(blk, 12 * d**2 + 13 * d)
assert blk.subs(d, 768) == 7087872
P = L * blk + (V + n) * d + 2 * d
assert P.subs({d: 768, L: 12, V: 50257, n: 1024}) == 124439808
eq(3 * d * sp.Rational(8, 3) * d, 8 * d**2)
eq(3 * d * sp.Rational(8, 3) * d, d * 4 * d + 4 * d * d)
# heads don't change count: h heads of size d/h, Q/K/V/O weights
h = sp.Symbol("h", positive=True)
eq(4 * (h * d * (d / h)), 4 * d**2)
print("060 ok")
