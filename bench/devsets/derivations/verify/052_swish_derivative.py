import sympy as sp
from _check import eq
x, be = sp.symbols("x beta", real=True)
s = 1 / (1 + sp.exp(-x)); silu = x * s
d = sp.diff(silu, x)
eq(d, s + x * s * (1 - s)); eq(d, s * (1 + x * (1 - s))); eq(d, s + silu * (1 - s))
assert d.subs(x, 0) == sp.Rational(1, 2)
assert sp.limit(d, x, sp.oo) == 1 and sp.limit(d, x, -sp.oo) == 0
sb = 1 / (1 + sp.exp(-be * x))
eq(sp.diff(x * sb, x), sb + be * x * sb * (1 - sb))
eq((sb + be * x * sb * (1 - sb)).subs(be, 1), d)
print("052 ok")
