import sympy as sp
from _check import eq
z, y = sp.symbols("z y", real=True)
s = 1 / (1 + sp.exp(-z))
L = -y * sp.log(s) - (1 - y) * sp.log(1 - s)
eq(sp.diff(s, z), s * (1 - s))
eq(sp.diff(sp.log(s), z), 1 - s); eq(sp.diff(sp.log(1 - s), z), -s)
eq(-y * (1 - s) + (1 - y) * s, -y + y * s + s - y * s)
eq(sp.diff(L, z), s - y)
eq(sp.diff(L, z, 2), s * (1 - s))
import numpy as np
for zz in np.linspace(-8, 8, 33):
    assert float((s * (1 - s)).subs(z, zz)) > 0
    for yy in (0, sp.Rational(1, 3), 1):
        zr = sp.Rational(str(round(zz, 4)))
        assert abs(sp.N((L - (sp.log(1 + sp.exp(-z)) + (1 - y) * z)).subs({z: zr, y: yy}), 40)) < 1e-30
        assert abs(sp.N((sp.log(s) + sp.log(1 + sp.exp(-z))).subs(z, zr), 40)) < 1e-30
        assert abs(sp.N((sp.log(1 - s) + z + sp.log(1 + sp.exp(-z))).subs(z, zr), 40)) < 1e-30
Ls = sp.log(1 + sp.exp(-z)) + (1 - y) * z
eq(sp.diff(Ls, z), -sp.exp(-z) / (1 + sp.exp(-z)) + 1 - y)
eq(-sp.exp(-z) / (1 + sp.exp(-z)), -(1 - s))
eq(sp.diff(Ls, z), s - y)
print("050 ok")
